#pragma once

#include <QByteArray>
#include <QByteArrayView>

namespace onramp {

// Follows the HTTP/1.1 framing of the requests on one connection as their bytes arrive, without
// keeping a body: where each head ends, how long its body is (Content-Length or chunked), and
// so how many body bytes the current request has sent. QHttpServer 6.4 buffers a whole request
// before anyone can look at it; this says "too large" at the first byte past the limit.
class RequestFramer
{
public:
    enum class Verdict
    {
        Fine,
        BodyTooLarge, // 413
        HeadTooLarge, // 431
        Malformed,    // 400
    };
    RequestFramer() = default;
    RequestFramer(qint64 maxBody, qint64 maxHead) : m_maxBody(maxBody), m_maxHead(maxHead) {}
    // The next bytes of the stream. After a verdict other than Fine, stop feeding.
    Verdict feed(QByteArrayView data);
    // No request under way: nothing after the last complete request.
    bool betweenRequests() const { return m_state == State::Head && m_line.isEmpty(); }
    // Part of a head has arrived, not all of it.
    bool inHead() const { return m_state == State::Head && !m_line.isEmpty(); }
    qint64 bodyBytes() const { return m_body; }
    int completed() const { return m_completed; }

private:
    enum class State
    {
        Head,
        Body,
        ChunkSize,
        ChunkData,
        ChunkDataEnd,
        Trailer,
    };
    Verdict headComplete();
    Verdict lineComplete();
    void requestDone();

    qint64 m_maxBody = 0;
    qint64 m_maxHead = 0;
    State m_state = State::Head;
    QByteArray m_line; // the head so far, or the chunk-size or trailer line so far
    qint64 m_left = 0; // bytes of the body or of the chunk still to come
    qint64 m_body = 0; // body bytes of this request so far (chunked: as declared)
    qint64 m_trailer = 0;
    int m_completed = 0;
};

} // namespace onramp
