#include "QualificationPage.h"

#include "ProviderProfile.h"
#include "widgets/FileChooser.h"

#include "widgets/DateField.h"

#include "GateDataForms.h"
#include "GateForm.h"
#include "StateStore.h"
#include "Text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QMimeDatabase>
#include <QSpinBox>
#include <QVBoxLayout>

namespace onramp {

namespace {

// "PDF" for application/pdf: the kind of file as its name would say it, not its MIME name.
QString fileKind(const QString &mimeName)
{
    const QString suffix = QMimeDatabase().mimeTypeForName(mimeName).preferredSuffix();
    return suffix.isEmpty() ? mimeName : suffix.toUpper();
}

} // namespace

QualificationPage::QualificationPage(StateStore *store, QWidget *parent)
    : FormGatePage(GateId::Account, store, parent), m_form(new QualificationForm(store, this))
{
}

QWidget *QualificationPage::attachmentRow(QFormLayout *form, const char *caption,
                                          const char *objectName,
                                          QString QualificationData::*member)
{
    auto *row = new QWidget(form->parentWidget());
    auto *h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    auto *edit = new QLineEdit(row);
    edit->setProperty("onrampLive", true); // a path on this machine: differs between checkouts
    auto *browse = new QPushButton(row);
    browse->setObjectName(QLatin1String(objectName) + QStringLiteral("Browse"));
    browse->setAutoDefault(false);
    auto *info = new QLabel(row);
    info->setObjectName(QLatin1String(objectName) + QStringLiteral("Info"));
    h->addWidget(edit, 1);
    h->addWidget(browse);
    h->addWidget(info);
    labelled(form, caption, row, objectName, edit);
    m_browseButtons << browse;
    m_attachmentInfo << std::pair{info, member};
    connect(edit, &QLineEdit::textEdited, this, [this, member](const QString &t) {
        m_form->update([&](QualificationData &d) { d.*member = t; });
    });
    connect(browse, &QPushButton::clicked, this, [this, member] {
        FileChooser::openFile(this, tr("Choose the attachment"),
                              tr("Documents (*.pdf *.png *.jpg *.jpeg *.ofd);;All files (*)"),
                              [this, member](const QString &file) {
                                  m_form->update([&](QualificationData &d) { d.*member = file; });
                              },
                              browseFrom(member));
    });
    addLoader([this, edit, member] {
        if (edit->text() != m_form->data().*member) {
            edit->setText(m_form->data().*member);
            edit->setCursorPosition(0); // a long text shows its start
        }
    });
    return edit;
}

void QualificationPage::buildContent(QVBoxLayout *content)
{
    QWidget *host = content->parentWidget() ? content->parentWidget() : this;
    using D = QualificationData;
    const auto text = [this](QFormLayout *f, const char *caption, const char *name,
                             QString D::*member, const QString &placeholder = {}) {
        auto *e = new QLineEdit(f->parentWidget());
        e->setPlaceholderText(placeholder);
        labelled(f, caption, e, name);
        connect(e, &QLineEdit::textEdited, this,
                [this, member](const QString &t) { m_form->update([&](D &d) { d.*member = t; }); });
        addLoader([this, e, member] {
            if (e->text() != m_form->data().*member) {
                e->setText(m_form->data().*member);
                e->setCursorPosition(0); // a long text shows its start
            }
        });
        return e;
    };
    const auto check = [this](QFormLayout *f, const char *caption, const char *name,
                              bool D::*member) {
        auto *c = new QCheckBox(f->parentWidget());
        labelled(f, caption, c, name);
        connect(c, &QCheckBox::toggled, this, [this, member](bool on) {
            if (!loading())
                m_form->update([&](D &d) { d.*member = on; });
        });
        addLoader([this, c, member] { c->setChecked(m_form->data().*member); });
        return c;
    };
    const auto date = [this](QFormLayout *f, const char *caption, const char *name,
                             QDate D::*member) {
        auto *e = new DateField(f->parentWidget());
        labelled(f, caption, e, name, e->lineEdit());
        connect(e, &DateField::dateChanged, this, [this, member](const QDate &v) {
            if (!loading())
                m_form->update([&](D &d) { d.*member = v; });
        });
        addLoader([this, e, member] { e->setDate(m_form->data().*member); });
        return e;
    };
    const auto combo = [this](QFormLayout *f, const char *caption, const char *name, int count,
                              std::function<int(const D &)> get,
                              std::function<void(D &, int)> set) {
        auto *c = new QComboBox(f->parentWidget());
        for (int i = 0; i < count; ++i)
            c->addItem(QString());
        labelled(f, caption, c, name);
        connect(c, &QComboBox::currentIndexChanged, this, [this, set](int i) {
            if (!loading())
                m_form->update([&](D &d) { set(d, i); });
        });
        addLoader([this, c, get] { c->setCurrentIndex(get(m_form->data())); });
        return c;
    };

    // Account.
    auto *account = group(host, "accountGroup", QT_TR_NOOP("Account"));
    auto *af = new QFormLayout(account);
    // The provider the wizard works with, from its profile (the Provider… button changes it):
    // not typed, so it cannot disagree with where the dossier goes (#17 walk 18: empty while
    // connected to the sandbox).
    auto *provider = new QLineEdit(af->parentWidget());
    provider->setReadOnly(true);
    labelled(af, QT_TR_NOOP("Provider"), provider, "provider");
    addLoader([this, provider] {
        const QString name = providerName(store()->state().provider.profile);
        if (provider->text() != name) {
            provider->setText(name);
            provider->setCursorPosition(0);
        }
    });
    text(af, QT_TR_NOOP("Account ID"), "accountId", &D::accountId);
    combo(
        af, QT_TR_NOOP("Verification &type"), "verificationType", 2,
        [](const D &d) { return int(d.verificationType); },
        [](D &d, int i) { d.verificationType = D::VerificationType(i); });
    combo(
        af, QT_TR_NOOP("Verification &state"), "verificationState", 3,
        [](const D &d) { return int(d.verificationState); },
        [](D &d, int i) { d.verificationState = D::VerificationState(i); });
    check(af, QT_TR_NOOP("Training service activated"), "serviceActivated", &D::serviceActivated);
    check(af, QT_TR_NOOP("Used by a team"), "forTeam", &D::forTeam);
    text(af, QT_TR_NOOP("Sub-account"), "subAccount", &D::subAccount);
    text(af, QT_TR_NOOP("User group"), "userGroup", &D::userGroup);
    text(af, QT_TR_NOOP("Policy"), "policy", &D::policy);
    content->addWidget(account);

    // 1. Entity proof.
    auto *entity = group(host, "entityGroup", QT_TR_NOOP("1. Entity proof"));
    auto *ef = new QFormLayout(entity);
    attachmentRow(ef, QT_TR_NOOP("Li&cence or certificate"), "licenceFile", &D::licenceFile);
    attachmentRow(ef, QT_TR_NOOP("Operator's authori&zation"), "authorizationFile",
                  &D::authorizationFile);
    date(ef, QT_TR_NOOP("Authorization signed on"), "authorizationSigned", &D::authorizationSigned);
    date(ef, QT_TR_NOOP("Authorization valid until"), "authorizationValidUntil",
         &D::authorizationValidUntil);
    text(ef, QT_TR_NOOP("Signatory"), "signatory", &D::signatory);
    text(ef, QT_TR_NOOP("Applicant entity"), "applicantEntity", &D::applicantEntity);
    text(ef, QT_TR_NOOP("Using entity"), "usingEntity", &D::usingEntity);
    attachmentRow(ef, QT_TR_NOOP("Authorization from the using entity"), "entityAuthorizationFile",
                  &D::entityAuthorizationFile);
    auto *lead = new QSpinBox(entity);
    lead->setRange(0, 365);
    labelled(ef, QT_TR_NOOP("Expected review time"), lead, "reviewLeadDays");
    connect(lead, &QSpinBox::valueChanged, this, [this](int v) {
        if (!loading())
            m_form->update([&](D &d) { d.reviewLeadDays = v; });
    });
    addLoader([this, lead] { lead->setValue(m_form->data().reviewLeadDays); });
    content->addWidget(entity);

    // 2. Purpose statement.
    auto *purpose = group(host, "purposeGroup", QT_TR_NOOP("2. Purpose statement"));
    auto *pf = new QFormLayout(purpose);
    combo(
        pf, QT_TR_NOOP("K&ind of work"), "purposeKind", 4,
        [](const D &d) { return int(d.purposeKind); },
        [](D &d, int i) { d.purposeKind = PurposeKind(i); });
    text(pf, QT_TR_NOOP("&Model to train"), "modelName", &D::modelName,
         QStringLiteral("Qwen2.5-7B"));
    text(pf, QT_TR_NOOP("Model size"), "modelSize", &D::modelSize);
    text(pf, QT_TR_NOOP("&Data sources"), "dataSources", &D::dataSources);
    text(pf, QT_TR_NOOP("W&ho it serves"), "beneficiaries", &D::beneficiaries);
    text(pf, QT_TR_NOOP("Business value"), "businessValue", &D::businessValue);
    auto *statement = new QPlainTextEdit(purpose);
    statement->setTabChangesFocus(true);
    statement->setMinimumHeight(140);
    labelled(pf, QT_TR_NOOP("Stat&ement"), statement, "statement");
    connect(statement, &QPlainTextEdit::textChanged, this, [this, statement] {
        if (!loading())
            m_form->update([&](D &d) { d.statement = statement->toPlainText(); });
    });
    addLoader([this, statement] {
        if (statement->toPlainText() != m_form->data().statement)
            statement->setPlainText(m_form->data().statement);
    });
    m_length = new QLabel(purpose);
    m_length->setObjectName(QStringLiteral("statementLength"));
    pf->addRow(QString(), m_length);
    content->addWidget(purpose);

    // 3. Data compliance.
    auto *compliance = group(host, "complianceGroup", QT_TR_NOOP("3. Data compliance"));
    auto *cf = new QFormLayout(compliance);
    check(cf, QT_TR_NOOP("Cont&ains personal information"), "personalInfo", &D::personalInfo);
    text(cf, QT_TR_NOOP("How it is handled"), "personalInfoHandling", &D::personalInfoHandling);
    text(cf, QT_TR_NOOP("Restricted domains (empty: none)"), "restrictedDomains",
         &D::restrictedDomains);
    text(cf, QT_TR_NOOP("Retention period"), "retentionPeriod", &D::retentionPeriod);
    text(cf, QT_TR_NOOP("Destruction method"), "destructionMethod", &D::destructionMethod);
    content->addWidget(compliance);

    auto *findBox = group(host, "findingsGroup", QT_TR_NOOP("Findings"));
    auto *fl = new QVBoxLayout(findBox);
    m_findings = findingsList(findBox);
    fl->addWidget(m_findings);
    auto *exportRow = new QHBoxLayout;
    m_export = new QPushButton(findBox);
    m_export->setObjectName(QStringLiteral("exportPackage"));
    m_export->setAutoDefault(false);
    m_exportResult = new QLabel(findBox);
    m_exportResult->setObjectName(QStringLiteral("exportResult"));
    m_exportResult->setWordWrap(true);
    exportRow->addWidget(m_export);
    exportRow->addWidget(m_exportResult, 1);
    fl->addLayout(exportRow);
    content->addWidget(findBox);
    connect(m_export, &QPushButton::clicked, this, [this] {
        FileChooser::saveFile(
            this, tr("Save the submission package"), QStringLiteral("dossier.pdf"),
            tr("PDF (*.pdf)"), [this](QString base) {
                if (base.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
                    base.chop(4);
                const auto r = m_form->exportPackage(base);
                m_exportResult->setText(r ? tr("Saved %1.pdf and %1.json.").arg(base)
                                          : r.error().message);
            });
    });

    // The four groups read as one form: their fields start at one x.
    alignForms({af, ef, pf, cf});

    connect(m_form, &QualificationForm::changed, this, [this] {
        reload();
        refresh();
    });
    reload();
    setBuilt();
    retranslateForm();
}

void QualificationPage::retranslateForm()
{
    if (auto *provider = findChild<QLineEdit *>(QStringLiteral("provider")))
        provider->setText(providerName(store()->state().provider.profile));
    auto set = [this](const char *name, const QStringList &items) {
        if (auto *c = findChild<QComboBox *>(QLatin1String(name))) {
            for (int i = 0; i < items.size(); ++i)
                c->setItemText(i, items[i]);
        }
    };
    set("verificationType", {tr("Personal"), tr("Enterprise")});
    set("verificationState", {tr("Not verified"), tr("Under review"), tr("Verified")});
    set("purposeKind",
        {purposeKindLabel(PurposeKind::Pretraining), purposeKindLabel(PurposeKind::Finetuning),
         purposeKindLabel(PurposeKind::Evaluation), purposeKindLabel(PurposeKind::Inference)});
    for (QPushButton *b : std::as_const(m_browseButtons)) {
        b->setText(tr("Browse…"));
        b->setAccessibleName(tr("Choose a file"));
    }
    // Each row's note after Browse… gets the width of the longest it can say, so that the
    // buttons stand in one column whatever each row's file is (or whether it has one).
    int noteWidth = 0;
    for (auto [label, member] : std::as_const(m_attachmentInfo)) {
        Q_UNUSED(member);
        const QFontMetrics fm = label->fontMetrics();
        for (const QString &t : {tr("not found"), tr("cannot be read"),
                                 // The widest size the note shows: 999.99 MiB.
                                 tr("%1, %2", "a file's kind, its size")
                                     .arg(QStringLiteral("JPEG"),
                                          dataSizeText(1000LL * 1024 * 1024 - 1))})
            noteWidth = std::max(noteWidth, fm.horizontalAdvance(t));
    }
    for (auto [label, member] : std::as_const(m_attachmentInfo)) {
        Q_UNUSED(member);
        label->setMinimumWidth(noteWidth);
    }
    if (auto *lead = findChild<QSpinBox *>(QStringLiteral("reviewLeadDays")))
        lead->setSuffix(tr(" d", "days, after a number"));
    m_export->setText(tr("E&xport submission package…"));
    m_export->setAccessibleName(tr("Export submission package"));
    refresh();
}

QString QualificationPage::browseFrom(QString QualificationData::*member) const
{
    const QualificationData &d = m_form->data();
    if (!(d.*member).trimmed().isEmpty())
        return d.*member;
    // An empty field starts where the dossier's other documents are (walk 17: after the licence
    // was typed in, Browse for the authorization opened at the home folder).
    for (const auto &[label, other] : m_attachmentInfo) {
        const QFileInfo at((d.*other).trimmed());
        if (!(d.*other).trimmed().isEmpty() && at.absoluteDir().exists())
            return at.absolutePath() + u'/';
    }
    return {};
}

void QualificationPage::refresh()
{
    if (!isBuilt())
        return;
    for (auto [label, member] : std::as_const(m_attachmentInfo)) {
        const QString path = m_form->data().*member;
        const AttachmentInfo a = inspectAttachment(path);
        label->setText(path.isEmpty() ? QString()
                       : !a.exists    ? tr("not found")
                       : !a.readable  ? tr("cannot be read")
                                      : tr("%1, %2", "a file's kind, its size")
                                                .arg(fileKind(a.type), dataSizeText(a.bytes)));
    }
    // In the findings' words: "500 characters" alone read as English characters (walk 17).
    m_length->setText(tr("About %1 words; a page is about 250 words (500 characters in Chinese).")
                          .arg(qRound(statementLength(m_form->data().statement))));
    // After the review said yes, "ready to submit" read as if nothing had been sent (#17 walk).
    showFindings(m_findings, m_form->findings(),
                 store()->state().gate(GateId::Account).status == GateStatus::Passed
                     ? tr("No findings: the dossier is complete, and gate 1 has passed.")
                     : tr("No findings: the dossier is ready to submit."));
}

} // namespace onramp
