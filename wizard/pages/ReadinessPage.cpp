#include "ReadinessPage.h"

#include "JobMonitor.h"
#include "OnboardingState.h"
#include "ProviderHub.h"
#include "ProviderSession.h"
#include "StateStore.h"
#include "StatusStyle.h"

#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

namespace onramp {

namespace {

QString checkTitle(const QString &name)
{
    if (name == QLatin1String("environment"))
        return ReadinessPage::tr("Framework, driver and accelerator library");
    if (name == QLatin1String("data"))
        return ReadinessPage::tr("Data reads fast enough");
    if (name == QLatin1String("checkpoint"))
        return ReadinessPage::tr("Checkpoints save and resume");
    return ReadinessPage::tr("Logs and metrics visible");
}

QString stateText(const CheckResult &r)
{
    if (r.state == QLatin1String("passed"))
        return QStringLiteral("✔ ") + ReadinessPage::tr("passed");
    if (r.state == QLatin1String("failed"))
        return QStringLiteral("✘ ") + ReadinessPage::tr("failed");
    if (r.state == QLatin1String("running"))
        return QStringLiteral("… ") + ReadinessPage::tr("running");
    return ReadinessPage::tr("not run");
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
    for (int i = 0; i < EnvironmentGateData::checkNames().size(); ++i) {
        Row row{new QLabel(m_checksBox), new QLabel(m_checksBox), new QLabel(m_checksBox)};
        row.title->setObjectName(QStringLiteral("check_") + EnvironmentGateData::checkNames()[i]);
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
            if (!r.jobId.isEmpty() && r.state != QLatin1String("running")) {
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
    const QStringList &names = EnvironmentGateData::checkNames();
    for (int i = 0; i < names.size(); ++i) {
        const Row &row = m_rows[i];
        const CheckResult r = env.checks.value(names[i]);
        row.title->setText(QStringLiteral("%1. %2").arg(i + 1).arg(checkTitle(names[i])));
        row.result->setText(stateText(r));
        QString detail = r.evidence.toHtmlEscaped();
        if (!r.diagnosis.isEmpty())
            detail += QStringLiteral("<br><b>") + r.diagnosis.toHtmlEscaped() + QStringLiteral("</b>");
        row.detail->setText(detail);
        QPalette p = row.result->palette();
        p.setColor(QPalette::WindowText, r.passed() ? statusColour(GateStatus::Passed)
                                         : r.state == QLatin1String("failed")
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
