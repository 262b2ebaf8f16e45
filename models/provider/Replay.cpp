#include "Replay.h"

#include "Clock.h"
#include "Catalogs.h"
#include "MemoryEstimator.h"
#include "ProbeEvents.h"
#include "Provider.h"
#include "ReadinessChecks.h"
#include "Tr.h"
#include "Transport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace onramp {

namespace {

// A loss as the rest of Onramp writes it (lossText), or with every digit when that would hide
// how it differs from `other` (a CPU replay is compared bit for bit).
QString lossDigits(double loss, double other)
{
    return lossText(loss) != lossText(other) ? lossText(loss) : QString::number(loss, 'g', 17);
}

// What the trainer trained with for a parameter that names a training field (MICROBATCH,
// SEQLEN, GRADACCUM, SEED); nullopt for any other parameter or when nothing was recorded.
std::optional<QString> trainedValue(const RunSpec &seen, const QString &key)
{
    const QString k = QString(key).remove(u'_').toUpper();
    qint64 v = -1;
    if (k == QLatin1String("MICROBATCH"))
        v = seen.training.microBatch;
    else if (k == QLatin1String("SEQLEN"))
        v = seen.training.seqLen;
    else if (k == QLatin1String("GRADACCUM"))
        v = seen.training.gradAccum;
    else if (k == QLatin1String("SEED"))
        v = seen.training.seed;
    if (v <= 0 && k != QLatin1String("SEED"))
        return std::nullopt;
    if (v < 0)
        return std::nullopt;
    return QString::number(v);
}

// A parameter's item in words (#17 walk, item 12: the list read "参数 MICROBATCH" in Chinese):
// the training fields Onramp passes by name; any other key is the spec's own name for it and
// stays as it is. The key itself is the item's field, in the list's tooltip and the CLI's line.
QString parameterWhat(const QString &key)
{
    const QString k = QString(key).remove(u'_').toUpper();
    if (k == QLatin1String("MICROBATCH"))
        return Tr::tr("micro-batch received by the job");
    if (k == QLatin1String("SEQLEN"))
        return Tr::tr("sequence length received by the job");
    if (k == QLatin1String("GRADACCUM"))
        return Tr::tr("gradient accumulation received by the job");
    if (k == QLatin1String("SEED"))
        return Tr::tr("seed received by the job");
    return Tr::tr("parameter %1 received by the job").arg(key);
}

// The environment fingerprint's fields a replay compares, in words.
QString environmentWhat(const QString &key)
{
    if (key == QLatin1String("os"))
        return Tr::tr("operating system");
    if (key == QLatin1String("arch"))
        return Tr::tr("processor architecture");
    return Tr::tr("environment: %1").arg(key);
}

} // namespace

QString ReplayItem::detail() const
{
    QStringList parts;
    if (status == Status::Fail && !want.isEmpty() && !got.isEmpty())
        parts << Tr::tr("spec says %1, this run has %2").arg(want, got);
    else if (status == Status::Fail && (!want.isEmpty() || !got.isEmpty()))
        // One side empty: said in words, never "(nothing)" (#17 walk, item 2).
        parts << (want.isEmpty() ? Tr::tr("the spec records none, this run has %1").arg(got)
                                 : Tr::tr("spec says %1, this run has none").arg(want));
    else if (const QString value = got.isEmpty() ? want : got; !value.isEmpty())
        parts << value;
    if (!note.isEmpty())
        parts << note;
    return parts.join(QStringLiteral(" — "));
}

QString ReplayItem::statusToken(Status s)
{
    switch (s) {
    case Status::Pass:
        return QStringLiteral("PASS");
    case Status::Fail:
        return QStringLiteral("FAIL");
    case Status::Missing:
        return QStringLiteral("MISSING");
    case Status::NotApplicable:
        return QStringLiteral("N/A");
    }
    return {};
}

bool ReplayOutcome::reproduced() const
{
    if (cancelled || items.isEmpty())
        return false;
    for (const ReplayItem &i : items)
        if (i.counts())
            return false;
    return true;
}

QStringList ReplayOutcome::failedFields() const
{
    QStringList fields;
    for (const ReplayItem &i : items)
        if (i.counts())
            fields << i.field;
    return fields;
}

