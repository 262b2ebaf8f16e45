#include "Commands.h"

#include "Clock.h"
#include "OnboardingState.h"
#include "GateDefinition.h"
#include "GateForm.h"
#include "GateLedger.h"
#include "HandoffDialog.h"
#include "Language.h"
#include "OnboardingWizard.h"
#include "Provider.h"
#include "ProviderHub.h"
#include "ProviderSession.h"
#include "RunSpec.h"
#include "SandboxLauncher.h"
#include "StateStore.h"
#include "Tr.h"
#include "Transport.h"
#include "ValidationCases.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabBar>
#include <QTextDocument>
#include <QTextEdit>
#include <QTreeView>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTextStream>

namespace onramp::cli {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

std::expected<SandboxLauncher::Started, Error> startSandbox(SandboxLauncher &launcher,
                                                            const QString &dataDir)
{
    QEventLoop loop;
    std::expected<SandboxLauncher::Started, Error> result = std::unexpected(Error{});
    launcher.start(dataDir, [&](const std::expected<SandboxLauncher::Started, Error> &r) {
        result = r;
        loop.quit();
    });
    loop.exec();
    return result;
}

namespace {

QCommandLineOption stateOption()
{
    return {QStringLiteral("state"),
            Tr::tr("Read the onboarding from FILE instead of the saved one."),
            QStringLiteral("FILE")};
}

// Loads the saved state (or --state FILE) read-only: commands never write the user's file.
QString stateFile(const QCommandLineParser &p)
{
    return p.isSet(stateOption()) ? p.value(stateOption()) : StateStore::defaultFilePath();
}

bool loadState(StateStore &store)
{
    const StateStore::LoadResult r = store.load(StateStore::Access::ReadOnly);
    if (!r.notice)
        return true;
    err() << r.notice->message << '\n';
    if (!r.notice->details.isEmpty())
        err() << "  " << r.notice->details << '\n';
    return false;
}

} // namespace

int status(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Tr::tr("Print each gate's status from the saved onboarding."));
    p.addHelpOption();
    QCommandLineOption json(QStringLiteral("json"), Tr::tr("Print JSON."));
    p.addOption(json);
    p.addOption(stateOption());
    p.process(args);

    StateStore store(stateFile(p));
    if (!loadState(store))
        return 2;
    const OnboardingState &s = store.state();

