#pragma once

#include "GateTypes.h"

#include <QStringList>

#include <vector>

namespace onramp {

struct OnboardingState;

// What a gate is, as data: the guides' "entry condition, output, acceptor" plus the checks
// that accept it. Texts are untranslated source strings (context "Onramp"); the accessors
// translate them at the moment of display so a language switch needs no rebuild.
struct GateDefinition
{
    GateId id;
    const char *title;
    const char *entryCondition;
    const char *output;
    const char *acceptorRole;
    std::vector<const char *> acceptanceChecks;
    std::vector<GateId> requiresPassed; // the machine-checkable part of the entry condition

    QString titleText() const;
    QString entryText() const;
    QString outputText() const;
    QString acceptorText() const;
    QStringList checkTexts() const;
};

const GateDefinition &gateDefinition(GateId id);

// Whether a gate may be entered, and if not, a translated reason naming the gates to finish.
struct EntryCheck
{
    bool met = true;
    QString reason;
};

EntryCheck checkEntry(const OnboardingState &state, GateId id);

} // namespace onramp
