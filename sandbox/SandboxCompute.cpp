// The compute half of the sandbox: instances are working folders, jobs are real child processes
// (onramp-probe by default) with their log, metrics and checkpoints on disk, and small datasets
// arrive in checksummed chunks.
#include "ProviderClient.h"
#include "ProbeEvents.h"
#include "ResourcePlan.h"
#include "RunSpec.h"
#include "SandboxServer.h"

#include "Catalogs.h"
#include "LogTail.h"
#include "SigV4.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrlQuery>
#include <QUuid>

#include <csignal>
#include <grp.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/stat.h>

#include <utility>
#include <unistd.h>

namespace onramp {

namespace {

using Answer = std::pair<int, QJsonObject>;

QString newId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString now()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

const InstanceType *instanceType(const QString &key)
{
    for (const InstanceType &t : builtinInstances())
        if (t.key == key)
            return &t;
    return nullptr;
}

// A relative path that stays inside its folder.
bool safeRelative(const QString &p)
{
    if (p.isEmpty() || QDir::isAbsolutePath(p))
        return false;
    const QString clean = QDir::cleanPath(p);
    return !clean.startsWith(QLatin1String("..")) && clean != QLatin1String(".");
}

// Where jobs find the workspace's data, as a run spec names it: every sandbox workspace has one
// dataset, seeded with the same sample (and whatever was uploaded).
constexpr const char *kSandboxDataPath = "/mnt/data/sample";

// What a job sees of the host: a short allow-list (the search path and the locale), never
// anything else. The sandbox's own credentials and the host's tokens (AWS_*, HF_TOKEN,
// ONRAMP_SECRET_ACCESS_KEY, …) would otherwise land in logs that other members may read. The
// ONRAMP_* values a job needs are set for it afterwards.
QProcessEnvironment jobEnvironment(const QProcessEnvironment &host, const QString &home)
{
    static const QStringList allowed = {QStringLiteral("PATH"), QStringLiteral("LANG"),
                                        QStringLiteral("LANGUAGE"), QStringLiteral("TZ"),
                                        QStringLiteral("TERM")};
    QProcessEnvironment env;
    for (const QString &name : host.keys()) {
        if (allowed.contains(name) || name.startsWith(QLatin1String("LC_")))
            env.insert(name, host.value(name));
    }
    if (!env.contains(QStringLiteral("PATH")))
        env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
    // Not the host user's home: ~/.aws and the like stay out of reach of a job's defaults.
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("TMPDIR"), home);
    return env;
}

// Who jobs run as when the sandbox runs as root: nobody, so that the read-only data folder is
// read-only in fact (root ignores permission bits). Empty when the sandbox is not root.
struct JobUser
{
    uid_t uid;
    gid_t gid;
};
std::optional<JobUser> jobUser()
{
    if (::geteuid() != 0)
        return std::nullopt;
    // Looked up here, in the parent: getpwnam is not safe between fork and exec.
    if (const passwd *pw = ::getpwnam("nobody"))
        return JobUser{pw->pw_uid, pw->pw_gid};
    return JobUser{65534, 65534};
}

// Whether an unprivileged user can walk down to `path` (every folder above it searchable by
// others). The sandbox never opens up folders above its own root (a home folder, a private
// temporary folder): where they are closed, jobs cannot run as nobody there.
bool othersCanReach(const QString &path)
{
    QString dir = QFileInfo(QDir::cleanPath(path)).path();
    while (!dir.isEmpty()) {
        struct stat st = {};
        if (::stat(QFile::encodeName(dir).constData(), &st) != 0 || !(st.st_mode & S_IXOTH))
            return false;
        if (dir == QLatin1String("/"))
            break;
        dir = QFileInfo(dir).path();
    }
    return true;
}

// Lets `user` reach `path` through every folder from `root` down (search permission only),
// so a job dropped to nobody can open its own folders but list nothing else.
void letTraverse(const QString &root, const QString &path)
{
    QString dir = QDir::cleanPath(path);
    const QString top = QDir::cleanPath(root);
    while (dir.startsWith(top) && dir.size() >= top.size()) {
        // chmod itself: QFile::permissions() has the *User bits of root (all set), which
        // setPermissions() would write back as owner bits, making the data folder writable.
        const QByteArray name = QFile::encodeName(dir);
        struct stat st = {};
        if (::stat(name.constData(), &st) == 0 && !(st.st_mode & S_IXOTH))
            ::chmod(name.constData(), (st.st_mode & 07777) | S_IXOTH);
        if (dir == top)
            break;
        dir = QFileInfo(dir).path();
    }
}

// The data folder as jobs see it: readable by all (jobs may run as nobody), writable by none.
constexpr QFileDevice::Permissions kDataFolderMode =
    QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup |
    QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther;

const QStringList kProbeModes = {QStringLiteral("fingerprint"), QStringLiteral("environment"),
                                 QStringLiteral("data"),        QStringLiteral("checkpoint"),
                                 QStringLiteral("metrics"),     QStringLiteral("first-run")};

} // namespace

QString SandboxServer::probeProgram() const
{
    if (!m_probe.isEmpty())
        return m_probe;
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate : {here.filePath(QStringLiteral("onramp-probe")),
                                     here.filePath(QStringLiteral("../probe/onramp-probe"))}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return QStandardPaths::findExecutable(QStringLiteral("onramp-probe"));
}

