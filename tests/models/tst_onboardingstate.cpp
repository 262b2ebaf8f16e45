#include "OnboardingState.h"
#include "StateStore.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace onramp;

class TestOnboardingState : public QObject
{
    Q_OBJECT

    static QByteArray readAll(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    static OnboardingState sample()
    {
        OnboardingState s;
        s.language = QStringLiteral("zh_CN");
        s.currentPage = 3;
        GateRecord &a = s.gate(GateId::Account);
        a.status = GateStatus::Passed;
        a.evidence = QStringLiteral("服务入口可见");
        a.acceptedBy = QStringLiteral("Reviewer");
        a.acceptedAt = QDateTime(QDate(2026, 11, 5), QTime(8, 10), Qt::UTC);
        GateRecord &q = s.gate(GateId::Quota);
        q.status = GateStatus::Waiting;
        q.waitingFor = QStringLiteral("quota review");
        q.waitingSince = QDateTime(QDate(2026, 11, 6), QTime(6, 0, 0, 123), Qt::UTC);
        q.notes = QStringLiteral("line one\nline two");
        s.gate(GateId::Workspace).status = GateStatus::Rejected;
        s.gate(GateId::Workspace).rejectionReason = QStringLiteral("everyone is admin");
        s.gate(GateId::Workspace).whatToChange = QStringLiteral("one admin, rest developers");
        return s;
    }

private slots:
    void jsonRoundTrip()
    {
        const OnboardingState s = sample();
        auto back = OnboardingState::fromJson(s.toJson());
        QVERIFY(back.has_value());
        QCOMPARE(*back, s);
    }

    void saveAndLoadThroughFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/onboarding.json"));
        {
            StateStore store(path);
            QVERIFY(!store.load().notice);
            store.update([](OnboardingState &s) { s = sample(); });
            QVERIFY(store.hasUnsavedChanges());
            QVERIFY(store.saveNow().has_value());
        }
        StateStore again(path);
        QVERIFY(!again.load().notice);
        QCOMPARE(again.state(), sample());
        QCOMPARE(QJsonDocument::fromJson(readAll(path)).object().value("schemaVersion").toInt(),
                 OnboardingState::kSchemaVersion);
    }

