#include "Catalogs.h"
#include "Language.h"
#include "QualificationGate.h"
#include "QuotaGate.h"
#include "RecoveryPolicy.h"
#include "RunGates.h"
#include "WorkspaceGate.h"
#include "fuzz/GateChecks.h"

#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace onramp;

namespace {

QStringList codes(const Findings &f)
{
    QStringList out;
    for (const Finding &x : f)
        out << x.code;
    return out;
}

const QDate kToday(2026, 11, 30);

// docs/findings.md's tables: code → "blocking" or "warning".
QHash<QString, QString> documentedSeverities()
{
    QHash<QString, QString> out;
    QFile doc(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/findings.md"));
    if (!doc.open(QIODevice::ReadOnly | QIODevice::Text))
        return out;
    static const QRegularExpression row(
        QStringLiteral(R"(^\| `([a-z0-9_.]+)` \| (blocking|warning) \|)"));
    while (!doc.atEnd()) {
        const auto m = row.match(QString::fromUtf8(doc.readLine()));
        if (m.hasMatch())
            out.insert(m.captured(1), m.captured(2));
    }
    return out;
}

// When `code` is among the findings: it has the severity docs/findings.md gives it, a field
// and a message. Empty when so, else what differs.
QString checkedAgainstTheDocs(const Findings &f, const QString &code)
{
    static const QHash<QString, QString> documented = documentedSeverities();
    if (!documented.contains(code))
        return code + QStringLiteral(" is not in docs/findings.md");
    for (const Finding &x : f) {
        if (x.code != code)
            continue;
        const QString severity =
            x.isBlocking() ? QStringLiteral("blocking") : QStringLiteral("warning");
        if (severity != documented.value(code))
            return code + QStringLiteral(" is ") + severity + QStringLiteral(", documented ") +
                   documented.value(code);
        if (x.message.isEmpty())
            return code + QStringLiteral(" has no message");
    }
    return {};
}

} // namespace

class TestGates : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QualificationData dossier()
    {
        QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/qualification.json"));
        f.open(QIODevice::ReadOnly);
        QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        o["licenceFile"] =
            QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/attachments/licence.pdf");
        o["authorizationFile"] =
            QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/attachments/authorization.pdf");
        return *QualificationData::fromJson(o);
    }

    static QuotaPool pool() { return {"a100-80g", "cn-north", "cn-north-1a"}; }

    static WorkspaceData workspace()
    {
        WorkspaceData w;
        w.create("ws");
        w.attachQuota(pool());
        w.addMember({"Li", "li", Role::Admin, {}, 0});
        w.addMember({"Zhang", "zhang", Role::Developer, {}, 0});
        w.addMember({"Chen", "chen", Role::Developer, {}, 0});
        w.addMember({"Zhao", "zhao", Role::Observer, {}, 0});
        return w;
    }

    static QuotaGateData quota()
    {
        QuotaGateData q;
        q.cardsPerRun = 8;
        q.hoursPerRound = 12;
        q.rounds = 4;
        q.retryMargin = 0.2;
        q.start = QDate(2027, 1, 1);
        q.end = QDate(2027, 3, 31);
        return q;
    }

private slots:
    // ---- gate 1 ----
    void exampleDossierPasses()
    {
        const Findings f = checkQualification(dossier(), kToday);
        QVERIFY2(!hasBlocking(f), qPrintable(codes(f).join(',')));
    }

