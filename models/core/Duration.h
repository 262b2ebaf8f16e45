#pragma once

#include <QString>

namespace onramp {

// A duration as a person reads it, in the current language and locale: "<1 ms", "12 ms",
// "999 ms", "1.0 s", "42 s", "1 min 5 s", "2 h 3 min". Never in scientific notation ("9.31E-05 s").
// A negative or non-finite duration reads "–".
QString readableDuration(double seconds);

} // namespace onramp