QJsonObject ReplayOutcome::toRecord() const
{
    // Counted apart: an item not compared (N/A) neither passed nor differs (#17 walk 16: "36
    // of 36 items passed" beside three "N/A … not compared").
    int passed = 0;
    int notCompared = 0;
    for (const ReplayItem &i : items) {
        passed += i.status == ReplayItem::Status::Pass;
        notCompared += i.status == ReplayItem::Status::NotApplicable;
    }
    QJsonObject record{{"member", member},
                       {"at", at.toString(Qt::ISODateWithMs)},
                       {"spec", specFingerprint},
                       {"run", runFingerprint},
                       {"runSpec", run},
                       {"firstRun", firstRun},
                       {"reproduced", reproduced()},
                       {"items", int(items.size())},
                       {"passed", passed},
                       {"notCompared", notCompared},
                       {"failed", QJsonArray::fromStringList(failedFields())}};
    if (!attempts.isEmpty()) {
        QJsonArray list;
        for (const RunAttempt &a : attempts)
            list.append(a.toJson());
        record["attempts"] = list;
    }
    return record;
}

std::optional<ReplayItem> replayCards(const RunSpec &spec, const RunCards &held,
                                      const ResourceCatalog &catalog)
{
    const int want = std::max(1, spec.compute.nodes) * std::max(1, spec.compute.cardsPerNode);
    if (!held.known || held.cards() >= want)
        return std::nullopt;
    ReplayItem i{QStringLiteral("$.compute.nodes"), Tr::tr("cards")};
    i.status = ReplayItem::Status::Fail;
    i.want = Tr::tr("%n card(s)", nullptr, want);
    i.got = Tr::tr("%n card(s)", nullptr, held.cards());
    i.note = Tr::tr("A replay holds one instance of %1, with all of its cards, as gate 4 does: it "
                    "cannot run on the %n card(s) of %2 node(s) the spec names. Export the spec "
                    "again from an onboarding whose gate 4 holds an instance with that many cards, "
                    "or replay it on such an instance type.",
                    nullptr, want)
                 .arg(catalog.instanceName(held.instanceType))
                 .arg(spec.compute.nodes);
    return i;
}

double lossTolerance(const QString &device)
{
    return device == QLatin1String("cpu") || device.isEmpty() ? 0.0 : 0.02;
}

Replay::Replay(RunSpec spec, QString member, QObject *parent)
    : QObject(parent), m_spec(std::move(spec)), m_member(std::move(member))
{
    m_outcome.member = m_member;
    m_outcome.specFingerprint = QString::fromLatin1(m_spec.fingerprintId());
    m_outcome.runFingerprint = QString::fromLatin1(m_spec.runFingerprintId());
    m_outcome.run = m_spec.runJson();
    m_outcome.firstRun = curveDigest(m_spec.loss.curve);
}

Replay::~Replay()
{
    delete m_session; // before the transport it calls through
    m_session = nullptr;
    if (m_launcher)
        m_launcher->stop();
}

void Replay::useProvider(ProviderProfile profile, QByteArray secret)
{
    m_provider = std::make_pair(std::move(profile), std::move(secret));
}

void Replay::useFreshSandbox(const QString &sandboxDir)
{
    m_sandboxDir = sandboxDir;
}

void Replay::start(std::function<void(const ReplayOutcome &)> done)
{
    m_done = std::move(done);
    m_outcome.at = clock::nowUtc();
    if (m_provider) {
        provisioned();
        return;
    }
    if (onProgress)
        onProgress(Tr::tr("Starting a fresh sandbox…"));
    m_launcher = new SandboxLauncher(this);
    m_launcher->start(m_sandboxDir,
                      [this](const std::expected<SandboxLauncher::Started, Error> &r) {
                          if (!m_done)
                              return;
                          if (!r) {
                              ProviderError e;
                              e.message = r.error().message;
                              e.details = r.error().details;
                              fail(QStringLiteral("$"), Tr::tr("provider"), e);
                              finish();
                              return;
                          }
                          m_provider = std::make_pair(r->profile, r->secret);
                          provisioned();
                      });
}

void Replay::cancel()
{
    if (!m_done)
        return;
    if (m_session)
        m_session->cancel();
    m_outcome.cancelled = true;
    finish();
}

