#include "GateForm.h"
#include "Language.h"
#include "OnboardingWizard.h"
#include "StateStore.h"
#include "pages/GatePage.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace onramp;

class TestWizard : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    Language m_language;

    QString statePath() const { return m_dir.filePath(QStringLiteral("onboarding.json")); }

    static QWidget *page(OnboardingWizard &w) { return w.currentPage(); }

    template<typename T>
    static T *child(OnboardingWizard &w, const char *name)
    {
        T *found = page(w)->findChild<T *>(QLatin1String(name));
        if (!found)
            qWarning("no %s named %s on page %d", T::staticMetaObject.className(), name,
                     w.currentId());
        return found;
    }

    static void clickNext(OnboardingWizard &w)
    {
        QTest::mouseClick(w.button(QWizard::NextButton), Qt::LeftButton);
    }

    // Fills gate 4's plan so it has no blocking finding: an instance and image that fit
    // together and a storage plan.
    static void planResources(OnboardingWizard &w)
    {
        auto pick = [&](const char *name, const char *key) {
            auto *combo = child<QComboBox>(w, name);
            QVERIFY(combo);
            combo->setCurrentIndex(combo->findData(QLatin1String(key)));
        };
        pick("instance", "gpu.a100-80g.8");
        pick("image", "pytorch-2.3-cu121");
        QTest::keyClicks(child<QLineEdit>(w, "dataPath"), "/mnt/data");
        QTest::keyClicks(child<QLineEdit>(w, "outputPath"), "/mnt/output");
        QTest::keyClicks(child<QLineEdit>(w, "scratchPath"), "/local/scratch");
    }

    // Records "passed" on the current gate page the way a user would.
    static void passCurrentGate(OnboardingWizard &w, const QString &acceptor)
    {
        if (w.currentId() == OnboardingWizard::ResourcesId)
            planResources(w);
        auto *choice = child<QComboBox>(w, "statusChoice");
        QVERIFY(choice);
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        auto *record = child<QPushButton>(w, "recordStatus");
        QVERIFY(!record->isEnabled());
        QVERIFY(!child<QLabel>(w, "evidenceIssue")->text().isEmpty());
        QTest::keyClicks(child<QLineEdit>(w, "evidence"), QStringLiteral("checks seen"));
        QTest::keyClicks(child<QLineEdit>(w, "acceptedBy"), acceptor);
        QVERIFY(record->isEnabled());
        QTest::mouseClick(record, Qt::LeftButton);
    }