    void autosavesAfterAChange()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("onboarding.json"));
        StateStore store(path);
        store.load();
        store.setSaveDelay(10);
        QSignalSpy changed(&store, &StateStore::changed);
        store.update([](OnboardingState &s) { s.gate(GateId::Quota).notes = "typed"; });
        QCOMPARE(changed.count(), 1);
        QTRY_VERIFY(QFile::exists(path));
        QVERIFY(!store.hasUnsavedChanges());
        QVERIFY(readAll(path).contains("typed"));
    }

    void noOpUpdateIsNotAChange()
    {
        StateStore store(QString{});
        QSignalSpy changed(&store, &StateStore::changed);
        store.update([](OnboardingState &) {});
        QCOMPARE(changed.count(), 0);
    }

    void destructionFlushesPendingChanges()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("onboarding.json"));
        {
            StateStore store(path);
            store.load();
            store.setSaveDelay(60'000);
            store.update([](OnboardingState &s) { s.currentPage = 5; });
        }
        StateStore again(path);
        again.load();
        QCOMPARE(again.state().currentPage, 5);
    }

    void migratesVersionZero()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("onboarding.json"));
        QVERIFY(QFile::copy(QStringLiteral(ONRAMP_TEST_DATA "/state-v0.json"), path));
        const QByteArray original = readAll(path);
        StateStore store(path);
        QVERIFY(!store.load().notice);
        const OnboardingState &s = store.state();
        QCOMPARE(s.language, QStringLiteral("zh_CN"));
        QCOMPARE(s.currentPage, 3);
        QCOMPARE(s.gate(GateId::Account).status, GateStatus::Passed);
        QCOMPARE(s.gate(GateId::Quota).status, GateStatus::InProgress);
        QCOMPARE(s.gate(GateId::Account).notes, QStringLiteral("营业执照扫描件要盖章"));
        QCOMPARE(s.gate(GateId::FirstRun).status, GateStatus::NotStarted);
        // The original is kept, and the migrated form is what gets written.
        QCOMPARE(readAll(path + ".v0.bak"), original);
        QVERIFY(store.saveNow().has_value());
        QCOMPARE(QJsonDocument::fromJson(readAll(path)).object().value("schemaVersion").toInt(), 1);
    }

    // Schema-1 files written by earlier builds (the demo state as the first build and the gate 4
    // build wrote it, from git history): they load as they are, without a notice, and what
    // they held survives a save and a reload.
    void readsSchemaOneFilesFromEarlierBuilds_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("first build") << "state-v1-first-build.json";
        QTest::newRow("gate 4 plan") << "state-v1-gate4-plan.json";
    }

    void readsSchemaOneFilesFromEarlierBuilds()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("onboarding.json"));
        QVERIFY(QFile::copy(QStringLiteral(ONRAMP_TEST_DATA "/") + file, path));
        StateStore store(path);
        const auto r = store.load();
        QVERIFY2(!r.notice, qPrintable(r.notice ? r.notice->message + " " + r.notice->details
                                                : QString()));
        const OnboardingState s = store.state();
        QCOMPARE(s.currentPage, 3);
        QCOMPARE(s.gate(GateId::Account).status, GateStatus::Passed);
        QCOMPARE(s.gate(GateId::Account).acceptedBy, QStringLiteral("Provider review desk"));
        QCOMPARE(s.gate(GateId::Workspace).status, GateStatus::Passed);
        QCOMPARE(s.gate(GateId::Quota).status, GateStatus::Waiting);
        QCOMPARE(s.gate(GateId::Quota).waitingFor, QStringLiteral("the provider's quota review"));
        QCOMPARE(s.gate(GateId::Quota).waitingSince,
                 QDateTime(QDate(2026, 11, 6), QTime(6, 0), Qt::UTC));
        if (file.contains(QLatin1String("gate4"))) {
            QCOMPARE(s.gate(GateId::Resources).status, GateStatus::InProgress);
            QCOMPARE(s.resources.choice.setup.model.key, QStringLiteral("qwen2.5-7b"));
            QCOMPARE(s.resources.choice.instance, QStringLiteral("gpu.a100-80g.8"));
            QCOMPARE(s.resources.choice.dataPath, QStringLiteral("/mnt/data/sft-v3"));
        }
        QVERIFY(store.saveNow().has_value());
        StateStore again(path);
        QVERIFY(!again.load().notice);
        QCOMPARE(again.state(), s);
    }

    void refusesToOverwriteANewerFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("onboarding.json"));
        QVERIFY(QFile::copy(QStringLiteral(ONRAMP_TEST_DATA "/state-future.json"), path));
        const QByteArray original = readAll(path);
        StateStore store(path);
        const auto r = store.load();
        QVERIFY(r.notice.has_value());
        QCOMPARE(r.notice->kind, Error::Kind::Version);
        QVERIFY(r.notice->message.contains("99"));
        QVERIFY(store.isReadOnly());
        store.update([](OnboardingState &s) { s.currentPage = 4; });
        QVERIFY(!store.saveNow().has_value());
        QCOMPARE(readAll(path), original);
    }

    void setsACorruptFileAside_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("detail");
        QTest::newRow("truncated") << "state-truncated.json"
                                   << "JSON error";
        QTest::newRow("wrong type") << "state-badtype.json"
                                    << "$.gates.quota.acceptedAt";
    }

    void setsACorruptFileAside()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, detail);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("onboarding.json"));
        QVERIFY(QFile::copy(QStringLiteral(ONRAMP_TEST_DATA "/") + fixture, path));
        const QByteArray original = readAll(path);
        StateStore store(path);
        const auto r = store.load();
        QVERIFY(r.notice.has_value());
        QCOMPARE(r.notice->kind, Error::Kind::Parse);
        QVERIFY2(r.notice->details.contains(detail), qPrintable(r.notice->details));
        QVERIFY(!QFile::exists(path));
        const QStringList aside =
            QDir(dir.path()).entryList({QStringLiteral("onboarding.json.corrupt-*")});
        QCOMPARE(aside.size(), 1);
        QCOMPARE(readAll(dir.filePath(aside.first())), original);
        QVERIFY(r.notice->message.contains(aside.first()));
        QCOMPARE(store.state(), OnboardingState{});
        QVERIFY(!store.isReadOnly());
    }

    void readOnlyLoadNeverTouchesTheFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("onboarding.json"));
        QVERIFY(QFile::copy(QStringLiteral(ONRAMP_TEST_DATA "/state-truncated.json"), path));
        {
            StateStore store(path);
            QVERIFY(store.load(StateStore::Access::ReadOnly).notice.has_value());
        }
        QVERIFY(QFile::exists(path));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }

    void rejectsUnknownStatus()
    {
        QJsonObject gates{{"account", QJsonObject{{"status", "approved-ish"}}}};
        auto r = OnboardingState::fromJson(QJsonObject{{"schemaVersion", 1}, {"gates", gates}});
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().field, QStringLiteral("$.gates.account.status"));
    }
};

QTEST_GUILESS_MAIN(TestOnboardingState)
#include "tst_onboardingstate.moc"
