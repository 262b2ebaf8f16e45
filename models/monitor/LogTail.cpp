#include "LogTail.h"

#include "Duration.h"
#include "ProbeEvents.h"
#include "Tr.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <algorithm>

namespace onramp {

LogTail::LogTail(int maxLines, qint64 window)
    : m_maxLines(std::max(1, maxLines)), m_window(std::max<qint64>(4096, window))
{
}

qint64 LogTail::nextOffset(qint64 size) const
{
    return size - m_offset > m_window ? size - m_window : m_offset;
}

void LogTail::append(qint64 offset, const QByteArray &bytes)
{
    if (offset > m_offset) {
        m_skipped += offset - m_offset;
        m_partial.clear();
        m_dropToLineBreak = true;
    } else if (offset < m_offset) {
        // Overlaps what was kept: take only the new part.
        const qint64 overlap = m_offset - offset;
        if (overlap >= bytes.size())
            return;
        append(m_offset, bytes.mid(overlap));
        return;
    }
    m_offset = offset + bytes.size();
    qsizetype start = 0;
    if (m_dropToLineBreak) {
        const qsizetype nl = bytes.indexOf('\n');
        if (nl < 0)
            return;
        start = nl + 1;
        m_dropToLineBreak = false;
    }
    while (true) {
        const qsizetype nl = bytes.indexOf('\n', start);
        if (nl < 0)
            break;
        m_partial.append(bytes.constData() + start, nl - start);
        if (m_partial.endsWith('\r'))
            m_partial.chop(1);
        push(QString::fromUtf8(m_partial));
        m_partial.clear();
        start = nl + 1;
    }
    m_partial.append(bytes.constData() + start, bytes.size() - start);
}

void LogTail::push(QString line)
{
    m_lines.push_back(line);
    if (qsizetype(m_lines.size()) > m_maxLines)
        m_lines.pop_front();
    m_new.append(std::move(line));
    if (m_new.size() > m_maxLines)
        m_new.remove(0, m_new.size() - m_maxLines);
}

QStringList LogTail::takeNewLines()
{
    return std::exchange(m_new, {});
}

void LogTail::clear()
{
    *this = LogTail(m_maxLines, m_window);
}

QJsonObject readLogSlice(const QString &path, qint64 offset, qint64 limit)
{
    QFile f(path);
    QByteArray bytes;
    qint64 size = 0, from = std::max<qint64>(0, offset);
    if (f.open(QIODevice::ReadOnly)) {
        size = f.size();
        from = std::min(from, size);
        if (f.seek(from))
            bytes = f.read(std::max<qint64>(0, limit));
    } else {
        from = 0;
    }
    return {{"offset", from},
            {"nextOffset", from + bytes.size()},
            {"size", size},
            {"text", QString::fromUtf8(bytes)}};
}

QJsonArray readStepEvents(const QString &path, qint64 since, int max)
{
    QJsonArray points;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return points;
    // A job writes its log: one line of gigabytes with no newline must not be read into memory
    // whole (the sandbox serves these points to anyone who may see the job's status). A line
    // longer than a step event ever is is skipped to its end, a bounded read at a time.
    constexpr qint64 kMaxLineBytes = 1024 * 1024;
    while (!f.atEnd() && points.size() < max) {
        const QByteArray line = f.readLine(kMaxLineBytes);
        if (!line.endsWith('\n') && !f.atEnd()) {
            while (!f.atEnd() && !f.readLine(kMaxLineBytes).endsWith('\n')) {
            }
            continue;
        }
        if (!line.contains("\"step\""))
            continue;
        const QJsonObject e = QJsonDocument::fromJson(line).object();
        if (e.value("event").toString() == QLatin1String("step") &&
            e.value("step").toInteger() > since)
            points.append(e);
    }
    return points;
}

std::expected<QStringList, Error> readFileTail(const QString &path, int lines)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::unexpected(Error{Error::Kind::Io, Tr::tr("Cannot open the log %1.").arg(path),
                                           f.errorString()});
    constexpr qint64 kBlock = 64 * 1024;
    qint64 end = f.size();
    QByteArray tail;
    // Count line breaks from the end until there are enough; a final line break ends the last
    // line rather than starting an empty one.
    qsizetype breaks = 0;
    bool first = true;
    while (end > 0) {
        const qint64 start = std::max<qint64>(0, end - kBlock);
        if (!f.seek(start))
            break;
        QByteArray block = f.read(end - start);
        if (block.size() != end - start)
            return std::unexpected(Error{Error::Kind::Io, Tr::tr("Cannot read the log %1.").arg(path),
                                               f.errorString()});
        if (first && block.endsWith('\n'))
            --breaks;
        first = false;
        breaks += block.count('\n');
        tail.prepend(block);
        end = start;
        if (breaks >= lines)
            break;
    }
    QList<QByteArray> parts = tail.split('\n');
    if (!parts.isEmpty() && parts.last().isEmpty())
        parts.removeLast();
    if (parts.size() > lines)
        parts.remove(0, parts.size() - lines);
    QStringList out;
    out.reserve(parts.size());
    for (const QByteArray &p : parts)
        out.append(QString::fromUtf8(p.endsWith('\r') ? p.chopped(1) : p));
    return out;
}

