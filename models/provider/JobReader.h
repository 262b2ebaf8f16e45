#pragma once

#include "Provider.h"

#include <expected>

namespace onramp {

// An earlier job as the monitor shows it: its state, and the end of its log (at most `tail`
// bytes from `offset`), read in three calls: the job, the log's size, then its last bytes.
struct JobTail
{
    QJsonObject job;
    qint64 offset = 0;
    QByteArray bytes;
};

void readJobTail(std::shared_ptr<Provider> provider, const CallContext &c, const QString &jobId, qint64 tail,
                 std::function<void(const std::expected<JobTail, ProviderError> &)> done);

} // namespace onramp
