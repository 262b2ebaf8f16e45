#pragma once

#include "pages/FieldCaptions.h"

#include <QGroupBox>

class QLabel;

namespace onramp {

class ResourcesForm;

// One numbered section of gate 4's page: a group box whose widgets read from and write through
// the page's ResourcesForm. It follows the form by itself: on every change it loads its inputs
// (loading() is true meanwhile, so their change handlers write nothing back) and refreshes its
// results; on a language switch it sets its texts again. Captions and texts are translated in
// the subclass's context.
class ResourcesSection : public QGroupBox
{
    Q_OBJECT
public:
    // Sets every text, loads the inputs and shows the results. The subclass's constructor
    // builds the widgets; the page calls this once they are built.
    void start();

protected:
    // `title` is a QT_TR_NOOP source in the subclass.
    ResourcesSection(ResourcesForm *form, const char *objectName, const char *title,
                     QWidget *parent);

    ResourcesForm *form() const { return m_form; }
    bool loading() const { return m_loading; }
    // A form row, as FormGatePage::labelled.
    QWidget *labelled(QFormLayout *layout, const char *caption, QWidget *field,
                      const char *objectName, QWidget *inner = nullptr)
    {
        return m_captions.labelled(layout, caption, field, objectName, inner);
    }

    // A line under a form row that says why its field is disabled and what enables it; hidden
    // while the field is enabled (showLockReason).
    QLabel *lockReason(QFormLayout *layout, const char *objectName);
    // Shows `why` under `field` (hidden when empty) and gives it to the field as its accessible
    // description.
    static void showLockReason(QWidget *field, QLabel *line, const QString &why);

    // Inputs from the form's values (under loading(), as is everything before start()).
    virtual void loadInputs() {}
    // What the section computes from the form: charts, totals, verdicts.
    virtual void refresh() {}
    // Texts other than the captions (combo entries, buttons), then refresh() runs.
    virtual void retranslate() {}

    void changeEvent(QEvent *e) override;

private:
    void load();
    void retranslateAll();

    ResourcesForm *m_form;
    FieldCaptions m_captions;
    bool m_loading = true; // until start(): building the widgets writes nothing
    bool m_started = false;
};

} // namespace onramp
