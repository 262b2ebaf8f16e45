#pragma once

#include <QString>

#include "Text.h"

#include <optional>
#include <vector>

namespace onramp {

// Architecture facts of a model family member, from its published config. Parameter counts in
// billions as the model cards give them.
struct ModelSpec
{
    QString key;  // "llama-2-7b"
    QString name; // "Llama 2 7B"
    double paramsB = 0;
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0;
    int ffn = 0;
    int vocab = 0;
    bool gatedMlp = false;   // SwiGLU/GeGLU: three MLP matrices
    bool dropout = false;    // dropout layers in training (BERT/T5/GPT-2 era)
    bool lmHead = true;      // trains with vocabulary logits (false: encoder classifier)
    bool sdpaDefault = true; // frameworks run fused (flash/SDPA) attention by default
    QString source;          // where the facts come from
    bool rmsNorm = false;    // RMSNorm (computed in fp32 by eager implementations), not LayerNorm
};

// An amount of memory in GiB (2^30 bytes). A card's nameplate "80GB" counts these: an A100
// 80GB has 81,920 MiB, what nvidia-smi shows. The estimator's verdict, the probe's memory limit
// (sandbox and Slurm) and the catalogs all read a card's memory through this one type, so
// none of them can take it for 10^9 bytes again (a 7 % gap).
struct GiB
{
    double gib = 0;

    constexpr qint64 bytes() const { return qint64(gib * 1024 * 1024 * 1024); }
    constexpr qint64 mib() const { return qint64(gib * 1024); }
    bool operator==(const GiB &) const = default;
};

// A training card.
struct CardSpec
{
    QString key;  // "a100-80g"
    QString name; // "NVIDIA A100 80GB SXM"
    GiB memory;   // the nameplate
    double bandwidthGBs = 0;
    double bf16Tflops = 0; // dense; 0 = no bf16 (V100: fp16 only)
    double fp16Tflops = 0; // dense
    double fp8Tflops = 0;  // dense; 0 = no fp8
    QString interconnect;
    bool fastInterconnect = false; // NVLink/HCCS between cards in a node
    QString confidence;            // "datasheet", "secondary", "unofficial"
    QString arch; // "sm_80" (CUDA compute capability), "gfx942" (AMD) or "ascend910b"
    // What the card can compute: the CUDA compute capability (8.0 for sm_80), or for other
    // vendors 0 and the generation ("CDNA 3", "Ascend 910B, CANN 8").
    double computeCapability = 0;
    QString generation;
    QString source; // where the figures come from
    QString asOf;   // when they were checked, YYYY-MM
};

// What a training setup may ask of a card.
enum class CardFeature
{
    Bf16,
    Fp8,
    FlashAttention2
};

// Whether the card can run it, and if not why not (translated).
bool cardSupports(const CardSpec &card, CardFeature feature);
Text unsupportedReason(const CardSpec &card, CardFeature feature); // translated when read
QString cardFeatureName(CardFeature feature); // translated: "FP8", "bf16", "FlashAttention-2"
// The catalog card nearest to `card` that supports all the features: same vendor first, then
// the closest memory size. nullopt when no card in the catalog does.
// `candidates`: the cards to choose from (a provider's); empty: the built-in catalog's.
std::optional<CardSpec> nearestCardSupporting(const CardSpec &card,
                                              const std::vector<CardFeature> &features,
                                              const std::vector<CardSpec> &candidates = {});

const std::vector<ModelSpec> &modelCatalog();
const std::vector<CardSpec> &cardCatalog();
// By key ("llama-2-7b") or display name ("Llama 2 7B"), in any case.
std::optional<ModelSpec> findModel(const QString &key);
std::optional<CardSpec> findCard(const QString &key);
// A card as a person names it on the command line: its key, its name, or a part of its key or
// name that only one card has ("h100", "910b", "NVIDIA H20 96GB"). The error says which cards
// the text could mean, or that none is known.
std::expected<CardSpec, QString> findCardNamed(const QString &text);
// The card as people know it ("NVIDIA A10 24GB"), for text they read; the key itself when the
// catalog has no such card.
QString cardName(const QString &key);

// The catalog model a free text names ("Llama-2-7B", "llama2 70b", "bert-large", "T0_3B"),
// matched by family and size; nullopt when it names none.
std::optional<ModelSpec> findModelMentioned(const QString &text);

// An architecture for a bare parameter count, from the usual decoder proportions (12·L·h²
// non-embedding parameters, h/L ≈ 128, 32k vocabulary): good enough for activations.
ModelSpec modelFromParams(double paramsB);

} // namespace onramp
