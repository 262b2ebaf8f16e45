#pragma once

#include "LogTail.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace onramp {

// The end of a job's log, tailed from an offset: at most 1,000 lines in the view and in memory
// whatever the log's size; a log that outgrows the read window is skipped to its end, and the
// view says how much it skipped.
class LogView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kLines = 1000;

    explicit LogView(QWidget *parent = nullptr);

    // Bytes of the log read at `offset`; returns the lines they completed.
    QStringList append(qint64 offset, const QByteArray &bytes);
    // Where the next read of a log of `size` bytes should start.
    qint64 nextOffset(qint64 size) const { return m_tail.nextOffset(size); }
    // A log file on this machine: its last kLines lines.
    std::expected<void, Error> showFileTail(const QString &path);
    void clear();
    QString text() const;
    // What the empty pane says (a placeholder; gone with the first line).
    void setEmptyText(const QString &text);
    QString emptyText() const;
    QStringList lastLines(int n) const;

protected:
    void changeEvent(QEvent *e) override;

private:
    void updateNote();
    // The lines shown again from what was read, in the language loaded now.
    void reread();

    LogTail m_tail;
    QLabel *m_note;
    QPlainTextEdit *m_text;
    qint64 m_fileSkipped = -1;
    QStringList m_fileLines; // showFileTail's lines as read (the tail keeps a job's)
};

} // namespace onramp
