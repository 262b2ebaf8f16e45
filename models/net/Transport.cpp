#include "Transport.h"

#include "DynamicLibrary.h"

#include <QDateTime>
#include <QLocale>
#include <QMetaObject>
#include <QPointer>
#include <QRandomGenerator>

#include <curl/curl.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace onramp {

// libcurl is opened on first use, not at startup: it brings some 25 libraries (LDAP, Kerberos,
// GnuTLS, SSH …) whose loading cost the wizard ~8 ms and ~4.5 MiB before its first paint, for a
// client that only works after it.
struct CurlApi
{
    bool ok = false;
    QString error;
    CURLcode (*global_init)(long);
    CURL *(*easy_init)();
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    CURLM *(*multi_init)();
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    curl_slist *(*slist_append)(curl_slist *, const char *);
    void (*slist_free_all)(curl_slist *);
};

const CurlApi &curl()
{
    static const CurlApi api = [] {
        CurlApi a{};
        DynamicLibrary lib("libcurl.so.4");
        if (!lib.handle) {
            a.error = lib.error;
            return a;
        }
        const auto get = [&](auto &fn, const char *name) { lib.resolve(fn, name); };
        get(a.global_init, "curl_global_init");
        get(a.easy_init, "curl_easy_init");
        get(a.easy_cleanup, "curl_easy_cleanup");
        get(a.easy_reset, "curl_easy_reset");
        get(a.easy_setopt, "curl_easy_setopt");
        get(a.easy_getinfo, "curl_easy_getinfo");
        get(a.easy_strerror, "curl_easy_strerror");
        get(a.multi_init, "curl_multi_init");
        get(a.multi_cleanup, "curl_multi_cleanup");
        get(a.multi_add_handle, "curl_multi_add_handle");
        get(a.multi_remove_handle, "curl_multi_remove_handle");
        get(a.multi_perform, "curl_multi_perform");
        get(a.multi_poll, "curl_multi_poll");
        get(a.multi_wakeup, "curl_multi_wakeup");
        get(a.multi_info_read, "curl_multi_info_read");
        get(a.slist_append, "curl_slist_append");
        get(a.slist_free_all, "curl_slist_free_all");
        if (!lib.complete) {
            a.error = QStringLiteral("libcurl.so.4 lacks curl_multi_poll (needs libcurl >= 7.68)");
            return a;
        }
        a.global_init(CURL_GLOBAL_DEFAULT); // thread-safe since 7.84; before any handle
        a.ok = true;
        return a;
    }();
    return api;
}

