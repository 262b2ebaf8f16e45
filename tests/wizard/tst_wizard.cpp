#include "DemoState.h"
#include "GateForm.h"
#include "GateLedger.h"
#include "HandoffDialog.h"
#include "Language.h"
#include "OnboardingWizard.h"
#include "ProviderDialog.h"
#include "ProviderHub.h"
#include "ProviderSession.h"
#include "QuotaGate.h"
#include "RunSpec.h"
#include "SecretStores.h"
#include "StateStore.h"
#include "WorkspaceGate.h"
#include "pages/FirstRunPage.h"
#include "pages/GatePage.h"
#include "pages/SummaryPage.h"
#include "widgets/Banner.h"
#include "widgets/DateField.h"
#include "widgets/GateSidebar.h"
#include "widgets/JobMonitor.h"
#include "widgets/LiveChart.h"
#include "widgets/LogView.h"
#include <QTreeWidget>

#include <QAbstractButton>
#include <QApplication>
#include <QCalendarWidget>
#include <QCheckBox>
#include <QComboBox>
#include <QDirIterator>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>

#include <algorithm>

using namespace onramp;

class TestWizard : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    Language m_language;

    QString statePath() const { return m_dir.filePath(QStringLiteral("onboarding.json")); }

    static QWidget *page(OnboardingWizard &w) { return w.currentPage(); }

    template <typename T> static T *child(OnboardingWizard &w, const char *name)
    {
        T *found = page(w)->findChild<T *>(QLatin1String(name));
        if (!found)
            qWarning("no %s named %s on page %d", T::staticMetaObject.className(), name,
                     w.currentId());
        return found;
    }

    static void clickNext(OnboardingWizard &w)
    {
        QTest::mouseClick(w.button(QWizard::NextButton), Qt::LeftButton);
    }

    // Fills gate 4's plan so it has no blocking finding: an instance and image that fit
    // together and a storage plan.
    static void planResources(OnboardingWizard &w)
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
    static DateField *dateField(OnboardingWizard &w, const char *name)
    {
        auto *e = child<QLineEdit>(w, name);
        return e ? qobject_cast<DateField *>(e->parentWidget()) : nullptr;
    }

    static void type(OnboardingWizard &w, const char *name, const QString &text)
    {
        auto *e = child<QLineEdit>(w, name);
        QVERIFY(e);
        e->clear();
        QTest::keyClicks(e, text);
    }

    // Gate 1 filled field by field, as a user would.
    static void fillQualification(OnboardingWizard &w)
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

    // Gate 2: create → attach → add, then make the first member admin.
    static void fillWorkspace(OnboardingWizard &w)
    {
        type(w, "workspace", "field-assistant");
        QTest::mouseClick(child<QPushButton>(w, "createWorkspace"), Qt::LeftButton);
        child<QDoubleSpinBox>(w, "quota")->setValue(1000);
        QTest::mouseClick(child<QPushButton>(w, "attachQuota"), Qt::LeftButton);
        for (int i = 0; i < 3; ++i)
            QTest::mouseClick(child<QPushButton>(w, "addMember"), Qt::LeftButton);
        auto *role = child<QComboBox>(w, "role0");
        QVERIFY(role);
        role->setCurrentIndex(int(Role::Admin));
    }

    static void fillQuota(OnboardingWizard &w)
    {
        child<QSpinBox>(w, "cardsPerRun")->setValue(8);
        child<QDoubleSpinBox>(w, "hoursPerRound")->setValue(12);
        child<QSpinBox>(w, "rounds")->setValue(4);
        child<QDoubleSpinBox>(w, "retryMargin")->setValue(20);
        dateField(w, "start")->setDate(QDate(2027, 1, 1));
        dateField(w, "end")->setDate(QDate(2027, 3, 31));
        auto *card = child<QComboBox>(w, "cardType");
        card->setCurrentIndex(card->findData(QStringLiteral("a100-80g")));
        type(w, "zone", "cn-north-1a");
    }

    static void fillGate(OnboardingWizard &w)
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
    static void passCurrentGate(OnboardingWizard &w, const QString &acceptor)
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
        QVERIFY(record->isEnabled());
        QTest::mouseClick(record, Qt::LeftButton);
    }

