#pragma once

#include <QObject>

namespace onramp {

// Makes value widgets safe to scroll past and to type into, for every widget of the
// application while it is installed (OnboardingWizard installs one):
// - combo boxes and spin boxes take focus by click or Tab only, never by the wheel, and a
//   wheel over one that has no focus scrolls what is around it instead of changing its value;
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
};

} // namespace onramp
