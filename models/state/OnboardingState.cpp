#include "OnboardingState.h"

#include "Clock.h"
#include "Tr.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace onramp {

namespace {

QString isoOrEmpty(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}

Error invalid(const QString &field, const QString &why)
{
    return invalidSavedValue(field, why);
}

// A key as it can be shown: control characters (a NUL, say) written as \uXXXX.
QString printableKey(const QString &key)
{
    QString out;
    for (const QChar c : key) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

// Anything the loader cannot map is an error, never dropped: a key this version does not know
// would be lost on the next save.
std::expected<void, Error> onlyKnownKeys(const QJsonObject &o, const QStringList &known,
                                         const QString &path)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!known.contains(it.key()))
            return std::unexpected(invalid(path + u'.' + printableKey(it.key()),
                                           Tr::tr("unknown key “%1”").arg(printableKey(it.key()))));
    }
    return {};
}

// Reads an optional string; a present value of another type is an error.
std::expected<QString, Error> readString(const QJsonObject &o, const QString &key,
                                         const QString &path)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return QString();
    if (!v.isString())
        return std::unexpected(invalid(path + u'.' + key, Tr::tr("expected text")));
    return v.toString();
}

std::expected<QDateTime, Error> readTime(const QJsonObject &o, const QString &key,
                                         const QString &path)
{
    auto s = readString(o, key, path);
    if (!s)
        return std::unexpected(s.error());
    if (s->isEmpty())
        return QDateTime();
    QDateTime t = QDateTime::fromString(*s, Qt::ISODateWithMs);
    if (!t.isValid())
        return std::unexpected(invalid(path + u'.' + key, Tr::tr("expected an ISO 8601 time")));
    return t.toUTC();
}

// A record's lines kept as Text, by their keys in the file.
struct TextField
{
    const char *key;
    Text GateRecord::*member;
};
constexpr TextField kTextFields[] = {{"waitingFor", &GateRecord::waitingFor},
                                     {"evidence", &GateRecord::evidence},
                                     {"acceptedBy", &GateRecord::acceptedBy},
                                     {"rejectionReason", &GateRecord::rejectionReason},
                                     {"whatToChange", &GateRecord::whatToChange},
                                     {"reopenedBecause", &GateRecord::reopenedBecause},
                                     {"heldBack", &GateRecord::heldBack},
                                     {"staleEvidence", &GateRecord::staleEvidence},
                                     {"wentBack", &GateRecord::wentBack}};

QJsonObject recordToJson(const GateRecord &r, const QJsonObject &data)
{
    QJsonObject o;
    o[QStringLiteral("status")] = statusKey(r.status);
    o[QStringLiteral("startedAt")] = isoOrEmpty(r.startedAt);
    o[QStringLiteral("updatedAt")] = isoOrEmpty(r.updatedAt);
    o[QStringLiteral("waitingFor")] = r.waitingFor.toJson();
    o[QStringLiteral("waitingSince")] = isoOrEmpty(r.waitingSince);
    o[QStringLiteral("evidence")] = r.evidence.toJson();
    o[QStringLiteral("acceptedBy")] = r.acceptedBy.toJson();
    o[QStringLiteral("acceptedAt")] = isoOrEmpty(r.acceptedAt);
    o[QStringLiteral("rejectionReason")] = r.rejectionReason.toJson();
    o[QStringLiteral("whatToChange")] = r.whatToChange.toJson();
    o[QStringLiteral("notes")] = r.notes;
    if (!r.reopenedBecause.isEmpty())
        o[QStringLiteral("reopenedBecause")] = r.reopenedBecause.toJson();
    if (r.reopenedAt.isValid())
        o[QStringLiteral("reopenedAt")] = isoOrEmpty(r.reopenedAt);
    if (!r.heldBack.isEmpty())
        o[QStringLiteral("heldBack")] = r.heldBack.toJson();
    if (!r.staleEvidence.isEmpty())
        o[QStringLiteral("staleEvidence")] = r.staleEvidence.toJson();
    if (!r.wentBack.isEmpty())
        o[QStringLiteral("wentBack")] = r.wentBack.toJson();
    o[QStringLiteral("data")] = data;
    return o;
}

