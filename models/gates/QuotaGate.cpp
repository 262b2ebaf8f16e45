#include "QuotaGate.h"

#include "Catalogs.h"
#include "GateCrossChecks.h"
#include "Tr.h"

#include <QJsonArray>
#include <QLocale>

#include <cmath>
#include <map>

namespace onramp {

namespace {

QString iso(const QDate &d)
{
    return d.isValid() ? d.toString(Qt::ISODate) : QString();
}

Error bad(const char *field, const QString &why)
{
    return {Error::Kind::Invalid, QStringLiteral("%1: %2").arg(QLatin1String(field), why),
            QString(), QLatin1String(field)};
}

int quarterOf(const QDate &d)
{
    return (d.month() - 1) / 3 + 1;
}

// A quarterly application's key, as the provider receives it: "2027 Q1".
QString quarterKey(const QDate &d)
{
    return QStringLiteral("%1 Q%2").arg(d.year()).arg(quarterOf(d));
}

QDate quarterStart(const QDate &d)
{
    return QDate(d.year(), (quarterOf(d) - 1) * 3 + 1, 1);
}

// A purpose as the middle of a finding's sentence says it ("Gate 1 states fine-tuning").
Text purposeInSentence(PurposeKind k)
{
    switch (k) {
    case PurposeKind::Pretraining:
        return Tr::trLater("pre-training");
    case PurposeKind::Finetuning:
        return Tr::trLater("fine-tuning");
    case PurposeKind::Evaluation:
        return Tr::trLater("evaluation");
    case PurposeKind::Inference:
        return Tr::trLater("inference");
    }
    return {};
}

QString number(double v, int decimals = 0)
{
    return QLocale().toString(v, 'f', decimals);
}

// Weight of each day of the period: even by default, the monthly spread when given, or the
// peak windows (cards busy that day) when any are given.
std::map<QDate, double> dailyWeights(const QuotaGateData &q)
{
    std::map<QDate, double> w;
    for (QDate d = q.start; d <= q.end; d = d.addDays(1))
        w[d] = 1.0;
    if (!q.peaks.isEmpty()) {
        for (auto &[day, weight] : w)
            weight = 0;
        for (const PeakWindow &p : q.peaks) {
            for (int i = 0; i < p.days; ++i) {
                const QDate d = p.start.addDays(i);
                if (w.count(d))
                    w[d] += p.cards;
            }
        }
    } else if (!q.monthlyWeights.isEmpty()) {
        for (auto &[day, weight] : w) {
            const int month = (day.year() - q.start.year()) * 12 + day.month() - q.start.month();
            const double monthWeight =
                month < q.monthlyWeights.size() ? q.monthlyWeights[month] : 0;
            weight = monthWeight / day.daysInMonth();
        }
    }
    return w;
}

// Gate 3's applications (#17 walk 6: the first covered 12-10 to 12-11, the quarterly ones began
// on 01-01, and 12-12 to 12-31 had none while the chart counted their card-hours). `segments`
// are the periods one application may cover (the calendar quarters, or the whole period), in
// order, their whole card-hours adding up to the total. The first application asks for
// `firstHours` from `firstUse`, for `roundDays` days within its segment; then each segment gets
// one for what the first did not take of it. Together they cover every day from `firstUse` to
// `lastUse` that needs cards, without overlap, and add up to the total:
// - the first takes its hours from its own segment, then from the next ones, leaving each one
//   that needs cards at least one card-hour (the first is smaller then: a plan of one round
//   spread over several quarters);
// - a segment the first took whole is the first's: the first runs to the segment's end;
// - the first is never longer than the plan: what it cannot leave to a later one is its own;
// - a segment that needs no cards (between two peaks) gets no application, and the one after it
//   starts on its first day that does.
QList<QuotaApplication> splitApplications(double firstHours, int roundDays, const QDate &firstUse,
                                          const QDate &lastUse,
                                          const QList<QuotaApplication> &segments,
                                          const std::map<QDate, double> &weights)
{
    QList<QuotaApplication> parts;
    QList<QDate> needs; // each part's first day that needs cards; invalid when none does
    double outside = 0; // hours of segments with no day from firstUse to lastUse (none, whole)
    for (QuotaApplication s : segments) {
        s.from = std::max(s.from, firstUse);
        s.to = std::min(s.to, lastUse);
        if (s.from > s.to) {
            outside += s.cardHours;
            continue;
        }
        QDate need;
        for (auto it = weights.lower_bound(s.from);
             !need.isValid() && it != weights.end() && it->first <= s.to; ++it)
            if (it->second > 0)
                need = it->first;
        parts << s;
        needs << need;
    }
    QuotaApplication firstApp{QStringLiteral("first"), firstUse, firstUse, firstHours};
    if (parts.isEmpty())
        return {firstApp};
    parts.first().cardHours += outside;
    double owed = firstHours;
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1 && firstHours - owed >= 1)
            break; // the later ones keep their card-hour: each stays within its segment
        for (qsizetype i = 0; i < parts.size() && owed > 0; ++i) {
            const double keep = pass == 0 && i > 0 && needs[i].isValid() ? 1 : 0;
            const double take = std::min(owed, std::max(0.0, parts[i].cardHours - keep));
            parts[i].cardHours -= take;
            owed -= take;
        }
    }
    firstApp.cardHours -= owed; // what the later segments keep (a plan of one round, spread)
    firstApp.to = std::min(parts.first().to, firstUse.addDays(roundDays - 1));
    QList<QuotaApplication> out{firstApp};
    double carry = 0;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        QuotaApplication a = parts[i];
        if (i == 0)
            a.from = firstApp.to.addDays(1);
        else if (needs[i].isValid() && a.from > out.last().to.addDays(1))
            a.from = needs[i]; // after days that need no cards: from the first that does
        a.cardHours += carry;
        carry = 0;
        if (a.from > a.to) {
            carry = a.cardHours; // the first covers this whole segment
        } else if (a.cardHours >= 0.5) {
            out << a;
        } else if (i == 0 || needs[i].isValid()) {
            out.last().to = a.to; // its days are the application's before it, hours and all
        }
    }
    out.last().cardHours += carry;
    return out;
}

} // namespace

