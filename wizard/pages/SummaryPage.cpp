#include "SummaryPage.h"
#include "Clock.h"
#include "widgets/FileChooser.h"

#include "Documents.h"
#include "GateDefinition.h"
#include "GateLedger.h"
#include "RunSpec.h"
#include "StateStore.h"
#include "Tr.h"
#include "widgets/Banner.h"
#include "widgets/GateOverview.h"

#include <QClipboard>
#include <QEvent>
#include <QGuiApplication>
#include <QMenu>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

#include <algorithm>

namespace onramp {

SummaryPage::SummaryPage(StateStore *store, QWidget *parent) : QWizardPage(parent), m_store(store)
{
    setObjectName(QStringLiteral("page-summary"));
    auto *layout = new QVBoxLayout(this);
    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("summaryHeadline"));
    m_headline->setWordWrap(true);
    layout->addWidget(m_headline);
    m_standIn = new QLabel(this);
    m_standIn->setObjectName(QStringLiteral("summaryStandIn"));
    m_standIn->setWordWrap(true);
    m_standIn->setTextFormat(Qt::PlainText); // the spec's values stay text
    m_standIn->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_standIn->hide();
    layout->addWidget(m_standIn);
    auto *row = new QHBoxLayout;
    m_fingerprint = new QLabel(this);
    m_fingerprint->setObjectName(QStringLiteral("summaryFingerprint"));
    m_fingerprint->setProperty("onrampLive", true); // the walked sandbox's ids: anew every run
    m_fingerprint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fingerprint->setTextFormat(Qt::PlainText);
    // #17 walk (F12): the spec's hash was cut after 12 digits. Whole where it fits; elided in
    // the middle where the window is narrower, never pushing the page wider than the window.
    m_fingerprint->setMinimumWidth(fontMetrics().averageCharWidth() * 24);
    m_fingerprint->installEventFilter(this);
    m_fingerprint->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_fingerprint, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        QMenu menu(m_fingerprint);
        menu.addAction(tr("&Copy the run spec's fingerprint"), this, [this] {
            QGuiApplication::clipboard()->setText(m_fingerprintId);
        });
        menu.exec(m_fingerprint->mapToGlobal(at));
    });
    m_export = new QPushButton(this);
    m_export->setObjectName(QStringLiteral("exportHandoff"));
    m_export->setAutoDefault(false);
    row->addWidget(m_fingerprint, 1);
    row->addWidget(m_export);
    layout->addLayout(row);
    m_banner = new Banner(this);
    layout->addWidget(m_banner);
    connect(m_export, &QPushButton::clicked, this, [this] {
        FileChooser::saveFile(
            this, tr("Export the run spec or a handoff"), QStringLiteral("first-run.json"),
            tr("Run spec (*.json);;Handoff checklist (*.md);;Handoff checklist, PDF (*.pdf);;"
               "Slurm batch script (*.sbatch);;Kubernetes Job (*.yaml)"),
            [this](const QString &path) {
                if (auto r = exportTo(path); !r)
                    m_banner->showMessage(Banner::Tone::Error, r.error().message,
                                          r.error().details);
                else {
                    m_writtenPath = path;
                    m_writtenRun = runSpecFromState(m_store->state()).runJson();
                    m_writtenStale = false;
                    m_banner->showMessage(Banner::Tone::Info, Tr::trLater("Written: %1").arg(path));
                }
            });
    });
    connect(store, &StateStore::changed, this, &SummaryPage::retranslate);
    retranslate();
}

void SummaryPage::initializePage()
{
    if (!findChild<GateOverview *>()) { // built on first visit, like the gate pages
        // The summary is where the evidence is read: each gate's line whole, wrapped.
        auto *overview = new GateOverview(m_store, this);
        overview->setWholeText(true);
        layout()->addWidget(overview);
    }
    m_shown = true;
    retranslate();
}

std::expected<void, Error> SummaryPage::exportTo(const QString &path) const
{
    const RunSpec spec = runSpecFromState(m_store->state());
    const QString ext = QFileInfo(path).suffix().toLower();
    if (ext == QLatin1String("pdf"))
        return exportHandoffPdf(spec, path);
    QByteArray bytes;
    if (ext == QLatin1String("json"))
        bytes = QJsonDocument(spec.toJson()).toJson();
    else if (ext == QLatin1String("md"))
        bytes = exportHandoffMarkdown(spec).toUtf8();
    else if (ext == QLatin1String("sbatch") || ext == QLatin1String("sh"))
        bytes = exportSbatch(spec).toUtf8();
    else if (ext == QLatin1String("yaml") || ext == QLatin1String("yml"))
        bytes = exportKubernetesJob(spec).toUtf8();
    Error e;
    e.kind = Error::Kind::Io;
    e.details = path;
    if (bytes.isEmpty()) {
        e.message = tr("Name the file .json, .md, .pdf, .sbatch or .yaml to say what to export.");
        return std::unexpected(e);
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        e.message = tr("Cannot write %1: %2").arg(path, f.errorString());
        return std::unexpected(e);
    }
    return {};
}