std::expected<GateRecord, Error> recordFromJson(const QJsonObject &o, const QString &path)
{
    GateRecord r;
    static const QStringList known = {
        QStringLiteral("status"),          QStringLiteral("startedAt"),
        QStringLiteral("updatedAt"),       QStringLiteral("waitingFor"),
        QStringLiteral("waitingSince"),    QStringLiteral("evidence"),
        QStringLiteral("acceptedBy"),      QStringLiteral("acceptedAt"),
        QStringLiteral("rejectionReason"), QStringLiteral("whatToChange"),
        QStringLiteral("notes"),           QStringLiteral("data"),
        QStringLiteral("reopenedBecause"), QStringLiteral("heldBack"),
        QStringLiteral("staleEvidence"),   QStringLiteral("reopenedAt"),
        QStringLiteral("wentBack")};
    if (auto ok = onlyKnownKeys(o, known, path); !ok)
        return std::unexpected(ok.error());
    auto status = readString(o, QStringLiteral("status"), path);
    if (!status)
        return std::unexpected(status.error());
    if (!status->isEmpty()) {
        auto s = statusFromKey(*status);
        if (!s)
            return std::unexpected(invalid(path + QStringLiteral(".status"),
                                           Tr::tr("unknown status “%1”").arg(*status)));
        r.status = *s;
    }
    auto notes = readString(o, QStringLiteral("notes"), path);
    if (!notes)
        return std::unexpected(notes.error());
    r.notes = *notes;
    // Plain strings (every state before schema 5) read as literal text.
    for (auto [key, member] : kTextFields) {
        auto v = Text::fromJson(o.value(QLatin1String(key)), path + u'.' + QLatin1String(key));
        if (!v)
            return std::unexpected(invalid(v.error().field, v.error().message));
        r.*member = *v;
    }
    struct TimeField
    {
        const char *key;
        QDateTime GateRecord::*member;
    };
    for (auto [key, member] : {TimeField{"startedAt", &GateRecord::startedAt},
                               TimeField{"updatedAt", &GateRecord::updatedAt},
                               TimeField{"waitingSince", &GateRecord::waitingSince},
                               TimeField{"acceptedAt", &GateRecord::acceptedAt},
                               TimeField{"reopenedAt", &GateRecord::reopenedAt}}) {
        auto v = readTime(o, QLatin1String(key), path);
        if (!v)
            return std::unexpected(v.error());
        r.*member = *v;
    }
    return r;
}

// A demo's dates moved by `days`: every value that is a date (YYYY-MM-DD) or a moment
// (YYYY-MM-DDThh:mm…) in the file, whatever field holds it.
QJsonValue shiftedDates(const QJsonValue &v, qint64 days)
{
    if (v.isObject()) {
        QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            *it = shiftedDates(*it, days);
        return o;
    }
    if (v.isArray()) {
        QJsonArray a = v.toArray();
        for (auto it = a.begin(); it != a.end(); ++it)
            *it = shiftedDates(*it, days);
        return a;
    }
    static const QRegularExpression day(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}$"));
    static const QRegularExpression moment(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}"));
    const QString text = v.toString();
    if (!v.isString() || days == 0)
        return v;
    if (day.match(text).hasMatch()) {
        const QDate d = QDate::fromString(text, Qt::ISODate);
        return d.isValid() ? QJsonValue(d.addDays(days).toString(Qt::ISODate)) : v;
    }
    if (moment.match(text).hasMatch()) {
        const QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
        return t.isValid() ? QJsonValue(t.addDays(days).toString(Qt::ISODateWithMs)) : v;
    }
    return v;
}

} // namespace

QDate datesRelativeTo(const QJsonObject &json)
{
    return QDate::fromString(json.value(QStringLiteral("datesRelativeTo")).toString(), Qt::ISODate);
}

QJsonObject OnboardingState::gateDataJson(GateId id) const
{
    switch (id) {
    case GateId::Account:
        return account.toJson();
    case GateId::Workspace:
        return workspace.toJson();
    case GateId::Quota:
        return quota.toJson();
    case GateId::Resources:
        return resources.toJson();
    case GateId::Environment:
        return environment.toJson();
    case GateId::FirstRun:
        return firstRun.toJson();
    }
    return {};
}

QJsonObject recordAsRead(const GateRecord &r)
{
    QJsonObject o = recordToJson(r, {});
    o.remove(QStringLiteral("data"));
    for (auto [key, member] : kTextFields) {
        if (o.contains(QLatin1String(key)))
            o[QLatin1String(key)] = (r.*member).toString();
    }
    return o;
}

