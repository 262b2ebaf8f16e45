#include "DatasetUpload.h"

#include "Clock.h"
#include "Tr.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QPointer>
#include <QThread>

namespace onramp {

namespace {
constexpr qint64 kChunk = 1024 * 1024;
constexpr qint64 kMaxFile = 256LL * 1024 * 1024; // the API's limit: small datasets only
} // namespace

void DatasetUpload::uploadDataset(const QString &folder, Done done)
{
    if (!begin(done))
        return;
    QFileInfo info(folder);
    if (!info.isDir()) {
        finish(std::unexpected(localError(Tr::tr("%1 is not a folder.").arg(folder))));
        return;
    }
    if (m_state.provider.uploadFolder != info.absoluteFilePath()) {
        // Another folder: a new upload.
        m_state.provider.uploadFolder = info.absoluteFilePath();
        m_state.provider.uploadIds.clear();
        m_state.provider.uploaded.clear();
        changed();
    }
    progress(Tr::tr("Computing the files' checksums…"));
    // Hashing reads every byte: off this thread, then back here with the list.
    const QString root = info.absoluteFilePath();
    const quint64 started = generation();
    // The steps live as long as the session, their context.
    QPointer<QObject> context(this->context());
    QThread *worker = QThread::create([this, context, root, started] {
        Files files;
        QString problem;
        QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            if (f.size() > kMaxFile) {
                problem = Tr::tr("%1 is larger than 256 MiB: upload small datasets here and mount "
                                 "large ones at the provider.")
                              .arg(QDir(root).relativeFilePath(path));
                break;
            }
            QCryptographicHash h(QCryptographicHash::Sha256);
            if (!f.open(QIODevice::ReadOnly) || !h.addData(&f)) {
                problem = Tr::tr("Cannot read %1: %2").arg(path, f.errorString());
                break;
            }
            files.append({QDir(root).relativeFilePath(path), f.size(), h.result().toHex()});
        }
        std::sort(files.begin(), files.end());
        if (!context)
            return;
        QMetaObject::invokeMethod(context.data(), [this, context, files, problem, started] {
            if (!context || started != generation())
                return; // gone or cancelled meanwhile
            if (!problem.isEmpty()) {
                finish(std::unexpected(localError(problem)));
                return;
            }
            uploadNext(files);
        });
    });
    QObject::connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void DatasetUpload::uploadNext(Files files)
{
    while (!files.isEmpty() && m_state.provider.uploaded.contains(std::get<0>(files.first())))
        files.removeFirst();
    if (files.isEmpty()) {
        GateRecord &g = m_state.gate(GateId::Resources);
        g.updatedAt = clock::nowUtc();
        progress(Tr::tr("%n file(s) uploaded.", nullptr, int(m_state.provider.uploaded.size())));
        changed();
        finish({});
        return;
    }
    const auto [rel, size, sha] = files.first();
    const QString member = jobMember();
    const QString known = m_state.provider.uploadIds.value(rel);
    const auto chunksOf = [size](const QJsonObject &up) {
        QList<int> missing;
        QSet<int> have;
        for (const QJsonValue &v : up.value("received").toArray())
            have.insert(v.toInt());
        const int count = int((size + kChunk - 1) / kChunk);
        for (int i = 0; i < count; ++i)
            if (!have.contains(i))
                missing << i;
        return missing;
    };
    if (!known.isEmpty()) {
        // Resume: ask which chunks arrived.
        call({},
             [known](Provider &p, const CallContext &c, Provider::Answer a) {
                 return p.readUpload(c, known, std::move(a));
             },
             [this, rel, known, files, chunksOf](const QJsonObject &up) {
                 uploadChunks(rel, known, chunksOf(up), files.mid(1));
             },
             member);
        return;
    }
    call(QStringLiteral("upload.open/") + rel,
         [ws = m_state.workspace.workspaceName,
          file = QJsonObject{{"path", rel},
                             {"size", size},
                             {"chunkSize", kChunk},
                             {"sha256", QString::fromLatin1(sha)}}](
             Provider &p, const CallContext &c, Provider::Answer a) {
             return p.startUpload(c, ws, file, std::move(a));
         },
         [this, rel, files, chunksOf](const QJsonObject &up) {
             m_state.provider.uploadIds.insert(rel, up.value("id").toString());
             changed();
             uploadChunks(rel, up.value("id").toString(), chunksOf(up), files.mid(1));
         },
         member);
}

void DatasetUpload::uploadChunks(const QString &rel, const QString &id, QList<int> missing,
                                 Files rest)
{
    const QString member = jobMember();
    if (missing.isEmpty()) {
        call({},
             [id](Provider &p, const CallContext &c, Provider::Answer a) {
                 return p.completeUpload(c, id, std::move(a));
             },
             [this, rel, rest](const QJsonObject &) {
                 m_state.provider.uploadIds.remove(rel);
                 m_state.provider.uploaded << rel;
                 changed();
                 uploadNext(rest);
             },
             member);
        return;
    }
    const int n = missing.takeFirst();
    QFile f(QDir(m_state.provider.uploadFolder).filePath(rel));
    QByteArray bytes;
    if (f.open(QIODevice::ReadOnly) && f.seek(n * kChunk))
        bytes = f.read(kChunk);
    progress(Tr::tr("Uploading %1: chunk %2…").arg(rel).arg(n + 1));
    send(
        [id, n, bytes](Provider &p, const CallContext &c, Provider::Answer a) {
            return p.sendChunk(c, id, n, bytes, std::move(a));
        },
        member, {},
        [this, rel, id, missing, rest](const ProviderResult &r) {
            if (!r) {
                finish(std::unexpected(r.error()));
                return;
            }
            uploadChunks(rel, id, missing, rest);
        });
}

} // namespace onramp
