#pragma once

#include "Clock.h"
#include "Finding.h"
#include "ProviderLink.h"
#include "ResourcesGate.h"
#include "SetupChoices.h"

#include <QJsonObject>
#include <QObject>

#include <functional>
#include <optional>

namespace onramp {

class StateStore;
struct OnboardingState;

// What gate 4's "Create the instance" may do in a state, for the button and the gate alike.
// Gate 4 is accepted by a check on a running instance; releasing that instance afterwards (the
// first run's wrap-up, or by hand) does not undo the acceptance, which recorded that an
// instance of this spec starts, reads the data and writes output. Gates 5 and 6 run on a
// running instance, though: creating one again is for them, and leaves gate 4 as it is.
struct InstanceCreation
{
    bool allowed = false; // an instance type is chosen and no instance is up
    bool again = false;   // one was created and is released since
    // Translated, shown beside the button when `again`: what creating does to the gate and why
    // it is there; empty otherwise.
    QString note;
    // Translated, shown beside the button while it is on, and asked before it acts: today is
    // outside gate 3's granted period (instanceToCreateInGrant, the rule gate 4's finding reads
    // afterwards); empty inside it or with no grant.
    QString outsideGrant;
};
InstanceCreation instanceCreation(const OnboardingState &s,
                                   const QDate &today = clock::today());

// Gate 4's form: reads and writes ResourcesGateData in the store and computes everything the
// page shows from it — the memory breakdown and verdict, cards needed per card type, the
// throughput plan, and the findings. Pure computation except scanDataset(), which runs on a
// worker thread and reports back through datasetScanned().
class ResourcesForm : public QObject
{
    Q_OBJECT
public:
    explicit ResourcesForm(StateStore *store, QObject *parent = nullptr);

    const ResourcesGateData &data() const;
    // The instance's zone: the one chosen here, else gate 2's pool zone, where an instance
    // opens (the candidates and the run spec read an empty zone the same way).
    QString instanceZone() const;
    // The last create's tries at the provider, in order (ResourcesSteps).
    const QList<LaunchAttempt> &attempts() const;
    void update(const std::function<void(ResourcesGateData &)> &change);

    // The setup's list settings by position (SetupChoice says what each position means).
    int choiceIndex(SetupChoice choice) const;
    // Choosing a model means gate 1's model no longer decides.
    void choose(SetupChoice choice, int index);
    // The model is a bare parameter count, which setCustomParamsB() sets; ignored otherwise.
    bool isCustomModel() const;
    void setCustomParamsB(double paramsB);

    // The setup with its card count taken from the chosen instance type.
    TrainingSetup effectiveSetup() const;
    // The cards the run gets (onramp::runCards): the instance gate 4 opened, else the chosen
    // one, once, with all of its cards; and that in words for the page ("The run gets 1 card:
    // gate 4 creates and holds one instance of …"), empty while no instance type is chosen.
    RunCards runCards() const;
    QString runCardsText() const;
    // The card the estimate is judged against: chosen here, else gate 2's pool card, else the
    // card most teams start on.
    CardSpec card() const;
    // The card chosen here or gate 2's pool card; nullopt while neither is.
    std::optional<CardSpec> chosenCard() const;
    // Gate 2's pool card key: the instance types gate 4 may choose carry it; empty while unset.
    QString poolCard() const;
    MemoryBreakdown memory() const;
    // What the setup asks that the chosen card cannot compute (bf16, FP8, FlashAttention-2).
    std::optional<Unsupported> unsupported() const;
    Verdict verdict() const; // NotSupported before any memory verdict
    // The verdict in words: what the card cannot compute, else whether the setup fits.
    QString verdictText() const;
    // What to change, each step on top of the ones before; empty unless the setup does not fit.
    std::vector<Suggestion> suggestions() const;
    // How the page makes suggestion `index`: the settings of section 1 that its own change
    // (against the step before it) sets, which applySuggestion() sets; or, where the page
    // cannot (an instance type fixes the card count), what to change instead.
    struct SuggestionStep
    {
        bool applicable = false;
        QString where; // translated: "Sets Gradient checkpointing", or what to change instead
    };
    SuggestionStep suggestionStep(int index) const;
    // Makes suggestion `index`'s own change in the saved setup (the steps before it stay as
    // they are: the list is computed again from the new setup). False when the page cannot
    // make it, or there is no such suggestion.
    bool applySuggestion(int index);
    // What the last applySuggestion() changed, each setting from and to, and the memory per
    // card before and after: "Applied: Micro-batch per card 4 → 2, Gradient checkpointing
    // none → full: 61.2 → 38.0 GiB per card." (#17 walk: after Apply nothing said what
    // changed). Empty once gate 4 changes again, or before any Apply.
    QString appliedChange() const;

