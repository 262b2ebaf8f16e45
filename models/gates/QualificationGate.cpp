#include "QualificationGate.h"

#include "Tr.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QMimeDatabase>
#include <QMutex>
#include <QRegularExpression>
#include <QSaveFile>

namespace onramp {

namespace {

struct TextField
{
    const char *key;
    QString QualificationData::*member;
};

constexpr TextField kTextFields[] = {
    {"provider", &QualificationData::provider},
    {"accountId", &QualificationData::accountId},
    {"subAccount", &QualificationData::subAccount},
    {"userGroup", &QualificationData::userGroup},
    {"policy", &QualificationData::policy},
    {"licenceFile", &QualificationData::licenceFile},
    {"authorizationFile", &QualificationData::authorizationFile},
    {"signatory", &QualificationData::signatory},
    {"applicantEntity", &QualificationData::applicantEntity},
    {"usingEntity", &QualificationData::usingEntity},
    {"entityAuthorizationFile", &QualificationData::entityAuthorizationFile},
    {"modelName", &QualificationData::modelName},
    {"modelSize", &QualificationData::modelSize},
    {"dataSources", &QualificationData::dataSources},
    {"beneficiaries", &QualificationData::beneficiaries},
    {"businessValue", &QualificationData::businessValue},
    {"statement", &QualificationData::statement},
    {"personalInfoHandling", &QualificationData::personalInfoHandling},
    {"restrictedDomains", &QualificationData::restrictedDomains},
    {"retentionPeriod", &QualificationData::retentionPeriod},
    {"destructionMethod", &QualificationData::destructionMethod},
};

struct DateField
{
    const char *key;
    QDate QualificationData::*member;
};

constexpr DateField kDateFields[] = {
    {"authorizationSigned", &QualificationData::authorizationSigned},
    {"authorizationValidUntil", &QualificationData::authorizationValidUntil},
    {"submissionDate", &QualificationData::submissionDate},
};

Error invalid(const QString &field, const QString &why)
{
    return {Error::Kind::Invalid, QStringLiteral("%1: %2").arg(field, why), QString(), field};
}

// A statement that names nothing: "model training", "模型训练" and the like.
bool isGenericPurpose(const QString &text)
{
    QString t = text.toLower();
    t.remove(QRegularExpression(QStringLiteral(R"([\s\p{P}]+)")));
    static const QStringList generic = {QStringLiteral("modeltraining"),
                                        QStringLiteral("training"),
                                        QStringLiteral("aitraining"),
                                        QStringLiteral("trainingmodels"),
                                        QStringLiteral("trainamodel"),
                                        QStringLiteral("llmtraining"),
                                        QStringLiteral("模型训练"),
                                        QStringLiteral("训练模型"),
                                        QStringLiteral("大模型训练"),
                                        QStringLiteral("用于模型训练"),
                                        QStringLiteral("人工智能模型训练"),
                                        QStringLiteral("ai模型训练"),
                                        QStringLiteral("forthemodeltraining"),
                                        QStringLiteral("usedformodeltraining")};
    return t.isEmpty() || generic.contains(t);
}

QString iso(const QDate &d)
{
    return d.isValid() ? d.toString(Qt::ISODate) : QString();
}

} // namespace

QString purposeKindKey(PurposeKind k)
{
    switch (k) {
    case PurposeKind::Pretraining:
        return QStringLiteral("pretraining");
    case PurposeKind::Finetuning:
        return QStringLiteral("finetuning");
    case PurposeKind::Evaluation:
        return QStringLiteral("evaluation");
    case PurposeKind::Inference:
        return QStringLiteral("inference");
    }
    return {};
}

std::optional<PurposeKind> purposeKindFromKey(const QString &key)
{
    for (PurposeKind k : {PurposeKind::Pretraining, PurposeKind::Finetuning,
                          PurposeKind::Evaluation, PurposeKind::Inference}) {
        if (purposeKindKey(k) == key)
            return k;
    }
    return std::nullopt;
}

std::optional<PurposeKind> purposeKindFromText(const QString &text)
{
    const auto folded = [](QString s) {
        s.remove(u'-').remove(u' ').remove(u'_');
        return s.toCaseFolded();
    };
    const QString wanted = folded(text.trimmed());
    if (wanted.isEmpty())
        return std::nullopt;
    for (PurposeKind k : {PurposeKind::Pretraining, PurposeKind::Finetuning,
                          PurposeKind::Evaluation, PurposeKind::Inference}) {
        if (folded(purposeKindKey(k)) == wanted || folded(purposeKindLabel(k)) == wanted)
            return k;
    }
    return std::nullopt;
}

QString purposeKindLabel(PurposeKind k)
{
    switch (k) {
    case PurposeKind::Pretraining:
        return Tr::tr("Pre-training");
    case PurposeKind::Finetuning:
        return Tr::tr("Fine-tuning");
    case PurposeKind::Evaluation:
        return Tr::tr("Evaluation");
    case PurposeKind::Inference:
        return Tr::tr("Inference");
    }
    return {};
}

QJsonObject QualificationData::toJson() const
{
    QJsonObject o;
    for (const TextField &f : kTextFields)
        o[QLatin1String(f.key)] = this->*f.member;
    for (const DateField &f : kDateFields)
        o[QLatin1String(f.key)] = iso(this->*f.member);
    o[QStringLiteral("verificationType")] = verificationType == VerificationType::Personal
                                                ? QStringLiteral("personal")
                                                : QStringLiteral("enterprise");
    static const char *const states[] = {"unverified", "pending", "verified"};
    o[QStringLiteral("verificationState")] = QLatin1String(states[int(verificationState)]);
    o[QStringLiteral("serviceActivated")] = serviceActivated;
    o[QStringLiteral("forTeam")] = forTeam;
    o[QStringLiteral("purposeKind")] = purposeKindKey(purposeKind);
    o[QStringLiteral("personalInfo")] = personalInfo;
    o[QStringLiteral("reviewLeadDays")] = reviewLeadDays;
    return o;
}

std::expected<QualificationData, Error> QualificationData::fromJson(const QJsonObject &o)
{
    QualificationData d;
    for (const TextField &f : kTextFields) {
        const QJsonValue v = o.value(QLatin1String(f.key));
        if (v.isUndefined() || v.isNull())
            continue;
        if (!v.isString())
            return std::unexpected(invalid(QLatin1String(f.key), Tr::tr("expected text")));
        d.*f.member = v.toString();
    }
    for (const DateField &f : kDateFields) {
        const QString s = o.value(QLatin1String(f.key)).toString();
        if (s.isEmpty())
            continue;
        const QDate date = QDate::fromString(s, Qt::ISODate);
        if (!date.isValid())
            return std::unexpected(invalid(
                QLatin1String(f.key), Tr::tr("expected a date as YYYY-MM-DD, not “%1”").arg(s)));
        d.*f.member = date;
    }
    const QString type =
        o.value(QStringLiteral("verificationType")).toString(QStringLiteral("enterprise"));
    if (type != QLatin1String("personal") && type != QLatin1String("enterprise"))
        return std::unexpected(
            invalid(QStringLiteral("verificationType"), Tr::tr("expected personal or enterprise")));
    d.verificationType = type == QLatin1String("personal") ? VerificationType::Personal
                                                           : VerificationType::Enterprise;
    const QString state =
        o.value(QStringLiteral("verificationState")).toString(QStringLiteral("unverified"));
    const QStringList states = {QStringLiteral("unverified"), QStringLiteral("pending"),
                                QStringLiteral("verified")};
    if (!states.contains(state))
        return std::unexpected(invalid(QStringLiteral("verificationState"),
                                       Tr::tr("expected unverified, pending or verified")));
    d.verificationState = VerificationState(states.indexOf(state));
    const QString kind =
        o.value(QStringLiteral("purposeKind")).toString(QStringLiteral("finetuning"));
    const auto k = purposeKindFromKey(kind);
    if (!k)
        return std::unexpected(invalid(QStringLiteral("purposeKind"),
                                       Tr::tr("expected pretraining, finetuning, evaluation or "
                                              "inference")));
    d.purposeKind = *k;
    d.reviewLeadDays = o.value(QStringLiteral("reviewLeadDays")).toInt(d.reviewLeadDays);
    for (auto [key, member] : {std::pair{"serviceActivated", &QualificationData::serviceActivated},
                               std::pair{"forTeam", &QualificationData::forTeam},
                               std::pair{"personalInfo", &QualificationData::personalInfo}}) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined())
            continue;
        if (!v.isBool())
            return std::unexpected(invalid(QLatin1String(key), Tr::tr("expected true or false")));
        d.*member = v.toBool();
    }
    return d;
}

