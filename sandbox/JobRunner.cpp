#include "JobRunner.h"

#include "Catalogs.h"
#include "LogTail.h"
#include "RunSpec.h"
#include "Sandbox.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTimer>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <linux/landlock.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include <optional>
#include <unistd.h>
#include <utility>

// Debian 12's kernel headers (6.1) predate Landlock's ABI 3; the value is the kernel's.
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif

namespace onramp {

namespace {

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

// As root, jobs run as nobody where nobody can reach the sandbox's folders and its probe;
// under a closed folder (root's home) they run as root, and the data folder is read-only
// by its permission bits only (said once in the log). Readies the job's folders for the user.
std::optional<JobUser> userFor(const QJsonObject &paths, const QString &root, const QString &probe)
{
    std::optional<JobUser> user = jobUser();
    if (user && (!othersCanReach(root) || !othersCanReach(probe))) {
        static bool said = false;
        if (!std::exchange(said, true))
            qWarning("sandbox: jobs run as root: %s is not reachable by an unprivileged user",
                     qPrintable(root));
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
            letTraverse(root, paths.value(QLatin1String(key)).toString());
    }
    return user;
}

// Where a job may write, in fact: its output and scratch folders, and /dev (null, the cards,
// shared memory). Nowhere else, also not in the data folder after a chmod of its own.
//
// Why Landlock: a job that runs as the sandbox's own user (the sandbox is not root, or jobs
// cannot run as nobody where the sandbox lives) owns the data folder, so its 0555 is a request a
// `chmod u+w` undoes, and it could write the sandbox's store too. A read-only bind mount needs
// privileges (mount, or unshare's user namespaces, which Debian and many hosts restrict); a
// copy or a hard-link farm per job costs the data's size or still shares its inodes, and a job
// owns what it is handed. Landlock (Linux 5.13 and later, enabled by default in Debian 12's
// kernel) lets an unprivileged process give up write access for itself and its children,
// beneath any folder but the ones it keeps, whatever the permission bits or its owner say
// (chmod still succeeds; a write after it does not). Root is confined as well; as nobody it is
// a second wall.
//
// Returns the ruleset's descriptor (close-on-exec) for the child to apply, or -1 and why not.
int writeConfinement(const QStringList &writable, QString *why)
{
    const long abi =
        ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) {
        *why = errno == ENOSYS       ? QStringLiteral("this kernel has no Landlock")
               : errno == EOPNOTSUPP ? QStringLiteral("Landlock is disabled (lsm= at boot)")
                                     : QString::fromLocal8Bit(::strerror(errno));
        return -1;
    }
    __u64 write = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
                  LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR |
                  LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                  LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO |
                  LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;
    if (abi >= 2)
        write |= LANDLOCK_ACCESS_FS_REFER; // a rename or link into a kept folder
    if (abi >= 3)
        write |= LANDLOCK_ACCESS_FS_TRUNCATE;
    landlock_ruleset_attr attr = {};
    attr.handled_access_fs = write;
    const int ruleset = int(::syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0));
    if (ruleset < 0) {
        *why = QString::fromLocal8Bit(::strerror(errno));
        return -1;
    }
    // A folder that cannot be kept (gone, say) is left out: the job cannot write there, and
    // says so itself. The confinement never fails open for want of one of its exceptions.
    for (const QString &path : writable) {
        const int dir = ::open(QFile::encodeName(path).constData(), O_PATH | O_CLOEXEC);
        landlock_path_beneath_attr beneath = {};
        beneath.allowed_access = write;
        beneath.parent_fd = dir;
        if (dir < 0 ||
            ::syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0) != 0)
            qWarning("sandbox: a job cannot write %s (%s)", qPrintable(path), ::strerror(errno));
        if (dir >= 0)
            ::close(dir);
    }
    return ruleset;
}

// Between fork and exec (async-signal-safe calls only): every descriptor above stderr is
// marked close-on-exec, so a job gets its standard streams and nothing else of the program
// hosting the sandbox. Linux hands a child every descriptor without FD_CLOEXEC: libcurl's
// sockets in the wizard that loads the sandbox, a library's files. Marked rather than closed:
// QProcess's own pipe (close-on-exec already) must stay open to report a failed exec.
// `openMax` is the descriptor limit, read in the parent, for kernels before 5.11.
void onlyStandardStreams(int openMax)
{
    if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) == 0)
        return;
    for (int fd = 3; fd < openMax; ++fd) {
        const int flags = ::fcntl(fd, F_GETFD);
        if (flags >= 0 && !(flags & FD_CLOEXEC))
            ::fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
    }
}

