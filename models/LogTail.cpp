#include "LogTail.h"

#include "Tr.h"

#include <QFile>
#include <QJsonDocument>

#include <algorithm>

namespace onramp {

LogTail::LogTail(int maxLines, qint64 window)
    : m_maxLines(std::max(1, maxLines)), m_window(std::max<qint64>(4096, window))
{
}

qint64 LogTail::nextOffset(qint64 size) const
{
    return size - m_offset > m_window ? size - m_window : m_offset;
}

void LogTail::append(qint64 offset, const QByteArray &bytes)
{
    if (offset > m_offset) {
        m_skipped += offset - m_offset;
        m_partial.clear();
        m_dropToLineBreak = true;
    } else if (offset < m_offset) {
        // Overlaps what was kept: take only the new part.
        const qint64 overlap = m_offset - offset;
        if (overlap >= bytes.size())
            return;
        append(m_offset, bytes.mid(overlap));
        return;
    }
    m_offset = offset + bytes.size();
    qsizetype start = 0;
    if (m_dropToLineBreak) {
        const qsizetype nl = bytes.indexOf('\n');
        if (nl < 0)
            return;
        start = nl + 1;
        m_dropToLineBreak = false;
    }
    while (true) {
        const qsizetype nl = bytes.indexOf('\n', start);
        if (nl < 0)
            break;
        m_partial.append(bytes.constData() + start, nl - start);
        if (m_partial.endsWith('\r'))
            m_partial.chop(1);
        push(QString::fromUtf8(m_partial));
        m_partial.clear();
        start = nl + 1;
    }
    m_partial.append(bytes.constData() + start, bytes.size() - start);
}

void LogTail::push(QString line)
{
    m_lines.push_back(line);
    if (qsizetype(m_lines.size()) > m_maxLines)
        m_lines.pop_front();
    m_new.append(std::move(line));
    if (m_new.size() > m_maxLines)
        m_new.remove(0, m_new.size() - m_maxLines);
}

QStringList LogTail::takeNewLines()
{
    return std::exchange(m_new, {});
}

void LogTail::clear()
{
    *this = LogTail(m_maxLines, m_window);
}

QJsonObject readLogSlice(const QString &path, qint64 offset, qint64 limit)
{
    QFile f(path);
    QByteArray bytes;
    qint64 size = 0, from = std::max<qint64>(0, offset);
    if (f.open(QIODevice::ReadOnly)) {
        size = f.size();
        from = std::min(from, size);
        if (f.seek(from))
            bytes = f.read(std::max<qint64>(0, limit));
    } else {
        from = 0;
    }
    return {{"offset", from},
            {"nextOffset", from + bytes.size()},
            {"size", size},
            {"text", QString::fromUtf8(bytes)}};
}

QJsonArray readStepEvents(const QString &path, qint64 since, int max)
{
    QJsonArray points;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return points;
    while (!f.atEnd() && points.size() < max) {
        const QByteArray line = f.readLine();
        if (!line.contains("\"step\""))
            continue;
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        if (e.value("event").toString() == QLatin1String("step") &&
            e.value("step").toInteger() > since)
            points.append(e);
    }
    return points;
}

std::expected<QStringList, Error> readFileTail(const QString &path, int lines)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::unexpected(Error{Error::Kind::Io, Tr::tr("Cannot open the log %1.").arg(path),
                                           f.errorString()});
    constexpr qint64 kBlock = 64 * 1024;
    qint64 end = f.size();
    QByteArray tail;
    // Count line breaks from the end until there are enough; a final line break ends the last
    // line rather than starting an empty one.
    qsizetype breaks = 0;
    bool first = true;
    while (end > 0) {
        const qint64 start = std::max<qint64>(0, end - kBlock);
        if (!f.seek(start))
            break;
        QByteArray block = f.read(end - start);
        if (block.size() != end - start)
            return std::unexpected(Error{Error::Kind::Io, Tr::tr("Cannot read the log %1.").arg(path),
                                               f.errorString()});
        if (first && block.endsWith('\n'))
            --breaks;
        first = false;
        breaks += block.count('\n');
        tail.prepend(block);
        end = start;
        if (breaks >= lines)
            break;
    }
    QList<QByteArray> parts = tail.split('\n');
    if (!parts.isEmpty() && parts.last().isEmpty())
        parts.removeLast();
    if (parts.size() > lines)
        parts.remove(0, parts.size() - lines);
    QStringList out;
    out.reserve(parts.size());
    for (const QByteArray &p : parts)
        out.append(QString::fromUtf8(p.endsWith('\r') ? p.chopped(1) : p));
    return out;
}

} // namespace onramp
