#pragma once

#include <QCoreApplication>

namespace onramp {

// The one translation context for plain (non-QObject) classes in models/.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Onramp)
};

} // namespace onramp