void Replay::provisioned()
{
    // The replay's own onboarding, made from the spec alone: a workspace of its own (named by
    // the spec and the time, so a second replay at the same provider starts clean), a quota pool
    // of the spec's card in its zone (granted two rounds of its time limit: WorkspaceSteps), and
    // the replaying member as a developer.
    const RunSpec &s = m_spec;
    m_state = OnboardingState{};
    m_state.workspace.workspaceName =
        QStringLiteral("replay-%1-%2")
            .arg(QString::fromLatin1(s.fingerprintId().mid(7, 8)),
                 QString::number(QDateTime::currentMSecsSinceEpoch() % 100000000));
    m_state.workspace.pool = {s.compute.card, QuotaPool::regionOf(s.compute.zone), s.compute.zone};
    Member m;
    m.account = m_member;
    m.name = m_member;
    m.role = Role::Developer;
    m_state.workspace.members = {m};
    ResourceChoice &c = m_state.resources.choice;
    c.instance = s.compute.instanceType;
    c.instanceZone = s.compute.zone;
    c.alternatives = s.compute.alternatives;
    c.cheapestFirst = s.compute.cheapestFirst;
    c.image = s.image.version.isEmpty() ? s.image.name : s.image.name + u':' + s.image.version;
    m_state.resources.environment.image = s.image.name;

    m_transport = std::make_unique<Transport>();
    m_session = new ProviderSession(
        providerFor(m_transport.get(), m_provider->first, m_provider->second), m_state, this);
    m_session->setPollIntervalMs(100);
    m_session->replayFrom(s);
    m_session->onProgress = [this](const QString &text) {
        if (onProgress)
            onProgress(text);
    };
    step(0);
}

void Replay::fail(const QString &field, const QString &what, const ProviderError &e)
{
    item(providerFailureItem(m_spec, field, what, e));
}

bool looksLikeLocalPath(const QString &path)
{
    static const QRegularExpression local(
        QStringLiteral("^(~|/home/|/Users/|/root(/|$)|[A-Za-z]:[\\\\/]|\\\\\\\\)"));
    return local.match(path.trimmed()).hasMatch();
}

ReplayItem providerFailureItem(const RunSpec &spec, const QString &stepField, const QString &what,
                               const ProviderError &e)
{
    ReplayItem i;
    i.status = ReplayItem::Status::Fail;
    i.field = stepField;
    i.what = what;
    // The provider's own words: its code, status and body, for the technical details.
    // The client's details already start "HTTP 404 not_found: …" when the provider answered.
    QStringList technical;
    if (e.httpStatus > 0 && !e.details.contains(QLatin1String("HTTP ")))
        technical << QStringLiteral("HTTP %1 %2").arg(e.httpStatus).arg(providerErrorKey(e.code));
    technical << (e.details.isEmpty() ? e.message : e.details);
    i.technical = technical.join(QStringLiteral(": "));
    if (!e.field.isEmpty() && !i.technical.contains(e.field))
        i.technical += QStringLiteral(" (%1)").arg(e.field);
    const QString image =
        spec.image.version.isEmpty() ? spec.image.name : spec.image.name + u':' + spec.image.version;
    if (e.field == QLatin1String("$.image")) {
        // The provider names its own request's field; said as the spec's.
        i.field = spec.image.version.isEmpty() ? QStringLiteral("$.image.name")
                                               : QStringLiteral("$.image.version");
        i.what = Tr::tr("image");
        i.want = image;
        i.got = Tr::tr("no such image at this provider");
        i.note = Tr::tr("Ask the sender which image the first run used and for a spec with an "
                        "image this provider offers, or ask the provider to add %1.")
                     .arg(image);
    } else if (e.field == QLatin1String("$.dataPath")) {
        i.field = QStringLiteral("$.storage.data");
        i.what = Tr::tr("data path");
        i.want = spec.storage.data;
        i.got = Tr::tr("no data at that path at the provider");
        i.note = looksLikeLocalPath(spec.storage.data)
                     ? Tr::tr("It is a folder on the sender's own computer, which the provider "
                              "cannot read: ask the sender to put the data in the provider's "
                              "storage and send a spec exported with that path.")
                     : Tr::tr("Ask the sender where the data is at the provider, or create it "
                              "at that path in your workspace, then replay again.");
    } else if (e.field == QLatin1String("$.instanceType")) {
        i.field = QStringLiteral("$.compute.instanceType");
        i.what = Tr::tr("instance type");
        i.want = spec.compute.instanceType;
        i.got = e.message;
    } else if (e.field == QLatin1String("$.zone")) {
        i.field = QStringLiteral("$.compute.zone");
        i.what = Tr::tr("zone");
        i.want = spec.compute.zone;
        i.got = e.message;
    } else if (e.field.startsWith(QLatin1String("$.parameters."))) {
        i.field = e.field;
        i.what = Tr::tr("parameter %1").arg(e.field.mid(13));
        i.want = parameterValue(spec.parameters.value(e.field.mid(13)));
        i.got = e.message;
    } else if (e.code == ProviderErrorCode::NotFound &&
               stepField != QLatin1String("$.compute.zone") &&
               stepField != QLatin1String("$.compute.instanceType")) {
        // Once the instance is there, what the provider no longer knows is the instance (or
        // the job on it): released or reclaimed under the replay.
        i.field = QStringLiteral("$.compute.instanceType");
        i.what = Tr::tr("instance");
        i.want = hardwareText(spec.compute, [](const QString &v) { return v; });
        i.got = Tr::tr("the instance was gone before the replay finished (released or "
                       "reclaimed at the provider)");
        i.note = Tr::tr("Replay again: a replay creates an instance of its own.");
    } else {
        // The client's sentence says what happened and what to do next; the spec's value for
        // the step, when it has one.
        if (stepField == QLatin1String("$.compute.instanceType"))
            i.want = hardwareText(spec.compute, [](const QString &v) { return v; });
        else if (stepField == QLatin1String("$.compute.zone"))
            i.want = spec.compute.zone;
        i.got = e.message;
        // No instance opened (out of stock, say): its tries are the technical details, said
        // once; what a colleague can do is not the owner's "go back to gate 2" (walk 19).
        if (stepField == QLatin1String("$.compute.instanceType") &&
            e.field == QLatin1String("$.compute.instanceType") && e.message.contains(u'\n')) {
            i.got = Tr::tr("no instance opened in %1").arg(spec.compute.zone);
            i.note = Tr::tr("A replay opens the spec's instance type in the spec's zone only: wait "
                            "until the zone has free cards and replay again, or ask the sender "
                            "for a spec whose quota pool is in a zone with stock. What each try "
                            "met is in the technical details.");
        }
    }
    if (i.want.isEmpty() && i.note.isEmpty() && i.got == e.message) {
        // Nothing of the spec to set against it: the provider's sentence alone.
        i.note = i.got;
        i.got.clear();
    }
    return i;
}

