#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include "Text.h"

namespace onramp {

// The outcome of one rule: a stable code (documented in docs/findings.md), how bad it is, the
// field it concerns, and a message that says what to change. The message is kept as source text
// (Text), so one that becomes a gate's reason for going back reads in the language shown (#17).
struct Finding
{
    enum class Severity
    {
        Blocking,
        Warning
    };

    QString code; // "image.arch_unsupported"
    Severity severity = Severity::Blocking;
    QString field; // "image"
    Text message;  // a sentence of its own: starts upper case

    bool isBlocking() const { return severity == Severity::Blocking; }
    bool operator==(const Finding &) const = default;

    QJsonObject toJson() const
    {
        return {{QStringLiteral("code"), code},
                {QStringLiteral("severity"), severity == Severity::Blocking
                                                 ? QStringLiteral("blocking")
                                                 : QStringLiteral("warning")},
                {QStringLiteral("field"), field},
                {QStringLiteral("message"), message.toString()}};
    }
};

using Findings = QList<Finding>;

inline bool hasBlocking(const Findings &f)
{
    for (const Finding &x : f) {
        if (x.isBlocking())
            return true;
    }
    return false;
}

inline QJsonObject findingsJson(const Findings &f)
{
    QJsonArray list;
    for (const Finding &x : f)
        list.append(x.toJson()); // the messages as they read now
    return {{QStringLiteral("findings"), list}};
}

} // namespace onramp
