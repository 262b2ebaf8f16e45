#include "Catalogs.h"

#include "Tr.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace onramp {

const std::vector<ModelSpec> &modelCatalog()
{
    // key, name, params (B), layers, hidden, heads, kv heads, ffn, vocab, gated, dropout,
    // lm head, SDPA by default, source, RMSNorm
    static const std::vector<ModelSpec> models = {
        {"llama-2-7b", "Llama 2 7B", 6.74, 32, 4096, 32, 32, 11008, 32000, true, false, true, true,
         "meta-llama/Llama-2-7b-hf config.json", true},
        {"llama-2-13b", "Llama 2 13B", 13.0, 40, 5120, 40, 40, 13824, 32000, true, false, true,
         true, "meta-llama/Llama-2-13b-hf config.json", true},
        {"llama-2-70b", "Llama 2 70B", 69.0, 80, 8192, 64, 8, 28672, 32000, true, false, true, true,
         "meta-llama/Llama-2-70b-hf config.json", true},
        {"llama-7b", "LLaMA 7B", 6.74, 32, 4096, 32, 32, 11008, 32000, true, false, true, true,
         "LLaMA paper, Table 2", true},
        {"llama-65b", "LLaMA 65B", 65.2, 80, 8192, 64, 64, 22016, 32000, true, false, true, true,
         "LLaMA paper, Table 2", true},
        {"llama-3-8b", "Llama 3 / 3.1 8B", 8.03, 32, 4096, 32, 8, 14336, 128256, true, false, true,
         true, "meta-llama/Meta-Llama-3.1-8B config.json", true},
        {"llama-3-70b", "Llama 3 / 3.1 70B", 70.6, 80, 8192, 64, 8, 28672, 128256, true, false,
         true, true, "meta-llama/Meta-Llama-3.1-70B config.json", true},
        {"llama-3.1-405b", "Llama 3.1 405B", 405.0, 126, 16384, 128, 8, 53248, 128256, true, false,
         true, true, "meta-llama/Meta-Llama-3.1-405B config.json", true},
        {"llama-3.2-1b", "Llama 3.2 1B", 1.24, 16, 2048, 32, 8, 8192, 128256, true, false, true,
         true, "meta-llama/Llama-3.2-1B config.json", true},
        {"llama-3.2-3b", "Llama 3.2 3B", 3.21, 28, 3072, 24, 8, 8192, 128256, true, false, true,
         true, "meta-llama/Llama-3.2-3B config.json", true},
        {"qwen2-7b", "Qwen2 7B", 7.62, 28, 3584, 28, 4, 18944, 152064, true, false, true, true,
         "Qwen/Qwen2-7B config.json", true},
        {"qwen2.5-0.5b", "Qwen2.5 0.5B", 0.49, 24, 896, 14, 2, 4864, 151936, true, false, true,
         true, "Qwen/Qwen2.5-0.5B config.json", true},
        {"qwen2.5-1.5b", "Qwen2.5 1.5B", 1.54, 28, 1536, 12, 2, 8960, 151936, true, false, true,
         true, "Qwen/Qwen2.5-1.5B config.json", true},
        {"qwen2.5-7b", "Qwen2.5 7B", 7.62, 28, 3584, 28, 4, 18944, 152064, true, false, true, true,
         "Qwen/Qwen2.5-7B config.json", true},
        {"qwen2.5-14b", "Qwen2.5 14B", 14.7, 48, 5120, 40, 8, 13824, 152064, true, false, true,
         true, "Qwen/Qwen2.5-14B config.json", true},
        {"qwen2.5-32b", "Qwen2.5 32B", 32.5, 64, 5120, 40, 8, 27648, 152064, true, false, true,
         true, "Qwen/Qwen2.5-32B config.json", true},
        {"qwen2.5-72b", "Qwen2.5 72B", 72.7, 80, 8192, 64, 8, 29568, 152064, true, false, true,
         true, "Qwen/Qwen2.5-72B config.json", true},
        {"mistral-7b", "Mistral 7B", 7.24, 32, 4096, 32, 8, 14336, 32000, true, false, true, true,
         "mistralai/Mistral-7B-v0.1 config.json", true},
        {"mixtral-8x7b", "Mixtral 8x7B (all experts)", 46.7, 32, 4096, 32, 8, 14336, 32000, true,
         false, true, true, "mistralai/Mixtral-8x7B-v0.1 config.json (8 experts, 2 active)", true},
        {"gpt2", "GPT-2 124M", 0.124, 12, 768, 12, 12, 3072, 50257, false, true, true, false,
         "openai-community/gpt2 config.json"},
        {"gpt2-medium", "GPT-2 Medium 355M", 0.355, 24, 1024, 16, 16, 4096, 50257, false, true, true,
         false, "openai-community/gpt2-medium config.json"},
        {"gpt2-large", "GPT-2 Large 774M", 0.774, 36, 1280, 20, 20, 5120, 50257, false, true, true,
         false, "openai-community/gpt2-large config.json"},
        {"gpt2-xl", "GPT-2 XL 1.5B", 1.56, 48, 1600, 25, 25, 6400, 50257, false, true, true, false,
         "openai-community/gpt2-xl config.json"},
        {"bert-base", "BERT base", 0.110, 12, 768, 12, 12, 3072, 30522, false, true, false, false,
         "google-bert/bert-base-uncased config.json"},
        {"bert-large", "BERT large", 0.335, 24, 1024, 16, 16, 4096, 30522, false, true, false,
         false, "google-bert/bert-large-uncased config.json"},
        {"t5-large", "T5 large", 0.738, 48, 1024, 16, 16, 4096, 32128, false, true, true, false,
         "google-t5/t5-large config.json (24 encoder + 24 decoder layers)", true},
        {"t5-3b", "T5 3B / T0 3B", 2.85, 48, 1024, 32, 32, 16384, 32128, false, true, true, false,
         "google-t5/t5-3b config.json (d_model 1024, d_ff 16384, 24+24 layers)", true},
        {"mt5-xxl", "mT5 XXL / mT0 XXL", 12.9, 48, 4096, 64, 64, 10240, 250112, true, true, true,
         false, "google/mt5-xxl config.json (24+24 layers, gated-gelu)", true},
        {"falcon-7b", "Falcon 7B", 7.22, 32, 4544, 71, 1, 18176, 65024, false, false, true, true,
         "tiiuae/falcon-7b config.json"},
        {"falcon-40b", "Falcon 40B", 41.8, 60, 8192, 128, 8, 32768, 65024, false, false, true, true,
         "tiiuae/falcon-40b config.json"},
        {"bloom-7b1", "BLOOM 7B1 / BLOOMZ 7B1", 7.07, 30, 4096, 32, 32, 16384, 250880, false, true,
         true, false, "bigscience/bloom-7b1 config.json"},
        {"starcoder-15b", "StarCoder 15.5B", 15.5, 40, 6144, 48, 1, 24576, 49152, false, false,
         true, true, "bigcode/starcoder config.json (multi-query attention)"},
        {"gemma-2b", "Gemma 2B", 2.51, 18, 2048, 8, 1, 16384, 256000, true, false, true, true,
         "google/gemma-2b config.json", true},
        {"baichuan2-7b", "Baichuan 2 7B", 7.51, 32, 4096, 32, 32, 11008, 125696, true, false, true,
         true, "baichuan-inc/Baichuan2-7B-Base config.json", true},
        {"baichuan2-13b", "Baichuan 2 13B", 13.9, 40, 5120, 40, 40, 13696, 125696, true, false,
         true, true, "baichuan-inc/Baichuan2-13B-Base config.json", true},
        {"chatglm3-6b", "ChatGLM3 6B", 6.24, 28, 4096, 32, 2, 13696, 65024, true, false, true, true,
         "THUDM/chatglm3-6b config.json (multi-query groups 2)", true},
        {"internlm2-7b", "InternLM2 7B", 7.74, 32, 4096, 32, 8, 14336, 92544, true, false, true,
         true, "internlm/internlm2-7b config.json", true},
        {"internlm2-20b", "InternLM2 20B", 19.9, 48, 6144, 48, 8, 16384, 92544, true, false, true,
         true, "internlm/internlm2-20b config.json", true},
    };
    return models;
}

