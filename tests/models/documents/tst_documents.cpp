// The documents wing (models/documents): the two PDFs Onramp renders for people, the dossier's
// submission package and the handoff checklist. The one test of models/ that needs Qt Gui.
#include "Documents.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace onramp;

class TestDocuments : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static QualificationData dossier()
    {
        QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/qualification.json"));
        f.open(QIODevice::ReadOnly);
        QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        o["licenceFile"] =
            QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/attachments/licence.pdf");
        o["authorizationFile"] =
            QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/attachments/authorization.pdf");
        return *QualificationData::fromJson(o);
    }

private slots:
    void submissionPackage()
    {
        const QString base = m_dir.filePath("dossier");
        QVERIFY(writeSubmissionPackage(dossier(), base).has_value());
        QFile pdf(base + ".pdf");
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QVERIFY(pdf.size() > 2000);
        QFile json(base + ".json");
        QVERIFY(json.open(QIODevice::ReadOnly));
        QCOMPARE(*QualificationData::fromJson(QJsonDocument::fromJson(json.readAll()).object()),
                 dossier());
        const AttachmentInfo a = inspectAttachment(dossier().licenceFile);
        QVERIFY(a.readable);
        QCOMPARE(a.type, QStringLiteral("application/pdf"));
    }

    void handoffChecklist()
    {
        RunSpec s;
        s.image = {QStringLiteral("pytorch"), QStringLiteral("2.4"), QString()};
        const QString path = m_dir.filePath("handoff.pdf");
        QVERIFY(exportHandoffPdf(s, path).has_value());
        QFile pdf(path);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        // A folder that cannot be written says so instead of pretending.
        const auto refused = exportHandoffPdf(s, m_dir.filePath("no/such/folder/handoff.pdf"));
        QVERIFY(!refused.has_value());
        QCOMPARE(refused.error().kind, Error::Kind::Io);
    }
};

QTEST_MAIN(TestDocuments)
#include "tst_documents.moc"