    if (p.isSet(json)) {
        QJsonArray gates;
        for (GateId id : kAllGates) {
            const GateRecord &r = s.gate(id);
            QJsonObject g = recordAsRead(r);
            g[QStringLiteral("gate")] = gateNumber(id);
            g[QStringLiteral("key")] = gateKey(id);
            g[QStringLiteral("title")] = gateDefinition(id).titleText();
            g[QStringLiteral("entryMet")] = checkEntry(s, id).met;
            g[QStringLiteral("summary")] = GateForm::describe(r);
            gates.append(g);
        }
        QJsonObject root{{QStringLiteral("file"), store.filePath()},
                         {QStringLiteral("gates"), gates}};
        out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    for (GateId id : kAllGates) {
        out() << gateNumber(id) << ". " << gateDefinition(id).titleText() << "\n   "
              << GateForm::describe(s.gate(id)) << '\n';
    }
    return 0;
}

std::expected<ProviderProfile, Error> slurmProfileFromEnvironment(const QUrl &url)
{
    ProviderProfile profile;
    profile.kind = ProviderProfile::Kind::Slurm;
    profile.baseUrl = url;
    SlurmProfile &s = profile.slurm;
    s.url = url;
    s.cluster = qEnvironmentVariable("ONRAMP_SLURM_CLUSTER");
    s.outputDir = qEnvironmentVariable("ONRAMP_SLURM_OUTPUT");
    s.tokenDir = qEnvironmentVariable("ONRAMP_SLURM_TOKENS");
    s.tokenCommand = qEnvironmentVariable("ONRAMP_SLURM_TOKEN_COMMAND");
    s.admin = qEnvironmentVariable("ONRAMP_SLURM_ADMIN");
    s.user = qEnvironmentVariable("ONRAMP_SLURM_USER", qEnvironmentVariable("USER"));
    s.partition = qEnvironmentVariable("ONRAMP_SLURM_PARTITION", QStringLiteral("gpu"));
    s.probe =
        qEnvironmentVariable("ONRAMP_SLURM_PROBE", siblingProgram(QStringLiteral("onramp-probe"),
                                                                  QStringLiteral("probe")));
    const QString help = Tr::tr("A Slurm provider reads ONRAMP_SLURM_CLUSTER, ONRAMP_SLURM_OUTPUT, "
                                "ONRAMP_SLURM_TOKENS or ONRAMP_SLURM_TOKEN_COMMAND, "
                                "ONRAMP_SLURM_ADMIN, ONRAMP_SLURM_USER and ONRAMP_SLURM_PROBE.");
    if (auto ok = profile.validate(); !ok)
        return std::unexpected(Error{Error::Kind::Invalid, ok.error().message, help});
    if (s.admin.isEmpty())
        return std::unexpected(Error{Error::Kind::Invalid,
                                     Tr::tr("Set ONRAMP_SLURM_ADMIN to a Slurm administrator "
                                            "(quota changes need one)."),
                                     help});
    return profile;
}

std::expected<std::pair<ProviderProfile, QByteArray>, Error>
providerFromOption(const QString &value)
{
    if (value.startsWith(QLatin1String("slurm+"))) {
        auto slurm = slurmProfileFromEnvironment(QUrl(value.mid(6)));
        if (!slurm)
            return std::unexpected(slurm.error());
        return std::make_pair(*slurm, QByteArray());
    }
    ProviderProfile profile;
    profile.kind = ProviderProfile::Kind::OnrampApi;
    profile.baseUrl = QUrl(value);
    profile.accessKeyId = qgetenv("ONRAMP_ACCESS_KEY_ID");
    profile.region = qEnvironmentVariable("ONRAMP_REGION", QStringLiteral("cn-north")).toLatin1();
    const QByteArray secret = qgetenv("ONRAMP_SECRET_ACCESS_KEY");
    // On the command line the profile comes from the option and the environment: say those, not
    // the settings dialog's field names (#20 audit: "accessKeyId" on a line of its own).
    const QString help =
        Tr::tr("A provider is sandbox, the https address of an Onramp API (with "
               "ONRAMP_ACCESS_KEY_ID, ONRAMP_SECRET_ACCESS_KEY and ONRAMP_REGION, default "
               "cn-north), or slurm+http://HOST:PORT.");
    if (profile.accessKeyId.isEmpty() && profile.baseUrl.isValid() &&
        !profile.baseUrl.scheme().isEmpty())
        return std::unexpected(Error{Error::Kind::Invalid,
                                     Tr::tr("Set ONRAMP_ACCESS_KEY_ID and "
                                            "ONRAMP_SECRET_ACCESS_KEY to your access key for %1.")
                                         .arg(value),
                                     help, QStringLiteral("accessKeyId")});
    if (auto ok = profile.validate(); !ok)
        return std::unexpected(
            Error{Error::Kind::Invalid, ok.error().message, help, ok.error().field});
    if (secret.isEmpty())
        return std::unexpected(
            Error{Error::Kind::Invalid, Tr::tr("Set ONRAMP_SECRET_ACCESS_KEY."), help, {}});
    return std::make_pair(profile, secret);
}

namespace {

// Every text a person can read on `root` as shown: labels, buttons, group titles, fields and
// their placeholders, combo items, list and table cells with their headers, tab names and
// tooltips. Rich text as plain text.
QStringList visibleTexts(QWidget *root)
{
    QStringList texts;
    const auto add = [&texts](const QString &t) {
        const QString plain = Qt::mightBeRichText(t) ? [&t] {
            QTextDocument d;
            d.setHtml(t);
            return d.toPlainText();
        }()
                                                     : t;
        if (!plain.trimmed().isEmpty())
            texts << plain;
    };
    for (QWidget *c : root->findChildren<QWidget *>()) {
        if (!c->isVisibleTo(root))
            continue;
        add(c->toolTip());
        if (auto *l = qobject_cast<QLabel *>(c))
            add(l->text());
        else if (auto *b = qobject_cast<QAbstractButton *>(c))
            add(QString(b->text()).remove(u'&'));
        else if (auto *g = qobject_cast<QGroupBox *>(c))
            add(QString(g->title()).remove(u'&'));
        else if (auto *e = qobject_cast<QLineEdit *>(c))
            add(e->text()), add(e->placeholderText());
        else if (auto *e = qobject_cast<QPlainTextEdit *>(c))
            add(e->toPlainText()), add(e->placeholderText());
        else if (auto *e = qobject_cast<QTextEdit *>(c))
            add(e->toPlainText()), add(e->placeholderText());
        else if (auto *t = qobject_cast<QTabBar *>(c)) {
            for (int i = 0; i < t->count(); ++i)
                add(t->tabText(i));
        } else if (auto *box = qobject_cast<QComboBox *>(c)) {
            for (int i = 0; i < box->count(); ++i)
                add(box->itemText(i));
        } else if (auto *v = qobject_cast<QAbstractItemView *>(c); v && v->model()) {
            const QAbstractItemModel *m = v->model();
            const std::function<void(const QModelIndex &)> rows = [&](const QModelIndex &parent) {
                for (int r = 0; r < m->rowCount(parent); ++r) {
                    for (int col = 0; col < m->columnCount(parent); ++col) {
                        const QModelIndex i = m->index(r, col, parent);
                        add(i.data(Qt::DisplayRole).toString());
                        add(i.data(Qt::ToolTipRole).toString());
                        if (col == 0)
                            rows(i);
                    }
                }
            };
            rows({});
            for (int col = 0; col < m->columnCount(); ++col)
                add(m->headerData(col, Qt::Horizontal).toString());
        }
    }
    return texts;
}

} // namespace

int screenshot(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Tr::tr("Render every wizard page to PNG files."));
    p.addHelpOption();
    QCommandLineOption outDir(QStringLiteral("out"), Tr::tr("Write the PNG files to DIR."),
                              QStringLiteral("DIR"));
    QCommandLineOption lang(QStringLiteral("lang"), Tr::tr("Language: zh_CN or en."),
                            QStringLiteral("LANG"), QStringLiteral("en"));
    QCommandLineOption walk(QStringLiteral("walk-sandbox"),
                            Tr::tr("First walk the gates at a fresh built-in sandbox (1–4, gate "
                                   "5's checks and gate 6's first run), so the pages show its "
                                   "real answers."));
    QCommandLineOption walkSlurm(QStringLiteral("walk-slurm"),
                                 Tr::tr("The same walk on a Slurm cluster's slurmrestd at URL "
                                        "(details from ONRAMP_SLURM_*)."),
                                 QStringLiteral("URL"));
    p.addOption(outDir);
    p.addOption(lang);
    p.addOption(stateOption());
    // For tests: beside each PNG, NN-<page>.live.json lists the rectangles ([x, y, w, h]) of
    // what shows a run's own measurements (widgets with the onrampLive property), which differ
    // on every run.
    QCommandLineOption liveRegions(QStringLiteral("live-regions"));
    liveRegions.setFlags(QCommandLineOption::HiddenFromHelp);
    // For tests: beside each PNG, NN-<page>.texts.json lists every text shown on it
    // (visibleTexts), so that a test can read a page in Chinese for English left in it.
    QCommandLineOption texts(QStringLiteral("texts"));
    texts.setFlags(QCommandLineOption::HiddenFromHelp);
    p.addOption(texts);
    p.addOption(walk);
    p.addOption(walkSlurm);
    p.addOption(liveRegions);
    p.process(args);
    const auto writeLiveRegions = [&](QWidget *root, const QString &png) {
        if (!p.isSet(liveRegions))
            return;
        QJsonArray rects;
        for (QWidget *c : root->findChildren<QWidget *>()) {
            if (!c->isVisibleTo(root))
                continue;
            if (c->property("onrampLive").toBool()) {
                const QPoint at = c->mapTo(root, QPoint(0, 0));
                rects.append(QJsonArray{at.x(), at.y(), c->width(), c->height()});
            }
            // A list whose one column holds a run's readings: that column, over the rows shown.
            auto *view = qobject_cast<QTreeView *>(c);
            const QVariant column = c->property("onrampLiveColumn");
            if (view && column.isValid()) {
                QWidget *rows = view->viewport();
                const int x = view->header()->sectionViewportPosition(column.toInt());
                const QPoint at = rows->mapTo(root, QPoint(x, 0));
                rects.append(QJsonArray{at.x(), at.y(), view->header()->sectionSize(column.toInt()),
                                        rows->height()});
            }
        }
        QFile f(QString(png).replace(QStringLiteral(".png"), QStringLiteral(".live.json")));
        if (f.open(QIODevice::WriteOnly))
            f.write(QJsonDocument(rects).toJson(QJsonDocument::Compact));
    };
    const auto writeTexts = [&](QWidget *root, const QString &png) {
        if (!p.isSet(texts))
            return;
        QFile f(QString(png).replace(QStringLiteral(".png"), QStringLiteral(".texts.json")));
        if (f.open(QIODevice::WriteOnly))
            f.write(QJsonDocument(QJsonArray::fromStringList(visibleTexts(root))).toJson());
    };
    if (!p.isSet(outDir)) {
        err() << Tr::tr("--out: say where to write the screenshots.") << '\n';
        return 2;
    }
    if (!Language::supported().contains(p.value(lang))) {
        err() << Tr::tr("--lang: “%1” is not supported; use zh_CN or en.").arg(p.value(lang))
              << '\n';
        return 2;
    }
    const QDir dir(p.value(outDir));
    if (!QDir().mkpath(dir.absolutePath())) {
        err() << Tr::tr("--out: cannot create %1.").arg(dir.absolutePath()) << '\n';
        return 2;
    }

