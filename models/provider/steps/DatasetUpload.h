#pragma once

#include "SessionSteps.h"

namespace onramp {

// Gate 4's data: uploads a small dataset folder into the workspace's data folder, file by file in
// 1 MiB chunks, each with its SHA-256 (X-Chunk-Sha256), the whole file's checked on completion.
// Checksums are computed off the session's thread. Resumable: an interrupted upload (cancel, a
// lost connection, a restart) goes on from the chunks the provider has.
class DatasetUpload : public SessionSteps
{
public:
    explicit DatasetUpload(SessionCore &core) : SessionSteps(core) {}

    void uploadDataset(const QString &folder, Done done);

private:
    using Files = QList<std::tuple<QString, qint64, QByteArray>>;
    void uploadNext(Files files);
    void uploadChunks(const QString &rel, const QString &id, QList<int> missing, Files rest);
};

} // namespace onramp
