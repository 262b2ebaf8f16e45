// onramp check qualification|roles, onramp quota plan: gates 1–3's rules, headless.
#include "Catalogs.h"
#include "Clock.h"
#include "Commands.h"
#include "QualificationGate.h"
#include "QuotaGate.h"
#include "Tr.h"
#include "WorkspaceGate.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTextStream>

namespace onramp::cli {

namespace {

int invalidInput(const QString &field, const QString &why)
{
    QTextStream(stderr) << QStringLiteral("%1: %2").arg(field, why) << '\n';
    return 2;
}

// Prints findings; the exit status says whether any blocks.
int report(const Findings &findings, bool json, const QJsonObject &extra = {})
{
    QTextStream out(stdout);
    if (json) {
        QJsonObject root = findingsJson(findings);
        for (auto it = extra.begin(); it != extra.end(); ++it)
            root[it.key()] = it.value();
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
    } else {
        for (const Finding &f : findings)
            out << (f.isBlocking() ? "✖ " : "⚠ ") << f.code << "  [" << f.field << "]\n   "
                << f.message.toString() << '\n';
        if (findings.isEmpty())
            out << Tr::tr("No findings.") << '\n';
    }
    return hasBlocking(findings) ? 1 : 0;
}

std::expected<QByteArray, int> readInput(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::unexpected(
            invalidInput(path, Tr::tr("cannot read the file (%1)").arg(f.errorString())));
    if (f.size() > 16 * 1024 * 1024)
        return std::unexpected(invalidInput(path, Tr::tr("the file is larger than 16 MiB")));
    return f.readAll();
}

std::expected<QJsonObject, int> readJsonObject(const QString &path)
{
    auto bytes = readInput(path);
    if (!bytes)
        return std::unexpected(bytes.error());
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &pe);
    if (!doc.isObject())
        return std::unexpected(invalidInput(
            path,
            doc.isNull()
                ? Tr::tr("not valid JSON at offset %1: %2").arg(pe.offset).arg(pe.errorString())
                : Tr::tr("expected a JSON object")));
    return doc.object();
}

int checkQualificationFile(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        Tr::tr("Check a gate 1 dossier (JSON, see docs/examples/qualification.json)."));
    p.addHelpOption();
    QCommandLineOption today(QStringLiteral("today"), Tr::tr("Judge dates as of this day."),
                             QStringLiteral("YYYY-MM-DD"));
    QCommandLineOption lead(QStringLiteral("review-days"),
                            Tr::tr("Expected review lead time in days."), QStringLiteral("N"),
                            QStringLiteral("10"));
    QCommandLineOption json(QStringLiteral("json"), Tr::tr("Print JSON."));
    p.addOptions({today, lead, json});
    p.addPositionalArgument(QStringLiteral("FILE"), Tr::tr("The dossier."));
    p.process(args);
    if (p.positionalArguments().size() != 1)
        return invalidInput(QStringLiteral("FILE"), Tr::tr("give one dossier file"));
    QDate day = clock::today();
    if (p.isSet(today)) {
        day = QDate::fromString(p.value(today), Qt::ISODate);
        if (!day.isValid())
            return invalidInput(QStringLiteral("--today"), Tr::tr("expected YYYY-MM-DD"));
    }
    QualificationRules rules;
    bool ok = false;
    rules.reviewLeadDays = p.value(lead).toInt(&ok);
    if (!ok || rules.reviewLeadDays < 0)
        return invalidInput(QStringLiteral("--review-days"), Tr::tr("expected a number of days"));
    auto json0 = readJsonObject(p.positionalArguments().first());
    if (!json0)
        return json0.error();
    auto d = QualificationData::fromJson(*json0);
    if (!d)
        return invalidInput(d.error().field, d.error().message.section(QStringLiteral(": "), 1));
    d->resolveAttachmentsAgainst(QFileInfo(p.positionalArguments().first()).absolutePath());
    return report(checkQualification(*d, day, rules), p.isSet(json));
}

