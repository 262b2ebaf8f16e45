#include "FieldCaptions.h"

#include "Tr.h"

#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>

namespace onramp {

QWidget *FieldCaptions::labelled(QFormLayout *form, const char *caption, QWidget *field,
                                 const char *objectName, QWidget *inner)
{
    QWidget *input = inner ? inner : field;
    input->setObjectName(QLatin1String(objectName));
    auto *label = new QLabel(field->parentWidget());
    label->setBuddy(input);
    form->addRow(label, field);
    m_texts.append({label, caption});
    m_texts.append({input, caption}); // its accessible name
    return input;
}

void FieldCaptions::titled(QGroupBox *box, const char *title)
{
    m_texts.append({box, title});
}

void FieldCaptions::retranslate(const QMetaObject *context) const
{
    for (auto [widget, source] : m_texts) {
        const QString text = QCoreApplication::translate(context->className(), source);
        if (auto *label = qobject_cast<QLabel *>(widget))
            label->setText(Tr::caption(text));
        else if (auto *box = qobject_cast<QGroupBox *>(widget))
            box->setTitle(text);
        else
            widget->setAccessibleName(QString(text).remove(u'&'));
    }
}

} // namespace onramp
