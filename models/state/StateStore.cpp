#include "StateStore.h"

#include "Tr.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSaveFile>
#include <QStandardPaths>

Q_LOGGING_CATEGORY(lcState, "onramp.state")

namespace onramp {

StateStore::StateStore(QString filePath, QObject *parent)
    : QObject(parent), m_filePath(std::move(filePath))
{
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(300);
    connect(&m_saveTimer, &QTimer::timeout, this, [this] {
        if (auto r = saveNow(); !r)
            emit saveFailed(r.error());
    });
}

StateStore::~StateStore()
{
    if (m_dirty)
        (void)saveNow();
}

QString StateStore::defaultFilePath()
{
    QString dir = qEnvironmentVariable("ONRAMP_STATE_DIR");
    if (dir.isEmpty())
        dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir).filePath(QStringLiteral("onboarding.json"));
}

StateStore::LoadResult StateStore::load(Access access)
{
    m_state = OnboardingState{};
    m_readOnly = access == Access::ReadOnly;
    m_dirty = false;
    if (m_filePath.isEmpty())
        return {};

    QFile file(m_filePath);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly)) {
        m_readOnly = true;
        return {Error{Error::Kind::Io,
                      tr("Onramp cannot read your saved onboarding at %1. Check the file's "
                         "permissions; until then nothing will be saved.")
                          .arg(m_filePath),
                      file.errorString()}};
    }
    const QByteArray bytes = file.readAll();
    file.close();

    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    std::optional<Error> problem;
    QJsonObject json;
    if (doc.isNull() || !doc.isObject()) {
        problem = Error{Error::Kind::Parse, QString(),
                        doc.isNull() ? QStringLiteral("JSON error at offset %1: %2")
                                           .arg(parseError.offset)
                                           .arg(parseError.errorString())
                                     : QStringLiteral("top level is not an object")};
    } else {
        json = doc.object();
        // Empty for a version that is no whole number: migrateToCurrent() says so, and the
        // file is set aside below rather than read as version 0.
        const std::optional<int> version = schemaVersionOf(json);
        if (version && *version > OnboardingState::kSchemaVersion) {
            m_readOnly = true;
            return {Error{Error::Kind::Version,
                          tr("Your saved onboarding was written by a newer Onramp (schema %1; "
                             "this one reads %2). It is left untouched and nothing will be saved "
                             "this session. Update Onramp to continue where you left off.")
                              .arg(*version)
                              .arg(OnboardingState::kSchemaVersion),
                          m_filePath}};
        }
        auto migrated = migrateToCurrent(json);
        if (!migrated) {
            problem = migrated.error();
        } else if (auto state = OnboardingState::fromJson(*migrated); !state) {
            problem = state.error();
        } else {
            m_state = *state;
            m_state.account.resolveAttachmentsAgainst(QFileInfo(m_filePath).absolutePath());
            if (*version < OnboardingState::kSchemaVersion && !m_readOnly) {
                // Keep the original beside the migrated file, once.
                const QString backup = m_filePath + QStringLiteral(".v%1.bak").arg(*version);
                if (!QFile::exists(backup))
                    QFile::copy(m_filePath, backup);
            }
            // Write the migrated form back.
            m_dirty = *version < OnboardingState::kSchemaVersion && !m_readOnly;
            if (m_dirty)
                m_saveTimer.start();
            return {};
        }
    }

    if (m_readOnly) {
        Error e = *problem;
        e.kind = Error::Kind::Parse;
        e.message = tr("The onboarding file %1 cannot be read.").arg(m_filePath);
        return {e};
    }
    // Corrupt: set it aside, never silently reset.
    const QString aside =
        m_filePath + QStringLiteral(".corrupt-") +
        QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    const bool renamed = QFile::rename(m_filePath, aside);
    qCWarning(lcState) << "corrupt state file" << m_filePath << problem->details
                       << (renamed ? "set aside as" : "could not be renamed to") << aside;
    if (!renamed)
        m_readOnly = true;
    Error e = *problem;
    e.kind = Error::Kind::Parse;
    e.message = renamed ? tr("Your saved onboarding could not be read, so Onramp started fresh. "
                             "The old file was kept as %1 for you to inspect.")
                              .arg(aside)
                        : tr("Your saved onboarding could not be read and could not be moved "
                             "aside. Nothing will be saved until %1 is fixed or removed.")
                              .arg(m_filePath);
    return {e};
}

void StateStore::setState(const OnboardingState &state)
{
    m_state = state;
    emit changed();
}

void StateStore::update(const std::function<void(OnboardingState &)> &change)
{
    OnboardingState next = m_state;
    change(next);
    if (next == m_state)
        return;
    m_state = std::move(next);
    m_dirty = true;
    emit changed();
    if (!m_filePath.isEmpty() && !m_readOnly)
        m_saveTimer.start();
}

void StateStore::markChanged()
{
    m_dirty = true;
    emit changed();
    if (!m_filePath.isEmpty() && !m_readOnly)
        m_saveTimer.start();
}

std::expected<void, Error> StateStore::saveNow()
{
    m_saveTimer.stop();
    if (m_filePath.isEmpty()) {
        m_dirty = false;
        return {};
    }
    if (m_readOnly) {
        return std::unexpected(Error{Error::Kind::Version,
                                     tr("Saving is off for this session so that the existing "
                                        "file at %1 is not overwritten.")
                                         .arg(m_filePath),
                                     QString()});
    }
    const auto failed = [this](const QString &details) {
        return std::unexpected(Error{Error::Kind::Io,
                                     tr("Onramp could not save your onboarding to %1. Free some "
                                        "disk space or fix the folder's permissions; your work "
                                        "is kept in memory and saved on the next change.")
                                         .arg(m_filePath),
                                     details});
    };
    QDir().mkpath(QFileInfo(m_filePath).absolutePath());
    QSaveFile file(m_filePath);
    if (!file.open(QIODevice::WriteOnly))
        return failed(file.errorString());
    file.write(QJsonDocument(m_state.toJson()).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return failed(file.errorString());
    m_dirty = false;
    return {};
}

} // namespace onramp