// A process and everything it started, parents first (/proc/PID/task/TID/children).
QList<qint64> processTree(qint64 pid)
{
    QList<qint64> tree{pid};
    for (qsizetype i = 0; i < tree.size(); ++i) {
        const QDir tasks(QStringLiteral("/proc/%1/task").arg(tree[i]));
        for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile children(tasks.filePath(tid + QStringLiteral("/children")));
            if (!children.open(QIODevice::ReadOnly))
                continue;
            for (const QByteArray &child : children.readAll().split(' '))
                if (const qint64 c = child.trimmed().toLongLong(); c > 0 && !tree.contains(c))
                    tree.append(c);
        }
    }
    return tree;
}

} // namespace

JobRunner::JobRunner(Sandbox &sandbox, QObject *context) : m_sandbox(sandbox), m_context(context)
{
}

JobRunner::~JobRunner()
{
    stopAll();
}

void JobRunner::stopAll()
{
    // Jobs are our children: they end with the sandbox.
    for (QProcess *p : std::as_const(m_processes)) {
        p->disconnect();
        p->kill();
        p->waitForFinished(2000);
        delete p;
    }
    m_processes.clear();
    for (const QString &id : m_stopped.keys())
        release(id); // the children of a job the plan hung, stopped until now
}

void JobRunner::interrupt(const QString &jobId)
{
    if (QProcess *p = m_processes.value(jobId))
        ::kill(pid_t(p->processId()), SIGINT);
    release(jobId);
}

void JobRunner::preempt(const QString &jobId, int step)
{
    QProcess *p = m_processes.value(jobId);
    if (!p)
        return;
    SandboxStore &store = m_sandbox.store();
    QJsonObject job = store.load(QStringLiteral("job/") + jobId);
    job["state"] = "interrupting";
    job["reason"] = QJsonObject{
        {"kind", "end"},
        {"code", "Preempted"},
        {"message", QStringLiteral("instance %1 was preempted at step %2 (the sandbox's fault "
                                   "plan)")
                        .arg(job.value("instanceId").toString(job.value("instanceType").toString()))
                        .arg(step)}};
    store.store(QStringLiteral("job/") + jobId, job);
    ::kill(pid_t(p->processId()), SIGTERM);
    release(jobId);
}

void JobRunner::kill(const QString &jobId)
{
    if (QProcess *p = m_processes.value(jobId))
        p->kill();
    release(jobId);
}

void JobRunner::release(const QString &jobId)
{
    for (const qint64 pid : m_stopped.take(jobId))
        ::kill(pid_t(pid), SIGCONT);
}

void JobRunner::watchSteps(QProcess *p, const QJsonObject &job)
{
    const SandboxFaults &plan = m_sandbox.faults();
    const bool preempts = plan.preemptTimes > 0 && SandboxFaults::matches(plan.preempt, job);
    const bool hangs = SandboxFaults::matches(plan.hang, job);
    if (!preempts && !hangs)
        return;
    const QString id = job.value("id").toString();
    const QString log = QDir(m_sandbox.root()).filePath(QStringLiteral("jobs/%1/log").arg(id));
    // The log as it grows: the job writes it, the sandbox reads the steps it reports.
    auto *timer = new QTimer(p);
    auto offset = std::make_shared<qint64>(QFileInfo(log).size());
    auto pending = std::make_shared<QByteArray>();
    auto done = std::make_shared<std::pair<bool, bool>>(!preempts, !hangs);
    QObject::connect(timer, &QTimer::timeout, p, [this, timer, log, offset, pending, done, id, p] {
        QFile f(log);
        if (!f.open(QIODevice::ReadOnly) || !f.seek(*offset))
            return;
        const QByteArray bytes = f.readAll();
        *offset += bytes.size();
        *pending += bytes;
        const qsizetype end = pending->lastIndexOf('\n');
        if (end < 0)
            return;
        const QList<QByteArray> lines = pending->left(end).split('\n');
        pending->remove(0, end + 1);
        SandboxFaults &plan = m_sandbox.faults();
        if (plan.preemptTimes <= 0)
            done->first = true; // another job took the last preemption
        for (const QByteArray &line : lines) {
            if (!line.contains("\"step\""))
                continue;
            const QJsonObject e = QJsonDocument::fromJson(line).object();
            if (e.value("event").toString() != QLatin1String("step"))
                continue;
            const int step = e.value("step").toInt();
            if (!done->first && step >= plan.preempt.atStep && plan.preemptTimes > 0) {
                done->first = true;
                --plan.preemptTimes;
                preempt(id, step);
                timer->stop();
                return;
            }
            if (!done->second && step >= plan.hang.atStep) {
                done->second = true;
                // Stopped, with its children: alive, printing nothing, as a stuck collective.
                const QList<qint64> tree = processTree(p->processId());
                for (const qint64 pid : tree)
                    ::kill(pid_t(pid), SIGSTOP);
                m_stopped[id] = tree;
            }
        }
        if (done->first && done->second)
            timer->stop();
    });
    timer->start(20);
}

