#pragma once

#include <QString>

#include <functional>

class QFileDialog;
class QWidget;

namespace onramp {

// The wizard's file dialogs. They open in the folder the user last chose a file in during this
// run, else in Documents, else in the home folder: never in the working directory the app was
// started from (a new member saw the export dialog open in the build folder). Each is window-
// modal and answers through `chosen` when the user accepts: no nested event loop.
namespace FileChooser {

using Chosen = std::function<void(const QString &path)>;

// Where a dialog for `suggestedName` starts: a folder, or a file path in it when a name is given.
QString startPath(const QString &suggestedName = {});
// Remembers the folder of a chosen file or folder; an empty path (cancelled) changes nothing.
void remember(const QString &chosen);

// Each returns the dialog, already open (objectName "fileChooser"), for a caller that also wants
// to know when it closes without a choice.
QFileDialog *saveFile(QWidget *parent, const QString &title, const QString &suggestedName,
                      const QString &filter, Chosen chosen);
// `current`, when given, is the path the field holds now: the dialog starts in its folder, with
// the file selected (walk 16: Browse beside a typed path opened at the home folder).
QFileDialog *openFile(QWidget *parent, const QString &title, const QString &filter,
                      Chosen chosen, const QString &current = {});
QFileDialog *folder(QWidget *parent, const QString &title, Chosen chosen);

} // namespace FileChooser
} // namespace onramp
