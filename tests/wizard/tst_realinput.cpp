// The wizard in a real X server (a private Xvfb) driven by real input events (xdotool): the
// mouse wheel over a page, typing into date, decimal and table fields, Tab and Alt shortcuts.
// Offscreen tests do not see these: focus, wheel propagation and key handling come from X.
// Without Xvfb or xdotool the test says so and exits 77, which ctest reports as skipped.
#include "DemoState.h"
#include "Language.h"
#include "OnboardingWizard.h"
#include "StateStore.h"
#include "WorkspaceGate.h"
#include "pages/GatePage.h"
#include "ProviderHub.h"
#include "widgets/ProviderPanel.h"

#include <QApplication>
#include <QAbstractItemView>
#include <QCalendarWidget>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <csignal>
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using namespace onramp;

namespace {

// Runs xdotool against the test's display; true when it succeeded.
bool xdo(const QStringList &args)
{
    return QProcess::execute(QStringLiteral("xdotool"), args) == 0;
}

QPoint centreOf(QWidget *w)
{
    return w->mapToGlobal(w->rect().center());
}

bool moveTo(QWidget *w)
{
    const QPoint p = centreOf(w);
    return xdo({QStringLiteral("mousemove"), QString::number(p.x()), QString::number(p.y())});
}

bool clickOn(QWidget *w, int times = 1)
{
    return moveTo(w) && xdo({QStringLiteral("click"), QStringLiteral("--repeat"),
                             QString::number(times), QStringLiteral("1")});
}

bool key(const QString &keys)
{
    return xdo({QStringLiteral("key"), keys});
}

bool typeText(const QString &text)
{
    return xdo({QStringLiteral("type"), QStringLiteral("--delay"), QStringLiteral("30"),
                QStringLiteral("--"), text});
}

// Lets the wizard read what the X server has sent it.
void settle()
{
    QTest::qWait(150);
}

} // namespace

class TestRealInput : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    Language m_language;

    QString statePath() const { return m_dir.filePath(QStringLiteral("onboarding.json")); }

    // The demo onboarding with gate 3 passed, so that gate 4 opens.
    static void demoOnGateFour(StateStore &store)
    {
        OnboardingState state = savedDemoState();
        state.gate(GateId::Quota).status = GateStatus::Passed;
        state.currentPage = OnboardingWizard::WelcomeId;
        store.setState(state);
    }

    // Shows the wizard on `page`, with the keyboard.
    static bool showOn(OnboardingWizard &w, int page)
    {
        w.resize(1100, 760);
        w.move(0, 0);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            return false;
        if (!w.goToPage(page))
            return false;
        xdo({QStringLiteral("windowfocus"), QString::number(w.winId())});
        w.activateWindow();
        return QTest::qWaitForWindowActive(&w);
    }

    template <typename T> static T *child(OnboardingWizard &w, const char *name)
    {
        return w.currentPage()->findChild<T *>(QLatin1String(name));
    }

    static void reveal(OnboardingWizard &w, QWidget *x)
    {
        if (auto *scroll = w.currentPage()->findChild<QScrollArea *>(QStringLiteral("gateScroll")))
            scroll->ensureWidgetVisible(x, 50, 120);
        settle();
    }

