#include "ProbeEvents.h"

#include <QJsonDocument>

#include <algorithm>
#include <cmath>

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

QString lossText(double loss)
{
    if (!std::isfinite(loss))
        return QString::number(loss);
    const int magnitude = loss == 0 ? 0 : int(std::floor(std::log10(std::abs(loss))));
    QString text = QString::number(loss, 'f', std::clamp(3 - magnitude, 0, 8));
    if (text.contains(u'.')) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(u'.'))
            text.chop(1);
    }
    return text;
}

} // namespace onramp
