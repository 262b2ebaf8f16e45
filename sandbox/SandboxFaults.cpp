#include "SandboxFaults.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QRegularExpression>

#include <cmath>

namespace onramp {

namespace {

struct Bad
{
    QString message;
};

// One object of the plan: only the keys it lists, each read once with its type and range.
class Reader
{
public:
    Reader(const QJsonValue &v, QString path, const QStringList &known) : m_path(std::move(path))
    {
        if (!v.isObject())
            throw Bad{m_path + QStringLiteral(": expected an object")};
        m_o = v.toObject();
        for (auto it = m_o.begin(); it != m_o.end(); ++it)
            if (!known.contains(it.key()))
                throw Bad{QStringLiteral("%1.%2: not a fault this sandbox knows (%3)")
                              .arg(m_path, it.key(), known.join(QStringLiteral(", ")))};
    }
    bool has(const char *key) const { return m_o.contains(QLatin1String(key)); }
    QJsonValue raw(const char *key) const { return m_o.value(QLatin1String(key)); }
    QString at(const char *key) const { return m_path + u'.' + QLatin1String(key); }

    int whole(const char *key, int min, int max, int fallback) const
    {
        const QJsonValue v = raw(key);
        if (v.isUndefined())
            return fallback;
        const double d = v.toDouble();
        if (!v.isDouble() || std::floor(d) != d || d < min || d > max)
            throw Bad{QStringLiteral("%1: expected a whole number from %2 to %3")
                          .arg(at(key))
                          .arg(min)
                          .arg(max)};
        return int(d);
    }
    bool boolean(const char *key) const
    {
        const QJsonValue v = raw(key);
        if (!v.isUndefined() && !v.isBool())
            throw Bad{at(key) + QStringLiteral(": expected true or false")};
        return v.toBool();
    }
    QString word(const char *key) const
    {
        const QJsonValue v = raw(key);
        if (v.isUndefined())
            return {};
        static const QRegularExpression ok(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"));
        if (!v.isString() || !ok.match(v.toString()).hasMatch())
            throw Bad{at(key) + QStringLiteral(": expected a name of letters, digits, '.', '_' "
                                               "or '-' (at most 64)")};
        return v.toString();
    }

private:
    QString m_path;
    QJsonObject m_o;
};

// {"atStep": N, "job": "first-run"}, and "times" where `times` is asked for.
SandboxFaults::AtStep atStep(const Reader &top, const char *key, int *times = nullptr)
{
    QStringList known = {QStringLiteral("atStep"), QStringLiteral("job")};
    if (times)
        known << QStringLiteral("times");
    const Reader r(top.raw(key), top.at(key), known);
    if (!r.has("atStep"))
        throw Bad{r.at("atStep") + QStringLiteral(": required")};
    if (times)
        *times = r.whole("times", 1, 100, 1);
    return {r.whole("atStep", 1, 1000000, 0), r.word("job")};
}

// nvidia-smi as the sick instance answers it: `cards` cards, one of them sick, in the
// columns and order the query asks for (--query-gpu=a,b,… --format=csv,noheader,nounits).
QByteArray fakeNvidiaSmi(int cards, int sick, int ecc, int temperature)
{
    QByteArray s = R"(#!/bin/sh
# The Onramp sandbox's fault plan: a sick GPU (docs/faults.md). The sandbox has no cards;
# this answers the queries onramp-probe sends as an instance with CARDS cards would.
fields=
for a in "$@"; do case "$a" in --query-gpu=*) fields="${a#--query-gpu=}";; esac; done
if [ -z "$fields" ]; then
  echo "NVIDIA-SMI (Onramp sandbox fault plan): CARDS GPUs, GPU SICK sick"
  exit 0
fi
i=0
while [ "$i" -lt CARDS ]; do
  row=
  old_ifs=$IFS; IFS=,
  for f in $fields; do
    case "$f" in
      index) v=$i ;;
      uuid) v=GPU-sandbox-$i ;;
      name) v="Onramp sandbox GPU" ;;
      memory.total) v=81920 ;;
      memory.used) v=1024 ;;
      utilization.gpu) v=90 ;;
      driver_version) v=550.54.15 ;;
      ecc.errors.uncorrected.volatile.total) if [ "$i" -eq SICK ]; then v=ECC; else v=0; fi ;;
      temperature.gpu) if [ "$i" -eq SICK ]; then v=TEMP; else v=40; fi ;;
      clocks.sm|clocks.max.sm) v=1410 ;;
      clocks_throttle_reasons.*) v="Not Active" ;;
      *) v="[N/A]" ;;
    esac
    row="${row:+$row, }$v"
  done
  IFS=$old_ifs
  echo "$row"
  i=$((i + 1))
done
)";
    s.replace("CARDS", QByteArray::number(cards));
    s.replace("SICK", QByteArray::number(sick));
    s.replace("ECC", QByteArray::number(ecc));
    s.replace("TEMP", QByteArray::number(temperature));
    return s;
}

} // namespace

