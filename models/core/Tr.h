#pragma once

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include "Text.h"

namespace onramp {

// The one translation context for plain (non-QObject) classes in models/.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Onramp)
public:
    // As tr, for a line kept in a record and translated each time it is read (Text.h). lupdate
    // reads it as tr (-tr-function-alias tr+=trLater).
    static Text trLater(const char *source, const char *disambiguation = nullptr, int n = -1)
    {
        return Text::source(source, disambiguation, n);
    }
    // Translated sentences one after the other: a space between them, none in Chinese (a
    // sentence there ends in "。", and a space after it reads as a gap).
    static QString sentences(const QStringList &parts)
    {
        QStringList nonEmpty = parts;
        nonEmpty.removeAll(QString());
        return nonEmpty.join(chinese() ? QString() : QStringLiteral(" "));
    }
    // Clauses of one sentence: "a, b"; "a，b" in Chinese (#17 walk: log lines mixed ASCII
    // commas into Chinese text).
    static QString clauses(const QStringList &parts)
    {
        QStringList nonEmpty = parts;
        nonEmpty.removeAll(QString());
        return nonEmpty.join(chinese() ? QStringLiteral("，") : QStringLiteral(", "));
    }
    // Items that are clauses themselves: "a; b"; "a；b" in Chinese.
    static QString clauseList(const QStringList &items)
    {
        return items.join(chinese() ? QStringLiteral("；") : QStringLiteral("; "));
    }
    // The same, kept as source text (Text.h): the separator follows the language read in.
    static Text clauseListLater(const QList<Text> &items)
    {
        Text out;
        for (const Text &t : items)
            out = out.isEmpty() ? t : trLater("%1; %2", "two clauses of a list").arg(out, t);
        return out;
    }
    // The same as sentences(), kept as source text (Text.h): the language read in decides the
    // space between them (#17 walk: "。 可以重跑的人" in a refusal kept with a space).
    static Text sentencesLater(const QList<Text> &parts)
    {
        Text out;
        for (const Text &t : parts)
            if (!t.isEmpty())
                out = out.isEmpty() ? t
                                    : trLater("%1 %2", "two sentences, one after the other")
                                          .arg(out, t);
        return out;
    }
    // The same as list(), kept as source text: "a, b"; "a、b" in Chinese.
    static Text listLater(const QList<Text> &items)
    {
        Text out;
        for (const Text &t : items)
            out = out.isEmpty() ? t : trLater("%1, %2", "two items of a list").arg(out, t);
        return out;
    }
    // "a: b"; "a：b" in Chinese.
    static QString labelled(const QString &label, const QString &text)
    {
        return label + (chinese() ? QStringLiteral("：") : QStringLiteral(": ")) + text;
    }
    // A remark after what it is about: "a (b)"; "a（b）" in Chinese.
    static QString aside(const QString &text, const QString &remark)
    {
        if (remark.isEmpty())
            return text;
        return chinese() ? text + QStringLiteral("（") + remark + QStringLiteral("）")
                         : text + QStringLiteral(" (") + remark + QStringLiteral(")");
    }
    static bool chinese() { return QLocale().language() == QLocale::Chinese; }
    // Items of a list in a sentence: "a, b, c"; "a、b、c" in Chinese.
    static QString list(const QStringList &items)
    {
        return items.join(chinese() ? QStringLiteral("、") : QStringLiteral(", "));
    }
};

} // namespace onramp
