#include "ProviderStates.h"

#include <QtTest>

using namespace onramp;

// The provider's state keys parse to enums once, so the UI compares enums: every documented key
// maps to its state and back, and a key this build does not know reads as Unknown.
class TestProviderStates : public QObject
{
    Q_OBJECT

    template <typename State> static void roundTrips(State last)
    {
        for (int i = 0; i <= int(last); ++i) {
            const State s = State(i);
            QCOMPARE(fromKey<State>(key(s)), s);
            QVERIFY2(!label(s).isEmpty(), qPrintable(key(s)));
        }
        QVERIFY(key(State::Unknown).isEmpty());
        QVERIFY(label(State::Unknown).isEmpty());
    }

private slots:
    void reviewStates_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<ReviewState>("state");
        QTest::newRow("not sent") << QString() << ReviewState::NotSent;
        QTest::newRow("pending") << "pending" << ReviewState::Pending;
        QTest::newRow("approved") << "approved" << ReviewState::Approved;
        QTest::newRow("rejected") << "rejected" << ReviewState::Rejected;
        QTest::newRow("returned") << "returned" << ReviewState::Returned;
        QTest::newRow("not required") << "not_required" << ReviewState::NotRequired;
        QTest::newRow("case matters") << "Approved" << ReviewState::Unknown;
        QTest::newRow("new state") << "escalated" << ReviewState::Unknown;
        QTest::newRow("blank") << " " << ReviewState::Unknown;
    }
    void reviewStates()
    {
        QFETCH(QString, key);
        QFETCH(ReviewState, state);
        QCOMPARE(fromKey<ReviewState>(key), state);
    }

    void instanceStates_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<InstanceState>("state");
        QTest::newRow("none") << QString() << InstanceState::None;
        QTest::newRow("pending") << "pending" << InstanceState::Starting;
        QTest::newRow("starting") << "starting" << InstanceState::Starting;
        QTest::newRow("running") << "running" << InstanceState::Running;
        QTest::newRow("stopped") << "stopped" << InstanceState::Stopped;
        QTest::newRow("released") << "released" << InstanceState::Released;
        QTest::newRow("unknown") << "hibernating" << InstanceState::Unknown;
    }
    void instanceStates()
    {
        QFETCH(QString, key);
        QFETCH(InstanceState, state);
        QCOMPARE(fromKey<InstanceState>(key), state);
    }

    void jobStates_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<JobState>("state");
        QTest::newRow("none") << QString() << JobState::None;
        QTest::newRow("queued") << "queued" << JobState::Queued;
        QTest::newRow("running") << "running" << JobState::Running;
        QTest::newRow("interrupting") << "interrupting" << JobState::Interrupting;
        QTest::newRow("succeeded") << "succeeded" << JobState::Succeeded;
        QTest::newRow("failed") << "failed" << JobState::Failed;
        QTest::newRow("interrupted") << "interrupted" << JobState::Interrupted;
        QTest::newRow("cancelled") << "cancelled" << JobState::Cancelled;
        QTest::newRow("American spelling") << "canceled" << JobState::Unknown;
        QTest::newRow("Slurm's own") << "COMPLETED" << JobState::Unknown;
    }
    void jobStates()
    {
        QFETCH(QString, key);
        QFETCH(JobState, state);
        QCOMPARE(fromKey<JobState>(key), state);
    }

    void checkStates_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<CheckState>("state");
        QTest::newRow("not run") << QString() << CheckState::NotRun;
        QTest::newRow("running") << "running" << CheckState::Running;
        QTest::newRow("passed") << "passed" << CheckState::Passed;
        QTest::newRow("failed") << "failed" << CheckState::Failed;
        QTest::newRow("a job's word") << "succeeded" << CheckState::Unknown;
    }
    void checkStates()
    {
        QFETCH(QString, key);
        QFETCH(CheckState, state);
        QCOMPARE(fromKey<CheckState>(key), state);
    }

    void everyStateHasAKeyAndAName()
    {
        roundTrips(ReviewState::NotRequired);
        roundTrips(InstanceState::Released);
        roundTrips(JobState::Cancelled);
        roundTrips(CheckState::Failed);
    }

    // What the job monitor and the provider panel show.
    void aReportedStateShowsItsNameOrTheProvidersWord()
    {
        QCOMPARE(labelOf<JobState>(QStringLiteral("interrupting")), QStringLiteral("interrupted"));
        QCOMPARE(labelOf<JobState>(QStringLiteral("succeeded")), QStringLiteral("succeeded"));
        QCOMPARE(labelOf<JobState>(QStringLiteral("preempted")), QStringLiteral("preempted"));
        QCOMPARE(labelOf<JobState>(QString()), QString());
        QCOMPARE(labelOf<InstanceState>(QStringLiteral("pending")), QStringLiteral("starting"));
        QCOMPARE(labelOf<InstanceState>(QString()), QString());
    }
};

QTEST_APPLESS_MAIN(TestProviderStates)
#include "tst_providerstates.moc"
