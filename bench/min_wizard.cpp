// The startup anchor: the smallest QWizard that paints one page, built in the same tree and
// measured in the same run as onramp, so machine noise cancels out in the ratio.
#include <QApplication>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>
#include <QWizard>
#include <QWizardPage>

class QuitOnPaint : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject *o, QEvent *e) override
    {
        if (e->type() == QEvent::Paint)
            QTimer::singleShot(0, qApp, &QCoreApplication::quit);
        return QObject::eventFilter(o, e);
    }
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
