#include "ResourceCatalog.h"

#include "Catalogs.h"
#include "Tr.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace onramp {

namespace {

// A provider's catalog is read whole into memory and shown in a combo box: a few thousand
// entries is already more than anyone picks from.
constexpr qsizetype kMaxEntries = 4096;

Error catalogError(const QString &field, const QString &why)
{
    return {Error::Kind::Invalid, Tr::tr("The catalog entry %1 is invalid: %2.").arg(field, why),
            field + QStringLiteral(": ") + why, field};
}

std::expected<QJsonArray, Error> entries(const QJsonObject &answer, const char *key)
{
    const QJsonValue list = answer.value(QLatin1String(key));
    if (!list.isArray())
        return std::unexpected(
            catalogError(QStringLiteral("$.") + QLatin1String(key), Tr::tr("expected a list")));
    if (list.toArray().size() > kMaxEntries)
        return std::unexpected(catalogError(QStringLiteral("$.") + QLatin1String(key),
                                            Tr::tr("more than %1 entries").arg(kMaxEntries)));
    return list.toArray();
}

std::expected<QJsonObject, Error> document(const QByteArray &json)
{
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject())
        return std::unexpected(Error{Error::Kind::Parse, Tr::tr("The catalog is not valid JSON."),
                                     pe.error == QJsonParseError::NoError
                                         ? QStringLiteral("not an object")
                                         : pe.errorString()});
    return doc.object();
}

// Reads a required string member, naming the path on failure.
std::expected<QString, Error> text(const QJsonObject &o, const char *key, const QString &path)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isString() || v.toString().trimmed().isEmpty())
        return std::unexpected(
            catalogError(path + u'.' + QLatin1String(key), Tr::tr("expected non-empty text")));
    return v.toString();
}

// An optional string member: absent is empty, anything but text is an error.
std::expected<QString, Error> optionalText(const QJsonObject &o, const char *key,
                                           const QString &path)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull())
        return QString();
    if (!v.isString())
        return std::unexpected(
            catalogError(path + u'.' + QLatin1String(key), Tr::tr("expected text")));
    return v.toString();
}

// An optional number member in [low, high]: absent is `fallback`.
std::expected<double, Error> number(const QJsonObject &o, const char *key, const QString &path,
                                    double low, double high, double fallback)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return fallback;
    if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < low || v.toDouble() > high)
        return std::unexpected(
            catalogError(path + u'.' + QLatin1String(key),
                         Tr::tr("expected a number from %1 to %2")
                             .arg(QString::number(low, 'f', 0), QString::number(high, 'f', 0))));
    return v.toDouble();
}

// An optional list of texts.
std::expected<QStringList, Error> strings(const QJsonObject &o, const char *key,
                                          const QString &path)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return QStringList();
    if (!v.isArray())
        return std::unexpected(
            catalogError(path + u'.' + QLatin1String(key), Tr::tr("expected a list of texts")));
    QStringList out;
    const QJsonArray list = v.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!list[i].isString())
            return std::unexpected(
                catalogError(path + u'.' + QLatin1String(key) + QStringLiteral("[%1]").arg(i),
                             Tr::tr("expected text")));
        out << list[i].toString();
    }
    return out;
}

Error duplicate(const QString &path, const QString &key)
{
    return catalogError(path + QStringLiteral(".key"), Tr::tr("“%1” is listed twice").arg(key));
}

} // namespace

QJsonObject InstanceType::toJson() const
{
    QJsonObject o{{"key", key},
                  {"name", name},
                  {"card", card},
                  {"cards", cards},
                  {"cpus", cpus},
                  {"memory_gib", memoryGiB},
                  {"local_disk_gb", localDiskGB},
                  {"interconnect", interconnect},
                  {"driver", driver}};
    if (!source.isEmpty())
        o[QStringLiteral("source")] = source;
    if (!asOf.isEmpty())
        o[QStringLiteral("as_of")] = asOf;
    return o;
}

QJsonObject TrainingImage::toJson() const
{
    QJsonObject o{{"key", key},
                  {"name", name},
                  {"version", version},
                  {"framework", framework},
                  {"framework_version", frameworkVersion},
                  {"accelerator", accelerator},
                  {"accelerator_version", acceleratorVersion},
                  {"min_driver", minDriver},
                  {"archs", QJsonArray::fromStringList(archs)},
                  {"python", python},
                  {"libraries", QJsonArray::fromStringList(libraries)}};
    // Only a digest someone read from the registry; none is better than an invented one.
    if (!digest.isEmpty())
        o[QStringLiteral("digest")] = digest;
    if (!source.isEmpty())
        o[QStringLiteral("source")] = source;
    if (!asOf.isEmpty())
        o[QStringLiteral("as_of")] = asOf;
    return o;
}

