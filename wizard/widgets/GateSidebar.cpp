#include "GateSidebar.h"

#include "Banner.h"
#include "GateDefinition.h"
#include "GateForm.h"
#include "Language.h"
#include "StateStore.h"
#include "StatusStyle.h"

#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace onramp {

namespace {
constexpr int kSummaryRow = 7;
}

GateSidebar::GateSidebar(StateStore *store, Language *language, QWidget *parent)
    : QWidget(parent), m_store(store), m_language(language)
{
    setObjectName(QStringLiteral("gateSidebar"));
    setMinimumWidth(230);
    setMaximumWidth(280);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 8, 0);

    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("gateList"));
    m_list->setUniformItemSizes(true);
    for (int i = 0; i <= kSummaryRow; ++i)
        m_list->addItem(QString());
    layout->addWidget(m_list, 1);
    // Click or Enter on an entry asks the wizard to go there.
    connect(m_list, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { emit pageRequested(m_list->row(item)); });
    connect(m_list, &QListWidget::itemClicked, this,
            [this](QListWidgetItem *item) { emit pageRequested(m_list->row(item)); });

    m_banner = new Banner(this);
    m_banner->setObjectName(QStringLiteral("stateBanner"));
    layout->addWidget(m_banner);

    m_languageLabel = new QLabel(this);
    layout->addWidget(m_languageLabel);
    m_languageCombo = new QComboBox(this);
    m_languageCombo->setObjectName(QStringLiteral("languageCombo"));
    // Sized by a character count, not by measuring every item: "简体中文" measured at startup
    // loads the CJK fallback font (a 20 MB collection) before the first paint of an English
    // window; now it loads when the list opens.
    m_languageCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_languageCombo->setMinimumContentsLength(10);
    for (const QString &code : Language::supported())
        m_languageCombo->addItem(Language::nativeName(code), code);
    m_languageLabel->setBuddy(m_languageCombo);
    layout->addWidget(m_languageCombo);
    connect(m_languageCombo, &QComboBox::activated, this, [this] {
        const QString code = m_languageCombo->currentData().toString();
        m_language->apply(code);
        m_store->update([&](OnboardingState &s) { s.language = code; });
    });

    connect(store, &StateStore::changed, this, &GateSidebar::refresh);
    refresh();
}

void GateSidebar::setCurrentPage(int pageId)
{
    const QSignalBlocker block(m_list);
    m_list->setCurrentRow(pageId);
}

void GateSidebar::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        refresh();
    QWidget::changeEvent(e);
}

void GateSidebar::refresh()
{
    m_list->item(0)->setText(tr("Welcome"));
    for (GateId id : kAllGates) {
        const GateRecord &r = m_store->state().gate(id);
        QListWidgetItem *item = m_list->item(gateNumber(id));
        item->setText(QStringLiteral("%1  %2. %3")
                          .arg(statusGlyph(r.status))
                          .arg(gateNumber(id))
                          .arg(gateDefinition(id).titleText()));
        item->setForeground(statusColour(r.status));
        item->setToolTip(GateForm::describe(r));
        item->setData(Qt::AccessibleTextRole,
                      tr("Gate %1, %2: %3")
                          .arg(gateNumber(id))
                          .arg(gateDefinition(id).titleText(), GateForm::describe(r)));
    }
    m_list->item(kSummaryRow)->setText(tr("Summary"));
    m_list->setAccessibleName(tr("Gates"));
    m_languageLabel->setText(tr("&Language:"));
    m_languageCombo->setAccessibleName(tr("Language"));
    const int index = m_languageCombo->findData(Language::resolve(m_language->current()));
    if (index >= 0 && index != m_languageCombo->currentIndex())
        m_languageCombo->setCurrentIndex(index);
}

} // namespace onramp
