#include "InstanceImageSection.h"

#include "Catalogs.h"
#include "ResourcePlan.h"
#include "ResourcesForm.h"
#include "Tr.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSignalBlocker>
#include <QPushButton>
#include <QVersionNumber>

#include <algorithm>

namespace onramp {

InstanceImageSection::InstanceImageSection(ResourcesForm *form, QWidget *parent)
    : ResourcesSection(form, "instanceGroup", QT_TR_NOOP("5. Instance type and image"), parent)
{
    auto *layout = new QFormLayout(this);
    m_catalog = new QLabel(this);
    m_catalog->setObjectName(QStringLiteral("catalogSource"));
    m_catalog->setWordWrap(true);
    m_catalog->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addRow(m_catalog);
    m_instance = new QComboBox(this);
    labelled(layout, QT_TR_NOOP("Instance &type"), m_instance, "instance");
    m_image = new QComboBox(this);
    labelled(layout, QT_TR_NOOP("I&mage"), m_image, "image");
    m_requirement = new QLineEdit(this);
    m_requirement->setPlaceholderText(QStringLiteral("torch>=2.1"));
    labelled(layout, QT_TR_NOOP("Your code needs"), m_requirement, "codeRequirement");
    m_zone = new QComboBox(this);
    m_zone->setEditable(true);
    m_zone->setInsertPolicy(QComboBox::NoInsert);
    m_zone->lineEdit()->setObjectName(QStringLiteral("instanceZoneText"));
    labelled(layout, QT_TR_NOOP("Instance zone"), m_zone, "instanceZone");
    // The list is typed (TYPE or TYPE@ZONE, in order) or built from the catalog's names.
    auto *alternativesRow = new QWidget(this);
    auto *alternativesLayout = new QHBoxLayout(alternativesRow);
    alternativesLayout->setContentsMargins(0, 0, 0, 0);
    m_alternatives = new QLineEdit(alternativesRow);
    // The example is the pool's own instance types (refresh()): a fixed one offered gpu.h100.8
    // to an A100 pool, whose quota cannot open it (#17 walk).
    // A push button with a menu: it keeps room for its arrow (a tool button's arrow sat over
    // "添加" in a real window).
    m_addAlternative = new QPushButton(alternativesRow);
    m_addAlternative->setObjectName(QStringLiteral("addAlternative"));
    m_alternativeMenu = new QMenu(m_addAlternative);
    m_addAlternative->setMenu(m_alternativeMenu);
    alternativesLayout->addWidget(m_alternatives, 1);
    alternativesLayout->addWidget(m_addAlternative);
    labelled(layout, QT_TR_NOOP("Also try, in order"), alternativesRow, "alternatives",
             m_alternatives);
    loadCatalog();
    m_cheapest = new QCheckBox(this);
    m_cheapest->setObjectName(QStringLiteral("cheapestFirst"));
    layout->addRow(QString(), m_cheapest);
    m_alternativesIssue = new QLabel(this);
    m_alternativesIssue->setObjectName(QStringLiteral("alternativesIssue"));
    m_alternativesIssue->setWordWrap(true);
    m_alternativesIssue->hide();
    layout->addRow(m_alternativesIssue);
    m_outsidePool = new QLabel(this);
    m_outsidePool->setObjectName(QStringLiteral("alternativesOutsidePool"));
    m_outsidePool->setWordWrap(true);
    m_outsidePool->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outsidePool->hide();
    layout->addRow(m_outsidePool);
    m_runCards = new QLabel(this);
    m_runCards->setObjectName(QStringLiteral("runCards"));
    m_runCards->setWordWrap(true);
    m_runCards->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runCards->hide();
    layout->addRow(m_runCards);
    m_attempts = new QLabel(this);
    m_attempts->setObjectName(QStringLiteral("launchAttempts"));
    m_attempts->setWordWrap(true);
    m_attempts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addRow(m_attempts);
    m_environment = new QLabel(this);
    m_environment->setObjectName(QStringLiteral("environmentRecord"));
    m_environment->setWordWrap(true);
    m_environment->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addRow(m_environment);

    const auto set = [this](QString ResourceChoice::*member, const QString &value) {
        if (!loading())
            this->form()->update([&](ResourcesGateData &d) { d.choice.*member = value; });
    };
    connect(m_instance, &QComboBox::currentIndexChanged, this,
            [this, set] { set(&ResourceChoice::instance, m_instance->currentData().toString()); });
    connect(m_image, &QComboBox::currentIndexChanged, this,
            [this, set] { set(&ResourceChoice::image, m_image->currentData().toString()); });
    connect(m_requirement, &QLineEdit::textEdited, this,
            [set](const QString &t) { set(&ResourceChoice::codeRequirement, t); });
    connect(m_zone, &QComboBox::currentTextChanged, this,
            [set](const QString &t) { set(&ResourceChoice::instanceZone, t.trimmed()); });
    connect(m_alternativeMenu, &QMenu::triggered, this,
            [this](QAction *a) { addAlternative(a->data().toString()); });
    connect(m_alternatives, &QLineEdit::textEdited, this, &InstanceImageSection::saveAlternatives);
    connect(m_cheapest, &QCheckBox::toggled, this, [this](bool on) {
        if (!loading())
            this->form()->update([&](ResourcesGateData &d) { d.choice.cheapestFirst = on; });
    });
}

void InstanceImageSection::loadCatalog()
{
    const ResourceCatalog &catalog = form()->data().catalog;
    QStringList entries;
    for (const InstanceType &t : catalog.instances())
        entries << t.key + u'\t' + t.name;
    entries << QString();
    for (const TrainingImage &i : catalog.images())
        entries << i.key + u'\t' + i.name + u' ' + i.version;
    if (entries == m_shown)
        return;
    m_shown = entries;
    // Called while loading (or before start): the combos' signals write nothing back.
    for (QComboBox *combo : {m_instance, m_image}) {
        combo->clear();
        combo->addItem(tr("(choose)"), QString());
    }
    m_alternativeMenu->clear();
    for (const InstanceType &t : catalog.instances()) {
        m_instance->addItem(t.name, t.key);
        m_alternativeMenu->addAction(QStringLiteral("%1  (%2)").arg(t.name, t.key))->setData(t.key);
    }
    // By name, newest first within a name (walk 17: "pytorch 2.1 … 2.5 … 2.3" in catalog order).
    std::vector<TrainingImage> images = catalog.images();
    std::stable_sort(images.begin(), images.end(),
                     [](const TrainingImage &a, const TrainingImage &b) {
                         if (a.name != b.name)
                             return a.name < b.name;
                         const int framework =
                             QVersionNumber::compare(QVersionNumber::fromString(a.frameworkVersion),
                                                     QVersionNumber::fromString(b.frameworkVersion));
                         if (framework != 0)
                             return framework > 0;
                         return QVersionNumber::fromString(a.acceleratorVersion) >
                                QVersionNumber::fromString(b.acceleratorVersion);
                     });
    for (const TrainingImage &i : images)
        m_image->addItem(QStringLiteral("%1 %2").arg(i.name, i.version), i.key);
    labelImages();
    labelInstances();
}

void InstanceImageSection::labelInstances()
{
    // #17 walk: the list offered other card types than the pool's unmarked; choosing one was
    // blocked only afterwards (card.not_in_pool). The entry says it before it is chosen, in its
    // text, so that keyboard and screen-reader users read it too.
    const ResourceCatalog &catalog = form()->data().catalog;
    const QString poolCard = form()->poolCard();
    for (int row = 1; row < m_instance->count(); ++row) {
        const InstanceType *t = catalog.instance(m_instance->itemData(row).toString());
        if (!t)
            continue;
        QString text = t->name;
        QString tip;
        if (!poolCard.isEmpty() && t->card != poolCard) {
            text = tr("%1 — not in the pool: %2 cards, the pool is for %3")
                       .arg(t->name, cardName(t->card), cardName(poolCard));
            tip = tr("The quota pool is for %1 cards: its card-hours cannot be spent on %2. "
                     "Attach a pool of %3 in gate 2 to use it.")
                      .arg(cardName(poolCard), t->name, cardName(t->card));
        }
        if (m_instance->itemText(row) != text)
            m_instance->setItemText(row, text);
        m_instance->setItemData(row, tip, Qt::ToolTipRole);
        m_instance->setItemData(row, tip, Qt::AccessibleDescriptionRole);
    }
    // The same marks on the types the alternatives offer (they run on the same quota).
    for (QAction *a : m_alternativeMenu->actions()) {
        const InstanceType *t = catalog.instance(a->data().toString());
        if (!t)
            continue;
        const QString entry = QStringLiteral("%1  (%2)").arg(t->name, t->key);
        a->setText(!poolCard.isEmpty() && t->card != poolCard
                       ? tr("%1 — not in the pool: %2 cards, the pool is for %3")
                             .arg(entry, cardName(t->card), cardName(poolCard))
                       : entry);
    }
}

void InstanceImageSection::labelImages()
{
    // The image's minimum driver in its text, so that keyboard and screen-reader users read it
    // as well (a tooltip alone would not reach them); when the chosen instance's hosts run an
    // older driver, the entry says so before it is chosen.
    const ResourceCatalog &catalog = form()->data().catalog;
    const InstanceType *instance = catalog.instance(form()->data().choice.instance);
    // The cards the image must be built for: the instance type's, else (before one is chosen)
    // the card the estimate is judged against, gate 2's pool card (#17 walk: the CANN images
    // read as fine for a GPU pool until an instance was chosen).
    const std::optional<CardSpec> card =
        instance ? findCard(instance->card) : form()->chosenCard();
    for (int row = 1; row < m_image->count(); ++row) {
        const TrainingImage *i = catalog.image(m_image->itemData(row).toString());
        if (!i)
            continue;
        QString text = QStringLiteral("%1 %2").arg(i->name, i->version);
        QString tip;
        if (card && !i->archs.isEmpty() && !i->archs.contains(card->arch)) {
            // As the gate's finding (image.arch_unsupported) says it once both are chosen.
            text = tr("%1 %2 — not usable: not built for the %3 (%4)")
                       .arg(i->name, i->version, card->name, card->arch);
            tip = tr("The image is built for %1; the %2 is %3. It would start, then fail with "
                     "“operator not supported”.")
                      .arg(Tr::list(i->archs), card->name, card->arch);
        } else if (!i->minDriver.isEmpty()) {
            const bool tooOld = instance && !instance->driver.isEmpty() &&
                                compareVersions(instance->driver, i->minDriver) < 0;
            text = tooOld ? tr("%1 %2 — needs driver %3 or newer; %4 has %5")
                                .arg(i->name, i->version, i->minDriver, instance->name,
                                     instance->driver)
                          : tr("%1 %2 (driver %3 or newer)").arg(i->name, i->version, i->minDriver);
            tip = tooOld ? tr("The image needs driver %1 or newer; the %2 hosts run %3.")
                               .arg(i->minDriver, instance->name, instance->driver)
                         : tr("The image needs driver %1 or newer on the hosts.").arg(i->minDriver);
        }
        if (m_image->itemText(row) != text)
            m_image->setItemText(row, text);
        m_image->setItemData(row, tip, Qt::ToolTipRole);
        m_image->setItemData(row, tip, Qt::AccessibleDescriptionRole);
    }
}

void InstanceImageSection::offerZones(const QList<RegionOffer> &regions)
{
    const QString zone = m_zone->currentText();
    const QSignalBlocker quiet(m_zone); // offering is not choosing
    m_zone->clear();
    for (const RegionOffer &r : regions)
        for (const ZoneOffer &z : r.zones) {
            m_zone->addItem(z.zone);
            m_zone->setItemData(m_zone->count() - 1, r.region, Qt::ToolTipRole);
        }
    m_zone->setCurrentText(zone);
}

void InstanceImageSection::addAlternative(const QString &key)
{
    QString text = m_alternatives->text().trimmed();
    while (text.endsWith(u','))
        text.chop(1);
    m_alternatives->setText(text.isEmpty() ? key : text + QStringLiteral(", ") + key);
    saveAlternatives(m_alternatives->text());
    m_alternatives->setFocus();
}

void InstanceImageSection::saveAlternatives(const QString &text)
{
    // Saved as soon as it reads; a wrong entry is named beside the field and keeps the text.
    const auto list = parseCandidates(text, form()->data().catalog);
    m_alternativesIssue->setVisible(!list);
    if (!list) {
        m_alternativesIssue->setText(QStringLiteral("✖ ") + list.error().message);
        return;
    }
    if (!loading())
        form()->update([&](ResourcesGateData &d) { d.choice.alternatives = *list; });
}

void InstanceImageSection::loadInputs()
{
    loadCatalog();
    const ResourceChoice &c = form()->data().choice;
    for (auto [combo, key] : {std::pair{m_instance, c.instance}, std::pair{m_image, c.image}}) {
        const int i = std::max(0, combo->findData(key));
        if (combo->currentIndex() != i)
            combo->setCurrentIndex(i);
    }
    if (m_requirement->text() != c.codeRequirement)
        m_requirement->setText(c.codeRequirement);
    // Empty means gate 2's pool zone: shown as such, not as a blank (though not while the
    // user is clearing the field to type another zone).
    if (const QString zone = form()->instanceZone();
        m_zone->currentText() != zone && !(c.instanceZone.isEmpty() && m_zone->hasFocus()))
        m_zone->setCurrentText(zone);
    if (!m_alternatives->hasFocus() &&
        parseCandidates(m_alternatives->text(), form()->data().catalog)
                .value_or(QList<Candidate>{}) != c.alternatives)
        m_alternatives->setText(candidatesText(c.alternatives));
    m_cheapest->setChecked(c.cheapestFirst);
}

void InstanceImageSection::retranslate()
{
    m_instance->setItemText(0, tr("(choose)"));
    m_image->setItemText(0, tr("(choose)"));
    m_cheapest->setText(tr("Try them cheapest first (fewest card-hours per round)"));
    m_zone->lineEdit()->setAccessibleName(tr("Instance zone"));
    m_addAlternative->setText(tr("Add"));
    m_addAlternative->setAccessibleName(tr("Add an instance type to try"));
    m_addAlternative->setToolTip(tr("Add one of the catalog's instance types to the list; add "
                                    "@ZONE after it to try it in another zone."));
    m_alternatives->setToolTip(tr("TYPE or TYPE@ZONE, separated by commas. Each is compared with "
                                  "the quota left before it is tried; one that cannot fit is "
                                  "skipped with the figures."));
}

void InstanceImageSection::refresh()
{
    m_catalog->setText(form()->data().catalog.describe());
    labelImages();
    labelInstances();
    if (const QString example = form()->alternativesExample();
        m_alternatives->placeholderText() != example)
        m_alternatives->setPlaceholderText(example);
    const QStringList outside = form()->alternativesOutsidePool();
    QStringList marked;
    for (const QString &line : outside)
        marked << QStringLiteral("⚠ ") + line;
    m_outsidePool->setText(marked.join(u'\n'));
    m_outsidePool->setVisible(!outside.isEmpty());
    // How many cards the run gets, and from what: gate 3's plan, the spec and gate 5 count the
    // same (#17 walk 18).
    const QString runCards = form()->runCardsText();
    m_runCards->setText(runCards);
    m_runCards->setVisible(!runCards.isEmpty());
    QStringList tried;
    for (const LaunchAttempt &a : form()->attempts())
        tried << (a.outcome == QLatin1String("created") ? QStringLiteral("✔ ")
                                                        : QStringLiteral("→ ")) +
                     a.text(form()->data().catalog.instanceName(a.instance));
    m_attempts->setText(tried.isEmpty()
                            ? QString()
                            : tr("Tries at the provider, in order:") + u'\n' + tried.join(u'\n'));
    m_attempts->setVisible(!tried.isEmpty());
    const auto &env = form()->data().environment;
    m_environment->setText(env.image.isEmpty()
                               ? tr("Choose an image to record its version and digest.")
                               : tr("Recorded for the run spec: %1 %2 (%3), %4 %5, %6 %7, "
                                    "driver %8")
                                     .arg(env.image, env.imageVersion,
                                          env.imageDigest.isEmpty()
                                              ? tr("digest unknown; the provider supplies it")
                                              : env.imageDigest.left(19),
                                          env.framework, env.frameworkVersion, env.accelerator,
                                          env.acceleratorVersion, env.driver));
}

} // namespace onramp