QJsonObject QuotaGateData::toJson() const
{
    QJsonArray peaksJson, monthly;
    for (const PeakWindow &p : peaks)
        peaksJson.append(
            QJsonObject{{"start", iso(p.start)}, {"days", p.days}, {"cards", p.cards}});
    for (double w : monthlyWeights)
        monthly.append(w);
    return {{"cardsPerRun", cardsPerRun},
            {"hoursPerRound", hoursPerRound},
            {"rounds", rounds},
            {"retryMargin", retryMargin},
            {"start", iso(start)},
            {"end", iso(end)},
            {"peaks", peaksJson},
            {"monthlyWeights", monthly},
            {"justification", justification}};
}

std::expected<QuotaGateData, Error> QuotaGateData::fromJson(const QJsonObject &o)
{
    QuotaGateData q;
    q.cardsPerRun = o.value("cardsPerRun").toInt();
    q.hoursPerRound = o.value("hoursPerRound").toDouble();
    q.rounds = o.value("rounds").toInt(1);
    q.retryMargin = o.value("retryMargin").toDouble(0.2);
    for (auto [key, member] :
         {std::pair{"start", &QuotaGateData::start}, std::pair{"end", &QuotaGateData::end}}) {
        const QString s = o.value(QLatin1String(key)).toString();
        if (s.isEmpty())
            continue;
        q.*member = QDate::fromString(s, Qt::ISODate);
        if (!(q.*member).isValid())
            return std::unexpected(
                bad(key, Tr::tr("expected a date as YYYY-MM-DD, not “%1”").arg(s)));
    }
    for (const QJsonValue &v : o.value("peaks").toArray()) {
        const QJsonObject p = v.toObject();
        PeakWindow w{QDate::fromString(p.value("start").toString(), Qt::ISODate),
                     p.value("days").toInt(), p.value("cards").toInt()};
        if (!w.start.isValid())
            return std::unexpected(bad("peaks", Tr::tr("a peak needs a start date")));
        q.peaks << w;
    }
    for (const QJsonValue &v : o.value("monthlyWeights").toArray())
        q.monthlyWeights << v.toDouble();
    q.justification = o.value("justification").toString();
    return q;
}