std::pair<QString, QStringList> JobRunner::command(const QJsonObject &job) const
{
    const QJsonObject launch = job.value("launch").toObject();
    QStringList args;
    for (const QJsonValue &a : launch.value("args").toArray())
        args << a.toString();
    if (launch.value("mode").toString() == QLatin1String("builtin")) {
        if (launch.value("entry").toString() != QLatin1String("fingerprint"))
            args.prepend(launch.value("entry").toString());
        return {m_sandbox.probeProgram(), args};
    }
    const QJsonObject paths = job.value("paths").toObject();
    args.prepend(QDir(QFileInfo(paths.value("output").toString()).path())
                     .filePath(launch.value("entry").toString()));
    return {QStringLiteral("/bin/sh"), args};
}

QProcessEnvironment JobRunner::environment(const QJsonObject &job) const
{
    const QJsonObject paths = job.value("paths").toObject();
    QProcessEnvironment env =
        jobEnvironment(QProcessEnvironment::systemEnvironment(), paths.value("scratch").toString());
    env.insert(QStringLiteral("ONRAMP_JOB_ID"), job.value("id").toString());
    env.insert(QStringLiteral("ONRAMP_DATA_DIR"), paths.value("data").toString());
    // The name the data has at this provider, as a spec records it (the folder is ours).
    env.insert(QStringLiteral("ONRAMP_DATA_PATH"), QString::fromLatin1(Sandbox::kDataPath));
    env.insert(QStringLiteral("ONRAMP_OUTPUT_DIR"), paths.value("output").toString());
    env.insert(QStringLiteral("ONRAMP_SCRATCH_DIR"), paths.value("scratch").toString());
    // The card's memory: what the probe's working set must fit (the sandbox has no cards).
    if (const auto card = findCard(job.value("card").toString()); card && card->memory.gib > 0)
        env.insert(QStringLiteral("ONRAMP_CARD_MEMORY_MB"),
                   QString::number(card->memory.mib()));
    // The cards the instance promises, and the sandbox's exemption from having them: its jobs
    // are processes on this computer. The probe's GPU check names the exemption as the
    // sandbox's, instead of passing "0 GPUs" as if that were fine.
    env.insert(QStringLiteral("ONRAMP_EXPECTED_GPUS"), QString::number(job.value("cards").toInt()));
    env.insert(QStringLiteral("ONRAMP_GPU_EXEMPT"), QString::fromLatin1(kSandboxGpuExemption));
    for (const auto &[name, value] : parameterEnvironment(job.value("parameters").toObject()))
        env.insert(name, value);
    m_sandbox.faults().applyToJob(
        env, job,
        QDir(m_sandbox.root()).filePath(QStringLiteral("jobs/%1/fault-bin").arg(job.value("id").toString())));
    return env;
}

