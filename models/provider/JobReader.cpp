#include "JobReader.h"

#include <memory>

namespace onramp {

void readJobTail(std::shared_ptr<Provider> p, const CallContext &c, const QString &jobId,
                 qint64 tail, std::function<void(const std::expected<JobTail, ProviderError> &)> done)
{
    // The reads hold the provider: a session replaced meanwhile does not pull it away.
    p->readJob(c, jobId, [p, c, jobId, tail, done](const ProviderResult &job) {
        if (!job)
            return done(std::unexpected(job.error()));
        // First learn the log's size, then read its end.
        p->readLog(c, jobId, 0, 1, [p, c, jobId, tail, done, job = *job](const ProviderResult &size) {
            if (!size)
                return done(JobTail{job, 0, {}});
            const qint64 from = std::max<qint64>(0, size->value("size").toInteger() - tail);
            p->readLog(c, jobId, from, tail, [done, job](const ProviderResult &log) {
                if (!log)
                    return done(JobTail{job, 0, {}});
                done(JobTail{job, log->value("offset").toInteger(),
                             log->value("text").toString().toUtf8()});
            });
        });
    });
}

} // namespace onramp
