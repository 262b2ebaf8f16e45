#include "WelcomePage.h"

#include "HandoffDialog.h"
#include "StateStore.h"
#include "widgets/GateOverview.h"

#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace onramp {

WelcomePage::WelcomePage(StateStore *store, QWidget *parent) : QWizardPage(parent), m_store(store)
{
    setObjectName(QStringLiteral("page-welcome"));
    auto *layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setObjectName(QStringLiteral("welcomeIntro"));
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    // Whole text: a gate not started says what opens it, in a sentence.
    auto *overview = new GateOverview(store, this);
    overview->setWholeText(true);
    layout->addWidget(overview, 1);
    // A colleague handed a run spec starts here, on a fresh install where gate 6 is locked
    // (#17 walk, item 1): the same dialog and flow as gate 6's button.
    auto *replayRow = new QHBoxLayout;
    m_replayIntro = new QLabel(this);
    m_replayIntro->setObjectName(QStringLiteral("welcomeReplayIntro"));
    m_replayIntro->setWordWrap(true);
    m_openSpec = new QPushButton(this);
    m_openSpec->setObjectName(QStringLiteral("welcomeOpenSpec"));
    replayRow->addWidget(m_replayIntro, 1);
    replayRow->addWidget(m_openSpec, 0, Qt::AlignVCenter);
    layout->addLayout(replayRow);
    connect(m_openSpec, &QPushButton::clicked, this,
            [this] { HandoffDialog::chooseAndOpen(this, m_store); });
    m_where = new QLabel(this);
    m_where->setObjectName(QStringLiteral("stateLocation"));
    m_where->setWordWrap(true);
    m_where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_where);
    retranslate();
}

void WelcomePage::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(e);
}

void WelcomePage::retranslate()
{
    setTitle(tr("From a fresh account to a reproducible first training run"));
    setSubTitle(tr("Six gates, walked in order. Each names its entry condition, its output and "
                   "who accepts it."));
    m_intro->setText(
        tr("Onboarding takes days because reviews take days. Onramp keeps the checklist for "
           "you: record who each gate is waiting for, the evidence that it passed and who "
           "accepted it, and what blocked you. Close it at any point; it reopens where you "
           "left off. The test that the process works: a colleague who never took part "
           "walks it alone from the run spec."));
    m_replayIntro->setText(
        tr("Handed a run spec by a colleague? Replay it from the spec alone, without walking the "
           "gates (%1 opens one from any page).")
            .arg(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)));
    m_openSpec->setText(tr("&Open a handoff spec…"));
    m_openSpec->setAccessibleName(tr("Open a handoff spec"));
    m_where->setText(m_store->filePath().isEmpty()
                         ? tr("Progress is not saved in this preview.")
                         : tr("Progress is saved as you go in %1")
                               .arg(QDir::toNativeSeparators(m_store->filePath())));
}

} // namespace onramp
