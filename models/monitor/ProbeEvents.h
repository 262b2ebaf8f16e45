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

} // namespace onramp
