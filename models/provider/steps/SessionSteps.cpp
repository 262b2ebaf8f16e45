#include "SessionSteps.h"

#include "Tr.h"
#include "Triage.h"

#include <QJsonArray>
#include <QRandomGenerator>

namespace onramp {

QString SessionSteps::reasonsText(const QJsonArray &reasons)
{
    QStringList lines;
    for (const QJsonValue &r : reasons) {
        const QJsonObject o = r.toObject();
        // The message says what to do; the field is the provider's internal name for it
        // ("verificationState") and means nothing to the person reading.
        const QString message = o.value("message").toString().trimmed();
        lines << (message.isEmpty() ? o.value("field").toString() : message);
    }
    return lines.join(u'\n');
}

Text SessionSteps::diagnosisText(const Diagnosis &d)
{
    if (!d.isFailure())
        return {};
    return Tr::trLater("%1 — %2 First: %3").arg(d.title, d.cause, d.firstAction);
}

Text SessionSteps::yesNo(bool yes)
{
    return yes ? Tr::trLater("yes") : Tr::trLater("no");
}

QString SessionSteps::attemptTag()
{
    return QString::number(QRandomGenerator::global()->generate(), 16);
}

} // namespace onramp