    Language language;
    language.apply(p.value(lang));

    // A demo's pages are of its own day (its datesRelativeTo): the same whatever the day they
    // are taken (tst_cli compares them with the committed ones), for the app and the walked
    // sandbox alike, which read one clock (Clock.h).
    if (QFile file(stateFile(p)); file.open(QIODevice::ReadOnly))
        if (const QDate day = datesRelativeTo(QJsonDocument::fromJson(file.readAll()).object());
            day.isValid())
            clock::pinToday(day);
    // The pages render from a copy of the state in memory: a screenshot never saves.
    StateStore store(stateFile(p));
    if (!loadState(store))
        return 2;
    StateStore preview(QString{});
    preview.setState(store.state());

    // A headless command: waiting in a local event loop blocks no one.
    QTemporaryDir sandboxDir;
    SandboxLauncher launcher;
    std::optional<SandboxLauncher::Started> sandbox;
    std::optional<ProviderProfile> walked;
    QByteArray walkedSecret;
    if (p.isSet(walkSlurm)) {
        const auto slurm = slurmProfileFromEnvironment(QUrl(p.value(walkSlurm)));
        if (!slurm) {
            err() << slurm.error().message << '\n' << slurm.error().details << '\n';
            return 2;
        }
        walked = *slurm;
    } else if (p.isSet(walk)) {
        const auto started = startSandbox(launcher, sandboxDir.path());
        if (!started) {
            err() << started.error().message << '\n';
            return 2;
        }
        sandbox = *started;
        walked = sandbox->profile;
        walkedSecret = sandbox->secret;
    }
    if (walked) {
        QEventLoop loop;
        std::optional<Error> failed;
        Transport transport;
        ProviderSession session(providerFor(&transport, *walked, walkedSecret),
                                preview.stateForEditing());
        session.setPollIntervalMs(100);
        // Gates 1–4, then gate 5's checks and gate 6's first run (not its wrap-up: the pages
        // show the instance still running and the wrap-up ready to do).
        using Op = void (ProviderSession::*)(ProviderSession::Done);
        for (Op op :
             {Op(&ProviderSession::walkGatesOneToFour), Op(&ProviderSession::runReadinessChecks),
              Op(&ProviderSession::runFirstRun)}) {
            (session.*op)([&](const std::expected<void, ProviderError> &r) {
                if (!r)
                    failed = r.error().toError();
                loop.quit();
            });
            loop.exec();
            if (failed) {
                err() << failed->message << " (" << failed->details << ")\n";
                return 2;
            }
        }
    }

