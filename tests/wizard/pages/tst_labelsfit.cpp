// No clipped text on any page, in Chinese and in English: every visible label, button, check box,
// radio button and group box title of each page, at the size the window first opens at on a
// 1366×768 screen with the demo onboarding (docs/examples/state-demo.json, as `make
// screenshots` renders it), shows its whole text: the text's width by the widget's font fits the
// room the style gives it, or the widget wraps. A failure lists every offender by page, object
// name (or class) and text.
#include "WizardHarness.h"
#include "HandoffDialog.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QGroupBox>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QLabel>
#include <QStyleOptionButton>
#include <QStyleOptionGroupBox>
#include <QTextDocument>
#include <QToolButton>

namespace {

// The widest line of `text` in `fm`, mnemonic '&' removed (rich text: its ideal width).
int textWidth(const QString &text, const QFontMetrics &fm, const QFont &font, bool rich)
{
    if (rich) {
        QTextDocument doc;
        doc.setDefaultFont(font);
        doc.setDocumentMargin(0);
        doc.setHtml(text);
        return int(std::ceil(doc.idealWidth()));
    }
    QString plain = text;
    plain.replace(QLatin1String("&&"), QLatin1String("\x01")).remove(u'&').replace(u'\x01', u'&');
    int widest = 0;
    for (const QString &line : plain.split(u'\n'))
        widest = std::max(widest, fm.horizontalAdvance(line));
    return widest;
}

QString describe(const QWidget *w, const QString &text)
{
    const QString name = w->objectName().isEmpty()
                             ? QString::fromLatin1(w->metaObject()->className())
                             : w->objectName();
    return QStringLiteral("%1 “%2”").arg(name, text.left(60).replace(u'\n', u' '));
}

// What on `page` shows less than its whole text: "name “text” needs N px, has M". `checked`
// counts the texts looked at.
QStringList clippedTexts(QWidget *page, int *checked)
{
    QStringList found;
    *checked = 0;
    const auto report = [&](const QWidget *w, const QString &text, int need, int have) {
        ++*checked;
        if (need > have)
            found << QStringLiteral("%1 needs %2 px, has %3")
                         .arg(describe(w, text))
                         .arg(need)
                         .arg(have);
    };
    for (QWidget *w : page->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(page) || w->width() <= 0)
            continue;
        if (auto *label = qobject_cast<QLabel *>(w)) {
            if (label->text().isEmpty() || !label->pixmap().isNull())
                continue;
            if (label->wordWrap()) {
                // Wrapped text needs its height for this width.
                report(label, label->text(), label->heightForWidth(label->width()),
                       label->height());
                continue;
            }
            const bool rich =
                label->textFormat() == Qt::RichText ||
                (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(label->text()));
            const int room =
                label->contentsRect().width() - 2 * label->margin() - std::max(0, label->indent());
            report(label, label->text(),
                   textWidth(label->text(), label->fontMetrics(), label->font(), rich), room);
        } else if (auto *box = qobject_cast<QGroupBox *>(w)) {
            if (box->title().isEmpty())
                continue;
            QStyleOptionGroupBox opt;
            opt.initFrom(box);
            opt.text = box->title();
            opt.subControls = QStyle::SC_GroupBoxLabel | QStyle::SC_GroupBoxFrame |
                              (box->isCheckable() ? QStyle::SC_GroupBoxCheckBox : QStyle::SC_None);
            opt.lineWidth = 1;
            const QRect title = box->style()->subControlRect(QStyle::CC_GroupBox, &opt,
                                                             QStyle::SC_GroupBoxLabel, box);
            // The title's room: from where it starts to the box's right edge.
            report(box, box->title(),
                   textWidth(box->title(), box->fontMetrics(), box->font(), false),
                   box->width() - title.left());
        } else if (auto *button = qobject_cast<QAbstractButton *>(w)) {
            if (button->text().isEmpty())
                continue;
            const int need =
                textWidth(button->text(), button->fontMetrics(), button->font(), false);
            QStyleOptionButton opt;
            opt.initFrom(button);
            opt.text = button->text();
            opt.icon = button->icon();
            opt.iconSize = button->iconSize();
            int room = 0;
            if (qobject_cast<QCheckBox *>(button)) {
                room = button->style()
                           ->subElementRect(QStyle::SE_CheckBoxContents, &opt, button)
                           .width();
            } else if (qobject_cast<QRadioButton *>(button)) {
                room = button->style()
                           ->subElementRect(QStyle::SE_RadioButtonContents, &opt, button)
                           .width();
            } else if (qobject_cast<QPushButton *>(button)) {
                room = button->style()
                           ->subElementRect(QStyle::SE_PushButtonContents, &opt, button)
                           .width();
                if (!button->icon().isNull())
                    room -= button->iconSize().width() + 4;
            } else {
                // A tool button (or another kind): what it asks for is what it needs.
                report(button, button->text(), button->sizeHint().width(), button->width());
                continue;
            }
            if (!button->icon().isNull() && !qobject_cast<QPushButton *>(button))
                room -= button->iconSize().width() + 4;
            report(button, button->text(), need, room);
            // #17 walk: a push button's text that fits can still touch its frame ("Replay on a
            // fresh sandbox"): a third of a line is left either side, inside the frame.
            if (qobject_cast<QPushButton *>(button) && button->icon().isNull() && need <= room) {
                const int frame =
                    button->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, &opt, button);
                const int side = (button->width() - need) / 2 - frame;
                const int wanted = button->fontMetrics().height() / 3;
                if (side < wanted)
                    found << QStringLiteral("%1 leaves %2 px beside its text, wants %3")
                                 .arg(describe(button, button->text()))
                                 .arg(side)
                                 .arg(wanted);
            }
        }
    }
    return found;
}

} // namespace

