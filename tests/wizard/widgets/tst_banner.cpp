// The banner's place (Banner::reserveSpace): a page where no banner has shown has no blank band
// at its top (#17 walk), and once a message has shown, its place stays while it comes and goes,
// so what lies under it does not jump under the mouse.
#include "widgets/Banner.h"

#include <QApplication>
#include <QLabel>
#include <QVBoxLayout>
#include <QtTest>

using namespace onramp;

class TestBanner : public QObject
{
    Q_OBJECT

    // A page as GatePage lays it out: the banner above the content.
    struct Page
    {
        QWidget window;
        Banner *banner;
        QLabel *content;

        Page()
        {
            auto *layout = new QVBoxLayout(&window);
            banner = new Banner(&window);
            banner->reserveSpace();
            content = new QLabel(QStringLiteral("the gate's work"), &window);
            layout->addWidget(banner);
            layout->addWidget(content);
            layout->addStretch();
            window.resize(600, 400);
            window.show();
            settle();
        }
        void settle()
        {
            for (int i = 0; i < 4; ++i)
                QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        }
        int contentTop() const { return content->geometry().top(); }
    };

private slots:
    void noBandBeforeTheFirstMessage()
    {
        Page page;
        // The same page with no banner at all puts its content at the layout's margin.
        QWidget plain;
        auto *layout = new QVBoxLayout(&plain);
        auto *content = new QLabel(QStringLiteral("the gate's work"), &plain);
        layout->addWidget(content);
        layout->addStretch();
        plain.resize(600, 400);
        plain.show();
        for (int i = 0; i < 4; ++i)
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCOMPARE(page.contentTop(), content->geometry().top());
        QVERIFY(!page.banner->isVisible());
    }

    void itsPlaceStaysOnceAMessageShowed()
    {
        Page page;
        const int bare = page.contentTop();
        page.banner->showMessage(Banner::Tone::Warning, QStringLiteral("Next is locked."));
        page.settle();
        const int withMessage = page.contentTop();
        QVERIFY(withMessage > bare);
        // It goes, and comes again: nothing under it moves.
        page.banner->clear();
        page.settle();
        QCOMPARE(page.contentTop(), withMessage);
        page.banner->showMessage(Banner::Tone::Error, QStringLiteral("Next is locked again."));
        page.settle();
        QCOMPARE(page.contentTop(), withMessage);
    }
};

QTEST_MAIN(TestBanner)
#include "tst_banner.moc"
