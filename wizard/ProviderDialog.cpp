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
    layout->addWidget(m_sandbox);
    layout->addWidget(m_remote);
    auto *form = new QFormLayout;
    const auto field = [&](const QString &caption, const char *name, const QString &hint) {
        auto *e = new QLineEdit(this);
        e->setObjectName(QLatin1String(name));
        e->setPlaceholderText(hint);
        auto *label = new QLabel(caption, this);
        label->setBuddy(e);
        form->addRow(label, e);
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
    layout->addLayout(form);
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
    (profile.kind == ProviderProfile::Kind::Sandbox ? m_sandbox : m_remote)->setChecked(true);
    if (profile.kind != ProviderProfile::Kind::Sandbox)
        m_url->setText(profile.baseUrl.toString());
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
    updateEnabled();
}

void ProviderDialog::updateEnabled()
{
    const bool remote = m_remote->isChecked();
    for (QWidget *w : {static_cast<QWidget *>(m_url), static_cast<QWidget *>(m_keyId),
                       static_cast<QWidget *>(m_secret), static_cast<QWidget *>(m_region),
                       static_cast<QWidget *>(m_caFile), static_cast<QWidget *>(m_remember)})
        w->setEnabled(remote);
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
