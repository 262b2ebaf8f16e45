#pragma once

namespace onramp {

class RouteTable;

// /v1/account (and activating its training service) and /v1/qualification (the dossier's
// review, by gate 1's rules).
void addAccountRoutes(RouteTable &table);

} // namespace onramp
