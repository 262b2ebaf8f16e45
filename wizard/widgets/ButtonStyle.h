#pragma once

#include <QProxyStyle>

namespace onramp {

// The application's style with room around a push button's text. Fusion sizes a button to its
// text plus 5 px a side (80 px at least), so a long label ("Replay on a fresh sandbox",
// "在全新沙箱上重跑(R)") touched its frame (#17 walk). Every push button gets at least
// padding() either side of its contents, from its own font, whatever the language: no button
// has a fixed width.
class ButtonStyle : public QProxyStyle
{
    Q_OBJECT
public:
    explicit ButtonStyle(const QString &base); // the style it adds to, by name

    // Installs it over the application's style (the one chosen, -style included) once; the
    // wizard does, before its pages.
    static void install();
    // The room either side of a button's contents, in pixels, for `fm`.
    static int padding(const QFontMetrics &fm);

    QSize sizeFromContents(ContentsType type, const QStyleOption *option, const QSize &contents,
                           const QWidget *widget) const override;
};

} // namespace onramp
