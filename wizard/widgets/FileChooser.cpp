#include "FileChooser.h"

#include "Text.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemModel>
#include <QIdentityProxyModel>
#include <QStandardPaths>

namespace onramp::FileChooser {

namespace {

QString &lastFolder()
{
    static QString folder;
    return folder;
}

QString defaultFolder()
{
    const QString documents =
        QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!documents.isEmpty() && QFileInfo(documents).isDir())
        return documents;
    return QDir::homePath();
}

// Qt's file list writes sizes and dates in the system's locale (QFileSystemModel reads
// QLocale::system()), not in the language Onramp shows: English dates under zh_CN (#17 polish).
// They are written again here in the language chosen (QLocale(), which Language sets).
class InAppLanguage : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;

    QVariant data(const QModelIndex &index, int role) const override
    {
        auto *files = qobject_cast<QFileSystemModel *>(sourceModel());
        if (role == Qt::DisplayRole && files && index.isValid()) {
            const QModelIndex source = mapToSource(index);
            if (index.column() == 3) // Date Modified
                return QLocale().toString(files->lastModified(source), QLocale::ShortFormat);
            if (index.column() == 1 && !files->isDir(source)) // Size
                return dataSizeText(files->size(source));
        }
        return QIdentityProxyModel::data(index, role);
    }
};

QFileDialog *show(QWidget *parent, const QString &title, Chosen chosen,
                  const std::function<void(QFileDialog *)> &setUp)
{
    auto *dialog = new QFileDialog(parent, title);
    dialog->setObjectName(QStringLiteral("fileChooser"));
    // Qt's own dialog, in the app's language (a platform's dialog follows the system's).
    dialog->setOption(QFileDialog::DontUseNativeDialog);
    dialog->setLocale(QLocale());
    dialog->setProxyModel(new InAppLanguage(dialog));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setDirectory(startPath());
    setUp(dialog);
    QObject::connect(dialog, &QFileDialog::fileSelected, dialog,
                     [chosen = std::move(chosen)](const QString &path) {
                         if (path.isEmpty())
                             return;
                         remember(path);
                         chosen(path);
                     });
    dialog->open();
    return dialog;
}

} // namespace

QString startPath(const QString &suggestedName)
{
    QString folder = lastFolder();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = defaultFolder();
    return suggestedName.isEmpty() ? folder : QDir(folder).filePath(suggestedName);
}

void remember(const QString &chosen)
{
    if (chosen.isEmpty())
        return;
    const QFileInfo info(chosen);
    lastFolder() = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
}

QFileDialog *saveFile(QWidget *parent, const QString &title, const QString &suggestedName,
                      const QString &filter, Chosen chosen)
{
    return show(parent, title, std::move(chosen), [&](QFileDialog *d) {
        d->setAcceptMode(QFileDialog::AcceptSave);
        d->setNameFilter(filter);
        d->selectFile(suggestedName);
    });
}

QFileDialog *openFile(QWidget *parent, const QString &title, const QString &filter,
                      Chosen chosen, const QString &current)
{
    return show(parent, title, std::move(chosen), [&](QFileDialog *d) {
        d->setFileMode(QFileDialog::ExistingFile);
        d->setNameFilter(filter);
        const QFileInfo at(current.trimmed());
        if (!current.trimmed().isEmpty() && at.absoluteDir().exists()) {
            d->setDirectory(at.absolutePath());
            if (at.isFile())
                d->selectFile(at.absoluteFilePath());
        }
    });
}

QFileDialog *folder(QWidget *parent, const QString &title, Chosen chosen)
{
    return show(parent, title, std::move(chosen), [](QFileDialog *d) {
        d->setFileMode(QFileDialog::Directory);
        d->setOption(QFileDialog::ShowDirsOnly);
    });
}

} // namespace onramp::FileChooser
