#pragma once

#include <QString>

namespace onramp {

// Plain Markdown text for any value: no HTML, link, emphasis, table cell or block of its own.
// In core, below every wing that writes Markdown: the run spec's handoff, gate 2's role review.
QString markdownText(const QString &s);

} // namespace onramp
