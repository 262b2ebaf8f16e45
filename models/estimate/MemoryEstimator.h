#pragma once

#include "Catalogs.h"
#include "Error.h"
#include "Finding.h"

#include <QString>
#include <QStringList>

#include <expected>
#include <optional>
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

// Who runs the training loop. Under mixed precision each keeps gradients, master weights and
// activations its own way (docs/estimator.md, "Framework conventions"); the bytes per
// parameter follow from it: 18 for PyTorch AMP, 16 for DeepSpeed and llm.c, 18 or 20 for
// Megatron-LM.
enum class Framework
{
    PyTorch,   // torch.autocast (Hugging Face Trainer, Lightning, torchtune, FSDP)
    DeepSpeed, // DeepSpeed fp16/bf16 engine, ZeRO stages
    Megatron,  // Megatron-LM / Megatron-Core (and NeMo on it)
    Llmc       // Karpathy's llm.c
};
// The dtype gradients are kept in; Default takes the framework's own.
enum class GradDtype
{
    Default,
    Fp32,
    Bf16,
    Fp16
};

struct FrameworkConvention
{
    Framework framework;
    const char *key;  // "pytorch"
    const char *name; // "PyTorch AMP"
    // Mixed precision: gradients in fp32 (else in the 16-bit compute dtype). Megatron keeps
    // fp32 gradients with bf16 and 16-bit ones with fp16.
    bool fp32GradientsBf16 = true;
    bool fp32GradientsFp16 = true;
    // 16-bit gradients are copied to fp32 "main" gradients held with the optimizer (+4 B/param,
    // sharded with it): Megatron's Float16Optimizer.
    bool fp32MainGradCopy = false;
    // Runs under torch.autocast: norms, their outputs and softmax are kept in fp32. Engines that
    // cast the model to 16 bits (DeepSpeed, Megatron, llm.c) keep them in 16 bits.
    bool autocast = true;
    // Fused norm kernels that save only their input (Transformer Engine / Apex, llm.c), instead
    // of eager RMSNorm's fp32 copies.
    bool fusedNorms = false;
};
const std::vector<FrameworkConvention> &frameworkConventions();
const FrameworkConvention &frameworkConvention(Framework f);
QString frameworkKey(Framework f);
std::optional<Framework> frameworkFromKey(const QString &key);
QString gradDtypeKey(GradDtype g); // "default", "fp32", "bf16", "fp16"
std::optional<GradDtype> gradDtypeFromKey(const QString &key);

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
    // Megatron sequence parallelism: with TP, the norms, dropout and block inputs are split
    // over the TP ranks too (Korthikanti et al. 2022). Needs tp > 1.
    bool sequenceParallel = false;
    Offload offload = Offload::None;
    bool compiled = false;    // torch.compile: fused elementwise regions save only their inputs
    bool chunkedLoss = false; // cross-entropy over chunks: no full fp32 copy of the logits
    // PyTorch AMP keeps fp32 gradients (HF's 18 B/param); DeepSpeed and llm.c keep 16-bit ones
    // (ZeRO's 16 B/param); Megatron fp32 ones with bf16. FSDP/ZeRO-3 under PyTorch shard fp32
    // params and grads without a separate master copy, so there it is 16 B/param.
    Framework framework = Framework::PyTorch;
    GradDtype gradDtype = GradDtype::Default; // overrides the framework's gradient dtype
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
    // Quantized frozen weights (QLoRA, 8-bit LoRA) computed through bitsandbytes' matmuls
    // (Hugging Face PEFT, LitGPT, the QLoRA paper's code): MatMul4Bit and MatMul8bitLt keep
    // their input for backward whether or not the weight trains, so every quantized linear map
    // saves its input as in a full fine-tune. torchao's NF4 linear (torchtune) keeps only the
    // quantized weight: false there.
    bool quantSavesInputs = true;
    // NF4's block constants quantized again (the QLoRA paper's double quantization; torchao's
    // NF4, which torchtune uses): 4.127 bits a weight. Without it (LitGPT's "bnb.nf4" as
    // against "bnb.nf4-dq", bitsandbytes' bnb_4bit_use_double_quant=False) one fp32 constant
    // per 64 weights: 4.5 bits.
    bool nf4DoubleQuant = true;
    // PyTorch's foreach AdamW (torch.optim.AdamW's multi-tensor path): the step computes
    // sqrt(v) for every parameter at once, a temporary as large as one optimizer moment, on
    // top of everything the step holds. A fused step (fused=True, DeepSpeed, Apex) or a
    // per-tensor one (foreach=False, optimizer in backward) does not.
    bool foreachStep = false;
    // The training loop keeps its own reference to the fp32 logits it hands the loss until
    // backward is over (torchtune's recipes before "delete logits before bwd", pytorch/torchtune
    // #1235, 2024-07-28): that copy lives beside the loss's log-probabilities and the two
    // gradients, 4 B more per logit at the loss's backward. A chunked loss has no such copy.
    bool lossInputKept = false;
    // The optimizer state lives in CUDA unified memory (bitsandbytes' paged optimizers, which
    // allocate it with cudaMallocManaged and page it to the host when the card is full): outside
    // PyTorch's allocator and its counters. Unlike ZeRO-Offload it moves only the optimizer
    // state: the gradients stay where PyTorch keeps them.
    bool optimizerPaged = false;
    double contextGiB = 0.5; // CUDA/CANN context and kernels

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
    DoesNotFit,
    NotSupported // the card cannot run the precision or kernel asked for, whatever the memory
};
QString verdictKey(Verdict v);  // "fits", "tight", "no", "not_supported"
QString verdictText(Verdict v); // translated

