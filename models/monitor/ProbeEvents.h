#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace onramp {

// A job state after which nothing changes: succeeded, failed, cancelled, interrupted.
bool isFinalJobState(const QString &state);

// The onramp-probe events in a job log (docs/probe-events.md), in order; `name` keeps only
// that event ("step", "resume", …). Lines that are not events are skipped.
QList<QJsonObject> probeEventList(const QString &log, const QString &name = {});
// The same by "event/check", the last of each; step events are left out.
QMap<QString, QJsonObject> probeEvents(const QString &log);

// A training loss as every page and record writes it: four significant digits, no trailing
// zeros, never an exponent ("5.545", "0.6931", "2.5", "12.35"). One function, so the same loss
// reads the same in gate 2's, gate 5's and gate 6's lines and the job's log (#17 walk: 3
// decimals in one place, 4 in another).
QString lossText(double loss);

} // namespace onramp