const std::vector<CardSpec> &cardCatalog()
{
    // Figures and their confidence from shared/notes/memory-estimation.md §(c) where it has
    // them; the others from the vendor's datasheet named in `source`. TFLOPS are dense (without
    // 2:4 sparsity). Compute capabilities from NVIDIA's CUDA GPUs list
    // (developer.nvidia.com/cuda-gpus).
    // key, name, memory GB, bandwidth GB/s, bf16, fp16, fp8 TFLOPS, interconnect, NVLink/HCCS,
    // confidence, arch, compute capability, generation, source, checked
    static const std::vector<CardSpec> cards = {
        {"a100-40g", "NVIDIA A100 40GB SXM4", 40, 1555, 312, 312, 0, "NVLink 600 GB/s", true,
         "datasheet", "sm_80", 8.0, "Ampere", "NVIDIA A100 datasheet (notes §(c))", "2026-12"},
        {"a100-80g", "NVIDIA A100 80GB SXM4", 80, 2039, 312, 312, 0, "NVLink 600 GB/s", true,
         "datasheet", "sm_80", 8.0, "Ampere", "NVIDIA A100 datasheet (notes §(c))", "2026-12"},
        {"a800-80g", "NVIDIA A800 80GB SXM4", 80, 2039, 312, 312, 0, "NVLink 400 GB/s", true,
         "secondary", "sm_80", 8.0, "Ampere",
         "Export variant of the A100 80GB: same compute and memory, NVLink cut to 400 GB/s",
         "2026-12"},
        {"h100-80g", "NVIDIA H100 80GB SXM5", 80, 3350, 989, 989, 1979, "NVLink 900 GB/s", true,
         "datasheet", "sm_90", 9.0, "Hopper", "NVIDIA H100 datasheet (notes §(c))", "2026-12"},
        {"h800", "NVIDIA H800 80GB SXM5", 80, 3350, 989, 989, 1979, "NVLink 400 GB/s", true,
         "secondary", "sm_90", 9.0, "Hopper",
         "Export variant of the H100 SXM: same compute and memory, NVLink cut to 400 GB/s",
         "2026-12"},
        {"h200-141g", "NVIDIA H200 141GB SXM", 141, 4800, 989, 989, 1979, "NVLink 900 GB/s", true,
         "secondary", "sm_90", 9.0, "Hopper",
         "NVIDIA H200 product page; same compute as the H100 SXM (notes §(c))", "2026-12"},
        {"b200", "NVIDIA B200 180GB SXM (HGX/DGX B200)", 180, 8000, 2250, 2250, 4500,
         "NVLink 5, 1.8 TB/s", true, "secondary", "sm_100", 10.0, "Blackwell",
         "NVIDIA DGX B200 datasheet: 1,440 GB and 64 TB/s for 8 GPUs, 72 PFLOPS FP8 training "
         "(sparse) for 8 GPUs; dense = half",
         "2026-12"},
        {"h20", "NVIDIA H20 96GB", 96, 4000, 148, 148, 296, "NVLink 900 GB/s", true, "unofficial",
         "sm_90", 9.0, "Hopper", "No public NVIDIA datasheet; third-party tables (notes §(c))",
         "2026-12"},
        {"l40s", "NVIDIA L40S 48GB", 48, 864, 362, 362, 733, "PCIe Gen4 x16, no NVLink", false,
         "datasheet", "sm_89", 8.9, "Ada Lovelace", "NVIDIA L40S datasheet (notes §(c))",
         "2026-12"},
        {"l20", "NVIDIA L20 48GB", 48, 864, 119.5, 119.5, 239, "PCIe Gen4 x16, no NVLink", false,
         "unofficial", "sm_89", 8.9, "Ada Lovelace",
         "No public NVIDIA datasheet; third-party tables (notes §(c))", "2026-12"},
        {"a10", "NVIDIA A10 24GB", 24, 600, 125, 125, 0, "PCIe Gen4 x16", false, "secondary",
         "sm_86", 8.6, "Ampere", "NVIDIA A10 datasheet, not re-verified (notes §(c))", "2026-12"},
        {"v100-32g", "NVIDIA V100 32GB SXM2", 32, 900, 0, 125, 0, "NVLink 300 GB/s", true,
         "datasheet", "sm_70", 7.0, "Volta", "NVIDIA Volta whitepaper (notes §(c))", "2026-12"},
        {"rtx4090", "NVIDIA GeForce RTX 4090 24GB", 24, 1008, 165, 165, 330,
         "PCIe Gen4 x16, no NVLink", false, "secondary", "sm_89", 8.9, "Ada Lovelace",
         "Third-party spec tables of the AD102 board (notes §(c))", "2026-12"},
        {"mi300x", "AMD Instinct MI300X 192GB", 192, 5300, 1307, 1307, 2615,
         "Infinity Fabric, 896 GB/s per GPU in an 8-GPU platform", true, "datasheet", "gfx942", 0,
         "CDNA 3", "AMD Instinct MI300X data sheet (dense figures; sparsity doubles them)",
         "2026-12"},
        {"ascend-910b", "Huawei Ascend 910B (B1–B3) 64GB", 64, 1600, 315, 315, 0,
         "HCCS within an 8-NPU node", true, "unofficial", "ascend910b", 0, "Ascend 910B, CANN 8",
         "npu-smi readings and measured GEMM in public issues (notes §(c))", "2026-12"},
        {"ascend-910c", "Huawei Ascend 910C 128GB", 128, 3200, 780, 780, 0,
         "HCCS (CloudMatrix 384 supernode)", true, "unofficial", "ascend910c", 0,
         "Ascend 910C (two 910B-class dies), CANN 8",
         "No public Huawei datasheet; third-party reports conflict (96–128 GB, 750–800 TFLOPS "
         "FP16)",
         "2026-12"},
    };
    return cards;
}

