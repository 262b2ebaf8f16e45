#pragma once

#include "Error.h"
#include "Markdown.h"
#include "Candidate.h"
#include "RecoveryPolicy.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <expected>
#include <functional>
#include <optional>

namespace onramp {

struct OnboardingState;
struct ResourcesGateData;
struct TrainingSetup;

// What a colleague needs to rerun the first run alone: the image and software, the machine
// shape, the launch, the paths, the key parameters, the environment fingerprint and the loss
// curve it should reproduce, and each gate's evidence. Versioned JSON; the schema is
// resources/run-spec.schema.json. Never a secret.
struct RunSpec
{
    static constexpr int kSchemaVersion = 1;

    struct Image
    {
        QString name, version, digest; // digest: "sha256:" + 64 hex
        bool operator==(const Image &) const = default;
    } image;
    // The software as the first run's job saw it (the trainer and the probe report it), never
    // as a catalog says: what a rerun must find again.
    struct Software
    {
        QString framework, frameworkVersion, cuda, driver;
        QString device;   // cpu, cuda, npu: what the training ran on
        QString gpuModel; // the first GPU's name; empty on a machine without one
        int gpuCount = 0;
        bool operator==(const Software &) const = default;
    } software;
    struct Compute
    {
        QString instanceType, card, zone;
        int cardsPerNode = 1;
        int nodes = 1;
        double timeLimitHours = 1;
        // Where else it may open, tried in order after the above (or cheapest first); a
        // replay tries them too. The fields above are where the first run did open.
        QList<Candidate> alternatives;
        bool cheapestFirst = false;
        bool operator==(const Compute &) const = default;
    } compute;
    // What was trained and how: the first run's own configuration as its trainer reported it
    // (gate 4's plan before there is a first run).
    struct Training
    {
        QString model;       // a catalog key or an architecture
        QString method;      // pretrain, full, lora, qlora
        QString precision;   // fp32, bf16, fp16, fp8
        QString parallelism; // "single device", "data parallel", …
        QString sharding;    // none, zero-1/2/3, fsdp
        int microBatch = 0, seqLen = 0, gradAccum = 0;
        qint64 seed = -1; // -1: not recorded
        bool operator==(const Training &) const = default;
    } training;
    // The run gates 1 and 4 planned, when the first run trained something else: Onramp's first
    // run trains a small stand-in model (train_lm.py, or the probe's own loop) that proves the
    // whole chain in minutes on any machine, not the planned model; `training` is what ran.
    // Empty model: the first run trained what was planned, or no first run yet, or a spec
    // older than the field. Written only when set, so such a spec keeps its fingerprint.
    Training planned;
    // Written under $.planned beside it (and only with it): what the planned run reads and runs
    // with — gate 4's data path and the chosen image's software as its catalog describes them —
    // where `storage` and `software` say what the stand-in read and ran with (what a replay
    // reproduces). Each field only when known, so a spec older than them keeps its fingerprint.
    struct PlannedEnvironment
    {
        QString data;
        QString framework, frameworkVersion;     // "torch", "2.3.1"
        QString accelerator, acceleratorVersion; // "CUDA", "12.1"
        bool operator==(const PlannedEnvironment &) const = default;
    } plannedEnvironment;
    // Every estimator setting gate 4's memory verdict used, in the state's own words, and the
    // verdict (#17 walk, item 3: the plan fit the card only with "Chunked loss", and the spec
    // said nothing of it: a colleague rerunning from the spec alone would run out of memory).
    // Written under $.memory only when `recorded`; a spec older than it reads with the
    // estimator's defaults below, which is what it implied. Every value is a key from a fixed
    // list or a number in range (the importer refuses anything else).
    struct Memory
    {
        bool recorded = false;
        QString model;    // the catalog model the estimate is for
        QString card;     // the catalog card it was judged against
        QString verdict;  // fits, tight, no, not_supported
        double peakGiB = 0; // the estimate's peak per card
        QString precision = QStringLiteral("bf16-mixed");
        QString weightQuant = QStringLiteral("none");
        QString optimizer = QStringLiteral("adamw");
        QString method = QStringLiteral("full");
        int loraRank = 8;
        QString loraTargets = QStringLiteral("q,v"); // or all-linear
        QString checkpointing = QStringLiteral("none");
        bool flashAttention = true;
        bool chunkedLoss = false;
        bool offloadActivations = false;
        QString sharding = QStringLiteral("none"); // none, zero-1, zero-2, zero-3, fsdp
        QString offload = QStringLiteral("none");
        int tp = 1, pp = 1, gpus = 1;
        bool sequenceParallel = false;
        QString framework = QStringLiteral("pytorch");
        QString gradDtype = QStringLiteral("default");
        int microBatch = 1, seqLen = 2048, gradAccum = 1;
        bool operator==(const Memory &) const = default;
    } memory;
    struct Launch
    {
        QString mode = QStringLiteral("builtin"); // builtin (an onramp-probe mode) or file
        QString entry = QStringLiteral("first-run");
        QStringList args;
        bool operator==(const Launch &) const = default;
    } launch;
    // The code's identity: the SHA-256 of the program the first run's job ran.
    struct Code
    {
        QString program; // train_lm.py, onramp-probe, or the entry script
        QString sha256;  // "sha256:" + 64 hex
        bool operator==(const Code &) const = default;
    } code;
    struct Storage
    {
        QString data, output, scratch;
        bool dataReadOnly = true;
        // The data's identity as the first run's job read it: regular files, bytes, and the
        // SHA-256 of the sorted "<path>\t<size>\t<sha256>\n" list (docs/run-spec.md).
        qint64 files = -1, bytes = -1; // -1: not recorded
        QString manifest;             // "sha256:" + 64 hex
        bool operator==(const Storage &) const = default;
    } storage;
    QJsonObject parameters; // key parameters: names to strings, numbers or booleans
    QJsonObject applied;    // the parameters as the first run's job received them (strings)
    QJsonObject fingerprint; // the environment fingerprint the first run saw (probe event)
    struct Loss
    {
        int steps = 0;
        double first = 0, last = 0, minimum = 0;
        QList<std::pair<int, double>> curve; // every logged step: (step, loss)
        bool operator==(const Loss &) const = default;
    } loss;
    // When the run resumes itself: restarts, the exit codes that mean "retry", the backoff.
    // Written only when set, so a spec without one keeps its fingerprint.
    RecoveryPolicy recovery;
    struct GateEvidence
    {
        QString gate, status, acceptor, evidence;
        bool operator==(const GateEvidence &) const = default;
    };
    QList<GateEvidence> gates;

