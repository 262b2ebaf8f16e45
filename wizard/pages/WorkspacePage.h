#pragma once

#include "FormGatePage.h"
#include "WorkspaceGate.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QTableWidget;

namespace onramp {

class WorkspaceForm;

// Gate 2: create the workspace → attach the quota pool (card type, region and zone, chosen from
// the provider's) → add members with roles, in that order; the
// permission matrix; and the team lead's review (filterable table, diff since the last review,
// mark reviewed, export).
class WorkspacePage : public FormGatePage
{
    Q_OBJECT
public:
    WorkspacePage(StateStore *store, QWidget *parent = nullptr);
    WorkspaceForm *workspace() const { return m_form; }

protected:
    void buildContent(QVBoxLayout *content) override;
    void retranslateForm() override;

private:
    void refresh();
    // Tints the members table's cells the findings name (memberCellsNamed), not the table.
    void tintMembers(const Findings &findings);
    // Create and Attach send what their fields say: off while the provider holds exactly that.
    void updateStepButtons();
    QuotaPool poolInFields() const;
    // The provider's regions and zones as choices (free text while it has not said).
    void offerRegions();
    void showStock();
    // Each card type the chosen zone has none of free says so (#17 walk).
    void labelCards();
    // Each region in the list says what its zones hold free together (#17 polish: no stock
    // showed until a zone was chosen).
    void labelRegions();
    void loadMembers();
    // Makes the member's name the current cell and opens it for typing, the table focused.
    void editMemberName(int member);
    void loadMatrix();
    void exportReview(bool markdown);
    void writeReview(const QString &path, bool markdown);

    WorkspaceForm *m_form;
    QLineEdit *m_name = nullptr;
    QPushButton *m_create = nullptr;
    QComboBox *m_region = nullptr;
    QComboBox *m_zone = nullptr;
    QComboBox *m_card = nullptr;
    QLabel *m_stock = nullptr;
    QPushButton *m_attach = nullptr;
    QLabel *m_steps = nullptr;
    QStackedWidget *m_planNote = nullptr; // what the provider still does; its place kept
    QLabel *m_planned = nullptr;
    QLabel *m_held = nullptr;
    QLabel *m_membersToSend = nullptr; // held, but the table's members are not the provider's
    QLineEdit *m_filter = nullptr;
    QTableWidget *m_members = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_import = nullptr;
    QLabel *m_addWhy = nullptr; // why Add member is off, and what to do first
    QLabel *m_importResult = nullptr;
    QTableWidget *m_matrix = nullptr;
    QLabel *m_prediction = nullptr;
    QPlainTextEdit *m_diff = nullptr;
    QLineEdit *m_reviewer = nullptr;
    QPushButton *m_markReviewed = nullptr;
    QPushButton *m_exportCsv = nullptr;
    QPushButton *m_exportMd = nullptr;
    QLabel *m_reviewStatus = nullptr;
    QListWidget *m_findings = nullptr;
    QString m_zonesOf; // the region whose zones m_zone offers
    bool m_filling = false;
};

} // namespace onramp