namespace {

QString vendorOf(const CardSpec &c)
{
    if (c.arch.startsWith(QLatin1String("sm_")))
        return QStringLiteral("nvidia");
    if (c.arch.startsWith(QLatin1String("gfx")))
        return QStringLiteral("amd");
    return c.arch.left(6); // "ascend"
}

// The oldest NVIDIA architecture that has the feature, as a compute capability.
double minimumCapability(CardFeature f)
{
    switch (f) {
    case CardFeature::Bf16:
    case CardFeature::FlashAttention2:
        return 8.0; // Ampere
    case CardFeature::Fp8:
        return 8.9; // Ada Lovelace; Hopper is 9.0
    }
    return 0;
}

} // namespace

QString cardFeatureName(CardFeature f)
{
    switch (f) {
    case CardFeature::Bf16:
        return QStringLiteral("bf16");
    case CardFeature::Fp8:
        return QStringLiteral("FP8");
    case CardFeature::FlashAttention2:
        return QStringLiteral("FlashAttention-2");
    }
    return {};
}

bool cardSupports(const CardSpec &card, CardFeature f)
{
    if (vendorOf(card) == QLatin1String("nvidia"))
        return card.computeCapability >= minimumCapability(f);
    switch (f) {
    case CardFeature::Bf16:
        return card.bf16Tflops > 0;
    case CardFeature::Fp8:
        return card.fp8Tflops > 0;
    case CardFeature::FlashAttention2:
        // ROCm's FlashAttention-2 (composable kernels) runs on CDNA 2 and 3 (MI200, MI300);
        // torch_npu's fused attention (npu_fusion_attention) stores no a·s² scores either.
        return card.arch == QLatin1String("gfx942") || card.arch == QLatin1String("gfx90a") ||
               vendorOf(card) == QLatin1String("ascend");
    }
    return false;
}