class TestLabelsFit : public QObject, WizardFixture
{
    Q_OBJECT

private slots:
    // The check itself: a label, a check box, a radio button, a push button and a group box
    // narrower than their Chinese text, and a wrapped label shorter than its lines, are each
    // reported; the same widgets with room are not.
    void clippedTextIsFound()
    {
        QWidget box;
        box.resize(600, 400);
        const QString text = QStringLiteral("工作空间的配额池与可用区");
        auto *label = new QLabel(text, &box);
        label->setObjectName("narrowLabel");
        auto *check = new QCheckBox(text, &box);
        auto *radio = new QRadioButton(text, &box);
        auto *push = new QPushButton(text, &box);
        auto *group = new QGroupBox(text, &box);
        auto *wrapped = new QLabel(text.repeated(6), &box);
        wrapped->setWordWrap(true);
        const QList<QWidget *> all = {label, check, radio, push, group, wrapped};
        int y = 0;
        for (QWidget *w : all) {
            w->setGeometry(0, y, 60, 30);
            y += 40;
        }
        box.show();
        QVERIFY(QTest::qWaitForWindowExposed(&box));
        int checked = 0;
        const QStringList clipped = clippedTexts(&box, &checked);
        QCOMPARE(checked, 6);
        QCOMPARE(clipped.size(), 6);
        QVERIFY(clipped.first().startsWith(QStringLiteral("narrowLabel “工作空间")));
        for (QWidget *w : all)
            w->setGeometry(0, w->y(), 590, w == wrapped ? 200 : 30);
        QVERIFY2(clippedTexts(&box, &checked).isEmpty(),
                 qPrintable(clippedTexts(&box, &checked).join(u'\n')));
    }

    // The dialogs the wizard opens, in both languages: the handoff dialog's buttons touched
    // their frames (docs/screenshots/*/08-handoff.png).
    void dialogTextsFit_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
        QTest::newRow("en") << QStringLiteral("en");
    }
    void dialogTextsFit()
    {
        QFETCH(QString, lang);
        m_language.apply(lang);
        StateStore store(statePath());
        OnboardingWizard w(&store, &m_language); // the application's look is the wizard's
        HandoffDialog handoff;
        handoff.show();
        QVERIFY(QTest::qWaitForWindowExposed(&handoff));
        int checked = 0;
        const QStringList clipped = clippedTexts(&handoff, &checked);
        m_language.apply(QStringLiteral("en"));
        QVERIFY(checked >= 2);
        QVERIFY2(clipped.isEmpty(), qPrintable(QStringLiteral("%1 handoff dialog:\n  ").arg(lang) +
                                               clipped.join(QStringLiteral("\n  "))));
    }

    void everyTextFits_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<int>("id");
        for (const char *lang : {"zh_CN", "en"})
            for (int id = OnboardingWizard::WelcomeId; id <= OnboardingWizard::SummaryId; ++id)
                QTest::addRow("%s-%s", lang, qPrintable(OnboardingWizard::pageKey(id)))
                    << QString::fromLatin1(lang) << id;
    }

    void everyTextFits()
    {
        QFETCH(QString, lang);
        QFETCH(int, id);
        QFile::remove(statePath());
        QVERIFY(QFile::copy(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"),
                            statePath()));
        QFile::setPermissions(statePath(), QFile::ReadOwner | QFile::WriteOwner);
        StateStore store(statePath());
        QVERIFY(store.load().notice == std::nullopt);
        m_language.apply(lang);
        // As `onramp screenshot` renders a page: started there, at the first-start size.
        OnboardingWizard w(&store, &m_language);
        w.setStartId(id);
        w.resize(OnboardingWizard::defaultSize(QSize(1366, 768)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::qWait(50);
        QCOMPARE(w.currentId(), id);
        int checked = 0;
        // The page, the side panel and the wizard's buttons.
        const QStringList clipped = clippedTexts(&w, &checked);
        QVERIFY2(checked >= 5, qPrintable(QString::number(checked))); // the buttons at least
        QVERIFY2(clipped.isEmpty(), qPrintable(QStringLiteral("%1 page %2, clipped:\n  ")
                                                   .arg(lang, OnboardingWizard::pageKey(id)) +
                                               clipped.join(QStringLiteral("\n  "))));
        // Chinese captions end in "：", not an ASCII colon (#17 walk: "新状态(U):" on every
        // gate card, gate 1's form captions).
        if (lang == QLatin1String("zh_CN")) {
            static const QRegularExpression asciiColon(
                QStringLiteral("[\\x{4e00}-\\x{9fff}）)]:(\\s|$)"));
            QStringList found;
            for (QLabel *l : w.findChildren<QLabel *>())
                if (l->isVisibleTo(&w) && asciiColon.match(l->text()).hasMatch())
                    found << l->text();
            QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
        }
    }
};

QTEST_MAIN(TestLabelsFit)
#include "tst_labelsfit.moc"
