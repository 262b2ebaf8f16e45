#pragma once

// What the wizard's GUI tests share: a fresh state file per test, the language, and helpers
// that find a page's widgets by objectName and fill a gate as a user would.
#include "Language.h"
#include "OnboardingWizard.h"
#include "StateStore.h"
#include "pages/GatePage.h"
#include "widgets/DateField.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace onramp;

struct WizardFixture
{
    QTemporaryDir m_dir;
    Language m_language;

    QString statePath() const { return m_dir.filePath(QStringLiteral("onboarding.json")); }

    // Each test starts on a fresh state, in English.
    void resetState()
    {
        QFile::remove(statePath());
        m_language.apply(QStringLiteral("en"));
    }
};

inline QWidget *page(OnboardingWizard &w) { return w.currentPage(); }

template <typename T> static T *child(OnboardingWizard &w, const char *name)
{
    T *found = page(w)->findChild<T *>(QLatin1String(name));
    if (!found)
        qWarning("no %s named %s on page %d", T::staticMetaObject.className(), name,
                 w.currentId());
    return found;
}

inline void clickNext(OnboardingWizard &w)
{
    QTest::mouseClick(w.button(QWizard::NextButton), Qt::LeftButton);
}

// Fills gate 4's plan so it has no blocking finding: an instance and image that fit
// together and a storage plan.
inline void planResources(OnboardingWizard &w)
{
    auto pick = [&](const char *name, const char *key) {
        auto *combo = child<QComboBox>(w, name);
        QVERIFY(combo);
        combo->setCurrentIndex(combo->findData(QLatin1String(key)));
    };
    pick("instance", "gpu.a100-80g.8");
    pick("image", "pytorch-2.3-cu121");
    QTest::keyClicks(child<QLineEdit>(w, "dataPath"), "/mnt/data");
    QTest::keyClicks(child<QLineEdit>(w, "outputPath"), "/mnt/output");
    QTest::keyClicks(child<QLineEdit>(w, "scratchPath"), "/local/scratch");
}

// The date field whose text box carries `name` (the label's buddy).
inline DateField *dateField(OnboardingWizard &w, const char *name)
{
    auto *e = child<QLineEdit>(w, name);
    return e ? qobject_cast<DateField *>(e->parentWidget()) : nullptr;
}

inline void type(OnboardingWizard &w, const char *name, const QString &text)
{
    auto *e = child<QLineEdit>(w, name);
    QVERIFY(e);
    e->clear();
    QTest::keyClicks(e, text);
}

// Gate 1 filled field by field, as a user would.
inline void fillQualification(OnboardingWizard &w)
{
    type(w, "provider", "Example Cloud");
    type(w, "accountId", "1876");
    child<QComboBox>(w, "verificationState")->setCurrentIndex(2);
    child<QCheckBox>(w, "serviceActivated")->setChecked(true);
    type(w, "licenceFile", ONRAMP_SOURCE_DIR "/docs/examples/attachments/licence.pdf");
    type(w, "authorizationFile",
         ONRAMP_SOURCE_DIR "/docs/examples/attachments/authorization.pdf");
    dateField(w, "authorizationSigned")->setDate(QDate::currentDate().addDays(-3));
    dateField(w, "authorizationValidUntil")->setDate(QDate::currentDate().addYears(1));
    type(w, "signatory", "Wang Fang");
    type(w, "applicantEntity", "Example Robotics");
    type(w, "usingEntity", "Example Robotics");
    type(w, "modelName", "Qwen2.5-7B");
    type(w, "dataSources", "our maintenance tickets");
    type(w, "beneficiaries", "our field engineers");
    QString statement;
    for (int i = 0; i < 30; ++i)
        statement += QStringLiteral("We fine-tune Qwen on our own tickets for engineers. ");
    child<QPlainTextEdit>(w, "statement")->setPlainText(statement);
    type(w, "retentionPeriod", "24 months");
    type(w, "destructionMethod", "bucket deleted, deletion logged");
}

