// onramp replay SPEC: a colleague's rerun from the spec alone, driven by the same Replay model
// as the wizard's "Open a handoff spec…" (models/provider/Replay.h): provisions at the provider (a fresh
// built-in sandbox by default), runs the four readiness checks and the first run as the spec
// launches it, and compares item by item. Exit 0 only when every item passes.
#include "Commands.h"
#include "GateLedger.h"
#include "Replay.h"
#include "RunSpec.h"
#include "StateStore.h"
#include "Tr.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTextStream>

namespace onramp::cli {

int replay(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Tr::tr(
        "Rerun a first run from its spec alone: provision at the provider, run the four readiness "
        "checks and the first run, and compare item by item with the spec: the provider's image, "
        "the software the job saw, the training configuration, the code and the data, the "
        "parameters applied and the loss at every logged step. Exit 0 only when every item "
        "compared passes; items this provider cannot compare (N/A) are counted apart."));
    p.addHelpOption();
    QCommandLineOption provider(QStringLiteral("provider"),
                                Tr::tr("sandbox (a fresh built-in sandbox, the default), the "
                                       "https address of an Onramp API (credentials in "
                                       "ONRAMP_ACCESS_KEY_ID and ONRAMP_SECRET_ACCESS_KEY), or "
                                       "slurm+http://HOST:PORT for a Slurm cluster's slurmrestd "
                                       "(see ONRAMP_SLURM_* in docs/slurm.md)."),
                                QStringLiteral("PROVIDER"), QStringLiteral("sandbox"));
    // With --state, no default (#17 walk, item 5: the default "colleague" is never a member, so
    // `onramp replay --state FILE` was always refused). Gate 6's record names who replayed, and
    // the command cannot tell who runs it: a name picked for them, even the one member who may,
    // would make a record in a colleague's name (the wizard's "Replay as" starts empty too).
    QCommandLineOption as(QStringLiteral("as"),
                          Tr::tr("Who replays, by account or by name: a member of the "
                                 "replay's workspace. Required with --state, whose gate 6 "
                                 "accepts a replay only from a member of its workspace whose "
                                 "role may submit jobs and who took no part in the onboarding: "
                                 "did not run the first run or its check jobs, accept an "
                                 "earlier gate or review gate 2's roles; without --as the "
                                 "command lists who could and runs nothing. Without --state the "
                                 "replay's own workspace names its member colleague; on Slurm "
                                 "the default is the cluster user of ONRAMP_SLURM_USER."),
                          QStringLiteral("MEMBER"));
    QCommandLineOption record(QStringLiteral("record"),
                              Tr::tr("Write the spec as this rerun saw it (software, training, "
                                     "code, data, parameters applied, fingerprint and loss "
                                     "curve) to FILE."),
                              QStringLiteral("FILE"));
    QCommandLineOption evidence(QStringLiteral("evidence"),
                                Tr::tr("Write the replay's record (who, when, the verdict and "
                                       "every failed field) as JSON to FILE: gate 6's evidence."),
                                QStringLiteral("FILE"));
    QCommandLineOption state(QStringLiteral("state"),
                             Tr::tr("The onboarding whose gate 6 this replay is for (read, never "
                                    "written): a spec of another first run than that "
                                    "onboarding's, or a member whose replay cannot accept it "
                                    "(who took part in the first run, who is not a member or may "
                                    "not submit jobs), is told so before anything runs (exit "
                                    "2), and the end says what the replay does for gate 6."),
                             QStringLiteral("FILE"));
    p.addOptions({provider, as, record, evidence, state});
    p.addPositionalArgument(QStringLiteral("spec"), Tr::tr("The run spec (JSON)."));
    p.process(args);
    if (p.positionalArguments().size() != 1) {
        err() << Tr::tr("Give one run spec file.") << '\n';
        return 2;
    }
    const auto parsed = readRunSpecFile(p.positionalArguments().first());
    if (!parsed)
        return 2;

    QTemporaryDir sandboxDir;
    QString member = p.value(as);
    std::optional<std::pair<ProviderProfile, QByteArray>> chosen;
    if (p.value(provider) != QLatin1String("sandbox")) { // sandbox: Replay::useFreshSandbox below
        auto named = providerFromOption(p.value(provider));
        if (!named) {
            err() << named.error().message << '\n';
            // A Slurm profile's details list the environment it reads; an API profile's name
            // only the field.
            if (p.value(provider).startsWith(QLatin1String("slurm+")))
                err() << named.error().details << '\n';
            return 2;
        }
        chosen = *named;
        // On Slurm the replaying member is the cluster user named in the environment.
        if (member.isEmpty() && chosen->first.kind == ProviderProfile::Kind::Slurm)
            member = chosen->first.slurm.user;
    }
    // With --state an empty name is refused below, with who could replay.
    if (member.isEmpty() && !p.isSet(state))
        member = QStringLiteral("colleague");

