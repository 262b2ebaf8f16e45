#include "Downsample.h"

#include <algorithm>
#include <cmath>

namespace onramp {

QList<QPointF> downsampleLttb(std::span<const QPointF> points, int threshold)
{
    const qsizetype n = qsizetype(points.size());
    if (threshold < 3 || n <= threshold)
        return QList<QPointF>(points.begin(), points.end());
    QList<QPointF> out;
    out.reserve(threshold);
    out.append(points[0]);
    // The points between the first and the last go into threshold - 2 buckets.
    const double every = double(n - 2) / double(threshold - 2);
    qsizetype a = 0; // the point chosen in the previous bucket
    for (int i = 0; i < threshold - 2; ++i) {
        const qsizetype start = qsizetype(std::floor(i * every)) + 1;
        const qsizetype end = std::min<qsizetype>(qsizetype(std::floor((i + 1) * every)) + 1, n - 1);
        // The next bucket's average is the third corner.
        const qsizetype nextStart = end;
        const qsizetype nextEnd = std::min<qsizetype>(qsizetype(std::floor((i + 2) * every)) + 1, n);
        double avgX = 0, avgY = 0;
        for (qsizetype j = nextStart; j < nextEnd; ++j) {
            avgX += points[j].x();
            avgY += points[j].y();
        }
        const double count = double(std::max<qsizetype>(1, nextEnd - nextStart));
        avgX /= count;
        avgY /= count;
        const QPointF pa = points[a];
        double best = -1;
        qsizetype chosen = start;
        for (qsizetype j = start; j < end; ++j) {
            const double area = std::abs((pa.x() - avgX) * (points[j].y() - pa.y()) -
                                         (pa.x() - points[j].x()) * (avgY - pa.y()));
            if (area > best) {
                best = area;
                chosen = j;
            }
        }
        out.append(points[chosen]);
        a = chosen;
    }
    out.append(points[n - 1]);
    return out;
}

QList<QPointF> downsampleMinMax(std::span<const QPointF> points, int buckets)
{
    const qsizetype n = qsizetype(points.size());
    if (buckets < 1 || n <= 2 * qsizetype(buckets) + 2)
        return QList<QPointF>(points.begin(), points.end());
    QList<QPointF> out;
    out.reserve(2 * buckets + 2);
    const double x0 = points[0].x(), width = points[n - 1].x() - x0;
    out.append(points[0]);
    qsizetype j = 1;
    for (int b = 0; b < buckets && j < n - 1; ++b) {
        const double limit = b + 1 == buckets ? INFINITY : x0 + width * (b + 1) / buckets;
        qsizetype lo = -1, hi = -1;
        for (; j < n - 1 && points[j].x() < limit; ++j) {
            if (lo < 0 || points[j].y() < points[lo].y())
                lo = j;
            if (hi < 0 || points[j].y() > points[hi].y())
                hi = j;
        }
        if (lo < 0)
            continue;
        out.append(points[std::min(lo, hi)]);
        if (lo != hi)
            out.append(points[std::max(lo, hi)]);
    }
    out.append(points[n - 1]);
    return out;
}

} // namespace onramp
