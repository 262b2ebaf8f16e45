#pragma once

#include "ProviderProfile.h"

#include <QDialog>
#include <QHash>
#include <QStringList>

#include <optional>

class QCheckBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace onramp {

class ProviderHub;
class StateStore;

// Where the onboarding runs: the built-in sandbox (the default), an Onramp API server with an
// access key, or a Slurm cluster through slurmrestd (tokens from a folder or a command). Field problems show inline; OK applies only a valid profile.
class ProviderDialog : public QDialog
{
    Q_OBJECT
public:
    ProviderDialog(ProviderHub *hub, StateStore *store, QWidget *parent = nullptr);

    void accept() override;

private:
    void updateEnabled();
    ProviderProfile::Kind chosenKind() const;
    // The sandbox and an Onramp API server share the address/key/secret/region/CA/member rows:
    // each kind keeps what was typed (or saved) for it, swapped in when it is chosen, so that
    // the sandbox's key and region never show under a server (#17 walk 7).
    QList<QLineEdit *> sharedFields() const;
    void showFieldsOf(ProviderProfile::Kind kind);
    // "Remember the secret" ticked and on only where a keychain answers (#17 walk 21b: ticked
    // beside a note saying none does); else off, with a note saying where the secret goes.
    void showKeychain();
    // Shows the error under the form and puts the focus on the field it is about.
    void refuse(QLineEdit *field, const QString &why);

    ProviderHub *m_hub;
    StateStore *m_store;
    QRadioButton *m_sandbox;
    QRadioButton *m_remote;
    QRadioButton *m_slurmChoice;
    QWidget *m_remoteFields;
    QWidget *m_slurmFields;
    QLineEdit *m_slurmUrl;
    QLineEdit *m_slurmCluster;
    QLineEdit *m_slurmUser;
    QLineEdit *m_slurmTokenDir;
    QLineEdit *m_slurmTokenCommand;
    QLineEdit *m_slurmOutput;
    QLineEdit *m_slurmAdmin;
    QLineEdit *m_slurmProbe;
    QLineEdit *m_url;
    QLineEdit *m_keyId;
    QLineEdit *m_secret;
    QLineEdit *m_region;
    QLineEdit *m_caFile;
    QLineEdit *m_member;
    QCheckBox *m_remember;
    QLabel *m_keychainNote;
    QLabel *m_error;
    QHash<int, QStringList> m_typed; // per kind, the shared rows' texts (sharedFields' order)
    std::optional<bool> m_keychainShown; // whether the box shows a keychain that answers
    // Whose texts the shared rows show; Slurm (which has rows of its own): none yet.
    ProviderProfile::Kind m_fieldsOf = ProviderProfile::Kind::Slurm;
};

} // namespace onramp
