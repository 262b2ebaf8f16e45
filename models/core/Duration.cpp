#include "Duration.h"

#include "Tr.h"

#include <QLocale>

#include <cmath>

namespace onramp {

QString readableDuration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        return QStringLiteral("–");
    const QLocale locale;
    const long long ms = std::llround(seconds * 1000);
    if (ms < 1)
        return Tr::tr("<1 ms");
    // One rule for every duration of a run (#17 walk: one log read "99 ms per step" and
    // "0.1 s per step" a line apart): whole milliseconds under a second, then tenths of a
    // second below ten seconds ("1.0 s", "9.5 s").
    if (ms < 1000)
        return Tr::tr("%1 ms").arg(locale.toString(ms));
    if (const long long tenths = std::llround(seconds * 10); tenths < 100)
        return Tr::tr("%1 s").arg(locale.toString(tenths / 10.0, 'f', 1));
    const long long s = std::llround(seconds);
    if (s < 60)
        return Tr::tr("%1 s").arg(locale.toString(s));
    if (s < 3600) {
        const long long minutes = s / 60, rest = s % 60;
        return rest == 0 ? Tr::tr("%1 min").arg(locale.toString(minutes))
                         : Tr::tr("%1 min %2 s")
                               .arg(locale.toString(minutes), locale.toString(rest));
    }
    const long long minutesTotal = std::llround(seconds / 60);
    const long long hours = minutesTotal / 60, minutes = minutesTotal % 60;
    return minutes == 0 ? Tr::tr("%1 h").arg(locale.toString(hours))
                        : Tr::tr("%1 h %2 min").arg(locale.toString(hours), locale.toString(minutes));
}

} // namespace onramp
