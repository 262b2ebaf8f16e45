#include "Banner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolTip>

#include <algorithm>

namespace onramp {

Banner::Banner(QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("banner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("bannerText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_text, 1);
    m_details = new QPushButton(this);
    m_details->setObjectName(QStringLiteral("bannerDetails"));
    layout->addWidget(m_details);
    m_retry = new QPushButton(this);
    m_retry->setObjectName(QStringLiteral("bannerRetry"));
    layout->addWidget(m_retry);
    connect(m_retry, &QPushButton::clicked, this, &Banner::retryRequested);
    connect(m_details, &QPushButton::clicked, this, [this] {
        QToolTip::showText(m_details->mapToGlobal(QPoint(0, m_details->height())), m_detailText,
                           m_details);
    });
    retranslate();
    hide();
}

void Banner::showMessage(Tone tone, const Text &text, const QString &details, bool retry)
{
    m_message = text;
    const QString message = text.toString();
    // Refreshes run on every keystroke: an unchanged banner must cost nothing (a palette
    // change re-polishes and re-lays out the whole strip).
    if (isVisible() && m_text->text() == message && m_detailText == details &&
        m_retry->isVisibleTo(this) == retry && m_tone == int(tone))
        return;
    m_tone = int(tone);
    static const QColor colours[] = {QColor(0xe8, 0xf0, 0xfe), QColor(0xff, 0xf4, 0xe5),
                                     QColor(0xfd, 0xec, 0xea)};
    QPalette p = palette();
    p.setColor(QPalette::Window, colours[int(tone)]);
    setPalette(p);
    m_text->setText(message);
    m_detailText = details;
    m_text->setToolTip(details);
    m_details->setVisible(!details.isEmpty());
    m_retry->setVisible(retry);
    // From the first message on, its place stays (reserveSpace): never before, so a page where
    // no banner has shown has no blank band at its top (#17 walk).
    if (m_reserved)
        holdPlace();
    show();
}

void Banner::holdPlace()
{
    QSizePolicy policy = sizePolicy();
    if (!policy.retainSizeWhenHidden()) {
        policy.setRetainSizeWhenHidden(true);
        setSizePolicy(policy);
    }
    setMinimumHeight(std::max(minimumHeight(), oneLineHeight()));
}

void Banner::clear()
{
    if (isHidden() && m_text->text().isEmpty())
        return;
    // The place stays as high as the message that leaves it.
    if (m_reserved && isVisible())
        setMinimumHeight(std::max(minimumHeight(), height()));
    m_text->clear();
    m_message.clear();
    hide();
}

void Banner::reserveSpace()
{
    m_reserved = true;
    if (isVisibleTo(parentWidget()) || !m_message.isEmpty())
        holdPlace(); // a message already showing keeps its place from now on
}

int Banner::oneLineHeight() const
{
    // A line of Latin and CJK text: the Chinese font's line can be the taller one.
    const int line = std::max(m_text->fontMetrics().height(),
                              m_text->fontMetrics().boundingRect(QStringLiteral("X国")).height());
    const QMargins m = layout()->contentsMargins();
    return line + m.top() + m.bottom() + 2 * frameWidth();
}

QString Banner::message() const
{
    return m_text->text();
}

void Banner::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    if (m_reserved && sizePolicy().retainSizeWhenHidden() &&
        (e->type() == QEvent::FontChange || e->type() == QEvent::StyleChange))
        setMinimumHeight(std::max(minimumHeight(), oneLineHeight()));
    QFrame::changeEvent(e);
}

void Banner::retranslate()
{
    // No Alt letter: a banner can show on any page, next to fields that need the letters.
    m_retry->setText(tr("Retry"));
    m_retry->setAccessibleName(tr("Retry"));
    m_details->setText(tr("Details"));
    m_details->setAccessibleName(tr("Show technical details"));
    if (!m_message.isEmpty())
        m_text->setText(m_message.toString());
}

} // namespace onramp