QJsonObject OnboardingState::toJson() const
{
    QJsonObject gatesJson;
    for (GateId id : kAllGates)
        gatesJson[gateKey(id)] = recordToJson(gate(id), gateDataJson(id));
    QJsonObject o;
    o[QStringLiteral("schemaVersion")] = kSchemaVersion;
    o[QStringLiteral("app")] = QStringLiteral("onramp");
    o[QStringLiteral("language")] = language;
    o[QStringLiteral("currentPage")] = currentPage;
    o[QStringLiteral("gates")] = gatesJson;
    o[QStringLiteral("provider")] = provider.toJson();
    return o;
}

std::expected<OnboardingState, Error> OnboardingState::fromJson(const QJsonObject &json)
{
    // A demo's story happens on a day of its own (`datesRelativeTo`): read on another day, its
    // dates move with it, so that a grant is as far ahead and an authorization as far from
    // expiring as on that day, and no warning comes from the calendar alone (#17 walk 18). The
    // field is not kept: saved again, the state holds its moved dates.
    if (json.contains(QStringLiteral("datesRelativeTo"))) {
        const QDate anchor = datesRelativeTo(json);
        if (!anchor.isValid())
            return std::unexpected(invalid(QStringLiteral("$.datesRelativeTo"),
                                           Tr::tr("expected a date as YYYY-MM-DD")));
        QJsonObject rest = json;
        rest.remove(QStringLiteral("datesRelativeTo"));
        return fromJson(shiftedDates(rest, anchor.daysTo(clock::today())).toObject());
    }
    // An older file (a `--state` file, an example kept from an earlier build) is migrated
    // first, never read as if it were current.
    if (const auto version = schemaVersionOf(json); version && *version < kSchemaVersion) {
        auto migrated = migrateToCurrent(json);
        if (!migrated)
            return std::unexpected(migrated.error());
        return fromJson(*migrated);
    }
    OnboardingState s;
    static const QStringList known = {
        QStringLiteral("schemaVersion"), QStringLiteral("app"),   QStringLiteral("language"),
        QStringLiteral("currentPage"),   QStringLiteral("gates"), QStringLiteral("provider")};
    if (auto ok = onlyKnownKeys(json, known, QStringLiteral("$")); !ok)
        return std::unexpected(ok.error());
    auto lang = readString(json, QStringLiteral("language"), QStringLiteral("$"));
    if (!lang)
        return std::unexpected(lang.error());
    s.language = *lang;

    const QJsonValue page = json.value(QStringLiteral("currentPage"));
    if (!page.isUndefined()) {
        if (!page.isDouble() || page.toDouble() < 0 || page.toDouble() > 100)
            return std::unexpected(
                invalid(QStringLiteral("$.currentPage"), Tr::tr("expected a page number")));
        s.currentPage = page.toInt();
    }

    const QJsonValue provider = json.value(QStringLiteral("provider"));
    if (!provider.isUndefined()) {
        if (!provider.isObject())
            return std::unexpected(
                invalid(QStringLiteral("$.provider"), Tr::tr("expected an object")));
        auto link = ProviderLink::fromJson(provider.toObject());
        if (!link)
            return std::unexpected(link.error());
        s.provider = *link;
    }

    const QJsonValue gates = json.value(QStringLiteral("gates"));
    if (!gates.isUndefined() && !gates.isObject())
        return std::unexpected(invalid(QStringLiteral("$.gates"), Tr::tr("expected an object")));
    const QJsonObject gatesObj = gates.toObject();
    QStringList gateKeys;
    for (GateId id : kAllGates)
        gateKeys << gateKey(id);
    if (auto ok = onlyKnownKeys(gatesObj, gateKeys, QStringLiteral("$.gates")); !ok)
        return std::unexpected(ok.error());
    for (GateId id : kAllGates) {
        const QString path = QStringLiteral("$.gates.") + gateKey(id);
        const QJsonValue g = gatesObj.value(gateKey(id));
        if (g.isUndefined())
            continue;
        if (!g.isObject())
            return std::unexpected(invalid(path, Tr::tr("expected an object")));
        auto r = recordFromJson(g.toObject(), path);
        if (!r)
            return std::unexpected(r.error());
        s.gate(id) = *r;
        const QJsonValue data = g.toObject().value(QStringLiteral("data"));
        if (!data.isUndefined() && !data.isObject())
            return std::unexpected(
                invalid(path + QStringLiteral(".data"), Tr::tr("expected an object")));
        const QString dataPath = path + QStringLiteral(".data");
        // The gates' readers say "field: why"; name the field by its path in the file.
        const auto nameError = [&](Error e) {
            const QString why = e.message.section(QStringLiteral(": "), 1);
            e.field = dataPath + u'.' + e.field;
            e.message = Tr::tr("The saved onboarding has a bad value in “%1”: %2.")
                            .arg(e.field, why.isEmpty() ? e.message : why);
            e.details = e.field;
            return e;
        };
        if (id == GateId::Account && !data.toObject().isEmpty()) {
            auto a = QualificationData::fromJson(data.toObject());
            if (!a)
                return std::unexpected(nameError(a.error()));
            s.account = *a;
        } else if (id == GateId::Workspace && !data.toObject().isEmpty()) {
            auto w = WorkspaceData::fromJson(data.toObject());
            if (!w)
                return std::unexpected(nameError(w.error()));
            s.workspace = *w;
        } else if (id == GateId::Quota && !data.toObject().isEmpty()) {
            auto q = QuotaGateData::fromJson(data.toObject());
            if (!q)
                return std::unexpected(nameError(q.error()));
            s.quota = *q;
        } else if (id == GateId::Resources) {
            auto res = ResourcesGateData::fromJson(data.toObject(), path + QStringLiteral(".data"));
            if (!res)
                return std::unexpected(res.error());
            s.resources = *res;
        } else if (id == GateId::Environment) {
            auto env = EnvironmentGateData::fromJson(data.toObject(), dataPath);
            if (!env)
                return std::unexpected(env.error());
            s.environment = *env;
        } else if (id == GateId::FirstRun) {
            auto run = FirstRunGateData::fromJson(data.toObject(), dataPath);
            if (!run)
                return std::unexpected(run.error());
            s.firstRun = *run;
        }
    }
    return s;
}