void Replay::item(ReplayItem i)
{
    m_outcome.items.append(i);
    if (onItem)
        onItem(m_outcome.items.last());
}

// The steps, each through the onboarding's own session: workspace, instance, the readiness
// checks, the first run; then the comparison.
void Replay::step(int index)
{
    if (!m_done)
        return;
    const auto next = [this, index](const QString &field, const QString &what) {
        return [this, index, field, what](const std::expected<void, ProviderError> &r) {
            if (!m_done)
                return;
            if (!r) {
                if (r.error().cancelled)
                    return;
                fail(field, what, r.error());
                finish();
                return;
            }
            step(index + 1);
        };
    };
    switch (index) {
    case 0:
        m_session->setUpWorkspace(next(QStringLiteral("$.compute.zone"), Tr::tr("workspace")));
        return;
    case 1:
        m_session->createInstance(next(QStringLiteral("$.compute.instanceType"), Tr::tr("instance")));
        return;
    case 2:
        // The cards it holds against the spec's: a replay on fewer says so (it still runs).
        if (const auto cards = replayCards(
                m_spec, runCards(m_state.resources, m_state.provider.instanceType),
                m_state.resources.catalog))
            item(*cards);
        m_session->runReadinessChecks(next(QStringLiteral("$"), Tr::tr("readiness checks")));
        return;
    case 3:
        for (const QString &name : EnvironmentGateData::checkNames()) {
            const CheckResult r = m_state.environment.checks.value(name);
            // In the reader's words ("readiness: Data reads fast enough"), not the check's key.
            const ReadinessCheck *check = findReadinessCheck(name);
            ReplayItem i{QStringLiteral("readiness.") + name,
                         Tr::tr("readiness: %1").arg(check ? check->titleText() : name)};
            i.status = r.passed() ? ReplayItem::Status::Pass : ReplayItem::Status::Fail;
            i.got = r.evidence.toString();
            i.note = r.passed() ? QString() : r.diagnosis.toString();
            item(i);
        }
        m_session->runFirstRun(next(QStringLiteral("$.launch"), Tr::tr("first run")));
        return;
    default:
        compare();
        finish();
        return;
    }
}