void JobRunner::start(QJsonObject &job)
{
    const QString id = job.value("id").toString();
    const QJsonObject paths = job.value("paths").toObject();
    const auto [program, args] = command(job);
    if (program.isEmpty()) {
        job["state"] = "failed";
        job["reason"] = QJsonObject{{"kind", "start"},
                                    {"code", "ProbeMissing"},
                                    {"message", "onramp-probe is not installed beside the "
                                                "sandbox"}};
        m_sandbox.store().store(QStringLiteral("job/") + id, job);
        return;
    }
    auto *p = new QProcess(m_context);
    p->setProgram(program);
    p->setArguments(args);
    p->setWorkingDirectory(paths.value("scratch").toString());
    p->setProcessChannelMode(QProcess::MergedChannels);
    p->setStandardOutputFile(QDir(m_sandbox.root()).filePath(QStringLiteral("jobs/%1/log").arg(id)),
                             QIODevice::Append);
    p->setProcessEnvironment(environment(job));
    const std::optional<JobUser> user = userFor(paths, m_sandbox.root(), m_sandbox.probeProgram());
    // A job ends with the sandbox thread that started it, even when the program hosting it
    // (the wizard) is killed: Linux signals a child when the thread that forked it goes. The
    // signal is set after the drop to nobody, which clears it.
    QString why;
    const int confinement =
        writeConfinement({paths.value("output").toString(), paths.value("scratch").toString(),
                          QStringLiteral("/dev")},
                         &why);
    if (confinement < 0) {
        static bool said = false;
        if (!std::exchange(said, true))
            qWarning("sandbox: jobs are not confined to their output and scratch folders (%s): "
                     "a job that runs as the sandbox's own user can make its data folder "
                     "writable again and write anywhere that user can",
                     qPrintable(why));
    }
    const int openMax = int(std::min<long>(::sysconf(_SC_OPEN_MAX), 1 << 20));
    p->setChildProcessModifier([user, openMax, confinement] {
        if (user &&
            (::setgroups(0, nullptr) != 0 || ::setgid(user->gid) != 0 || ::setuid(user->uid) != 0))
            ::_exit(126); // never run a job as root by accident
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        // no_new_privs: what Landlock asks of an unprivileged process (and no setuid program
        // gives a job back what it gave up).
        if (confinement >= 0 && (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
                                 ::syscall(SYS_landlock_restrict_self, confinement, 0) != 0))
            ::_exit(126); // never run a job unconfined where it was meant to be
        onlyStandardStreams(openMax);
    });
    watch(p, id);
    m_processes.insert(id, p);
    // Its time limit, as a scheduler's: killed when it is reached, and the reason says so.
    if (const double limit = job.value("timeLimitMinutes").toDouble(); limit > 0)
        QTimer::singleShot(qint64(limit * 60000), p, [this, p, id, limit] {
            SandboxStore &store = m_sandbox.store();
            QJsonObject ended = store.load(QStringLiteral("job/") + id);
            ended["reason"] = QJsonObject{
                {"kind", "end"},
                {"code", "TimeLimit"},
                {"message", QStringLiteral("reached its time limit of %1 min").arg(limit)}};
            store.store(QStringLiteral("job/") + id, ended);
            p->kill();
        });
    job["state"] = "running";
    job["startedAt"] = Sandbox::now();
    job.remove(QStringLiteral("reason"));
    m_sandbox.store().store(QStringLiteral("job/") + id, job);
    p->start();
    if (confinement >= 0)
        ::close(confinement); // the child has its copy (the fork happened in start())
    watchSteps(p, job);
}

void JobRunner::watch(QProcess *p, const QString &id)
{
    SandboxStore &store = m_sandbox.store();
    const qint64 started = QDateTime::currentMSecsSinceEpoch();
    QObject::connect(p, &QProcess::finished, m_context,
                     [this, &store, p, id, started](int code, QProcess::ExitStatus status) {
                         m_processes.remove(id);
                         release(id);
                         p->deleteLater();
                         QJsonObject job = store.load(QStringLiteral("job/") + id);
                         const QString was = job.value("state").toString();
                         if (was == QLatin1String("interrupting"))
                             job["state"] = "interrupted";
                         else if (was != QLatin1String("cancelled"))
                             job["state"] = (status == QProcess::NormalExit && code == 0)
                                                ? QStringLiteral("succeeded")
                                                : QStringLiteral("failed");
                         job["exitCode"] = status == QProcess::NormalExit ? code : -1;
                         if (!job.contains("finishedAt"))
                             job["finishedAt"] = Sandbox::now();
                         // Card-hours used: cards × wall time.
                         const double hours =
                             double(QDateTime::currentMSecsSinceEpoch() - started) / 3.6e6;
                         job["cardHours"] = hours * job.value("cards").toInt(1);
                         store.store(QStringLiteral("job/") + id, job);
                     });
    QObject::connect(
        p, &QProcess::errorOccurred, m_context, [this, &store, p, id](QProcess::ProcessError e) {
            if (e != QProcess::FailedToStart)
                return;
            m_processes.remove(id);
            p->deleteLater();
            QJsonObject job = store.load(QStringLiteral("job/") + id);
            job["state"] = "failed";
            job["exitCode"] = 127;
            job["reason"] = QJsonObject{
                {"kind", "start"}, {"code", "FailedToStart"}, {"message", p->errorString()}};
            job["finishedAt"] = Sandbox::now();
            store.store(QStringLiteral("job/") + id, job);
        });
}

} // namespace onramp
