// The run spec's JSON: the strict importer, the serialisation and the canonical fingerprint.
// Depends on Qt Core and nlohmann only, so the fuzz target (tests/fuzz) builds it alone.
#include "RunSpec.h"

#include "Tr.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <QSet>

#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <tuple>
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

bool hasControl(const std::string &s, bool multiline);

// Checks sizes the parse callback cannot see at once: string lengths and array lengths, with
// the path of the first offender.
void checkSizes(const json &j, const QString &path)
{
    if (j.is_string()) {
        if (j.get_ref<const std::string &>().size() > size_t(RunSpecLimits::kMaxString))
            throw Abort{
                invalid(path, Tr::tr("longer than %1 bytes").arg(RunSpecLimits::kMaxString))};
        // Free text may span lines; no other value may (it would start a line in an export).
        if (hasControl(j.get_ref<const std::string &>(), path.endsWith(QLatin1String(".evidence"))))
            throw Abort{invalid(path, Tr::tr("a control character (a line break, tab or NUL) "
                                             "where none belongs"))};
    } else if (j.is_array()) {
        const int most = path == QLatin1String("$.loss.curve") ? RunSpecLimits::kMaxCurve
                                                               : RunSpecLimits::kMaxArray;
        if (j.size() > size_t(most))
            throw Abort{invalid(path, Tr::tr("more than %1 entries").arg(most))};
        for (size_t i = 0; i < j.size(); ++i)
            checkSizes(j[i], path + QStringLiteral("[%1]").arg(i));
    } else if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.key().size() > size_t(RunSpecLimits::kMaxString))
                throw Abort{invalid(
                    path,
                    Tr::tr("a field name longer than %1 bytes").arg(RunSpecLimits::kMaxString))};
            if (hasControl(it.key(), false))
                throw Abort{invalid(path, Tr::tr("a control character in a field name"))};
            checkSizes(it.value(), path + u'.' + QString::fromStdString(it.key()));
        }
    }
}

const QRegularExpression &digestPattern()
{
    static const QRegularExpression re(QStringLiteral("\\Asha256:[0-9a-f]{64}\\z"));
    return re;
}

// Control characters end comments and start lines in every format we write; no field of a spec
// needs one, except a tab or line break in free-text evidence.
bool hasControl(const std::string &s, bool multiline)
{
    for (unsigned char c : s) {
        if (c == 0x7f || (c < 0x20 && !(multiline && (c == '\n' || c == '\t'))))
            return true;
    }
    // U+0085, U+2028 and U+2029 end lines for some readers (YAML, JavaScript).
    return s.find("\xc2\x85") != std::string::npos || s.find("\xe2\x80\xa8") != std::string::npos ||
           s.find("\xe2\x80\xa9") != std::string::npos;
}

// A decimal number's value as sign, significant digits and exponent, so that "1e2", "100" and
// "100.0" compare equal. Input is a JSON number (already validated by the parser).
std::tuple<bool, std::string, long> decimalValue(const std::string &text)
{
    bool negative = false;
    std::string digits;
    long exponent = 0, fractionDigits = 0;
    size_t i = 0;
    if (i < text.size() && text[i] == '-') {
        negative = true;
        ++i;
    }
    bool fraction = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '.') {
            fraction = true;
        } else if (c == 'e' || c == 'E') {
            exponent = std::strtol(text.c_str() + i + 1, nullptr, 10);
            break;
        } else {
            digits += c;
            if (fraction)
                ++fractionDigits;
        }
    }
    exponent -= fractionDigits;
    const size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos)
        return {false, "0", 0};
    digits.erase(0, first);
    while (digits.size() > 1 && digits.back() == '0') {
        digits.pop_back();
        ++exponent;
    }
    return {negative, digits, exponent};
}

// Reads every number's text as written: one whose value does not survive our round trip (an
// integer past 2^63, a decimal with more digits than a double holds) is refused, because the
// spec we would write back, and export, would say something else.
struct NumberCheck : nlohmann::json_sax<json>
{
    std::optional<std::pair<QString, std::string>> changed; // the path and the number as written

