// The form gates' pages (FormGatePage: gates 1–4, QuotaPage): the recorder refuses Passed while
// the page's blocking findings stand, and the quota page's spread shapes the quarters.
#include "WizardHarness.h"
#include "QuotaGate.h"
#include "widgets/Banner.h"

#include <QListWidget>
#include <QTableWidget>

class TestFormGatePages : public QObject, WizardFixture
{
    Q_OBJECT

private slots:
    void init() { resetState(); }

    // Each form gate: Passed cannot be recorded (so Next stays off) while blocking findings
    // remain, the card says why, and filling the page by objectName clears them.
    void formGatesBlockUntilFilled_data()
    {
        QTest::addColumn<int>("gate");
        QTest::newRow("gate 1") << int(OnboardingWizard::AccountId);
        QTest::newRow("gate 2") << int(OnboardingWizard::WorkspaceId);
        QTest::newRow("gate 3") << int(OnboardingWizard::QuotaId);
        QTest::newRow("gate 4") << int(OnboardingWizard::ResourcesId);
    }

    void formGatesBlockUntilFilled()
    {
        QFETCH(int, gate);
        StateStore store(statePath());
        store.load();
        // Earlier gates already accepted.
        store.update([&](OnboardingState &s) {
            for (int g = 1; g < gate; ++g)
                s.gate(GateId(g)).status = GateStatus::Passed;
            if (gate > 2) // gate 2 attached the quota pool
                s.workspace.pool = {"a100-80g", "cn-north", "cn-north-1a"};
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(gate));
        QCOMPARE(w.currentId(), gate);
        auto *findings = child<QListWidget>(w, "findings");
        QVERIFY(findings);
        QVERIFY(findings->count() > 0);
        QVERIFY(findings->item(0)->text().startsWith(QStringLiteral("✖")));
        auto *choice = child<QComboBox>(w, "statusChoice");
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        type(w, "evidence", "seen");
        type(w, "acceptedBy", "acceptor");
        QVERIFY(!child<QPushButton>(w, "recordStatus")->isEnabled());
        QVERIFY(child<QWidget>(w, "recordBanner")->isVisible());
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        fillGate(w);
        for (int i = 0; i < findings->count(); ++i)
            QVERIFY2(!findings->item(i)->text().startsWith(QStringLiteral("✖")),
                     qPrintable(findings->item(i)->text()));
        QVERIFY(child<QPushButton>(w, "recordStatus")->isEnabled());
        QTest::mouseClick(child<QPushButton>(w, "recordStatus"), Qt::LeftButton);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
    }

    void quotaMonthlySpreadShapesTheQuarters()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            s.gate(GateId::Workspace).status = GateStatus::Passed;
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::QuotaId));
        fillQuota(w);
        dateField(w, "end")->setDate(QDate(2027, 6, 30));
        type(w, "monthlyWeights", "0, 0, 0, 1, 1, 1");
        QCOMPARE(store.state().quota.monthlyWeights, (QList<double>{0, 0, 0, 1, 1, 1}));
        const QuotaPlan plan = planQuota(store.state().quota, {});
        QCOMPARE(plan.quarters.size(), 2);
        QCOMPARE(plan.quarters[0].cardHours, 0.0);
        QCOMPARE(plan.quarters[1].cardHours, plan.cardHours);
        auto *staged = child<QTableWidget>(w, "staged");
        QVERIFY(staged->rowCount() >= 2);
        QCOMPARE(staged->item(1, 0)->text(), QStringLiteral("2027 Q2"));
        QVERIFY(child<QLabel>(w, "formula")->text().contains("card-hours"));
    }
};

QTEST_MAIN(TestFormGatePages)
#include "tst_formgatepages.moc"
