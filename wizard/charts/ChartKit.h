#pragma once

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

class QWidget;

namespace onramp::charts {

// The charts the pages draw, behind an interface: QtCharts (and the OpenGL libraries it pulls
// in) lives in a module, libonramp-charts.so, opened when a page first builds a chart — not
// while the wizard starts. Each object is its own widget, owned by the parent it was made
// with; pointers to it live as long as that widget.

class Line
{
public:
    virtual ~Line() = default;
    virtual QWidget *widget() = 0;
    virtual void setTitle(const QString &title) = 0;
    // Replaces every point at once (never appended point by point).
    virtual void replace(const QList<QPointF> &points) = 0;
    virtual qsizetype count() const = 0;
    virtual int plotWidth() const = 0; // pixels across the plot area
    virtual void setRanges(double x0, double x1, double y0, double y1, int yDigits) = 0;
};

class Bars
{
public:
    virtual ~Bars() = default;
    virtual QWidget *widget() = 0;
    // Vertical columns of one set over categories (the quota's months).
    virtual void setColumns(const QString &set, const QStringList &categories,
                            const QList<double> &values, double axisMax) = 0;
    // One horizontal bar stacked from named parts (the memory breakdown), with a legend.
    virtual void setStack(const QString &category, const QStringList &parts,
                          const QList<double> &values, double axisMax) = 0;
};

// Made by the module (opened on the first call), or — when it cannot be loaded — placeholders
// that say why.
Line *makeLine(QWidget *parent);
Bars *makeBars(QWidget *parent);

} // namespace onramp::charts
