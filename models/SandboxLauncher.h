#pragma once

#include "ProviderClient.h"

#include <QObject>
#include <QString>

#include <functional>

class QProcess;

namespace onramp {

// Finds one of our programs installed beside the running one, or in the build tree's folder
// for it (`../sandbox/onramp-sandbox`). Empty when not found.
QString siblingProgram(const QString &name, const QString &buildFolder);

// Starts the built-in sandbox provider as a child process (`onramp-sandbox serve`) on a free
// loopback port with fresh credentials, which it reports on a pipe (never on a command line).
// The child ends with this object. Why a child and not a thread: the wizard's first paint does
// not wait for the HTTP server and SQL libraries to load, a crash in QHttpServer 6.4 cannot take
// the wizard down, and the jobs it runs are its children, not the GUI's.
// (No Q_OBJECT: callbacks only.)
class SandboxLauncher : public QObject
{
public:
    explicit SandboxLauncher(QObject *parent = nullptr);
    ~SandboxLauncher() override;

    struct Started
    {
        ProviderProfile profile;
        QByteArray secret;
    };
    // `done` gets the profile and secret, or a translated error.
    void start(const QString &dataDir,
               std::function<void(const std::expected<Started, Error> &)> done,
               int reviewDelaySeconds = 0);
    // Ends the sandbox and waits for it (at exit).
    void stop();
    // Ends the sandbox without waiting (switching providers on the GUI thread): it is killed if
    // it has not left within 3 s, and reaped when it goes.
    void stopSoon();
    bool isRunning() const;

private:
    QProcess *m_process = nullptr;
    QByteArray m_out;
};

} // namespace onramp
