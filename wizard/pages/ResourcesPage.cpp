#include "ResourcesPage.h"

#include "GateForm.h"
#include "ProviderHub.h"
#include "ProviderPanel.h"
#include "ResourcesForm.h"
#include "resources/CardCountSection.h"
#include "resources/InstanceImageSection.h"
#include "resources/MemorySection.h"
#include "resources/StoragePlanSection.h"
#include "resources/ThroughputSection.h"
#include "resources/TrainingSetupSection.h"

#include <QGroupBox>
#include <QListWidget>
#include <QVBoxLayout>

namespace onramp {

ResourcesPage::ResourcesPage(StateStore *store, QWidget *parent)
    : FormGatePage(GateId::Resources, store, parent), m_form(new ResourcesForm(store, this))
{
    form()->setLocalFindings([this] { return m_form->scanFindings(); });
}

void ResourcesPage::buildContent(QVBoxLayout *content)
{
    QWidget *host = content->parentWidget() ? content->parentWidget() : this;
    // Made in the order they stand: Tab follows the order widgets were made (walk 17: the
    // instance section, made first, was skipped by Tab from "Finish within" to the storage
    // plan). A braced list is evaluated left to right.
    InstanceImageSection *instance = nullptr;
    const QList<ResourcesSection *> sections = {
        new TrainingSetupSection(m_form, host),
        new MemorySection(m_form, host),
        new CardCountSection(m_form, host),
        new ThroughputSection(m_form, host),
        instance = new InstanceImageSection(m_form, host),
        new StoragePlanSection(m_form, host)};
    for (ResourcesSection *section : sections) {
        content->addWidget(section);
        section->start();
    }

    // Findings of the whole gate.
    auto *findBox = group(host, "findingsGroup", QT_TR_NOOP("Findings"));
    auto *findLayout = new QVBoxLayout(findBox);
    m_findings = findingsList(findBox);
    findLayout->addWidget(m_findings);
    content->addWidget(findBox);

    connect(m_form, &ResourcesForm::changed, this, &ResourcesPage::refresh);
    // The instance's zone is chosen from the provider's zones, as gate 2's pool zone is; the
    // provider may have listed them before this page was built (the sandbox connects at start).
    if (hub()) {
        connect(hub(), &ProviderHub::regionsChanged, instance,
                [this, instance] { instance->offerZones(hub()->regions()); });
        instance->offerZones(hub()->regions());
    }
    setBuilt();
    retranslateForm();
}

void ResourcesPage::retranslateForm()
{
    refresh();
}

void ResourcesPage::refresh()
{
    if (!isBuilt())
        return;
    showFindings(m_findings, m_form->findings(),
                 tr("No findings: the instance, image and storage plan fit together."));
    // A failure at the provider (out of stock, say) was for the plan of then: once the
    // instance, its zone, the image or the alternatives change, it no longer holds.
    const ResourceChoice &c = m_form->data().choice;
    const QString plan = QStringList{c.instance, m_form->instanceZone(), c.image,
                                     candidatesText(c.alternatives),
                                     c.cheapestFirst ? QStringLiteral("cheapest") : QString()}
                             .join(u'\n');
    if (m_plan && *m_plan != plan) {
        if (auto *panel = findChild<ProviderPanel *>())
            panel->clearFailure();
    }
    m_plan = plan;
}

} // namespace onramp