    bool operator==(const RunSpec &) const = default;

    QJsonObject toJson() const;
    // The canonical form: keys sorted, no spaces, numbers in shortest round-trip form.
    QByteArray canonical() const;
    // "sha256:" + hex of canonical(): what names a spec.
    QByteArray fingerprintId() const;
    // toJson() without the gates' records: the run a colleague's replay reproduces, which gate
    // 6's acceptance rests on (walk 19: re-running gate 2's checks gave the spec a new name, and
    // the replay of the spec exported a minute before no longer accepted gate 6).
    QJsonObject runJson() const;
    // "sha256:" + hex of runJson()'s canonical form.
    QByteArray runFingerprintId() const;
    // "sha256:" + hex of the canonical form of `json` (toJson() or runJson() made once).
    static QByteArray fingerprintOf(const QJsonObject &json);
    // `json` (toJson()) without the gates' records: runJson() of a toJson() already made.
    static QJsonObject runOf(QJsonObject json);
};

// Limits of the importer (none of them library defaults): file size, nesting depth, string
// length, array length.
struct RunSpecLimits
{
    static constexpr qsizetype kMaxBytes = 1024 * 1024;
    static constexpr int kMaxDepth = 32;
    static constexpr int kMaxString = 4096;
    static constexpr int kMaxArray = 1000;
    static constexpr int kMaxCurve = 100000; // $.loss.curve: one entry per logged step
};

// Strict and safe: size and depth limits, duplicate keys and unknown fields refused, types and
// ranges checked, the exact field path in every error. Never a crash, never a partial result.
std::expected<RunSpec, Error> parseRunSpec(const QByteArray &bytes);

// The seed of the onboarding's first run (a spec parameter, so a replay applies it).
inline constexpr int kFirstRunSeed = 1234;

// What the onboarding knows so far (gates 5–6 add the fingerprint and the loss curve).
RunSpec runSpecFromState(const OnboardingState &state);
// Gate 4's memory plan as $.memory: every setting its verdict used, the card and the verdict;
// not recorded when gate 4 has no catalog model or card to judge (`poolCard`: gate 2's).
RunSpec::Memory memoryFromPlan(const ResourcesGateData &plan, const QString &poolCard);
// The estimator's setup $.memory describes, read through gate 4's own reader; nullopt when not
// recorded or its model is not in the catalog.
std::optional<TrainingSetup> memorySetup(const RunSpec::Memory &memory);

// Records a first run's own reports into a spec: the trainer event (software, code, training
// configuration, parameters applied), the data manifest event, the fingerprint (driver, GPU)
// and the loss at every logged step. Used for the onboarding's first run and for a replay's.
void applyFirstRun(RunSpec &spec, const QJsonObject &trainer, const QJsonObject &manifest,
                   const QJsonObject &fingerprint, const QList<std::pair<int, double>> &curve);

// The first run as a stand-in for the planned run (spec.planned is set), in the reader's words:
// "a stand-in for the planned run: what ran is X on Y; the planned run is Z", and why. Every
// value from the spec passes through `quote` (the caller's format: HTML, Markdown, plain).
// Empty when the spec records no planned run apart from what ran.
// A trainer's config value under `field` ("$.training.method": "pretrain") in the reader's
// words ("pretraining from scratch"); a value it does not know is returned as it stands.
QString trainingValueText(const QString &field, const QString &value);
QString standInText(const RunSpec &spec, const std::function<QString(const QString &)> &quote);
// The hardware a spec runs on, in the one wording every place uses (#17 walk, item 13: the
// replay dialog said "1 × gpu.a100-80g.8", the summary "8 × NVIDIA A100"): the cards, then
// the instance type — "8 × NVIDIA A100 80GB (gpu.a100-80g.8)", "16 × … (2 × gpu.a100-80g.8)"
// for two nodes; an instance type without cards by itself. Values pass through `quote`.
QString hardwareText(const RunSpec::Compute &compute,
                     const std::function<QString(const QString &)> &quote);
// Its second part: "the stand-in read D and ran with S; the planned run reads D' and runs with
// S' (image I)", when the plan's data path or the chosen image's software (plannedEnvironment)
// differ from what the stand-in read and ran with; empty otherwise.
QString standInEnvironmentText(const RunSpec &spec,
                               const std::function<QString(const QString &)> &quote);

// The settings of $.memory in the reader's words, one clause each ("precision bf16-mixed",
// "chunked loss on", "LoRA rank 16 on q and v", "ZeRO-2"), values through `quote`; the verdict
// apart (memoryVerdictText). Empty when the spec records none.
QStringList memorySettingsText(const RunSpec::Memory &m,
                               const std::function<QString(const QString &)> &quote);
// "fits NVIDIA A10 24GB (estimated 21.3 GiB per card)", or empty when not recorded.
QString memoryVerdictText(const RunSpec::Memory &m,
                          const std::function<QString(const QString &)> &quote);

// Exports. Every value is quoted for its format.
// Where a spec does not say enough for a colleague to rerun it alone: the field path and what
// is missing (translated). A valid spec can still have gaps.
struct SpecGap
{
    QString field;   // the field path, for the technical details: $.training.model
    QString message; // what is missing and why it matters
    QString what;    // the field's caption, in the reader's words: "model"
};
QList<SpecGap> specGaps(const RunSpec &spec);

// POSIX shell single quotes, or ANSI-C quotes when the value holds a control character: one
// shell word for any value (the sbatch export and the Slurm gateway's batch scripts).
QString shellQuote(const QString &s);
// A YAML double-quoted scalar for any value.
QString yamlQuote(const QString &s);

// Parameter keys: a letter, then up to 63 letters, digits or underscores (docs/run-spec.md).
// The importer and every provider refuse other keys.
bool isParameterKey(const QString &key);
// The environment variable a job gets a parameter in: ONRAMP_PARAM_ + the key in upper case.
QString parameterVariable(const QString &key);
// A parameter's value as the job sees it (integers without a fraction, booleans as words).
QString parameterValue(const QJsonValue &v);
// (variable, value) for every well-formed key, in key order.
QList<std::pair<QString, QString>> parameterEnvironment(const QJsonObject &parameters);
// name[:version][@digest], with the registry written out (docker.io/library/ by default).
QString imageReference(const RunSpec &s);

QString exportSbatch(const RunSpec &spec);
QString exportKubernetesJob(const RunSpec &spec);
QString exportHandoffMarkdown(const RunSpec &spec); // translated headings

} // namespace onramp