namespace {

QString num(const QJsonValue &v, int decimals = -1)
{
    const double d = v.toDouble();
    if (decimals < 0)
        return QLocale().toString(d, 'g', 4);
    return QLocale().toString(d, 'f', decimals);
}

QString checkName(const QJsonObject &o)
{
    const QString check = o.value(QLatin1String("check")).toString();
    if (check == QLatin1String("environment"))
        return Tr::tr("Environment check");
    if (check == QLatin1String("data"))
        return Tr::tr("Data check");
    if (check == QLatin1String("output"))
        return Tr::tr("Output check");
    if (check == QLatin1String("checkpoint"))
        return Tr::tr("Checkpoint check");
    if (check == QLatin1String("first-run"))
        return Tr::tr("First run");
    if (check == QLatin1String("metrics"))
        return Tr::tr("Metrics check");
    return check.isEmpty() ? Tr::tr("Probe") : check;
}

} // namespace

Text probePhrase(const QString &english)
{
    // Every fixed phrase of probe/main.cpp's verdicts and of the built-in providers' exemptions.
    static const char *const kKnown[] = {
        kSandboxGpuExemption,
        QT_TRANSLATE_NOOP("Onramp", "the Slurm test lab (scripts/slurm-cluster.sh): its GPUs are "
                                    "/dev/null stand-ins"),
        QT_TRANSLATE_NOOP("Onramp", "loss decreased in the plain C++ loop"),
        QT_TRANSLATE_NOOP("Onramp", "loss did not decrease"),
        QT_TRANSLATE_NOOP("Onramp", "data folder not readable"),
        QT_TRANSLATE_NOOP("Onramp", "output folder not writable"),
        QT_TRANSLATE_NOOP("Onramp", "resumed from a checkpoint and finished"),
        QT_TRANSLATE_NOOP("Onramp", "checkpoints written"),
        QT_TRANSLATE_NOOP("Onramp", "a checkpoint could not be written"),
        QT_TRANSLATE_NOOP("Onramp", "out of memory"),
        QT_TRANSLATE_NOOP("Onramp", "no checkpoint can be loaded"),
        QT_TRANSLATE_NOOP("Onramp", "loss, step time and memory reported every step"),
        QT_TRANSLATE_NOOP("Onramp", "no step reported"),
        QT_TRANSLATE_NOOP("Onramp", "all five points passed"),
        QT_TRANSLATE_NOOP("Onramp", "every file read; reading is a small share of a step"),
        QT_TRANSLATE_NOOP("Onramp", "no GPU on this instance, and none expected"),
    };
    const QByteArray key = english.toUtf8();
    for (const char *known : kKnown)
        if (key == known)
            return Text::source(known);
    return Text::literal(english);
}

QString probeWords(const QString &english)
{
    return probePhrase(english).toString();
}

