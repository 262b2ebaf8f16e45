#include "RecoveryPolicy.h"

#include "ProviderStates.h"
#include "GateTypes.h"
#include "Tr.h"

#include <QJsonArray>
#include <QStringList>

#include <cmath>

namespace onramp {

QString RecoveryPolicy::retryCause(const QJsonObject &job) const
{
    const JobState state = jobStateOf(job);
    const QJsonObject reason = job.value(QLatin1String("reason")).toObject();
    const QString code = reason.value(QLatin1String("code")).toString();
    // Slurm's own words where the backend is Slurm (SlurmClient keeps them as slurmState).
    const QString slurm = job.value(QLatin1String("slurmState")).toString();
    if (state == JobState::Cancelled || state == JobState::Succeeded)
        return {};
    if (code == QLatin1String("NodeFail") || code == QLatin1String("NodeLost") ||
        slurm == QLatin1String("NODE_FAIL") || slurm == QLatin1String("BOOT_FAIL"))
        return QStringLiteral("node_lost");
    if (code == QLatin1String("Preempted") || slurm == QLatin1String("PREEMPTED"))
        return QStringLiteral("preempted");
    if (state == JobState::Interrupted)
        return QStringLiteral("interrupted");
    if (state == JobState::Failed && code != QLatin1String("TimeLimit") &&
        job.contains(QLatin1String("exitCode")) &&
        retryExitCodes.contains(job.value(QLatin1String("exitCode")).toInt()))
        return QStringLiteral("exit_code");
    return {};
}

QString RecoveryPolicy::text() const
{
    if (maxRestarts <= 0)
        return Tr::tr("Does not resume itself: a preemption ends the run.");
    QStringList codes;
    for (int c : retryExitCodes)
        codes << QString::number(c);
    return Tr::sentences(
        {Tr::tr("Resumes itself up to %n time(s) after a preemption, an interruption by the "
                "provider or a lost node, waiting %1 s first, from its newest good checkpoint.",
                nullptr, maxRestarts)
             .arg(backoffSeconds, 0, 'g', 4),
         codes.isEmpty() ? QString()
                         : Tr::tr("Exit codes that mean retry: %1.")
                               .arg(Tr::list(codes))});
}

std::expected<RecoveryPolicy, Error> RecoveryPolicy::fromJson(const QJsonValue &v,
                                                              const QString &path)
{
    const auto bad = [&](const QString &field, const QString &why) {
        return std::unexpected(invalidSavedValue(path + u'.' + field, why));
    };
    if (!v.isObject())
        return std::unexpected(invalidSavedValue(path, Tr::tr("expected an object")));
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        if (it.key() != QLatin1String("maxRestarts") &&
            it.key() != QLatin1String("retryExitCodes") &&
            it.key() != QLatin1String("backoffSeconds"))
            return bad(it.key(), Tr::tr("unknown key “%1”").arg(it.key()));
    RecoveryPolicy p;
    const QJsonValue restarts = o.value(QLatin1String("maxRestarts"));
    if (!restarts.isUndefined()) {
        const double d = restarts.toDouble(-1);
        if (!restarts.isDouble() || std::floor(d) != d || d < 0 || d > kMaxRestarts)
            return bad(QStringLiteral("maxRestarts"),
                       Tr::tr("expected a whole number from 0 to %1").arg(kMaxRestarts));
        p.maxRestarts = int(d);
    }
    const QJsonValue codes = o.value(QLatin1String("retryExitCodes"));
    if (!codes.isUndefined()) {
        if (!codes.isArray() || codes.toArray().size() > kMaxExitCodes)
            return bad(QStringLiteral("retryExitCodes"),
                       Tr::tr("expected a list of at most %1 exit codes").arg(kMaxExitCodes));
        for (const QJsonValue &c : codes.toArray()) {
            const double d = c.toDouble(-1);
            if (!c.isDouble() || std::floor(d) != d || d < 1 || d > 255 ||
                p.retryExitCodes.contains(int(d)))
                return bad(QStringLiteral("retryExitCodes"),
                           Tr::tr("expected exit codes from 1 to 255, each once"));
            p.retryExitCodes << int(d);
        }
    }
    const QJsonValue backoff = o.value(QLatin1String("backoffSeconds"));
    if (!backoff.isUndefined()) {
        const double d = backoff.toDouble(-1);
        if (!backoff.isDouble() || !(d >= 0 && d <= kMaxBackoffSeconds))
            return bad(QStringLiteral("backoffSeconds"),
                       Tr::tr("expected seconds from 0 to %1").arg(kMaxBackoffSeconds));
        p.backoffSeconds = d;
    }
    return p;
}

} // namespace onramp
