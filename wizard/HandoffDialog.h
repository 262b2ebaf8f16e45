#pragma once

#include "RunSpec.h"

#include <QDialog>

class QLabel;
class QProcess;
class QPushButton;
class QTreeWidget;

namespace onramp {

// "Open a handoff spec": what a colleague sees before rerunning alone. Every place the spec
// does not say enough is marked (specGaps), then the rerun walks the same way `onramp replay`
// does — it *is* `onramp replay`, run as a child process so the window stays responsive — and
// each item's verdict shows as it comes.
class HandoffDialog : public QDialog
{
    Q_OBJECT
public:
    explicit HandoffDialog(QWidget *parent = nullptr);
    ~HandoffDialog() override;

    // Reads and checks the spec; false (with the error shown) when it cannot be imported.
    bool open(const QString &path);
    // The onramp executable that replays (this program by default).
    void setProgram(const QString &program) { m_program = program; }
    void replay();
    bool isReplaying() const;
    QTreeWidget *items() const { return m_items; }
    QString verdict() const;

signals:
    void replayFinished(int exitCode);

private:
    void addItem(const QString &status, const QString &what, const QString &detail);
    void readOutput();

    QString m_path;
    QString m_program;
    QLabel *m_summary;
    QTreeWidget *m_items;
    QLabel *m_verdict;
    QPushButton *m_replay;
    QProcess *m_process = nullptr;
    QByteArray m_pending;
};

} // namespace onramp
