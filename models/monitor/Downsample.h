#pragma once

#include <QList>
#include <QPointF>

#include <span>

namespace onramp {

// Reducing a long series to what a plot of a given width can show, so that a chart of a
// million steps draws a few thousand points. Both keep the first and the last point and return
// points in the input's x order; the input must be sorted by x.

// Largest-Triangle-Three-Buckets (Steinarsson 2013): `threshold` points, each bucket's point
// the one spanning the largest triangle with its neighbours — the curve's shape survives.
QList<QPointF> downsampleLttb(std::span<const QPointF> points, int threshold);

// Min and max of each of `buckets` equal-width x ranges, in x order: every spike survives (a
// loss blow-up one step wide still shows), at most 2 × buckets + 2 points.
QList<QPointF> downsampleMinMax(std::span<const QPointF> points, int buckets);

} // namespace onramp