    // Gate 6's own rule on who may accept it (replayerRefusal), before anything runs.
    std::optional<OnboardingState> onboarding;
    if (p.isSet(state)) {
        StateStore store(p.value(state));
        if (const auto r = store.load(StateStore::Access::ReadOnly); r.notice) {
            err() << r.notice->message << '\n';
            return 2;
        }
        onboarding = store.state();
        if (member.isEmpty()) {
            // The rule's own words for a replay that names no one, with who could replay.
            err() << Tr::sentences({Tr::tr("Say who replays with --as MEMBER."),
                                    replayerRefusal(*onboarding, member).toString()})
                  << '\n';
            return 2;
        }
        if (const Text refused = replayerRefusal(*onboarding, member); !refused.isEmpty()) {
            err() << Tr::sentences({Tr::tr("This replay cannot accept gate 6."),
                                    refused.toString()})
                  << '\n';
            return 2;
        }
        // The spec must be of this onboarding's first run, or no replay of it can accept its
        // gate 6: said before anything runs (#17 walk, item 4).
        if (const Text other = replayedRunMismatch(*onboarding, curveDigest(parsed->loss.curve));
            !other.isEmpty()) {
            err() << Tr::sentences(
                         {Tr::tr("This replay cannot accept gate 6 of the onboarding in %1.")
                              .arg(p.value(state)),
                          other.toString(),
                          Tr::tr("To check the spec alone, replay it without --state.")})
                  << '\n';
            return 2;
        }
        // Gate 6 is accepted only by a replay of the spec the onboarding has now
        // (replayedSpecChanged): another spec file of the same first run cannot accept it either.
        // Its run, that is: the gates' records (a job id of gate 2's checks run again) are
        // not what a replay reproduces (walk 19).
        if (const SpecOfState own = specOf(*onboarding);
            !own.run.isEmpty() && own.run != parsed->runFingerprintId()) {
            err() << Tr::sentences(
                         {Tr::tr("This replay cannot accept gate 6 of the onboarding in %1.")
                              .arg(p.value(state)),
                          Tr::tr("The spec is of its first run, but its run is not this "
                                 "onboarding's run now (%1): something that goes into it changed "
                                 "after it was exported, or it was edited. Export the spec again "
                                 "(gate 6, or onramp spec from-state) and replay that.")
                              .arg(runDifferences(parsed->runJson(), own.runJson).toString()),
                          Tr::tr("To check the spec alone, replay it without --state.")})
                  << '\n';
            return 2;
        }
    }

    // Which run the comparison is about, before its items read as the planned run's.
    if (const QString standIn = standInText(*parsed, [](const QString &v) { return v; });
        !standIn.isEmpty())
        out() << standIn << '\n' << Qt::flush;
    Replay r(*parsed, member);
    if (chosen)
        r.useProvider(chosen->first, chosen->second);
    else
        r.useFreshSandbox(sandboxDir.path());
    r.onProgress = [](const QString &text) { err() << text << '\n' << Qt::flush; };
    r.onItem = [](const ReplayItem &i) {
        out() << ReplayItem::statusToken(i.status).leftJustified(8) + i.what +
                     QStringLiteral(" (") + i.field + QStringLiteral("): ") + i.detail()
              << '\n';
        // The provider's own words on a line of their own, under the sentence.
        if (!i.technical.isEmpty())
            out() << QString(8, u' ') + Tr::tr("technical details: %1").arg(i.technical) << '\n';
        out() << Qt::flush;
    };
    // The whole replay runs on this one event loop; nothing else waits inside it.
    QEventLoop loop;
    ReplayOutcome outcome;
    r.start([&](const ReplayOutcome &o) {
        outcome = o;
        loop.quit();
    });
    if (r.running())
        loop.exec();

    const auto save = [](const QString &path, const QByteArray &bytes) {
        QSaveFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
            err() << Tr::tr("Cannot write %1: %2").arg(f.fileName(), f.errorString()) << '\n';
            return false;
        }
        return true;
    };
    if (p.isSet(record)) {
        if (!save(p.value(record), QJsonDocument(outcome.observed.toJson()).toJson()))
            return 2;
        out() << Tr::tr("Recorded this run into %1.").arg(p.value(record)) << '\n';
    }
    if (p.isSet(evidence) && !save(p.value(evidence), QJsonDocument(outcome.toRecord()).toJson()))
        return 2;
    // The items counted as gate 6's evidence counts them: not compared apart from passed.
    if (!outcome.cancelled && !outcome.items.isEmpty())
        out() << Tr::tr("Items: %1.").arg(replayTally(outcome.toRecord()).toString()) << '\n';
    out() << (outcome.reproduced() ? Tr::tr("Reproduced.") : Tr::tr("Not reproduced.")) << '\n';
    if (!outcome.reproduced() && !outcome.failedFields().isEmpty())
        out() << Tr::tr("Differs at: %1").arg(outcome.failedFields().join(QStringLiteral(", ")))
              << '\n';
    // What the gate's acceptance makes of this record, in its words (the file is not written).
    if (onboarding && !outcome.cancelled) {
        OnboardingState after = *onboarding;
        const auto accepted = acceptFirstRunByReplay(after, outcome.toRecord());
        // #17 walk: "accepts it" read as done, and nothing was recorded: the file is only read.
        out() << (accepted ? Tr::tr("Gate 6: this replay would accept it (%1). The --state file "
                                    "is only read: to record the acceptance, open this spec "
                                    "with “Open a handoff spec…” in the wizard on that "
                                    "onboarding.")
                                 .arg(after.gate(GateId::FirstRun).acceptedBy.toString())
                           : Tr::tr("Gate 6: not accepted. %1").arg(accepted.error().message))
              << '\n';
    }
    return outcome.reproduced() ? 0 : 1;
}

} // namespace onramp::cli
