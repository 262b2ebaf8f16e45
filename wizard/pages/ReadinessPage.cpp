#include "ReadinessPage.h"

#include "JobMonitor.h"
#include "OnboardingState.h"
#include "ProviderHub.h"
#include "ProviderSession.h"
#include "ProviderStates.h"
#include "ReadinessChecks.h"
#include "StateStore.h"
#include "StatusStyle.h"

#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

namespace onramp {

namespace {

CheckState checkState(const CheckResult &r)
{
    return fromKey<CheckState>(r.state);
}

QString stateText(const CheckResult &r)
{
    switch (const CheckState s = checkState(r)) {
    case CheckState::Passed:
        return QStringLiteral("✔ ") + label(s);
    case CheckState::Failed:
        return QStringLiteral("✘ ") + label(s);
    case CheckState::Running:
        return QStringLiteral("… ") + label(s);
    case CheckState::NotRun:
    case CheckState::Unknown:
        break;
    }
    return label(CheckState::NotRun);
}

} // namespace

ReadinessPage::ReadinessPage(StateStore *store, QWidget *parent)
    : GatePage(GateId::Environment, store, parent)
{
}

void ReadinessPage::buildContent(QVBoxLayout *content)
{
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    content->addWidget(m_intro);
    m_checksBox = new QGroupBox(this);
    m_checksBox->setObjectName(QStringLiteral("readinessChecks"));
    auto *grid = new QGridLayout(m_checksBox);
    grid->setColumnStretch(2, 1);
    for (int i = 0; i < int(readinessChecks().size()); ++i) {
        Row row{new QLabel(m_checksBox), new QLabel(m_checksBox), new QLabel(m_checksBox)};
        row.title->setObjectName(QStringLiteral("check_") +
                                 QLatin1String(readinessChecks()[i].key));
        row.detail->setWordWrap(true);
        row.detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
        row.title->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        row.result->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        grid->addWidget(row.title, i, 0);
        grid->addWidget(row.result, i, 1);
        grid->addWidget(row.detail, i, 2);
        m_rows.append(row);
    }
    content->addWidget(m_checksBox);
    m_monitor = new JobMonitor(hub(), EnvironmentGateData::checkNames(), this);
    content->addWidget(m_monitor);
    connect(store(), &StateStore::changed, this, &ReadinessPage::refreshChecks);
    retranslateTexts();
    // Reopened later: the last check's job, as it ended.
    const auto showLast = [this] {
        const EnvironmentGateData &env = store()->state().environment;
        for (auto it = EnvironmentGateData::checkNames().crbegin();
             it != EnvironmentGateData::checkNames().crend(); ++it) {
            const CheckResult r = env.checks.value(*it);
            if (!r.jobId.isEmpty() && checkState(r) != CheckState::Running) {
                m_monitor->showJob(r.jobId, *it);
                return;
            }
        }
    };
    whenProviderReady(m_monitor, showLast);
}

void ReadinessPage::refreshChecks()
{
    if (m_rows.isEmpty())
        return;
    const EnvironmentGateData &env = store()->state().environment;
    for (int i = 0; i < int(readinessChecks().size()); ++i) {
        const ReadinessCheck &check = readinessChecks()[i];
        const Row &row = m_rows[i];
        const CheckResult r = env.checks.value(QLatin1String(check.key));
        row.title->setText(QStringLiteral("%1. %2").arg(i + 1).arg(check.titleText()));
        row.result->setText(stateText(r));
        QString detail = r.evidence.toString().toHtmlEscaped();
        if (!r.diagnosis.isEmpty())
            detail += QStringLiteral("<br><b>") + r.diagnosis.toString().toHtmlEscaped() +
                      QStringLiteral("</b>");
        row.detail->setText(detail);
        QPalette p = row.result->palette();
        p.setColor(QPalette::WindowText, r.passed() ? statusColour(GateStatus::Passed)
                                         : checkState(r) == CheckState::Failed
                                             ? statusColour(GateStatus::Rejected)
                                             : palette().color(QPalette::WindowText));
        row.result->setPalette(p);
    }
}

void ReadinessPage::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange && m_checksBox)
        retranslateTexts();
    GatePage::changeEvent(e);
}

void ReadinessPage::retranslateTexts()
{
    m_intro->setText(tr("Ready means all four checks pass — stricter than “the instance is "
                        "running”. Each runs as a job on gate 4's instance; a failure comes with "
                        "its diagnosis, in the guides' order: framework, then driver, then "
                        "accelerator library — never “reinstall first”."));
    m_checksBox->setTitle(tr("The four checks"));
    refreshChecks();
}

} // namespace onramp