double statementLength(const QString &text)
{
    static const QRegularExpression han(QStringLiteral(R"(\p{Han})"));
    static const QRegularExpression word(QStringLiteral(R"([A-Za-z0-9][A-Za-z0-9'’\-]*)"));
    const double chars = text.count(han);
    double words = 0;
    for (auto it = word.globalMatch(text); it.hasNext(); it.next())
        ++words;
    return words + chars / 2;
}

void QualificationData::resolveAttachmentsAgainst(const QString &folder)
{
    for (QString *path : {&licenceFile, &authorizationFile, &entityAuthorizationFile}) {
        if (!path->trimmed().isEmpty() && QFileInfo(*path).isRelative())
            *path = QDir::cleanPath(QDir(folder).absoluteFilePath(*path));
    }
}

AttachmentInfo inspectAttachment(const QString &path)
{
    AttachmentInfo info;
    const QFileInfo fi(path);
    info.exists = !path.isEmpty() && fi.exists() && fi.isFile();
    if (!info.exists)
        return info;
    // Forms re-check on every keystroke: open and sniff a file only when it changed.
    struct Cached
    {
        QDateTime modified;
        qint64 bytes;
        QFileDevice::Permissions permissions;
        AttachmentInfo info;
    };
    static QMutex mutex;
    static QHash<QString, Cached> cache;
    const QString key = fi.absoluteFilePath();
    {
        QMutexLocker lock(&mutex);
        const auto it = cache.constFind(key);
        if (it != cache.cend() && it->modified == fi.lastModified() && it->bytes == fi.size() &&
            it->permissions == fi.permissions())
            return it->info;
    }
    QFile f(path);
    info.readable = f.open(QIODevice::ReadOnly);
    info.bytes = fi.size();
    // By what the file holds, not its name: a text file renamed ".pdf" is not a scan.
    info.type = QMimeDatabase().mimeTypeForFile(fi, QMimeDatabase::MatchContent).name();
    QMutexLocker lock(&mutex);
    cache.insert(key, {fi.lastModified(), fi.size(), fi.permissions(), info});
    return info;
}

