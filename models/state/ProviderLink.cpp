#include "ProviderLink.h"

#include <QRegularExpression>

#include "IdempotencyKey.h"

#include "OnboardingState.h"

#include "Tr.h"

namespace onramp {

namespace {

QString iso(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODate) : QString();
}

QDateTime fromIso(const QString &s)
{
    QDateTime t = QDateTime::fromString(s, Qt::ISODate);
    if (t.isValid())
        t = t.toUTC();
    return t;
}

} // namespace

QJsonObject RemoteReview::toJson() const
{
    QJsonObject o{{"id", id}, {"state", state}, {"since", iso(since)}, {"reasons", reasons}};
    if (grantedCardHours > 0)
        o["grantedCardHours"] = grantedCardHours;
    return o;
}

RemoteReview RemoteReview::fromJson(const QJsonObject &o)
{
    RemoteReview r;
    r.id = o.value("id").toString();
    r.state = o.value("state").toString();
    r.since = fromIso(o.value("since").toString());
    r.reasons = o.value("reasons").toArray();
    r.grantedCardHours = o.value("grantedCardHours").toDouble();
    return r;
}

RemoteReview RemoteReview::fromAnswer(const QJsonObject &answer)
{
    RemoteReview r = fromJson(answer);
    if (r.state == QLatin1String("queued") || r.state == QLatin1String("submitted"))
        r.state = QStringLiteral("pending");
    return r;
}

QJsonObject ProviderLink::toJson() const
{
    QJsonObject keys;
    for (auto it = pendingKeys.begin(); it != pendingKeys.end(); ++it)
        keys[it.key()] = QString::fromLatin1(it.value());
    return {{"profile", profile.toJson()},
            {"pendingKeys", keys},
            {"trainingActivated", trainingActivated},
            {"qualification", qualification.toJson()},
            {"memberRoles",
             [this] {
                 QJsonObject o;
                 for (auto it = memberRoles.begin(); it != memberRoles.end(); ++it)
                     o[it.key()] = it.value();
                 return o;
             }()},
            {"developerCheck", developerCheck.toJson()},
            {"developerCheckPassed", developerCheckPassed},
            {"observerCheck", observerCheck.toJson()},
            {"observerCheckPassed", observerCheckPassed},
            {"workspaceChecksAt", workspaceChecksAt.isValid()
                                      ? workspaceChecksAt.toUTC().toString(Qt::ISODateWithMs)
                                      : QString()},
            {"quotaApplication", quotaApplication.toJson()},
            {"quotaAppliedFor", quotaAppliedFor},
            {"quotaSent",
             quotaSent.from.isValid()
                 ? QJsonValue(QJsonObject{{"label", quotaSent.label},
                                          {"from", quotaSent.from.toString(Qt::ISODate)},
                                          {"to", quotaSent.to.toString(Qt::ISODate)},
                                          {"cardHours", quotaSent.cardHours},
                                          {"justification", quotaSentJustification}})
                 : QJsonValue(QJsonObject{})},
            {"instanceId", instanceId},
            {"instanceState", instanceState},
            {"instanceImage", instanceImage},
            {"instanceType", instanceType},
            {"instanceZone", instanceZone},
            {"instanceCreatedAt", instanceCreatedAt.isValid()
                                      ? instanceCreatedAt.toUTC().toString(Qt::ISODateWithMs)
                                      : QString()},
            {"attempts",
             [this] {
                 QJsonArray a;
                 for (const LaunchAttempt &x : attempts)
                     a.append(x.toJson());
                 return a;
             }()},
            {"resourcesCheck", resourcesCheck.toJson()},
            {"resourcesCheckPassed", resourcesCheckPassed},
            {"uploadFolder", uploadFolder},
            {"uploadIds",
             [this] {
                 QJsonObject o;
                 for (auto it = uploadIds.begin(); it != uploadIds.end(); ++it)
                     o[it.key()] = it.value();
                 return o;
             }()},
            {"uploaded", QJsonArray::fromStringList(uploaded)}};
}

