#include "CatalogRoutes.h"

#include "ResourcePlan.h"
#include "RouteTable.h"
#include "Sandbox.h"

#include <QJsonArray>
#include <QMap>

namespace onramp {

namespace {

Answer regions(Sandbox &sandbox, const RouteRequest &)
{
    const QJsonObject st = sandbox.stock();
    QMap<QString, QJsonArray> byRegion;
    for (auto it = st.begin(); it != st.end(); ++it)
        byRegion[it.key().section(u'-', 0, -2)].append(
            QJsonObject{{"zone", it.key()}, {"stock", it.value()}});
    QJsonArray list;
    for (auto it = byRegion.begin(); it != byRegion.end(); ++it)
        list.append(QJsonObject{{"region", it.key()}, {"zones", it.value()}});
    return {200, QJsonObject{{"regions", list}}};
}

// The catalog this sandbox serves: the built-in one, or the file `serve --catalog` (or
// ONRAMP_SANDBOX_CATALOG) named.
Answer instanceTypes(Sandbox &sandbox, const RouteRequest &)
{
    QJsonArray list;
    for (const InstanceType &t : sandbox.catalog().instances())
        list.append(t.toJson());
    return {200, QJsonObject{{"instances", list}}};
}

Answer images(Sandbox &sandbox, const RouteRequest &)
{
    QJsonArray list;
    for (TrainingImage i : sandbox.catalog().images()) {
        i.digest = Sandbox::imageDigest(i); // the one its instances report
        list.append(i.toJson());
    }
    return {200, QJsonObject{{"images", list}}};
}

} // namespace

void addCatalogRoutes(RouteTable &table)
{
    table.add(HttpMethod::Get, QStringLiteral("/v1/catalog/regions"), regions);
    table.add(HttpMethod::Get, QStringLiteral("/v1/catalog/instance-types"), instanceTypes);
    table.add(HttpMethod::Get, QStringLiteral("/v1/catalog/images"), images);
}

} // namespace onramp
