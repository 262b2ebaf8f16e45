#pragma once
// The exporters' injection invariant, shared by the fuzz target and tst_runspec: a spec's values
// never start a line, end a comment, add an #SBATCH directive or a YAML key. Checked by
// structure: the export of a spec has exactly the lines, each starting with exactly the same
// text up to its first value, as the export of the same spec with every value replaced by "x".
#include "RunSpec.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace onramp::fuzzcheck {

inline RunSpec skeleton(RunSpec s)
{
    const QString x = QStringLiteral("x");
    for (QString *v : {&s.image.name, &s.image.version, &s.software.framework,
                       &s.software.frameworkVersion, &s.software.cuda, &s.software.driver,
                       &s.compute.instanceType, &s.compute.card, &s.compute.zone, &s.launch.mode,
                       &s.launch.entry, &s.storage.data, &s.storage.output, &s.storage.scratch})
        *v = x;
    if (!s.image.digest.isEmpty())
        s.image.digest = QStringLiteral("sha256:") + QString(64, u'0');
    for (QString &a : s.launch.args)
        a = x;
    QJsonObject params;
    for (auto it = s.parameters.begin(); it != s.parameters.end(); ++it)
        params[it.key()] = x;
    s.parameters = params;
    return s;
}

// The text of a line before anything a value can put there: up to the first quote, '=' or
// '[' after the indentation (sbatch: "export NAME=", k8s: "              value: ").
inline QString linePrefix(const QString &line)
{
    qsizetype i = 0;
    while (i < line.size() && line[i] == u' ')
        ++i;
    for (; i < line.size(); ++i) {
        const QChar c = line[i];
        if (c == u'\'' || c == u'"' || c == u'$' || c == u'=' || c == u'[' || c == u'{')
            return line.left(i + 1);
    }
    return line;
}

// A description of the first line a value started or changed, or nothing.
inline std::optional<QString> injection(const QString &exported, const QString &reference)
{
    if (exported.contains(QChar(0)))
        return QStringLiteral("a NUL character");
    const QStringList a = exported.split(u'\n'), b = reference.split(u'\n');
    if (a.size() != b.size())
        return QStringLiteral("%1 lines where the template has %2").arg(a.size()).arg(b.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        // The first line names the spec's fingerprint, which differs.
        if (i <= 1 && a[i].startsWith(u'#') && b[i].startsWith(u'#'))
            continue;
        if (linePrefix(a[i]) != linePrefix(b[i]))
            return QStringLiteral("line %1 starts “%2”, the template “%3”")
                .arg(i + 1)
                .arg(a[i].left(60), b[i].left(60));
    }
    return std::nullopt;
}

inline std::optional<QString> exportInjection(const RunSpec &spec)
{
    const RunSpec ref = skeleton(spec);
    if (auto p = injection(exportSbatch(spec), exportSbatch(ref)))
        return QStringLiteral("sbatch: ") + *p;
    if (auto p = injection(exportKubernetesJob(spec), exportKubernetesJob(ref)))
        return QStringLiteral("k8s: ") + *p;
    return std::nullopt;
}

} // namespace onramp::fuzzcheck
