#pragma once

#include "GateLedger.h"
#include "OnboardingState.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

// What the acceptors of gates 1–4 do after a walk at a provider: each gate the provider's own
// answer did not pass (gate 2's team lead, gate 4's engineer) is recorded passed through the one
// writer, with its evidence, so the rules still apply; gate 2's team lead reviews the role
// matrix first. Returns the first refusal, empty when all passed.
inline QString acceptGatesOneToFour(onramp::OnboardingState &s)
{
    using namespace onramp;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (GateId id : {GateId::Account, GateId::Workspace, GateId::Quota, GateId::Resources}) {
        GateRecord &r = s.gate(id);
        if (r.status == GateStatus::Passed)
            continue;
        if (id == GateId::Workspace && !roleReviewMissing(s).isEmpty())
            recordRoleReview(s, QStringLiteral("the team lead"), now);
        if (r.evidence.isEmpty())
            r.evidence = Text::literal(QStringLiteral("checked at the provider"));
        if (r.acceptedBy.isEmpty())
            r.acceptedBy = Text::literal(QStringLiteral("the gate's acceptor"));
        if (auto ok = setGateStatus(s, id, GateStatus::Passed, now); !ok)
            return QStringLiteral("gate %1: %2").arg(gateKey(id), ok.error().message);
    }
    return {};
}

// The demo dossier names its attachments relative to its own folder, as StateStore::load
// resolves them.
inline void findDemoAttachments(onramp::OnboardingState &s)
{
    s.account.resolveAttachmentsAgainst(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples"));
}

// docs/examples/state-demo.json as it stands: what `make screenshots` and a page test show.
inline onramp::OnboardingState savedDemoState()
{
    QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read state-demo.json");
    // As written, on whatever day the test runs: its own day (datesRelativeTo) is not read.
    QJsonObject json = QJsonDocument::fromJson(f.readAll()).object();
    json.remove(QStringLiteral("datesRelativeTo"));
    auto s = onramp::OnboardingState::fromJson(json);
    if (!s)
        qFatal("state-demo.json: %s", qPrintable(s.error().message));
    return *s;
}

// docs/examples/state-demo.json as the provider tests start from it: no provider yet, one
// quarter of quota (so the review does not send it back), attachments found.
inline onramp::OnboardingState demoState()
{
    onramp::OnboardingState s = savedDemoState();
    s.quota.start = QDate(2027, 1, 1);
    s.quota.end = QDate(2027, 3, 31);
    s.quota.peaks.clear();
    s.provider = {};
    findDemoAttachments(s);
    return s;
}
