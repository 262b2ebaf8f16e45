#pragma once

#include <QList>

#include <utility>

class QFormLayout;
class QGroupBox;
class QMetaObject;
class QWidget;

namespace onramp {

// The captions of labelled form rows and of group boxes, kept as their untranslated sources so
// that a language switch can set them again. The sources are QT_TR_NOOP in the owner's class;
// retranslate() translates them in that class's context. Does not own the widgets.
class FieldCaptions
{
public:
    // Adds the row "caption: field". `inner`, when given, is the input inside a composite
    // `field` (an edit with a Browse button): it gets the object name, the accessible name and
    // the label's focus. Returns the input.
    QWidget *labelled(QFormLayout *form, const char *caption, QWidget *field,
                      const char *objectName, QWidget *inner = nullptr);
    void titled(QGroupBox *box, const char *title);
    void retranslate(const QMetaObject *context) const;

private:
    QList<std::pair<QWidget *, const char *>> m_texts;
};

} // namespace onramp