void Replay::compare()
{
    const FirstRunGateData &run = m_state.firstRun;
    m_outcome.attempts = run.attempts;
    {
        ReplayItem i{QStringLiteral("$.launch"), Tr::tr("first run")};
        i.status = run.run.passed() ? ReplayItem::Status::Pass : ReplayItem::Status::Fail;
        i.got = run.run.evidence.toString();
        i.note = run.run.passed() ? QString() : run.run.diagnosis.toString();
        // A first run that resumed itself says so, each job with how it ended: the colleague
        // sees the recovery, not only its result.
        if (run.attempts.size() > 1) {
            QStringList jobs;
            for (int n = 0; n < run.attempts.size(); ++n)
                jobs << Tr::tr("attempt %1: %2").arg(n + 1).arg(run.attempts[n].text());
            i.note += (i.note.isEmpty() ? QString() : QStringLiteral("; ")) + jobs.join(u"; ");
        }
        item(i);
    }
    // The spec as this rerun records it: its inputs, and only what this job reported for the
    // rest (nothing carried over from the spec, so a silent job cannot pass).
    RunSpec seen = m_spec;
    seen.software = {};
    seen.training = {};
    seen.code = {};
    seen.applied = {};
    seen.storage.data.clear();
    seen.storage.files = seen.storage.bytes = -1;
    seen.storage.manifest.clear();
    seen.loss = {};
    seen.fingerprint = m_state.environment.fingerprint;
    applyFirstRun(seen, run.trainer, run.manifest, m_state.environment.fingerprint, run.curve);
    if (!m_state.provider.instanceImage.isEmpty())
        seen.image = {m_state.provider.instanceImage.value("name").toString(),
                      m_state.provider.instanceImage.value("version").toString(),
                      m_state.provider.instanceImage.value("digest").toString()};
    m_outcome.observed = seen;
    const std::optional<RunSpec> legacy = legacyDataCount(m_spec, seen, run.manifest);
    for (ReplayItem i : compareRerun(m_spec, legacy ? *legacy : seen,
                                     !m_state.provider.instanceImage.isEmpty())) {
        if (legacy && i.field.startsWith(QLatin1String("$.storage.")) &&
            i.field != QLatin1String("$.storage.data"))
            i.note = Tr::tr("counted as the spec was recorded, with the data's manifest.json; "
                            "Onramp now leaves it out, as gates 4 and 5 count (%n file(s))",
                            nullptr, int(seen.storage.files));
        item(i);
    }
}

std::optional<RunSpec> legacyDataCount(const RunSpec &spec, const RunSpec &seen,
                                       const QJsonObject &manifest)
{
    // A spec recorded before the manifest.json at the data's top was left out counted it: such
    // a spec holds the figures with it, and a replay of it compares those, said in a note.
    const QJsonObject legacy = manifest.value("withManifestFile").toObject();
    if (legacy.isEmpty() || spec.storage.manifest != legacy.value("sha256").toString() ||
        spec.storage.files != qint64(legacy.value("files").toDouble(-1)))
        return std::nullopt;
    RunSpec counted = seen;
    counted.storage.files = spec.storage.files;
    counted.storage.bytes = qint64(legacy.value("bytes").toDouble(-1));
    counted.storage.manifest = spec.storage.manifest;
    return counted;
}

