#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;

namespace onramp {

class Banner;
class Language;
class StateStore;

// The wizard's side panel: every page with its gate's status, a jump list, the language
// switch, and a banner for problems with the saved state.
class GateSidebar : public QWidget
{
    Q_OBJECT
public:
    GateSidebar(StateStore *store, Language *language, QWidget *parent = nullptr);

    void setCurrentPage(int pageId);
    Banner *banner() const { return m_banner; }

signals:
    void pageRequested(int pageId);

protected:
    void changeEvent(QEvent *e) override;

private:
    void refresh();

    StateStore *m_store;
    Language *m_language;
    QListWidget *m_list;
    QLabel *m_languageLabel;
    QComboBox *m_languageCombo;
    Banner *m_banner;
};

} // namespace onramp