namespace {

// What validateQuota() refuses: the field, and why, read when shown (#17).
struct Problem
{
    const char *field;
    Text why;
};

std::optional<Problem> quotaProblem(const QuotaGateData &q)
{
    if (q.cardsPerRun < 1)
        return Problem{"cardsPerRun", Tr::trLater("cards per run must be at least 1")};
    if (!(q.hoursPerRound > 0) || !std::isfinite(q.hoursPerRound))
        return Problem{"hoursPerRound", Tr::trLater("hours per round must be positive")};
    if (q.rounds < 1)
        return Problem{"rounds", Tr::trLater("rounds must be at least 1")};
    if (q.retryMargin < 0 || q.retryMargin > 2 || !std::isfinite(q.retryMargin))
        return Problem{"retryMargin",
                       Tr::trLater("the retry margin is a share from 0 to 2 (0.2 = 20 %)")};
    // Ceilings far above any real application: past them the card-hours overflow to inf.
    if (q.cardsPerRun > QuotaGateData::kMaxCardsPerRun)
        return Problem{
            "cardsPerRun",
            Tr::trLater("cards per run must be at most %1").arg(QuotaGateData::kMaxCardsPerRun)};
    if (q.hoursPerRound > QuotaGateData::kMaxHoursPerRound)
        return Problem{"hoursPerRound",
                       Tr::trLater("hours per round must be at most %1 (a leap year)")
                           .arg(QuotaGateData::kMaxHoursPerRound)};
    if (q.rounds > QuotaGateData::kMaxRounds)
        return Problem{"rounds",
                       Tr::trLater("rounds must be at most %1").arg(QuotaGateData::kMaxRounds)};
    if (!q.start.isValid())
        return Problem{"start", Tr::trLater("give the first day of the period")};
    if (!q.end.isValid())
        return Problem{"end", Tr::trLater("give the last day of the period")};
    if (q.end < q.start)
        return Problem{"end", Tr::trLater("the period must end on or after its start")};
    for (const PeakWindow &p : q.peaks) {
        if (p.days < 1 || p.cards < 1)
            return Problem{"peaks", Tr::trLater("a peak needs at least 1 day and 1 card")};
    }
    for (double w : q.monthlyWeights) {
        if (w < 0 || !std::isfinite(w))
            return Problem{"monthlyWeights", Tr::trLater("monthly weights cannot be negative")};
    }
    return std::nullopt;
}

} // namespace

std::expected<void, Error> validateQuota(const QuotaGateData &q)
{
    if (const std::optional<Problem> p = quotaProblem(q))
        return std::unexpected(bad(p->field, p->why.toString()));
    return {};
}

std::optional<Finding> quotaIncomplete(const QuotaGateData &q)
{
    const std::optional<Problem> p = quotaProblem(q);
    if (!p)
        return std::nullopt;
    // A sentence of its own, which the error's "field: what is wrong" is not (#17 walk).
    return Finding{QStringLiteral("quota.incomplete"), Finding::Severity::Blocking,
                   QLatin1String(p->field), Tr::trLater("Correct the quota plan: %1.").arg(p->why)};
}

