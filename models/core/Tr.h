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
    // The joins below are translated patterns, so each language brings its own punctuation
    // (#17 walk: ASCII ", " and "; " inside Chinese text) and a new language needs no code.
    // Translated sentences one after the other: "a b"; "ab" in Chinese, where a sentence
    // ends in "。" and a space after it reads as a gap.
    static QString sentences(const QStringList &parts)
    {
        return fold(parts, tr("%1 %2", "two sentences, one after the other"));
    }
    // Clauses of one sentence: "a, b"; "a，b" in Chinese.
    static QString clauses(const QStringList &parts)
    {
        return fold(parts, tr("%1, %2", "two clauses of one sentence"));
    }
    // Items that are clauses themselves: "a; b"; "a；b" in Chinese.
    static QString clauseList(const QStringList &items)
    {
        return fold(items, tr("%1; %2", "two clauses of a list"));
    }
    // The same, kept as source text (Text.h): the separator follows the language read in.
    static Text clauseListLater(const QList<Text> &items)
    {
        return foldLater(items, trLater("%1; %2", "two clauses of a list"));
    }
    // The same as sentences(), kept as source text (Text.h): the language read in decides the
    // space between them (#17 walk: "。 可以重跑的人" in a refusal kept with a space).
    static Text sentencesLater(const QList<Text> &parts)
    {
        return foldLater(parts, trLater("%1 %2", "two sentences, one after the other"));
    }
    // The same as list(), kept as source text: "a, b"; "a、b" in Chinese.
    static Text listLater(const QList<Text> &items)
    {
        return foldLater(items, trLater("%1, %2", "two items of a list"));
    }
    // "a: b"; "a：b" in Chinese.
    static QString labelled(const QString &label, const QString &text)
    {
        return tr("%1: %2", "a label and its text").arg(label, text);
    }
    // A field's caption in a form: "Name:"; "名称：" in Chinese.
    static QString caption(const QString &label)
    {
        return tr("%1:", "a field's caption").arg(label);
    }
    // A remark after what it is about: "a (b)"; "a（b）" in Chinese.
    static QString aside(const QString &text, const QString &remark)
    {
        if (remark.isEmpty())
            return text;
        return tr("%1 (%2)", "a remark after what it is about").arg(text, remark);
    }
    // Items of a list in a sentence: "a, b, c"; "a、b、c" in Chinese.
    static QString list(const QStringList &items)
    {
        return fold(items, tr("%1, %2", "two items of a list"));
    }

private:
    // Joins the non-empty parts pairwise with one translated pattern. QString::arg with
    // several arguments replaces in one pass, so a part's own "%1" stays as it is.
    static QString fold(const QStringList &parts, const QString &pattern)
    {
        QString out;
        bool first = true;
        for (const QString &part : parts) {
            if (part.isEmpty())
                continue;
            out = first ? part : pattern.arg(out, part);
            first = false;
        }
        return out;
    }
    // fold() for text kept as source: the pattern is translated each time it is read.
    static Text foldLater(const QList<Text> &parts, const Text &pattern)
    {
        Text out;
        for (const Text &part : parts)
            if (!part.isEmpty())
                out = out.isEmpty() ? part : pattern.arg(out, part);
        return out;
    }
};

} // namespace onramp