Text unsupportedReason(const CardSpec &card, CardFeature f)
{
    if (cardSupports(card, f))
        return {};
    if (vendorOf(card) == QLatin1String("nvidia")) {
        const char *needs =
            f == CardFeature::Fp8 ? "sm_89 (Ada Lovelace) or sm_90 (Hopper)" : "sm_80 (Ampere)";
        return Tr::trLater("%1 needs compute capability %2 or newer, %3; the %4 is %5 (%6).")
            .arg(cardFeatureName(f))
            .arg(minimumCapability(f), 0, 'f', 1)
            .arg(QLatin1String(needs), card.name, card.arch, card.generation);
    }
    return Tr::trLater("The %1 (%2) has no %3.")
        .arg(card.name, card.generation, cardFeatureName(f));
}

std::optional<CardSpec> nearestCardSupporting(const CardSpec &card,
                                              const std::vector<CardFeature> &features,
                                              const std::vector<CardSpec> &candidates)
{
    std::optional<CardSpec> best;
    double bestScore = 0;
    for (const CardSpec &c : candidates.empty() ? cardCatalog() : candidates) {
        if (c.key == card.key || !std::all_of(features.begin(), features.end(),
                                              [&](CardFeature f) { return cardSupports(c, f); }))
            continue;
        // Same vendor first (same software stack), then the closest memory; on a tie the larger.
        const double score = (vendorOf(c) != vendorOf(card) ? 1e6 : 0) +
                             std::abs(c.memory.gib - card.memory.gib) +
                             (c.memory.gib < card.memory.gib ? 0.5 : 0);
        if (!best || score < bestScore) {
            best = c;
            bestScore = score;
        }
    }
    return best;
}

