#pragma once

#include "Catalogs.h"
#include "Error.h"

#include <QString>
#include <QStringList>

#include <expected>
#include <vector>

namespace onramp {

enum class Precision
{
    Fp32,
    Bf16,
    Fp16,
    Bf16Mixed,
    Fp16Mixed,
    Fp8
};
enum class WeightQuant
{
    None,
    Int8,
    Nf4
};
enum class Optimizer
{
    AdamW,
    Adam8bit,
    Sgd,
    Adafactor
};
enum class Method
{
    Full,
    Lora,
    Qlora
};
enum class Checkpointing
{
    None,
    Selective,
    Full
};
enum class Offload
{
    None,
    Optimizer,
    Params
};

QString precisionKey(Precision p);
std::optional<Precision> precisionFromKey(const QString &key);

// Everything the estimate depends on. Sizes per GPU; `gpus` is the whole job.
struct TrainingSetup
{
    ModelSpec model;
    Precision precision = Precision::Bf16Mixed;
    WeightQuant weightQuant = WeightQuant::None;
    Optimizer optimizer = Optimizer::AdamW;
    Method method = Method::Full;
    int loraRank = 8;
    bool loraAllLinear = false; // false: q and v projections only
    int microBatch = 1;
    int seqLen = 2048;
    Checkpointing checkpointing = Checkpointing::None;
    bool flashAttention = true;
    int zeroStage = 0; // 0–3; FSDP full shard is stage 3
    bool fsdp = false;
    int tp = 1;
    int pp = 1;
    int gpus = 1;
    Offload offload = Offload::None;
    bool compiled = false; // torch.compile: fused elementwise regions save only their inputs
    bool chunkedLoss = false;
    // PyTorch AMP keeps fp32 gradients (HF's 18 B/param); DeepSpeed/Megatron-style mixed
    // precision keeps 16-bit ones (ZeRO's 16 B/param). FSDP/ZeRO-3 shard fp32 params and grads
    // without a separate master copy, so there it is 16 B/param either way.
    bool fp32Gradients = true;        // cross-entropy over chunks: no full fp32 copy of the logits
    bool optimizerInBackward = false; // step each parameter in backward; gradients never pile up
    // Micro-batches whose gradients add up before one optimizer step: from the second on, the
    // gradients are held while the next forward pass stores its activations.
    int gradAccumulation = 1;
    // Gradients zero-filled instead of freed after the step (PyTorch before 2.0, whose
    // zero_grad() kept them; DDP's gradient buckets): they are held through the forward pass.
    bool gradsKept = false;
    // Saved activations are copied to CPU memory as forward goes and brought back a layer at
    // a time for backward (torchtune, Megatron): the card holds the layers in flight.
    bool offloadActivations = false;
    double contextGiB = 0.5;          // CUDA/CANN context and kernels

    int dataParallel() const { return std::max(1, gpus / (tp * pp)); }
};

// One part of the per-GPU memory, with the formula it came from (for the user to check).
struct MemoryPart
{
    double bytes = 0;
    QString formula;
};

// What is in memory at the step's peak. Gradients and activations are seldom at their largest
// together: backward frees each layer's saved activations as it makes that layer's gradients,
// so unless gradients are held across steps the peak is either the start of backward (all
// activations, no gradients yet) or its end (all gradients, activations gone).
struct MemoryBreakdown
{
    MemoryPart weights; // the resident shard, plus layers gathered for compute when sharded
    MemoryPart gradients;
    MemoryPart optimizer;
    MemoryPart activations;
    MemoryPart overhead; // context + allocator fragmentation
    // The ZeRO paper's "model states" per GPU: resident weights, all gradients and optimizer
    // state, whether or not they meet at the peak.
    double modelStates = 0;
    // Everything the forward pass leaves for backward, plus the largest transient, whether or
    // not that moment is the peak.
    double savedActivations = 0;

    double modelStateBytes() const { return modelStates; }
    // What the framework's own counter (torch.cuda.max_memory_allocated) sees at the peak.
    double allocatedBytes() const
    {
        return weights.bytes + gradients.bytes + optimizer.bytes + activations.bytes;
    }
    double totalBytes() const { return allocatedBytes() + overhead.bytes; }
    double totalGiB() const { return totalBytes() / double(1ull << 30); }
};

enum class Verdict
{
    Fits,
    Tight,
    DoesNotFit
};
QString verdictKey(Verdict v);  // "fits", "tight", "no"
QString verdictText(Verdict v); // translated

// The share of a card's memory a job may plan to use: below 80 % no run of 454 in Fujii et al.
// 2024 went out of memory; past 97 % the driver's own reserve is gone (an A100 "40GB" offers
// 40441 of 40960 MiB). Accelerator memory is sold in binary units: "80GB" is 80 GiB.
inline constexpr double kComfortableShare = 0.80;
inline constexpr double kUsableShare = 0.97;

struct Suggestion
{
    QString change; // translated, says exactly what to set
    double totalGiB = 0;
    bool fits = false;
};

class MemoryEstimator
{
public:
    // Checks the setup; bad combinations are errors naming the field.
    static std::expected<void, Error> validate(const TrainingSetup &s);
    static MemoryBreakdown estimate(const TrainingSetup &s);
    static Verdict verdict(const MemoryBreakdown &m, const CardSpec &card);
    // Smallest total card count (data parallel over the given TP×PP; sharded with ZeRO-3/FSDP
    // when more than one data-parallel rank is needed) with which the job fits; 0 when none
    // up to 4096.
    static int cardsNeeded(const TrainingSetup &s, const CardSpec &card);
    // What to change when it does not fit: steps cheapest first, each on top of the ones
    // before, ending at the first that fits (or when nothing is left to change).
    static std::vector<Suggestion> suggestions(const TrainingSetup &s, const CardSpec &card);
};

} // namespace onramp
