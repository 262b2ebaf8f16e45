#include "RunAttempt.h"

#include "GateTypes.h"
#include "Tr.h"

#include <QMap>

namespace onramp {

QString RunAttempt::text() const
{
    static const QMap<QString, const char *> causes = {
        {QStringLiteral("preempted"), QT_TRANSLATE_NOOP("Onramp", "preempted")},
        {QStringLiteral("interrupted"), QT_TRANSLATE_NOOP("Onramp", "interrupted by the provider")},
        {QStringLiteral("node_lost"), QT_TRANSLATE_NOOP("Onramp", "node lost")},
        {QStringLiteral("exit_code"), QT_TRANSLATE_NOOP("Onramp", "exit code listed for a retry")}};
    static const QMap<QString, const char *> states = {
        {QStringLiteral("succeeded"), QT_TRANSLATE_NOOP("Onramp", "succeeded")},
        {QStringLiteral("failed"), QT_TRANSLATE_NOOP("Onramp", "failed")},
        {QStringLiteral("interrupted"), QT_TRANSLATE_NOOP("Onramp", "interrupted")},
        {QStringLiteral("cancelled"), QT_TRANSLATE_NOOP("Onramp", "cancelled")}};
    const char *c = causes.value(cause);
    const char *s = states.value(state);
    const QString how = c ? Tr::tr(c) : s ? Tr::tr(s) : state;
    QString start = resumedFrom > 0 ? Tr::tr("resumed from step %1").arg(resumedFrom)
                                          : Tr::tr("fresh start");
    // The step is the last one the job logged: a provider that stops a job "at step 30" may see
    // it log step 31 before it ends, so the provider's own count is not repeated here.
    if (providerRequeues > 0) {
        const QString again = requeueResumedFrom > 0
                                  ? Tr::tr("resumed from step %1").arg(requeueResumedFrom)
                                  : Tr::tr("fresh start");
        start += Tr::tr("; requeued by the provider itself %1×, under the same job, %2")
                     .arg(providerRequeues)
                     .arg(again);
    }
    QString line = Tr::tr("job %1: %2, last step logged %3 (%4)")
                       .arg(jobId.left(8), how)
                       .arg(lastStep)
                       .arg(start);
    // A retried cause says what happened in the user's language; the provider's words are the
    // technical details (`reason`, shown as a tooltip). An end that is not retried keeps its reason: that is
    // what the user acts on.
    if (!reason.isEmpty() && cause.isEmpty())
        line += Tr::tr(" — the provider says: %1").arg(reason);
    return line;
}

QJsonObject RunAttempt::toJson() const
{
    QJsonObject o{{"jobId", jobId},
                  {"state", state},
                  {"cause", cause},
                  {"reason", reason},
                  {"exitCode", exitCode},
                  {"resumedFrom", resumedFrom},
                  {"lastStep", lastStep},
                  {"endedAt", endedAt.isValid() ? endedAt.toUTC().toString(Qt::ISODateWithMs)
                                                : QString()}};
    // Written only when there were any: a reader from before them still reads the record.
    if (providerRequeues > 0) {
        o["providerRequeues"] = providerRequeues;
        o["requeueResumedFrom"] = requeueResumedFrom;
    }
    return o;
}

std::expected<RunAttempt, Error> RunAttempt::fromJson(const QJsonValue &v, const QString &path)
{
    if (!v.isObject())
        return std::unexpected(invalidSavedValue(path, Tr::tr("expected an object")));
    const QJsonObject o = v.toObject();
    static const QStringList known = {
        QStringLiteral("jobId"),    QStringLiteral("state"),       QStringLiteral("cause"),
        QStringLiteral("reason"),   QStringLiteral("exitCode"),    QStringLiteral("resumedFrom"),
        QStringLiteral("lastStep"), QStringLiteral("endedAt"),
        QStringLiteral("providerRequeues"), QStringLiteral("requeueResumedFrom")};
    RunAttempt a;
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString at = path + u'.' + it.key();
        if (!known.contains(it.key()))
            return std::unexpected(invalidSavedValue(at, Tr::tr("unknown key “%1”").arg(it.key())));
        const bool number = it.key() == QLatin1String("exitCode") ||
                            it.key() == QLatin1String("resumedFrom") ||
                            it.key() == QLatin1String("lastStep") ||
                            it.key() == QLatin1String("providerRequeues") ||
                            it.key() == QLatin1String("requeueResumedFrom");
        if (number ? !it.value().isDouble() : !it.value().isString())
            return std::unexpected(
                invalidSavedValue(at, number ? Tr::tr("expected a number") : Tr::tr("expected text")));
    }
    a.jobId = o.value("jobId").toString();
    a.state = o.value("state").toString();
    a.cause = o.value("cause").toString();
    a.reason = o.value("reason").toString();
    a.exitCode = o.value("exitCode").toInt();
    a.resumedFrom = o.value("resumedFrom").toInt();
    a.lastStep = o.value("lastStep").toInt();
    a.providerRequeues = o.value("providerRequeues").toInt();
    a.requeueResumedFrom = o.value("requeueResumedFrom").toInt();
    if (const QString t = o.value("endedAt").toString(); !t.isEmpty()) {
        a.endedAt = QDateTime::fromString(t, Qt::ISODateWithMs);
        if (!a.endedAt.isValid())
            return std::unexpected(invalidSavedValue(path + QStringLiteral(".endedAt"),
                                                     Tr::tr("expected an ISO 8601 time")));
    }
    return a;
}

} // namespace onramp
