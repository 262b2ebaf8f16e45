#include "HelperFiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace onramp {

QStringList helperFolders(const QString &buildFolder)
{
    const QDir here(QCoreApplication::applicationDirPath());
    return {here.path(),
            QDir::cleanPath(here.filePath(QStringLiteral(ONRAMP_PRIVATE_DIR_FROM_BINDIR))),
            QDir::cleanPath(here.filePath(QStringLiteral("../") + buildFolder))};
}

QString findHelperFile(const QString &name, const QString &buildFolder)
{
    for (const QString &folder : helperFolders(buildFolder)) {
        const QFileInfo candidate(QDir(folder).filePath(name));
        if (candidate.exists())
            return candidate.canonicalFilePath();
    }
    return {};
}

} // namespace onramp
