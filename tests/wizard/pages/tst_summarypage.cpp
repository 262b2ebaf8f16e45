// The summary page (SummaryPage): the run spec and its handoffs exported by extension.
#include "WizardHarness.h"
#include "GateLedger.h"
#include "RunSpec.h"
#include "pages/SummaryPage.h"

#include <QJsonDocument>
#include <QTableWidget>

class TestSummaryPage : public QObject, WizardFixture
{
    Q_OBJECT

private slots:
    void init() { resetState(); }

    // The summary exports the run spec and the handoffs made from it, by extension.
    void theSummaryExportsTheRunSpec()
    {
        QFile demo(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"));
        QVERIFY(demo.open(QIODevice::ReadOnly));
        StateStore store(QString{});
        store.setState(
            *OnboardingState::fromJson(QJsonDocument::fromJson(demo.readAll()).object()));
        OnboardingWizard w(&store, &m_language);
        auto *summary = qobject_cast<SummaryPage *>(w.page(OnboardingWizard::SummaryId));
        QVERIFY(summary);
        QTemporaryDir dir;
        for (const char *name :
             {"spec.json", "handoff.md", "handoff.pdf", "job.sbatch", "job.yaml"})
            QVERIFY2(summary->exportTo(dir.filePath(name)), name);
        QFile spec(dir.filePath("spec.json"));
        QVERIFY(spec.open(QIODevice::ReadOnly));
        const auto parsed = parseRunSpec(spec.readAll());
        QVERIFY(parsed);
        QCOMPARE(parsed->fingerprintId(), runSpecFromState(store.state()).fingerprintId());
        QVERIFY(summary->findChild<QLabel *>("summaryFingerprint")->text().isEmpty()); // not shown
        summary->initializePage();
        QVERIFY(summary->findChild<QLabel *>("summaryFingerprint")->text().contains("sha256:"));
        const auto refused = summary->exportTo(dir.filePath("spec.docx"));
        QVERIFY(!refused);
        QVERIFY(refused.error().message.contains(".json"));
    }

    // #17 walk: the summary said "5 of 6 gates passed." and no more, and cut every gate's
    // evidence to one line ("Passed on … Acceptor: The four…"). It names the next gate and
    // what it lacks, in the ledger's words, and shows each gate's line whole.
    void theSummarySaysWhatIsNextAndShowsTheEvidence()
    {
        OnboardingState s;
        for (GateId id : {GateId::Account, GateId::Workspace, GateId::Quota, GateId::Resources,
                          GateId::Environment}) {
            s.gate(id).status = GateStatus::Passed;
            s.gate(id).evidence = QStringLiteral("checked");
            s.gate(id).acceptedBy = QStringLiteral("acceptor");
        }
        s.gate(GateId::Environment).evidence =
            QStringLiteral("Framework, driver and accelerator library: the light loop ran. ")
                .repeated(6);
        s.gate(GateId::FirstRun).status = GateStatus::InProgress;
        StateStore store(QString{});
        store.setState(s);
        OnboardingWizard w(&store, &m_language);
        w.resize(1366, 768);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::SummaryId));
        const QString headline = child<QLabel>(w, "summaryHeadline")->text();
        QVERIFY2(headline.contains(QStringLiteral("Next: gate 6")), qPrintable(headline));
        const QString lacks = acceptanceMissing(store.state(), GateId::FirstRun);
        QVERIFY(!lacks.isEmpty());
        QVERIFY2(headline.contains(lacks), qPrintable(headline));

        auto *overview = child<QTableWidget>(w, "gateOverview");
        QVERIFY(overview);
        QApplication::processEvents();
        const int row = gateIndex(GateId::Environment);
        const QRect cell = overview->visualRect(overview->model()->index(row, 2));
        const QString text = overview->item(row, 2)->text();
        const QFontMetrics fm = overview->fontMetrics();
        const QRect needed = fm.boundingRect(QRect(0, 0, cell.width() - 8, 100000),
                                             Qt::TextWordWrap, text);
        QVERIFY2(needed.height() > 2 * fm.height(), "the test's evidence fits one line");
        QVERIFY2(cell.height() >= needed.height(),
                 qPrintable(QStringLiteral("row %1 px, text %2 px").arg(cell.height())
                                .arg(needed.height())));
        QCOMPARE(overview->textElideMode(), Qt::ElideNone);
    }
};

QTEST_MAIN(TestSummaryPage)
#include "tst_summarypage.moc"
