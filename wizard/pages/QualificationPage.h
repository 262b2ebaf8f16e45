#pragma once

#include "FormGatePage.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace onramp {

class QualificationForm;
struct QualificationData;

// Gate 1: the account, then the three materials of the dossier as structured forms with
// attachments, their findings, and the submission package.
class QualificationPage : public FormGatePage
{
    Q_OBJECT
public:
    QualificationPage(StateStore *store, QWidget *parent = nullptr);
    QualificationForm *qualification() const { return m_form; }

protected:
    void buildContent(QVBoxLayout *content) override;
    void retranslateForm() override;

private:
    void refresh();
    QWidget *attachmentRow(class QFormLayout *form, const char *caption, const char *objectName,
                           QString QualificationData::*member);

    QualificationForm *m_form;
    QListWidget *m_findings = nullptr;
    QLabel *m_length = nullptr;
    QPushButton *m_export = nullptr;
    QLabel *m_exportResult = nullptr;
    QList<std::pair<QLabel *, QString QualificationData::*>> m_attachmentInfo;
    // Where Browse opens for an attachment: its own file, else its siblings' folder.
    QString browseFrom(QString QualificationData::*member) const;
    QList<QPushButton *> m_browseButtons;
};

} // namespace onramp
