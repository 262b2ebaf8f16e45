#pragma once

#include "Error.h"
#include "QualificationGate.h"
#include "RunSpec.h"

#include <expected>

namespace onramp {

// Documents rendered for people (PDF). The one part of models/ that links Qt Gui (QPdfWriter,
// QTextDocument): the rules, the state and the spec stay free of it.

// The submission package: the three materials rendered to one PDF and the structured fields
// as JSON, written side by side as BASE.pdf and BASE.json.
std::expected<void, Error> writeSubmissionPackage(const QualificationData &d,
                                                  const QString &basePath);

// The handoff checklist (exportHandoffMarkdown) as a PDF.
std::expected<void, Error> exportHandoffPdf(const RunSpec &spec, const QString &path);

} // namespace onramp
