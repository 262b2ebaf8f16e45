// onramp spec validate|fingerprint|export|from-state: the run spec, headless.
#include "Commands.h"
#include "Documents.h"
#include "RunSpec.h"
#include "StateStore.h"
#include "Tr.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>

namespace onramp::cli {

namespace {

} // namespace

std::optional<RunSpec> readRunSpecFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        err() << Tr::tr("Cannot read %1: %2").arg(path, f.errorString()) << '\n';
        return std::nullopt;
    }
    // Read one byte past the limit, so an oversized file is refused without reading it all.
    auto spec = parseRunSpec(f.read(RunSpecLimits::kMaxBytes + 1));
    if (!spec) {
        err() << path << ": " << spec.error().message << '\n';
        if (!spec.error().details.isEmpty() && spec.error().details != spec.error().field)
            err() << "  " << spec.error().details << '\n';
        return std::nullopt;
    }
    return *spec;
}

namespace {

bool write(const QString &path, const QByteArray &bytes)
{
    if (path.isEmpty() || path == QLatin1String("-")) {
        out() << QString::fromUtf8(bytes);
        out().flush();
        return true;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        err() << Tr::tr("Cannot write %1: %2").arg(path, f.errorString()) << '\n';
        return false;
    }
    return true;
}

} // namespace

int spec(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Tr::tr(
        "The run spec: validate FILE (exit 1 with the field that is wrong), fingerprint FILE, "
        "export FILE --format sbatch|k8s|markdown|pdf [--out FILE], from-state [--state FILE] "
        "[--out FILE]."));
    p.addHelpOption();
    QCommandLineOption format(QStringLiteral("format"), Tr::tr("sbatch, k8s, markdown or pdf."),
                              QStringLiteral("FORMAT"));
    QCommandLineOption outFile(QStringLiteral("out"), Tr::tr("Write to FILE (default: stdout)."),
                               QStringLiteral("FILE"));
    QCommandLineOption state(QStringLiteral("state"),
                             Tr::tr("Read the onboarding from FILE instead of the saved one."),
                             QStringLiteral("FILE"));
    p.addOptions({format, outFile, state});
    p.addPositionalArgument(QStringLiteral("action"),
                            Tr::tr("validate, fingerprint, export or from-state"));
    p.process(args);
    const QStringList pos = p.positionalArguments();
    const QString action = pos.value(0);
    if (action == QLatin1String("from-state")) {
        StateStore store(p.isSet(state) ? p.value(state) : StateStore::defaultFilePath());
        if (const auto r = store.load(StateStore::Access::ReadOnly); r.notice) {
            err() << r.notice->message << '\n';
            return 2;
        }
        const RunSpec s = runSpecFromState(store.state());
        return write(p.value(outFile), QJsonDocument(s.toJson()).toJson()) ? 0 : 2;
    }
    if (pos.size() != 2 || !QStringList{"validate", "fingerprint", "export"}.contains(action)) {
        err() << Tr::tr("Say what to do: validate, fingerprint or export FILE, or from-state.")
              << '\n';
        return 2;
    }
    const auto s = readRunSpecFile(pos[1]);
    if (!s)
        return action == QLatin1String("validate") ? 1 : 2;
    if (action == QLatin1String("validate")) {
        out()
            << Tr::tr("%1: valid run spec %2").arg(pos[1], QString::fromLatin1(s->fingerprintId()))
            << '\n';
        return 0;
    }
    if (action == QLatin1String("fingerprint")) {
        out() << s->fingerprintId() << '\n';
        return 0;
    }
    const QString f = p.value(format);
    if (f == QLatin1String("sbatch"))
        return write(p.value(outFile), exportSbatch(*s).toUtf8()) ? 0 : 2;
    if (f == QLatin1String("k8s"))
        return write(p.value(outFile), exportKubernetesJob(*s).toUtf8()) ? 0 : 2;
    if (f == QLatin1String("markdown"))
        return write(p.value(outFile), exportHandoffMarkdown(*s).toUtf8()) ? 0 : 2;
    if (f == QLatin1String("pdf")) {
        if (!p.isSet(outFile)) {
            err() << Tr::tr("--out: a PDF needs a file.") << '\n';
            return 2;
        }
        if (auto r = exportHandoffPdf(*s, p.value(outFile)); !r) {
            err() << r.error().message << '\n';
            return 2;
        }
        return 0;
    }
    err() << Tr::tr("--format: expected sbatch, k8s, markdown or pdf.") << '\n';
    return 2;
}

} // namespace onramp::cli