    const int last = OnboardingWizard::SummaryId;
    for (int id = OnboardingWizard::WelcomeId; id <= last; ++id) {
        OnboardingWizard w(&preview, &language);
        if (walked)
            w.providerHub()->useRemote(*walked, walkedSecret, false);
        w.setStartId(id);
        // As a first start on a 1366×768 screen shows it (offscreen has no real screen).
        w.resize(OnboardingWizard::defaultSize(QSize(1366, 768)));
        w.show();
        QApplication::processEvents();
        // Pages that read a job from the provider (gates 5 and 6) say so while they load; the
        // charts draw on their next frame (100 ms).
        QElapsedTimer waited;
        waited.start();
        const auto loading = [&w] {
            const auto children = w.findChildren<QWidget *>();
            return std::any_of(children.begin(), children.end(),
                               [](QWidget *c) { return c->property("onrampLoading").toBool(); });
        };
        // After a walk, the pages read the provider once its session is there and idle
        // (GatePage::whenProviderReady): wait for that too, or a busy machine's screenshot
        // shows gate 6 before its log was read.
        const auto connecting = [&w, &walked] {
            return walked && !w.providerHub()->sessionIdle();
        };
        while ((connecting() || loading() || waited.elapsed() < 200) && waited.elapsed() < 5000)
            QApplication::processEvents(QEventLoop::AllEvents, 20);
        const QString file = dir.filePath(QStringLiteral("%1-%2.png")
                                              .arg(id, 2, 10, QLatin1Char('0'))
                                              .arg(OnboardingWizard::pageKey(id)));
        if (!w.grab().save(file)) {
            err() << Tr::tr("Cannot write %1.").arg(file) << '\n';
            return 2;
        }
        out() << file << '\n';
        writeLiveRegions(&w, file);
        writeTexts(&w, file);
        // Gate pages scroll; also keep the whole content, top to bottom.
        if (QWidget *content =
                w.currentPage()->findChild<QWidget *>(QStringLiteral("gateContent"))) {
            if (content->height() > content->parentWidget()->height() + 40) {
                const QString full =
                    QString(file).replace(QStringLiteral(".png"), QStringLiteral("-full.png"));
                content->grab().save(full);
                out() << full << '\n';
                writeLiveRegions(content, full);
            }
        }
    }
    // "Open a handoff spec" on the spec this onboarding makes: its gaps, marked by field.
    QTemporaryDir specDir;
    const QString specPath = specDir.filePath(QStringLiteral("handoff.json"));
    QFile specFile(specPath);
    if (specFile.open(QIODevice::WriteOnly)) {
        specFile.write(QJsonDocument(runSpecFromState(preview.state()).toJson()).toJson());
        specFile.close();
        HandoffDialog handoff;
        handoff.open(specPath);
        handoff.show();
        QApplication::processEvents();
        const QString file =
            dir.filePath(QStringLiteral("%1-handoff.png").arg(last + 1, 2, 10, QLatin1Char('0')));
        if (!handoff.grab().save(file)) {
            err() << Tr::tr("Cannot write %1.").arg(file) << '\n';
            return 2;
        }
        out() << file << '\n';
        writeLiveRegions(&handoff, file);
        writeTexts(&handoff, file);
        // After a walk at the sandbox: a colleague's replay of this spec with one field changed
        // (the seed), as the dialog shows it: each item, and the FAILs naming the field.
        if (walked) {
            RunSpec changed = runSpecFromState(preview.state());
            changed.parameters["seed"] = 7;
            QFile changedFile(specDir.filePath(QStringLiteral("handoff-seed.json")));
            if (changedFile.open(QIODevice::WriteOnly)) {
                changedFile.write(QJsonDocument(changed.toJson()).toJson());
                changedFile.close();
                HandoffDialog replaying;
                replaying.resize(1100, 720);
                replaying.open(changedFile.fileName());
                replaying.setMember(QStringLiteral("wang.fang"));
                replaying.show();
                QEventLoop wait;
                QObject::connect(&replaying, &HandoffDialog::replayFinished, &wait,
                                 &QEventLoop::quit);
                replaying.replay();
                if (replaying.isReplaying())
                    wait.exec();
                QApplication::processEvents();
                const QString shot = dir.filePath(
                    QStringLiteral("%1-handoff-replay.png").arg(last + 2, 2, 10, QLatin1Char('0')));
                if (!replaying.grab().save(shot)) {
                    err() << Tr::tr("Cannot write %1.").arg(shot) << '\n';
                    return 2;
                }
                out() << shot << '\n';
                writeLiveRegions(&replaying, shot);
                writeTexts(&replaying, shot);
            }
        }
    }
    return 0;
}

