#pragma once

#include <QString>
#include <QStringView>

#include <array>

namespace onramp {

// Gate 5's four readiness checks, in the order they run, with the two names a user reads: what
// the check proves (the gate's checklist) and the job that proves it (the job monitor). The keys
// are those of EnvironmentGateData::checkNames() and of the probe's modes.
struct ReadinessCheck
{
    struct Source // as QT_TRANSLATE_NOOP3 makes it
    {
        const char *text;
        const char *disambiguation;
    };

    const char *key; // "environment"
    Source title;    // "Framework, driver and accelerator library"
    Source jobName;  // "Light training loop"

    QString titleText() const;   // translated
    QString jobNameText() const; // translated
};

const std::array<ReadinessCheck, 4> &readinessChecks();
// The check with this key; nullptr for another key.
const ReadinessCheck *findReadinessCheck(QStringView key);

// The translated name of the job a gate runs: a readiness check's (by its key) or the first
// run's ("first-run"); the key itself for any other job.
QString jobNameText(const QString &key);

} // namespace onramp
