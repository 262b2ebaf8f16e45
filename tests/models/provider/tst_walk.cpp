// A headless walk of gates 1–4 against the real sandbox, through the same ProviderSession the
// wizard's pages drive: every result lands in the onboarding state, and a restart in the middle
// (state saved, everything else thrown away) picks up where it was, creating nothing twice.
#include "AwaitAnswer.h"
#include "DemoState.h"
#include "GateDataForms.h"
#include "GateDefinition.h"
#include "GateLedger.h"
#include "Language.h"
#include "OnboardingState.h"
#include "ProviderCatalog.h"
#include "ProviderSession.h"
#include "QuotaGate.h"
#include "ResourcesGate.h"
#include "Replay.h"
#include "RunSpec.h"
#include "SandboxServer.h"
#include "SlurmProvider.h"
#include "StateStore.h"
#include "Transport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTcpServer>
#include <QtTest>

#include <curl/curl.h>

using namespace onramp;

class TestWalk : public QObject
{
    Q_OBJECT

    std::unique_ptr<SandboxServer> m_server;
    std::unique_ptr<Transport> m_transport;

    std::unique_ptr<ProviderSession> session(OnboardingState &state)
    {
        ProviderProfile p;
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()));
        p.accessKeyId = m_server->credentials().accessKeyId;
        auto s = std::make_unique<ProviderSession>(
            providerFor(m_transport.get(), p, m_server->credentials().secret), state);
        s->setPollIntervalMs(30);
        return s;
    }

    static std::expected<void, ProviderError>
    run(ProviderSession &s, void (ProviderSession::*op)(ProviderSession::Done))
    {
        return awaitAnswer<std::expected<void, ProviderError>>(
            [&](ProviderSession::Done done) { (s.*op)(std::move(done)); }, 30000);
    }

    // What a restart keeps: the state file, nothing else.
    static OnboardingState reload(const OnboardingState &s)
    {
        return *OnboardingState::fromJson(
            QJsonDocument::fromJson(QJsonDocument(s.toJson()).toJson()).object());
    }

    // What the provider holds for the workspace: account → role, as it lists its members.
    QMap<QString, QString> providerRoles(const QString &workspace)
    {
        ProviderProfile p;
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()));
        p.accessKeyId = m_server->credentials().accessKeyId;
        const ProviderClient client(m_transport.get(), p, m_server->credentials().secret);
        std::optional<ProviderResult> answer;
        client.request("GET", "/v1/workspaces/" + workspace + "/members", {}, {}, this,
                       [&](const ProviderResult &r) { answer = r; });
        if (!QTest::qWaitFor([&] { return answer.has_value(); }, 10000) || !*answer)
            return {};
        QMap<QString, QString> roles;
        for (const QJsonValue &v : (*answer)->value("members").toArray())
            roles.insert(v["account"].toString(), v["role"].toString());
        return roles;
    }

#define WALK(session, op)                                                                          \
    do {                                                                                           \
        const auto r = run(session, &ProviderSession::op);                                         \
        QVERIFY2(r, qPrintable(r ? QString() : r.error().message + " | " + r.error().details));    \
    } while (false)

