#pragma once

#include "Error.h"
#include "Finding.h"
#include "Text.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <array>
#include <expected>
#include <optional>

namespace onramp {

enum class Role
{
    Admin,
    Developer,
    Observer
};
inline constexpr std::array<Role, 3> kAllRoles = {Role::Admin, Role::Developer, Role::Observer};
QString roleKey(Role r);
std::optional<Role> roleFromKey(const QString &key);
QString roleLabel(Role r); // translated
Text roleText(Role r);     // translated when read

enum class Action
{
    ManageMembers,
    ManageQuota,
    SubmitJobs,
    ReadWriteOwnData,
    ReadOthersData,
    DeleteData,
    ViewJobStatus,
    ViewOwnLogs,
    ViewAllLogs,
    ReleaseInstances
};
inline constexpr int kActionCount = 10;
QString actionKey(Action a);
QString actionLabel(Action a); // translated
Text actionText(Action a);     // translated when read

// Who may do what. Defaults follow the guides: admins manage members and quota; developers
// submit jobs and read and write their own data; observers see job status and logs only.
struct PermissionMatrix
{
    std::array<std::array<bool, 3>, kActionCount> allowed{};

    static PermissionMatrix defaults();
    bool can(Role r, Action a) const { return allowed[int(a)][int(r)]; }
    void set(Role r, Action a, bool on) { allowed[int(a)][int(r)] = on; }
    bool operator==(const PermissionMatrix &) const = default;
};

// The matrix as the state file and the provider API carry it: [{action, roles: [...]}].
QJsonArray permissionMatrixJson(const PermissionMatrix &m);
PermissionMatrix permissionMatrixFromJson(const QJsonArray &rows, const PermissionMatrix &fallback);

struct Member
{
    QString name;
    QString account;
    Role role = Role::Developer;
    QStringList projects;
    double sharePercent = 0; // of the workspace's card-hours; 0 = not accounted per person
    bool operator==(const Member &) const = default;
};

struct ReviewSnapshot
{
    QList<Member> members;
    PermissionMatrix matrix;
    QString reviewer;
    QDateTime reviewedAt; // invalid: never reviewed
    bool operator==(const ReviewSnapshot &) const = default;
};

// The quota pool gate 2 attaches to the workspace: which cards, where. Its card-hours come
// later, from gate 3's application; until then a provider allows only light checks.
struct QuotaPool
{
    // What a fresh pool allows before gate 3's grant: enough for the onboarding's light checks.
    static constexpr double kCheckAllowanceCardHours = 2;

    QString cardType; // a catalog card key, "a100-80g"
    QString region;   // "cn-north"
    QString zone;     // "cn-north-1a"; within the region

    bool isEmpty() const { return cardType.isEmpty() && region.isEmpty() && zone.isEmpty(); }
    // A cloud's zone names its region ("cn-north-1a" in "cn-north"); a name without one (a
    // cluster's partition) is its own region.
    static QString regionOf(const QString &zone);
    // "a100-80g in cn-north-1a"
    QString text() const;
    Text textLater() const; // the same, translated when read
    bool operator==(const QuotaPool &) const = default;
    QJsonObject toJson() const;
    static QuotaPool fromJson(const QJsonObject &o);
};
// What is missing or wrong in a pool, by field (cardType, region, zone); empty when complete.
std::optional<Error> poolProblem(const QuotaPool &pool);
// The same message, translated when read (for a finding); empty when complete.
Text poolProblemText(const QuotaPool &pool);

// Gate 2's data. The order is fixed: create the workspace, attach the quota pool, then add
// members. The form plans each step (a name, the pool); `created` and `quotaAttached` are the
// provider's answers, written only when it confirms, and kept nowhere else.
struct WorkspaceData
{
    QString workspaceName;
    bool created = false;       // the provider created the workspace
    bool quotaAttached = false; // the provider attached the pool
    QuotaPool pool;
    QList<Member> members;
    PermissionMatrix matrix = PermissionMatrix::defaults();
    ReviewSnapshot lastReview;

    bool operator==(const WorkspaceData &) const = default;
    QJsonObject toJson() const;
    static std::expected<WorkspaceData, Error> fromJson(const QJsonObject &o);

    // The three steps in order; each refuses (with the reason) when the one before is not done.
    std::expected<void, Error> create(const QString &name);
    std::expected<void, Error> attachQuota(const QuotaPool &pool);
    std::expected<void, Error> addMember(const Member &m);
};

Findings checkWorkspace(const WorkspaceData &w);
// Members' shares split the whole quota (100 %, to half a percent) or none of it (all 0).
bool sharesAddUp(double total);

// What the provider says is free, zone by zone (its regions and zones answer, as read on
// connecting): the zone, its region, and card key → free cards (empty when it does not say).
struct ZoneStock
{
    QString region;
    QString zone;
    QMap<QString, int> freeCards;
};
// Gate 2's rule on the provider's answer: a pool whose zone has none of its cards free is a
// dead end for gate 4 (instances open only in the pool's zone). A warning, since stock
// changes; it names the zones that have the card free now. Nothing when the provider does not
// list the pool's zone or says nothing of its stock there.
Findings checkPoolStock(const QuotaPool &pool, const QList<ZoneStock> &stock);

// The gate's two acceptance checks, predicted from the matrix until they run for real.
struct AcceptancePrediction
{
    bool developerSubmitsAndSeesLog = false;
    bool observerRefused = false;
};
AcceptancePrediction predictAcceptance(const PermissionMatrix &m);
// The same, for the team as it is: each check also needs a member with that role to try it
// (after the only observer became an admin, nobody is left whose submit can be refused).
struct TeamAcceptancePrediction : AcceptancePrediction
{
    bool hasDeveloper = false;
    bool hasObserver = false;
};
TeamAcceptancePrediction predictAcceptance(const WorkspaceData &w);

// Members from CSV: header "name,account,role[,projects][,share]", projects separated by ';'.
// Every bad row is reported with its line number and nothing is imported when any is bad.
struct CsvProblem
{
    int line = 0;
    QString message;
};
std::expected<QList<Member>, QList<CsvProblem>> importMembersCsv(const QByteArray &csv);

// Changes since the last reviewed snapshot.
struct ReviewDiff
{
    QList<Member> added;
    QList<Member> removed;
    QList<std::pair<Member, Member>> roleChanged; // before, after
    // Same role, but a share, the projects or the name changed: what a member may spend or
    // touch, which the team lead signed off as much as the role.
    QList<std::pair<Member, Member>> detailsChanged;         // before, after
    QList<std::tuple<Action, Role, bool>> permissionChanged; // now allowed?
    int size() const
    {
        return int(added.size() + removed.size() + roleChanged.size() + detailsChanged.size() +
                   permissionChanged.size());
    }
    bool isEmpty() const { return size() == 0; }
};
ReviewDiff diffSinceReview(const WorkspaceData &w);

QString matrixCsv(const WorkspaceData &w);
QString matrixMarkdown(const WorkspaceData &w);
QString diffCsv(const ReviewDiff &d);
QString diffMarkdown(const ReviewDiff &d);

} // namespace onramp
