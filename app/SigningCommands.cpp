// onramp sigv4: the tool a platform engineer uses when a signature is refused.
#include "Commands.h"
#include "SigV4.h"
#include "Tr.h"

#include <QCommandLineParser>
#include <QFile>
#include <QTextStream>

namespace onramp::cli {

int sigv4(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Tr::tr("Print the canonical request, the string to sign and the "
                                       "AWS SigV4 signature for a raw HTTP request."));
    p.addHelpOption();
    QCommandLineOption context(QStringLiteral("context"),
                               Tr::tr("Signing context (credentials, region, service, timestamp) "
                                      "as JSON."),
                               QStringLiteral("FILE"));
    QCommandLineOption request(QStringLiteral("request"), Tr::tr("The raw HTTP request."),
                               QStringLiteral("FILE"));
    QCommandLineOption query(QStringLiteral("query"),
                             Tr::tr("Presign in the query string instead of the header."));
    p.addOptions({context, request, query});
    p.process(args);
    QTextStream err(stderr);
    const auto read = [&](const QCommandLineOption &o) -> std::optional<QByteArray> {
        if (!p.isSet(o)) {
            err << QStringLiteral("--%1: ").arg(o.names().first()) << Tr::tr("required") << '\n';
            return std::nullopt;
        }
        QFile f(p.value(o));
        if (!f.open(QIODevice::ReadOnly)) {
            err << QStringLiteral("--%1: ").arg(o.names().first())
                << Tr::tr("cannot read the file (%1)").arg(f.errorString()) << '\n';
            return std::nullopt;
        }
        return f.readAll();
    };
    const auto ctxBytes = read(context);
    const auto reqBytes = read(request);
    if (!ctxBytes || !reqBytes)
        return 2;
    auto ctx = parseSigningContext(*ctxBytes);
    if (!ctx) {
        err << "--context: " << ctx.error().message << '\n';
        return 2;
    }
    auto req = parseRawRequest(*reqBytes);
    if (!req) {
        err << "--request: " << req.error().message << '\n';
        return 2;
    }
    const SigningResult r = signSigV4(*req, *ctx, p.isSet(query));
    QTextStream out(stdout);
    out << "# canonical request\n"
        << r.canonicalRequest << "\n\n# string to sign\n"
        << r.stringToSign << "\n\n# signature\n"
        << r.signature << '\n';
    if (p.isSet(query)) {
        out << "\n# query\n" << r.query << '\n';
    } else {
        out << "\n# headers\n";
        for (const auto &[name, value] : r.headers)
            out << name << ": " << value << '\n';
    }
    return 0;
}

} // namespace onramp::cli
