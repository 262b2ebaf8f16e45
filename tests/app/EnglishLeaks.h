#pragma once

// English left in a page shown in Chinese (#17: "a zh_CN walk of the sandbox finds no
// Onramp-generated English on any page"). Names, identifiers, units and acronyms are not
// English prose: a leak is two or more English words in a row of which one is written in lower
// case ("已连接 the built-in sandbox", "(all experts)"), or one of English's small words
// standing alone among Chinese ("已连接 the 沙箱"). A word is letters, with inner hyphens or
// apostrophes; a token glued to digits, dots, slashes or underscores (ids, paths, versions,
// field names) is not a word. Runs whose every word is in `allowed` (what the user typed, the
// catalog's names) are the user's or the catalog's words, not Onramp's.

#include <QRegularExpression>
#include <QSet>
#include <QStringList>

#include <algorithm>

namespace onramp::test {

inline QStringList englishLeaks(const QString &text, const QSet<QString> &allowed)
{
    static const QRegularExpression word(
        QStringLiteral("^[(“\"'‘]*([A-Za-z]+(?:[-'’][A-Za-z]+)*)[)”\"'’,.;:!?]*$"));
    static const QSet<QString> small = {
        "the", "a", "an", "of", "to", "in", "on", "at", "is", "are", "and", "or", "for", "with",
        "from", "by", "not", "no", "this", "that", "it", "be", "was", "has", "have", "will",
        "can", "as", "its", "your", "you"};
    QStringList leaks;
    // Chinese characters and punctuation end a run as a space does.
    QStringList tokens;
    QString current;
    for (const QChar c : text) {
        if (c.isSpace() || c.unicode() >= 0x2E80) {
            if (!current.isEmpty())
                tokens << current;
            current.clear();
            if (!c.isSpace())
                tokens << QString(); // a Chinese character: a break between runs
            continue;
        }
        current += c;
    }
    if (!current.isEmpty())
        tokens << current;
    QStringList run;
    const auto close = [&] {
        const bool lower = std::any_of(run.begin(), run.end(), [](const QString &w) {
            return w.size() >= 2 && w == w.toLower();
        });
        const bool known = std::all_of(run.begin(), run.end(),
                                       [&](const QString &w) { return allowed.contains(w); });
        if (!known && ((run.size() >= 2 && lower) ||
                       (run.size() == 1 && small.contains(run.front()))))
            leaks << run.join(u' ');
        run.clear();
    };
    for (const QString &t : tokens) {
        const auto m = word.match(t);
        if (!m.hasMatch()) {
            close();
            continue;
        }
        // "(word" starts a run of its own; "word," "word:" or "word)" ends one.
        if (t.startsWith(u'('))
            close();
        run << m.captured(1);
        if (t.endsWith(u',') || t.endsWith(u')') || t.endsWith(u';') || t.endsWith(u':'))
            close();
    }
    close();
    return leaks;
}

// The words of `texts`, for `allowed`.
inline QSet<QString> wordsOf(const QStringList &texts)
{
    QSet<QString> words;
    static const QRegularExpression letters(QStringLiteral("[A-Za-z]+(?:[-'’][A-Za-z]+)*"));
    for (const QString &t : texts) {
        for (auto it = letters.globalMatch(t); it.hasNext();)
            words << it.next().captured(0);
    }
    return words;
}

} // namespace onramp::test
