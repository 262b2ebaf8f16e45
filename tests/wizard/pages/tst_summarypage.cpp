// The summary page (SummaryPage): the run spec and its handoffs exported by extension.
#include "WizardHarness.h"
#include "DemoState.h"
#include "GateLedger.h"
#include "RunSpec.h"
#include "Tr.h"
#include "pages/SummaryPage.h"

#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QTableWidget>
#include <QTextLayout>

class TestSummaryPage : public QObject, WizardFixture
{
    Q_OBJECT

private slots:
    void init() { resetState(); }

    // The summary exports the run spec and the handoffs made from it, by extension.
    void theSummaryExportsTheRunSpec()
    {
        StateStore store(QString{});
        store.setState(savedDemoState());
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

    // #17 walk: the export dialog opened in the folder the app was started from (the build
    // folder). It opens in Documents or home, then where the user last chose a file; it is
    // window-modal and answers without a nested event loop.
    void theExportDialogOpensAwayFromTheWorkingFolder()
    {
        StateStore store(QString{});
        store.setState(savedDemoState());
        OnboardingWizard w(&store, &m_language);
        auto *summary = qobject_cast<SummaryPage *>(w.page(OnboardingWizard::SummaryId));
        summary->initializePage();
        QTemporaryDir started, chosen;
        const QString before = QDir::currentPath();
        QDir::setCurrent(started.path());
        // A dialog run in a nested loop would block the click: close it, so the test fails
        // instead of hanging.
        QTimer::singleShot(3000, [] {
            if (QWidget *modal = QApplication::activeModalWidget())
                modal->close();
        });
        auto *exportButton = summary->findChild<QPushButton *>("exportHandoff");
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QDir::setCurrent(before);
        auto *dialog = summary->findChild<QFileDialog *>("fileChooser");
        QVERIFY2(dialog, "no window-modal file dialog after Export");
        QCOMPARE(dialog->acceptMode(), QFileDialog::AcceptSave);
        const QString opened = dialog->directory().absolutePath();
        QVERIFY2(QFileInfo(opened) != QFileInfo(started.path()), qPrintable(opened));
        const QString documents =
            QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QVERIFY2(QFileInfo(opened) == QFileInfo(documents) ||
                     QFileInfo(opened) == QFileInfo(QDir::homePath()),
                 qPrintable(opened));
        // Chosen: written there, and the next dialog opens in that folder.
        dialog->selectFile(QDir(chosen.path()).filePath("spec.json"));
        static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept, protected there
        QTRY_VERIFY(QFile::exists(QDir(chosen.path()).filePath("spec.json")));
        QTRY_VERIFY(!summary->findChild<QFileDialog *>("fileChooser"));
        auto *banner = summary->findChild<QLabel *>("bannerText");
        QVERIFY(banner && banner->text().startsWith(QStringLiteral("Written: ")));
        // #17 walk: the spec changed after it was written (a replay, the wrap-up), and the
        // banner still said "Written": the colleague's file no longer matched. It says so.
        store.update([](OnboardingState &s) {
            s.resources.choice.dataPath = QStringLiteral("/mnt/data/other");
        });
        QVERIFY2(banner->text().contains(QStringLiteral("changed after it was written")),
                 qPrintable(banner->text()));
        QTest::mouseClick(exportButton, Qt::LeftButton);
        dialog = summary->findChild<QFileDialog *>("fileChooser");
        QVERIFY(dialog);
        QCOMPARE(QFileInfo(dialog->directory().absolutePath()), QFileInfo(chosen.path()));
        dialog->reject();
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
            s.gate(id).evidence = Text::literal(QStringLiteral("checked"));
            s.gate(id).acceptedBy = Text::literal(QStringLiteral("acceptor"));
        }
        s.gate(GateId::Environment).evidence = Text::literal(
            QStringLiteral("Framework, driver and accelerator library: the light loop ran. ")
                .repeated(6));
        s.gate(GateId::FirstRun).status = GateStatus::InProgress;
        StateStore store(QString{});
        store.setState(s);
        OnboardingWizard w(&store, &m_language);
        w.resize(1366, 768);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::SummaryId));
        const QString headline = child<QLabel>(w, "summaryHeadline")->text();
        QVERIFY2(headline.contains(QStringLiteral("Next: gate 6")), qPrintable(headline));
        const QString lacks = acceptanceMissing(store.state(), GateId::FirstRun).toString();
        QVERIFY(!lacks.isEmpty());
        QVERIFY2(headline.contains(lacks), qPrintable(headline));

        auto *overview = child<QTableWidget>(w, "gateOverview");
        QVERIFY(overview);
        QCOMPARE(overview->textElideMode(), Qt::ElideNone);
        const QFontMetrics fm = overview->fontMetrics();
        // Every row holds its whole text, also after the window (and so the details column)
        // changes width: the zh_CN walk showed gate 1's row measured for a wider column.
        for (int width : {1366, 1000, 1500}) {
            w.resize(width, 768);
            QTest::qWait(50);
            for (GateId id : kAllGates) {
                const int row = gateIndex(id);
                const QRect cell = overview->visualRect(overview->model()->index(row, 2));
                const QRect needed = fm.boundingRect(QRect(0, 0, cell.width() - 8, 100000),
                                                     Qt::TextWordWrap,
                                                     overview->item(row, 2)->text());
                QVERIFY2(cell.height() >= needed.height(),
                         qPrintable(QStringLiteral("width %1, gate %2: row %3 px, text %4 px")
                                        .arg(width)
                                        .arg(gateNumber(id))
                                        .arg(cell.height())
                                        .arg(needed.height())));
            }
        }
        const QRect envCell = overview->visualRect(
            overview->model()->index(gateIndex(GateId::Environment), 2));
        QVERIFY2(envCell.height() > 2 * fm.height(), "the test's evidence fits one line");
    }

    // #17: on the sandbox the first run trains a tiny stand-in, not the planned run; the
    // summary read as if the plan had run. It says which run ran, on what, and the plan.
    void theSummarySaysTheFirstRunWasAStandIn()
    {
        OnboardingState s = demoState();
        for (GateId id : kAllGates)
            s.gate(id).status = GateStatus::Passed; // the summary opens
        StateStore store(QString{});
        store.setState(s);
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::SummaryId));
        auto *standIn = child<QLabel>(w, "summaryStandIn");
        QVERIFY(standIn);
        QVERIFY(standIn->isHidden()); // no first run yet: nothing stood in
        store.update([](OnboardingState &st) {
            st.firstRun.trainer = QJsonObject{
                {"program", "train_lm.py"},
                {"device", "cpu"},
                {"config", QJsonObject{{"model", "tiny-lm-byte"},
                                       {"method", "pretrain"},
                                       {"precision", "fp32"},
                                       {"micro_batch", 8},
                                       {"seq_len", 32},
                                       {"grad_accum", 1}}}};
        });
        QVERIFY(!standIn->isHidden());
        const RunSpec spec = runSpecFromState(store.state());
        QCOMPARE(standIn->text(), standInText(spec, [](const QString &v) { return v; }));
        QVERIFY2(standIn->text().contains(QStringLiteral("what ran is tiny-lm-byte (pretraining from scratch, "
                                                         "fp32) on the CPU; the planned run is %1")
                                              .arg(spec.planned.model)),
                 qPrintable(standIn->text()));
    }

    // #17 walk (F12): the summary showed the run spec's hash cut after 12 digits. It shows it
    // whole where it fits; where the label is narrower, elided in the middle (its start and
    // its end both visible), and always whole in the tooltip.
    void theSpecsHashIsShownWhole()
    {
        OnboardingState s = demoState();
        for (GateId id : kAllGates)
            s.gate(id).status = GateStatus::Passed;
        StateStore store(QString{});
        store.setState(s);
        OnboardingWizard w(&store, &m_language);
        w.resize(1280, 720);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::SummaryId));
        auto *label = child<QLabel>(w, "summaryFingerprint");
        QVERIFY(label);
        const QString id = QString::fromLatin1(runSpecFromState(store.state()).fingerprintId());
        QCOMPARE(id.size(), 7 + 64);
        QTRY_VERIFY2(label->text().contains(id), qPrintable(label->text()));
        QVERIFY(label->toolTip().contains(id));
        QVERIFY(label->textInteractionFlags() & Qt::TextSelectableByMouse);
        // Narrower than the value: elided in the middle, never cut at the edge.
        w.resize(560, 720);
        QTRY_VERIFY(label->fontMetrics().horizontalAdvance(label->toolTip()) >
                    label->contentsRect().width());
        QTRY_VERIFY2(label->text().contains(QChar(0x2026)), qPrintable(label->text()));
        // Its start and its end are the value's: only the middle is left out.
        const QString whole = label->toolTip();
        const QString head = label->text().section(QChar(0x2026), 0, 0);
        const QString tail = label->text().section(QChar(0x2026), 1);
        QVERIFY2(head.size() >= 4 && whole.startsWith(head), qPrintable(label->text()));
        QVERIFY2(tail.size() >= 4 && id.endsWith(tail), qPrintable(label->text()));
        QVERIFY(label->fontMetrics().horizontalAdvance(label->text()) <=
                label->contentsRect().width());
        QVERIFY(label->toolTip().contains(id));
    }

    // #17 walk (F12): after the colleague's replay, gate 6's evidence names the replayed spec
    // ("spec sha256:" and 64 hex digits), one word wider than the details column, and the
    // summary's cell cut it at its edge. The row holds the whole value, wrapped; the cell's
    // text and tooltip keep it as it is.
    void gateSixsSpecHashIsNotCutAtTheCellEdge()
    {
        OnboardingState s = demoState();
        const QString hash = QStringLiteral("sha256:") +
                             QStringLiteral("aa12e5f26ad03de856fccf762d800b0d"
                                            "fd659c2fd0688fe8b23bddfeab232f35");
        for (GateId id : kAllGates)
            s.gate(id).status = GateStatus::Passed; // the summary opens
        GateRecord &six = s.gate(GateId::FirstRun);
        six.acceptedBy = Text::literal(QStringLiteral("mei.chen"));
        six.evidence = Text::literal(QStringLiteral("Replayed by mei.chen on 2026-12-03 08:00 "
                                                    "UTC: 44 of 44 items passed (spec %1).")
                                         .arg(hash));
        StateStore store(QString{});
        store.setState(s);
        OnboardingWizard w(&store, &m_language);
        w.resize(1280, 720);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::SummaryId));
        auto *overview = child<QTableWidget>(w, "gateOverview");
        QVERIFY(overview);
        const int row = gateIndex(GateId::FirstRun);
        QTableWidgetItem *item = overview->item(row, 2);
        QVERIFY(item->text().contains(hash));
        QVERIFY(item->toolTip().contains(hash));
        const QFontMetrics fm = overview->fontMetrics();
        for (int width : {1280, 1000}) {
            w.resize(width, 720);
            QTest::qWait(50);
            const QRect cell = overview->visualRect(overview->model()->index(row, 2));
            QVERIFY2(fm.horizontalAdvance(hash) > cell.width() - 8 || width == 1280,
                     "the test's hash fits the column");
            // The whole text, the hash wrapped inside the column like any long line.
            const QRect needed = fm.boundingRect(QRect(0, 0, cell.width() - 8, 100000),
                                                 Qt::TextWordWrap | Qt::TextWrapAnywhere,
                                                 item->text());
            QVERIFY2(cell.height() >= needed.height(),
                     qPrintable(QStringLiteral("width %1: row %2 px, text %3 px")
                                    .arg(width)
                                    .arg(cell.height())
                                    .arg(needed.height())));
        }
    }

    // #17 walk (F11): after the colleague's replay accepted gate 6, the summary said the spec
    // "changed after it was written" and asked for a re-export: the acceptance changed gate 6's
    // record, which the fingerprint covered. The spec is what the colleague replays; gate 6's
    // acceptance comes after it and leaves it, and the summary's word on the file, alone.
    void aReplaysAcceptanceDoesNotMakeTheSpecStale()
    {
        OnboardingState s = demoState();
        for (GateId id : kAllGates)
            s.gate(id).status = GateStatus::Passed;
        FirstRunGateData &run = s.firstRun;
        run.run.state = QStringLiteral("passed");
        run.run.jobId = QStringLiteral("job-1");
        run.run.evidence = Text::literal(QStringLiteral("Five points passed."));
        run.curve = {{1, 5.5}, {2, 5.0}};
        run.ranBy = QStringLiteral("li.wei");
        run.released = true;
        GateRecord &six = s.gate(GateId::FirstRun);
        six.status = GateStatus::InProgress;
        six.acceptedBy = {};
        six.evidence = Text::joined({run.run.evidence,
                                     Tr::trLater("Released the instance; %n artifact(s) "
                                                 "recorded.",
                                                 nullptr, 3)},
                                    QStringLiteral("\n"));
        StateStore store(QString{});
        store.setState(s);
        OnboardingWizard w(&store, &m_language);
        auto *summary = qobject_cast<SummaryPage *>(w.page(OnboardingWizard::SummaryId));
        summary->initializePage();
        QTemporaryDir chosen;
        QTest::mouseClick(summary->findChild<QPushButton *>("exportHandoff"), Qt::LeftButton);
        auto *dialog = summary->findChild<QFileDialog *>("fileChooser");
        QVERIFY(dialog);
        dialog->selectFile(QDir(chosen.path()).filePath("handoff.json"));
        static_cast<QDialog *>(dialog)->accept();
        QTRY_VERIFY(QFile::exists(QDir(chosen.path()).filePath("handoff.json")));
        auto *banner = summary->findChild<QLabel *>("bannerText");
        QTRY_VERIFY(banner && banner->text().startsWith(QStringLiteral("Written: ")));
        QFile written(QDir(chosen.path()).filePath("handoff.json"));
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray handedOver = parseRunSpec(written.readAll())->fingerprintId();
        // The colleague replays that file; their replay accepts gate 6.
        QJsonObject record{{"member", "chenjie"}, // a developer who took no part
                           {"at", "2026-12-03T08:00:00.000Z"},
                           {"spec", QString::fromLatin1(handedOver)},
                           {"firstRun", curveDigest(run.curve)},
                           {"reproduced", true},
                           {"items", 40},
                           {"passed", 40},
                           {"failed", QJsonArray{}}};
        std::expected<void, Error> accepted;
        store.update([&](OnboardingState &st) { accepted = acceptFirstRunByReplay(st, record); });
        QVERIFY2(accepted, qPrintable(accepted ? QString() : accepted.error().message));
        QCOMPARE(store.state().gate(GateId::FirstRun).status, GateStatus::Passed);
        QVERIFY2(!banner->text().contains(QStringLiteral("changed after it was written")),
                 qPrintable(banner->text()));
        QCOMPARE(runSpecFromState(store.state()).fingerprintId(), handedOver);
        QVERIFY(summary->findChild<QLabel *>("summaryFingerprint")
                    ->toolTip()
                    .contains(QString::fromLatin1(handedOver)));
        // A change to what the colleague replays still makes the file stale.
        store.update([](OnboardingState &st) {
            st.resources.choice.scratchPath = QStringLiteral("/local/other");
        });
        QVERIFY2(banner->text().contains(QStringLiteral("changed after it was written")),
                 qPrintable(banner->text()));
    }

    // The zh_CN walk: opened on the summary, gate 1's row was measured a few pixels short of
    // its two lines (one has Chinese, whose fallback font is taller), and only the first line
    // was painted, cut at the right edge. Each row holds the lines its text lays out into at
    // the painted width, line heights as the text layout gives them.
    void rowsHoldTheirLinesInChinese()
    {
        m_language.apply(QStringLiteral("zh_CN"));
        // The demo onboarding: gate 1's evidence is the line the walk saw cut.
        StateStore store(QString{});
        store.setState(savedDemoState());
        for (int width : {1366, 1300, 1200}) {
            OnboardingWizard w(&store, &m_language);
            w.setStartId(OnboardingWizard::SummaryId);
            w.resize(width, 768);
            w.show();
            QTest::qWait(50);
            auto *overview = child<QTableWidget>(w, "gateOverview");
            QVERIFY(overview);
            const int margin = overview->style()->pixelMetric(QStyle::PM_FocusFrameHMargin,
                                                              nullptr, overview) + 1;
            const QRect cell = overview->visualRect(overview->model()->index(0, 2));
            QTextLayout layout(overview->item(0, 2)->text(), overview->font());
            QTextOption wrap;
            wrap.setWrapMode(QTextOption::WordWrap);
            layout.setTextOption(wrap);
            layout.beginLayout();
            qreal height = 0;
            int lines = 0;
            for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
                line.setLineWidth(cell.width() - 2 * margin);
                height += line.height();
                ++lines;
            }
            layout.endLayout();
            QVERIFY2(cell.height() >= std::ceil(height),
                     qPrintable(QStringLiteral("window %1: row %2 px for %3 line(s) of %4 px")
                                    .arg(width)
                                    .arg(cell.height())
                                    .arg(lines)
                                    .arg(height)));
        }
        m_language.apply(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestSummaryPage)
#include "tst_summarypage.moc"
