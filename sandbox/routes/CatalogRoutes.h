#pragma once

namespace onramp {

class RouteTable;

// /v1/catalog: regions with each zone's free cards, instance types and training images.
void addCatalogRoutes(RouteTable &table);

} // namespace onramp
