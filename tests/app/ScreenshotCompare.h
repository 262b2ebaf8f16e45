#pragma once

// A rendered page against its committed screenshot, within a tolerance (tests only).
//
// Per tile, not per pixel: the image is cut into 16×16 tiles, and two things are counted.
//  - Changed tiles: a pixel changed when one of its channels is off by more than
//    kPixelThreshold, a tile when more than kTilePixelShare of its pixels did. Anti-aliasing that
//    moves by a fraction of a pixel changes a few edge pixels per glyph, spread thin: no tile
//    reaches the share. A widget that moved, or one that appeared or went missing in a layout,
//    shifts everything after it: every tile of that text and those frames changes.
//  - Ink tiles: a tile holds ink when kInkPixels of its pixels stand out from the tile's own
//    background by more than kInkContrast grey levels (text, lines, frames, a button's edge). A
//    text that changed but kept its length (an id, a port, a time, a digest) changes pixels but not
//    where ink is; a widget that went missing without moving anything else (the last of a column, a
//    cell) takes its ink away.
// A page matches when its size is the same, at most kMaxChangedShare of its tiles changed and
// at most kMaxInkShare gained or lost ink. What shows a run's own measurements (step-time and
// memory charts, the log, the coach's reading, widgets with the onrampLive property) is blanked
// in both images first: `onramp screenshot --live-regions` says where it is.
//
// Measured on the committed screenshots against fresh walks (tst_cli,
// screenshotsMatchTheCommittedOnes, both languages): at most 3.0 % of a page's tiles changed
// (ids and ports on gate 2 and the handoff dialogs) and 0.12 % gained or lost ink; the limits
// are twice that. A check box hidden on a page changes far more (gate 1: 30 % of its tiles);
// two buttons painted over, nothing moved, 0.36 % lose ink. What passes unseen: a widget that
// went missing without moving anything else and held ink in fewer than 0.25 % of the page's
// tiles (9 tiles on a 1280×720 page: about one short button).

#include <QColor>
#include <QImage>
#include <QList>
#include <QPainter>
#include <QRect>
#include <QString>

#include <algorithm>
#include <array>
#include <cstdlib>