ReplayItem memoryPlanItem(const RunSpec &spec)
{
    ReplayItem i{QStringLiteral("$.memory"), Tr::tr("memory plan (gate 4)")};
    const RunSpec::Memory &m = spec.memory;
    const auto plain = [](const QString &v) { return v; };
    const std::optional<TrainingSetup> setup = memorySetup(m);
    const std::optional<CardSpec> card = findCard(m.card);
    if (!m.recorded) {
        // A spec older than $.memory: said, not counted (it implied the estimator's defaults).
        i.status = ReplayItem::Status::NotApplicable;
        i.note = Tr::tr("not recorded, not compared: the spec is older than gate 4's memory "
                        "settings; before rerunning the planned run, ask the sender for a fresh "
                        "export");
        return i;
    }
    // Quoted, so that "spec says …, this run has …" reads (walk 19: "this run has does not fit").
    i.want = Tr::tr("“%1”").arg(memoryVerdictText(m, plain));
    if (!setup || !card || m.verdict.isEmpty()) {
        i.status = ReplayItem::Status::NotApplicable;
        i.got = Tr::list(memorySettingsText(m, plain));
        i.note = Tr::tr("not judged again: Onramp's catalog does not know the model or the card");
        return i;
    }
    // The spec's settings, estimated again on the spec's card: they must give gate 4's verdict
    // (a setting left out or changed, chunked loss say, turns "fits" into "does not fit").
    RunSpec::Memory now = m;
    now.verdict = verdictKey(MemoryEstimator::verdict(*setup, *card));
    now.peakGiB = std::round(MemoryEstimator::estimate(*setup).totalGiB() * 10) / 10;
    i.got = Tr::tr("the estimate “%1”").arg(memoryVerdictText(now, plain));
    // The recorded peak is a claim too (walk 19: a spec edited to 10 GiB replayed green beside
    // an estimate of 24.1 GiB): more than 5 % (and 0.1 GiB) from what its settings give, the
    // figure was edited or written by an estimator that differs; either way the planned run
    // cannot rely on it.
    const double delta = std::abs(now.peakGiB - m.peakGiB);
    const bool peakDiffers = delta > 0.1 && delta > 0.05 * std::max(now.peakGiB, m.peakGiB);
    i.status = now.verdict == m.verdict && !peakDiffers ? ReplayItem::Status::Pass
                                                        : ReplayItem::Status::Fail;
    i.note = Tr::tr("with %1").arg(Tr::list(memorySettingsText(m, plain)));
    if (now.verdict != m.verdict)
        i.note = Tr::sentences(
            {i.note, Tr::tr("The spec's memory settings no longer give gate 4's verdict: ask "
                            "the sender for a fresh export before rerunning the planned run.")});
    else if (peakDiffers)
        i.note = Tr::sentences(
            {i.note, Tr::tr("The spec records %1 GiB per card, but its own settings give %2 GiB: "
                            "the figure was edited, or written by another version of Onramp's "
                            "estimator. Ask the sender for a fresh export before rerunning the "
                            "planned run.")
                         .arg(m.peakGiB, 0, 'f', 1)
                         .arg(now.peakGiB, 0, 'f', 1)});
    return i;
}

