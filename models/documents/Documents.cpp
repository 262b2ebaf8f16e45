#include "Documents.h"

#include "Tr.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>

namespace onramp {

namespace {

QString iso(const QDate &d)
{
    return d.isValid() ? d.toString(Qt::ISODate) : QString();
}

} // namespace

std::expected<void, Error> writeSubmissionPackage(const QualificationData &d,
                                                  const QString &basePath)
{
    auto esc = [](const QString &s) {
        return s.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>"));
    };
    const auto row = [&](const QString &k, const QString &v) {
        return QStringLiteral("<tr><td width='32%'><b>%1</b></td><td>%2</td></tr>")
            .arg(esc(k), esc(v));
    };
    const auto file = [](const QString &path) {
        const AttachmentInfo a = inspectAttachment(path);
        return a.exists ? Tr::tr("%1 (%2, %3)", "a file: its name (its kind, its size)")
                              .arg(QFileInfo(path).fileName(), a.type, dataSizeText(a.bytes))
                        : Tr::tr("missing");
    };
    QString html = QStringLiteral("<html><body style='font-size:10pt'>");
    html += QStringLiteral("<h1>%1</h1>").arg(esc(Tr::tr("Qualification dossier")));
    html += QStringLiteral("<p>%1</p>")
                .arg(esc(Tr::tr("Provider: %1 · account %2").arg(d.provider, d.accountId)));
    html +=
        QStringLiteral("<h2>%1</h2><table cellpadding='4'>").arg(esc(Tr::tr("1. Entity proof")));
    html += row(Tr::tr("Applicant entity"), d.applicantEntity);
    html += row(Tr::tr("Using entity"), d.usingEntity);
    html += row(Tr::tr("Licence or certificate"), file(d.licenceFile));
    html += row(Tr::tr("Operator's authorization"), file(d.authorizationFile));
    html += row(
        Tr::tr("Signed / valid until"),
        QStringLiteral("%1 / %2").arg(iso(d.authorizationSigned), iso(d.authorizationValidUntil)));
    html += row(Tr::tr("Signatory"), d.signatory);
    if (d.applicantEntity != d.usingEntity)
        html += row(Tr::tr("Authorization from the using entity"), file(d.entityAuthorizationFile));
    html += QStringLiteral("</table><h2>%1</h2><table cellpadding='4'>")
                .arg(esc(Tr::tr("2. Purpose statement")));
    html += row(Tr::tr("Kind of work"), purposeKindLabel(d.purposeKind));
    html += row(Tr::tr("Model"), Tr::aside(d.modelName, d.modelSize));
    html += row(Tr::tr("Data sources"), d.dataSources);
    html += row(Tr::tr("Who it serves"), d.beneficiaries);
    html += row(Tr::tr("Business value"), d.businessValue);
    html += QStringLiteral("</table><p>%1</p>").arg(esc(d.statement));
    html +=
        QStringLiteral("<h2>%1</h2><table cellpadding='4'>").arg(esc(Tr::tr("3. Data compliance")));
    html += row(Tr::tr("Personal information"), d.personalInfo ? Tr::tr("yes") : Tr::tr("no"));
    if (d.personalInfo)
        html += row(Tr::tr("How it is handled"), d.personalInfoHandling);
    html += row(Tr::tr("Restricted domains"),
                d.restrictedDomains.isEmpty() ? Tr::tr("none") : d.restrictedDomains);
    html += row(Tr::tr("Retention period"), d.retentionPeriod);
    html += row(Tr::tr("Destruction method"), d.destructionMethod);
    html += QStringLiteral("</table></body></html>");

    const QString pdfPath = basePath + QStringLiteral(".pdf");
    const QString jsonPath = basePath + QStringLiteral(".json");
    {
        QPdfWriter pdf(pdfPath);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        pdf.setResolution(150);
        pdf.setTitle(Tr::tr("Qualification dossier"));
        QTextDocument doc;
        doc.setHtml(html);
        doc.setPageSize(QSizeF(pdf.width(), pdf.height()));
        doc.print(&pdf);
    }
    if (QFileInfo(pdfPath).size() == 0)
        return std::unexpected(
            Error{Error::Kind::Io,
                  Tr::tr("Could not write %1. Choose a folder you can write to.").arg(pdfPath),
                  QString()});
    QSaveFile json(jsonPath);
    if (!json.open(QIODevice::WriteOnly))
        return std::unexpected(
            Error{Error::Kind::Io,
                  Tr::tr("Could not write %1. Choose a folder you can write to.").arg(jsonPath),
                  json.errorString()});
    json.write(QJsonDocument(d.toJson()).toJson(QJsonDocument::Indented));
    if (!json.commit())
        return std::unexpected(
            Error{Error::Kind::Io,
                  Tr::tr("Could not write %1. Choose a folder you can write to.").arg(jsonPath),
                  json.errorString()});
    return {};
}

std::expected<void, Error> exportHandoffPdf(const RunSpec &spec, const QString &path)
{
    QPdfWriter pdf(path);
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setTitle(Tr::tr("Handoff checklist"));
    QTextDocument doc;
    doc.setMarkdown(exportHandoffMarkdown(spec));
    doc.print(&pdf);
    if (!QFile::exists(path)) {
        Error e;
        e.kind = Error::Kind::Io;
        e.message = Tr::tr("Cannot write %1.").arg(path);
        e.details = path;
        return std::unexpected(e);
    }
    return {};
}

} // namespace onramp
