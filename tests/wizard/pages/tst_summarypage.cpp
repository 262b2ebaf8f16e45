// The summary page (SummaryPage): the run spec and its handoffs exported by extension.
#include "WizardHarness.h"
#include "RunSpec.h"
#include "pages/SummaryPage.h"

#include <QJsonDocument>

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
};

QTEST_MAIN(TestSummaryPage)
#include "tst_summarypage.moc"
