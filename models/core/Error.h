#pragma once

#include <QString>

namespace onramp {

// An error as a value: `message` is translated, short, and says what to do next;
// `details` is technical and stays untranslated (paths, parser offsets, HTTP bodies).
struct Error
{
    enum class Kind
    {
        Io,
        Parse,
        Invalid,
        Version,
        Network,
        Provider,
        Internal
    };

    Kind kind = Kind::Internal;
    QString message;
    QString details;
    QString field; // the field path the error concerns, empty when none
    int httpStatus = 0;
};

} // namespace onramp
