#pragma once
// The invariants of gate 1's dossier importer and gate 2's members CSV importer, shared by the
// fuzz targets (fuzz_dossier, fuzz_csv) and tst_gates, which replays every reproducer: an input
// is refused with a reason, or what is accepted is written as the program writes it and read
// again as the same thing. Empty when the input holds; otherwise what broke.
#include "QualificationGate.h"
#include "WorkspaceGate.h"

#include <QJsonDocument>

#include <algorithm>
#include <optional>

namespace onramp::fuzzcheck {

inline std::optional<QString> csvProblem(const QByteArray &bytes)
{
    const auto members = importMembersCsv(bytes);
    if (!members)
        return members.error().isEmpty() ? std::optional(QStringLiteral("refused, no reason"))
                                         : std::nullopt;
    WorkspaceData w;
    w.members = *members;
    const QString exported = matrixCsv(w);
    const qsizetype at = exported.indexOf(QStringLiteral("\nname,account,role,projects,share\n"));
    if (at < 0)
        return QStringLiteral("the export has no member section");
    const QString section = exported.mid(at + 1);
    for (const QString &line : section.split(u'\n')) {
        if (!line.isEmpty() && QStringLiteral("=+-@").contains(line.front()))
            return QStringLiteral("an exported line starts a formula: ") + line;
    }
    const auto again = importMembersCsv(section.toUtf8());
    if (!again)
        return QStringLiteral("the export does not import (line %1: %2):\n%3")
            .arg(again.error().first().line)
            .arg(again.error().first().message, section);
    if (*again != *members) {
        // Control characters written out: a NUL would end the message.
        const auto shown = [](const Member &m) {
            QString out;
            for (const QString &v :
                 {m.name, m.account, QString::number(int(m.role)), m.projects.join(u'|'),
                  QString::number(m.sharePercent, 'g', 17)}) {
                for (const QChar c : v)
                    out += c.unicode() < 0x20
                               ? QStringLiteral("\\x%1").arg(int(c.unicode()), 2, 16, QChar(u'0'))
                               : QString(c);
                out += u',';
            }
            return out;
        };
        for (qsizetype i = 0; i < std::min(again->size(), members->size()); ++i)
            if (!(again->at(i) == members->at(i)))
                return QStringLiteral("member %1 is read back as another:\n%2\n%3")
                    .arg(i)
                    .arg(shown(members->at(i)), shown(again->at(i)));
        return QStringLiteral("the export imports %1 members, not %2")
            .arg(again->size())
            .arg(members->size());
    }
    return std::nullopt;
}

inline std::optional<QString> dossierProblem(const QByteArray &bytes)
{
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject())
        return std::nullopt;
    const auto d = QualificationData::fromJson(doc.object());
    if (!d)
        return std::nullopt;
    const auto again = QualificationData::fromJson(d->toJson());
    if (!again || !(*again == *d))
        return QStringLiteral("the dossier is written as another:\n") +
               QString::fromUtf8(QJsonDocument(d->toJson()).toJson());
    // Gate 1's checks over it, without its attachments (they would open files of this machine).
    QualificationData checked = *d;
    checked.licenceFile.clear();
    checked.authorizationFile.clear();
    checked.entityAuthorizationFile.clear();
    QualificationRules rules;
    rules.reviewLeadDays = d->reviewLeadDays;
    (void)checkQualification(checked, QDate(2027, 1, 15), rules);
    return std::nullopt;
}

} // namespace onramp::fuzzcheck
