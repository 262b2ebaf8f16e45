// The startup anchor: the smallest QWizard that paints one page, built in the same tree and
// measured in the same run as onramp, so machine noise cancels out in the ratio.
#include <QApplication>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>
#include <QWizard>
#include <QWizardPage>

#include <cstdio>

class QuitOnPaint : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject *o, QEvent *e) override
    {
        if (e->type() == QEvent::Paint && !m_done) {
            m_done = true;
            std::fputs("first-paint\n", stdout);
            std::fflush(stdout);
            QTimer::singleShot(0, qApp, &QCoreApplication::quit);
        }
        return QObject::eventFilter(o, e);
    }

private:
    bool m_done = false;
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QWizard wizard;
    auto *page = new QWizardPage;
    page->setTitle(QStringLiteral("Welcome"));
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(new QLabel(QStringLiteral("A minimal one-page wizard.")));
    wizard.addPage(page);
    QuitOnPaint quitter;
    wizard.installEventFilter(&quitter);
    wizard.show();
    return app.exec();
}
