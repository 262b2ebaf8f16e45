#pragma once

// Gate 4's plan as the model tests share it.
#include "Catalogs.h"
#include "ResourcePlan.h"

namespace onramp::fixtures {

// A plan with no findings: 8 × A100 80GB, a CUDA 12.1 image, a full storage plan.
inline ResourceChoice aPlanThatFits()
{
    ResourceChoice c;
    c.setup.model = *findModel("llama-3-8b");
    c.setup.method = Method::Lora;
    c.setup.flashAttention = true;
    c.setup.gpus = 8;
    c.instance = "gpu.a100-80g.8";
    c.image = "pytorch-2.3-cu121";
    c.codeRequirement = "torch>=2.1";
    c.dataPath = "/mnt/data";
    c.outputPath = "/mnt/output";
    c.scratchPath = "/local/scratch";
    return c;
}

} // namespace onramp::fixtures
