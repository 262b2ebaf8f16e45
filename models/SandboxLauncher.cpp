#include "SandboxLauncher.h"

#include "Tr.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>

#include <memory>

namespace onramp {

QString siblingProgram(const QString &name, const QString &buildFolder)
{
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate :
         {here.filePath(name), here.filePath(QStringLiteral("../%1/%2").arg(buildFolder, name))}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return QStandardPaths::findExecutable(name);
}

SandboxLauncher::SandboxLauncher(QObject *parent) : QObject(parent)
{
}

SandboxLauncher::~SandboxLauncher()
{
    stop();
}

bool SandboxLauncher::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

void SandboxLauncher::stop()
{
    if (!m_process)
        return;
    m_process->disconnect();
    m_process->terminate(); // the sandbox ends its jobs on the way out
    if (!m_process->waitForFinished(3000))
        m_process->kill();
    m_process->waitForFinished(1000);
    delete m_process;
    m_process = nullptr;
}

void SandboxLauncher::stopSoon()
{
    if (!m_process)
        return;
    QProcess *p = m_process;
    m_process = nullptr;
    p->disconnect();
    QObject::connect(p, &QProcess::finished, p, &QObject::deleteLater);
    QTimer::singleShot(3000, p, [p] { p->kill(); });
    p->terminate();
}

void SandboxLauncher::start(const QString &dataDir,
                            std::function<void(const std::expected<Started, Error> &)> done,
                            int reviewDelaySeconds)
{
    stopSoon();
    const auto fail = [done](const QString &message, const QString &details) {
        Error e;
        e.kind = Error::Kind::Provider;
        e.message = message;
        e.details = details;
        done(std::unexpected(e));
    };
    // ONRAMP_SANDBOX_PROGRAM: tests and unusual installs name it.
    const QString program =
        qEnvironmentVariableIsSet("ONRAMP_SANDBOX_PROGRAM")
            ? qEnvironmentVariable("ONRAMP_SANDBOX_PROGRAM")
            : siblingProgram(QStringLiteral("onramp-sandbox"), QStringLiteral("sandbox"));
    if (program.isEmpty()) {
        fail(Tr::tr("The built-in sandbox (onramp-sandbox) is not installed beside Onramp. "
                    "Reinstall Onramp, or choose another provider."),
             QCoreApplication::applicationDirPath());
        return;
    }
    m_out.clear();
    m_process = new QProcess(this);
    m_process->setProgram(program);
    QStringList args{QStringLiteral("serve"), QStringLiteral("--data-dir"), dataDir};
    if (reviewDelaySeconds > 0)
        args << QStringLiteral("--review-delay") << QString::number(reviewDelaySeconds);
    m_process->setArguments(args);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("ONRAMP_SANDBOX_CHILD"), QStringLiteral("1"));
    m_process->setProcessEnvironment(env);
    auto reported = std::make_shared<bool>(false);
    QObject::connect(
        m_process, &QProcess::readyReadStandardOutput, this, [this, done, fail, reported] {
            m_out += m_process->readAllStandardOutput();
            const int nl = m_out.indexOf('\n');
            if (nl < 0 || *reported)
                return;
            *reported = true;
            const QJsonObject hello = QJsonDocument::fromJson(m_out.left(nl)).object();
            m_out.clear();
            Started s;
            s.profile.kind = ProviderProfile::Kind::Sandbox;
            QUrl url(hello.value("url").toString());
            url.setPath(QString()); // the client adds /v1/… itself
            s.profile.baseUrl = url;
            s.profile.accessKeyId = hello.value("accessKeyId").toString().toLatin1();
            s.profile.region = hello.value("region").toString().toLatin1();
            s.secret = hello.value("secretAccessKey").toString().toLatin1();
            if (!url.isValid() || s.profile.accessKeyId.isEmpty() || s.secret.isEmpty())
                fail(Tr::tr("The built-in sandbox did not start properly."),
                     QStringLiteral("unexpected first line from onramp-sandbox"));
            else
                done(s);
        });
    QObject::connect(m_process, &QProcess::finished, this,
                     [this, fail, reported](int code, QProcess::ExitStatus) {
                         const QString err =
                             QString::fromLocal8Bit(m_process->readAllStandardError());
                         if (!*reported) {
                             *reported = true;
                             fail(Tr::tr("The built-in sandbox stopped at start: %1")
                                      .arg(err.trimmed().section(u'\n', 0, 0)),
                                  QStringLiteral("exit %1: %2").arg(code).arg(err));
                         }
                     });
    QObject::connect(m_process, &QProcess::errorOccurred, this,
                     [this, fail, reported](QProcess::ProcessError e) {
                         if (e != QProcess::FailedToStart || *reported)
                             return;
                         *reported = true;
                         fail(Tr::tr("Cannot start the built-in sandbox."),
                              m_process->errorString());
                     });
    m_process->start();
}

} // namespace onramp
