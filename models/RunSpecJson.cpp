// The run spec's JSON: the strict importer, the serialisation and the canonical fingerprint.
// Depends on Qt Core and nlohmann only, so the fuzz target (tests/fuzz) builds it alone.
#include "RunSpec.h"

#include "Tr.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <cmath>
#include <set>
#include <vector>

namespace onramp {

namespace {

using json = nlohmann::json;

Error invalid(const QString &path, const QString &why)
{
    Error e;
    e.kind = Error::Kind::Invalid;
    e.field = path;
    e.message = Tr::tr("The run spec has a problem at %1: %2.").arg(path, why);
    e.details = path;
    return e;
}

struct Abort
{
    Error error;
};

// Walks one JSON object: every key must be known, and each read names its path.
class Reader
{
public:
    Reader(const json &object, QString path, std::initializer_list<const char *> known)
        : m_o(object), m_path(std::move(path))
    {
        if (!m_o.is_object())
            throw Abort{invalid(m_path, Tr::tr("expected an object"))};
        for (const char *k : known)
            m_known.insert(k);
        for (auto it = m_o.begin(); it != m_o.end(); ++it)
            if (!m_known.count(it.key()))
                throw Abort{invalid(at(it.key()), Tr::tr("unknown field"))};
    }

    QString at(const std::string &key) const { return m_path + u'.' + QString::fromStdString(key); }
    bool has(const char *key) const { return m_o.contains(key); }
    const json &raw(const char *key) const { return m_o.at(key); }

    QString string(const char *key, bool required = false,
                   const QRegularExpression *pattern = nullptr,
                   const QString &patternHint = {}) const
    {
        if (!m_o.contains(key)) {
            if (required)
                throw Abort{invalid(at(key), Tr::tr("required"))};
            return {};
        }
        const json &v = m_o.at(key);
        if (!v.is_string())
            throw Abort{invalid(at(key), Tr::tr("expected a string"))};
        const QString s = QString::fromStdString(v.get<std::string>());
        if (required && s.trimmed().isEmpty())
            throw Abort{invalid(at(key), Tr::tr("required"))};
        if (pattern && !s.isEmpty() && !pattern->match(s).hasMatch())
            throw Abort{invalid(at(key), patternHint)};
        return s;
    }
    double number(const char *key, double min, double max, double fallback,
                  bool integer = false) const
    {
        if (!m_o.contains(key))
            return fallback;
        const json &v = m_o.at(key);
        if (!v.is_number())
            throw Abort{invalid(at(key), Tr::tr("expected a number"))};
        const double d = v.get<double>();
        if (!std::isfinite(d) || d < min || d > max)
            throw Abort{
                invalid(at(key), Tr::tr("expected a number from %1 to %2").arg(min).arg(max))};
        if (integer && (!v.is_number_integer() || std::floor(d) != d))
            throw Abort{invalid(at(key), Tr::tr("expected a whole number"))};
        return d;
    }
    bool boolean(const char *key, bool fallback) const
    {
        if (!m_o.contains(key))
            return fallback;
        if (!m_o.at(key).is_boolean())
            throw Abort{invalid(at(key), Tr::tr("expected true or false"))};
        return m_o.at(key).get<bool>();
    }
    QStringList strings(const char *key) const
    {
        QStringList out;
        if (!m_o.contains(key))
            return out;
        const json &v = m_o.at(key);
        if (!v.is_array())
            throw Abort{invalid(at(key), Tr::tr("expected a list"))};
        for (size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_string())
                throw Abort{
                    invalid(at(key) + QStringLiteral("[%1]").arg(i), Tr::tr("expected a string"))};
            out << QString::fromStdString(v[i].get<std::string>());
        }
        return out;
    }

private:
    const json &m_o;
    QString m_path;
    std::set<std::string> m_known;
};

// Qt's JSON from nlohmann's, for the free-form parts (already limited by the parse).
QJsonObject toQt(const json &j)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(j.dump())).object();
}

json toNlohmann(const QJsonObject &o)
{
    return json::parse(QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString());
}

// Checks sizes the parse callback cannot see at once: string lengths and array lengths, with
// the path of the first offender.
void checkSizes(const json &j, const QString &path)
{
    if (j.is_string()) {
        if (j.get_ref<const std::string &>().size() > size_t(RunSpecLimits::kMaxString))
            throw Abort{
                invalid(path, Tr::tr("longer than %1 bytes").arg(RunSpecLimits::kMaxString))};
    } else if (j.is_array()) {
        if (j.size() > size_t(RunSpecLimits::kMaxArray))
            throw Abort{
                invalid(path, Tr::tr("more than %1 entries").arg(RunSpecLimits::kMaxArray))};
        for (size_t i = 0; i < j.size(); ++i)
            checkSizes(j[i], path + QStringLiteral("[%1]").arg(i));
    } else if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.key().size() > size_t(RunSpecLimits::kMaxString))
                throw Abort{invalid(
                    path,
                    Tr::tr("a field name longer than %1 bytes").arg(RunSpecLimits::kMaxString))};
            checkSizes(it.value(), path + u'.' + QString::fromStdString(it.key()));
        }
    }
}

