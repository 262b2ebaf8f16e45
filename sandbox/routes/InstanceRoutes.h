#pragma once

namespace onramp {

class RouteTable;

// /v1/workspaces/{ws}/instances and /v1/instances/{id}: an instance is a working folder (the
// workspace's data read-only, output, scratch) holding cards from its zone's stock until it is
// released.
void addInstanceRoutes(RouteTable &table);

} // namespace onramp
