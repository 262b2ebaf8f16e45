#include "SlurmClient.h"

#include "Tr.h"
#include "LogTail.h"
#include "Transport.h"
#include "Triage.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTimer>
#include <QUrlQuery>

namespace onramp {

namespace {

constexpr char kSentinel[] = "zz-onramp-sentinel";

QJsonObject gpuMinutes(qint64 minutes)
{
    return {{"tres",
             QJsonObject{{"group",
                          QJsonObject{{"minutes", QJsonArray{QJsonObject{{"type", "gres"},
                                                                         {"name", "gpu"},
                                                                         {"count", minutes}}}}}}}}};
}

QString isoFromEpoch(const QJsonValue &v)
{
    const qint64 s = v.toInteger();
    return s > 0 ? QDateTime::fromSecsSinceEpoch(s, Qt::UTC).toString(Qt::ISODateWithMs) : QString();
}

} // namespace

qint64 jwtExpiry(const QByteArray &token)
{
    const QList<QByteArray> parts = token.trimmed().split('.');
    if (parts.size() != 3)
        return 0;
    const QByteArray payload = QByteArray::fromBase64(
        parts[1], QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    return QJsonDocument::fromJson(payload).object().value("exp").toInteger();
}

ProviderError slurmError(int httpStatus, const QByteArray &body)
{
    ProviderError e;
    e.httpStatus = httpStatus;
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    QJsonObject first;
    if (doc.isObject()) {
        const QJsonArray errors = doc.object().value("errors").toArray();
        for (const QJsonValue &v : errors) {
            const QJsonObject o = v.toObject();
            // The parser's generic 9001 trails the useful entry.
            if (first.isEmpty() || first.value("error_code").toInt() == 9001)
                first = o;
        }
        if (first.isEmpty())
            first = doc.object();
    } else if (doc.isArray() && !doc.array().isEmpty()) {
        first = doc.array().first().toObject();
    }
    int code = 0;
    for (const char *key : {"error_code", "error_number", "errno"})
        if (first.contains(QLatin1String(key)))
            code = first.value(QLatin1String(key)).toInt();
    const QString text = first.value("description").toString(first.value("error").toString());
    e.details = QStringLiteral("slurm %1: %2 (HTTP %3)")
                    .arg(code)
                    .arg(text.isEmpty() ? QString::fromUtf8(body.left(300)) : text)
                    .arg(httpStatus);
    if (httpStatus == 401 || code == -1 || code == 1007) {
        e.code = ProviderErrorCode::Unauthenticated;
        e.message = Tr::tr("The cluster did not accept the token (expired or for another user). "
                           "Get a new one with scontrol token, then try again.");
    } else if (code == 2050 || code == 2002 || code == 2045) {
        e.code = ProviderErrorCode::Forbidden;
        e.message = Tr::tr("The cluster refused: %1. Ask the account's coordinator for the "
                           "developer role.")
                        .arg(text);
        e.action = QStringLiteral("submit");
    } else if (code == 2014) {
        e.code = ProviderErrorCode::OutOfStock;
        e.message = Tr::tr("The cluster has no node with that many free GPUs: %1. Ask for fewer.")
                        .arg(text);
    } else if (code == 2068) { // ESLURM_NODE_NOT_AVAIL: the only nodes that fit are out
        e.code = ProviderErrorCode::OutOfStock;
        e.message = Tr::tr("The cluster's nodes for this job are down, drained or reserved: %1. "
                           "Ask the cluster's administrators when they come back (sinfo -R "
                           "lists why each is out), or ask for fewer GPUs.")
                        .arg(text);
    } else if (httpStatus == 400 || code == 9001 || code == 2127) {
        e.code = ProviderErrorCode::ValidationFailed;
        e.message = Tr::tr("The cluster could not read the request: %1.").arg(text);
    } else if (httpStatus == 404) {
        e.code = ProviderErrorCode::NotFound;
        e.message = Tr::tr("The cluster has no such record: %1.").arg(text);
    } else {
        e.code = ProviderErrorCode::Unavailable;
        e.message = Tr::tr("The cluster answered with an error: %1. Try again; if it repeats, "
                           "show the details to the cluster's administrator.")
                        .arg(text.isEmpty() ? QStringLiteral("HTTP %1").arg(httpStatus) : text);
    }
    return e;
}

SlurmClient::SlurmClient(Transport *transport, SlurmProfile profile)
    : m_transport(transport), m_profile(std::move(profile))
{
}

namespace {

ProviderError noToken(const QString &user)
{
    ProviderError e;
    e.code = ProviderErrorCode::Unauthenticated;
    e.message = Tr::tr("No token for %1: put %1.jwt in the token folder, or set the command "
                       "that prints one.")
                    .arg(user);
    e.details = QStringLiteral("no token for %1").arg(user); // never the token itself
    return e;
}

QByteArray bareToken(QByteArray t)
{
    t = t.trimmed();
    return t.startsWith("SLURM_JWT=") ? t.mid(10) : t;
}

} // namespace

QByteArray SlurmClient::knownToken(const QString &user)
{
    const QByteArray cached = m_tokens.value(user);
    if (!cached.isEmpty() && jwtExpiry(cached) > QDateTime::currentSecsSinceEpoch() + 60)
        return cached;
    if (m_profile.tokenDir.isEmpty())
        return {};
    QFile f(QDir(m_profile.tokenDir).filePath(user + QStringLiteral(".jwt")));
    const QByteArray fresh = f.open(QIODevice::ReadOnly) ? bareToken(f.readAll()) : QByteArray();
    if (!fresh.isEmpty())
        m_tokens.insert(user, fresh);
    return fresh;
}

void SlurmClient::request(const QString &user, const QByteArray &method, const QString &path,
                          const QJsonObject &body, QObject *context, Done done)
{
    if (const QByteArray t = knownToken(user); !t.isEmpty())
        return send(user, t, method, path, body, context, std::move(done));
    if (m_profile.tokenDir.isEmpty() && !m_profile.tokenCommand.isEmpty()) {
        // `scontrol token …` as a child process; the call goes on when it answers (10 s at most).
        auto *p = new QProcess(context);
        const std::weak_ptr<int> alive = m_alive;
        const auto answered = [this, alive, p, user, method, path, body, context, done] {
            if (p->property("answered").toBool())
                return;
            p->setProperty("answered", true);
            p->deleteLater();
            if (alive.expired())
                return;
            const QByteArray fresh =
                p->exitStatus() == QProcess::NormalExit && p->exitCode() == 0
                    ? bareToken(p->readAllStandardOutput())
                    : QByteArray();
            if (fresh.isEmpty())
                return done(std::unexpected(noToken(user)));
            m_tokens.insert(user, fresh);
            send(user, fresh, method, path, body, context, done);
        };
        QObject::connect(p, &QProcess::finished, context, answered);
        QObject::connect(p, &QProcess::errorOccurred, context, [p, answered](QProcess::ProcessError e) {
            if (e == QProcess::FailedToStart)
                answered();
        });
        QTimer::singleShot(10000, p, [p] { p->kill(); });
        p->start(QStringLiteral("/bin/sh"),
                 {QStringLiteral("-c"), QString(m_profile.tokenCommand).replace(u"%u"_qs, user)});
        return;
    }
    done(std::unexpected(noToken(user)));
}

void SlurmClient::send(const QString &user, const QByteArray &token, const QByteArray &method,
                       const QString &path, const QJsonObject &body, QObject *context, Done done)
{
    HttpCall call;
    call.method = method;
    call.url = QUrl(m_profile.url.toString(QUrl::StripTrailingSlash) + path);
    call.headers = {{"X-SLURM-USER-NAME", user.toUtf8()},
                    {"X-SLURM-USER-TOKEN", token},
                    {"Accept", "application/json"}};
    if (method == "POST") {
        call.headers.append(std::pair<QByteArray, QByteArray>("Content-Type", "application/json"));
        call.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    }
    call.idempotent = method == "GET" || method == "DELETE";
    call.parseJson = true;
    m_transport->send(call, context, [done](const HttpResponse &r) {
        if (r.status == 0) {
            done(std::unexpected(providerErrorFrom(r)));
            return;
        }
        const QJsonDocument &doc = r.json;
        const bool errors = doc.isObject() && !doc.object().value("errors").toArray().isEmpty();
        if (r.status >= 400 || errors || !doc.isObject()) {
            done(std::unexpected(slurmError(r.status, r.body)));
            return;
        }
        done(doc.object());
    });
}

void SlurmClient::chain(const QString &user,
                        QList<std::tuple<QByteArray, QString, QJsonObject>> calls,
                        QObject *context, Done done)
{
    if (calls.isEmpty()) {
        done(QJsonObject{});
        return;
    }
    const auto [method, path, body] = calls.takeFirst();
    request(user, method, path, body, context,
            [this, user, calls, context, done](const ProviderResult &r) {
                if (!r) {
                    done(r);
                    return;
                }
                chain(user, calls, context, done);
            });
}

void SlurmClient::setUpWorkspace(const QString &account, const QList<Member> &members,
                                 double cardHours, QObject *context, Done done)
{
    const QString db = QStringLiteral("/slurmdb/v0.0.38/");
    QJsonArray users, associations, coordinators;
    for (const Member &m : members) {
        users.append(QJsonObject{{"name", m.user}});
        QJsonObject a{{"account", account},
                      {"cluster", m_profile.cluster},
                      {"user", m.user},
                      {"is_default", 1}};
        if (m.role == QLatin1String("observer")) {
            a["qos"] = QJsonArray{"observer"};
            a["default"] = QJsonObject{{"qos", "observer"}};
        }
        associations.append(a);
        if (m.role == QLatin1String("admin"))
            coordinators.append(QJsonObject{
                {"name", m.user}, {"coordinators", QJsonArray{QJsonObject{{"name", account}, {"direct", 1}}}}});
    }
    const auto accountRow = [&](const QString &name, qint64 minutes) {
        return QJsonObject{{"account", name},
                           {"cluster", m_profile.cluster},
                           {"parent_account", "root"},
                           {"user", QJsonValue::Null},
                           {"max", gpuMinutes(minutes)}};
    };
    QList<std::tuple<QByteArray, QString, QJsonObject>> calls = {
        {"POST", db + "accounts",
         {{"accounts", QJsonArray{QJsonObject{{"name", account},
                                              {"description", "Onramp workspace"},
                                              {"organization", "onramp"}},
                                  QJsonObject{{"name", kSentinel},
                                              {"description", "Onramp: keeps quota changes"},
                                              {"organization", "onramp"}}}}}},
        {"POST", db + "associations",
         {{"associations", QJsonArray{accountRow(kSentinel, 0),
                                      accountRow(account, qint64(std::llround(cardHours * 60)))}}}},
        {"POST", db + "qos",
         {{"QOS", QJsonArray{QJsonObject{
                      {"name", "observer"},
                      {"description", "Onramp observer: may read, may not submit"},
                      {"limits", QJsonObject{{"max", QJsonObject{{"jobs", QJsonObject{{"per", QJsonObject{{"user", 0}}}}}}}}}}}}}},
        {"POST", db + "users", {{"users", users}}},
        {"POST", db + "associations", {{"associations", associations}}}};
    if (!coordinators.isEmpty())
        calls.append({"POST", db + "users", {{"users", coordinators}}});
    chain(m_profile.admin, calls, context, done);
}

void SlurmClient::setQuota(const QString &account, qint64 gpuMinutes_, QObject *context, Done done)
{
    const QString path = QStringLiteral("/slurmdb/v0.0.38/associations");
    const auto row = [&](const QString &name, qint64 minutes) {
        return QJsonObject{{"associations",
                            QJsonArray{QJsonObject{{"account", name},
                                                   {"cluster", m_profile.cluster},
                                                   {"parent_account", "root"},
                                                   {"user", QJsonValue::Null},
                                                   {"max", gpuMinutes(minutes)}}}}};
    };
    // The sentinel first: it becomes root's leftmost child, so the real change is not the
    // "same position" move that 22.05 drops without a word.
    chain(m_profile.admin, {{"POST", path, row(kSentinel, 0)}, {"POST", path, row(account, gpuMinutes_)}},
          context, done);
}

void SlurmClient::readQuota(const QString &account, QObject *context, Done done)
{
    request(m_profile.admin, "GET",
            QStringLiteral("/slurmdb/v0.0.38/associations?account=%1").arg(account), {}, context,
            [done, account](const ProviderResult &r) {
                if (!r) {
                    done(r);
                    return;
                }
                for (const QJsonValue &v : r->value("associations").toArray()) {
                    const QJsonObject a = v.toObject();
                    if (a.value("account").toString() != account ||
                        !a.value("user").toString().isEmpty())
                        continue;
                    for (const QJsonValue &t : a.value("max")
                                                    .toObject()
                                                    .value("tres")
                                                    .toObject()
                                                    .value("group")
                                                    .toObject()
                                                    .value("minutes")
                                                    .toArray()) {
                        const QJsonObject o = t.toObject();
                        if (o.value("type").toString() == QLatin1String("gres") &&
                            o.value("name").toString() == QLatin1String("gpu"))
                            return done(QJsonObject{{"gpuMinutes", o.value("count").toInteger()}});
                    }
                    return done(QJsonObject{{"gpuMinutes", QJsonValue::Null}});
                }
                ProviderError e;
                e.code = ProviderErrorCode::NotFound;
                e.message = Tr::tr("The cluster has no account %1.").arg(account);
                e.details = account;
                done(std::unexpected(e));
            });
}

void SlurmClient::stock(const QString &user, QObject *context, Done done)
{
    request(user, "GET", QStringLiteral("/slurm/v0.0.38/nodes"), {}, context,
            [done](const ProviderResult &r) {
                if (!r) {
                    done(r);
                    return;
                }
                const auto gpusIn = [](const QString &tres) {
                    for (const QString &part : tres.split(u','))
                        if (part.startsWith(QLatin1String("gres/gpu=")))
                            return part.mid(9).toInt();
                    return 0;
                };
                QMap<QString, std::pair<int, int>> byPartition; // total, free
                for (const QJsonValue &v : r->value("nodes").toArray()) {
                    const QJsonObject n = v.toObject();
                    const QString state = n.value("state").toString();
                    const int total = gpusIn(n.value("tres").toString());
                    const int used = gpusIn(n.value("tres_used").toString());
                    const bool up = state == QLatin1String("idle") || state == QLatin1String("mixed") ||
                                    state == QLatin1String("allocated");
                    for (const QJsonValue &p : n.value("partitions").toArray()) {
                        auto &[t, f] = byPartition[p.toString()];
                        t += total;
                        f += up ? std::max(0, total - used) : 0;
                    }
                }
                QJsonArray list;
                for (auto it = byPartition.begin(); it != byPartition.end(); ++it)
                    list.append(QJsonObject{{"name", it.key()},
                                            {"gpus", it.value().first},
                                            {"freeGpus", it.value().second}});
                done(QJsonObject{{"partitions", list}});
            });
}

void SlurmClient::submit(const QString &user, const QString &account, const QString &script,
                         const JobShape &shape, QObject *context, Done done)
{
    const QString out = QDir(m_profile.outputDir).filePath(QStringLiteral("%x-%j.out"));
    QJsonObject job{{"name", shape.name},
                    {"account", account},
                    {"partition", shape.partition.isEmpty() ? m_profile.partition : shape.partition},
                    {"time_limit", shape.timeMinutes},
                    {"tasks", 1},
                    {"cpus_per_task", shape.cpus},
                    {"current_working_directory", m_profile.outputDir},
                    {"standard_output", out},
                    {"standard_error", out},
                    // A job Slurm requeues itself (a failed node; JobRequeue) runs again under
                    // the same id and output file: appended, the log keeps the steps before, and
                    // the offsets already read stay valid.
                    {"open_mode", "append"},
                    {"environment", QJsonObject{{"PATH", "/usr/local/bin:/usr/bin:/bin"},
                                                {"LANG", "C.UTF-8"}}}};
    if (shape.gpus > 0)
        job["gres"] = QStringLiteral("gpu:%1").arg(shape.gpus);
    if (!shape.comment.isEmpty())
        job["comment"] = shape.comment;
    if (!shape.dependency.isEmpty())
        job["dependency"] = shape.dependency;
    request(user, "POST", QStringLiteral("/slurm/v0.0.38/job/submit"),
            {{"script", script}, {"job", job}}, context, [done](const ProviderResult &r) {
                if (!r)
                    return done(r);
                done(QJsonObject{{"id", QString::number(r->value("job_id").toInteger())}});
            });
}

QJsonObject SlurmClient::onrampJob(const QJsonObject &j)
{
    const QString s = j.value("job_state").toString();
    QString state = QStringLiteral("failed");
    if (s == QLatin1String("PENDING") || s == QLatin1String("REQUEUED"))
        state = QStringLiteral("queued");
    else if (s == QLatin1String("RUNNING") || s == QLatin1String("CONFIGURING") ||
             s == QLatin1String("COMPLETING"))
        state = QStringLiteral("running");
    else if (s == QLatin1String("COMPLETED"))
        state = QStringLiteral("succeeded");
    else if (s == QLatin1String("CANCELLED"))
        state = QStringLiteral("cancelled");
    QJsonObject o{{"id", QString::number(j.value("job_id").toInteger())},
                  {"name", j.value("name").toString()},
                  {"state", state},
                  {"slurmState", s},
                  {"submittedAt", isoFromEpoch(j.value("submit_time"))},
                  {"comment", j.value("comment").toString()}};
    // Times the cluster ran this job again itself (a failed node, `scontrol requeue`, a
    // preemption in requeue mode), under the same id.
    if (const int restarts = j.value("restart_cnt").toInt(); restarts > 0)
        o["restarts"] = restarts;
    if (state != QLatin1String("queued"))
        o["startedAt"] = isoFromEpoch(j.value("start_time"));
    // A pending job's start_time is the scheduler's expected start (squeue --start's StartTime,
    // the backfill's estimate); 0 while it has none.
    else if (const QString expected = isoFromEpoch(j.value("start_time")); !expected.isEmpty()) {
        o["expectedStart"] = expected;
        o["expectedStartBasis"] = QStringLiteral("scheduler");
    }
    if (state != QLatin1String("queued") && state != QLatin1String("running")) {
        o["finishedAt"] = isoFromEpoch(j.value("end_time"));
        // slurmctld's exit_code is a wait status (130 << 8 for "exited 130"); slurmdbd's an
        // object.
        const QJsonValue exit = j.value("exit_code");
        if (exit.isObject()) {
            o["exitCode"] = exit.toObject().value("return_code").toInt();
        } else {
            const int status = exit.toInt();
            o["exitCode"] = (status & 0x7f) ? 128 + (status & 0x7f) : (status >> 8) & 0xff;
        }
        if (s == QLatin1String("OUT_OF_MEMORY"))
            o["exitCode"] = 137;
    }
    const QString reason = j.value("state_reason").toString();
    if (!reason.isEmpty() && reason != QLatin1String("None"))
        o["reason"] = QJsonObject{{"kind", state == QLatin1String("queued")
                                              ? queueCauseName(queueCauseOf({}, reason))
                                              : QStringLiteral("end")},
                                  {"code", reason},
                                  {"message", j.value("state_description").toString(reason)}};
    // The output file, with the patterns slurmrestd leaves unexpanded.
    QString out = j.value("standard_output").toString();
    out.replace(QLatin1String("%x"), j.value("name").toString())
        .replace(QLatin1String("%j"), QString::number(j.value("job_id").toInteger()))
        .replace(QLatin1String("%u"), j.value("user_name").toString())
        .replace(QLatin1String("%%"), QLatin1String("%"));
    o["output"] = out;
    return o;
}

void SlurmClient::job(const QString &user, const QString &id, QObject *context, Done done)
{
    request(user, "GET", QStringLiteral("/slurm/v0.0.38/job/") + id, {}, context,
            [done](const ProviderResult &r) {
                if (!r)
                    return done(r);
                const QJsonArray jobs = r->value("jobs").toArray();
                if (jobs.isEmpty()) {
                    ProviderError e;
                    e.code = ProviderErrorCode::NotFound;
                    e.message = Tr::tr("The cluster no longer lists this job.");
                    return done(std::unexpected(e));
                }
                done(onrampJob(jobs.first().toObject()));
            });
}

void SlurmClient::cancel(const QString &user, const QString &id, QObject *context, Done done)
{
    request(user, "DELETE", QStringLiteral("/slurm/v0.0.38/job/") + id, {}, context, std::move(done));
}

void SlurmClient::signal(const QString &user, const QString &id, const QString &sig,
                         QObject *context, Done done)
{
    request(user, "DELETE", QStringLiteral("/slurm/v0.0.38/job/%1?signal=%2").arg(id, sig), {},
            context, std::move(done));
}

namespace {

// Makes `user` a coordinator of `account` (an admin's mark), as one call of a chain.
std::tuple<QByteArray, QString, QJsonObject> coordinatorCall(const QString &db,
                                                             const QString &account,
                                                             const QString &user)
{
    return {"POST", db + "users",
            {{"users", QJsonArray{QJsonObject{
                           {"name", user},
                           {"coordinators",
                            QJsonArray{QJsonObject{{"name", account}, {"direct", 1}}}}}}}}};
}

} // namespace

void SlurmClient::addMember(const QString &account, const Member &m, QObject *context, Done done)
{
    const QString db = QStringLiteral("/slurmdb/v0.0.38/");
    QJsonObject a{{"account", account}, {"cluster", m_profile.cluster}, {"user", m.user},
                  {"is_default", 1}};
    if (m.role == QLatin1String("observer")) {
        a["qos"] = QJsonArray{"observer"};
        a["default"] = QJsonObject{{"qos", "observer"}};
    }
    QList<std::tuple<QByteArray, QString, QJsonObject>> calls = {
        {"POST", db + "users", {{"users", QJsonArray{QJsonObject{{"name", m.user}}}}}},
        {"POST", db + "associations", {{"associations", QJsonArray{a}}}}};
    if (m.role == QLatin1String("admin"))
        calls.append(coordinatorCall(db, account, m.user));
    chain(m_profile.admin, calls, context, std::move(done));
}

namespace {

// The association a role gives: an observer's only QOS refuses submission; the others have
// `normal`, the cluster's default (an association added without a QOS inherits it from root).
QJsonObject roleAssociation(const QString &account, const QString &cluster, const QString &user,
                            const QString &role)
{
    const QString qos = role == QLatin1String("observer") ? QStringLiteral("observer")
                                                          : QStringLiteral("normal");
    return {{"account", account},
            {"cluster", cluster},
            {"user", user},
            {"qos", QJsonArray{qos}},
            {"default", QJsonObject{{"qos", qos}}}};
}

} // namespace

void SlurmClient::unlessCoordinator(const QString &account, const QString &user,
                                    QObject *context, std::function<void()> then, Done done)
{
    request(m_profile.admin, "GET", QStringLiteral("/slurmdb/v0.0.38/account/") + account, {},
            context, [account, user, then = std::move(then), done](const ProviderResult &r) {
                if (!r)
                    return done(r);
                for (const QJsonValue &a : r->value("accounts").toArray()) {
                    if (a["name"].toString() != account)
                        continue;
                    for (const QJsonValue &c : a["coordinators"].toArray()) {
                        if (c["name"].toString() != user)
                            continue;
                        ProviderError e;
                        e.code = ProviderErrorCode::Conflict;
                        e.message =
                            Tr::tr("The cluster cannot take the coordinator role from %1 "
                                   "through slurmrestd. Ask the cluster's administrator to run "
                                   "“sacctmgr remove coordinator account=%2 names=%1”, then set "
                                   "the workspace up again.")
                                .arg(user, account);
                        e.details = QStringLiteral("%1 coordinates account %2; slurmrestd 22.05 "
                                                   "(dbv0.0.38) has no coordinator removal")
                                        .arg(user, account);
                        return done(std::unexpected(e));
                    }
                }
                then();
            });
}

void SlurmClient::changeMember(const QString &account, const Member &m, QObject *context,
                               Done done)
{
    const QString db = QStringLiteral("/slurmdb/v0.0.38/");
    // An existing association is modified in place (its QOS list and default replaced).
    QList<std::tuple<QByteArray, QString, QJsonObject>> calls = {
        {"POST", db + "associations",
         {{"associations",
           QJsonArray{roleAssociation(account, m_profile.cluster, m.user, m.role)}}}}};
    if (m.role == QLatin1String("admin")) {
        calls.append(coordinatorCall(db, account, m.user));
        chain(m_profile.admin, calls, context, std::move(done));
        return;
    }
    unlessCoordinator(
        account, m.user, context,
        [this, calls, context, done] { chain(m_profile.admin, calls, context, done); }, done);
}

void SlurmClient::removeMember(const QString &account, const QString &user, QObject *context,
                               Done done)
{
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("account"), account);
    q.addQueryItem(QStringLiteral("user"), user);
    q.addQueryItem(QStringLiteral("cluster"), m_profile.cluster);
    const QString path = QStringLiteral("/slurmdb/v0.0.38/association?") +
                         q.toString(QUrl::FullyEncoded);
    unlessCoordinator(
        account, user, context,
        [this, path, context, done] { request(m_profile.admin, "DELETE", path, {}, context, done); },
        done);
}

void SlurmClient::usage(const QString &account, const QDateTime &since, QObject *context, Done done)
{
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("account"), account);
    // ':' must be escaped: slurmrestd answers 400 to a bare one.
    q.addQueryItem(QStringLiteral("start_time"),
                   QString::fromLatin1(QUrl::toPercentEncoding(
                       since.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")))));
    request(m_profile.admin, "GET",
            QStringLiteral("/slurmdb/v0.0.38/jobs?") + q.toString(QUrl::FullyEncoded), {}, context,
            [done](const ProviderResult &r) {
                // slurmdbd answers a query with no jobs as error 9003 "Nothing found": none used.
                if (!r && r.error().details.startsWith(QLatin1String("slurm 9003")))
                    return done(QJsonObject{{"gpuMinutes", 0}, {"jobs", 0}});
                if (!r)
                    return done(r);
                double minutes = 0;
                int count = 0;
                for (const QJsonValue &v : r->value("jobs").toArray()) {
                    const QJsonObject j = v.toObject();
                    int gpus = 0;
                    for (const QJsonValue &t :
                         j.value("tres").toObject().value("allocated").toArray()) {
                        const QJsonObject o = t.toObject();
                        if (o.value("type").toString() == QLatin1String("gres") &&
                            o.value("name").toString() == QLatin1String("gpu"))
                            gpus += o.value("count").toInt();
                    }
                    minutes += j.value("time").toObject().value("elapsed").toDouble() * gpus / 60.0;
                    ++count;
                }
                done(QJsonObject{{"gpuMinutes", minutes}, {"jobs", count}});
            });
}

ProviderResult SlurmClient::readLog(const QJsonObject &job, qint64 offset, qint64 limit) const
{
    return readLogSlice(job.value("output").toString(), offset, limit);
}

} // namespace onramp
