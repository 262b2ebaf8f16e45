// onramp sandbox …: hands over to the onramp-sandbox program (see sandbox/main.cpp), found
// where findHelperFile() looks: installed in Onramp's private folder, or in the build tree.
#include "Commands.h"
#include "HelperFiles.h"
#include "Tr.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

#include <unistd.h>

#include <vector>

namespace onramp::cli {

int sandbox(const QStringList &args)
{
    // Installed in Onramp's private folder, or in the build tree's sandbox/ folder.
    QString program = findHelperFile(QStringLiteral("onramp-sandbox"), QStringLiteral("sandbox"));
    if (!program.isEmpty() && !QFileInfo(program).isExecutable())
        program.clear();
    if (program.isEmpty()) {
        QTextStream(stderr) << Tr::tr("onramp-sandbox was not found beside %1. Build it with "
                                      "`cmake --build build`.")
                                   .arg(QCoreApplication::applicationDirPath())
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
