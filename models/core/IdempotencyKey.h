#pragma once

#include <QByteArray>
#include <QUuid>

namespace onramp {

// A fresh idempotency key (UUID v4 text): the state keeps one per create in flight, and the
// client sends it, so a retry after a restart creates exactly one.
inline QByteArray newIdempotencyKey()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces).toLatin1();
}

} // namespace onramp