std::optional<int> schemaVersionOf(const QJsonObject &json)
{
    const QJsonValue v = json.value(QStringLiteral("schemaVersion"));
    if (v.isUndefined())
        return 0;
    if (!v.isDouble())
        return std::nullopt;
    const double d = v.toDouble();
    if (!(d >= 1 && d <= double(std::numeric_limits<int>::max())) || std::floor(d) != d)
        return std::nullopt;
    return int(d);
}

std::expected<QJsonObject, Error> migrateToCurrent(QJsonObject json)
{
    const std::optional<int> declared = schemaVersionOf(json);
    if (!declared)
        return std::unexpected(
            invalid(QStringLiteral("$.schemaVersion"),
                    Tr::tr("expected a whole number, not %1")
                        .arg(QString::fromUtf8(
                            QJsonDocument(QJsonArray{json.value(QStringLiteral("schemaVersion"))})
                                .toJson(QJsonDocument::Compact)
                                .mid(1)
                                .chopped(1)))));
    int version = *declared;
    if (version == 0) {
        static const QStringList known = {QStringLiteral("version"), QStringLiteral("lang"),
                                          QStringLiteral("page"), QStringLiteral("gateStatus"),
                                          QStringLiteral("gateNotes")};
        if (auto ok = onlyKnownKeys(json, known, QStringLiteral("$")); !ok)
            return std::unexpected(ok.error());
        // v0, the prototype format: {"version":0, "lang":..., "page":N,
        // "gateStatus":[six status keys], "gateNotes":[six strings]}.
        const QJsonArray statuses = json.value(QStringLiteral("gateStatus")).toArray();
        const QJsonArray notes = json.value(QStringLiteral("gateNotes")).toArray();
        QJsonObject gates;
        for (GateId id : kAllGates) {
            QJsonObject g;
            const int i = gateIndex(id);
            QString status = statuses.at(i).toString();
            if (status == QLatin1String("done")) // v0 had no acceptor, only "done"
                status = statusKey(GateStatus::Passed);
            g[QStringLiteral("status")] = status;
            g[QStringLiteral("notes")] = notes.at(i).toString();
            gates[gateKey(id)] = g;
        }
        QJsonObject v1;
        v1[QStringLiteral("schemaVersion")] = 1;
        v1[QStringLiteral("language")] = json.value(QStringLiteral("lang")).toString();
        v1[QStringLiteral("currentPage")] = json.value(QStringLiteral("page")).toInt();
        v1[QStringLiteral("gates")] = gates;
        json = v1;
        version = 1;
    }
    if (version == 1) {
        // v1 kept "workspace created" and "quota attached" twice: the form's own flags (set when
        // the user planned the step) and the provider's answers under "provider". v2 keeps one
        // field each, the provider's answer, in gate 2's data.
        QJsonObject provider = json.value(QStringLiteral("provider")).toObject();
        QJsonObject gates = json.value(QStringLiteral("gates")).toObject();
        QJsonObject workspace = gates.value(QStringLiteral("workspace")).toObject();
        QJsonObject data = workspace.value(QStringLiteral("data")).toObject();
        if (workspace.contains(QStringLiteral("data")) || json.contains(QStringLiteral("provider"))) {
            data[QStringLiteral("created")] =
                provider.value(QStringLiteral("workspaceCreated")).toBool(false);
            data[QStringLiteral("quotaAttached")] =
                provider.value(QStringLiteral("quotaAttached")).toBool(false);
            workspace[QStringLiteral("data")] = data;
            gates[QStringLiteral("workspace")] = workspace;
            json[QStringLiteral("gates")] = gates;
        }
        if (json.contains(QStringLiteral("provider"))) {
            provider.remove(QStringLiteral("workspaceCreated"));
            provider.remove(QStringLiteral("quotaAttached"));
            json[QStringLiteral("provider")] = provider;
        }
        json[QStringLiteral("schemaVersion")] = 2;
        version = 2;
    }
    if (version == 2) {
        // v2 kept the quota pool (card type, region, zone) in gate 3's data and a card-hours
        // figure typed in gate 2. v3: gate 2 attaches the pool; the card-hours come from gate
        // 3's application.
        QJsonObject gates = json.value(QStringLiteral("gates")).toObject();
        QJsonObject quota = gates.value(QStringLiteral("quota")).toObject();
        QJsonObject quotaData = quota.value(QStringLiteral("data")).toObject();
        QJsonObject workspace = gates.value(QStringLiteral("workspace")).toObject();
        QJsonObject data = workspace.value(QStringLiteral("data")).toObject();
        QJsonObject pool;
        for (const char *key : {"cardType", "region", "zone"}) {
            const QString k = QLatin1String(key);
            if (quotaData.contains(k))
                pool[k] = quotaData.take(k);
        }
        if (!pool.isEmpty() || workspace.contains(QStringLiteral("data"))) {
            data.remove(QStringLiteral("quotaCardHours"));
            data[QStringLiteral("pool")] = pool;
            workspace[QStringLiteral("data")] = data;
            gates[QStringLiteral("workspace")] = workspace;
        }
        if (quota.contains(QStringLiteral("data"))) {
            quota[QStringLiteral("data")] = quotaData;
            gates[QStringLiteral("quota")] = quota;
        }
        if (json.contains(QStringLiteral("gates")))
            json[QStringLiteral("gates")] = gates;
        json[QStringLiteral("schemaVersion")] = 3;
        version = 3;
    }
    if (version == 3) {
        // v3 kept the accounts the provider had added ("membersAdded"), not their roles, so a
        // role changed after gate 2 never reached the provider. v4 keeps each member's role as
        // the provider holds it; an account from v3 has it unknown (empty), and the next set-up
        // sends the table's role.
        QJsonObject provider = json.value(QStringLiteral("provider")).toObject();
        if (provider.contains(QStringLiteral("membersAdded"))) {
            QJsonObject roles;
            for (const QJsonValue &account :
                 provider.take(QStringLiteral("membersAdded")).toArray())
                roles[account.toString()] = QString();
            provider[QStringLiteral("memberRoles")] = roles;
            json[QStringLiteral("provider")] = provider;
        }
        json[QStringLiteral("schemaVersion")] = 4;
        version = 4;
    }
    if (version == 4) {
        // v5 keeps the lines Onramp writes into gate records (evidence, check results, why a
        // gate went back) as source text and arguments, translated when read. v4's plain
        // strings read as they are, in the language they were written in.
        json[QStringLiteral("schemaVersion")] = 5;
        version = 5;
    }
    if (version == 5) {
        // v6 adds a record's `wentBack`, the trace of its last excursion back to "in
        // progress": nothing to convert, but an older Onramp must not read a file it cannot
        // keep whole.
        json[QStringLiteral("schemaVersion")] = 6;
        version = 6;
    }
    if (version != OnboardingState::kSchemaVersion) {
        return std::unexpected(
            Error{Error::Kind::Version,
                  Tr::tr("The saved onboarding uses schema %1, which this version cannot read.")
                      .arg(version),
                  QStringLiteral("no migration from schema %1").arg(version)});
    }
    return json;
}

} // namespace onramp