QString readableLogLine(const QString &line)
{
    const QString trimmed = line.trimmed();
    if (!trimmed.startsWith(u'{') || !trimmed.contains(QLatin1String("\"event\"")))
        return line;
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(trimmed.toUtf8(), &error);
    if (!doc.isObject())
        return line;
    const QJsonObject o = doc.object();
    const QString event = o.value(QLatin1String("event")).toString();
    const auto has = [&](const char *key) { return o.contains(QLatin1String(key)); };
    const auto v = [&](const char *key) { return o.value(QLatin1String(key)); };
    const QString mark = v("passed").toBool() ? QStringLiteral("✔ ") : QStringLiteral("✖ ");
    if (event == QLatin1String("step")) {
        QStringList clauses{Tr::tr("%1, step %2: loss %3")
                                .arg(checkName(o))
                                .arg(v("step").toInt())
                                .arg(lossText(v("loss").toDouble()))};
        if (has("step_seconds"))
            clauses << Tr::tr("%1 per step").arg(readableDuration(v("step_seconds").toDouble()));
        if (has("samples_per_second"))
            clauses << Tr::tr("%1 samples/s").arg(num(v("samples_per_second"), 0));
        return Tr::clauses(clauses);
    }
    if (event == QLatin1String("verdict")) {
        QString text = mark + (v("passed").toBool() ? Tr::tr("%1 passed").arg(checkName(o))
                                                    : Tr::tr("%1 failed").arg(checkName(o)));
        if (has("first_loss") && has("last_loss"))
            text = Tr::labelled(text, Tr::tr("loss from %1 to %2")
                                          .arg(lossText(v("first_loss").toDouble()),
                                               lossText(v("last_loss").toDouble())));
        return Tr::aside(text, probeWords(v("reason").toString()));
    }
    if (event == QLatin1String("summary"))
        return Tr::tr("%1 finished after %2 steps: loss from %3 to %4, lowest %5")
            .arg(checkName(o))
            .arg(v("steps").toInt())
            .arg(lossText(v("first_loss").toDouble()), lossText(v("last_loss").toDouble()),
                 lossText(v("min_loss").toDouble()));
    if (event == QLatin1String("resume"))
        return Tr::tr("%1: resumed at step %2 from %3")
            .arg(checkName(o))
            .arg(v("step").toInt())
            .arg(v("path").toString());
    if (event == QLatin1String("resume_failed"))
        return QStringLiteral("✖ ") +
               Tr::tr("%1: could not resume from %2: %3")
                   .arg(checkName(o), v("path").toString(), v("error").toString());
    if (event == QLatin1String("artifact"))
        return (v("written").toBool() ? QStringLiteral("✔ ") : QStringLiteral("✖ ")) +
               (v("written").toBool() ? Tr::tr("Wrote %1 (%2)")
                                            .arg(v("path").toString(), dataSizeText(
                                                                           v("bytes").toInteger()))
                                      : Tr::tr("Could not write %1").arg(v("path").toString()));
    if (event == QLatin1String("storage"))
        return (v("readable").toBool() ? QStringLiteral("✔ ") : QStringLiteral("✖ ")) +
               (v("readable").toBool()
                    ? Tr::tr("Data folder %1 is readable (%n file(s))", nullptr, v("files").toInt())
                          .arg(v("path").toString())
                    : Tr::tr("Data folder %1 is not readable: %2")
                          .arg(v("path").toString(), v("error").toString()));
    if (event == QLatin1String("error")) {
        if (v("kind").toString() == QLatin1String("out_of_memory"))
            return QStringLiteral("✖ ") +
                   Tr::tr("%1: out of memory: asked for %2 MiB, the card has %3 MiB")
                       .arg(checkName(o))
                       .arg(v("requested_mib").toInteger())
                       .arg(v("card_mib").toInteger());
        return QStringLiteral("✖ ") +
               Tr::tr("%1: error: %2").arg(checkName(o), v("error").toString(v("kind").toString()));
    }
    if (event == QLatin1String("fingerprint"))
        return Tr::tr("Environment: %1, %2 CPUs, %3 of memory, %n GPU(s)", nullptr,
                      int(v("gpus").toArray().size()))
            .arg(v("os").toString())
            .arg(v("cpu_count").toInt())
            .arg(dataSizeText(v("memory_bytes").toInteger()));
    if (event == QLatin1String("torch"))
        return mark + (v("passed").toBool() ? Tr::tr("The framework's own training loop ran")
                                            : Tr::tr("The framework's own training loop failed: %1")
                                                  .arg(v("error").toString()));
    if (event == QLatin1String("checkpoint") || event == QLatin1String("interrupted")) {
        const QString saved = v("saved").toBool()
                                  ? Tr::tr("saved to %1").arg(v("path").toString())
                                  : Tr::tr("not saved: %1").arg(v("error").toString());
        return (v("saved").toBool() ? QStringLiteral("✔ ") : QStringLiteral("✖ ")) +
               (event == QLatin1String("checkpoint")
                    ? Tr::tr("%1: checkpoint of step %2 %3")
                    : Tr::tr("%1: interrupted at step %2, its checkpoint %3"))
                   .arg(checkName(o))
                   .arg(v("step").toInt())
                   .arg(saved);
    }
    if (event == QLatin1String("checkpoint_skipped"))
        return QStringLiteral("✖ ") + Tr::tr("%1: skipped the checkpoint of step %2 (%3): %4")
                                         .arg(checkName(o))
                                         .arg(v("step").toInt())
                                         .arg(v("path").toString(), v("error").toString());
    if (event == QLatin1String("checkpoint_tmp_removed"))
        return Tr::tr("%1: removed an unfinished checkpoint, %2")
            .arg(checkName(o), v("path").toString());
    if (event == QLatin1String("manifest"))
        return Tr::tr("Data %1: %n file(s), %2, identity %3", nullptr, v("files").toInt())
            .arg(v("path").toString(), dataSizeText(v("bytes").toInteger()),
                 v("sha256").toString());
    if (event == QLatin1String("trainer"))
        return v("framework").toString() == QLatin1String("none")
                   ? Tr::tr("%1: the probe's plain loop trains (no framework: %2)")
                         .arg(checkName(o), v("fallback").toString())
                   : Tr::tr("%1: %2 trains with %3 %4 on %5")
                         .arg(checkName(o), v("program").toString(), v("framework").toString(),
                              v("framework_version").toString(), v("device").toString());
    if (event == QLatin1String("gpu_health")) {
        QString text = mark + Tr::tr("GPU health: %n GPU(s) found", nullptr, v("found").toInt());
        if (!v("expected").isNull() && has("expected"))
            text = Tr::clauses({text, Tr::tr("%1 expected").arg(v("expected").toInt())});
        return Tr::aside(text, v("reason").toString());
    }
    if (event == QLatin1String("gpu_matmul")) {
        const QJsonArray devices = v("devices").toArray();
        const bool passed = v("cuda").toBool() && std::all_of(devices.begin(), devices.end(),
                                                              [](const QJsonValue &d) {
                                                                  return d["passed"].toBool();
                                                              });
        return (passed ? QStringLiteral("✔ ") : QStringLiteral("✖ ")) +
               Tr::tr("Matrix multiply on each GPU: %n device(s)", nullptr, int(devices.size()));
    }
    // The data check's reading is no verdict (its verdict line follows): marked only when a
    // file could not be read or none was found (walk 17: "✖ Data check: 17 files read, 1,128.6
    // MB/s" above "✔ Data check passed").
    if (event == QLatin1String("data"))
        return (has("passed")
                    ? (v("passed").toBool() ? QStringLiteral("✔ ") : QStringLiteral("✖ "))
                : !v("unreadable").toArray().isEmpty() || v("files").toInt() == 0
                    ? QStringLiteral("✖ ")
                    : QString()) +
               Tr::clauses({Tr::tr("Data check: %n file(s) read", nullptr, v("files").toInt()),
                            has("throughput_mb_s")
                                ? QStringLiteral("%1 MB/s").arg(num(v("throughput_mb_s"), 1))
                                : QString()});
    return line;
}

} // namespace onramp
