#include "GateCard.h"

#include "Banner.h"
#include "StatusStyle.h"
#include "Tr.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace onramp {

namespace {

QLabel *wrapped(QWidget *parent, const char *objectName)
{
    auto *l = new QLabel(parent);
    l->setObjectName(QLatin1String(objectName));
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

} // namespace

GateCard::GateCard(GateForm *form, QWidget *parent) : QWidget(parent), m_form(form)
{
    setObjectName(QStringLiteral("gateCard"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    // What the gate is: fixed by its definition.
    auto *definition = new QGroupBox(this);
    definition->setObjectName(QStringLiteral("gateDefinition"));
    auto *defLayout = new QFormLayout(definition);
    defLayout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto caption = [&](QWidget *parentWidget) {
        auto *c = new QLabel(parentWidget);
        c->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        m_captions << c;
        return c;
    };
    m_entryLabel = wrapped(definition, "entryCondition");
    m_entryState = wrapped(definition, "entryState");
    auto *entryBox = new QVBoxLayout;
    entryBox->addWidget(m_entryLabel);
    entryBox->addWidget(m_entryState);
    defLayout->addRow(caption(definition), entryBox);
    m_outputLabel = wrapped(definition, "gateOutput");
    defLayout->addRow(caption(definition), m_outputLabel);
    m_acceptorLabel = wrapped(definition, "gateAcceptor");
    defLayout->addRow(caption(definition), m_acceptorLabel);
    m_checksLabel = wrapped(definition, "acceptanceChecks");
    defLayout->addRow(caption(definition), m_checksLabel);
    layout->addWidget(definition);

    // Where the gate stands, and recording a change.
    auto *status = new QGroupBox(this);
    status->setObjectName(QStringLiteral("gateStatus"));
    auto *statusLayout = new QVBoxLayout(status);
    m_statusLabel = wrapped(status, "statusLabel");
    // When and on what evidence: the walked sandbox's ids, times and temporary paths, anew on
    // every run (a fresh-clone CI saw them alone move 0.26 % of a page's ink).
    m_statusLabel->setProperty("onrampLive", true);
    QFont f = m_statusLabel->font();
    f.setBold(true);
    m_statusLabel->setFont(f);
    statusLayout->addWidget(m_statusLabel);

    m_recordForm = new QFormLayout;
    m_recordForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_statusChoice = new QComboBox(status);
    m_statusChoice->setObjectName(QStringLiteral("statusChoice"));
    for (GateStatus s : {GateStatus::InProgress, GateStatus::Waiting, GateStatus::Passed,
                         GateStatus::Rejected, GateStatus::NotStarted})
        m_statusChoice->addItem(QString(), int(s));
    QLabel *choiceCaption = caption(status);
    choiceCaption->setBuddy(m_statusChoice);
    m_recordForm->addRow(choiceCaption, m_statusChoice);
    statusLayout->addLayout(m_recordForm);
    addField(GateForm::Field::WaitingFor, "waitingFor");
    addField(GateForm::Field::Evidence, "evidence")->setProperty("onrampLive", true);
    addField(GateForm::Field::AcceptedBy, "acceptedBy");
    addField(GateForm::Field::RejectionReason, "rejectionReason");
    addField(GateForm::Field::WhatToChange, "whatToChange");

    m_record = new QPushButton(status);
    m_record->setObjectName(QStringLiteral("recordStatus"));
    m_record->setAutoDefault(false);
    m_recordBanner = new Banner(status);
    m_recordBanner->setObjectName(QStringLiteral("recordBanner"));
    // Why Passed cannot be recorded comes and goes as the fields are filled. Its place is not
    // held: a held place was a blank band above "Record status" once the message had gone
    // (#17 walk 18). The button keeps the row's top, so it does not move under the mouse when
    // a message comes or goes (#17 walk); what is below moves, and the page's ViewAnchor keeps
    // the view where it is.
    auto *recordRow = new QHBoxLayout;
    recordRow->addWidget(m_recordBanner, 1, Qt::AlignTop);
    recordRow->addStretch();
    recordRow->addWidget(m_record, 0, Qt::AlignTop);
    statusLayout->addLayout(recordRow);
    layout->addWidget(status);

    // The guides' advice: write down what actually blocked you, so the next walk is faster.
    m_notesLabel = new QLabel(this);
    layout->addWidget(m_notesLabel);
    m_notes = new QPlainTextEdit(this);
    m_notes->setObjectName(QStringLiteral("notes"));
    m_notes->setTabChangesFocus(true);
    m_notes->setMaximumHeight(90);
    m_notes->setPlainText(m_form->text(GateForm::Field::Notes));
    m_notesLabel->setBuddy(m_notes);
    layout->addWidget(m_notes);

    connect(m_statusChoice, &QComboBox::currentIndexChanged, this, [this] {
        // Cleared first: the refresh that follows says why Passed cannot be recorded yet.
        m_recordBanner->clear();
        m_form->setTargetStatus(GateStatus(m_statusChoice->currentData().toInt()));
    });
    connect(m_notes, &QPlainTextEdit::textChanged, this,
            [this] { m_form->setText(GateForm::Field::Notes, m_notes->toPlainText()); });
    connect(m_record, &QPushButton::clicked, this, [this] {
        if (auto r = m_form->recordStatus(); !r)
            m_recordBanner->showMessage(Banner::Tone::Warning, r.error().message);
        else
            m_recordBanner->clear();
    });
    connect(m_form, &GateForm::changed, this, &GateCard::refresh);

    retranslate();
}

QLineEdit *GateCard::addField(GateForm::Field f, const char *objectName)
{
    auto *edit = new QLineEdit(this);
    edit->setObjectName(QLatin1String(objectName));
    edit->setText(m_form->text(f));
    edit->setCursorPosition(0);
    // The field's hint ("Name the acceptor…") goes when the field is filled. Its line stays
    // while the rows are shown for the same choice, so the rows and the Record button under it
    // do not move while the user types (#17 walk); a row shown with nothing to say has no
    // empty line (#17 polish: a gap between "Evidence" and "Accepted by"). See refresh().
    auto *issue = new QLabel(this);
    issue->setObjectName(QLatin1String(objectName) + QStringLiteral("Issue"));
    issue->setWordWrap(true);
    setTextColour(issue, statusColour(GateStatus::Rejected));
    auto *box = new QVBoxLayout;
    box->setSpacing(2);
    box->addWidget(edit);
    box->addWidget(issue);
    auto *label = new QLabel(this);
    label->setBuddy(edit);
    m_captions << label;
    m_fieldCaptions.insert(f, label);
    m_recordForm->addRow(label, box);
    m_rows.insert(f, box);
    m_fields.insert(f, edit);
    m_issues.insert(f, issue);
    connect(edit, &QLineEdit::textEdited, this,
            [this, f](const QString &t) { m_form->setText(f, t); });
    return edit;
}

void GateCard::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}

void GateCard::retranslate()
{
    const GateDefinition &def = gateDefinition(m_form->gate());
    const QStringList captions = {
        tr("Entry condition"),   tr("Output"),         tr("Acceptor"),  tr("Acceptance checks"),
        tr("New stat&us"),       tr("&Waiting for"),   tr("E&vidence"), tr("Accepted b&y"),
        tr("Re&jection reason"), tr("What to chan&ge")};
    for (int i = 0; i < m_captions.size() && i < captions.size(); ++i)
        m_captions[i]->setText(Tr::caption(captions[i]));
    m_entryLabel->setText(def.entryText());
    m_outputLabel->setText(def.outputText());
    m_acceptorLabel->setText(def.acceptorText());
    QStringList checks;
    for (const QString &c : def.checkTexts())
        checks << QStringLiteral("• ") + c;
    m_checksLabel->setText(checks.join(u'\n'));

    findChild<QGroupBox *>(QStringLiteral("gateDefinition"))
        ->setTitle(tr("Gate %1: %2")
                       .arg(gateNumber(def.id))
                       .arg(def.titleText().replace(u'&', QStringLiteral("&&")))); // no mnemonic
    findChild<QGroupBox *>(QStringLiteral("gateStatus"))->setTitle(tr("Status"));

    const QStringList choiceTexts = {tr("In progress"), tr("Waiting for someone else"),
                                     tr("Passed (accepted)"), tr("Rejected"), tr("Not started")};
    for (int i = 0; i < m_statusChoice->count(); ++i)
        m_statusChoice->setItemText(i, choiceTexts[i]);
    m_statusChoice->setAccessibleName(tr("New status"));
    m_fields[GateForm::Field::WaitingFor]->setPlaceholderText(
        tr("e.g. the provider's qualification review"));
    m_fields[GateForm::Field::Evidence]->setPlaceholderText(
        tr("e.g. screenshot of the service entry, ticket number"));
    m_fields[GateForm::Field::AcceptedBy]->setPlaceholderText(tr("name of the acceptor"));
    const QStringList fieldNames = {tr("Waiting for"), tr("Evidence"), tr("Accepted by"),
                                    tr("Rejection reason"), tr("What to change")};
    int i = 0;
    for (GateForm::Field f :
         {GateForm::Field::WaitingFor, GateForm::Field::Evidence, GateForm::Field::AcceptedBy,
          GateForm::Field::RejectionReason, GateForm::Field::WhatToChange})
        m_fields[f]->setAccessibleName(fieldNames[i++]);
    m_record->setText(tr("Rec&ord status"));
    m_record->setAccessibleName(tr("Record status"));
    m_notesLabel->setText(tr("What bloc&ked us here (kept for the next team walking this gate):"));
    // The hint lines' reserved height: a laid-out line of Latin and CJK text (the Chinese
    // fallback font's line can be the taller one).
    for (QLabel *issue : std::as_const(m_issues)) {
        const QFontMetrics fm = issue->fontMetrics();
        issue->setMinimumHeight(
            fm.boundingRect(QRect(0, 0, 4096, 1024), Qt::TextSingleLine, QStringLiteral("X国"))
                .height());
    }
    // The form lays a caption over the top of its row (field and hint line): no taller than
    // the field, it stays centred on the field, not between the field and its hint.
    for (auto it = m_fieldCaptions.cbegin(); it != m_fieldCaptions.cend(); ++it)
        it.value()->setMaximumHeight(m_fields[it.key()]->sizeHint().height());
    m_notes->setAccessibleName(tr("What blocked us"));
    refresh();
}

void GateCard::refresh()
{
    const GateRecord &r = m_form->record();
    m_statusLabel->setText(pathsOnTheirOwnLines(statusGlyph(r.status) + u' ' + m_form->statusText()));
    setTextColour(m_statusLabel, statusColour(r.status));

    const EntryCheck entry = m_form->entry();
    m_entryState->setText(entry.met ? QStringLiteral("✔ ") + tr("Met")
                                    : QStringLiteral("✖ ") + entry.reason.toString());
    setTextColour(m_entryState,
                  statusColour(entry.met ? GateStatus::Passed : GateStatus::Rejected));

    const int choice = m_statusChoice->findData(int(m_form->targetStatus()));
    if (choice != m_statusChoice->currentIndex()) {
        const QSignalBlocker block(m_statusChoice);
        m_statusChoice->setCurrentIndex(choice);
    }
    const QList<GateForm::Field> required = m_form->requiredFields();
    // The hint lines are laid out anew when the rows do (another choice, the record changed):
    // a line for each field with something to say then, none for the others.
    const bool relay = !m_rowsInitialised || m_form->targetStatus() != m_shownTarget ||
                       r.status != m_shownStatus;
    m_shownTarget = m_form->targetStatus();
    m_shownStatus = r.status;
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        const bool shown = required.contains(it.key());
        const bool rowChanges = it.value()->isVisibleTo(this) != shown;
        if (rowChanges || !m_rowsInitialised)
            m_recordForm->setRowVisible(m_rows[it.key()], shown);
        if (it.value()->text() != m_form->text(it.key())) {
            it.value()->setText(m_form->text(it.key()));
            it.value()->setCursorPosition(0); // a long evidence shows its start
        }
        QLabel *issue = m_issues[it.key()];
        issue->setText(m_form->fieldIssue(it.key()));
        // A hint always shows; an empty line only where a hint went while the user typed.
        const bool lined = shown && (!issue->text().isEmpty() ||
                                     (!relay && !rowChanges && issue->isVisibleTo(this)));
        if (issue->isVisibleTo(this) != lined)
            issue->setVisible(lined);
    }
    m_rowsInitialised = true;
    m_record->setEnabled(m_form->canRecord());
    // Say why "passed" cannot be recorded yet, where the user is looking.
    if (m_form->targetStatus() == GateStatus::Passed &&
        m_form->record().status != GateStatus::Passed) {
        // The first of the ledger's refusals: entry, blocking findings, then what the
        // acceptance checks lack (gate 5's checks, gate 6's replay, evidence from before a
        // change that reopened the gate).
        QString why =
            !m_form->entry().met ? m_form->entry().reason.toString() : m_form->blockingMessage();
        if (why.isEmpty())
            why = m_form->acceptanceMissing();
        if (!why.isEmpty())
            m_recordBanner->showMessage(Banner::Tone::Warning, why);
        else
            m_recordBanner->clear();
    } else if (m_form->record().status == GateStatus::Passed) {
        m_recordBanner->clear(); // passed (again, after a change taken back): nothing to say
    }
}

} // namespace onramp
