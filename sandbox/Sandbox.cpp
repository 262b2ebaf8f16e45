#include "Sandbox.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUuid>

namespace onramp {

namespace {

std::optional<Role> memberRole(const QJsonObject &ws, const QString &who)
{
    for (const QJsonValue &v : ws.value("members").toArray()) {
        if (v.toObject().value("account").toString() == who)
            return roleFromKey(v.toObject().value("role").toString());
    }
    return std::nullopt;
}

QJsonObject fileEntry(const QString &name, const QByteArray &bytes)
{
    return QJsonObject{
        {"path", name},
        {"size", bytes.size()},
        {"sha256",
         QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex())}};
}

} // namespace

Sandbox::Sandbox(SandboxFaults &faults, QObject *context)
    : m_faults(faults), m_jobs(*this, context)
{
}

Sandbox::~Sandbox() = default;

std::expected<void, QString> Sandbox::open(const QString &dataDir)
{
    if (auto opened = m_store.open(dataDir); !opened)
        return opened;
    if (dataDir.isEmpty()) {
        m_tempRoot = std::make_unique<QTemporaryDir>();
        m_root = m_tempRoot->path();
    } else {
        m_root = QDir(dataDir).absolutePath();
    }
    return {};
}

QString Sandbox::dataDir(const QString &wsId) const
{
    return QDir(m_root).filePath(QStringLiteral("workspaces/%1/data").arg(wsId));
}

QString Sandbox::probeProgram() const
{
    if (!m_probe.isEmpty())
        return m_probe;
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate : {here.filePath(QStringLiteral("onramp-probe")),
                                     here.filePath(QStringLiteral("../probe/onramp-probe"))}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return QStandardPaths::findExecutable(QStringLiteral("onramp-probe"));
}

std::expected<QJsonObject, Answer> Sandbox::workspace(const QString &id) const
{
    QJsonObject ws = m_store.load(QStringLiteral("ws/") + id);
    if (ws.isEmpty())
        return std::unexpected(Answer{
            404, apiError(QStringLiteral("not_found"), QStringLiteral("no workspace %1").arg(id))});
    return ws;
}

std::expected<QJsonObject, Answer> Sandbox::workspaceFor(const QString &id, const QString &who,
                                                         Action action) const
{
    auto ws = workspace(id);
    if (!ws)
        return ws;
    if (auto no = refusal(*ws, who, action))
        return std::unexpected(*no);
    return ws;
}

QJsonArray Sandbox::recordsIn(const QString &wsId, const QString &kind) const
{
    QJsonArray list;
    for (const QJsonObject &record : m_store.loadAll(kind + u'/'))
        if (record.value("workspace").toString() == wsId)
            list.append(record);
    return list;
}

std::optional<Answer> Sandbox::refusal(const QJsonObject &ws, const QString &who,
                                       Action action) const
{
    if (who.isEmpty())
        return std::nullopt; // the account owner
    const QString id = ws.value("id").toString();
    const auto role = memberRole(ws, who);
    if (!role)
        return Answer{403, apiError(QStringLiteral("forbidden"),
                                    QStringLiteral("%1 is not a member of %2").arg(who, id))};
    const PermissionMatrix matrix =
        permissionMatrixFromJson(ws.value("permissions").toArray(), PermissionMatrix::defaults());
    if (matrix.can(*role, action))
        return std::nullopt;
    QJsonObject e = apiError(QStringLiteral("forbidden"),
                             QStringLiteral("role %1 may not %2 in %3")
                                 .arg(roleKey(*role), actionKey(action).replace(u'_', u' '), id));
    e["role"] = roleKey(*role);
    e["action"] = actionKey(action);
    return Answer{403, e};
}

QJsonObject Sandbox::realStock()
{
    QJsonObject st = m_store.load(QStringLiteral("stock"));
    if (st.isEmpty()) {
        st = {{"cn-north-1a", QJsonObject{{"a100-80g", 16}, {"h100-80g", 0}, {"l40s", 8}}},
              {"cn-north-1b", QJsonObject{{"a100-80g", 8}, {"h100-80g", 8}}},
              {"cn-east-1a", QJsonObject{{"rtx4090", 4}, {"a10", 8}}}};
        m_store.store(QStringLiteral("stock"), st);
    }
    return st;
}

