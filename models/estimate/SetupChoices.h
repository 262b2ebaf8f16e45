#pragma once

#include "MemoryEstimator.h"

#include <QStringList>

namespace onramp {

// The training-setup settings gate 4 offers as lists (one combo box each): what each list
// shows, in order, and how a position in it reads from and writes to a TrainingSetup. The
// page binds positions; what a position means is decided here.
enum class SetupChoice
{
    Model, // the catalog's models, then "custom" (a bare parameter count)
    Precision,
    Optimizer,
    Method,
    Checkpointing,
    Framework,
    GradDtype,
    Sharding, // DDP, ZeRO-1, ZeRO-2, ZeRO-3, FSDP (full shard: ZeRO-3 with fsdp)
    Offload
};

// The entries' texts: translated where they are words, technical names as they are.
QStringList choiceLabels(SetupChoice choice);
// The position the setup's current setting has (Model: the last one, "custom", for a model the
// catalog does not have).
int choiceIndex(SetupChoice choice, const TrainingSetup &setup);
// Sets the setting at that position; a position outside the list changes nothing. Model's last
// position keeps the parameter count and makes a model from it.
void applyChoice(SetupChoice choice, int index, TrainingSetup &setup);

} // namespace onramp