Findings checkQualification(const QualificationData &d, const QDate &today,
                            const QualificationRules &rules)
{
    Findings out;
    const auto blocking = Finding::Severity::Blocking;
    const auto warning = Finding::Severity::Warning;
    auto add = [&](const char *code, Finding::Severity s, const char *field, const Text &msg) {
        out.append({QLatin1String(code), s, QLatin1String(field), msg});
    };

    // Account.
    if (d.verificationState != QualificationData::VerificationState::Verified)
        add("account.not_verified", blocking, "verificationState",
            Tr::trLater("Finish real-name verification of the account first; nothing else in this "
                        "gate can be reviewed before it."));
    if (d.forTeam && d.verificationType == QualificationData::VerificationType::Personal)
        add("account.personal_for_team", warning, "verificationType",
            Tr::trLater("A personal account gets limited instance types and quota. For a team, "
                        "verify an enterprise account."));
    if (!d.serviceActivated)
        add("account.service_inactive", blocking, "serviceActivated",
            Tr::trLater("Activate the training service once in the console; it is off by default, "
                        "and without it the service entry stays invisible."));
    if (!d.subAccount.trimmed().isEmpty() && d.policy.trimmed().isEmpty())
        add("account.subaccount_no_policy", blocking, "policy",
            Tr::trLater("The sub-account has no policy. Its console looks empty, as if the service "
                        "were not activated: put it in a user group with a policy that grants the "
                        "training service."));

    // 1. Entity proof.
    const auto attachment = [&](const QString &path, const char *field, const Text &what) {
        if (path.trimmed().isEmpty()) {
            add("attachment.missing", blocking, field, Tr::trLater("Attach the %1.").arg(what));
            return;
        }
        const AttachmentInfo info = inspectAttachment(path);
        if (!info.exists || !info.readable) {
            add("attachment.unreadable", blocking, field,
                Tr::trLater("The %1 file %2 cannot be read. Choose the file again.")
                    .arg(what, path));
            return;
        }
        // What the reviewer opens: a PDF, an image or an OFD, as the Browse filter offers.
        static const QStringList documents = {
            QStringLiteral("application/pdf"), QStringLiteral("image/png"),
            QStringLiteral("image/jpeg"), QStringLiteral("application/ofd")};
        if (!documents.contains(info.type) && !info.type.startsWith(QLatin1String("image/")) &&
            !path.endsWith(QLatin1String(".ofd"), Qt::CaseInsensitive))
            add("attachment.not_a_document", blocking, field,
                Tr::trLater("The %1 file %2 is not a PDF or an image: its content reads as %3. "
                            "Attach the scan or the signed PDF itself.")
                    .arg(what, path, info.type));
    };
    attachment(d.licenceFile, "licenceFile", Tr::trLater("business licence or certificate"));
    attachment(d.authorizationFile, "authorizationFile", Tr::trLater("operator's authorization"));
    if (!d.authorizationSigned.isValid() || !d.authorizationValidUntil.isValid()) {
        add("authorization.dates_missing", blocking, "authorizationValidUntil",
            Tr::trLater("Enter the authorization's signing date and its valid-until date."));
    } else {
        const QDate submission = d.submissionDate.isValid() ? d.submissionDate : today;
        if (d.authorizationValidUntil < today)
            add("authorization.expired", blocking, "authorizationValidUntil",
                Tr::trLater("The authorization expired on %1. Get a new one signed.")
                    .arg(d.authorizationValidUntil.toString(Qt::ISODate)));
        else if (d.authorizationValidUntil < today.addDays(rules.reviewLeadDays))
            add("authorization.expires_during_review", blocking, "authorizationValidUntil",
                Tr::trLater("The authorization expires on %1, before a review started today would "
                            "end (about %n day(s)). Get one valid for longer.",
                            nullptr, rules.reviewLeadDays)
                    .arg(d.authorizationValidUntil.toString(Qt::ISODate)));
        if (d.authorizationSigned.daysTo(submission) > rules.signedMaxAgeDays)
            add("authorization.signed_long_ago", warning, "authorizationSigned",
                Tr::trLater("The authorization was signed %1 days before submission; letters left "
                            "for a month often bounce. Submit soon after signing.")
                    .arg(d.authorizationSigned.daysTo(submission)));
    }
    if (d.signatory.trimmed().isEmpty())
        add("authorization.signatory_missing", blocking, "signatory",
            Tr::trLater("Name the signatory of the authorization."));
    if (d.applicantEntity.trimmed().isEmpty() || d.usingEntity.trimmed().isEmpty())
        add("entity.missing", blocking,
            d.applicantEntity.trimmed().isEmpty() ? "applicantEntity" : "usingEntity",
            Tr::trLater(
                "Name both the applicant entity and the entity that will use the resources."));
    else if (d.applicantEntity.trimmed() != d.usingEntity.trimmed() &&
             d.entityAuthorizationFile.trimmed().isEmpty())
        add("entity.mismatch_without_authorization", blocking, "entityAuthorizationFile",
            Tr::trLater("The applicant (%1) is not the using entity (%2). Attach an authorization "
                        "from the using entity, or apply as the using entity.")
                .arg(d.applicantEntity, d.usingEntity));
    else if (d.applicantEntity.trimmed() != d.usingEntity.trimmed())
        attachment(d.entityAuthorizationFile, "entityAuthorizationFile",
                   Tr::trLater("authorization from the using entity"));

    // 2. Purpose statement.
    if (d.modelName.trimmed().isEmpty())
        add("purpose.model_missing", blocking, "modelName",
            Tr::trLater("Name the model you will train and its size."));
    if (d.dataSources.trimmed().isEmpty())
        add("purpose.data_source_missing", blocking, "dataSources",
            Tr::trLater("Say where the training data comes from."));
    if (d.beneficiaries.trimmed().isEmpty())
        add("purpose.beneficiary_missing", blocking, "beneficiaries",
            Tr::trLater("Say whom the model serves and what it is worth to them."));
    const double length = statementLength(d.statement);
    if (isGenericPurpose(d.statement))
        add("purpose.too_vague", blocking, "statement",
            Tr::trLater(
                "“Model training” alone is the most common reason for rejection. Describe "
                "the model, the data and its source, who it serves and the business value."));
    else if (length < 100)
        add("purpose.too_short", blocking, "statement",
            Tr::trLater(
                "The statement is too short to review (about %1 words). Reviewers pass a "
                "page far more often than three lines: aim for a page, about 250 words (500 "
                "characters in Chinese).")
                .arg(qRound(length)));
    else if (length < 250)
        add("purpose.shorter_than_a_page", warning, "statement",
            Tr::trLater("The statement is shorter than a page (about %1 words; a page is about "
                        "250, or 500 characters in Chinese); a page passes far more often.")
                .arg(qRound(length)));

    // 3. Data compliance.
    if (d.personalInfo && d.personalInfoHandling.trimmed().isEmpty())
        add("compliance.personal_info_handling_missing", blocking, "personalInfoHandling",
            Tr::trLater("The data contains personal information: say how it is handled "
                        "(consent, de-identification, access control)."));
    if (d.retentionPeriod.trimmed().isEmpty())
        add("compliance.retention_missing", blocking, "retentionPeriod",
            Tr::trLater("State how long the data is kept."));
    if (d.destructionMethod.trimmed().isEmpty())
        add("compliance.destruction_missing", blocking, "destructionMethod",
            Tr::trLater("State how the data is destroyed at the end of the retention period."));
    return out;
}

} // namespace onramp
