#pragma once

#include "Error.h"
#include "OnboardingState.h"

#include <QObject>
#include <QTimer>

#include <expected>
#include <functional>
#include <optional>

namespace onramp {

// Owns the onboarding state and its file. Every committed change is saved shortly after it
// is made (coalesced over a few hundred milliseconds) and again on destruction, so closing the
// app at any moment loses nothing. Lives on the GUI thread; the file is small.
class StateStore : public QObject
{
    Q_OBJECT
public:
    // filePath empty: in-memory only (screenshots, previews).
    explicit StateStore(QString filePath, QObject *parent = nullptr);
    ~StateStore() override;

    // $ONRAMP_STATE_DIR/onboarding.json, else the user's app data directory.
    static QString defaultFilePath();

    struct LoadResult
    {
        std::optional<Error> notice; // shown to the user; the state is usable regardless
    };
    // Reads the file. A missing file gives a fresh state. A corrupt one is renamed aside with
    // a timestamp and reported. One from a newer schema is left untouched and the store turns
    // read-only, so nothing this version writes can clobber it.
    // ReadOnly (the headless commands) never renames, migrates on disk or saves: a problem is
    // only reported.
    enum class Access
    {
        ReadWrite,
        ReadOnly
    };
    LoadResult load(Access access = Access::ReadWrite);

    // Replaces the state without touching the file (screenshots, tests).
    void setState(const OnboardingState &state);

    const OnboardingState &state() const { return m_state; }
    QString filePath() const { return m_filePath; }
    bool isReadOnly() const { return m_readOnly; }

    // Applies a change, announces it and schedules the save.
    void update(const std::function<void(OnboardingState &)> &change);

    // For an object that edits the state over time by reference (ProviderSession): it changes
    // fields in place and calls markChanged() after each change, which announces and saves.
    OnboardingState &stateForEditing() { return m_state; }
    void markChanged();

    std::expected<void, Error> saveNow();
    bool hasUnsavedChanges() const { return m_dirty; }

    void setSaveDelay(int ms) { m_saveTimer.setInterval(ms); }

signals:
    void changed();
    void saveFailed(const onramp::Error &error);

private:
    QString m_filePath;
    OnboardingState m_state;
    bool m_readOnly = false;
    bool m_dirty = false;
    QTimer m_saveTimer;
};

} // namespace onramp
