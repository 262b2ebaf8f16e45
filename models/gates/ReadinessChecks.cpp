#include "ReadinessChecks.h"

#include "Tr.h"

namespace onramp {

namespace {

// Sources in the catalogue's "Onramp" context; the disambiguations keep the job names apart
// from the same words elsewhere ("First run" is also gate 6's name).
const std::array<ReadinessCheck, 4> kChecks = {{
    {"environment",
     QT_TRANSLATE_NOOP3("Onramp", "Framework, driver and accelerator library", "readiness check"),
     QT_TRANSLATE_NOOP3("Onramp", "Light training loop", "job")},
    {"data", QT_TRANSLATE_NOOP3("Onramp", "Data reads fast enough", "readiness check"),
     QT_TRANSLATE_NOOP3("Onramp", "Data read", "job")},
    {"checkpoint", QT_TRANSLATE_NOOP3("Onramp", "Checkpoints save and resume", "readiness check"),
     QT_TRANSLATE_NOOP3("Onramp", "Checkpoint and resume", "job")},
    {"metrics", QT_TRANSLATE_NOOP3("Onramp", "Logs and metrics visible", "readiness check"),
     QT_TRANSLATE_NOOP3("Onramp", "Metrics", "job")},
}};

} // namespace

QString ReadinessCheck::titleText() const
{
    return Tr::tr(title.text, title.disambiguation);
}

QString ReadinessCheck::jobNameText() const
{
    return Tr::tr(jobName.text, jobName.disambiguation);
}

const std::array<ReadinessCheck, 4> &readinessChecks()
{
    return kChecks;
}

const ReadinessCheck *findReadinessCheck(QStringView key)
{
    for (const ReadinessCheck &c : kChecks) {
        if (key == QLatin1String(c.key))
            return &c;
    }
    return nullptr;
}

QString jobNameText(const QString &key)
{
    if (const ReadinessCheck *c = findReadinessCheck(key))
        return c->jobNameText();
    if (key == QLatin1String("first-run"))
        return Tr::tr("First run", "job");
    return key;
}

} // namespace onramp
