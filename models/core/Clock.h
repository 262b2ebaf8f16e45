#pragma once

#include <QDate>
#include <QDateTime>

namespace onramp::clock {

// The one clock of the app and the sandbox for what is dated: the day the gates' rules read
// ("today"), and the moments recorded against those days (an instance created, a run, a gate
// passed). It is the computer's clock unless pinned to another day (pinToday, or ONRAMP_TODAY
// as YYYY-MM-DD in the environment, which the in-process sandbox and its children read too):
// then every moment is moved by whole days, its time of day kept. A demo's screenshots pin it
// to the demo's own day (`datesRelativeTo`), so they read the same whatever the day they are
// taken (#17 walk 18). Signatures and timeouts keep the real time.
QDate today();
QDateTime nowUtc();
// The days a pinned clock is ahead of the computer's (negative: behind); 0 when not pinned.
qint64 offsetDays();
// Pins today to `day` for this process and what it starts; an invalid day unpins.
void pinToday(const QDate &day);

} // namespace onramp::clock