std::optional<std::pair<int, QJsonObject>>
SandboxServer::dispatchCompute(const QHttpServerRequest &request, const QString &path)
{
    const auto method = request.method();
    const QString who = QString::fromUtf8(request.value("X-Onramp-Member"));
    const QUrlQuery query(request.url());
    const auto notFound = [](const QString &what) {
        return Answer{404, apiError(QStringLiteral("not_found"), what)};
    };
    // Empty when `who` may do `action` in workspace `wsId`.
    const auto refuse = [&](const QString &wsId, Action action) {
        return refusal(load(QStringLiteral("ws/") + wsId), who, action);
    };

    static const QRegularExpression wsSub(
        QStringLiteral(R"(^/v1/workspaces/([A-Za-z0-9_.-]+)/(instances|jobs|uploads|data)$)"));
    if (const auto m = wsSub.match(path); m.hasMatch()) {
        const QString wsId = m.captured(1), sub = m.captured(2);
        QJsonObject ws = load(QStringLiteral("ws/") + wsId);
        if (ws.isEmpty())
            return notFound(QStringLiteral("no workspace %1").arg(wsId));
        const QJsonObject in = QJsonDocument::fromJson(request.body()).object();
        const QString dataDir =
            QDir(m_root).filePath(QStringLiteral("workspaces/%1/data").arg(wsId));

        if (sub == QLatin1String("instances") && method == QHttpServerRequest::Method::Post) {
            if (auto no = refuse(wsId, Action::SubmitJobs))
                return *no;
            const QString type = in.value("instanceType").toString();
            const QString zone = in.value("zone").toString();
            const InstanceType *inst = instanceType(type);
            if (!inst)
                return Answer{400, apiError(QStringLiteral("validation_failed"),
                                            QStringLiteral("unknown instance type %1").arg(type),
                                            QStringLiteral("$.instanceType"))};
            if (!ws.value("quotaAttached").toBool())
                return Answer{409, apiError(QStringLiteral("quota_exceeded"),
                                            QStringLiteral("workspace %1 has no quota").arg(wsId))};
            if (zone != ws.value("zone").toString()) {
                QJsonObject e = apiError(
                    QStringLiteral("zone_mismatch"),
                    QStringLiteral("quota is in %1, not %2").arg(ws.value("zone").toString(), zone),
                    QStringLiteral("$.zone"));
                e["quotaZone"] = ws.value("zone").toString();
                return Answer{409, e};
            }
            // The image, by catalog key or as name:version, and its identity as this provider
            // knows it: the sandbox's images are records, so its digest is the SHA-256 of the
            // record (what a registry's digest is of a manifest).
            QJsonObject image;
            if (const QString ref = in.value("image").toString(); !ref.isEmpty()) {
                for (const TrainingImage &i : builtinImages()) {
                    if (i.key == ref || i.name + u':' + i.version == ref) {
                        QJsonObject record = i.toJson();
                        record.remove(QStringLiteral("digest"));
                        image = {{"key", i.key},
                                 {"name", i.name},
                                 {"version", i.version},
                                 {"digest", QStringLiteral("sha256:") +
                                                QString::fromLatin1(
                                                    QCryptographicHash::hash(
                                                        QJsonDocument(record).toJson(
                                                            QJsonDocument::Compact),
                                                        QCryptographicHash::Sha256)
                                                        .toHex())}};
                    }
                }
                if (image.isEmpty())
                    return Answer{400, apiError(QStringLiteral("validation_failed"),
                                                QStringLiteral("no image %1 at this provider (a "
                                                               "catalog key or name:version)")
                                                    .arg(ref),
                                                QStringLiteral("$.image"))};
            }
            QJsonObject st = stock();
            QJsonObject inZone = st.value(zone).toObject();
            const int free = inZone.value(inst->card).toInt();
            if (free < inst->cards) {
                // Say where the same cards are free.
                QJsonArray elsewhere;
                for (auto it = st.begin(); it != st.end(); ++it)
                    if (it.value().toObject().value(inst->card).toInt() >= inst->cards)
                        elsewhere.append(it.key());
                QJsonObject e = apiError(QStringLiteral("out_of_stock"),
                                         QStringLiteral("%1 has %2 free %3 cards, %4 needed")
                                             .arg(zone)
                                             .arg(free)
                                             .arg(inst->card)
                                             .arg(inst->cards),
                                         QStringLiteral("$.instanceType"));
                e["availableIn"] = elsewhere;
                return Answer{409, e};
            }
            inZone[inst->card] = free - inst->cards;
            st[zone] = inZone;
            store(QStringLiteral("stock"), st);
            // The instance: data (the workspace's, read-only), output and scratch.
            const QString id = newId();
            const QDir home(QDir(m_root).filePath(QStringLiteral("instances/") + id));
            home.mkpath(QStringLiteral("output"));
            home.mkpath(QStringLiteral("scratch"));
            QDir().mkpath(dataDir);
            QFile::link(dataDir, home.filePath(QStringLiteral("data")));
            QFile::setPermissions(dataDir, kDataFolderMode);
            const QJsonObject instance{
                {"id", id},
                {"state", "running"},
                {"workspace", wsId},
                {"zone", zone},
                {"instanceType", type},
                {"card", inst->card},
                {"cards", inst->cards},
                {"createdAt", now()},
                {"createdBy", who},
                {"image", image},
                {"dataPath", QString::fromLatin1(kSandboxDataPath)},
                {"paths", QJsonObject{{"data", home.filePath("data")},
                                      {"output", home.filePath("output")},
                                      {"scratch", home.filePath("scratch")}}}};
            store(QStringLiteral("instance/") + id, instance);
            audit(wsId, who, QStringLiteral("instance.create"), id + u' ' + type);
            return Answer{201, instance};
        }
        if (sub == QLatin1String("instances") && method == QHttpServerRequest::Method::Get) {
            if (auto no = refuse(wsId, Action::ViewJobStatus))
                return *no;
            QJsonArray list;
            for (const QJsonObject &i : loadAll(QStringLiteral("instance/")))
                if (i.value("workspace").toString() == wsId)
                    list.append(i);
            return Answer{200, QJsonObject{{"instances", list}}};
        }
        if (sub == QLatin1String("jobs") && method == QHttpServerRequest::Method::Post) {
            if (auto no = refuse(wsId, Action::SubmitJobs))
                return *no;
            if (who.isEmpty())
                return Answer{400, apiError(QStringLiteral("validation_failed"),
                                            QStringLiteral("say which member submits the job "
                                                           "(X-Onramp-Member)"),
                                            QStringLiteral("X-Onramp-Member"))};
            return submitJob(wsId, who, in);
        }
        if (sub == QLatin1String("jobs") && method == QHttpServerRequest::Method::Get) {
            if (auto no = refuse(wsId, Action::ViewJobStatus))
                return *no;
            QJsonArray list;
            for (QJsonObject j : loadAll(QStringLiteral("job/")))
                if (j.value("workspace").toString() == wsId)
                    list.append(j);
            return Answer{200, QJsonObject{{"jobs", list}}};
        }
        if (sub == QLatin1String("uploads") && method == QHttpServerRequest::Method::Post) {
            if (auto no = refuse(wsId, Action::ReadWriteOwnData))
                return *no;
            const QString file = in.value("path").toString();
            const qint64 size = in.value("size").toInteger(-1);
            const qint64 chunk = in.value("chunkSize").toInteger(1024 * 1024);
            const QString sha = in.value("sha256").toString();
            if (!safeRelative(file))
                return Answer{400, apiError(QStringLiteral("validation_failed"),
                                            QStringLiteral("a relative path inside the data "
                                                           "folder"),
                                            QStringLiteral("$.path"))};
            if (size < 0 || size > 256LL * 1024 * 1024)
                return Answer{400, apiError(QStringLiteral("validation_failed"),
                                            QStringLiteral("size from 0 to 256 MiB (small "
                                                           "datasets only)"),
                                            QStringLiteral("$.size"))};
            if (chunk < 1024 || chunk > kMaxBodyBytes)
                return Answer{
                    400,
                    apiError(QStringLiteral("validation_failed"),
                             QStringLiteral("chunkSize from 1 KiB to %1 bytes").arg(kMaxBodyBytes),
                             QStringLiteral("$.chunkSize"))};
            if (!QRegularExpression(QStringLiteral("^[0-9a-f]{64}$")).match(sha).hasMatch())
                return Answer{400, apiError(QStringLiteral("validation_failed"),
                                            QStringLiteral("sha256 of the whole file, 64 hex "
                                                           "digits"),
                                            QStringLiteral("$.sha256"))};
            const QString id = newId();
            const QJsonObject up{{"id", id},
                                 {"workspace", wsId},
                                 {"path", QDir::cleanPath(file)},
                                 {"size", size},
                                 {"chunkSize", chunk},
                                 {"chunks", int((size + chunk - 1) / chunk)},
                                 {"sha256", sha},
                                 {"received", QJsonArray()},
                                 {"state", "open"}};
            QDir().mkpath(QDir(m_root).filePath(QStringLiteral("uploads")));
            QFile part(QDir(m_root).filePath(QStringLiteral("uploads/") + id));
            if (!part.open(QIODevice::WriteOnly) || !part.resize(size))
                return Answer{503, apiError(QStringLiteral("unavailable"),
                                            QStringLiteral("cannot reserve %1 bytes").arg(size))};
            store(QStringLiteral("upload/") + id, up);
            return Answer{201, up};
        }
        if (sub == QLatin1String("data") && method == QHttpServerRequest::Method::Get) {
            if (auto no = refuse(wsId, Action::ReadWriteOwnData))
                return *no;
            const QString rel = query.queryItemValue(QStringLiteral("path"), QUrl::FullyDecoded);
            if (!rel.isEmpty() && !safeRelative(rel))
                return Answer{400,
                              apiError(QStringLiteral("validation_failed"),
                                       QStringLiteral("a relative path inside the data folder"),
                                       QStringLiteral("path"))};
            const QFileInfo target(rel.isEmpty() ? dataDir : QDir(dataDir).filePath(rel));
            if (!target.exists())
                return notFound(QStringLiteral("no such data: %1").arg(rel));
            const auto stat = [&](const QFileInfo &f) {
                return QJsonObject{{"path", QDir(dataDir).relativeFilePath(f.filePath())},
                                   {"size", f.size()},
                                   {"directory", f.isDir()},
                                   {"modified", f.lastModified().toUTC().toString(Qt::ISODate)}};
            };
            if (target.isFile()) {
                // Whole numbers or absent; "abc" is refused, not read as 0.
                const auto number = [&](const QString &name) -> std::optional<qint64> {
                    if (!query.hasQueryItem(name))
                        return 0;
                    bool ok = false;
                    const qint64 v = query.queryItemValue(name).toLongLong(&ok);
                    return ok ? std::optional<qint64>(v) : std::nullopt;
                };
                const std::optional<qint64> offset = number(QStringLiteral("offset"));
                const std::optional<qint64> length = number(QStringLiteral("length"));
                if (!offset || *offset < 0)
                    return Answer{400, apiError(QStringLiteral("validation_failed"),
                                                QStringLiteral("offset is a whole number from 0"),
                                                QStringLiteral("offset"))};
                if (!length || *length < 0 || *length > 1024 * 1024)
                    return Answer{400, apiError(QStringLiteral("validation_failed"),
                                                QStringLiteral("length is a whole number up to "
                                                               "1 MiB"),
                                                QStringLiteral("length"))};
                QJsonObject o = stat(target);
                if (*length > 0) {
                    // A byte range, for checking a sample against the original. One that
                    // starts at or past the end cannot be served (HTTP's 416).
                    if (*offset >= target.size()) {
                        QJsonObject e = apiError(QStringLiteral("validation_failed"),
                                                 QStringLiteral("offset %1 is past the end of "
                                                                "%2 (%3 bytes)")
                                                     .arg(*offset)
                                                     .arg(rel)
                                                     .arg(target.size()),
                                                 QStringLiteral("offset"));
                        e["size"] = target.size();
                        return Answer{416, e};
                    }
                    QFile f(target.filePath());
                    if (!f.open(QIODevice::ReadOnly) || !f.seek(*offset))
                        return Answer{503, apiError(QStringLiteral("unavailable"),
                                                    QStringLiteral("cannot read %1").arg(rel))};
                    const QByteArray bytes = f.read(*length);
                    o["offset"] = *offset;
                    o["base64"] = QString::fromLatin1(bytes.toBase64());
                    o["sha256"] = QString::fromLatin1(sha256Hex(bytes));
                }
                return Answer{200, o};
            }
            QJsonArray files;
            QDirIterator it(target.filePath(), QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot);
            while (it.hasNext() && files.size() < 10000) {
                it.next();
                files.append(stat(it.fileInfo()));
            }
            return Answer{200, QJsonObject{{"path", rel}, {"files", files}}};
        }
        return std::nullopt;
    }

    static const QRegularExpression uploadPath(
        QStringLiteral(R"(^/v1/uploads/([0-9a-f-]{36})(?:/chunks/(\d{1,6})|(:complete))?$)"));
    if (const auto m = uploadPath.match(path); m.hasMatch()) {
        QJsonObject up = load(QStringLiteral("upload/") + m.captured(1));
        if (up.isEmpty())
            return notFound(QStringLiteral("no such upload"));
        const QString wsId = up.value("workspace").toString();
        if (auto no = refuse(wsId, Action::ReadWriteOwnData))
            return *no;
        const QString partPath = QDir(m_root).filePath(QStringLiteral("uploads/") + m.captured(1));
        if (m.captured(2).isEmpty() && m.captured(3).isEmpty() &&
            method == QHttpServerRequest::Method::Get)
            return Answer{200, up}; // which chunks arrived: resume from there
        if (up.value("state").toString() != QLatin1String("open"))
            return Answer{409, apiError(QStringLiteral("conflict"),
                                        QStringLiteral("upload already complete"))};
        if (!m.captured(2).isEmpty() && method == QHttpServerRequest::Method::Put) {
            const int n = m.captured(2).toInt();
            const qint64 chunk = up.value("chunkSize").toInteger();
            const qint64 size = up.value("size").toInteger();
            if (n >= up.value("chunks").toInt())
                return Answer{
                    400,
                    apiError(
                        QStringLiteral("validation_failed"),
                        QStringLiteral("chunk %1 of %2").arg(n).arg(up.value("chunks").toInt()),
                        QStringLiteral("chunk"))};
            const QByteArray body = request.body();
            const qint64 expected = std::min(chunk, size - n * chunk);
            if (body.size() != expected)
                return Answer{400, apiError(QStringLiteral("validation_failed"),
                                            QStringLiteral("chunk %1 must be %2 bytes, got %3")
                                                .arg(n)
                                                .arg(expected)
                                                .arg(body.size()),
                                            QStringLiteral("body"))};
            if (request.value("X-Chunk-Sha256") != sha256Hex(body))
                return Answer{400, apiError(QStringLiteral("validation_failed"),
                                            QStringLiteral("chunk %1 checksum does not match: "
                                                           "send it again")
                                                .arg(n),
                                            QStringLiteral("X-Chunk-Sha256"))};
            QFile part(partPath);
            if (!part.open(QIODevice::ReadWrite) || !part.seek(n * chunk) ||
                part.write(body) != body.size())
                return Answer{503, apiError(QStringLiteral("unavailable"),
                                            QStringLiteral("cannot write chunk %1").arg(n))};
            QJsonArray received = up.value("received").toArray();
            if (!received.contains(n))
                received.append(n);
            up["received"] = received;
            store(QStringLiteral("upload/") + m.captured(1), up);
            return Answer{200, up};
        }
        if (!m.captured(3).isEmpty() && method == QHttpServerRequest::Method::Post) {
            if (up.value("received").toArray().size() != up.value("chunks").toInt())
                return Answer{409, apiError(QStringLiteral("conflict"),
                                            QStringLiteral("%1 of %2 chunks received")
                                                .arg(up.value("received").toArray().size())
                                                .arg(up.value("chunks").toInt()))};
            QFile part(partPath);
            QCryptographicHash hash(QCryptographicHash::Sha256);
            if (!part.open(QIODevice::ReadOnly) || !hash.addData(&part))
                return Answer{503, apiError(QStringLiteral("unavailable"),
                                            QStringLiteral("cannot read the upload back"))};
            part.close();
            if (hash.result().toHex() != up.value("sha256").toString().toLatin1())
                return Answer{400, apiError(QStringLiteral("validation_failed"),
                                            QStringLiteral("the file's checksum does not match "
                                                           "sha256"),
                                            QStringLiteral("$.sha256"))};
            // The data folder is read-only for jobs; the sandbox opens it for the moment it
            // places the file.
            const QString dataDir =
                QDir(m_root).filePath(QStringLiteral("workspaces/%1/data").arg(wsId));
            const QString target = QDir(dataDir).filePath(up.value("path").toString());
            const auto ro = kDataFolderMode;
            QDir().mkpath(dataDir);
            QFile::setPermissions(dataDir, ro | QFileDevice::WriteOwner);
            QDir().mkpath(QFileInfo(target).path());
            QFile::remove(target);
            const bool placed = QFile::rename(partPath, target);
            QFile::setPermissions(dataDir, ro);
            if (!placed)
                return Answer{503, apiError(QStringLiteral("unavailable"),
                                            QStringLiteral("cannot place %1").arg(target))};
            up["state"] = "complete";
            store(QStringLiteral("upload/") + m.captured(1), up);
            audit(wsId, who, QStringLiteral("data.upload"), up.value("path").toString());
            return Answer{200, up};
        }
        return std::nullopt;
    }

    static const QRegularExpression instancePath(
        QStringLiteral(R"(^/v1/instances/([0-9a-f-]{36})$)"));
    if (const auto m = instancePath.match(path); m.hasMatch()) {
        QJsonObject inst = load(QStringLiteral("instance/") + m.captured(1));
        if (inst.isEmpty())
            return notFound(QStringLiteral("no such instance"));
        const QString wsId = inst.value("workspace").toString();
        if (method == QHttpServerRequest::Method::Get) {
            if (auto no = refuse(wsId, Action::ViewJobStatus))
                return *no;
            return Answer{200, inst};
        }
        if (method == QHttpServerRequest::Method::Delete) {
            if (auto no = refuse(wsId, Action::ReleaseInstances))
                return *no;
            if (inst.value("state").toString() == QLatin1String("released"))
                return Answer{200, inst}; // releasing twice is fine
            for (QJsonObject job : loadAll(QStringLiteral("job/"))) {
                if (job.value("instanceId").toString() == inst.value("id").toString() &&
                    m_processes.contains(job.value("id").toString()))
                    m_processes.value(job.value("id").toString())->kill();
            }
            QJsonObject st = stock();
            QJsonObject zone = st.value(inst.value("zone").toString()).toObject();
            const QString card = inst.value("card").toString();
            zone[card] = zone.value(card).toInt() + inst.value("cards").toInt();
            st[inst.value("zone").toString()] = zone;
            if (!m_faults.stockOut)
                store(QStringLiteral("stock"), st);
            inst["state"] = "released";
            inst["releasedAt"] = now();
            store(QStringLiteral("instance/") + m.captured(1), inst);
            audit(wsId, who, QStringLiteral("instance.release"), m.captured(1));
            return Answer{200, inst};
        }
        return std::nullopt;
    }

    static const QRegularExpression jobPath(QStringLiteral(
        R"(^/v1/jobs/([0-9a-f-]{36})(?:/(logs|metrics|checkpoints)|:(interrupt|cancel))?$)"));
    if (const auto m = jobPath.match(path); m.hasMatch()) {
        const QString id = m.captured(1), sub = m.captured(2), verb = m.captured(3);
        QJsonObject job = load(QStringLiteral("job/") + id);
        if (job.isEmpty())
            return notFound(QStringLiteral("no such job"));
        const QString wsId = job.value("workspace").toString();
        const bool own = job.value("member").toString() == who;
        const QString log = QDir(m_root).filePath(QStringLiteral("jobs/%1/log").arg(id));
        if (sub.isEmpty() && verb.isEmpty() && method == QHttpServerRequest::Method::Get) {
            if (auto no = refuse(wsId, Action::ViewJobStatus))
                return *no;
            refreshQueued(job);
            return Answer{200, job};
        }
        if (sub == QLatin1String("logs") && method == QHttpServerRequest::Method::Get) {
            if (auto no = refuse(wsId, own ? Action::ViewOwnLogs : Action::ViewAllLogs))
                return *no;
            const qint64 offset =
                std::max<qint64>(0, query.queryItemValue(QStringLiteral("offset")).toLongLong());
            qint64 limit = query.queryItemValue(QStringLiteral("limit")).toLongLong();
            if (limit <= 0 || limit > 1024 * 1024)
                limit = 64 * 1024;
            QJsonObject slice = readLogSlice(log, offset, limit);
            slice["eof"] = isFinalJobState(job.value("state").toString()) &&
                           slice.value("nextOffset").toInteger() >= slice.value("size").toInteger();
            return Answer{200, slice};
        }
        if (sub == QLatin1String("metrics") && method == QHttpServerRequest::Method::Get) {
            if (auto no = refuse(wsId, Action::ViewJobStatus))
                return *no;
            const qint64 since = query.queryItemValue(QStringLiteral("since")).toLongLong();
            // Metrics are numbers read from the log. Anything else a step line carries is log
            // text, which only the logs' own permissions may show.
            QJsonArray points;
            for (const QJsonValue &v : readStepEvents(log, since)) {
                const QJsonObject e = v.toObject();
                QJsonObject point{{"event", e.value("event")}};
                if (kProbeModes.contains(e.value("check").toString()))
                    point["check"] = e.value("check");
                for (auto it = e.begin(); it != e.end(); ++it)
                    if (it.value().isDouble())
                        point[it.key()] = it.value();
                points.append(point);
            }
            return Answer{200, QJsonObject{{"points", points}}};
        }
        if (sub == QLatin1String("checkpoints") && method == QHttpServerRequest::Method::Get) {
            if (auto no = refuse(wsId, Action::ViewJobStatus))
                return *no;
            QJsonArray list;
            const QDir dir(QDir(job.value("paths").toObject().value("output").toString())
                               .filePath(QStringLiteral("checkpoints")));
            QDirIterator it(dir.path(), QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QFileInfo f(it.next());
                if (!f.isFile())
                    continue;
                list.append(
                    QJsonObject{{"name", dir.relativeFilePath(f.filePath())},
                                {"size", f.size()},
                                {"modified", f.lastModified().toUTC().toString(Qt::ISODate)}});
            }
            return Answer{200, QJsonObject{{"checkpoints", list}}};
        }
        if (!verb.isEmpty() && method == QHttpServerRequest::Method::Post) {
            if (auto no = refuse(wsId, own ? Action::SubmitJobs : Action::ManageMembers))
                return *no;
            const QString state = job.value("state").toString();
            if (isFinalJobState(state))
                return Answer{200, job}; // already over: nothing to do, and saying so is fine
            QProcess *p = m_processes.value(id);
            if (verb == QLatin1String("interrupt")) {
                // What a preemption does: a signal the job may catch to save and leave.
                if (!p)
                    return Answer{
                        409, apiError(QStringLiteral("conflict"),
                                      QStringLiteral("the job is %1, not running").arg(state))};
                ::kill(pid_t(p->processId()), SIGINT);
                job["state"] = "interrupting";
            } else {
                job["state"] = "cancelled";
                job["finishedAt"] = now();
                if (p)
                    p->kill();
            }
            job["requestedBy"] = who;
            store(QStringLiteral("job/") + id, job);
            audit(wsId, who, QStringLiteral("job.") + verb, id);
            return Answer{200, job};
        }
        return std::nullopt;
    }
    return std::nullopt;
}

