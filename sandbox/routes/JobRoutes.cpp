#include "JobRoutes.h"

#include "LogTail.h"
#include "ProbeEvents.h"
#include "ProviderClient.h"
#include "RouteTable.h"
#include "RunSpec.h"
#include "Sandbox.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>

#include <cmath>
#include <limits>

namespace onramp {

namespace {

const QStringList kProbeModes = {QStringLiteral("fingerprint"), QStringLiteral("environment"),
                                 QStringLiteral("data"),        QStringLiteral("checkpoint"),
                                 QStringLiteral("metrics"),     QStringLiteral("first-run")};

QString jobKey(const QString &id)
{
    return QStringLiteral("job/") + id;
}

constexpr int kMaxInstancesPerJob = 1024;
constexpr qsizetype kMaxListedFiles = 10000;

// The jobs running on `instanceId` (other than `self`) that hold cards the job needs: it waits
// while the cards they hold and its own exceed the instance's. A job holding none never waits.
QJsonObject jobAheadOn(Sandbox &sandbox, const QString &instanceId, const QJsonObject &self)
{
    const int wanted = self.value("cards").toInt();
    if (wanted <= 0)
        return {};
    const int total =
        sandbox.store().load(QStringLiteral("instance/") + instanceId).value("cards").toInt();
    int held = 0;
    QJsonObject first;
    for (const QJsonObject &j : sandbox.store().loadAll(QStringLiteral("job/")))
        if (j.value("instanceId").toString() == instanceId && j.value("id") != self.value("id") &&
            sandbox.jobs().isRunning(j.value("id").toString()) && j.value("cards").toInt() > 0) {
            held += j.value("cards").toInt();
            if (first.isEmpty())
                first = j;
        }
    return held + wanted > total ? first : QJsonObject{};
}

// A queued job starts when quota, stock and its instance allow; until then its reason says which
// one it waits for (the guides' "queued forever": quota, stock and permission look alike from
// outside), and, when the sandbox knows it, when it is expected to start: a job waiting for its
// instance starts at the latest when the job ahead reaches its time limit.
void refreshQueued(Sandbox &sandbox, QJsonObject &job)
{
    if (job.value("state").toString() != QLatin1String("queued"))
        return;
    // Said afresh on every look: only what holds now.
    job.remove(QStringLiteral("expectedStart"));
    job.remove(QStringLiteral("expectedStartBasis"));
    const QString wsId = job.value("workspace").toString();
    const QJsonObject ws = sandbox.store().load(QStringLiteral("ws/") + wsId);
    double used = 0;
    for (const QJsonObject &j : sandbox.store().loadAll(QStringLiteral("job/")))
        if (j.value("workspace").toString() == wsId)
            used += j.value("cardHours").toDouble();
    const double granted = ws.value("quotaCardHours").toDouble();
    QJsonObject reason;
    if (!ws.value("quotaAttached").toBool() || used >= granted) {
        reason = {{"kind", "quota"},
                  {"code", "QuotaExhausted"},
                  {"message", QStringLiteral("workspace %1 has used %2 of %3 card-hours")
                                  .arg(wsId)
                                  .arg(used, 0, 'f', 2)
                                  .arg(granted, 0, 'f', 2)}};
    } else if (!job.contains("instanceId")) {
        const QString card = job.value("card").toString();
        const QString zone = ws.value("zone").toString();
        const int free = sandbox.stock().value(zone).toObject().value(card).toInt();
        if (free < job.value("cards").toInt())
            reason = {{"kind", "stock"},
                      {"code", "Resources"},
                      {"message", QStringLiteral("%1 has %2 free %3 cards, %4 needed")
                                      .arg(zone)
                                      .arg(free)
                                      .arg(card)
                                      .arg(job.value("cards").toInt())}};
    }
    if (const QString instanceId = job.value("instanceId").toString();
        reason.isEmpty() && !instanceId.isEmpty()) {
        if (const QJsonObject ahead = jobAheadOn(sandbox, instanceId, job);
            !ahead.isEmpty()) {
            reason = {{"kind", "priority"},
                      {"code", "InstanceBusy"},
                      {"message", QStringLiteral("instance %1 runs job %2 (%3); this job starts "
                                                 "when it ends")
                                      .arg(instanceId, ahead.value("id").toString(),
                                           ahead.value("name").toString())}};
            const QDateTime started =
                QDateTime::fromString(ahead.value("startedAt").toString(), Qt::ISODateWithMs);
            const double limit = ahead.value("timeLimitMinutes").toDouble();
            if (started.isValid() && limit > 0) {
                job["expectedStart"] = started.addMSecs(qint64(limit * 60000))
                                           .toUTC()
                                           .toString(Qt::ISODateWithMs);
                job["expectedStartBasis"] = "queue";
            }
        }
    }
    if (reason.isEmpty()) {
        sandbox.jobs().start(job);
        return;
    }
    job["reason"] = reason;
    sandbox.store().store(jobKey(job.value("id").toString()), job);
}

// Why the submitted job cannot be what it asks for; empty when it can.
std::optional<Answer> launchRefusal(const QJsonObject &in)
{
    const QJsonObject launch = in.value("launch").toObject();
    const QString mode = launch.value("mode").toString(QStringLiteral("builtin"));
    const QString entry = launch.value("entry").toString();
    const auto invalid = [](const QString &message, const QString &field) {
        return Answer{400, apiError(QStringLiteral("validation_failed"), message, field)};
    };
    if (mode != QLatin1String("builtin") && mode != QLatin1String("file"))
        return invalid(QStringLiteral("builtin or file"), QStringLiteral("$.launch.mode"));
    if (mode == QLatin1String("builtin") && !kProbeModes.contains(entry))
        return invalid(QStringLiteral("one of %1").arg(kProbeModes.join(u' ')),
                       QStringLiteral("$.launch.entry"));
    if (mode == QLatin1String("file") && !Sandbox::isInside(entry))
        return invalid(QStringLiteral("a script path inside the instance"),
                       QStringLiteral("$.launch.entry"));
    // A job may name the data it expects; the sandbox has one dataset per workspace.
    if (const QString data = in.value("dataPath").toString();
        !data.isEmpty() && data != QLatin1String(Sandbox::kDataPath))
        return Answer{404, apiError(QStringLiteral("not_found"),
                                    QStringLiteral("no data at %1: this sandbox's workspace data "
                                                   "is %2")
                                        .arg(data, QString::fromLatin1(Sandbox::kDataPath)),
                                    QStringLiteral("$.dataPath"))};
    // Parameters become environment variables: a name is never a caller's free text.
    const QJsonObject parameters = in.value("parameters").toObject();
    for (auto it = parameters.begin(); it != parameters.end(); ++it)
        if (!isParameterKey(it.key()) ||
            !(it.value().isString() || it.value().isDouble() || it.value().isBool()))
            return invalid(QStringLiteral("a parameter is a name of letters, digits and "
                                          "underscores (a letter first, at most 64) with "
                                          "a string, number or boolean value"),
                           QStringLiteral("$.parameters.") + it.key());
    if (const QJsonValue limit = in.value("timeLimitMinutes");
        !limit.isUndefined() && !(limit.isDouble() && limit.toDouble() > 0 &&
                                  limit.toDouble() <= 7 * 24 * 60))
        return invalid(QStringLiteral("minutes, more than 0 and at most 7 days"),
                       QStringLiteral("$.timeLimitMinutes"));
    // How many instances of the type: a whole number, and few enough that their cards are a
    // number too (8 × 2^28 wrapped around to none or fewer, and the job ran on no quota).
    if (const QJsonValue count = in.value("count");
        !count.isUndefined() &&
        !(count.isDouble() && count.toDouble() == std::floor(count.toDouble()) &&
          count.toDouble() >= 1 && count.toDouble() <= kMaxInstancesPerJob))
        return invalid(
            QStringLiteral("a whole number of instances from 1 to %1").arg(kMaxInstancesPerJob),
            QStringLiteral("$.count"));
    const QJsonArray args = launch.value("args").toArray();
    for (qsizetype i = 0; i < args.size(); ++i)
        if (!args[i].isString())
            return invalid(QStringLiteral("arguments are strings"),
                           QStringLiteral("$.launch.args[%1]").arg(i));
    return std::nullopt;
}

// The smallest shape offered for checks (gate 2's light job runs before gate 4 chose an
// instance): one card, the least memory, of a card the workspace's zone has free; else the
// smallest of all (the job then waits for stock, and says so).
QString checkShape(Sandbox &sandbox, const QString &wsId)
{
    const QString zone =
        sandbox.store().load(QStringLiteral("ws/") + wsId).value("zone").toString();
    const QJsonObject free = sandbox.stock().value(zone).toObject();
    const InstanceType *best = nullptr, *bestFree = nullptr;
    const auto smaller = [](const InstanceType &a, const InstanceType *b) {
        return !b || std::pair(a.cards, a.memoryGiB) < std::pair(b->cards, b->memoryGiB);
    };
    for (const InstanceType &t : sandbox.catalog().instances()) {
        if (smaller(t, best))
            best = &t;
        if (free.value(t.card).toInt() >= t.cards && smaller(t, bestFree))
            bestFree = &t;
    }
    return bestFree ? bestFree->key : best ? best->key : QString();
}

// Puts the job on the instance it names, or on a fresh one of the type it names: its cards and
// folders. Else the answer that says why not.
std::optional<Answer> place(Sandbox &sandbox, QJsonObject &job, const QJsonObject &in)
{
    const QString wsId = job.value("workspace").toString();
    if (const QString instanceId = in.value("instanceId").toString(); !instanceId.isEmpty()) {
        const QJsonObject inst = sandbox.store().load(QStringLiteral("instance/") + instanceId);
        if (inst.isEmpty() || inst.value("workspace").toString() != wsId)
            return Answer{404,
                          apiError(QStringLiteral("not_found"),
                                   QStringLiteral("no instance %1 in %2").arg(instanceId, wsId),
                                   QStringLiteral("$.instanceId"))};
        if (inst.value("state").toString() != QLatin1String("running"))
            return Answer{409, apiError(QStringLiteral("conflict"),
                                        QStringLiteral("instance %1 is %2")
                                            .arg(instanceId, inst.value("state").toString()),
                                        QStringLiteral("$.instanceId"))};
        // The cards it holds: all of the instance's unless it asks for fewer (a check that needs
        // no card runs beside a job that holds them all).
        const int cards = inst.value("cards").toInt();
        const QJsonValue asked = in.value("cards");
        if (!asked.isUndefined() &&
            (!asked.isDouble() || asked.toDouble() != std::floor(asked.toDouble()) ||
             asked.toDouble() < 0 || asked.toDouble() > cards))
            return Answer{400, apiError(QStringLiteral("validation_failed"),
                                        QStringLiteral("a whole number from 0 to %1, the "
                                                       "instance's cards")
                                            .arg(cards),
                                        QStringLiteral("$.cards"))};
        job["instanceId"] = instanceId;
        job["card"] = inst.value("card");
        job["cards"] = asked.isUndefined() ? cards : asked.toInt();
        job["paths"] = inst.value("paths");
        return std::nullopt;
    }
    const bool check = in.value("shape").toString() == QLatin1String("check");
    const QString type = check ? checkShape(sandbox, wsId) : in.value("instanceType").toString();
    const InstanceType *inst = sandbox.instanceType(type);
    if (!inst)
        return Answer{400, apiError(QStringLiteral("validation_failed"),
                                    QStringLiteral("give instanceId, a known instanceType, or "
                                                   "shape \"check\""),
                                    QStringLiteral("$.instanceType"))};
    if (check)
        job["shape"] = QStringLiteral("check");
    const int count = std::max(1, in.value("count").toInt(1));
    job["instanceType"] = type;
    job["card"] = inst->card;
    job["cards"] = inst->cards * count;
    const QDir home(
        QDir(sandbox.root())
            .filePath(QStringLiteral("jobs/%1/instance").arg(job.value("id").toString())));
    home.mkpath(QStringLiteral("output"));
    home.mkpath(QStringLiteral("scratch"));
    const QString dataDir = sandbox.dataDir(wsId);
    QDir().mkpath(dataDir);
    QFile::setPermissions(dataDir, Sandbox::kDataFolderMode);
    job["paths"] = QJsonObject{{"data", dataDir},
                               {"output", home.filePath("output")},
                               {"scratch", home.filePath("scratch")}};
    return std::nullopt;
}

Answer submit(Sandbox &sandbox, const RouteRequest &request)
{
    const QString wsId = request.arg(0), who = request.who;
    const auto ws = sandbox.workspaceFor(wsId, who, Action::SubmitJobs);
    if (!ws)
        return ws.error();
    if (who.isEmpty())
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("say which member submits the job "
                                             "(X-Onramp-Member)"),
                              QStringLiteral("X-Onramp-Member"))};
    const QJsonObject in = request.json();
    if (auto no = launchRefusal(in))
        return *no;
    const QJsonObject launch = in.value("launch").toObject();
    const QString id = Sandbox::newId();
    QJsonObject job{
        {"id", id},
        {"workspace", wsId},
        {"member", who},
        {"topic", in.value("topic").toString()},
        {"name", in.value("name").toString(QStringLiteral("job"))},
        {"image", in.value("image").toString()},
        {"launch", QJsonObject{{"mode", launch.value("mode").toString(QStringLiteral("builtin"))},
                               {"entry", launch.value("entry").toString()},
                               {"args", launch.value("args").toArray()}}},
        {"parameters", in.value("parameters").toObject()},
        {"submittedAt", Sandbox::now()},
        {"state", "queued"}};
    if (in.contains("timeLimitMinutes"))
        job["timeLimitMinutes"] = in.value("timeLimitMinutes").toDouble();
    if (auto no = place(sandbox, job, in))
        return *no;
    QDir().mkpath(QDir(sandbox.root()).filePath(QStringLiteral("jobs/") + id));
    sandbox.store().store(jobKey(id), job);
    sandbox.store().audit(wsId, who, QStringLiteral("job.submit"), id);
    refreshQueued(sandbox, job);
    return {201, job};
}