private slots:
    // #17 walk: the replay dialog read "5.7440919876098633 in the spec, 5.7466521263122559
    // now". A loss reads as everywhere else in Onramp, with every digit only where fewer would
    // hide the difference (a CPU replay is compared bit for bit).
    void aLossDifferenceReadsAsTheRestOfOnramp()
    {
        RunSpec spec;
        spec.software.device = QStringLiteral("cpu");
        spec.loss.curve = {{1, 5.7440919876098633}, {2, 5.5}};
        RunSpec seen = spec;
        seen.loss.curve = {{1, 5.7466521263122559}, {2, 5.5000000000000009}};
        const auto note = [](const QList<ReplayItem> &items) {
            for (const ReplayItem &i : items)
                if (i.field == QLatin1String("$.loss.curve"))
                    return i.note;
            return QString();
        };
        const QString apart = note(compareRerun(spec, seen, true));
        QVERIFY2(apart.contains(QStringLiteral("5.744 in the spec, 5.747 now")), qPrintable(apart));
        seen.loss.curve = {{1, 5.7440919876098633}, {2, 5.5000000000000009}};
        const QString close = note(compareRerun(spec, seen, true));
        QVERIFY2(close.contains(QStringLiteral("5.5 in the spec, 5.5000000000000009 now")),
                 qPrintable(close));
    }

    // #17 walk 16 (item 13b): "Replayed by dan … 36 of 36 items passed" while CUDA, driver and
    // GPU model were "N/A … not compared" (a CPU run records none of them). The record counts
    // them apart, and gate 6's evidence says them apart.
    void aReplayCountsItemsNotComparedApart()
    {
        QFile example(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        auto spec = parseRunSpec(example.readAll());
        QVERIFY(spec);
        spec->software.cuda.clear();
        spec->software.driver.clear();
        spec->software.gpuModel.clear();
        spec->plannedEnvironment = {};
        ReplayOutcome outcome;
        outcome.member = QStringLiteral("dan");
        outcome.items = compareRerun(*spec, *spec, true);
        int pass = 0, notApplicable = 0;
        for (const ReplayItem &i : outcome.items) {
            pass += i.status == ReplayItem::Status::Pass;
            notApplicable += i.status == ReplayItem::Status::NotApplicable;
        }
        QVERIFY(notApplicable >= 3);
        QVERIFY(outcome.reproduced());
        const QJsonObject record = outcome.toRecord();
        QCOMPARE(record.value("items").toInt(), int(outcome.items.size()));
        QCOMPARE(record.value("passed").toInt(), pass);
        QCOMPARE(record.value("notCompared").toInt(), notApplicable);
        QCOMPARE(replayTally(record).toString(),
                 QStringLiteral("%1 passed, %2 not compared").arg(pass).arg(notApplicable));
        // One that differs is said too, between them.
        ReplayItem &first = outcome.items.first();
        const int passLeft = pass - (first.status == ReplayItem::Status::Pass);
        const int notComparedLeft =
            notApplicable - (first.status == ReplayItem::Status::NotApplicable);
        first.status = ReplayItem::Status::Fail;
        QCOMPARE(replayTally(outcome.toRecord()).toString(),
                 QStringLiteral("%1 passed, 1 failed, %2 not compared")
                     .arg(passLeft)
                     .arg(notComparedLeft));
    }

    // #17 walk 18: a spec of 4 nodes × 1 card replays on one 1-card instance, as gate 4 holds
    // it: a failed item names both counts and what to do; a spec of one node replays as it is.
    void aReplayOnFewerCardsThanTheSpecSaysSo()
    {
        QFile example(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        auto spec = parseRunSpec(example.readAll());
        QVERIFY(spec);
        ResourcesGateData held;
        held.choice.instance = QStringLiteral("gpu.a100-80g.1");
        const RunCards one = runCards(held, held.choice.instance);
        spec->compute.instanceType = QStringLiteral("gpu.a100-80g.1");
        spec->compute.cardsPerNode = 1;
        spec->compute.nodes = 1;
        QVERIFY(!replayCards(*spec, one, held.catalog));
        spec->compute.nodes = 4;
        const auto item = replayCards(*spec, one, held.catalog);
        QVERIFY(item);
        QCOMPARE(item->field, QStringLiteral("$.compute.nodes"));
        QCOMPARE(item->status, ReplayItem::Status::Fail);
        QCOMPARE(item->want, QStringLiteral("4 card(s)"));
        QCOMPARE(item->got, QStringLiteral("1 card(s)"));
        QVERIFY2(item->note.contains(QStringLiteral("one instance of 1 × A100 80GB")) &&
                     item->note.contains(QStringLiteral("4 card(s) of 4 node(s)")),
                 qPrintable(item->note));
    }

    // #17 walk (item 12, zh_CN): the replay list read "参数 MICROBATCH" and "环境：os" — keys
    // in a Chinese list. Its items say what they compare in words; the key is the item's field
    // (the list's tooltip, the command line's line), and a value stays as it is.
    void theReplayItemsSayWhatTheyCompareInWords()
    {
        QFile example(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        const auto spec = parseRunSpec(example.readAll());
        QVERIFY(spec);
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        const QList<ReplayItem> items = compareRerun(*spec, *spec, true);
        language.apply(QStringLiteral("en"));
        static const QRegularExpression latin(QStringLiteral("[A-Za-z]"));
        int looked = 0;
        for (const ReplayItem &i : items) {
            if (!i.field.startsWith(QLatin1String("$.parameters.")) &&
                !i.field.startsWith(QLatin1String("$.applied.")) &&
                !i.field.startsWith(QLatin1String("$.fingerprint.")))
                continue;
            ++looked;
            QVERIFY2(!latin.match(i.what).hasMatch(), qPrintable(i.field + ": " + i.what));
            QCOMPARE(i.status, ReplayItem::Status::Pass);
        }
        QCOMPARE(looked, 5); // MICROBATCH, SEED, SEQLEN, os, arch
    }

    void initTestCase()
    {
        curl_global_init(CURL_GLOBAL_DEFAULT);
    }
    void cleanupTestCase()
    {
        curl_global_cleanup();
    }
    void init()
    {
        m_server = std::make_unique<SandboxServer>();
        m_server->setProbeProgram(QStringLiteral(ONRAMP_PROBE));
        QVERIFY(m_server->start(QHostAddress::LocalHost, 0, QString()));
        m_transport = std::make_unique<Transport>();
    }
    void cleanup()
    {
        m_transport.reset();
        m_server.reset();
    }

    void gatesOneToFour()
    {
        m_server->setReviewDelaySeconds(1);
        OnboardingState state = demoState();
        int saves = 0;
        auto s = session(state);
        s->onStateChanged = [&] { ++saves; };

        // Gate 1: submitted, waiting for the reviewer — also after a restart — then approved.
        WALK(*s, submitQualification);
        QVERIFY(state.provider.trainingActivated);
        QCOMPARE(state.gate(GateId::Account).status, GateStatus::Waiting);
        QVERIFY(state.gate(GateId::Account).waitingSince.isValid());
        state = reload(state);
        s = session(state);
        s->onStateChanged = [&] { ++saves; };
        QTest::qWait(1100);
        WALK(*s, refreshQualification);
        QCOMPARE(state.provider.qualification.state, "approved");
        QVERIFY2(state.gate(GateId::Account).status == GateStatus::Passed,
                 qPrintable(state.gate(GateId::Account).heldBack.toString()));
        QVERIFY(!state.gate(GateId::Account).evidence.isEmpty());

        // Gate 2: create → attach → add, then the two checks for real.
        WALK(*s, setUpWorkspace);
        QVERIFY(state.workspace.created && state.workspace.quotaAttached);
        QCOMPARE(state.provider.memberRoles, (QMap<QString, QString>{{"liwei", "admin"},
                                                                     {"zhangmin", "developer"},
                                                                     {"chenjie", "developer"},
                                                                     {"zhaolei", "observer"}}));
        // The developer's light job runs before gate 4 chose an instance (a fresh walk has
        // none): on the provider's smallest shape for checks.
        const ResourceChoice chosen = state.resources.choice;
        state.resources.choice = {};
        WALK(*s, runWorkspaceChecks);
        state.resources.choice = chosen;
        QVERIFY2(state.provider.developerCheckPassed,
                 qPrintable(state.provider.developerCheck.toString()));
        QVERIFY2(state.provider.observerCheckPassed,
                 qPrintable(state.provider.observerCheck.toString()));
        // The provider's answer in the user's words: the role, the member and the status.
        QVERIFY2(state.provider.observerCheck.toString().contains(roleLabel(Role::Observer)) &&
                     state.provider.observerCheck.toString().contains("zhaolei") &&
                     state.provider.observerCheck.toString().contains("403"),
                 qPrintable(state.provider.observerCheck.toString()));
        // Running it again adds nobody twice.
        WALK(*s, setUpWorkspace);
        QCOMPARE(m_server->countOf("ws"), 1);
        // Gate 2's acceptor is the team lead: the checks give the evidence, their review of the
        // role matrix signs it off.
        QVERIFY(!state.gate(GateId::Workspace).evidence.isEmpty());
        recordRoleReview(state, QStringLiteral("Li Wei"), QDateTime::currentDateTimeUtc());
        const auto signedOff = setGateStatus(state, GateId::Workspace, GateStatus::Passed,
                                             QDateTime::currentDateTimeUtc());
        QVERIFY2(signedOff, qPrintable(signedOff ? QString() : signedOff.error().message));

        // Gate 3: applied, pending, then granted.
        WALK(*s, applyQuota);
        QCOMPARE(state.gate(GateId::Quota).status, GateStatus::Waiting);
        QTest::qWait(1100);
        WALK(*s, refreshQuota);
        QCOMPARE(state.provider.quotaApplication.state, "approved");
        QVERIFY(state.provider.quotaApplication.grantedCardHours > 0);
        // The grant is the pool's card-hours now (gate 2 attached the pool with none).
        {
            ProviderProfile p;
            p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()));
            p.accessKeyId = m_server->credentials().accessKeyId;
            const ProviderClient client(m_transport.get(), p, m_server->credentials().secret);
            std::optional<ProviderResult> usage;
            client.request("GET", "/v1/workspaces/" + state.workspace.workspaceName + "/quota", {},
                           {}, this, [&](const ProviderResult &r) { usage = r; });
            QTRY_VERIFY(usage.has_value());
            QVERIFY(*usage);
            QCOMPARE((*usage)->value("grantedCardHours").toDouble(),
                     state.provider.quotaApplication.grantedCardHours);
        }
        QVERIFY2(state.gate(GateId::Quota).status == GateStatus::Passed,
                 qPrintable(state.gate(GateId::Quota).heldBack.toString()));

        // Gate 4: the instance, and its acceptance: up, data readable, output written.
        WALK(*s, createInstance);
        QVERIFY(!state.provider.instanceId.isEmpty());
        WALK(*s, verifyResources);
        QVERIFY2(state.provider.resourcesCheckPassed,
                 qPrintable(state.provider.resourcesCheck.toString()));
        QVERIFY(
            state.gate(GateId::Resources).evidence.toString().contains(state.provider.instanceId));
        // #17 walk item 8: gate 4's acceptance is this check, and it passes the gate as gate 3's
        // grant passes gate 3, with the acceptor its definition names (no recording by hand).
        QVERIFY2(state.gate(GateId::Resources).status == GateStatus::Passed,
                 qPrintable(state.gate(GateId::Resources).heldBack.toString()));
        QVERIFY2(state.gate(GateId::Resources)
                         .acceptedBy.toString()
                         .startsWith(gateDefinition(GateId::Resources).acceptorText()) &&
                     state.gate(GateId::Resources).acceptedBy.toString().contains(
                         checkJobMember(state.workspace)),
                 qPrintable(state.gate(GateId::Resources).acceptedBy.toString()));
        WALK(*s, releaseInstance);
        QCOMPARE(state.provider.instanceState, "released");
        QVERIFY(state.provider.pendingKeys.isEmpty()); // nothing left in flight
        QVERIFY(saves > 10);

        // #17: walked in English, saved, then read after a switch to Chinese: the lines Onramp
        // wrote into the records read in Chinese, with the provider's ids as they were.
        const QJsonObject saved = state.toJson();
        const QString englishObserver = state.provider.observerCheck.toString();
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        auto reread = OnboardingState::fromJson(saved);
        QVERIFY2(reread, qPrintable(reread ? QString() : reread.error().message));
        const auto chinese = [](const QString &text) {
            return std::any_of(text.begin(), text.end(), [](QChar c) {
                return c.unicode() >= 0x4e00 && c.unicode() < 0xa000;
            });
        };
        const QString account = reread->gate(GateId::Account).evidence.toString();
        QVERIFY2(chinese(account) && account.contains(state.provider.qualification.id) &&
                     !account.contains(QStringLiteral("approved")),
                 qPrintable(account));
        QVERIFY2(chinese(reread->gate(GateId::Account).acceptedBy.toString()),
                 qPrintable(reread->gate(GateId::Account).acceptedBy.toString()));
        const QString observer = reread->provider.observerCheck.toString();
        QVERIFY2(observer != englishObserver && chinese(observer) &&
                     observer.contains(roleLabel(Role::Observer)) && observer.contains("zhaolei") &&
                     observer.contains("403"),
                 qPrintable(observer));
        const QString resources = reread->gate(GateId::Resources).evidence.toString();
        QVERIFY2(chinese(resources) && resources.contains(state.provider.instanceId),
                 qPrintable(resources));
        const QString quota = reread->gate(GateId::Quota).evidence.toString();
        QVERIFY2(chinese(quota) && !quota.contains(QStringLiteral("granted")), qPrintable(quota));
        QVERIFY(language.apply(QStringLiteral("en")));
        QCOMPARE(reread->provider.observerCheck.toString(), englishObserver);
    }

    // #17: after gate 2 passed, the team lead changes roles in the members table (through the
    // form the page writes with). Setting the workspace up again sends each change to the
    // provider, and the acceptance checks run under the roles the table shows, never the
    // provider's old ones.
    void aRoleChangedAfterGateTwoReachesTheProvider()
    {
        QTemporaryDir dir;
        StateStore store(dir.filePath(QStringLiteral("onboarding.json")));
        store.load();
        store.update([](OnboardingState &s) { s = demoState(); });
        WorkspaceForm form(&store);
        OnboardingState &state = store.stateForEditing();
        auto s = session(state);
        s->onStateChanged = [&] { store.markChanged(); };
        QStringList said;
        s->onProgress = [&](const QString &text) { said << text; };
        WALK(*s, setUpWorkspace);
        WALK(*s, runWorkspaceChecks);
        QVERIFY2(state.provider.observerCheckPassed, qPrintable(state.provider.observerCheck.toString()));
        QVERIFY(form.markReviewed(QStringLiteral("Li Wei")).has_value());
        QVERIFY(setGateStatus(state, GateId::Workspace, GateStatus::Passed,
                              QDateTime::currentDateTimeUtc()));
        const QString ws = state.workspace.workspaceName;
        const QMap<QString, QString> before{{"liwei", "admin"},
                                            {"zhangmin", "developer"},
                                            {"chenjie", "developer"},
                                            {"zhaolei", "observer"}};
        QCOMPARE(providerRoles(ws), before);
        const auto setRole = [&](const QString &account, Role role) {
            form.update([&](WorkspaceData &w) {
                for (Member &m : w.members)
                    if (m.account == account)
                        m.role = role;
            });
        };

        // The only observer becomes a developer: the provider is told.
        setRole(QStringLiteral("zhaolei"), Role::Developer);
        said.clear();
        WALK(*s, setUpWorkspace);
        QCOMPARE(providerRoles(ws).value("zhaolei"), QStringLiteral("developer"));
        QVERIFY2(said.filter("zhaolei").size() == 1, qPrintable(said.join(u'\n')));
        // The former observer's submit is accepted now...
        const QJsonObject job{{"name", "after-the-change"},
                              {"shape", "check"},
                              {"launch", QJsonObject{{"mode", "builtin"},
                                                     {"entry", "environment"},
                                                     {"args", QJsonArray{"--steps", "5"}}}}};
        const auto submitted = awaitAnswer<ProviderResult>(
            [&](Provider::Answer done) {
                s->provider()->submitJob(CallContext{this, QStringLiteral("zhaolei"), {}}, ws,
                                         job, std::move(done));
            },
            10000);
        QVERIFY2(submitted, qPrintable(submitted ? QString() : submitted.error().details));
        // ...so the observer check has nobody left to refuse: it says so and does not pass.
        const auto nobody = run(*s, &ProviderSession::runWorkspaceChecks);
        QVERIFY(!nobody);
        QVERIFY2(nobody.error().message.contains(roleLabel(Role::Observer).toLower()),
                 qPrintable(nobody.error().message));
        QVERIFY(!state.provider.observerCheckPassed);

        // Another member becomes the observer. Until the provider is told, the checks refuse
        // to run: they would test the provider's old roles.
        setRole(QStringLiteral("chenjie"), Role::Observer);
        const auto early = run(*s, &ProviderSession::runWorkspaceChecks);
        QVERIFY(!early);
        QVERIFY(!state.provider.observerCheckPassed);
        WALK(*s, setUpWorkspace);
        QCOMPARE(providerRoles(ws), (QMap<QString, QString>{{"liwei", "admin"},
                                                            {"zhangmin", "developer"},
                                                            {"chenjie", "observer"},
                                                            {"zhaolei", "developer"}}));
        WALK(*s, runWorkspaceChecks);
        QVERIFY2(state.provider.observerCheckPassed,
                 qPrintable(state.provider.observerCheck.toString()));
        QVERIFY2(state.provider.observerCheck.toString().contains("chenjie"),
                 qPrintable(state.provider.observerCheck.toString()));
        QVERIFY2(state.provider.developerCheckPassed,
                 qPrintable(state.provider.developerCheck.toString()));

        // A member taken out of the table leaves the provider's workspace.
        form.update([](WorkspaceData &w) {
            w.members.removeIf([](const Member &m) { return m.account == "zhangmin"; });
        });
        WALK(*s, setUpWorkspace);
        QCOMPARE(providerRoles(ws), (QMap<QString, QString>{{"liwei", "admin"},
                                                            {"chenjie", "observer"},
                                                            {"zhaolei", "developer"}}));
        // The saved state knows it: after a restart, setting up again sends nothing.
        OnboardingState restarted = reload(state);
        auto again = session(restarted);
        said.clear();
        again->onProgress = [&](const QString &text) { said << text; };
        WALK(*again, setUpWorkspace);
        QVERIFY2(said.isEmpty(), qPrintable(said.join(u'\n')));
        QCOMPARE(providerRoles(ws).size(), 3);
        QVERIFY(restarted.provider.pendingKeys.isEmpty());
    }

    // #17: the checks wrote gate 2's evidence over the review's line, and "Mark reviewed" wrote
    // over the checks' lines: whichever came last was all the gate kept. Both stay, in either
    // order, and the acceptor is the reviewer.
    void gateTwoKeepsTheChecksAndTheReview_data()
    {
        QTest::addColumn<bool>("reviewFirst");
        QTest::newRow("checks, then the review") << false;
        QTest::newRow("the review, then the checks") << true;
    }

    void gateTwoKeepsTheChecksAndTheReview()
    {
        QFETCH(bool, reviewFirst);
        QTemporaryDir dir;
        StateStore store(dir.filePath(QStringLiteral("onboarding.json")));
        store.load();
        store.update([](OnboardingState &s) {
            s = demoState();
            s.gate(GateId::Workspace) = {};
            s.gate(GateId::Workspace).status = GateStatus::InProgress;
            s.workspace.lastReview = {};
        });
        WorkspaceForm form(&store);
        OnboardingState &state = store.stateForEditing();
        auto s = session(state);
        s->onStateChanged = [&] { store.markChanged(); };
        WALK(*s, setUpWorkspace);
        if (reviewFirst)
            QVERIFY(form.markReviewed(QStringLiteral("Li Wei")).has_value());
        WALK(*s, runWorkspaceChecks);
        QVERIFY2(state.provider.developerCheckPassed, qPrintable(state.provider.developerCheck.toString()));
        QVERIFY2(state.provider.observerCheckPassed, qPrintable(state.provider.observerCheck.toString()));
        if (!reviewFirst)
            QVERIFY(form.markReviewed(QStringLiteral("Li Wei")).has_value());

        const GateRecord &g = state.gate(GateId::Workspace);
        const QString reviewedAt = readableTime(state.workspace.lastReview.reviewedAt);
        QVERIFY2(g.evidence.toString().contains(state.provider.developerCheck.toString()) &&
                     g.evidence.toString().contains(state.provider.observerCheck.toString()) &&
                     g.evidence.toString().contains(reviewedAt),
                 qPrintable(g.evidence.toString()));
        QCOMPARE(g.acceptedBy.toString(), QStringLiteral("Li Wei"));
        QVERIFY2(acceptanceMissing(state, GateId::Workspace).isEmpty(),
                 qPrintable(acceptanceMissing(state, GateId::Workspace).toString()));
        QVERIFY(setGateStatus(state, GateId::Workspace, GateStatus::Passed,
                              QDateTime::currentDateTimeUtc()));
        // Reviewed again: its line is replaced, not added; the checks' lines stay.
        const int lines = int(g.evidence.toString().split(u'\n').size());
        QVERIFY(form.markReviewed(QStringLiteral("Li Wei")).has_value());
        QCOMPARE(int(g.evidence.toString().split(u'\n').size()), lines);
        QVERIFY(g.evidence.toString().contains(state.provider.developerCheck.toString()));
        QVERIFY(g.evidence.toString().contains(state.provider.observerCheck.toString()));
    }

    // A state saved by schema 3 knows whom the provider added, not as what: the next set-up
    // sends each member's role once (the provider keeps the same roles), then nothing.
    void rolesUnknownFromAnOlderStateAreSentOnce()
    {
        OnboardingState state = demoState();
        auto s = session(state);
        WALK(*s, setUpWorkspace);
        const QString ws = state.workspace.workspaceName;
        const QMap<QString, QString> held = providerRoles(ws);
        QCOMPARE(held.size(), 4);
        // The provider part as schema 3 wrote it.
        QJsonObject json = state.toJson();
        QJsonObject provider = json.value("provider").toObject();
        provider.remove("memberRoles");
        provider["membersAdded"] = QJsonArray{"liwei", "zhangmin", "chenjie", "zhaolei"};
        json["provider"] = provider;
        json["schemaVersion"] = 3;
        auto older = OnboardingState::fromJson(json);
        QVERIFY2(older, qPrintable(older ? QString() : older.error().message));
        auto again = session(*older);
        QStringList said;
        again->onProgress = [&](const QString &text) { said << text; };
        WALK(*again, setUpWorkspace);
        QCOMPARE(said.size(), 4);
        QCOMPARE(providerRoles(ws), held);
        said.clear();
        WALK(*again, setUpWorkspace);
        QVERIFY2(said.isEmpty(), qPrintable(said.join(u'\n')));
    }

    void aRestartMidCreateMakesExactlyOneInstance()
    {
        OnboardingState state = demoState();
        auto s = session(state);
        WALK(*s, setUpWorkspace);
        state.quota.hoursPerRound = 0.1; // fits the fresh pool's check allowance
        // The answer to the create is lost and the app quits before it can retry.
        m_transport = std::make_unique<Transport>(); // a fresh connection (see tst_provider)
        RetryPolicy once;
        once.maxAttempts = 1;
        m_transport->setRetryPolicy(once);
        s = session(state);
        // The quota read before it is answered. The create goes out on the connection the read
        // used, and libcurl sends it once more on a fresh one when that one dies: both lost.
        m_server->faults().resetAfterCommit = 2;
        m_server->faults().resetCreatesOnly = true;
        const QString create = QStringLiteral("instance.create/gpu.a100-80g.8@cn-north-1a");
        QCOMPARE(state.resources.choice.instance, QStringLiteral("gpu.a100-80g.8"));
        const auto lost = run(*s, &ProviderSession::createInstance);
        QVERIFY(!lost);
        QCOMPARE(lost.error().code, ProviderErrorCode::Network);
        QVERIFY(state.provider.pendingKeys.contains(create));
        QCOMPARE(m_server->countOf("instance"), 1);
        // Next run: only the saved state.
        OnboardingState restarted = reload(state);
        m_transport = std::make_unique<Transport>();
        auto again = session(restarted);
        WALK(*again, createInstance);
        QCOMPARE(m_server->countOf("instance"), 1);
        QVERIFY(!restarted.provider.instanceId.isEmpty());
        QVERIFY(!restarted.provider.pendingKeys.contains(create));
    }

    // Walk 17: after Onramp was killed mid-check and started again, gate 5's rows read
    // "… running" with nothing running. A new session says such a check was never finished
    // and asks for a new run; what had passed stays.
    void aCheckLeftRunningByAnEarlierSessionAsksForANewRun()
    {
        OnboardingState state = demoState();
        CheckResult passed;
        passed.state = QStringLiteral("passed");
        passed.evidence = Text::literal(QStringLiteral("17 files read"));
        CheckResult left;
        left.state = QStringLiteral("running");
        left.jobId = QStringLiteral("5f3a9c01-77aa");
        state.environment.checks[QStringLiteral("data")] = passed;
        state.environment.checks[QStringLiteral("checkpoint")] = left;
        OnboardingState restarted = reload(state);
        auto s = session(restarted);
        int saved = 0;
        s->onStateChanged = [&] { ++saved; };
        s->releaseOrphanedChecks();
        const CheckResult after = restarted.environment.checks.value(QStringLiteral("checkpoint"));
        QCOMPARE(after.state, QString());
        QVERIFY2(after.evidence.toString().contains(QStringLiteral("5f3a9c01")) &&
                     after.evidence.toString().contains(QStringLiteral("Run the checks again")),
                 qPrintable(after.evidence.toString()));
        QCOMPARE(restarted.environment.checks.value(QStringLiteral("data")), passed);
        QCOMPARE(saved, 1);
        s->releaseOrphanedChecks(); // nothing left to release: no second save
        QCOMPARE(saved, 1);
    }

    // #20: the provider's catalog first. This sandbox serves a catalog that differs from the
    // built-in one: an instance type the built-in one lacks (2 × A100 80GB), none of 8 × A100
    // 80GB, and an image with its digest. Gate 4 opens on the provider's type, says which
    // catalog it used, and an offline restart keeps it.
    void theProvidersCatalogDecidesWhatOpens()
    {
        std::vector<InstanceType> instances;
        for (const InstanceType &t : builtinInstances())
            if (t.key != QLatin1String("gpu.a100-80g.8"))
                instances.push_back(t);
        InstanceType two = *findBuiltinInstance(QStringLiteral("gpu.a100-80g.1"));
        two.key = QStringLiteral("gpu.a100-80g.2");
        two.name = QStringLiteral("2 × A100 80GB");
        two.cards = 2;
        instances.push_back(two);
        QVERIFY(!findBuiltinInstance(two.key));
        std::vector<TrainingImage> images = builtinImages();
        images.front().digest = QStringLiteral("sha256:") + QString(64, u'a');
        m_server->setCatalog(ResourceCatalog(instances, images, {}));

        OnboardingState state = demoState();
        QVERIFY(state.resources.catalog.isBuiltIn());
        auto s = session(state);
        QStringList said;
        s->onProgress = [&](const QString &text) { said << text; };
        WALK(*s, setUpWorkspace);
        state.quota.hoursPerRound = 0.1; // 2 × 0.1 h fits the fresh pool's check allowance
        state.resources.choice.instance = two.key;
        state.resources.choice.instanceZone.clear();
        state.resources.choice.alternatives = {};
        WALK(*s, createInstance);
        QCOMPARE(state.provider.instanceType, two.key);
        const ResourceCatalog &c = state.resources.catalog;
        QVERIFY(!c.isBuiltIn());
        QCOMPARE(c.source().providerKind, QStringLiteral("sandbox"));
        QVERIFY(c.instance(two.key));
        QVERIFY(!c.instance(QStringLiteral("gpu.a100-80g.8")));
        QCOMPARE(c.images().front().digest, images.front().digest);
        QVERIFY(c.unreadReason().isEmpty());
        const QString line = QStringLiteral("Catalog: from the built-in sandbox, read ");
        QVERIFY2(said.filter(line).size() == 1, qPrintable(said.join(u'\n')));
        // The image's digest is the provider's, recorded before the run: the one the instance
        // reports.
        QVERIFY(!state.resources.environment.imageDigest.isEmpty());
        QCOMPARE(state.resources.environment.imageDigest,
                 state.provider.instanceImage.value("digest").toString());
        // The run spec reads the provider's type: two cards per node.
        QCOMPARE(runSpecFromState(state).compute.cardsPerNode, 2);
        // Offline after a restart: the saved state still has the provider's catalog.
        const OnboardingState restarted = reload(state);
        QCOMPARE(restarted.resources.catalog.source(), c.source());
        QVERIFY(restarted.resources.catalog.instance(two.key));
        QCOMPARE(restarted.resources.catalog.instances().size(), instances.size());
    }

    // #17 walk 18: gate 3 planned 4 cards and gate 4 created one gpu.a100-80g.1; the spec said
    // "4 × gpu.a100-80g.1" and gate 5 checked for the 1 card the type has. One count everywhere:
    // the cards of the one instance gate 4 holds — gate 4's finding and page line, the spec's
    // compute and Machine line, the sbatch export and gate 5's GPU check — and the finding says
    // the plan asks for more, and what to do.
    void aPlanOfFourCardsOnAOneCardTypeIsOneCountEverywhere()
    {
        OnboardingState state = demoState();
        auto s = session(state);
        WALK(*s, setUpWorkspace);
        state.quota.cardsPerRun = 4;
        state.quota.hoursPerRound = 0.1; // fits the fresh pool's check allowance
        state.resources.choice.setup.gpus = 4;
        state.resources.choice.instance = QStringLiteral("gpu.a100-80g.1");
        state.resources.choice.instanceZone.clear();
        state.resources.choice.alternatives = {};
        WALK(*s, createInstance);
        QCOMPARE(state.provider.instanceType, QStringLiteral("gpu.a100-80g.1"));
        const RunCards cards = runCards(state.resources, state.provider.instanceType);
        QVERIFY(cards.known && cards.held);
        QCOMPARE(cards.instances, 1);
        QCOMPARE(cards.cards(), 1);

        // Gate 4: the finding names both counts, the instance it holds and a type that fits.
        const Findings f = gateFindings(state, GateId::Resources, QDate::currentDate());
        const auto differs = std::find_if(f.begin(), f.end(), [](const Finding &x) {
            return x.code == QLatin1String("cards.differ_from_plan");
        });
        QVERIFY2(differs != f.end(), "no cards.differ_from_plan");
        const QString text = differs->message.toString();
        QVERIFY2(text.contains(QStringLiteral("4 cards per run")) &&
                     text.contains(QStringLiteral("one instance of 1 × A100 80GB "
                                                  "(gpu.a100-80g.1), with 1 card(s): the run "
                                                  "gets 1")) &&
                     text.contains(QStringLiteral("choose 8 × A100 80GB (gpu.a100-80g.8)")) &&
                     text.contains(QStringLiteral("set them to 1")),
                 qPrintable(text));
        QCOMPARE(runCardsText(cards, state.resources.catalog),
                 QStringLiteral("The run gets 1 card(s): gate 4 opened one instance of 1 × A100 "
                                "80GB (gpu.a100-80g.1), with all of its cards."));

        // The spec: one node of one card, and every export says so.
        const RunSpec spec = runSpecFromState(state);
        QCOMPARE(spec.compute.instanceType, QStringLiteral("gpu.a100-80g.1"));
        QCOMPARE(spec.compute.nodes, 1);
        QCOMPARE(spec.compute.cardsPerNode, 1);
        QCOMPARE(spec.training.parallelism, QStringLiteral("single device"));
        QCOMPARE(hardwareText(spec.compute, [](const QString &v) { return v; }),
                 QStringLiteral("1 × %1 (gpu.a100-80g.1)").arg(cardName("a100-80g")));
        const QString sbatch = exportSbatch(spec);
        QVERIFY2(sbatch.contains(QStringLiteral("#SBATCH --nodes=1\n#SBATCH --gres=gpu:1\n")),
                 qPrintable(sbatch));
        const QString handoff = exportHandoffMarkdown(spec);
        QVERIFY2(handoff.contains(QStringLiteral("Machine: %1 × 1 node(s), 1 card(s) each")
                                      .arg(markdownText(QStringLiteral("gpu.a100-80g.1")))),
                 qPrintable(handoff));

        // Gate 5: the GPU check expects the cards of that one instance.
        WALK(*s, runReadinessChecks);
        const QString env = state.environment.checks.value("environment").evidence.toString();
        QVERIFY2(env.contains(QStringLiteral("promises 1)")), qPrintable(env));
    }

    // Gate 4's create uses the catalog this onboarding read from this provider within the last
    // 15 minutes (the wizard reads it on connecting) instead of reading it again; an older one,
    // or another provider's, is read again. Seen through what the provider serves meanwhile.
    void aFreshCatalogIsNotReadAgain()
    {
        std::vector<InstanceType> instances = builtinInstances();
        InstanceType two = *findBuiltinInstance(QStringLiteral("gpu.a100-80g.1"));
        two.key = QStringLiteral("gpu.a100-80g.2");
        two.name = QStringLiteral("2 × A100 80GB");
        two.cards = 2;
        instances.push_back(two);
        m_server->setCatalog(ResourceCatalog(instances, builtinImages(), {}));

        OnboardingState state = demoState();
        auto s = session(state);
        QStringList said;
        s->onProgress = [&](const QString &text) { said << text; };
        WALK(*s, setUpWorkspace);
        state.quota.hoursPerRound = 0.1;
        state.resources.choice.instance = two.key;
        state.resources.choice.instanceZone.clear();
        state.resources.choice.alternatives = {};
        WALK(*s, createInstance);
        QCOMPARE(state.provider.instanceType, two.key);
        QVERIFY(said.contains(QStringLiteral("Reading the provider's catalog…")));
        const QDateTime readAt = state.resources.catalog.source().readAt;
        QVERIFY(holdsFreshCatalog(state, s->provider()->profile()));
        QVERIFY(!holdsFreshCatalog(state, s->provider()->profile(),
                                   readAt.addSecs(kCatalogFreshSeconds)));
        WALK(*s, releaseInstance);
        state.provider.instanceId.clear();
        state.provider.instanceState.clear();

        // Again a moment later: the catalog read then is used as it is.
        said.clear();
        WALK(*s, createInstance);
        QCOMPARE(state.provider.instanceType, two.key);
        QVERIFY2(!said.contains(QStringLiteral("Reading the provider's catalog…")),
                 qPrintable(said.join(u'\n')));
        QCOMPARE(state.resources.catalog.source().readAt, readAt);
        WALK(*s, releaseInstance);
        state.provider.instanceId.clear();
        state.provider.instanceState.clear();

        // Read 16 minutes ago: read again, and what the provider now serves is used (an image
        // digest it has since learnt).
        std::vector<TrainingImage> images = builtinImages();
        images.front().digest = QStringLiteral("sha256:") + QString(64, u'b');
        m_server->setCatalog(ResourceCatalog(instances, images, {}));
        CatalogSource old = state.resources.catalog.source();
        old.readAt = old.readAt.addSecs(-16 * 60);
        state.resources.catalog = ResourceCatalog(state.resources.catalog.instances(),
                                                  state.resources.catalog.images(), old);
        said.clear();
        WALK(*s, createInstance);
        QVERIFY(said.contains(QStringLiteral("Reading the provider's catalog…")));
        QVERIFY(state.resources.catalog.source().readAt > readAt);
        QCOMPARE(state.resources.catalog.images().front().digest, images.front().digest);
        WALK(*s, releaseInstance);
    }

    // A provider that does not answer the catalog: the built-in one, with why; a provider
    // whose catalog was read before keeps that one, with why it was not read again.
    void anUnansweredCatalogFallsBackAndSaysWhy()
    {
        using Answer = std::expected<ResourceCatalog, ProviderError>;
        const auto read = [&](const ProviderProfile &p, const QByteArray &secret) {
            const std::shared_ptr<Provider> provider = providerFor(m_transport.get(), p, secret);
            return awaitAnswer<Answer>(
                [&](auto done) {
                    readProviderCatalog(provider, CallContext{this, {}, {}}, std::move(done));
                },
                10000);
        };
        ProviderProfile p; // an API server, named by its address (any sandbox is the same one)
        p.kind = ProviderProfile::Kind::OnrampApi;
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()));
        p.accessKeyId = m_server->credentials().accessKeyId;
        const QByteArray secret = m_server->credentials().secret;

        // An API server without the catalog's paths (404).
        m_server->injectFailures(1, 404);
        OnboardingState state = demoState();
        Answer answer = read(p, secret);
        QVERIFY(!answer);
        adoptCatalog(state, p, answer);
        QVERIFY(state.resources.catalog.isBuiltIn());
        QVERIFY(!state.resources.catalog.unreadReason().isEmpty());
        QVERIFY2(state.resources.catalog.describe().startsWith("Built-in catalog (as of 20"),
                 qPrintable(state.resources.catalog.describe()));
        QVERIFY2(state.resources.catalog.describe().contains("the provider's was not used"),
                 qPrintable(state.resources.catalog.describe()));

        // Read once, then the provider is gone: its catalog stays, said to be from earlier.
        answer = read(p, secret);
        QVERIFY2(answer, qPrintable(answer ? QString() : answer.error().message));
        adoptCatalog(state, p, answer);
        QVERIFY(!state.resources.catalog.isBuiltIn());
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 gone = closed.serverPort();
        closed.close();
        m_transport = std::make_unique<Transport>();
        RetryPolicy once;
        once.maxAttempts = 1;
        m_transport->setRetryPolicy(once);
        ProviderProfile moved = p;
        moved.baseUrl.setPort(gone);
        answer = read(moved, secret);
        QVERIFY(!answer);
        QCOMPARE(answer.error().code, ProviderErrorCode::Network);
        // Another address is another provider: the built-in catalog.
        OnboardingState other = state;
        adoptCatalog(other, moved, answer);
        QVERIFY(other.resources.catalog.isBuiltIn());
        QVERIFY(!other.resources.catalog.unreadReason().isEmpty());
        // The same provider, not answering now: what it said before, and why it is not new.
        answer = read(p, secret); // the server is up; make it refuse instead
        QVERIFY(answer);
        m_server->injectFailures(1, 404);
        answer = read(p, secret);
        QVERIFY(!answer);
        adoptCatalog(state, p, answer);
        QVERIFY(!state.resources.catalog.isBuiltIn());
        QVERIFY2(state.resources.catalog.describe().contains("not read again now"),
                 qPrintable(state.resources.catalog.describe()));
    }

    // A Slurm cluster has no catalog: the built-in one is used, and said.
    void aClusterHasNoCatalog()
    {
        ProviderProfile p;
        p.kind = ProviderProfile::Kind::Slurm;
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:1"));
        p.slurm.url = p.baseUrl;
        p.slurm.cluster = QStringLiteral("lab");
        const std::shared_ptr<Provider> slurm = providerFor(m_transport.get(), p, {});
        const auto answer = awaitAnswer<std::expected<ResourceCatalog, ProviderError>>(
            [&](auto done) {
                readProviderCatalog(slurm, CallContext{this, {}, {}}, std::move(done));
            },
            5000);
        QVERIFY(!answer);
        QCOMPARE(answer.error().code, ProviderErrorCode::NotFound);
        OnboardingState state = demoState();
        adoptCatalog(state, p, answer);
        QVERIFY(state.resources.catalog.isBuiltIn());
        QVERIFY2(state.resources.catalog.describe().contains("lab has no catalog"),
                 qPrintable(state.resources.catalog.describe()));
    }

    void aRejectionSaysWhatToChange()
    {
        OnboardingState state = demoState();
        state.account.statement = QStringLiteral("Model training.");
        auto s = session(state);
        WALK(*s, submitQualification);
        QCOMPARE(state.gate(GateId::Account).status, GateStatus::Rejected);
        // In the reviewer's words, not the provider's field name.
        QVERIFY2(state.gate(GateId::Account).rejectionReason.toString().contains("Model training"),
                 qPrintable(state.gate(GateId::Account).rejectionReason.toString()));
        QVERIFY(!state.gate(GateId::Account).rejectionReason.toString().startsWith("statement:"));
        // The whole walk stops there and says why, before creating anything.
        const auto walked = run(*s, &ProviderSession::walkGatesOneToFour);
        QVERIFY(!walked);
        QVERIFY2(walked.error().message.contains("Model training"),
                 qPrintable(walked.error().message));
        QVERIFY(!state.workspace.created);
    }

    // Gate 4's candidates, each compared with the quota left before it is tried: those that
    // cannot fit are skipped with the figures and cost no create; the first that fits opens.
    // (#18: SkyPilot and dstack spend a failed create on each.)
    void candidatesAreCheckedAgainstTheQuotaBeforeACreate()
    {
        OnboardingState state = demoState();
        auto s = session(state);
        WALK(*s, setUpWorkspace); // a fresh pool: its 2 card-hours of check allowance
        state.quota.hoursPerRound = 1;
        ResourceChoice &c = state.resources.choice;
        c.instance = QStringLiteral("gpu.a100-80g.8");
        c.instanceZone.clear(); // the pool's
        c.alternatives = {{"gpu.h100.8", "cn-north-1a"},
                          {"gpu.a100-80g.8", "cn-north-1b"},
                          {"gpu.a100-80g.1", ""}};
        WALK(*s, createInstance);
        const QList<LaunchAttempt> &a = state.provider.attempts;
        QCOMPARE(a.size(), 4);
        QCOMPARE(a[0].outcome, "skipped");
        QVERIFY2(a[0].reason.contains("2 card-hours left") && a[0].reason.contains("8 × 1 h = 8"),
                 qPrintable(a[0].reason));
        QCOMPARE(a[1].outcome, "skipped");
        // The pool's card, by its name (#17 walk: keys in text people read).
        QVERIFY2(a[1].reason.contains("NVIDIA A100 80GB SXM4"), qPrintable(a[1].reason));
        QCOMPARE(a[2].outcome, "skipped");
        QVERIFY2(a[2].reason.contains("cn-north-1b"), qPrintable(a[2].reason));
        QCOMPARE(a[3].outcome, "created");
        // The opened attempt keeps the instance's id, and its words are read in the language
        // shown (walk 16: "已开通 — instance e15c…" after a walk begun in English).
        QCOMPARE(a[3].reason, state.provider.instanceId);
        {
            Language language;
            QVERIFY(language.apply(QStringLiteral("zh_CN")));
            const QString zh = a[3].text();
            QVERIFY(language.apply(QStringLiteral("en")));
            QVERIFY2(!zh.contains(QStringLiteral("instance ")) &&
                         zh.contains(state.provider.instanceId),
                     qPrintable(zh));
        }
        QCOMPARE(state.provider.instanceType, QStringLiteral("gpu.a100-80g.1"));
        QCOMPARE(state.provider.instanceZone, QStringLiteral("cn-north-1a"));
        QCOMPARE(m_server->countOf("instance"), 1); // no doomed create
        // The spec records where it opened, and the rest as alternatives.
        const RunSpec spec = runSpecFromState(state);
        QCOMPARE(spec.compute.instanceType, QStringLiteral("gpu.a100-80g.1"));
        QCOMPARE(spec.compute.alternatives.size(), 3);
        const auto back = parseRunSpec(QJsonDocument(spec.toJson()).toJson());
        QVERIFY2(back, qPrintable(back ? QString() : back.error().message));
        QCOMPARE(back->compute.alternatives, spec.compute.alternatives);
    }

    // Out of stock everywhere: each candidate is tried once, and the failure lists every try
    // with the provider's reason.
    void outOfStockMovesOnAndSaysWhereItTried()
    {
        OnboardingState state = demoState();
        auto s = session(state);
        WALK(*s, setUpWorkspace);
        state.quota.hoursPerRound = 0.1; // 8 × 0.1 h fits the check allowance
        state.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
        state.resources.choice.alternatives = {{"gpu.a100-80g.1", ""}};
        m_server->faults().stockOut = true;
        const auto r = run(*s, &ProviderSession::createInstance);
        QVERIFY(!r);
        QCOMPARE(state.provider.attempts.size(), 2);
        for (const LaunchAttempt &a : state.provider.attempts)
            QCOMPARE(a.outcome, "out_of_stock");
        // The tries name the instance types as people know them, not by their keys (#17 walk).
        QVERIFY2(r.error().message.contains("1 × A100 80GB in cn-north-1a: out of stock") &&
                     !r.error().message.contains("gpu.a100-80g.1"),
                 qPrintable(r.error().message));
        QCOMPARE(m_server->countOf("instance"), 0);
    }

    // #17: out of stock in the quota pool's own zone is a dead end at gate 4 (no other zone
    // takes this pool's instance): the failure says where the cards are free now and that the
    // pool, and so the zone, is chosen on gate 2.
    void outOfStockInThePoolsZoneSaysTheWayOut()
    {
        OnboardingState state = demoState();
        auto s = session(state);
        WALK(*s, setUpWorkspace);
        const QString poolZone = state.workspace.pool.zone;
        QCOMPARE(poolZone, QStringLiteral("cn-north-1a")); // the sandbox's other a100 zone: 1b
        state.quota.hoursPerRound = 0.1; // 8 × 0.1 h fits the check allowance
        state.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
        state.resources.choice.instanceZone.clear(); // the pool's
        m_server->faults().stockOutZones = {poolZone};
        const auto r = run(*s, &ProviderSession::createInstance);
        QVERIFY(!r);
        QCOMPARE(state.provider.attempts.size(), 1);
        const LaunchAttempt &a = state.provider.attempts.first();
        QCOMPARE(a.outcome, "out_of_stock");
        QCOMPARE(a.zone, poolZone);
        const QString message = r.error().message;
        QVERIFY2(a.reason.contains("cn-north-1b") && message.contains("cn-north-1b"),
                 qPrintable(message));
        QVERIFY2(message.contains("gate 2"), qPrintable(message));
        QCOMPARE(m_server->countOf("instance"), 0);

        // Nowhere free: it says so, and still where the zone is chosen.
        m_server->faults().stockOutZones.clear();
        m_server->faults().stockOut = true;
        const auto none = run(*s, &ProviderSession::createInstance);
        QVERIFY(!none);
        QVERIFY2(none.error().message.contains("No zone has these cards free now") &&
                     none.error().message.contains("gate 2") &&
                     !none.error().message.contains("cn-north-1b"),
                 qPrintable(none.error().message));
    }

    void anApplicationSpanningTwoQuartersIsSentBack()
    {
        OnboardingState state = demoState();
        ProviderProfile p;
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()));
        p.accessKeyId = m_server->credentials().accessKeyId;
        const ProviderClient client(m_transport.get(), p, m_server->credentials().secret);
        QJsonObject body = state.quota.toJson();
        body["pool"] = state.workspace.pool.toJson(); // an application is for a pool
        body["application"] =
            QJsonObject{{"from", "2027-03-01"}, {"to", "2027-04-30"}, {"cardHours", 100}};
        std::optional<ProviderResult> got;
        client.request("POST", "/v1/quota-applications", body, newIdempotencyKey(), this,
                       [&](const ProviderResult &r) { got = r; });
        QTRY_VERIFY(got.has_value());
        QVERIFY(*got);
        QCOMPARE((*got)->value("state").toString(), "returned");
    }

    void aYearLongPlanAsksForTheFirstRoundOnly()
    {
        // The guides: the first application is one round plus margin; the rest follow by
        // quarter. A whole-year plan is not sent back: its first part is granted.
        OnboardingState state = demoState();
        state.quota.end = QDate(2027, 12, 31);
        auto s = session(state);
        WALK(*s, setUpWorkspace);
        WALK(*s, applyQuota);
        QCOMPARE(state.provider.quotaApplication.state, "approved");
        QuotaContext context;
        context.purpose = state.account.purposeKind;
        const QuotaPlan plan = planQuota(state.quota, context);
        QVERIFY(plan.first.cardHours < plan.cardHours);
        QCOMPARE(state.provider.quotaApplication.grantedCardHours, plan.first.cardHours);
    }

    // #17 walk: a pool changed in gate 2 after gate 3's grant kept "Granted 63 card-hours" for
    // the old card, Apply stayed off, and gates 4–6 ran on the new card. The grant is for the
    // pool it was asked for: gate 3 has a blocking finding until the new pool is applied for.
    void aGrantIsForThePoolItWasAskedFor()
    {
        OnboardingState state = demoState();
        auto s = session(state);
        WALK(*s, setUpWorkspace);
        WALK(*s, applyQuota);
        QCOMPARE(state.provider.quotaApplication.state, "approved");
        const QDate today = QDate::currentDate();
        const auto poolChanged = [&] {
            for (const Finding &f : gateFindings(state, GateId::Quota, today))
                if (f.code == QLatin1String("quota.pool_changed"))
                    return f.isBlocking();
            return false;
        };
        QVERIFY(!poolChanged());
        QCOMPARE(QuotaPool::fromJson(state.provider.quotaAppliedFor), state.workspace.pool);
        // The same card in the other zone.
        QVERIFY(state.workspace.attachQuota(QuotaPool{state.workspace.pool.cardType,
                                                      QStringLiteral("cn-north"),
                                                      QStringLiteral("cn-north-1b")})
                    .has_value());
        QVERIFY(quotaAppliedForAnotherPool(state));
        QVERIFY(poolChanged());
        // Set up again (the provider attaches the new pool) and apply again: granted for it.
        WALK(*s, setUpWorkspace);
        WALK(*s, applyQuota);
        QCOMPARE(state.provider.quotaApplication.state, "approved");
        QVERIFY(!poolChanged());
        QCOMPARE(QuotaPool::fromJson(state.provider.quotaAppliedFor).zone,
                 QStringLiteral("cn-north-1b"));
        // It is kept across a restart.
        auto back = OnboardingState::fromJson(state.toJson());
        QVERIFY(back.has_value());
        QCOMPARE(back->provider.quotaAppliedFor, state.provider.quotaAppliedFor);
    }

    // #17 walk 5 and 6: what the application sent asked for is kept (the grant's period, the
    // justification as sent), and read back after a restart; gate 4's instance is dated, so that
    // gate 4 and 6 can be checked against the grant.
    void theApplicationSentIsKept()
    {
        OnboardingState state = demoState();
        auto s = session(state);
        WALK(*s, setUpWorkspace);
        const QString shown = quotaJustificationText(state);
        QVERIFY(!shown.isEmpty());
        WALK(*s, applyQuota);
        QCOMPARE(state.provider.quotaApplication.state, "approved");
        const QuotaPlan plan = planQuota(state.quota, quotaContext(state));
        QCOMPARE(state.provider.quotaSent, plan.first);
        QCOMPARE(quotaGranted(state), plan.first);
        QCOMPARE(state.provider.quotaSentJustification, shown);
        WALK(*s, createInstance);
        QVERIFY(state.provider.instanceCreatedAt.isValid());
        auto back = OnboardingState::fromJson(state.toJson());
        QVERIFY(back.has_value());
        QCOMPARE(back->provider.quotaSent, state.provider.quotaSent);
        QCOMPARE(back->provider.quotaSentJustification, shown);
        QCOMPARE(back->provider.instanceCreatedAt, state.provider.instanceCreatedAt);
    }

    void cancelStopsTheOperation()
    {
        OnboardingState state = demoState();
        m_server->faults().latencyMs = 300;
        auto s = session(state);
        std::optional<std::expected<void, ProviderError>> got;
        s->setUpWorkspace([&](const auto &r) { got = r; });
        QVERIFY(s->busy());
        s->cancel();
        QVERIFY(got && !*got);
        QVERIFY(!s->busy());
        QTest::qWait(400); // a late answer changes nothing
        QVERIFY(!state.workspace.created);
    }
};

QTEST_GUILESS_MAIN(TestWalk)
#include "tst_walk.moc"