std::pair<int, QJsonObject> SandboxServer::submitJob(const QString &wsId, const QString &who,
                                                     const QJsonObject &in)
{
    const QJsonObject launch = in.value("launch").toObject();
    const QString mode = launch.value("mode").toString(QStringLiteral("builtin"));
    const QString entry = launch.value("entry").toString();
    if (mode != QLatin1String("builtin") && mode != QLatin1String("file"))
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("builtin or file"), QStringLiteral("$.launch.mode"))};
    if (mode == QLatin1String("builtin") && !kProbeModes.contains(entry))
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("one of %1").arg(kProbeModes.join(u' ')),
                              QStringLiteral("$.launch.entry"))};
    if (mode == QLatin1String("file") && !safeRelative(entry))
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("a script path inside the instance"),
                              QStringLiteral("$.launch.entry"))};
    // A job may name the data it expects; the sandbox has one dataset per workspace.
    if (const QString data = in.value("dataPath").toString();
        !data.isEmpty() && data != QLatin1String(kSandboxDataPath))
        return {404, apiError(QStringLiteral("not_found"),
                              QStringLiteral("no data at %1: this sandbox's workspace data is %2")
                                  .arg(data, QString::fromLatin1(kSandboxDataPath)),
                              QStringLiteral("$.dataPath"))};
    // Parameters become environment variables: a name is never a caller's free text.
    const QJsonObject parameters = in.value("parameters").toObject();
    for (auto it = parameters.begin(); it != parameters.end(); ++it)
        if (!isParameterKey(it.key()) ||
            !(it.value().isString() || it.value().isDouble() || it.value().isBool()))
            return {400, apiError(QStringLiteral("validation_failed"),
                                  QStringLiteral("a parameter is a name of letters, digits and "
                                                 "underscores (a letter first, at most 64) with "
                                                 "a string, number or boolean value"),
                                  QStringLiteral("$.parameters.") + it.key())};
    const QJsonArray args = launch.value("args").toArray();
    for (qsizetype i = 0; i < args.size(); ++i)
        if (!args[i].isString())
            return {400, apiError(QStringLiteral("validation_failed"),
                                  QStringLiteral("arguments are strings"),
                                  QStringLiteral("$.launch.args[%1]").arg(i))};

    const QString id = newId();
    QJsonObject job{{"id", id},
                    {"workspace", wsId},
                    {"member", who},
                    {"topic", in.value("topic").toString()},
                    {"name", in.value("name").toString(QStringLiteral("job"))},
                    {"image", in.value("image").toString()},
                    {"launch", QJsonObject{{"mode", mode}, {"entry", entry}, {"args", args}}},
                    {"parameters", in.value("parameters").toObject()},
                    {"submittedAt", now()},
                    {"state", "queued"}};
    const QString instanceId = in.value("instanceId").toString();
    if (!instanceId.isEmpty()) {
        const QJsonObject inst = load(QStringLiteral("instance/") + instanceId);
        if (inst.isEmpty() || inst.value("workspace").toString() != wsId)
            return {404, apiError(QStringLiteral("not_found"),
                                  QStringLiteral("no instance %1 in %2").arg(instanceId, wsId),
                                  QStringLiteral("$.instanceId"))};
        if (inst.value("state").toString() != QLatin1String("running"))
            return {409, apiError(QStringLiteral("conflict"),
                                  QStringLiteral("instance %1 is %2")
                                      .arg(instanceId, inst.value("state").toString()),
                                  QStringLiteral("$.instanceId"))};
        job["instanceId"] = instanceId;
        job["card"] = inst.value("card");
        job["cards"] = inst.value("cards").toInt();
        job["paths"] = inst.value("paths");
    } else {
        const QString type = in.value("instanceType").toString();
        const InstanceType *inst = instanceType(type);
        if (!inst)
            return {400, apiError(QStringLiteral("validation_failed"),
                                  QStringLiteral("give instanceId or a known instanceType"),
                                  QStringLiteral("$.instanceType"))};
        const int count = std::max(1, in.value("count").toInt(1));
        job["instanceType"] = type;
        job["card"] = inst->card;
        job["cards"] = inst->cards * count;
        const QDir home(QDir(m_root).filePath(QStringLiteral("jobs/%1/instance").arg(id)));
        home.mkpath(QStringLiteral("output"));
        home.mkpath(QStringLiteral("scratch"));
        const QString dataDir =
            QDir(m_root).filePath(QStringLiteral("workspaces/%1/data").arg(wsId));
        QDir().mkpath(dataDir);
        QFile::setPermissions(dataDir, kDataFolderMode);
        job["paths"] = QJsonObject{{"data", dataDir},
                                   {"output", home.filePath("output")},
                                   {"scratch", home.filePath("scratch")}};
    }
    QDir().mkpath(QDir(m_root).filePath(QStringLiteral("jobs/") + id));
    store(QStringLiteral("job/") + id, job);
    audit(wsId, who, QStringLiteral("job.submit"), id);
    refreshQueued(job);
    return {201, job};
}

