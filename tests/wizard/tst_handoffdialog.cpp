// "Open a handoff spec…" (HandoffDialog): gaps marked, a bad file refused with its field, the
// replay reported item by item.
#include "WizardHarness.h"
#include "GateLedger.h"
#include "HandoffDialog.h"
#include "widgets/BreakableText.h"

#include <QJsonArray>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>

#include <QJsonDocument>
#include <QScrollBar>
#include <QTreeWidget>
#include <QWheelEvent>

class TestHandoffDialog : public QObject, WizardFixture
{
    Q_OBJECT

    static QByteArray exampleBytes()
    {
        QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }

    static QJsonObject exampleSpec()
    {
        QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        f.open(QIODevice::ReadOnly);
        return QJsonDocument::fromJson(f.readAll()).object();
    }

private slots:
    void init() { resetState(); }

    // "Open a handoff spec": the gaps are marked, a bad file is refused with its field, and
    // the replay (the Replay model, in-process) reports item by item.
    void aHandoffSpecOpensAndReplays()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        HandoffDialog d;
        // A spec that says too little: every gap named by its field.
        QFile example(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        QJsonObject thin = QJsonDocument::fromJson(example.readAll()).object();
        thin.remove("fingerprint");
        QJsonObject image = thin.value("image").toObject();
        image["digest"] = "";
        thin["image"] = image;
        QFile f(dir.filePath("thin.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(thin).toJson());
        f.close();
        QVERIFY2(d.open(f.fileName()), qPrintable(d.findChild<QLabel *>()->text()));
        QStringList missing;
        for (int i = 0; i < d.items()->topLevelItemCount(); ++i)
            if (d.items()->topLevelItem(i)->data(0, Qt::UserRole) == "MISSING")
                missing << d.items()->topLevelItem(i)->data(1, Qt::UserRole).toString();
        QVERIFY2(missing.contains("$.fingerprint"), qPrintable(missing.join(' ')));
        QVERIFY(missing.contains("$.image.digest"));
        // A malformed spec: refused, with the field.
        QFile bad(dir.filePath("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"({"schemaVersion": 1, "image": 7})");
        bad.close();
        QVERIFY(!d.open(bad.fileName()));
        QVERIFY(d.findChild<QLabel *>()->text().contains("image"));
        // #17: a spec whose first run was the sandbox's stand-in says so above the comparison,
        // with its values as text; the shipped example (older than the field) says nothing.
        QJsonObject standIn = QJsonDocument::fromJson(
                                  [] {
                                      QFile e(QStringLiteral(ONRAMP_SOURCE_DIR
                                                             "/docs/examples/first-run.json"));
                                      e.open(QIODevice::ReadOnly);
                                      return e.readAll();
                                  }())
                                  .object();
        standIn["planned"] = QJsonObject{
            {"model", "<b>qwen2.5-7b</b>"}, {"method", "lora"}, {"precision", "bf16"}};
        QFile g(dir.filePath("stand-in.json"));
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write(QJsonDocument(standIn).toJson());
        g.close();
        QVERIFY(d.open(g.fileName()));
        const QString summary = d.findChild<QLabel *>()->text();
        QVERIFY2(summary.contains(QStringLiteral("A stand-in for the planned run: what ran is "
                                                 "tiny-lm-byte (pretraining from scratch, fp32) "
                                                 "on the CPU; the planned run is "
                                                 "&lt;b&gt;qwen2.5-7b&lt;/b&gt; (LoRA, bf16)")),
                 qPrintable(summary));
        QVERIFY(d.open(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json")));
        QVERIFY(!d.findChild<QLabel *>()->text().contains(QStringLiteral("stand-in")));
        // #17 walk (item 13): the header said "1 × gpu.a100-80g.8" where the summary said
        // "8 × NVIDIA A100": the hardware in the one wording (hardwareText), cards first.
        {
            const auto example = parseRunSpec(exampleBytes());
            QVERIFY(example);
            const QString hardware =
                hardwareText(example->compute, [](const QString &v) { return v; });
            QVERIFY2(hardware.startsWith(QStringLiteral("%1 × ")
                                             .arg(example->compute.nodes *
                                                  example->compute.cardsPerNode)),
                     qPrintable(hardware));
            const QString header = d.findChild<QLabel *>()->text();
            QVERIFY2(header.contains(hardware.toHtmlEscaped()), qPrintable(header));
            QVERIFY2(!header.contains(QStringLiteral("1 × ") + example->compute.instanceType),
                     qPrintable(header));
            RunSpec planned = *example;
            planned.planned = planned.training;
            planned.planned.model = QStringLiteral("qwen2.5-7b");
            const QString standIn = standInText(planned, [](const QString &v) { return v; });
            QVERIFY2(standIn.contains(hardware), qPrintable(standIn));
        }
        // The shipped example replays: PASS items arrive while the window stays live.
        QVERIFY(d.open(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json")));
        QSignalSpy finished(&d, &HandoffDialog::replayFinished);
        d.setMember(QStringLiteral("wang.fang"));
        d.replay();
        QVERIFY(d.isReplaying());
        QVERIFY(finished.wait(90000));
        QCOMPARE(finished.first().first().toInt(), 0);
        int passes = 0;
        for (int i = 0; i < d.items()->topLevelItemCount(); ++i)
            passes += d.items()->topLevelItem(i)->data(0, Qt::UserRole) == "PASS";
        QVERIFY(passes >= 5);
        QVERIFY(d.verdict().startsWith("Reproduced"));
        // #17 walk 16 (item 13b): items not compared (N/A) are not said to have passed.
        int notCompared = 0;
        for (int i = 0; i < d.items()->topLevelItemCount(); ++i)
            notCompared += d.items()->topLevelItem(i)->data(0, Qt::UserRole) == "N/A";
        if (notCompared > 0)
            QVERIFY2(d.verdict().contains(QStringLiteral("%1 passed, %2 not compared")
                                              .arg(passes)
                                              .arg(notCompared)) &&
                         !d.verdict().contains(QStringLiteral("every item passed")),
                     qPrintable(d.verdict()));
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // #17 walk (F10): the dialog listed "$.gates[5]" as MISSING for every spec (all are
    // exported before gate 6 passes), showed item keys such as "($.training.model)" to people,
    // and said "The 1 place … are". Gate 6 is what the replay decides, not a gap; each row says
    // its item in words with the key in its tooltip; the count agrees with its noun.
    void theDialogSaysItInWords()
    {
        QTemporaryDir dir;
        const auto write = [&dir](const QString &name, const QJsonObject &o) {
            QFile f(dir.filePath(name));
            f.open(QIODevice::WriteOnly);
            f.write(QJsonDocument(o).toJson());
            return f.fileName();
        };
        QJsonObject spec = exampleSpec();
        QJsonArray gates = spec.value("gates").toArray();
        for (int i = 0; i < gates.size(); ++i) {
            QJsonObject g = gates[i].toObject();
            g["status"] = g.value("gate") == "first-run" ? "in_progress" : "passed";
            gates[i] = g;
        }
        spec["gates"] = gates;
        HandoffDialog d;
        QVERIFY(d.open(write("handed-over.json", spec)));
        const auto rows = [&d] {
            QList<QTreeWidgetItem *> list;
            for (int i = 0; i < d.items()->topLevelItemCount(); ++i)
                list << d.items()->topLevelItem(i);
            return list;
        };
        for (QTreeWidgetItem *row : rows())
            QVERIFY2(!row->data(1, Qt::UserRole).toString().startsWith("$.gates"),
                     qPrintable(row->text(1) + " " + row->text(2)));
        const auto summary = [&d] { return d.findChild<QLabel *>()->text(); };
        QVERIFY2(summary().contains(QStringLiteral("is what this replay decides")),
                 qPrintable(summary()));
        // One gap: its caption in words, its key in the tooltip, and one place, not "are".
        spec.remove("fingerprint");
        QVERIFY(d.open(write("one-gap.json", spec)));
        QCOMPARE(rows().size(), 1);
        QTreeWidgetItem *row = rows().first();
        QCOMPARE(row->data(1, Qt::UserRole).toString(), QStringLiteral("$.fingerprint"));
        QCOMPARE(row->text(1), QStringLiteral("environment fingerprint"));
        QVERIFY(row->toolTip(1).contains(QStringLiteral("$.fingerprint")));
        static const QRegularExpression singularAre(QStringLiteral("\\b1 place\\b[^.;]*\\bare\\b"));
        QVERIFY2(!singularAre.match(summary()).hasMatch(), qPrintable(summary()));
        QVERIFY2(summary().contains(QStringLiteral("1 place")) &&
                     !summary().contains(QStringLiteral("1 places")),
                 qPrintable(summary()));
        QJsonObject image = spec.value("image").toObject();
        image.remove("digest");
        spec["image"] = image;
        QVERIFY(d.open(write("two-gaps.json", spec)));
        QCOMPARE(rows().size(), 2);
        QVERIFY2(summary().contains(QStringLiteral("2 places")), qPrintable(summary()));
        for (QTreeWidgetItem *r : rows())
            QVERIFY2(!r->text(1).contains(u'$'), qPrintable(r->text(1)));
    }

    // #17 walk (F10): the member who ran the first run replayed it, waited for the whole
    // replay, and only then heard that their replay could not accept gate 6. Who replays is
    // checked before anything runs: the dialog says so and what to do (hand it to a colleague
    // who took no part) and offers a practice run, which shows every item and records nothing.
    void aParticipantHearsItBeforeTheReplay()
    {
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        HandoffDialog d;
        d.resize(700, 360); // a list shorter than the replay's rows
        d.show();
        OnboardingState onboarding;
        onboarding.workspace.workspaceName = QStringLiteral("nlp");
        onboarding.workspace.members = {{"Li Wei", "li.wei", Role::Developer, {}, 0},
                                        {"Mei Chen", "mei.chen", Role::Developer, {}, 0},
                                        {"Zhao Lei", "zhao.lei", Role::Observer, {}, 0}};
        onboarding.firstRun.ranBy = QStringLiteral("li.wei");
        d.setOnboarding(onboarding);
        QVERIFY(d.open(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json")));
        auto *replay = d.findChild<QPushButton *>(QStringLiteral("handoffReplay"));
        auto *practice = d.findChild<QPushButton *>(QStringLiteral("handoffPractice"));
        QVERIFY(replay && practice);
        const int rowsBefore = d.items()->topLevelItemCount();
        // #17 walk: before a name is typed, the dialog says who could replay; both buttons are
        // there from the start and stay in place.
        d.setMember(QString());
        QVERIFY2(d.verdict().contains(QStringLiteral("Who could replay: mei.chen.")),
                 qPrintable(d.verdict()));
        const QPoint replayAt = replay->pos();
        QVERIFY(!practice->isHidden());
        d.setMember(QStringLiteral("li.wei"));
        QCOMPARE(replay->pos(), replayAt);
        // The gate's own words (replayerRefusal), with who could replay instead.
        QVERIFY2(d.verdict().contains(onramp::replayerRefusal(onboarding, "li.wei").toString()) &&
                     d.verdict().contains(QStringLiteral("li.wei took part in this onboarding")) &&
                     d.verdict().contains(QStringLiteral("Who could replay: mei.chen.")),
                 qPrintable(d.verdict()));
        QVERIFY(!replay->isEnabled());
        QVERIFY(!practice->isHidden() && practice->isEnabled());
        d.replay(); // refused before anything runs
        QVERIFY(!d.isReplaying());
        QCOMPARE(d.items()->topLevelItemCount(), rowsBefore);
        // #17 walk (item 2): an observer's replay accepted gate 6. Their submit is refused at
        // the provider; the dialog says so before anything runs, as for a non-member.
        d.setMember(QStringLiteral("zhao.lei"));
        QVERIFY(!replay->isEnabled());
        QVERIFY2(d.verdict().contains(QStringLiteral("may not “Submit jobs”")),
                 qPrintable(d.verdict()));
        d.setMember(QStringLiteral("wang.fang"));
        QVERIFY(!replay->isEnabled());
        QVERIFY2(d.verdict().contains(QStringLiteral("not a member of workspace nlp")),
                 qPrintable(d.verdict()));
        // A colleague who took no part: the replay, no warning; the line `onramp replay --state`
        // gives (#17 walk 16: a valid name got no line at all).
        d.setMember(QStringLiteral("mei.chen"));
        QVERIFY(replay->isEnabled());
        QCOMPARE(replay->pos(), replayAt);
        QCOMPARE(d.verdict(), QStringLiteral("Gate 6: this replay would accept it if it "
                                             "reproduces the first run: mei.chen (Mei Chen) took "
                                             "no part and may submit jobs."));
        // The practice run runs the whole replay and records nothing for gate 6.
        d.setMember(QStringLiteral("li.wei"));
        QSignalSpy recorded(&d, &HandoffDialog::replayed);
        QSignalSpy finished(&d, &HandoffDialog::replayFinished);
        d.practice();
        QVERIFY(d.isReplaying());
        QVERIFY(finished.wait(90000));
        // #17 walk (item 7): the list was left scrolled to the middle, its first rows out of
        // sight. A finished replay shows it from the top, and the wheel scrolls it.
        QApplication::processEvents();
        QScrollBar *bar = d.items()->verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        QCOMPARE(bar->value(), 0);
        QWidget *viewport = d.items()->viewport();
        const QPoint at = viewport->rect().center();
        QWheelEvent down(at, viewport->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                         Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(viewport, &down);
        QVERIFY(bar->value() > 0);
        QCOMPARE(recorded.count(), 0);
        QVERIFY(d.items()->topLevelItemCount() > rowsBefore);
        QVERIFY2(d.verdict().contains(QStringLiteral("practice run")), qPrintable(d.verdict()));
        // #17 walk (item 4): after a practice replay, an accepting one in the same window: the
        // list kept the practice run's rows and added the new ones below, and, shown from its
        // top, read as the practice run's. A replay's rows replace the last replay's (the
        // spec's gaps stay), and the list says whose replay it shows and when it started.
        const int practiceRows = d.items()->topLevelItemCount();
        QVERIFY2(d.listShows().startsWith(QStringLiteral("li.wei's practice replay (nothing is "
                                                         "recorded), started ")),
                 qPrintable(d.listShows()));
        d.setMember(QStringLiteral("mei.chen"));
        d.replay();
        QVERIFY(d.isReplaying());
        QCOMPARE(d.items()->topLevelItemCount(), rowsBefore); // the practice run's rows are gone
        QVERIFY2(d.listShows().startsWith(QStringLiteral("mei.chen's replay, started ")),
                 qPrintable(d.listShows()));
        QVERIFY(finished.wait(90000));
        QCOMPARE(recorded.count(), 1);
        QCOMPARE(d.items()->topLevelItemCount(), practiceRows); // the same items, once
        const QString when = Text::time(onramp::replayTimeOf(
                                            recorded.first().first().toJsonObject()))
                                 .toString();
        QCOMPARE(d.listShows(),
                 QStringLiteral("mei.chen's replay, started %1: reproduced.").arg(when));
        // #17 walk (item 4): Ctrl+End reaches the list's last row, and the wheel nothing below.
        QApplication::processEvents();
        d.items()->setFocus();
        QTest::keyClick(d.items(), Qt::Key_End, Qt::ControlModifier);
        QApplication::processEvents();
        QTreeWidgetItem *last = d.items()->topLevelItem(d.items()->topLevelItemCount() - 1);
        QCOMPARE(d.items()->currentItem(), last);
        QCOMPARE(bar->value(), bar->maximum());
        QVERIFY2(d.items()->visualItemRect(last).bottom() <= viewport->height(),
                 qPrintable(QStringLiteral("last row ends at %1, the list at %2")
                                .arg(d.items()->visualItemRect(last).bottom())
                                .arg(viewport->height())));
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // #17 walk (item 7): the list opened scrolled to the middle, and its details were cut
    // with … with no way to read them whole. It opens at the top; each row is whole, wrapped.
    void theListOpensAtTheTopWithEveryDetailWhole()
    {
        QJsonObject spec = exampleSpec();
        // Many gaps: more rows than the list shows.
        for (const char *key : {"fingerprint", "code", "applied", "training"})
            spec.remove(QLatin1String(key));
        QJsonObject image = spec.value("image").toObject();
        image["digest"] = "";
        spec["image"] = image;
        QTemporaryDir dir;
        const auto write = [&dir](const QString &name, const QJsonObject &o) {
            QFile f(dir.filePath(name));
            f.open(QIODevice::WriteOnly);
            f.write(QJsonDocument(o).toJson());
            return f.fileName();
        };
        HandoffDialog d;
        d.resize(520, 300);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY(d.open(write("gaps.json", spec)));
        QApplication::processEvents();
        QScrollBar *bar = d.items()->verticalScrollBar();
        QVERIFY2(bar->maximum() > 0, "the rows fit: no scrolling to test");
        QCOMPARE(bar->value(), 0);
        // Each detail whole: nothing elided, a long one in several lines.
        QCOMPARE(d.items()->textElideMode(), Qt::ElideNone);
        const int line = d.items()->fontMetrics().height();
        bool wrapped = false;
        for (int i = 0; i < d.items()->topLevelItemCount(); ++i) {
            QTreeWidgetItem *row = d.items()->topLevelItem(i);
            const QRect cell = d.items()->visualItemRect(row);
            const int needs = d.items()->fontMetrics().horizontalAdvance(row->text(2));
            if (needs > d.items()->columnWidth(2) + 10)
                wrapped = wrapped || cell.height() >= 2 * line;
        }
        QVERIFY(wrapped);
        // The wheel scrolls it.
        QWidget *viewport = d.items()->viewport();
        const QPoint at = viewport->rect().center();
        QWheelEvent down(at, viewport->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                         Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(viewport, &down);
        QVERIFY(bar->value() > 0);
    }

    // Review follow-up: the dialog and the gate overview broke long words each their own way
    // (the dialog only from a word's 24th character on, and after its last): one helper now.
    void longWordsBreakOneWay()
    {
        const QString hex = QStringLiteral("sha256:") + QString(64, u'a');
        const QString broken = breakable(hex);
        QCOMPARE(QString(broken).remove(QChar(0x200B)), hex);
        QCOMPARE(broken.count(QChar(0x200B)), 8); // after every 8 characters, never at its end
        QVERIFY(!broken.endsWith(QChar(0x200B)));
        QCOMPARE(broken.indexOf(QChar(0x200B)), 8);
        // A word a line wraps at its boundaries, and spaces, stay as they are.
        const QString words = QStringLiteral("spec says 1234, this run has 1235 ") + QString(23, u'x');
        QCOMPARE(breakable(words), words);
    }

    // #17 walk 16 (item 19): before a replay the dialog says what it would do for gate 6, as
    // `onramp replay --state` does: a valid name got no line at all; pressing Replay with no
    // name took "Who could replay" away; a second replay replaced gate 6's acceptor without a
    // word that gate 6 was accepted already. And a name is as good as an account.
    void whatAReplayWouldDoIsSaidBeforeIt()
    {
        HandoffDialog d;
        OnboardingState onboarding;
        onboarding.workspace.workspaceName = QStringLiteral("nlp");
        onboarding.workspace.members = {{"Li Wei", "li.wei", Role::Developer, {}, 0},
                                        {"Mei Chen", "mei.chen", Role::Developer, {}, 0},
                                        {"Dan Zhou", "dan", Role::Developer, {}, 0}};
        onboarding.firstRun.ranBy = QStringLiteral("li.wei");
        d.setOnboarding(onboarding);
        QVERIFY(d.open(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json")));
        auto *replay = d.findChild<QPushButton *>(QStringLiteral("handoffReplay"));
        d.setMember(QString());
        d.replay(); // nobody named: refused, and who could replay stays said
        QVERIFY(!d.isReplaying());
        QVERIFY2(d.verdict().contains(QStringLiteral("Say who replays")) &&
                     d.verdict().contains(QStringLiteral("Who could replay: mei.chen, dan.")),
                 qPrintable(d.verdict()));
        d.setMember(QStringLiteral("Dan Zhou"));
        QVERIFY(replay->isEnabled());
        QVERIFY2(d.verdict().contains(QStringLiteral("Gate 6: this replay would accept it if "
                                                     "it reproduces the first run: dan (Dan "
                                                     "Zhou) took no part")),
                 qPrintable(d.verdict()));

        // Gate 6 accepted on Dan's replay: a replay as "dan" hears it first, by whom and when.
        const QDateTime at(QDate(2026, 12, 2), QTime(14, 15), Qt::UTC);
        onboarding.gate(GateId::FirstRun).status = GateStatus::Passed;
        onboarding.gate(GateId::FirstRun).acceptedAt = at;
        onboarding.firstRun.replay = QJsonObject{{"member", "Dan Zhou"},
                                                 {"reproduced", true},
                                                 {"at", at.toString(Qt::ISODateWithMs)}};
        d.setOnboarding(onboarding);
        d.setMember(QStringLiteral("dan"));
        QVERIFY2(d.verdict().contains(QStringLiteral("Gate 6 is already accepted: dan (Dan "
                                                     "Zhou)'s replay of %1 reproduced the first "
                                                     "run.")
                                          .arg(Text::time(at).toString())) &&
                     d.verdict().contains(QStringLiteral("takes its place")),
                 qPrintable(d.verdict()));
        d.setMember(QString());
        QVERIFY2(d.verdict().contains(QStringLiteral("already accepted")) &&
                     d.verdict().contains(QStringLiteral("Who could replay: mei.chen, dan.")),
                 qPrintable(d.verdict()));
    }

    // #17 zh_CN walk: the dialog offered to replay as "colleague", an English name Onramp made
    // up, in a Chinese window. The field starts empty with a translated example; a replay
    // with no one named asks who replays instead of starting.
    void theReplayerIsNotMadeUp()
    {
        m_language.apply(QStringLiteral("zh_CN"));
        HandoffDialog d;
        auto *member = d.findChild<QLineEdit *>(QStringLiteral("handoffMember"));
        QVERIFY(member);
        QVERIFY(member->text().isEmpty());
        QVERIFY(!member->placeholderText().isEmpty());
        QVERIFY2(member->placeholderText() != QStringLiteral("your account, for example wang.fang"),
                 qPrintable(member->placeholderText()));
        QVERIFY(d.open(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json")));
        d.replay();
        QVERIFY(!d.isReplaying());
        QVERIFY(!d.verdict().isEmpty());
        QVERIFY2(!d.verdict().contains(QStringLiteral("colleague")), qPrintable(d.verdict()));
        m_language.apply(QStringLiteral("en"));
    }

    // #17 walk, item 5: with "Replay" disabled (the member named took part), Alt+R typed an
    // "r" into "Replay as" ("li.wei" became "li.weir"). A disabled button's mnemonic types
    // nothing; an enabled one's still presses it; plain letters still type.
    void aDisabledButtonsMnemonicTypesNothing()
    {
        HandoffDialog d;
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        OnboardingState onboarding;
        onboarding.workspace.workspaceName = QStringLiteral("nlp");
        onboarding.workspace.members = {{"Li Wei", "li.wei", Role::Developer, {}, 0},
                                        {"Mei Chen", "mei.chen", Role::Developer, {}, 0}};
        onboarding.firstRun.ranBy = QStringLiteral("li.wei");
        d.setOnboarding(onboarding);
        QVERIFY(d.open(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json")));
        auto *member = d.findChild<QLineEdit *>(QStringLiteral("handoffMember"));
        auto *replay = d.findChild<QPushButton *>(QStringLiteral("handoffReplay"));
        QVERIFY(member && replay);
        d.activateWindow();
        member->setFocus();
        QTRY_VERIFY(member->hasFocus());
        member->setText(QStringLiteral("li.wei"));
        member->end(false);
        QVERIFY(!replay->isEnabled());
        QSignalSpy pressed(replay, &QPushButton::clicked);
        for (const Qt::Key k : {Qt::Key_R, Qt::Key_A, Qt::Key_Q}) {
            QTest::keyClick(member, k, Qt::AltModifier);
            QCOMPARE(member->text(), QStringLiteral("li.wei"));
        }
        QCOMPARE(pressed.count(), 0);
        QVERIFY(!d.isReplaying());
        QTest::keyClick(member, Qt::Key_X);
        QCOMPARE(member->text(), QStringLiteral("li.weix"));
        QTest::keyClick(member, Qt::Key_Backspace);
        QCOMPARE(member->text(), QStringLiteral("li.wei"));
    }
};

QTEST_MAIN(TestHandoffDialog)
#include "tst_handoffdialog.moc"