private slots:
    void init()
    {
        QFile::remove(statePath());
        m_language.apply(QStringLiteral("en"));
    }

    // The wheel over a combo box or spin box that has no focus scrolls the page and leaves the
    // value alone; once the field has focus, the wheel changes it.
    void theWheelScrollsPastUnfocusedFields()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        QVERIFY(showOn(w, OnboardingWizard::AccountId));
        auto *kind = child<QComboBox>(w, "purposeKind");
        auto *scroll = w.currentPage()->findChild<QScrollArea *>(QStringLiteral("gateScroll"));
        QVERIFY(kind && scroll);
        reveal(w, kind);
        child<QLineEdit>(w, "provider")->setFocus();
        const int index = kind->currentIndex();
        const int scrolled = scroll->verticalScrollBar()->value();
        QVERIFY(moveTo(kind));
        QVERIFY(xdo({"click", "--repeat", "3", "--delay", "60", "5"})); // wheel down
        QTRY_VERIFY(scroll->verticalScrollBar()->value() > scrolled);
        QCOMPARE(kind->currentIndex(), index);
        QVERIFY(!kind->hasFocus());
        QCOMPARE(store.state().account.purposeKind, PurposeKind::Finetuning);

        // The same over a spin box.
        auto *lead = child<QSpinBox>(w, "reviewLeadDays");
        QVERIFY(lead);
        reveal(w, lead);
        const int days = lead->value();
        QVERIFY(moveTo(lead));
        QVERIFY(xdo({"click", "--repeat", "2", "--delay", "60", "4"})); // wheel up
        settle();
        QCOMPARE(lead->value(), days);

        // Focused by a click (its list opens, Escape closes it), the combo box still leaves the
        // wheel to the page (#17 walk 16: an image picked from the list, then the wheel over
        // the page changed it); the arrow keys choose.
        reveal(w, kind);
        QVERIFY(clickOn(kind));
        QTRY_VERIFY(kind->view()->isVisible());
        QVERIFY(key(QStringLiteral("Escape")));
        QTRY_VERIFY(!kind->view()->isVisible());
        QTRY_VERIFY(kind->hasFocus());
        QCOMPARE(kind->currentIndex(), index);
        QVERIFY(moveTo(kind));
        const int before = scroll->verticalScrollBar()->value();
        QVERIFY(xdo({"click", "--repeat", "2", "--delay", "60", "5"}));
        QTRY_VERIFY(scroll->verticalScrollBar()->value() > before);
        QCOMPARE(kind->currentIndex(), index);
        QVERIFY(key(QStringLiteral("Down")));
        QTRY_COMPARE(kind->currentIndex(), index + 1);
    }

    // #17 walk: "Create instance" (gate 4) or "Start the first run" (gate 6) disabled itself
    // while its operation ran and Qt handed the focus to the recorder's "New status" below the
    // panel; the next wheel over the page changed the status. Here gate 1's "Submit the
    // dossier", the same panel: the focus stays in the panel, and the wheel over "New status"
    // scrolls the page.
    void aProviderActionLeavesTheRecorderAlone()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(dir.filePath(QStringLiteral("onboarding.json")));
        OnboardingState state = demoState();
        state.currentPage = OnboardingWizard::WelcomeId;
        store.setState(state);
        OnboardingWizard w(&store, &m_language);
        QVERIFY(showOn(w, OnboardingWizard::AccountId));
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        auto *submit = child<QPushButton>(w, "providerSubmitDossier");
        auto *panel = child<ProviderPanel>(w, "providerPanel");
        auto *choice = child<QComboBox>(w, "statusChoice");
        auto *scroll = w.currentPage()->findChild<QScrollArea *>(QStringLiteral("gateScroll"));
        QVERIFY(submit && panel && choice && scroll);
        QTRY_VERIFY(submit->isEnabled());
        reveal(w, submit);
        QVERIFY(clickOn(submit));
        QTRY_VERIFY(store.state().provider.qualification.sent());
        QTRY_COMPARE_WITH_TIMEOUT(store.state().provider.qualification.state,
                                  QStringLiteral("approved"), 15000);
        QTRY_VERIFY(!panel->isRunning());
        settle();
        QVERIFY2(!choice->hasFocus(), "the recorder's status took the focus");
        QWidget *focus = QApplication::focusWidget();
        QVERIFY2(!focus || panel->isAncestorOf(focus),
                 qPrintable(focus ? focus->objectName() : QString()));
        // The wheel over "New status" scrolls the page and leaves the status alone.
        scroll->ensureWidgetVisible(choice, 50, 200);
        settle();
        const int index = choice->currentIndex();
        const int scrolled = scroll->verticalScrollBar()->value();
        QVERIFY(scrolled > 0);
        QVERIFY(moveTo(choice));
        QVERIFY(xdo({"click", "--repeat", "2", "--delay", "60", "4"})); // wheel up
        QTRY_VERIFY(scroll->verticalScrollBar()->value() < scrolled);
        QCOMPARE(choice->currentIndex(), index);
        qunsetenv("ONRAMP_STATE_DIR");
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // Typing a date into the empty field gives that date.
    void aDateIsTyped()
    {
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        QVERIFY(showOn(w, OnboardingWizard::AccountId));
        auto *signedOn = child<QLineEdit>(w, "authorizationSigned");
        QVERIFY(signedOn);
        reveal(w, signedOn);
        QVERIFY(clickOn(signedOn));
        QTRY_VERIFY(signedOn->hasFocus());
        QVERIFY(typeText(QStringLiteral("2026-11-15")));
        QVERIFY(key(QStringLiteral("Tab")));
        QTRY_COMPARE(store.state().account.authorizationSigned, QDate(2026, 11, 15));
        QCOMPARE(signedOn->text(), QStringLiteral("2026-11-15"));
    }

    // A decimal typed key by key arrives whole: the field is not rewritten while typing.
    void aDecimalIsTyped()
    {
        StateStore store(statePath());
        demoOnGateFour(store);
        OnboardingWizard w(&store, &m_language);
        QVERIFY(showOn(w, OnboardingWizard::ResourcesId));
        auto *workload = child<QDoubleSpinBox>(w, "workloadTokens");
        QVERIFY(workload);
        reveal(w, workload);
        QVERIFY(clickOn(workload));
        QTRY_VERIFY(workload->hasFocus());
        QVERIFY(key(QStringLiteral("ctrl+a")));
        QVERIFY(typeText(QStringLiteral("0.27")));
        settle();
        QVERIFY2(workload->text().startsWith(QStringLiteral("0.27")), qPrintable(workload->text()));
        QVERIFY(key(QStringLiteral("Tab")));
        QTRY_COMPARE(store.state().resources.throughput.workloadTokens, 0.27e9);
    }

    // #17 walk: the wheel over gate 4's card table scrolled the table before the page. The
    // table shows all its rows, and the wheel over it moves the page.
    void theWheelOverTheCardTableScrollsThePage()
    {
        StateStore store(statePath());
        demoOnGateFour(store);
        OnboardingWizard w(&store, &m_language);
        QVERIFY(showOn(w, OnboardingWizard::ResourcesId));
        auto *table = child<QTableWidget>(w, "cardsNeeded");
        auto *scroll = w.currentPage()->findChild<QScrollArea *>(QStringLiteral("gateScroll"));
        QVERIFY(table && scroll);
        QCOMPARE(table->verticalScrollBar()->maximum(), 0); // every row is in view
        // Its top rows in the window, with page left below to scroll to.
        scroll->ensureWidgetVisible(table, 50, 0);
        scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->value() +
                                              table->mapTo(scroll->widget(), QPoint()).y() -
                                              scroll->verticalScrollBar()->value() - 40);
        settle();
        const int before = scroll->verticalScrollBar()->value();
        QVERIFY(before < scroll->verticalScrollBar()->maximum());
        const QPoint inTable = table->viewport()->mapToGlobal(QPoint(40, 20));
        QVERIFY(xdo({QStringLiteral("mousemove"), QString::number(inTable.x()),
                     QString::number(inTable.y())}));
        QVERIFY(xdo({"click", "--repeat", "3", "--delay", "60", "5"})); // wheel down
        QTRY_VERIFY(scroll->verticalScrollBar()->value() > before);
    }

    // Alt+N is Next and Alt+B is Back on every page, not a field's shortcut.
    void altNAndAltBMoveBetweenPages()
    {
        StateStore store(statePath());
        store.setState(savedDemoState());
        OnboardingWizard w(&store, &m_language);
        QVERIFY(showOn(w, OnboardingWizard::WelcomeId));
        QVERIFY(key(QStringLiteral("alt+n")));
        QTRY_COMPARE(w.currentId(), int(OnboardingWizard::AccountId));
        QVERIFY(key(QStringLiteral("alt+n"))); // gate 1 is passed: Next is open
        QTRY_COMPARE(w.currentId(), int(OnboardingWizard::WorkspaceId));
        QVERIFY(key(QStringLiteral("alt+b")));
        QTRY_COMPARE(w.currentId(), int(OnboardingWizard::AccountId));
    }

    // In the members table, Tab goes from a member's Projects to the same member's Share, and
    // what was typed stays with that member: nothing re-sorts while editing.
    void theMembersTableKeepsItsRowWhileEditing()
    {
        StateStore store(statePath());
        store.setState(savedDemoState());
        OnboardingWizard w(&store, &m_language);
        QVERIFY(showOn(w, OnboardingWizard::WorkspaceId));
        auto *table = child<QTableWidget>(w, "members");
        QVERIFY(table);
        reveal(w, table);
        // The last row's projects: renaming them would move the row if the table sorted.
        const int row = table->rowCount() - 1;
        const int member = table->item(row, 0)->data(Qt::UserRole).toInt();
        const QString name = store.state().workspace.members[member].name;
        QTableWidgetItem *projects = table->item(row, 3);
        const QRect cell = table->visualItemRect(projects);
        const QPoint at = table->viewport()->mapToGlobal(cell.center());
        QVERIFY(xdo({"mousemove", QString::number(at.x()), QString::number(at.y())}));
        QVERIFY(xdo({"click", "--repeat", "2", "--delay", "80", "1"}));
        QTRY_VERIFY(table->viewport()->findChild<QLineEdit *>());
        QVERIFY(key(QStringLiteral("ctrl+a")));
        QVERIFY(typeText(QStringLiteral("aaa")));
        QVERIFY(key(QStringLiteral("Tab")));
        settle();
        QTRY_COMPARE(table->currentRow(), row);
        QCOMPARE(table->currentColumn(), 4);
        QVERIFY(key(QStringLiteral("ctrl+a")));
        QVERIFY(typeText(QStringLiteral("40")));
        QVERIFY(key(QStringLiteral("Return")));
        QTRY_COMPARE(store.state().workspace.members[member].sharePercent, 40.0);
        QCOMPARE(store.state().workspace.members[member].projects, QStringList{"aaa"});
        QCOMPARE(table->item(row, 0)->text(), name);
        QCOMPARE(table->item(row, 4)->text(), QStringLiteral("40"));
    }

    // #17 walk 16: after Alt+A, what was typed went into the card-type combo (where the focus
    // was) or the row above; and Tab went round the table forever. The new row's name takes
    // what is typed, Tab its account, and Tab after its last cell leaves for Add member.
    void addMemberThenTypingFillsTheNewRow()
    {
        StateStore store(statePath());
        store.setState(savedDemoState());
        OnboardingWizard w(&store, &m_language);
        QVERIFY(showOn(w, OnboardingWizard::WorkspaceId));
        auto *table = child<QTableWidget>(w, "members");
        auto *card = child<QComboBox>(w, "cardType");
        auto *add = child<QPushButton>(w, "addMember");
        QVERIFY(table && card && add && add->isEnabled());
        reveal(w, card);
        card->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), card);
        const qsizetype before = store.state().workspace.members.size();
        const QList<Member> others = store.state().workspace.members;
        const QString cardType = card->currentData().toString();
        QVERIFY(key(QStringLiteral("alt+a")));
        QTRY_COMPARE(store.state().workspace.members.size(), before + 1);
        settle();
        QVERIFY(typeText(QStringLiteral("Bob Li")));
        QVERIFY(key(QStringLiteral("Tab")));
        settle();
        QVERIFY(typeText(QStringLiteral("bob")));
        QVERIFY(key(QStringLiteral("Return")));
        QTRY_COMPARE(store.state().workspace.members[before].account, QStringLiteral("bob"));
        QCOMPARE(store.state().workspace.members[before].name, QStringLiteral("Bob Li"));
        QCOMPARE(store.state().workspace.members.mid(0, before), others);
        QCOMPARE(card->currentData().toString(), cardType);
        // From the account, three cells to the row's (the table's) last, then out.
        for (int i = 0; i < 4; ++i) {
            QVERIFY(key(QStringLiteral("Tab")));
            settle();
        }
        QTRY_COMPARE(QApplication::focusWidget(), add);
    }
};

