#pragma once

#include "Error.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <expected>
#include <memory>
#include <vector>

namespace onramp {

struct InstanceType
{
    QString key;
    QString name;
    QString card; // CardSpec key
    int cards = 1;
    int cpus = 0;
    double memoryGiB = 0;
    double localDiskGB = 0;
    QString interconnect;
    QString driver; // driver version installed on the host; text not starting with a digit
                    // ("not stated …") when the catalog does not know it
    QString source; // where the figures come from, and which of them are not known
    QString asOf;   // when they were checked, YYYY-MM

    // Whether `driver` is a version the image's minimum can be compared with.
    bool driverKnown() const { return !driver.isEmpty() && driver.front().isDigit(); }
    QJsonObject toJson() const; // the catalog's shape, read back by parseInstanceCatalog()
};

struct TrainingImage
{
    QString key;
    QString name;
    QString version;
    QString digest;    // "sha256:…"; empty when unknown: the provider's catalog supplies it
    QString framework; // "torch", "mindspore"
    QString frameworkVersion;
    QString accelerator; // "CUDA", "CANN"
    QString acceleratorVersion;
    QString minDriver;
    QStringList archs;
    QString python;
    QStringList libraries;
    QString source; // where the versions come from
    QString asOf;   // when they were checked, YYYY-MM

    QJsonObject toJson() const; // the catalog's shape, read back by parseImageCatalog()
};

// Catalogs as JSON: the built-in ones ship in resources/catalog/; a provider answers the same
// shape ({instances: […]}, {images: […]}, docs/provider-api.yaml). Untrusted: each entry is
// checked (required texts, numbers of the right type and range, a known card, no key twice); an
// error names the entry and the field ("$.instances[3].card").
std::expected<std::vector<InstanceType>, Error> parseInstanceCatalog(const QJsonObject &answer);
std::expected<std::vector<TrainingImage>, Error> parseImageCatalog(const QJsonObject &answer);
std::expected<std::vector<InstanceType>, Error> parseInstanceCatalog(const QByteArray &json);
std::expected<std::vector<TrainingImage>, Error> parseImageCatalog(const QByteArray &json);

// The catalog Onramp ships (resources/catalog/). Immutable, safe from any thread: the sandbox
// serves it from its own thread. The client side reads the catalog of its onboarding
// (ResourceCatalog, ResourcesGateData::catalog) instead, which is this one only offline.
const std::vector<InstanceType> &builtinInstances();
const std::vector<TrainingImage> &builtinImages();
// The built-in catalog's instance type with this key; null when there is none.
const InstanceType *findBuiltinInstance(const QString &key);

// Where a catalog came from.
struct CatalogSource
{
    enum class Kind
    {
        BuiltIn,
        Provider
    };
    Kind kind = Kind::BuiltIn;
    QString providerKind; // Provider: "sandbox", "onramp-api" or "slurm" (providerKindKey)
    QString providerName; // Provider: the API's address or the cluster's name; empty: sandbox
    QDateTime readAt;     // Provider: when its answer was read (UTC)
    QString asOf;         // BuiltIn: the month of its newest figures, YYYY-MM

    bool operator==(const CatalogSource &) const = default;
    // Whether two sources are the same provider (any built-in sandbox is the same one).
    bool sameProvider(const CatalogSource &o) const;
};

// The instance types and images gate 4 offers and checks, with where they came from: the
// provider's (read when connected) or the built-in one (offline, or when the provider did not
// answer, with why). A value: copies share the same immutable lists, so it crosses threads and
// is replaced whole when the provider's answer arrives (never changed in place).
class ResourceCatalog
{
public:
    ResourceCatalog(); // the built-in catalog
    ResourceCatalog(std::vector<InstanceType> instances, std::vector<TrainingImage> images,
                    CatalogSource source);

    // The provider's answers to GET /v1/catalog/instance-types and /v1/catalog/images, checked
    // as parseInstanceCatalog and parseImageCatalog do.
    static std::expected<ResourceCatalog, Error>
    fromAnswers(const QJsonObject &instances, const QJsonObject &images, CatalogSource source);
    // A catalog file ({instances, images}, an optional note and as_of; nothing else), what
    // `onramp sandbox serve --catalog FILE` serves. The source is BuiltIn with the file's as_of.
    static std::expected<ResourceCatalog, Error> fromFile(const QByteArray &json);

    const std::vector<InstanceType> &instances() const;
    const std::vector<TrainingImage> &images() const;
    // The entry with this key (an image also by "name:version"); null when there is none.
    const InstanceType *instance(const QString &key) const;
    const TrainingImage *image(const QString &key) const;
    // An instance type's name for text people read ("8 × A100 80GB"); the key itself when the
    // catalog has no such type.
    QString instanceName(const QString &key) const;

    const CatalogSource &source() const;
    bool isBuiltIn() const { return source().kind == CatalogSource::Kind::BuiltIn; }
    // Why the provider's catalog is not what this one is (it did not answer, answered something
    // unreadable, or a cluster has none), in the user's language; empty when it is, or when no
    // provider was asked. Said, never saved.
    const QString &unreadReason() const { return m_unreadReason; }
    ResourceCatalog withUnreadReason(const QString &reason) const;

    // One line for the page and the CLI: which catalog this is, and when it was read.
    QString describe() const;

    // Saved with the onboarding (only a provider's: an offline restart shows it again); the
    // lists in the catalog's shape.
    QJsonObject toJson() const;
    static std::expected<ResourceCatalog, Error> fromJson(const QJsonObject &o,
                                                          const QString &path);

private:
    struct Data;
    std::shared_ptr<const Data> d;
    QString m_unreadReason;
};

} // namespace onramp
