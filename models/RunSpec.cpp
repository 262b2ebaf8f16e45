#include "RunSpec.h"

#include "GateDefinition.h"
#include "OnboardingState.h"
#include "ResourcePlan.h"
#include "Tr.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSet>
#include <QTextDocument>

#include <cmath>

namespace onramp {

RunSpec runSpecFromState(const OnboardingState &state)
{
    RunSpec s;
    const auto &env = state.resources.environment;
    s.image = {env.image, env.imageVersion, env.imageDigest};
    s.software = {env.framework, env.frameworkVersion, env.acceleratorVersion, env.driver};
    const ResourceChoice &c = state.resources.choice;
    s.compute.instanceType = c.instance;
    s.compute.zone = c.instanceZone.isEmpty() ? state.quota.zone : c.instanceZone;
    for (const InstanceType &t : builtinInstances()) {
        if (t.key == c.instance) {
            s.compute.card = t.card;
            s.compute.cardsPerNode = std::max(1, t.cards);
        }
    }
    s.compute.nodes = std::max(1, c.setup.gpus / std::max(1, s.compute.cardsPerNode));
    s.compute.timeLimitHours = std::max(0.5, state.quota.hoursPerRound);
    s.storage = {c.dataPath, c.outputPath, c.scratchPath, c.dataReadOnly};
    s.parameters = QJsonObject{{"microBatch", c.setup.microBatch}, {"seqLen", c.setup.seqLen}};
    // What gate 5 saw and gate 6 produced: what a rerun must reproduce.
    s.fingerprint = state.environment.fingerprint;
    if (state.firstRun.steps > 0)
        s.loss = {state.firstRun.steps, state.firstRun.firstLoss, state.firstRun.lastLoss,
                  state.firstRun.minLoss};
    for (GateId id : kAllGates) {
        const GateRecord &g = state.gate(id);
        s.gates.append({gateKey(id), statusKey(g.status), g.acceptedBy, g.evidence});
    }
    return s;
}

QString shellQuote(const QString &s)
{
    return u'\'' + QString(s).replace(u'\'', QStringLiteral("'\\''")) + u'\'';
}

QList<SpecGap> specGaps(const RunSpec &s)
{
    QList<SpecGap> gaps;
    const auto need = [&](bool missing, const char *field, const QString &why) {
        if (missing)
            gaps.append({QString::fromLatin1(field), why});
    };
    need(s.image.name.isEmpty(), "$.image.name", Tr::tr("no image: the rerun cannot start"));
    need(!s.image.name.isEmpty() && s.image.version.isEmpty(), "$.image.version",
         Tr::tr("no image version: the rerun takes whatever is newest"));
    need(!s.image.name.isEmpty() && s.image.digest.isEmpty(), "$.image.digest",
         Tr::tr("no image digest: a tag can move; the rerun may get different software"));
    need(s.software.framework.isEmpty() || s.software.frameworkVersion.isEmpty(),
         "$.software.frameworkVersion",
         Tr::tr("no framework version: the first thing to check when a rerun differs"));
    need(s.software.cuda.isEmpty(), "$.software.cuda", Tr::tr("no accelerator library version"));
    need(s.software.driver.isEmpty(), "$.software.driver", Tr::tr("no driver version"));
    need(s.compute.instanceType.isEmpty(), "$.compute.instanceType",
         Tr::tr("no instance type: the rerun does not know what to ask for"));
    need(s.compute.zone.isEmpty(), "$.compute.zone",
         Tr::tr("no zone: the quota may not apply where the rerun lands"));
    need(s.storage.data.isEmpty(), "$.storage.data", Tr::tr("no data path"));
    need(s.storage.output.isEmpty(), "$.storage.output",
         Tr::tr("no output path: where do checkpoints go?"));
    need(s.storage.scratch.isEmpty(), "$.storage.scratch", Tr::tr("no scratch path"));
    need(s.launch.entry.isEmpty(), "$.launch.entry", Tr::tr("no launch entry"));
    need(s.parameters.isEmpty(), "$.parameters", Tr::tr("no key parameters"));
    need(s.fingerprint.isEmpty(), "$.fingerprint",
         Tr::tr("no environment fingerprint: a rerun cannot show it ran in the same environment"));
    need(s.loss.steps == 0, "$.loss",
         Tr::tr("no loss curve: a rerun cannot show it reproduces the first run"));
    for (qsizetype i = 0; i < s.gates.size(); ++i) {
        const RunSpec::GateEvidence &g = s.gates[i];
        if (g.status == QLatin1String("passed"))
            continue;
        // In the reader's words: the gate's title and its status, translated.
        const auto id = gateFromKey(g.gate);
        const auto status = statusFromKey(g.status);
        gaps.append({QStringLiteral("$.gates[%1]").arg(i),
                     Tr::tr("gate “%1” was %2 when the spec was written")
                         .arg(id ? gateDefinition(*id).titleText() : g.gate,
                              status ? statusLabel(*status).toLower() : g.status)});
    }
    return gaps;
}

namespace {


// A JSON string is a valid YAML scalar.
QString yamlQuote(const QString &s)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact))
        .mid(1)
        .chopped(1);
}

