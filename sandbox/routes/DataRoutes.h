#pragma once

namespace onramp {

class RouteTable;

// /v1/workspaces/{ws}/uploads, /v1/uploads/{id} and /v1/workspaces/{ws}/data: small datasets
// arrive in checksummed chunks that resume across restarts, and land in the workspace's data
// folder, which jobs read but never write.
void addDataRoutes(RouteTable &table);

} // namespace onramp