bool SandboxFaults::matches(const AtStep &at, const QJsonObject &job)
{
    if (at.atStep <= 0)
        return false;
    if (at.job.isEmpty())
        return true;
    const QJsonObject launch = job.value("launch").toObject();
    return job.value("topic").toString() == at.job || job.value("name").toString() == at.job ||
           (launch.value("mode").toString() == QLatin1String("builtin") &&
            launch.value("entry").toString() == at.job);
}

void SandboxFaults::applyToJob(QProcessEnvironment &env, const QJsonObject &job,
                               const QString &binDir) const
{
    if (slowReadMsPerMiB > 0)
        env.insert(QStringLiteral("ONRAMP_SLOW_READ_MS_PER_MIB"), QString::number(slowReadMsPerMiB));
    if (sickGpu < 0 || !QDir().mkpath(binDir))
        return;
    const int cards = std::max(1, job.value("cards").toInt());
    QFile smi(QDir(binDir).filePath(QStringLiteral("nvidia-smi")));
    if (!smi.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        smi.write(fakeNvidiaSmi(cards, std::min(sickGpu, cards - 1), eccErrors,
                                temperatureC > 0 ? temperatureC : 40)) < 0)
        return;
    smi.close();
    smi.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                       QFileDevice::ReadGroup | QFileDevice::ExeGroup | QFileDevice::ReadOther |
                       QFileDevice::ExeOther);
    env.insert(QStringLiteral("PATH"),
               binDir + u':' + env.value(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin")));
    // The instance's cards are there (the sick one too): the sandbox's "no cards" exemption
    // does not apply.
    env.remove(QStringLiteral("ONRAMP_GPU_EXEMPT"));
}

std::expected<SandboxFaults, QString> parseFaultPlan(const QByteArray &json)
{
    if (json.size() > kMaxFaultPlanBytes)
        return std::unexpected(
            QStringLiteral("$: a fault plan is at most %1 bytes").arg(kMaxFaultPlanBytes));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return std::unexpected(QStringLiteral("$: not JSON (%1 at byte %2)")
                                   .arg(error.errorString())
                                   .arg(error.offset));
    try {
        if (!doc.isObject())
            throw Bad{QStringLiteral("$: expected an object")};
        const Reader top(doc.object(), QStringLiteral("$"),
                         {QStringLiteral("stockOut"), QStringLiteral("stockOutZones"),
                          QStringLiteral("preempt"), QStringLiteral("sickGpu"),
                          QStringLiteral("hang"), QStringLiteral("slowRead"),
                          QStringLiteral("latencyMs")});
        SandboxFaults f;
        f.stockOut = top.boolean("stockOut");
        f.latencyMs = top.whole("latencyMs", 0, 60000, 0);
        if (top.has("stockOutZones")) {
            const QJsonValue v = top.raw("stockOutZones");
            if (!v.isArray() || v.toArray().size() > 64)
                throw Bad{top.at("stockOutZones") + QStringLiteral(": expected a list of zones "
                                                                   "(at most 64)")};
            const QJsonArray zones = v.toArray();
            for (qsizetype i = 0; i < zones.size(); ++i) {
                static const QRegularExpression zone(QStringLiteral("^[a-z0-9-]{1,64}$"));
                if (!zones[i].isString() || !zone.match(zones[i].toString()).hasMatch())
                    throw Bad{QStringLiteral("$.stockOutZones[%1]: expected a zone name (lower "
                                             "case letters, digits and '-')")
                                  .arg(i)};
                f.stockOutZones << zones[i].toString();
            }
        }
        if (top.has("preempt"))
            f.preempt = atStep(top, "preempt", &f.preemptTimes);
        if (top.has("hang"))
            f.hang = atStep(top, "hang");
        if (top.has("sickGpu")) {
            const Reader r(top.raw("sickGpu"), top.at("sickGpu"),
                           {QStringLiteral("gpu"), QStringLiteral("eccErrors"),
                            QStringLiteral("temperatureC")});
            f.sickGpu = r.whole("gpu", 0, 63, 0);
            f.eccErrors = r.whole("eccErrors", 0, 1000000, 0);
            f.temperatureC = r.whole("temperatureC", 0, 150, 0);
            if (f.eccErrors == 0 && f.temperatureC < 85)
                throw Bad{r.at("eccErrors") + QStringLiteral(": a sick GPU needs eccErrors above "
                                                             "0 or temperatureC of 85 or more")};
        }
        if (top.has("slowRead")) {
            const Reader r(top.raw("slowRead"), top.at("slowRead"), {QStringLiteral("msPerMiB")});
            if (!r.has("msPerMiB"))
                throw Bad{r.at("msPerMiB") + QStringLiteral(": required")};
            f.slowReadMsPerMiB = r.whole("msPerMiB", 1, 60000, 0);
        }
        return f;
    } catch (const Bad &b) {
        return std::unexpected(b.message);
    }
}

std::expected<SandboxFaults, QString> readFaultPlan(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::unexpected(QStringLiteral("%1: %2").arg(path, f.errorString()));
    const QByteArray bytes = f.read(kMaxFaultPlanBytes + 1);
    auto plan = parseFaultPlan(bytes);
    if (!plan)
        return std::unexpected(QStringLiteral("%1: %2").arg(path, plan.error()));
    return plan;
}

} // namespace onramp
