#pragma once

#include <QCoreApplication>

#include "Error.h"
#include "Text.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <deque>
#include <expected>

namespace onramp {

// The end of a log that keeps growing — a job's log read from an offset — in bounded memory:
// at most `maxLines` complete lines, whatever the log's size. When more than `window` bytes are
// unread (a multi-GB log, a view opened late), reading skips to the window before the end and
// says how much it skipped, instead of reading gigabytes to show the last screen.
class LogTail
{
public:
    explicit LogTail(int maxLines = 1000, qint64 window = 256 * 1024);

    // Where the next read starts, given the log's size now.
    qint64 nextOffset(qint64 size) const;
    // Bytes read at `offset`. A read past the end of what was kept (a skip) starts afresh at
    // the next line break, so the first line shown is never half a line.
    void append(qint64 offset, const QByteArray &bytes);

    const std::deque<QString> &lines() const { return m_lines; }
    QString partialLine() const { return QString::fromUtf8(m_partial); }
    // Lines completed since the last call, for a view that appends.
    QStringList takeNewLines();
    qint64 skippedBytes() const { return m_skipped; }
    qint64 offset() const { return m_offset; }
    void clear();

private:
    void push(QString line);

    int m_maxLines;
    qint64 m_window;
    qint64 m_offset = 0;
    qint64 m_skipped = 0;
    bool m_dropToLineBreak = false;
    QByteArray m_partial;
    std::deque<QString> m_lines;
    QStringList m_new;
};

// A byte range of a log file in the API's log shape {offset, nextOffset, size, text}: what the
// sandbox serves and what the Slurm gateway reads from a job's output file. A missing file
// (not written yet) reads as empty.
QJsonObject readLogSlice(const QString &path, qint64 offset, qint64 limit);
// The probe's step events in a log file after step `since`, at most `max`: the metrics
// endpoint's points.
QJsonArray readStepEvents(const QString &path, qint64 since, int max = 10000);

// The last `lines` lines of a file, read backwards in blocks: time and memory follow the
// lines asked for, not the file's size.
std::expected<QStringList, Error> readFileTail(const QString &path, int lines);

// A line of a job's log as a person reads it: onramp-probe's JSON events ("step", "verdict",
// "resume", …) in words, in the current language; any other line as it is.
QString readableLogLine(const QString &line);

// The GPU exemption the built-in sandbox gives its jobs (ONRAMP_GPU_EXEMPT), in the probe's
// English; probeWords() translates it where it is shown.
inline constexpr char kSandboxGpuExemption[] = QT_TRANSLATE_NOOP(
    "Onramp", "the sandbox: its jobs run as processes on this computer, with no cards (the "
              "card's memory is simulated)");

// The probe's own words (its verdict reasons, the built-in providers' GPU exemptions) in the
// user's language; any other text as it is. The probe and the providers write English for
// logs and machines; the pages show these fixed phrases translated.
QString probeWords(const QString &english);
Text probePhrase(const QString &english); // the same, translated when read

} // namespace onramp
