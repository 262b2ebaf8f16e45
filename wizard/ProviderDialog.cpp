#include "ProviderDialog.h"

#include "ProviderHub.h"
#include "StateStore.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QVBoxLayout>

namespace onramp {

ProviderDialog::ProviderDialog(ProviderHub *hub, StateStore *store, QWidget *parent)
    : QDialog(parent), m_hub(hub), m_store(store)
{
    setObjectName(QStringLiteral("providerDialog"));
    setWindowTitle(tr("Provider"));
    auto *layout = new QVBoxLayout(this);
    m_sandbox = new QRadioButton(tr("The built-in sandbox: no account needed, runs on this "
                                    "computer"),
                                 this);
    m_sandbox->setObjectName(QStringLiteral("providerSandbox"));
    m_remote = new QRadioButton(tr("An Onramp API server"), this);
    m_remote->setObjectName(QStringLiteral("providerRemote"));
    m_slurmChoice = new QRadioButton(tr("A Slurm cluster, through its REST daemon (slurmrestd)"),
                                     this);
    m_slurmChoice->setObjectName(QStringLiteral("providerSlurm"));
    layout->addWidget(m_sandbox);
    layout->addWidget(m_remote);
    layout->addWidget(m_slurmChoice);
    m_remoteFields = new QWidget(this);
    auto *form = new QFormLayout(m_remoteFields);
    form->setContentsMargins(0, 0, 0, 0);
    QFormLayout *into = form;
    const auto field = [&](const QString &caption, const char *name, const QString &hint) {
        auto *e = new QLineEdit(this);
        e->setObjectName(QLatin1String(name));
        e->setPlaceholderText(hint);
        // Wide enough for its whole hint ("scontrol token username=%u lifespan=86400").
        e->setMinimumWidth(
            std::max(e->minimumSizeHint().width(), e->fontMetrics().horizontalAdvance(hint) + 24));
        e->setAccessibleName(QString(caption).remove(u'&').remove(u':'));
        auto *label = new QLabel(caption, this);
        label->setBuddy(e);
        into->addRow(label, e);
        return e;
    };
    m_url = field(tr("&Address:"), "providerUrl", QStringLiteral("https://onramp.example.com"));
    m_keyId = field(tr("Access &key id:"), "providerKeyId", QString());
    m_secret = field(tr("&Secret:"), "providerSecret", QString());
    m_secret->setEchoMode(QLineEdit::Password);
    m_region = field(tr("&Region:"), "providerRegion", QStringLiteral("cn-north"));
    m_caFile = field(tr("Extra &CA file:"), "providerCaFile",
                     tr("only for a provider with its own certificate authority"));
    m_member = field(tr("Act as &member:"), "providerMember", tr("your account in the workspace"));
    layout->addWidget(m_remoteFields);
    m_slurmFields = new QWidget(this);
    auto *slurmForm = new QFormLayout(m_slurmFields);
    slurmForm->setContentsMargins(0, 0, 0, 0);
    into = slurmForm;
    m_slurmUrl = field(tr("slurmrestd &address:"), "slurmUrl", QStringLiteral("http://127.0.0.1:6820"));
    m_slurmCluster = field(tr("C&luster name:"), "slurmCluster", QStringLiteral("ClusterName"));
    m_slurmUser = field(tr("Your &user on the cluster:"), "slurmUser", QString());
    m_slurmTokenDir = field(tr("&Token folder:"), "slurmTokenDir",
                            tr("a folder of <user>.jwt files"));
    m_slurmTokenCommand = field(tr("…or token co&mmand:"), "slurmTokenCommand",
                                QStringLiteral("scontrol token username=%u lifespan=86400"));
    m_slurmOutput = field(tr("Job &output lands in:"), "slurmOutput",
                          tr("a shared folder, as this computer sees it"));
    m_slurmAdmin = field(tr("Slurm a&dministrator:"), "slurmAdmin",
                         tr("applies quota (GrpTRESMins)"));
    m_slurmProbe = field(tr("onramp-&probe on the nodes:"), "slurmProbe",
                         QStringLiteral("/opt/onramp/bin/onramp-probe"));
    layout->addWidget(m_slurmFields);
    m_remember = new QCheckBox(tr("Remember the secret in the system keychain"), this);
    m_remember->setObjectName(QStringLiteral("providerRemember"));
    m_remember->setChecked(true);
    layout->addWidget(m_remember);
    m_keychainNote = new QLabel(this);
    m_keychainNote->setWordWrap(true);
    layout->addWidget(m_keychainNote);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("providerError"));
    m_error->setWordWrap(true);
    QPalette p = m_error->palette();
    p.setColor(QPalette::WindowText, QColor(0xb3, 0x26, 0x1e));
    m_error->setPalette(p);
    m_error->hide();
    layout->addWidget(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ProviderDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ProviderDialog::reject);