// One thing the setup asks that the card cannot do, and why.
struct UnmetFeature
{
    CardFeature feature;
    Text reason;
};

// What the setup asks that the card cannot do — every such thing, in the order asked — with the
// nearest catalog card that can do all of it.
struct Unsupported
{
    CardFeature feature; // the first unmet, as `unmet.front()`
    Text reason;
    std::optional<CardSpec> nearest;
    std::vector<UnmetFeature> unmet; // all of them, never empty
    QString text() const { return textLater().toString(); }
    // Every reason and the nearest card, translated when read.
    Text textLater() const;
};

// The share of a card's memory a job may plan to use: below 80 % no run of 454 in Fujii et al.
// 2024 went out of memory; past 97 % the driver's own reserve is gone (an A100 "40GB" offers
// 40441 of 40960 MiB). Accelerator memory is sold in binary units: "80GB" is 80 GiB.
inline constexpr double kComfortableShare = 0.80;
inline constexpr double kUsableShare = 0.97;

struct Suggestion
{
    QString change; // translated, says exactly what to set
    double totalGiB = 0;
    bool fits = false;   // not "does not fit": fits, or fits tightly
    bool tight = false;  // fits, above the comfortable share: may still run out
    double savedGiB = 0; // per card, against the step before
    QString speedCost;   // translated: what it costs in speed, with its source
    TrainingSetup setup; // the setup with this step and the ones before it made
};

// A suggestion as one line: "✔ CHANGE → 16.7 GiB (saves …; speed: …)"; "≈" and "tight" where
// it fits without headroom, "·" where it does not fit yet. The command line and gate 4's page.
QString suggestionText(const Suggestion &s);

class MemoryEstimator
{
public:
    // Checks the setup; bad combinations are errors naming the field.
    static std::expected<void, Error> validate(const TrainingSetup &s);
    // What validate() refuses, as gate 4's finding "setup.invalid" (read when shown); nullopt
    // when valid.
    static std::optional<Finding> invalidSetup(const TrainingSetup &s);
    static MemoryBreakdown estimate(const TrainingSetup &s);
    // The memory verdict alone.
    static Verdict verdict(const MemoryBreakdown &m, const CardSpec &card);
    // What the setup asks of the card that it cannot do (bf16, FP8, FlashAttention-2), every
    // such thing, and the nearest card among `candidates` (the built-in catalog's cards when
    // empty) that can do all of it; nullopt when the card can run it.
    static std::optional<Unsupported> unsupported(const TrainingSetup &s, const CardSpec &card,
                                                  const std::vector<CardSpec> &candidates = {});
    // The verdict for the user: NotSupported before any memory question.
    static Verdict verdict(const TrainingSetup &s, const CardSpec &card);
    // Smallest total card count (data parallel over the given TP×PP; sharded with ZeRO-3/FSDP
    // when more than one data-parallel rank is needed) with which the job fits; 0 when none
    // up to 4096.
    // `headroom`: the count at which it fits within the comfortable share, not only the usable.
    static int cardsNeeded(const TrainingSetup &s, const CardSpec &card, bool headroom = false);
    // The setup as cards are counted for it: data parallelism alone does not lower the memory
    // per card, so more cards help only once the model states are sharded; a setup with neither
    // ZeRO-3 nor FSDP is counted with ZeRO-3. Every card count says the same through this.
    static TrainingSetup shardedForCounting(TrainingSetup s);
    // What to change when it does not fit: steps cheapest in speed first (chunked loss, smaller
    // micro-batch, fused attention, checkpointing, activation offload, sharding stages,
    // optimizer offload, more cards, then LoRA/QLoRA, which change what is trained), each on
    // top of the ones before, ending at the first that fits (or when nothing is left).
    static std::vector<Suggestion> suggestions(const TrainingSetup &s, const CardSpec &card);
};

} // namespace onramp
