#pragma once

#include "Error.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <expected>

namespace onramp {

// When a run resumes itself (the run spec's `recovery`, docs/run-spec.md): how many times a job
// is submitted again, after which ends, and how long it waits first. A preemption, an
// interruption by the provider and a lost node always count; a failure counts only when its
// exit code is listed. A cancel, a time limit or an unlisted failure never does: retrying an
// auth or configuration error only wastes the wait.
struct RecoveryPolicy
{
    static constexpr int kMaxRestarts = 100;
    static constexpr int kMaxExitCodes = 32;
    static constexpr double kMaxBackoffSeconds = 3600;

    int maxRestarts = 0;
    QList<int> retryExitCodes; // 1..255, each once
    double backoffSeconds = 0;

    // Whether anything is set: a spec without a policy writes none (its fingerprint stays).
    bool isSet() const { return maxRestarts > 0 || !retryExitCodes.isEmpty() || backoffSeconds > 0; }
    bool operator==(const RecoveryPolicy &) const = default;

    // The onboarding's first run: two restarts after a preemption or a lost node, 10 s apart.
    static RecoveryPolicy firstRunDefault() { return {2, {}, 10}; }

    // Why the ended `job` (the API's Job) is worth submitting again under this policy:
    // "preempted", "interrupted", "node_lost" or "exit_code"; empty when it is not.
    QString retryCause(const QJsonObject &job) const;

    // What the policy does, in a sentence (translated).
    QString text() const;

    // Inline: the run spec's importer is fuzzed on its own (tests/fuzz) and needs no more.
    QJsonObject toJson() const
    {
        QJsonArray codes;
        for (int c : retryExitCodes)
            codes.append(c);
        return {{"maxRestarts", maxRestarts},
                {"retryExitCodes", codes},
                {"backoffSeconds", backoffSeconds}};
    }
    // The saved form (the state's copy); `path` names the field in errors.
    static std::expected<RecoveryPolicy, Error> fromJson(const QJsonValue &v, const QString &path);
};

} // namespace onramp