    // Where the parser is: one entry per open object (the last key) or array (the index).
    struct Level
    {
        bool array = false;
        std::string key;
        long index = -1;
    };
    std::vector<Level> at;

    QString path() const
    {
        QString p = QStringLiteral("$");
        for (const Level &l : at)
            p += l.array ? QStringLiteral("[%1]").arg(l.index)
                         : u'.' + QString::fromStdString(l.key);
        return p;
    }
    void value()
    {
        if (!at.empty() && at.back().array)
            ++at.back().index;
    }
    void refuse(const std::string &text)
    {
        if (!changed)
            changed = std::make_pair(path(), text);
    }
    bool null() override { return value(), true; }
    bool boolean(bool) override { return value(), true; }
    bool number_integer(number_integer_t) override { return value(), true; }
    bool number_unsigned(number_unsigned_t v) override
    {
        value();
        // Qt's JSON keeps integers as qint64.
        if (v > number_unsigned_t(std::numeric_limits<qint64>::max()))
            refuse(std::to_string(v));
        return true;
    }
    bool number_float(number_float_t v, const string_t &text) override
    {
        value();
        if (std::isfinite(v) && decimalValue(text) != decimalValue(json(v).dump()))
            refuse(text);
        return true;
    }
    bool string(string_t &) override { return value(), true; }
    bool binary(binary_t &) override { return value(), true; }
    bool start_object(std::size_t) override
    {
        value();
        at.push_back({});
        return true;
    }
    bool key(string_t &k) override
    {
        at.back().key = k;
        return true;
    }
    bool end_object() override
    {
        at.pop_back();
        return true;
    }
    bool start_array(std::size_t) override
    {
        value();
        at.push_back({true});
        return true;
    }
    bool end_array() override
    {
        at.pop_back();
        return true;
    }
    bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &) override
    {
        return false;
    }
};

} // namespace

