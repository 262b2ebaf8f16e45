#include "DataRoutes.h"

#include "RouteTable.h"
#include "Sandbox.h"
#include "SandboxServer.h"
#include "SigV4.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

namespace onramp {

namespace {

Answer invalid(const QString &message, const QString &field)
{
    return {400, apiError(QStringLiteral("validation_failed"), message, field)};
}

QString uploadKey(const QString &id)
{
    return QStringLiteral("upload/") + id;
}

// Where an upload's bytes gather until it is complete.
QString partPath(Sandbox &sandbox, const QString &id)
{
    return QDir(sandbox.root()).filePath(QStringLiteral("uploads/") + id);
}

// Why an upload cannot be opened as asked; empty when it can.
std::optional<Answer> openingRefusal(const QString &file, qint64 size, qint64 chunk,
                                     const QString &sha)
{
    if (!Sandbox::isInside(file))
        return invalid(QStringLiteral("a relative path inside the data folder"),
                       QStringLiteral("$.path"));
    if (size < 0 || size > 256LL * 1024 * 1024)
        return invalid(QStringLiteral("size from 0 to 256 MiB (small datasets only)"),
                       QStringLiteral("$.size"));
    if (chunk < 1024 || chunk > SandboxServer::kMaxBodyBytes)
        return invalid(
            QStringLiteral("chunkSize from 1 KiB to %1 bytes").arg(SandboxServer::kMaxBodyBytes),
            QStringLiteral("$.chunkSize"));
    if (!QRegularExpression(QStringLiteral("^[0-9a-f]{64}$")).match(sha).hasMatch())
        return invalid(QStringLiteral("sha256 of the whole file, 64 hex digits"),
                       QStringLiteral("$.sha256"));
    return std::nullopt;
}

Answer openUpload(Sandbox &sandbox, const RouteRequest &request)
{
    const QString wsId = request.arg(0);
    const auto ws = sandbox.workspaceFor(wsId, request.who, Action::ReadWriteOwnData);
    if (!ws)
        return ws.error();
    const QJsonObject in = request.json();
    const QString file = in.value("path").toString();
    const qint64 size = in.value("size").toInteger(-1);
    const qint64 chunk = in.value("chunkSize").toInteger(1024 * 1024);
    const QString sha = in.value("sha256").toString();
    if (auto no = openingRefusal(file, size, chunk, sha))
        return *no;
    const QString id = Sandbox::newId();
    const QJsonObject up{
        {"id", id},      {"workspace", wsId},        {"path", QDir::cleanPath(file)},
        {"size", size},  {"chunkSize", chunk},       {"chunks", int((size + chunk - 1) / chunk)},
        {"sha256", sha}, {"received", QJsonArray()}, {"state", "open"}};
    QDir().mkpath(QDir(sandbox.root()).filePath(QStringLiteral("uploads")));
    QFile part(partPath(sandbox, id));
    if (!part.open(QIODevice::WriteOnly) || !part.resize(size))
        return {503, apiError(QStringLiteral("unavailable"),
                              QStringLiteral("cannot reserve %1 bytes").arg(size))};
    sandbox.store().store(uploadKey(id), up);
    return {201, up};
}

// The upload the caller may touch; with `open`, one still taking chunks. Else the answer
// that says why not.
std::expected<QJsonObject, Answer> upload(Sandbox &sandbox, const RouteRequest &request, bool open)
{
    const QJsonObject up = sandbox.store().load(uploadKey(request.arg(0)));
    if (up.isEmpty())
        return std::unexpected(
            Answer{404, apiError(QStringLiteral("not_found"), QStringLiteral("no such upload"))});
    const QJsonObject ws =
        sandbox.store().load(QStringLiteral("ws/") + up.value("workspace").toString());
    if (auto no = sandbox.refusal(ws, request.who, Action::ReadWriteOwnData))
        return std::unexpected(*no);
    if (open && up.value("state").toString() != QLatin1String("open"))
        return std::unexpected(Answer{
            409, apiError(QStringLiteral("conflict"), QStringLiteral("upload already complete"))});
    return up;
}

// Which chunks arrived: resume from there.
Answer getUpload(Sandbox &sandbox, const RouteRequest &request)
{
    const auto up = upload(sandbox, request, false);
    if (!up)
        return up.error();
    return {200, *up};
}

Answer putChunk(Sandbox &sandbox, const RouteRequest &request)
{
    auto up = upload(sandbox, request, true);
    if (!up)
        return up.error();
    const int n = request.arg(1).toInt();
    const qint64 chunk = up->value("chunkSize").toInteger();
    const qint64 size = up->value("size").toInteger();
    if (n >= up->value("chunks").toInt())
        return invalid(QStringLiteral("chunk %1 of %2").arg(n).arg(up->value("chunks").toInt()),
                       QStringLiteral("chunk"));
    const QByteArray body = request.http.body();
    const qint64 expected = std::min(chunk, size - n * chunk);
    if (body.size() != expected)
        return invalid(QStringLiteral("chunk %1 must be %2 bytes, got %3")
                           .arg(n)
                           .arg(expected)
                           .arg(body.size()),
                       QStringLiteral("body"));
    if (request.http.value("X-Chunk-Sha256") != sha256Hex(body))
        return invalid(QStringLiteral("chunk %1 checksum does not match: send it again").arg(n),
                       QStringLiteral("X-Chunk-Sha256"));
    QFile part(partPath(sandbox, request.arg(0)));
    if (!part.open(QIODevice::ReadWrite) || !part.seek(n * chunk) ||
        part.write(body) != body.size())
        return {503, apiError(QStringLiteral("unavailable"),
                              QStringLiteral("cannot write chunk %1").arg(n))};
    QJsonArray received = up->value("received").toArray();
    if (!received.contains(n))
        received.append(n);
    (*up)["received"] = received;
    sandbox.store().store(uploadKey(request.arg(0)), *up);
    return {200, *up};
}

// Checks the whole file and places it in the workspace's data folder.
Answer complete(Sandbox &sandbox, const RouteRequest &request)
{
    auto up = upload(sandbox, request, true);
    if (!up)
        return up.error();
    if (up->value("received").toArray().size() != up->value("chunks").toInt())
        return {409, apiError(QStringLiteral("conflict"),
                              QStringLiteral("%1 of %2 chunks received")
                                  .arg(up->value("received").toArray().size())
                                  .arg(up->value("chunks").toInt()))};
    const QString from = partPath(sandbox, request.arg(0));
    QFile part(from);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!part.open(QIODevice::ReadOnly) || !hash.addData(&part))
        return {503, apiError(QStringLiteral("unavailable"),
                              QStringLiteral("cannot read the upload back"))};
    part.close();
    if (hash.result().toHex() != up->value("sha256").toString().toLatin1())
        return invalid(QStringLiteral("the file's checksum does not match sha256"),
                       QStringLiteral("$.sha256"));
    // The data folder is read-only for jobs; the sandbox opens it for the moment it places
    // the file.
    const QString wsId = up->value("workspace").toString();
    const QString dataDir = sandbox.dataDir(wsId);
    const QString target = QDir(dataDir).filePath(up->value("path").toString());
    const auto ro = Sandbox::kDataFolderMode;
    QDir().mkpath(dataDir);
    QFile::setPermissions(dataDir, ro | QFileDevice::WriteOwner);
    QDir().mkpath(QFileInfo(target).path());
    // Placed in the folder in fact: a symlinked folder on the way (planted where jobs are not
    // confined, sandbox/README.md) would have the sandbox write the file wherever it leads.
    const QString inside = QFileInfo(dataDir).canonicalFilePath();
    const QString parent = QFileInfo(QFileInfo(target).path()).canonicalFilePath();
    if (inside.isEmpty() || (parent != inside && !parent.startsWith(inside + u'/'))) {
        QFile::setPermissions(dataDir, ro);
        return invalid(QStringLiteral("a path inside the data folder (it leads out of it)"),
                       QStringLiteral("$.path"));
    }
    QFile::remove(target);
    const bool placed = QFile::rename(from, target);
    QFile::setPermissions(dataDir, ro);
    if (!placed)
        return {503, apiError(QStringLiteral("unavailable"),
                              QStringLiteral("cannot place %1").arg(target))};
    (*up)["state"] = "complete";
    sandbox.store().store(uploadKey(request.arg(0)), *up);
    sandbox.store().audit(wsId, request.who, QStringLiteral("data.upload"),
                          up->value("path").toString());
    return {200, *up};
}

// A file's entry as the data listing shows it.
QJsonObject fileStat(const QString &dataDir, const QFileInfo &f)
{
    return QJsonObject{{"path", QDir(dataDir).relativeFilePath(f.filePath())},
                       {"size", f.size()},
                       {"directory", f.isDir()},
                       {"modified", f.lastModified().toUTC().toString(Qt::ISODate)}};
}

// One file's entry and, when a length is asked for, a byte range of it: for checking a
// sample against the original.
Answer readFile(const QString &dataDir, const QString &rel, const QFileInfo &target,
                const QUrlQuery &query)
{
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
        return invalid(QStringLiteral("offset is a whole number from 0"), QStringLiteral("offset"));
    if (!length || *length < 0 || *length > 1024 * 1024)
        return invalid(QStringLiteral("length is a whole number up to 1 MiB"),
                       QStringLiteral("length"));
    QJsonObject o = fileStat(dataDir, target);
    if (*length == 0)
        return {200, o};
    // One that starts at or past the end cannot be served (HTTP's 416).
    if (*offset >= target.size()) {
        QJsonObject e = apiError(QStringLiteral("validation_failed"),
                                 QStringLiteral("offset %1 is past the end of %2 (%3 bytes)")
                                     .arg(*offset)
                                     .arg(rel)
                                     .arg(target.size()),
                                 QStringLiteral("offset"));
        e["size"] = target.size();
        return {416, e};
    }
    QFile f(target.filePath());
    if (!f.open(QIODevice::ReadOnly) || !f.seek(*offset))
        return {503,
                apiError(QStringLiteral("unavailable"), QStringLiteral("cannot read %1").arg(rel))};
    const QByteArray bytes = f.read(*length);
    o["offset"] = *offset;
    o["base64"] = QString::fromLatin1(bytes.toBase64());
    o["sha256"] = QString::fromLatin1(sha256Hex(bytes));
    return {200, o};
}

// A file (its entry, or a byte range of it) or a folder's listing.
Answer readData(Sandbox &sandbox, const RouteRequest &request)
{
    const QString wsId = request.arg(0);
    const auto ws = sandbox.workspaceFor(wsId, request.who, Action::ReadWriteOwnData);
    if (!ws)
        return ws.error();
    const QUrlQuery query = request.query();
    const QString dataDir = sandbox.dataDir(wsId);
    const QString rel = query.queryItemValue(QStringLiteral("path"), QUrl::FullyDecoded);
    if (!rel.isEmpty() && !Sandbox::isInside(rel))
        return invalid(QStringLiteral("a relative path inside the data folder"),
                       QStringLiteral("path"));
    const QFileInfo target(rel.isEmpty() ? dataDir : QDir(dataDir).filePath(rel));
    // Only what is in the folder in fact: a symlink in it that leads out (planted where jobs
    // are not confined, sandbox/README.md) is no data of this workspace.
    const QString inside = QFileInfo(dataDir).canonicalFilePath();
    const QString real = target.canonicalFilePath();
    if (!target.exists() || inside.isEmpty() || (real != inside && !real.startsWith(inside + u'/')))
        return {404,
                apiError(QStringLiteral("not_found"), QStringLiteral("no such data: %1").arg(rel))};
    if (target.isFile())
        return readFile(dataDir, rel, target, query);
    QJsonArray files;
    QDirIterator it(target.filePath(), QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext() && files.size() < 10000) {
        it.next();
        if (!it.fileInfo().isSymLink()) // its size and time would be those of its target
            files.append(fileStat(dataDir, it.fileInfo()));
    }
    return {200, QJsonObject{{"path", rel}, {"files", files}}};
}

} // namespace

void addDataRoutes(RouteTable &table)
{
    table.add(HttpMethod::Post, QStringLiteral("/v1/workspaces/{ws}/uploads"), openUpload);
    table.add(HttpMethod::Get, QStringLiteral("/v1/uploads/{id}"), getUpload);
    table.add(HttpMethod::Put, QStringLiteral("/v1/uploads/{id}/chunks/{index}"), putChunk);
    table.add(HttpMethod::Post, QStringLiteral("/v1/uploads/{id}:complete"), complete);
    table.add(HttpMethod::Get, QStringLiteral("/v1/workspaces/{ws}/data"), readData);
}

} // namespace onramp
