#include "Clock.h"

namespace onramp::clock {

namespace {

constexpr char kVariable[] = "ONRAMP_TODAY";

} // namespace

qint64 offsetDays()
{
    // Read each time: cheap, and a pin set after the first read (a test, the screenshot
    // command) holds at once everywhere.
    const QDate pinned =
        QDate::fromString(qEnvironmentVariable(kVariable), Qt::ISODate);
    return pinned.isValid() ? QDate::currentDate().daysTo(pinned) : 0;
}

QDate today()
{
    return QDate::currentDate().addDays(offsetDays());
}

QDateTime nowUtc()
{
    return QDateTime::currentDateTimeUtc().addDays(offsetDays());
}

void pinToday(const QDate &day)
{
    if (day.isValid())
        qputenv(kVariable, day.toString(Qt::ISODate).toLatin1());
    else
        qunsetenv(kVariable);
}

} // namespace onramp::clock
