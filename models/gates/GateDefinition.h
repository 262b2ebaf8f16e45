#pragma once

#include "GateTypes.h"

#include <QStringList>

#include <vector>

namespace onramp {

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
// The gate's title, translated when read (for lines kept in records).
Text gateTitle(GateId id);

} // namespace onramp
