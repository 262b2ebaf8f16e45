#include "RouteTable.h"

#include <QJsonDocument>

namespace onramp {

namespace {

// The segment each placeholder stands for. A workspace id is what names its folder; the other
// ids are the UUIDs the sandbox hands out.
QString segmentPattern(QStringView name)
{
    if (name == u"ws")
        return QStringLiteral("([A-Za-z0-9_.-]+)");
    if (name == u"id")
        return QStringLiteral("([0-9a-f-]{36})");
    if (name == u"index")
        return QStringLiteral("(\\d{1,6})");
    return QStringLiteral("([^/]+)");
}

QRegularExpression compile(const QString &pattern)
{
    static const QRegularExpression placeholder(QStringLiteral("\\{(\\w+)\\}"));
    QString regex;
    qsizetype at = 0;
    for (auto it = placeholder.globalMatch(pattern); it.hasNext();) {
        const auto m = it.next();
        regex += QRegularExpression::escape(pattern.mid(at, m.capturedStart() - at));
        regex += segmentPattern(m.capturedView(1));
        at = m.capturedEnd();
    }
    regex += QRegularExpression::escape(pattern.mid(at));
    QRegularExpression re(QRegularExpression::anchoredPattern(regex));
    Q_ASSERT_X(re.isValid(), "RouteTable", qPrintable(pattern));
    return re;
}

} // namespace

QJsonObject RouteRequest::json() const
{
    return QJsonDocument::fromJson(http.body()).object();
}

void RouteTable::add(HttpMethod method, const QString &pattern, RouteHandler handler)
{
    m_routes.append(Route{method, compile(pattern), handler});
}

std::optional<Answer> RouteTable::dispatch(Sandbox &sandbox,
                                           const QHttpServerRequest &request) const
{
    const QString path = request.url().path();
    for (const Route &route : m_routes) {
        if (route.method != request.method())
            continue;
        const auto m = route.pattern.match(path);
        if (!m.hasMatch())
            continue;
        const QStringList args = m.capturedTexts().mid(1);
        return route.handler(
            sandbox,
            RouteRequest{request, args, QString::fromUtf8(request.value("X-Onramp-Member"))});
    }
    return std::nullopt;
}

} // namespace onramp