Answer list(Sandbox &sandbox, const RouteRequest &request)
{
    const QString wsId = request.arg(0);
    const auto ws = sandbox.workspaceFor(wsId, request.who, Action::ViewJobStatus);
    if (!ws)
        return ws.error();
    return {200, QJsonObject{{"jobs", sandbox.recordsIn(wsId, QStringLiteral("job"))}}};
}

// The job the caller may act on this way, or the answer that says why not. Members' own jobs
// and others' can need different permissions.
std::expected<QJsonObject, Answer> jobFor(Sandbox &sandbox, const RouteRequest &request,
                                          Action onOwn, Action onOthers)
{
    const QJsonObject job = sandbox.store().load(jobKey(request.arg(0)));
    if (job.isEmpty())
        return std::unexpected(
            Answer{404, apiError(QStringLiteral("not_found"), QStringLiteral("no such job"))});
    const bool own = job.value("member").toString() == request.who;
    const QJsonObject ws =
        sandbox.store().load(QStringLiteral("ws/") + job.value("workspace").toString());
    if (auto no = sandbox.refusal(ws, request.who, own ? onOwn : onOthers))
        return std::unexpected(*no);
    return job;
}

QString logPath(Sandbox &sandbox, const QString &jobId)
{
    return QDir(sandbox.root()).filePath(QStringLiteral("jobs/%1/log").arg(jobId));
}