// Gate 2: create → attach → add, then make the first member admin and the last an observer
// (the gate's acceptance checks need a developer and an observer to try them).
inline void fillWorkspace(OnboardingWizard &w)
{
    type(w, "workspace", "field-assistant");
    QTest::mouseClick(child<QPushButton>(w, "createWorkspace"), Qt::LeftButton);
    child<QComboBox>(w, "region")->setCurrentText("cn-north");
    child<QComboBox>(w, "zone")->setCurrentText("cn-north-1a");
    auto *card = child<QComboBox>(w, "cardType");
    card->setCurrentIndex(card->findData(QStringLiteral("a100-80g")));
    QTest::mouseClick(child<QPushButton>(w, "attachQuota"), Qt::LeftButton);
    for (int i = 0; i < 3; ++i)
        QTest::mouseClick(child<QPushButton>(w, "addMember"), Qt::LeftButton);
    auto *role = child<QComboBox>(w, "role0");
    QVERIFY(role);
    role->setCurrentIndex(int(Role::Admin));
    auto *observer = child<QComboBox>(w, "role2");
    QVERIFY(observer);
    observer->setCurrentIndex(int(Role::Observer));
}

// Gate 2's acceptance checks run in the workspace at the provider: what the panel's "Create,
// attach quota, add members" records when the provider answers.
inline void providerHoldsWorkspace(OnboardingWizard &w)
{
    auto *gate = qobject_cast<GatePage *>(w.currentPage());
    QVERIFY(gate);
    gate->store()->update([](OnboardingState &s) {
        s.workspace.created = true;
        s.workspace.quotaAttached = true;
    });
}

// The team lead reviews gate 2's role matrix as it stands: gate 2 passes only after that.
inline void reviewRoles(OnboardingWizard &w, const QString &reviewer = QStringLiteral("Li Wei"))
{
    type(w, "reviewer", reviewer);
    QTest::mouseClick(child<QPushButton>(w, "markReviewed"), Qt::LeftButton);
}

inline void fillQuota(OnboardingWizard &w)
{
    child<QSpinBox>(w, "cardsPerRun")->setValue(8);
    child<QDoubleSpinBox>(w, "hoursPerRound")->setValue(12);
    child<QSpinBox>(w, "rounds")->setValue(4);
    child<QDoubleSpinBox>(w, "retryMargin")->setValue(20);
    dateField(w, "start")->setDate(QDate(2027, 1, 1));
    dateField(w, "end")->setDate(QDate(2027, 3, 31));
}

inline void fillGate(OnboardingWizard &w)
{
    switch (w.currentId()) {
    case OnboardingWizard::AccountId:
        fillQualification(w);
        break;
    case OnboardingWizard::WorkspaceId:
        fillWorkspace(w);
        break;
    case OnboardingWizard::QuotaId:
        fillQuota(w);
        break;
    case OnboardingWizard::ResourcesId:
        planResources(w);
        break;
    default:
        break;
    }
}

// Records "passed" on the current gate page the way a user would.
inline void passCurrentGate(OnboardingWizard &w, const QString &acceptor)
{
    fillGate(w);
    auto *choice = child<QComboBox>(w, "statusChoice");
    QVERIFY(choice);
    choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
    auto *record = child<QPushButton>(w, "recordStatus");
    QVERIFY(!record->isEnabled());
    QVERIFY(!child<QLabel>(w, "evidenceIssue")->text().isEmpty());
    QTest::keyClicks(child<QLineEdit>(w, "evidence"), QStringLiteral("checks seen"));
    QTest::keyClicks(child<QLineEdit>(w, "acceptedBy"), acceptor);
    if (w.currentId() == OnboardingWizard::WorkspaceId) {
        providerHoldsWorkspace(w);
        // Gate 2's acceptor is the team lead, whose review of the role matrix signs it off.
        QVERIFY(!record->isEnabled());
        reviewRoles(w, acceptor);
    }
    QVERIFY(record->isEnabled());
    QTest::mouseClick(record, Qt::LeftButton);
}