namespace {

// The entries of a catalog answer's list `key`, each an object read by `parseOne` (an entry's
// value, or why not, naming its field under `path`), no key twice.
template <typename T, typename ParseOne>
std::expected<std::vector<T>, Error> parseEntries(const QJsonObject &answer, const char *key,
                                                  ParseOne parseOne)
{
    auto list = entries(answer, key);
    if (!list)
        return std::unexpected(list.error());
    std::vector<T> out;
    QSet<QString> keys;
    for (int i = 0; i < list->size(); ++i) {
        const QString path = QStringLiteral("$.%1[%2]").arg(QLatin1String(key)).arg(i);
        if (!list->at(i).isObject())
            return std::unexpected(catalogError(path, Tr::tr("expected an object")));
        auto entry = parseOne(list->at(i).toObject(), path);
        if (!entry)
            return std::unexpected(entry.error());
        if (keys.contains(entry->key))
            return std::unexpected(duplicate(path, entry->key));
        keys.insert(entry->key);
        out.push_back(std::move(*entry));
    }
    return out;
}

} // namespace

std::expected<std::vector<InstanceType>, Error> parseInstanceCatalog(const QJsonObject &answer)
{
    return parseEntries<InstanceType>(
        answer, "instances",
        [](const QJsonObject &o, const QString &path) -> std::expected<InstanceType, Error> {
            InstanceType t;
            for (auto [key, member] :
                 {std::pair{"key", &InstanceType::key}, std::pair{"name", &InstanceType::name},
                  std::pair{"card", &InstanceType::card},
                  std::pair{"driver", &InstanceType::driver}}) {
                auto v = text(o, key, path);
                if (!v)
                    return std::unexpected(v.error());
                t.*member = *v;
            }
            if (!findCard(t.card))
                return std::unexpected(catalogError(path + QStringLiteral(".card"),
                                                    Tr::tr("unknown card “%1”").arg(t.card)));
            const QJsonValue cards = o.value(QLatin1String("cards"));
            if (!cards.isDouble() || cards.toDouble() != std::floor(cards.toDouble()) ||
                cards.toDouble() < 1 || cards.toDouble() > 1024)
                return std::unexpected(catalogError(path + QStringLiteral(".cards"),
                                                    Tr::tr("expected 1 to 1024 cards")));
            t.cards = cards.toInt();
            auto cpus = number(o, "cpus", path, 0, 1e6, 0);
            auto memory = number(o, "memory_gib", path, 0, 1e9, 0);
            auto disk = number(o, "local_disk_gb", path, 0, 1e12, 0);
            auto interconnect = optionalText(o, "interconnect", path);
            auto source = optionalText(o, "source", path);
            auto asOf = optionalText(o, "as_of", path);
            for (const Error *e :
                 {cpus ? nullptr : &cpus.error(), memory ? nullptr : &memory.error(),
                  disk ? nullptr : &disk.error(), interconnect ? nullptr : &interconnect.error(),
                  source ? nullptr : &source.error(), asOf ? nullptr : &asOf.error()}) {
                if (e)
                    return std::unexpected(*e);
            }
            t.source = *source;
            t.asOf = *asOf;
            t.cpus = int(*cpus);
            t.memoryGiB = *memory;
            t.localDiskGB = *disk;
            t.interconnect = *interconnect;
            return t;
        });
}

std::expected<std::vector<TrainingImage>, Error> parseImageCatalog(const QJsonObject &answer)
{
    return parseEntries<TrainingImage>(
        answer, "images",
        [](const QJsonObject &o, const QString &path) -> std::expected<TrainingImage, Error> {
            TrainingImage t;
            for (auto [key, member] :
                 {std::pair{"key", &TrainingImage::key}, std::pair{"name", &TrainingImage::name},
                  std::pair{"version", &TrainingImage::version},
                  std::pair{"framework", &TrainingImage::framework},
                  std::pair{"framework_version", &TrainingImage::frameworkVersion},
                  std::pair{"accelerator", &TrainingImage::accelerator},
                  std::pair{"accelerator_version", &TrainingImage::acceleratorVersion},
                  std::pair{"min_driver", &TrainingImage::minDriver}}) {
                auto v = text(o, key, path);
                if (!v)
                    return std::unexpected(v.error());
                t.*member = *v;
            }
            for (auto [key, member] : {std::pair{"digest", &TrainingImage::digest},
                                       std::pair{"source", &TrainingImage::source},
                                       std::pair{"as_of", &TrainingImage::asOf},
                                       std::pair{"python", &TrainingImage::python}}) {
                auto v = optionalText(o, key, path);
                if (!v)
                    return std::unexpected(v.error());
                t.*member = *v;
            }
            // The digest is optional (unknown until the provider says), but never malformed.
            static const QRegularExpression sha256(QStringLiteral("^sha256:[0-9a-fA-F]{64}$"));
            if (!t.digest.isEmpty() && !sha256.match(t.digest).hasMatch())
                return std::unexpected(catalogError(path + QStringLiteral(".digest"),
                                                    Tr::tr("expected sha256: and 64 hex digits")));
            auto archs = strings(o, "archs", path);
            if (!archs)
                return std::unexpected(archs.error());
            t.archs = *archs;
            if (t.archs.isEmpty())
                return std::unexpected(catalogError(path + QStringLiteral(".archs"),
                                                    Tr::tr("list at least one architecture")));
            auto libraries = strings(o, "libraries", path);
            if (!libraries)
                return std::unexpected(libraries.error());
            t.libraries = *libraries;
            return t;
        });
}

