#pragma once

#include "GateTypes.h"

#include <QColor>
#include <QPalette>
#include <QRegularExpression>
#include <QString>
#include <QWidget>

namespace onramp {

// A glyph and a colour per status, so status reads at a glance and not by colour alone.
inline QString statusGlyph(GateStatus s)
{
    switch (s) {
    case GateStatus::NotStarted:
        return QStringLiteral("○");
    case GateStatus::InProgress:
        return QStringLiteral("◐");
    case GateStatus::Waiting:
        return QStringLiteral("◷");
    case GateStatus::Passed:
        return QStringLiteral("✔");
    case GateStatus::Rejected:
        return QStringLiteral("✖");
    }
    return {};
}

inline QColor statusColour(GateStatus s)
{
    switch (s) {
    case GateStatus::NotStarted:
        return QColor(0x60, 0x60, 0x60);
    case GateStatus::InProgress:
        return QColor(0x1a, 0x5f, 0xb4);
    case GateStatus::Waiting:
        return QColor(0xa0, 0x5a, 0x00);
    case GateStatus::Passed:
        return QColor(0x1b, 0x7f, 0x3b);
    case GateStatus::Rejected:
        return QColor(0xb3, 0x26, 0x1e);
    }
    return {};
}

// Colours text through the palette: style sheets would cost a style-sheet style per widget
// (measured: tens of milliseconds at startup for the six gate cards).
inline void setTextColour(QWidget *w, const QColor &c)
{
    if (w->palette().color(QPalette::WindowText) == c)
        return;
    QPalette p = w->palette();
    p.setColor(QPalette::WindowText, c);
    w->setPalette(p);
}

// A status as a label shows it: a path in it (a check's output file) starts a line of its
// own, with the bracket it opens with, so that it is not broken inside where a line can hold
// it (#17 walk: "output written (/" at a line's end, "tmp/onramp-…/environment.json)" on the
// next; a gate's evidence the same). The label stays selectable, and the path copies as it is.
inline QString pathsOnTheirOwnLines(const QString &status)
{
    static const QRegularExpression path(
        QStringLiteral(R"((?<![\w.~-])[(“"']?/[^\s()“”"']+/[^\s()“”"']+)"));
    QString out;
    qsizetype done = 0;
    for (auto it = path.globalMatch(status); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString before = status.mid(done, m.capturedStart() - done);
        if (!before.isEmpty() && !before.endsWith(u'\n')) {
            while (before.endsWith(u' '))
                before.chop(1);
            before += u'\n';
        }
        out += before + m.captured();
        done = m.capturedEnd();
    }
    return done == 0 ? status : out + status.mid(done);
}

} // namespace onramp
