#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <expected>

class QJsonObject;
class QProcessEnvironment;

namespace onramp {

// What the sandbox does wrong on purpose, for tests and demos, each off at its zero value.
// Transport faults (the first group) act on requests; the fault plan (the second group, what
// `onramp sandbox serve --faults FILE` and ONRAMP_SANDBOX_FAULTS read, docs/faults.md) acts on
// stock and on jobs. Tests set the fields directly; a plan file goes through
// parseFaultPlan(), which refuses anything it does not know.
struct SandboxFaults
{
    // Transport: every request waits latencyMs first; the next `resetAfterCommit` requests are
    // carried out and then the connection is cut before the answer; the next `stallBody`
    // answers promise a body and stop sending; the next `redirect` answers are a 307 to
    // another port.
    int latencyMs = 0;
    int resetAfterCommit = 0;
    bool resetCreatesOnly = false; // count only creates (POST) towards resetAfterCommit
    int stallBody = 0;
    int redirect = 0;

    // Stock: every zone (stockOut) or the zones listed report no free cards.
    bool stockOut = false;
    QStringList stockOutZones;

    // Jobs. `job` picks which: a job whose topic, name or builtin entry is that word (empty:
    // any job). Steps are the ones the job's log reports ({"event":"step","step":N}).
    struct AtStep
    {
        int atStep = 0; // 0: off
        QString job;
        bool operator==(const AtStep &) const = default;
    };
    // The instance is preempted when the job reports step atStep or later: SIGTERM (the job may
    // save and leave), the job ends `interrupted` with reason code Preempted. `times`: how many
    // jobs it happens to (each one counts down).
    AtStep preempt;
    int preemptTimes = 1;
    // The job hangs after step atStep: stopped (SIGSTOP, with its children), printing nothing,
    // until it is interrupted or cancelled.
    AtStep hang;
    // A sick GPU: the instance shows its cards through an nvidia-smi of the sandbox's (the
    // sandbox has no cards), card `sickGpu` reporting `eccErrors` uncorrected ECC errors and
    // `temperatureC`. -1: off.
    int sickGpu = -1;
    int eccErrors = 0;
    int temperatureC = 0;
    // Slow storage: reading the data costs this many milliseconds per MiB read (the probe's
    // data check reads ONRAMP_SLOW_READ_MS_PER_MIB).
    int slowReadMsPerMiB = 0;

    bool operator==(const SandboxFaults &) const = default;

    // Whether a job is the one `at` names.
    static bool matches(const AtStep &at, const QJsonObject &job);
    // The environment a job gets under this plan: the sick GPU's nvidia-smi first on PATH
    // (written to `binDir`), the slow read's variable.
    void applyToJob(QProcessEnvironment &env, const QJsonObject &job, const QString &binDir) const;
};

// Limits of a fault plan file (untrusted input: a demo's file, a test's).
inline constexpr qsizetype kMaxFaultPlanBytes = 64 * 1024;

// A fault plan (docs/faults.md) read from JSON: unknown keys, wrong types and values out of
// range are refused with an English message that names the field ("$.preempt.atStep: …").
std::expected<SandboxFaults, QString> parseFaultPlan(const QByteArray &json);
// The same, read from a file; the message starts with the file's path.
std::expected<SandboxFaults, QString> readFaultPlan(const QString &path);

} // namespace onramp
