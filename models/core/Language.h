#pragma once

#include <QObject>
#include <QString>
#include <QTranslator>

namespace onramp {

// Installs Onramp's catalogue and Qt's own (so standard buttons follow) for a language, and
// swaps them at run time: Qt then sends every widget a LanguageChange event.
class Language : public QObject
{
    Q_OBJECT
public:
    explicit Language(QObject *parent = nullptr);
    ~Language() override;

    static QStringList supported(); // "en", "zh_CN"
    static QString nativeName(const QString &code);
    // "" (follow the system) → the supported code closest to the system locale.
    static QString resolve(const QString &code);

    // Returns false when the app catalogue for the language is missing.
    bool apply(const QString &code);
    QString current() const { return m_current; }

signals:
    void changed(const QString &code);

private:
    // English plurals for the source strings themselves: "%n file(s)" reads "1 file",
    // "2 files" (every counted noun in the sources takes a plain s).
    class EnglishPlurals : public QTranslator
    {
    public:
        bool isEmpty() const override { return false; }
        QString translate(const char *context, const char *sourceText,
                          const char *disambiguation, int n) const override;
    };

    QTranslator m_qt;
    QTranslator m_app;
    EnglishPlurals m_plurals;
    bool m_installed = false;
    QString m_current;
};

} // namespace onramp