QuotaPlan planQuota(const QuotaGateData &q, const QuotaContext &context)
{
    QuotaPlan plan;
    if (!validateQuota(q))
        return plan;
    const double perRound = q.cardsPerRun * q.hoursPerRound;
    // Applications are for whole card-hours, rounded up so the margin is kept; every part
    // below is whole too, so the parts add up to the total as printed.
    const auto wholeUp = [](double v) { return std::ceil(v - 1e-9); };
    plan.cardHours = wholeUp(perRound * q.rounds * (1 + q.retryMargin));
    plan.formula = Tr::tr("%1 cards × %2 h per round × %3 rounds × (1 + %4 retry margin) = %5 "
                          "card-hours")
                       .arg(q.cardsPerRun)
                       .arg(number(q.hoursPerRound, 1))
                       .arg(q.rounds)
                       .arg(number(q.retryMargin, 2))
                       .arg(number(plan.cardHours));

    // Distribution → months and calendar quarters.
    const auto weights = dailyWeights(q);
    double total = 0;
    for (const auto &[day, w] : weights)
        total += w;
    std::map<QDate, double> byMonth, byQuarter;
    for (const auto &[day, w] : weights) {
        const double share = total > 0 ? w / total : 0;
        byMonth[QDate(day.year(), day.month(), 1)] += share * plan.cardHours;
        byQuarter[quarterStart(day)] += share * plan.cardHours;
    }
    for (const auto &[month, hours] : byMonth)
        plan.monthly << std::pair{month, hours};
    // Whole card-hours per quarter that add up to the total: each quarter gets the rounded
    // running sum minus what the quarters before it got.
    double running = 0;
    double given = 0;
    for (const auto &[qs, hours] : byQuarter) {
        const QDate from = std::max(qs, q.start);
        const QDate to = std::min(qs.addMonths(3).addDays(-1), q.end);
        running += hours;
        const double whole = std::round(running) - given;
        given += whole;
        plan.quarters << QuotaApplication{
            quarterKey(qs), from, to, whole};
    }

    // Apply small first: one round plus margin proves the workflow. It starts on the first day
    // the plan uses cards (its first peak, or the first month with a weight: #17 walk, a
    // February peak had its first application on 1 January) and covers the days that round
    // takes; the rest is applied for from the day after, by calendar quarter when the period is
    // longer than one.
    const double first = std::min(plan.cardHours, wholeUp(perRound * (1 + q.retryMargin)));
    const int roundDays =
        std::max(1, int(std::ceil(q.hoursPerRound * (1 + q.retryMargin) / 24 - 1e-9)));
    QDate firstUse = q.start, lastUse = q.end;
    for (auto it = weights.begin(); it != weights.end(); ++it)
        if (it->second > 0) {
            firstUse = it->first;
            break;
        }
    for (auto it = weights.rbegin(); it != weights.rend(); ++it)
        if (it->second > 0) {
            lastUse = it->first;
            break;
        }
    const int periodDays = q.start.daysTo(q.end) + 1;
    // The applications cover the days that use cards, and only those need splitting (walk 18: a
    // year's period with a 30-day peak in March was "split into quarterly follow-ups" beside
    // one application of those 30 days): one span for the table, the finding and the
    // justification.
    const int usedDays = firstUse.daysTo(lastUse) + 1;
    const bool split = periodDays > 92 &&
                       (usedDays > 92 || quarterStart(firstUse) != quarterStart(lastUse));
    const QList<QuotaApplication> whole{
        {QStringLiteral("follow-up"), q.start, q.end, plan.cardHours}};
    const QList<QuotaApplication> applications = splitApplications(
        first, roundDays, firstUse, lastUse, split ? plan.quarters : whole, weights);
    plan.first = applications.first();
    plan.followUps = applications.mid(1);

    const auto blocking = Finding::Severity::Blocking;
    const auto warning = Finding::Severity::Warning;
    auto add = [&](const char *code, Finding::Severity s, const char *field, const Text &msg) {
        plan.findings.append({QLatin1String(code), s, QLatin1String(field), msg});
    };
    if (split && usedDays == periodDays)
        add("quota.period_split", warning, "end",
            Tr::trLater(
                "The period is %1 days, longer than a quarter: a single application that long "
                "is sent back. Onramp splits it into the first application and %n quarterly "
                "follow-up(s), each within one calendar quarter.",
                nullptr, int(plan.followUps.size()))
                .arg(periodDays));
    else if (split)
        add("quota.period_split", warning, "end",
            Tr::trLater(
                "Cards are used from %2 to %3 (%1 days), across calendar quarters: one "
                "application for them all is sent back. Onramp splits them into the first "
                "application and %n quarterly follow-up(s), each within one calendar quarter.",
                nullptr, int(plan.followUps.size()))
                .arg(usedDays)
                .arg(iso(firstUse), iso(lastUse)));
    int scaleLimit = 0;
    if (context.purpose == PurposeKind::Finetuning)
        scaleLimit = 64;
    else if (context.purpose == PurposeKind::Evaluation ||
             context.purpose == PurposeKind::Inference)
        scaleLimit = 16;
    if (scaleLimit > 0 && q.cardsPerRun > scaleLimit &&
        !(context.estimatedCards && *context.estimatedCards >= q.cardsPerRun))
        add("quota.purpose_scale_mismatch", blocking, "cardsPerRun",
            Tr::trLater(
                "Gate 1 states %1, which rarely needs more than %2 cards per run; %3 cards "
                "per run reads as pre-training scale and is a common rejection. Lower cards "
                "per run to %2 or fewer, or state pre-training as the purpose.")
                .arg(purposeInSentence(context.purpose))
                .arg(scaleLimit)
                .arg(q.cardsPerRun));
    if (context.estimatedCards && *context.estimatedCards > q.cardsPerRun)
        add("quota.below_estimate", blocking, "cardsPerRun",
            Tr::trLater(
                "The memory estimate (gate 4) needs %1 cards per run, more than the %n asked "
                "for. Raise cards per run to %1.",
                nullptr, q.cardsPerRun)
                .arg(*context.estimatedCards));
    // Cards that gate 4's throughput plan needs to finish in time are justified by it (walk
    // 18: its own proposal of 8 was flagged "more than four times" the memory's 1).
    else if (context.estimatedCards && q.cardsPerRun > 4 * *context.estimatedCards &&
             !(context.throughputCards && q.cardsPerRun <= *context.throughputCards))
        add("quota.far_above_estimate", warning, "cardsPerRun",
            Tr::trLater(
                "The memory estimate (gate 4) needs %n card(s) per run; %1 is more than four "
                "times that. Justify the extra cards with throughput, or lower the number.",
                nullptr, *context.estimatedCards)
                .arg(q.cardsPerRun));
    if (q.retryMargin > 0.5)
        add("quota.margin_high", warning, "retryMargin",
            Tr::trLater("A retry margin of %1 % is hard to defend; 10–30 % is usual.")
                .arg(number(q.retryMargin * 100)));
    for (const PeakWindow &p : q.peaks) {
        if (p.start < q.start || p.start.addDays(p.days - 1) > q.end)
            add("quota.peak_outside_period", blocking, "peaks",
                Tr::trLater("The peak from %1 (%n day(s)) falls outside the period %2 – %3.",
                            nullptr, p.days)
                    .arg(iso(p.start), iso(q.start), iso(q.end)));
        // Cards busy all day through the peak: a plan far smaller than that cannot hold it.
        if (const double peakHours = double(p.cards) * p.days * 24; peakHours > plan.cardHours)
            add("quota.peak_above_total", warning, "peaks",
                Tr::trLater(
                    "The peak from %1 keeps %2 cards for %n day(s): up to %3 card-hours, "
                    "more than the %4 card-hours of the whole plan. Shorten the peak, lower "
                    "its cards, or derive more card-hours.",
                    nullptr, p.days)
                    .arg(iso(p.start))
                    .arg(p.cards)
                    .arg(number(peakHours), number(plan.cardHours)));
        // A window's cards are those busy at once: fewer than one run takes hold no run (walk
        // 19: a 4-card window stayed after cards per run became 8, and the justification sent
        // both). A finding rather than the window following cards per run: its count may be
        // several runs at once, which only the user knows.
        if (p.cards < q.cardsPerRun)
            add("quota.peak_below_run", blocking, "peaks",
                Tr::trLater("The peak from %1 has %2 cards, fewer than the %3 one run takes: no "
                            "run fits in it. Set its cards to %3 or more, or lower cards per "
                            "run.")
                    .arg(iso(p.start))
                    .arg(p.cards)
                    .arg(q.cardsPerRun));
        if (p.cards > q.cardsPerRun * 4)
            add("quota.peak_above_plan", warning, "peaks",
                Tr::trLater("The peak from %1 uses %2 cards, far above the %3 cards per run.")
                    .arg(iso(p.start))
                    .arg(p.cards)
                    .arg(q.cardsPerRun));
    }
    double shares = 0;
    for (double s : context.memberShares)
        shares += s;
    if (!sharesAddUp(shares))
        add("quota.shares_do_not_add_up", blocking, "shares",
            Tr::trLater("The per-person or per-topic shares from gate 2 add up to %1 %, not 100 %. "
                        "Fix them in gate 2 so the whole quota is accounted for.")
                .arg(number(shares, 1)));
    if (const Text problem = poolProblemText(context.pool); !problem.isEmpty())
        add("quota.pool_missing", blocking, "pool",
            Tr::trLater("%1 The application is for gate 2's quota pool: attach it there first.")
                .arg(problem));
    return plan;
}

