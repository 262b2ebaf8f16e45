#pragma once

#include "Error.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <expected>

namespace onramp {

struct OnboardingState;

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
    struct Software
    {
        QString framework, frameworkVersion, cuda, driver;
        bool operator==(const Software &) const = default;
    } software;
    struct Compute
    {
        QString instanceType, card, zone;
        int cardsPerNode = 1;
        int nodes = 1;
        double timeLimitHours = 1;
        bool operator==(const Compute &) const = default;
    } compute;
    struct Launch
    {
        QString mode = QStringLiteral("builtin"); // builtin (an onramp-probe mode) or file
        QString entry = QStringLiteral("first-run");
        QStringList args;
        bool operator==(const Launch &) const = default;
    } launch;
    struct Storage
    {
        QString data, output, scratch;
        bool dataReadOnly = true;
        bool operator==(const Storage &) const = default;
    } storage;
    QJsonObject parameters;  // key parameters: names to strings, numbers or booleans
    QJsonObject fingerprint; // the environment fingerprint the first run saw (probe event)
    struct Loss
    {
        int steps = 0;
        double first = 0, last = 0, minimum = 0;
        bool operator==(const Loss &) const = default;
    } loss;
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
};

// Limits of the importer (none of them library defaults): file size, nesting depth, string
// length, array length.
struct RunSpecLimits
{
    static constexpr qsizetype kMaxBytes = 1024 * 1024;
    static constexpr int kMaxDepth = 32;
    static constexpr int kMaxString = 4096;
    static constexpr int kMaxArray = 1000;
};

// Strict and safe: size and depth limits, duplicate keys and unknown fields refused, types and
// ranges checked, the exact field path in every error. Never a crash, never a partial result.
std::expected<RunSpec, Error> parseRunSpec(const QByteArray &bytes);

// What the onboarding knows so far (gates 5–6 add the fingerprint and the loss curve).
RunSpec runSpecFromState(const OnboardingState &state);

// Exports. Every value is quoted for its format.
// Where a spec does not say enough for a colleague to rerun it alone: the field path and what
// is missing (translated). A valid spec can still have gaps.
struct SpecGap
{
    QString field;
    QString message;
};
QList<SpecGap> specGaps(const RunSpec &spec);

// POSIX shell single quotes: safe for any value (the sbatch export and the Slurm gateway's
// batch scripts).
QString shellQuote(const QString &s);

QString exportSbatch(const RunSpec &spec);
QString exportKubernetesJob(const RunSpec &spec);
QString exportHandoffMarkdown(const RunSpec &spec); // translated headings
std::expected<void, Error> exportHandoffPdf(const RunSpec &spec, const QString &path);

} // namespace onramp
