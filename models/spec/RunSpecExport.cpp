// The run spec's job exports (sbatch, Kubernetes) and the quoting every generated script and
// document uses. A spec is untrusted input, so every value it carries is quoted for the format
// it lands in: no value can end a comment, start a line, add an #SBATCH directive or a YAML
// key, or inject HTML. Depends on Qt Core only, so the fuzz target (tests/fuzz) builds it.
#include "RunSpec.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <nlohmann/json.hpp>
#include <QRegularExpression>

#include <cmath>

namespace onramp {

QString shellQuote(const QString &s)
{
    bool control = false;
    for (QChar c : s)
        control = control || c.unicode() < 0x20 || c.unicode() == 0x7f;
    if (!control)
        return u'\'' + QString(s).replace(u'\'', QStringLiteral("'\\''")) + u'\'';
    // ANSI-C quoting spells control characters out, so the script holds none of them raw (a
    // NUL would end bash's reading of the line; a raw line break is harmless in quotes but
    // confuses every reader after bash).
    QString out = QStringLiteral("$'");
    for (QChar c : s) {
        const char16_t u = c.unicode();
        if (u == u'\\' || u == u'\'')
            out += u'\\' + c;
        else if (u < 0x20 || u == 0x7f)
            out += QStringLiteral("\\x%1").arg(int(u), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + u'\'';
}

QString yamlQuote(const QString &s)
{
    // A JSON string is a YAML double-quoted scalar, with every control character escaped.
    QString q = QString::fromUtf8(QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact))
                    .mid(1)
                    .chopped(1);
    // YAML also reads U+0085, U+2028 and U+2029 as line breaks (JSON does not escape them).
    q.replace(QChar(0x85), QStringLiteral("\\x85"))
        .replace(QChar(0x2028), QStringLiteral("\\u2028"))
        .replace(QChar(0x2029), QStringLiteral("\\u2029"));
    return q;
}

QString markdownText(const QString &s)
{
    // A value always stands inside a line (after "- Image: ", within a sentence), never at a
    // line's start: block markers there (#, -, +, 1., >) are plain text, and escaping them made
    // "tiny\-lm\-byte" of a plain name (#17 walk, item 3). Escaped is only what CommonMark and
    // the GitHub dialect Qt reads (QTextDocument::setMarkdown, the PDF export) interpret inside
    // a line: a backslash, code spans, emphasis, links and images, HTML and entities,
    // strikethrough, table cells, and the autolinks that need no brackets (scheme://, www.,
    // e-mail). Line breaks become spaces so a value cannot start a block of its own.
    const auto alnum = [&s](qsizetype i) {
        return i >= 0 && i < s.size() && s.at(i).isLetterOrNumber();
    };
    QString out;
    out.reserve(s.size() + 8);
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        const char16_t u = c.unicode();
        bool escape = false;
        switch (u) {
        case u'\\':
        case u'`':
        case u'*':
        case u'[':
        case u']':
        case u'<':
        case u'>':
        case u'&':
        case u'~':
        case u'|':
        case u'!':
            escape = true;
            break;
        case u'@': { // an e-mail address: a domain with a dot follows (not "name@sha256:…")
            qsizetype j = i + 1;
            bool dot = false;
            while (j < s.size() && (s.at(j).isLetterOrNumber() || s.at(j) == u'-' ||
                                    s.at(j) == u'.' || s.at(j) == u'_')) {
                dot = dot || (s.at(j) == u'.' && alnum(j + 1));
                ++j;
            }
            escape = dot;
            break;
        }
        case u'_': // within a word it never opens or closes emphasis
            escape = !(alnum(i - 1) && alnum(i + 1));
            break;
        case u':': // http://, ftp://
            escape = s.mid(i + 1, 2) == QLatin1String("//");
            break;
        case u'.': // www.
            escape = i >= 3 && s.mid(i - 3, 3).compare(QLatin1String("www"), Qt::CaseInsensitive) == 0;
            break;
        default:
            break;
        }
        if (u < 0x20 || u == 0x7f || u == 0x85 || u == 0x2028 || u == 0x2029)
            out += u' ';
        else if (escape)
            out += u'\\' + c;
        else
            out += c;
    }
    return out;
}

bool isParameterKey(const QString &key)
{
    static const QRegularExpression re(QStringLiteral("\\A[A-Za-z][A-Za-z0-9_]{0,63}\\z"));
    return re.match(key).hasMatch();
}

QString parameterVariable(const QString &key)
{
    static const QRegularExpression bad(QStringLiteral("[^A-Z0-9_]"));
    return QStringLiteral("ONRAMP_PARAM_") + key.toUpper().replace(bad, QStringLiteral("_"));
}

QString parameterValue(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    const double d = v.toDouble();
    if (std::floor(d) == d && std::abs(d) < 9.007199254740992e15)
        return QString::number(qint64(d));
    // The shortest form that reads back as the same double, as JSON and Python write it.
    return QString::fromStdString(nlohmann::json(d).dump());
}

QList<std::pair<QString, QString>> parameterEnvironment(const QJsonObject &parameters)
{
    QList<std::pair<QString, QString>> env;
    for (auto it = parameters.begin(); it != parameters.end(); ++it)
        if (isParameterKey(it.key())) // anything else never reaches a script
            env.append({parameterVariable(it.key()), parameterValue(it.value())});
    return env;
}

QString imageReference(const RunSpec &s)
{
    QString ref = s.image.name;
    // A name without a registry host is Docker Hub's, as every runtime reads it; written out so
    // that a cluster with another default registry pulls the same image.
    const QString first = ref.section(u'/', 0, 0);
    const bool hasRegistry = ref.contains(u'/') && (first.contains(u'.') || first.contains(u':') ||
                                                    first == QLatin1String("localhost"));
    if (!ref.isEmpty() && !hasRegistry)
        ref = QStringLiteral("docker.io/") + (ref.contains(u'/') ? QString() : QStringLiteral("library/")) + ref;
    if (!s.image.version.isEmpty())
        ref += u':' + s.image.version;
    if (!s.image.digest.isEmpty())
        ref += u'@' + s.image.digest;
    return ref;
}

namespace {

QStringList command(const RunSpec &s)
{
    QStringList cmd;
    if (s.launch.mode == QLatin1String("builtin"))
        cmd << QStringLiteral("onramp-probe") << s.launch.entry;
    else
        cmd << QStringLiteral("bash") << s.launch.entry;
    return cmd + s.launch.args;
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
    // Only numbers and our own words go into comments and #SBATCH lines; every value from the
    // spec is a single shell word on a line of its own, after `set -euo pipefail`.
    QString out = QStringLiteral("#!/bin/bash\n# Generated by Onramp from run spec %1\n")
                      .arg(QString::fromLatin1(s.fingerprintId()));
    out += QStringLiteral("#SBATCH --job-name=onramp-first-run\n");
    out += QStringLiteral("#SBATCH --nodes=%1\n").arg(s.compute.nodes);
    out += QStringLiteral("#SBATCH --gres=gpu:%1\n").arg(s.compute.cardsPerNode);
    out += QStringLiteral("#SBATCH --time=%1\n").arg(timeLimit(s.compute.timeLimitHours));
    out += QStringLiteral("#SBATCH --output=onramp-%j.out\n");
    out += QStringLiteral("set -euo pipefail\n");
    out += QStringLiteral("ONRAMP_IMAGE=%1\n").arg(shellQuote(imageReference(s)));
    out += QStringLiteral("export ONRAMP_DATA_DIR=%1\n").arg(shellQuote(s.storage.data));
    out += QStringLiteral("export ONRAMP_OUTPUT_DIR=%1\n").arg(shellQuote(s.storage.output));
    out += QStringLiteral("export ONRAMP_SCRATCH_DIR=%1\n").arg(shellQuote(s.storage.scratch));
    for (const auto &[name, value] : parameterEnvironment(s.parameters))
        out += QStringLiteral("export %1=%2\n").arg(name, shellQuote(value));
    QStringList quoted;
    for (const QString &part : command(s))
        quoted << shellQuote(part);
    out += QStringLiteral("ONRAMP_COMMAND=(%1)\n").arg(quoted.join(u' '));
    // The recorded image runs where the cluster has a container plugin (pyxis); elsewhere the
    // script says plainly that the node's own software runs instead.
    out += QStringLiteral(
        "if srun --help 2>&1 | grep -- --container-image >/dev/null; then\n"
        "  srun --container-image=\"$ONRAMP_IMAGE\" "
        "--container-mounts=\"$ONRAMP_DATA_DIR:$ONRAMP_DATA_DIR:ro,"
        "$ONRAMP_OUTPUT_DIR:$ONRAMP_OUTPUT_DIR\" \"${ONRAMP_COMMAND[@]}\"\n"
        "else\n"
        "  echo \"onramp: this cluster has no container plugin (pyxis); running on the nodes' own "
        "software, not the recorded image $ONRAMP_IMAGE\" >&2\n"
        "  srun \"${ONRAMP_COMMAND[@]}\"\n"
        "fi\n");
    return out;
}

QString exportKubernetesJob(const RunSpec &s)
{
    const int nodes = std::max(1, s.compute.nodes);
    QString out = QStringLiteral("# Generated by Onramp from run spec %1\n")
                      .arg(QString::fromLatin1(s.fingerprintId()));
    out += QStringLiteral("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: onramp-first-run\n"
                          "spec:\n  backoffLimit: 0\n  completions: %1\n  parallelism: %1\n"
                          "  activeDeadlineSeconds: %2\n")
               .arg(nodes)
               .arg(qint64(std::ceil(s.compute.timeLimitHours * 3600)));
    // More than one node: an indexed Job, each pod knowing its rank (JOB_COMPLETION_INDEX) and
    // the first pod's address through the headless service named in the comment below.
    if (nodes > 1)
        out += QStringLiteral("  completionMode: Indexed\n");
    out += QStringLiteral("  template:\n    spec:\n      restartPolicy: Never\n");
    if (nodes > 1)
        out += QStringLiteral("      subdomain: onramp-first-run\n");
    out += QStringLiteral("      containers:\n        - name: train\n");
    out += QStringLiteral("          image: %1\n").arg(yamlQuote(imageReference(s)));
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
    if (nodes > 1) {
        // torchrun's rendezvous: pod 0 of the indexed Job through the headless service
        // onramp-first-run (create it with clusterIP: None and the selector
        // job-name: onramp-first-run).
        env(QStringLiteral("MASTER_ADDR"), QStringLiteral("onramp-first-run-0.onramp-first-run"));
        env(QStringLiteral("MASTER_PORT"), QStringLiteral("29500"));
        env(QStringLiteral("WORLD_SIZE"), QString::number(nodes));
        env(QStringLiteral("NNODES"), QString::number(nodes));
        out += QStringLiteral("            - name: NODE_RANK\n              valueFrom:\n"
                              "                fieldRef:\n                  fieldPath: "
                              "\"metadata.annotations['batch.kubernetes.io/"
                              "job-completion-index']\"\n");
    }
    for (const auto &[name, value] : parameterEnvironment(s.parameters))
        env(name, value);
    out += QStringLiteral(
               "          resources:\n            limits:\n              nvidia.com/gpu: %1\n")
               .arg(s.compute.cardsPerNode);
    out += QStringLiteral("          volumeMounts:\n"
                          "            - {name: data, mountPath: /data, readOnly: %1}\n"
                          "            - {name: output, mountPath: /output}\n"
                          "            - {name: scratch, mountPath: /scratch}\n"
                          "            - {name: dshm, mountPath: /dev/shm}\n")
               .arg(s.storage.dataReadOnly ? QStringLiteral("true") : QStringLiteral("false"));
    out += QStringLiteral("      volumes:\n");
    out += QStringLiteral("        - name: data\n          hostPath: {path: %1}\n")
               .arg(yamlQuote(s.storage.data));
    out += QStringLiteral("        - name: output\n          hostPath: {path: %1}\n")
               .arg(yamlQuote(s.storage.output));
    out += QStringLiteral("        - name: scratch\n          emptyDir: {}\n");
    // Data loaders' worker processes share batches through /dev/shm, which is 64 MiB by
    // default in a pod.
    out += QStringLiteral("        - name: dshm\n          emptyDir: {medium: Memory}\n");
    return out;
}

} // namespace onramp
