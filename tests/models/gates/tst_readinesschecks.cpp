#include "ReadinessChecks.h"
#include "RunGates.h"

#include <QSet>
#include <QtTest>

using namespace onramp;

// Gate 5's one table of checks: the keys the gate records, each with both of its names.
class TestReadinessChecks : public QObject
{
    Q_OBJECT

private slots:
    void theTableHasTheGatesChecksInOrder()
    {
        QStringList keys;
        for (const ReadinessCheck &c : readinessChecks())
            keys << QLatin1String(c.key);
        QCOMPARE(keys, EnvironmentGateData::checkNames());
    }

    void everyCheckHasTwoDistinctNames()
    {
        QSet<QString> titles, jobs;
        for (const ReadinessCheck &c : readinessChecks()) {
            QVERIFY(!c.titleText().isEmpty());
            QVERIFY(!c.jobNameText().isEmpty());
            QVERIFY(c.titleText() != c.jobNameText());
            titles << c.titleText();
            jobs << c.jobNameText();
        }
        QCOMPARE(titles.size(), int(readinessChecks().size()));
        QCOMPARE(jobs.size(), int(readinessChecks().size()));
    }

    void findsByKey()
    {
        const ReadinessCheck *c = findReadinessCheck(u"checkpoint");
        QVERIFY(c);
        QCOMPARE(c->titleText(), QStringLiteral("Checkpoints save and resume"));
        QVERIFY(!findReadinessCheck(u"first-run"));
        QVERIFY(!findReadinessCheck(u""));
    }

    void jobNames_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("name");
        QTest::newRow("environment") << "environment"
                                     << "Light training loop";
        QTest::newRow("data") << "data"
                              << "Data read";
        QTest::newRow("checkpoint") << "checkpoint"
                                    << "Checkpoint and resume";
        QTest::newRow("metrics") << "metrics"
                                 << "Metrics";
        QTest::newRow("first run") << "first-run"
                                   << "First run";
        QTest::newRow("another job") << "fingerprint"
                                     << "fingerprint";
    }
    void jobNames()
    {
        QFETCH(QString, key);
        QFETCH(QString, name);
        QCOMPARE(jobNameText(key), name);
    }
};

QTEST_APPLESS_MAIN(TestReadinessChecks)
#include "tst_readinesschecks.moc"