private slots:
    void init()
    {
        QFile::remove(statePath());
        m_language.apply(QStringLiteral("en"));
    }

    void startsOnWelcome()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.restoreProgress();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.currentId(), int(OnboardingWizard::WelcomeId));
        QVERIFY(w.findChild<QTableWidget *>("gateOverview"));
        QCOMPARE(w.findChild<QListWidget *>("gateList")->count(), 8);
    }

    void refusesAnUnmetEntryCondition()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        clickNext(w);
        QCOMPARE(w.currentId(), int(OnboardingWizard::AccountId));
        QCOMPARE(store.state().gate(GateId::Account).status, GateStatus::InProgress);
        // Gate 2 needs gate 1 passed: Next is off and the reason is on the page.
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        auto *refusal = child<QWidget>(w, "entryRefusal");
        QVERIFY(refusal->isVisible());
        const QString reason = refusal->findChild<QLabel *>("bannerText")->text();
        QVERIFY2(reason.contains("gate 1"), qPrintable(reason));
        w.next(); // also refused when forced past the button
        QCOMPARE(w.currentId(), int(OnboardingWizard::AccountId));
        // Neither may the sidebar jump ahead.
        QVERIFY(!w.goToPage(OnboardingWizard::QuotaId));
        QCOMPARE(w.currentId(), int(OnboardingWizard::AccountId));
    }

    void walksAllPages()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        clickNext(w);
        for (int id = OnboardingWizard::AccountId; id <= OnboardingWizard::FirstRunId; ++id) {
            QCOMPARE(w.currentId(), id);
            QVERIFY(!child<QLabel>(w, "entryCondition")->text().isEmpty());
            QVERIFY(!child<QLabel>(w, "gateAcceptor")->text().isEmpty());
            if (id < OnboardingWizard::FirstRunId)
                QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
            passCurrentGate(w, QStringLiteral("acceptor %1").arg(id));
            QCOMPARE(store.state().gate(GateId(id)).status, GateStatus::Passed);
            QVERIFY(child<QLabel>(w, "statusLabel")->text().contains(
                QStringLiteral("acceptor %1").arg(id)));
            QVERIFY(w.button(QWizard::NextButton)->isEnabled());
            clickNext(w);
        }
        QCOMPARE(w.currentId(), int(OnboardingWizard::SummaryId));
        QVERIFY(w.button(QWizard::FinishButton)->isVisible());
        QVERIFY(child<QLabel>(w, "summaryHeadline")->text().contains("All six gates"));
        QTest::mouseClick(w.button(QWizard::BackButton), Qt::LeftButton);
        QCOMPARE(w.currentId(), int(OnboardingWizard::FirstRunId));
        // The sidebar jumps back to any visited gate.
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        QCOMPARE(w.currentId(), int(OnboardingWizard::WorkspaceId));
    }

    void reopensWhereItWasLeft()
    {
        {
            StateStore store(statePath());
            store.load();
            OnboardingWizard w(&store, &m_language);
            w.show();
            clickNext(w);
            passCurrentGate(w, QStringLiteral("reviewer"));
            clickNext(w);
            passCurrentGate(w, QStringLiteral("lead"));
            clickNext(w);
            QCOMPARE(w.currentId(), int(OnboardingWizard::QuotaId));
            QTest::keyClicks(child<QPlainTextEdit>(w, "notes"), QStringLiteral("finance slow"));
            auto *choice = child<QComboBox>(w, "statusChoice");
            choice->setCurrentIndex(choice->findData(int(GateStatus::Waiting)));
            QTest::keyClicks(child<QLineEdit>(w, "waitingFor"), QStringLiteral("quota review"));
            QTest::mouseClick(child<QPushButton>(w, "recordStatus"), Qt::LeftButton);
            // Typed but not recorded: still kept.
            choice->setCurrentIndex(choice->findData(int(GateStatus::Rejected)));
            QTest::keyClicks(child<QLineEdit>(w, "rejectionReason"), QStringLiteral("half-typed"));
        } // the app closes
        StateStore store(statePath());
        QVERIFY(!store.load().notice);
        OnboardingWizard w(&store, &m_language);
        w.restoreProgress();
        w.show();
        QCOMPARE(w.currentId(), int(OnboardingWizard::QuotaId));
        QCOMPARE(child<QPlainTextEdit>(w, "notes")->toPlainText(), QStringLiteral("finance slow"));
        QCOMPARE(child<QLineEdit>(w, "rejectionReason")->text(), QStringLiteral("half-typed"));
        const GateRecord &q = store.state().gate(GateId::Quota);
        QCOMPARE(q.status, GateStatus::Waiting);
        QCOMPARE(q.waitingFor, QStringLiteral("quota review"));
        QVERIFY(child<QLabel>(w, "statusLabel")->text().contains("quota review"));
        // Back still works after a restart.
        QVERIFY(w.button(QWizard::BackButton)->isEnabled());
        QTest::mouseClick(w.button(QWizard::BackButton), Qt::LeftButton);
        QCOMPARE(w.currentId(), int(OnboardingWizard::WorkspaceId));
    }

    void switchesLanguageWithoutRestart()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.windowTitle().startsWith("Onramp"));
        QVERIFY(w.buttonText(QWizard::NextButton).contains("Next"));
        auto *combo = w.findChild<QComboBox *>("languageCombo");
        QVERIFY(combo);
        combo->setCurrentIndex(combo->findData(QStringLiteral("zh_CN")));
        emit combo->activated(combo->currentIndex());
        QCOMPARE(m_language.current(), QStringLiteral("zh_CN"));
        // Qt posts LanguageChange to every window; it lands on the next event-loop turn.
        QTRY_VERIFY2(w.windowTitle().contains(QStringLiteral("开通")), qPrintable(w.windowTitle()));
        QVERIFY2(w.button(QWizard::NextButton)->text().contains(QStringLiteral("下一步")),
                 qPrintable(w.button(QWizard::NextButton)->text()));
        QCOMPARE(store.state().language, QStringLiteral("zh_CN"));
        clickNext(w);
        QVERIFY2(child<QPushButton>(w, "recordStatus")->text().contains(QStringLiteral("记录")),
                 qPrintable(child<QPushButton>(w, "recordStatus")->text()));
        combo->setCurrentIndex(combo->findData(QStringLiteral("en")));
        emit combo->activated(combo->currentIndex());
        QTRY_VERIFY(w.button(QWizard::NextButton)->text().contains("Next"));
        QVERIFY(child<QPushButton>(w, "recordStatus")->text().contains("Record"));
    }

    void everyInputIsNamedForTestsAndScreenReaders()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        for (int id = OnboardingWizard::AccountId; id <= OnboardingWizard::FirstRunId; ++id)
            qobject_cast<GatePage *>(w.page(id))->contentLayout(); // build every gate page
        const QList<QWidget *> inputs = w.findChildren<QWidget *>();
        int checked = 0;
        for (QWidget *input : inputs) {
            // Qt's own wizard buttons are named and labelled by Qt.
            if (input->objectName().startsWith(QLatin1String("__qt__")) ||
                input->objectName().startsWith(QLatin1String("qt_")))
                continue;
            const bool isInput = qobject_cast<QLineEdit *>(input) ||
                                 qobject_cast<QComboBox *>(input) ||
                                 qobject_cast<QPlainTextEdit *>(input) ||
                                 qobject_cast<QPushButton *>(input);
            if (!isInput)
                continue;
            ++checked;
            QVERIFY2(!input->objectName().isEmpty(), input->metaObject()->className());
            QVERIFY2(!input->accessibleName().isEmpty(), qPrintable(input->objectName()));
        }
        QVERIFY(checked > 20);
    }
};

QTEST_MAIN(TestWizard)
#include "tst_wizard.moc"