int estimateAccuracy(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Tr::tr("Compare the memory estimator with published figures."));
    p.addHelpOption();
    QCommandLineOption cases(QStringLiteral("cases"), Tr::tr("The cases file (JSON array)."),
                             QStringLiteral("FILE"));
    QCommandLineOption markdown(QStringLiteral("markdown"), Tr::tr("Print the Markdown report."));
    p.addOption(cases);
    p.addOption(markdown);
    p.process(args);
    if (!p.isSet(cases)) {
        err() << Tr::tr("--cases: say which cases file to read.") << '\n';
        return 2;
    }
    auto loaded = loadValidationCases(p.value(cases));
    if (!loaded) {
        err() << loaded.error().message << '\n' << loaded.error().details << '\n';
        return 2;
    }
    std::vector<CaseResult> results;
    for (const QJsonObject &c : *loaded)
        results.push_back(evaluateCase(c));
    if (p.isSet(markdown)) {
        out() << accuracyMarkdown(results, p.value(cases));
        return 0;
    }
    // Every row shows its real error when it has both figures; a row not compared says why.
    for (const CaseResult &r : results) {
        const QString error = r.hasError ? QStringLiteral("%1%").arg(r.errorShare * 100, 6, 'f', 1)
                                         : QStringLiteral("%1").arg(QStringLiteral("n/a"), 7);
        out() << QStringLiteral("%1 %2 %3 rep=%4 est=%5 err=%6 %7 %8\n")
                     .arg(r.id, -34)
                     .arg(r.kind, -8)
                     .arg(r.compared, -22)
                     .arg(r.reportedGiB, 7, 'f', 2)
                     .arg(r.estimatedGiB, 7, 'f', 2)
                     .arg(error)
                     .arg(r.kind == "fits" ? r.expectedVerdict + "/" + r.ourVerdict : QString())
                     .arg(r.expressible ? r.assumptions : "SKIP " + r.whyNot);
    }
    const AccuracySummary a = summarize(results);
    // What counts, in words: the same definition tst_estimator asserts (countsTowardTarget).
    out() << countingRule() << '\n';
    out() << QStringLiteral("measured %1/%2 counted within %7%; fits %3/%4; zero %5/%6 within "
                            "2%; target %8\n")
                 .arg(a.measuredWithin)
                 .arg(a.measured)
                 .arg(a.fitsRight)
                 .arg(a.fits)
                 .arg(a.zeroWithin2)
                 .arg(a.zero)
                 .arg(kMeasuredTolerance * 100, 0, 'f', 0)
                 .arg(a.measuredTargetMet() ? QStringLiteral("met") : QStringLiteral("not met"));
    return 0;
}

} // namespace onramp::cli
