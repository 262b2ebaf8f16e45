#include "ResourcesForm.h"

#include "Clock.h"
#include "GateLedger.h"
#include "ProviderStates.h"
#include "StateStore.h"
#include "Tr.h"

#include <QCoreApplication>
#include <QLocale>
#include <QPointer>
#include <QThreadPool>

#include <cmath>
#include <limits>

namespace onramp {

ResourcesForm::ResourcesForm(StateStore *store, QObject *parent) : QObject(parent), m_store(store)
{
    connect(store, &StateStore::changed, this, [this] {
        // Each follow's own update signals again (and runs the other follow then).
        if (!followQualificationModel() && !followQuotaCards())
            emit changed();
    });
    if (!followQualificationModel())
        followQuotaCards();
}

bool ResourcesForm::followQuotaCards()
{
    const OnboardingState &s = m_store->state();
    const TrainingSetup &setup = s.resources.choice.setup;
    const int planned = s.quota.cardsPerRun;
    // Until gate 4 is first opened its job follows gate 3's count; from then on the user's
    // count (or instance type) stands, and a difference is the finding cards.differ_from_plan.
    if (s.gate(GateId::Resources).status != GateStatus::NotStarted ||
        !s.resources.choice.instance.isEmpty() || planned <= 0 || planned == setup.gpus ||
        planned % std::max(1, setup.tp * setup.pp) != 0)
        return false;
    m_store->update([&](OnboardingState &st) { st.resources.choice.setup.gpus = planned; });
    return true;
}

bool ResourcesForm::followQualificationModel()
{
    const OnboardingState &s = m_store->state();
    if (s.resources.modelPicked || s.gate(GateId::Resources).status == GateStatus::Passed)
        return false;
    const std::optional<ModelSpec> named = findModelMentioned(s.account.modelName);
    if (!named || named->key == s.resources.choice.setup.model.key)
        return false;
    m_store->update([&](OnboardingState &st) { st.resources.choice.setup.model = *named; });
    return true;
}

const ResourcesGateData &ResourcesForm::data() const
{
    return m_store->state().resources;
}

QString ResourcesForm::instanceZone() const
{
    return zoneOrPool(data().choice.instanceZone, m_store->state().workspace.pool.zone);
}

const QList<LaunchAttempt> &ResourcesForm::attempts() const
{
    return m_store->state().provider.attempts;
}

void ResourcesForm::update(const std::function<void(ResourcesGateData &)> &change)
{
    m_store->update([&](OnboardingState &s) {
        change(s.resources);
        // Record the environment the run spec needs whenever instance or image change.
        recordEnvironment(s.resources);
    });
}

int ResourcesForm::choiceIndex(SetupChoice choice) const
{
    return onramp::choiceIndex(choice, data().choice.setup);
}

void ResourcesForm::choose(SetupChoice choice, int index)
{
    update([&](ResourcesGateData &d) {
        if (choice == SetupChoice::Model)
            d.modelPicked = true; // from now on gate 1's model no longer decides
        applyChoice(choice, index, d.choice.setup);
    });
}

bool ResourcesForm::isCustomModel() const
{
    return choiceIndex(SetupChoice::Model) == int(modelCatalog().size());
}

void ResourcesForm::setCustomParamsB(double paramsB)
{
    if (isCustomModel())
        update([&](ResourcesGateData &d) { d.choice.setup.model = modelFromParams(paramsB); });
}

TrainingSetup ResourcesForm::effectiveSetup() const
{
    return onramp::effectiveSetup(data());
}

RunCards ResourcesForm::runCards() const
{
    return onramp::runCards(data(), m_store->state().provider.instanceType);
}

QString ResourcesForm::runCardsText() const
{
    return onramp::runCardsText(runCards(), data().catalog);
}

CardSpec ResourcesForm::card() const
{
    if (auto c = chosenCard())
        return *c;
    if (auto c = findCard(QStringLiteral("a100-80g")))
        return *c;
    return cardCatalog().front();
}

std::optional<CardSpec> ResourcesForm::chosenCard() const
{
    for (const QString &key : {data().cardKey, m_store->state().workspace.pool.cardType}) {
        if (auto c = findCard(key))
            return c;
    }
    return std::nullopt;
}

QString ResourcesForm::poolCard() const
{
    return m_store->state().workspace.pool.cardType;
}

MemoryBreakdown ResourcesForm::memory() const
{
    return MemoryEstimator::estimate(effectiveSetup());
}

std::optional<Unsupported> ResourcesForm::unsupported() const
{
    return MemoryEstimator::unsupported(effectiveSetup(), card());
}

Verdict ResourcesForm::verdict() const
{
    return MemoryEstimator::verdict(effectiveSetup(), card());
}

QString ResourcesForm::verdictText() const
{
    if (const auto u = unsupported())
        return u->text();
    return onramp::verdictText(verdict());
}

std::vector<Suggestion> ResourcesForm::suggestions() const
{
    if (verdict() != Verdict::DoesNotFit)
        return {};
    return MemoryEstimator::suggestions(effectiveSetup(), card());
}

namespace {

// One setting a suggestion may change: its caption as section 1 shows it, whether two setups
// differ in it, and how to carry it from one to the other.
struct SuggestedSetting
{
    const char *caption;
    bool (*differs)(const TrainingSetup &, const TrainingSetup &);
    void (*copy)(const TrainingSetup &from, TrainingSetup &into);
    QString (*value)(const TrainingSetup &); // translated, as section 1 shows it
};

QString onOff(bool on)
{
    return on ? Tr::tr("on", "a setting") : Tr::tr("off", "a setting");
}

// A list setting's value as its combo box shows it.
QString listed(SetupChoice choice, const TrainingSetup &s)
{
    const QStringList labels = choiceLabels(choice);
    const int i = choiceIndex(choice, s);
    return i >= 0 && i < labels.size() ? labels[i] : QString();
}

// In section 1's order. The card count is not here: it is the instance type's, when one is
// chosen (suggestionStep says so).
const SuggestedSetting kSuggestedSettings[] = {
    {QT_TRANSLATE_NOOP("Onramp", "Method"),
     [](const TrainingSetup &a, const TrainingSetup &b) {
         return a.method != b.method || a.loraRank != b.loraRank;
     },
     [](const TrainingSetup &f, TrainingSetup &t) {
         t.method = f.method;
         t.loraRank = f.loraRank;
     },
     [](const TrainingSetup &s) { return listed(SetupChoice::Method, s); }},
    {QT_TRANSLATE_NOOP("Onramp", "Micro-batch per card"),
     [](const TrainingSetup &a, const TrainingSetup &b) { return a.microBatch != b.microBatch; },
     [](const TrainingSetup &f, TrainingSetup &t) {
         t.microBatch = f.microBatch;
         t.gradAccumulation = f.gradAccumulation;
     },
     [](const TrainingSetup &s) { return QLocale().toString(s.microBatch); }},
    {QT_TRANSLATE_NOOP("Onramp", "Chunked loss"),
     [](const TrainingSetup &a, const TrainingSetup &b) { return a.chunkedLoss != b.chunkedLoss; },
     [](const TrainingSetup &f, TrainingSetup &t) { t.chunkedLoss = f.chunkedLoss; },
     [](const TrainingSetup &s) { return onOff(s.chunkedLoss); }},
    {QT_TRANSLATE_NOOP("Onramp", "Gradient checkpointing"),
     [](const TrainingSetup &a, const TrainingSetup &b) {
         return a.checkpointing != b.checkpointing;
     },
     [](const TrainingSetup &f, TrainingSetup &t) { t.checkpointing = f.checkpointing; },
     [](const TrainingSetup &s) { return listed(SetupChoice::Checkpointing, s); }},
    {QT_TRANSLATE_NOOP("Onramp", "FlashAttention-2 / fused attention"),
     [](const TrainingSetup &a, const TrainingSetup &b) {
         return a.flashAttention != b.flashAttention;
     },
     [](const TrainingSetup &f, TrainingSetup &t) { t.flashAttention = f.flashAttention; },
     [](const TrainingSetup &s) { return onOff(s.flashAttention); }},
    {QT_TRANSLATE_NOOP("Onramp", "Data-parallel sharding"),
     [](const TrainingSetup &a, const TrainingSetup &b) {
         return a.zeroStage != b.zeroStage || a.fsdp != b.fsdp;
     },
     [](const TrainingSetup &f, TrainingSetup &t) {
         t.zeroStage = f.zeroStage;
         t.fsdp = f.fsdp;
     },
     [](const TrainingSetup &s) { return listed(SetupChoice::Sharding, s); }},
    {QT_TRANSLATE_NOOP("Onramp", "Offload activations"),
     [](const TrainingSetup &a, const TrainingSetup &b) {
         return a.offloadActivations != b.offloadActivations;
     },
     [](const TrainingSetup &f, TrainingSetup &t) { t.offloadActivations = f.offloadActivations; },
     [](const TrainingSetup &s) { return onOff(s.offloadActivations); }},
    {QT_TRANSLATE_NOOP("Onramp", "CPU offload"),
     [](const TrainingSetup &a, const TrainingSetup &b) { return a.offload != b.offload; },
     [](const TrainingSetup &f, TrainingSetup &t) { t.offload = f.offload; },
     [](const TrainingSetup &s) { return listed(SetupChoice::Offload, s); }},
};

} // namespace

ResourcesForm::SuggestionStep ResourcesForm::suggestionStep(int index) const
{
    const std::vector<Suggestion> list = suggestions();
    if (index < 0 || index >= int(list.size()))
        return {};
    const TrainingSetup &before = index == 0 ? effectiveSetup() : list[index - 1].setup;
    const TrainingSetup &after = list[index].setup;
    if (after.gpus != before.gpus && !data().choice.instance.isEmpty())
        return {false, Tr::tr("The instance type fixes the card count: choose one with %n "
                              "card(s) or more under “5. Instance type and image”.",
                              nullptr, after.gpus)};
    QStringList fields;
    for (const SuggestedSetting &s : kSuggestedSettings)
        if (s.differs(before, after))
            fields << Tr::tr(s.caption);
    if (after.gpus != before.gpus)
        fields << Tr::tr("Cards in the job");
    if (fields.isEmpty())
        return {};
    return {true, Tr::tr("Sets %1 in “1. Model and training setup”.")
                      .arg(fields.join(Tr::tr(", ", "list separator")))};
}

bool ResourcesForm::applySuggestion(int index)
{
    if (!suggestionStep(index).applicable)
        return false;
    const std::vector<Suggestion> list = suggestions();
    const TrainingSetup before = index == 0 ? effectiveSetup() : list[index - 1].setup;
    const TrainingSetup after = list[index].setup;
    const TrainingSetup was = effectiveSetup();
    const double wasGiB = memory().totalGiB();
    QStringList changes;
    for (const SuggestedSetting &s : kSuggestedSettings)
        if (s.differs(before, after))
            changes << Tr::tr("%1 %2 → %3", "a setting, its value before and after")
                           .arg(Tr::tr(s.caption), s.value(was), s.value(after));
    if (after.gpus != before.gpus)
        changes << Tr::tr("%1 %2 → %3", "a setting, its value before and after")
                       .arg(Tr::tr("Cards in the job"))
                       .arg(was.gpus)
                       .arg(after.gpus);
    update([&](ResourcesGateData &d) {
        for (const SuggestedSetting &s : kSuggestedSettings)
            if (s.differs(before, after))
                s.copy(after, d.choice.setup);
        if (after.gpus != before.gpus) // no instance type: the job's own count
            d.choice.setup.gpus = after.gpus;
    });
    const QLocale locale;
    m_applied = Tr::tr("Applied: %1: %2 → %3 GiB per card.")
                    .arg(Tr::list(changes), locale.toString(wasGiB, 'f', 1),
                         locale.toString(memory().totalGiB(), 'f', 1));
    m_appliedData = data().toJson();
    emit changed(); // the store's change came before the words
    return true;
}

QString ResourcesForm::appliedChange() const
{
    return !m_applied.isEmpty() && data().toJson() == m_appliedData ? m_applied : QString();
}

QString ResourcesForm::cardCountLock() const
{
    const InstanceType *t = data().catalog.instance(data().choice.instance);
    if (!t)
        return {};
    return Tr::tr("Set by the instance type %1: %n card(s). To plan another count, choose "
                  "another instance type under “5. Instance type and image”, or “(choose)” "
                  "there to set the count here.",
                  nullptr, effectiveSetup().gpus)
        .arg(t->name);
}

QString ResourcesForm::cardLock() const
{
    const InstanceType *t = data().catalog.instance(data().choice.instance);
    if (!t)
        return {};
    return Tr::tr("Set by the instance type %1: its cards are %2. To judge against another "
                  "card, choose another instance type under “5. Instance type and image”, or "
                  "“(choose)” there to pick the card here.")
        .arg(t->name, cardName(t->card));
}

QString ResourcesForm::alternativesExample() const
{
    const ResourcesGateData &d = data();
    const InstanceType *chosen = d.catalog.instance(d.choice.instance);
    const QString card = !poolCard().isEmpty() ? poolCard() : chosen ? chosen->card : QString();
    if (card.isEmpty())
        return {};
    QStringList keys;
    for (const InstanceType &t : d.catalog.instances())
        if (t.card == card && t.key != d.choice.instance)
            keys << t.key;
    return keys.join(QStringLiteral(", "));
}

QStringList ResourcesForm::alternativesOutsidePool() const
{
    const WorkspaceData &w = m_store->state().workspace;
    // Only where it lies, not what is left of the quota: that is read when creating.
    const QuotaStanding pool{std::numeric_limits<double>::max(), w.pool.zone, w.pool.cardType};
    QStringList out;
    for (const Candidate &c : data().choice.alternatives) {
        const Candidate at{c.instance, zoneOrPool(c.zone, w.pool.zone)};
        const QString why = quotaSkip(at, data().catalog, pool, 0);
        if (!why.isEmpty())
            out << Tr::tr("%1 is outside the pool (%2): creating skips it. To try it, attach a "
                          "pool for it in gate 2 and apply for its quota in gate 3.")
                       .arg(c.zone.isEmpty() ? c.instance : c.instance + u'@' + c.zone, why);
    }
    return out;
}

InstanceCreation instanceCreation(const OnboardingState &s, const QDate &today)
{
    InstanceCreation out;
    const ProviderLink &l = s.provider;
    const bool released = fromKey<InstanceState>(l.instanceState) == InstanceState::Released;
    out.allowed = !s.resources.choice.instance.isEmpty() && (l.instanceId.isEmpty() || released);
    out.again = !l.instanceId.isEmpty() && released;
    if (out.again)
        out.note = s.gate(GateId::Resources).status == GateStatus::Passed
                       ? Tr::tr("Gate 4 stays passed: its acceptance was checked on instance %1 "
                                "while it ran, and a release does not undo it. Gates 5 and 6 "
                                "run on a running instance: “Create the instance” opens a new one "
                                "of the same type and image for them, and gate 4 stays as it is.")
                             .arg(l.instanceId)
                       : Tr::tr("Instance %1 is released: “Create the instance” opens a new one "
                                "for the acceptance check, and for gates 5 and 6 after it.")
                             .arg(l.instanceId);
    if (out.allowed)
        for (const Finding &f : instanceToCreateInGrant(s, today))
            out.outsideGrant = f.message.toString();
    return out;
}

QString ResourcesForm::sourceQuality(const CardSpec &card)
{
    if (card.confidence == QLatin1String("datasheet"))
        return Tr::tr("datasheet", "card figures' source");
    if (card.confidence == QLatin1String("secondary"))
        return Tr::tr("secondary source", "card figures' source");
    if (card.confidence == QLatin1String("unofficial"))
        return Tr::tr("unofficial", "card figures' source");
    return card.confidence;
}

int ResourcesForm::cardsNeeded(const CardSpec &c) const
{
    const TrainingSetup s = effectiveSetup();
    return MemoryEstimator::unsupported(s, c) ? -1 : MemoryEstimator::cardsNeeded(s, c);
}

ResourcesForm::CardCount ResourcesForm::cardCount(const CardSpec &c) const
{
    const TrainingSetup s = effectiveSetup();
    CardCount out;
    if (MemoryEstimator::unsupported(s, c)) {
        out.cards = -1;
        return out;
    }
    const auto count = [&c](const TrainingSetup &t, CardCount &into) {
        into.cards = MemoryEstimator::cardsNeeded(t, c);
        if (into.cards > 0 && into.cards <= t.tp * t.pp)
            return; // no sharding needed: what it says holds
        into.needsSharding = into.cards > 0 && !t.fsdp && t.zeroStage < 3;
        // At the count found (or the most there is), with the model states sharded as counted.
        TrainingSetup at = MemoryEstimator::shardedForCounting(t);
        at.gpus = into.cards > 0 ? into.cards : 4096;
        const MemoryBreakdown m = MemoryEstimator::estimate(at);
        const double unshardable = m.activations.bytes + m.overhead.bytes;
        into.unshardableGiB = unshardable / double(1ull << 30);
        into.activationsFill = unshardable > kComfortableShare * double(c.memory.bytes());
    };
    count(s, out);
    if (!out.activationsFill)
        return out;
    // The cheapest steps on activations, each on top of the one before (the suggestions' order).
    TrainingSetup cheaper = s;
    QStringList steps;
    if (!cheaper.chunkedLoss) {
        cheaper.chunkedLoss = true;
        steps << Tr::tr("a chunked loss");
    }
    for (const bool checkpoint : {false, true}) {
        if (checkpoint) {
            if (cheaper.checkpointing == Checkpointing::Full)
                break;
            cheaper.checkpointing = Checkpointing::Full;
            steps << Tr::tr("activation checkpointing");
        }
        if (steps.isEmpty())
            continue;
        CardCount after;
        count(cheaper, after);
        if (after.cards > 0 && !after.activationsFill) {
            out.cheaperStep = steps.join(Tr::tr(" and "));
            out.withCheaperStep = after.cards;
            break;
        }
    }
    return out;
}

std::expected<ThroughputResult, Error> ResourcesForm::throughput() const
{
    return planRunThroughput(data(), card(), m_store->state().provider.instanceType);
}

double ResourcesForm::quotaHours(double hours)
{
    // Up to the tenth gate 3's field shows: the formula it prints then multiplies out to its
    // total (walk 18: "10 cards × 10.9 h …" = 2,612, from 10.88 h stored).
    return std::ceil(hours * 10 - 1e-9) / 10;
}

Findings ResourcesForm::findings() const
{
    return gateFindings(m_store->state(), GateId::Resources, clock::today()) +
           scanFindings();
}

Findings ResourcesForm::scanFindings() const
{
    return m_scan ? checkDataset(*m_scan) : Findings{};
}

void ResourcesForm::applyThroughputToQuota(OnboardingState &s, const ThroughputResult &t)
{
    s.quota.cardsPerRun = t.cards;
    s.quota.hoursPerRound = quotaHours(t.hours);
    // The job's own count is the run's cards only while no instance type of the catalog is
    // chosen or held; with one, the run gets its cards, which the plan was made for.
    TrainingSetup &setup = s.resources.choice.setup;
    if (!onramp::runCards(s.resources, s.provider.instanceType).known &&
        t.cards % std::max(1, setup.tp * setup.pp) == 0)
        setup.gpus = t.cards;
    for (PeakWindow &p : s.quota.peaks)
        p.cards = std::max(p.cards, t.cards);
}

bool ResourcesForm::feedQuota()
{
    auto t = throughput();
    if (!t)
        return false;
    m_store->update([&](OnboardingState &s) { applyThroughputToQuota(s, *t); });
    return true;
}

std::optional<ResourcesForm::QuotaReplacement> ResourcesForm::quotaReplacement() const
{
    const OnboardingState &s = m_store->state();
    if (s.gate(GateId::Quota).status != GateStatus::Passed)
        return std::nullopt;
    const auto t = throughput();
    if (!t)
        return std::nullopt;
    // The ledger's rules on the new numbers: a blocking finding, or an acceptance (the grant)
    // that no longer covers them, sends the passed gate back (GateForm::reopenIfBlocked).
    OnboardingState trial = s;
    applyThroughputToQuota(trial, *t);
    QuotaReplacement r{s.quota.cardsPerRun, trial.quota.cardsPerRun, s.quota.hoursPerRound,
                       trial.quota.hoursPerRound};
    r.jobCardsBefore = s.resources.choice.setup.gpus;
    r.jobCardsAfter = trial.resources.choice.setup.gpus;
    for (qsizetype i = 0; i < s.quota.peaks.size(); ++i)
        r.peaksRaised += s.quota.peaks[i].cards != trial.quota.peaks[i].cards;
    Text why = onramp::blockingMessage(gateFindings(trial, GateId::Quota, clock::today()));
    if (why.isEmpty())
        why = acceptanceMissing(trial, GateId::Quota);
    r.reopens = !why.isEmpty();
    const QString change =
        Tr::tr("Gate 3 is passed on a plan of %1 × %2 h per round. “Use these cards and hours” "
               "replaces it with %3 × %4 h per round.")
            .arg(Tr::tr("%n card(s)", nullptr, r.cardsBefore),
                 QLocale().toString(r.hoursBefore, 'f', 1),
                 Tr::tr("%n card(s)", nullptr, r.cardsAfter),
                 QLocale().toString(r.hoursAfter, 'f', 1));
    // What else the one rule changes with it, said before it is done.
    QStringList also;
    if (r.jobCardsAfter != r.jobCardsBefore)
        also << Tr::tr("This job's “Cards in the job” goes from %1 to %2 with it, so the job and "
                       "gate 3's plan agree.")
                    .arg(r.jobCardsBefore)
                    .arg(r.jobCardsAfter);
    if (r.peaksRaised > 0)
        also << Tr::tr("%n peak window(s) with fewer cards than one run takes go up to %1 cards.",
                       nullptr, r.peaksRaised)
                    .arg(r.cardsAfter);
    const QString changes = also.isEmpty() ? change : change + u' ' + also.join(u' ');
    r.text = r.reopens ? Tr::tr("%1 Gate 3 then goes back to “%2”: %3")
                             .arg(changes, statusLabel(GateStatus::InProgress), why.toString())
                       : Tr::tr("%1 Gate 3 stays “%2”: its rules and its grant still hold for "
                                "the new numbers.")
                             .arg(changes, statusLabel(GateStatus::Passed));
    return r;
}

void ResourcesForm::scanDataset(const QString &path)
{
    if (m_scanning)
        return;
    m_scanning = true;
    emit changed();
    // Walking a large tree takes seconds: never on the GUI thread. The result comes back as a
    // queued call on the application's (GUI) thread, and is dropped if the form is gone.
    QPointer<ResourcesForm> self(this);
    QThreadPool::globalInstance()->start([self, path] {
        const DatasetScan scan = onramp::scanDataset(path);
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, scan] {
                if (!self)
                    return;
                self->m_scan = scan;
                self->m_scanning = false;
                emit self->datasetScanned();
                emit self->changed();
            },
            Qt::QueuedConnection);
    });
}

} // namespace onramp
