#pragma once

#include "GateForm.h"

#include <QHash>
#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QLayout;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace onramp {

class Banner;

// The gate card: entry condition, output, acceptor and acceptance checks (from the gate's
// definition), its status with who and when, and the controls to record a status change.
// Binds widgets to a GateForm and holds no state of its own.
class GateCard : public QWidget
{
    Q_OBJECT
public:
    explicit GateCard(GateForm *form, QWidget *parent = nullptr);

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();
    void refresh();
    QLineEdit *addField(GateForm::Field f, const char *objectName);

    GateForm *m_form;
    QLabel *m_entryLabel;
    QLabel *m_entryState;
    QLabel *m_outputLabel;
    QLabel *m_acceptorLabel;
    QLabel *m_checksLabel;
    QLabel *m_statusLabel;
    QComboBox *m_statusChoice;
    QFormLayout *m_recordForm;
    QHash<GateForm::Field, QLineEdit *> m_fields;
    QHash<GateForm::Field, QLabel *> m_issues;
    QHash<GateForm::Field, QLayout *> m_rows;
    QHash<GateForm::Field, QLabel *> m_fieldCaptions;
    QPushButton *m_record;
    Banner *m_recordBanner;
    QPlainTextEdit *m_notes;
    QLabel *m_notesLabel;
    QList<QLabel *> m_captions;
    bool m_rowsInitialised = false;
    // The choice and the record's status the hint lines were laid out for.
    GateStatus m_shownTarget = GateStatus::NotStarted;
    GateStatus m_shownStatus = GateStatus::NotStarted;
};

} // namespace onramp
