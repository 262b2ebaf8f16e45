#include "Language.h"
#include "Text.h"
#include "Tr.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace onramp;

// A line kept in a record: translated each time it is read, and saved so that it can be.
class TestText : public QObject
{
    Q_OBJECT

private slots:
    void argumentsFollowQStringArg()
    {
        // The same marker twice takes the same argument; markers take arguments lowest first.
        const Text t = Text::literal(QStringLiteral("%2 then %1 then %2")).arg(QStringLiteral("a"));
        QCOMPARE(t.toString(), QStringLiteral("%2 then a then %2"));
        const Text u = Tr::trLater("interrupted at step %1 with a checkpoint; resumed at step %1, "
                                   "went on at step %2 to %3; optimizer state restored "
                                   "(momentum norm %4)")
                           .arg(30)
                           .arg(31)
                           .arg(40)
                           .arg(0.25, 0, 'g', 6);
        QCOMPARE(u.toString(), QStringLiteral("interrupted at step 30 with a checkpoint; resumed "
                                              "at step 30, went on at step 31 to 40; optimizer "
                                              "state restored (momentum norm 0.25)"));
        // An argument that holds a marker is not read again (a provider's message with "%1").
        const Text v = Tr::trLater("Job %1 ended %2: %3")
                           .arg(QStringLiteral("j-%2"), QStringLiteral("failed"),
                                QStringLiteral("100%1 done"));
        QCOMPARE(v.toString(), QStringLiteral("Job j-%2 ended failed: 100%1 done"));
        // More markers than arguments: the rest stay, as with QString::arg.
        QCOMPARE(Tr::trLater("%1 of %2").arg(3).toString(), QStringLiteral("3 of %2"));
    }

    void joinedSkipsEmptyParts()
    {
        const Text t = Text::joined({Text::literal("a"), Text(), Text::literal("b")}, "\n");
        QCOMPARE(t.toString(), QStringLiteral("a\nb"));
        QVERIFY(Text::joined({Text(), Text()}, "; ").isEmpty());
    }

    // #17 walk: "已通过 3/6 道门槛。 下一步" — a space after "。" reads as a gap in Chinese.
    void sentencesFollowEachOtherAsTheLanguageWrites()
    {
        Language language;
        QVERIFY(language.apply(QStringLiteral("en")));
        QCOMPARE(Tr::sentences({"One.", QString(), "Two."}), QStringLiteral("One. Two."));
        QCOMPARE(Tr::list({"seed", "loss"}), QStringLiteral("seed, loss"));
        QCOMPARE(Tr::clauses({"a", "b", "c"}), QStringLiteral("a, b, c"));
        QCOMPARE(Tr::clauseList({"a", "b"}), QStringLiteral("a; b"));
        QCOMPARE(Tr::labelled("Disk", "80 GB"), QStringLiteral("Disk: 80 GB"));
        QCOMPARE(Tr::caption("Na&me"), QStringLiteral("Na&me:"));
        QCOMPARE(Tr::aside("A100", "80 GB"), QStringLiteral("A100 (80 GB)"));
        // A part's own placeholders stay as they are: the join replaces in one pass.
        QCOMPARE(Tr::clauses({"50%1", "%2 left"}), QStringLiteral("50%1, %2 left"));
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QCOMPARE(Tr::sentences({"一。", QString(), "二。"}), QStringLiteral("一。二。"));
        QCOMPARE(Tr::list({"种子", "损失"}), QStringLiteral("种子、损失"));
        // Each join is the translation's own punctuation (#17 walk: ASCII ":" after gate 1's
        // captions, ", " inside Chinese sentences).
        QCOMPARE(Tr::clauses({"甲", "乙", "丙"}), QStringLiteral("甲，乙，丙"));
        QCOMPARE(Tr::clauseList({"甲", "乙"}), QStringLiteral("甲；乙"));
        QCOMPARE(Tr::labelled("磁盘", "80 GB"), QStringLiteral("磁盘：80 GB"));
        QCOMPARE(Tr::caption("名称(&M)"), QStringLiteral("名称(&M)："));
        QCOMPARE(Tr::aside("A100", "80 GB"), QStringLiteral("A100（80 GB）"));
        QVERIFY(language.apply(QStringLiteral("en")));
    }

    // #17 walk: Qt's own file dialog listed folders as "Folder" in Chinese: Qt 6.4's zh_CN
    // lacks the context Qt 6 reads the type names from. Onramp's translation carries them.
    void qtsFileDialogTypeNamesReadInChinese()
    {
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        const QString folder = QCoreApplication::translate("QAbstractFileIconProvider", "Folder",
                                                           "All other platforms");
        QVERIFY(language.apply(QStringLiteral("en")));
        QCOMPARE(folder, QStringLiteral("文件夹"));
    }