int checkRolesFile(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Tr::tr("Check a gate 2 workspace (JSON) or a member list (CSV)."));
    p.addHelpOption();
    QCommandLineOption json(QStringLiteral("json"), Tr::tr("Print JSON."));
    p.addOption(json);
    p.addPositionalArgument(QStringLiteral("FILE"), Tr::tr("workspace.json or members.csv"));
    p.process(args);
    if (p.positionalArguments().size() != 1)
        return invalidInput(QStringLiteral("FILE"), Tr::tr("give one file"));
    const QString path = p.positionalArguments().first();
    WorkspaceData w;
    if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) {
        auto bytes = readInput(path);
        if (!bytes)
            return bytes.error();
        auto members = importMembersCsv(*bytes);
        if (!members) {
            for (const CsvProblem &pr : members.error())
                QTextStream(stderr)
                    << Tr::tr("%1, line %2: %3").arg(path).arg(pr.line).arg(pr.message) << '\n';
            return 2;
        }
        // A member list alone: judge it as if workspace and quota were in place.
        w.create(QFileInfo(path).baseName());
        w.attachQuota({QStringLiteral("card"), QStringLiteral("region"), QStringLiteral("zone")});
        w.members = *members;
    } else {
        auto o = readJsonObject(path);
        if (!o)
            return o.error();
        auto parsed = WorkspaceData::fromJson(*o);
        if (!parsed)
            return invalidInput(parsed.error().field, parsed.error().message);
        w = *parsed;
    }
    const TeamAcceptancePrediction pred = predictAcceptance(w);
    return report(checkWorkspace(w), p.isSet(json),
                  {{"predicted",
                    QJsonObject{{"developer_submits_and_sees_log", pred.developerSubmitsAndSeesLog},
                                {"observer_refused", pred.observerRefused}}}});
}

} // namespace

namespace {

bool asksForHelp(const QString &word)
{
    return word == QLatin1String("--help") || word == QLatin1String("-h") ||
           word == QLatin1String("--help-all");
}

// The usage of a command that takes a second word: on stdout when asked for, else on stderr
// after what was wrong (exit 2).
int usage(const QString &text, const QString &word)
{
    if (asksForHelp(word)) {
        QTextStream(stdout) << text << '\n';
        return 0;
    }
    QTextStream err(stderr);
    if (word.isEmpty())
        err << Tr::tr("Say what to do.") << "\n\n";
    else
        err << Tr::tr("“%1” is not something this command does.").arg(word) << "\n\n";
    err << text << '\n';
    return 2;
}

} // namespace

int check(const QStringList &args)
{
    const QString which = args.value(1);
    QStringList rest = args;
    if (rest.size() > 1) {
        rest.removeAt(1);
        rest[0] += u' ' + which;
    }
    if (which == QLatin1String("qualification"))
        return checkQualificationFile(rest);
    if (which == QLatin1String("roles"))
        return checkRolesFile(rest);
    return usage(Tr::tr("Usage: onramp check qualification FILE.json [--today YYYY-MM-DD] "
                        "[--review-days N] [--json]\n"
                        "       onramp check roles FILE.json|FILE.csv [--json]\n\n"
                        "qualification  checks a gate 1 dossier: entity, purpose, data "
                        "compliance, dates.\n"
                        "roles          checks a gate 2 workspace or member list: roles, "
                        "quota, the acceptance prediction.\n"
                        "Exit status: 0 no blocking findings, 1 blocking findings, 2 unreadable "
                        "input.\n"
                        "Each takes --help for its options."),
                 which);
}

