#include "ProviderProfile.h"

#include "Loopback.h"
#include "Tr.h"

#include <QJsonValue>
#include <QRegularExpression>

namespace onramp {

namespace {

struct KindName
{
    ProviderProfile::Kind kind;
    const char *key;
};
constexpr KindName kKinds[] = {{ProviderProfile::Kind::Sandbox, "sandbox"},
                               {ProviderProfile::Kind::OnrampApi, "onramp-api"},
                               {ProviderProfile::Kind::Slurm, "slurm"}};

Error invalidField(const QString &field, const QString &message)
{
    Error e;
    e.kind = Error::Kind::Invalid;
    e.field = field;
    e.message = message;
    e.details = field;
    return e;
}

} // namespace

QString providerName(const ProviderProfile &profile)
{
    switch (profile.kind) {
    case ProviderProfile::Kind::Sandbox:
        return Tr::tr("Built-in sandbox (on this computer)");
    case ProviderProfile::Kind::OnrampApi:
        return Tr::tr("Onramp API at %1").arg(profile.baseUrl.toString());
    case ProviderProfile::Kind::Slurm:
        return profile.slurm.cluster.isEmpty()
                   ? Tr::tr("Slurm cluster at %1").arg(profile.baseUrl.toString())
                   : Tr::tr("Slurm cluster %1 at %2")
                         .arg(profile.slurm.cluster, profile.baseUrl.toString());
    }
    return {};
}

QString providerKindKey(ProviderProfile::Kind kind)
{
    for (const auto &k : kKinds)
        if (k.kind == kind)
            return QLatin1String(k.key);
    return {};
}

std::optional<ProviderProfile::Kind> providerKindFromKey(const QString &key)
{
    for (const auto &k : kKinds)
        if (key == QLatin1String(k.key))
            return k.kind;
    return std::nullopt;
}

QJsonObject ProviderProfile::toJson() const
{
    QJsonObject o{{"kind", providerKindKey(kind)},
                  {"region", QString::fromLatin1(region)},
                  {"accessKeyId", QString::fromLatin1(accessKeyId)}};
    // The sandbox gets a fresh port and key each run; remembering them would only mislead.
    if (kind == Kind::Sandbox) {
        o.remove(QStringLiteral("accessKeyId"));
    } else {
        o[QStringLiteral("baseUrl")] = baseUrl.toString();
    }
    if (!caFile.isEmpty())
        o[QStringLiteral("caFile")] = caFile;
    if (!member.isEmpty())
        o[QStringLiteral("member")] = member;
    if (kind == Kind::Slurm)
        o[QStringLiteral("slurm")] = QJsonObject{{"cluster", slurm.cluster},
                                                 {"partition", slurm.partition},
                                                 {"outputDir", slurm.outputDir},
                                                 {"admin", slurm.admin},
                                                 {"tokenDir", slurm.tokenDir},
                                                 {"tokenCommand", slurm.tokenCommand},
                                                 {"probe", slurm.probe},
                                                 {"user", slurm.user}};
    return o;
}

std::expected<ProviderProfile, Error> ProviderProfile::fromJson(const QJsonObject &json,
                                                                const QString &path)
{
    ProviderProfile p;
    const auto kind = providerKindFromKey(json.value(QStringLiteral("kind")).toString());
    if (!kind)
        return std::unexpected(invalidField(path + QStringLiteral(".kind"),
                                            Tr::tr("expected one of sandbox, onramp-api, slurm")));
    p.kind = *kind;
    for (const char *key : {"baseUrl", "accessKeyId", "region", "caFile", "member"}) {
        const QJsonValue v = json.value(QLatin1String(key));
        if (!v.isUndefined() && !v.isString())
            return std::unexpected(
                invalidField(path + u'.' + QLatin1String(key), Tr::tr("expected a string")));
    }
    if (p.kind != Kind::Sandbox)
        p.baseUrl = QUrl(json.value(QStringLiteral("baseUrl")).toString());
    p.accessKeyId = json.value(QStringLiteral("accessKeyId")).toString().toLatin1();
    p.region = json.value(QStringLiteral("region")).toString(QStringLiteral("sandbox")).toLatin1();
    p.caFile = json.value(QStringLiteral("caFile")).toString();
    p.member = json.value(QStringLiteral("member")).toString();
    if (p.kind == Kind::Slurm) {
        const QJsonValue sv = json.value(QStringLiteral("slurm"));
        if (!sv.isUndefined() && !sv.isObject())
            return std::unexpected(
                invalidField(path + QStringLiteral(".slurm"), Tr::tr("expected an object")));
        const QJsonObject so = sv.toObject();
        for (auto it = so.begin(); it != so.end(); ++it)
            if (!it.value().isString())
                return std::unexpected(invalidField(path + QStringLiteral(".slurm.") + it.key(),
                                                    Tr::tr("expected a string")));
        p.slurm.cluster = so.value("cluster").toString();
        p.slurm.partition = so.value("partition").toString(QStringLiteral("gpu"));
        p.slurm.outputDir = so.value("outputDir").toString();
        p.slurm.admin = so.value("admin").toString();
        p.slurm.tokenDir = so.value("tokenDir").toString();
        p.slurm.tokenCommand = so.value("tokenCommand").toString();
        p.slurm.probe = so.value("probe").toString(QStringLiteral("onramp-probe"));
        p.slurm.user = so.value("user").toString();
        p.slurm.url = p.baseUrl;
    }
    return p;
}

std::expected<QUrl, Error> ProviderProfile::addressFrom(const QString &typed, Kind kind)
{
    // What an address of this kind looks like (a Slurm daemon usually listens on this computer).
    const QString example = kind == Kind::Slurm ? QStringLiteral("http://127.0.0.1:6820")
                                                : QStringLiteral("https://onramp.example.com");
    const QString text = typed.trimmed();
    if (text.isEmpty())
        return std::unexpected(invalidField(
            QStringLiteral("baseUrl"),
            Tr::tr("Enter the provider's address, for example %1.").arg(example)));
    const QUrl url(text);
    const QString scheme = url.scheme().toLower();
    QStringList problems;
    if (scheme.isEmpty())
        problems << Tr::tr("it has no scheme: start it with https://");
    else if (scheme != QLatin1String("https") && scheme != QLatin1String("http"))
        problems << Tr::tr("the scheme “%1” is unknown: use https (or http, only for this "
                           "computer)")
                        .arg(url.scheme());
    if (!scheme.isEmpty() && url.host().isEmpty())
        problems << Tr::tr("it names no host: write the host after “//”");
    if (text.contains(QRegularExpression(QStringLiteral("\\s"))))
        problems << Tr::tr("it has a space in it");
    if (problems.isEmpty() && !url.isValid())
        problems << Tr::tr("it is not a web address");
    if (problems.isEmpty() && scheme == QLatin1String("http") && !isLoopbackHost(url.host()))
        problems << Tr::tr("plain http is only for this computer: use https");
    if (!problems.isEmpty())
        return std::unexpected(
            invalidField(QStringLiteral("baseUrl"),
                         Tr::sentences({Tr::tr("This address cannot be used: %1.")
                                            .arg(Tr::clauseList(problems)),
                                        Tr::tr("For example: %1").arg(example)})));
    return url;
}

std::expected<void, Error> ProviderProfile::validate() const
{
    if (kind == Kind::Sandbox && baseUrl.isEmpty())
        return {}; // started on demand
    if (auto address = addressFrom(baseUrl.toString(), kind); !address)
        return std::unexpected(address.error());
    if (kind != Kind::Slurm && accessKeyId.isEmpty())
        return std::unexpected(invalidField(QStringLiteral("accessKeyId"),
                                            Tr::tr("Enter the access key id of your profile.")));
    if (kind == Kind::Slurm) {
        if (slurm.cluster.isEmpty())
            return std::unexpected(invalidField(QStringLiteral("slurm.cluster"),
                                                Tr::tr("Enter the cluster's name (ClusterName).")));
        if (slurm.tokenDir.isEmpty() && slurm.tokenCommand.isEmpty())
            return std::unexpected(invalidField(
                QStringLiteral("slurm.token"),
                Tr::tr("Say where tokens come from: a folder of <user>.jwt files or a command "
                       "such as “scontrol token username=%u”.")));
        if (slurm.outputDir.isEmpty())
            return std::unexpected(invalidField(
                QStringLiteral("slurm.outputDir"),
                Tr::tr("Enter where job output lands on the shared filesystem.")));
    }
    return {};
}

} // namespace onramp