Answer get(Sandbox &sandbox, const RouteRequest &request)
{
    auto job = jobFor(sandbox, request, Action::ViewJobStatus, Action::ViewJobStatus);
    if (!job)
        return job.error();
    refreshQueued(sandbox, *job);
    return {200, *job};
}

// A whole-number query parameter from `low` to `high`; `absent` when it is not given. Anything
// else is refused naming the parameter, never read as 0 ("offset=abc" is no offset).
std::expected<qint64, Answer> queryNumber(const RouteRequest &request, const QString &name,
                                          qint64 low, qint64 high, qint64 absent)
{
    const QUrlQuery query = request.query();
    if (!query.hasQueryItem(name))
        return absent;
    bool ok = false;
    const qint64 v = query.queryItemValue(name).toLongLong(&ok);
    if (!ok || v < low || v > high)
        return std::unexpected(Answer{
            400, apiError(QStringLiteral("validation_failed"),
                          QStringLiteral("expected a whole number from %1 to %2").arg(low).arg(high),
                          QStringLiteral("?") + name)});
    return v;
}

Answer logs(Sandbox &sandbox, const RouteRequest &request)
{
    const auto job = jobFor(sandbox, request, Action::ViewOwnLogs, Action::ViewAllLogs);
    if (!job)
        return job.error();
    const auto offset = queryNumber(request, QStringLiteral("offset"), 0,
                                    std::numeric_limits<qint64>::max(), 0);
    if (!offset)
        return offset.error();
    const auto limit = queryNumber(request, QStringLiteral("limit"), 1, 1024 * 1024, 64 * 1024);
    if (!limit)
        return limit.error();
    QJsonObject slice = readLogSlice(logPath(sandbox, request.arg(0)), *offset, *limit);
    slice["eof"] = isFinalJobState(job->value("state").toString()) &&
                   slice.value("nextOffset").toInteger() >= slice.value("size").toInteger();
    return {200, slice};
}

