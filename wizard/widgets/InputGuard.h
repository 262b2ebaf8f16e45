#pragma once

#include <QObject>

namespace onramp {

// Makes value widgets safe to scroll past and to type into, for every widget of the
// application while it is installed (OnboardingWizard installs one):
// - combo boxes and spin boxes take focus by click or Tab only, never by the wheel, and a
//   wheel over one that has no focus scrolls what is around it instead of changing its value;
// - focus the user did not give (a button that disabled itself while pressed handed it on to
//   the next field, a programmatic setFocus) does not count: the wheel over that field still
//   scrolls the page (#17 walk: after "Create instance", the wheel changed "New status");
// - spin boxes report a typed value when editing finishes (Enter, Tab, focus lost), not after
//   every keystroke, so a form reacting to them does not rewrite "0.2" while "0.27" is typed.
class InputGuard : public QObject
{
    Q_OBJECT
public:
    explicit InputGuard(QObject *parent = nullptr);

    // Applies the focus and tracking rules to one widget now (the guard does it at polish).
    static void prepare(QWidget *w);

    bool eventFilter(QObject *watched, QEvent *e) override;

    // Whether `w` has focus that the user gave it: a click, Tab or Backtab, a shortcut.
    static bool focusedByUser(const QWidget *w);

private:
    // A Tab or Backtab key press is being delivered: the focus it moves is the user's.
    bool m_tabPressed = false;
};

} // namespace onramp