    void qualificationRules_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("triggered"); // false: the near miss must not trigger it
        QTest::newRow("not verified") << "account.not_verified" << true;
        QTest::newRow("pending still not verified") << "account.not_verified" << true;
        QTest::newRow("personal for team") << "account.personal_for_team" << true;
        QTest::newRow("personal, alone: fine") << "account.personal_for_team" << false;
        QTest::newRow("service inactive") << "account.service_inactive" << true;
        QTest::newRow("sub-account no policy") << "account.subaccount_no_policy" << true;
        QTest::newRow("no sub-account, no policy: fine") << "account.subaccount_no_policy" << false;
        QTest::newRow("licence missing") << "attachment.missing" << true;
        QTest::newRow("licence unreadable") << "attachment.unreadable" << true;
        QTest::newRow("a text file named .pdf") << "attachment.not_a_document" << true;
        QTest::newRow("a real PDF: fine") << "attachment.not_a_document" << false;
        QTest::newRow("authorization expired") << "authorization.expired" << true;
        QTest::newRow("expires during review") << "authorization.expires_during_review" << true;
        QTest::newRow("expires after review: fine")
            << "authorization.expires_during_review" << false;
        QTest::newRow("signed 31 days ago") << "authorization.signed_long_ago" << true;
        QTest::newRow("signed 30 days ago: fine") << "authorization.signed_long_ago" << false;
        QTest::newRow("dates missing") << "authorization.dates_missing" << true;
        QTest::newRow("no signatory") << "authorization.signatory_missing" << true;
        QTest::newRow("no applicant entity") << "entity.missing" << true;
        QTest::newRow("no using entity") << "entity.missing" << true;
        QTest::newRow("entity mismatch") << "entity.mismatch_without_authorization" << true;
        QTest::newRow("entity mismatch with authorization")
            << "entity.mismatch_without_authorization" << false;
        QTest::newRow("model missing") << "purpose.model_missing" << true;
        QTest::newRow("data source missing") << "purpose.data_source_missing" << true;
        QTest::newRow("beneficiary missing") << "purpose.beneficiary_missing" << true;
        QTest::newRow("only model training") << "purpose.too_vague" << true;
        QTest::newRow("only 模型训练") << "purpose.too_vague" << true;
        QTest::newRow("three lines") << "purpose.too_short" << true;
        QTest::newRow("Chinese, 220 characters: fine") << "purpose.too_short" << false;
        QTest::newRow("150 words") << "purpose.shorter_than_a_page" << true;
        QTest::newRow("260 words: fine") << "purpose.shorter_than_a_page" << false;
        QTest::newRow("personal info without handling")
            << "compliance.personal_info_handling_missing" << true;
        QTest::newRow("no personal info: fine")
            << "compliance.personal_info_handling_missing" << false;
        QTest::newRow("retention missing") << "compliance.retention_missing" << true;
        QTest::newRow("destruction missing") << "compliance.destruction_missing" << true;
    }

    void qualificationRules()
    {
        QFETCH(QString, code);
        QFETCH(bool, triggered);
        QualificationData d = dossier();
        const QString row = QTest::currentDataTag();
        if (row == "not verified")
            d.verificationState = QualificationData::VerificationState::Unverified;
        else if (row == "pending still not verified")
            d.verificationState = QualificationData::VerificationState::Pending;
        else if (row == "personal for team")
            d.verificationType = QualificationData::VerificationType::Personal;
        else if (row == "personal, alone: fine") {
            d.verificationType = QualificationData::VerificationType::Personal;
            d.forTeam = false;
        } else if (row == "service inactive")
            d.serviceActivated = false;
        else if (row == "sub-account no policy")
            d.policy.clear();
        else if (row == "no sub-account, no policy: fine") {
            d.subAccount.clear();
            d.policy.clear();
        } else if (row == "licence missing")
            d.licenceFile.clear();
        else if (row == "licence unreadable")
            d.licenceFile = m_dir.filePath("gone.pdf");
        else if (row == "a text file named .pdf") {
            // #17 walk: an 8-byte text file named .pdf read "PDF, 1 KB" and passed.
            QFile fake(m_dir.filePath("licence.pdf"));
            QVERIFY(fake.open(QIODevice::WriteOnly));
            fake.write("not pdf\n");
            fake.close();
            d.licenceFile = fake.fileName();
        }
        else if (row == "authorization expired")
            d.authorizationValidUntil = kToday.addDays(-1);
        else if (row == "expires during review")
            d.authorizationValidUntil = kToday.addDays(9);
        else if (row == "expires after review: fine")
            d.authorizationValidUntil = kToday.addDays(10);
        else if (row == "signed 31 days ago")
            d.authorizationSigned = d.submissionDate.addDays(-31);
        else if (row == "signed 30 days ago: fine")
            d.authorizationSigned = d.submissionDate.addDays(-30);
        else if (row == "dates missing")
            d.authorizationSigned = QDate();
        else if (row == "no signatory")
            d.signatory = QStringLiteral("  ");
        else if (row == "no applicant entity")
            d.applicantEntity.clear();
        else if (row == "no using entity")
            d.usingEntity.clear();
        else if (row == "150 words" || row == "260 words: fine")
            d.statement = QStringLiteral("We fine-tune a model on support tickets. ")
                              .repeated(row == "150 words" ? 21 : 38); // 7 words each
        else if (row == "entity mismatch")
            d.usingEntity = "Example Robotics (Shanghai) Ltd.";
        else if (row == "entity mismatch with authorization") {
            d.usingEntity = "Example Robotics (Shanghai) Ltd.";
            d.entityAuthorizationFile = d.authorizationFile;
        } else if (row == "model missing")
            d.modelName.clear();
        else if (row == "data source missing")
            d.dataSources.clear();
        else if (row == "beneficiary missing")
            d.beneficiaries.clear();
        else if (row == "only model training")
            d.statement = "Model training.";
        else if (row == "only 模型训练")
            d.statement = "模型训练";
        else if (row == "three lines")
            d.statement = "We fine-tune Qwen on our tickets.\nIt helps engineers.\nData is ours.";
        else if (row == "Chinese, 220 characters: fine")
            d.statement = QString(220, QChar(0x6A21));
        else if (row == "personal info without handling")
            d.personalInfoHandling.clear();
        else if (row == "no personal info: fine") {
            d.personalInfo = false;
            d.personalInfoHandling.clear();
        } else if (row == "retention missing")
            d.retentionPeriod.clear();
        else if (row == "destruction missing")
            d.destructionMethod.clear();
        const Findings f = checkQualification(d, kToday);
        QVERIFY2(codes(f).contains(code) == triggered, qPrintable(codes(f).join(',')));
        const QString differs = checkedAgainstTheDocs(f, code);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }

    void statementLengthCountsWordsAndCharacters()
    {
        QCOMPARE(statementLength("one two three"), 3.0);
        QCOMPARE(statementLength(QStringLiteral("训练模型")), 2.0);
        QCOMPARE(statementLength(QStringLiteral("用 Qwen2.5-7B 训练")), 2.0 + 1.5);
    }

    void dossierJsonRoundTripAndErrors()
    {
        const QualificationData d = dossier();
        QCOMPARE(*QualificationData::fromJson(d.toJson()), d);
        QJsonObject bad = d.toJson();
        bad["authorizationValidUntil"] = "next year";
        QCOMPARE(QualificationData::fromJson(bad).error().field,
                 QStringLiteral("authorizationValidUntil"));
        bad = d.toJson();
        bad["purposeKind"] = "vibes";
        QCOMPARE(QualificationData::fromJson(bad).error().field, QStringLiteral("purposeKind"));
    }

    // ---- gate 2 ----
    void orderIsEnforced()
    {
        WorkspaceData w;
        QVERIFY(!w.attachQuota(pool()).has_value());
        QVERIFY(!w.addMember({"x", "x", Role::Admin, {}, 0}).has_value());
        QVERIFY(w.create("ws").has_value());
        QVERIFY(!w.addMember({"x", "x", Role::Admin, {}, 0}).has_value());
        // A pool names its region, zone and card type; the error names the missing field.
        QuotaPool noZone = pool();
        noZone.zone.clear();
        QCOMPARE(w.attachQuota(noZone).error().field, QStringLiteral("zone"));
        QuotaPool noCard = pool();
        noCard.cardType.clear();
        QCOMPARE(w.attachQuota(noCard).error().field, QStringLiteral("cardType"));
        QVERIFY(w.attachQuota(pool()).has_value());
        QVERIFY(w.addMember({"x", "x", Role::Admin, {}, 0}).has_value());
    }

    // What the provider holds follows the plan: the same name or pool again keeps it; another
    // pool is not attached yet; another name is another workspace, with no quota yet. Whoever
    // asks (the page, the CLI) gets the same answer, so setting up sends what changed.
    void aChangedPlanIsNotHeldByTheProvider()
    {
        WorkspaceData w;
        QVERIFY(w.create("ws").has_value());
        QVERIFY(w.attachQuota(pool()).has_value());
        w.created = w.quotaAttached = true;
        QVERIFY(w.create(" ws ").has_value());
        QVERIFY(w.attachQuota(pool()).has_value());
        QVERIFY(w.created && w.quotaAttached);
        QuotaPool other = pool();
        other.zone = QStringLiteral("cn-north-1b");
        QVERIFY(w.attachQuota(other).has_value());
        QVERIFY(w.created);
        QVERIFY(!w.quotaAttached);
        w.quotaAttached = true;
        QVERIFY(w.create("ws-2").has_value());
        QVERIFY(!w.created);
        QVERIFY(!w.quotaAttached);
    }

    void workspaceRules_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("triggered");
        QTest::newRow("no workspace yet") << "order.workspace_missing" << true;
        QTest::newRow("no admin") << "role.no_admin" << true;
        QTest::newRow("everyone admin") << "role.everyone_admin" << true;
        QTest::newRow("one admin of four: fine") << "role.everyone_admin" << false;
        QTest::newRow("too many admins") << "role.too_many_admins" << true;
        QTest::newRow("two admins of ten: fine") << "role.too_many_admins" << false;
        QTest::newRow("observer can submit") << "permission.observer_can_act" << true;
        QTest::newRow("observer can delete") << "permission.observer_can_act" << true;
        QTest::newRow("observer reads all logs: fine") << "permission.observer_can_act" << false;
        QTest::newRow("developer without own logs") << "permission.developer_cannot_work" << true;
        QTest::newRow("developer without own data") << "permission.developer_cannot_work" << true;
        QTest::newRow("admin cannot manage quota") << "permission.admin_cannot_manage" << true;
        QTest::newRow("admin cannot manage members")
            << "permission.admin_cannot_manage" << true;
        QTest::newRow("quota without members") << "order.quota_without_members" << true;
        QTest::newRow("members without quota") << "order.members_without_quota" << true;
        QTest::newRow("pool without a zone") << "quota.pool_incomplete" << true;
        QTest::newRow("pool complete: fine") << "quota.pool_incomplete" << false;
        QTest::newRow("one member holds all") << "quota.one_member_all" << true;
        QTest::newRow("shares split: fine") << "quota.one_member_all" << false;
        QTest::newRow("negative share") << "quota.share_out_of_range" << true;
        QTest::newRow("share over 100") << "quota.share_out_of_range" << true;
        QTest::newRow("share of 40: fine") << "quota.share_out_of_range" << false;
        QTest::newRow("shares add to 90") << "quota.shares_under_100" << true;
        QTest::newRow("shares add to 110") << "quota.shares_over_100" << true;
        QTest::newRow("shares add to 110: not under") << "quota.shares_under_100" << false;
        QTest::newRow("shares add to 100: fine") << "quota.shares_under_100" << false;
        QTest::newRow("no shares: fine") << "quota.shares_under_100" << false;
        QTest::newRow("observer with a share") << "quota.observer_share" << true;
        QTest::newRow("developer with a share: fine") << "quota.observer_share" << false;
        QTest::newRow("member without project") << "project.member_without_project" << true;
        QTest::newRow("no projects in use: fine") << "project.member_without_project" << false;
    }

    void workspaceRules()
    {
        QFETCH(QString, code);
        QFETCH(bool, triggered);
        WorkspaceData w = workspace();
        const QString row = QTest::currentDataTag();
        if (row == "no workspace yet")
            w.workspaceName.clear();
        else if (row == "no admin")
            w.members[0].role = Role::Developer;
        else if (row == "everyone admin")
            for (Member &m : w.members)
                m.role = Role::Admin;
        else if (row == "too many admins" || row == "two admins of ten: fine") {
            w.members.clear();
            for (int i = 0; i < 10; ++i)
                w.members << Member{QString::number(i),
                                    QString::number(i),
                                    i < (row == "too many admins" ? 4 : 2) ? Role::Admin
                                                                           : Role::Developer,
                                    {},
                                    0};
        } else if (row == "observer can submit")
            w.matrix.set(Role::Observer, Action::SubmitJobs, true);
        else if (row == "observer can delete")
            w.matrix.set(Role::Observer, Action::DeleteData, true);
        else if (row == "observer reads all logs: fine")
            w.matrix.set(Role::Observer, Action::ViewAllLogs, true);
        else if (row == "developer without own logs")
            w.matrix.set(Role::Developer, Action::ViewOwnLogs, false);
        else if (row == "developer without own data")
            w.matrix.set(Role::Developer, Action::ReadWriteOwnData, false);
        else if (row == "admin cannot manage quota")
            w.matrix.set(Role::Admin, Action::ManageQuota, false);
        else if (row == "admin cannot manage members")
            w.matrix.set(Role::Admin, Action::ManageMembers, false);
        else if (row == "quota without members")
            w.members.clear();
        else if (row == "members without quota")
            w.pool = {};
        else if (row == "pool without a zone")
            w.pool.zone.clear();
        else if (row == "one member holds all")
            w.members[1].sharePercent = 100;
        else if (row == "shares split: fine") {
            w.members[1].sharePercent = 50;
            w.members[2].sharePercent = 50;
        } else if (row == "negative share")
            w.members[1].sharePercent = -10;
        else if (row == "share over 100")
            w.members[1].sharePercent = 140;
        else if (row == "share of 40: fine")
            w.members[1].sharePercent = 40;
        else if (row == "shares add to 90" || row == "shares add to 110" ||
                 row == "shares add to 110: not under" || row == "shares add to 100: fine") {
            const double second = row == "shares add to 90" ? 40 : row.contains("110") ? 60 : 50;
            w.members[1].sharePercent = 50;
            w.members[2].sharePercent = second;
        } else if (row == "no shares: fine")
            for (Member &m : w.members)
                m.sharePercent = 0;
        else if (row == "observer with a share") {
            w.members[1].sharePercent = 50;
            w.members[3].sharePercent = 50; // Zhao, the observer
        } else if (row == "developer with a share: fine")
            w.members[1].sharePercent = 50;
        else if (row == "member without project")
            w.members[1].projects = {"diagnosis"};
        const Findings f = checkWorkspace(w);
        QVERIFY2(codes(f).contains(code) == triggered, qPrintable(codes(f).join(',')));
        const QString differs = checkedAgainstTheDocs(f, code);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }

    // The provider's regions answer, as the tester met it: the pool's zone (cn-east-1a) lists
    // other cards but none of the pool's; two zones elsewhere have them free.
    void poolZoneWithoutTheCardIsAWarningThatSaysWhereItIsFree()
    {
        const QuotaPool east{"a100-80g", "cn-east", "cn-east-1a"};
        const QList<ZoneStock> answer = {
            {"cn-north", "cn-north-1a", {{"a100-80g", 16}, {"l40s", 8}}},
            {"cn-north", "cn-north-1b", {{"a100-80g", 0}, {"h100-80g", 8}}},
            {"cn-south", "cn-south-1a", {{"a100-80g", 4}}},
            {"cn-east", "cn-east-1a", {{"rtx4090", 4}, {"a10", 8}}}};
        const Findings f = checkPoolStock(east, answer);
        QCOMPARE(codes(f), QStringList{"quota.pool_zone_out_of_stock"});
        QVERIFY(!f.first().isBlocking()); // stock changes: the gate may still pass
        QCOMPARE(f.first().field, "pool");
        const QString differs = checkedAgainstTheDocs(f, "quota.pool_zone_out_of_stock");
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        // It names where the card is free now, and only there.
        QVERIFY2(f.first().message.toString().contains("cn-north-1a, cn-south-1a"),
                 qPrintable(f.first().message.toString()));
        QVERIFY(!f.first().message.toString().contains("cn-north-1b"));
        // In Chinese the zones are a Chinese list, with no English ", " (walk 18), read in the
        // language of the moment though the finding was made before.
        {
            Language language;
            QVERIFY(language.apply(QStringLiteral("zh_CN")));
            const QString zh = f.first().message.toString();
            const QString rules = RecoveryPolicy{3, {137, 143}, 30}.text();
            QVERIFY(language.apply(QStringLiteral("en")));
            QVERIFY2(zh.contains(QStringLiteral("cn-north-1a、cn-south-1a")), qPrintable(zh));
            QVERIFY2(!zh.contains(QStringLiteral(", ")), qPrintable(zh));
            QVERIFY2(rules.contains(QStringLiteral("137、143")), qPrintable(rules));
            QVERIFY2(!rules.contains(QStringLiteral(", ")), qPrintable(rules));
        }
        // Zero listed is the same as not listed.
        QList<ZoneStock> zero = answer;
        zero[3].freeCards.insert("a100-80g", 0);
        QCOMPARE(codes(checkPoolStock(east, zero)), QStringList{"quota.pool_zone_out_of_stock"});
        // Nowhere free: still a warning, which says so.
        QList<ZoneStock> nowhere = answer;
        nowhere[0].freeCards.remove("a100-80g");
        nowhere[2].freeCards.insert("a100-80g", 0);
        const Findings none = checkPoolStock(east, nowhere);
        QCOMPARE(codes(none), QStringList{"quota.pool_zone_out_of_stock"});
        QVERIFY(!none.first().message.toString().contains("cn-north-1a"));

        // No finding: the zone has the card, the provider says nothing of the zone's stock,
        // does not list the zone, gave no answer, or the pool is not complete yet.
        QVERIFY(checkPoolStock({"a100-80g", "cn-north", "cn-north-1a"}, answer).isEmpty());
        QList<ZoneStock> unknown = answer;
        unknown[3].freeCards.clear();
        QVERIFY(checkPoolStock(east, unknown).isEmpty());
        QVERIFY(checkPoolStock({"a100-80g", "cn-west", "cn-west-1a"}, answer).isEmpty());
        QVERIFY(checkPoolStock(east, {}).isEmpty());
        QVERIFY(checkPoolStock({QString(), "cn-east", "cn-east-1a"}, answer).isEmpty());
    }

    void defaultsPassAndPredictAcceptance()
    {
        QVERIFY(checkWorkspace(workspace()).isEmpty());
        const AcceptancePrediction p = predictAcceptance(PermissionMatrix::defaults());
        QVERIFY(p.developerSubmitsAndSeesLog);
        QVERIFY(p.observerRefused);
        PermissionMatrix m = PermissionMatrix::defaults();
        m.set(Role::Observer, Action::SubmitJobs, true);
        QVERIFY(!predictAcceptance(m).observerRefused);
        // The team as it is: when the only observer becomes an admin, nobody's submit can be
        // refused, whatever the matrix says.
        WorkspaceData w = workspace();
        QVERIFY(predictAcceptance(w).observerRefused);
        w.members[3].role = Role::Admin;
        const TeamAcceptancePrediction team = predictAcceptance(w);
        QVERIFY(!team.hasObserver);
        QVERIFY(!team.observerRefused);
        QVERIFY(team.developerSubmitsAndSeesLog);
    }

    void csvImport()
    {
        QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/members.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        auto ok = importMembersCsv(f.readAll());
        QVERIFY(ok.has_value());
        QCOMPARE(ok->size(), 5);
        QCOMPARE(ok->at(0).projects, (QStringList{"diagnosis", "search"}));
        QCOMPARE(ok->at(4).role, Role::Observer);
        auto quoted = importMembersCsv("name,account,role\n\"Wang, Fang\",wf,developer\r\n");
        QVERIFY(quoted.has_value());
        QCOMPARE(quoted->at(0).name, QStringLiteral("Wang, Fang"));
    }

    void csvImportRejectsBadRowsWithLineNumbers()
    {
        const QByteArray csv = "name,account,role,projects,share\n"
                               "Li,li,admin,,10\n"
                               "Zhang,zhang,superuser,,10\n" // line 3: bad role
                               "\n"
                               ",chen,developer,,10\n"    // line 5: no name
                               "Liu,li,developer,,150\n"; // line 6: share and duplicate
        auto r = importMembersCsv(csv);
        QVERIFY(!r.has_value());
        QList<int> lines;
        for (const CsvProblem &p : r.error())
            lines << p.line;
        QVERIFY(lines.contains(3));
        QVERIFY(lines.contains(5));
        QCOMPARE(lines.count(6), 2);
        QVERIFY(!lines.contains(2));
        QVERIFY(!importMembersCsv("who,what\nx,y\n").has_value());
        QVERIFY(!importMembersCsv("").has_value());
    }

    void reviewDiffAndExports()
    {
        WorkspaceData w = workspace();
        w.lastReview = {w.members, w.matrix, "lead", QDateTime::currentDateTimeUtc()};
        QVERIFY(diffSinceReview(w).isEmpty());
        w.members[1].role = Role::Admin;                           // role changed
        w.members.removeAt(2);                                     // removed
        w.members << Member{"Sun", "sun", Role::Developer, {}, 0}; // added
        w.matrix.set(Role::Observer, Action::DeleteData, true);    // permission changed
        const ReviewDiff d = diffSinceReview(w);
        QCOMPARE(d.added.size(), 1);
        QCOMPARE(d.added[0].name, QStringLiteral("Sun"));
        QCOMPARE(d.removed.size(), 1);
        QCOMPARE(d.removed[0].name, QStringLiteral("Chen"));
        QCOMPARE(d.roleChanged.size(), 1);
        QCOMPARE(d.roleChanged[0].second.role, Role::Admin);
        QCOMPARE(d.permissionChanged.size(), 1);
        QVERIFY(diffCsv(d).contains("permission,observer delete_data,no,yes"));
        QVERIFY(d.detailsChanged.isEmpty());
        QCOMPARE(d.size(), 4);

        // A share or the projects changed, the role not: listed as such, in both exports.
        w.lastReview = {w.members, w.matrix, "lead", QDateTime::currentDateTimeUtc()};
        w.members[0].sharePercent = 12.5;
        w.members[0].projects = QStringList{"=cmd", "nlp"};
        const ReviewDiff details = diffSinceReview(w);
        QCOMPARE(details.size(), 1);
        QCOMPARE(details.detailsChanged[0].second.sharePercent, 12.5);
        QVERIFY2(diffCsv(details).contains(QStringLiteral("share,%1,").arg(w.members[0].name)) &&
                     diffCsv(details).contains("12.5") &&
                     diffCsv(details).contains("\"'=cmd;nlp\""),
                 qPrintable(diffCsv(details)));
        QVERIFY2(diffMarkdown(details).contains("- share changed:") &&
                     diffMarkdown(details).contains("- projects changed:"),
                 qPrintable(diffMarkdown(details)));
        QVERIFY(diffMarkdown(d).contains("Sun"));
        QVERIFY(
            matrixCsv(w).startsWith("action,admin,developer,observer\nmanage_members,yes,no,no"));
        QVERIFY(matrixMarkdown(w).contains("| Sun |"));
        auto back = WorkspaceData::fromJson(w.toJson());
        QVERIFY(back.has_value());
        QCOMPARE(*back, w);
    }

    // A cell that a spreadsheet would run as a formula is neutralised, and read back as it was;
    // a name with "%5" in it keeps it (one .arg() for all the cells, not a chain).
    void exportedCellsAreNeverFormulas()
    {
        WorkspaceData w;
        QVERIFY(w.create("ws").has_value());
        QVERIFY(w.attachQuota(pool()).has_value());
        const QStringList names = {
            "=HYPERLINK(\"http://x\")", "+1", "-2", "@SUM(A1)", "\tTab", "50%5 team"};
        for (int i = 0; i < names.size(); ++i) {
            Member m;
            m.name = names[i];
            m.account = i == 0 ? QStringLiteral("=cmd") : QStringLiteral("acc%1").arg(i);
            m.role = Role::Developer;
            m.sharePercent = 12.5;
            QVERIFY(w.addMember(m).has_value());
        }
        const QString csv = matrixCsv(w);
        const QString members =
            csv.section(QStringLiteral("name,account,role,projects,share\n"), 1);
        for (const QString &line : members.split(u'\n', Qt::SkipEmptyParts)) {
            const QStringList cells = line.split(u',');
            for (const QString &cell : cells) {
                const QString bare = cell.startsWith(u'"') ? cell.mid(1) : cell;
                QVERIFY2(bare.isEmpty() || !QStringLiteral("=+-@\t\r").contains(bare.front()),
                         qPrintable(line));
            }
        }
        QVERIFY2(csv.contains("50%5 team,acc5,developer,,12.5"), qPrintable(csv));
        QVERIFY2(matrixMarkdown(w).contains("| 50%5 team |"), qPrintable(matrixMarkdown(w)));
        // Walk 19: the Markdown says which workspace and whose review; a typed value is plain
        // text there: "|" does not open a cell, "<" no HTML.
        WorkspaceData md = w;
        Member odd;
        odd.name = QStringLiteral("Eve | x <img src=y>");
        odd.account = QStringLiteral("eve");
        odd.role = Role::Developer;
        QVERIFY(md.addMember(odd).has_value());
        const QString text = matrixMarkdown(md);
        QVERIFY2(text.startsWith(QStringLiteral("# Role review: workspace ws\n")) &&
                     text.contains(QStringLiteral("Not reviewed yet.")) &&
                     text.contains(QStringLiteral("| Eve \\| x \\<img src=y\\> | eve |")),
                 qPrintable(text));
        md.lastReview.reviewer = QStringLiteral("Li Wei");
        md.lastReview.reviewedAt = QDateTime(QDate(2026, 12, 4), QTime(8, 0), Qt::UTC);
        QVERIFY2(matrixMarkdown(md).contains(
                     QStringLiteral("Last reviewed by Li Wei on 2026-12-04T08:00:00Z.")),
                 qPrintable(matrixMarkdown(md)));
        // Read back, the names are the members' own.
        auto back =
            importMembersCsv(("name,account,role,projects,share\n" + members).toUtf8());
        QVERIFY(back.has_value());
        QCOMPARE(back->size(), names.size());
        for (int i = 0; i < names.size(); ++i)
            QCOMPARE(back->at(i).name, names[i]);
        QCOMPARE(back->at(0).account, QStringLiteral("=cmd"));
    }

    // ---- gate 3 ----
    void derivation()
    {
        const QuotaPlan p = planQuota(quota(), {});
        // Whole card-hours, rounded up (460.8 and 115.2), so the parts add up as printed.
        QCOMPARE(p.cardHours, 461.0);
        QCOMPARE(p.first.cardHours, 116.0);
        QCOMPARE(p.followUps.size(), 1); // one quarter: a single follow-up
        QCOMPARE(p.followUps[0].cardHours, 345.0);
        // The first covers its round (12 h + 20 %: one day); the follow-up starts after it.
        QCOMPARE(p.first.from, quota().start);
        QCOMPARE(p.first.to, quota().start);
        QCOMPARE(p.followUps[0].from, quota().start.addDays(1));
        QCOMPARE(p.followUps[0].to, quota().end);
        QVERIFY(p.formula.contains("461"));
        QVERIFY(!codes(p.findings).contains("quota.period_split"));
    }

    void quarterSplit_data()
    {
        QTest::addColumn<QDate>("start");
        QTest::addColumn<QDate>("end");
        QTest::addColumn<QStringList>("labels");
        QTest::addColumn<QList<int>>("days");
        QTest::newRow("calendar year") << QDate(2027, 1, 1) << QDate(2027, 12, 31)
                                       << QStringList{"2027 Q1", "2027 Q2", "2027 Q3", "2027 Q4"}
                                       << QList<int>{90, 91, 92, 92};
        QTest::newRow("leap year Q1") << QDate(2028, 1, 1) << QDate(2028, 6, 30)
                                      << QStringList{"2028 Q1", "2028 Q2"} << QList<int>{91, 91};
        QTest::newRow("across a year end")
            << QDate(2026, 11, 15) << QDate(2027, 4, 14)
            << QStringList{"2026 Q4", "2027 Q1", "2027 Q2"} << QList<int>{47, 90, 14};
    }

    void quarterSplit()
    {
        QFETCH(QDate, start);
        QFETCH(QDate, end);
        QFETCH(QStringList, labels);
        QFETCH(QList<int>, days);
        QuotaGateData q = quota();
        q.start = start;
        q.end = end;
        const QuotaPlan p = planQuota(q, {});
        QCOMPARE(p.quarters.size(), labels.size());
        const int total = start.daysTo(end) + 1;
        double sum = 0;
        for (int i = 0; i < labels.size(); ++i) {
            QCOMPARE(p.quarters[i].label, labels[i]);
            QCOMPARE(p.quarters[i].from.daysTo(p.quarters[i].to) + 1, days[i]);
            // An even distribution gives each quarter its share of days, in whole card-hours.
            QCOMPARE(p.quarters[i].cardHours, std::round(p.quarters[i].cardHours));
            QVERIFY(std::abs(p.quarters[i].cardHours - p.cardHours * days[i] / total) <= 1);
            sum += p.quarters[i].cardHours;
        }
        QCOMPARE(sum, p.cardHours);
        QVERIFY(codes(p.findings).contains("quota.period_split"));
        double staged = p.first.cardHours;
        for (const QuotaApplication &a : p.followUps) {
            staged += a.cardHours;
            QVERIFY(a.from > p.first.to); // after the first application's round
        }
        QCOMPARE(staged, p.cardHours);
        // The warning counts the applications that are listed.
        for (const Finding &f : p.findings)
            if (f.code == "quota.period_split")
                QVERIFY2(f.message.toString().contains(
                             QStringLiteral("%1 quarterly follow-up").arg(p.followUps.size())),
                         qPrintable(f.message.toString()));
    }

    // #17 walk: the Chinese page named the applications "2027 Q1". The key stays as the
    // provider receives it; people read the quarter in their language.
    void applicationsAreNamedForPeople()
    {
        QuotaGateData q = quota();
        q.start = QDate(2026, 11, 15);
        q.end = QDate(2027, 4, 14);
        const QuotaPlan p = planQuota(q, {});
        QCOMPARE(p.quarters.size(), 3);
        QCOMPARE(p.quarters[1].label, QStringLiteral("2027 Q1"));
        QCOMPARE(applicationName(p.quarters[0]), QStringLiteral("Q4 2026"));
        QCOMPARE(applicationName(p.quarters[1]), QStringLiteral("Q1 2027"));
        QCOMPARE(applicationName(p.first), QStringLiteral("First (one round + margin)"));
        QVERIFY(!p.followUps.isEmpty());
        // A follow-up that starts after the first round is still its quarter's.
        QCOMPARE(applicationName(p.followUps.last()), QStringLiteral("Q2 2027"));
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        const QString zh = applicationName(p.quarters[1]);
        const QString first = applicationName(p.first);
        QVERIFY(language.apply(QStringLiteral("en")));
        QCOMPARE(zh, QStringLiteral("2027年第1季度"));
        QVERIFY2(!first.contains(QStringLiteral("First")), qPrintable(first));
    }

    void peaksShapeTheSplit()
    {
        QuotaGateData q = quota();
        q.end = QDate(2027, 12, 31);
        q.peaks = {{QDate(2027, 5, 1), 20, 8}}; // all use in Q2
        const QuotaPlan p = planQuota(q, {});
        for (const QuotaApplication &a : p.quarters)
            QCOMPARE(a.cardHours > 0, a.label == "2027 Q2");
        q.peaks = {{QDate(2027, 12, 20), 30, 8}}; // runs past the end
        QVERIFY(codes(planQuota(q, {}).findings).contains("quota.peak_outside_period"));
        q.peaks.clear();
        q.monthlyWeights = {0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0};
        const QuotaPlan m = planQuota(q, {});
        QCOMPARE(m.quarters[1].cardHours, m.cardHours);
    }

    // #17 walk 18: a year's period with one 30-day peak in March. The justification gave the
    // whole year, the applications' total row 1–30 March, and the split finding spoke of
    // quarterly follow-ups. One span: what the applications cover, in all three.
    void theApplicationsJustificationAndSplitAgree_data()
    {
        QTest::addColumn<QList<PeakWindow>>("peaks");
        QTest::addColumn<bool>("split");
        QTest::newRow("a March peak") << QList<PeakWindow>{{QDate(2027, 3, 1), 30, 16}} << false;
        QTest::newRow("peaks in May and August")
            << QList<PeakWindow>{{QDate(2027, 5, 3), 5, 8}, {QDate(2027, 8, 2), 5, 8}} << true;
        QTest::newRow("a peak across March and April")
            << QList<PeakWindow>{{QDate(2027, 3, 20), 20, 8}} << true;
        QTest::newRow("even") << QList<PeakWindow>{} << true;
    }

    void theApplicationsJustificationAndSplitAgree()
    {
        QFETCH(QList<PeakWindow>, peaks);
        QFETCH(bool, split);
        QuotaGateData q = quota();
        q.start = QDate(2027, 1, 1);
        q.end = QDate(2027, 12, 31);
        q.peaks = peaks;
        QuotaContext c;
        c.pool = {QStringLiteral("a100-80g"), QStringLiteral("cn-north"),
                  QStringLiteral("cn-north-1a")};
        const QuotaPlan p = planQuota(q, c);
        const QDate from = p.first.from;
        const QDate to = p.followUps.isEmpty() ? p.first.to : p.followUps.last().to;
        const QString text = quotaJustification(q, p, c);
        QVERIFY2(text.contains(QStringLiteral("from %1 to %2.")
                                   .arg(from.toString(Qt::ISODate), to.toString(Qt::ISODate))),
                 qPrintable(text));
        // The period is said apart, as what it is, when the applications cover less of it.
        QCOMPARE(text.contains(QStringLiteral("The planning period is 2027-01-01 to 2027-12-31")),
                 from != q.start || to != q.end);
        QString finding;
        for (const Finding &f : p.findings)
            if (f.code == "quota.period_split")
                finding = f.message.toString();
        QCOMPARE(!finding.isEmpty(), split);
        if (split) {
            QVERIFY2(finding.contains(
                         QStringLiteral("%1 quarterly follow-up").arg(p.followUps.size())),
                     qPrintable(finding));
            if (from != q.start || to != q.end)
                QVERIFY2(finding.contains(from.toString(Qt::ISODate)) &&
                             finding.contains(to.toString(Qt::ISODate)),
                         qPrintable(finding));
        } else {
            QVERIFY2(!text.contains(QStringLiteral("quarterly")), qPrintable(text));
        }
        const auto quarter = [](const QDate &d) { return d.year() * 4 + (d.month() - 1) / 3; };
        if (split)
            for (const QuotaApplication &a : p.followUps)
                QCOMPARE(quarter(a.from), quarter(a.to));
    }

    // #17 walk: the plan's peak was in February and the first application stayed on 1 January,
    // weeks before any card is used. An application starts when its cards are needed: the first
    // one at the first peak (or the first month with a weight), the rest after it.
    void theFirstApplicationStartsWhenTheCardsAreNeeded_data()
    {
        QTest::addColumn<QDate>("end");
        QTest::addColumn<QList<PeakWindow>>("peaks");
        QTest::addColumn<QList<double>>("monthly");
        QTest::addColumn<QDate>("firstUse");
        // Within one quarter (a single follow-up) and over a year (quarterly follow-ups).
        QTest::newRow("peak in February")
            << QDate(2027, 3, 31) << QList<PeakWindow>{{QDate(2027, 2, 10), 10, 8}}
            << QList<double>{} << QDate(2027, 2, 10);
        QTest::newRow("two peaks, the later first")
            << QDate(2027, 12, 31)
            << QList<PeakWindow>{{QDate(2027, 8, 2), 5, 8}, {QDate(2027, 5, 3), 5, 8}}
            << QList<double>{} << QDate(2027, 5, 3);
        QTest::newRow("spread from April")
            << QDate(2027, 12, 31) << QList<PeakWindow>{}
            << QList<double>{0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1} << QDate(2027, 4, 1);
        QTest::newRow("even") << QDate(2027, 12, 31) << QList<PeakWindow>{} << QList<double>{}
                              << QDate(2027, 1, 1);
    }

    void theFirstApplicationStartsWhenTheCardsAreNeeded()
    {
        QFETCH(QDate, end);
        QFETCH(QList<PeakWindow>, peaks);
        QFETCH(QList<double>, monthly);
        QFETCH(QDate, firstUse);
        QuotaGateData q = quota(); // from 1 January, 12 h rounds: the first covers one day
        q.end = end;
        q.peaks = peaks;
        q.monthlyWeights = monthly;
        const QuotaPlan p = planQuota(q, {});
        QCOMPARE(p.first.from, firstUse);
        // One day for its round; longer when it takes its quarter's card-hours whole (an even
        // year: 116 of the first quarter's 114), applicationsCoverThePlan has the rest.
        QVERIFY(p.first.to >= firstUse);
        double staged = p.first.cardHours;
        for (const QuotaApplication &a : p.followUps) {
            QVERIFY2(a.from > p.first.to, qPrintable(a.label));
            QVERIFY(a.to >= a.from);
            staged += a.cardHours;
        }
        QCOMPARE(staged, p.cardHours);
        // No card-hours are asked for a quarter before the cards are needed.
        for (const QuotaApplication &a : p.quarters)
            if (a.to < firstUse)
                QCOMPARE(a.cardHours, 0.0);
    }

    // #17 walk 6: a period from 10 December had its first application on 12-10 and 12-11 and
    // its quarterly ones from 1 January: 12-12 to 12-31 needed cards and had no application.
    // Whatever the start, length and distribution, the applications cover every day the plan
    // needs cards, one after the other without overlap, from the first day it needs them to
    // the last, each within one calendar quarter once the period is split, and their card-hours
    // add up to the derived total.
    void applicationsCoverThePlan_data()
    {
        QTest::addColumn<QDate>("start");
        QTest::addColumn<int>("days");
        QTest::addColumn<double>("hoursPerRound");
        QTest::addColumn<int>("rounds");
        QTest::addColumn<QList<PeakWindow>>("peaks");
        QTest::addColumn<QList<double>>("monthly");
        const QList<PeakWindow> even;
        const QList<double> none;
        QTest::newRow("the walk: from 10 December, to the next year's end")
            << QDate(2026, 12, 10) << 387 << 12.0 << 16 << even << none;
        QTest::newRow("from the first day of a quarter, a year")
            << QDate(2027, 4, 1) << 365 << 12.0 << 16 << even << none;
        QTest::newRow("from the last day of a quarter")
            << QDate(2027, 3, 31) << 200 << 12.0 << 8 << even << none;
        QTest::newRow("a plan shorter than the first application")
            << QDate(2027, 5, 10) << 1 << 48.0 << 3 << even << none;
        QTest::newRow("two days, a three-day round")
            << QDate(2027, 6, 29) << 2 << 60.0 << 2 << even << none;
        QTest::newRow("across a year end, one month")
            << QDate(2026, 12, 20) << 30 << 12.0 << 4 << even << none;
        QTest::newRow("across a year end, five months")
            << QDate(2026, 11, 15) << 151 << 12.0 << 4 << even << none;
        QTest::newRow("one round only, over a quarter")
            << QDate(2027, 2, 1) << 200 << 12.0 << 1 << even << none;
        QTest::newRow("one round only, within a quarter")
            << QDate(2027, 2, 1) << 30 << 12.0 << 1 << even << none;
        QTest::newRow("from a leap day")
            << QDate(2028, 2, 29) << 120 << 24.0 << 10 << even << none;
        QTest::newRow("rounds longer than a month")
            << QDate(2027, 1, 20) << 365 << 1000.0 << 4 << even << none;
        QTest::newRow("a round as long as two quarters")
            << QDate(2027, 1, 1) << 400 << 4000.0 << 2 << even << none;
        QTest::newRow("peaks with an empty quarter between")
            << QDate(2027, 1, 1) << 365 << 12.0 << 16
            << QList<PeakWindow>{{QDate(2027, 5, 1), 20, 8}, {QDate(2027, 11, 1), 10, 8}}
            << none;
        QTest::newRow("a first peak at a quarter's end, smaller than a round")
            << QDate(2027, 3, 1) << 200 << 12.0 << 8
            << QList<PeakWindow>{{QDate(2027, 3, 30), 2, 1}, {QDate(2027, 7, 1), 10, 8}}
            << none;
        QTest::newRow("a peak inside a short period")
            << QDate(2027, 2, 1) << 60 << 12.0 << 4
            << QList<PeakWindow>{{QDate(2027, 2, 10), 10, 8}} << none;
        QTest::newRow("monthly spread with empty months")
            << QDate(2026, 12, 10) << 387 << 12.0 << 16 << even
            << QList<double>{0, 1, 2, 0, 0, 0, 1, 1, 0, 3, 1, 0, 0};
    }

    void applicationsCoverThePlan()
    {
        QFETCH(QDate, start);
        QFETCH(int, days);
        QFETCH(double, hoursPerRound);
        QFETCH(int, rounds);
        QFETCH(QList<PeakWindow>, peaks);
        QFETCH(QList<double>, monthly);
        QuotaGateData q = quota();
        q.start = start;
        q.end = start.addDays(days - 1);
        q.hoursPerRound = hoursPerRound;
        q.rounds = rounds;
        q.peaks = peaks;
        q.monthlyWeights = monthly;
        QVERIFY(validateQuota(q).has_value());
        const QuotaPlan p = planQuota(q, {});
        // The days the plan needs cards, read from its inputs here, not from planQuota.
        const auto needs = [&](const QDate &d) {
            if (d < q.start || d > q.end)
                return false;
            if (!peaks.isEmpty())
                return std::any_of(peaks.begin(), peaks.end(), [&](const PeakWindow &w) {
                    return d >= w.start && d < w.start.addDays(w.days);
                });
            if (!monthly.isEmpty()) {
                const int m = (d.year() - start.year()) * 12 + d.month() - start.month();
                return m < monthly.size() && monthly[m] > 0;
            }
            return true;
        };
        QDate firstNeed, lastNeed;
        for (QDate d = q.start; d <= q.end; d = d.addDays(1))
            if (needs(d)) {
                if (!firstNeed.isValid())
                    firstNeed = d;
                lastNeed = d;
            }
        const QList<QuotaApplication> apps = QList<QuotaApplication>{p.first} + p.followUps;
        const auto name = [](const QuotaApplication &a) {
            return QStringLiteral("%1 %2…%3 %4").arg(a.label, a.from.toString(Qt::ISODate),
                                                    a.to.toString(Qt::ISODate))
                .arg(a.cardHours);
        };
        QStringList listed;
        for (const QuotaApplication &a : apps)
            listed << name(a);
        const QByteArray all = listed.join(QStringLiteral("; ")).toUtf8();
        QCOMPARE(p.first.label, QStringLiteral("first"));
        QVERIFY2(p.first.from == firstNeed, all.constData());
        QVERIFY2(apps.last().to == lastNeed, all.constData());
        const auto quarter = [](const QDate &d) { return d.year() * 4 + (d.month() - 1) / 3; };
        double sum = 0;
        for (qsizetype i = 0; i < apps.size(); ++i) {
            const QuotaApplication &a = apps[i];
            QVERIFY2(a.from <= a.to, all.constData());
            QVERIFY2(a.cardHours > 0 && a.cardHours == std::round(a.cardHours), all.constData());
            if (days > 92) // split by quarter: each one within one
                QVERIFY2(quarter(a.from) == quarter(a.to), all.constData());
            sum += a.cardHours;
            if (i == 0)
                continue;
            // No overlap, and no day between two applications that needs cards.
            QVERIFY2(a.from > apps[i - 1].to, all.constData());
            for (QDate d = apps[i - 1].to.addDays(1); d < a.from; d = d.addDays(1))
                QVERIFY2(!needs(d), qPrintable(d.toString(Qt::ISODate) + " uncovered: " + all));
        }
        QCOMPARE(sum, p.cardHours);
        // The warning counts the follow-ups listed.
        for (const Finding &f : p.findings)
            if (f.code == "quota.period_split")
                QVERIFY2(f.message.toString().contains(
                             QStringLiteral("%1 quarterly follow-up").arg(p.followUps.size())),
                         qPrintable(f.message.toString()));
    }

    // A peak is checked against the plan: 32 cards for 60 days cannot fit in 461 card-hours.
    void aPeakLargerThanThePlanIsFound()
    {
        QuotaGateData q = quota(); // 461 card-hours
        q.end = QDate(2027, 6, 30);
        q.peaks = {{q.start, 60, 32}};
        const QuotaPlan p = planQuota(q, {});
        QVERIFY2(codes(p.findings).contains("quota.peak_above_total"),
                 qPrintable(codes(p.findings).join(',')));
        q.peaks = {{q.start, 2, 8}}; // 384 card-hours at most: fits
        QVERIFY(!codes(planQuota(q, {}).findings).contains("quota.peak_above_total"));
    }

    void quotaRules_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("triggered");
        QTest::newRow("fine-tuning at 128 cards") << "quota.purpose_scale_mismatch" << true;
        QTest::newRow("fine-tuning at 64 cards: fine") << "quota.purpose_scale_mismatch" << false;
        QTest::newRow("pre-training at 128 cards: fine") << "quota.purpose_scale_mismatch" << false;
        QTest::newRow("inference at 32 cards") << "quota.purpose_scale_mismatch" << true;
        QTest::newRow("below the estimate") << "quota.below_estimate" << true;
        QTest::newRow("at the estimate: fine") << "quota.below_estimate" << false;
        QTest::newRow("far above the estimate") << "quota.far_above_estimate" << true;
        QTest::newRow("shares add to 90") << "quota.shares_do_not_add_up" << true;
        QTest::newRow("shares add to 100: fine") << "quota.shares_do_not_add_up" << false;
        QTest::newRow("no zone") << "quota.pool_missing" << true;
        QTest::newRow("no card type") << "quota.pool_missing" << true;
        QTest::newRow("pool attached: fine") << "quota.pool_missing" << false;
        QTest::newRow("margin 80 %") << "quota.margin_high" << true;
        QTest::newRow("peak of 40 cards") << "quota.peak_above_plan" << true;
        QTest::newRow("peak of 32 cards: fine") << "quota.peak_above_plan" << false;
        QTest::newRow("peak of 4 cards, 8 per run") << "quota.peak_below_run" << true;
        QTest::newRow("peak of 8 cards, 8 per run: fine") << "quota.peak_below_run" << false;
    }

    void quotaRules()
    {
        QFETCH(QString, code);
        QFETCH(bool, triggered);
        QuotaGateData q = quota();
        QuotaContext c;
        c.pool = pool();
        const QString row = QTest::currentDataTag();
        if (row == "fine-tuning at 128 cards")
            q.cardsPerRun = 128;
        else if (row == "fine-tuning at 64 cards: fine")
            q.cardsPerRun = 64;
        else if (row == "pre-training at 128 cards: fine") {
            q.cardsPerRun = 128;
            c.purpose = PurposeKind::Pretraining;
        } else if (row == "inference at 32 cards") {
            q.cardsPerRun = 32;
            c.purpose = PurposeKind::Inference;
        } else if (row == "below the estimate")
            c.estimatedCards = 16;
        else if (row == "at the estimate: fine")
            c.estimatedCards = 8;
        else if (row == "far above the estimate")
            c.estimatedCards = 1;
        else if (row == "shares add to 90")
            c.memberShares = {40, 50};
        else if (row == "shares add to 100: fine")
            c.memberShares = {40, 60};
        else if (row == "no zone")
            c.pool.zone.clear();
        else if (row == "no card type")
            c.pool.cardType.clear();
        else if (row == "margin 80 %")
            q.retryMargin = 0.8;
        else if (row == "peak of 40 cards" || row == "peak of 32 cards: fine")
            q.peaks = {{q.start, 1, row == "peak of 40 cards" ? 40 : 32}}; // 4 × 8 per run
        // Walk 19: a 4-card window kept after cards per run became 8.
        else if (row == "peak of 4 cards, 8 per run" || row == "peak of 8 cards, 8 per run: fine")
            q.peaks = {{q.start, 14, row == "peak of 4 cards, 8 per run" ? 4 : 8}};
        const Findings f = planQuota(q, c).findings;
        QVERIFY2(codes(f).contains(code) == triggered, qPrintable(codes(f).join(',')));
        const QString differs = checkedAgainstTheDocs(f, code);
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
        if (code == "quota.peak_below_run" && triggered) {
            for (const Finding &x : f)
                if (x.code == code)
                    QVERIFY2(x.message.toString().contains(
                                 QStringLiteral("has 4 cards, fewer than the 8 one run takes")),
                             qPrintable(x.message.toString()));
        }
        if (code == "quota.purpose_scale_mismatch" && triggered) {
            for (const Finding &x : f)
                if (x.code == code)
                    QVERIFY(x.message.toString().contains(
                        QString::number(q.cardsPerRun))); // names the number
        }
    }

    void invalidQuotaInputNamesTheField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::newRow("cardsPerRun") << "cardsPerRun";
        QTest::newRow("hoursPerRound") << "hoursPerRound";
        QTest::newRow("end") << "end";
        QTest::newRow("retryMargin") << "retryMargin";
    }

    void invalidQuotaInputNamesTheField()
    {
        QFETCH(QString, field);
        QuotaGateData q = quota();
        if (field == "cardsPerRun")
            q.cardsPerRun = 0;
        else if (field == "hoursPerRound")
            q.hoursPerRound = -1;
        else if (field == "end")
            q.end = q.start.addDays(-1);
        else
            q.retryMargin = -0.1;
        QCOMPARE(validateQuota(q).error().field, field);
    }

    // Walk 17: with the period's end left empty, gate 3 said "the period must end on or after
    // its start". An empty end asks for the end.
    void anEmptyPeriodEndAsksForIt()
    {
        QuotaGateData q = quota();
        q.end = QDate();
        const auto empty = validateQuota(q);
        QVERIFY(!empty);
        QCOMPARE(empty.error().field, QStringLiteral("end"));
        QVERIFY2(empty.error().message.contains(QStringLiteral("give the last day")),
                 qPrintable(empty.error().message));
        q.end = q.start.addDays(-1);
        QVERIFY(validateQuota(q).error().message.contains(QStringLiteral("on or after")));
    }

    // #17 walk 5: with "Finish within" at 0 the justification still cited "the target
    // duration". It cites one only when gate 4 has one.
    void theJustificationCitesATargetOnlyWhenOneIsSet()
    {
        const QuotaGateData q = quota();
        QuotaContext c;
        c.pool = pool();
        c.estimatedCards = 2;
        c.targetHours = 0;
        const QuotaPlan p = planQuota(q, c);
        const QString without = quotaJustification(q, p, c);
        QVERIFY2(without.contains("memory estimate (2 card"), qPrintable(without));
        QVERIFY2(!without.contains("target"), qPrintable(without));
        c.targetHours = 12;
        const QString with = quotaJustification(q, p, c);
        QVERIFY2(with.contains("needed) and the target duration"), qPrintable(with));
        // One round only: no follow-up to announce, the one application is the whole plan.
        QuotaGateData once = q;
        once.rounds = 1;
        const QuotaPlan single = planQuota(once, c);
        QVERIFY(single.followUps.isEmpty());
        const QString text = quotaJustification(once, single, c);
        QVERIFY2(!text.contains("follow-up"), qPrintable(text));
        QVERIFY2(text.contains("from 2027-01-01 to 2027-03-31"), qPrintable(text));
    }

    void justificationNamesTheNumbers()
    {
        QuotaGateData q = quota();
        q.peaks = {{QDate(2027, 2, 1), 10, 8}};
        QuotaContext c;
        c.estimatedCards = 8;
        c.pool = pool();
        const QuotaPlan p = planQuota(q, c);
        const QString text = quotaJustification(q, p, c);
        // Gate 2's pool, as the reviewer reads it: the card's name, region and zone apart
        // (#17 walk: "of a10 in cn-east cn-east-1a").
        QVERIFY2(text.contains(findCard("a100-80g")->name + " in region cn-north, zone cn-north-1a"),
                 qPrintable(text));
        QVERIFY(!text.contains("a100-80g"));
        // In Chinese, sentences follow each other without a space after "。".
        {
            Language language;
            QVERIFY(language.apply(QStringLiteral("zh_CN")));
            const QString zh = quotaJustification(q, p, c);
            QVERIFY(language.apply(QStringLiteral("en")));
            QVERIFY2(zh.contains(u'。') && !zh.contains(QStringLiteral("。 ")), qPrintable(zh));
        }
        QVERIFY(text.contains("2027-02-01"));
        QVERIFY(text.contains(p.formula));
        auto back = QuotaGateData::fromJson(q.toJson());
        QVERIFY(back.has_value());
        QCOMPARE(*back, q);
    }

    // Every input the fuzzer (or a person) found for the members CSV and the dossier importers
    // holds their invariants (fuzz/GateChecks.h): refused with a reason, or written and read back
    // as the same members or dossier.
    void fuzzReproducersHold_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::newRow("csv") << QStringLiteral("csv");
        QTest::newRow("dossier") << QStringLiteral("dossier");
    }
    void fuzzReproducersHold()
    {
        QFETCH(QString, folder);
        const QDir dir(QStringLiteral(ONRAMP_SOURCE_DIR "/tests/fuzz/reproducers/") + folder);
        const QStringList files = dir.entryList(QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString &name : files) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            const auto problem = folder == QLatin1String("csv") ? fuzzcheck::csvProblem(bytes)
                                                                : fuzzcheck::dossierProblem(bytes);
            QVERIFY2(!problem, qPrintable(name + u' ' + problem.value_or(QString())));
        }
    }

    // What fuzz_csv's round trip caught in the members CSV (inputs written by hand to try it):
    // a blank project between two ';', a share of "nan" and a share with more than six digits
    // all changed on the way out and back in.
    void csvImportKeepsWhatItExports()
    {
        auto r = importMembersCsv("name,account,role,projects,share\na,b,admin,x; ;y,1\n");
        QVERIFY(r.has_value());
        QCOMPARE(r->at(0).projects, (QStringList{"x", "y"}));
        QVERIFY(!importMembersCsv("name,account,role,share\na,b,admin,nan\n").has_value());
        QVERIFY(!importMembersCsv("name,account,role,share\na,b,admin,-nan%\n").has_value());
        r = importMembersCsv("name,account,role,share\na,b,admin,12.3456789\n");
        QVERIFY(r.has_value());
        WorkspaceData w;
        w.members = *r;
        QVERIFY2(matrixCsv(w).contains(",12.3456789\n"), qPrintable(matrixCsv(w)));
    }

    // Gate 6's recovery: a preemption, an interruption by the provider and a lost node are
    // retried; a failure only with a listed exit code; a cancel, a time limit or a success never.
    void recoveryRetriesOnlyWhatItShould_data()
    {
        QTest::addColumn<QJsonObject>("job");
        QTest::addColumn<QString>("cause");
        const auto job = [](const char *state, const char *code, int exit) {
            QJsonObject j{{"state", state}, {"exitCode", exit}};
            if (*code)
                j["reason"] = QJsonObject{{"kind", "end"}, {"code", code}};
            return j;
        };
        QTest::newRow("preempted") << job("interrupted", "Preempted", 130) << "preempted";
        QTest::newRow("interrupted") << job("interrupted", "", 130) << "interrupted";
        QTest::newRow("node lost") << job("failed", "NodeFail", -1) << "node_lost";
        QJsonObject slurm = job("failed", "", 0);
        slurm["slurmState"] = "NODE_FAIL";
        QTest::newRow("slurm node fail") << slurm << "node_lost";
        slurm["slurmState"] = "PREEMPTED";
        QTest::newRow("slurm preempted") << slurm << "preempted";
        QTest::newRow("listed exit") << job("failed", "", 75) << "exit_code";
        QTest::newRow("unlisted exit") << job("failed", "", 1) << "";
        QTest::newRow("time limit") << job("failed", "TimeLimit", 75) << "";
        QTest::newRow("cancelled") << job("cancelled", "", 137) << "";
        QTest::newRow("succeeded") << job("succeeded", "", 0) << "";
    }
    void recoveryRetriesOnlyWhatItShould()
    {
        QFETCH(QJsonObject, job);
        QFETCH(QString, cause);
        const RecoveryPolicy policy{2, {75}, 10};
        QCOMPARE(policy.retryCause(job), cause);
    }

    // The first run's attempts and policy are saved with it, and read back strictly.
    void firstRunAttemptsAreSavedAndCheckedOnLoad()
    {
        FirstRunGateData d;
        d.recovery = {3, {75}, 5};
        d.attempts = {{"job-1", "interrupted", "preempted", "instance i was preempted at step 30",
                       130, 0, 31, QDateTime::currentDateTimeUtc()},
                      {"job-2", "succeeded", "", "", 0, 31, 60, QDateTime::currentDateTimeUtc()},
                      {"job-3", "succeeded", "", "", 0, 0, 60, QDateTime::currentDateTimeUtc(),
                       1, 27}};
        const QJsonObject saved = d.toJson();
        const auto back = FirstRunGateData::fromJson(saved, QStringLiteral("$.firstRun"));
        QVERIFY2(back, qPrintable(back ? QString() : back.error().message));
        QCOMPARE(back->attempts, d.attempts);
        QCOMPARE(back->recovery, d.recovery);
        QVERIFY(back->attempts.first().text().contains("preempted"));
        // A job the provider requeued itself says so, and from where it resumed.
        QCOMPARE(back->attempts.last().text(),
                 QStringLiteral("job job-3: succeeded, last step logged 60 (fresh start; requeued "
                                "by the provider itself 1×, under the same job, resumed from step "
                                "27)"));
        QVERIFY(!saved.value("attempts").toArray().at(1).toObject().contains("providerRequeues"));
        // A state from before attempts existed loads with none and the default policy.
        QJsonObject older = saved;
        older.remove("attempts");
        older.remove("recovery");
        QCOMPARE(FirstRunGateData::fromJson(older, "$")->recovery, RecoveryPolicy::firstRunDefault());
        // Unknown keys and wrong types name their field.
        QJsonObject bad = saved;
        QJsonArray list = bad.value("attempts").toArray();
        QJsonObject a = list[1].toObject();
        a["node"] = "n1";
        list[1] = a;
        bad["attempts"] = list;
        auto r = FirstRunGateData::fromJson(bad, QStringLiteral("$.firstRun"));
        QVERIFY(!r);
        QCOMPARE(r.error().field, QStringLiteral("$.firstRun.attempts[1].node"));
        bad = saved;
        bad["recovery"] = QJsonObject{{"maxRestarts", 1000}};
        r = FirstRunGateData::fromJson(bad, QStringLiteral("$.firstRun"));
        QVERIFY(!r);
        QCOMPARE(r.error().field, QStringLiteral("$.firstRun.recovery.maxRestarts"));
        bad = saved;
        bad["attempts"] = QJsonObject{};
        QVERIFY(!FirstRunGateData::fromJson(bad, QStringLiteral("$.firstRun")));
    }
};

QTEST_GUILESS_MAIN(TestGates)
#include "tst_gates.moc"