std::optional<ModelSpec> findModel(const QString &key)
{
    for (const ModelSpec &m : modelCatalog()) {
        if (m.key.compare(key, Qt::CaseInsensitive) == 0)
            return m;
    }
    // The catalog's display name, as `onramp catalog models` and the wizard show it.
    const QString name = key.simplified();
    for (const ModelSpec &m : modelCatalog()) {
        if (m.name.compare(name, Qt::CaseInsensitive) == 0)
            return m;
    }
    return std::nullopt;
}

QString cardName(const QString &key)
{
    const std::optional<CardSpec> card = findCard(key);
    return card ? card->name : key;
}

std::optional<CardSpec> findCard(const QString &key)
{
    for (const CardSpec &c : cardCatalog()) {
        if (c.key.compare(key, Qt::CaseInsensitive) == 0)
            return c;
    }
    return std::nullopt;
}

std::expected<CardSpec, QString> findCardNamed(const QString &text)
{
    const QString t = text.trimmed();
    if (auto c = findCard(t))
        return *c;
    QList<CardSpec> partly;
    for (const CardSpec &c : cardCatalog()) {
        if (c.name.compare(t, Qt::CaseInsensitive) == 0)
            return c;
        if (!t.isEmpty() &&
            (c.key.contains(t, Qt::CaseInsensitive) || c.name.contains(t, Qt::CaseInsensitive)))
            partly << c;
    }
    if (partly.size() == 1)
        return partly.front();
    QStringList keys;
    for (const CardSpec &c : std::as_const(partly))
        keys << c.key;
    if (!keys.isEmpty())
        return std::unexpected(Tr::tr("“%1” could be %2: give one of them").arg(t, Tr::list(keys)));
    return std::unexpected(Tr::tr("unknown card “%1”; see onramp catalog cards").arg(t));
}

