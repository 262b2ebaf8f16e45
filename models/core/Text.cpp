#include "Text.h"

#include "Tr.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <map>

namespace onramp {

namespace {

// QString::arg's rule, for any number of arguments at once: the distinct %N markers, lowest
// first, take the arguments in order; markers beyond the arguments stay as they are.
QString substitute(const QString &pattern, const QStringList &args)
{
    std::map<int, QString> byNumber;
    for (qsizetype i = 0; i + 1 < pattern.size(); ++i) {
        if (pattern[i] != u'%' || !pattern[i + 1].isDigit())
            continue;
        int n = pattern[i + 1].digitValue();
        if (i + 2 < pattern.size() && pattern[i + 2].isDigit())
            n = n * 10 + pattern[i + 2].digitValue();
        if (n > 0)
            byNumber[n];
    }
    qsizetype next = 0;
    for (auto &[n, value] : byNumber) {
        if (next == args.size())
            break;
        value = args[next++];
    }
    QString out;
    out.reserve(pattern.size());
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == u'%' && i + 1 < pattern.size() && pattern[i + 1].isDigit()) {
            int n = pattern[i + 1].digitValue();
            qsizetype len = 2;
            if (i + 2 < pattern.size() && pattern[i + 2].isDigit()) {
                n = n * 10 + pattern[i + 2].digitValue();
                len = 3;
            }
            const auto it = byNumber.find(n);
            if (it != byNumber.end() && std::distance(byNumber.begin(), it) < args.size()) {
                out += it->second;
                i += len - 1;
                continue;
            }
        }
        out += pattern[i];
    }
    return out;
}

// `message` is only the why: the caller says which file and field in its own words.
Error invalid(const QString &path, const QString &why)
{
    return Error{Error::Kind::Invalid, why, QStringLiteral("field %1: %2").arg(path, why), path};
}

// A text nests its arguments; a file from elsewhere cannot nest them without end.
constexpr int kMaxDepth = 8;

std::expected<Text, Error> read(const QJsonValue &v, const QString &path, int depth);

std::expected<QList<Text>, Error> readList(const QJsonValue &v, const QString &path, int depth)
{
    if (!v.isArray())
        return std::unexpected(invalid(path, Tr::tr("expected a list")));
    QList<Text> out;
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        auto t = read(a[i], QStringLiteral("%1[%2]").arg(path).arg(i), depth + 1);
        if (!t)
            return std::unexpected(t.error());
        out << *t;
    }
    return out;
}

} // namespace

Text Text::literal(const QString &text)
{
    Text t;
    t.m_text = text;
    return t;
}

Text Text::source(const char *source, const char *disambiguation, int n)
{
    Text t;
    t.m_kind = Kind::Translated;
    t.m_text = QString::fromUtf8(source);
    t.m_disambiguation = QString::fromUtf8(disambiguation);
    t.m_n = n;
    return t;
}

Text Text::time(const QDateTime &t)
{
    Text out;
    if (!t.isValid())
        return out;
    out.m_kind = Kind::Time;
    out.m_text = t.toUTC().toString(Qt::ISODateWithMs);
    return out;
}

Text Text::joined(const QList<Text> &parts, const QString &separator)
{
    Text t;
    t.m_kind = Kind::Joined;
    t.m_text = separator;
    for (const Text &p : parts) {
        if (!p.isEmpty())
            t.m_parts << p;
    }
    return t;
}

QList<Text> Text::lines() const
{
    if (m_kind == Kind::Joined && m_text == QLatin1String("\n"))
        return m_parts;
    if (m_kind == Kind::Literal) {
        QList<Text> out;
        for (const QString &line : m_text.split(u'\n', Qt::SkipEmptyParts))
            out << literal(line);
        return out;
    }
    if (isEmpty())
        return {};
    return {*this};
}

Text Text::arg(const Text &a) const
{
    Text t = *this;
    if (t.m_kind == Kind::Literal) // as QString::arg on a plain string
        return literal(substitute(m_text, {a.toString()}));
    t.m_parts << a;
    return t;
}

QString Text::toString() const
{
    switch (m_kind) {
    case Kind::Literal:
        return m_text;
    case Kind::Translated: {
        const QByteArray source = m_text.toUtf8();
        const QByteArray disambiguation = m_disambiguation.toUtf8();
        const QString pattern = QCoreApplication::translate(
            "Onramp", source.constData(),
            m_disambiguation.isEmpty() ? nullptr : disambiguation.constData(), m_n);
        if (m_parts.isEmpty())
            return pattern;
        QStringList args;
        for (const Text &p : m_parts)
            args << p.toString();
        return substitute(pattern, args);
    }
    case Kind::Time: {
        const QDateTime local = QDateTime::fromString(m_text, Qt::ISODateWithMs).toLocalTime();
        const QLocale l;
        return l.toString(local.date(), QLocale::LongFormat) + u' ' +
               l.toString(local.time(), QLocale::ShortFormat);
    }
    case Kind::Joined: {
        QStringList parts;
        for (const Text &p : m_parts)
            parts << p.toString();
        return parts.join(m_text);
    }
    }
    return {};
}

