#include "ResourcesSection.h"

#include "ResourcesForm.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>

namespace onramp {

ResourcesSection::ResourcesSection(ResourcesForm *form, const char *objectName, const char *title,
                                   QWidget *parent)
    : QGroupBox(parent), m_form(form)
{
    setObjectName(QLatin1String(objectName));
    m_captions.titled(this, title);
}

void ResourcesSection::start()
{
    m_started = true;
    retranslateAll();
    load();
    connect(m_form, &ResourcesForm::changed, this, [this] {
        load();
        refresh();
    });
}

QLabel *ResourcesSection::lockReason(QFormLayout *layout, const char *objectName)
{
    auto *line = new QLabel(this);
    line->setObjectName(QLatin1String(objectName));
    line->setWordWrap(true);
    line->setTextInteractionFlags(Qt::TextSelectableByMouse);
    line->hide();
    // The row's whole width: in the field column alone, the wrapped text took blank lines above
    // and below it (seen in a screenshot).
    layout->addRow(line);
    return line;
}

void ResourcesSection::showLockReason(QWidget *field, QLabel *line, const QString &why)
{
    if (line->text() != why)
        line->setText(why);
    line->setVisible(!why.isEmpty());
    field->setAccessibleDescription(why);
    field->setToolTip(why);
}

void ResourcesSection::load()
{
    m_loading = true;
    loadInputs();
    m_loading = false;
}

void ResourcesSection::retranslateAll()
{
    m_captions.retranslate(metaObject());
    retranslate();
    refresh();
}

void ResourcesSection::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange && m_started)
        retranslateAll();
    QGroupBox::changeEvent(e);
}

} // namespace onramp
