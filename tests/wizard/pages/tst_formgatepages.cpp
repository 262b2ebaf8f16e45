// The form gates' pages (FormGatePage: gates 1–4, QuotaPage): the recorder refuses Passed while
// the page's blocking findings stand, and the quota page's spread shapes the quarters.
#include "DemoState.h"

#include <QVersionNumber>
#include "GateLedger.h"
#include "ProviderHub.h"
#include "QuotaGate.h"
#include "ResourceCatalog.h"
#include "WizardHarness.h"
#include "pages/QuotaPage.h"
#include "pages/ResourcesPage.h"
#include "pages/resources/CardCountSection.h"
#include "ResourcesForm.h"
#include "widgets/Banner.h"

#include <QAbstractItemView>
#include <QJsonArray>
#include <QJsonDocument>

#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QTextCursor>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>
#include <QTableWidget>
#include <QToolButton>

// Gate 3 passed on the provider's grant of the first application of the plan as it stands.
static void grantGateThree(onramp::OnboardingState &demo)
{
    using namespace onramp;
    demo.gate(GateId::Quota).status = GateStatus::Passed;
    demo.gate(GateId::Quota).evidence = Text::literal(QStringLiteral("granted"));
    demo.gate(GateId::Quota).acceptedBy = Text::literal(QStringLiteral("the reviewer"));
    demo.provider.quotaApplication.state = QStringLiteral("approved");
    demo.provider.quotaSent = planQuota(demo.quota, quotaContext(demo)).first;
}

class TestFormGatePages : public QObject, WizardFixture
{
    Q_OBJECT

private slots:
    void init() { resetState(); }

    // Each form gate: Passed cannot be recorded (so Next stays off) while blocking findings
    // remain, the card says why, and filling the page by objectName clears them.
    void formGatesBlockUntilFilled_data()
    {
        QTest::addColumn<int>("gate");
        QTest::newRow("gate 1") << int(OnboardingWizard::AccountId);
        QTest::newRow("gate 2") << int(OnboardingWizard::WorkspaceId);
        QTest::newRow("gate 3") << int(OnboardingWizard::QuotaId);
        QTest::newRow("gate 4") << int(OnboardingWizard::ResourcesId);
    }