Answer metrics(Sandbox &sandbox, const RouteRequest &request)
{
    const auto job = jobFor(sandbox, request, Action::ViewJobStatus, Action::ViewJobStatus);
    if (!job)
        return job.error();
    const auto since = queryNumber(request, QStringLiteral("since"), 0,
                                   std::numeric_limits<qint64>::max(), 0);
    if (!since)
        return since.error();
    // Metrics are numbers read from the log. Anything else a step line carries is log text,
    // which only the logs' own permissions may show.
    QJsonArray points;
    for (const QJsonValue &v : readStepEvents(logPath(sandbox, request.arg(0)), *since)) {
        const QJsonObject e = v.toObject();
        QJsonObject point{{"event", e.value("event")}};
        if (kProbeModes.contains(e.value("check").toString()))
            point["check"] = e.value("check");
        for (auto it = e.begin(); it != e.end(); ++it)
            if (it.value().isDouble())
                point[it.key()] = it.value();
        points.append(point);
    }
    return {200, QJsonObject{{"points", points}}};
}

Answer checkpoints(Sandbox &sandbox, const RouteRequest &request)
{
    const auto job = jobFor(sandbox, request, Action::ViewJobStatus, Action::ViewJobStatus);
    if (!job)
        return job.error();
    QJsonArray list;
    const QDir dir(QDir(job->value("paths").toObject().value("output").toString())
                       .filePath(QStringLiteral("checkpoints")));
    // The folder is the job's: what it holds is the job's word. A symlink is listed as nothing
    // (its size and time would be those of any file the sandbox can see), and a folder of a
    // million files is listed up to a bound.
    QDirIterator it(dir.path(), QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext() && list.size() < kMaxListedFiles) {
        const QFileInfo f(it.next());
        if (f.isSymLink() || !f.isFile())
            continue;
        list.append(QJsonObject{{"name", dir.relativeFilePath(f.filePath())},
                                {"size", f.size()},
                                {"modified", f.lastModified().toUTC().toString(Qt::ISODate)}});
    }
    return {200, QJsonObject{{"checkpoints", list}}};
}

