// onramp sandbox …: hands over to onramp-sandbox beside this program (see sandbox/main.cpp).
#include "Commands.h"
#include "Tr.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTextStream>

#include <unistd.h>

#include <vector>

namespace onramp::cli {

int sandbox(const QStringList &args)
{
    const QDir here(QCoreApplication::applicationDirPath());
    // Installed side by side, or in the build tree's sandbox/ folder.
    QString program;
    for (const QString &candidate : {here.filePath(QStringLiteral("onramp-sandbox")),
                                     here.filePath(QStringLiteral("../sandbox/onramp-sandbox"))}) {
        if (QFileInfo(candidate).isExecutable()) {
            program = QFileInfo(candidate).canonicalFilePath();
            break;
        }
    }
    if (program.isEmpty()) {
        QTextStream(stderr) << Tr::tr("onramp-sandbox was not found beside %1. Build it with "
                                      "`cmake --build build`.")
                                   .arg(here.path())
                            << '\n';
        return 2;
    }
    std::vector<QByteArray> storage{program.toLocal8Bit()};
    for (int i = 1; i < args.size(); ++i)
        storage.push_back(args[i].toLocal8Bit());
    std::vector<char *> argv;
    for (QByteArray &a : storage)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    QTextStream(stderr) << Tr::tr("Cannot start %1.").arg(program) << '\n';
    return 2;
}

} // namespace onramp::cli