namespace onramp::screenshots {

constexpr int kTile = 16;
constexpr int kPixelThreshold = 64;       // of 255, per channel
constexpr double kTilePixelShare = 0.04;  // > 10 of a tile's 256 pixels
constexpr double kMaxChangedShare = 0.06; // of the page's tiles: pixels changed
constexpr double kMaxInkShare = 0.0025;   // of the page's tiles: ink appeared or went
constexpr int kInkContrast = 40;          // grey levels off a tile's background: ink
constexpr int kInkPixels = 4;             // a tile with this many ink pixels holds something

struct Comparison
{
    bool sameSize = true;
    int tiles = 0;
    int differingTiles = 0; // ink in one image, none in the other
    int changedTiles = 0;   // more than kTilePixelShare of its pixels changed
    qint64 differingPixels = 0;
    double inkShare() const { return tiles ? double(differingTiles) / tiles : 1.0; }
    double changedShare() const { return tiles ? double(changedTiles) / tiles : 1.0; }
    bool matches() const
    {
        return sameSize && changedShare() <= kMaxChangedShare && inkShare() <= kMaxInkShare;
    }
    // The committed image, the new one and the difference side by side: differing pixels red,
    // differing tiles outlined, the rest faded.
    QImage picture;
    QString summary() const
    {
        if (!sameSize)
            return QStringLiteral("the size changed");
        return QStringLiteral("%1 of %2 tiles changed (%3 %, at most %4 %), %5 gained or lost "
                              "ink (%6 %, at most %7 %); %8 pixels")
            .arg(changedTiles)
            .arg(tiles)
            .arg(changedShare() * 100, 0, 'f', 2)
            .arg(kMaxChangedShare * 100, 0, 'f', 1)
            .arg(differingTiles)
            .arg(inkShare() * 100, 0, 'f', 2)
            .arg(kMaxInkShare * 100, 0, 'f', 1)
            .arg(differingPixels);
    }
};

// `ignore`: rectangles that show a run's own measurements (onramp screenshot --live-regions),
// blanked in both images before they are compared.
inline Comparison compare(const QImage &expectedImage, const QImage &actualImage,
                          const QList<QRect> &ignore = {})
{
    QImage expected = expectedImage.convertToFormat(QImage::Format_RGB32);
    QImage actual = actualImage.convertToFormat(QImage::Format_RGB32);
    for (QImage *img : {&expected, &actual}) {
        QPainter blank(img);
        for (const QRect &r : ignore)
            blank.fillRect(r, QColor(225, 225, 225));
    }
    Comparison c;
    const int w = std::max(expected.width(), actual.width());
    const int h = std::max(expected.height(), actual.height());
    c.sameSize = expected.size() == actual.size();
    QImage diff(w, h, QImage::Format_RGB32);
    diff.fill(Qt::white);
    const int tilesX = (w + kTile - 1) / kTile, tilesY = (h + kTile - 1) / kTile;
    c.tiles = tilesX * tilesY;
    std::vector<int> perTile(size_t(c.tiles), 0);
    for (int y = 0; y < h; ++y) {
        const bool inE = y < expected.height(), inA = y < actual.height();
        const QRgb *e = inE ? reinterpret_cast<const QRgb *>(expected.constScanLine(y)) : nullptr;
        const QRgb *a = inA ? reinterpret_cast<const QRgb *>(actual.constScanLine(y)) : nullptr;
        QRgb *d = reinterpret_cast<QRgb *>(diff.scanLine(y));
        for (int x = 0; x < w; ++x) {
            const bool haveE = e && x < expected.width(), haveA = a && x < actual.width();
            bool differs = haveE != haveA;
            if (haveE && haveA) {
                const QRgb p = e[x], q = a[x];
                differs = std::abs(qRed(p) - qRed(q)) > kPixelThreshold ||
                          std::abs(qGreen(p) - qGreen(q)) > kPixelThreshold ||
                          std::abs(qBlue(p) - qBlue(q)) > kPixelThreshold;
            }
            if (differs) {
                ++c.differingPixels;
                ++perTile[size_t((y / kTile) * tilesX + x / kTile)];
                d[x] = qRgb(230, 0, 0);
            } else if (haveA) {
                const int g = qGray(a[x]);
                d[x] = qRgb(200 + g / 5, 200 + g / 5, 200 + g / 5); // faded
            }
        }
    }
    // Where there is ink: a tile holding at least kInkPixels pixels that stand out from its
    // own background (its most common grey) by more than kInkContrast: text, lines, frames.
    const auto inkMap = [&](const QImage &img) {
        std::vector<std::array<int, 256>> grey(size_t(c.tiles));
        for (auto &h : grey)
            h.fill(0);
        for (int y = 0; y < img.height(); ++y) {
            const QRgb *p = reinterpret_cast<const QRgb *>(img.constScanLine(y));
            for (int x = 0; x < img.width(); ++x)
                ++grey[size_t((y / kTile) * tilesX + x / kTile)][size_t(qGray(p[x]))];
        }
        std::vector<bool> inked(grey.size());
        for (size_t i = 0; i < grey.size(); ++i) {
            const auto &h = grey[i];
            const int background = int(std::max_element(h.begin(), h.end()) - h.begin());
            int standing = 0;
            for (int g = 0; g < 256; ++g)
                if (std::abs(g - background) > kInkContrast)
                    standing += h[size_t(g)];
            inked[i] = standing >= kInkPixels;
        }
        return inked;
    };
    const std::vector<bool> inkE = inkMap(expected), inkA = inkMap(actual);
    QPainter paint(&diff);
    for (int ty = 0; ty < tilesY; ++ty) {
        for (int tx = 0; tx < tilesX; ++tx) {
            const int tw = std::min(kTile, w - tx * kTile), th = std::min(kTile, h - ty * kTile);
            const size_t i = size_t(ty * tilesX + tx);
            if (perTile[i] > kTilePixelShare * tw * th) {
                ++c.changedTiles;
                paint.setPen(QColor(240, 150, 0));
                paint.drawRect(tx * kTile, ty * kTile, tw - 1, th - 1);
            }
            if (inkE[i] != inkA[i]) {
                ++c.differingTiles;
                paint.setPen(QColor(230, 0, 0));
                paint.drawRect(tx * kTile, ty * kTile, tw - 1, th - 1);
                paint.drawLine(tx * kTile, ty * kTile, tx * kTile + tw - 1, ty * kTile + th - 1);
            }
        }
    }
    paint.end();
    // Committed | new | difference.
    c.picture = QImage(3 * w + 16, h, QImage::Format_RGB32);
    c.picture.fill(QColor(60, 60, 60));
    QPainter side(&c.picture);
    side.drawImage(0, 0, expected);
    side.drawImage(w + 8, 0, actual);
    side.drawImage(2 * w + 16, 0, diff);
    return c;
}

} // namespace onramp::screenshots