QString Text::englishPlural(QString source, int n)
{
    return source.replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"));
}

QString Text::inEnglish() const
{
    switch (m_kind) {
    case Kind::Literal:
        return m_text;
    case Kind::Translated: {
        QString pattern = m_text;
        if (m_n >= 0)
            pattern = englishPlural(pattern, m_n).replace(QLatin1String("%n"),
                                                          QString::number(m_n));
        QStringList args;
        for (const Text &p : m_parts)
            args << p.inEnglish();
        return args.isEmpty() ? pattern : substitute(pattern, args);
    }
    case Kind::Time:
        return QDateTime::fromString(m_text, Qt::ISODateWithMs)
            .toUTC()
            .toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
    case Kind::Joined: {
        QStringList parts;
        for (const Text &p : m_parts)
            parts << p.inEnglish();
        return parts.join(m_text);
    }
    }
    return {};
}

bool Text::isEmpty() const
{
    switch (m_kind) {
    case Kind::Literal:
    case Kind::Translated:
    case Kind::Time:
        return m_text.isEmpty();
    case Kind::Joined:
        return m_parts.isEmpty();
    }
    return true;
}

QJsonValue Text::toJson() const
{
    QJsonArray parts;
    for (const Text &p : m_parts)
        parts.append(p.toJson());
    switch (m_kind) {
    case Kind::Literal:
        return m_text;
    case Kind::Translated: {
        QJsonObject o{{"text", m_text}};
        if (!m_disambiguation.isEmpty())
            o.insert("disambiguation", m_disambiguation);
        if (m_n >= 0)
            o.insert("n", m_n);
        if (!parts.isEmpty())
            o.insert("args", parts);
        return o;
    }
    case Kind::Joined:
        return QJsonObject{{"join", parts}, {"separator", m_text}};
    case Kind::Time:
        return QJsonObject{{"time", m_text}};
    }
    return {};
}

namespace {

std::expected<Text, Error> read(const QJsonValue &v, const QString &path, int depth)
{
    if (depth > kMaxDepth)
        return std::unexpected(invalid(path, Tr::tr("nested too deeply")));
    if (v.isString() || v.isNull() || v.isUndefined())
        return Text::literal(v.toString());
    if (!v.isObject())
        return std::unexpected(invalid(path, Tr::tr("expected text")));
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        static const QStringList known = {"text", "disambiguation", "n",   "args",
                                          "join", "separator",      "time"};
        if (!known.contains(it.key()))
            return std::unexpected(
                invalid(path + u'.' + it.key(), Tr::tr("unknown field in a text")));
    }
    if (o.contains("time")) {
        const QDateTime t = QDateTime::fromString(o.value("time").toString(), Qt::ISODateWithMs);
        if (!t.isValid() || o.size() != 1)
            return std::unexpected(
                invalid(path + QStringLiteral(".time"), Tr::tr("expected an ISO 8601 time")));
        return Text::time(t);
    }
    if (o.contains("join")) {
        auto parts = readList(o.value("join"), path + QStringLiteral(".join"), depth);
        if (!parts)
            return std::unexpected(parts.error());
        if (!o.value("separator").isString())
            return std::unexpected(
                invalid(path + QStringLiteral(".separator"), Tr::tr("expected a string")));
        return Text::joined(*parts, o.value("separator").toString());
    }
    if (!o.value("text").isString())
        return std::unexpected(
            invalid(path + QStringLiteral(".text"), Tr::tr("expected a string")));
    const QJsonValue n = o.value("n");
    if (!n.isUndefined() && (!n.isDouble() || n.toDouble() < 0 || n.toDouble() > 1e9))
        return std::unexpected(
            invalid(path + QStringLiteral(".n"), Tr::tr("expected a count of 0 or more")));
    Text t = Text::source(o.value("text").toString().toUtf8().constData(),
                          o.value("disambiguation").toString().toUtf8().constData(),
                          n.isUndefined() ? -1 : n.toInt());
    if (o.contains("args")) {
        auto args = readList(o.value("args"), path + QStringLiteral(".args"), depth);
        if (!args)
            return std::unexpected(args.error());
        for (const Text &a : *args)
            t = t.arg(a);
    }
    return t;
}

} // namespace

std::expected<Text, Error> Text::fromJson(const QJsonValue &v, const QString &path)
{
    return read(v, path, 0);
}

QString dataSizeText(qint64 bytes)
{
    // QLocale says "1 bytes" and has no plural: a count of bytes is ours.
    if (bytes > -1024 && bytes < 1024)
        return Tr::tr("%n byte(s)", nullptr, int(bytes));
    return QLocale().formattedDataSize(bytes);
}

} // namespace onramp