void SandboxServer::seedSampleData(const QString &wsId)
{
    const QDir dir(QDir(m_root).filePath(QStringLiteral("workspaces/%1/data").arg(wsId)));
    if (!dir.mkpath(QStringLiteral("sample")))
        return;
    QJsonArray files;
    quint32 x = 2463534242u; // xorshift: the same bytes in every sandbox
    for (int i = 0; i < 16; ++i) {
        QByteArray bytes(256 * 1024, Qt::Uninitialized);
        for (char &c : bytes) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            c = char(x);
        }
        const QString name = QStringLiteral("sample/shard-%1.bin").arg(i, 3, 10, QLatin1Char('0'));
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return;
        files.append(QJsonObject{
            {"path", name},
            {"size", bytes.size()},
            {"sha256", QString::fromLatin1(
                           QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex())}});
    }
    // The first run's training text: the corpus shipped beside the probe (CC0), so that the
    // data manifest a spec records covers what the run learned from.
    if (const QString probe = probeProgram(); !probe.isEmpty()) {
        QFile corpus(QFileInfo(probe).dir().filePath(QStringLiteral("onramp-corpus.txt")));
        if (corpus.open(QIODevice::ReadOnly)) {
            const QByteArray text = corpus.readAll();
            const QString name = QStringLiteral("sample/corpus.txt");
            QFile f(dir.filePath(name));
            if (f.open(QIODevice::WriteOnly) && f.write(text) == text.size())
                files.append(QJsonObject{
                    {"path", name},
                    {"size", text.size()},
                    {"sha256", QString::fromLatin1(
                                   QCryptographicHash::hash(text, QCryptographicHash::Sha256)
                                       .toHex())}});
        }
    }
    QFile manifest(dir.filePath(QStringLiteral("manifest.json")));
    if (manifest.open(QIODevice::WriteOnly))
        manifest.write(QJsonDocument(QJsonObject{{"files", files}}).toJson());
}