QString quotaJustification(const QuotaGateData &q, const QuotaPlan &plan,
                           const QuotaContext &context)
{
    QStringList parts;
    // The card as the reviewer knows it, not the catalog's key ("a10"); region and zone apart
    // (#17 walk: "of a10 in cn-east cn-east-1a").
    // The days the applications cover, as the table's total row gives them (walk 18: the
    // justification gave the whole year beside applications for a 30-day peak).
    const QDate from = plan.first.from.isValid() ? plan.first.from : q.start;
    const QDate to = !plan.followUps.isEmpty() ? plan.followUps.last().to
                     : plan.first.to.isValid() ? plan.first.to
                                               : q.end;
    parts << Tr::tr("We apply for %1 card-hours of %2 in region %3, zone %4, for %5, from %6 "
                    "to %7.")
                 .arg(number(plan.cardHours), cardName(context.pool.cardType),
                      context.pool.region, context.pool.zone,
                      purposeKindLabel(context.purpose).toLower(), iso(from), iso(to));
    if (from != q.start || to != q.end)
        parts << Tr::tr("The planning period is %1 to %2; cards are used only on the days "
                        "applied for.")
                     .arg(iso(q.start), iso(q.end));
    parts << Tr::tr("Derivation: %1.").arg(plan.formula);
    // The target duration only when gate 4 has one ("Finish within" above 0): #17 walk 5 cited
    // one that was not set.
    if (context.estimatedCards && context.throughputCards && context.targetHours > 0 &&
        q.cardsPerRun == *context.throughputCards && q.cardsPerRun > *context.estimatedCards)
        // More than memory needs: the reason is the time (walk 18).
        parts << Tr::tr("Cards per run follow from the throughput needed to finish within %1 h "
                        "on one instance; the memory estimate alone needs %n card(s).",
                        nullptr, *context.estimatedCards)
                     .arg(number(context.targetHours, 1));
    else if (context.estimatedCards && context.targetHours > 0)
        parts << Tr::tr("Cards per run follow from the memory estimate (%n card(s) needed) and "
                        "the target duration.",
                        nullptr, *context.estimatedCards);
    else if (context.estimatedCards)
        parts << Tr::tr("Cards per run follow from the memory estimate (%n card(s) needed).",
                        nullptr, *context.estimatedCards);
    if (!q.peaks.isEmpty()) {
        QStringList peaks;
        for (const PeakWindow &p : q.peaks)
            peaks << Tr::tr("%1 for %n day(s) with %2 cards", nullptr, p.days)
                         .arg(iso(p.start))
                         .arg(p.cards);
        parts << Tr::tr("Use is concentrated in peaks: %1.").arg(Tr::clauseList(peaks));
    } else if (!q.monthlyWeights.isEmpty()) {
        parts << Tr::tr("Use is spread by month as in the attached distribution.");
    } else {
        parts << Tr::tr("Use is spread evenly over the period.");
    }
    if (plan.followUps.isEmpty())
        parts << Tr::tr("One application of %1 card-hours covers the whole plan, from %2 to %3.")
                     .arg(number(plan.first.cardHours), iso(plan.first.from), iso(plan.first.to));
    else
        parts << Tr::tr("We start with a first application of %1 card-hours (one round plus the "
                        "retry margin) to prove the workflow, and apply for the rest after the "
                        "first run: %n follow-up application(s).",
                        nullptr, int(plan.followUps.size()))
                     .arg(number(plan.first.cardHours));
    return Tr::sentences(parts);
}

