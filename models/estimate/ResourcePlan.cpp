#include "ResourcePlan.h"

#include "Tr.h"

#include <algorithm>

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace onramp {

int compareVersions(const QString &a, const QString &b)
{
    const QStringList x = a.split(u'.'), y = b.split(u'.');
    for (int i = 0; i < std::max(x.size(), y.size()); ++i) {
        const int l = i < x.size() ? x[i].toInt() : 0;
        const int r = i < y.size() ? y[i].toInt() : 0;
        if (l != r)
            return l < r ? -1 : 1;
    }
    return 0;
}

std::expected<bool, Error> satisfies(const QString &package, const QString &version,
                                     const QString &requirement)
{
    static const QRegularExpression name(QStringLiteral(R"(^\s*([A-Za-z0-9_.\-]+)?\s*(.*)$)"));
    static const QRegularExpression clause(
        QStringLiteral(R"(^\s*(>=|<=|==|!=|~=|>|<)\s*([0-9][0-9.]*)\s*$)"));
    const auto m = name.match(requirement);
    const QString pkg = m.captured(1);
    if (!pkg.isEmpty() && pkg.compare(package, Qt::CaseInsensitive) != 0)
        return false; // a requirement for another framework
    const QString rest = m.captured(2).trimmed();
    if (rest.isEmpty())
        return true;
    for (const QString &part : rest.split(u',')) {
        const auto c = clause.match(part);
        if (!c.hasMatch())
            return std::unexpected(Error{Error::Kind::Invalid,
                                         Tr::tr("“%1” is not a version requirement; write it "
                                                "like torch>=2.1,<2.4.")
                                             .arg(requirement),
                                         part, QStringLiteral("codeRequirement")});
        const QString op = c.captured(1), want = c.captured(2);
        const int cmp = compareVersions(version, want);
        bool ok = false;
        if (op == QLatin1String(">="))
            ok = cmp >= 0;
        else if (op == QLatin1String("<="))
            ok = cmp <= 0;
        else if (op == QLatin1String("=="))
            ok = compareVersions(version.left(want.size()), want) == 0 || cmp == 0;
        else if (op == QLatin1String("!="))
            ok = cmp != 0;
        else if (op == QLatin1String(">"))
            ok = cmp > 0;
        else if (op == QLatin1String("<"))
            ok = cmp < 0;
        else { // ~=X.Y: >= X.Y and == X.*
            const QString prefix = want.section(u'.', 0, -2);
            ok = cmp >= 0 &&
                 compareVersions(version.section(u'.', 0, prefix.count(u'.')), prefix) == 0;
        }
        if (!ok)
            return false;
    }
    return true;
}

Findings checkResources(const ResourceChoice &c, const ResourceCatalog &catalog)
{
    Findings out;
    auto add = [&](const char *code, Finding::Severity sev, const char *field, const Text &msg) {
        out.append({QLatin1String(code), sev, QLatin1String(field), msg});
    };
    const auto blocking = Finding::Severity::Blocking;
    const auto warning = Finding::Severity::Warning;

    const InstanceType *inst = c.instance.isEmpty() ? nullptr : catalog.instance(c.instance);
    const TrainingImage *img = nullptr;
    for (const TrainingImage &t : catalog.images()) {
        if (t.key == c.image)
            img = &t;
    }
    if (!inst) {
        add("instance.missing", blocking, "instance",
            Tr::trLater("Choose an instance type: the card count and memory follow from it."));
    }
    if (!img) {
        add("image.missing", blocking, "image",
            Tr::trLater(
                "Choose an image together with the instance type: it decides the framework, "
                "CUDA or CANN version and the cards it supports."));
    }
    std::optional<CardSpec> card = inst ? findCard(inst->card) : std::nullopt;

    if (card && inst) {
        TrainingSetup s = c.setup;
        s.gpus = std::max(s.tp * s.pp, inst->cards - inst->cards % (s.tp * s.pp));
        if (MemoryEstimator::validate(s)) {
            const MemoryBreakdown m = MemoryEstimator::estimate(s);
            const Verdict v = MemoryEstimator::verdict(m, *card);
            if (v == Verdict::DoesNotFit)
                add("memory.does_not_fit", blocking, "instance",
                    Tr::trLater(
                        "The job needs %1 GiB per card but the %2 has %3 GB. Pick a larger "
                        "card or more cards with sharding, or apply the memory suggestions.")
                        .arg(m.totalGiB(), 0, 'f', 1)
                        .arg(card->name)
                        .arg(card->memory.gib));
            else if (v == Verdict::Tight)
                add("memory.tight", warning, "instance",
                    Tr::trLater("The job uses %1 GiB of the %2 GB per card, above the 80 % that "
                                "never ran out of memory in published runs. Expect to lower the "
                                "batch on long sequences.")
                        .arg(m.totalGiB(), 0, 'f', 1)
                        .arg(card->memory.gib));
        }
        // Everything the setup asks that the card cannot compute, whatever the memory: one
        // finding each, with its reason and the nearest card that can do all of it.
        if (const auto no = MemoryEstimator::unsupported(c.setup, *card)) {
            for (const UnmetFeature &u : no->unmet) {
                const char *code = u.feature == CardFeature::Fp8    ? "precision.fp8_unsupported"
                                   : u.feature == CardFeature::Bf16 ? "precision.bf16_unsupported"
                                                                    : "attention.flash_unsupported";
                Unsupported one = *no;
                one.feature = u.feature;
                one.reason = u.reason;
                one.unmet = {u};
                add(code, blocking,
                    u.feature == CardFeature::FlashAttention2 ? "flashAttention" : "precision",
                    one.textLater());
            }
        }
        if (inst->cards > 1 && !card->fastInterconnect)
            add("interconnect.slow", warning, "instance",
                Tr::trLater(
                    "%1 cards talk over PCIe (%2), without NVLink: tensor parallelism across "
                    "them is slow. Prefer FSDP/ZeRO data parallelism or pipeline stages.")
                    .arg(inst->cards)
                    .arg(inst->interconnect));
    }
    if (img && card) {
        if (!img->archs.contains(card->arch))
            add("image.arch_unsupported", blocking, "image",
                Tr::trLater(
                    "The image %1 %2 is not built for the %3 (%4). It would start, then fail "
                    "with “operator not supported” or produce wrong precision. Choose an "
                    "image built for %4.")
                    .arg(img->name, img->version, card->name, card->arch));
    }
    // A host driver the catalog does not state cannot be compared: the provider's answer, or
    // the instance itself, says it.
    if (img && inst && inst->driverKnown() && compareVersions(inst->driver, img->minDriver) < 0)
        add("image.driver_too_old", blocking, "image",
            Tr::trLater("The image needs driver %1 or newer; the %2 hosts run %3. Choose an older "
                        "image or an instance type with a newer driver; do not reinstall drivers "
                        "inside the job.")
                .arg(img->minDriver, inst->name, inst->driver));
    if (img && !c.codeRequirement.trimmed().isEmpty()) {
        auto ok = satisfies(img->framework, img->frameworkVersion, c.codeRequirement);
        if (!ok) // satisfies' one error, as a finding's sentence read when shown
            add("code.requirement_unreadable", blocking, "codeRequirement",
                Tr::trLater("“%1” is not a version requirement; write it like torch>=2.1,<2.4.")
                    .arg(c.codeRequirement));
        else if (!*ok)
            add("image.framework_mismatch", blocking, "image",
                Tr::trLater("Your code needs %1 but the image has %2 %3. Choose an image whose "
                            "framework matches the code.")
                    .arg(c.codeRequirement, img->framework, img->frameworkVersion));
    }
    if (inst && !c.quotaCard.isEmpty() && inst->card != c.quotaCard)
        add("card.not_in_pool", blocking, "instance",
            Tr::trLater(
                "The quota pool is for %1 cards, but %2 has %3 cards: its card-hours cannot "
                "be spent on it. Choose an instance with %1 cards, or attach a pool of %3 in "
                "gate 2 and apply for it in gate 3.")
                .arg(cardName(c.quotaCard), inst->name, cardName(inst->card)));
    if (!c.quotaZone.isEmpty() && !c.instanceZone.isEmpty() && c.quotaZone != c.instanceZone)
        add("zone.mismatch", blocking, "zone",
            Tr::trLater("The quota is granted in %1 but the instance would open in %2. Open it in "
                        "%1: quota does not follow you to another zone.")
                .arg(c.quotaZone, c.instanceZone));

    if (c.outputPath.trimmed().isEmpty())
        add("storage.output_missing", blocking, "outputPath",
            Tr::trLater(
                "Set a writable, persistent output path. Anything written elsewhere vanishes "
                "with the instance, checkpoints included."));
    if (c.dataPath.trimmed().isEmpty())
        add("storage.data_missing", blocking, "dataPath",
            Tr::trLater("Set the mounted data path. A local directory on your machine is the most "
                        "common first-run failure: the job cannot see it."));
    else if (!c.dataReadOnly)
        add("storage.data_writable", warning, "dataPath",
            Tr::trLater("Mount the data read-only, so no job can change or delete the dataset."));
    if (!c.outputPath.isEmpty() && c.outputPath == c.dataPath)
        add("storage.output_is_data", blocking, "outputPath",
            Tr::trLater("The output path is the data path. Write outputs to their own writable "
                        "directory."));
    if (c.scratchPath.trimmed().isEmpty())
        add("storage.scratch_missing", warning, "scratchPath",
            Tr::trLater("Set a scratch path on the instance's local disk for temporary files; "
                        "network storage makes them slow."));
    return out;
}

DatasetScan scanDataset(const QString &path)
{
    DatasetScan scan;
    QDirIterator it(path, QDir::Files | QDir::Hidden | QDir::NoSymLinks,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        const QFileInfo info = it.fileInfo();
        ++scan.files;
        scan.bytes += info.size();
        if (info.size() < 64 * 1024)
            ++scan.smallFiles;
        if (!info.isReadable())
            ++scan.unreadable;
    }
    return scan;
}

UploadRoute uploadRoute(qint64 bytes)
{
    return bytes <= 50LL * 1000 * 1000 * 1000 ? UploadRoute::Console : UploadRoute::BatchTransfer;
}

Findings checkDataset(const DatasetScan &scan)
{
    Findings out;
    if (scan.files == 0) {
        out.append({QStringLiteral("data.empty"), Finding::Severity::Blocking,
                    QStringLiteral("dataPath"),
                    Tr::trLater("The dataset folder has no files. Check the path.")});
        return out;
    }
    if (scan.unreadable > 0)
        out.append(
            {QStringLiteral("data.unreadable"), Finding::Severity::Blocking,
             QStringLiteral("dataPath"),
             Tr::trLater("%n file(s) cannot be read. Fix their permissions before uploading.",
                         nullptr, int(scan.unreadable))});
    if (scan.files >= 1000 && scan.smallFileShare() > 0.5)
        out.append({QStringLiteral("data.small_files"), Finding::Severity::Warning,
                    QStringLiteral("dataPath"),
                    Tr::trLater("%1 % of the files are under 64 KiB. Pack them into shards (tar, "
                                "WebDataset, Parquet) first: many small files make reading slow.")
                        .arg(scan.smallFileShare() * 100, 0, 'f', 0)});
    if (uploadRoute(scan.bytes) == UploadRoute::BatchTransfer)
        out.append({QStringLiteral("data.use_batch_transfer"), Finding::Severity::Warning,
                    QStringLiteral("dataPath"),
                    Tr::trLater("%1 GB is more than a console upload should carry (an interrupted "
                                "upload starts over). Use the provider's batch transfer tool.")
                        .arg(scan.bytes / 1e9, 0, 'f', 1)});
    return out;
}

double scalingEfficiency(int cards, int baseCards, double perDoubling)
{
    if (cards <= baseCards)
        return 1.0;
    return std::pow(perDoubling, std::log2(double(cards) / baseCards));
}

std::expected<ThroughputResult, Error> planThroughput(const ThroughputPlan &plan,
                                                      const ModelSpec &model, const CardSpec &card,
                                                      int minimumCards, QList<int> instanceSizes)
{
    auto bad = [](const char *field, const QString &why) {
        return std::unexpected(Error{Error::Kind::Invalid, why, QString(), QLatin1String(field)});
    };
    if (plan.workloadTokens <= 0)
        return bad("workloadTokens", Tr::tr("Enter the workload: tokens per epoch × epochs."));
    if (plan.targetHours <= 0)
        return bad("targetHours", Tr::tr("Enter the wall-clock time the run may take, in hours."));
    if (plan.efficiencyPerDoubling <= 0 || plan.efficiencyPerDoubling > 1)
        return bad("efficiency", Tr::tr("The scaling efficiency is a share between 0 and 1."));
    ThroughputResult r;
    int base = 1;
    if (plan.measuredTokensPerSecond > 0) {
        base = std::max(1, plan.measuredCards);
        r.perCardTokensPerSecond = plan.measuredTokensPerSecond / base;
        r.formula = QStringLiteral("measured %1 tokens/s on %2 cards; efficiency %3 per doubling")
                        .arg(plan.measuredTokensPerSecond)
                        .arg(base)
                        .arg(plan.efficiencyPerDoubling);
    } else {
        if (plan.mfu <= 0 || plan.mfu > 1)
            return bad("mfu", Tr::tr("The model FLOPs utilisation is a share between 0 and 1."));
        const double peak = (card.bf16Tflops > 0 ? card.bf16Tflops : card.fp16Tflops) * 1e12;
        r.perCardTokensPerSecond = peak * plan.mfu / (6.0 * model.paramsB * 1e9);
        r.estimated = true;
        r.formula = QStringLiteral("estimate: %1 TFLOPS × MFU %2 / (6 × %3B params)")
                        .arg(peak / 1e12)
                        .arg(plan.mfu)
                        .arg(model.paramsB);
    }
    const double target = plan.workloadTokens / (plan.targetHours * 3600.0);
    const auto rate = [&](int n) {
        return r.perCardTokensPerSecond * n * scalingEfficiency(n, base, plan.efficiencyPerDoubling);
    };
    const auto take = [&](int n) {
        r.cards = n;
        r.hours = plan.workloadTokens / rate(n) / 3600.0;
        r.cardHours = r.hours * n;
        return r;
    };
    const int minimum = std::max(1, minimumCards);
    if (instanceSizes.isEmpty()) {
        for (int n = minimum; n <= 65536; n += minimum)
            if (rate(n) >= target)
                return take(n);
        return bad("targetHours", Tr::tr("No card count up to 65536 finishes in time; allow more "
                                         "hours or a smaller workload."));
    }
    std::sort(instanceSizes.begin(), instanceSizes.end());
    instanceSizes.removeIf([&](int n) { return n < minimum; });
    if (instanceSizes.isEmpty())
        return bad("cards", Tr::tr("The memory estimate needs %1 cards per run, more than one "
                                   "instance of %2 holds, and gate 4 holds one instance: choose "
                                   "a card with more memory or a setup that needs fewer cards.")
                                .arg(minimum)
                                .arg(card.name));
    for (int n : std::as_const(instanceSizes))
        if (rate(n) >= target)
            return take(n);
    const int largest = instanceSizes.last();
    take(largest);
    r.overTarget = true;
    r.instancesForTarget = 0;
    for (int k = 2; k <= 64 && r.instancesForTarget == 0; ++k)
        if (rate(k * largest) >= target)
            r.instancesForTarget = k;
    return r;
}

} // namespace onramp