const QRegularExpression &digestPattern()
{
    static const QRegularExpression re(QStringLiteral("^sha256:[0-9a-f]{64}$"));
    return re;
}

} // namespace

std::expected<RunSpec, Error> parseRunSpec(const QByteArray &bytes)
{
    if (bytes.size() > RunSpecLimits::kMaxBytes)
        return std::unexpected(
            invalid(QStringLiteral("$"), Tr::tr("the file is larger than 1 MiB")));
    // Depth and duplicate keys are checked while parsing: a deep file must not reach dump()
    // (it recurses), and a repeated key must not silently win.
    std::vector<std::set<std::string>> keys;
    json root;
    try {
        root = json::parse(
            bytes.constData(), bytes.constData() + bytes.size(),
            [&](int depth, json::parse_event_t event, json &parsed) {
                if (depth > RunSpecLimits::kMaxDepth)
                    throw Abort{invalid(
                        QStringLiteral("$"),
                        Tr::tr("nested deeper than %1 levels").arg(RunSpecLimits::kMaxDepth))};
                if (event == json::parse_event_t::object_start) {
                    keys.emplace_back();
                } else if (event == json::parse_event_t::object_end) {
                    if (!keys.empty())
                        keys.pop_back();
                } else if (event == json::parse_event_t::key && !keys.empty()) {
                    const std::string &k = parsed.get_ref<const std::string &>();
                    if (!keys.back().insert(k).second)
                        throw Abort{invalid(QStringLiteral("$"),
                                            Tr::tr("the field “%1” appears twice in one object")
                                                .arg(QString::fromStdString(k)))};
                }
                return true;
            });
    } catch (const Abort &a) {
        return std::unexpected(a.error);
    } catch (const json::parse_error &e) {
        Error err = invalid(QStringLiteral("$"),
                            Tr::tr("not valid JSON at byte %1").arg(qulonglong(e.byte)));
        err.kind = Error::Kind::Parse;
        err.details = QString::fromUtf8(e.what());
        return std::unexpected(err);
    } catch (const json::exception &e) {
        // out_of_range (1e400) and the like: not crashes, errors.
        Error err = invalid(QStringLiteral("$"), Tr::tr("a value JSON cannot hold here"));
        err.kind = Error::Kind::Parse;
        err.details = QString::fromUtf8(e.what());
        return std::unexpected(err);
    }

    try {
        checkSizes(root, QStringLiteral("$"));
        const Reader top(root, QStringLiteral("$"),
                         {"schemaVersion", "image", "software", "compute", "launch", "storage",
                          "parameters", "fingerprint", "loss", "gates"});
        RunSpec s;
        const int version = int(top.number("schemaVersion", 0, 1000, -1, true));
        if (version < 0)
            throw Abort{invalid(QStringLiteral("$.schemaVersion"), Tr::tr("required"))};
        if (version != RunSpec::kSchemaVersion)
            throw Abort{invalid(QStringLiteral("$.schemaVersion"),
                                Tr::tr("version %1 is not one this Onramp reads (%2)")
                                    .arg(version)
                                    .arg(RunSpec::kSchemaVersion))};
        if (!top.has("image"))
            throw Abort{invalid(QStringLiteral("$.image"), Tr::tr("required"))};
        {
            const Reader r(top.raw("image"), QStringLiteral("$.image"),
                           {"name", "version", "digest"});
            s.image.name = r.string("name", true);
            s.image.version = r.string("version");
            s.image.digest = r.string("digest", false, &digestPattern(),
                                      Tr::tr("expected sha256: and 64 lower-case hex digits"));
        }
        if (top.has("software")) {
            const Reader r(top.raw("software"), QStringLiteral("$.software"),
                           {"framework", "frameworkVersion", "cuda", "driver"});
            s.software = {r.string("framework"), r.string("frameworkVersion"), r.string("cuda"),
                          r.string("driver")};
        }
        if (!top.has("compute"))
            throw Abort{invalid(QStringLiteral("$.compute"), Tr::tr("required"))};
        {
            const Reader r(
                top.raw("compute"), QStringLiteral("$.compute"),
                {"instanceType", "card", "zone", "cardsPerNode", "nodes", "timeLimitHours"});
            s.compute.instanceType = r.string("instanceType", true);
            s.compute.card = r.string("card");
            s.compute.zone = r.string("zone");
            s.compute.cardsPerNode = int(r.number("cardsPerNode", 1, 64, 1, true));
            s.compute.nodes = int(r.number("nodes", 1, 4096, 1, true));
            s.compute.timeLimitHours = r.number("timeLimitHours", 0.01, 24 * 366, 1);
        }
        if (!top.has("launch"))
            throw Abort{invalid(QStringLiteral("$.launch"), Tr::tr("required"))};
        {
            const Reader r(top.raw("launch"), QStringLiteral("$.launch"),
                           {"mode", "entry", "args"});
            static const QRegularExpression mode(QStringLiteral("^(builtin|file)$"));
            s.launch.mode = r.string("mode", true, &mode, Tr::tr("expected builtin or file"));
            s.launch.entry = r.string("entry", true);
            s.launch.args = r.strings("args");
        }
        if (top.has("storage")) {
            const Reader r(top.raw("storage"), QStringLiteral("$.storage"),
                           {"data", "output", "scratch", "dataReadOnly"});
            s.storage = {r.string("data"), r.string("output"), r.string("scratch"),
                         r.boolean("dataReadOnly", true)};
        }
        if (top.has("parameters")) {
            const json &p = top.raw("parameters");
            if (!p.is_object())
                throw Abort{invalid(QStringLiteral("$.parameters"), Tr::tr("expected an object"))};
            for (auto it = p.begin(); it != p.end(); ++it) {
                const json &v = it.value();
                if (!(v.is_string() || v.is_boolean() || v.is_number()) ||
                    (v.is_number() && !std::isfinite(v.get<double>())))
                    throw Abort{
                        invalid(QStringLiteral("$.parameters.") + QString::fromStdString(it.key()),
                                Tr::tr("expected a string, number or true/false"))};
            }
            s.parameters = toQt(p);
        }
        if (top.has("fingerprint")) {
            if (!top.raw("fingerprint").is_object())
                throw Abort{invalid(QStringLiteral("$.fingerprint"), Tr::tr("expected an object"))};
            s.fingerprint = toQt(top.raw("fingerprint"));
        }
        if (top.has("loss")) {
            const Reader r(top.raw("loss"), QStringLiteral("$.loss"),
                           {"steps", "first", "last", "minimum"});
            s.loss.steps = int(r.number("steps", 0, 1e9, 0, true));
            s.loss.first = r.number("first", -1e12, 1e12, 0);
            s.loss.last = r.number("last", -1e12, 1e12, 0);
            s.loss.minimum = r.number("minimum", -1e12, 1e12, 0);
        }
        if (top.has("gates")) {
            const json &g = top.raw("gates");
            if (!g.is_array())
                throw Abort{invalid(QStringLiteral("$.gates"), Tr::tr("expected a list"))};
            static const QRegularExpression gateKeys(
                QStringLiteral("^(account|workspace|quota|resources|environment|first-run)$"));
            for (size_t i = 0; i < g.size(); ++i) {
                const Reader r(g[i], QStringLiteral("$.gates[%1]").arg(i),
                               {"gate", "status", "acceptor", "evidence"});
                s.gates.append({r.string("gate", true, &gateKeys, Tr::tr("expected a gate key")),
                                r.string("status"), r.string("acceptor"), r.string("evidence")});
            }
        }
        return s;
    } catch (const Abort &a) {
        return std::unexpected(a.error);
    } catch (const json::exception &e) {
        Error err = invalid(QStringLiteral("$"), Tr::tr("a value JSON cannot hold here"));
        err.details = QString::fromUtf8(e.what());
        return std::unexpected(err);
    }
}

