#include "ButtonStyle.h"

#include <QApplication>
#include <QStyleOption>

#include <algorithm>

namespace onramp {

ButtonStyle::ButtonStyle(const QString &base) : QProxyStyle(base)
{
}

void ButtonStyle::install()
{
    if (!qobject_cast<ButtonStyle *>(QApplication::style()))
        QApplication::setStyle(new ButtonStyle(QApplication::style()->name())); // the app owns it
}

int ButtonStyle::padding(const QFontMetrics &fm)
{
    return (fm.height() * 3 + 2) / 5; // about 10 px at a 17 px line
}

QSize ButtonStyle::sizeFromContents(ContentsType type, const QStyleOption *option,
                                    const QSize &contents, const QWidget *widget) const
{
    QSize size = QProxyStyle::sizeFromContents(type, option, contents, widget);
    if (type == CT_PushButton && option) {
        const int frame = 2 * pixelMetric(PM_DefaultFrameWidth, option, widget);
        size.setWidth(std::max(size.width(),
                               contents.width() + 2 * padding(option->fontMetrics) + frame));
    }
    return size;
}

} // namespace onramp
