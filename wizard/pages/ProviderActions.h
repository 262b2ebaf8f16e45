#pragma once

#include "GateTypes.h"

class QWidget;

namespace onramp {

class ProviderHub;
class StateStore;

// The provider panel of gates 1–4 (their operations, status and review follow-up); null for
// gates that have none yet.
QWidget *providerPanelFor(GateId gate, ProviderHub *hub, StateStore *store, QWidget *parent);

} // namespace onramp
