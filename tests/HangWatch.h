#pragma once

// Watching a job that stops stepping while it still runs, as the live monitor does: the time
// since the newest step arrived, by the watcher's clock, fed to the triage.

#include "ProbeEvents.h"
#include "Triage.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QTest>

#include <functional>

struct HangWatch
{
    int steps = 0;                   // the steps logged when they stopped coming
    bool hungAtOnce = false;         // the triage said hung right after the last step
    onramp::Diagnosis diagnosis;     // after waiting: Hung once it was seen
    QJsonObject job;                 // the last read, its log under "log"
};

// `read` answers the job with its log under "log". Reads every `pollMs` until `expectedSteps`
// steps are logged (at most `patienceMs`), then until the triage (a hang is no step for ten
// median steps, and never less than `minimumSeconds`) says Hung or `patienceMs` passes.
inline HangWatch watchForHang(const std::function<QJsonObject()> &read, int expectedSteps,
                              double minimumSeconds, int pollMs, int patienceMs)
{
    using namespace onramp;
    HangWatch w;
    QElapsedTimer sinceLastStep, patience;
    patience.start();
    const auto observe = [&] {
        JobObservation seen = JobObservation::fromJob(w.job, w.job.value("log").toString());
        seen.hangMinimumSeconds = minimumSeconds;
        seen.secondsSinceLastStep = sinceLastStep.isValid() ? sinceLastStep.elapsed() / 1000.0 : 0;
        return triage(seen);
    };
    while (w.steps < expectedSteps && patience.elapsed() < patienceMs) {
        QTest::qWait(pollMs);
        w.job = read();
        const int now = int(probeEventList(w.job.value("log").toString(), "step").size());
        if (now > w.steps) {
            w.steps = now;
            sinceLastStep.start();
        }
    }
    w.hungAtOnce = observe().kind == FailureKind::Hung;
    patience.start();
    while (w.diagnosis.kind != FailureKind::Hung && patience.elapsed() < patienceMs) {
        QTest::qWait(pollMs);
        w.job = read();
        w.diagnosis = observe();
    }
    return w;
}

// What a watch of a job that hangs after `steps` steps must have seen: every step, no hang right
// after the last one, then a hang with a first action, the job still running (alive but stuck).
inline void checkHungAfter(const HangWatch &w, int steps)
{
    using namespace onramp;
    QCOMPARE(w.steps, steps);
    QVERIFY(!w.hungAtOnce);
    QCOMPARE(w.diagnosis.kind, FailureKind::Hung);
    QCOMPARE(w.job.value("state").toString(), QStringLiteral("running"));
    QCOMPARE(probeEventList(w.job.value("log").toString(), "step").size(), qsizetype(steps));
    QVERIFY(!w.diagnosis.firstAction.isEmpty());
}
