#include "SecretStore.h"

namespace onramp {

QString secretKeyFor(const QString &kind, const QString &baseUrl, const QByteArray &accessKeyId)
{
    return kind + u'|' + baseUrl + u'|' + QString::fromLatin1(accessKeyId);
}

} // namespace onramp
