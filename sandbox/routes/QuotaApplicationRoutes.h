#pragma once

namespace onramp {

class RouteTable;

// /v1/quota-applications: applications for card-hours, reviewed by gate 3's own rules.
void addQuotaApplicationRoutes(RouteTable &table);

} // namespace onramp