    void formGatesBlockUntilFilled()
    {
        QFETCH(int, gate);
        StateStore store(statePath());
        store.load();
        // Earlier gates already accepted.
        store.update([&](OnboardingState &s) {
            for (int g = 1; g < gate; ++g)
                s.gate(GateId(g)).status = GateStatus::Passed;
            if (gate > 2) // gate 2 attached the quota pool
                s.workspace.pool = {"a100-80g", "cn-north", "cn-north-1a"};
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(gate));
        QCOMPARE(w.currentId(), gate);
        auto *findings = child<QListWidget>(w, "findings");
        QVERIFY(findings);
        QVERIFY(findings->count() > 0);
        QVERIFY(findings->item(0)->text().startsWith(QStringLiteral("✖")));
        // Words only: the rule's code is in the tooltip, not the line.
        const QString code = findings->item(0)->data(Qt::UserRole).toString();
        QVERIFY(!code.isEmpty());
        QVERIFY2(!findings->item(0)->text().contains(code), qPrintable(findings->item(0)->text()));
        QVERIFY(findings->item(0)->toolTip().contains(code));
        auto *choice = child<QComboBox>(w, "statusChoice");
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        type(w, "evidence", "seen");
        type(w, "acceptedBy", "acceptor");
        QVERIFY(!child<QPushButton>(w, "recordStatus")->isEnabled());
        QVERIFY(child<QWidget>(w, "recordBanner")->isVisible());
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        fillGate(w);
        if (gate == OnboardingWizard::WorkspaceId) {
            providerHoldsWorkspace(w); // its checks ran there
            reviewRoles(w); // gate 2 passes on the team lead's review of the roles
        }
        for (int i = 0; i < findings->count(); ++i)
            QVERIFY2(!findings->item(i)->text().startsWith(QStringLiteral("✖")),
                     qPrintable(findings->item(i)->text()));
        QVERIFY(child<QPushButton>(w, "recordStatus")->isEnabled());
        QTest::mouseClick(child<QPushButton>(w, "recordStatus"), Qt::LeftButton);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
        // Right after "✔ Passed" the recorder reads what the gate is, with nothing to record
        // (#17 item 7: it still read "In progress" with Record on).
        QCOMPARE(store.state().gate(GateId(gate)).status, GateStatus::Passed);
        QCOMPARE(choice->currentData().toInt(), int(GateStatus::Passed));
        QVERIFY(!child<QPushButton>(w, "recordStatus")->isEnabled());
        QVERIFY(!child<QWidget>(w, "recordBanner")->isVisible());
    }

    // A status recorded another way (a provider's review, another window) shows in the
    // recorder at once, and a change after acceptance sends the gate back with its reason.
    void theRecorderFollowsTheGate()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::AccountId));
        fillQualification(w);
        auto *choice = child<QComboBox>(w, "statusChoice");
        auto *record = child<QPushButton>(w, "recordStatus");
        QCOMPARE(choice->currentData().toInt(), int(GateStatus::InProgress));
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).evidence = Text::literal(QStringLiteral("review 7"));
            s.gate(GateId::Account).acceptedBy =
                Text::literal(QStringLiteral("the provider's reviewer"));
            QVERIFY(acceptFromProvider(s, GateId::Account, QDateTime::currentDateTimeUtc()));
        });
        QCOMPARE(choice->currentData().toInt(), int(GateStatus::Passed));
        QVERIFY(!record->isEnabled());
        auto *status = child<QLabel>(w, "statusLabel");
        QVERIFY2(status->text().startsWith(QStringLiteral("✔")), qPrintable(status->text()));

        // The signatory is cleared after acceptance: back in progress, the reason shown.
        auto *signatory = child<QLineEdit>(w, "signatory");
        signatory->selectAll();
        QTest::keyClick(signatory, Qt::Key_Delete);
        QCOMPARE(store.state().gate(GateId::Account).status, GateStatus::InProgress);
        QCOMPARE(choice->currentData().toInt(), int(GateStatus::InProgress));
        QVERIFY2(
            status->text().contains(store.state().gate(GateId::Account).reopenedBecause.toString()),
            qPrintable(status->text()));
        QVERIFY(!store.state().gate(GateId::Account).reopenedBecause.isEmpty());
        // Passed cannot be chosen and recorded while the finding stands.
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        QVERIFY(!record->isEnabled());
        QVERIFY(child<QWidget>(w, "recordBanner")->isVisible());

        // #17 walk: another signatory now, and the evidence is the one from before the change.
        // Record stayed off without a word; the banner says why and what to do. (The same
        // signatory typed back passes it again: aChangeTakenBackPassesTheGatesAgain.)
        QTest::keyClicks(signatory, QStringLiteral("Li Na"));
        QVERIFY(blockingMessage(gateFindings(store.state(), GateId::Account, QDate::currentDate()))
                    .isEmpty());
        QCOMPARE(choice->currentData().toInt(), int(GateStatus::Passed));
        QVERIFY(!record->isEnabled());
        auto *banner = child<Banner>(w, "recordBanner");
        QVERIFY(banner->isVisible());
        QCOMPARE(banner->message(), acceptanceMissing(store.state(), GateId::Account).toString());
        QVERIFY(!banner->message().isEmpty());
        // Fresh evidence: Record comes on and the banner goes.
        auto *evidence = child<QLineEdit>(w, "evidence");
        evidence->selectAll();
        QTest::keyClicks(evidence, QStringLiteral("review 8"));
        QVERIFY(record->isEnabled());
        QVERIFY(!banner->isVisible());
    }

    // #17 walk 18: a blank band sat above "Record status" when no banner showed (the banner's
    // place was held once a message had shown). Gone with the message; the button keeps its
    // place in its row while a message comes and goes, and what is below moves instead.
    void noBlankBandAboveRecordStatus()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.resize(1100, 760);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::AccountId));
        auto *record = child<QPushButton>(w, "recordStatus");
        auto *banner = child<Banner>(w, "recordBanner");
        auto *notes = child<QWidget>(w, "notes");
        auto *choice = child<QComboBox>(w, "statusChoice");
        QVERIFY(record && banner && notes && choice);
        QVERIFY(!banner->isVisible());
        const auto top = [&](QWidget *x) {
            QApplication::processEvents();
            return x->mapTo(&w, QPoint(0, 0)).y();
        };
        const int recordAt = top(record);
        const int notesAt = top(notes);
        // An empty gate 1 cannot pass: the banner says why, in several lines.
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        QVERIFY(banner->isVisible());
        QVERIFY(banner->height() > record->height());
        // The button keeps the row's top, beside the message's first line.
        QCOMPARE(top(record), top(banner));
        // Back to In progress: the message goes, and so does its place.
        choice->setCurrentIndex(choice->findData(int(GateStatus::InProgress)));
        QVERIFY(!banner->isVisible());
        QTRY_COMPARE(top(record), recordAt);
        QCOMPARE(top(notes), notesAt);
    }

    // Gate 2's Remove acts on the selected member: off while none is (a real window showed it
    // on over an empty table).
    void removeNeedsASelectedMember()
    {
        StateStore store(statePath());
        store.load();
        store.update(
            [](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *remove = child<QPushButton>(w, "removeMember");
        QVERIFY(!remove->isEnabled());
        fillWorkspace(w);
        auto *table = child<QTableWidget>(w, "members");
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 3);
        table->setCurrentCell(1, 0);
        QVERIFY(remove->isEnabled());
        QTest::mouseClick(remove, Qt::LeftButton);
        QCOMPARE(store.state().workspace.members.size(), 2);
    }

    // Walk 19: a share of 0 read "0" as typed, and an empty cell (read as "not set") once the
    // table was filled again; the Markdown export said "0 %".
    void aShareOfZeroReadsZero()
    {
        StateStore store(statePath());
        store.load();
        store.update(
            [](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        fillWorkspace(w);
        auto *table = child<QTableWidget>(w, "members");
        const int shareColumn = table->columnCount() - 1;
        table->item(0, shareColumn)->setText(QStringLiteral("0"));
        // Filled again from the state (another member's change).
        store.update([](OnboardingState &s) { s.workspace.members[1].account += u'x'; });
        for (int row = 0; row < table->rowCount(); ++row)
            QVERIFY2(!table->item(row, shareColumn)->text().isEmpty(),
                     qPrintable(table->item(row, 0)->text()));
        QCOMPARE(store.state().workspace.members[0].sharePercent, 0.0);
    }

    // #17: gate 2 was recorded passed while its review section read "Not reviewed yet: every
    // member is new". The section says what gate 2 needs from the review before the recorder
    // refuses; the recorder's banner says the same as the ledger; a change after the review
    // makes it stale again.
    void gateTwoSaysItNeedsTheTeamLeadsReview()
    {
        StateStore store(statePath());
        store.load();
        store.update(
            [](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        fillWorkspace(w);
        providerHoldsWorkspace(w);
        auto *status = child<QLabel>(w, "reviewStatus");
        QVERIFY2(status->text().contains(QStringLiteral("Gate 2 passes once the team lead has "
                                                        "reviewed this matrix")),
                 qPrintable(status->text()));
        auto *choice = child<QComboBox>(w, "statusChoice");
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        type(w, "evidence", "Job j-1 succeeded; 403 seen");
        type(w, "acceptedBy", "Li Wei");
        auto *record = child<QPushButton>(w, "recordStatus");
        auto *banner = child<Banner>(w, "recordBanner");
        QVERIFY(!record->isEnabled());
        QVERIFY(banner->isVisible());
        QCOMPARE(banner->message(), acceptanceMissing(store.state(), GateId::Workspace).toString());
        QVERIFY2(banner->message().contains(QStringLiteral("“Mark reviewed”")),
                 qPrintable(banner->message()));

        reviewRoles(w, QStringLiteral("Li Wei"));
        QVERIFY2(status->text().contains(QStringLiteral("nothing has changed since")),
                 qPrintable(status->text()));
        QVERIFY(record->isEnabled());
        QVERIFY(!banner->isVisible());

        // A member added after the review: the review no longer covers the matrix.
        QTest::mouseClick(child<QPushButton>(w, "addMember"), Qt::LeftButton);
        QCOMPARE(store.state().workspace.members.size(), 4);
        QVERIFY2(status->text().contains(QStringLiteral("changed since")) &&
                     status->text().contains(QStringLiteral("Gate 2 passes once")),
                 qPrintable(status->text()));
        QVERIFY(!record->isEnabled());
        QCOMPARE(banner->message(),
                 acceptanceMissing(store.state(), GateId::Workspace).toString());
        reviewRoles(w, QStringLiteral("Li Wei"));
        QVERIFY(record->isEnabled());
        QTest::mouseClick(record, Qt::LeftButton);
        QCOMPARE(store.state().gate(GateId::Workspace).status, GateStatus::Passed);
        QCOMPARE(store.state().gate(GateId::Workspace).acceptedBy.toString(), QStringLiteral("Li Wei"));
    }

    // #17 walk 18: Enter in gate 2's "Workspace name" did nothing (Alt+C worked). It does the
    // field's step, as its button, and moves no page.
    void enterInTheWorkspaceNamePlansTheWorkspace()
    {
        StateStore store(statePath());
        store.load();
        store.update(
            [](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *name = child<QLineEdit>(w, "workspace");
        QVERIFY(name);
        name->setFocus();
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("team-alpha"));
        QVERIFY(store.state().workspace.workspaceName != QStringLiteral("team-alpha"));
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(store.state().workspace.workspaceName, QStringLiteral("team-alpha"));
        QCOMPARE(w.currentId(), int(OnboardingWizard::WorkspaceId));
        // Held by the provider, the button is off: Enter does nothing then either.
        store.update([](OnboardingState &s) { s.workspace.created = true; });
        QVERIFY(!child<QPushButton>(w, "createWorkspace")->isEnabled());
        QTest::keyClick(name, Qt::Key_Return);
        QVERIFY(store.state().workspace.created);
        QCOMPARE(w.currentId(), int(OnboardingWizard::WorkspaceId));
    }

    // #17: gate 2's Create and Attach are off once the provider holds what they would send
    // (a real window showed them on after both were done), and on again when it changes.
    void createAndAttachAreOffOnceTheProviderHoldsThem()
    {
        StateStore store(statePath());
        store.load();
        store.update(
            [](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        fillWorkspace(w);
        auto *create = child<QPushButton>(w, "createWorkspace");
        auto *attach = child<QPushButton>(w, "attachQuota");
        // Planned, not yet at the provider: both still send something.
        QVERIFY(create->isEnabled());
        QVERIFY(attach->isEnabled());
        // The marks are the provider's; the line says where the plan is sent from (#17 walk:
        // clicking Create showed nothing happening).
        auto *planned = child<QLabel>(w, "plannedHere");
        QVERIFY(planned);
        QVERIFY2(planned->isVisible() && planned->text().contains(QStringLiteral("Planned here")),
                 qPrintable(planned->text()));
        // The provider created the workspace and attached the pool (what setting it up records).
        store.update([](OnboardingState &s) {
            s.workspace.created = true;
            s.workspace.quotaAttached = true;
        });
        QVERIFY(!planned->isVisible());
        QVERIFY(!create->isEnabled());
        QVERIFY(!attach->isEnabled());
        // Another name is another workspace: Create comes back, and the old name puts it off.
        type(w, "workspace", "field-assistant-2");
        QVERIFY(create->isEnabled());
        type(w, "workspace", "field-assistant");
        QVERIFY(!create->isEnabled());
        // Another zone: Attach comes back. Attaching it plans a pool the provider does not
        // hold yet, so setting the workspace up sends it again.
        auto *zone = child<QComboBox>(w, "zone");
        zone->setCurrentText("cn-north-1b");
        QVERIFY(attach->isEnabled());
        QTest::mouseClick(attach, Qt::LeftButton);
        QCOMPARE(store.state().workspace.pool.zone, QStringLiteral("cn-north-1b"));
        QVERIFY(!store.state().workspace.quotaAttached);
        QVERIFY(store.state().workspace.created);
        QVERIFY(attach->isEnabled());
        // Renamed after it was created: the provider is asked for the new workspace.
        type(w, "workspace", "field-assistant-2");
        QTest::mouseClick(create, Qt::LeftButton);
        QCOMPARE(store.state().workspace.workspaceName, QStringLiteral("field-assistant-2"));
        QVERIFY(!store.state().workspace.created);
        QVERIFY(create->isEnabled());
    }

    // #17 walk 9: after a role change, the top of gate 2 said the provider holds the workspace
    // "as planned here" while "At the provider" said it does not hold it as planned yet. The
    // two lines give one answer, before and after the change.
    void gateTwoSaysOnceWhetherTheProviderHoldsThePlan()
    {
        StateStore store(statePath());
        store.load();
        store.update(
            [](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        fillWorkspace(w);
        // What setting it up records: the workspace, its pool and every member's role.
        store.update([](OnboardingState &s) {
            s.workspace.created = true;
            s.workspace.quotaAttached = true;
            s.provider.memberRoles.clear();
            for (qsizetype i = 0; i < s.workspace.members.size(); ++i)
                s.workspace.members[i].account = QStringLiteral("user%1").arg(i);
            for (const Member &m : s.workspace.members)
                s.provider.memberRoles.insert(m.account, roleKey(m.role));
        });
        auto *held = child<QLabel>(w, "heldAtProvider");
        auto *steps = child<QLabel>(w, "stepStatus");
        auto *panel = child<QLabel>(w, "providerStatus");
        QVERIFY(held && steps && panel);
        const QString notYet = QStringLiteral("does not hold the workspace as planned here yet");
        const auto agree = [&](bool asPlanned) {
            QVERIFY2(held->isVisible() == asPlanned,
                     qPrintable(QStringLiteral("top: “%1” shown: %2").arg(held->text()).arg(held->isVisible())));
            QVERIFY2(panel->text().contains(notYet) != asPlanned, qPrintable(panel->text()));
            // The members' mark is the provider's too.
            QVERIFY2(steps->text().contains(QStringLiteral("✔ 3 members")) == asPlanned,
                     qPrintable(steps->text()));
        };
        agree(true);
        // The observer becomes a developer here: the provider still holds the old role.
        auto *observer = child<QComboBox>(w, "role2");
        QVERIFY(observer);
        observer->setCurrentIndex(int(Role::Developer));
        QCOMPARE(store.state().workspace.members[2].role, Role::Developer);
        agree(false);
        auto *toSend = child<QLabel>(w, "membersToSend");
        QVERIFY(toSend && toSend->isVisible());
        QVERIFY2(toSend->text().contains(QStringLiteral("not the members as planned")),
                 qPrintable(toSend->text()));
        // Sent: both say so again.
        store.update([](OnboardingState &s) {
            for (const Member &m : s.workspace.members)
                s.provider.memberRoles.insert(m.account, roleKey(m.role));
        });
        agree(true);
    }

    // Gate 1's groups read as one form: the fields of Account, Entity proof, Purpose and
    // Data compliance start at one x, in both languages (a real window showed three).
    void gateOneFieldsLineUp()
    {
        for (const char *language : {"en", "zh_CN"}) {
            m_language.apply(QLatin1String(language));
            StateStore store(statePath());
            store.load();
            OnboardingWizard w(&store, &m_language);
            w.show();
            QVERIFY(w.goToPage(OnboardingWizard::AccountId));
            QSet<int> xs;
            for (const char *name :
                 {"provider", "accountId", "signatory", "modelName", "statement", "retentionPeriod"}) {
                auto *field = child<QWidget>(w, name);
                QVERIFY(field);
                xs << field->mapTo(&w, QPoint(0, 0)).x();
            }
            QVERIFY2(xs.size() == 1, qPrintable(QStringLiteral("%1: fields start at %2 x positions")
                                                   .arg(QLatin1String(language))
                                                   .arg(xs.size())));
        }
        m_language.apply(QStringLiteral("en"));
    }

    // #17 walk 18: gate 1's Provider was empty while the wizard was connected to the built-in
    // sandbox. It shows the provider of the wizard's profile, kind and address, not typed, and
    // follows a change of provider.
    void gateOneShowsTheProviderItWorksWith()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) { s.account.provider.clear(); });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::AccountId));
        auto *provider = child<QLineEdit>(w, "provider");
        QVERIFY(provider);
        QVERIFY(provider->isReadOnly());
        QCOMPARE(provider->text(), QStringLiteral("Built-in sandbox (on this computer)"));
        store.update([](OnboardingState &s) {
            s.provider.profile.kind = ProviderProfile::Kind::OnrampApi;
            s.provider.profile.baseUrl = QUrl(QStringLiteral("https://onramp.example.com"));
        });
        QCOMPARE(provider->text(), QStringLiteral("Onramp API at https://onramp.example.com"));
        m_language.apply(QStringLiteral("zh_CN"));
        QTRY_VERIFY2(!provider->text().startsWith(QStringLiteral("Onramp API at")),
                     qPrintable(provider->text()));
        QVERIFY(provider->text().contains(QStringLiteral("https://onramp.example.com")));
        m_language.apply(QStringLiteral("en"));
        store.update([](OnboardingState &s) { s.provider.profile = ProviderProfile{}; });
        QCOMPARE(provider->text(), QStringLiteral("Built-in sandbox (on this computer)"));
    }

    // #17: gate 1's three attachment rows put their Browse… buttons in one column, whatever
    // each row's note after it says (a file's kind and size, "not found", or nothing): the
    // third row, with no file yet, had its button further right than the two with files.
    void gateOneBrowseButtonsLineUp()
    {
        const QString pdf = QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/attachments");
        QString someFile;
        for (const QFileInfo &f : QDir(pdf).entryInfoList(QDir::Files))
            someFile = f.absoluteFilePath();
        QVERIFY2(!someFile.isEmpty(), "no example attachment");
        for (const char *language : {"en", "zh_CN"}) {
            m_language.apply(QLatin1String(language));
            StateStore store(statePath());
            store.load();
            store.update([&](OnboardingState &s) {
                s.account.licenceFile = someFile;
                s.account.authorizationFile = QStringLiteral("/nonexistent/authorization.pdf");
                s.account.entityAuthorizationFile.clear();
            });
            OnboardingWizard w(&store, &m_language);
            w.resize(1366, 768);
            w.show();
            QVERIFY(w.goToPage(OnboardingWizard::AccountId));
            QVERIFY(!child<QLabel>(w, "licenceFileInfo")->text().isEmpty());
            QVERIFY(!child<QLabel>(w, "authorizationFileInfo")->text().isEmpty());
            QVERIFY(child<QLabel>(w, "entityAuthorizationFileInfo")->text().isEmpty());
            QSet<int> xs;
            for (const char *name :
                 {"licenceFileBrowse", "authorizationFileBrowse", "entityAuthorizationFileBrowse"}) {
                auto *browse = child<QPushButton>(w, name);
                QVERIFY(browse);
                xs << browse->mapTo(&w, QPoint(0, 0)).x();
            }
            QVERIFY2(xs.size() == 1,
                     qPrintable(QStringLiteral("%1: Browse… at %2 x positions")
                                    .arg(QLatin1String(language))
                                    .arg(xs.size())));
            // A file's kind reads as its name says it (PDF), not as a MIME name.
            QVERIFY2(!child<QLabel>(w, "licenceFileInfo")->text().contains(u'/'),
                     qPrintable(child<QLabel>(w, "licenceFileInfo")->text()));
        }
        m_language.apply(QStringLiteral("en"));
    }

    // #17 walk (item 13): a 14-byte file read "1 KB" after Browse…: its size in bytes.
    void gateOneSaysASmallFilesSizeInBytes()
    {
        QTemporaryDir dir;
        QFile small(dir.filePath("licence.pdf"));
        QVERIFY(small.open(QIODevice::WriteOnly));
        small.write("%PDF-1.4 tiny\n", 14);
        small.close();
        StateStore store(statePath());
        store.load();
        store.update([&](OnboardingState &s) { s.account.licenceFile = small.fileName(); });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::AccountId));
        const QString info = child<QLabel>(w, "licenceFileInfo")->text();
        QVERIFY2(info.endsWith(QStringLiteral(", 14 bytes")), qPrintable(info));
    }

    // #20: gate 4 offers the provider's catalog once connected and says so. The in-process
    // sandbox serves a catalog with an instance type the built-in one lacks and without one it
    // has (ONRAMP_SANDBOX_CATALOG); before connecting the page shows the built-in catalog.
    void gateFourShowsTheProvidersCatalog()
    {
        QTemporaryDir dir;
        QJsonArray instances, images;
        for (const InstanceType &t : builtinInstances())
            if (t.key != QLatin1String("gpu.a100-80g.8"))
                instances.append(t.toJson());
        InstanceType two = *findBuiltinInstance(QStringLiteral("gpu.a100-80g.1"));
        two.key = QStringLiteral("gpu.a100-80g.2");
        two.name = QStringLiteral("2 × A100 80GB (the provider's)");
        two.cards = 2;
        two.driver = QStringLiteral("560.35.03");
        instances.append(two.toJson());
        for (const TrainingImage &i : builtinImages())
            images.append(i.toJson());
        QFile file(dir.filePath(QStringLiteral("catalog.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            QJsonDocument(QJsonObject{{"instances", instances}, {"images", images}}).toJson());
        file.close();
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        qputenv("ONRAMP_SANDBOX_CATALOG", file.fileName().toUtf8());

        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *line = child<QLabel>(w, "catalogSource");
        auto *instance = child<QComboBox>(w, "instance");
        QVERIFY(line && instance);
        QVERIFY2(line->text().startsWith("Built-in catalog (as of 20"), qPrintable(line->text()));
        QCOMPARE(instance->findData(two.key), -1);
        QVERIFY(instance->findData("gpu.a100-80g.8") > 0);

        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        QTRY_VERIFY_WITH_TIMEOUT(
            line->text().startsWith("Catalog: from the built-in sandbox, read "), 10000);
        QVERIFY(instance->findData(two.key) > 0);
        QCOMPARE(instance->findData("gpu.a100-80g.8"), -1);
        QCOMPARE(instance->itemText(instance->findData(two.key)), two.name);
        instance->setCurrentIndex(instance->findData(two.key));
        QCOMPARE(store.state().resources.choice.instance, two.key);
        QCOMPARE(store.state().resources.environment.driver, two.driver);
        auto *findings = child<QListWidget>(w, "findings");
        for (int i = 0; i < findings->count(); ++i)
            QVERIFY2(!findings->item(i)->text().contains("Choose an instance type"),
                     qPrintable(findings->item(i)->text()));
        // The provider's catalog is saved: a restart offline shows it again, said as read then.
        QVERIFY(store.saveNow());
        StateStore again(statePath());
        again.load();
        QVERIFY(again.state().resources.catalog.instance(two.key));
        qunsetenv("ONRAMP_SANDBOX_CATALOG");
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // Gate 4's alternatives are built from the catalog's names (no key to know by heart): each
    // chosen type goes to the end of the list, which is saved as typing is; a typed zone stays.
    void gateFourAlternativesComeFromTheCatalog()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.resources.choice.alternatives.clear();
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *add = child<QPushButton>(w, "addAlternative");
        auto *list = child<QLineEdit>(w, "alternatives");
        QVERIFY(add && list && add->menu());
        const ResourceCatalog &catalog = store.state().resources.catalog;
        QCOMPARE(add->menu()->actions().size(), qsizetype(catalog.instances().size()));
        const auto choose = [&](const QString &key) {
            for (QAction *a : add->menu()->actions())
                if (a->data().toString() == key) {
                    QVERIFY(a->text().contains(catalog.instance(key)->name));
                    a->trigger();
                    return;
                }
            QFAIL(qPrintable("no menu entry for " + key));
        };
        choose(QStringLiteral("gpu.h100.8"));
        QCOMPARE(list->text(), QStringLiteral("gpu.h100.8"));
        list->setText(list->text() + QStringLiteral("@cn-north-1b,"));
        emit list->textEdited(list->text());
        choose(QStringLiteral("gpu.a100-80g.1"));
        QCOMPARE(list->text(), QStringLiteral("gpu.h100.8@cn-north-1b, gpu.a100-80g.1"));
        const QList<Candidate> saved = store.state().resources.choice.alternatives;
        QCOMPARE(saved.size(), 2);
        QCOMPARE(saved[0].instance, QStringLiteral("gpu.h100.8"));
        QCOMPARE(saved[0].zone, QStringLiteral("cn-north-1b"));
        QCOMPARE(saved[1].instance, QStringLiteral("gpu.a100-80g.1"));
        QVERIFY(saved[1].zone.isEmpty());
        QVERIFY(!child<QLabel>(w, "alternativesIssue")->isVisible());
    }

    // Gate 4's instance zone is chosen from the provider's zones (typing one stays possible),
    // as gate 2's pool zone is: no zone typed blind.
    void gateFourZoneComesFromTheProvider()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.resources.choice.instanceZone = QStringLiteral("typed-zone");
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *zone = child<QComboBox>(w, "instanceZone");
        QVERIFY(zone && zone->isEditable());
        QCOMPARE(zone->currentText(), QStringLiteral("typed-zone"));
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        QTRY_VERIFY_WITH_TIMEOUT(zone->count() > 1, 10000);
        QStringList offered;
        for (const RegionOffer &r : w.providerHub()->regions())
            for (const ZoneOffer &z : r.zones)
                offered << z.zone;
        QCOMPARE(zone->count(), offered.size());
        QCOMPARE(zone->itemText(0), offered.first());
        // Offering keeps what was chosen; choosing saves it.
        QCOMPARE(store.state().resources.choice.instanceZone, QStringLiteral("typed-zone"));
        zone->setCurrentIndex(1);
        QCOMPARE(store.state().resources.choice.instanceZone, offered.at(1));
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // #17: a pool whose zone lists none of its cards passed gate 2 with a grey line, and gate
    // 4's Create failed on it. Gate 2 warns now, naming where the cards are free (the same
    // provider answer the line reads), and the line follows a language switch.
    void gateTwoWarnsOfAPoolZoneWithoutItsCards()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            s.workspace.workspaceName = QStringLiteral("field-assistant");
            s.workspace.pool = {QStringLiteral("a100-80g"), QStringLiteral("cn-east"),
                                QStringLiteral("cn-east-1a")};
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *findings = child<QListWidget>(w, "findings");
        auto *stock = child<QLabel>(w, "poolStock");
        QVERIFY(findings && stock);
        const auto warning = [findings]() -> QString {
            for (int i = 0; i < findings->count(); ++i)
                if (findings->item(i)->text().contains("cn-east-1a"))
                    return findings->item(i)->text();
            return {};
        };
        QVERIFY2(warning().isEmpty(), qPrintable(warning())); // the provider has not said yet
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        QTRY_VERIFY_WITH_TIMEOUT(!warning().isEmpty(), 10000);
        QVERIFY2(warning().contains("cn-north-1a, cn-north-1b"), qPrintable(warning()));
        QCOMPARE(stock->text(),
                 QStringLiteral("The provider lists no NVIDIA A100 80GB SXM4 cards in cn-east-1a."));

        // The line and the warning are worded again in Chinese, without a restart.
        m_language.apply(QStringLiteral("zh_CN"));
        QTRY_VERIFY(!stock->text().startsWith("The provider lists"));
        QVERIFY2(stock->text().contains("cn-east-1a"), qPrintable(stock->text()));
        m_language.apply(QStringLiteral("en"));
        QTRY_COMPARE(stock->text(),
                     QStringLiteral("The provider lists no NVIDIA A100 80GB SXM4 cards in cn-east-1a."));
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // #17: gate 4's instance zone started empty although gate 2's pool zone was known. Empty
    // is the pool's zone (where the candidates go and the run spec says): shown as such, and
    // following the pool while nothing else is chosen here.
    void gateFourZoneStartsAtThePoolsZone()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.workspace.pool = {QStringLiteral("a100-80g"), QStringLiteral("cn-north"),
                                QStringLiteral("cn-north-1b")};
            s.resources.choice.instanceZone.clear();
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *zone = child<QComboBox>(w, "instanceZone");
        QVERIFY(zone);
        QCOMPARE(zone->currentText(), QStringLiteral("cn-north-1b"));
        QVERIFY(store.state().resources.choice.instanceZone.isEmpty()); // shown, not chosen
        store.update(
            [](OnboardingState &s) { s.workspace.pool.zone = QStringLiteral("cn-north-1a"); });
        QCOMPARE(zone->currentText(), QStringLiteral("cn-north-1a"));
        // Another zone chosen here is kept, whatever the pool says.
        zone->setCurrentText(QStringLiteral("cn-north-1b"));
        QCOMPARE(store.state().resources.choice.instanceZone, QStringLiteral("cn-north-1b"));
        store.update(
            [](OnboardingState &s) { s.workspace.pool.zone = QStringLiteral("cn-north-1b"); });
        store.update(
            [](OnboardingState &s) { s.workspace.pool.zone = QStringLiteral("cn-north-1a"); });
        QCOMPARE(zone->currentText(), QStringLiteral("cn-north-1b"));
    }

    // #17: a failed Create (out of stock) stayed on gate 4 after the instance type and zone
    // were changed. A failure is for the plan it was tried with: another plan clears it; a
    // change elsewhere on the page does not. The failure itself says the way out.
    // #17 walk 18/19: "Create the instance" created one months before gate 3's granted period,
    // and only a finding said so afterwards. The panel says it before, and the button asks
    // (Cancel the default); cancelled, nothing is created.
    void gateFourAsksBeforeCreatingOutsideTheGrant()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(statePath());
        store.load();
        const QDate starts = QDate::currentDate().addDays(30);
        store.update([&](OnboardingState &s) {
            s = demoState();
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.provider.quotaApplication.id = QStringLiteral("q-1");
            s.provider.quotaApplication.state = QStringLiteral("approved");
            s.provider.quotaSent = {QStringLiteral("first"), starts, starts, 116};
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        auto *create = child<QPushButton>(w, "providerCreateInstance");
        QVERIFY(create);
        QTRY_VERIFY_WITH_TIMEOUT(create->isEnabled(), 10000);
        auto *status = page(w)->findChild<QLabel *>(QStringLiteral("providerStatus"));
        QVERIFY(status);
        const QString wait = QStringLiteral("Wait until %1").arg(starts.toString(Qt::ISODate));
        QVERIFY2(status->text().contains(wait), qPrintable(status->text()));
        QTest::mouseClick(create, Qt::LeftButton);
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = w.findChild<QMessageBox *>(QStringLiteral("createOutsideGrantConfirm"))));
        QVERIFY2(box->text().contains(wait), qPrintable(box->text()));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
        box->button(QMessageBox::Cancel)->click();
        QTRY_VERIFY(!w.findChild<QMessageBox *>(QStringLiteral("createOutsideGrantConfirm")));
        QTRY_VERIFY_WITH_TIMEOUT(create->isEnabled(), 10000);
        QVERIFY(store.state().provider.instanceId.isEmpty());
        qunsetenv("ONRAMP_SANDBOX_MODULE");
        qunsetenv("ONRAMP_STATE_DIR");
    }

    void gateFourFailureGoesWithItsPlan()
    {
        QTemporaryDir dir;
        QFile faults(dir.filePath(QStringLiteral("faults.json")));
        QVERIFY(faults.open(QIODevice::WriteOnly));
        faults.write(R"({"stockOutZones": ["cn-north-1a"]})");
        faults.close();
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        qputenv("ONRAMP_SANDBOX_FAULTS", faults.fileName().toUtf8());
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s = demoState();
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.quota.hoursPerRound = 0.1; // 8 × 0.1 h fits a fresh pool's check allowance
            s.resources.choice.instanceZone.clear();
            s.resources.choice.alternatives.clear();
        });
        QCOMPARE(store.state().workspace.pool.zone, QStringLiteral("cn-north-1a"));
        OnboardingWizard w(&store, &m_language);
        w.show();
        // Gate 2 sets the workspace up at the provider, as the tester did.
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        auto *setUp = child<QPushButton>(w, "providerSetUpWorkspace");
        QVERIFY(setUp);
        QTRY_VERIFY_WITH_TIMEOUT(setUp->isEnabled(), 10000);
        QTest::mouseClick(setUp, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(store.state().workspace.quotaAttached, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(setUp->isEnabled(), 15000); // done, the session idle again
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *instance = child<QComboBox>(w, "instance");
        instance->setCurrentIndex(instance->findData(QStringLiteral("gpu.a100-80g.8")));
        auto *create = child<QPushButton>(w, "providerCreateInstance");
        QVERIFY(create);
        QTRY_VERIFY_WITH_TIMEOUT(create->isEnabled(), 10000);
        QTest::mouseClick(create, Qt::LeftButton);
        auto *panel = page(w)->findChild<QWidget *>(QStringLiteral("providerPanel"));
        QVERIFY(panel);
        auto *failure = panel->findChild<Banner *>();
        QVERIFY(failure);
        QTRY_VERIFY_WITH_TIMEOUT(failure->isVisible(), 15000);
        QVERIFY2(failure->message().contains("cn-north-1b") &&
                     failure->message().contains("gate 2"),
                 qPrintable(failure->message()));
        // Not the plan: the failure stands.
        type(w, "outputPath", "/mnt/output2");
        QVERIFY(failure->isVisible());
        // Another instance type: it no longer holds.
        instance->setCurrentIndex(instance->findData(QStringLiteral("gpu.a100-80g.1")));
        QVERIFY(!failure->isVisible());
        // Nor after another zone.
        QTest::mouseClick(create, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(failure->isVisible(), 15000);
        child<QComboBox>(w, "instanceZone")->setCurrentText(QStringLiteral("cn-north-1b"));
        QVERIFY(!failure->isVisible());
        qunsetenv("ONRAMP_SANDBOX_FAULTS");
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // A provider that does not answer: the built-in catalog, and the line says why.
    void gateFourSaysWhenTheProviderDidNotAnswer()
    {
        const int port = 1; // on loopback nothing listens there: the connection is refused
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        ProviderProfile p;
        p.kind = ProviderProfile::Kind::OnrampApi;
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(port));
        p.accessKeyId = "AKIDTEST";
        w.providerHub()->useRemote(p, "secret", false);
        auto *line = child<QLabel>(w, "catalogSource");
        QTRY_VERIFY_WITH_TIMEOUT(line->text().contains("the provider's was not used: "), 30000);
        QVERIFY2(line->text().startsWith("Built-in catalog (as of 20"), qPrintable(line->text()));
        QVERIFY(store.state().resources.catalog.isBuiltIn());

        // The same words in Chinese after a language switch.
        m_language.apply(QStringLiteral("zh_CN"));
        QTRY_VERIFY(!line->text().startsWith("Built-in"));
        m_language.apply(QStringLiteral("en"));
    }

    // #17 walk: before the derivation was complete, gate 3's chart drew an axis from 0 to 1
    // over no month. In its place a line says what will appear and when.
    void theEmptyQuotaChartSaysWhatWillAppear()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            s.gate(GateId::Workspace).status = GateStatus::Passed;
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::QuotaId));
        settle();
        auto *chart = child<QWidget>(w, "distributionChart");
        auto *empty = child<QLabel>(w, "distributionChartEmpty");
        QVERIFY(chart && empty);
        QVERIFY(planQuota(store.state().quota, {}).monthly.isEmpty());
        QVERIFY(empty->isVisible());
        QVERIFY(!chart->isVisible());
        QVERIFY2(empty->text().contains(QStringLiteral("appear here once")),
                 qPrintable(empty->text()));
        const int height = chart->parentWidget()->height();
        fillQuota(w);
        settle();
        QVERIFY(!planQuota(store.state().quota, {}).monthly.isEmpty());
        QVERIFY(chart->isVisible());
        QVERIFY(!empty->isVisible());
        QCOMPARE(chart->parentWidget()->height(), height); // the page does not move
    }

    // #17 walk 17: the retry margin read "重试余量 20.0 %": Chinese writes a percentage "20%",
    // as everywhere else in the app, and a margin is a whole percent.
    void theRetryMarginReadsAsAPercentage()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            s.gate(GateId::Workspace).status = GateStatus::Passed;
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::QuotaId));
        fillQuota(w);
        auto *margin = child<QDoubleSpinBox>(w, "retryMargin");
        QCOMPARE(margin->text(), QStringLiteral("20 %"));
        m_language.apply(QStringLiteral("zh_CN"));
        QTRY_COMPARE(margin->text(), QStringLiteral("20%"));
        m_language.apply(QStringLiteral("en"));
        QTRY_COMPARE(margin->text(), QStringLiteral("20 %"));
        QCOMPARE(store.state().quota.retryMargin, 0.2);
    }

    // #17 walk 6: the applications' card-hours must add up to the derived total, and the
    // reader sees that they do: a last row sums them, over the days they cover.
    void theApplicationsShowTheirSum()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            s.gate(GateId::Workspace).status = GateStatus::Passed;
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::QuotaId));
        fillQuota(w);
        dateField(w, "start")->setDate(QDate(2026, 12, 10));
        dateField(w, "end")->setDate(QDate(2027, 12, 31));
        const QuotaPlan plan = planQuota(store.state().quota, {});
        auto *staged = child<QTableWidget>(w, "staged");
        const int last = staged->rowCount() - 1;
        QCOMPARE(last, plan.followUps.size() + 1);
        QCOMPARE(staged->item(last, 0)->text(), QStringLiteral("Total"));
        QCOMPARE(staged->item(last, 1)->text(), QStringLiteral("2026-12-10"));
        QCOMPARE(staged->item(last, 2)->text(), QStringLiteral("2027-12-31"));
        QCOMPARE(staged->item(last, 3)->text(), QLocale().toString(plan.cardHours, 'f', 0));
        double sum = 0;
        for (int i = 0; i < last; ++i)
            sum += QLocale().toDouble(staged->item(i, 3)->text());
        QCOMPARE(sum, plan.cardHours);
        // The first row and the next one meet: 12-12 to 12-31 are applied for (the walk's gap).
        QCOMPARE(QDate::fromString(staged->item(1, 1)->text(), Qt::ISODate),
                 QDate::fromString(staged->item(0, 2)->text(), Qt::ISODate).addDays(1));
    }

    // Walk 17: gate 4's "Use these cards and hours in the quota derivation" rewrote a granted
    // gate 3, which stayed passed. Whoever changes the numbers (a page, another page), gate 3
    // goes back when its first application outgrows the grant, and comes back when they are
    // put back.
    void aGrantedQuotaGoesBackWhenTheDerivationOutgrowsIt()
    {
        OnboardingState demo = demoState();
        grantGateThree(demo);
        StateStore store(statePath());
        store.load();
        store.setState(demo);
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        QTRY_COMPARE(store.state().gate(GateId::Quota).status, GateStatus::Passed);
        const double hours = store.state().quota.hoursPerRound;
        store.update([&](OnboardingState &s) { s.quota.hoursPerRound = hours * 3; });
        QTRY_COMPARE(store.state().gate(GateId::Quota).status, GateStatus::InProgress);
        QVERIFY2(store.state()
                     .gate(GateId::Quota)
                     .reopenedBecause.toString()
                     .contains(QStringLiteral("changed after the quota was granted")),
                 qPrintable(store.state().gate(GateId::Quota).reopenedBecause.toString()));
        store.update([&](OnboardingState &s) { s.quota.hoursPerRound = hours; });
        QTRY_COMPARE(store.state().gate(GateId::Quota).status, GateStatus::Passed);
    }

    void quotaMonthlySpreadShapesTheQuarters()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            s.gate(GateId::Workspace).status = GateStatus::Passed;
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::QuotaId));
        fillQuota(w);
        dateField(w, "end")->setDate(QDate(2027, 6, 30));
        type(w, "monthlyWeights", "0, 0, 0, 1, 1, 1");
        QCOMPARE(store.state().quota.monthlyWeights, (QList<double>{0, 0, 0, 1, 1, 1}));
        const QuotaPlan plan = planQuota(store.state().quota, {});
        QCOMPARE(plan.quarters.size(), 2);
        QCOMPARE(plan.quarters[0].cardHours, 0.0);
        QCOMPARE(plan.quarters[1].cardHours, plan.cardHours);
        auto *staged = child<QTableWidget>(w, "staged");
        QVERIFY(staged->rowCount() >= 2);
        // The cards are used in Q2 alone: its follow-up is within it (#17 walk 18: the days that
        // use cards decide the split, not the period).
        QVERIFY2(staged->item(1, 1)->text() >= QStringLiteral("2027-04-01") &&
                     staged->item(1, 2)->text() == QStringLiteral("2027-06-30"),
                 qPrintable(staged->item(1, 1)->text() + u' ' + staged->item(1, 2)->text()));
        QVERIFY(child<QLabel>(w, "formula")->text().contains("card-hours"));
        // Walk 17: after "Add peak window" the focus stayed where it was; typing goes to the
        // new window's start.
        auto *peaks = child<QTableWidget>(w, "peaks");
        QVERIFY(peaks);
        const int before = peaks->rowCount();
        QTest::mouseClick(child<QPushButton>(w, "addPeak"), Qt::LeftButton);
        QCOMPARE(peaks->rowCount(), before + 1);
        QCOMPARE(peaks->currentRow(), before);
        QCOMPARE(peaks->currentColumn(), 0);
        QTRY_VERIFY(QApplication::focusWidget() && peaks->isAncestorOf(QApplication::focusWidget()));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        // Walk 17: a bare rule stood in bold where the derivation goes.
        child<QSpinBox>(w, "cardsPerRun")->setValue(0);
        QVERIFY2(child<QLabel>(w, "formula")->text().startsWith("Not derived yet: "),
                 qPrintable(child<QLabel>(w, "formula")->text()));
    }

    // #17: gate 4's image list gave no hint of each image's minimum driver. Each entry names
    // it (in its text, which keyboard and screen readers reach, and its tooltip), and says when
    // the chosen instance's hosts run an older one; in both languages.
    // Walk 17: the image list followed the catalog's order. By name, newest first.
    void gateFourListsImagesNewestFirst()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *image = child<QComboBox>(w, "image");
        QVERIFY(image && image->count() > 3);
        const ResourceCatalog &catalog = store.state().resources.catalog;
        const TrainingImage *last = nullptr;
        for (int row = 1; row < image->count(); ++row) {
            const TrainingImage *i = catalog.image(image->itemData(row).toString());
            QVERIFY(i);
            if (last && last->name == i->name)
                QVERIFY2(QVersionNumber::fromString(last->frameworkVersion) >=
                             QVersionNumber::fromString(i->frameworkVersion),
                         qPrintable(image->itemText(row - 1) + " before " + image->itemText(row)));
            if (last)
                QVERIFY2(last->name <= i->name, qPrintable(i->name));
            last = i;
        }
    }

    void gateFourImagesNameTheirDriver()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.resources.choice.instance = QStringLiteral("gpu.v100.8"); // driver 470.239.06
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *image = child<QComboBox>(w, "image");
        QVERIFY(image);
        const int fits = image->findData(QStringLiteral("pytorch-2.1-cu118"));   // needs 450.80.02
        const int tooNew = image->findData(QStringLiteral("pytorch-2.5-cu124")); // needs 525.60.13
        QVERIFY(fits > 0 && tooNew > 0);
        QCOMPARE(image->itemText(fits),
                 QStringLiteral("pytorch 2.1.2-cuda11.8-py3.10 (driver 450.80.02 or newer)"));
        QCOMPARE(image->itemText(tooNew),
                 QStringLiteral("pytorch 2.5.1-cuda12.4-py3.11 — needs driver 525.60.13 or newer; "
                                "8 × V100 32GB has 470.239.06"));
        QVERIFY(image->itemData(tooNew, Qt::ToolTipRole).toString().contains("470.239.06"));
        QCOMPARE(image->itemData(tooNew, Qt::AccessibleDescriptionRole),
                 image->itemData(tooNew, Qt::ToolTipRole));
        // Another instance, a newer driver: the entry follows. Every CUDA 12 image runs on the
        // A100 hosts' 535 driver (#20 audit: under the toolkits' own drivers none newer than
        // torch 2.3 did, and torch 2.7 ran on no instance type at all).
        store.update([](OnboardingState &s) {
            s.resources.choice.instance = QStringLiteral("gpu.a100-80g.8"); // 535.161.08
        });
        QCOMPARE(image->itemText(tooNew),
                 QStringLiteral("pytorch 2.5.1-cuda12.4-py3.11 (driver 525.60.13 or newer)"));
        QCOMPARE(image->itemText(image->findData(QStringLiteral("pytorch-2.7-cu128"))),
                 QStringLiteral("pytorch 2.7.1-cuda12.8-py3.12 (driver 525.60.13 or newer)"));
        m_language.apply(QStringLiteral("zh_CN"));
        QTRY_VERIFY2(!image->itemText(fits).contains("or newer"), qPrintable(image->itemText(fits)));
        QVERIFY2(image->itemText(fits).contains("450.80.02"), qPrintable(image->itemText(fits)));
        m_language.apply(QStringLiteral("en"));
    }

    // Layouts settle on posted events: run them, so that geometry reads as it will show.
    static void settle()
    {
        for (int i = 0; i < 5; ++i) {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            QCoreApplication::processEvents();
        }
    }

    // #17 walk: the "Next is locked" banner came and went as gate 1 was filled, and the page
    // under it moved about 30 px under the mouse. Its place stays when it goes and comes.
    void theEntryBannerKeepsThePageInPlace()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::AccountId));
        auto *banner = child<Banner>(w, "entryRefusal");
        auto *scroll = child<QScrollArea>(w, "gateScroll");
        QVERIFY(banner && scroll);
        settle();
        QVERIFY(banner->isVisible()); // gate 1 is not passed: Next is locked
        const int locked = scroll->mapTo(&w, QPoint()).y();
        store.update([](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        settle();
        QVERIFY(!banner->isVisible());
        QCOMPARE(scroll->mapTo(&w, QPoint()).y(), locked);
        store.update(
            [](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::InProgress; });
        settle();
        QVERIFY(banner->isVisible());
        QCOMPARE(scroll->mapTo(&w, QPoint()).y(), locked);
    }

    // #17 walk: the acceptor's hint line ("Name the acceptor…") went away as the name was
    // typed, and the Record button jumped up under the mouse. The recorder keeps its rows and
    // its button where they are while its hints and its banner come and go.
    void theRecorderStaysStillWhileItsHintsGo()
    {
        // In Chinese, whose line is the taller one (a caption is then more than its field).
        m_language.apply(QStringLiteral("zh_CN"));
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::AccountId));
        auto *card = child<QWidget>(w, "gateCard");
        auto *choice = child<QComboBox>(w, "statusChoice");
        auto *record = child<QPushButton>(w, "recordStatus");
        auto *acceptor = child<QLineEdit>(w, "acceptedBy");
        auto *evidence = child<QLineEdit>(w, "evidence");
        auto *hint = child<QLabel>(w, "acceptedByIssue");
        QVERIFY(card && choice && record && acceptor && evidence && hint);
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        settle();
        QVERIFY(acceptor->isVisible());
        QVERIFY(!hint->text().isEmpty()); // "Name the acceptor who signed this gate off."
        const auto at = [card](QWidget *x) { return x->mapTo(card, QPoint()).y(); };
        // Each caption sits level with its field, not between the field and its hint line.
        for (QLineEdit *field : {acceptor, evidence}) {
            QLabel *caption = nullptr;
            for (QLabel *l : card->findChildren<QLabel *>())
                if (l->buddy() == field)
                    caption = l;
            QVERIFY(caption);
            QVERIFY2(std::abs(at(caption) + caption->height() / 2 -
                              (at(field) + field->height() / 2)) <= 2,
                     qPrintable(QStringLiteral("%1 at %2+%3, its field at %4+%5")
                                    .arg(caption->text())
                                    .arg(at(caption))
                                    .arg(caption->height())
                                    .arg(at(field))
                                    .arg(field->height())));
        }
        const int recordAt = at(record);
        const int evidenceAt = at(evidence);
        acceptor->setFocus();
        QTest::keyClicks(acceptor, QStringLiteral("Wang Fang"));
        settle();
        QVERIFY(hint->text().isEmpty());
        QCOMPARE(at(record), recordAt);
        QTest::keyClicks(evidence, QStringLiteral("ticket 7"));
        settle();
        QCOMPARE(at(record), recordAt);
        QCOMPARE(at(evidence), evidenceAt);
        // Cleared again: the hint comes back in the same place.
        acceptor->selectAll();
        QTest::keyClick(acceptor, Qt::Key_Delete);
        settle();
        QVERIFY(!hint->text().isEmpty());
        QCOMPARE(at(record), recordAt);
        // The same for "Waiting for someone else" and its hint.
        choice->setCurrentIndex(choice->findData(int(GateStatus::Waiting)));
        settle();
        const int waitingAt = at(record);
        QTest::keyClicks(child<QLineEdit>(w, "waitingFor"), QStringLiteral("the review"));
        settle();
        QVERIFY(child<QLabel>(w, "waitingForIssue")->text().isEmpty());
        QCOMPARE(at(record), waitingAt);
        m_language.apply(QStringLiteral("en"));
    }

    // #17 polish, item 4: an empty line sat between "Evidence" and "Accepted by" where the
    // fields had nothing to hint. Rows shown with nothing to say have no empty line; a hint
    // still has its line.
    void theRecorderHasNoEmptyLines()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).evidence = Text::literal(QStringLiteral("ticket 7"));
            s.gate(GateId::Account).acceptedBy = Text::literal(QStringLiteral("Wang Fang"));
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::AccountId));
        auto *card = child<QWidget>(w, "gateCard");
        auto *choice = child<QComboBox>(w, "statusChoice");
        auto *acceptor = child<QLineEdit>(w, "acceptedBy");
        auto *evidence = child<QLineEdit>(w, "evidence");
        QVERIFY(card && choice && acceptor && evidence);
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        settle();
        QVERIFY(evidence->isVisible() && acceptor->isVisible());
        const auto at = [card](QWidget *x) { return x->mapTo(card, QPoint()).y(); };
        const int gap = at(acceptor) - (at(evidence) + evidence->height());
        QVERIFY(!child<QLabel>(w, "evidenceIssue")->isVisible());
        QVERIFY2(gap <= 2 * card->style()->pixelMetric(QStyle::PM_LayoutVerticalSpacing) + 4,
                 qPrintable(QStringLiteral("%1 px between the evidence and the acceptor").arg(gap)));
        // Emptied and shown again: the hint has its line.
        store.update([](OnboardingState &s) { s.gate(GateId::Account).evidence = Text(); });
        choice->setCurrentIndex(choice->findData(int(GateStatus::Waiting)));
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        settle();
        auto *hint = child<QLabel>(w, "evidenceIssue");
        QVERIFY(hint->isVisible() && !hint->text().isEmpty());
        QVERIFY(at(acceptor) - (at(evidence) + evidence->height()) > gap);
    }

    // #17 walk: choosing an instance type scrolled the page away from the list just used.
    // The page stays where it was: the scroll bar's value and the list's place on screen.
    void choosingAnInstanceKeepsThePageWhereItIs()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.workspace.pool = {"a100-80g", "cn-north", "cn-north-1a"};
            s.resources.modelPicked = true;
            s.resources.choice.setup.model = *findModel("llama-2-7b");
            s.resources.choice.setup.method = Method::Full;
            s.resources.choice.instance.clear();
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        w.resize(OnboardingWizard::defaultSize(QSize()));
        auto *scroll = child<QScrollArea>(w, "gateScroll");
        auto *instance = child<QComboBox>(w, "instance");
        QVERIFY(scroll && instance);
        settle();
        scroll->ensureWidgetVisible(instance, 0, 200);
        settle();
        instance->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), instance);
        QVERIFY(scroll->verticalScrollBar()->value() > 0);
        const int onScreen = instance->mapTo(scroll->viewport(), QPoint()).y();
        for (const char *key : {"gpu.a100-80g.8", "gpu.a10.1", "gpu.h100.8"}) {
            instance->setCurrentIndex(instance->findData(QLatin1String(key)));
            settle();
            QCOMPARE(store.state().resources.choice.instance, QLatin1String(key));
            // What the user sees: the list where it was (the scroll bar moves for the part
            // above it that changed height: the suggestions go once the setup fits).
            QCOMPARE(instance->mapTo(scroll->viewport(), QPoint()).y(), onScreen);
        }
    }

    // #17 walk: the memory suggestions were cut behind a horizontal scroll bar and nothing
    // applied one. They wrap to the page's width, and Apply makes the step: the setup's field
    // changes, and step by step the verdict turns.
    void gateFourAppliesAMemorySuggestion()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.resources.modelPicked = true;
            s.resources.choice.setup.model = *findModel("llama-2-7b");
            s.resources.choice.setup.method = Method::Full;
            s.resources.choice.setup.microBatch = 4;
            s.resources.choice.setup.seqLen = 4096;
            s.resources.choice.setup.checkpointing = Checkpointing::None;
            s.resources.choice.setup.gpus = 1;
            s.resources.cardKey = QStringLiteral("a100-80g");
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        ResourcesForm *form = qobject_cast<ResourcesPage *>(w.currentPage())->resources();
        w.resize(OnboardingWizard::defaultSize(QSize())); // the window a new user gets
        auto *verdict = child<QLabel>(w, "memoryVerdict");
        auto *suggestions = child<QWidget>(w, "suggestions");
        auto *scroll = child<QScrollArea>(w, "gateScroll");
        QVERIFY(verdict && suggestions && scroll);
        settle();
        QCOMPARE(form->verdict(), Verdict::DoesNotFit);
        const QString doesNotFit = verdict->text();
        QVERIFY(suggestions->isVisible());
        // Wrapped, within the page: no horizontal scrolling anywhere.
        QCOMPARE(scroll->horizontalScrollBar()->maximum(), 0);
        QVERIFY(suggestions->findChildren<QAbstractScrollArea *>().isEmpty());
        auto *first = suggestions->findChild<QLabel *>(QStringLiteral("suggestion0"));
        QVERIFY(first);
        QVERIFY(first->wordWrap());
        QVERIFY2(first->text().contains(QStringLiteral("Sets ")), qPrintable(first->text()));
        QVERIFY(first->mapTo(suggestions, QPoint(first->width(), 0)).x() <= suggestions->width());
        // Apply: the first step's field is set on the form.
        const std::vector<Suggestion> list = form->suggestions();
        auto *microBatch = child<QSpinBox>(w, "microBatch");
        auto *chunked = child<QCheckBox>(w, "chunkedLoss");
        auto *checkpointing = child<QComboBox>(w, "checkpointing");
        QVERIFY(microBatch && chunked && checkpointing);
        auto *apply = suggestions->findChild<QPushButton *>(QStringLiteral("applySuggestion0"));
        QVERIFY(apply);
        auto *applied = child<QLabel>(w, "appliedChange");
        QVERIFY(applied);
        QVERIFY(!applied->isVisible());
        QTest::mouseClick(apply, Qt::LeftButton);
        // #17 walk (item 22): a line says what Apply changed, from and to.
        settle();
        QVERIFY(applied->isVisible());
        QCOMPARE(applied->text(), form->appliedChange());
        QVERIFY2(applied->text().contains(QStringLiteral("GiB per card")), qPrintable(applied->text()));
        QCOMPARE(chunked->isChecked(), list[0].setup.chunkedLoss);
        QCOMPARE(microBatch->value(), list[0].setup.microBatch);
        QCOMPARE(checkpointing->currentIndex(), int(list[0].setup.checkpointing));
        QVERIFY(store.state().resources.choice.setup.microBatch == list[0].setup.microBatch);
        // Step after step, until the verdict turns.
        for (int i = 0; i < 12 && form->verdict() == Verdict::DoesNotFit; ++i) {
            settle();
            apply = suggestions->findChild<QPushButton *>(QStringLiteral("applySuggestion0"));
            QVERIFY(apply);
            QTest::mouseClick(apply, Qt::LeftButton);
        }
        settle();
        QVERIFY(form->verdict() != Verdict::DoesNotFit);
        QVERIFY(verdict->text() != doesNotFit);
        QVERIFY(!suggestions->isVisible());
    }

    // #17 walk (item 20): "Cards in the job" and "Judge against card" were disabled with no
    // reason shown, and a disabled field takes no keyboard focus, so no tooltip reaches a
    // keyboard user. A line under each says why and what enables it; it goes when they are.
    void gateFourSaysWhyAFieldIsFixed()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.workspace.pool = {"a100-80g", "cn-north", "cn-north-1a"};
            s.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        ResourcesForm *form = qobject_cast<ResourcesPage *>(w.currentPage())->resources();
        settle();
        const std::pair<const char *, const char *> fixed[] = {{"gpus", "gpusWhy"},
                                                               {"card", "cardWhy"}};
        for (const auto &[field, line] : fixed) {
            auto *input = child<QWidget>(w, field);
            auto *why = child<QLabel>(w, line);
            QVERIFY2(input && why, line);
            QVERIFY(!input->isEnabled());
            QVERIFY2(why->isVisible(), line);
            QVERIFY2(why->text().contains(QStringLiteral("8 × A100 80GB")), qPrintable(why->text()));
            QCOMPARE(input->accessibleDescription(), why->text());
        }
        QCOMPARE(child<QLabel>(w, "gpusWhy")->text(), form->cardCountLock());
        QCOMPARE(child<QLabel>(w, "cardWhy")->text(), form->cardLock());
        // "(choose)": the fields are the user's again, and the lines go.
        auto *instance = child<QComboBox>(w, "instance");
        instance->setCurrentIndex(0);
        settle();
        for (const auto &[field, line] : fixed) {
            QVERIFY2(child<QWidget>(w, field)->isEnabled(), field);
            QVERIFY2(!child<QLabel>(w, line)->isVisible(), line);
        }
    }

    // #17 walk (item 20): after the instance of a passed gate 4 was released, "Create the
    // instance" was on again and nothing said what it meant for the gate. The panel says the
    // model's rule beside it: gate 4 stays passed, creating again is for gates 5 and 6.
    void aReleasedInstanceSaysWhatCreatingAgainDoes()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota, GateId::Resources})
                s.gate(g).status = GateStatus::Passed;
            s.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
            s.provider.instanceId = QStringLiteral("i-7");
            s.provider.instanceState = QStringLiteral("running");
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *status = w.currentPage()->findChild<QLabel *>(QStringLiteral("providerStatus"));
        QVERIFY(status);
        QVERIFY2(!status->text().contains(QStringLiteral("stays passed")), qPrintable(status->text()));
        store.update([](OnboardingState &s) { s.provider.instanceState = QStringLiteral("released"); });
        QVERIFY2(status->text().contains(instanceCreation(store.state()).note) &&
                     status->text().contains(QStringLiteral("Gate 4 stays passed")),
                 qPrintable(status->text()));
    }

    // #17 walk (item 20): "Also try"'s example offered gpu.h100.8 to an A100 80GB pool. The
    // example is the pool's own types; an entry outside the pool is named with what it takes.
    void alsoTryOffersThePoolsOwnTypes()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.workspace.pool = {"a100-80g", "cn-north", "cn-north-1a"};
            s.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
            s.resources.choice.alternatives.clear();
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        settle();
        auto *alternatives = child<QLineEdit>(w, "alternatives");
        auto *outside = child<QLabel>(w, "alternativesOutsidePool");
        QVERIFY(alternatives && outside);
        const QString example = alternatives->placeholderText();
        QVERIFY2(example.contains(QStringLiteral("gpu.a100-80g.1")), qPrintable(example));
        QVERIFY2(!example.contains(QStringLiteral("h100")) && !example.contains(u'@'),
                 qPrintable(example));
        QVERIFY(!outside->isVisible());
        alternatives->setFocus();
        QTest::keyClicks(alternatives, QStringLiteral("gpu.h100.8"));
        settle();
        QVERIFY(outside->isVisible());
        QVERIFY2(outside->text().contains(QStringLiteral("gpu.h100.8 is outside the pool")),
                 qPrintable(outside->text()));
    }

    // #17 walk (item 22): choosing Passed in the recorder showed its rows (evidence, acceptor)
    // above "Record status" and pushed the button below the visible area. It stays in view, and
    // so does the list just used.
    void choosingPassedKeepsRecordInView()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.workspace.pool = {"a100-80g", "cn-north", "cn-north-1a"};
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        w.resize(OnboardingWizard::defaultSize(QSize()));
        auto *scroll = child<QScrollArea>(w, "gateScroll");
        auto *choice = child<QComboBox>(w, "statusChoice");
        auto *record = child<QPushButton>(w, "recordStatus");
        QVERIFY(scroll && choice && record);
        settle();
        // The button at the bottom edge of the view, as a user scrolls down to it.
        scroll->ensureWidgetVisible(record, 0, 0);
        settle();
        const auto inView = [scroll](QWidget *x) {
            const QRect r(x->mapTo(scroll->viewport(), QPoint()), x->size());
            return scroll->viewport()->rect().contains(r);
        };
        QVERIFY(inView(record) && inView(choice));
        QVERIFY(choice->currentData().toInt() != int(GateStatus::Passed));
        choice->setFocus();
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        settle();
        QVERIFY(child<QLineEdit>(w, "acceptedBy")->isVisible()); // Passed's rows came
        QVERIFY(inView(record));
        QVERIFY(inView(choice));
    }

    // Seen in a screenshot of the suggestions: the card table's rows kept the height they were
    // fitted to while the table was still narrow, before the page was laid out (170 px for two
    // lines). Laid out wide, each row is as high as its text.
    void theCardTableFitsItsRowsOnceLaidOut()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.resources.choice.setup.model = *findModel("qwen2.5-7b");
            s.resources.choice.setup.method = Method::Full;
            s.resources.choice.setup.checkpointing = Checkpointing::None;
            s.resources.choice.setup.microBatch = 4;
            s.resources.choice.setup.seqLen = 4096;
        });
        ResourcesForm form(&store);
        QWidget host;
        auto *layout = new QVBoxLayout(&host);
        auto *section = new CardCountSection(&form, &host);
        layout->addWidget(section);
        section->start(); // as the page does: before anything is laid out
        host.resize(1100, 1600);
        host.show();
        settle();
        auto *cards = host.findChild<QTableWidget *>(QStringLiteral("cardsNeeded"));
        QVERIFY(cards);
        bool wrapped = false;
        for (int row = 0; row < cards->rowCount(); ++row) {
            wrapped = wrapped || cards->item(row, 2)->text().contains(QStringLiteral(" with "));
            QVERIFY2(cards->rowHeight(row) <= 3 * cards->fontMetrics().lineSpacing() + 12,
                     qPrintable(QStringLiteral("row %1: %2 px (%3)")
                                    .arg(row)
                                    .arg(cards->rowHeight(row))
                                    .arg(cards->item(row, 2)->text())));
        }
        QVERIFY(wrapped); // some counts take two lines in a narrow column
    }

    // #17 walk: the CANN images read as fine for a GPU pool until an instance was chosen.
    // Before one is, the pool's card decides, as the instance's does after.
    void gateFourMarksImagesForAnotherAcceleratorBeforeAnInstance()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.workspace.pool = {"a10", "cn-east", "cn-east-1a"};
            s.resources.choice.instance.clear();
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *image = child<QComboBox>(w, "image");
        QVERIFY(image);
        const int cann = image->findData(QStringLiteral("torch-npu-2.1-cann8"));
        const int cuda = image->findData(QStringLiteral("pytorch-2.3-cu121"));
        QVERIFY(cann > 0 && cuda > 0);
        QVERIFY2(image->itemText(cann).contains(QStringLiteral("not usable")) &&
                     image->itemText(cann).contains(QStringLiteral("NVIDIA A10 24GB")),
                 qPrintable(image->itemText(cann)));
        QVERIFY(image->itemData(cann, Qt::ToolTipRole).toString().contains("ascend910b"));
        QVERIFY2(!image->itemText(cuda).contains(QStringLiteral("not usable")),
                 qPrintable(image->itemText(cuda)));
        // An Ascend pool: the CUDA images are the wrong ones.
        store.update([](OnboardingState &s) { s.workspace.pool.cardType = "ascend-910b"; });
        QVERIFY2(image->itemText(cuda).contains(QStringLiteral("not usable")),
                 qPrintable(image->itemText(cuda)));
        QVERIFY2(!image->itemText(cann).contains(QStringLiteral("not usable")),
                 qPrintable(image->itemText(cann)));
    }

    // #17 walk: internal keys in text people read. The pool reads by the card's name with
    // region and zone apart; the provider's tries name the instance type by its name.
    void poolAndTriesReadByTheirNames()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.workspace.pool = {"a10", "cn-east", "cn-east-1a"};
            s.provider.attempts = {LaunchAttempt{"gpu.a10.1", "cn-east-1a", "out_of_stock",
                                                 "no A10 left"}};
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::QuotaId));
        auto *pool = child<QLabel>(w, "quotaPool");
        QVERIFY(pool);
        QVERIFY2(pool->text().contains(QStringLiteral("NVIDIA A10 24GB in region cn-east, zone "
                                                      "cn-east-1a")),
                 qPrintable(pool->text()));
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *tries = child<QLabel>(w, "launchAttempts");
        QVERIFY(tries);
        QVERIFY2(tries->text().contains(QStringLiteral("1 × A10 24GB in cn-east-1a")) &&
                     !tries->text().contains(QStringLiteral("gpu.a10.1")),
                 qPrintable(tries->text()));
    }

    // #17 walk: gate 2's own "Create" only plans, beside the panel's "Create, attach quota, add
    // members" that does it. Its buttons say they plan.
    void gateTwoButtonsSayTheyPlan()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        for (const char *name : {"createWorkspace", "attachQuota"}) {
            auto *button = child<QPushButton>(w, name);
            QVERIFY(button);
            QVERIFY2(button->text().remove(u'&').startsWith(QStringLiteral("Plan ")),
                     qPrintable(button->text()));
            QVERIFY(!button->text().contains(QStringLiteral("Create")));
        }
    }

    // #17 walk: "Add member" was off with nothing saying why. The line beside it (and its
    // tooltip) says what to do first, step by step, and goes once members can be added.
    void gateTwoSaysWhyAddMemberIsOff()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *add = child<QPushButton>(w, "addMember");
        auto *why = child<QLabel>(w, "addMemberWhy");
        QVERIFY(add && why);
        QVERIFY(!add->isEnabled());
        QVERIFY2(why->isVisible() && why->text().contains(QStringLiteral("“Plan the workspace”")),
                 qPrintable(why->text()));
        QCOMPARE(add->toolTip(), why->text());
        type(w, "workspace", "field-assistant");
        QTest::mouseClick(child<QPushButton>(w, "createWorkspace"), Qt::LeftButton);
        QVERIFY(!add->isEnabled());
        QVERIFY2(why->text().contains(QStringLiteral("“Plan the pool”")), qPrintable(why->text()));
        QCOMPARE(add->toolTip(), why->text());
        fillWorkspace(w);
        QVERIFY(add->isEnabled());
        QVERIFY(why->text().isEmpty());
        QVERIFY(add->toolTip().isEmpty());
    }

    // #17 walk 18: gate 6 asked for a member who took no part; adding them on gate 2 took
    // gates 2–6 back at once, unannounced. The line beside "Add member" says beforehand what a
    // change does; gate 2 alone goes back, and Next stays open.
    void addingAMemberSaysWhatGoesBackAndKeepsTheLaterGates()
    {
        OnboardingState demo = demoState();
        demo.workspace.created = demo.workspace.quotaAttached = true; // the provider holds it
        const QString refused = acceptGatesOneToFour(demo);
        QVERIFY2(refused.isEmpty(), qPrintable(refused));
        StateStore store(statePath());
        store.load();
        store.setState(demo);
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        settle();
        QTRY_COMPARE(store.state().gate(GateId::Workspace).status, GateStatus::Passed);
        // The gate's form sees it passed with nothing open.
        store.update([](OnboardingState &s) { s.gate(GateId::Account).notes = QStringLiteral("x"); });
        auto *add = child<QPushButton>(w, "addMember");
        auto *why = child<QLabel>(w, "addMemberWhy");
        QVERIFY(add && why && add->isEnabled());
        QVERIFY2(why->text().contains(QStringLiteral("takes gate 2 back")) &&
                     why->text().contains(QStringLiteral("Gates 3–5")),
                 qPrintable(why->text()));
        QTest::mouseClick(add, Qt::LeftButton);
        QTRY_COMPARE(store.state().gate(GateId::Workspace).status, GateStatus::InProgress);
        for (GateId later : {GateId::Quota, GateId::Resources})
            QCOMPARE(store.state().gate(later).status, GateStatus::Passed);
        QVERIFY(w.currentPage()->isComplete()); // Next: gate 3's entry still holds
        QVERIFY(child<QLabel>(w, "statusLabel")->text().contains(QStringLiteral("joined")));
    }

    // #17 walk: the card type list offered cards the chosen zone has none of, unmarked, while
    // the stock line below said so. Each such entry says "no stock in ZONE"; the others read as
    // before, and the marks follow the zone.
    void gateTwoMarksCardTypesWithoutStock()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            s.workspace.workspaceName = QStringLiteral("field-assistant");
            s.workspace.pool = {QStringLiteral("a100-80g"), QStringLiteral("cn-east"),
                                QStringLiteral("cn-east-1a")};
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *card = child<QComboBox>(w, "cardType");
        QVERIFY(card);
        const int a100 = card->findData(QStringLiteral("a100-80g"));
        QVERIFY(a100 > 0);
        QCOMPARE(card->itemText(a100), cardName(QStringLiteral("a100-80g"))); // not known yet
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        QTRY_COMPARE_WITH_TIMEOUT(card->itemText(a100),
                                  cardName(QStringLiteral("a100-80g")) +
                                      QStringLiteral(" — no stock in cn-east-1a"),
                                  10000);
        QVERIFY(card->itemData(a100, Qt::ToolTipRole).toString().contains("cn-east-1a"));
        // Another zone, where the provider lists them free: the mark goes.
        child<QComboBox>(w, "zone")->setCurrentText(QStringLiteral("cn-north-1a"));
        child<QComboBox>(w, "region")->setCurrentText(QStringLiteral("cn-north"));
        child<QComboBox>(w, "zone")->setCurrentText(QStringLiteral("cn-north-1a"));
        QCOMPARE(card->itemText(a100), cardName(QStringLiteral("a100-80g")));
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // #17 polish, item 3: the region list showed no stock until a zone was chosen. Each
    // region says what its zones hold free together, of the card type chosen (or of any); the
    // box still takes the region's name alone.
    void gateTwoRegionsSayTheirStock()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            s.workspace.workspaceName = QStringLiteral("field-assistant");
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *region = child<QComboBox>(w, "region");
        auto *card = child<QComboBox>(w, "cardType");
        QVERIFY(region && card);
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.providerHub()->regions().isEmpty(), 10000);
        QTRY_VERIFY(region->count() == w.providerHub()->regions().size());
        constexpr int kStockRole = Qt::UserRole + 7;
        const auto expect = [&](const QString &key) {
            for (const RegionOffer &r : w.providerHub()->regions()) {
                int free = 0;
                for (const ZoneOffer &z : r.zones)
                    for (auto it = z.freeCards.cbegin(); it != z.freeCards.cend(); ++it)
                        free += key.isEmpty() || it.key() == key ? it.value() : 0;
                const int row = region->findText(r.region);
                QVERIFY2(row >= 0, qPrintable(r.region));
                const QString stock = region->itemData(row, kStockRole).toString();
                const QString count = key.isEmpty()
                                          ? QStringLiteral("%1 free card").arg(free)
                                          : QStringLiteral("%1 free %2 card").arg(free).arg(cardName(key));
                QVERIFY2(stock.startsWith(count) &&
                             stock.contains(QStringLiteral("over %1 zone").arg(r.zones.size())),
                         qPrintable(r.region + QStringLiteral(": ") + stock));
                QVERIFY(region->itemData(row, Qt::ToolTipRole).toString().contains(stock));
                QCOMPARE(region->itemText(row), r.region); // the box takes the name alone
            }
        };
        expect(QString()); // no card type chosen: every card
        card->setCurrentIndex(card->findData(QStringLiteral("a100-80g")));
        expect(QStringLiteral("a100-80g"));
        // Chosen, the box reads the region's name.
        region->setCurrentText(QStringLiteral("cn-north"));
        QCOMPARE(region->currentText(), QStringLiteral("cn-north"));
        expect(QStringLiteral("a100-80g"));
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // #17 walk: gate 4 offered instance types of another card than the pool's unmarked (and
    // refused one only once chosen). They say "not in the pool" as the images for another
    // accelerator say "not usable"; the pool's own read by their names.
    void gateFourMarksInstanceTypesOutsideThePool()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.workspace.pool = {"a100-80g", "cn-north", "cn-north-1a"};
            s.resources.choice.instance.clear();
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *instance = child<QComboBox>(w, "instance");
        QVERIFY(instance);
        const int own = instance->findData(QStringLiteral("gpu.a100-80g.8"));
        const int other = instance->findData(QStringLiteral("gpu.h100.8"));
        QVERIFY(own > 0 && other > 0);
        QCOMPARE(instance->itemText(own), QStringLiteral("8 × A100 80GB"));
        QVERIFY2(instance->itemText(other).contains(QStringLiteral("not in the pool")) &&
                     instance->itemText(other).contains(cardName("a100-80g")),
                 qPrintable(instance->itemText(other)));
        QVERIFY(!instance->itemData(other, Qt::ToolTipRole).toString().isEmpty());
        // The alternatives' menu marks them the same way.
        auto *add = child<QPushButton>(w, "addAlternative");
        QVERIFY(add && add->menu());
        for (QAction *a : add->menu()->actions()) {
            const bool outside = a->data().toString() == QLatin1String("gpu.h100.8");
            const bool inside = a->data().toString() == QLatin1String("gpu.a100-80g.8");
            if (outside)
                QVERIFY2(a->text().contains(QStringLiteral("not in the pool")), qPrintable(a->text()));
            if (inside)
                QVERIFY2(!a->text().contains(QStringLiteral("not in the pool")), qPrintable(a->text()));
        }
        // An H100 pool: the marks follow it.
        store.update([](OnboardingState &s) { s.workspace.pool.cardType = "h100-80g"; });
        QVERIFY(!instance->itemText(other).contains(QStringLiteral("not in the pool")));
        QVERIFY(instance->itemText(own).contains(QStringLiteral("not in the pool")));
    }

    // #17 walk item 9: the only observer became an admin after the review, and every row of the
    // members table turned pink. Only the cells a finding names are tinted: the role that
    // changed, the share that is out of range; the table as a whole is not.
    void gateTwoTintsOnlyTheCellsTheFindingsName()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            WorkspaceData &ws = s.workspace;
            ws.workspaceName = QStringLiteral("nlp");
            ws.pool = {QStringLiteral("a100-80g"), QStringLiteral("cn-north"),
                       QStringLiteral("cn-north-1a")};
            ws.members = {{"Li", "li", Role::Admin, {}, 0},
                          {"Zhang", "zhang", Role::Developer, {}, 0},
                          {"Zhao", "zhao", Role::Observer, {}, 0}};
            ws.lastReview = {ws.members, ws.matrix, QStringLiteral("Li"),
                             QDateTime::currentDateTimeUtc().addDays(-1)};
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *table = child<QTableWidget>(w, "members");
        QVERIFY(table);
        const QColor pink(0xfd, 0xec, 0xea);
        const auto tinted = [&](int row, int column) {
            if (column == 2) {
                auto *role = qobject_cast<QComboBox *>(table->cellWidget(row, 2));
                return role && role->palette().color(QPalette::Button) == pink;
            }
            return table->item(row, column)->background().color() == pink &&
                   table->item(row, column)->background().style() != Qt::NoBrush;
        };
        const auto tintedCells = [&] {
            QStringList cells;
            for (int r = 0; r < table->rowCount(); ++r)
                for (int c = 0; c < table->columnCount(); ++c)
                    if (tinted(r, c))
                        cells << QStringLiteral("%1,%2").arg(r).arg(c);
            return cells;
        };
        QCOMPARE(tintedCells(), QStringList());

        store.update([](OnboardingState &s) { s.workspace.members[2].role = Role::Admin; });
        QVERIFY(hasBlocking(gateFindings(store.state(), GateId::Workspace, QDate::currentDate())));
        QVERIFY(table->palette().color(QPalette::Base) != pink);
        QCOMPARE(tintedCells(), QStringList{QStringLiteral("2,2")});
        auto *role = qobject_cast<QComboBox *>(table->cellWidget(2, 2));
        QVERIFY2(role->toolTip().contains(QStringLiteral("Nobody in the team is an observer")),
                 qPrintable(role->toolTip()));

        store.update([](OnboardingState &s) {
            s.workspace.members[2].role = Role::Observer;
            s.workspace.members[1].sharePercent = -10;
        });
        QCOMPARE(tintedCells(), QStringList{QStringLiteral("1,4")});
        QVERIFY(table->palette().color(QPalette::Base) != pink);
        store.update([](OnboardingState &s) { s.workspace.members[1].sharePercent = 0; });
        QCOMPARE(tintedCells(), QStringList());
    }

    // #17 walk item 9: "Acceptance checks, predicted from the matrix until they run for real"
    // stayed after the checks had run at the provider. The heading says which it shows.
    void gateTwoSaysWhetherItsChecksArePredictedOrRan()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            s.workspace.workspaceName = QStringLiteral("nlp");
            s.workspace.members = {{"Li", "li", Role::Admin, {}, 0},
                                   {"Zhang", "zhang", Role::Developer, {}, 0},
                                   {"Zhao", "zhao", Role::Observer, {}, 0}};
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *label = child<QLabel>(w, "acceptancePrediction");
        QVERIFY(label);
        QVERIFY2(label->text().contains(QStringLiteral("predicted")), qPrintable(label->text()));
        const QDateTime ran(QDate(2026, 12, 3), QTime(10, 30), Qt::UTC);
        store.update([&](OnboardingState &s) {
            s.provider.developerCheck = Text::literal(QStringLiteral("Job j-1 succeeded."));
            s.provider.developerCheckPassed = true;
            s.provider.observerCheck = Text::literal(QStringLiteral("Refused as expected."));
            s.provider.observerCheckPassed = true;
            s.provider.workspaceChecksAt = ran;
        });
        QVERIFY2(label->text().startsWith(QStringLiteral("Acceptance checks, as they ran at the "
                                                         "provider on ") +
                                          readableTime(ran)) &&
                     !label->text().contains(QStringLiteral("predicted")),
                 qPrintable(label->text()));
        // The only observer made an admin since: what ran, and what the matrix predicts now.
        store.update([](OnboardingState &s) { s.workspace.members[2].role = Role::Admin; });
        QVERIFY2(label->text().contains(QStringLiteral("as they ran")) &&
                     label->text().contains(QStringLiteral("Predicted from the matrix for the "
                                                           "team as it is now")),
                 qPrintable(label->text()));
    }

    // #17 walk: an observer held 50 % of the card-hours and gate 2 said "No findings".
    void gateTwoFlagsAnObserversShare()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        fillWorkspace(w); // member 3 is the observer
        auto *table = child<QTableWidget>(w, "members");
        auto *findings = child<QListWidget>(w, "findings");
        QVERIFY(table && findings);
        table->item(2, 4)->setText(QStringLiteral("50"));
        QCOMPARE(store.state().workspace.members[2].sharePercent, 50.0);
        QStringList lines;
        for (int i = 0; i < findings->count(); ++i)
            lines << findings->item(i)->text();
        QVERIFY2(lines.join(u'\n').contains(QStringLiteral("is an observer with a 50 % share")),
                 qPrintable(lines.join(u'\n')));
    }

    // #17 walk: "Planned here…" came and went under gate 2's steps and moved everything below
    // it. Planning and the provider's answer leave the members' place where it was.
    void gateTwoPlanLineKeepsItsPlace()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        w.resize(OnboardingWizard::defaultSize(QSize()));
        auto *members = child<QWidget>(w, "membersGroup");
        auto *scroll = child<QScrollArea>(w, "gateScroll");
        QVERIFY(members && scroll);
        settle();
        const int before = members->mapTo(scroll->widget(), QPoint()).y();
        const auto plannedShown = [&] {
            for (QLabel *l : scroll->widget()->findChildren<QLabel *>())
                if (l->isVisible() && l->text().contains(QStringLiteral("Planned here")))
                    return true;
            return false;
        };
        QVERIFY(!plannedShown());
        type(w, "workspace", "field-assistant");
        QTest::mouseClick(child<QPushButton>(w, "createWorkspace"), Qt::LeftButton);
        settle();
        QVERIFY(plannedShown());
        QCOMPARE(members->mapTo(scroll->widget(), QPoint()).y(), before);
        store.update([](OnboardingState &s) {
            s.workspace.created = true;
            s.workspace.pool = {"a100-80g", "cn-north", "cn-north-1a"};
            s.workspace.quotaAttached = true;
        });
        settle();
        QVERIFY(!plannedShown());
        QCOMPARE(members->mapTo(scroll->widget(), QPoint()).y(), before);
    }

    // #17 walk: the provider panel's "Create, attach quota, add members" moved gate 2's page
    // ~140 px under the mouse (the lines above it shrank, and the button, turned off while it
    // ran, handed the focus on). The button stays where it was on screen.
    void gateTwoSetUpKeepsTheButtonInPlace()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s = demoState();
            s.gate(GateId::Workspace).status = GateStatus::InProgress;
            s.workspace.created = false;
            s.workspace.quotaAttached = false;
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        w.resize(OnboardingWizard::defaultSize(QSize()));
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        auto *setUp = child<QPushButton>(w, "providerSetUpWorkspace");
        auto *scroll = child<QScrollArea>(w, "gateScroll");
        QVERIFY(setUp && scroll);
        QTRY_VERIFY_WITH_TIMEOUT(setUp->isEnabled(), 10000);
        settle();
        scroll->ensureWidgetVisible(setUp, 0, 200);
        settle();
        const int onScreen = setUp->mapTo(scroll->viewport(), QPoint()).y();
        QTest::mouseClick(setUp, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(store.state().workspace.quotaAttached, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!child<QPushButton>(w, "providerCancel")->isVisible(), 15000);
        settle();
        QTest::qWait(50);
        settle();
        QCOMPARE(setUp->mapTo(scroll->viewport(), QPoint()).y(), onScreen);
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // #17 walk: Apply on a memory suggestion jumped gate 4's page to section 5. The verdict
    // the suggestions hang from stays where it was on screen, step after step.
    void applyingASuggestionKeepsThePageInPlace()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.resources.modelPicked = true;
            s.resources.choice.setup.model = *findModel("llama-2-7b");
            s.resources.choice.setup.method = Method::Full;
            s.resources.choice.setup.microBatch = 4;
            s.resources.choice.setup.seqLen = 4096;
            s.resources.choice.setup.checkpointing = Checkpointing::None;
            s.resources.choice.setup.gpus = 1;
            s.resources.cardKey = QStringLiteral("a100-80g");
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        ResourcesForm *form = qobject_cast<ResourcesPage *>(w.currentPage())->resources();
        w.resize(OnboardingWizard::defaultSize(QSize()));
        auto *verdict = child<QLabel>(w, "memoryVerdict");
        auto *suggestions = child<QWidget>(w, "suggestions");
        auto *scroll = child<QScrollArea>(w, "gateScroll");
        QVERIFY(verdict && suggestions && scroll);
        settle();
        QCOMPARE(form->verdict(), Verdict::DoesNotFit);
        scroll->ensureWidgetVisible(suggestions, 0, 0);
        settle();
        const int onScreen = verdict->mapTo(scroll->viewport(), QPoint()).y();
        for (int i = 0; i < 12 && form->verdict() == Verdict::DoesNotFit; ++i) {
            auto *apply = suggestions->findChild<QPushButton *>(QStringLiteral("applySuggestion0"));
            QVERIFY(apply);
            QTest::mouseClick(apply, Qt::LeftButton);
            settle();
            QCOMPARE(verdict->mapTo(scroll->viewport(), QPoint()).y(), onScreen);
        }
        QVERIFY(form->verdict() != Verdict::DoesNotFit);
    }

    // #17 walk: gate 3 planned 4 cards per run and gate 4 started from 1. It starts from the
    // plan's count, and a count changed afterwards is a finding naming both.
    void gateFourStartsFromTheQuotaPlansCards()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.quota.cardsPerRun = 4;
            s.resources.choice.instance.clear();
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        auto *gpus = child<QSpinBox>(w, "gpus");
        auto *findings = child<QListWidget>(w, "findings");
        QVERIFY(gpus && findings);
        QCOMPARE(gpus->value(), 4);
        gpus->setValue(2);
        QStringList lines;
        for (int i = 0; i < findings->count(); ++i)
            lines << findings->item(i)->text();
        QVERIFY2(lines.join(u'\n').contains(
                     QStringLiteral("Gate 3's plan is for 4 cards per run, but this job uses 2")),
                 qPrintable(lines.join(u'\n')));
    }

    // #17 walk 18: gate 3 planned 4 cards, gate 4 chose a 1-card type and nothing on the page
    // said how many cards the run would get. The instance section says it (one instance, all of
    // its cards), "Cards in the job" shows the same count, and the finding names the plan, the
    // instance and a type that fits.
    void gateFourSaysHowManyCardsTheRunGets()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            for (GateId g : {GateId::Account, GateId::Workspace, GateId::Quota})
                s.gate(g).status = GateStatus::Passed;
            s.workspace.pool = {"a100-80g", "cn-north", "cn-north-1a"};
            s.quota.cardsPerRun = 4;
            s.resources.choice.setup.gpus = 4;
            s.resources.choice.instance = QStringLiteral("gpu.a100-80g.1");
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        settle();
        ResourcesForm *form = qobject_cast<ResourcesPage *>(w.currentPage())->resources();
        auto *line = child<QLabel>(w, "runCards");
        QVERIFY(line);
        QVERIFY(line->isVisible());
        QCOMPARE(line->text(),
                 QStringLiteral("The run gets 1 card: gate 4 creates and holds one instance of "
                                "1 × A100 80GB (gpu.a100-80g.1), with all of its cards."));
        QCOMPARE(form->runCards().cards(), 1);
        QCOMPARE(child<QSpinBox>(w, "gpus")->value(), 1);
        auto *findings = child<QListWidget>(w, "findings");
        QStringList lines;
        for (int i = 0; i < findings->count(); ++i)
            lines << findings->item(i)->text();
        const QString all = lines.join(u'\n');
        QVERIFY2(all.contains(QStringLiteral("Gate 3's plan is for 4 cards per run, but gate 4 "
                                             "creates and holds one instance of 1 × A100 80GB "
                                             "(gpu.a100-80g.1), with 1 card: the run gets 1.")) &&
                     all.contains(QStringLiteral("gpu.a100-80g.8")),
                 qPrintable(all));
        // A type whose cards fit the plan: the line follows, the finding goes.
        child<QComboBox>(w, "instance")->setCurrentIndex(
            child<QComboBox>(w, "instance")->findData(QStringLiteral("gpu.a100-80g.8")));
        store.update([](OnboardingState &s) { s.quota.cardsPerRun = 8; });
        settle();
        QVERIFY2(line->text().startsWith(QStringLiteral("The run gets 8 cards:")),
                 qPrintable(line->text()));
        for (const Finding &f : form->findings())
            QVERIFY2(f.code != QLatin1String("cards.differ_from_plan"),
                     qPrintable(f.message.toString()));
    }

    // #17 walk 18: with no instance type chosen, gate 4 proposed 10 A100 80GB cards, which no
    // instance holds, and gate 3 got 10.88 h, printed 10.9 in a formula that did not multiply
    // out. It proposes a count the card's instances come in, and hours to the tenth.
    void gateFourProposesCardsOneInstanceHolds()
    {
        OnboardingState demo = demoState();
        demo.resources.choice.instance.clear();
        demo.resources.throughput.measuredTokensPerSecond = 0;
        demo.resources.throughput.workloadTokens = 1e9;
        demo.resources.throughput.targetHours = 12;
        demo.resources.choice.setup.gpus = 1; // walk 19: the job's own count, short of the plan
        StateStore store(statePath());
        store.load();
        store.setState(demo);
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        settle();
        const QString card = store.state().workspace.pool.cardType;
        QList<int> sizes;
        for (const InstanceType &t : store.state().resources.catalog.instances())
            if (t.card == card)
                sizes << t.cards;
        QVERIFY2(!sizes.isEmpty(), qPrintable(card));
        auto *result = child<QLabel>(w, "throughputResult");
        QVERIFY(result);
        const int shown = result->text().section(u' ', 0, 0).toInt();
        QVERIFY2(sizes.contains(shown), qPrintable(result->text()));
        store.update([](OnboardingState &s) { s.gate(GateId::Quota).status = GateStatus::InProgress; });
        QTest::mouseClick(child<QPushButton>(w, "feedQuota"), Qt::LeftButton);
        QTRY_COMPARE(store.state().quota.cardsPerRun, shown);
        // Walk 19 (finding 11): the job's "Cards in the job" goes with it, so gate 4 does not
        // warn that gate 3 plans another count than the job the same button set up.
        QVERIFY(shown > 1);
        QTRY_COMPARE(child<QSpinBox>(w, "gpus")->value(), shown);
        QCOMPARE(store.state().resources.choice.setup.gpus, shown);
        ResourcesForm *form = qobject_cast<ResourcesPage *>(w.currentPage())->resources();
        for (const Finding &f : form->findings())
            QVERIFY2(f.code != QLatin1String("cards.differ_from_plan"),
                     qPrintable(f.message.toString()));
        const double hours = store.state().quota.hoursPerRound;
        QCOMPARE(std::round(hours * 10) / 10, hours);
        QVERIFY2(result->text().contains(QLocale().toString(hours, 'f', 1)) ||
                     result->text().contains(QString::number(hours, 'f', 1)),
                 qPrintable(result->text()));
    }

    // #17 walk 18: "Use these cards and hours" on a passed gate 3 replaced its plan silently and
    // sent the gate back. It asks first, saying the change and what happens to the gate, with
    // Cancel the default; Cancel keeps the plan. On a gate 3 not passed it asks nothing.
    void usingGateFoursNumbersOnAPassedGateThreeAsksFirst()
    {
        OnboardingState demo = demoState();
        demo.quota.cardsPerRun = 1;
        demo.quota.hoursPerRound = 1;
        grantGateThree(demo);
        StateStore store(statePath());
        store.load();
        store.setState(demo);
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::ResourcesId));
        settle();
        QTRY_COMPARE(store.state().gate(GateId::Quota).status, GateStatus::Passed);
        ResourcesForm *form = qobject_cast<ResourcesPage *>(w.currentPage())->resources();
        const auto replacement = form->quotaReplacement();
        QVERIFY(replacement.has_value());
        QVERIFY(replacement->reopens);
        auto *feed = child<QPushButton>(w, "feedQuota");
        QVERIFY(feed && feed->isEnabled());
        const QuotaGateData before = store.state().quota;

        feed->click();
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = w.findChild<QMessageBox *>(QStringLiteral("feedQuotaConfirm"))) &&
                    box->isVisible());
        QCOMPARE(box->text(), replacement->text);
        QVERIFY2(box->text().contains(QStringLiteral("a plan of 1 card × 1.0 h per round")) &&
                     box->text().contains(QStringLiteral("replaces it with %1 cards × ")
                                              .arg(replacement->cardsAfter)) &&
                     box->text().contains(QStringLiteral("Gate 3 then goes back to “In "
                                                         "progress”")),
                 qPrintable(box->text()));
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
        box->button(QMessageBox::Cancel)->click();
        QTRY_VERIFY(!w.findChild<QMessageBox *>(QStringLiteral("feedQuotaConfirm")));
        QCOMPARE(store.state().quota.cardsPerRun, before.cardsPerRun);
        QCOMPARE(store.state().quota.hoursPerRound, before.hoursPerRound);
        QCOMPARE(store.state().gate(GateId::Quota).status, GateStatus::Passed);

        // Confirmed: the plan is replaced, and the gate goes back as the dialog said.
        feed->click();
        QTRY_VERIFY((box = w.findChild<QMessageBox *>(QStringLiteral("feedQuotaConfirm"))));
        box->findChild<QPushButton *>(QStringLiteral("feedQuotaReplace"))->click();
        QTRY_COMPARE(store.state().quota.cardsPerRun, replacement->cardsAfter);
        QTRY_COMPARE(store.state().gate(GateId::Quota).status, GateStatus::InProgress);

        // Not passed: no question, the numbers go straight in.
        QTRY_VERIFY(!w.findChild<QMessageBox *>(QStringLiteral("feedQuotaConfirm")));
        store.update([](OnboardingState &s) { s.quota.cardsPerRun = 1; });
        QVERIFY(!form->quotaReplacement().has_value());
        feed->click();
        QCoreApplication::processEvents();
        QVERIFY(!w.findChild<QMessageBox *>(QStringLiteral("feedQuotaConfirm")));
        QCOMPARE(store.state().quota.cardsPerRun, replacement->cardsAfter);
    }

    // Walk 19 (findings 9, 18): after gate 4's numbers replaced gate 3's, the justification box
    // kept the text sent with the first application (288 card-hours, in Chinese on the English
    // page) and "Regenerate from the numbers" did nothing. An unedited justification follows the
    // derivation in the language shown, Regenerate is off and says why; the user's own text
    // stays, is flagged once the numbers move, and Regenerate brings the numbers' text back.
    void gateThreesJustificationFollowsTheNumbersUntilEdited()
    {
        OnboardingState demo = demoState();
        demo.quota.justification.clear();
        grantGateThree(demo);
        demo.provider.quotaSentJustification =
            QStringLiteral("我们申请……共 288 卡时……我们先申请 15 卡时");
        StateStore store(statePath());
        store.load();
        store.setState(demo);
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::QuotaId));
        settle();
        auto *text = child<QPlainTextEdit>(w, "justification");
        auto *regenerate = child<QPushButton>(w, "regenerateJustification");
        auto *note = child<QLabel>(w, "justificationNote");
        auto *findings = child<QListWidget>(w, "findings");
        QVERIFY(text && regenerate && note && findings);
        const auto findingsText = [&] {
            QStringList out;
            for (int i = 0; i < findings->count(); ++i)
                out << findings->item(i)->text();
            return out.join(u'\n');
        };
        const auto total = [&] {
            return QLocale().toString(
                qint64(planQuota(store.state().quota, quotaContext(store.state())).cardHours));
        };
        // Generated, as gate 4's button changes the numbers: the text follows.
        QCOMPARE(text->toPlainText(), quotaGeneratedJustification(store.state()));
        QVERIFY(!regenerate->isEnabled());
        QVERIFY2(note->text().contains(QStringLiteral("follows them as they change")),
                 qPrintable(note->text()));
        QCOMPARE(regenerate->toolTip(), note->text());
        store.update([](OnboardingState &s) { s.quota.cardsPerRun *= 2; });
        settle();
        QVERIFY2(text->toPlainText().contains(total()), qPrintable(text->toPlainText()));
        QVERIFY(!text->toPlainText().contains(QStringLiteral("288")));
        // In the language shown.
        m_language.apply(QStringLiteral("zh_CN"));
        settle();
        QVERIFY2(text->toPlainText().contains(QStringLiteral("卡时")), qPrintable(text->toPlainText()));
        m_language.apply(QStringLiteral("en"));
        settle();
        QVERIFY2(text->toPlainText().startsWith(QStringLiteral("We apply for")),
                 qPrintable(text->toPlainText()));
        QVERIFY(store.state().quota.justification.isEmpty());

        // The user's own text: kept, and flagged once the numbers no longer match it.
        text->setFocus();
        text->moveCursor(QTextCursor::End);
        QTest::keyClicks(text, QStringLiteral(" Reviewed by the team lead."));
        settle();
        QVERIFY(!store.state().quota.justification.isEmpty());
        QVERIFY(regenerate->isEnabled());
        QVERIFY2(note->text().contains(QStringLiteral("Your own text")), qPrintable(note->text()));
        QVERIFY2(!findingsText().contains(QStringLiteral("no longer matches the derivation")),
                 qPrintable(findingsText()));
        const QString own = store.state().quota.justification;
        regenerate->setFocus(); // out of the text box, as a click does
        store.update([](OnboardingState &s) { s.quota.rounds += 5; });
        settle();
        QCOMPARE(text->toPlainText(), own);
        QVERIFY2(findingsText().contains(QStringLiteral("no longer matches the derivation")) &&
                     findingsText().contains(total()),
                 qPrintable(findingsText()));

        // Regenerate: the numbers' text again, at once, and the finding gone.
        QTest::mouseClick(regenerate, Qt::LeftButton);
        settle();
        QVERIFY(store.state().quota.justification.isEmpty());
        QCOMPARE(text->toPlainText(), quotaGeneratedJustification(store.state()));
        QVERIFY(!regenerate->isEnabled());
        QVERIFY(!findingsText().contains(QStringLiteral("no longer matches the derivation")));
    }

    // #17 walk: gate 3's chart labelled its months "27-01". A month reads as a month in the
    // reader's language, the year on the first and wherever it changes.
    void quotaChartNamesItsMonths()
    {
        const QList<QDate> months{QDate(2026, 11, 1), QDate(2026, 12, 1), QDate(2027, 1, 1),
                                  QDate(2027, 2, 1)};
        QCOMPARE(QuotaPage::monthLabels(months),
                 (QStringList{"Nov 2026", "Dec", "Jan 2027", "Feb"}));
        m_language.apply(QStringLiteral("zh_CN"));
        const QStringList zh = QuotaPage::monthLabels(months);
        m_language.apply(QStringLiteral("en"));
        QCOMPARE(zh, (QStringList{"2026年11月", "12月", "2027年1月", "2月"}));
        // Past twelve months a name comes again: it carries its year, so no two are the same
        // (the chart's category axis drops a repeated one).
        QList<QDate> twoYears;
        for (int i = 0; i < 15; ++i)
            twoYears << QDate(2027, 1, 1).addMonths(i);
        const QStringList labels = QuotaPage::monthLabels(twoYears);
        QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
        QCOMPARE(labels.at(12), QStringLiteral("Jan 2028"));
        QCOMPARE(labels.at(13), QStringLiteral("Feb 2028"));
    }
    // #17 walk 16: Alt+A added a row but left the focus where it was (the card-type combo),
    // and what was typed next changed the card type or the row above. The new row's name is
    // open for typing, and Tab goes on to its account.
    void addMemberOpensTheNewRowsName()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        fillWorkspace(w);
        auto *table = child<QTableWidget>(w, "members");
        auto *card = child<QComboBox>(w, "cardType");
        QVERIFY(table && card);
        const QString cardType = store.state().workspace.pool.cardType;
        const Member first = store.state().workspace.members[0];
        card->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), card);
        QTest::keyClick(&w, Qt::Key_A, Qt::AltModifier);
        QTRY_COMPARE(store.state().workspace.members.size(), 4);
        QCOMPARE(table->currentRow(), 3);
        QCOMPARE(table->currentColumn(), 0);
        QTRY_VERIFY(table->isAncestorOf(QApplication::focusWidget()));
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("Bob Li"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QTRY_COMPARE(store.state().workspace.members[3].name, QStringLiteral("Bob Li"));
        QCOMPARE(table->currentRow(), 3);
        QCOMPARE(table->currentColumn(), 1);
        QTRY_VERIFY(table->isAncestorOf(QApplication::focusWidget()));
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("bob"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QTRY_COMPARE(store.state().workspace.members[3].account, QStringLiteral("bob"));
        QCOMPARE(store.state().workspace.members[0], first);
        QCOMPARE(store.state().workspace.pool.cardType, cardType);
        QCOMPARE(card->currentData().toString(), cardType);
    }

    // #17 walk 16: Tab in the members table went round and round (22 Tabs from a name came back
    // to the same row) and never reached Add member. It goes cell to cell, row to row, and out
    // after the last cell, the same while a cell is edited; Shift+Tab leaves from the first.
    void tabLeavesTheMembersTable()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) { s.gate(GateId::Account).status = GateStatus::Passed; });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        fillWorkspace(w);
        auto *table = child<QTableWidget>(w, "members");
        auto *add = child<QPushButton>(w, "addMember");
        QVERIFY(table && add && add->isEnabled());
        const int last = table->rowCount() - 1;
        const int lastColumn = table->columnCount() - 1;
        const auto inTable = [table] {
            QWidget *f = QApplication::focusWidget();
            return f == table || table->isAncestorOf(f);
        };
        // Row to row, not round.
        table->setFocus();
        table->setCurrentCell(1, lastColumn);
        QTRY_VERIFY(inTable());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(table->currentRow(), 2);
        QCOMPARE(table->currentColumn(), 0);
        // Out after the last cell, to the button below.
        table->setCurrentCell(last, lastColumn);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QTRY_COMPARE(QApplication::focusWidget(), add);
        QCOMPARE(table->currentRow(), last); // not round to the first row
        // Backwards out of the first cell.
        table->setFocus();
        table->setCurrentCell(0, 0);
        QTRY_VERIFY(inTable());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ShiftModifier);
        QTRY_VERIFY(!inTable());
        QCOMPARE(table->currentRow(), 0);
        // Editing the last cell: Tab keeps what was typed and leaves too.
        table->setFocus();
        table->setCurrentCell(last, lastColumn);
        table->editItem(table->item(last, lastColumn));
        QTRY_VERIFY(table->isAncestorOf(QApplication::focusWidget()));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("20"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QTRY_COMPARE(store.state().workspace.members[last].sharePercent, 20.0);
        QTRY_COMPARE(QApplication::focusWidget(), add);
    }

    // #17 walk 16: after a restart the Reviewer field was empty although the review was
    // recorded. It shows who reviewed last.
    void theReviewerIsShownAfterARestart()
    {
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            WorkspaceData &ws = s.workspace;
            ws.workspaceName = QStringLiteral("field-assistant");
            ws.members = {{"Li", "li", Role::Admin, {}, 0}};
            ws.lastReview = {ws.members, ws.matrix, QStringLiteral("Li Wei"),
                             QDateTime::currentDateTimeUtc()};
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *reviewer = child<QLineEdit>(w, "reviewer");
        QVERIFY(reviewer);
        QCOMPARE(reviewer->text(), QStringLiteral("Li Wei"));
        // What is typed stays while the state changes.
        reviewer->clear();
        QTest::keyClicks(reviewer, QStringLiteral("Zhang San"));
        store.update([](OnboardingState &s) { s.workspace.members[0].account = "li2"; });
        QCOMPARE(reviewer->text(), QStringLiteral("Zhang San"));
    }

    // #17 walk 16: the region changed from cn-east to cn-north and the zone still said
    // cn-east-1a. A zone not in the chosen region gives way to the region's first zone with
    // free cards of the chosen type.
    void aNewRegionReplacesAZoneNotInItAndTheCardTypeReadsWhole()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(statePath());
        store.load();
        store.update([](OnboardingState &s) {
            s.gate(GateId::Account).status = GateStatus::Passed;
            s.workspace.workspaceName = QStringLiteral("field-assistant");
            s.workspace.pool = {QStringLiteral("h100-80g"), QStringLiteral("cn-east"),
                                QStringLiteral("cn-east-1a")};
        });
        OnboardingWizard w(&store, &m_language);
        w.resize(1100, 760); // the walk's window
        w.show();
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *region = child<QComboBox>(w, "region");
        auto *zone = child<QComboBox>(w, "zone");
        auto *card = child<QComboBox>(w, "cardType");
        auto *stock = child<QLabel>(w, "poolStock");
        QVERIFY(region && zone && card && stock);
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        QTRY_VERIFY_WITH_TIMEOUT(region->count() > 1, 10000);
        QCOMPARE(zone->currentText(), QStringLiteral("cn-east-1a")); // the provider's list kept it
        region->setCurrentText(QStringLiteral("cn-north"));
        // cn-north-1a has no H100 free, cn-north-1b has 8.
        QCOMPARE(zone->currentText(), QStringLiteral("cn-north-1b"));
        QVERIFY2(stock->text().contains(QStringLiteral("cn-north-1b")), qPrintable(stock->text()));
        // A region with no zone holding the card type: empty, and the line says why.
        region->setCurrentIndex(region->findText(QStringLiteral("cn-east")));
        QCOMPARE(zone->currentText(), QString());
        QVERIFY2(stock->text().contains(QStringLiteral("cn-east")), qPrintable(stock->text()));
        QVERIFY2(stock->text().contains(card->currentText().section(QStringLiteral(" — "), 0, 0)),
                 qPrintable(stock->text()));

        // #17 walk 16: the card type read "AMD Instinct MI300X 192GB — no", cut short. The
        // closed box tells its whole text (its tooltip), and every entry fits the open list.
        zone->setCurrentText(QStringLiteral("cn-east-1a"));
        int longest = 1;
        for (int i = 1; i < card->count(); ++i)
            if (card->itemText(i).size() > card->itemText(longest).size())
                longest = i;
        QVERIFY2(card->itemText(longest).contains(QStringLiteral("no stock in cn-east-1a")),
                 qPrintable(card->itemText(longest)));
        card->setCurrentIndex(longest);
        QCOMPARE(card->toolTip().section(u'\n', 0, 0), card->itemText(longest));
        card->showPopup();
        QTRY_VERIFY(card->view()->isVisible());
        const QFontMetrics fm(card->view()->font());
        for (int i = 0; i < card->count(); ++i)
            QVERIFY2(card->view()->viewport()->width() >= fm.horizontalAdvance(card->itemText(i)),
                     qPrintable(QStringLiteral("%1: %2 px, the list %3 px")
                                    .arg(card->itemText(i))
                                    .arg(fm.horizontalAdvance(card->itemText(i)))
                                    .arg(card->view()->viewport()->width())));
        card->hidePopup();
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }
};

QTEST_MAIN(TestFormGatePages)
#include "tst_formgatepages.moc"
