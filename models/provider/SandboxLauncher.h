#pragma once

#include "ProviderClient.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

class QThread;

namespace onramp {

// Finds one of our programs where findHelperFile() looks (beside the running one, the installed
// private folder, the build tree's `../<buildFolder>/`), else on PATH. Empty when not found.
QString siblingProgram(const QString &name, const QString &buildFolder);

// Runs the built-in sandbox provider in-process on a free loopback port with fresh
// credentials. The sandbox is a module (libonramp-sandbox.so, found by findHelperFile():
// installed in Onramp's private folder or in the build tree's sandbox/ folder;
// ONRAMP_SANDBOX_MODULE names another) loaded on a worker thread
// the first time it is asked for — after the wizard's first paint — so the HTTP server and SQL
// libraries never delay startup, and its server runs on a thread of its own. Its jobs are
// child processes of this program and end with the sandbox. (No Q_OBJECT: callbacks only.)
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
    // `done` gets the profile and secret, or a translated error, on this object's thread.
    void start(const QString &dataDir,
               std::function<void(const std::expected<Started, Error> &)> done,
               int reviewDelaySeconds = 0);
    // Ends the sandbox and waits for it (at exit).
    void stop();
    // Ends the sandbox without waiting (switching providers on the GUI thread); it is gone by
    // the time this object is.
    void stopSoon();
    bool isRunning() const;

private:
    struct Opened;
    std::shared_ptr<Opened> m_opened;      // the running sandbox
    QThread *m_starting = nullptr;         // loading and starting it
    std::shared_ptr<Opened> m_pending;     // what m_starting fills in
    std::vector<QThread *> m_closing;      // sandboxes being stopped in the background
};

} // namespace onramp
