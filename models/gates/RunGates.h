#pragma once

#include "Error.h"
#include "GateTypes.h"
#include "RecoveryPolicy.h"
#include "RunAttempt.h"
#include "Text.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <expected>

namespace onramp {

// One check run as a job at the provider: where it stands, what proves it, and — when it
// failed — the triage's diagnosis.
struct CheckResult
{
    QString state; // "" not run, running, passed, failed
    Text evidence;
    Text diagnosis;      // the failure's name, cause and first action (translated)
    QString failureKind; // failureKindName() of the diagnosis
    QString jobId;
    QDateTime at;

    bool passed() const { return state == QLatin1String("passed"); }
    bool operator==(const CheckResult &) const = default;
    QJsonObject toJson() const;
    static std::expected<CheckResult, Error> fromJson(const QJsonObject &o, const QString &path);
};

// Gate 5: the guides' four readiness checks. "Ready" means all four passed.
struct EnvironmentGateData
{
    static const QStringList &checkNames(); // environment, data, checkpoint, metrics

    QMap<QString, CheckResult> checks;
    QJsonObject fingerprint; // what the environment check saw

    bool ready() const;
    bool operator==(const EnvironmentGateData &) const = default;
    QJsonObject toJson() const;
    static std::expected<EnvironmentGateData, Error> fromJson(const QJsonObject &o,
                                                              const QString &path);
};

// Gate 6: the first run's five points and loss summary, and the wrap-up.
struct FirstRunGateData
{
    static const QStringList &pointNames(); // the guides' five verification points

    CheckResult run;
    QMap<QString, bool> points;
    int steps = 0;
    double firstLoss = 0, lastLoss = 0, minLoss = 0;
    double seconds = 0; // the first run's duration
    // What the run spec records of it, as the job reported it: the trainer (program, code
    // hash, framework, device, configuration, parameters applied), the data manifest, and the
    // loss at every logged step.
    QJsonObject trainer;
    QJsonObject manifest;
    QList<std::pair<int, double>> curve;
    QString ranBy; // the member whose job the first run was
    // When the first run resumes itself (the run spec's `recovery`), and its jobs: one per
    // submission, in order, each with its cause. The curve above is the whole run's.
    RecoveryPolicy recovery = RecoveryPolicy::firstRunDefault();
    QList<RunAttempt> attempts;
    // The colleague's replay that accepts gate 6 (ReplayOutcome::toRecord), empty until one ran.
    QJsonObject replay;
    // Wrap-up.
    bool released = false;
    QStringList archived; // artifacts kept, under purposeful names
    QDateTime wrappedUpAt;

    bool operator==(const FirstRunGateData &) const = default;
    QJsonObject toJson() const;
    static std::expected<FirstRunGateData, Error> fromJson(const QJsonObject &o,
                                                           const QString &path);
};

// "sha256:" + hex of a loss curve's canonical JSON ([[step, loss], …]): names a first run.
QString curveDigest(const QList<std::pair<int, double>> &curve);

} // namespace onramp