std::optional<ModelSpec> findModelMentioned(const QString &text)
{
    // Most specific first. Separators between family, version and size vary: "l31-8b",
    // "Llama 3.1 8B", "llama-3.1-8b", "Llama2-7B".
    static const std::vector<std::pair<QRegularExpression, const char *>> aliases = [] {
        const auto re = [](const char *p) {
            return QRegularExpression(QLatin1String(p), QRegularExpression::CaseInsensitiveOption);
        };
        return std::vector<std::pair<QRegularExpression, const char *>>{
            {re(R"((llama[\s_-]?|\bl)3\.?1[\s_-]?405b)"), "llama-3.1-405b"},
            {re(R"((llama[\s_-]?|\bl)3(\.?1)?[\s_-]?70b)"), "llama-3-70b"},
            {re(R"((llama[\s_-]?|\bl)3(\.?1)?[\s_-]?8b)"), "llama-3-8b"},
            {re(R"((llama[\s_-]?|\bl)3\.?2[\s_-]?3b)"), "llama-3.2-3b"},
            {re(R"((llama[\s_-]?|\bl)3\.?2[\s_-]?1b)"), "llama-3.2-1b"},
            {re(R"((llama[\s_-]?|\bl)2[\s_-]?70b)"), "llama-2-70b"},
            {re(R"((llama[\s_-]?|\bl)2[\s_-]?13b)"), "llama-2-13b"},
            {re(R"((llama[\s_-]?|\bl)2[\s_-]?7b)"), "llama-2-7b"},
            {re(R"(llama[\s_-]?65b|\b65b)"), "llama-65b"},
            {re(R"(llama[\s_-]?7b|alpaca[\s_-]?7b|vicuna[\s_-]?7b|qlora-7b)"), "llama-7b"},
            {re(R"(qwen2\.5[\s_-]?72b)"), "qwen2.5-72b"},
            {re(R"(qwen2\.5[\s_-]?32b)"), "qwen2.5-32b"},
            {re(R"(qwen2\.5[\s_-]?14b)"), "qwen2.5-14b"},
            {re(R"(qwen2\.5[\s_-]?7b)"), "qwen2.5-7b"},
            {re(R"(qwen2\.5[\s_-]?1\.5b)"), "qwen2.5-1.5b"},
            {re(R"(qwen2\.5[\s_-]?0\.5b)"), "qwen2.5-0.5b"},
            {re(R"(qwen2[\s_-]?7b)"), "qwen2-7b"},
            {re(R"(mixtral)"), "mixtral-8x7b"},
            {re(R"(mistral[\s_-]?7b)"), "mistral-7b"},
            {re(R"(gpt-?2[\s_-]?xl)"), "gpt2-xl"},
            {re(R"(gpt-?2[\s_-]?large)"), "gpt2-large"},
            {re(R"(gpt-?2[\s_-]?medium)"), "gpt2-medium"},
            {re(R"(\bgpt-?2\b)"), "gpt2"},
            {re(R"(bert[\s_-]?l(arge)?\b|bertL)"), "bert-large"},
            {re(R"(bert[\s_-]?base)"), "bert-base"},
            {re(R"(m[t]0[\s_-]?xxl|mt5[\s_-]?xxl)"), "mt5-xxl"},
            {re(R"(\bt0[\s_-]?3b|\bt5[\s_-]?3b)"), "t5-3b"},
            {re(R"(\bt5[\s_-]?large)"), "t5-large"},
            {re(R"(falcon[\s_-]?40b)"), "falcon-40b"},
            {re(R"(falcon[\s_-]?7b)"), "falcon-7b"},
            {re(R"(bloomz?[\s_-]?7b1)"), "bloom-7b1"},
            {re(R"(starcoder)"), "starcoder-15b"},
            {re(R"(gemma[\s_-]?2b)"), "gemma-2b"},
            {re(R"(baichuan[\s_-]?2[\s_-]?13b)"), "baichuan2-13b"},
            {re(R"(baichuan[\s_-]?2[\s_-]?7b)"), "baichuan2-7b"},
            {re(R"(chatglm[\s_-]?3?[\s_-]?6b)"), "chatglm3-6b"},
            {re(R"(internlm[\s_-]?2[\s_-]?20b)"), "internlm2-20b"},
            {re(R"(internlm[\s_-]?2[\s_-]?7b)"), "internlm2-7b"},
        };
    }();
    for (const auto &[pattern, key] : aliases) {
        if (pattern.match(text).hasMatch())
            return findModel(QLatin1String(key));
    }
    return std::nullopt;
}

ModelSpec modelFromParams(double paramsB)
{
    ModelSpec m;
    m.key = QStringLiteral("custom");
    m.name = QStringLiteral("%1B parameters").arg(paramsB);
    m.paramsB = paramsB;
    m.vocab = 32000;
    // 12·L·h² = P − V·h with h = 128·L  →  solve for L by a few fixed-point steps.
    double layers = 32;
    for (int i = 0; i < 20; ++i) {
        const double h = 128 * layers;
        const double body = paramsB * 1e9 - m.vocab * h;
        layers = std::cbrt(std::max(body, 1e6) / (12.0 * 128 * 128));
    }
    m.layers = std::max(2, int(std::lround(layers)));
    m.heads = std::max(1, int(std::lround(m.layers)));
    m.hidden = m.heads * 128;
    m.kvHeads = m.heads;
    m.ffn = 4 * m.hidden;
    m.source = QStringLiteral("derived from the parameter count");
    return m;
}

} // namespace onramp
