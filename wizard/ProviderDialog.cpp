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
    layout->addWidget(m_remember);
    m_keychainNote = new QLabel(this);
    m_keychainNote->setObjectName(QStringLiteral("providerKeychainNote"));
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
    if (profile.kind == ProviderProfile::Kind::Slurm) {
        m_slurmUrl->setText(profile.baseUrl.toString());
        m_slurmCluster->setText(profile.slurm.cluster);
        m_slurmUser->setText(profile.slurm.user);
        m_slurmTokenDir->setText(profile.slurm.tokenDir);
        m_slurmTokenCommand->setText(profile.slurm.tokenCommand);
        m_slurmOutput->setText(profile.slurm.outputDir);
        m_slurmAdmin->setText(profile.slurm.admin);
        m_slurmProbe->setText(profile.slurm.probe);
    } else {
        // The saved profile's rows belong to its kind only; the other kind starts empty.
        m_typed.insert(int(profile.kind),
                       {profile.kind == ProviderProfile::Kind::OnrampApi ? profile.baseUrl.toString()
                                                                         : QString(),
                        QString::fromLatin1(profile.accessKeyId), QString(),
                        QString::fromLatin1(profile.region), profile.caFile, profile.member});
    }
    for (QRadioButton *kind : {m_sandbox, m_slurmChoice})
        connect(kind, &QRadioButton::toggled, this, [this] {
            m_error->hide(); // it was about the kind left
            updateEnabled();
        });
    showKeychain();
    // Whether one answers is known only once it was asked: asked now, the box follows.
    hub->checkSecretStore(this, [this] { showKeychain(); });
}

// Ticked only where it can be kept: with no keychain answering, the secret stays in memory and
// the box would promise what cannot happen.
void ProviderDialog::showKeychain()
{
    const bool persist = m_hub->secretsPersist();
    if (m_keychainShown == persist)
        return; // as shown: the user's tick stays
    m_keychainShown = persist;
    m_remember->setChecked(persist);
    m_remember->setEnabled(persist);
    m_keychainNote->setText(persist ? QString()
                                    : tr("No system keychain answers on this computer: the secret "
                                         "is kept in memory until Onramp quits, and asked for "
                                         "again next time."));
    updateEnabled();
}

ProviderProfile::Kind ProviderDialog::chosenKind() const
{
    return m_sandbox->isChecked()  ? ProviderProfile::Kind::Sandbox
           : m_remote->isChecked() ? ProviderProfile::Kind::OnrampApi
                                   : ProviderProfile::Kind::Slurm;
}

QList<QLineEdit *> ProviderDialog::sharedFields() const
{
    return {m_url, m_keyId, m_secret, m_region, m_caFile, m_member};
}

void ProviderDialog::showFieldsOf(ProviderProfile::Kind kind)
{
    if (kind == ProviderProfile::Kind::Slurm || kind == m_fieldsOf)
        return; // Slurm has rows of its own; the shared ones keep their owner's texts
    const QList<QLineEdit *> fields = sharedFields();
    if (m_fieldsOf != ProviderProfile::Kind::Slurm) {
        QStringList texts;
        for (QLineEdit *e : fields)
            texts << e->text();
        m_typed.insert(int(m_fieldsOf), texts);
    }
    const QStringList texts = m_typed.value(int(kind));
    for (qsizetype i = 0; i < fields.size(); ++i)
        fields[i]->setText(texts.value(i));
    m_fieldsOf = kind;
}

void ProviderDialog::updateEnabled()
{
    const ProviderProfile::Kind kind = chosenKind();
    showFieldsOf(kind);
    const bool slurm = kind == ProviderProfile::Kind::Slurm;
    const bool remote = kind == ProviderProfile::Kind::OnrampApi;
    m_remoteFields->setVisible(!slurm);
    m_slurmFields->setVisible(slurm);
    // Only a server's access key has a secret to keep (the sandbox makes its own each run; a
    // Slurm cluster's tokens come from a folder or a command): the box and the keychain's note
    // show for it alone (#17 walk 21c).
    m_remember->setVisible(remote);
    m_keychainNote->setVisible(remote && !m_keychainNote->text().isEmpty());
    for (QWidget *w : {static_cast<QWidget *>(m_url), static_cast<QWidget *>(m_keyId),
                       static_cast<QWidget *>(m_secret), static_cast<QWidget *>(m_region),
                       static_cast<QWidget *>(m_caFile)})
        w->setEnabled(remote);
    // The two kinds have forms of different heights: fit the one shown, no gap below it.
    if (isVisible())
        adjustSize();
}

void ProviderDialog::refuse(QLineEdit *field, const QString &why)
{
    m_error->setText(why);
    m_error->show();
    // Room for it below the form: the rows were squeezed to make it (a real window).
    if (isVisible())
        adjustSize();
    field->setFocus();
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
        const auto url = ProviderProfile::addressFrom(m_slurmUrl->text(), p.kind);
        if (!url) {
            refuse(m_slurmUrl, url.error().message);
            return;
        }
        p.baseUrl = *url;
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
        if (auto ok = p.validate(); !ok) {
            const QString f = ok.error().field;
            refuse(f == QLatin1String("baseUrl")           ? m_slurmUrl
                   : f == QLatin1String("slurm.cluster")   ? m_slurmCluster
                   : f == QLatin1String("slurm.outputDir") ? m_slurmOutput
                                                           : m_slurmTokenDir,
                   ok.error().message);
            return;
        }
        if (p.slurm.user.isEmpty()) {
            refuse(m_slurmUser, tr("Enter your user on the cluster: jobs run as that user."));
            return;
        }
        m_hub->useRemote(p, {}, false);
        QDialog::accept();
        return;
    }
    p.kind = ProviderProfile::Kind::OnrampApi;
    const auto url = ProviderProfile::addressFrom(m_url->text(), p.kind);
    if (!url) {
        refuse(m_url, url.error().message);
        return;
    }
    p.baseUrl = *url;
    p.accessKeyId = m_keyId->text().trimmed().toLatin1();
    p.region = m_region->text().trimmed().toLatin1();
    p.caFile = m_caFile->text().trimmed();
    if (auto ok = p.validate(); !ok) {
        refuse(ok.error().field == QLatin1String("baseUrl") ? m_url : m_keyId, ok.error().message);
        return;
    }
    if (m_secret->text().isEmpty()) {
        refuse(m_secret, tr("Enter the secret that belongs to the access key."));
        return;
    }
    if (p.region.isEmpty()) {
        refuse(m_region, tr("Enter the region the provider signs for."));
        return;
    }
    m_hub->useRemote(p, m_secret->text().toUtf8(), m_remember->isEnabled() && m_remember->isChecked());
    m_secret->clear();
    QDialog::accept();
}

} // namespace onramp
