#pragma once

#include "ApiAnswer.h"

#include <QHttpServerRequest>
#include <QJsonObject>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QUrlQuery>

#include <optional>

namespace onramp {

class Sandbox;

using HttpMethod = QHttpServerRequest::Method;

// One request as a handler sees it: the values of the path's {placeholders} in order, and the
// caller, who acts as one member (X-Onramp-Member) or, without one, as the account owner.
struct RouteRequest
{
    const QHttpServerRequest &http;
    QStringList args;
    QString who;

    QString arg(int i) const { return args.value(i); }
    // The body as a JSON object; empty when it is none.
    QJsonObject json() const;
    QUrlQuery query() const { return QUrlQuery(http.url()); }
};

using RouteHandler = Answer (*)(Sandbox &sandbox, const RouteRequest &request);

// The API's routes: (method, path pattern) → handler. Patterns are written as in
// docs/provider-api.yaml ("/v1/workspaces/{ws}/members/{account}"); each placeholder matches
// one segment of the shape its name gives ({ws}: a workspace id, {id}: a UUID, {index}: a chunk
// number, anything else: any segment). The decoded path must match a whole pattern.
class RouteTable
{
public:
    void add(HttpMethod method, const QString &pattern, RouteHandler handler);
    // The answer of the route for the request; empty when no route takes it.
    std::optional<Answer> dispatch(Sandbox &sandbox, const QHttpServerRequest &request) const;

private:
    struct Route
    {
        HttpMethod method;
        QRegularExpression pattern;
        RouteHandler handler;
    };
    QList<Route> m_routes;
};

} // namespace onramp