    const ProviderProfile &profile = store->state().provider.profile;
    (profile.kind == ProviderProfile::Kind::Sandbox     ? m_sandbox
     : profile.kind == ProviderProfile::Kind::OnrampApi ? m_remote
                                                        : m_slurmChoice)
        ->setChecked(true);
    if (profile.kind == ProviderProfile::Kind::OnrampApi)
        m_url->setText(profile.baseUrl.toString());
    if (profile.kind == ProviderProfile::Kind::Slurm) {
        m_slurmUrl->setText(profile.baseUrl.toString());
        m_slurmCluster->setText(profile.slurm.cluster);
        m_slurmUser->setText(profile.slurm.user);
        m_slurmTokenDir->setText(profile.slurm.tokenDir);
        m_slurmTokenCommand->setText(profile.slurm.tokenCommand);
        m_slurmOutput->setText(profile.slurm.outputDir);
        m_slurmAdmin->setText(profile.slurm.admin);
        m_slurmProbe->setText(profile.slurm.probe);
    }
    m_keyId->setText(QString::fromLatin1(profile.accessKeyId));
    m_region->setText(QString::fromLatin1(profile.region));
    m_caFile->setText(profile.caFile);
    m_member->setText(profile.member);
    if (!hub->secretsPersist())
        m_keychainNote->setText(tr("No system keychain answers on this computer: the secret is "
                                   "kept in memory until Onramp quits, and asked for again next "
                                   "time."));
    m_keychainNote->setVisible(!hub->secretsPersist());
    connect(m_sandbox, &QRadioButton::toggled, this, &ProviderDialog::updateEnabled);
    connect(m_slurmChoice, &QRadioButton::toggled, this, &ProviderDialog::updateEnabled);
    updateEnabled();
}

void ProviderDialog::updateEnabled()
{
    m_remoteFields->setVisible(!m_slurmChoice->isChecked());
    m_slurmFields->setVisible(m_slurmChoice->isChecked());
    m_remember->setVisible(!m_slurmChoice->isChecked());
    const bool remote = m_remote->isChecked();
    for (QWidget *w : {static_cast<QWidget *>(m_url), static_cast<QWidget *>(m_keyId),
                       static_cast<QWidget *>(m_secret), static_cast<QWidget *>(m_region),
                       static_cast<QWidget *>(m_caFile), static_cast<QWidget *>(m_remember)})
        w->setEnabled(remote);
    // The two kinds have forms of different heights: fit the one shown, no gap below it.
    if (isVisible())
        adjustSize();
}

void ProviderDialog::accept()
{
    ProviderProfile p;
    p.member = m_member->text().trimmed();
    if (m_sandbox->isChecked()) {
        m_store->update([&](OnboardingState &s) {
            s.provider.profile = ProviderProfile{};
            s.provider.profile.member = p.member;
        });
        m_hub->useSandbox();
        QDialog::accept();
        return;
    }
    if (m_slurmChoice->isChecked()) {
        p.kind = ProviderProfile::Kind::Slurm;
        p.baseUrl = QUrl(m_slurmUrl->text().trimmed());
        p.slurm.url = p.baseUrl;
        p.slurm.cluster = m_slurmCluster->text().trimmed();
        p.slurm.user = m_slurmUser->text().trimmed();
        p.slurm.tokenDir = m_slurmTokenDir->text().trimmed();
        p.slurm.tokenCommand = m_slurmTokenCommand->text().trimmed();
        p.slurm.outputDir = m_slurmOutput->text().trimmed();
        p.slurm.admin = m_slurmAdmin->text().trimmed();
        if (!m_slurmProbe->text().trimmed().isEmpty())
            p.slurm.probe = m_slurmProbe->text().trimmed();
        p.member = p.slurm.user;
        QLineEdit *wrong = nullptr;
        QString why;
        if (auto ok = p.validate(); !ok) {
            const QString f = ok.error().field;
            wrong = f == QLatin1String("baseUrl")           ? m_slurmUrl
                    : f == QLatin1String("slurm.cluster")   ? m_slurmCluster
                    : f == QLatin1String("slurm.outputDir") ? m_slurmOutput
                                                            : m_slurmTokenDir;
            why = ok.error().message;
        } else if (p.slurm.user.isEmpty()) {
            wrong = m_slurmUser;
            why = tr("Enter your user on the cluster: jobs run as that user.");
        }
        if (wrong) {
            m_error->setText(why);
            m_error->show();
            wrong->setFocus();
            return;
        }
        m_hub->useRemote(p, {}, false);
        QDialog::accept();
        return;
    }
    p.kind = ProviderProfile::Kind::OnrampApi;
    p.baseUrl = QUrl(m_url->text().trimmed());
    p.accessKeyId = m_keyId->text().trimmed().toLatin1();
    p.region = m_region->text().trimmed().toLatin1();
    p.caFile = m_caFile->text().trimmed();
    QLineEdit *wrong = nullptr;
    QString why;
    if (auto ok = p.validate(); !ok) {
        wrong = ok.error().field == QLatin1String("baseUrl") ? m_url : m_keyId;
        why = ok.error().message;
    } else if (m_secret->text().isEmpty()) {
        wrong = m_secret;
        why = tr("Enter the secret that belongs to the access key.");
    } else if (p.region.isEmpty()) {
        wrong = m_region;
        why = tr("Enter the region the provider signs for.");
    }
    if (wrong) {
        m_error->setText(why);
        m_error->show();
        wrong->setFocus();
        return;
    }
    m_hub->useRemote(p, m_secret->text().toUtf8(), m_remember->isChecked());
    m_secret->clear();
    QDialog::accept();
}

} // namespace onramp
