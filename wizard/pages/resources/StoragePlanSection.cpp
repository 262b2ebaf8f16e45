#include "StoragePlanSection.h"

#include "ResourcesForm.h"
#include "widgets/FileChooser.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace onramp {

StoragePlanSection::StoragePlanSection(ResourcesForm *form, QWidget *parent)
    : ResourcesSection(form, "storageGroup", QT_TR_NOOP("6. Storage plan"), parent)
{
    auto *layout = new QFormLayout(this);
    m_dataPath = new QLineEdit(this);
    m_dataPath->setPlaceholderText(QStringLiteral("/mnt/data"));
    labelled(layout, QT_TR_NOOP("Data path (mounted)"), m_dataPath, "dataPath");
    m_dataReadOnly = new QCheckBox(this);
    labelled(layout, QT_TR_NOOP("Mount data read-only"), m_dataReadOnly, "dataReadOnly");
    m_outputPath = new QLineEdit(this);
    m_outputPath->setPlaceholderText(QStringLiteral("/mnt/output"));
    labelled(layout, QT_TR_NOOP("Output path (writable, persistent)"), m_outputPath, "outputPath");
    m_scratchPath = new QLineEdit(this);
    m_scratchPath->setPlaceholderText(QStringLiteral("/local/scratch"));
    labelled(layout, QT_TR_NOOP("Scratch path (local disk)"), m_scratchPath, "scratchPath");
    m_scan = new QPushButton(this);
    m_scan->setObjectName(QStringLiteral("scanDataset"));
    m_scan->setAutoDefault(false);
    m_scanResult = new QLabel(this);
    m_scanResult->setObjectName(QStringLiteral("scanResult"));
    m_scanResult->setWordWrap(true);
    layout->addRow(m_scan, m_scanResult);

    const auto set = [this](auto member, auto value) {
        if (!loading())
            this->form()->update([&](ResourcesGateData &d) { d.choice.*member = value; });
    };
    connect(m_dataPath, &QLineEdit::textEdited, this,
            [set](const QString &t) { set(&ResourceChoice::dataPath, t); });
    connect(m_dataReadOnly, &QCheckBox::toggled, this,
            [set](bool on) { set(&ResourceChoice::dataReadOnly, on); });
    connect(m_outputPath, &QLineEdit::textEdited, this,
            [set](const QString &t) { set(&ResourceChoice::outputPath, t); });
    connect(m_scratchPath, &QLineEdit::textEdited, this,
            [set](const QString &t) { set(&ResourceChoice::scratchPath, t); });
    connect(m_scan, &QPushButton::clicked, this, [this] {
        FileChooser::folder(this, tr("Choose the local dataset"),
                            [this](const QString &dir) { this->form()->scanDataset(dir); });
    });
}

void StoragePlanSection::loadInputs()
{
    const ResourceChoice &c = form()->data().choice;
    for (auto [edit, value] :
         {std::pair{m_dataPath, c.dataPath}, std::pair{m_outputPath, c.outputPath},
          std::pair{m_scratchPath, c.scratchPath}}) {
        if (edit->text() != value)
            edit->setText(value);
    }
    m_dataReadOnly->setChecked(c.dataReadOnly);
}

void StoragePlanSection::retranslate()
{
    m_dataReadOnly->setText(tr("yes"));
    m_scan->setText(tr("Scan a local dataset…"));
    m_scan->setAccessibleName(tr("Scan a local dataset"));
}

void StoragePlanSection::refresh()
{
    if (form()->isScanning()) {
        m_scanResult->setText(tr("Scanning…"));
    } else if (auto scan = form()->lastScan()) {
        m_scanResult->setText(tr("%1 files, %2 GB, %3 % under 64 KiB. Upload with %4.")
                                  .arg(scan->files)
                                  .arg(scan->bytes / 1e9, 0, 'f', 2)
                                  .arg(scan->smallFileShare() * 100, 0, 'f', 0)
                                  .arg(uploadRoute(scan->bytes) == UploadRoute::Console
                                           ? tr("the console (up to tens of GB)")
                                           : tr("the batch transfer tool")));
    } else {
        m_scanResult->setText(tr("Scan a local copy to choose between console upload and the "
                                 "batch transfer tool."));
    }
    m_scan->setEnabled(!form()->isScanning());
}

} // namespace onramp
