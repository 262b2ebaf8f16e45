#pragma once

#include "ResourcesSection.h"

class QTableWidget;

namespace onramp {

// 3. The smallest card count for the setup on each catalog card, with where the card's figures
// come from.
class CardCountSection : public ResourcesSection
{
    Q_OBJECT
public:
    CardCountSection(ResourcesForm *form, QWidget *parent);

protected:
    void refresh() override;
    void retranslate() override;
    // The rows' heights follow the table's width (wrapped cells).
    bool eventFilter(QObject *watched, QEvent *e) override;

private:
    void fitRows();

    QTableWidget *m_cardsNeeded = nullptr;
};

} // namespace onramp