QString applicationName(const QuotaApplication &a)
{
    if (a.label == QLatin1String("first"))
        return Tr::tr("First (one round + margin)");
    if (a.label == QLatin1String("follow-up"))
        return Tr::tr("Follow-up");
    if (a.from.isValid() && a.label == quarterKey(a.from))
        //: A calendar quarter: %1 its number (1–4), %2 the year. zh: "%2年第%1季度".
        return Tr::tr("Q%1 %2").arg(quarterOf(a.from)).arg(a.from.year());
    return a.label;
}

namespace {

// The granted period as the findings name it: one round's days read as a mistake on their own
// (walk 18: "granted from 2027-03-01 to 2027-03-01" for a plan of peaks in March and
// September), so the sentence says it is the first application, and the follow-ups' days.
Text grantedPeriod(const QuotaApplication &granted, const QList<QuotaApplication> &followUps)
{
    const Text first =
        granted.from == granted.to
            ? Tr::trLater("Gate 3's grant is its first application, %1 card-hours for one round "
                          "plus its margin, on %2 only.")
                  .arg(qint64(std::llround(granted.cardHours)))
                  .arg(iso(granted.from))
            : Tr::trLater("Gate 3's grant is its first application, %1 card-hours for one round "
                          "plus its margin, from %2 to %3.")
                  .arg(qint64(std::llround(granted.cardHours)))
                  .arg(iso(granted.from), iso(granted.to));
    QList<Text> days;
    for (const QuotaApplication &a : followUps)
        if (a.from.isValid() && a.to >= granted.from)
            days << (a.from == a.to ? Text::literal(iso(a.from))
                                    : Tr::trLater("%1 to %2", "a period of days")
                                          .arg(iso(a.from), iso(a.to)));
    if (days.isEmpty())
        return first;
    return Tr::sentencesLater(
        {first, Tr::trLater("The follow-up application(s), for %1, are sent after the first run.",
                            nullptr, int(days.size()))
                    .arg(Tr::listLater(days))});
}

GrantTiming timingOf(const QDate &when, const QuotaApplication &granted)
{
    if (!when.isValid() || !granted.from.isValid() || !granted.to.isValid())
        return GrantTiming::Unknown;
    if (when < granted.from)
        return GrantTiming::Before;
    return when > granted.to ? GrantTiming::After : GrantTiming::Inside;
}

// `when` against the granted period: the finding `code` with the sentence for before it starts
// or after it ends, each taking the day and the period's first or last day, then the period
// itself.
Findings checkInGrant(const QDate &when, const QuotaApplication &granted,
                      const QList<QuotaApplication> &followUps, const char *code,
                      const char *field, const Text &before, const Text &after)
{
    const GrantTiming timing = timingOf(when, granted);
    if (timing == GrantTiming::Unknown || timing == GrantTiming::Inside)
        return {};
    // A warning: what ran has run, and its evidence stands; the cards it used were not the
    // grant's (the pool's check allowance, or none), and the next run should be inside it.
    const Text said = timing == GrantTiming::Before ? before.arg(iso(when), iso(granted.from))
                                                    : after.arg(iso(when), iso(granted.to));
    return {Finding{QLatin1String(code), Finding::Severity::Warning, QLatin1String(field),
                    Tr::sentencesLater({said, grantedPeriod(granted, followUps)})}};
}

} // namespace

