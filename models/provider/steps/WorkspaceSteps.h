#pragma once

#include "SessionSteps.h"

namespace onramp {

// What setting the workspace up still has to send about its members: the table against the
// roles the provider holds (ProviderLink::memberRoles).
struct MemberChanges
{
    QList<Member> add;    // in the table, not at the provider
    QList<Member> change; // at the provider with another role (or an unknown one)
    QStringList remove;   // at the provider, no longer in the table
    bool isEmpty() const { return add.isEmpty() && change.isEmpty() && remove.isEmpty(); }
};
MemberChanges memberChanges(const QList<Member> &table, const QMap<QString, QString> &held);
// The table's members whose role the provider holds as the table says.
int membersInPlace(const QList<Member> &table, const QMap<QString, QString> &held);

// Whether the provider holds the workspace as planned here: one answer for gate 2's own line
// and for its "At the provider" panel (#17 walk 9: after a role change the page said "as
// planned" while the panel said "not as planned yet").
enum class WorkspaceAtProvider
{
    NothingPlanned, // no workspace name yet
    ToSetUp,        // not created, or its pool not attached
    MembersToSend,  // created and attached; the table's members differ from the provider's
    AsPlanned
};
WorkspaceAtProvider workspaceAtProvider(const WorkspaceData &plan,
                                        const QMap<QString, QString> &heldRoles);

// Gate 2 at a provider: create the workspace, attach quota, then bring its members to the table
// (add, change roles, remove), in that order; then the two acceptance checks: a developer's
// light job and its log, an observer refused, under the roles the provider holds.
class WorkspaceSteps : public SessionSteps
{
public:
    explicit WorkspaceSteps(SessionCore &core) : SessionSteps(core) {}

    void setUpWorkspace(Done done);
    void runWorkspaceChecks(Done done);
};

} // namespace onramp