int main(int argc, char **argv)
{
    const QString xvfb = QStandardPaths::findExecutable(QStringLiteral("Xvfb"));
    const QString xdotool = QStandardPaths::findExecutable(QStringLiteral("xdotool"));
    if (xvfb.isEmpty() || xdotool.isEmpty()) {
        std::fprintf(stderr, "SKIPPED, NOTHING TESTED: tst_realinput needs Xvfb and xdotool "
                             "(scripts/setup-debian.sh --test installs them).\n");
        return 77;
    }
    // A private X server on a display number of its own, ready when its socket appears. (Not
    // -displayfd: under ctest, after other suites, Xvfb at times could not write the number
    // back, "Cannot write display number to fd 5", and the test aborted.)
    pid_t server = -1;
    QByteArray display;
    for (int attempt = 0; attempt < 20 && display.isEmpty(); ++attempt) {
        const int number = 100 + (int(::getpid()) * 7 + attempt * 13) % 800;
        const std::string lock = "/tmp/.X" + std::to_string(number) + "-lock";
        const std::string socket = "/tmp/.X11-unix/X" + std::to_string(number);
        if (::access(lock.c_str(), F_OK) == 0 || ::access(socket.c_str(), F_OK) == 0)
            continue;
        server = ::fork();
        if (server == 0) {
            const std::string name = ":" + std::to_string(number);
            const QByteArray path = xvfb.toLocal8Bit();
            ::execl(path.constData(), "Xvfb", name.c_str(), "-screen", "0", "1600x1000x24",
                    "-nolisten", "tcp", static_cast<char *>(nullptr));
            ::_exit(127);
        }
        for (int waited = 0; waited < 200; ++waited) { // up to 10 s
            if (::waitpid(server, nullptr, WNOHANG) == server) {
                server = -1; // it gave up (the number was taken after all): try another
                break;
            }
            if (::access(socket.c_str(), F_OK) == 0) {
                display = ":" + QByteArray::number(number);
                break;
            }
            ::usleep(50 * 1000);
        }
        if (display.isEmpty() && server > 0) {
            ::kill(server, SIGTERM);
            ::waitpid(server, nullptr, 0);
            server = -1;
        }
    }
    if (display.isEmpty()) {
        std::fprintf(stderr, "FAIL: Xvfb did not start on any free display\n");
        return 1;
    }
    qputenv("DISPLAY", display);
    qputenv("QT_QPA_PLATFORM", "xcb");
    qunsetenv("XAUTHORITY");
    int status = 1;
    {
        QApplication app(argc, argv);
        TestRealInput test;
        status = QTest::qExec(&test, argc, argv);
    }
    ::kill(server, SIGTERM);
    ::waitpid(server, nullptr, 0);
    return status;
}

#include "tst_realinput.moc"
