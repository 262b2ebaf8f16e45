#pragma once

#include <QString>

namespace onramp {

// localhost, ::1 or 127.x.y.z: the only hosts plain http may reach (a profile's check and the
// transport's refusal use this one rule).
inline bool isLoopbackHost(const QString &host)
{
    return host == QLatin1String("localhost") || host == QLatin1String("::1") ||
           (host.startsWith(QLatin1String("127.")) && host.count(u'.') == 3);
}

} // namespace onramp
