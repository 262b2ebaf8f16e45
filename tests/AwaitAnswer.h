#pragma once

#include "ProviderClient.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <optional>

namespace onramp {

// Tests only (the app never waits): starts `call`, which answers through the callback it is
// given, and runs the event loop until it has answered or `ms` have passed; a timeout answers
// as a ProviderError that says so.
template <class Result, class Call> Result awaitAnswer(const Call &call, int ms)
{
    std::optional<Result> got;
    call([&](const auto &r) { got = r; });
    QElapsedTimer t;
    t.start();
    while (!got && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    if (!got) {
        ProviderError e;
        e.details = QStringLiteral("test timed out after %1 ms").arg(ms);
        return std::unexpected(e);
    }
    return *got;
}

} // namespace onramp
