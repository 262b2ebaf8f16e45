#include "QuotaApplicationRoutes.h"

#include "QualificationGate.h"
#include "QuotaGate.h"
#include "RouteTable.h"
#include "Sandbox.h"

#include <QDate>
#include <QDateTime>
#include <QJsonArray>
#include <QUuid>

namespace onramp {

namespace {

// The review's state and reasons. A period longer than a quarter is returned to be split, a
// fine-tuning purpose at pre-training scale is rejected. `partGiven`: the application names
// the part of the period it asks for now, and `partInOneQuarter` says whether that part fits.
std::pair<QString, QJsonArray> decide(const QuotaPlan &plan, bool partGiven, bool partInOneQuarter)
{
    QJsonArray reasons;
    QString state = QStringLiteral("approved");
    if (partGiven && !partInOneQuarter) {
        state = QStringLiteral("returned");
        reasons.append(QJsonObject{{"code", "quota.period_split"},
                                   {"field", "application"},
                                   {"message", "one application covers one calendar quarter"}});
    }
    for (const Finding &f : plan.findings) {
        if (f.code == QLatin1String("quota.period_split")) {
            if (partGiven)
                continue; // the part asked for decides
            if (state != QLatin1String("rejected"))
                state = QStringLiteral("returned");
        } else if (!f.isBlocking())
            continue;
        else
            state = QStringLiteral("rejected");
        reasons.append(
            QJsonObject{{"code", f.code}, {"field", f.field}, {"message", f.message.toString()}});
    }
    return {state, reasons};
}

Answer apply(Sandbox &sandbox, const RouteRequest &request)
{
    const QJsonObject in = request.json();
    auto q = QuotaGateData::fromJson(in);
    if (!q)
        return {400, apiError(QStringLiteral("validation_failed"), q.error().message,
                              QStringLiteral("$.") + q.error().field)};
    if (auto ok = validateQuota(*q); !ok)
        return {400, apiError(QStringLiteral("validation_failed"), ok.error().message,
                              QStringLiteral("$.") + ok.error().field)};
    QuotaContext context;
    context.purpose =
        purposeKindFromKey(in.value("purpose").toString()).value_or(PurposeKind::Finetuning);
    // The application is for a workspace's pool (gate 2 attached it): its grant goes there.
    const QString wsId = in.value("workspace").toString();
    std::optional<QJsonObject> ws;
    if (!wsId.isEmpty()) {
        auto found = sandbox.workspaceFor(wsId, request.who, Action::ManageQuota);
        if (!found)
            return found.error();
        ws = *found;
        context.pool = QuotaPool::fromJson(ws->value("pool").toObject());
    } else {
        context.pool = QuotaPool::fromJson(in.value("pool").toObject());
    }
    const QuotaPlan plan = planQuota(*q, context);
    // One application covers at most one calendar quarter: either the whole period does,
    // or the request names the part it asks for now ("application": {from, to, cardHours}).
    const QJsonObject part = in.value("application").toObject();
    const QDate from = QDate::fromString(part.value("from").toString(), Qt::ISODate);
    const QDate to = QDate::fromString(part.value("to").toString(), Qt::ISODate);
    const auto quarterOf = [](const QDate &d) { return d.year() * 4 + (d.month() - 1) / 3; };
    const bool partGiven = !part.isEmpty();
    if (partGiven &&
        (!from.isValid() || !to.isValid() || to < from || part.value("cardHours").toDouble() <= 0 ||
         part.value("cardHours").toDouble() > plan.cardHours * 1.0001))
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("from ≤ to within the period, and cardHours "
                                             "above 0 and at most the derivation's %1")
                                  .arg(plan.cardHours),
                              QStringLiteral("$.application"))};
    const auto [state, reasons] =
        decide(plan, partGiven, partGiven && quarterOf(from) == quarterOf(to));
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    QJsonObject review{{"id", id},
                       {"state", state},
                       {"since", QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
                       {"reasons", reasons}};
    if (state == QLatin1String("approved")) {
        const double granted = partGiven ? part.value("cardHours").toDouble() : plan.cardHours;
        review["grantedCardHours"] = granted;
        if (ws) {
            // The grants replace the pool's check allowance.
            const double total = ws->value("grantedCardHours").toDouble() + granted;
            (*ws)["grantedCardHours"] = total;
            (*ws)["quotaCardHours"] = total;
            sandbox.store().store(QStringLiteral("ws/") + wsId, *ws);
            sandbox.store().audit(wsId, request.who, QStringLiteral("quota.grant"),
                                  QStringLiteral("%1 card-hours (application %2)")
                                      .arg(granted)
                                      .arg(id));
        }
    }
    sandbox.store().store(QStringLiteral("quota/") + id, review);
    return {202, sandbox.shownReview(review)};
}

Answer getApplication(Sandbox &sandbox, const RouteRequest &request)
{
    const QJsonObject review = sandbox.store().load(QStringLiteral("quota/") + request.arg(0));
    if (review.isEmpty())
        return {404, apiError(QStringLiteral("not_found"), QStringLiteral("no such application"))};
    return {200, sandbox.shownReview(review)};
}

} // namespace

void addQuotaApplicationRoutes(RouteTable &table)
{
    table.add(HttpMethod::Post, QStringLiteral("/v1/quota-applications"), apply);
    table.add(HttpMethod::Get, QStringLiteral("/v1/quota-applications/{id}"), getApplication);
}

} // namespace onramp