int quota(const QStringList &args)
{
    if (args.value(1) != QLatin1String("plan"))
        return usage(Tr::tr("Usage: onramp quota plan --cards N --hours-per-round H --rounds R "
                            "--retry-margin F\n"
                            "                         --start YYYY-MM-DD --end YYYY-MM-DD "
                            "[--purpose KIND] [--peak START:DAYS:CARDS]... [--json]\n\n"
                            "plan  derives a quota application from the run's shape: "
                            "card-hours, a small first application and follow-ups, quarters.\n"
                            "Run onramp quota plan --help for every option."),
                     args.value(1));
    QStringList rest = args;
    rest.removeAt(1);
    rest[0] += QStringLiteral(" plan");
    QCommandLineParser p;
    p.setApplicationDescription(
        Tr::tr("Derive a quota application: card-hours, staging, quarters."));
    p.addHelpOption();
    QCommandLineOption cards(QStringLiteral("cards"), Tr::tr("Cards per run."),
                             QStringLiteral("N"));
    QCommandLineOption hours(QStringLiteral("hours-per-round"), Tr::tr("Hours per round."),
                             QStringLiteral("H"));
    QCommandLineOption rounds(QStringLiteral("rounds"), Tr::tr("Rounds in the period."),
                              QStringLiteral("R"));
    QCommandLineOption margin(QStringLiteral("retry-margin"),
                              Tr::tr("Retry margin as a share (0.2 = 20 %)."), QStringLiteral("F"));
    QCommandLineOption start(QStringLiteral("start"), Tr::tr("First day."), QStringLiteral("DATE"));
    QCommandLineOption end(QStringLiteral("end"), Tr::tr("Last day."), QStringLiteral("DATE"));
    QCommandLineOption card(QStringLiteral("card"), Tr::tr("Card type."), QStringLiteral("TYPE"),
                            QStringLiteral("a100-80g"));
    QCommandLineOption zone(QStringLiteral("zone"), Tr::tr("Region/zone of the quota."),
                            QStringLiteral("ZONE"), QStringLiteral("default"));
    QCommandLineOption purpose(QStringLiteral("purpose"),
                               Tr::tr("pretraining, finetuning, evaluation or inference."),
                               QStringLiteral("KIND"), QStringLiteral("finetuning"));
    QCommandLineOption peak(QStringLiteral("peak"),
                            Tr::tr("A peak window START:DAYS:CARDS (repeatable)."),
                            QStringLiteral("PEAK"));
    QCommandLineOption estimated(QStringLiteral("estimated-cards"),
                                 Tr::tr("Cards per run the memory estimate needs."),
                                 QStringLiteral("N"));
    QCommandLineOption provider(
        QStringLiteral("provider"),
        Tr::tr("Check --card against this provider's catalog: sandbox (a fresh built-in "
               "sandbox), the https address of an Onramp API server, or slurm+http://HOST:PORT. "
               "When the provider does not answer, the built-in catalog; a line on stderr says "
               "which catalog was used."),
        QStringLiteral("P"));
    QCommandLineOption json(QStringLiteral("json"), Tr::tr("Print JSON."));
    p.addOptions({cards, hours, rounds, margin, start, end, card, zone, purpose, peak, estimated,
                  provider, json});
    p.process(rest);

    QuotaGateData q;
    bool ok = false;
    for (auto [opt, name] : {std::pair{&cards, "--cards"}, std::pair{&hours, "--hours-per-round"},
                             std::pair{&rounds, "--rounds"}, std::pair{&margin, "--retry-margin"},
                             std::pair{&start, "--start"}, std::pair{&end, "--end"}}) {
        if (!p.isSet(*opt))
            return invalidInput(QLatin1String(name), Tr::tr("required"));
    }
    q.cardsPerRun = p.value(cards).toInt(&ok);
    if (!ok)
        return invalidInput(QStringLiteral("--cards"), Tr::tr("expected a whole number"));
    q.hoursPerRound = p.value(hours).toDouble(&ok);
    if (!ok)
        return invalidInput(QStringLiteral("--hours-per-round"), Tr::tr("expected a number"));
    q.rounds = p.value(rounds).toInt(&ok);
    if (!ok)
        return invalidInput(QStringLiteral("--rounds"), Tr::tr("expected a whole number"));
    q.retryMargin = p.value(margin).toDouble(&ok);
    if (!ok)
        return invalidInput(QStringLiteral("--retry-margin"), Tr::tr("expected a number"));
    q.start = QDate::fromString(p.value(start), Qt::ISODate);
    if (!q.start.isValid())
        return invalidInput(QStringLiteral("--start"), Tr::tr("expected YYYY-MM-DD"));
    q.end = QDate::fromString(p.value(end), Qt::ISODate);
    if (!q.end.isValid())
        return invalidInput(QStringLiteral("--end"), Tr::tr("expected YYYY-MM-DD"));
    for (const QString &spec : p.values(peak)) {
        const QStringList parts = spec.split(u':');
        PeakWindow w;
        bool d = false, c = false;
        if (parts.size() == 3) {
            w.start = QDate::fromString(parts[0], Qt::ISODate);
            w.days = parts[1].toInt(&d);
            w.cards = parts[2].toInt(&c);
        }
        if (!w.start.isValid() || !d || !c)
            return invalidInput(QStringLiteral("--peak"),
                                Tr::tr("“%1” is not START:DAYS:CARDS").arg(spec));
        q.peaks << w;
    }
    QuotaContext ctx;
    // The pool the application is for (gate 2's, in the wizard), its card named as estimate
    // takes it (#20 audit: any text went into the application's justification).
    const auto poolCard = findCardNamed(p.value(card));
    if (!poolCard)
        return invalidInput(QStringLiteral("--card"), poolCard.error());
    if (p.isSet(provider)) {
        // Quota is applied for on cards the provider rents: its catalog names them.
        const auto catalog = catalogFor(p.value(provider));
        if (!catalog) {
            err() << "--provider: " << catalog.error().message << '\n';
            return 2;
        }
        err() << catalog->describe() << '\n' << Qt::flush;
        QStringList offered;
        for (const InstanceType &t : catalog->instances()) {
            if (!t.card.isEmpty() && !offered.contains(t.card))
                offered << t.card;
        }
        if (!offered.contains(poolCard->key))
            return invalidInput(QStringLiteral("--card"),
                                Tr::tr("this catalog offers no instance with %1 cards; it offers "
                                       "%2")
                                    .arg(poolCard->key, Tr::list(offered)));
    }
    ctx.pool = {poolCard->key, QuotaPool::regionOf(p.value(zone)), p.value(zone)};
    const auto kind = purposeKindFromText(p.value(purpose));
    if (!kind)
        return invalidInput(QStringLiteral("--purpose"),
                            Tr::tr("expected pretraining, finetuning, evaluation or inference"));
    ctx.purpose = *kind;
    if (p.isSet(estimated)) {
        const int n = p.value(estimated).toInt(&ok);
        if (!ok || n < 1)
            return invalidInput(QStringLiteral("--estimated-cards"),
                                Tr::tr("expected a whole number ≥ 1"));
        ctx.estimatedCards = n;
    }
    if (auto valid = validateQuota(q); !valid) {
        static const QHash<QString, QString> option = {
            {"cardsPerRun", "--cards"}, {"hoursPerRound", "--hours-per-round"},
            {"rounds", "--rounds"},     {"retryMargin", "--retry-margin"},
            {"start", "--start"},       {"end", "--end"},
            {"peaks", "--peak"},        {"monthlyWeights", "--monthly"}};
        return invalidInput(option.value(valid.error().field, valid.error().field),
                            valid.error().message.section(QStringLiteral(": "), 1));
    }
    const QuotaPlan plan = planQuota(q, ctx);
    const auto app = [](const QuotaApplication &a) {
        return QJsonObject{{"label", a.label},
                           {"from", a.from.toString(Qt::ISODate)},
                           {"to", a.to.toString(Qt::ISODate)},
                           {"card_hours", a.cardHours}};
    };
    QJsonArray staged{app(plan.first)}, quarters;
    for (const QuotaApplication &a : plan.followUps)
        staged.append(app(a));
    for (const QuotaApplication &a : plan.quarters)
        quarters.append(app(a));
    if (!p.isSet(json)) {
        QTextStream out(stdout);
        out << plan.formula << '\n';
        // Every application with its days, the first too, and their sum (walk 17: the first
        // one's dates were left out).
        QList<QuotaApplication> rows{plan.first};
        rows += plan.followUps;
        QuotaApplication total{{}, plan.first.from, plan.first.to, 0};
        for (const QuotaApplication &a : rows) {
            total.cardHours += a.cardHours;
            total.to = std::max(total.to, a.to);
        }
        qsizetype width = Tr::tr("Total").size();
        for (const QuotaApplication &a : rows)
            width = std::max(width, applicationName(a).size());
        out << Tr::tr("Applications:") << '\n';
        const auto row = [&](const QString &name, const QuotaApplication &a) {
            out << QStringLiteral("  %1  %2 – %3  %4\n")
                       .arg(name.leftJustified(width), a.from.toString(Qt::ISODate),
                            a.to.toString(Qt::ISODate))
                       .arg(a.cardHours, 0, 'f', 0);
        };
        for (const QuotaApplication &a : rows)
            row(applicationName(a), a);
        row(Tr::tr("Total"), total);
        out << quotaJustification(q, plan, ctx) << "\n\n";
    }
    return report(plan.findings, p.isSet(json),
                  {{"card_hours", plan.cardHours},
                   {"formula", plan.formula},
                   {"staged", staged},
                   {"quarters", quarters},
                   {"justification", quotaJustification(q, plan, ctx)}});
}

} // namespace onramp::cli
