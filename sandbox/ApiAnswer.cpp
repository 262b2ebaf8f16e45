#include "ApiAnswer.h"

namespace onramp {

QJsonObject apiError(const QString &code, const QString &message, const QString &field)
{
    QJsonObject o{{"code", code}, {"message", message}};
    if (!field.isEmpty())
        o["field"] = field;
    return o;
}

} // namespace onramp