// A queued job starts when quota and stock allow; until then its reason says which one is short
// (the guides' "queued forever": quota, stock and permission look alike from outside).
void SandboxServer::refreshQueued(QJsonObject &job)
{
    if (job.value("state").toString() != QLatin1String("queued"))
        return;
    const QString wsId = job.value("workspace").toString();
    const QJsonObject ws = load(QStringLiteral("ws/") + wsId);
    double used = 0;
    for (const QJsonObject &j : loadAll(QStringLiteral("job/")))
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
        const int free = stock().value(zone).toObject().value(card).toInt();
        if (free < job.value("cards").toInt())
            reason = {{"kind", "stock"},
                      {"code", "Resources"},
                      {"message", QStringLiteral("%1 has %2 free %3 cards, %4 needed")
                                      .arg(zone)
                                      .arg(free)
                                      .arg(card)
                                      .arg(job.value("cards").toInt())}};
    }
    if (reason.isEmpty() && !startJob(job))
        reason = job.value("reason").toObject();
    if (!reason.isEmpty()) {
        job["reason"] = reason;
        store(QStringLiteral("job/") + job.value("id").toString(), job);
    }
}

bool SandboxServer::startJob(QJsonObject &job)
{
    const QString id = job.value("id").toString();
    const QJsonObject paths = job.value("paths").toObject();
    const QJsonObject launch = job.value("launch").toObject();
    QStringList args;
    for (const QJsonValue &a : launch.value("args").toArray())
        args << a.toString();
    QString program;
    if (launch.value("mode").toString() == QLatin1String("builtin")) {
        program = probeProgram();
        if (launch.value("entry").toString() != QLatin1String("fingerprint"))
            args.prepend(launch.value("entry").toString());
        if (program.isEmpty()) {
            job["state"] = "failed";
            job["reason"] = QJsonObject{{"kind", "start"},
                                        {"code", "ProbeMissing"},
                                        {"message", "onramp-probe is not installed beside the "
                                                    "sandbox"}};
            store(QStringLiteral("job/") + id, job);
            return true;
        }
    } else {
        program = QStringLiteral("/bin/sh");
        args.prepend(QDir(QFileInfo(paths.value("output").toString()).path())
                         .filePath(launch.value("entry").toString()));
    }
    auto *p = new QProcess(this);
    p->setProgram(program);
    p->setArguments(args);
    p->setWorkingDirectory(paths.value("scratch").toString());
    p->setProcessChannelMode(QProcess::MergedChannels);
    p->setStandardOutputFile(QDir(m_root).filePath(QStringLiteral("jobs/%1/log").arg(id)),
                             QIODevice::Append);
    QProcessEnvironment env =
        jobEnvironment(QProcessEnvironment::systemEnvironment(), paths.value("scratch").toString());
    env.insert(QStringLiteral("ONRAMP_JOB_ID"), id);
    env.insert(QStringLiteral("ONRAMP_DATA_DIR"), paths.value("data").toString());
    // The name the data has at this provider, as a spec records it (the folder is ours).
    env.insert(QStringLiteral("ONRAMP_DATA_PATH"), QString::fromLatin1(kSandboxDataPath));
    env.insert(QStringLiteral("ONRAMP_OUTPUT_DIR"), paths.value("output").toString());
    env.insert(QStringLiteral("ONRAMP_SCRATCH_DIR"), paths.value("scratch").toString());
    // The card's memory: what the probe's working set must fit (the sandbox has no cards).
    if (const auto card = findCard(job.value("card").toString()); card && card->memory.gib > 0)
        env.insert(QStringLiteral("ONRAMP_CARD_MEMORY_MB"),
                   QString::number(card->memory.mib()));
    for (const auto &[name, value] : parameterEnvironment(job.value("parameters").toObject()))
        env.insert(name, value);
    p->setProcessEnvironment(env);
    // As root, jobs run as nobody where nobody can reach the sandbox's folders and its probe;
    // under a closed folder (root's home) they run as root, and the data folder is read-only
    // by its permission bits only (said once in the log).
    std::optional<JobUser> user = jobUser();
    if (user && (!othersCanReach(m_root) || !othersCanReach(probeProgram()))) {
        static bool said = false;
        if (!std::exchange(said, true))
            qWarning("sandbox: jobs run as root: %s is not reachable by an unprivileged user",
                     qPrintable(m_root));
        user.reset();
    }
    if (user) {
        // Its output and scratch folders are the job's; the data folder stays root's, 0555.
        for (const char *key : {"output", "scratch"}) {
            const QByteArray dir = QFile::encodeName(paths.value(QLatin1String(key)).toString());
            if (::chown(dir.constData(), user->uid, user->gid) != 0)
                qWarning("sandbox: cannot hand %s to the job user", dir.constData());
        }
        for (const char *key : {"output", "scratch", "data"})
            letTraverse(m_root, paths.value(QLatin1String(key)).toString());
    }
    // A job ends with the sandbox thread that started it, even when the program hosting it
    // (the wizard) is killed: Linux signals a child when the thread that forked it goes. The
    // signal is set after the drop to nobody, which clears it.
    p->setChildProcessModifier([user] {
        if (user &&
            (::setgroups(0, nullptr) != 0 || ::setgid(user->gid) != 0 || ::setuid(user->uid) != 0))
            ::_exit(126); // never run a job as root by accident
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    });
    const qint64 started = QDateTime::currentMSecsSinceEpoch();
    connect(p, &QProcess::finished, this,
            [this, p, id, started](int code, QProcess::ExitStatus status) {
                m_processes.remove(id);
                p->deleteLater();
                QJsonObject job = load(QStringLiteral("job/") + id);
                const QString was = job.value("state").toString();
                if (was == QLatin1String("interrupting"))
                    job["state"] = "interrupted";
                else if (was != QLatin1String("cancelled"))
                    job["state"] = (status == QProcess::NormalExit && code == 0)
                                       ? QStringLiteral("succeeded")
                                       : QStringLiteral("failed");
                job["exitCode"] = status == QProcess::NormalExit ? code : -1;
                if (!job.contains("finishedAt"))
                    job["finishedAt"] = now();
                // Card-hours used: cards × wall time.
                const double hours = double(QDateTime::currentMSecsSinceEpoch() - started) / 3.6e6;
                job["cardHours"] = hours * job.value("cards").toInt(1);
                store(QStringLiteral("job/") + id, job);
            });
    connect(p, &QProcess::errorOccurred, this, [this, p, id](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        m_processes.remove(id);
        p->deleteLater();
        QJsonObject job = load(QStringLiteral("job/") + id);
        job["state"] = "failed";
        job["exitCode"] = 127;
        job["reason"] = QJsonObject{
            {"kind", "start"}, {"code", "FailedToStart"}, {"message", p->errorString()}};
        job["finishedAt"] = now();
        store(QStringLiteral("job/") + id, job);
    });
    m_processes.insert(id, p);
    job["state"] = "running";
    job["startedAt"] = now();
    job.remove(QStringLiteral("reason"));
    store(QStringLiteral("job/") + id, job);
    p->start();
    return true;
}

} // namespace onramp
