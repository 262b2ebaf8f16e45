#include "ProviderStates.h"

#include "Tr.h"

#include <array>
#include <utility>

namespace onramp {

namespace {

// Each enum's keys, in the enum's order up to Unknown; a state with several keys (an instance
// "pending" or "starting") lists its first key in this table and the others in fromKey.
constexpr std::array<const char *, 6> kReviewKeys = {"",         "pending",  "approved",
                                                     "rejected", "returned", "not_required"};
constexpr std::array<const char *, 5> kInstanceKeys = {"", "starting", "running", "stopped",
                                                       "released"};
constexpr std::array<const char *, 8> kJobKeys = {
    "", "queued", "running", "interrupting", "succeeded", "failed", "interrupted", "cancelled"};
constexpr std::array<const char *, 4> kCheckKeys = {"", "running", "passed", "failed"};
static_assert(kReviewKeys.size() == std::size_t(ReviewState::Unknown));
static_assert(kInstanceKeys.size() == std::size_t(InstanceState::Unknown));
static_assert(kJobKeys.size() == std::size_t(JobState::Unknown));
static_assert(kCheckKeys.size() == std::size_t(CheckState::Unknown));

template <typename State, std::size_t N>
State parse(const std::array<const char *, N> &keys, QStringView key)
{
    for (std::size_t i = 0; i < N; ++i) {
        if (key == QLatin1String(keys[i]))
            return State(i);
    }
    return State::Unknown;
}

template <typename State, std::size_t N>
QString write(const std::array<const char *, N> &keys, State s)
{
    const auto i = std::size_t(std::to_underlying(s));
    return i < N ? QString::fromLatin1(keys[i]) : QString();
}

} // namespace

template <> ReviewState fromKey<ReviewState>(QStringView key)
{
    return parse<ReviewState>(kReviewKeys, key);
}

template <> InstanceState fromKey<InstanceState>(QStringView key)
{
    if (key == QLatin1String("pending"))
        return InstanceState::Starting;
    return parse<InstanceState>(kInstanceKeys, key);
}

template <> JobState fromKey<JobState>(QStringView key)
{
    return parse<JobState>(kJobKeys, key);
}

template <> CheckState fromKey<CheckState>(QStringView key)
{
    return parse<CheckState>(kCheckKeys, key);
}

QString key(ReviewState s)
{
    return write(kReviewKeys, s);
}

QString key(InstanceState s)
{
    return write(kInstanceKeys, s);
}

QString key(JobState s)
{
    return write(kJobKeys, s);
}

QString key(CheckState s)
{
    return write(kCheckKeys, s);
}

// The disambiguations keep each enum's words apart in the catalogue: a failed job and a failed
// check read differently in Chinese.
Text stateText(ReviewState s)
{
    switch (s) {
    case ReviewState::NotSent:
        return Tr::trLater("not sent", "review state");
    case ReviewState::Pending:
        return Tr::trLater("waiting for review", "review state");
    case ReviewState::Approved:
        return Tr::trLater("approved", "review state");
    case ReviewState::Rejected:
        return Tr::trLater("rejected", "review state");
    case ReviewState::Returned:
        return Tr::trLater("sent back", "review state");
    case ReviewState::NotRequired:
        return Tr::trLater("not required", "review state");
    case ReviewState::Unknown:
        break;
    }
    return {};
}

QString label(ReviewState s)
{
    return stateText(s).toString();
}

Text stateText(InstanceState s)
{
    switch (s) {
    case InstanceState::None:
        return Tr::trLater("not created", "instance state");
    case InstanceState::Starting:
        return Tr::trLater("starting", "instance state");
    case InstanceState::Running:
        return Tr::trLater("running", "instance state");
    case InstanceState::Stopped:
        return Tr::trLater("stopped", "instance state");
    case InstanceState::Released:
        return Tr::trLater("released", "instance state");
    case InstanceState::Unknown:
        break;
    }
    return {};
}

QString label(InstanceState s)
{
    return stateText(s).toString();
}

Text stateText(JobState s)
{
    switch (s) {
    case JobState::None:
        return Tr::trLater("no job", "job state");
    case JobState::Queued:
        return Tr::trLater("queued", "job state");
    case JobState::Running:
        return Tr::trLater("running", "job state");
    case JobState::Succeeded:
        return Tr::trLater("succeeded", "job state");
    case JobState::Failed:
        return Tr::trLater("failed", "job state");
    case JobState::Interrupting: // the user's job has stopped making progress either way
    case JobState::Interrupted:
        return Tr::trLater("interrupted", "job state");
    case JobState::Cancelled:
        return Tr::trLater("cancelled", "job state");
    case JobState::Unknown:
        break;
    }
    return {};
}

QString label(JobState s)
{
    return stateText(s).toString();
}

Text stateText(CheckState s)
{
    switch (s) {
    case CheckState::NotRun:
        return Tr::trLater("not run", "check state");
    case CheckState::Running:
        return Tr::trLater("running", "check state");
    case CheckState::Passed:
        return Tr::trLater("passed", "check state");
    case CheckState::Failed:
        return Tr::trLater("failed", "check state");
    case CheckState::Unknown:
        break;
    }
    return {};
}

QString label(CheckState s)
{
    return stateText(s).toString();
}

} // namespace onramp