namespace onramp {

std::expected<QList<Candidate>, Error> parseCandidates(const QString &text,
                                                       const ResourceCatalog &catalog)
{
    auto list = parseCandidateList(text);
    if (!list)
        return list;
    for (int i = 0; i < list->size(); ++i)
        if (!catalog.instance(list->at(i).instance))
            return std::unexpected(Error{Error::Kind::Invalid,
                                         Tr::tr("Entry %1: %2 is not an instance type of the "
                                                "catalog. Write TYPE or TYPE@ZONE, separated by "
                                                "commas.")
                                             .arg(i + 1)
                                             .arg(list->at(i).instance),
                                         list->at(i).instance, QStringLiteral("alternatives")});
    return list;
}

QString zoneOrPool(const QString &zone, const QString &poolZone)
{
    return zone.isEmpty() ? poolZone : zone;
}

QList<Candidate> orderCandidates(const ResourceChoice &c, const ResourceCatalog &catalog,
                                 const QString &quotaZone, double hoursPerRound)
{
    QList<Candidate> out;
    const auto add = [&](Candidate x) {
        if (x.instance.isEmpty())
            return;
        x.zone = zoneOrPool(x.zone, quotaZone);
        if (!out.contains(x))
            out << x;
    };
    add({c.instance, c.instanceZone});
    for (const Candidate &x : c.alternatives)
        add(x);
    if (c.cheapestFirst) {
        // The quota's currency: card-hours per round (cards × hours); ties keep their order.
        const auto cost = [hoursPerRound, &catalog](const Candidate &x) {
            const InstanceType *t = catalog.instance(x.instance);
            return t ? t->cards * std::max(hoursPerRound, 1.0) : 1e300;
        };
        std::stable_sort(out.begin(), out.end(), [&](const Candidate &a, const Candidate &b) {
            return cost(a) < cost(b);
        });
    }
    return out;
}

QString quotaSkip(const Candidate &c, const ResourceCatalog &catalog, const QuotaStanding &q,
                  double hoursPerRound)
{
    const InstanceType *t = catalog.instance(c.instance);
    if (!t)
        return Tr::tr("%1 is not an instance type of the catalog.").arg(c.instance);
    if (!q.zone.isEmpty() && c.zone != q.zone)
        return Tr::tr("no quota in %1: the workspace's quota is in %2").arg(c.zone, q.zone);
    if (!q.cardType.isEmpty() && t->card != q.cardType)
        return Tr::tr("no quota for %1 cards: the workspace's pool is %2")
            .arg(cardName(t->card), cardName(q.cardType));
    const double need = t->cards * hoursPerRound;
    if (need > q.remainingCardHours + 1e-9)
        return Tr::tr("%1 card-hours left, this run needs %2 × %3 h = %4 per round")
            .arg(QLocale().toString(q.remainingCardHours, 'f', 0))
            .arg(t->cards)
            .arg(QLocale().toString(hoursPerRound, 'g', 4))
            .arg(QLocale().toString(need, 'g', 6));
    return {};
}

} // namespace onramp