bool SummaryPage::eventFilter(QObject *watched, QEvent *e)
{
    if (watched == m_fingerprint && e->type() == QEvent::Resize)
        showFingerprint();
    return QWizardPage::eventFilter(watched, e);
}

void SummaryPage::showFingerprint()
{
    const QString shown =
        m_fingerprint->fontMetrics().elidedText(m_fingerprintText, Qt::ElideMiddle,
                                                std::max(1, m_fingerprint->contentsRect().width()));
    // A label not laid out yet has no width: the whole value until it has.
    const QString text = m_fingerprint->isVisible() ? shown : m_fingerprintText;
    if (m_fingerprint->text() != text)
        m_fingerprint->setText(text);
    m_fingerprint->setToolTip(m_fingerprintText);
    m_fingerprint->setAccessibleName(m_fingerprintText);
}

void SummaryPage::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(e);
}

void SummaryPage::retranslate()
{
    setTitle(tr("Summary"));
    setSubTitle(tr("Every gate with its evidence and who accepted it."));
    const auto &gates = m_store->state().gates;
    const int passed = int(std::count_if(gates.begin(), gates.end(), [](const GateRecord &r) {
        return r.status == GateStatus::Passed;
    }));
    QString headline = passed == int(gates.size())
                           ? tr("All six gates are passed. Hand the run spec to a colleague who "
                                "took no part, and let them replay it alone.")
                           : tr("%n of 6 gates passed.", nullptr, passed);
    // What to do next, in the ledger's words: the first gate not passed and what it lacks.
    if (m_shown && passed < int(gates.size())) {
        const OnboardingState &s = m_store->state();
        for (GateId id : kAllGates) {
            if (s.gate(id).status == GateStatus::Passed)
                continue;
            QString lacks = checkEntry(s, id).reason.toString();
            if (lacks.isEmpty())
                lacks = blockingMessage(gateFindings(s, id, clock::today())).toString();
            if (lacks.isEmpty())
                lacks = acceptanceMissing(s, id).toString();
            if (lacks.isEmpty())
                lacks = tr("Record it passed on its page; its acceptor: %1.")
                            .arg(gateDefinition(id).acceptorText());
            headline = Tr::sentences({headline, tr("Next: gate %1 “%2”. %3")
                                                    .arg(gateNumber(id))
                                                    .arg(gateDefinition(id).titleText(), lacks)});
            break;
        }
    }
    m_headline->setText(headline);
    // The fingerprint serialises and hashes the whole spec: only for a page that has been shown,
    // never at startup.
    if (m_shown) {
        const RunSpec spec = runSpecFromState(m_store->state());
        const QString standIn = standInText(spec, [](const QString &v) { return v; });
        if (m_standIn->text() != standIn)
            m_standIn->setText(standIn);
        m_standIn->setVisible(!standIn.isEmpty());
        const QByteArray now = spec.fingerprintId();
        m_fingerprintId = QString::fromLatin1(now);
        m_fingerprintText = tr("Run spec %1").arg(m_fingerprintId);
        showFingerprint();
        // #17 walk: the banner still said "Written: handoff.json" after the replay had changed
        // the spec; the colleague's file no longer matched. What a replay reproduces is the run
        // (gate 6 rests on it, RunSpec::runJson): said with what changed, kept up to date, and
        // gone when the change is put back (walk 19: the banner's "now" fingerprint stayed
        // while the line above showed another).
        if (!m_writtenPath.isEmpty()) {
            const QJsonObject run = spec.runJson();
            if (run != m_writtenRun) {
                m_banner->showMessage(Banner::Tone::Warning,
                                      Tr::trLater("The run in the spec changed after it was "
                                                  "written to %1 (%2): export it again before "
                                                  "handing it over.")
                                          .arg(Text::literal(m_writtenPath),
                                               runDifferences(m_writtenRun, run)));
                m_writtenStale = true;
            } else if (m_writtenStale) {
                m_banner->showMessage(Banner::Tone::Info,
                                      Tr::trLater("Written: %1").arg(m_writtenPath));
                m_writtenStale = false;
            }
        }
    }
    m_export->setText(tr("&Export…"));
    m_export->setAccessibleName(tr("Export the run spec or a handoff"));
}

} // namespace onramp
