#include "ChartKit.h"

#include "HelperFiles.h"

#include <QCoreApplication>
#include <QLabel>
#include <QLibrary>

#include <mutex>

namespace onramp::charts {

namespace {

using LineFn = Line *(*)(QWidget *);
using BarsFn = Bars *(*)(QWidget *);

struct Module
{
    LineFn line = nullptr;
    BarsFn bars = nullptr;
    QString error;
};

// In Onramp's private folder when installed (HelperFiles.h); else in the build tree where
// CMake put it (the app, tests and benches run from different build folders).
QString modulePath()
{
    const QString found =
        findHelperFile(QStringLiteral("libonramp-charts.so"), QStringLiteral("wizard"));
    return found.isEmpty() ? QStringLiteral(ONRAMP_CHARTS_MODULE) : found;
}

const Module &module()
{
    static Module m;
    static std::once_flag once;
    std::call_once(once, [] {
        QLibrary library(modulePath());
        library.setLoadHints(QLibrary::PreventUnloadHint);
        m.line = reinterpret_cast<LineFn>(library.resolve("onramp_charts_line"));
        m.bars = reinterpret_cast<BarsFn>(library.resolve("onramp_charts_bars"));
        if (!m.line || !m.bars)
            m.error = library.errorString();
    });
    return m;
}

// Without the module the page still works: the chart's place says why it is empty.
class Missing : public QLabel, public Line, public Bars
{
public:
    explicit Missing(QWidget *parent) : QLabel(parent)
    {
        setWordWrap(true);
        setText(QCoreApplication::translate("onramp::charts",
                                            "Charts are unavailable (libonramp-charts.so could "
                                            "not be loaded: %1). Reinstall Onramp.")
                    .arg(module().error));
    }
    QWidget *widget() override { return this; }
    void setTitle(const QString &) override {}
    void replace(const QList<QPointF> &points) override { m_count = points.size(); }
    qsizetype count() const override { return m_count; }
    int plotWidth() const override { return width(); }
    void setRanges(double, double, double, double, int) override {}
    void setColumns(const QString &, const QStringList &, const QList<double> &, double) override
    {
    }
    void setStack(const QString &, const QStringList &, const QList<double> &, double) override {}

private:
    qsizetype m_count = 0;
};

} // namespace

Line *makeLine(QWidget *parent)
{
    if (const Module &m = module(); m.line)
        return m.line(parent);
    return new Missing(parent);
}

Bars *makeBars(QWidget *parent)
{
    if (const Module &m = module(); m.bars)
        return m.bars(parent);
    return new Missing(parent);
}

} // namespace onramp::charts
