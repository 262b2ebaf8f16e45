#pragma once

#include "ResourceCatalog.h"
#include "RunSpec.h"
#include "ProviderClient.h"
#include "SandboxLauncher.h"

#include <QStringList>
#include <QTextStream>

#include <optional>

// The headless subcommands. Each returns the process exit status: 0 success, 1 a check that
// found blocking problems, 2 unreadable or invalid input.
namespace onramp::cli {

// Standard output and error for every subcommand.
QTextStream &out();
QTextStream &err();

int status(const QStringList &args);
// Renders every wizard page to DIR/NN-<page>.png. Needs a QApplication (offscreen is fine).
int screenshot(const QStringList &args);

// Runs the estimator over published cases; prints the accuracy table.
int estimateAccuracy(const QStringList &args);
int estimate(const QStringList &args);
int catalog(const QStringList &args);
// check qualification FILE | check roles FILE; quota plan …
int check(const QStringList &args);
int quota(const QStringList &args);
int sigv4(const QStringList &args);
int sandbox(const QStringList &args);
// spec validate|fingerprint|export|from-state. Needs a QGuiApplication for the PDF.
int spec(const QStringList &args);
// Reads and strictly parses a run spec file; says what is wrong on stderr when it cannot.
std::optional<RunSpec> readRunSpecFile(const QString &path);
// Starts a fresh built-in sandbox in `dataDir` and waits for it (headless commands only).
std::expected<SandboxLauncher::Started, Error> startSandbox(SandboxLauncher &launcher,
                                                            const QString &dataDir);
// replay SPEC [--provider sandbox|URL] [--record FILE]: exit 0 only when it reproduces.
int replay(const QStringList &args);

// The provider a --provider value names, other than "sandbox": the https address of an Onramp
// API (credentials in ONRAMP_ACCESS_KEY_ID and ONRAMP_SECRET_ACCESS_KEY, region in
// ONRAMP_REGION) or slurm+http://HOST:PORT (slurmProfileFromEnvironment); with its secret.
std::expected<std::pair<ProviderProfile, QByteArray>, Error>
providerFromOption(const QString &value);

// The instance types and images a headless command uses: with `provider` empty the built-in
// catalog; else that provider's ("sandbox": a fresh built-in sandbox), or the built-in one with
// why when it does not answer. Error only when `provider` itself does not read.
std::expected<ResourceCatalog, Error> catalogFor(const QString &provider);

// A Slurm provider profile for slurmrestd at `url`, its details from ONRAMP_SLURM_* (cluster,
// output folder, tokens folder or command, administrator, user, partition, probe); the
// missing ones named in the error.
std::expected<ProviderProfile, Error> slurmProfileFromEnvironment(const QUrl &url);

} // namespace onramp::cli
