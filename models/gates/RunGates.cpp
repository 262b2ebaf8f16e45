#include "RunGates.h"

#include "Tr.h"

#include <QCryptographicHash>

#include <nlohmann/json.hpp>

#include <QJsonArray>

namespace onramp {

namespace {

Error bad(const QString &path, const QString &why)
{
    return invalidSavedValue(path, why);
}

QString stamp(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}

} // namespace

QJsonObject CheckResult::toJson() const
{
    return {{"state", state},
            {"evidence", evidence.toJson()},
            {"diagnosis", diagnosis.toJson()},
            {"failureKind", failureKind},
            {"jobId", jobId},
            {"at", stamp(at)}};
}

std::expected<CheckResult, Error> CheckResult::fromJson(const QJsonObject &o, const QString &path)
{
    CheckResult r;
    for (const char *key : {"state", "failureKind", "jobId", "at"}) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isUndefined() && !v.isString())
            return std::unexpected(bad(path + u'.' + QLatin1String(key), Tr::tr("expected text")));
    }
    r.state = o.value("state").toString();
    static const QStringList states = {QString(), QStringLiteral("running"),
                                       QStringLiteral("passed"), QStringLiteral("failed")};
    if (!states.contains(r.state))
        return std::unexpected(
            bad(path + QStringLiteral(".state"), Tr::tr("expected running, passed or failed")));
    for (auto [key, member] : {std::pair{"evidence", &CheckResult::evidence},
                               std::pair{"diagnosis", &CheckResult::diagnosis}}) {
        auto t = Text::fromJson(o.value(QLatin1String(key)), path + u'.' + QLatin1String(key));
        if (!t)
            return std::unexpected(bad(t.error().field, t.error().message));
        r.*member = *t;
    }
    r.failureKind = o.value("failureKind").toString();
    r.jobId = o.value("jobId").toString();
    if (const QString at = o.value("at").toString(); !at.isEmpty()) {
        r.at = QDateTime::fromString(at, Qt::ISODateWithMs);
        if (!r.at.isValid())
            return std::unexpected(bad(path + QStringLiteral(".at"), Tr::tr("expected a date")));
    }
    return r;
}

const QStringList &EnvironmentGateData::checkNames()
{
    static const QStringList names = {QStringLiteral("environment"), QStringLiteral("data"),
                                      QStringLiteral("checkpoint"), QStringLiteral("metrics")};
    return names;
}

bool EnvironmentGateData::ready() const
{
    for (const QString &name : checkNames())
        if (!checks.value(name).passed())
            return false;
    return true;
}

QJsonObject EnvironmentGateData::toJson() const
{
    QJsonObject c;
    for (auto it = checks.begin(); it != checks.end(); ++it)
        c[it.key()] = it.value().toJson();
    QJsonObject o{{"checks", c}};
    if (!fingerprint.isEmpty())
        o["fingerprint"] = fingerprint;
    return o;
}

std::expected<EnvironmentGateData, Error> EnvironmentGateData::fromJson(const QJsonObject &o,
                                                                        const QString &path)
{
    EnvironmentGateData d;
    const QJsonValue checks = o.value("checks");
    if (!checks.isUndefined() && !checks.isObject())
        return std::unexpected(bad(path + QStringLiteral(".checks"), Tr::tr("expected an object")));
    const QJsonObject c = checks.toObject();
    for (auto it = c.begin(); it != c.end(); ++it) {
        const QString at = path + QStringLiteral(".checks.") + it.key();
        if (!checkNames().contains(it.key()))
            return std::unexpected(bad(at, Tr::tr("not a readiness check")));
        if (!it.value().isObject())
            return std::unexpected(bad(at, Tr::tr("expected an object")));
        auto r = CheckResult::fromJson(it.value().toObject(), at);
        if (!r)
            return std::unexpected(r.error());
        d.checks.insert(it.key(), *r);
    }
    const QJsonValue fp = o.value("fingerprint");
    if (!fp.isUndefined() && !fp.isObject())
        return std::unexpected(
            bad(path + QStringLiteral(".fingerprint"), Tr::tr("expected an object")));
    d.fingerprint = fp.toObject();
    return d;
}

const QStringList &FirstRunGateData::pointNames()
{
    static const QStringList names = {
        QStringLiteral("environment_starts"), QStringLiteral("data_readable"),
        QStringLiteral("memory_sufficient"), QStringLiteral("loss_decreasing"),
        QStringLiteral("artifacts_on_disk")};
    return names;
}

