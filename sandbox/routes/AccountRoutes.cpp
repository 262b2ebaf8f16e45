#include "AccountRoutes.h"

#include "Clock.h"
#include "QualificationGate.h"
#include "RouteTable.h"
#include "Sandbox.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

namespace onramp {

namespace {

// A new sandbox account: verified, training service off (as the guides say it starts).
QJsonObject account(Sandbox &sandbox)
{
    QJsonObject a = sandbox.store().load(QStringLiteral("account"));
    if (a.isEmpty()) {
        a = {{"accountId", sandbox.accountId()},
             {"verificationType", "enterprise"},
             {"verificationState", "verified"},
             {"services", QJsonObject{{"training", false}}},
             {"mayApplyForResources", false}};
        sandbox.store().store(QStringLiteral("account"), a);
    }
    return a;
}

Answer getAccount(Sandbox &sandbox, const RouteRequest &)
{
    return {200, account(sandbox)};
}

Answer activateTraining(Sandbox &sandbox, const RouteRequest &)
{
    QJsonObject a = account(sandbox);
    a["services"] = QJsonObject{{"training", true}};
    a["mayApplyForResources"] = true;
    sandbox.store().store(QStringLiteral("account"), a);
    return {200, a};
}

Answer getQualification(Sandbox &sandbox, const RouteRequest &)
{
    const QJsonObject review = sandbox.store().load(QStringLiteral("qualification"));
    if (review.isEmpty())
        return {404,
                apiError(QStringLiteral("not_found"), QStringLiteral("no dossier submitted yet"))};
    return {200, sandbox.shownReview(review)};
}

Answer submitQualification(Sandbox &sandbox, const RouteRequest &request)
{
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(request.http.body(), &pe);
    if (!doc.isObject())
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("body is not a JSON object"), QStringLiteral("$"))};
    auto dossier = QualificationData::fromJson(doc.object());
    if (!dossier)
        return {400, apiError(QStringLiteral("validation_failed"), dossier.error().message,
                              QStringLiteral("$.") + dossier.error().field)};
    // The review follows the same rules as gate 1, minus attachments (uploaded apart).
    QJsonArray reasons;
    for (const Finding &f : checkQualification(*dossier, clock::today())) {
        if (f.isBlocking() && !f.code.startsWith(QLatin1String("attachment.")))
            reasons.append(QJsonObject{
                {"code", f.code}, {"field", f.field}, {"message", f.message.toString()}});
    }
    const QJsonObject review{{"id", QUuid::createUuid().toString(QUuid::WithoutBraces)},
                             {"state", reasons.isEmpty() ? "approved" : "rejected"},
                             {"since", QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
                             {"reasons", reasons}};
    sandbox.store().store(QStringLiteral("qualification"), review);
    return {202, sandbox.shownReview(review)};
}

} // namespace

void addAccountRoutes(RouteTable &table)
{
    table.add(HttpMethod::Get, QStringLiteral("/v1/account"), getAccount);
    table.add(HttpMethod::Post, QStringLiteral("/v1/account/services/training:activate"),
              activateTraining);
    table.add(HttpMethod::Get, QStringLiteral("/v1/qualification"), getQualification);
    table.add(HttpMethod::Post, QStringLiteral("/v1/qualification"), submitQualification);
}

} // namespace onramp
