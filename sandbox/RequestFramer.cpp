#include "RequestFramer.h"

#include <QList>

#include <algorithm>

namespace onramp {

RequestFramer::Verdict RequestFramer::feed(QByteArrayView data)
{
    const char *d = data.data();
    const qsizetype n = data.size();
    qsizetype i = 0;
    while (i < n) {
        switch (m_state) {
        case State::Head:
            // Empty lines before a request line are allowed (RFC 9112 §2.2).
            if (m_line.isEmpty() && (d[i] == '\r' || d[i] == '\n')) {
                ++i;
                break;
            }
            while (i < n) {
                m_line += d[i++];
                if (m_line.endsWith("\r\n\r\n") || m_line.endsWith("\n\n")) {
                    if (const Verdict v = headComplete(); v != Verdict::Fine)
                        return v;
                    break;
                }
                if (m_line.size() > m_maxHead)
                    return Verdict::HeadTooLarge;
            }
            break;
        case State::Body: {
            const qint64 take = std::min<qint64>(m_left, n - i);
            i += take;
            m_left -= take;
            if (m_left == 0)
                requestDone();
            break;
        }
        case State::ChunkSize:
        case State::Trailer:
            while (i < n) {
                const char c = d[i++];
                if (c != '\n') {
                    m_line += c;
                    if (m_line.size() > 1024 ||
                        (m_state == State::Trailer && m_trailer + m_line.size() > m_maxHead))
                        return m_state == State::Trailer ? Verdict::HeadTooLarge
                                                         : Verdict::Malformed;
                    continue;
                }
                if (const Verdict v = lineComplete(); v != Verdict::Fine)
                    return v;
                break;
            }
            break;
        case State::ChunkData: {
            const qint64 take = std::min<qint64>(m_left, n - i);
            i += take;
            m_left -= take;
            if (m_left == 0)
                m_state = State::ChunkDataEnd;
            break;
        }
        case State::ChunkDataEnd:
            // The CRLF after a chunk's data.
            if (d[i] == '\n')
                m_state = State::ChunkSize;
            else if (d[i] != '\r')
                return Verdict::Malformed;
            ++i;
            break;
        }
    }
    return Verdict::Fine;
}

RequestFramer::Verdict RequestFramer::headComplete()
{
    qint64 length = 0;
    bool chunked = false;
    const QList<QByteArray> lines = m_line.split('\n');
    m_line.clear();
    for (qsizetype i = 1; i < lines.size(); ++i) { // line 0 is the request line
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "content-length") {
            bool ok = false;
            length = value.toLongLong(&ok);
            if (!ok || length < 0)
                return Verdict::Malformed;
        } else if (name == "transfer-encoding") {
            chunked = value.toLower().contains("chunked");
        }
    }
    m_body = 0;
    if (chunked) {
        m_state = State::ChunkSize;
    } else if (length > m_maxBody) {
        m_body = length;
        return Verdict::BodyTooLarge;
    } else if (length > 0) {
        m_state = State::Body;
        m_left = length;
    } else {
        requestDone();
    }
    return Verdict::Fine;
}

// A chunk-size or trailer line has ended; m_line holds it without its '\n'.
RequestFramer::Verdict RequestFramer::lineComplete()
{
    const QByteArray line = m_line.endsWith('\r') ? m_line.chopped(1) : m_line;
    m_line.clear();
    if (m_state == State::Trailer) {
        m_trailer += line.size() + 2;
        if (line.isEmpty())
            requestDone();
        return Verdict::Fine;
    }
    // chunk-size [; extensions]
    const qsizetype semicolon = line.indexOf(';');
    const QByteArray hex = (semicolon < 0 ? line : line.left(semicolon)).trimmed();
    bool ok = false;
    const qint64 size = hex.size() <= 15 ? hex.toLongLong(&ok, 16) : -1;
    if (!ok || size < 0)
        return Verdict::Malformed;
    m_body += size;
    if (m_body > m_maxBody)
        return Verdict::BodyTooLarge;
    if (size == 0) {
        m_state = State::Trailer;
        m_trailer = 0;
    } else {
        m_state = State::ChunkData;
        m_left = size;
    }
    return Verdict::Fine;
}

void RequestFramer::requestDone()
{
    m_state = State::Head;
    m_line.clear();
    m_left = 0;
    ++m_completed;
}

} // namespace onramp
