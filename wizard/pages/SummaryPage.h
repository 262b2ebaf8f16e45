#pragma once

#include "Error.h"

#include <QJsonObject>
#include <QWizardPage>

#include <expected>

class QLabel;
class QPushButton;

namespace onramp {

class Banner;
class StateStore;

// The end of the walk: every gate with its evidence and acceptor.
class SummaryPage : public QWizardPage
{
    Q_OBJECT
public:
    explicit SummaryPage(StateStore *store, QWidget *parent = nullptr);

    void initializePage() override;

    // Writes the run spec, or a handoff made from it, by the file's extension: .json (the
    // spec), .md or .pdf (the handoff checklist), .sbatch or .sh (Slurm), .yaml (Kubernetes).
    std::expected<void, Error> exportTo(const QString &path) const;

protected:
    void changeEvent(QEvent *e) override;
    bool eventFilter(QObject *watched, QEvent *e) override;

private:
    void retranslate();
    // The fingerprint line whole, or elided in the middle where the label is narrower (the whole
    // value in its tooltip and its "Copy" menu): never cut at the edge.
    void showFingerprint();

    StateStore *m_store;
    QLabel *m_headline;
    QLabel *m_standIn; // which run the spec describes, when the first run was a stand-in
    QLabel *m_fingerprint;
    QString m_fingerprintText; // "Run spec sha256:…", whole
    QString m_fingerprintId;   // "sha256:…", whole
    QPushButton *m_export;
    Banner *m_banner;
    bool m_shown = false;
    // The last file written and the spec's fingerprint then: a later change (the wrap-up, a
    // replay) makes that file stale, and the page says so.
    QString m_writtenPath;
    QJsonObject m_writtenRun; // RunSpec::runJson() of the spec written there
    bool m_writtenStale = false;
};

} // namespace onramp