GrantTiming grantTiming(const QDate &day, const QuotaApplication &granted)
{
    return timingOf(day, granted);
}

Findings checkInstanceInGrant(const QDate &day, const QuotaApplication &granted,
                              const QList<QuotaApplication> &followUps, InstanceMoment moment)
{
    if (moment == InstanceMoment::ToCreate)
        // Said before "Create the instance" acts (#17 walk 18: it created one three months
        // before the grant, and the finding came afterwards).
        return checkInGrant(
            day, granted, followUps, "grant.instance_outside", "instance",
            Tr::trLater("Today, %1, is before gate 3's granted period starts on %2: an instance "
                        "created now runs on the pool's check allowance, not on the grant. Wait "
                        "until %2 to create it, or ask the provider to move the period: change "
                        "gate 3's dates and apply again."),
            Tr::trLater("Today, %1, is after gate 3's granted period ended on %2: an instance "
                        "created now runs on the pool's check allowance, not on the grant. Apply "
                        "in gate 3 for the period it runs in first."));
    return checkInGrant(
        day, granted, followUps, "grant.instance_outside", "instance",
        Tr::trLater("The instance was created on %1, before gate 3's granted period starts on "
                    "%2. Open instances inside the granted period, or ask the provider to move "
                    "the period: change gate 3's dates and apply again."),
        Tr::trLater("The instance was created on %1, after gate 3's granted period ended on %2. "
                    "Open instances inside the granted period, or apply for the period they "
                    "run in."));
}

Findings checkFirstRunInGrant(const QDate &started, const QuotaApplication &granted,
                              const QList<QuotaApplication> &followUps)
{
    return checkInGrant(
        started, granted, followUps, "grant.first_run_outside", "run",
        Tr::trLater("The first run started on %1, before gate 3's granted period starts on %2. "
                    "Run it inside the granted period, or ask the provider to move the period: "
                    "change gate 3's dates and apply again."),
        Tr::trLater("The first run started on %1, after gate 3's granted period ended on %2. "
                    "Run it inside the granted period, or apply for the period it runs in."));
}

} // namespace onramp
