#pragma once

#include "Finding.h"
#include "GatePage.h"

#include <QList>

class QFormLayout;
class QGroupBox;
class QListWidget;

namespace onramp {

// A gate page with forms of its own: labelled rows whose captions re-translate on a language
// switch, and a findings list that also marks the fields the findings concern.
class FormGatePage : public GatePage
{
    Q_OBJECT
public:
    using GatePage::GatePage;

protected:
    void changeEvent(QEvent *e) override;

    // Captions are QT_TR_NOOP sources in the subclass's context.
    QWidget *labelled(QFormLayout *form, const char *caption, QWidget *field,
                      const char *objectName);
    QGroupBox *group(QWidget *parent, const char *objectName, const char *title);
    QListWidget *findingsList(QWidget *parent);
    // Fills the list and tints each field named by a finding, with the message as tooltip.
    void showFindings(QListWidget *list, const Findings &findings, const QString &allClear);

    // Subclasses re-set their other texts here, then refresh.
    virtual void retranslateForm() {}
    bool isBuilt() const { return m_built; }
    // Call at the end of buildContent(): sets the captions, then retranslateForm() runs.
    void setBuilt();

private:
    void retranslateTexts();

    QList<std::pair<QWidget *, const char *>> m_texts;
    QList<QWidget *> m_tinted;
    bool m_built = false;
};

} // namespace onramp
