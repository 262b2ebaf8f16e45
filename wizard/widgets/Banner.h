#pragma once

#include <QFrame>

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

    void showMessage(Tone tone, const QString &message, const QString &details = {},
                     bool retry = false);
    void clear();
    QString message() const;

signals:
    void retryRequested();

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();

    QLabel *m_text;
    QPushButton *m_retry;
    QPushButton *m_details;
    QString m_detailText;
    int m_tone = -1;
};

} // namespace onramp
