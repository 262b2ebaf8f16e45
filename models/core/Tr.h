#pragma once

#include <QCoreApplication>

#include "Text.h"

namespace onramp {

// The one translation context for plain (non-QObject) classes in models/.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Onramp)
public:
    // As tr, for a line kept in a record and translated each time it is read (Text.h). lupdate
    // reads it as tr (-tr-function-alias tr+=trLater).
    static Text trLater(const char *source, const char *disambiguation = nullptr, int n = -1)
    {
        return Text::source(source, disambiguation, n);
    }
};

} // namespace onramp
