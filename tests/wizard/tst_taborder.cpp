// Tab follows the page from top to bottom (walk 17: on gate 4, Tab went from "Finish within"
// to the storage plan and skipped the whole instance section above it, which a keyboard user
// then reached only after the page's last field). On every page, with the demo onboarding: the
// focus chain visits the page's sections in the order they stand, never back up to one above.
#include "WizardHarness.h"

#include <QAbstractItemView>

class TestTabOrder : public QObject, WizardFixture
{
    Q_OBJECT

private slots:
    void tabFollowsThePageDownwards_data()
    {
        QTest::addColumn<int>("id");
        for (int id = OnboardingWizard::AccountId; id <= OnboardingWizard::SummaryId; ++id)
            QTest::newRow(qPrintable(OnboardingWizard::pageKey(id))) << id;
    }
    void tabFollowsThePageDownwards()
    {
        QFETCH(int, id);
        resetState();
        QVERIFY(QFile::copy(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"),
                            statePath()));
        QFile::setPermissions(statePath(), QFile::ReadOwner | QFile::WriteOwner);
        StateStore store(statePath());
        store.load();
        OnboardingWizard w(&store, &m_language);
        w.setStartId(id);
        w.resize(OnboardingWizard::defaultSize(QSize(1366, 768)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCoreApplication::processEvents();
        QWidget *content = w.currentPage()->findChild<QWidget *>(QStringLiteral("gateContent"));
        if (!content)
            content = w.currentPage();
        // The part of the page a widget stands in: the content's child that holds it.
        const auto sectionOf = [content](QWidget *x) -> QWidget * {
            for (; x && x->parentWidget() != content; x = x->parentWidget()) {
            }
            return x;
        };
        QStringList backwards;
        QWidget *lastSection = nullptr;
        QString lastName;
        int visited = 0;
        QWidget *x = content;
        for (int guard = 0; guard < 2000; ++guard) {
            x = x->nextInFocusChain();
            if (x == content)
                break;
            if (!content->isAncestorOf(x) || !x->isVisibleTo(content) || !x->isEnabled() ||
                !(x->focusPolicy() & Qt::TabFocus) || x->focusProxy())
                continue;
            // A list's or table's cells are its own to walk (MembersTable: Tab leaves the table
            // after its last cell): the view is the stop, not the widgets in its cells.
            bool inView = false;
            for (QWidget *p = x->parentWidget(); p && p != content; p = p->parentWidget())
                inView = inView || qobject_cast<QAbstractItemView *>(p);
            if (inView)
                continue;
            QWidget *section = sectionOf(x);
            if (!section)
                continue;
            ++visited;
            const QString name = x->objectName().isEmpty()
                                     ? QString::fromLatin1(x->metaObject()->className())
                                     : x->objectName();
            if (lastSection && section != lastSection && section->y() < lastSection->y())
                backwards << QStringLiteral("%1 (y %2) → %3 (y %4)")
                                 .arg(lastName)
                                 .arg(lastSection->y())
                                 .arg(name)
                                 .arg(section->y());
            lastSection = section;
            lastName = name;
        }
        QVERIFY2(visited > 0, "no field on the page takes Tab");
        QVERIFY2(backwards.isEmpty(), qPrintable(backwards.join(QStringLiteral("\n"))));
    }
};

QTEST_MAIN(TestTabOrder)
#include "tst_taborder.moc"