std::expected<ProviderLink, Error> ProviderLink::fromJson(const QJsonObject &o, const QString &path)
{
    ProviderLink l;
    const QJsonValue profile = o.value("profile");
    if (profile.isObject()) {
        auto p = ProviderProfile::fromJson(profile.toObject(), path + QStringLiteral(".profile"));
        if (!p)
            return std::unexpected(p.error());
        l.profile = *p;
    }
    const QJsonObject keys = o.value("pendingKeys").toObject();
    for (auto it = keys.begin(); it != keys.end(); ++it) {
        const QByteArray key = it.value().toString().toLatin1();
        if (key.isEmpty() || key.size() > 200) {
            return std::unexpected(invalidSavedValue(path + QStringLiteral(".pendingKeys.") + it.key(),
                                                     Tr::tr("expected an idempotency key")));
        }
        l.pendingKeys.insert(it.key(), key);
    }
    l.trainingActivated = o.value("trainingActivated").toBool();
    l.qualification = RemoteReview::fromJson(o.value("qualification").toObject());
    const QJsonObject roles = o.value("memberRoles").toObject();
    for (auto it = roles.begin(); it != roles.end(); ++it) {
        const QString role = it.value().toString();
        if (!role.isEmpty() && !roleFromKey(role))
            return std::unexpected(invalidSavedValue(path + QStringLiteral(".memberRoles.") + it.key(),
                                                     Tr::tr("expected admin, developer or observer")));
        l.memberRoles.insert(it.key(), role);
    }
    if (auto t =
            Text::fromJson(o.value("developerCheck"), path + QStringLiteral(".developerCheck")))
        l.developerCheck = *t;
    else
        return std::unexpected(invalidSavedValue(t.error().field, t.error().message));
    l.developerCheckPassed = o.value("developerCheckPassed").toBool();
    if (auto t = Text::fromJson(o.value("observerCheck"), path + QStringLiteral(".observerCheck")))
        l.observerCheck = *t;
    else
        return std::unexpected(invalidSavedValue(t.error().field, t.error().message));
    l.observerCheckPassed = o.value("observerCheckPassed").toBool();
    if (const QString at = o.value("workspaceChecksAt").toString(); !at.isEmpty()) {
        l.workspaceChecksAt = QDateTime::fromString(at, Qt::ISODateWithMs).toUTC();
        if (!l.workspaceChecksAt.isValid())
            return std::unexpected(
                invalidSavedValue(path + QStringLiteral(".workspaceChecksAt"),
                                  Tr::tr("expected an ISO 8601 time")));
    }
    l.quotaApplication = RemoteReview::fromJson(o.value("quotaApplication").toObject());
    l.quotaAppliedFor = o.value("quotaAppliedFor").toObject();
    if (const QJsonObject sent = o.value("quotaSent").toObject(); !sent.isEmpty()) {
        l.quotaSent = {sent.value("label").toString(),
                       QDate::fromString(sent.value("from").toString(), Qt::ISODate),
                       QDate::fromString(sent.value("to").toString(), Qt::ISODate),
                       sent.value("cardHours").toDouble()};
        if (!l.quotaSent.from.isValid() || !l.quotaSent.to.isValid())
            return std::unexpected(invalidSavedValue(path + QStringLiteral(".quotaSent"),
                                                     Tr::tr("expected a date as YYYY-MM-DD")));
        l.quotaSentJustification = sent.value("justification").toString();
    }
    l.instanceId = o.value("instanceId").toString();
    l.instanceState = o.value("instanceState").toString();
    l.instanceImage = o.value("instanceImage").toObject();
    l.instanceType = o.value("instanceType").toString();
    l.instanceZone = o.value("instanceZone").toString();
    if (const QString at = o.value("instanceCreatedAt").toString(); !at.isEmpty())
        l.instanceCreatedAt = QDateTime::fromString(at, Qt::ISODateWithMs).toUTC();
    for (const QJsonValue &v : o.value("attempts").toArray())
        l.attempts << LaunchAttempt::fromJson(v.toObject());
    l.uploadFolder = o.value("uploadFolder").toString();
    const QJsonObject ids = o.value("uploadIds").toObject();
    for (auto it = ids.begin(); it != ids.end(); ++it)
        l.uploadIds.insert(it.key(), it.value().toString());
    for (const QJsonValue &u : o.value("uploaded").toArray())
        l.uploaded << u.toString();
    if (auto t =
            Text::fromJson(o.value("resourcesCheck"), path + QStringLiteral(".resourcesCheck")))
        l.resourcesCheck = *t;
    else
        return std::unexpected(invalidSavedValue(t.error().field, t.error().message));
    l.resourcesCheckPassed = o.value("resourcesCheckPassed").toBool();
    return l;
}

QByteArray ProviderLink::keyFor(const QString &operation)
{
    auto it = pendingKeys.find(operation);
    if (it == pendingKeys.end())
        it = pendingKeys.insert(operation, newIdempotencyKey());
    return it.value();
}

QJsonObject LaunchAttempt::toJson() const
{
    return {{"instance", instance}, {"zone", zone}, {"outcome", outcome}, {"reason", reason}};
}

LaunchAttempt LaunchAttempt::fromJson(const QJsonObject &o)
{
    return {o.value("instance").toString(), o.value("zone").toString(),
            o.value("outcome").toString(), o.value("reason").toString()};
}

QString LaunchAttempt::text() const
{
    return text(instance);
}

QString LaunchAttempt::text(const QString &instanceName) const
{
    static const QMap<QString, const char *> label = {
        {QStringLiteral("skipped"), QT_TRANSLATE_NOOP("Onramp", "skipped")},
        {QStringLiteral("out_of_stock"), QT_TRANSLATE_NOOP("Onramp", "out of stock")},
        {QStringLiteral("zone_mismatch"), QT_TRANSLATE_NOOP("Onramp", "zone refused")},
        {QStringLiteral("quota_exceeded"), QT_TRANSLATE_NOOP("Onramp", "quota refused")},
        {QStringLiteral("forbidden"), QT_TRANSLATE_NOOP("Onramp", "not allowed")},
        {QStringLiteral("created"), QT_TRANSLATE_NOOP("Onramp", "opened")}};
    // An opened instance keeps only its id: the words are read in the language shown (walk
    // 16: "已开通 — instance e15c…" from a walk begun in English).
    if (outcome == QLatin1String("created")) {
        QString id = reason;
        id.remove(QRegularExpression(QStringLiteral("^instance "))); // as saved before
        return Tr::tr("%1 in %2: opened as instance %3").arg(instanceName, zone, id);
    }
    const char *source = label.value(outcome);
    return Tr::tr("%1 in %2: %3 — %4")
        .arg(instanceName, zone, source ? Tr::tr(source) : outcome, reason);
}

} // namespace onramp