// Interrupting or cancelling someone else's job is managing the workspace.
Answer stop(Sandbox &sandbox, const RouteRequest &request, const QString &verb)
{
    auto job = jobFor(sandbox, request, Action::SubmitJobs, Action::ManageMembers);
    if (!job)
        return job.error();
    const QString id = request.arg(0);
    const QString state = job->value("state").toString();
    if (isFinalJobState(state))
        return {200, *job}; // already over: nothing to do, and saying so is fine
    if (verb == QLatin1String("interrupt")) {
        if (!sandbox.jobs().isRunning(id))
            return {409, apiError(QStringLiteral("conflict"),
                                  QStringLiteral("the job is %1, not running").arg(state))};
        sandbox.jobs().interrupt(id);
        (*job)["state"] = "interrupting";
    } else {
        (*job)["state"] = "cancelled";
        (*job)["finishedAt"] = Sandbox::now();
        sandbox.jobs().kill(id);
    }
    (*job)["requestedBy"] = request.who;
    sandbox.store().store(jobKey(id), *job);
    sandbox.store().audit(job->value("workspace").toString(), request.who,
                          QStringLiteral("job.") + verb, id);
    return {200, *job};
}

Answer interrupt(Sandbox &sandbox, const RouteRequest &request)
{
    return stop(sandbox, request, QStringLiteral("interrupt"));
}

Answer cancel(Sandbox &sandbox, const RouteRequest &request)
{
    return stop(sandbox, request, QStringLiteral("cancel"));
}

} // namespace

void addJobRoutes(RouteTable &table)
{
    table.add(HttpMethod::Post, QStringLiteral("/v1/workspaces/{ws}/jobs"), submit);
    table.add(HttpMethod::Get, QStringLiteral("/v1/workspaces/{ws}/jobs"), list);
    table.add(HttpMethod::Get, QStringLiteral("/v1/jobs/{id}"), get);
    table.add(HttpMethod::Get, QStringLiteral("/v1/jobs/{id}/logs"), logs);
    table.add(HttpMethod::Get, QStringLiteral("/v1/jobs/{id}/metrics"), metrics);
    table.add(HttpMethod::Get, QStringLiteral("/v1/jobs/{id}/checkpoints"), checkpoints);
    table.add(HttpMethod::Post, QStringLiteral("/v1/jobs/{id}:interrupt"), interrupt);
    table.add(HttpMethod::Post, QStringLiteral("/v1/jobs/{id}:cancel"), cancel);
}

} // namespace onramp