QJsonObject Sandbox::stock()
{
    QJsonObject st = realStock();
    for (auto zone = st.begin(); zone != st.end(); ++zone) {
        if (!m_faults.stockOut && !m_faults.stockOutZones.contains(zone.key()))
            continue;
        QJsonObject cards = zone.value().toObject();
        for (auto c = cards.begin(); c != cards.end(); ++c)
            c.value() = 0;
        zone.value() = cards;
    }
    return st;
}

void Sandbox::take(const QString &zone, const QString &card, int cards)
{
    giveBack(zone, card, -cards);
}

void Sandbox::giveBack(const QString &zone, const QString &card, int cards)
{
    // The real stock: out of stock is a fault shown to callers, and what is taken or given
    // back must not write the zeros it shows over the real figures.
    QJsonObject st = realStock();
    QJsonObject inZone = st.value(zone).toObject();
    inZone[card] = inZone.value(card).toInt() + cards;
    st[zone] = inZone;
    m_store.store(QStringLiteral("stock"), st);
}

QJsonObject Sandbox::shownReview(const QJsonObject &review) const
{
    const QDateTime since = QDateTime::fromString(review.value("since").toString(), Qt::ISODate);
    if (m_reviewDelaySeconds <= 0 || !since.isValid() ||
        since.secsTo(QDateTime::currentDateTimeUtc()) >= m_reviewDelaySeconds)
        return review;
    QJsonObject pending{{"id", review.value("id")},
                        {"state", "pending"},
                        {"since", review.value("since")},
                        {"reasons", QJsonArray()}};
    return pending;
}

void Sandbox::seedSampleData(const QString &wsId)
{
    const QDir dir(dataDir(wsId));
    if (!dir.mkpath(QStringLiteral("sample")))
        return;
    QJsonArray files;
    quint32 x = 2463534242u; // xorshift: the same bytes in every sandbox
    for (int i = 0; i < 16; ++i) {
        QByteArray bytes(256 * 1024, Qt::Uninitialized);
        for (char &c : bytes) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            c = char(x);
        }
        const QString name = QStringLiteral("sample/shard-%1.bin").arg(i, 3, 10, QLatin1Char('0'));
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return;
        files.append(fileEntry(name, bytes));
    }
    // The first run's training text: the corpus shipped beside the probe (CC0), so that the
    // data manifest a spec records covers what the run learned from.
    if (const QString probe = probeProgram(); !probe.isEmpty()) {
        QFile corpus(QFileInfo(probe).dir().filePath(QStringLiteral("onramp-corpus.txt")));
        if (corpus.open(QIODevice::ReadOnly)) {
            const QByteArray text = corpus.readAll();
            const QString name = QStringLiteral("sample/corpus.txt");
            QFile f(dir.filePath(name));
            if (f.open(QIODevice::WriteOnly) && f.write(text) == text.size())
                files.append(fileEntry(name, text));
        }
    }
    QFile manifest(dir.filePath(QStringLiteral("manifest.json")));
    if (manifest.open(QIODevice::WriteOnly))
        manifest.write(QJsonDocument(QJsonObject{{"files", files}}).toJson());
}

QString Sandbox::newId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString Sandbox::now()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

QString Sandbox::imageDigest(const TrainingImage &image)
{
    if (!image.digest.isEmpty())
        return image.digest;
    QJsonObject record = image.toJson();
    record.remove(QStringLiteral("digest"));
    return QStringLiteral("sha256:") +
           QString::fromLatin1(QCryptographicHash::hash(
                                   QJsonDocument(record).toJson(QJsonDocument::Compact),
                                   QCryptographicHash::Sha256)
                                   .toHex());
}

const InstanceType *Sandbox::instanceType(const QString &key) const
{
    return m_catalog.instance(key);
}

bool Sandbox::isInside(const QString &p)
{
    if (p.isEmpty() || QDir::isAbsolutePath(p))
        return false;
    const QString clean = QDir::cleanPath(p);
    return !clean.startsWith(QLatin1String("..")) && clean != QLatin1String(".");
}

} // namespace onramp