QString imageRef(const RunSpec &s)
{
    QString ref = s.image.name;
    if (!s.image.version.isEmpty())
        ref += u':' + s.image.version;
    if (!s.image.digest.isEmpty())
        ref += u'@' + s.image.digest;
    return ref;
}

QStringList command(const RunSpec &s)
{
    QStringList cmd;
    if (s.launch.mode == QLatin1String("builtin"))
        cmd << QStringLiteral("onramp-probe") << s.launch.entry;
    else
        cmd << QStringLiteral("bash") << s.launch.entry;
    return cmd + s.launch.args;
}

// Key parameters as environment variables, the way the sandbox passes them to a job.
QList<std::pair<QString, QString>> parameterEnvironment(const RunSpec &s)
{
    static const QRegularExpression bad(QStringLiteral("[^A-Za-z0-9_]"));
    QList<std::pair<QString, QString>> env;
    for (auto it = s.parameters.begin(); it != s.parameters.end(); ++it) {
        const QString name = QStringLiteral("ONRAMP_PARAM_") +
                             QString(it.key()).toUpper().replace(bad, QStringLiteral("_"));
        const QString value =
            it.value().isString() ? it.value().toString()
            : it.value().isBool()
                ? (it.value().toBool() ? QStringLiteral("true") : QStringLiteral("false"))
                : QString::number(it.value().toDouble(), 'g', 17);
        env.append({name, value});
    }
    return env;
}

