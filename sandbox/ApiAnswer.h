#pragma once

#include <QJsonObject>
#include <QString>

#include <utility>

namespace onramp {

// What every handler returns: the HTTP status and the JSON body (docs/provider-api.yaml).
using Answer = std::pair<int, QJsonObject>;

// An error body in the API's one shape.
QJsonObject apiError(const QString &code, const QString &message, const QString &field = {});

} // namespace onramp
