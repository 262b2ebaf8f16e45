#include "Language.h"
#include "Text.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

namespace onramp {

Language::Language(QObject *parent) : QObject(parent)
{
}

Language::~Language()
{
    if (m_installed) {
        QCoreApplication::removeTranslator(&m_app);
        QCoreApplication::removeTranslator(&m_qt);
        QCoreApplication::removeTranslator(&m_plurals);
    }
}

QString Language::EnglishPlurals::translate(const char *, const char *sourceText, const char *,
                                            int n) const
{
    if (n < 0 || !sourceText)
        return {}; // not a counted string: the source as it is
    const QString text = QString::fromUtf8(sourceText);
    if (!text.contains(QLatin1String("(s)")))
        return {};
    return Text::englishPlural(text, n);
}

QStringList Language::supported()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString Language::nativeName(const QString &code)
{
    // Each language is named in itself, so a user who cannot read the current UI finds theirs.
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("中文（简体）");
    return QStringLiteral("English");
}

QString Language::resolve(const QString &code)
{
    if (supported().contains(code))
        return code;
    const QString system = QLocale::system().name();
    return system.startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

namespace {

// Qt 6.4's own zh_CN has no context QAbstractFileIconProvider (new in Qt 6), so Qt's file
// dialog listed folders as "Folder" in Chinese (#17 walk). Onramp's translation carries the
// file dialog's type names; the strings are Qt's, as libQt6Gui asks for them.
[[maybe_unused]] const struct
{
    const char *source;
    const char *comment;
} kQtFileTypeNames[] = {
    QT_TRANSLATE_NOOP3("QAbstractFileIconProvider", "Folder", "All other platforms"),
    QT_TRANSLATE_NOOP3("QAbstractFileIconProvider", "Drive", ""),
    QT_TRANSLATE_NOOP3("QAbstractFileIconProvider", "Unknown", ""),
};

} // namespace

bool Language::apply(const QString &requested)
{
    const QString code = resolve(requested);
    if (m_installed && code == m_current)
        return true;
    if (m_installed) {
        QCoreApplication::removeTranslator(&m_app);
        QCoreApplication::removeTranslator(&m_qt);
        QCoreApplication::removeTranslator(&m_plurals);
        m_installed = false;
    }
    QLocale::setDefault(QLocale(code));
    bool ok = true;
    if (code == QLatin1String("en")) {
        QCoreApplication::installTranslator(&m_plurals);
        m_installed = true;
    } else {
        if (m_qt.load(QLocale(code), QStringLiteral("qtbase"), QStringLiteral("_"),
                      QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(&m_qt);
        ok = m_app.load(QStringLiteral(":/i18n/onramp_") + code);
        if (ok)
            QCoreApplication::installTranslator(&m_app);
        m_installed = true;
    }
    m_current = code;
    emit changed(code);
    return ok;
}

} // namespace onramp
