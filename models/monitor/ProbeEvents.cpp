#include "ProbeEvents.h"

#include <QJsonDocument>

namespace onramp {

bool isFinalJobState(const QString &s)
{
    return s == QLatin1String("succeeded") || s == QLatin1String("failed") ||
           s == QLatin1String("cancelled") || s == QLatin1String("interrupted");
}

QList<QJsonObject> probeEventList(const QString &log, const QString &name)
{
    QList<QJsonObject> events;
    for (const QString &line : log.split(u'\n', Qt::SkipEmptyParts)) {
        if (!line.startsWith(u'{') || (!name.isEmpty() && !line.contains(name)))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        const QString event = o.value("event").toString();
        if (!event.isEmpty() && (name.isEmpty() || event == name))
            events.append(o);
    }
    return events;
}

QMap<QString, QJsonObject> probeEvents(const QString &log)
{
    QMap<QString, QJsonObject> events;
    for (const QJsonObject &o : probeEventList(log)) {
        const QString name = o.value("event").toString();
        if (name != QLatin1String("step"))
            events[name + u'/' + o.value("check").toString()] = o;
    }
    return events;
}

} // namespace onramp
