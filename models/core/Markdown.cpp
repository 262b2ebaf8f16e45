#include "Markdown.h"

namespace onramp {

QString markdownText(const QString &s)
{
    // A value always stands inside a line (after "- Image: ", within a sentence), never at a
    // line's start: block markers there (#, -, +, 1., >) are plain text, and escaping them made
    // "tiny\-lm\-byte" of a plain name (#17 walk, item 3). Escaped is only what CommonMark and
    // the GitHub dialect Qt reads (QTextDocument::setMarkdown, the PDF export) interpret inside
    // a line: a backslash, code spans, emphasis, links and images, HTML and entities,
    // strikethrough, table cells, and the autolinks that need no brackets (scheme://, www.,
    // e-mail). Line breaks become spaces so a value cannot start a block of its own.
    const auto alnum = [&s](qsizetype i) {
        return i >= 0 && i < s.size() && s.at(i).isLetterOrNumber();
    };
    QString out;
    out.reserve(s.size() + 8);
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        const char16_t u = c.unicode();
        bool escape = false;
        switch (u) {
        case u'\\':
        case u'`':
        case u'*':
        case u'[':
        case u']':
        case u'<':
        case u'>':
        case u'&':
        case u'~':
        case u'|':
        case u'!':
            escape = true;
            break;
        case u'@': { // an e-mail address: a domain with a dot follows (not "name@sha256:…")
            qsizetype j = i + 1;
            bool dot = false;
            while (j < s.size() && (s.at(j).isLetterOrNumber() || s.at(j) == u'-' ||
                                    s.at(j) == u'.' || s.at(j) == u'_')) {
                dot = dot || (s.at(j) == u'.' && alnum(j + 1));
                ++j;
            }
            escape = dot;
            break;
        }
        case u'_': // within a word it never opens or closes emphasis
            escape = !(alnum(i - 1) && alnum(i + 1));
            break;
        case u':': // http://, ftp://
            escape = s.mid(i + 1, 2) == QLatin1String("//");
            break;
        case u'.': // www.
            escape = i >= 3 && s.mid(i - 3, 3).compare(QLatin1String("www"), Qt::CaseInsensitive) == 0;
            break;
        default:
            break;
        }
        if (u < 0x20 || u == 0x7f || u == 0x85 || u == 0x2028 || u == 0x2029)
            out += u' ';
        else if (escape)
            out += u'\\' + c;
        else
            out += c;
    }
    return out;
}

} // namespace onramp
