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

private:
    void fitRows();

    QTableWidget *m_cardsNeeded = nullptr;
    bool m_refitting = false; // a fit after the columns' new widths is on its way
};

} // namespace onramp