std::expected<RunSpec, Error> parseRunSpec(const QByteArray &bytes)
{
    if (bytes.size() > RunSpecLimits::kMaxBytes)
        return std::unexpected(
            invalid(QStringLiteral("$"), Tr::tr("the file is larger than 1 MiB")));
    // nlohmann's lexer reads a NUL byte as the end of input: what follows would be ignored.
    if (const qsizetype nul = bytes.indexOf('\0'); nul >= 0)
        return std::unexpected(invalid(
            QStringLiteral("$"), Tr::tr("a NUL byte at byte %1 (a JSON file has none)").arg(nul)));
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
        // In the reader's words, with what to do (#17 walk: "a problem at $: not valid JSON at
        // byte 3001" for a file cut off in a download): a file that ends inside the JSON is cut
        // off; anything else is not JSON at all. The parser's words are the details.
        Error err;
        err.kind = Error::Kind::Parse;
        err.field = QStringLiteral("$");
        const bool cutOff = !bytes.trimmed().isEmpty() && e.byte >= std::size_t(bytes.size());
        err.message =
            cutOff ? Tr::tr("The file looks cut off: it ends after %n byte(s), in the middle of "
                            "the run spec (a download or a copy that stopped?). Ask the sender "
                            "for a fresh export of the spec.",
                            nullptr, int(bytes.size()))
            : bytes.trimmed().isEmpty()
                ? Tr::tr("The file is empty. Ask the sender for a fresh export of the spec.")
                : Tr::tr("The file is not a run spec: it is not JSON (it stops making sense at "
                         "byte %1). Check that you opened the right file, or ask the sender for "
                         "a fresh export of the spec.")
                      .arg(qulonglong(e.byte));
        err.details = QString::fromUtf8(e.what());
        return std::unexpected(err);
    } catch (const json::exception &e) {
        // out_of_range (1e400) and the like: not crashes, errors.
        Error err = invalid(QStringLiteral("$"), Tr::tr("a value JSON cannot hold here"));
        err.kind = Error::Kind::Parse;
        err.details = QString::fromUtf8(e.what());
        return std::unexpected(err);
    }

    // An onboarding's progress file (its gates an object by key, a spec's a list): the one
    // JSON file the welcome page names, opened for a spec (#17 walk 19: "a problem at
    // $.gates.environment.evidence.separator").
    if (root.is_object() && root.contains("gates") && root["gates"].is_object() &&
        root.contains("currentPage")) {
        Error err = invalid(QStringLiteral("$"),
                            Tr::tr("it is an onboarding's progress file, which the wizard saves "
                                   "as you go, not a run spec. Export the run spec on the "
                                   "Summary page (“Export…”) or with “onramp spec from-state”, "
                                   "and open that file."));
        err.kind = Error::Kind::Parse;
        return std::unexpected(err);
    }
    {
        NumberCheck numbers;
        json::sax_parse(bytes.constData(), bytes.constData() + bytes.size(), &numbers);
        if (numbers.changed)
            return std::unexpected(invalid(
                numbers.changed->first,
                Tr::tr("the number %1 cannot be kept exactly (at most 17 significant digits, "
                       "integers up to 2^63)")
                    .arg(QString::fromStdString(numbers.changed->second))));
    }
    try {
        checkSizes(root, QStringLiteral("$"));
        const Reader top(root, QStringLiteral("$"),
                         {"schemaVersion", "image", "software", "training", "compute", "launch",
                          "code", "storage", "parameters", "applied", "fingerprint", "loss",
                          "gates", "recovery", "planned", "memory"});
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
                           {"framework", "frameworkVersion", "cuda", "driver", "device",
                            "gpuModel", "gpuCount"});
            s.software = {r.string("framework"), r.string("frameworkVersion"), r.string("cuda"),
                          r.string("driver"),    r.string("device"),
                          r.string("gpuModel"),  int(r.number("gpuCount", 0, 4096, 0, true))};
        }
        // What ran, and (when it was a stand-in) what was planned: the same fields.
        // $.planned also names the planned run's data and software (plannedEnvironment).
        const auto readTraining = [&top, &s](const char *key) {
            const QString path = QStringLiteral("$.") + QLatin1String(key);
            const bool planned = qstrcmp(key, "planned") == 0;
            const Reader r = planned
                                 ? Reader(top.raw(key), path,
                                          {"model", "method", "precision", "parallelism",
                                           "sharding", "microBatch", "seqLen", "gradAccum",
                                           "seed", "data", "framework", "frameworkVersion",
                                           "accelerator", "acceleratorVersion"})
                                 : Reader(top.raw(key), path,
                                          {"model", "method", "precision", "parallelism",
                                           "sharding", "microBatch", "seqLen", "gradAccum",
                                           "seed"});
            if (planned)
                s.plannedEnvironment = {r.string("data"), r.string("framework"),
                                        r.string("frameworkVersion"), r.string("accelerator"),
                                        r.string("acceleratorVersion")};
            return RunSpec::Training{r.string("model"),
                                     r.string("method"),
                                     r.string("precision"),
                                     r.string("parallelism"),
                                     r.string("sharding"),
                                     int(r.number("microBatch", 0, 1e6, 0, true)),
                                     int(r.number("seqLen", 0, 1e8, 0, true)),
                                     int(r.number("gradAccum", 0, 1e6, 0, true)),
                                     qint64(r.number("seed", -1, 9007199254740991.0, -1, true))};
        };
        if (top.has("training"))
            s.training = readTraining("training");
        // Optional: a spec written before it, or one whose first run trained the plan, has none.
        if (top.has("planned")) {
            s.planned = readTraining("planned");
            if (s.planned.model.trimmed().isEmpty())
                throw Abort{invalid(QStringLiteral("$.planned.model"), Tr::tr("required"))};
        }
        // Optional: a spec written before it reads with the estimator's defaults.
        if (top.has("memory")) {
            const Reader r(top.raw("memory"), QStringLiteral("$.memory"),
                           {"model", "card", "verdict", "peakGiB", "precision", "weightQuant",
                            "optimizer", "method", "loraRank", "loraTargets", "checkpointing",
                            "flashAttention", "chunkedLoss", "offloadActivations", "sharding",
                            "offload", "tp", "pp", "gpus", "sequenceParallel", "framework",
                            "gradDtype", "microBatch", "seqLen", "gradAccum"});
            RunSpec::Memory &m = s.memory;
            m.recorded = true;
            // Keys from fixed lists (gate 4's, models/gates/ResourcesGate.cpp) and catalog
            // keys: nothing free-form, so nothing of it can become code in an export.
            const auto oneOf = [&r](const char *key, const char *pattern, const QString &fallback) {
                const QRegularExpression re(QString::fromLatin1(pattern));
                const QString v = r.string(key, false, &re,
                                           Tr::tr("expected one of %1")
                                               .arg(Tr::list(QString::fromLatin1(pattern)
                                                                 .mid(2)
                                                                 .chopped(2)
                                                                 .split(u'|'))));
                return v.isEmpty() ? fallback : v;
            };
            static const QRegularExpression catalogKey(QStringLiteral("^[a-z0-9][a-z0-9._-]{0,63}$"));
            m.model = r.string("model", false, &catalogKey, Tr::tr("expected a catalog key"));
            m.card = r.string("card", false, &catalogKey, Tr::tr("expected a catalog key"));
            m.verdict = oneOf("verdict", "^(fits|tight|no|not_supported)$", QString());
            m.peakGiB = r.number("peakGiB", 0, 1e6, 0);
            m.precision =
                oneOf("precision", "^(fp32|bf16|fp16|bf16-mixed|fp16-mixed|fp8)$", m.precision);
            m.weightQuant = oneOf("weightQuant", "^(none|int8|nf4)$", m.weightQuant);
            m.optimizer = oneOf("optimizer", "^(adamw|adam8bit|sgd|adafactor)$", m.optimizer);
            m.method = oneOf("method", "^(full|lora|qlora)$", m.method);
            m.loraRank = int(r.number("loraRank", 1, 4096, m.loraRank, true));
            m.loraTargets = oneOf("loraTargets", "^(q,v|all-linear)$", m.loraTargets);
            m.checkpointing = oneOf("checkpointing", "^(none|selective|full)$", m.checkpointing);
            m.flashAttention = r.boolean("flashAttention", m.flashAttention);
            m.chunkedLoss = r.boolean("chunkedLoss", m.chunkedLoss);
            m.offloadActivations = r.boolean("offloadActivations", m.offloadActivations);
            m.sharding = oneOf("sharding", "^(none|zero-1|zero-2|zero-3|fsdp)$", m.sharding);
            m.offload = oneOf("offload", "^(none|optimizer|params)$", m.offload);
            m.tp = int(r.number("tp", 1, 1024, m.tp, true));
            m.pp = int(r.number("pp", 1, 1024, m.pp, true));
            m.gpus = int(r.number("gpus", 1, 65536, m.gpus, true));
            m.sequenceParallel = r.boolean("sequenceParallel", m.sequenceParallel);
            m.framework = oneOf("framework", "^(pytorch|deepspeed|megatron|llmc)$", m.framework);
            m.gradDtype = oneOf("gradDtype", "^(default|fp32|bf16|fp16)$", m.gradDtype);
            m.microBatch = int(r.number("microBatch", 1, 1e6, m.microBatch, true));
            m.seqLen = int(r.number("seqLen", 1, 1e8, m.seqLen, true));
            m.gradAccum = int(r.number("gradAccum", 1, 1e6, m.gradAccum, true));
        }
        if (top.has("code")) {
            const Reader r(top.raw("code"), QStringLiteral("$.code"), {"program", "sha256"});
            s.code = {r.string("program"),
                      r.string("sha256", false, &digestPattern(),
                               Tr::tr("expected sha256: and 64 lower-case hex digits"))};
        }
        if (top.has("applied")) {
            const json &a = top.raw("applied");
            if (!a.is_object())
                throw Abort{invalid(QStringLiteral("$.applied"), Tr::tr("expected an object"))};
            for (auto it = a.begin(); it != a.end(); ++it) {
                const QString at = QStringLiteral("$.applied.") + QString::fromStdString(it.key());
                if (!isParameterKey(QString::fromStdString(it.key())))
                    throw Abort{invalid(at, Tr::tr("a parameter name is a letter, then up to 63 "
                                                   "letters, digits or underscores"))};
                if (!it.value().is_string())
                    throw Abort{invalid(at, Tr::tr("expected a string"))};
                s.applied.insert(QString::fromStdString(it.key()),
                                 QString::fromStdString(it.value().get<std::string>()));
            }
        }
        if (!top.has("compute"))
            throw Abort{invalid(QStringLiteral("$.compute"), Tr::tr("required"))};
        {
            const Reader r(
                top.raw("compute"), QStringLiteral("$.compute"),
                {"instanceType", "card", "zone", "cardsPerNode", "nodes", "timeLimitHours",
                 "alternatives", "cheapestFirst"});
            s.compute.instanceType = r.string("instanceType", true);
            s.compute.card = r.string("card");
            s.compute.zone = r.string("zone");
            s.compute.cardsPerNode = int(r.number("cardsPerNode", 1, 64, 1, true));
            s.compute.nodes = int(r.number("nodes", 1, 4096, 1, true));
            s.compute.timeLimitHours = r.number("timeLimitHours", 0.01, 24 * 366, 1);
            const QString alternatives = r.string("alternatives");
            if (auto list = parseCandidateList(alternatives))
                s.compute.alternatives = *list;
            else
                throw Abort{invalid(QStringLiteral("$.compute.alternatives"),
                                    list.error().message)};
            s.compute.cheapestFirst = r.boolean("cheapestFirst", false);
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
                           {"data", "output", "scratch", "dataReadOnly", "files", "bytes",
                            "manifest"});
            s.storage = {r.string("data"),
                         r.string("output"),
                         r.string("scratch"),
                         r.boolean("dataReadOnly", true),
                         qint64(r.number("files", -1, 1e12, -1, true)),
                         qint64(r.number("bytes", -1, 9007199254740991.0, -1, true)),
                         r.string("manifest", false, &digestPattern(),
                                  Tr::tr("expected sha256: and 64 lower-case hex digits"))};
        }
        if (top.has("parameters")) {
            const json &p = top.raw("parameters");
            if (!p.is_object())
                throw Abort{invalid(QStringLiteral("$.parameters"), Tr::tr("expected an object"))};
            for (auto it = p.begin(); it != p.end(); ++it) {
                if (!isParameterKey(QString::fromStdString(it.key())))
                    throw Abort{invalid(
                        QStringLiteral("$.parameters.") + QString::fromStdString(it.key()),
                        Tr::tr("a parameter name is a letter, then up to 63 letters, digits or "
                               "underscores")) };
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
                           {"steps", "first", "last", "minimum", "curve"});
            s.loss.steps = int(r.number("steps", 0, 1e9, 0, true));
            s.loss.first = r.number("first", -1e12, 1e12, 0);
            s.loss.last = r.number("last", -1e12, 1e12, 0);
            s.loss.minimum = r.number("minimum", -1e12, 1e12, 0);
            if (r.has("curve")) {
                const json &c = r.raw("curve");
                if (!c.is_array())
                    throw Abort{invalid(QStringLiteral("$.loss.curve"), Tr::tr("expected a list"))};
                int previous = 0;
                for (size_t i = 0; i < c.size(); ++i) {
                    const QString at = QStringLiteral("$.loss.curve[%1]").arg(i);
                    const json &pt = c[i];
                    if (!pt.is_array() || pt.size() != 2 || !pt[0].is_number_integer() ||
                        !pt[1].is_number() || !std::isfinite(pt[1].get<double>()))
                        throw Abort{invalid(at, Tr::tr("expected [step, loss]"))};
                    const qint64 step = pt[0].get<qint64>();
                    if (step <= previous || step > 1000000000)
                        throw Abort{invalid(at, Tr::tr("steps must rise, one entry per step"))};
                    previous = int(step);
                    s.loss.curve.append({int(step), pt[1].get<double>()});
                }
            }
        }
        if (top.has("recovery")) {
            const Reader r(top.raw("recovery"), QStringLiteral("$.recovery"),
                           {"maxRestarts", "retryExitCodes", "backoffSeconds"});
            s.recovery.maxRestarts =
                int(r.number("maxRestarts", 0, RecoveryPolicy::kMaxRestarts, 0, true));
            s.recovery.backoffSeconds =
                r.number("backoffSeconds", 0, RecoveryPolicy::kMaxBackoffSeconds, 0);
            if (r.has("retryExitCodes")) {
                const json &codes = r.raw("retryExitCodes");
                if (!codes.is_array() || codes.size() > size_t(RecoveryPolicy::kMaxExitCodes))
                    throw Abort{invalid(QStringLiteral("$.recovery.retryExitCodes"),
                                        Tr::tr("expected a list of at most %1 exit codes")
                                            .arg(RecoveryPolicy::kMaxExitCodes))};
                for (size_t i = 0; i < codes.size(); ++i) {
                    const json &c = codes[i];
                    const QString at = QStringLiteral("$.recovery.retryExitCodes[%1]").arg(i);
                    if (!c.is_number_integer() || c.get<qint64>() < 1 || c.get<qint64>() > 255)
                        throw Abort{invalid(at, Tr::tr("expected an exit code from 1 to 255"))};
                    if (s.recovery.retryExitCodes.contains(int(c.get<qint64>())))
                        throw Abort{invalid(at, Tr::tr("exit code %1 is listed twice")
                                                    .arg(c.get<qint64>()))};
                    s.recovery.retryExitCodes << int(c.get<qint64>());
                }
            }
        }
        if (top.has("gates")) {
            const json &g = top.raw("gates");
            if (!g.is_array())
                throw Abort{invalid(QStringLiteral("$.gates"), Tr::tr("expected a list"))};
            static const QRegularExpression gateKeys(
                QStringLiteral("^(account|workspace|quota|resources|environment|first-run)$"));
            QSet<QString> seen;
            for (size_t i = 0; i < g.size(); ++i) {
                const Reader r(g[i], QStringLiteral("$.gates[%1]").arg(i),
                               {"gate", "status", "acceptor", "evidence"});
                const QString key =
                    r.string("gate", true, &gateKeys, Tr::tr("expected a gate key"));
                if (seen.contains(key))
                    throw Abort{invalid(QStringLiteral("$.gates[%1].gate").arg(i),
                                        Tr::tr("gate “%1” is listed twice").arg(key))};
                seen.insert(key);
                s.gates.append({key, r.string("status"), r.string("acceptor"),
                                r.string("evidence")});
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
    QJsonArray curve;
    for (const auto &[step, value] : loss.curve)
        curve.append(QJsonArray{step, value});
    const auto trainingJson = [](const Training &t) {
        QJsonObject o{{"model", t.model},
                      {"method", t.method},
                      {"precision", t.precision},
                      {"parallelism", t.parallelism},
                      {"sharding", t.sharding},
                      {"microBatch", t.microBatch},
                      {"seqLen", t.seqLen},
                      {"gradAccum", t.gradAccum}};
        if (t.seed >= 0)
            o["seed"] = t.seed;
        return o;
    };
    const QJsonObject trainingObject = trainingJson(training);
    QJsonObject codeObject{{"program", code.program}};
    if (!code.sha256.isEmpty())
        codeObject["sha256"] = code.sha256;
    QJsonObject o{{"schemaVersion", kSchemaVersion},
                  {"image", QJsonObject{{"name", image.name}, {"version", image.version}}},
                  {"software", QJsonObject{{"framework", software.framework},
                                           {"frameworkVersion", software.frameworkVersion},
                                           {"cuda", software.cuda},
                                           {"driver", software.driver},
                                           {"device", software.device},
                                           {"gpuModel", software.gpuModel},
                                           {"gpuCount", software.gpuCount}}},
                  {"training", trainingObject},
                  {"code", codeObject},
                  {"applied", applied},
                  {"compute", [this] {
                       QJsonObject o{{"instanceType", compute.instanceType},
                                     {"card", compute.card},
                                     {"zone", compute.zone},
                                     {"cardsPerNode", compute.cardsPerNode},
                                     {"nodes", compute.nodes},
                                     {"timeLimitHours", compute.timeLimitHours}};
                       // Only when there are any: a spec without them keeps its fingerprint.
                       if (!compute.alternatives.isEmpty())
                           o["alternatives"] = candidatesText(compute.alternatives);
                       if (compute.cheapestFirst)
                           o["cheapestFirst"] = true;
                       return o;
                   }()},
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
                                       {"minimum", loss.minimum},
                                       {"curve", curve}}},
                  {"gates", gateList}};
    if (!image.digest.isEmpty()) {
        QJsonObject i = o.value("image").toObject();
        i["digest"] = image.digest;
        o["image"] = i;
    }
    if (!fingerprint.isEmpty())
        o["fingerprint"] = fingerprint;
    // Only when set: a spec whose first run trained the plan keeps its fingerprint.
    if (!planned.model.isEmpty()) {
        QJsonObject p = trainingJson(planned);
        // Each only when known: a spec older than them keeps its fingerprint.
        for (const auto &[key, value] :
             {std::pair{"data", plannedEnvironment.data},
              std::pair{"framework", plannedEnvironment.framework},
              std::pair{"frameworkVersion", plannedEnvironment.frameworkVersion},
              std::pair{"accelerator", plannedEnvironment.accelerator},
              std::pair{"acceleratorVersion", plannedEnvironment.acceleratorVersion}})
            if (!value.isEmpty())
                p[QLatin1String(key)] = value;
        o["planned"] = p;
    }
    // Only when set: a spec older than it keeps its fingerprint.
    if (memory.recorded) {
        const Memory &m = memory;
        QJsonObject mo{{"precision", m.precision},
                       {"weightQuant", m.weightQuant},
                       {"optimizer", m.optimizer},
                       {"method", m.method},
                       {"loraRank", m.loraRank},
                       {"loraTargets", m.loraTargets},
                       {"checkpointing", m.checkpointing},
                       {"flashAttention", m.flashAttention},
                       {"chunkedLoss", m.chunkedLoss},
                       {"offloadActivations", m.offloadActivations},
                       {"sharding", m.sharding},
                       {"offload", m.offload},
                       {"tp", m.tp},
                       {"pp", m.pp},
                       {"gpus", m.gpus},
                       {"sequenceParallel", m.sequenceParallel},
                       {"framework", m.framework},
                       {"gradDtype", m.gradDtype},
                       {"microBatch", m.microBatch},
                       {"seqLen", m.seqLen},
                       {"gradAccum", m.gradAccum}};
        for (const auto &[key, value] : {std::pair{"model", m.model}, std::pair{"card", m.card},
                                         std::pair{"verdict", m.verdict}})
            if (!value.isEmpty())
                mo[QLatin1String(key)] = value;
        if (m.peakGiB > 0)
            mo["peakGiB"] = m.peakGiB;
        o["memory"] = mo;
    }
    // Only when set: a spec without a policy keeps its fingerprint.
    if (recovery.isSet())
        o["recovery"] = recovery.toJson();
    QJsonObject st = o.value("storage").toObject();
    if (storage.files >= 0)
        st["files"] = storage.files;
    if (storage.bytes >= 0)
        st["bytes"] = storage.bytes;
    if (!storage.manifest.isEmpty())
        st["manifest"] = storage.manifest;
    o["storage"] = st;
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

QByteArray RunSpec::fingerprintOf(const QJsonObject &json)
{
    const QByteArray canonicalJson = QByteArray::fromStdString(toNlohmann(json).dump());
    return "sha256:" + QCryptographicHash::hash(canonicalJson, QCryptographicHash::Sha256).toHex();
}

QJsonObject RunSpec::runOf(QJsonObject json)
{
    json.remove(QStringLiteral("gates"));
    return json;
}

QJsonObject RunSpec::runJson() const
{
    return runOf(toJson());
}

QByteArray RunSpec::runFingerprintId() const
{
    return fingerprintOf(runJson());
}

} // namespace onramp