QList<ReplayItem> compareRerun(const RunSpec &spec, const RunSpec &seen, bool imagesKnown)
{
    QList<ReplayItem> items;
    const auto item = [&items](const ReplayItem &i) { items.append(i); };
    // The provider's image identity against the spec's.
    for (const auto &[field, what, want, got] :
         {std::tuple{"$.image.name", Tr::tr("image name"), spec.image.name, seen.image.name},
          std::tuple{"$.image.version", Tr::tr("image version"), spec.image.version,
                     seen.image.version},
          std::tuple{"$.image.digest", Tr::tr("image digest"), spec.image.digest,
                     seen.image.digest}}) {
        ReplayItem i{QString::fromLatin1(field), what};
        i.want = want;
        if (!imagesKnown) {
            i.status = ReplayItem::Status::NotApplicable;
            i.note = Tr::tr("this provider runs jobs without images; the software items say "
                            "what ran");
        } else {
            i.got = got;
            i.status = want.isEmpty()  ? ReplayItem::Status::Missing
                       : want == i.got ? ReplayItem::Status::Pass
                                       : ReplayItem::Status::Fail;
        }
        item(i);
    }

    const auto same = [&item](const char *field, const QString &what, const QString &want,
                             const QString &got) {
        ReplayItem i{QString::fromLatin1(field), what, ReplayItem::Status::Pass, want, got};
        if (want != got)
            i.status = ReplayItem::Status::Fail;
        else if (want.isEmpty()) {
            // Nothing on either side is no match (#17 walk: CUDA "none/none" passed): said as
            // what it is, and it counts neither way.
            i.status = ReplayItem::Status::NotApplicable;
            i.note = Tr::tr("not recorded, not compared: neither the spec nor this run records "
                            "it");
        }
        // Compared as the trainer wrote them, shown in words.
        i.want = trainingValueText(i.field, want);
        i.got = trainingValueText(i.field, got);
        item(i);
    };
    const auto number = [](qint64 v) { return v < 0 ? QString() : QString::number(v); };
    // The software the job saw.
    same("$.software.framework", Tr::tr("framework"), spec.software.framework,
         seen.software.framework);
    same("$.software.frameworkVersion", Tr::tr("framework version"),
         spec.software.frameworkVersion, seen.software.frameworkVersion);
    same("$.software.cuda", Tr::tr("CUDA"), spec.software.cuda, seen.software.cuda);
    // A replay reruns the stand-in, so it compares the software the stand-in ran with, never
    // the planned run's ($.planned): the plan's CUDA is said beside it, not passed silently.
    if (const auto &plan = spec.plannedEnvironment; !plan.acceleratorVersion.isEmpty() &&
                                                    items.last().status !=
                                                        ReplayItem::Status::Fail &&
                                                    plan.acceleratorVersion != spec.software.cuda)
        items.last().note = Tr::tr("%1; the planned run uses %2 %3 (its image), which this replay "
                                   "of the stand-in does not check")
                                .arg(items.last().note.isEmpty() ? Tr::tr("as the stand-in ran")
                                                                 : items.last().note,
                                     plan.accelerator, plan.acceleratorVersion);
    // What the machine is (its driver, its GPU model) binds a replay only where the spec records
    // it: a first run on the CPU recorded none, and a replay on a GPU is no difference there
    // (walk 19: a sick GPU showed as three failures, two of them "the spec records none").
    const auto machine = [&](const char *field, const QString &what, const QString &want,
                             const QString &got) {
        same(field, what, want, got);
        if (ReplayItem &i = items.last(); want.isEmpty() && !got.isEmpty()) {
            i.status = ReplayItem::Status::NotApplicable;
            i.note = Tr::tr("not compared: the spec records none (its first run recorded no GPU)");
        }
    };
    machine("$.software.driver", Tr::tr("driver"), spec.software.driver, seen.software.driver);
    same("$.software.device", Tr::tr("device"), spec.software.device, seen.software.device);
    machine("$.software.gpuModel", Tr::tr("GPU model"), spec.software.gpuModel,
            seen.software.gpuModel);
    same("$.software.gpuCount", Tr::tr("GPU count"), QString::number(spec.software.gpuCount),
         QString::number(seen.software.gpuCount));
    // What was trained, as the trainer applied it.
    same("$.training.model", Tr::tr("model"), spec.training.model, seen.training.model);
    same("$.training.method", Tr::tr("method"), spec.training.method, seen.training.method);
    same("$.training.precision", Tr::tr("precision"), spec.training.precision,
         seen.training.precision);
    same("$.training.parallelism", Tr::tr("parallelism"), spec.training.parallelism,
         seen.training.parallelism);
    same("$.training.sharding", Tr::tr("sharding"), spec.training.sharding,
         seen.training.sharding);
    same("$.training.microBatch", Tr::tr("micro-batch"), QString::number(spec.training.microBatch),
         QString::number(seen.training.microBatch));
    same("$.training.seqLen", Tr::tr("sequence length"), QString::number(spec.training.seqLen),
         QString::number(seen.training.seqLen));
    same("$.training.gradAccum", Tr::tr("gradient accumulation"),
         QString::number(spec.training.gradAccum), QString::number(seen.training.gradAccum));
    same("$.training.seed", Tr::tr("seed"), number(spec.training.seed),
         number(seen.training.seed));
    // What gate 4's memory verdict rests on ($.memory), judged again.
    item(memoryPlanItem(spec));
    // The code and the data.
    same("$.code.program", Tr::tr("program"), spec.code.program, seen.code.program);
    same("$.code.sha256", Tr::tr("code identity"), spec.code.sha256, seen.code.sha256);
    same("$.storage.data", Tr::tr("data path"), spec.storage.data, seen.storage.data);
    same("$.storage.files", Tr::tr("data files"), number(spec.storage.files),
         number(seen.storage.files));
    same("$.storage.bytes", Tr::tr("data bytes"), number(spec.storage.bytes),
         number(seen.storage.bytes));
    same("$.storage.manifest", Tr::tr("data manifest"), spec.storage.manifest,
         seen.storage.manifest);
    // The parameters: what this job received against what the first run's job received.
    QStringList keys = spec.applied.keys() + seen.applied.keys();
    for (auto it = spec.parameters.begin(); it != spec.parameters.end(); ++it)
        keys << it.key().toUpper();
    keys.removeDuplicates();
    keys.sort();
    for (const QString &key : keys) {
        QString field = QStringLiteral("$.applied.") + key;
        for (auto it = spec.parameters.begin(); it != spec.parameters.end(); ++it)
            if (it.key().toUpper() == key)
                field = QStringLiteral("$.parameters.") + it.key();
        ReplayItem i{field, parameterWhat(key)};
        i.want = spec.applied.value(key).toString();
        i.got = seen.applied.value(key).toString();
        i.status = !spec.applied.contains(key) ? ReplayItem::Status::Missing
                   : i.want == i.got             ? ReplayItem::Status::Pass
                                                 : ReplayItem::Status::Fail;
        if (!spec.applied.contains(key))
            i.note = Tr::tr("the spec does not record what the first run's job received");
        // A parameter the job received but its trainer did not train with: the planned run's
        // micro-batch 4 × 4096 tokens reach the sandbox's small stand-in, which trains 8 × 32.
        // Both sides received the same, so it passes, but not silently.
        else if (const auto trained = trainedValue(seen, key);
                 trained && i.status == ReplayItem::Status::Pass && *trained != i.got)
            i.note = Tr::tr("received, not trained with: this run trained %1 (the first run's "
                            "small trainer); the value is the planned run's")
                         .arg(*trained);
        item(i);
    }
    // The environment: the fields that decide whether it is the same one.
    for (const char *key : {"os", "arch"}) {
        ReplayItem i{QStringLiteral("$.fingerprint.") + QLatin1String(key),
                     environmentWhat(QLatin1String(key))};
        i.want = spec.fingerprint.value(QLatin1String(key)).toString();
        i.got = seen.fingerprint.value(QLatin1String(key)).toString();
        i.status = spec.fingerprint.isEmpty() ? ReplayItem::Status::Missing
                   : i.want == i.got             ? ReplayItem::Status::Pass
                                                 : ReplayItem::Status::Fail;
        item(i);
    }
    // The loss at every logged step.
    const double tolerance = lossTolerance(spec.software.device);
    ReplayItem loss{QStringLiteral("$.loss.curve"),
                    tolerance == 0 ? Tr::tr("loss curve (every step, bit-exact on a CPU)")
                                   : Tr::tr("loss curve (every step, within %1 % on GPUs)")
                                         .arg(tolerance * 100)};
    if (spec.loss.curve.isEmpty()) {
        loss.status = ReplayItem::Status::Missing;
        loss.note = Tr::tr("the spec records no loss curve to compare with (record one with "
                           "--record)");
    } else {
        QMap<int, double> got;
        for (const auto &[step, value] : seen.loss.curve)
            got.insert(step, value);
        int differ = 0, missing = 0, firstStep = 0;
        double wantAt = 0, gotAt = 0;
        for (const auto &[step, value] : spec.loss.curve) {
            if (!got.contains(step)) {
                ++missing;
                continue;
            }
            const double v = got.value(step);
            const bool ok = tolerance == 0
                                ? v == value
                                : std::abs(v - value) <=
                                      tolerance * std::max(std::abs(v), std::abs(value));
            if (!ok && differ++ == 0) {
                firstStep = step;
                wantAt = value;
                gotAt = v;
            }
        }
        loss.want = Tr::tr("%n step(s)", nullptr, int(spec.loss.curve.size()));
        loss.got = Tr::tr("%n step(s)", nullptr, int(seen.loss.curve.size()));
        const bool extra = seen.loss.curve.size() != spec.loss.curve.size();
        loss.status = differ || missing || extra ? ReplayItem::Status::Fail
                                                 : ReplayItem::Status::Pass;
        if (differ)
            loss.note = Tr::tr("%1 step(s) differ; the first at step %2: %3 in the spec, %4 now")
                            .arg(QString::number(differ), QString::number(firstStep),
                                 lossDigits(wantAt, gotAt), lossDigits(gotAt, wantAt));
        else if (missing || extra)
            loss.note = Tr::tr("the steps logged differ from the spec's");
    }
    item(loss);
    return items;
}

void Replay::finish()
{
    if (!m_done)
        return;
    // The instance is released whatever happened; nothing to wait for.
    if (m_session && !m_state.provider.instanceId.isEmpty() && !m_outcome.cancelled)
        m_session->releaseInstance([](const std::expected<void, ProviderError> &) {});
    auto done = std::move(m_done);
    m_done = nullptr;
    done(m_outcome);
}

} // namespace onramp
