#pragma once

#include <QDateTime>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <concepts>
#include <expected>

#include "Error.h"

namespace onramp {

// A line Onramp writes into a record that outlives the language it was written in: a gate's
// evidence, a check's result, why a gate went back. It keeps its English source text and its
// arguments, and is translated each time it is read, so a walk recorded in English reads in
// Chinese after a switch (#17).
//
// Write one with Tr::trLater("…").arg(…), exactly as Tr::tr: lupdate reads trLater as tr. Names,
// ids, numbers and a provider's own words go in as literal arguments and are never translated;
// a translated label (a role, a state) goes in as a Text of its own.
class Text
{
public:
    Text() = default;
    // Words that are never translated: what a person typed, an id, a provider's own message.
    static Text literal(const QString &text);
    // A source text marked for lupdate elsewhere (QT_TRANSLATE_NOOP("Onramp", …)).
    static Text source(const char *source, const char *disambiguation = nullptr, int n = -1);
    // A moment, written in the reader's language and time zone ("Thursday, 3 December 2026 12:17").
    static Text time(const QDateTime &t);
    // Parts read one after the other, with `separator` between those that are not empty.
    static Text joined(const QList<Text> &parts, const QString &separator);

    // Its lines: the parts of a text joined by line breaks, a literal's lines, else itself.
    QList<Text> lines() const;

    // As QString::arg: the lowest-numbered %N left takes the next argument.
    Text arg(const Text &a) const;
    Text arg(const QString &a) const { return arg(literal(a)); }
    Text arg(const char *a) const = delete; // a source text? use Text::source or trLater
    template <std::integral I> Text arg(I a) const { return arg(QString::number(a)); }
    Text arg(double a, int fieldWidth = 0, char format = 'g', int precision = -1) const
    {
        return arg(QStringLiteral("%1").arg(a, fieldWidth, format, precision));
    }
    template <typename... More>
        requires(sizeof...(More) >= 1)
    Text arg(const auto &a, const More &...more) const
    {
        return arg(a).arg(more...);
    }

    // In the language loaded now.
    QString toString() const;
    // In English whatever is loaded, times in UTC: for files whose bytes must not depend on the
    // reader's language (a run spec and its fingerprint).
    QString inEnglish() const;
    // English plurals for the source strings: "%n file(s)" reads "1 file", "2 files" (every
    // counted noun in the sources takes a plain s).
    static QString englishPlural(QString source, int n);
    bool isEmpty() const;
    void clear() { *this = Text(); }

    // A literal as a plain string (older files held plain strings: they read as literals);
    // anything else as an object.
    QJsonValue toJson() const;
    static std::expected<Text, Error> fromJson(const QJsonValue &v, const QString &path);

    bool operator==(const Text &) const = default;

private:
    enum class Kind
    {
        Literal,
        Translated,
        Joined,
        Time
    };
    Kind m_kind = Kind::Literal;
    QString m_text;           // the literal, the source text, the separator, or the ISO time
    QString m_disambiguation; // Translated
    int m_n = -1;             // Translated: the count for %n, -1 when none
    QList<Text> m_parts;      // Translated: the arguments; Joined: the parts
};

// A size in the reader's language, the one way Onramp writes one: under 1 KiB in bytes ("14
// bytes", #17 walk: a 14-byte file read "1 KB"), else in binary units with two decimals ("1.37
// KiB", "4.25 MiB"; QLocale::formattedDataSize).
QString dataSizeText(qint64 bytes);

} // namespace onramp
