#pragma once

#include "FieldCaptions.h"
#include "Finding.h"
#include "GatePage.h"

#include <QList>

#include <functional>

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
    // `inner`, when given, is the input inside a composite `field` (an edit with a Browse
    // button): it gets the name, the accessible name and the label's focus.
    QWidget *labelled(QFormLayout *form, const char *caption, QWidget *field,
                      const char *objectName, QWidget *inner = nullptr);
    QGroupBox *group(QWidget *parent, const char *objectName, const char *title);
    QListWidget *findingsList(QWidget *parent);
    // Lines up the fields of forms stacked one above the other (in group boxes of their own):
    // every caption takes the widest one's width, again after each language switch.
    void alignForms(const QList<QFormLayout *> &forms);
    // Fills the list and tints each field named by a finding, with the message as tooltip.
    void showFindings(QListWidget *list, const Findings &findings, const QString &allClear);
    // A field the page tints itself, part by part (a table's cells): showFindings leaves it.
    void tintsItself(QWidget *field) { m_tintsItself << field; }

    // Widgets load from the form through loaders; reload() runs them all with loading() true,
    // so change handlers can ignore what the loaders themselves set.
    void addLoader(std::function<void()> load) { m_loaders << std::move(load); }
    void reload();
    bool loading() const { return m_loading; }

    // Subclasses re-set their other texts here, then refresh.
    virtual void retranslateForm() {}
    bool isBuilt() const { return m_built; }
    // Call at the end of buildContent(): sets the captions, then retranslateForm() runs.
    void setBuilt();

private:
    void retranslateTexts();
    void alignCaptions();

    FieldCaptions m_captions;
    QList<QWidget *> m_tinted;
    QList<QWidget *> m_tintsItself;
    QList<std::function<void()>> m_loaders;
    QList<QList<QFormLayout *>> m_aligned;
    bool m_built = false;
    bool m_loading = false;
};

} // namespace onramp
