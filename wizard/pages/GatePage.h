#pragma once

#include "GateTypes.h"
#include "Text.h"

#include <QPointer>
#include <QWizardPage>

#include <functional>

class QScrollArea;
class QVBoxLayout;

namespace onramp {

class Banner;
class GateForm;
class ProviderHub;
class StateStore;

// One gate: its card (definition, status, recording) and the area the gate's own forms fill.
// Next is allowed only when the following gate's entry condition is met.
class GatePage : public QWizardPage
{
    Q_OBJECT
public:
    GatePage(GateId gate, StateStore *store, QWidget *parent = nullptr);

    GateId gate() const { return m_gate; }
    GateForm *form() const { return m_form; }
    // The area the gate's own forms fill. Built on first visit, so that startup lays out only
    // the page the user sees (QWizard sizes itself over every page).
    QVBoxLayout *contentLayout()
    {
        ensureBuilt();
        return m_content;
    }

    // The provider the gate's operations run on (its panel is built with the page).
    void setProviderHub(ProviderHub *hub) { m_hub = hub; }

    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    // Why Next may not proceed from this gate (the next gate's entry condition, in words);
    // empty when it may.
    Text refusal() const;
    StateStore *store() const { return m_store; }

protected:
    void changeEvent(QEvent *e) override;
    ProviderHub *hub() const { return m_hub; }
    // Runs `then` once, when a provider session is there and idle: now, or at the first status
    // or busy change that finds it so (not merely at the first change: "connecting" comes
    // first). Nothing runs if `context` goes first.
    void whenProviderReady(QObject *context, std::function<void()> then);
    // Gate pages with forms of their own add them here, on first visit.
    virtual void buildContent(QVBoxLayout *content) { Q_UNUSED(content); }

private:
    void retranslate();
    void refresh();
    void ensureBuilt();
    // Lays the page out now (keepRecorderInView).
    static void layOutNow();
    // Keeps the recorder's "Record status" in view when the status chosen changes (#17 walk:
    // choosing Passed showed its rows above the button and pushed it below the page's edge).
    void keepRecorderInView();

    GateId m_gate;
    StateStore *m_store;
    GateForm *m_form;
    Banner *m_refusal = nullptr;
    QScrollArea *m_scroll = nullptr;
    bool m_lastComplete = false;
    GateStatus m_shownTarget = GateStatus::NotStarted; // the recorder's choice, as last seen
    QVBoxLayout *m_content = nullptr;
    ProviderHub *m_hub = nullptr;
};

} // namespace onramp
