// "Open a handoff spec…" (HandoffDialog): gaps marked, a bad file refused with its field, the
// replay reported item by item.
#include "WizardHarness.h"
#include "HandoffDialog.h"

#include <QLineEdit>

#include <QJsonDocument>
#include <QTreeWidget>

class TestHandoffDialog : public QObject, WizardFixture
{
    Q_OBJECT

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
                missing << d.items()->topLevelItem(i)->text(1);
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
                                                 "tiny-lm-byte (pretrain, fp32) on the CPU; the "
                                                 "planned run is &lt;b&gt;qwen2.5-7b&lt;/b&gt; "
                                                 "(lora, bf16)")),
                 qPrintable(summary));
        QVERIFY(d.open(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json")));
        QVERIFY(!d.findChild<QLabel *>()->text().contains(QStringLiteral("stand-in")));
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
        qunsetenv("ONRAMP_SANDBOX_MODULE");
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
};

QTEST_MAIN(TestHandoffDialog)
#include "tst_handoffdialog.moc"
