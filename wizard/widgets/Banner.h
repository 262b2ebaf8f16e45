#pragma once

#include <QFrame>

#include "Text.h"

class QLabel;
class QPushButton;

namespace onramp {

// An inline message strip for operation failures: the message, optional technical details
// (in the tooltip and behind "Details"), and an optional Retry action.
class Banner : public QFrame
{
    Q_OBJECT
public:
    enum class Tone
    {
        Info,
        Warning,
        Error
    };

    explicit Banner(QWidget *parent = nullptr);

    // A message Onramp writes itself is a Text: it reads again in the language chosen after it
    // showed (#17 walk: "已写入：…" stayed Chinese after a switch to English). A QString is a
    // message translated once (an Error's), shown as it is.
    void showMessage(Tone tone, const Text &message, const QString &details = {},
                     bool retry = false);
    void showMessage(Tone tone, const QString &message, const QString &details = {},
                     bool retry = false)
    {
        showMessage(tone, Text::literal(message), details, retry);
    }
    void clear();
    QString message() const;
    // Once a message has shown, keeps the banner's place while it is cleared, at least one line
    // high (and as high as the tallest message it has shown), so that what lies under it does
    // not move when a message comes and goes (#17 walk: the page jumped about 30 px under the
    // mouse). Until the first message it takes no place: a page that never had one has no blank
    // band at its top (#17 walk).
    void reserveSpace();

signals:
    void retryRequested();

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();
    // The height of a one-line message, in the current font and style.
    int oneLineHeight() const;
    // Keeps the place from now on, hidden or not.
    void holdPlace();

    QLabel *m_text;
    QPushButton *m_retry;
    QPushButton *m_details;
    QString m_detailText;
    Text m_message;
    int m_tone = -1;
    bool m_reserved = false;
};

} // namespace onramp
