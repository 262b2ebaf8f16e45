// The wheel guard (InputGuard): a spin box takes the wheel only when the user gave it focus (a
// click, Tab, a shortcut), not when focus reached it otherwise; a combo box never does. #17 walk: "Create
// instance" disabled itself while pressed, Qt handed its focus to the next field in the tab
// chain (the recorder's "New status"), and the next wheel over the page changed the status.
#include "widgets/InputGuard.h"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtTest>

using namespace onramp;

namespace {

// One notch of the wheel over the middle of `w`, downwards, as QApplication delivers it.
void wheelDown(QWidget *w)
{
    const QPointF at = QRectF(w->rect()).center();
    QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                  Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

} // namespace

class TestInputGuard : public QObject
{
    Q_OBJECT

    // A page as the wizard has it: a field, a button that disables itself while its operation
    // runs, then a combo box and a spin box, in a scroll area.
    struct Page
    {
        QScrollArea scroll;
        QLineEdit *field;
        QPushButton *act;
        QComboBox *choice;
        QSpinBox *spin;

        Page()
        {
            auto *inner = new QWidget;
            auto *layout = new QVBoxLayout(inner);
            field = new QLineEdit(inner);
            act = new QPushButton(QStringLiteral("Create instance"), inner);
            choice = new QComboBox(inner);
            choice->addItems({QStringLiteral("In progress"), QStringLiteral("Waiting"),
                              QStringLiteral("Passed")});
            spin = new QSpinBox(inner);
            spin->setValue(5);
            layout->addWidget(field);
            layout->addWidget(act);
            layout->addWidget(choice);
            layout->addWidget(spin);
            layout->addSpacing(2000);
            QObject::connect(act, &QPushButton::clicked, act, [b = act] { b->setEnabled(false); });
            scroll.setWidgetResizable(true);
            scroll.setWidget(inner);
            scroll.resize(400, 300);
        }
    };

private slots:
    void initTestCase() { qApp->installEventFilter(new InputGuard(qApp)); }

    // The button pressed disables itself: Qt gives its focus to the combo box with the Tab
    // reason, though no Tab was pressed. The wheel over the combo box leaves its value alone.
    void focusHandedOnByADisabledButtonDoesNotTakeTheWheel()
    {
        Page page;
        page.scroll.show();
        page.scroll.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page.scroll));
        page.act->setFocus(Qt::MouseFocusReason);
        QTest::mouseClick(page.act, Qt::LeftButton);
        QVERIFY(!page.act->isEnabled());
        QVERIFY(page.choice->hasFocus()); // Qt's hand-over, the cause of the walk's finding
        wheelDown(page.choice);
        QCOMPARE(page.choice->currentIndex(), 0);
    }

    // Focus set by the program (no reason given) is not the user's either.
    void programmaticFocusDoesNotTakeTheWheel()
    {
        Page page;
        page.scroll.show();
        page.scroll.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page.scroll));
        page.spin->setFocus();
        QVERIFY(page.spin->hasFocus());
        wheelDown(page.spin);
        QCOMPARE(page.spin->value(), 5);
        page.choice->setFocus();
        wheelDown(page.choice);
        QCOMPARE(page.choice->currentIndex(), 0);
    }

    // Reached with the Tab key, or clicked, a spin box is the user's: the wheel changes it. A
    // combo box never takes the wheel (#17 walk 16: picked from its list, then changed by the
    // wheel over the page); its list and the arrow keys choose.
    void theUsersFocusTakesTheWheel()
    {
        Page page;
        page.scroll.show();
        page.scroll.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page.scroll));
        page.act->setFocus(Qt::MouseFocusReason);
        QTest::keyClick(page.act, Qt::Key_Tab);
        QVERIFY(page.choice->hasFocus());
        wheelDown(page.choice);
        QCOMPARE(page.choice->currentIndex(), 0);
        QTest::keyClick(page.choice, Qt::Key_Down);
        QCOMPARE(page.choice->currentIndex(), 1);
        // Tab on into the spin box (its line edit takes the focus for it).
        QTest::keyClick(page.choice, Qt::Key_Tab);
        QVERIFY(page.spin->hasFocus());
        wheelDown(page.spin);
        QCOMPARE(page.spin->value(), 4);
        // A click on the combo box.
        page.field->setFocus(Qt::MouseFocusReason);
        page.choice->setFocus(Qt::MouseFocusReason);
        wheelDown(page.choice); // (tst_realinput sees the page scroll, with X's own events)
        QCOMPARE(page.choice->currentIndex(), 1);
    }
};

QTEST_MAIN(TestInputGuard)
#include "tst_inputguard.moc"