private slots:
    void init()
    {
        QFile::remove(statePath());
        m_language.apply(QStringLiteral("en"));
    }

    void startsOnWelcome()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.restoreProgress();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.currentId(), int(OnboardingWizard::WelcomeId));
        auto *overview = w.findChild<QTableWidget *>("gateOverview");
        QVERIFY(overview);
        QCOMPARE(w.findChild<QListWidget *>("gateList")->count(), 8);
        // The gate and status columns show their whole text ("Not started", not "Not star…").
        const QFontMetrics fm(overview->font());
        for (int row = 0; row < overview->rowCount(); ++row)
            for (int col : {0, 1})
                QVERIFY2(fm.horizontalAdvance(overview->item(row, col)->text()) <
                             overview->columnWidth(col),
                         qPrintable(overview->item(row, col)->text()));
        // The first start fits a 1366×768 screen and leaves room for the pages.
        const QSize size = OnboardingWizard::defaultSize(QSize(1366, 768 - 40));
        QVERIFY(size.width() <= 1366 - 16 && size.height() <= 768 - 40 - 48);
        QVERIFY(size.width() >= 1200 && size.height() >= 660);
    }

    // The window opens again with the size and position it was closed with.
    void remembersItsWindowGeometry()
    {
        StateStore store(statePath());
        store.load();
        QSize size;
        {
            OnboardingWizard w(&store, &m_language);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.resize(w.width() - 37, w.height() - 23);
            size = w.size();
            w.close();
        }
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("window.ini"))));
        OnboardingWizard again(&store, &m_language);
        QCOMPARE(again.size(), size);
        QFile::remove(m_dir.filePath(QStringLiteral("window.ini")));
    }

    void refusesAnUnmetEntryCondition()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        clickNext(w);
        QCOMPARE(w.currentId(), int(OnboardingWizard::AccountId));
        QCOMPARE(store.state().gate(GateId::Account).status, GateStatus::InProgress);
        // Gate 2 needs gate 1 passed: Next is off and the reason is on the page.
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        auto *refusal = child<QWidget>(w, "entryRefusal");
        QVERIFY(refusal->isVisible());
        const QString reason = refusal->findChild<QLabel *>("bannerText")->text();
        QVERIFY2(reason.contains("gate 1"), qPrintable(reason));
        w.next(); // also refused when forced past the button
        QCOMPARE(w.currentId(), int(OnboardingWizard::AccountId));
        // Neither may the sidebar jump ahead.
        QVERIFY(!w.goToPage(OnboardingWizard::QuotaId));
        QCOMPARE(w.currentId(), int(OnboardingWizard::AccountId));
    }

    void walksAllPages()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        clickNext(w);
        for (int id = OnboardingWizard::AccountId; id <= OnboardingWizard::FirstRunId; ++id) {
            QCOMPARE(w.currentId(), id);
            QVERIFY(!child<QLabel>(w, "entryCondition")->text().isEmpty());
            QVERIFY(!child<QLabel>(w, "gateAcceptor")->text().isEmpty());
            if (id < OnboardingWizard::FirstRunId)
                QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
            if (id == OnboardingWizard::FirstRunId) {
                // Gate 6 is never the operator's to pass: a colleague's replay accepts it.
                fillGate(w);
                auto *choice = child<QComboBox>(w, "statusChoice");
                choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
                QTest::keyClicks(child<QLineEdit>(w, "evidence"), QStringLiteral("checks seen"));
                QTest::keyClicks(child<QLineEdit>(w, "acceptedBy"), QStringLiteral("me"));
                QVERIFY(!child<QPushButton>(w, "recordStatus")->isEnabled());
                QVERIFY(store.state().gate(GateId::FirstRun).status != GateStatus::Passed);
                QVERIFY(!firstRunAcceptanceMissing(store.state()).isEmpty());
                break;
            }
            if (id == OnboardingWizard::EnvironmentId) {
                // Gate 5 passes on its four readiness checks, never on say-so: the recorder
                // stays off, saying why, until they are green.
                auto *choice = child<QComboBox>(w, "statusChoice");
                choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
                QTest::keyClicks(child<QLineEdit>(w, "evidence"), QStringLiteral("say-so"));
                QTest::keyClicks(child<QLineEdit>(w, "acceptedBy"), QStringLiteral("me"));
                QVERIFY(!child<QPushButton>(w, "recordStatus")->isEnabled());
                QVERIFY(!acceptanceMissing(store.state(), GateId::Environment).isEmpty());
                store.update([](OnboardingState &s) {
                    s.gate(GateId::Environment).evidence.clear();
                    s.gate(GateId::Environment).acceptedBy.clear();
                    for (const QString &name : EnvironmentGateData::checkNames())
                        s.environment.checks[name] = CheckResult{QStringLiteral("passed"),
                                                                 name + QStringLiteral(" ok")};
                });
            }
            passCurrentGate(w, QStringLiteral("acceptor %1").arg(id));
            QVERIFY2(store.state().gate(GateId(id)).status == GateStatus::Passed,
                     qPrintable(GateForm::describe(store.state().gate(GateId(id)))));
            QVERIFY(child<QLabel>(w, "statusLabel")
                        ->text()
                        .contains(QStringLiteral("acceptor %1").arg(id)));
            QVERIFY(w.button(QWizard::NextButton)->isEnabled());
            clickNext(w);
        }
        // Gate 6 waits for a colleague's replay (gatesFiveAndSixRunFromTheirPages runs one); the
        // operator cannot go on to the summary alone.
        QCOMPARE(w.currentId(), int(OnboardingWizard::FirstRunId));
        QTest::mouseClick(w.button(QWizard::BackButton), Qt::LeftButton);
        QCOMPARE(w.currentId(), int(OnboardingWizard::EnvironmentId));
        // The sidebar jumps back to any visited gate.
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        QCOMPARE(w.currentId(), int(OnboardingWizard::WorkspaceId));
    }

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
        });
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.goToPage(gate));
        QCOMPARE(w.currentId(), gate);
        auto *findings = child<QListWidget>(w, "findings");
        QVERIFY(findings);
        QVERIFY(findings->count() > 0);
        QVERIFY(findings->item(0)->text().startsWith(QStringLiteral("✖")));
        auto *choice = child<QComboBox>(w, "statusChoice");
        choice->setCurrentIndex(choice->findData(int(GateStatus::Passed)));
        type(w, "evidence", "seen");
        type(w, "acceptedBy", "acceptor");
        QVERIFY(!child<QPushButton>(w, "recordStatus")->isEnabled());
        QVERIFY(child<QWidget>(w, "recordBanner")->isVisible());
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
        fillGate(w);
        for (int i = 0; i < findings->count(); ++i)
            QVERIFY2(!findings->item(i)->text().startsWith(QStringLiteral("✖")),
                     qPrintable(findings->item(i)->text()));
        QVERIFY(child<QPushButton>(w, "recordStatus")->isEnabled());
        QTest::mouseClick(child<QPushButton>(w, "recordStatus"), Qt::LeftButton);
        QVERIFY(w.button(QWizard::NextButton)->isEnabled());
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
        QCOMPARE(staged->item(1, 0)->text(), QStringLiteral("2027 Q2"));
        QVERIFY(child<QLabel>(w, "formula")->text().contains("card-hours"));
    }

    void reopensWhereItWasLeft()
    {
        {
            StateStore store(statePath());
            store.load();
            OnboardingWizard w(&store, &m_language);
            w.show();
            clickNext(w);
            passCurrentGate(w, QStringLiteral("reviewer"));
            clickNext(w);
            passCurrentGate(w, QStringLiteral("lead"));
            clickNext(w);
            QCOMPARE(w.currentId(), int(OnboardingWizard::QuotaId));
            QTest::keyClicks(child<QPlainTextEdit>(w, "notes"), QStringLiteral("finance slow"));
            auto *choice = child<QComboBox>(w, "statusChoice");
            choice->setCurrentIndex(choice->findData(int(GateStatus::Waiting)));
            QTest::keyClicks(child<QLineEdit>(w, "waitingFor"), QStringLiteral("quota review"));
            QTest::mouseClick(child<QPushButton>(w, "recordStatus"), Qt::LeftButton);
            // Typed but not recorded: still kept.
            choice->setCurrentIndex(choice->findData(int(GateStatus::Rejected)));
            QTest::keyClicks(child<QLineEdit>(w, "rejectionReason"), QStringLiteral("half-typed"));
        } // the app closes
        StateStore store(statePath());
        QVERIFY(!store.load().notice);
        OnboardingWizard w(&store, &m_language);
        w.restoreProgress();
        w.show();
        QCOMPARE(w.currentId(), int(OnboardingWizard::QuotaId));
        QCOMPARE(child<QPlainTextEdit>(w, "notes")->toPlainText(), QStringLiteral("finance slow"));
        QCOMPARE(child<QLineEdit>(w, "rejectionReason")->text(), QStringLiteral("half-typed"));
        const GateRecord &q = store.state().gate(GateId::Quota);
        QCOMPARE(q.status, GateStatus::Waiting);
        QCOMPARE(q.waitingFor, QStringLiteral("quota review"));
        QVERIFY(child<QLabel>(w, "statusLabel")->text().contains("quota review"));
        // Back still works after a restart.
        QVERIFY(w.button(QWizard::BackButton)->isEnabled());
        QTest::mouseClick(w.button(QWizard::BackButton), Qt::LeftButton);
        QCOMPARE(w.currentId(), int(OnboardingWizard::WorkspaceId));
    }

    void switchesLanguageWithoutRestart()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        QVERIFY(w.windowTitle().startsWith("Onramp"));
        QVERIFY(w.buttonText(QWizard::NextButton).contains("Next"));
        auto *combo = w.findChild<QComboBox *>("languageCombo");
        QVERIFY(combo);
        combo->setCurrentIndex(combo->findData(QStringLiteral("zh_CN")));
        emit combo->activated(combo->currentIndex());
        QCOMPARE(m_language.current(), QStringLiteral("zh_CN"));
        // Qt posts LanguageChange to every window; it lands on the next event-loop turn.
        QTRY_VERIFY2(w.windowTitle().contains(QStringLiteral("开通")), qPrintable(w.windowTitle()));
        QVERIFY2(w.button(QWizard::NextButton)->text().contains(QStringLiteral("下一步")),
                 qPrintable(w.button(QWizard::NextButton)->text()));
        QCOMPARE(store.state().language, QStringLiteral("zh_CN"));
        clickNext(w);
        // (Its accessible name: the button's text took a new Alt letter in issue 17, and its
        // translation arrives with the catalogue update.)
        QVERIFY2(child<QPushButton>(w, "recordStatus")
                     ->accessibleName()
                     .contains(QStringLiteral("记录")),
                 qPrintable(child<QPushButton>(w, "recordStatus")->accessibleName()));
        combo->setCurrentIndex(combo->findData(QStringLiteral("en")));
        emit combo->activated(combo->currentIndex());
        QTRY_VERIFY(w.button(QWizard::NextButton)->text().contains("Next"));
        QVERIFY(child<QPushButton>(w, "recordStatus")->text().remove(u'&').contains("Record"));
    }

    // Every page in Chinese, with the demo onboarding's values, at the size it opens with: no
    // label or button is narrower than its text needs (a single-line one cut off at the side),
    // none is cut off at the side by what holds it (a scroll area's viewport, the window), and
    // no wrapped label is shorter than its text needs at its width (cut off at the bottom).
    void noChineseTextIsClipped()
    {
        m_language.apply(QStringLiteral("zh_CN"));
        QFile demo(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"));
        QVERIFY(demo.open(QIODevice::ReadOnly));
        const OnboardingState state =
            *OnboardingState::fromJson(QJsonDocument::fromJson(demo.readAll()).object());
        QStringList clipped;
        int checked = 0;
        for (int id = OnboardingWizard::WelcomeId; id <= OnboardingWizard::SummaryId; ++id) {
            StateStore store(QString{});
            store.setState(state);
            OnboardingWizard w(&store, &m_language);
            w.setStartId(id);
            // The size the window opens at on a 1366×768 screen (the offscreen platform's own
            // screen is 800×600, smaller than any desktop's).
            w.resize(OnboardingWizard::defaultSize(QSize(1366, 728)));
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QCOMPARE(w.currentId(), id);
            QTRY_VERIFY(w.windowTitle().contains(QStringLiteral("开通")));
            QCoreApplication::processEvents();
            const auto where = [&](QWidget *x, const QString &text, QSize need) {
                return QStringLiteral("page %1 %2 \"%3\": %4×%5, needs %6×%7")
                    .arg(id)
                    .arg(x->objectName().isEmpty()
                             ? QString::fromLatin1(x->metaObject()->className())
                             : x->objectName())
                    .arg(text.left(40))
                    .arg(x->width())
                    .arg(x->height())
                    .arg(need.width())
                    .arg(need.height());
            };
            // The part of x's width its ancestors show (a scroll area's viewport, the window).
            const auto shownWidth = [&w](QWidget *x) {
                int left = 0, right = x->width();
                for (QWidget *p = x->parentWidget(); p; p = p->parentWidget()) {
                    const QPoint at = x->mapTo(p, QPoint(0, 0));
                    left = std::max(left, -at.x());
                    right = std::min(right, p->width() - at.x());
                    if (p == &w)
                        break;
                }
                return right - left;
            };
            for (QLabel *l : w.findChildren<QLabel *>()) {
                if (!l->isVisibleTo(&w) || l->text().isEmpty() || !l->pixmap().isNull())
                    continue;
                ++checked;
                if (shownWidth(l) + 1 < l->width()) {
                    clipped << where(l, l->text(), {shownWidth(l), l->height()}) +
                                   QStringLiteral(" (cut off by what holds it)");
                } else if (l->wordWrap()) {
                    const int need = l->heightForWidth(l->width());
                    if (need > l->height() + 1)
                        clipped << where(l, l->text(), {l->width(), need});
                } else if (l->sizeHint().width() > l->width() + 1) {
                    clipped << where(l, l->text(), l->sizeHint());
                }
            }
            for (QAbstractButton *b : w.findChildren<QAbstractButton *>()) {
                if (!b->isVisibleTo(&w) || b->text().isEmpty())
                    continue;
                ++checked;
                if (b->sizeHint().width() > b->width() + 1 || shownWidth(b) + 1 < b->width())
                    clipped << where(b, b->text(), b->sizeHint());
            }
        }
        QVERIFY(checked > 100);
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(u'\n')));
    }

    void everyInputIsNamedForTestsAndScreenReaders()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        for (int id = OnboardingWizard::AccountId; id <= OnboardingWizard::FirstRunId; ++id)
            qobject_cast<GatePage *>(w.page(id))->contentLayout(); // build every gate page
        const QList<QWidget *> inputs = w.findChildren<QWidget *>();
        int checked = 0;
        for (QWidget *input : inputs) {
            // Qt's own wizard buttons are named and labelled by Qt.
            if (input->objectName().startsWith(QLatin1String("__qt__")) ||
                input->objectName().startsWith(QLatin1String("qt_")))
                continue;
            const bool isInput =
                qobject_cast<QLineEdit *>(input) || qobject_cast<QComboBox *>(input) ||
                qobject_cast<QPlainTextEdit *>(input) || qobject_cast<QPushButton *>(input);
            if (!isInput)
                continue;
            ++checked;
            QVERIFY2(!input->objectName().isEmpty(), input->metaObject()->className());
            QVERIFY2(!input->accessibleName().isEmpty(), qPrintable(input->objectName()));
        }
        QVERIFY(checked > 20);
    }

    // Value fields take focus by click or Tab only; an unfocused one passes the wheel on to the
    // page; spin boxes report typed values when editing ends. (tst_realinput does the same
    // with real X input.)
    void unfocusedFieldsIgnoreTheWheel()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        clickNext(w);
        auto *kind = child<QComboBox>(w, "purposeKind");
        auto *lead = child<QSpinBox>(w, "reviewLeadDays");
        QVERIFY(kind && lead);
        QCOMPARE(kind->focusPolicy(), Qt::StrongFocus);
        QCOMPARE(lead->focusPolicy(), Qt::StrongFocus);
        QVERIFY(!lead->keyboardTracking());
        const int index = kind->currentIndex();
        const int days = lead->value();
        for (QWidget *target : {static_cast<QWidget *>(kind), static_cast<QWidget *>(lead)}) {
            QWheelEvent wheel(QPointF(5, 5), target->mapToGlobal(QPointF(5, 5)), QPoint(),
                              QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                              false);
            QApplication::sendEvent(target, &wheel);
        }
        QCOMPARE(kind->currentIndex(), index);
        QCOMPARE(lead->value(), days);
        // An unset date's calendar opens at today, not January 2000.
        DateField *until = dateField(w, "authorizationValidUntil");
        QVERIFY(until && !until->date().isValid());
        until->openCalendar();
        QVERIFY(until->calendar());
        QCOMPARE(until->calendar()->yearShown(), QDate::currentDate().year());
        QCOMPARE(until->calendar()->monthShown(), QDate::currentDate().month());
        until->calendar()->hide();
    }

    // The letter after & in a widget's text: its Alt shortcut (none for "&&" or no &).
    static QChar mnemonicOf(const QString &text)
    {
        for (int i = 0; i + 1 < text.size(); ++i) {
            if (text[i] != u'&')
                continue;
            if (text[i + 1] == u'&') {
                ++i;
                continue;
            }
            return text[i + 1].toLower();
        }
        return {};
    }

    // Every Alt shortcut under `root`: buttons, labels with a buddy, group boxes; visible or
    // not, since what shows depends on the gate's state.
    static void collectShortcuts(QWidget *root, QMultiHash<QChar, QString> &into)
    {
        QList<QWidget *> widgets = root->findChildren<QWidget *>();
        widgets.prepend(root);
        for (QWidget *x : widgets) {
            QString text;
            if (auto *b = qobject_cast<QAbstractButton *>(x))
                text = b->text();
            else if (auto *l = qobject_cast<QLabel *>(x); l && l->buddy())
                text = l->text();
            else if (auto *g = qobject_cast<QGroupBox *>(x))
                text = g->title();
            if (const QChar c = mnemonicOf(text); !c.isNull())
                into.insert(c, text + QStringLiteral(" (") + x->objectName() + u')');
        }
    }

    // Alt+N is Next and Alt+B is Back on every page: no field of a page may take a letter the
    // wizard's buttons, its sidebar or another field of the same page already has.
    void noPageHasTwoWidgetsWithTheSameShortcut()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.show();
        QMultiHash<QChar, QString> chrome;
        for (QWizard::WizardButton b :
             {QWizard::BackButton, QWizard::NextButton, QWizard::FinishButton,
              QWizard::CancelButton, QWizard::CustomButton1})
            collectShortcuts(w.button(b), chrome);
        collectShortcuts(w.findChild<GateSidebar *>(), chrome);
        QVERIFY(chrome.contains(u'b') && chrome.contains(u'n'));
        QStringList clashes;
        for (int id = OnboardingWizard::WelcomeId; id <= OnboardingWizard::SummaryId; ++id) {
            if (auto *gate = qobject_cast<GatePage *>(w.page(id)))
                gate->contentLayout(); // build it
            QMultiHash<QChar, QString> all = chrome;
            collectShortcuts(w.page(id), all);
            for (const QChar c : all.uniqueKeys()) {
                if (all.count(c) > 1)
                    clashes << QStringLiteral("page %1, Alt+%2: %3")
                                   .arg(id)
                                   .arg(c.toUpper())
                                   .arg(QStringList(all.values(c)).join(QStringLiteral(" / ")));
            }
        }
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(u'\n')));
    }

    // The wizard starts the real sandbox (in-process, from its module), and gate 1's panel submits the
    // dossier and shows the review's answer; the state records it for the next run.
    void theProviderPanelWorksAgainstTheSandbox()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        QFile demo(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"));
        QVERIFY(demo.open(QIODevice::ReadOnly));
        StateStore store(dir.filePath(QStringLiteral("onboarding.json")));
        OnboardingState state =
            *OnboardingState::fromJson(QJsonDocument::fromJson(demo.readAll()).object());
        findDemoAttachments(state);
        state.currentPage = OnboardingWizard::AccountId;
        store.setState(state);
        OnboardingWizard w(&store, &m_language);
        w.restoreProgress();
        w.show();
        QCOMPARE(w.currentId(), int(OnboardingWizard::AccountId));
        auto *submit = child<QPushButton>(w, "providerSubmitDossier");
        QVERIFY(submit);
        QVERIFY(!submit->isEnabled()); // not connected yet
        w.connectProvider();
        // The sandbox starts in the background: connectProvider returns connecting, and the
        // answer comes later through the event loop.
        QCOMPARE(int(w.providerHub()->status()), int(ProviderHub::Status::Connecting));
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        QVERIFY(child<QLabel>(w, "providerConnection")->text().contains("127.0.0.1"));
        QTRY_VERIFY(submit->isEnabled());
        QTest::mouseClick(submit, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(store.state().provider.qualification.state,
                                  QStringLiteral("approved"), 15000);
        QCOMPARE(store.state().gate(GateId::Account).status, GateStatus::Passed);
        QVERIFY(store.state()
                    .gate(GateId::Account)
                    .evidence.contains(store.state().provider.qualification.id));
        QVERIFY(store.state().provider.trainingActivated);
        QTRY_VERIFY(child<QLabel>(w, "providerStatus")->text().contains("Approved"));
        QVERIFY(store.state().provider.pendingKeys.isEmpty());
        qunsetenv("ONRAMP_STATE_DIR");
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // Gates 5 and 6 through their pages: the four checks run from the panel and show their
    // results and a live job; the first run shows its five points; the wrap-up releases.
    void gatesFiveAndSixRunFromTheirPages()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        QFile demo(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"));
        QVERIFY(demo.open(QIODevice::ReadOnly));
        StateStore store(dir.filePath(QStringLiteral("onboarding.json")));
        OnboardingState state =
            *OnboardingState::fromJson(QJsonDocument::fromJson(demo.readAll()).object());
        state.quota.start = QDate(2027, 1, 1);
        state.quota.end = QDate(2027, 3, 31);
        state.quota.peaks.clear();
        state.currentPage = OnboardingWizard::EnvironmentId;
        store.setState(state);
        OnboardingWizard w(&store, &m_language);
        w.restoreProgress();
        w.show();
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        ProviderSession *session = w.providerHub()->session();
        session->setPollIntervalMs(50);
        std::optional<bool> walked;
        session->walkGatesOneToFour([&](const auto &r) { walked = bool(r); });
        QTRY_VERIFY_WITH_TIMEOUT(walked.has_value(), 30000);
        QVERIFY(*walked);
        // The team lead accepts gate 4 (its check passed at the sandbox); gate 5 opens.
        QVERIFY2(store.state().provider.resourcesCheckPassed,
                 qPrintable(store.state().provider.resourcesCheck));
        store.update([](OnboardingState &s) {
            s.gate(GateId::Resources).status = GateStatus::Passed;
            s.gate(GateId::Resources).acceptedBy = QStringLiteral("Li Wei");
        });
        QVERIFY(w.goToPage(OnboardingWizard::EnvironmentId));

        auto *run = child<QPushButton>(w, "providerRunReadiness");
        QTRY_VERIFY(run->isEnabled());
        QTest::mouseClick(run, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(store.state().environment.ready(), 60000);
        QTRY_VERIFY(!session->busy());
        for (const QString &name : EnvironmentGateData::checkNames()) {
            auto *title = child<QLabel>(w, qPrintable("check_" + name));
            QVERIFY(title);
        }
        // The live job: charts fed from the log's step events, the log tailed.
        auto *monitor = w.currentPage()->findChild<JobMonitor *>();
        QVERIFY(monitor);
        QVERIFY(monitor->lossChart()->rawCount() > 0);
        QTRY_VERIFY(monitor->lossChart()->shownCount() > 0); // drawn on the next frame
        // The probe's events read as words in the log pane, not as JSON.
        QVERIFY2(monitor->log()->text().contains(", step "), qPrintable(monitor->log()->text()));
        QVERIFY(!monitor->log()->text().contains("\"event\":\"step\""));
        QVERIFY(child<QLabel>(w, "coach")->text().startsWith("Coach:"));

        QVERIFY(w.goToPage(OnboardingWizard::FirstRunId));
        auto *start = child<QPushButton>(w, "providerStartFirstRun");
        QTRY_VERIFY(start->isEnabled());
        QTest::mouseClick(start, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(store.state().firstRun.run.passed(), 60000);
        QTRY_VERIFY(!session->busy());
        auto *points = child<QTreeWidget>(w, "firstRunPoints");
        for (int i = 0; i < points->topLevelItemCount(); ++i)
            QCOMPARE(points->topLevelItem(i)->text(0), QStringLiteral("✔"));
        QVERIFY(child<QLabel>(w, "triageText")->text().contains("passed"));
        auto *wrap = child<QPushButton>(w, "providerWrapUp");
        QTRY_VERIFY(wrap->isEnabled());
        QTest::mouseClick(wrap, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(store.state().firstRun.released, 20000);
        QTRY_VERIFY(child<QListWidget>(w, "archivedArtifacts")->count() >= 3);
        // Wrapped up, gate 6 still waits: the operator cannot accept it.
        QVERIFY(store.state().gate(GateId::FirstRun).status != GateStatus::Passed);
        QVERIFY(child<QLabel>(w, "replayAcceptance")->text().contains("colleague"));
        // A colleague replays this onboarding's spec from the handoff dialog, on a fresh
        // sandbox; their replay accepts the gate, and the state names them.
        QTemporaryDir specDir;
        QFile spec(specDir.filePath("handoff.json"));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        spec.write(QJsonDocument(runSpecFromState(store.state()).toJson()).toJson());
        spec.close();
        auto *page = qobject_cast<FirstRunPage *>(w.currentPage());
        QVERIFY(page);
        page->openHandoffSpec(spec.fileName());
        auto *dialog = w.findChild<HandoffDialog *>();
        QVERIFY(dialog);
        dialog->setMember(QStringLiteral("mei.chen"));
        QSignalSpy replayed(dialog, &HandoffDialog::replayFinished);
        dialog->replay();
        QVERIFY(replayed.wait(240000));
        QVERIFY2(replayed.first().first().toInt() == 0, qPrintable(dialog->verdict()));
        QCOMPARE(store.state().gate(GateId::FirstRun).status, GateStatus::Passed);
        QVERIFY(store.state().gate(GateId::FirstRun).acceptedBy.startsWith("mei.chen"));
        QCOMPARE(store.state().firstRun.replay.value("member").toString(),
                 QStringLiteral("mei.chen"));
        QVERIFY(child<QLabel>(w, "replayAcceptance")->text().contains("mei.chen"));
        qunsetenv("ONRAMP_STATE_DIR");
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // "Open a handoff spec": the gaps are marked, a bad file is refused with its field, and
    // the replay (the Replay model, in-process) reports item by item.
    void aHandoffSpecOpensAndReplays()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        HandoffDialog d;
        // A spec that says too little: every gap named by its field.
        QFile example(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        QJsonObject thin = QJsonDocument::fromJson(example.readAll()).object();
        thin.remove("fingerprint");
        QJsonObject image = thin.value("image").toObject();
        image["digest"] = "";
        thin["image"] = image;
        QFile f(dir.filePath("thin.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(thin).toJson());
        f.close();
        QVERIFY2(d.open(f.fileName()), qPrintable(d.findChild<QLabel *>()->text()));
        QStringList missing;
        for (int i = 0; i < d.items()->topLevelItemCount(); ++i)
            if (d.items()->topLevelItem(i)->data(0, Qt::UserRole) == "MISSING")
                missing << d.items()->topLevelItem(i)->text(1);
        QVERIFY2(missing.contains("$.fingerprint"), qPrintable(missing.join(' ')));
        QVERIFY(missing.contains("$.image.digest"));
        // A malformed spec: refused, with the field.
        QFile bad(dir.filePath("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"({"schemaVersion": 1, "image": 7})");
        bad.close();
        QVERIFY(!d.open(bad.fileName()));
        QVERIFY(d.findChild<QLabel *>()->text().contains("image"));
        // The shipped example replays: PASS items arrive while the window stays live.
        QVERIFY(d.open(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json")));
        QSignalSpy finished(&d, &HandoffDialog::replayFinished);
        d.replay();
        QVERIFY(d.isReplaying());
        QVERIFY(finished.wait(90000));
        QCOMPARE(finished.first().first().toInt(), 0);
        int passes = 0;
        for (int i = 0; i < d.items()->topLevelItemCount(); ++i)
            passes += d.items()->topLevelItem(i)->data(0, Qt::UserRole) == "PASS";
        QVERIFY(passes >= 5);
        QVERIFY(d.verdict().startsWith("Reproduced"));
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // The Slurm profile: a missing field is named at the field; a complete one is saved (no
    // secret: tokens come from a folder or a command) and the hub says where it is connected.
    void aSlurmProfileIsCheckedAndSaved()
    {
        QTemporaryDir dir;
        StateStore store(dir.filePath("onboarding.json"));
        OnboardingWizard w(&store, &m_language);
        w.show();
        w.openProviderSettings();
        auto *dialog = w.findChild<ProviderDialog *>();
        QVERIFY(dialog);
        dialog->findChild<QRadioButton *>("providerSlurm")->setChecked(true);
        QVERIFY(dialog->findChild<QLineEdit *>("slurmCluster")->isVisibleTo(dialog));
        QVERIFY(!dialog->findChild<QLineEdit *>("providerKeyId")->isVisibleTo(dialog));
        const auto set = [&](const char *name, const QString &text) {
            dialog->findChild<QLineEdit *>(name)->setText(text);
        };
        set("slurmUrl", "http://127.0.0.1:6820");
        set("slurmUser", "bob");
        set("slurmOutput", "/shared/onramp");
        set("slurmTokenDir", "/etc/onramp/tokens");
        dialog->accept();
        QVERIFY(dialog->isVisible()); // refused: no cluster name
        QVERIFY(dialog->findChild<QLabel *>("providerError")->text().contains("ClusterName"));
        QCOMPARE(dialog->focusWidget(), dialog->findChild<QLineEdit *>("slurmCluster"));
        set("slurmCluster", "onramp");
        set("slurmAdmin", "wizard");
        dialog->accept();
        QCOMPARE(int(w.providerHub()->status()), int(ProviderHub::Status::Ready));
        const ProviderProfile saved = store.state().provider.profile;
        QCOMPARE(saved.kind, ProviderProfile::Kind::Slurm);
        QCOMPARE(saved.slurm.cluster, QStringLiteral("onramp"));
        QCOMPARE(saved.slurm.tokenDir, QStringLiteral("/etc/onramp/tokens"));
        QCOMPARE(saved.member, QStringLiteral("bob"));
        QVERIFY(w.providerHub()->description().contains("Slurm cluster onramp"));
        // It survives a restart.
        const auto again = ProviderProfile::fromJson(saved.toJson());
        QVERIFY(again);
        QCOMPARE(again->slurm, saved.slurm);
    }

    // A canary secret typed into the provider settings reaches no file the app writes: not
    // the state file, not QSettings, not the sandbox folder, not anything under HOME.
    void theSecretIsWrittenNowhere()
    {
        QTemporaryDir home;
        const QByteArray canary = "CANARY-7f3a9c1e-secret-do-not-write";
        for (const char *var : {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                                "XDG_STATE_HOME", "ONRAMP_STATE_DIR"})
            qputenv(var, (home.path() + u'/' + QLatin1String(var)).toUtf8());
        {
            StateStore store(StateStore::defaultFilePath());
            store.load();
            KeychainSecretStore secrets; // the real one: here it fails over to memory
            OnboardingWizard w(&store, &m_language, &secrets);
            w.show();
            w.openProviderSettings();
            auto *dialog = w.findChild<ProviderDialog *>();
            QVERIFY(dialog);
            dialog->findChild<QRadioButton *>("providerRemote")->setChecked(true);
            const auto set = [&](const char *name, const QString &text) {
                auto *e = dialog->findChild<QLineEdit *>(name);
                QVERIFY(e);
                e->setText(text);
            };
            set("providerUrl", "https://onramp.invalid");
            set("providerKeyId", "AKIDCANARYTEST");
            set("providerSecret", QString::fromLatin1(canary));
            set("providerRegion", "cn-north");
            dialog->accept();
            QCOMPARE(int(w.providerHub()->status()), int(ProviderHub::Status::Ready));
            // A request goes out (signed with the canary) and fails: its error shows nothing.
            w.goToPage(OnboardingWizard::AccountId);
            auto *submit = child<QPushButton>(w, "providerSubmitDossier");
            QTRY_VERIFY(submit->isEnabled());
            QTest::mouseClick(submit, Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!w.providerHub()->session()->busy(), 20000);
            // The failure is shown (cannot reach the provider), without the secret.
            bool shown = false;
            for (Banner *b : w.findChildren<Banner *>()) {
                shown = shown || b->message().contains("Cannot reach the provider");
                QVERIFY(!b->message().contains(QString::fromLatin1(canary)));
                QVERIFY(!b->toolTip().contains(QString::fromLatin1(canary)));
            }
            QVERIFY(shown);
            QVERIFY(store.saveNow());
            QCOMPARE(store.state().provider.profile.accessKeyId, QByteArray("AKIDCANARYTEST"));
        }
        int files = 0;
        QDirIterator it(home.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            ++files;
            QVERIFY2(!bytes.contains(canary), qPrintable(f.fileName()));
            QVERIFY2(!bytes.contains(canary.toBase64()), qPrintable(f.fileName()));
        }
        QVERIFY(files >= 1); // at least the state file was looked at
        for (const char *var : {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                                "XDG_STATE_HOME", "ONRAMP_STATE_DIR"})
            qunsetenv(var);
    }

    // The summary exports the run spec and the handoffs made from it, by extension.
    void theSummaryExportsTheRunSpec()
    {
        QFile demo(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"));
        QVERIFY(demo.open(QIODevice::ReadOnly));
        StateStore store(QString{});
        store.setState(
            *OnboardingState::fromJson(QJsonDocument::fromJson(demo.readAll()).object()));
        OnboardingWizard w(&store, &m_language);
        auto *summary = qobject_cast<SummaryPage *>(w.page(OnboardingWizard::SummaryId));
        QVERIFY(summary);
        QTemporaryDir dir;
        for (const char *name :
             {"spec.json", "handoff.md", "handoff.pdf", "job.sbatch", "job.yaml"})
            QVERIFY2(summary->exportTo(dir.filePath(name)), name);
        QFile spec(dir.filePath("spec.json"));
        QVERIFY(spec.open(QIODevice::ReadOnly));
        const auto parsed = parseRunSpec(spec.readAll());
        QVERIFY(parsed);
        QCOMPARE(parsed->fingerprintId(), runSpecFromState(store.state()).fingerprintId());
        QVERIFY(summary->findChild<QLabel *>("summaryFingerprint")->text().isEmpty()); // not shown
        summary->initializePage();
        QVERIFY(summary->findChild<QLabel *>("summaryFingerprint")->text().contains("sha256:"));
        const auto refused = summary->exportTo(dir.filePath("spec.docx"));
        QVERIFY(!refused);
        QVERIFY(refused.error().message.contains(".json"));
    }
};

QTEST_MAIN(TestWizard)
#include "tst_wizard.moc"
