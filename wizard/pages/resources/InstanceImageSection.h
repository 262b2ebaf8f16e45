#pragma once

#include "Provider.h"
#include "ResourcesSection.h"

#include <QStringList>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QPushButton;

namespace onramp {

// 5. The instance type and the image, chosen together from the onboarding's catalog (the
// provider's when connected, else the built-in one; a line says which), where else the run may
// open (tried in order, each checked against the quota first), the provider's tries, and the
// environment the run spec records from them.
class InstanceImageSection : public ResourcesSection
{
    Q_OBJECT
public:
    InstanceImageSection(ResourcesForm *form, QWidget *parent);

    // The provider's zones to choose the instance's from (typing one stays possible).
    void offerZones(const QList<RegionOffer> &regions);

protected:
    void loadInputs() override;
    void refresh() override;
    void retranslate() override;

private:
    // Fills the two lists from the form's catalog when it is not the one they show.
    void loadCatalog();
    // Each image's text with the driver it needs, and whether the chosen instance's has it.
    void labelImages();
    // Each instance type outside gate 2's pool (another card type) says so in its text, as the
    // images for another accelerator do.
    void labelInstances();
    // Puts a catalog's instance type at the end of the alternatives, as if typed.
    void addAlternative(const QString &key);
    // The alternatives as typed: saved when they read, else what is wrong shown beside them.
    void saveAlternatives(const QString &text);

    QLabel *m_catalog = nullptr;
    QStringList m_shown; // the entries the lists show, to notice a new catalog
    QComboBox *m_instance = nullptr;
    QComboBox *m_image = nullptr;
    QLineEdit *m_requirement = nullptr;
    QComboBox *m_zone = nullptr; // editable: the provider's zones, or one typed
    QLineEdit *m_alternatives = nullptr;
    QPushButton *m_addAlternative = nullptr; // "Add ▾": the catalog's types, by name
    QMenu *m_alternativeMenu = nullptr;
    QCheckBox *m_cheapest = nullptr;
    QLabel *m_outsidePool = nullptr; // alternatives the pool's quota cannot open
    QLabel *m_alternativesIssue = nullptr;
    QLabel *m_attempts = nullptr;
    QLabel *m_runCards = nullptr; // the cards the run gets: one instance, all of its cards
    QLabel *m_environment = nullptr;
};

} // namespace onramp