std::expected<std::vector<InstanceType>, Error> parseInstanceCatalog(const QByteArray &json)
{
    auto doc = document(json);
    if (!doc)
        return std::unexpected(doc.error());
    return parseInstanceCatalog(*doc);
}

std::expected<std::vector<TrainingImage>, Error> parseImageCatalog(const QByteArray &json)
{
    auto doc = document(json);
    if (!doc)
        return std::unexpected(doc.error());
    return parseImageCatalog(*doc);
}

namespace {

QJsonObject resourceFile(const char *path)
{
    QFile f(QString::fromLatin1(path));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

const std::vector<InstanceType> &builtinInstances()
{
    static const std::vector<InstanceType> list = [] {
        auto parsed = parseInstanceCatalog(resourceFile(":/catalog/instances.json"));
        return parsed ? *parsed : std::vector<InstanceType>{};
    }();
    return list;
}

const std::vector<TrainingImage> &builtinImages()
{
    static const std::vector<TrainingImage> list = [] {
        auto parsed = parseImageCatalog(resourceFile(":/catalog/images.json"));
        return parsed ? *parsed : std::vector<TrainingImage>{};
    }();
    return list;
}

const InstanceType *findBuiltinInstance(const QString &key)
{
    for (const InstanceType &t : builtinInstances())
        if (t.key == key)
            return &t;
    return nullptr;
}

bool CatalogSource::sameProvider(const CatalogSource &o) const
{
    return kind == Kind::Provider && o.kind == Kind::Provider && providerKind == o.providerKind &&
           providerName == o.providerName;
}

struct ResourceCatalog::Data
{
    std::vector<InstanceType> instances;
    std::vector<TrainingImage> images;
    CatalogSource source;
};

namespace {

// The built-in catalog's month: the newer of the two files' as_of.
QString builtinAsOf()
{
    QString asOf;
    for (const char *path : {":/catalog/instances.json", ":/catalog/images.json"})
        asOf = std::max(asOf, resourceFile(path).value(QLatin1String("as_of")).toString());
    return asOf;
}

} // namespace

ResourceCatalog::ResourceCatalog()
{
    static const std::shared_ptr<const Data> builtin = std::make_shared<const Data>(
        Data{builtinInstances(), builtinImages(),
             CatalogSource{CatalogSource::Kind::BuiltIn, {}, {}, {}, builtinAsOf()}});
    d = builtin;
}

ResourceCatalog::ResourceCatalog(std::vector<InstanceType> instances,
                                 std::vector<TrainingImage> images, CatalogSource source)
    : d(std::make_shared<const Data>(
          Data{std::move(instances), std::move(images), std::move(source)}))
{
}

std::expected<ResourceCatalog, Error> ResourceCatalog::fromAnswers(const QJsonObject &instances,
                                                                   const QJsonObject &images,
                                                                   CatalogSource source)
{
    auto i = parseInstanceCatalog(instances);
    if (!i)
        return std::unexpected(i.error());
    auto m = parseImageCatalog(images);
    if (!m)
        return std::unexpected(m.error());
    return ResourceCatalog(std::move(*i), std::move(*m), std::move(source));
}

std::expected<ResourceCatalog, Error> ResourceCatalog::fromFile(const QByteArray &json)
{
    auto doc = document(json);
    if (!doc)
        return std::unexpected(doc.error());
    for (auto it = doc->begin(); it != doc->end(); ++it) {
        static const QStringList known = {QStringLiteral("instances"), QStringLiteral("images"),
                                          QStringLiteral("note"), QStringLiteral("as_of")};
        if (!known.contains(it.key()))
            return std::unexpected(
                catalogError(QStringLiteral("$.") + it.key(), Tr::tr("not a field of a catalog")));
    }
    auto asOf = optionalText(*doc, "as_of", QStringLiteral("$"));
    if (!asOf)
        return std::unexpected(asOf.error());
    return fromAnswers(*doc, *doc, CatalogSource{CatalogSource::Kind::BuiltIn, {}, {}, {}, *asOf});
}

const std::vector<InstanceType> &ResourceCatalog::instances() const
{
    return d->instances;
}

const std::vector<TrainingImage> &ResourceCatalog::images() const
{
    return d->images;
}

const InstanceType *ResourceCatalog::instance(const QString &key) const
{
    for (const InstanceType &t : d->instances)
        if (t.key == key)
            return &t;
    return nullptr;
}

QString ResourceCatalog::instanceName(const QString &key) const
{
    const InstanceType *t = instance(key);
    return t ? t->name : key;
}

const TrainingImage *ResourceCatalog::image(const QString &key) const
{
    for (const TrainingImage &t : d->images)
        if (t.key == key)
            return &t;
    for (const TrainingImage &t : d->images)
        if (t.name + u':' + t.version == key)
            return &t;
    return nullptr;
}

const CatalogSource &ResourceCatalog::source() const
{
    return d->source;
}

ResourceCatalog ResourceCatalog::withUnreadReason(const QString &reason) const
{
    ResourceCatalog c = *this;
    c.m_unreadReason = reason;
    return c;
}

QString ResourceCatalog::describe() const
{
    const CatalogSource &s = source();
    if (s.kind == CatalogSource::Kind::BuiltIn) {
        const QString asOf = s.asOf.isEmpty() ? Tr::tr("date unknown") : s.asOf;
        return m_unreadReason.isEmpty()
                   ? Tr::tr("Built-in catalog (as of %1).").arg(asOf)
                   : Tr::tr("Built-in catalog (as of %1); the provider's was not used: %2")
                         .arg(asOf, m_unreadReason);
    }
    QString from;
    if (s.providerKind == QLatin1String("sandbox"))
        from = Tr::tr("the built-in sandbox");
    else if (s.providerKind == QLatin1String("slurm"))
        from = Tr::tr("the Slurm cluster %1").arg(s.providerName);
    else
        from = Tr::tr("the provider %1").arg(s.providerName);
    const QDateTime local = s.readAt.toLocalTime();
    const QString when = local.date() == QDate::currentDate()
                             ? local.toString(QStringLiteral("HH:mm"))
                             : local.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    return m_unreadReason.isEmpty() ? Tr::tr("Catalog: from %1, read %2.").arg(from, when)
                                    : Tr::tr("Catalog: from %1, read %2; not read again now: %3")
                                          .arg(from, when, m_unreadReason);
}

QJsonObject ResourceCatalog::toJson() const
{
    const CatalogSource &s = source();
    if (s.kind == CatalogSource::Kind::BuiltIn)
        return {};
    QJsonArray instances, images;
    for (const InstanceType &t : d->instances)
        instances.append(t.toJson());
    for (const TrainingImage &i : d->images)
        images.append(i.toJson());
    return {{"provider", QJsonObject{{"kind", s.providerKind},
                                     {"name", s.providerName},
                                     {"readAt", s.readAt.toUTC().toString(Qt::ISODateWithMs)}}},
            {"instances", instances},
            {"images", images}};
}

std::expected<ResourceCatalog, Error> ResourceCatalog::fromJson(const QJsonObject &o,
                                                                const QString &path)
{
    if (o.isEmpty())
        return ResourceCatalog();
    // The saved state is a file a user may have edited: the same checks as an answer, the
    // field named from the state's root.
    const auto at = [&path](Error e) {
        if (e.field.startsWith(QLatin1String("$")))
            e.field = path + e.field.mid(1);
        e.message = Tr::tr("The saved onboarding has a bad catalog at %1: %2")
                        .arg(e.field.isEmpty() ? path : e.field, e.message);
        return std::unexpected(e);
    };
    const QJsonObject p = o.value(QLatin1String("provider")).toObject();
    CatalogSource s{
        CatalogSource::Kind::Provider,
        p.value(QLatin1String("kind")).toString(),
        p.value(QLatin1String("name")).toString(),
        QDateTime::fromString(p.value(QLatin1String("readAt")).toString(), Qt::ISODateWithMs),
        {}};
    static const QStringList kinds = {QStringLiteral("sandbox"), QStringLiteral("onramp-api"),
                                      QStringLiteral("slurm")};
    if (!kinds.contains(s.providerKind))
        return at(catalogError(QStringLiteral("$.provider.kind"),
                               Tr::tr("expected sandbox, onramp-api or slurm")));
    if (!s.readAt.isValid())
        return at(catalogError(QStringLiteral("$.provider.readAt"), Tr::tr("expected a time")));
    auto c = fromAnswers(o, o, s);
    if (!c)
        return at(c.error());
    return *c;
}

} // namespace onramp
