#pragma once

#include "Error.h"
#include "Finding.h"

#include <QDate>
#include <QJsonObject>
#include <QString>

#include <expected>

namespace onramp {

enum class PurposeKind
{
    Pretraining,
    Finetuning,
    Evaluation,
    Inference
};
QString purposeKindKey(PurposeKind k);
std::optional<PurposeKind> purposeKindFromKey(const QString &key);
// What a person types: the key, or the label in English or the current language, in any case
// and with or without hyphens or spaces ("fine-tuning", "Fine-tuning", "finetuning").
std::optional<PurposeKind> purposeKindFromText(const QString &text);
QString purposeKindLabel(PurposeKind k); // translated

// Gate 1's data: the account and the three materials of the qualification dossier. Plain
// values, so the provider issue only has to send them.
struct QualificationData
{
    enum class VerificationType
    {
        Personal,
        Enterprise
    };
    enum class VerificationState
    {
        Unverified,
        Pending,
        Verified
    };

    // Account.
    QString provider;
    QString accountId;
    VerificationType verificationType = VerificationType::Enterprise;
    VerificationState verificationState = VerificationState::Unverified;
    bool serviceActivated = false;
    bool forTeam = true;
    QString subAccount; // for a team member
    QString userGroup;
    QString policy;

    // 1. Entity proof.
    QString licenceFile;
    QString authorizationFile; // the operator's authorization
    QDate authorizationSigned;
    QDate authorizationValidUntil;
    QString signatory;
    QString applicantEntity;
    QString usingEntity;
    QString entityAuthorizationFile; // needed when applicant ≠ using entity

    // 2. Purpose statement.
    PurposeKind purposeKind = PurposeKind::Finetuning;
    QString modelName;
    QString modelSize;
    QString dataSources;
    QString beneficiaries;
    QString businessValue;
    QString statement;

    // 3. Data compliance.
    bool personalInfo = false;
    QString personalInfoHandling;
    QString restrictedDomains; // empty: none
    QString retentionPeriod;
    QString destructionMethod;

    QDate submissionDate;    // planned; invalid = today
    int reviewLeadDays = 10; // how long the provider's review usually takes

    bool operator==(const QualificationData &) const = default;
    QJsonObject toJson() const;
    static std::expected<QualificationData, Error> fromJson(const QJsonObject &o);
    // A relative attachment path in a file (a dossier, a saved onboarding) is relative to that
    // file's folder, wherever Onramp runs from: made absolute against that folder.
    void resolveAttachmentsAgainst(const QString &folder);
};

struct QualificationRules
{
    int reviewLeadDays = 10;   // how long a review usually takes
    int signedMaxAgeDays = 30; // "a letter signed and left a month often bounces"
};

// How long a statement reads: English words plus Chinese characters counted half (a page is
// about 250 words or 500 characters).
double statementLength(const QString &text);

Findings checkQualification(const QualificationData &d, const QDate &today,
                            const QualificationRules &rules = {});

// Attachment facts for the form: readable or why not, type and size.
struct AttachmentInfo
{
    bool exists = false;
    bool readable = false;
    QString type; // MIME name
    qint64 bytes = 0;
};
AttachmentInfo inspectAttachment(const QString &path);

} // namespace onramp
