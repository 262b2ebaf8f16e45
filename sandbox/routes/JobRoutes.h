#pragma once

namespace onramp {

class RouteTable;

// /v1/workspaces/{ws}/jobs and /v1/jobs/{id}: submit and list jobs, read one with its log,
// metrics and checkpoints, interrupt or cancel it. A queued job starts when quota and stock
// allow; the processes are JobRunner's.
void addJobRoutes(RouteTable &table);

} // namespace onramp
