#pragma once
// The invariants of the readers of what a provider sends back, shared by the fuzz target
// fuzz_answers and tst_provider, which replays every reproducer in tests/fuzz/reproducers/answers/.
// The first byte of an input picks the reader, the next two the HTTP status where one is read:
//   0 providerErrorFrom   an Onramp API error answer (status, Retry-After, body)
//   1 slurmError          a slurmrestd error answer
//   2 onrampJob           a slurmrestd job record in Onramp's words
//   3 job log             probe events, and each line as the log pane shows it
//   4 parseRawRequest     a signing test vector's raw request
//   5 parseSigningContext a signing test vector's context
//   6 jwtExpiry           a Slurm token
// Empty when the input holds; otherwise what broke.
#include "ProbeEvents.h"
#include "LogTail.h"
#include "ProviderClient.h"
#include "ProviderStates.h"
#include "SigV4.h"
#include "SlurmClient.h"

#include <QJsonDocument>

#include <optional>

namespace onramp::fuzzcheck {

inline std::optional<QString> answerProblem(const QByteArray &bytes)
{
    if (bytes.size() < 3)
        return std::nullopt;
    const int which = quint8(bytes[0]) % 7;
    const int status = (quint8(bytes[1]) << 8 | quint8(bytes[2])) % 600;
    const QByteArray body = bytes.mid(3);
    const auto errorHolds = [&](const ProviderError &e) -> std::optional<QString> {
        if (e.message.isEmpty())
            return QStringLiteral("an error answer (status %1) has no message").arg(status);
        if (e.httpStatus != 0 && e.httpStatus != status)
            return QStringLiteral("status %1 read as %2").arg(status).arg(e.httpStatus);
        if (e.retryAfterMs < -1)
            return QStringLiteral("a negative Retry-After: %1").arg(e.retryAfterMs);
        return std::nullopt;
    };
    switch (which) {
    case 0: {
        HttpResponse r;
        r.status = status;
        // A Retry-After header from the body's first line, the rest as the body.
        const qsizetype nl = body.indexOf('\n');
        r.headers = {{"Retry-After", nl < 0 ? QByteArray() : body.left(nl)}};
        r.body = nl < 0 ? body : body.mid(nl + 1);
        r.json = QJsonDocument::fromJson(r.body);
        return errorHolds(providerErrorFrom(r));
    }
    case 1:
        return errorHolds(slurmError(status, body));
    case 2: {
        const QJsonObject job = SlurmClient::onrampJob(QJsonDocument::fromJson(body).object());
        const QString state = job.value(QLatin1String("state")).toString();
        if (jobStateOf(job) == JobState::None && !state.isEmpty())
            return QStringLiteral("a Slurm job read as an unknown state: ") + state;
        return std::nullopt;
    }
    case 3: {
        const QString log = QString::fromUtf8(body);
        for (const QJsonObject &e : probeEventList(log, QStringLiteral("step")))
            if (e.value(QLatin1String("event")).toString() != QLatin1String("step"))
                return QStringLiteral("a step event that is not one");
        probeEvents(log);
        for (const QString &line : log.split(u'\n'))
            if (!line.trimmed().isEmpty() && readableLogLine(line).isEmpty())
                return QStringLiteral("a log line shown as nothing: ") + line.left(200);
        return std::nullopt;
    }
    case 4: {
        const auto r = parseRawRequest(body);
        if (!r && r.error().message.isEmpty())
            return QStringLiteral("a raw request refused without a reason");
        if (r && r->method.isEmpty())
            return QStringLiteral("a raw request read without a method");
        return std::nullopt;
    }
    case 5: {
        const auto c = parseSigningContext(body);
        if (!c && c.error().message.isEmpty())
            return QStringLiteral("a signing context refused without a reason");
        return std::nullopt;
    }
    default:
        jwtExpiry(body);
        return std::nullopt;
    }
}

} // namespace onramp::fuzzcheck