QJsonObject RunSpec::toJson() const
{
    QJsonArray gateList;
    for (const GateEvidence &g : gates)
        gateList.append(QJsonObject{{"gate", g.gate},
                                    {"status", g.status},
                                    {"acceptor", g.acceptor},
                                    {"evidence", g.evidence}});
    QJsonObject o{{"schemaVersion", kSchemaVersion},
                  {"image", QJsonObject{{"name", image.name}, {"version", image.version}}},
                  {"software", QJsonObject{{"framework", software.framework},
                                           {"frameworkVersion", software.frameworkVersion},
                                           {"cuda", software.cuda},
                                           {"driver", software.driver}}},
                  {"compute", QJsonObject{{"instanceType", compute.instanceType},
                                          {"card", compute.card},
                                          {"zone", compute.zone},
                                          {"cardsPerNode", compute.cardsPerNode},
                                          {"nodes", compute.nodes},
                                          {"timeLimitHours", compute.timeLimitHours}}},
                  {"launch", QJsonObject{{"mode", launch.mode},
                                         {"entry", launch.entry},
                                         {"args", QJsonArray::fromStringList(launch.args)}}},
                  {"storage", QJsonObject{{"data", storage.data},
                                          {"output", storage.output},
                                          {"scratch", storage.scratch},
                                          {"dataReadOnly", storage.dataReadOnly}}},
                  {"parameters", parameters},
                  {"loss", QJsonObject{{"steps", loss.steps},
                                       {"first", loss.first},
                                       {"last", loss.last},
                                       {"minimum", loss.minimum}}},
                  {"gates", gateList}};
    if (!image.digest.isEmpty()) {
        QJsonObject i = o.value("image").toObject();
        i["digest"] = image.digest;
        o["image"] = i;
    }
    if (!fingerprint.isEmpty())
        o["fingerprint"] = fingerprint;
    return o;
}

QByteArray RunSpec::canonical() const
{
    // nlohmann keeps object keys sorted and prints numbers in their shortest round-trip form.
    return QByteArray::fromStdString(toNlohmann(toJson()).dump());
}

QByteArray RunSpec::fingerprintId() const
{
    return "sha256:" + QCryptographicHash::hash(canonical(), QCryptographicHash::Sha256).toHex();
}

} // namespace onramp