QJsonObject FirstRunGateData::toJson() const
{
    QJsonArray curveJson;
    for (const auto &[step, loss] : curve)
        curveJson.append(QJsonArray{step, loss});
    QJsonObject p;
    for (auto it = points.begin(); it != points.end(); ++it)
        p[it.key()] = it.value();
    return {{"run", run.toJson()},
            {"points", p},
            {"steps", steps},
            {"firstLoss", firstLoss},
            {"lastLoss", lastLoss},
            {"minLoss", minLoss},
            {"seconds", seconds},
            {"released", released},
            {"archived", QJsonArray::fromStringList(archived)},
            {"wrappedUpAt", stamp(wrappedUpAt)},
            {"trainer", trainer},
            {"manifest", manifest},
            {"curve", curveJson},
            {"replay", replay},
            {"ranBy", ranBy},
            {"recovery", recovery.toJson()},
            {"attempts", [this] {
                 QJsonArray a;
                 for (const RunAttempt &x : attempts)
                     a.append(x.toJson());
                 return a;
             }()}};
}

std::expected<FirstRunGateData, Error> FirstRunGateData::fromJson(const QJsonObject &o,
                                                                  const QString &path)
{
    FirstRunGateData d;
    if (o.contains("run")) {
        if (!o.value("run").isObject())
            return std::unexpected(bad(path + QStringLiteral(".run"), Tr::tr("expected an object")));
        auto r = CheckResult::fromJson(o.value("run").toObject(), path + QStringLiteral(".run"));
        if (!r)
            return std::unexpected(r.error());
        d.run = *r;
    }
    const QJsonObject points = o.value("points").toObject();
    for (auto it = points.begin(); it != points.end(); ++it) {
        if (!pointNames().contains(it.key()) || !it.value().isBool())
            return std::unexpected(bad(path + QStringLiteral(".points.") + it.key(),
                                       Tr::tr("expected one of the five points, true or false")));
        d.points.insert(it.key(), it.value().toBool());
    }
    for (const auto &[key, target] :
         {std::pair{"firstLoss", &d.firstLoss}, std::pair{"lastLoss", &d.lastLoss},
          std::pair{"minLoss", &d.minLoss}, std::pair{"seconds", &d.seconds}}) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isUndefined() && !v.isDouble())
            return std::unexpected(bad(path + u'.' + QLatin1String(key), Tr::tr("expected a number")));
        *target = v.toDouble();
    }
    const QJsonValue steps = o.value("steps");
    if (!steps.isUndefined() && (!steps.isDouble() || steps.toDouble() < 0))
        return std::unexpected(bad(path + QStringLiteral(".steps"), Tr::tr("expected a count")));
    d.steps = steps.toInt();
    d.released = o.value("released").toBool();
    for (const QJsonValue &a : o.value("archived").toArray())
        d.archived.append(a.toString());
    if (const QString at = o.value("wrappedUpAt").toString(); !at.isEmpty())
        d.wrappedUpAt = QDateTime::fromString(at, Qt::ISODateWithMs);
    for (const auto &[key, target] : {std::pair{"trainer", &d.trainer},
                                      std::pair{"manifest", &d.manifest},
                                      std::pair{"replay", &d.replay}}) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isUndefined() && !v.isObject())
            return std::unexpected(bad(path + u'.' + QLatin1String(key), Tr::tr("expected an object")));
        *target = v.toObject();
    }
    d.ranBy = o.value("ranBy").toString();
    if (o.contains("recovery")) {
        auto policy = RecoveryPolicy::fromJson(o.value("recovery"), path + QStringLiteral(".recovery"));
        if (!policy)
            return std::unexpected(policy.error());
        d.recovery = *policy;
    }
    if (const QJsonValue a = o.value("attempts"); !a.isUndefined()) {
        if (!a.isArray())
            return std::unexpected(bad(path + QStringLiteral(".attempts"), Tr::tr("expected a list")));
        const QJsonArray list = a.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            auto attempt = RunAttempt::fromJson(list[i], path + QStringLiteral(".attempts[%1]").arg(i));
            if (!attempt)
                return std::unexpected(attempt.error());
            d.attempts << *attempt;
        }
    }
    for (const QJsonValue &v : o.value("curve").toArray()) {
        const QJsonArray pt = v.toArray();
        if (pt.size() != 2 || !pt[0].isDouble() || !pt[1].isDouble())
            return std::unexpected(bad(path + QStringLiteral(".curve"), Tr::tr("expected [step, loss]")));
        d.curve.append({pt[0].toInt(), pt[1].toDouble()});
    }
    return d;
}

QString curveDigest(const QList<std::pair<int, double>> &curve)
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto &[step, loss] : curve)
        list.push_back(nlohmann::json::array({step, loss}));
    return QStringLiteral("sha256:") +
           QString::fromLatin1(
               QCryptographicHash::hash(QByteArray::fromStdString(list.dump()),
                                        QCryptographicHash::Sha256)
                   .toHex());
}

} // namespace onramp