QByteArray HttpResponse::header(const QByteArray &name) const
{
    for (const auto &[k, v] : headers) {
        if (k.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    }
    return {};
}

qint64 retryAfterMs(const QByteArray &value, const QDateTime &now)
{
    const QByteArray v = value.trimmed();
    if (v.isEmpty())
        return -1;
    bool ok = false;
    const qint64 seconds = v.toLongLong(&ok);
    if (ok)
        return seconds < 0 ? -1 : seconds * 1000;
    // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT".
    QDateTime when = QLocale::c().toDateTime(QString::fromLatin1(v).remove(QStringLiteral(" GMT")),
                                             QStringLiteral("ddd, dd MMM yyyy HH:mm:ss"));
    if (!when.isValid())
        return -1;
    when.setTimeSpec(Qt::UTC);
    return std::max<qint64>(0, now.msecsTo(when));
}

namespace {

using Clock = std::chrono::steady_clock;

struct Job
{
    quint64 id = 0;
    HttpCall call;
    QPointer<QObject> context;
    std::function<void(const HttpResponse &)> done;
    std::function<void(HttpCall &)> prepare;
    HttpResponse response;
    CURL *easy = nullptr;
    curl_slist *headers = nullptr;
    Clock::time_point due; // when a retry may start
    std::atomic<bool> *cancelFlag = nullptr;
    bool plain = false; // this attempt is a GET without a body or a CA file (see takeEasy)
};

bool isLoopback(const QUrl &url)
{
    return isLoopbackHost(url.host());
}

size_t onBody(char *data, size_t size, size_t n, void *user)
{
    static_cast<Job *>(user)->response.body.append(data, qsizetype(size * n));
    return size * n;
}

size_t noBody(char *, size_t, size_t, void *)
{
    return 0;
}

size_t onHeader(char *data, size_t size, size_t n, void *user)
{
    const QByteArray line = QByteArray(data, qsizetype(size * n)).trimmed();
    const int colon = line.indexOf(':');
    if (colon > 0)
        static_cast<Job *>(user)->response.headers.append(
            {line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
    else if (line.startsWith("HTTP/"))
        static_cast<Job *>(user)->response.headers.clear(); // a new response (after 100 Continue)
    return size * n;
}

} // namespace

struct Transport::Worker
{
    std::thread thread;
    std::mutex mutex;
    std::deque<std::unique_ptr<Job>> incoming;
    std::map<quint64, std::atomic<bool>> cancelled;
    std::atomic<bool> stop = false;
    // Set while the worker briefly waits for a follow-up call without sleeping (see run()):
    // send() then skips the wake-up, the cross-thread hop that costs most of a loopback call.
    std::atomic<bool> spinning = false;
    std::atomic<int> queued = 0; // calls in `incoming`
    CURLM *multi = nullptr;
    RetryPolicy policy;
    quint64 nextId = 1;

    Worker()
    {
        if (!curl().ok)
            return; // every send answers with the reason
        multi = curl().multi_init();
        thread = std::thread([this] { run(); });
    }

    ~Worker()
    {
        if (!multi)
            return;
        stop = true;
        curl().multi_wakeup(multi);
        thread.join();
        for (const auto &[e, plain] : idle)
            curl().easy_cleanup(e);
        curl().multi_cleanup(multi);
    }

    // Easy handles are reused: cheaper than a new one per request. A handle keeps the options
    // every call shares; one that served a plain call (a GET without a body or a CA file of its
    // own) serves another plain call as it is, anything else gets a reset handle.
    std::vector<std::pair<CURL *, bool>> idle; // {handle, last call plain}; worker thread only
    CURL *takeEasy(bool plain)
    {
        CURL *e = nullptr;
        if (!idle.empty()) {
            const auto [handle, wasPlain] = idle.back();
            idle.pop_back();
            if (plain && wasPlain)
                return handle;
            e = handle;
            curl().easy_reset(e);
        } else {
            e = curl().easy_init();
        }
        // Never libcurl's default read callback: it reads the body from stdin.
        curl().easy_setopt(e, CURLOPT_READFUNCTION, noBody);
        curl().easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
        curl().easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L); // signed calls never follow redirects
        curl().easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
        curl().easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 1L);
        curl().easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 2L);
        curl().easy_setopt(e, CURLOPT_SSLVERSION, long(CURL_SSLVERSION_TLSv1_2));
        curl().easy_setopt(e, CURLOPT_LOW_SPEED_LIMIT, 1L);
        curl().easy_setopt(e, CURLOPT_WRITEFUNCTION, onBody);
        curl().easy_setopt(e, CURLOPT_HEADERFUNCTION, onHeader);
        return e;
    }
    void giveBack(CURL *e, bool plain)
    {
        if (idle.size() < 16)
            idle.emplace_back(e, plain);
        else
            curl().easy_cleanup(e);
    }

    static void deliver(std::unique_ptr<Job> job)
    {
        QObject *context = job->context.data();
        if (!context)
            return;
        auto shared = std::shared_ptr<Job>(job.release());
        QMetaObject::invokeMethod(
            context,
            [shared] {
                if (shared->context)
                    shared->done(shared->response);
            },
            Qt::QueuedConnection);
    }

    // True when a call arrived while waiting awake. The order matters: a sender that saw
    // `spinning` set skipped the wake-up, so after clearing it the queue is looked at again.
    bool awaitFollowUp()
    {
        spinning = true;
        const auto until = Clock::now() + std::chrono::microseconds(150);
        while (queued.load() == 0 && !stop && Clock::now() < until)
            std::this_thread::yield();
        spinning = false;
        return queued.load() > 0 || stop;
    }

    // A job's last word: its cancel flag goes (the map would otherwise grow with every call).
    // Delivered first, tidied after: the caller's wake-up overlaps the bookkeeping.
    void finish(std::unique_ptr<Job> job)
    {
        const quint64 id = job->id;
        job->cancelFlag = nullptr;
        deliver(std::move(job));
        std::lock_guard lock(mutex);
        cancelled.erase(id);
    }

    // Starts one attempt; false with the response's error set when the call is refused.
    bool start(Job &job)
    {
        HttpCall &c = job.call;
        if (job.prepare)
            job.prepare(c);
        const QString scheme = c.url.scheme();
        if (scheme != QLatin1String("https") &&
            !(scheme == QLatin1String("http") && isLoopback(c.url))) {
            job.response.error =
                QStringLiteral("refused: %1 is not https (plain http only to loopback)")
                    .arg(c.url.toString(QUrl::RemoveUserInfo));
            return false;
        }
        job.response.status = 0;
        job.response.body.clear();
        job.response.headers.clear();
        job.response.error.clear();
        ++job.response.attempts;
        job.plain = c.method == "GET" && c.body.isEmpty() && c.caFile.isEmpty();
        CURL *e = takeEasy(job.plain);
        job.easy = e;
        const QByteArray url = c.url.toEncoded();
        curl().easy_setopt(e, CURLOPT_URL, url.constData());
        if (job.plain) {
            curl().easy_setopt(e, CURLOPT_HTTPGET, 1L);
        } else {
            if (c.method == "HEAD") {
                curl().easy_setopt(e, CURLOPT_NOBODY, 1L);
            } else if (!c.body.isEmpty() || c.method == "POST" || c.method == "PUT" ||
                       c.method == "PATCH") {
                curl().easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(c.body.size()));
                curl().easy_setopt(e, CURLOPT_COPYPOSTFIELDS,
                                   c.body.isEmpty() ? "" : c.body.constData());
            } else {
                curl().easy_setopt(e, CURLOPT_HTTPGET, 1L);
            }
            curl().easy_setopt(e, CURLOPT_CUSTOMREQUEST, c.method.constData());
            if (!c.caFile.isEmpty())
                curl().easy_setopt(e, CURLOPT_CAINFO, c.caFile.constData());
        }
        curl().slist_free_all(job.headers);
        job.headers = curl().slist_append(nullptr, "Expect:");
        std::string line; // one buffer for every "Name: value" (libcurl copies each)
        for (const auto &[k, v] : c.headers) {
            line.assign(k.constData(), size_t(k.size())).append(": ");
            line.append(v.constData(), size_t(v.size()));
            job.headers = curl().slist_append(job.headers, line.c_str());
        }
        curl().easy_setopt(e, CURLOPT_HTTPHEADER, job.headers);
        curl().easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, long(c.connectTimeoutMs));
        curl().easy_setopt(e, CURLOPT_LOW_SPEED_TIME, long(c.stallSeconds));
        curl().easy_setopt(e, CURLOPT_NOPROXY, isLoopback(c.url) ? "*" : nullptr);
        curl().easy_setopt(e, CURLOPT_WRITEDATA, &job);
        curl().easy_setopt(e, CURLOPT_HEADERDATA, &job);
        curl().easy_setopt(e, CURLOPT_PRIVATE, &job);
        curl().multi_add_handle(multi, e);
        return true;
    }

    qint64 backoffMs(const Job &job) const
    {
        const qint64 asked =
            retryAfterMs(job.response.header("Retry-After"), QDateTime::currentDateTimeUtc());
        if (asked >= 0)
            return std::min<qint64>(asked, policy.maxRetryAfterMs);
        const qint64 exp = std::min<qint64>(policy.maxDelayMs, qint64(policy.baseDelayMs)
                                                                   << (job.response.attempts - 1));
        return exp / 2 + QRandomGenerator::global()->bounded(exp / 2 + 1); // jitter
    }

    bool shouldRetry(const Job &job) const
    {
        if (!job.call.idempotent || job.response.attempts >= policy.maxAttempts)
            return false;
        const int s = job.response.status;
        return s == 0 || s == 429 || s == 502 || s == 503 || s == 504;
    }

    void run()
    {
        std::map<CURL *, std::unique_ptr<Job>> active;
        std::deque<std::unique_ptr<Job>> waiting; // retries not yet due
        while (!stop) {
            {
                std::lock_guard lock(mutex);
                while (!incoming.empty()) {
                    std::unique_ptr<Job> job = std::move(incoming.front());
                    incoming.pop_front();
                    --queued;
                    job->cancelFlag = &cancelled[job->id];
                    waiting.push_back(std::move(job));
                }
            }
            const auto now = Clock::now();
            int pollMs = 1000;
            for (auto it = waiting.begin(); it != waiting.end();) {
                Job &job = **it;
                if (job.cancelFlag->load()) {
                    job.response.cancelled = true;
                    finish(std::move(*it));
                    it = waiting.erase(it);
                } else if (job.due <= now) {
                    std::unique_ptr<Job> owned = std::move(*it);
                    it = waiting.erase(it);
                    if (start(*owned))
                        active[owned->easy] = std::move(owned);
                    else
                        finish(std::move(owned));
                } else {
                    pollMs = std::min<int>(
                        pollMs,
                        int(std::chrono::duration_cast<std::chrono::milliseconds>(job.due - now)
                                .count()) +
                            1);
                    ++it;
                }
            }
            for (auto &[easy, job] : active) {
                if (job->cancelFlag->load()) {
                    curl().multi_remove_handle(multi, easy);
                    giveBack(easy, job->plain);
                    job->easy = nullptr;
                    job->response.cancelled = true;
                }
            }
            for (auto it = active.begin(); it != active.end();) {
                if (!it->second->easy) {
                    curl().slist_free_all(it->second->headers);
                    it->second->headers = nullptr;
                    finish(std::move(it->second));
                    it = active.erase(it);
                } else {
                    ++it;
                }
            }
            int running = 0;
            bool delivered = false;
            curl().multi_perform(multi, &running);
            int left = 0;
            while (CURLMsg *msg = curl().multi_info_read(multi, &left)) {
                if (msg->msg != CURLMSG_DONE)
                    continue;
                CURL *easy = msg->easy_handle;
                std::unique_ptr<Job> job = std::move(active[easy]);
                active.erase(easy);
                long status = 0;
                curl().easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
                job->response.status = int(status);
                if (msg->data.result != CURLE_OK) {
                    // A cut or stalled answer is no answer: its status line alone proves nothing.
                    job->response.status = 0;
                    job->response.error = QString::fromUtf8(curl().easy_strerror(msg->data.result));
                }
                job->easy = nullptr;
                const bool plain = job->plain;
                if (shouldRetry(*job)) {
                    job->due = Clock::now() + std::chrono::milliseconds(backoffMs(*job));
                    waiting.push_back(std::move(job));
                    pollMs = 0;
                } else {
                    // The answer goes first, the handle and the header list after: the caller
                    // wakes while we tidy. (libcurl's callbacks point at the job, but the
                    // transfer is over: nothing calls them again.)
                    curl_slist *sent = std::exchange(job->headers, nullptr);
                    if (job->call.parseJson && job->response.status != 0 &&
                        !job->response.body.isEmpty()) {
                        QJsonParseError pe{};
                        job->response.json = QJsonDocument::fromJson(job->response.body, &pe);
                        if (pe.error != QJsonParseError::NoError)
                            job->response.jsonError = pe.errorString();
                    }
                    finish(std::move(job));
                    curl().slist_free_all(sent);
                    delivered = true;
                }
                curl().multi_remove_handle(multi, easy);
                giveBack(easy, plain);
            }
            // Right after an answer the caller often sends the next call at once (a chain of
            // requests): wait for it a moment awake (≤ 150 µs, idle otherwise) rather than
            // asleep, so it needs no wake-up. Only when nothing else is in flight.
            if (delivered && active.empty() && waiting.empty() && awaitFollowUp())
                continue;
            curl().multi_poll(multi, nullptr, 0, std::max(0, pollMs), nullptr);
        }
        for (auto &[easy, job] : active) {
            curl().multi_remove_handle(multi, easy);
            curl().easy_cleanup(easy);
            curl().slist_free_all(job->headers);
        }
    }
};