    // #17 walk (item 13): a 14-byte file read "1 KB". Small sizes in bytes, larger ones in
    // binary units, in the language shown.
    void aSizeReadsInBytesUnderAKibibyte()
    {
        Language language;
        QVERIFY(language.apply(QStringLiteral("en")));
        QCOMPARE(dataSizeText(14), QStringLiteral("14 bytes"));
        QCOMPARE(dataSizeText(1), QStringLiteral("1 byte"));
        QCOMPARE(dataSizeText(1023), QStringLiteral("1023 bytes"));
        QCOMPARE(dataSizeText(1536), QStringLiteral("1.50 KiB"));
        QCOMPARE(dataSizeText(qint64(4.25 * (1 << 20))), QStringLiteral("4.25 MiB"));
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QCOMPARE(dataSizeText(14), QStringLiteral("14 字节"));
        QVERIFY(language.apply(QStringLiteral("en")));
    }

    void readsInTheLanguageShownNow()
    {
        const Text t = Tr::trLater("Dossier approved by the provider (review %1).")
                           .arg(QStringLiteral("rv-7"));
        const Text counted =
            Tr::trLater("Released the instance; %n artifact(s) recorded.", nullptr, 3);
        const Text phrase = Tr::trLater("in progress", "gate status, mid-sentence");
        Language language;
        QVERIFY(language.apply(QStringLiteral("en")));
        const QString english = t.toString();
        QCOMPARE(counted.toString(),
                 QStringLiteral("Released the instance; 3 artifacts recorded."));
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        const QString chinese = t.toString();
        QVERIFY2(chinese != english && chinese.contains(QStringLiteral("rv-7")),
                 qPrintable(chinese));
        QVERIFY2(counted.toString().contains(u'3') && !counted.toString().contains("artifact"),
                 qPrintable(counted.toString()));
        QCOMPARE(phrase.toString(), QStringLiteral("进行中"));
        // Kept and read back: the same, in the language shown.
        const auto back = Text::fromJson(t.toJson(), QStringLiteral("$.evidence"));
        QVERIFY(back);
        QCOMPARE(*back, t);
        QCOMPARE(back->toString(), chinese);
        // Words a person typed are never translated.
        QCOMPARE(Text::literal(QStringLiteral("Passed")).toString(), QStringLiteral("Passed"));
        QVERIFY(language.apply(QStringLiteral("en")));
        QCOMPARE(t.toString(), english);
    }

    void roundTripsEveryKind()
    {
        const Text t =
            Text::joined({Tr::trLater("%1: %2", "a readiness check: its evidence")
                              .arg(Text::source("Data reads fast enough"), Text::literal("x")),
                          Tr::trLater("Replayed by %1 on %2: %3 of %4 items passed (spec %5).")
                              .arg(QStringLiteral("mei"))
                              .arg(Text::time(QDateTime(QDate(2026, 12, 3), QTime(9, 30), Qt::UTC)))
                              .arg(5)
                              .arg(6)
                              .arg(QStringLiteral("s-1"))},
                         QStringLiteral("\n"));
        const auto back = Text::fromJson(t.toJson(), QStringLiteral("$"));
        QVERIFY(back);
        QCOMPARE(*back, t);
        QCOMPARE(back->toString(), t.toString());
        // A plain string, as every state before this format holds, reads as it is.
        const auto old = Text::fromJson(QJsonValue(QStringLiteral("Dossier approved")), "$");
        QVERIFY(old);
        QCOMPARE(old->toString(), QStringLiteral("Dossier approved"));
        QCOMPARE(old->toJson(), QJsonValue(QStringLiteral("Dossier approved")));
    }

    void refusesWhatItCannotRead()
    {
        const auto refused = [](const QJsonValue &v) {
            const auto t = Text::fromJson(v, QStringLiteral("$.gates[0].evidence"));
            return t ? QString() : t.error().field;
        };
        QCOMPARE(refused(QJsonValue(3)), QStringLiteral("$.gates[0].evidence"));
        QCOMPARE(refused(QJsonObject{{"text", "a"}, {"script", "b"}}),
                 QStringLiteral("$.gates[0].evidence.script"));
        QCOMPARE(refused(QJsonObject{{"text", 5}}), QStringLiteral("$.gates[0].evidence.text"));
        QCOMPARE(refused(QJsonObject{{"text", "%n"}, {"n", -2}}),
                 QStringLiteral("$.gates[0].evidence.n"));
        QCOMPARE(refused(QJsonObject{{"text", "%1"}, {"args", QJsonArray{QJsonArray{}}}}),
                 QStringLiteral("$.gates[0].evidence.args[0]"));
        QCOMPARE(refused(QJsonObject{{"time", "yesterday"}}),
                 QStringLiteral("$.gates[0].evidence.time"));
        // Nesting without end is refused, not followed.
        QJsonValue deep = QStringLiteral("x");
        for (int i = 0; i < 40; ++i)
            deep = QJsonObject{{"text", "%1"}, {"args", QJsonArray{deep}}};
        QVERIFY(!refused(deep).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestText)
#include "tst_text.moc"