    // Why a setting of the setup cannot be edited, and how to make it editable; empty while it
    // can. The instance type fixes the job's card count and the card it is judged against.
    QString cardCountLock() const;
    QString cardLock() const;

    // "Also try"'s example: instance types of gate 2's pool card (the chosen instance's card
    // before a pool is attached) other than the chosen one, as the field takes them
    // ("gpu.a100-80g.1"); empty when the catalog has none (#17 walk: the example offered
    // gpu.h100.8 to an A100 pool, whose quota cannot open it).
    QString alternativesExample() const;
    // The alternatives entered that the pool's quota cannot open (another card type, another
    // zone), each with why and what it would take; the create step skips them.
    QStringList alternativesOutsidePool() const;
    // Cards needed on each catalog card; -1 where the card cannot run the setup.
    int cardsNeeded(const CardSpec &card) const;
    // The card count as the card table says it. Sharding makes the model's states as small as
    // wanted, but not the activations of one micro-batch: where those (with the context) take
    // more than the comfortable share of the card, any count is "tight" at best, bought with
    // sharding over absurdly many cards (a walk saw an A100 40GB "need 216", its activations
    // mostly the logits). The table then leads with the count after the cheapest step that
    // shrinks activations enough: a chunked loss, then full checkpointing on top.
    struct CardCount
    {
        int cards = 0;                // -1 not supported, 0 does not fit on any count
        bool activationsFill = false; // the unshardable part alone passes the comfortable share
        double unshardableGiB = 0;    // activations and context per card at that count
        QString cheaperStep;          // translated: "a chunked loss"; empty when none helps
        int withCheaperStep = 0;      // cards after that step
        // The count holds only with the model states sharded over the cards (FSDP / ZeRO-3),
        // which the job as set (data parallel, each card the whole model) does not do.
        bool needsSharding = false;
    };
    CardCount cardCount(const CardSpec &card) const;
    // Where a catalog card's figures come from, in the user's language.
    static QString sourceQuality(const CardSpec &card);
    std::expected<ThroughputResult, Error> throughput() const;
    // Hours as gate 3 is given them: up to the tenth its field shows.
    static double quotaHours(double hours);
    Findings findings() const;
    // The last dataset scan's findings: the page's own, not saved (GateForm::setLocalFindings).
    Findings scanFindings() const;

    // Until a model is picked on gate 4 (and while gate 4 is not passed), gate 4 estimates
    // for the catalog model gate 1's purpose statement names. True when it changed the model.
    // Runs on every change of the store.
    bool followQualificationModel();
    // Until gate 4 is first opened, its job's card count is gate 3's cards per run (#17 walk:
    // gate 3 planned 4 cards, gate 4 started from 1). True when it changed the count.
    bool followQuotaCards();

    // "Use these cards and hours": writes the throughput plan into gate 3's derivation and
    // gate 4's own job by one rule (applyThroughputToQuota).
    bool feedQuota();
    // The one rule of that button (walk 19: it set gate 3 to 8 cards per run and left this
    // job's "Cards in the job" at 4, then warned that gate 3 plans 8 and asked to change the
    // job): gate 3's cards per run and hours per round are the plan's; the job's own card count
    // follows while the run's cards are that count (no catalog instance type chosen or held:
    // runCards), so the button never leaves the cards.differ_from_plan it warns about; and a
    // peak window with fewer cards than one run takes is raised to one run's
    // (quota.peak_below_run). Returns nothing; the state as changed is the answer.
    static void applyThroughputToQuota(OnboardingState &s, const ThroughputResult &t);
    // What feedQuota() would change on a passed gate 3, to be confirmed first (#17 walk 18: it
    // replaced a passed gate 3's plan silently, and sent the gate back): the cards and hours per
    // round before and after, whether gate 3 then goes back to in progress (a trial of the
    // ledger's rules on the new numbers), and all of it in words. Nullopt while gate 3 is not
    // passed or there is no throughput plan: feedQuota() needs no confirmation then.
    struct QuotaReplacement
    {
        int cardsBefore = 0, cardsAfter = 0;
        double hoursBefore = 0, hoursAfter = 0;
        int jobCardsBefore = 0, jobCardsAfter = 0; // gate 4's "Cards in the job"
        int peaksRaised = 0;                       // peak windows raised to one run's cards
        bool reopens = false;
        QString text; // translated
    };
    std::optional<QuotaReplacement> quotaReplacement() const;

    void scanDataset(const QString &path);
    bool isScanning() const { return m_scanning; }
    std::optional<DatasetScan> lastScan() const { return m_scan; }

signals:
    void changed();
    void datasetScanned();

private:
    StateStore *m_store;
    // The last Apply's words and the gate's data just after it (appliedChange()).
    QString m_applied;
    QJsonObject m_appliedData;
    bool m_scanning = false;
    std::optional<DatasetScan> m_scan;
};

} // namespace onramp
