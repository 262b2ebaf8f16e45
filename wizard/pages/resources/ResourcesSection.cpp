#include "ResourcesSection.h"

#include "ResourcesForm.h"

#include <QEvent>

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