QString timeLimit(double hours)
{
    const int minutes = int(std::ceil(hours * 60));
    return QStringLiteral("%1:%2:00")
        .arg(minutes / 60, 2, 10, QLatin1Char('0'))
        .arg(minutes % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

QString exportSbatch(const RunSpec &s)
{
    QString out = QStringLiteral("#!/bin/bash\n# Generated by Onramp from run spec %1\n")
                      .arg(QString::fromLatin1(s.fingerprintId()));
    out += QStringLiteral("#SBATCH --job-name=onramp-first-run\n");
    out += QStringLiteral("#SBATCH --nodes=%1\n").arg(s.compute.nodes);
    out += QStringLiteral("#SBATCH --gres=gpu:%1\n").arg(s.compute.cardsPerNode);
    out += QStringLiteral("#SBATCH --time=%1\n").arg(timeLimit(s.compute.timeLimitHours));
    out += QStringLiteral("#SBATCH --output=onramp-%j.out\n");
    out += QStringLiteral("# image: %1 (record: run it with your cluster's container runtime or "
                          "module set)\n")
               .arg(imageRef(s));
    out += QStringLiteral("set -euo pipefail\n");
    out += QStringLiteral("export ONRAMP_DATA_DIR=%1\n").arg(shellQuote(s.storage.data));
    out += QStringLiteral("export ONRAMP_OUTPUT_DIR=%1\n").arg(shellQuote(s.storage.output));
    out += QStringLiteral("export ONRAMP_SCRATCH_DIR=%1\n").arg(shellQuote(s.storage.scratch));
    for (const auto &[name, value] : parameterEnvironment(s))
        out += QStringLiteral("export %1=%2\n").arg(name, shellQuote(value));
    QStringList quoted;
    for (const QString &part : command(s))
        quoted << shellQuote(part);
    out += QStringLiteral("srun ") + quoted.join(u' ') + u'\n';
    return out;
}

QString exportKubernetesJob(const RunSpec &s)
{
    QString out = QStringLiteral("# Generated by Onramp from run spec %1\n")
                      .arg(QString::fromLatin1(s.fingerprintId()));
    out += QStringLiteral("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: onramp-first-run\n"
                          "spec:\n  backoffLimit: 0\n  completions: %1\n  parallelism: %1\n"
                          "  template:\n    spec:\n      restartPolicy: Never\n      containers:\n"
                          "        - name: train\n")
               .arg(s.compute.nodes);
    out += QStringLiteral("          image: %1\n").arg(yamlQuote(imageRef(s)));
    QStringList cmd;
    for (const QString &part : command(s))
        cmd << yamlQuote(part);
    out += QStringLiteral("          command: [%1]\n").arg(cmd.join(QStringLiteral(", ")));
    out += QStringLiteral("          env:\n");
    const auto env = [&](const QString &name, const QString &value) {
        out += QStringLiteral("            - name: %1\n              value: %2\n")
                   .arg(name, yamlQuote(value));
    };
    env(QStringLiteral("ONRAMP_DATA_DIR"), QStringLiteral("/data"));
    env(QStringLiteral("ONRAMP_OUTPUT_DIR"), QStringLiteral("/output"));
    env(QStringLiteral("ONRAMP_SCRATCH_DIR"), QStringLiteral("/scratch"));
    for (const auto &[name, value] : parameterEnvironment(s))
        env(name, value);
    out += QStringLiteral(
               "          resources:\n            limits:\n              nvidia.com/gpu: %1\n")
               .arg(s.compute.cardsPerNode);
    out += QStringLiteral("          volumeMounts:\n"
                          "            - {name: data, mountPath: /data, readOnly: %1}\n"
                          "            - {name: output, mountPath: /output}\n"
                          "            - {name: scratch, mountPath: /scratch}\n")
               .arg(s.storage.dataReadOnly ? QStringLiteral("true") : QStringLiteral("false"));
    out += QStringLiteral("      volumes:\n");
    out += QStringLiteral("        - name: data\n          hostPath: {path: %1}\n")
               .arg(yamlQuote(s.storage.data));
    out += QStringLiteral("        - name: output\n          hostPath: {path: %1}\n")
               .arg(yamlQuote(s.storage.output));
    out += QStringLiteral("        - name: scratch\n          emptyDir: {}\n");
    return out;
}

QString exportHandoffMarkdown(const RunSpec &s)
{
    QString out = QStringLiteral("# ") + Tr::tr("Handoff checklist") + QStringLiteral("\n\n");
    out +=
        Tr::tr(
            "Run spec %1: check it with `onramp spec validate`; it names everything a rerun needs.")
            .arg(QString::fromLatin1(s.fingerprintId())) +
        QStringLiteral("\n\n");
    out += QStringLiteral("- ") + Tr::tr("Image: %1").arg(imageRef(s)) + u'\n';
    out += QStringLiteral("- ") +
           Tr::tr("Machine: %1 × %2 node(s), %3 card(s) each")
               .arg(s.compute.instanceType)
               .arg(s.compute.nodes)
               .arg(s.compute.cardsPerNode) +
           u'\n';
    out += QStringLiteral("- ") +
           Tr::tr("Data (read-only): %1; output: %2; scratch: %3")
               .arg(s.storage.data, s.storage.output, s.storage.scratch) +
           QStringLiteral("\n\n");
    for (const RunSpec::GateEvidence &g : s.gates) {
        GateId id = GateId::Account;
        for (GateId candidate : kAllGates)
            if (gateKey(candidate) == g.gate)
                id = candidate;
        const GateDefinition &d = gateDefinition(id);
        out += QStringLiteral("## %1. %2\n\n").arg(gateNumber(id)).arg(d.titleText());
        out += (g.status == QLatin1String("passed") ? QStringLiteral("- [x] ")
                                                    : QStringLiteral("- [ ] ")) +
               Tr::tr("Entry condition: %1").arg(d.entryText()) + u'\n';
        out += QStringLiteral("- ") + Tr::tr("Output: %1").arg(d.outputText()) + u'\n';
        out += QStringLiteral("- ") +
               Tr::tr("Acceptor: %1").arg(g.acceptor.isEmpty() ? d.acceptorText() : g.acceptor) +
               u'\n';
        out += QStringLiteral("- ") +
               Tr::tr("Evidence: %1")
                   .arg(g.evidence.isEmpty() ? Tr::tr("(none recorded)")
                                             : QString(g.evidence).replace(u'\n', u' ')) +
               QStringLiteral("\n\n");
    }
    return out;
}

std::expected<void, Error> exportHandoffPdf(const RunSpec &spec, const QString &path)
{
    QPdfWriter pdf(path);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setTitle(Tr::tr("Handoff checklist"));
    QTextDocument doc;
    doc.setMarkdown(exportHandoffMarkdown(spec));
    doc.print(&pdf);
    if (!QFile::exists(path)) {
        Error e;
        e.kind = Error::Kind::Io;
        e.message = Tr::tr("Cannot write %1.").arg(path);
        e.details = path;
        return std::unexpected(e);
    }
    return {};
}

} // namespace onramp
