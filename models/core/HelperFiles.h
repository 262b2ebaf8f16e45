#pragma once

#include <QString>
#include <QStringList>

namespace onramp {

// Where Onramp's own programs, modules and the probe's files are found at run time, always
// relative to the running program (never a fixed /usr), so that a build tree, an install under
// any prefix, a DESTDIR staging copy and the .deb all work:
//   1. the program's own folder (everything copied into one folder);
//   2. the installed private folder: ../lib/<multiarch>/onramp from bin/ (the relative path is
//      fixed at configure time from GNUInstallDirs; see ONRAMP_INSTALL_PRIVATEDIR);
//   3. the build tree: ../<buildFolder>/ from build/app/ (e.g. ../sandbox/, ../probe/).
// Needs a QCoreApplication (applicationDirPath). Any thread.
QStringList helperFolders(const QString &buildFolder);

// The first existing `name` in helperFolders(buildFolder), as a canonical path; empty when
// none has it.
QString findHelperFile(const QString &name, const QString &buildFolder);

} // namespace onramp
