#pragma once

class QString;

namespace onramp {

class RouteTable;

// /v1/workspaces: create → attach quota → add members, in that order; the audit trail and the
// card-hours used. The caller acts as one member or as the account owner, and the workspace's
// own permission matrix decides.
void addWorkspaceRoutes(RouteTable &table);

// docs/provider-api.yaml's workspace name: ^[a-z0-9][a-z0-9-]{0,62}$ (it names a folder).
bool isWorkspaceName(const QString &name);

} // namespace onramp
