#pragma once

#include <QDialog>

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
};

} // namespace onramp