Transport::Transport(QObject *parent) : QObject(parent), m_worker(std::make_unique<Worker>())
{
}

Transport::~Transport() = default;

void Transport::setRetryPolicy(const RetryPolicy &p)
{
    std::lock_guard lock(m_worker->mutex);
    m_worker->policy = p;
}

quint64 Transport::send(HttpCall call, QObject *context,
                        std::function<void(const HttpResponse &)> done,
                        std::function<void(HttpCall &)> prepare)
{
    auto job = std::make_unique<Job>();
    job->call = std::move(call);
    job->context = context;
    job->done = std::move(done);
    job->prepare = std::move(prepare);
    job->due = Clock::now();
    if (!m_worker->multi) {
        job->response.error = QStringLiteral("libcurl could not be loaded: ") + curl().error;
        Worker::deliver(std::move(job));
        return 0;
    }
    quint64 id = 0;
    {
        std::lock_guard lock(m_worker->mutex);
        id = m_worker->nextId++;
        job->id = id;
        m_worker->cancelled[id] = false;
        m_worker->incoming.push_back(std::move(job));
        ++m_worker->queued;
    }
    if (!m_worker->spinning)
        curl().multi_wakeup(m_worker->multi);
    return id;
}

void Transport::cancel(quint64 id)
{
    if (!m_worker->multi)
        return;
    {
        std::lock_guard lock(m_worker->mutex);
        auto it = m_worker->cancelled.find(id);
        if (it != m_worker->cancelled.end())
            it->second = true;
    }
    curl().multi_wakeup(m_worker->multi);
}

} // namespace onramp
