#pragma once

#include <QString>

namespace onramp {

// A long word ("sha256:" and 64 hex digits, a path) with a break opportunity every 8 characters:
// a zero-width space, which shows nothing and lets a line wrap there. A view item wraps at
// spaces only, so without it such a word is cut. Only a word longer than any a line wraps at
// its boundaries (24 characters or more) is broken, and never after its last character. The
// one rule for every wrapped view (the gate overview's cells, the replay dialog's rows): the
// item's own text and its tooltip stay as they are; only what is painted and measured changes.
inline QString breakable(const QString &text)
{
    constexpr qsizetype kLong = 24, kEvery = 8;
    QString out;
    out.reserve(text.size() + text.size() / kEvery);
    for (qsizetype i = 0; i < text.size();) {
        qsizetype end = i;
        while (end < text.size() && !text[end].isSpace())
            ++end;
        if (end == i) { // a space
            out += text[i++];
            continue;
        }
        for (qsizetype k = i; k < end; ++k) {
            out += text[k];
            if (end - i >= kLong && (k - i + 1) % kEvery == 0 && k + 1 < end)
                out += QChar(0x200B);
        }
        i = end;
    }
    return out;
}

} // namespace onramp
