<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Onramp</name>
    <message>
        <source>Read the onboarding from FILE instead of the saved one.</source>
        <translation>从 FILE 读取开通进度，而不是已保存的进度。</translation>
    </message>
    <message>
        <source>Print each gate&apos;s status from the saved onboarding.</source>
        <translation>根据已保存的开通进度，打印每道门槛的状态。</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>输出 JSON。</translation>
    </message>
    <message>
        <source>Render every wizard page to PNG files.</source>
        <translation>把向导的每一页渲染为 PNG 文件。</translation>
    </message>
    <message>
        <source>Write the PNG files to DIR.</source>
        <translation>把 PNG 文件写入 DIR。</translation>
    </message>
    <message>
        <source>Language: zh_CN or en.</source>
        <translation>界面语言：zh_CN 或 en。</translation>
    </message>
    <message>
        <source>--out: say where to write the screenshots.</source>
        <translation>--out：请指定截图的保存目录。</translation>
    </message>
    <message>
        <source>--lang: “%1” is not supported; use zh_CN or en.</source>
        <translation>--lang：不支持“%1”，请使用 zh_CN 或 en。</translation>
    </message>
    <message>
        <source>--out: cannot create %1.</source>
        <translation>--out：无法创建 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Account &amp; qualification</source>
        <translation>账号与资质</translation>
    </message>
    <message>
        <source>You have an account with the provider and know who in your organization may sign for it.</source>
        <translation>已在平台上注册账号，并清楚单位里谁有权为它签字。</translation>
    </message>
    <message>
        <source>A real-name verified account of the right type (enterprise for a team) with the training service switched on, and an approved dossier: entity proof, purpose statement, data-compliance statement.</source>
        <translation>一个完成实名核验、类型合适（团队用企业类型）并已开通训练服务的账号，以及审核通过的三份材料：主体证明、用途说明、数据合规说明。</translation>
    </message>
    <message>
        <source>The provider&apos;s qualification reviewer</source>
        <translation>平台的资质审核人</translation>
    </message>
    <message>
        <source>After signing in, the training service entry is visible.</source>
        <translation>登录后能看到训练服务入口。</translation>
    </message>
    <message>
        <source>The resource application page opens.</source>
        <translation>能进入资源申请页面。</translation>
    </message>
    <message>
        <source>Workspace &amp; roles</source>
        <translation>空间与角色</translation>
    </message>
    <message>
        <source>Gate 1 passed: the account may use the training service.</source>
        <translation>第 1 道门槛已通过：账号可以使用训练服务。</translation>
    </message>
    <message>
        <source>A workspace, created first, with quota attached second and members added third, each holding one role: admin, developer or observer.</source>
        <translation>一个工作空间：先建空间，再挂接配额，最后加成员；每位成员有一个角色：管理员、开发者或观察者。</translation>
    </message>
    <message>
        <source>The team lead</source>
        <translation>团队负责人</translation>
    </message>
    <message>
        <source>A developer submits a light job and sees its log.</source>
        <translation>开发者能提交一个轻量任务并看到它的日志。</translation>
    </message>
    <message>
        <source>An observer who tries to submit is refused with a clear message.</source>
        <translation>观察者尝试提交时被拒绝，且提示明确。</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>配额</translation>
    </message>
    <message>
        <source>Gate 2 passed: there is a workspace to attach quota to.</source>
        <translation>第 2 道门槛已通过：已有可以挂接配额的工作空间。</translation>
    </message>
    <message>
        <source>Granted card-hours for a period, applied for with a derivation (cards per run × hours per round × rounds, plus a retry margin) and a time distribution.</source>
        <translation>一个周期内获批的卡时，申请时附有推导（单次卡数 × 单轮时长 × 轮次，加重试余量）和时间分布。</translation>
    </message>
    <message>
        <source>The provider&apos;s quota reviewer</source>
        <translation>平台的配额审核人</translation>
    </message>
    <message>
        <source>The quota shown in the workspace equals the application.</source>
        <translation>空间内显示的配额与申请一致。</translation>
    </message>
    <message>
        <source>An instance of the applied type can be opened.</source>
        <translation>能开出所申请规格的实例。</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>资源开通</translation>
    </message>
    <message>
        <source>Gate 3 passed: quota is granted in a known region and zone.</source>
        <translation>第 3 道门槛已通过：配额已在确定的地域和可用区获批。</translation>
    </message>
    <message>
        <source>An instance type and image chosen together from the memory estimate, with data mounted read-only, outputs writable and scratch on local disk.</source>
        <translation>根据显存估算一起选定的实例规格与镜像；数据只读挂接，产出可写，临时文件放本地高速盘。</translation>
    </message>
    <message>
        <source>The engineer who will launch the first run</source>
        <translation>负责首次训练的工程师</translation>
    </message>
    <message>
        <source>The instance starts.</source>
        <translation>实例启动成功。</translation>
    </message>
    <message>
        <source>The data directory is readable from inside it.</source>
        <translation>在实例里能读到数据目录。</translation>
    </message>
    <message>
        <source>A light computation writes its output.</source>
        <translation>一次轻量计算能写出产出。</translation>
    </message>
    <message>
        <source>Environment readiness</source>
        <translation>环境就绪</translation>
    </message>
    <message>
        <source>Gate 4 passed: an instance is running with its storage in place.</source>
        <translation>第 4 道门槛已通过：实例在运行，存储已就位。</translation>
    </message>
    <message>
        <source>Evidence that the environment is ready, which is stricter than &quot;the instance is running&quot;: all four readiness checks pass.</source>
        <translation>环境已就绪的证据——这比“实例在运行”严格得多：四项就绪判定全部通过。</translation>
    </message>
    <message>
        <source>Framework, driver and accelerator library agree: a light training loop runs in the clean image.</source>
        <translation>框架、驱动与加速库版本自洽：在干净镜像里能跑通一个轻量训练循环。</translation>
    </message>
    <message>
        <source>Data reads fast enough: the read-time share is low.</source>
        <translation>数据读得够快：读取耗时占比低。</translation>
    </message>
    <message>
        <source>Checkpoints save and resume: step count and metrics continue after an interruption.</source>
        <translation>检查点能存能恢复：中断后步数与指标能接上。</translation>
    </message>
    <message>
        <source>Loss curve, step speed and memory use are visible.</source>
        <translation>能看到损失曲线、步速与显存占用。</translation>
    </message>
    <message>
        <source>First run &amp; handoff</source>
        <translation>首次跑通与交接</translation>
    </message>
    <message>
        <source>Gate 5 passed: all four readiness checks are green.</source>
        <translation>第 5 道门槛已通过：四项就绪判定全部通过。</translation>
    </message>
    <message>
        <source>A small slice run through the whole chain, and a reproducible run spec: image and version, instance type and card count, key parameters, data paths.</source>
        <translation>用一小部分数据跑通整条链路，并产出一份可复现的运行说明：镜像名称与版本、实例规格与卡数、关键参数、数据路径。</translation>
    </message>
    <message>
        <source>A colleague who took no part in onboarding</source>
        <translation>一位没参与开通的同事</translation>
    </message>
    <message>
        <source>The environment starts, data is readable, memory suffices, loss decreases and artifacts are on disk.</source>
        <translation>环境能启动、数据可读、显存够用、损失下降、产出已落盘。</translation>
    </message>
    <message>
        <source>The colleague reruns it from the spec alone, without asking anyone.</source>
        <translation>这位同事只凭运行说明就能重跑一遍，中途不需要问人。</translation>
    </message>
    <message>
        <source>gate %1 “%2” is %3</source>
        <translation>第 %1 道门槛“%2”当前为“%3”</translation>
    </message>
    <message>
        <source>Gate %1 “%2” cannot start yet: %3. Get it accepted first.</source>
        <translation>第 %1 道门槛“%2”还不能开始：%3。请先让它通过验收。</translation>
    </message>
    <message>
        <source>Say who or what the gate is waiting for, for example “provider review”.</source>
        <translation>请写明这道门槛在等谁或等什么，例如“平台审核”。</translation>
    </message>
    <message>
        <source>Describe the evidence that the acceptance checks passed.</source>
        <translation>请写明验收项已通过的证据。</translation>
    </message>
    <message>
        <source>Name the acceptor who signed this gate off.</source>
        <translation>请写明签字验收这道门槛的人。</translation>
    </message>
    <message>
        <source>Copy the reason the gate was rejected.</source>
        <translation>请填写被退回的原因。</translation>
    </message>
    <message>
        <source>Write down what to change before trying again.</source>
        <translation>请写明再次提交前要改什么。</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>In progress since %1</source>
        <translation>自 %1 起进行中</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Waiting for %1 since %2</source>
        <translation>自 %2 起等待：%1</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>已通过</translation>
    </message>
    <message>
        <source>Rejected: %1. To change: %2</source>
        <translation>被退回：%1。需要修改：%2</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>被退回</translation>
    </message>
    <message>
        <source>The saved onboarding has a bad value in “%1”: %2.</source>
        <translation>已保存的开通进度中“%1”的值有误：%2。</translation>
    </message>
    <message>
        <source>expected text</source>
        <translation>应为文本</translation>
    </message>
    <message>
        <source>expected an ISO 8601 time</source>
        <translation>应为 ISO 8601 时间</translation>
    </message>
    <message>
        <source>unknown status “%1”</source>
        <translation>未知状态“%1”</translation>
    </message>
    <message>
        <source>expected a page number</source>
        <translation>应为页码</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>应为对象</translation>
    </message>
    <message>
        <source>The saved onboarding uses schema %1, which this version cannot read.</source>
        <translation>已保存的开通进度使用第 %1 版格式，当前版本无法读取。</translation>
    </message>
    <message>
        <source>Compare the memory estimator with published figures.</source>
        <translation>把显存估算与公开数据逐条对比。</translation>
    </message>
    <message>
        <source>The cases file (JSON array).</source>
        <translation>案例文件（JSON 数组）。</translation>
    </message>
    <message>
        <source>Print the Markdown report.</source>
        <translation>输出 Markdown 报告。</translation>
    </message>
    <message>
        <source>--cases: say which cases file to read.</source>
        <translation>--cases：请指定要读取的案例文件。</translation>
    </message>
    <message>
        <source>A catalog model (onramp catalog models).</source>
        <translation>目录中的模型（见 onramp catalog models）。</translation>
    </message>
    <message>
        <source>A bare parameter count, in billions.</source>
        <translation>仅给参数量，单位十亿（B）。</translation>
    </message>
    <message>
        <source>Layers of a custom architecture.</source>
        <translation>自定义结构的层数。</translation>
    </message>
    <message>
        <source>Hidden size.</source>
        <translation>隐藏维度。</translation>
    </message>
    <message>
        <source>Attention heads.</source>
        <translation>注意力头数。</translation>
    </message>
    <message>
        <source>Key/value heads.</source>
        <translation>键/值头数。</translation>
    </message>
    <message>
        <source>FFN size.</source>
        <translation>FFN 维度。</translation>
    </message>
    <message>
        <source>Vocabulary size.</source>
        <translation>词表大小。</translation>
    </message>
    <message>
        <source>fp32, bf16, fp16, bf16-mixed, fp16-mixed or fp8.</source>
        <translation>fp32、bf16、fp16、bf16-mixed、fp16-mixed 或 fp8。</translation>
    </message>
    <message>
        <source>int8 or nf4 frozen weights.</source>
        <translation>冻结权重用 int8 或 nf4 量化。</translation>
    </message>
    <message>
        <source>adamw, adam8bit, sgd or adafactor.</source>
        <translation>adamw、adam8bit、sgd 或 adafactor。</translation>
    </message>
    <message>
        <source>full, lora or qlora.</source>
        <translation>full、lora 或 qlora。</translation>
    </message>
    <message>
        <source>LoRA rank.</source>
        <translation>LoRA 秩。</translation>
    </message>
    <message>
        <source>q,v or all.</source>
        <translation>q,v 或 all。</translation>
    </message>
    <message>
        <source>Micro-batch per GPU.</source>
        <translation>每卡微批大小。</translation>
    </message>
    <message>
        <source>Sequence length in tokens.</source>
        <translation>序列长度（token 数）。</translation>
    </message>
    <message>
        <source>none, selective or full.</source>
        <translation>none、selective 或 full。</translation>
    </message>
    <message>
        <source>Fused attention (FlashAttention/SDPA).</source>
        <translation>融合注意力（FlashAttention/SDPA）。</translation>
    </message>
    <message>
        <source>ZeRO stage 0–3.</source>
        <translation>ZeRO 阶段 0–3。</translation>
    </message>
    <message>
        <source>FSDP full shard (same memory as ZeRO-3).</source>
        <translation>FSDP 完全分片（显存同 ZeRO-3）。</translation>
    </message>
    <message>
        <source>Tensor parallel size.</source>
        <translation>张量并行大小。</translation>
    </message>
    <message>
        <source>Pipeline parallel size.</source>
        <translation>流水线并行大小。</translation>
    </message>
    <message>
        <source>Cards in the job.</source>
        <translation>任务使用的卡数。</translation>
    </message>
    <message>
        <source>optimizer or params.</source>
        <translation>optimizer 或 params。</translation>
    </message>
    <message>
        <source>The card to judge against (onramp catalog cards).</source>
        <translation>用来判定的卡型（见 onramp catalog cards）。</translation>
    </message>
    <message>
        <source>“%1” is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <source>“%1” is not a whole number</source>
        <translation>“%1”不是整数</translation>
    </message>
    <message>
        <source>must be at least %1</source>
        <translation>至少为 %1</translation>
    </message>
    <message>
        <source>give either --model or --params-b</source>
        <translation>请二选一：--model 或 --params-b</translation>
    </message>
    <message>
        <source>unknown model “%1”; see onramp catalog models</source>
        <translation>未知模型“%1”；请查看 onramp catalog models</translation>
    </message>
    <message>
        <source>must be positive</source>
        <translation>必须为正数</translation>
    </message>
    <message>
        <source>“%1” is not one of fp32, bf16, fp16, bf16-mixed, fp16-mixed, fp8</source>
        <translation>“%1”不在 fp32、bf16、fp16、bf16-mixed、fp16-mixed、fp8 之中</translation>
    </message>
    <message>
        <source>“%1” is not one of %2</source>
        <translation>“%1”不在 %2 之中</translation>
    </message>
    <message>
        <source>is 0, 1, 2 or 3</source>
        <translation>只能是 0、1、2 或 3</translation>
    </message>
    <message>
        <source>give either --zero or --fsdp</source>
        <translation>请二选一：--zero 或 --fsdp</translation>
    </message>
    <message>
        <source>unknown card “%1”; see onramp catalog cards</source>
        <translation>未知卡型“%1”；请查看 onramp catalog cards</translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 on %n card(s)</source>
        <translation>
            <numerusform>%1，%2，共 %n 张卡</numerusform>
        </translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>每卡合计</translation>
    </message>
    <message>
        <source>On %1: %2</source>
        <translation>在 %1 上：%2</translation>
    </message>
    <message>
        <source>Smallest card count that fits:</source>
        <translation>放得下所需的最少卡数：</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Fits with headroom</source>
        <translation>放得下，有余量</translation>
    </message>
    <message>
        <source>Tight: may run out of memory on a longer batch</source>
        <translation>偏紧：遇到更长的批次可能显存不足</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>the parameter count must be positive</source>
        <translation>参数量必须为正数</translation>
    </message>
    <message>
        <source>layers, hidden size, heads, KV heads, FFN size and vocabulary must all be positive</source>
        <translation>层数、隐藏维度、头数、KV 头数、FFN 维度和词表大小都必须为正数</translation>
    </message>
    <message>
        <source>the KV heads must divide the heads</source>
        <translation>KV 头数必须能整除注意力头数</translation>
    </message>
    <message>
        <source>must be at least 1</source>
        <translation>至少为 1</translation>
    </message>
    <message numerus="yes">
        <source>tensor parallelism must divide the %n attention heads</source>
        <translation>
            <numerusform>张量并行大小必须能整除 %n 个注意力头</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pipeline stages must be between 1 and the %n layers</source>
        <translation>
            <numerusform>流水线段数必须在 1 到 %n 层之间</numerusform>
        </translation>
    </message>
    <message>
        <source>the card count must be a multiple of TP × PP (%1)</source>
        <translation>卡数必须是 TP × PP（%1）的整数倍</translation>
    </message>
    <message>
        <source>the ZeRO stage is 0, 1, 2 or 3</source>
        <translation>ZeRO 阶段只能是 0、1、2 或 3</translation>
    </message>
    <message>
        <source>Turn on FlashAttention (fused attention)</source>
        <translation>打开 FlashAttention（融合注意力）</translation>
    </message>
    <message>
        <source>Offload the optimizer state to CPU memory</source>
        <translation>把优化器状态卸载到 CPU 内存</translation>
    </message>
    <message>
        <source>Fine-tune with LoRA (rank 16) instead of all weights</source>
        <translation>改用 LoRA（秩 16）微调，而不是全部权重</translation>
    </message>
    <message>
        <source>Fine-tune with QLoRA (4-bit frozen weights)</source>
        <translation>改用 QLoRA（4 位冻结权重）微调</translation>
    </message>
    <message>
        <source>Cannot open %1.</source>
        <translation>无法打开 %1。</translation>
    </message>
    <message>
        <source>%1 is not a JSON array of cases.</source>
        <translation>%1 不是案例组成的 JSON 数组。</translation>
    </message>
    <message>
        <source>List a catalog: models, cards, images or instances.</source>
        <translation>列出目录：模型、卡型、镜像或实例规格。</translation>
    </message>
    <message>
        <source>models, cards, images or instances</source>
        <translation>models、cards、images 或 instances</translation>
    </message>
    <message>
        <source>The catalog entry %1 is invalid: %2.</source>
        <translation>目录条目 %1 有误：%2。</translation>
    </message>
    <message>
        <source>The catalog is not valid JSON.</source>
        <translation>目录不是有效的 JSON。</translation>
    </message>
    <message>
        <source>expected a list</source>
        <translation>应为列表</translation>
    </message>
    <message>
        <source>expected non-empty text</source>
        <translation>应为非空文本</translation>
    </message>
    <message>
        <source>unknown card “%1”</source>
        <translation>未知卡型“%1”</translation>
    </message>
    <message>
        <source>expected 1 to 1024 cards</source>
        <translation>卡数应在 1 到 1024 之间</translation>
    </message>
    <message>
        <source>list at least one architecture</source>
        <translation>至少列出一种架构</translation>
    </message>
    <message>
        <source>“%1” is not a version requirement; write it like torch&gt;=2.1,&lt;2.4.</source>
        <translation>“%1”不是版本要求；请写成 torch&gt;=2.1,&lt;2.4 这样的形式。</translation>
    </message>
    <message>
        <source>Choose an instance type: the card count and memory follow from it.</source>
        <translation>请选择实例规格：卡数与显存由它决定。</translation>
    </message>
    <message>
        <source>Choose an image together with the instance type: it decides the framework, CUDA or CANN version and the cards it supports.</source>
        <translation>请与实例规格一起选择镜像：它决定框架、CUDA 或 CANN 版本，以及支持哪些卡。</translation>
    </message>
    <message>
        <source>The job uses %1 GiB of the %2 GB per card, above the 80 % that never ran out of memory in published runs. Expect to lower the batch on long sequences.</source>
        <translation>任务每卡用掉 %2 GB 中的 %1 GiB，超过了公开实测中从未爆显存的 80% 线。遇到长序列时要准备调小批次。</translation>
    </message>
    <message>
        <source>%1 cards talk over PCIe (%2), without NVLink: tensor parallelism across them is slow. Prefer FSDP/ZeRO data parallelism or pipeline stages.</source>
        <translation>%1 张卡之间走 PCIe（%2），没有 NVLink：跨卡张量并行会很慢。优先用 FSDP/ZeRO 数据并行或流水线并行。</translation>
    </message>
    <message>
        <source>The image %1 %2 is not built for the %3 (%4). It would start, then fail with “operator not supported” or produce wrong precision. Choose an image built for %4.</source>
        <translation>镜像 %1 %2 没有为 %3（%4）构建。任务能起来，但一跑就会报“算子不支持”或精度异常。请选择为 %4 构建的镜像。</translation>
    </message>
    <message>
        <source>The image needs driver %1 or newer; the %2 hosts run %3. Choose an older image or an instance type with a newer driver; do not reinstall drivers inside the job.</source>
        <translation>镜像需要 %1 或更新的驱动；%2 的主机装的是 %3。请换更早的镜像或驱动更新的实例规格；不要在任务里重装驱动。</translation>
    </message>
    <message>
        <source>Your code needs %1 but the image has %2 %3. Choose an image whose framework matches the code.</source>
        <translation>代码要求 %1，但镜像里是 %2 %3。请选择框架版本与代码一致的镜像。</translation>
    </message>
    <message>
        <source>The quota is granted in %1 but the instance would open in %2. Open it in %1: quota does not follow you to another zone.</source>
        <translation>配额批在 %1，但实例要开在 %2。请在 %1 开通：配额不会跟着换到别的可用区。</translation>
    </message>
    <message>
        <source>Set a writable, persistent output path. Anything written elsewhere vanishes with the instance, checkpoints included.</source>
        <translation>请设置可写、持久的产出路径。写在别处的东西会随实例一起消失，检查点也不例外。</translation>
    </message>
    <message>
        <source>Set the mounted data path. A local directory on your machine is the most common first-run failure: the job cannot see it.</source>
        <translation>请设置挂接的数据路径。用本机目录是首次运行最常见的失败原因：任务根本看不到它。</translation>
    </message>
    <message>
        <source>Mount the data read-only, so no job can change or delete the dataset.</source>
        <translation>请以只读方式挂接数据，免得任务改动或删除数据集。</translation>
    </message>
    <message>
        <source>The output path is the data path. Write outputs to their own writable directory.</source>
        <translation>产出路径和数据路径是同一个。请把产出写到单独的可写目录。</translation>
    </message>
    <message>
        <source>Set a scratch path on the instance&apos;s local disk for temporary files; network storage makes them slow.</source>
        <translation>请在实例本地盘上设置临时目录；临时文件放网络存储会很慢。</translation>
    </message>
    <message>
        <source>The dataset folder has no files. Check the path.</source>
        <translation>数据集目录里没有文件。请检查路径。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) cannot be read. Fix their permissions before uploading.</source>
        <translation>
            <numerusform>有 %n 个文件无法读取。请在上传前修正权限。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 % of the files are under 64 KiB. Pack them into shards (tar, WebDataset, Parquet) first: many small files make reading slow.</source>
        <translation>%1% 的文件小于 64 KiB。请先打包成分片（tar、WebDataset、Parquet）：小文件太多会让读取变慢。</translation>
    </message>
    <message>
        <source>%1 GB is more than a console upload should carry (an interrupted upload starts over). Use the provider&apos;s batch transfer tool.</source>
        <translation>%1 GB 超出了控制台上传的合适范围（上传中断要从头再来）。请使用平台的批量传输工具。</translation>
    </message>
    <message>
        <source>Enter the workload: tokens per epoch × epochs.</source>
        <translation>请填写工作量：每个 epoch 的 token 数 × epoch 数。</translation>
    </message>
    <message>
        <source>Enter the wall-clock time the run may take, in hours.</source>
        <translation>请填写允许的运行时长（小时）。</translation>
    </message>
    <message>
        <source>The scaling efficiency is a share between 0 and 1.</source>
        <translation>扩展效率是 0 到 1 之间的比例。</translation>
    </message>
    <message>
        <source>The model FLOPs utilisation is a share between 0 and 1.</source>
        <translation>模型算力利用率（MFU）是 0 到 1 之间的比例。</translation>
    </message>
    <message>
        <source>No card count up to 65536 finishes in time; allow more hours or a smaller workload.</source>
        <translation>即使用到 65536 张卡也无法按时完成；请放宽时长或减小工作量。</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>没有发现问题。</translation>
    </message>
    <message>
        <source>cannot read the file (%1)</source>
        <translation>无法读取文件（%1）</translation>
    </message>
    <message>
        <source>the file is larger than 16 MiB</source>
        <translation>文件超过 16 MiB</translation>
    </message>
    <message>
        <source>not valid JSON at offset %1: %2</source>
        <translation>不是有效的 JSON（偏移 %1）：%2</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>Check a gate 1 dossier (JSON, see docs/examples/qualification.json).</source>
        <translation>检查第 1 道门槛的资质材料（JSON，见 docs/examples/qualification.json）。</translation>
    </message>
    <message>
        <source>Judge dates as of this day.</source>
        <translation>按这一天判断日期。</translation>
    </message>
    <message>
        <source>Expected review lead time in days.</source>
        <translation>预计审核所需天数。</translation>
    </message>
    <message>
        <source>The dossier.</source>
        <translation>资质材料文件。</translation>
    </message>
    <message>
        <source>give one dossier file</source>
        <translation>请给出一个资质材料文件</translation>
    </message>
    <message>
        <source>expected YYYY-MM-DD</source>
        <translation>应为 YYYY-MM-DD</translation>
    </message>
    <message>
        <source>expected a number of days</source>
        <translation>应为天数</translation>
    </message>
    <message>
        <source>Check a gate 2 workspace (JSON) or a member list (CSV).</source>
        <translation>检查第 2 道门槛的工作空间（JSON）或成员名单（CSV）。</translation>
    </message>
    <message>
        <source>workspace.json or members.csv</source>
        <translation>workspace.json 或 members.csv</translation>
    </message>
    <message>
        <source>give one file</source>
        <translation>请给出一个文件</translation>
    </message>
    <message>
        <source>%1, line %2: %3</source>
        <translation>%1，第 %2 行：%3</translation>
    </message>
    <message>
        <source>Derive a quota application: card-hours, staging, quarters.</source>
        <translation>推导配额申请：卡时、分批、按季度拆分。</translation>
    </message>
    <message>
        <source>Cards per run.</source>
        <translation>单次训练卡数。</translation>
    </message>
    <message>
        <source>Hours per round.</source>
        <translation>单轮时长（小时）。</translation>
    </message>
    <message>
        <source>Rounds in the period.</source>
        <translation>周期内轮次。</translation>
    </message>
    <message>
        <source>Retry margin as a share (0.2 = 20 %).</source>
        <translation>重试余量比例（0.2 = 20%）。</translation>
    </message>
    <message>
        <source>First day.</source>
        <translation>第一天。</translation>
    </message>
    <message>
        <source>Last day.</source>
        <translation>最后一天。</translation>
    </message>
    <message>
        <source>Card type.</source>
        <translation>卡型。</translation>
    </message>
    <message>
        <source>Region/zone of the quota.</source>
        <translation>配额所在地域/可用区。</translation>
    </message>
    <message>
        <source>pretraining, finetuning, evaluation or inference.</source>
        <translation>pretraining、finetuning、evaluation 或 inference。</translation>
    </message>
    <message>
        <source>A peak window START:DAYS:CARDS (repeatable).</source>
        <translation>峰值时段 开始:天数:卡数（可重复）。</translation>
    </message>
    <message>
        <source>Cards per run the memory estimate needs.</source>
        <translation>显存估算所需的单次卡数。</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>expected a whole number</source>
        <translation>应为整数</translation>
    </message>
    <message>
        <source>expected a number</source>
        <translation>应为数字</translation>
    </message>
    <message>
        <source>“%1” is not START:DAYS:CARDS</source>
        <translation>“%1”不是 开始:天数:卡数 格式</translation>
    </message>
    <message>
        <source>expected pretraining, finetuning, evaluation or inference</source>
        <translation>应为 pretraining、finetuning、evaluation 或 inference</translation>
    </message>
    <message>
        <source>expected a whole number ≥ 1</source>
        <translation>应为不小于 1 的整数</translation>
    </message>
    <message>
        <source>Name the reviewer.</source>
        <translation>请填写审核人。</translation>
    </message>
    <message numerus="yes">
        <source>Role matrix of %n member(s) reviewed on %1</source>
        <translation>
            <numerusform>已于 %1 审核 %n 名成员的角色矩阵</numerusform>
        </translation>
    </message>
    <message>
        <source>Pre-training</source>
        <translation>预训练</translation>
    </message>
    <message>
        <source>Fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>评测</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>expected a date as YYYY-MM-DD, not “%1”</source>
        <translation>应为 YYYY-MM-DD 格式的日期，而不是“%1”</translation>
    </message>
    <message>
        <source>expected personal or enterprise</source>
        <translation>应为 personal 或 enterprise</translation>
    </message>
    <message>
        <source>expected unverified, pending or verified</source>
        <translation>应为 unverified、pending 或 verified</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>Finish real-name verification of the account first; nothing else in this gate can be reviewed before it.</source>
        <translation>请先完成账号实名核验；在此之前，这道门槛的其他材料都无法审核。</translation>
    </message>
    <message>
        <source>A personal account gets limited instance types and quota. For a team, verify an enterprise account.</source>
        <translation>个人账号能开通的规格与额度有限。团队使用请做企业实名核验。</translation>
    </message>
    <message>
        <source>Activate the training service once in the console; it is off by default, and without it the service entry stays invisible.</source>
        <translation>请在控制台开通一次训练服务；它默认关闭，不开通就看不到服务入口。</translation>
    </message>
    <message>
        <source>The sub-account has no policy. Its console looks empty, as if the service were not activated: put it in a user group with a policy that grants the training service.</source>
        <translation>子账号没有授权策略。它的控制台看起来是空的，像是服务没开通：请把它放进一个授予训练服务权限的用户组。</translation>
    </message>
    <message>
        <source>Attach the %1.</source>
        <translation>请附上%1。</translation>
    </message>
    <message>
        <source>The %1 file %2 cannot be read. Choose the file again.</source>
        <translation>%1文件 %2 无法读取。请重新选择文件。</translation>
    </message>
    <message>
        <source>business licence or certificate</source>
        <translation>营业执照或证照</translation>
    </message>
    <message>
        <source>operator&apos;s authorization</source>
        <translation>经办人授权书</translation>
    </message>
    <message>
        <source>Enter the authorization&apos;s signing date and its valid-until date.</source>
        <translation>请填写授权书的签署日期和有效期至。</translation>
    </message>
    <message>
        <source>The authorization expired on %1. Get a new one signed.</source>
        <translation>授权书已于 %1 过期。请重新签署。</translation>
    </message>
    <message numerus="yes">
        <source>The authorization expires on %1, before a review started today would end (about %n day(s)). Get one valid for longer.</source>
        <translation>
            <numerusform>授权书将于 %1 到期，早于今天开始的审核预计结束时间（约 %n 天）。请换一份有效期更长的授权书。</numerusform>
        </translation>
    </message>
    <message>
        <source>The authorization was signed %1 days before submission; letters left for a month often bounce. Submit soon after signing.</source>
        <translation>授权书在提交前 %1 天签署；签完放一个月的授权书常被退回。请签署后尽快提交。</translation>
    </message>
    <message>
        <source>Name the signatory of the authorization.</source>
        <translation>请填写授权书的签署人。</translation>
    </message>
    <message>
        <source>Name both the applicant entity and the entity that will use the resources.</source>
        <translation>请同时填写申请主体和实际使用资源的主体。</translation>
    </message>
    <message>
        <source>The applicant (%1) is not the using entity (%2). Attach an authorization from the using entity, or apply as the using entity.</source>
        <translation>申请主体（%1）与使用主体（%2）不一致。请附上使用主体的授权说明，或改由使用主体申请。</translation>
    </message>
    <message>
        <source>authorization from the using entity</source>
        <translation>使用主体的授权说明</translation>
    </message>
    <message>
        <source>Name the model you will train and its size.</source>
        <translation>请写明要训练的模型及其规模。</translation>
    </message>
    <message>
        <source>Say where the training data comes from.</source>
        <translation>请写明训练数据从哪里来。</translation>
    </message>
    <message>
        <source>Say whom the model serves and what it is worth to them.</source>
        <translation>请写明模型服务谁、带来什么价值。</translation>
    </message>
    <message>
        <source>“Model training” alone is the most common reason for rejection. Describe the model, the data and its source, who it serves and the business value.</source>
        <translation>只写“模型训练”是最常见的退回原因。请写清模型、数据及其来源、服务对象和业务价值。</translation>
    </message>
    <message>
        <source>The data contains personal information: say how it is handled (consent, de-identification, access control).</source>
        <translation>数据含个人信息：请说明如何处理（授权同意、去标识化、访问控制）。</translation>
    </message>
    <message>
        <source>State how long the data is kept.</source>
        <translation>请说明数据留存多久。</translation>
    </message>
    <message>
        <source>State how the data is destroyed at the end of the retention period.</source>
        <translation>请说明留存期满后如何销毁数据。</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>Qualification dossier</source>
        <translation>资质材料</translation>
    </message>
    <message>
        <source>Provider: %1 · account %2</source>
        <translation>平台：%1 · 账号 %2</translation>
    </message>
    <message>
        <source>1. Entity proof</source>
        <translation>1. 主体证明</translation>
    </message>
    <message>
        <source>Applicant entity</source>
        <translation>申请主体</translation>
    </message>
    <message>
        <source>Using entity</source>
        <translation>使用主体</translation>
    </message>
    <message>
        <source>Licence or certificate</source>
        <translation>营业执照或证照</translation>
    </message>
    <message>
        <source>Operator&apos;s authorization</source>
        <translation>经办人授权书</translation>
    </message>
    <message>
        <source>Signed / valid until</source>
        <translation>签署日期 / 有效期至</translation>
    </message>
    <message>
        <source>Signatory</source>
        <translation>签署人</translation>
    </message>
    <message>
        <source>Authorization from the using entity</source>
        <translation>使用主体的授权说明</translation>
    </message>
    <message>
        <source>2. Purpose statement</source>
        <translation>2. 用途说明</translation>
    </message>
    <message>
        <source>Kind of work</source>
        <translation>工作类型</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Data sources</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <source>Who it serves</source>
        <translation>服务对象</translation>
    </message>
    <message>
        <source>Business value</source>
        <translation>业务价值</translation>
    </message>
    <message>
        <source>3. Data compliance</source>
        <translation>3. 数据合规说明</translation>
    </message>
    <message>
        <source>Personal information</source>
        <translation>个人信息</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>How it is handled</source>
        <translation>处理方式</translation>
    </message>
    <message>
        <source>Restricted domains</source>
        <translation>受限领域</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Retention period</source>
        <translation>留存期限</translation>
    </message>
    <message>
        <source>Destruction method</source>
        <translation>销毁方式</translation>
    </message>
    <message>
        <source>Could not write %1. Choose a folder you can write to.</source>
        <translation>无法写入 %1。请选择一个有写权限的目录。</translation>
    </message>
    <message>
        <source>a peak needs a start date</source>
        <translation>峰值时段需要开始日期</translation>
    </message>
    <message>
        <source>cards per run must be at least 1</source>
        <translation>单次卡数至少为 1</translation>
    </message>
    <message>
        <source>hours per round must be positive</source>
        <translation>单轮时长必须为正数</translation>
    </message>
    <message>
        <source>rounds must be at least 1</source>
        <translation>轮次至少为 1</translation>
    </message>
    <message>
        <source>the retry margin is a share from 0 to 2 (0.2 = 20 %)</source>
        <translation>重试余量是 0 到 2 之间的比例（0.2 = 20%）</translation>
    </message>
    <message>
        <source>give the first day of the period</source>
        <translation>请给出周期的第一天</translation>
    </message>
    <message>
        <source>the period must end on or after its start</source>
        <translation>周期的结束日期不能早于开始日期</translation>
    </message>
    <message>
        <source>a peak needs at least 1 day and 1 card</source>
        <translation>峰值时段至少 1 天、1 张卡</translation>
    </message>
    <message>
        <source>monthly weights cannot be negative</source>
        <translation>月度权重不能为负</translation>
    </message>
    <message>
        <source>%1 cards × %2 h per round × %3 rounds × (1 + %4 retry margin) = %5 card-hours</source>
        <translation>%1 张卡 × 每轮 %2 小时 × %3 轮 × (1 + %4 重试余量) = %5 卡时</translation>
    </message>
    <message>
        <source>Gate 1 states %1, which rarely needs more than %2 cards per run; %3 cards per run reads as pre-training scale and is a common rejection. Lower cards per run to %2 or fewer, or state pre-training as the purpose.</source>
        <translation>第 1 道门槛写明用途是%1，这类工作单次很少需要超过 %2 张卡；单次 %3 张卡看起来是预训练规模，是常见的退回原因。请把单次卡数降到 %2 张以内，或把用途写明为预训练。</translation>
    </message>
    <message numerus="yes">
        <source>The memory estimate (gate 4) needs %1 cards per run, more than the %n asked for. Raise cards per run to %1.</source>
        <translation>
            <numerusform>显存估算（第 4 道门槛）需要单次 %1 张卡，多于申请的 %n 张。请把单次卡数提高到 %1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The memory estimate (gate 4) needs %n card(s) per run; %1 is more than four times that. Justify the extra cards with throughput, or lower the number.</source>
        <translation>
            <numerusform>显存估算（第 4 道门槛）单次只需 %n 张卡；%1 张超过它的四倍。请用吞吐需求说明多出的卡，或减少卡数。</numerusform>
        </translation>
    </message>
    <message>
        <source>A retry margin of %1 % is hard to defend; 10–30 % is usual.</source>
        <translation>%1% 的重试余量很难说服审核方；通常为 10–30%。</translation>
    </message>
    <message numerus="yes">
        <source>The peak from %1 (%n day(s)) falls outside the period %2 – %3.</source>
        <translation>
            <numerusform>从 %1 开始的峰值时段（%n 天）超出了周期 %2 – %3。</numerusform>
        </translation>
    </message>
    <message>
        <source>The peak from %1 uses %2 cards, far above the %3 cards per run.</source>
        <translation>从 %1 开始的峰值时段用 %2 张卡，远超单次 %3 张卡。</translation>
    </message>
    <message>
        <source>The per-person or per-topic shares from gate 2 add up to %1 %, not 100 %. Fix them in gate 2 so the whole quota is accounted for.</source>
        <translation>第 2 道门槛里按人或按课题的分配合计为 %1%，不是 100%。请在第 2 道门槛修正，使全部配额都有归属。</translation>
    </message>
    <message>
        <source>Derivation: %1.</source>
        <translation>推导：%1。</translation>
    </message>
    <message numerus="yes">
        <source>Cards per run follow from the memory estimate (%n card(s) needed) and the target duration.</source>
        <translation>
            <numerusform>单次卡数来自显存估算（需要 %n 张卡）和目标时长。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 for %n day(s) with %2 cards</source>
        <translation>
            <numerusform>%1 起 %n 天，%2 张卡</numerusform>
        </translation>
    </message>
    <message>
        <source>Use is concentrated in peaks: %1.</source>
        <translation>用量集中在峰值时段：%1。</translation>
    </message>
    <message>
        <source>Use is spread by month as in the attached distribution.</source>
        <translation>用量按月分布，见附带的分布。</translation>
    </message>
    <message>
        <source>Use is spread evenly over the period.</source>
        <translation>用量在周期内均匀分布。</translation>
    </message>
    <message numerus="yes">
        <source>We start with a first application of %1 card-hours (one round plus the retry margin) to prove the workflow, and apply for the rest after the first run: %n follow-up application(s).</source>
        <translation>
            <numerusform>我们先申请 %1 卡时（一轮加重试余量）跑通流程，首次运行后再申请其余部分：共 %n 份后续申请。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1.role: expected admin, developer or observer</source>
        <translation>%1.role：应为 admin、developer 或 observer</translation>
    </message>
    <message>
        <source>%1.name: required</source>
        <translation>%1.name：必填</translation>
    </message>
    <message>
        <source>Admin</source>
        <translation>管理员</translation>
    </message>
    <message>
        <source>Developer</source>
        <translation>开发者</translation>
    </message>
    <message>
        <source>Observer</source>
        <translation>观察者</translation>
    </message>
    <message>
        <source>Manage members</source>
        <translation>管理成员</translation>
    </message>
    <message>
        <source>Manage quota</source>
        <translation>管理配额</translation>
    </message>
    <message>
        <source>Submit jobs</source>
        <translation>提交任务</translation>
    </message>
    <message>
        <source>Read/write own data</source>
        <translation>读写自己的数据</translation>
    </message>
    <message>
        <source>Read others&apos; data</source>
        <translation>读取他人数据</translation>
    </message>
    <message>
        <source>Delete data</source>
        <translation>删除数据</translation>
    </message>
    <message>
        <source>View job status</source>
        <translation>查看任务状态</translation>
    </message>
    <message>
        <source>View own logs</source>
        <translation>查看自己的日志</translation>
    </message>
    <message>
        <source>View all logs</source>
        <translation>查看所有日志</translation>
    </message>
    <message>
        <source>Release instances</source>
        <translation>释放实例</translation>
    </message>
    <message>
        <source>Name the workspace.</source>
        <translation>请为工作空间命名。</translation>
    </message>
    <message>
        <source>Create the workspace first: quota is attached to a workspace.</source>
        <translation>请先创建工作空间：配额是挂接在工作空间上的。</translation>
    </message>
    <message>
        <source>Give the member a name.</source>
        <translation>请填写成员姓名。</translation>
    </message>
    <message>
        <source>Create the workspace first; quota and members come after it.</source>
        <translation>请先创建工作空间；配额和成员在它之后。</translation>
    </message>
    <message>
        <source>Nobody is admin: nobody can manage members or quota. Make one person admin.</source>
        <translation>没有管理员：没人能管理成员和配额。请指定一名管理员。</translation>
    </message>
    <message>
        <source>Everyone is admin. Later nobody can tell who changed quota or deleted data: keep one or two admins and make the rest developers or observers.</source>
        <translation>所有人都是管理员。之后没人说得清谁改过配额、谁删过数据：请只留一两名管理员，其余设为开发者或观察者。</translation>
    </message>
    <message>
        <source>%1 of %2 members are admins. Keep admins to a small share of the team.</source>
        <translation>%2 名成员中有 %1 名管理员。管理员应只占团队的一小部分。</translation>
    </message>
    <message>
        <source>Observers can “%1”. Observers see job status and logs only: take it away.</source>
        <translation>观察者可以“%1”。观察者只应查看任务状态和日志：请收回这项权限。</translation>
    </message>
    <message>
        <source>Developers cannot “%1”. Without it they cannot run or debug their own jobs: grant it.</source>
        <translation>开发者不能“%1”。没有它就无法运行或调试自己的任务：请授予。</translation>
    </message>
    <message>
        <source>Admins must manage members and quota.</source>
        <translation>管理员必须能管理成员和配额。</translation>
    </message>
    <message>
        <source>%1 holds all of the shared quota: one long job of theirs can starve everyone else. Split the card-hours per person or per topic.</source>
        <translation>%1 占用了全部共享配额：他的一个长任务就能让其他人无卡可用。请按人或按课题分配卡时。</translation>
    </message>
    <message>
        <source>%1 is in no project while projects are in use: they will see no project&apos;s data. Add them to one.</source>
        <translation>已启用项目维度，但 %1 不在任何项目中：他将看不到任何项目的数据。请把他加入一个项目。</translation>
    </message>
    <message>
        <source>The header must name the columns name, account and role (projects and share are optional).</source>
        <translation>表头必须包含 name、account 和 role 列（projects 和 share 可选）。</translation>
    </message>
    <message>
        <source>expected %1 columns, found %2</source>
        <translation>应有 %1 列，实际 %2 列</translation>
    </message>
    <message>
        <source>the name is empty</source>
        <translation>姓名为空</translation>
    </message>
    <message>
        <source>the account is empty</source>
        <translation>账号为空</translation>
    </message>
    <message>
        <source>“%1” is not a role; use admin, developer or observer</source>
        <translation>“%1”不是角色；请用 admin、developer 或 observer</translation>
    </message>
    <message>
        <source>share “%1” is not a percentage from 0 to 100</source>
        <translation>分配“%1”不是 0 到 100 之间的百分比</translation>
    </message>
    <message>
        <source>the account %1 appears twice</source>
        <translation>账号 %1 重复出现</translation>
    </message>
    <message>
        <source>The file is empty.</source>
        <translation>文件为空。</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>姓名</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账号</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Projects</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>分配</translation>
    </message>
    <message>
        <source>No changes since the last review.</source>
        <translation>自上次审核以来没有变化。</translation>
    </message>
    <message>
        <source>- added: %1 (%2)</source>
        <translation>- 新增：%1（%2）</translation>
    </message>
    <message>
        <source>- removed: %1 (%2)</source>
        <translation>- 移除：%1（%2）</translation>
    </message>
    <message>
        <source>- role changed: %1, %2 → %3</source>
        <translation>- 角色变更：%1，%2 → %3</translation>
    </message>
    <message>
        <source>- permission changed: %1 may %2: %3</source>
        <translation>- 权限变更：%1 能否%2：%3</translation>
    </message>
    <message>
        <source>now yes</source>
        <translation>现在可以</translation>
    </message>
    <message>
        <source>now no</source>
        <translation>现在不可以</translation>
    </message>
    <message>
        <source>Print the canonical request, the string to sign and the AWS SigV4 signature for a raw HTTP request.</source>
        <translation>为一个原始 HTTP 请求打印规范请求、待签字符串和 AWS SigV4 签名。</translation>
    </message>
    <message>
        <source>Signing context (credentials, region, service, timestamp) as JSON.</source>
        <translation>签名上下文（凭据、地域、服务、时间戳），JSON 格式。</translation>
    </message>
    <message>
        <source>The raw HTTP request.</source>
        <translation>原始 HTTP 请求。</translation>
    </message>
    <message>
        <source>Presign in the query string instead of the header.</source>
        <translation>把签名放在查询串里（预签名），而不是请求头里。</translation>
    </message>
    <message>
        <source>The request file is not a raw HTTP request: %1.</source>
        <translation>请求文件不是原始 HTTP 请求：%1。</translation>
    </message>
    <message>
        <source>the first line is empty</source>
        <translation>第一行为空</translation>
    </message>
    <message>
        <source>the first line must be “METHOD TARGET HTTP/1.1”</source>
        <translation>第一行必须是“方法 目标 HTTP/1.1”</translation>
    </message>
    <message>
        <source>a continuation line comes before any header</source>
        <translation>续行出现在任何请求头之前</translation>
    </message>
    <message>
        <source>“%1” is not a header line</source>
        <translation>“%1”不是请求头行</translation>
    </message>
    <message>
        <source>The signing context is not a JSON object.</source>
        <translation>签名上下文不是 JSON 对象。</translation>
    </message>
    <message>
        <source>The signing context lacks “%1”.</source>
        <translation>签名上下文缺少“%1”。</translation>
    </message>
    <message>
        <source>onramp-sandbox was not found beside %1. Build it with `cmake --build build`.</source>
        <translation>在 %1 旁边找不到 onramp-sandbox。请用 `cmake --build build` 构建它。</translation>
    </message>
    <message>
        <source>Cannot start %1.</source>
        <translation>无法启动 %1。</translation>
    </message>
    <message>
        <source>Run the built-in sandbox provider on loopback until interrupted. Prints its URL and fresh credentials as one JSON line.</source>
        <translation>在本机回环地址上运行内置沙箱平台，直到被中断。以一行 JSON 打印它的地址和新生成的凭据。</translation>
    </message>
    <message>
        <source>Port (0 picks a free one).</source>
        <translation>端口（0 表示自动选一个空闲端口）。</translation>
    </message>
    <message>
        <source>Keep the sandbox&apos;s state (SQLite) in DIR.</source>
        <translation>把沙箱的状态（SQLite）保存在 DIR。</translation>
    </message>
    <message>
        <source>expected 0 to 65535</source>
        <translation>应在 0 到 65535 之间</translation>
    </message>
    <message>
        <source>The workspace has no quota left for this. Apply for more quota in gate 3, or wait for the next period.</source>
        <translation>工作空间的配额已不够做这件事。请在第 3 关申请更多配额，或等到下一个周期。</translation>
    </message>
    <message>
        <source>No free cards of this type in the zone right now. Try again later or choose another card type.</source>
        <translation>该可用区目前没有这种卡的空闲库存。请稍后再试，或换一种卡型。</translation>
    </message>
    <message>
        <source>No free cards of this type in the zone right now. They are free in: %1. Your quota must be in the same zone.</source>
        <translation>该可用区目前没有这种卡的空闲库存。以下可用区有空闲：%1。配额必须和实例在同一可用区。</translation>
    </message>
    <message>
        <source>Your quota is bound to zone %1: create the instance there, or move the quota first.</source>
        <translation>你的配额绑定在可用区 %1：请在那里创建实例，或先迁移配额。</translation>
    </message>
    <message>
        <source>Your role “%1” may not do “%2” in this workspace. Ask the workspace admin to change your role.</source>
        <translation>你的角色“%1”在此工作空间内不能执行“%2”。请联系工作空间管理员调整你的角色。</translation>
    </message>
    <message>
        <source>The provider refused this: %1. Ask the workspace admin for access.</source>
        <translation>平台拒绝了此操作：%1。请向工作空间管理员申请权限。</translation>
    </message>
    <message>
        <source>The provider did not accept what we sent: %1.</source>
        <translation>平台不接受我们提交的内容：%1。</translation>
    </message>
    <message>
        <source>The provider did not accept the field %1: %2.</source>
        <translation>平台不接受字段 %1：%2。</translation>
    </message>
    <message>
        <source>The provider does not know this resource (%1). It may have been released or never created; check the workspace and try again.</source>
        <translation>平台找不到这个资源（%1）。它可能已被释放或从未创建；请检查工作空间后重试。</translation>
    </message>
    <message>
        <source>The provider&apos;s state does not allow this now: %1.</source>
        <translation>平台当前的状态不允许此操作：%1。</translation>
    </message>
    <message numerus="yes">
        <source>The provider asks us to slow down. Try again in %n second(s).</source>
        <translation>
            <numerusform>平台要求降低请求频率。请在 %n 秒后重试。</numerusform>
        </translation>
    </message>
    <message>
        <source>The provider asks us to slow down. Try again in a minute.</source>
        <translation>平台要求降低请求频率。请一分钟后重试。</translation>
    </message>
    <message>
        <source>The provider is unavailable right now (HTTP %1). Try again in a few minutes.</source>
        <translation>平台暂时不可用（HTTP %1）。请几分钟后重试。</translation>
    </message>
    <message>
        <source>The provider did not accept our credentials: check the access key and secret in the provider profile, and the computer&apos;s clock.</source>
        <translation>平台不接受我们的凭据：请检查平台设置中的访问密钥和密钥值，以及本机时钟。</translation>
    </message>
    <message>
        <source>Cannot reach the provider. Check the address in the provider profile and your network, then retry.</source>
        <translation>无法连接平台。请检查平台设置中的地址和网络，然后重试。</translation>
    </message>
    <message>
        <source>The provider answered something we cannot read (HTTP %1). Report it with the details below.</source>
        <translation>平台返回了无法解析的内容（HTTP %1）。请附上下方详情报告此问题。</translation>
    </message>
    <message>
        <source>expected one of sandbox, onramp-api, slurm</source>
        <translation>应为 sandbox、onramp-api 或 slurm 之一</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>Enter the access key id of your profile.</source>
        <translation>请输入访问密钥 ID。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>expected an idempotency key</source>
        <translation>应为幂等键</translation>
    </message>
    <message>
        <source>Another provider operation is still running.</source>
        <translation>另一个平台操作仍在进行中。</translation>
    </message>
    <message>
        <source>Dossier approved by the provider (review %1).</source>
        <translation>资质材料已通过平台审核（审核单 %1）。</translation>
    </message>
    <message>
        <source>Change the fields named above, then submit the dossier again.</source>
        <translation>请修改上面列出的字段，然后重新提交资质材料。</translation>
    </message>
    <message>
        <source>the provider&apos;s qualification review</source>
        <translation>平台的资质审核</translation>
    </message>
    <message>
        <source>Submitting the qualification dossier…</source>
        <translation>正在提交资质材料…</translation>
    </message>
    <message>
        <source>Activating the training service…</source>
        <translation>正在开通训练服务…</translation>
    </message>
    <message>
        <source>Reading the dossier&apos;s review…</source>
        <translation>正在读取资质审核结果…</translation>
    </message>
    <message>
        <source>Name the workspace first.</source>
        <translation>请先为工作空间命名。</translation>
    </message>
    <message>
        <source>Creating workspace %1…</source>
        <translation>正在创建工作空间 %1…</translation>
    </message>
    <message>
        <source>Adding %1 as %2…</source>
        <translation>正在添加 %1 为%2…</translation>
    </message>
    <message>
        <source>The checks need one developer and one observer in the workspace.</source>
        <translation>验收检查需要工作空间中至少有一名开发者和一名观察者。</translation>
    </message>
    <message>
        <source>Submitting a job as observer %1 (it must be refused)…</source>
        <translation>正在以观察者 %1 的身份提交任务（应被拒绝）…</translation>
    </message>
    <message>
        <source>Refused as expected: %1</source>
        <translation>按预期被拒绝：%1</translation>
    </message>
    <message>
        <source>The provider accepted a job from observer %1: the permission matrix lets observers submit.</source>
        <translation>平台接受了观察者 %1 提交的任务：权限矩阵允许观察者提交任务。</translation>
    </message>
    <message>
        <source>Running a light job as developer %1…</source>
        <translation>正在以开发者 %1 的身份运行轻量任务…</translation>
    </message>
    <message>
        <source>Job %1 succeeded; its log ends: loss %2 → %3.</source>
        <translation>任务 %1 成功；日志结尾：损失 %2 → %3。</translation>
    </message>
    <message>
        <source>Job %1 ended %2: %3</source>
        <translation>任务 %1 结束，状态 %2：%3</translation>
    </message>
    <message>
        <source>Quota application %1 approved: %2 card-hours granted.</source>
        <translation>配额申请 %1 已批准：获批 %2 卡时。</translation>
    </message>
    <message>
        <source>Split the period by calendar quarter and apply again.</source>
        <translation>请按自然季度拆分周期后重新申请。</translation>
    </message>
    <message>
        <source>Change what the reasons name, then apply again.</source>
        <translation>请按驳回理由修改后重新申请。</translation>
    </message>
    <message>
        <source>the provider&apos;s quota review</source>
        <translation>平台的配额审核</translation>
    </message>
    <message>
        <source>Submitting the quota application…</source>
        <translation>正在提交配额申请…</translation>
    </message>
    <message>
        <source>No quota application was sent yet.</source>
        <translation>尚未提交配额申请。</translation>
    </message>
    <message>
        <source>Reading the quota review…</source>
        <translation>正在读取配额审核结果…</translation>
    </message>
    <message>
        <source>Choose an instance type first.</source>
        <translation>请先选择实例规格。</translation>
    </message>
    <message>
        <source>Create the instance first.</source>
        <translation>请先创建实例。</translation>
    </message>
    <message>
        <source>Checking that instance %1 is up…</source>
        <translation>正在检查实例 %1 是否已运行…</translation>
    </message>
    <message>
        <source>Instance %1 is %2, not running.</source>
        <translation>实例 %1 的状态是 %2，未在运行。</translation>
    </message>
    <message>
        <source>Reading the data and writing output on the instance…</source>
        <translation>正在实例上读取数据并写入输出…</translation>
    </message>
    <message>
        <source>Instance %1 is running; data readable (%2 files); output written (%3).</source>
        <translation>实例 %1 正在运行；数据可读（%2 个文件）；输出已写入（%3）。</translation>
    </message>
    <message>
        <source>Instance %1 check failed: job %2, data readable: %3, output written: %4.</source>
        <translation>实例 %1 检查未通过：任务 %2，数据可读：%3，输出已写入：%4。</translation>
    </message>
    <message>
        <source>Releasing instance %1…</source>
        <translation>正在释放实例 %1…</translation>
    </message>
    <message>
        <source>The built-in sandbox did not start properly.</source>
        <translation>内置沙箱未能正常启动。</translation>
    </message>
    <message>
        <source>The built-in sandbox stopped at start: %1</source>
        <translation>内置沙箱在启动时退出：%1</translation>
    </message>
    <message>
        <source>Reviews stay pending for SECONDS (a demo of waiting).</source>
        <translation>审核保持“待审”SECONDS 秒（演示等待过程）。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>The run spec: validate FILE (exit 1 with the field that is wrong), fingerprint FILE, export FILE --format sbatch|k8s|markdown|pdf [--out FILE], from-state [--state FILE] [--out FILE].</source>
        <translation>运行说明：validate FILE（有错时以 1 退出并指出字段）、fingerprint FILE、export FILE --format sbatch|k8s|markdown|pdf [--out FILE]、from-state [--state FILE] [--out FILE]。</translation>
    </message>
    <message>
        <source>sbatch, k8s, markdown or pdf.</source>
        <translation>sbatch、k8s、markdown 或 pdf。</translation>
    </message>
    <message>
        <source>Write to FILE (default: stdout).</source>
        <translation>写入 FILE（默认：标准输出）。</translation>
    </message>
    <message>
        <source>validate, fingerprint, export or from-state</source>
        <translation>validate、fingerprint、export 或 from-state</translation>
    </message>
    <message>
        <source>Say what to do: validate, fingerprint or export FILE, or from-state.</source>
        <translation>请说明要做什么：validate、fingerprint 或 export FILE，或 from-state。</translation>
    </message>
    <message>
        <source>%1: valid run spec %2</source>
        <translation>%1：有效的运行说明 %2</translation>
    </message>
    <message>
        <source>--out: a PDF needs a file.</source>
        <translation>--out：PDF 需要指定文件。</translation>
    </message>
    <message>
        <source>--format: expected sbatch, k8s, markdown or pdf.</source>
        <translation>--format：应为 sbatch、k8s、markdown 或 pdf。</translation>
    </message>
    <message>
        <source>Handoff checklist</source>
        <translation>交接清单</translation>
    </message>
    <message>
        <source>Image: %1</source>
        <translation>镜像：%1</translation>
    </message>
    <message>
        <source>Data (read-only): %1; output: %2; scratch: %3</source>
        <translation>数据（只读）：%1；输出：%2；临时盘：%3</translation>
    </message>
    <message>
        <source>Entry condition: %1</source>
        <translation>准入条件：%1</translation>
    </message>
    <message>
        <source>Output: %1</source>
        <translation>产出：%1</translation>
    </message>
    <message>
        <source>Acceptor: %1</source>
        <translation>验收人：%1</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>证据：%1</translation>
    </message>
    <message>
        <source>(none recorded)</source>
        <translation>（未记录）</translation>
    </message>
    <message>
        <source>The run spec has a problem at %1: %2.</source>
        <translation>运行说明在 %1 处有问题：%2。</translation>
    </message>
    <message>
        <source>unknown field</source>
        <translation>未知字段</translation>
    </message>
    <message>
        <source>expected a number from %1 to %2</source>
        <translation>应为 %1 到 %2 之间的数</translation>
    </message>
    <message>
        <source>longer than %1 bytes</source>
        <translation>超过 %1 字节</translation>
    </message>
    <message>
        <source>more than %1 entries</source>
        <translation>超过 %1 项</translation>
    </message>
    <message>
        <source>a field name longer than %1 bytes</source>
        <translation>字段名超过 %1 字节</translation>
    </message>
    <message>
        <source>the file is larger than 1 MiB</source>
        <translation>文件超过 1 MiB</translation>
    </message>
    <message>
        <source>nested deeper than %1 levels</source>
        <translation>嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>the field “%1” appears twice in one object</source>
        <translation>字段“%1”在同一对象中出现了两次</translation>
    </message>
    <message>
        <source>a value JSON cannot hold here</source>
        <translation>此处的值超出了 JSON 能表示的范围</translation>
    </message>
    <message>
        <source>version %1 is not one this Onramp reads (%2)</source>
        <translation>本版 Onramp 不能读取版本 %1（支持 %2）</translation>
    </message>
    <message>
        <source>expected sha256: and 64 lower-case hex digits</source>
        <translation>应为 sha256: 加 64 位小写十六进制数字</translation>
    </message>
    <message>
        <source>expected builtin or file</source>
        <translation>应为 builtin 或 file</translation>
    </message>
    <message>
        <source>expected a string, number or true/false</source>
        <translation>应为字符串、数字或 true/false</translation>
    </message>
    <message>
        <source>expected a gate key</source>
        <translation>应为门槛键名</translation>
    </message>
    <message>
        <source>Run spec %1: check it with `onramp spec validate`; it names everything a rerun needs.</source>
        <translation>运行说明 %1：用 `onramp spec validate` 检查；复跑所需的一切都写在里面。</translation>
    </message>
    <message>
        <source>The run spec (JSON).</source>
        <translation>运行说明（JSON）。</translation>
    </message>
    <message>
        <source>Give one run spec file.</source>
        <translation>请给出一个运行说明文件。</translation>
    </message>
    <message>
        <source>Set ONRAMP_SECRET_ACCESS_KEY.</source>
        <translation>请设置 ONRAMP_SECRET_ACCESS_KEY。</translation>
    </message>
    <message>
        <source>Not reproduced.</source>
        <translation>未复现。</translation>
    </message>
    <message>
        <source>workspace</source>
        <translation>工作空间</translation>
    </message>
    <message>
        <source>instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>readiness: %1</source>
        <translation>就绪检查：%1</translation>
    </message>
    <message>
        <source>first run</source>
        <translation>首次训练</translation>
    </message>
    <message>
        <source>environment: %1</source>
        <translation>环境：%1</translation>
    </message>
    <message>
        <source>spec says %1, this run has %2</source>
        <translation>运行说明为 %1，本次为 %2</translation>
    </message>
    <message>
        <source>the spec records no loss curve to compare with (record one with --record)</source>
        <translation>运行说明中没有可比对的损失曲线（用 --record 记录一份）</translation>
    </message>
    <message>
        <source>Recorded this run into %1.</source>
        <translation>已把本次运行记录到 %1。</translation>
    </message>
    <message>
        <source>Reproduced.</source>
        <translation>已复现。</translation>
    </message>
    <message>
        <source>Cannot open the log %1.</source>
        <translation>无法打开日志 %1。</translation>
    </message>
    <message>
        <source>Cannot read the log %1.</source>
        <translation>无法读取日志 %1。</translation>
    </message>
    <message>
        <source>Not enough steps yet to read a pattern.</source>
        <translation>步数还不够，暂时看不出规律。</translation>
    </message>
    <message>
        <source>Utilisation swings (%1 % on average, varying by %2 %): the cards keep waiting for something.</source>
        <translation>利用率忽高忽低（平均 %1%，波动 %2%）：卡一直在等什么东西。</translation>
    </message>
    <message>
        <source>Step times swing by %1 %: some steps wait for something.</source>
        <translation>步耗时波动 %1%：有些步在等什么东西。</translation>
    </message>
    <message>
        <source>Look at data first (the read share of a step), then communication between cards, then other jobs sharing the machine.</source>
        <translation>先看数据（每步里读取所占的比例），再看卡间通信，最后看是否有其他任务共用这台机器。</translation>
    </message>
    <message>
        <source>Utilisation is steady and high (%1 %): the job is compute-bound.</source>
        <translation>利用率稳定且高（%1%）：任务受算力限制。</translation>
    </message>
    <message>
        <source>This is healthy. More speed needs more cards or less computation per step, not a faster loader.</source>
        <translation>这是健康的状态。想更快需要更多卡或减少每步计算量，换更快的数据加载没有用。</translation>
    </message>
    <message>
        <source>Utilisation is steady but low (%1 %): the cards wait for work.</source>
        <translation>利用率稳定但偏低（%1%）：卡在等活干。</translation>
    </message>
    <message>
        <source>Raise the micro-batch if memory allows, or add loader workers.</source>
        <translation>显存允许时加大微批，或增加数据加载进程。</translation>
    </message>
    <message>
        <source>Likely compute-bound; confirm with the cards&apos; utilisation when the instance reports it.</source>
        <translation>很可能受算力限制；实例能上报卡的利用率时再确认。</translation>
    </message>
    <message>
        <source>Utilisation varies a little (%1 %).</source>
        <translation>利用率有少许波动（%1%）。</translation>
    </message>
    <message>
        <source>Nothing stands out yet; watch whether the swings grow.</source>
        <translation>暂无明显问题；留意波动是否变大。</translation>
    </message>
    <message>
        <source>%1 — %2 First: %3</source>
        <translation>%1——%2 先做：%3</translation>
    </message>
    <message>
        <source>Create the instance in gate 4 first.</source>
        <translation>请先在第 4 道门槛创建实例。</translation>
    </message>
    <message>
        <source>Not ready: %1 failed.</source>
        <translation>未就绪：%1 未通过。</translation>
    </message>
    <message>
        <source>The loop ran but its loss did not fall. Check in this order: the framework&apos;s version, then the driver, then the accelerator library — do not reinstall first.</source>
        <translation>循环跑完了，但损失没有下降。请按顺序检查：先框架版本，再驱动，再加速库——不要先重装。</translation>
    </message>
    <message>
        <source>Readiness 2/4: reading the data as a loader would…</source>
        <translation>就绪判定 2/4：像数据加载器一样读取数据…</translation>
    </message>
    <message>
        <source>Readiness 3/4: training with checkpoints, to be interrupted on purpose…</source>
        <translation>就绪判定 3/4：带检查点训练，并会被有意中断…</translation>
    </message>
    <message>
        <source>A checkpoint is saved: interrupting the job, as a preemption would…</source>
        <translation>检查点已保存：像被抢占一样中断任务…</translation>
    </message>
    <message>
        <source>The job ended %1 instead of being interrupted after its first checkpoint.</source>
        <translation>任务以“%1”结束，没有在第一个检查点之后被中断。</translation>
    </message>
    <message>
        <source>Interrupted at step %1; starting again from the checkpoint…</source>
        <translation>已在第 %1 步中断；从检查点重新开始…</translation>
    </message>
    <message>
        <source>interrupted at step %1 with a checkpoint; resumed at step %1, went on at step %2 to %3; optimizer state restored (momentum norm %4)</source>
        <translation>在第 %1 步中断并保存了检查点；从第 %1 步恢复，从第 %2 步接着跑到第 %3 步；优化器状态已恢复（动量范数 %4）</translation>
    </message>
    <message>
        <source>interrupted at step %1; the second run resumed: %2, went on at the next step: %3, same optimizer state: %4 (%5)</source>
        <translation>在第 %1 步中断；第二次运行是否恢复：%2，是否从下一步接着跑：%3，优化器状态是否一致：%4（%5）</translation>
    </message>
    <message>
        <source>Readiness 4/4: reading a job&apos;s loss, step time and memory back…</source>
        <translation>就绪判定 4/4：读回任务的损失、步耗时和内存…</translation>
    </message>
    <message>
        <source>%1 of %2 points carry loss, step time and memory (%3); log readable: %4</source>
        <translation>%2 个数据点中有 %1 个带有损失、步耗时和内存（%3）；日志可读：%4</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>resident memory</source>
        <translation>常驻内存</translation>
    </message>
    <message>
        <source>The first run: the whole chain on a small slice…</source>
        <translation>首次运行：用一小部分数据跑通整条链路…</translation>
    </message>
    <message>
        <source>Finish a passing first run before wrapping up.</source>
        <translation>请先完成一次通过的首次运行，再做收尾。</translation>
    </message>
    <message>
        <source>Listing the first run&apos;s artifacts…</source>
        <translation>正在列出首次运行的产出…</translation>
    </message>
    <message numerus="yes">
        <source>Released the instance; %n artifact(s) recorded.</source>
        <translation>
            <numerusform>已释放实例；记录了 %n 个产出。</numerusform>
        </translation>
    </message>
    <message>
        <source>expected running, passed or failed</source>
        <translation>应为 running、passed 或 failed</translation>
    </message>
    <message>
        <source>expected a date</source>
        <translation>应为日期</translation>
    </message>
    <message>
        <source>not a readiness check</source>
        <translation>不是就绪判定项</translation>
    </message>
    <message>
        <source>expected one of the five points, true or false</source>
        <translation>应为五项验证之一，取值 true 或 false</translation>
    </message>
    <message>
        <source>expected a count</source>
        <translation>应为计数</translation>
    </message>
    <message>
        <source>no image: the rerun cannot start</source>
        <translation>没有镜像：重跑无法启动</translation>
    </message>
    <message>
        <source>no image version: the rerun takes whatever is newest</source>
        <translation>没有镜像版本：重跑会拿到最新的那个</translation>
    </message>
    <message>
        <source>no image digest: a tag can move; the rerun may get different software</source>
        <translation>没有镜像摘要：标签可能被改指，重跑可能拿到不同的软件</translation>
    </message>
    <message>
        <source>no framework version: the first thing to check when a rerun differs</source>
        <translation>没有框架版本：重跑结果不同时首先要查的就是它</translation>
    </message>
    <message>
        <source>no accelerator library version</source>
        <translation>没有加速库版本</translation>
    </message>
    <message>
        <source>no driver version</source>
        <translation>没有驱动版本</translation>
    </message>
    <message>
        <source>no instance type: the rerun does not know what to ask for</source>
        <translation>没有实例规格：重跑不知道该申请什么</translation>
    </message>
    <message>
        <source>no zone: the quota may not apply where the rerun lands</source>
        <translation>没有可用区：重跑落到的地方可能用不了配额</translation>
    </message>
    <message>
        <source>no data path</source>
        <translation>没有数据路径</translation>
    </message>
    <message>
        <source>no output path: where do checkpoints go?</source>
        <translation>没有产出路径：检查点存到哪里？</translation>
    </message>
    <message>
        <source>no scratch path</source>
        <translation>没有临时目录路径</translation>
    </message>
    <message>
        <source>no launch entry</source>
        <translation>没有启动入口</translation>
    </message>
    <message>
        <source>no key parameters</source>
        <translation>没有关键参数</translation>
    </message>
    <message>
        <source>no environment fingerprint: a rerun cannot show it ran in the same environment</source>
        <translation>没有环境指纹：重跑无法证明自己在相同环境中运行</translation>
    </message>
    <message>
        <source>no loss curve: a rerun cannot show it reproduces the first run</source>
        <translation>没有损失曲线：重跑无法证明复现了首次运行</translation>
    </message>
    <message>
        <source>gate “%1” was %2 when the spec was written</source>
        <translation>写这份运行说明时门槛“%1”的状态为“%2”</translation>
    </message>
    <message>
        <source>Queued forever</source>
        <translation>一直排队</translation>
    </message>
    <message>
        <source>The workspace&apos;s quota is used up or not attached: the job waits for card-hours that will not come by themselves.</source>
        <translation>工作空间的配额已用完或没有挂接：任务在等不会自己出现的卡时。</translation>
    </message>
    <message>
        <source>Check granted, used and remaining card-hours (gate 3); ask the quota owner for more or release what other jobs hold.</source>
        <translation>查看获批、已用和剩余卡时（第 3 道门槛）；找配额负责人追加，或释放其他任务占用的资源。</translation>
    </message>
    <message>
        <source>There are not enough free cards of this type in the zone: the quota is fine, the zone is not.</source>
        <translation>该可用区这种卡的空闲数量不够：配额没问题，是可用区没有库存。</translation>
    </message>
    <message>
        <source>Ask for fewer cards, or pick a zone with stock where the quota also applies (gate 4); do not raise the quota, it will not help.</source>
        <translation>少申请几张卡，或换一个有库存且配额适用的可用区（第 4 道门槛）；不要加配额，那没有用。</translation>
    </message>
    <message>
        <source>Your role or account may not run jobs here: the provider refuses or holds them.</source>
        <translation>你的角色或账号不能在这里运行任务：平台拒绝或扣住了任务。</translation>
    </message>
    <message>
        <source>Ask the workspace admin to give you the developer role in this workspace (gate 2).</source>
        <translation>请工作空间管理员在这个空间里给你开发者角色（第 2 道门槛）。</translation>
    </message>
    <message>
        <source>The job has waited more than 30 minutes behind other jobs without a shortage named.</source>
        <translation>任务已在其他任务后面等了 30 分钟以上，但没有给出缺什么。</translation>
    </message>
    <message>
        <source>Read the queue&apos;s reason with the platform team; meanwhile ask for a shorter time limit, which schedulers start sooner.</source>
        <translation>和平台团队一起看排队原因；同时把时长上限调短，调度器会更早启动短任务。</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>The step needs more memory than the card has.</source>
        <translation>一步训练需要的显存超过了卡的容量。</translation>
    </message>
    <message>
        <source>Halve the micro-batch first, then turn on gradient checkpointing, then a higher ZeRO stage or LoRA; re-check the estimate in gate 4.</source>
        <translation>先把微批减半，再开启梯度检查点，然后考虑更高的 ZeRO 阶段或 LoRA；并在第 4 道门槛重新核对估算。</translation>
    </message>
    <message>
        <source>The job ran out of memory (the log says so, or the system killed it with signal 9 while it was training).</source>
        <translation>任务内存不足（日志里这么写，或者训练中被系统用信号 9 杀掉）。</translation>
    </message>
    <message>
        <source>Cannot resume</source>
        <translation>无法续训</translation>
    </message>
    <message>
        <source>The newest checkpoint exists but cannot be loaded (cut short by the interruption, or written by different code).</source>
        <translation>最新的检查点存在但加载不了（被中断截断了，或是由不同的代码写的）。</translation>
    </message>
    <message>
        <source>Save checkpoints atomically (write, then rename) and keep the previous one; resume from the last checkpoint that loads and compare the step count and loss.</source>
        <translation>以原子方式保存检查点（先写后改名）并保留上一个；从最后一个能加载的检查点恢复，并核对步数和损失。</translation>
    </message>
    <message>
        <source>The checkpoint does not match what the code expects to load.</source>
        <translation>检查点与代码期望加载的内容不匹配。</translation>
    </message>
    <message>
        <source>Resume with the same code and configuration that wrote the checkpoint; then save checkpoints atomically and keep the previous one.</source>
        <translation>用写出该检查点的同一份代码和配置来恢复；之后以原子方式保存检查点并保留上一个。</translation>
    </message>
    <message>
        <source>The checkpoint check failed: %1.</source>
        <translation>检查点判定未通过：%1。</translation>
    </message>
    <message>
        <source>Check that the output folder is writable and large enough, then run the checkpoint check again.</source>
        <translation>确认产出目录可写且空间足够，然后重新运行检查点判定。</translation>
    </message>
    <message>
        <source>Cannot read data</source>
        <translation>读不到数据</translation>
    </message>
    <message>
        <source>Files in the data folder cannot be read or are shorter than the manifest says (a broken link, a permission, an upload cut short).</source>
        <translation>数据目录中有文件读不了，或比清单里写的短（失效链接、权限问题、上传中断）。</translation>
    </message>
    <message>
        <source>Open the listed files from the instance with the job&apos;s account; upload again what is short; mount the data read-only at the path the job reads.</source>
        <translation>用任务的账号在实例里打开列出的文件；重新上传不完整的文件；把数据只读挂载到任务读取的路径。</translation>
    </message>
    <message>
        <source>The job cannot open its data: the path differs on the instance, or the job&apos;s account may not read it.</source>
        <translation>任务打不开它的数据：实例上的路径不同，或任务的账号没有读权限。</translation>
    </message>
    <message>
        <source>Check the data path the job uses against the mount (gate 4&apos;s storage plan), then the folder&apos;s permissions for the job&apos;s account.</source>
        <translation>对照挂载点（第 4 道门槛的存储规划）检查任务用的数据路径，再检查该目录对任务账号的权限。</translation>
    </message>
    <message>
        <source>Exits at start</source>
        <translation>一启动就退出</translation>
    </message>
    <message>
        <source>The image&apos;s framework, driver and accelerator library do not agree, or a package is missing from the image.</source>
        <translation>镜像中的框架、驱动与加速库版本不匹配，或镜像里缺少某个包。</translation>
    </message>
    <message>
        <source>The job stopped before its first step: the launch command, its entry file or an argument is wrong.</source>
        <translation>任务在第一步之前就停了：启动命令、入口文件或某个参数有误。</translation>
    </message>
    <message>
        <source>Check in this order: the framework&apos;s version, then the driver, then the accelerator library — do not reinstall first.</source>
        <translation>请按顺序检查：先框架版本，再驱动，再加速库——不要先重装。</translation>
    </message>
    <message>
        <source>Check the launch mode, the entry file&apos;s path inside the instance and its arguments; run the image&apos;s built-in entry once to see that the image itself starts.</source>
        <translation>检查启动方式、入口文件在实例内的路径和参数；先用镜像的内置入口跑一次，确认镜像本身能启动。</translation>
    </message>
    <message>
        <source>Extremely slow</source>
        <translation>极慢</translation>
    </message>
    <message>
        <source>Steps wait for data: reading takes %1 % of a step.</source>
        <translation>训练步在等数据：读取占每步 %1%。</translation>
    </message>
    <message>
        <source>Copy the data to the instance&apos;s local scratch disk, pack small files into larger shards, and raise the loader&apos;s workers — in that order.</source>
        <translation>把数据拷到实例的本地高速盘，把小文件打包成大分片，再增加加载进程——按这个顺序。</translation>
    </message>
    <message>
        <source>Look at utilisation first: steady and high means compute-bound (more cards or a smaller model); fluctuating means data, communication or scheduling — check the data read share first.</source>
        <translation>先看利用率：稳定且高说明受算力限制（加卡或换小模型）；忽高忽低说明是数据、通信或调度问题——先查数据读取占比。</translation>
    </message>
    <message>
        <source>Failed for another reason</source>
        <translation>因其他原因失败</translation>
    </message>
    <message>
        <source>The job stopped after it had started training, in a way none of the six common failures explains.</source>
        <translation>任务开始训练后停止了，六种常见失败都解释不了。</translation>
    </message>
    <message>
        <source>Read the end of the log below; the last error line usually names the cause.</source>
        <translation>看下方日志的末尾；最后一条错误通常会指明原因。</translation>
    </message>
    <message>
        <source>%1 files, %2 MB/s cold, %3 MB/s warm, reading is %4 % of a step</source>
        <translation>%1 个文件，冷读 %2 MB/s，热读 %3 MB/s，读取占每步 %4%</translation>
    </message>
    <message>
        <source>%1 steps in %2 s, loss %3 → %4 (min %5)</source>
        <translation>%1 步，用时 %2 秒，损失 %3 → %4（最低 %5）</translation>
    </message>
    <message>
        <source>sandbox (a fresh built-in sandbox, the default), the https address of an Onramp API (credentials in ONRAMP_ACCESS_KEY_ID and ONRAMP_SECRET_ACCESS_KEY), or slurm+http://HOST:PORT for a Slurm cluster&apos;s slurmrestd (see ONRAMP_SLURM_* in docs/slurm.md).</source>
        <translation>sandbox（全新的内置沙箱，默认），Onramp API 的 https 地址（凭据放在 ONRAMP_ACCESS_KEY_ID 和 ONRAMP_SECRET_ACCESS_KEY 中），或 Slurm 集群 slurmrestd 的 slurm+http://HOST:PORT（见 docs/slurm.md 中的 ONRAMP_SLURM_*）。</translation>
    </message>
    <message>
        <source>Set ONRAMP_SLURM_ADMIN to a Slurm administrator (quota changes need one).</source>
        <translation>请把 ONRAMP_SLURM_ADMIN 设为一位 Slurm 管理员（修改配额需要）。</translation>
    </message>
    <message>
        <source>A Slurm provider reads ONRAMP_SLURM_CLUSTER, ONRAMP_SLURM_OUTPUT, ONRAMP_SLURM_TOKENS or ONRAMP_SLURM_TOKEN_COMMAND, ONRAMP_SLURM_ADMIN, ONRAMP_SLURM_USER and ONRAMP_SLURM_PROBE.</source>
        <translation>Slurm 平台读取 ONRAMP_SLURM_CLUSTER、ONRAMP_SLURM_OUTPUT、ONRAMP_SLURM_TOKENS 或 ONRAMP_SLURM_TOKEN_COMMAND、ONRAMP_SLURM_ADMIN、ONRAMP_SLURM_USER 和 ONRAMP_SLURM_PROBE。</translation>
    </message>
    <message>
        <source>Enter the cluster&apos;s name (ClusterName).</source>
        <translation>请填写集群名称（ClusterName）。</translation>
    </message>
    <message>
        <source>Say where tokens come from: a folder of &lt;user&gt;.jwt files or a command such as “scontrol token username=%u”.</source>
        <translation>请说明令牌从哪里来：一个存放 &lt;用户&gt;.jwt 文件的目录，或一条命令，例如“scontrol token username=%u”。</translation>
    </message>
    <message>
        <source>Enter where job output lands on the shared filesystem.</source>
        <translation>请填写任务输出在共享文件系统上的位置。</translation>
    </message>
    <message>
        <source>Not required by this provider: a Slurm cluster reviews no dossier; access is a user in its accounting with a default account (%1).</source>
        <translation>该平台无需此项：Slurm 集群不审核资质材料；准入条件是在其记账系统中有用户并有默认账户（%1）。</translation>
    </message>
    <message>
        <source>The cluster&apos;s accounting (slurmdbd)</source>
        <translation>集群的记账系统（slurmdbd）</translation>
    </message>
    <message>
        <source>The cluster did not accept the token (expired or for another user). Get a new one with scontrol token, then try again.</source>
        <translation>集群不接受该令牌（已过期或属于其他用户）。请用 scontrol token 取一个新的，然后重试。</translation>
    </message>
    <message>
        <source>The cluster refused: %1. Ask the account&apos;s coordinator for the developer role.</source>
        <translation>集群拒绝了：%1。请找该账户的协调人给你开发者角色。</translation>
    </message>
    <message>
        <source>The cluster has no node with that many free GPUs: %1. Ask for fewer.</source>
        <translation>集群没有空闲 GPU 这么多的节点：%1。请少申请一些。</translation>
    </message>
    <message>
        <source>The cluster could not read the request: %1.</source>
        <translation>集群无法读取请求：%1。</translation>
    </message>
    <message>
        <source>The cluster has no such record: %1.</source>
        <translation>集群里没有这条记录：%1。</translation>
    </message>
    <message>
        <source>The cluster answered with an error: %1. Try again; if it repeats, show the details to the cluster&apos;s administrator.</source>
        <translation>集群返回错误：%1。请重试；若反复出现，把详情给集群管理员看。</translation>
    </message>
    <message>
        <source>No token for %1: put %1.jwt in the token folder, or set the command that prints one.</source>
        <translation>没有 %1 的令牌：请把 %1.jwt 放进令牌目录，或设置一条能输出令牌的命令。</translation>
    </message>
    <message>
        <source>The cluster has no account %1.</source>
        <translation>集群中没有账户 %1。</translation>
    </message>
    <message>
        <source>The cluster no longer lists this job.</source>
        <translation>集群已不再列出这个任务。</translation>
    </message>
    <message>
        <source>Partition %1 has %2 GPUs in all; %3 needs %4.</source>
        <translation>分区 %1 共有 %2 块 GPU；%3 需要 %4 块。</translation>
    </message>
    <message>
        <source>No such instance.</source>
        <translation>没有这个实例。</translation>
    </message>
    <message>
        <source>This provider (Slurm) does not offer that operation.</source>
        <translation>该平台（Slurm）不提供这项操作。</translation>
    </message>
    <message>
        <source>First walk the gates at a fresh built-in sandbox (1–4, gate 5&apos;s checks and gate 6&apos;s first run), so the pages show its real answers.</source>
        <translation>先在全新的内置沙箱上走一遍门槛（第 1–4 道、第 5 道的判定和第 6 道的首次运行），让页面显示它的真实回答。</translation>
    </message>
    <message>
        <source>The same walk on a Slurm cluster&apos;s slurmrestd at URL (details from ONRAMP_SLURM_*).</source>
        <translation>在位于 URL 的 Slurm 集群 slurmrestd 上走同样一遍（细节取自 ONRAMP_SLURM_*）。</translation>
    </message>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 不是文件夹。</translation>
    </message>
    <message>
        <source>Computing the files&apos; checksums…</source>
        <translation>正在计算文件校验和…</translation>
    </message>
    <message>
        <source>%1 is larger than 256 MiB: upload small datasets here and mount large ones at the provider.</source>
        <translation>%1 大于 256 MiB：这里只上传小数据集，大数据集请在平台上挂载。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) uploaded.</source>
        <translation>
            <numerusform>已上传 %n 个文件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Uploading %1: chunk %2…</source>
        <translation>正在上传 %1：第 %2 块…</translation>
    </message>
    <message>
        <source>%1 exists in the cluster&apos;s accounting</source>
        <translation>%1 已在集群的记账系统中</translation>
    </message>
    <message>
        <source>%1 is not in the cluster&apos;s accounting yet; gate 2 adds them</source>
        <translation>%1 还不在集群的记账系统中；第 2 道门槛会添加</translation>
    </message>
    <message>
        <source>Keep saved activations in CPU memory.</source>
        <translation>将保存的激活值放在 CPU 内存中。</translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step (gradients are held between them).</source>
        <translation>每次优化器更新的微批次数（其间梯度一直保留）。</translation>
    </message>
    <message>
        <source>torch.compile: fused norms and activations.</source>
        <translation>torch.compile：归一化与激活函数融合。</translation>
    </message>
    <message>
        <source>Cross-entropy over chunks of the logits.</source>
        <translation>按块计算 logits 的交叉熵。</translation>
    </message>
    <message>
        <source>Lower the micro-batch to %1 and raise gradient accumulation to %2</source>
        <translation>把微批次降到 %1，梯度累积提高到 %2</translation>
    </message>
    <message>
        <source>The built-in sandbox (libonramp-sandbox.so) is not installed beside Onramp. Reinstall Onramp, or choose another provider.</source>
        <translation>内置沙盒（libonramp-sandbox.so）没有安装在 Onramp 旁边。请重新安装 Onramp，或选择其他平台。</translation>
    </message>
    <message>
        <source>Cannot load the built-in sandbox. Reinstall Onramp, or choose another provider.</source>
        <translation>无法加载内置沙盒。请重新安装 Onramp，或选择其他平台。</translation>
    </message>
    <message>
        <source>fp32, bf16 or fp16 gradients, overriding the framework&apos;s.</source>
        <translation>fp32、bf16 或 fp16 梯度，覆盖框架的默认值。</translation>
    </message>
    <message>
        <source>Megatron sequence parallelism: split norms and block inputs over TP too.</source>
        <translation>Megatron 序列并行：把归一化层和模块输入也按 TP 切分。</translation>
    </message>
    <message>
        <source>must be at most %1</source>
        <translation>最多为 %1</translation>
    </message>
    <message>
        <source>“%1” is not one of pytorch, deepspeed, megatron, llmc</source>
        <translation>“%1”不是 pytorch、deepspeed、megatron、llmc 之一</translation>
    </message>
    <message>
        <source>“%1” is not one of fp32, bf16, fp16</source>
        <translation>“%1”不是 fp32、bf16、fp16 之一</translation>
    </message>
    <message>
        <source>Conventions: %1%2</source>
        <translation>约定：%1%2</translation>
    </message>
    <message>
        <source>, %1 gradients as stated</source>
        <translation>，按指定使用 %1 梯度</translation>
    </message>
    <message>
        <source>Model states (weights, gradients, optimizer): %1 GiB = %2 GB</source>
        <translation>模型状态（权重、梯度、优化器）：%1 GiB = %2 GB</translation>
    </message>
    <message>
        <source>not supported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>What to change, cheapest in speed first:</source>
        <translation>可做的调整（按速度代价从低到高）：</translation>
    </message>
    <message>
        <source>saves %1 GiB; speed: %2</source>
        <translation>节省 %1 GiB；速度代价：%2</translation>
    </message>
    <message>
        <source>catalog: say which one: models, cards, images or instances.</source>
        <translation>catalog：请说明要哪一个：models、cards、images 或 instances。</translation>
    </message>
    <message>
        <source>catalog: “%1” is not a catalog; say models, cards, images or instances.</source>
        <translation>catalog：“%1”不是目录；请用 models、cards、images 或 instances。</translation>
    </message>
    <message>
        <source>Say what to do.</source>
        <translation>请说明要做什么。</translation>
    </message>
    <message>
        <source>“%1” is not something this command does.</source>
        <translation>这个命令不做“%1”。</translation>
    </message>
    <message>
        <source>Usage: onramp check qualification FILE.json [--today YYYY-MM-DD] [--review-days N] [--json]
       onramp check roles FILE.json|FILE.csv [--json]

qualification  checks a gate 1 dossier: entity, purpose, data compliance, dates.
roles          checks a gate 2 workspace or member list: roles, quota, the acceptance prediction.
Exit status: 0 no blocking findings, 1 blocking findings, 2 unreadable input.
Each takes --help for its options.</source>
        <translation>用法：onramp check qualification FILE.json [--today YYYY-MM-DD] [--review-days N] [--json]
      onramp check roles FILE.json|FILE.csv [--json]

qualification  检查第 1 道门槛的材料：主体、用途、数据合规、日期。
roles          检查第 2 道门槛的工作空间或成员名单：角色、配额、验收预测。
退出码：0 无阻断问题，1 有阻断问题，2 输入无法读取。
每个子命令都接受 --help 查看选项。</translation>
    </message>
    <message>
        <source>Usage: onramp quota plan --cards N --hours-per-round H --rounds R --retry-margin F
                         --start YYYY-MM-DD --end YYYY-MM-DD [--purpose KIND] [--peak START:DAYS:CARDS]... [--json]

plan  derives a quota application from the run&apos;s shape: card-hours, a small first application and follow-ups, quarters.
Run onramp quota plan --help for every option.</source>
        <translation>用法：onramp quota plan --cards N --hours-per-round H --rounds R --retry-margin F
                         --start YYYY-MM-DD --end YYYY-MM-DD [--purpose KIND] [--peak START:DAYS:CARDS]... [--json]

plan  按训练的形态推导配额申请：卡时、小额首次申请和后续申请、季度拆分。
运行 onramp quota plan --help 查看全部选项。</translation>
    </message>
    <message>
        <source>Write the spec as this rerun saw it (software, training, code, data, parameters applied, fingerprint and loss curve) to FILE.</source>
        <translation>将本次重跑所见的运行说明（软件、训练、代码、数据、实际应用的参数、环境指纹和损失曲线）写入 FILE。</translation>
    </message>
    <message>
        <source>Write the replay&apos;s record (who, when, the verdict and every failed field) as JSON to FILE: gate 6&apos;s evidence.</source>
        <translation>将重跑记录（谁、何时、结论以及每个未通过的字段）以 JSON 写入 FILE：第 6 道门槛的证据。</translation>
    </message>
    <message>
        <source>Differs at: %1</source>
        <translation>不一致之处：%1</translation>
    </message>
    <message>
        <source>onramp: “%1” is not a subcommand.</source>
        <translation>onramp：“%1”不是子命令。</translation>
    </message>
    <message>
        <source>%1 needs compute capability %2 or newer, %3; the %4 is %5 (%6).</source>
        <translation>%1 需要计算能力 %2 或更高（%3）；%4 是 %5（%6）。</translation>
    </message>
    <message>
        <source>The %1 (%2) has no %3.</source>
        <translation>%1（%2）不支持 %3。</translation>
    </message>
    <message>
        <source>Back in progress since %1, after a change: %2</source>
        <translation>自 %1 起因后来的改动重回进行中：%2</translation>
    </message>
    <message>
        <source>Environment check</source>
        <translation>环境检查</translation>
    </message>
    <message>
        <source>Data check</source>
        <translation>数据检查</translation>
    </message>
    <message>
        <source>Output check</source>
        <translation>产出检查</translation>
    </message>
    <message>
        <source>Checkpoint check</source>
        <translation>检查点检查</translation>
    </message>
    <message>
        <source>First run</source>
        <translation>首次运行</translation>
    </message>
    <message>
        <source>Metrics check</source>
        <translation>指标检查</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>探针</translation>
    </message>
    <message>
        <source>%1, step %2: loss %3</source>
        <translation>%1，第 %2 步：损失 %3</translation>
    </message>
    <message>
        <source>%1 samples/s</source>
        <translation>每秒 %1 个样本</translation>
    </message>
    <message>
        <source>%1 passed</source>
        <translation>%1通过</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1未通过</translation>
    </message>
    <message>
        <source>loss from %1 to %2</source>
        <translation>损失从 %1 降到 %2</translation>
    </message>
    <message>
        <source>%1 finished after %2 steps: loss from %3 to %4, lowest %5</source>
        <translation>%1在 %2 步后结束：损失从 %3 到 %4，最低 %5</translation>
    </message>
    <message>
        <source>%1: resumed at step %2 from %3</source>
        <translation>%1：从 %3 在第 %2 步恢复</translation>
    </message>
    <message>
        <source>%1: could not resume from %2: %3</source>
        <translation>%1：无法从 %2 恢复：%3</translation>
    </message>
    <message>
        <source>Wrote %1 (%2)</source>
        <translation>已写入 %1（%2）</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message numerus="yes">
        <source>Data folder %1 is readable (%n file(s))</source>
        <translation>
            <numerusform>数据目录 %1 可读（%n 个文件）</numerusform>
        </translation>
    </message>
    <message>
        <source>Data folder %1 is not readable: %2</source>
        <translation>数据目录 %1 不可读：%2</translation>
    </message>
    <message>
        <source>%1: out of memory: asked for %2 MiB, the card has %3 MiB</source>
        <translation>%1：显存不足：申请 %2 MiB，卡上只有 %3 MiB</translation>
    </message>
    <message>
        <source>%1: error: %2</source>
        <translation>%1：出错：%2</translation>
    </message>
    <message numerus="yes">
        <source>Environment: %1, %2 CPUs, %3 of memory, %n GPU(s)</source>
        <translation>
            <numerusform>环境：%1，%2 个 CPU，内存 %3，%n 块 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>The framework&apos;s own training loop ran</source>
        <translation>框架自带的训练循环已跑通</translation>
    </message>
    <message>
        <source>The framework&apos;s own training loop failed: %1</source>
        <translation>框架自带的训练循环失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>Data check: %n file(s) read</source>
        <translation>
            <numerusform>数据检查：已读取 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Not supported on this card: %1 Nearest card that supports it: %2.</source>
        <translation>此卡不支持：%1 支持它的最接近的卡：%2。</translation>
    </message>
    <message>
        <source>Not supported on this card: %1 No card in the catalog supports it.</source>
        <translation>此卡不支持：%1 目录中没有支持它的卡。</translation>
    </message>
    <message>
        <source>Not supported on this card</source>
        <translation>此卡不支持</translation>
    </message>
    <message>
        <source>sequence parallelism splits what tensor parallelism leaves whole; it needs a tensor-parallel size of 2 or more</source>
        <translation>序列并行切分的是张量并行没有切分的部分；它需要张量并行规模至少为 2</translation>
    </message>
    <message>
        <source>Compute the loss over chunks of the logits (chunked cross-entropy)</source>
        <translation>分块计算 logits 的损失（分块交叉熵）</translation>
    </message>
    <message>
        <source>none measurable: the same arithmetic, a chunk at a time (LitGPT and torchtune do it by default)</source>
        <translation>几乎没有：计算相同，只是逐块进行（LitGPT 和 torchtune 默认如此）</translation>
    </message>
    <message>
        <source>small: the same tokens per optimizer step; smaller matrix products use the card less fully</source>
        <translation>较小：每个优化器步骤的 token 数不变；矩阵乘法变小，卡的利用率略低</translation>
    </message>
    <message>
        <source>Shard the optimizer state with ZeRO stage 1</source>
        <translation>用 ZeRO 第 1 阶段把优化器状态分片</translation>
    </message>
    <message>
        <source>Shard the gradients too with ZeRO stage 2</source>
        <translation>用 ZeRO 第 2 阶段把梯度也分片</translation>
    </message>
    <message>
        <source>none in communication volume: the same as plain data parallelism (ZeRO paper §7)</source>
        <translation>通信量不增加：与普通数据并行相同（ZeRO 论文 §7）</translation>
    </message>
    <message>
        <source>none: fused attention is faster than eager attention</source>
        <translation>没有：融合注意力比普通注意力更快</translation>
    </message>
    <message>
        <source>Turn on full activation checkpointing</source>
        <translation>开启完整激活检查点</translation>
    </message>
    <message>
        <source>about a third more compute: the forward pass runs again in backward (8·P·D instead of 6·P·D FLOPs, Transformer Math 101)</source>
        <translation>计算量约增加三分之一：反向时再跑一遍前向（8·P·D 而不是 6·P·D FLOPs，Transformer Math 101）</translation>
    </message>
    <message>
        <source>Offload saved activations to CPU memory</source>
        <translation>把保存的激活值卸载到 CPU 内存</translation>
    </message>
    <message>
        <source>PCIe traffic each layer, overlapped with compute: little when the layers are large, more on short sequences or shared PCIe links</source>
        <translation>每层都有 PCIe 传输，与计算重叠：层较大时影响很小，序列较短或 PCIe 链路共享时影响较大</translation>
    </message>
    <message>
        <source>Shard weights too with ZeRO stage 3 (or FSDP full shard)</source>
        <translation>用 ZeRO 第 3 阶段（或 FSDP 完全分片）把权重也分片</translation>
    </message>
    <message>
        <source>1.5× the communication of plain data parallelism: weights are gathered in forward and backward (ZeRO paper §7)</source>
        <translation>通信量是普通数据并行的 1.5 倍：前向和反向都要聚合权重（ZeRO 论文 §7）</translation>
    </message>
    <message>
        <source>large: the optimizer step runs on the CPU and gradients cross PCIe every step (ZeRO-Offload); most noticeable at small batches</source>
        <translation>较大：优化器步骤在 CPU 上运行，梯度每步都要经过 PCIe（ZeRO-Offload）；批量小时最明显</translation>
    </message>
    <message>
        <source>Use %1 cards, sharded with ZeRO-3 or FSDP</source>
        <translation>使用 %1 张卡，并以 ZeRO-3 或 FSDP 分片</translation>
    </message>
    <message>
        <source>more cards held at once (quota); about the same card-hours for the same tokens, less the scaling loss and ZeRO-3&apos;s communication</source>
        <translation>同时占用更多卡（配额）；同样的 token 数所需卡时大致相同，另加扩展损失和 ZeRO-3 的通信开销</translation>
    </message>
    <message>
        <source>faster steps, but a different training: only the adapters learn</source>
        <translation>每步更快，但训练内容不同：只有适配器在学习</translation>
    </message>
    <message>
        <source>slower than LoRA: each layer&apos;s weights are dequantized on the fly</source>
        <translation>比 LoRA 慢：每层权重都要即时反量化</translation>
    </message>
    <message>
        <source>unknown key “%1”</source>
        <translation>未知的键“%1”</translation>
    </message>
    <message>
        <source>expected a whole number, not %1</source>
        <translation>应为整数，而不是 %1</translation>
    </message>
    <message>
        <source>cards per run must be at most %1</source>
        <translation>每次运行的卡数最多为 %1</translation>
    </message>
    <message>
        <source>hours per round must be at most %1 (a leap year)</source>
        <translation>每轮小时数最多为 %1（一个闰年）</translation>
    </message>
    <message>
        <source>rounds must be at most %1</source>
        <translation>轮数最多为 %1</translation>
    </message>
    <message numerus="yes">
        <source>The period is %1 days, longer than a quarter: a single application that long is sent back. Onramp splits it into the first application and %n quarterly follow-up(s), each within one calendar quarter.</source>
        <translation>
            <numerusform>周期为 %1 天，超过一个季度：这么长的单次申请会被退回。Onramp 把它拆成首次申请和 %n 次按季度的后续申请，每次都在一个自然季度之内。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The peak from %1 keeps %2 cards for %n day(s): up to %3 card-hours, more than the %4 card-hours of the whole plan. Shorten the peak, lower its cards, or derive more card-hours.</source>
        <translation>
            <numerusform>从 %1 开始的峰值时段占用 %2 张卡共 %n 天：最多 %3 卡时，超过整个计划的 %4 卡时。请缩短峰值时段、减少其卡数，或推导出更多卡时。</numerusform>
        </translation>
    </message>
    <message>
        <source>Starting a fresh sandbox…</source>
        <translation>正在启动一个全新的沙箱…</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>平台</translation>
    </message>
    <message>
        <source>readiness checks</source>
        <translation>就绪检查</translation>
    </message>
    <message>
        <source>image name</source>
        <translation>镜像名称</translation>
    </message>
    <message>
        <source>image version</source>
        <translation>镜像版本</translation>
    </message>
    <message>
        <source>image digest</source>
        <translation>镜像摘要</translation>
    </message>
    <message>
        <source>this provider runs jobs without images; the software items say what ran</source>
        <translation>该平台不使用镜像运行任务；实际运行的内容见软件各项</translation>
    </message>
    <message>
        <source>framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>framework version</source>
        <translation>框架版本</translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <source>driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>GPU model</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <source>sharding</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>program</source>
        <translation>程序</translation>
    </message>
    <message>
        <source>code identity</source>
        <translation>代码标识</translation>
    </message>
    <message>
        <source>data path</source>
        <translation>数据路径</translation>
    </message>
    <message>
        <source>data files</source>
        <translation>数据文件数</translation>
    </message>
    <message>
        <source>data bytes</source>
        <translation>数据字节数</translation>
    </message>
    <message>
        <source>data manifest</source>
        <translation>数据清单</translation>
    </message>
    <message>
        <source>the spec does not record what the first run&apos;s job received</source>
        <translation>运行说明中没有记录首次运行的任务实际收到的值</translation>
    </message>
    <message>
        <source>loss curve (every step, bit-exact on a CPU)</source>
        <translation>损失曲线（逐步比较，CPU 上逐位一致）</translation>
    </message>
    <message>
        <source>loss curve (every step, within %1 % on GPUs)</source>
        <translation>损失曲线（逐步比较，GPU 上相差不超过 %1%）</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 step(s) differ; the first at step %2: %3 in the spec, %4 now</source>
        <translation>%1 步不一致；第一处在第 %2 步：运行说明中为 %3，本次为 %4</translation>
    </message>
    <message>
        <source>the steps logged differ from the spec&apos;s</source>
        <translation>记录的步数与运行说明中的不同</translation>
    </message>
    <message>
        <source>expected [step, loss]</source>
        <translation>应为 [步数, 损失]</translation>
    </message>
    <message>
        <source>The first run has not passed its five points yet.</source>
        <translation>首次运行尚未通过全部五项检查。</translation>
    </message>
    <message>
        <source>Wrap up the first run first: its artifacts recorded, the instance released.</source>
        <translation>请先完成首次运行的收尾：记录产物并释放实例。</translation>
    </message>
    <message>
        <source>A colleague who took no part replays the first run from its spec (“Open a handoff spec…” or onramp replay); their replay accepts this gate.</source>
        <translation>由未参与的同事凭运行说明重跑首次运行（“打开运行说明…”或 onramp replay）；由其重跑来验收此门槛。</translation>
    </message>
    <message>
        <source>%1 replayed a spec of another first run (its loss curve differs from this onboarding&apos;s): export this onboarding&apos;s spec and replay that.</source>
        <translation>%1 重跑的是另一次首次运行的运行说明（其损失曲线与本次入门流程的不同）：请导出本流程的运行说明再重跑。</translation>
    </message>
    <message>
        <source>%1&apos;s replay did not reproduce the first run; it differs at: %2.</source>
        <translation>%1 的重跑未能复现首次运行；不一致之处：%2。</translation>
    </message>
    <message>
        <source>%1, whose replay from the spec alone reproduced the first run</source>
        <translation>%1，其仅凭运行说明的重跑复现了首次运行</translation>
    </message>
    <message>
        <source>Replayed by %1 on %2: %3 of %4 items passed (spec %5).</source>
        <translation>由 %1 于 %2 重跑：%4 项中 %3 项通过（运行说明 %5）。</translation>
    </message>
    <message>
        <source>no device: the spec does not say whether the first run trained on GPUs</source>
        <translation>没有设备：运行说明中没有写明首次运行是否在 GPU 上训练</translation>
    </message>
    <message>
        <source>no model</source>
        <translation>没有模型</translation>
    </message>
    <message>
        <source>no training method</source>
        <translation>没有训练方法</translation>
    </message>
    <message>
        <source>no precision</source>
        <translation>没有精度</translation>
    </message>
    <message>
        <source>no parallelism or sharding</source>
        <translation>没有并行方式或分片方式</translation>
    </message>
    <message>
        <source>no micro-batch, sequence length or gradient accumulation</source>
        <translation>没有微批大小、序列长度或梯度累积</translation>
    </message>
    <message>
        <source>no seed: a rerun cannot draw the same data in the same order</source>
        <translation>没有随机种子：重跑无法按相同顺序抽取相同数据</translation>
    </message>
    <message>
        <source>no code identity: a rerun cannot show it ran the same program</source>
        <translation>没有代码标识：重跑无法证明运行的是同一程序</translation>
    </message>
    <message>
        <source>no data manifest: a rerun cannot show it read the same data</source>
        <translation>没有数据清单：重跑无法证明读取的是同一份数据</translation>
    </message>
    <message>
        <source>only a loss summary: a rerun can be compared at four numbers, not every step</source>
        <translation>只有损失摘要：重跑只能比较四个数字，无法逐步比较</translation>
    </message>
    <message>
        <source>Machine: %1 × %2 node(s), %3 card(s) each, in zone %4</source>
        <translation>机器：%1 × %2 个节点，每个节点 %3 张卡，位于可用区 %4</translation>
    </message>
    <message>
        <source>Launch: %1</source>
        <translation>启动：%1</translation>
    </message>
    <message>
        <source>Parameters: %1</source>
        <translation>参数：%1</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>a control character (a line break, tab or NUL) where none belongs</source>
        <translation>出现了不应有的控制字符（换行、制表符或 NUL）</translation>
    </message>
    <message>
        <source>a control character in a field name</source>
        <translation>字段名中有控制字符</translation>
    </message>
    <message>
        <source>a NUL byte at byte %1 (a JSON file has none)</source>
        <translation>第 %1 字节处有 NUL 字节（JSON 文件中不应出现）</translation>
    </message>
    <message>
        <source>the number %1 cannot be kept exactly (at most 17 significant digits, integers up to 2^63)</source>
        <translation>数字 %1 无法被精确保存（最多 17 位有效数字，整数最大 2^63）</translation>
    </message>
    <message>
        <source>a parameter name is a letter, then up to 63 letters, digits or underscores</source>
        <translation>参数名须以字母开头，后接最多 63 个字母、数字或下划线</translation>
    </message>
    <message>
        <source>steps must rise, one entry per step</source>
        <translation>步数必须递增，每步一条</translation>
    </message>
    <message>
        <source>gate “%1” is listed twice</source>
        <translation>门槛“%1”出现了两次</translation>
    </message>
    <message>
        <source>The parameter name “%1” is not allowed: a letter, then up to 63 letters, digits or underscores.</source>
        <translation>不允许使用参数名“%1”：须以字母开头，后接最多 63 个字母、数字或下划线。</translation>
    </message>
    <message>
        <source>There is no data folder %1 on the cluster.</source>
        <translation>集群上没有数据文件夹 %1。</translation>
    </message>
    <message>
        <source>%1&apos;s share is %2 %: a share is a percentage from 0 to 100. Correct it in the Share % column.</source>
        <translation>%1 的份额是 %2%：份额是 0 到 100 之间的百分比。请在“份额 %”列中改正。</translation>
    </message>
    <message>
        <source>not sent</source>
        <comment>review state</comment>
        <translation>尚未提交</translation>
    </message>
    <message>
        <source>waiting for review</source>
        <comment>review state</comment>
        <translation>等待审核</translation>
    </message>
    <message>
        <source>approved</source>
        <comment>review state</comment>
        <translation>已通过</translation>
    </message>
    <message>
        <source>rejected</source>
        <comment>review state</comment>
        <translation>已驳回</translation>
    </message>
    <message>
        <source>sent back</source>
        <comment>review state</comment>
        <translation>已退回</translation>
    </message>
    <message>
        <source>not required</source>
        <comment>review state</comment>
        <translation>无需审核</translation>
    </message>
    <message>
        <source>not created</source>
        <comment>instance state</comment>
        <translation>未创建</translation>
    </message>
    <message>
        <source>starting</source>
        <comment>instance state</comment>
        <translation>启动中</translation>
    </message>
    <message>
        <source>running</source>
        <comment>instance state</comment>
        <translation>运行中</translation>
    </message>
    <message>
        <source>stopped</source>
        <comment>instance state</comment>
        <translation>已停止</translation>
    </message>
    <message>
        <source>released</source>
        <comment>instance state</comment>
        <translation>已释放</translation>
    </message>
    <message>
        <source>no job</source>
        <comment>job state</comment>
        <translation>无任务</translation>
    </message>
    <message>
        <source>queued</source>
        <comment>job state</comment>
        <translation>排队中</translation>
    </message>
    <message>
        <source>running</source>
        <comment>job state</comment>
        <translation>运行中</translation>
    </message>
    <message>
        <source>succeeded</source>
        <comment>job state</comment>
        <translation>已成功</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>job state</comment>
        <translation>已失败</translation>
    </message>
    <message>
        <source>interrupted</source>
        <comment>job state</comment>
        <translation>已中断</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>job state</comment>
        <translation>已取消</translation>
    </message>
    <message>
        <source>not run</source>
        <comment>check state</comment>
        <translation>未运行</translation>
    </message>
    <message>
        <source>running</source>
        <comment>check state</comment>
        <translation>运行中</translation>
    </message>
    <message>
        <source>passed</source>
        <comment>check state</comment>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>check state</comment>
        <translation>未通过</translation>
    </message>
    <message>
        <source>Framework, driver and accelerator library</source>
        <comment>readiness check</comment>
        <translation>框架、驱动与加速库</translation>
    </message>
    <message>
        <source>Light training loop</source>
        <comment>job</comment>
        <translation>轻量训练循环</translation>
    </message>
    <message>
        <source>Data reads fast enough</source>
        <comment>readiness check</comment>
        <translation>数据读得够快</translation>
    </message>
    <message>
        <source>Data read</source>
        <comment>job</comment>
        <translation>数据读取</translation>
    </message>
    <message>
        <source>Checkpoints save and resume</source>
        <comment>readiness check</comment>
        <translation>检查点能存能恢复</translation>
    </message>
    <message>
        <source>Checkpoint and resume</source>
        <comment>job</comment>
        <translation>检查点与续训</translation>
    </message>
    <message>
        <source>Logs and metrics visible</source>
        <comment>readiness check</comment>
        <translation>日志与指标可见</translation>
    </message>
    <message>
        <source>Metrics</source>
        <comment>job</comment>
        <translation>指标</translation>
    </message>
    <message>
        <source>First run</source>
        <comment>job</comment>
        <translation>首次运行</translation>
    </message>
    <message>
        <source>datasheet</source>
        <comment>card figures&apos; source</comment>
        <translation>官方规格</translation>
    </message>
    <message>
        <source>secondary source</source>
        <comment>card figures&apos; source</comment>
        <translation>二手来源</translation>
    </message>
    <message>
        <source>unofficial</source>
        <comment>card figures&apos; source</comment>
        <translation>非官方</translation>
    </message>
    <message>
        <source>Custom (parameter count)</source>
        <translation>自定义（按参数量）</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>Full fine-tuning / pre-training</source>
        <translation>全参微调 / 预训练</translation>
    </message>
    <message>
        <source>None</source>
        <comment>gradient checkpointing</comment>
        <translation>无</translation>
    </message>
    <message>
        <source>Selective</source>
        <comment>gradient checkpointing</comment>
        <translation>选择性</translation>
    </message>
    <message>
        <source>Full</source>
        <comment>gradient checkpointing</comment>
        <translation>完整</translation>
    </message>
    <message>
        <source>The framework&apos;s own</source>
        <translation>沿用框架自身的约定</translation>
    </message>
    <message>
        <source>None</source>
        <comment>CPU offload</comment>
        <translation>无</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <comment>CPU offload</comment>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Optimizer state and weights</source>
        <comment>CPU offload</comment>
        <translation>优化器状态与权重</translation>
    </message>
    <message>
        <source>No such quota application.</source>
        <translation>没有这个配额申请。</translation>
    </message>
    <message>
        <source>All four readiness checks must pass first (run them on this page).</source>
        <translation>须先通过全部四项就绪检查（在本页运行）。</translation>
    </message>
    <message>
        <source>The quota pool is for %1 cards, but %2 has %3 cards: its card-hours cannot be spent on it. Choose an instance with %1 cards, or attach a pool of %3 in gate 2 and apply for it in gate 3.</source>
        <translation>配额池是 %1 卡，但 %2 用的是 %3 卡：池里的卡时不能花在它上面。请选用 %1 卡的实例，或在第 2 道门槛挂接 %3 的配额池并在第 3 道门槛为它申请。</translation>
    </message>
    <message>
        <source>Attach the quota pool to the workspace before adding members.</source>
        <translation>添加成员之前，先给工作空间挂接配额池。</translation>
    </message>
    <message>
        <source>Attach the quota pool to the workspace before adding members: members without quota can do nothing.</source>
        <translation>添加成员之前，先给工作空间挂接配额池：没有配额的成员什么也做不了。</translation>
    </message>
    <message>
        <source>Choose the pool&apos;s region: quota is bound to it.</source>
        <translation>请选择配额池的地域：配额绑定在地域上。</translation>
    </message>
    <message>
        <source>Choose the pool&apos;s zone: instances open only there.</source>
        <translation>请选择配额池的可用区：实例只能在那里开通。</translation>
    </message>
    <message>
        <source>Choose the pool&apos;s card type.</source>
        <translation>请选择配额池的卡型。</translation>
    </message>
    <message>
        <source>Members were added but no quota pool is attached: they can do nothing yet. Attach the pool to the workspace.</source>
        <translation>已添加成员，但还没有挂接配额池：他们暂时什么也做不了。请给工作空间挂接配额池。</translation>
    </message>
    <message>
        <source>The quota pool is attached but nobody is in the workspace: it sits idle. Add the members.</source>
        <translation>配额池已挂接，但工作空间里还没有人：配额闲置。请添加成员。</translation>
    </message>
    <message>
        <source>Attaching the quota pool: %1…</source>
        <translation>正在挂接配额池：%1…</translation>
    </message>
    <message>
        <source>Entry %1: %2 is not an instance type of the catalog. Write TYPE or TYPE@ZONE, separated by commas.</source>
        <translation>第 %1 项：%2 不是目录里的实例类型。请写 类型 或 类型@可用区，用逗号分隔。</translation>
    </message>
    <message>
        <source>%1 is not an instance type of the catalog.</source>
        <translation>%1 不是目录里的实例类型。</translation>
    </message>
    <message>
        <source>no quota in %1: the workspace&apos;s quota is in %2</source>
        <translation>%1 没有配额：工作空间的配额在 %2</translation>
    </message>
    <message>
        <source>no quota for %1 cards: the workspace&apos;s pool is %2</source>
        <translation>没有 %1 卡的配额：工作空间的配额池是 %2</translation>
    </message>
    <message>
        <source>%1 card-hours left, this run needs %2 × %3 h = %4 per round</source>
        <translation>剩余 %1 卡时，本次运行每轮需要 %2 × %3 小时 = %4</translation>
    </message>
    <message>
        <source>Reading the workspace&apos;s remaining quota…</source>
        <translation>正在读取工作空间的剩余配额…</translation>
    </message>
    <message numerus="yes">
        <source>No candidate could open (%n tried):</source>
        <translation>
            <numerusform>没有候选能开通（已尝试 %n 个）：</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in %2: %3 — %4</source>
        <translation>%2 的 %1：%3 — %4</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>out of stock</source>
        <translation>无库存</translation>
    </message>
    <message>
        <source>zone refused</source>
        <translation>可用区被拒</translation>
    </message>
    <message>
        <source>quota refused</source>
        <translation>配额被拒</translation>
    </message>
    <message>
        <source>not allowed</source>
        <translation>无权限</translation>
    </message>
    <message>
        <source>opened</source>
        <translation>已开通</translation>
    </message>
    <message>
        <source>Entry %1 is not TYPE or TYPE@ZONE (letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;).</source>
        <translation>第 %1 项不是 类型 或 类型@可用区（字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;）。</translation>
    </message>
    <message>
        <source>Waiting for quota</source>
        <translation>等待配额</translation>
    </message>
    <message>
        <source>Waiting for free cards</source>
        <translation>等待空闲的卡</translation>
    </message>
    <message>
        <source>Held by a permission</source>
        <translation>因权限被扣住</translation>
    </message>
    <message>
        <source>Waiting its turn</source>
        <translation>排队等候轮到它</translation>
    </message>
    <message>
        <source>Other jobs are ahead of it (higher priority, or already on the instance); it starts when they end.</source>
        <translation>前面还有其他任务（优先级更高，或已在该实例上运行）；它们结束后本任务才会开始。</translation>
    </message>
    <message>
        <source>Nothing is wrong yet: watch the expected start. A shorter time limit or fewer cards often lets the scheduler start it sooner.</source>
        <translation>目前没有问题：留意预计开始时间。缩短时间上限或减少卡数，调度器往往能更早启动它。</translation>
    </message>
    <message>
        <source>Waiting for its own dependency</source>
        <translation>等待自身设定的依赖</translation>
    </message>
    <message>
        <source>The job depends on another job that ended in a way that can never satisfy it: it will never start.</source>
        <translation>任务依赖的另一个任务已以无法满足依赖的方式结束：它永远不会开始。</translation>
    </message>
    <message>
        <source>The job waits for a condition it set itself: another job to end, a begin time, or a hold by its owner.</source>
        <translation>任务在等待它自己设定的条件：另一个任务结束、指定的开始时间，或被其所有者挂起。</translation>
    </message>
    <message>
        <source>Cancel it and submit it again without the dependency, or after the job it needs has succeeded.</source>
        <translation>取消它，然后去掉依赖重新提交，或等它依赖的任务成功后再提交。</translation>
    </message>
    <message>
        <source>Check the job&apos;s dependency and begin time; if its owner holds it, release it (scontrol release).</source>
        <translation>检查任务的依赖和开始时间；如果被所有者挂起，就释放它（scontrol release）。</translation>
    </message>
    <message>
        <source>Waiting for the scheduler</source>
        <translation>等待调度器</translation>
    </message>
    <message>
        <source>The scheduler has not named a shortage (yet).</source>
        <translation>调度器（尚）未指出缺什么资源。</translation>
    </message>
    <message>
        <source>Wait a scheduling cycle; if it stays unexplained, ask the platform team with the job&apos;s id and the reason shown.</source>
        <translation>等一个调度周期；如果仍无解释，带上任务 ID 和显示的原因去问平台团队。</translation>
    </message>
    <message>
        <source>Expected to start by %1, when the job ahead of it reaches its time limit.</source>
        <translation>预计最晚 %1 开始，即前面的任务达到其时间上限时。</translation>
    </message>
    <message>
        <source>Expected to start at %1 (the scheduler&apos;s estimate).</source>
        <translation>预计 %1 开始（调度器的估计）。</translation>
    </message>
    <message>
        <source>It will not start until this is fixed.</source>
        <translation>此问题解决之前它不会开始。</translation>
    </message>
    <message>
        <source>No expected start is known yet.</source>
        <translation>暂不知道预计开始时间。</translation>
    </message>
    <message>
        <source>GPU health</source>
        <translation>GPU 健康</translation>
    </message>
    <message>
        <source>The cards are there, but the framework cannot use them or computes wrong results on them: its version, the driver and the accelerator library do not agree, or a card is faulty.</source>
        <translation>卡在，但框架用不了它们，或在上面算出错误结果：框架版本、驱动和加速库不匹配，或某张卡有故障。</translation>
    </message>
    <message>
        <source>The job sees fewer GPUs than the instance type promises: a CPU node, a driver that is not loaded, or cards not passed into the container.</source>
        <translation>任务看到的 GPU 比实例规格承诺的少：可能是 CPU 节点、驱动未加载，或卡没有传入容器。</translation>
    </message>
    <message>
        <source>Do not train on fewer cards than planned: run nvidia-smi on the instance, then check the driver; if a card is missing, ask the provider for another instance.</source>
        <translation>不要用少于计划的卡训练：先在实例上运行 nvidia-smi，再检查驱动；如果缺卡，请平台换一台实例。</translation>
    </message>
    <message>
        <source>A card reports uncorrected memory errors, runs too hot or has its clocks held down: its results or its speed cannot be trusted.</source>
        <translation>某张卡报告了不可纠正的显存错误、温度过高或时钟被压低：它的结果或速度都不可信。</translation>
    </message>
    <message>
        <source>Ask the provider to replace the card or the node before training, naming the card&apos;s index from the evidence; meanwhile use another instance.</source>
        <translation>训练前请平台更换这张卡或节点，并注明证据中的卡序号；在此期间改用其他实例。</translation>
    </message>
    <message>
        <source>Hung</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>Read the end of the log for the last thing it did; then stop the job and resume it from its last checkpoint. If it hangs again at a communication step, check the cards (gate 5&apos;s GPU health) and the network between nodes.</source>
        <translation>先看日志末尾它最后做了什么；然后停止任务，从最近的检查点恢复。如果又在通信步骤卡住，检查卡（第 5 道门槛的 GPU 健康）和节点间网络。</translation>
    </message>
    <message>
        <source>Low GPU utilisation</source>
        <translation>GPU 利用率低</translation>
    </message>
    <message>
        <source>Check the data read share first (gate 5&apos;s data check); then raise the loader&apos;s workers or the micro-batch if memory allows.</source>
        <translation>先查数据读取占比（第 5 道门槛的数据检查）；然后增加加载器的 worker 数，显存允许时增大微批次。</translation>
    </message>
    <message>
        <source>GPU health not reported (an older probe)</source>
        <translation>未报告 GPU 健康（旧版探针）</translation>
    </message>
    <message>
        <source>GPU health failed: %1</source>
        <translation>GPU 健康检查未通过：%1</translation>
    </message>
    <message>
        <source>no GPU, exempt as %1 (the instance type promises %2)</source>
        <translation>没有 GPU，已豁免：%1（实例规格承诺 %2 张）</translation>
    </message>
    <message>
        <source>no GPU on this instance (how many it should have was not given)</source>
        <translation>此实例没有 GPU（未给出它应有几张）</translation>
    </message>
    <message>
        <source>no GPU on this instance, and none expected</source>
        <translation>此实例没有 GPU，也不需要</translation>
    </message>
    <message>
        <source>%1 of %2 GPUs healthy: no ECC errors, normal temperature and clocks, a matmul on each</source>
        <translation>%2 张 GPU 中 %1 张健康：无 ECC 错误，温度和时钟正常，每张卡都跑通了矩阵乘法</translation>
    </message>
    <message>
        <source>%1 of %2 GPUs healthy: no ECC errors, normal temperature and clocks</source>
        <translation>%2 张 GPU 中 %1 张健康：无 ECC 错误，温度和时钟正常</translation>
    </message>
    <message>
        <source>Queued — %1: %2 %3 First: %4</source>
        <translation>排队中——%1：%2 %3 先做：%4</translation>
    </message>
    <message>
        <source>Readiness 1/4: the GPUs&apos; health, then a light training loop in the clean image…</source>
        <translation>就绪检查 1/4：先查 GPU 健康，再在干净镜像里跑一个轻量训练循环…</translation>
    </message>
    <message>
        <source>%1 on %2; %3; loss %4 → %5 over the light loop</source>
        <translation>%1，%2；%3；轻量循环的损失 %4 → %5</translation>
    </message>
    <message>
        <source>This onramp-probe does not check the GPUs: install the probe of this Onramp version where jobs run it (on a cluster, the profile&apos;s probe path), then run the checks again.</source>
        <translation>这个 onramp-probe 不检查 GPU：请在任务运行的地方安装与本版 Onramp 一致的探针（集群上即配置中的探针路径），然后重新运行检查。</translation>
    </message>
    <message>
        <source>saved to %1</source>
        <translation>已保存到 %1</translation>
    </message>
    <message>
        <source>not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>%1: checkpoint of step %2 %3</source>
        <translation>%1：第 %2 步的检查点%3</translation>
    </message>
    <message>
        <source>%1: interrupted at step %2, its checkpoint %3</source>
        <translation>%1：在第 %2 步被中断，其检查点%3</translation>
    </message>
    <message>
        <source>%1: skipped the checkpoint of step %2 (%3): %4</source>
        <translation>%1：跳过了第 %2 步的检查点（%3）：%4</translation>
    </message>
    <message>
        <source>%1: removed an unfinished checkpoint, %2</source>
        <translation>%1：删除了一个未写完的检查点：%2</translation>
    </message>
    <message numerus="yes">
        <source>Data %1: %n file(s), %2, identity %3</source>
        <translation>
            <numerusform>数据 %1：%n 个文件，%2，标识 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: the probe&apos;s plain loop trains (no framework: %2)</source>
        <translation>%1：由探针的简易循环训练（没有框架：%2）</translation>
    </message>
    <message>
        <source>%1: %2 trains with %3 %4 on %5</source>
        <translation>%1：%2 使用 %3 %4 在 %5 上训练</translation>
    </message>
    <message numerus="yes">
        <source>GPU health: %n GPU(s) found</source>
        <translation>
            <numerusform>GPU 健康：找到 %n 块 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 expected</source>
        <translation>应有 %1 块</translation>
    </message>
    <message numerus="yes">
        <source>Matrix multiply on each GPU: %n device(s)</source>
        <translation>
            <numerusform>每块 GPU 上的矩阵乘法：%n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>the Slurm test lab (scripts/slurm-cluster.sh): its GPUs are /dev/null stand-ins</source>
        <translation>Slurm 测试集群（scripts/slurm-cluster.sh）：它的 GPU 是 /dev/null 替身</translation>
    </message>
    <message>
        <source>loss decreased in the plain C++ loop</source>
        <translation>简易 C++ 循环中损失下降了</translation>
    </message>
    <message>
        <source>loss did not decrease</source>
        <translation>损失没有下降</translation>
    </message>
    <message>
        <source>data folder not readable</source>
        <translation>数据目录不可读</translation>
    </message>
    <message>
        <source>output folder not writable</source>
        <translation>输出目录不可写</translation>
    </message>
    <message>
        <source>resumed from a checkpoint and finished</source>
        <translation>从检查点恢复并跑完</translation>
    </message>
    <message>
        <source>checkpoints written</source>
        <translation>检查点已写入</translation>
    </message>
    <message>
        <source>a checkpoint could not be written</source>
        <translation>有检查点没能写入</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>no checkpoint can be loaded</source>
        <translation>没有可加载的检查点</translation>
    </message>
    <message>
        <source>loss, step time and memory reported every step</source>
        <translation>每一步都报告了损失、步耗时和内存</translation>
    </message>
    <message>
        <source>no step reported</source>
        <translation>没有报告任何一步</translation>
    </message>
    <message>
        <source>all five points passed</source>
        <translation>五项验证全部通过</translation>
    </message>
    <message>
        <source>every file read; reading is a small share of a step</source>
        <translation>每个文件都读到了；读取只占每步的一小部分</translation>
    </message>
    <message>
        <source>the sandbox: its jobs run as processes on this computer, with no cards (the card&apos;s memory is simulated)</source>
        <translation>沙箱：它的任务以进程形式跑在这台电脑上，没有真卡（显存是模拟的）</translation>
    </message>
    <message>
        <source>Does not resume itself: a preemption ends the run.</source>
        <translation>不会自动恢复：一次抢占就会结束这次运行。</translation>
    </message>
    <message numerus="yes">
        <source>Resumes itself up to %n time(s) after a preemption, an interruption by the provider or a lost node, waiting %1 s first, from its newest good checkpoint.</source>
        <translation>
            <numerusform>在被抢占、被平台中断或节点丢失后自动恢复，最多 %n 次：先等待 %1 秒，再从最新的完好检查点继续。</numerusform>
        </translation>
    </message>
    <message>
        <source>Exit codes that mean retry: %1.</source>
        <translation>表示需要重试的退出码：%1。</translation>
    </message>
    <message>
        <source>expected a whole number from 0 to %1</source>
        <translation>应为 0 到 %1 之间的整数</translation>
    </message>
    <message>
        <source>expected a list of at most %1 exit codes</source>
        <translation>应为最多 %1 个退出码的列表</translation>
    </message>
    <message>
        <source>expected exit codes from 1 to 255, each once</source>
        <translation>应为 1 到 255 之间的退出码，每个只出现一次</translation>
    </message>
    <message>
        <source>expected seconds from 0 to %1</source>
        <translation>应为 0 到 %1 之间的秒数</translation>
    </message>
    <message>
        <source>preempted</source>
        <translation>被抢占</translation>
    </message>
    <message>
        <source>interrupted by the provider</source>
        <translation>被平台中断</translation>
    </message>
    <message>
        <source>node lost</source>
        <translation>节点丢失</translation>
    </message>
    <message>
        <source>exit code listed for a retry</source>
        <translation>退出码在重试列表中</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>已成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>已失败</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>resumed from step %1</source>
        <translation>从第 %1 步恢复</translation>
    </message>
    <message>
        <source>fresh start</source>
        <translation>全新开始</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>expected an exit code from 1 to 255</source>
        <translation>应为 1 到 255 之间的退出码</translation>
    </message>
    <message>
        <source>exit code %1 is listed twice</source>
        <translation>退出码 %1 被列出了两次</translation>
    </message>
    <message>
        <source>Follow the fault plan in FILE (JSON, docs/faults.md): zones out of stock, an instance preempted at step N, a sick GPU, a hung step, slow data reads.</source>
        <translation>按 FILE 中的故障计划运行（JSON，见 docs/faults.md）：可用区缺货、实例在第 N 步被抢占、GPU 故障、某一步卡住、数据读取缓慢。</translation>
    </message>
    <message>
        <source>For images and instances: the catalog of this provider: sandbox (a fresh built-in sandbox), the https address of an Onramp API (credentials in ONRAMP_ACCESS_KEY_ID and ONRAMP_SECRET_ACCESS_KEY), or slurm+http://HOST:PORT. Without it, or when the provider does not answer, the built-in catalog; a line on stderr says which.</source>
        <translation>用于 images 和 instances：该平台的目录：sandbox（新启动的内置沙箱）、Onramp API 的 https 地址（凭据取自 ONRAMP_ACCESS_KEY_ID 和 ONRAMP_SECRET_ACCESS_KEY），或 slurm+http://HOST:PORT。不指定或平台没有应答时使用内置目录；标准错误输出中有一行说明用的是哪一个。</translation>
    </message>
    <message>
        <source>expected a list of texts</source>
        <translation>应为文本列表</translation>
    </message>
    <message>
        <source>“%1” is listed twice</source>
        <translation>“%1”出现了两次</translation>
    </message>
    <message>
        <source>expected sha256: and 64 hex digits</source>
        <translation>应为 sha256: 加 64 位十六进制数</translation>
    </message>
    <message>
        <source>not a field of a catalog</source>
        <translation>不是目录的字段</translation>
    </message>
    <message>
        <source>date unknown</source>
        <translation>日期未知</translation>
    </message>
    <message>
        <source>Built-in catalog (as of %1).</source>
        <translation>内置目录（截至 %1）。</translation>
    </message>
    <message>
        <source>Built-in catalog (as of %1); the provider&apos;s was not used: %2</source>
        <translation>内置目录（截至 %1）；未使用平台的目录：%2</translation>
    </message>
    <message>
        <source>the built-in sandbox</source>
        <translation>内置沙箱</translation>
    </message>
    <message>
        <source>the Slurm cluster %1</source>
        <translation>Slurm 集群 %1</translation>
    </message>
    <message>
        <source>the provider %1</source>
        <translation>平台 %1</translation>
    </message>
    <message>
        <source>Catalog: from %1, read %2.</source>
        <translation>目录：来自%1，读取于 %2。</translation>
    </message>
    <message>
        <source>Catalog: from %1, read %2; not read again now: %3</source>
        <translation>目录：来自%1，读取于 %2；此次未能重新读取：%3</translation>
    </message>
    <message>
        <source>The saved onboarding has a bad catalog at %1: %2</source>
        <translation>保存的引导数据中 %1 处的目录有误：%2</translation>
    </message>
    <message>
        <source>expected sandbox, onramp-api or slurm</source>
        <translation>应为 sandbox、onramp-api 或 slurm</translation>
    </message>
    <message>
        <source>expected a time</source>
        <translation>应为时间</translation>
    </message>
    <message>
        <source>The provider&apos;s catalog does not read: %1</source>
        <translation>无法读取平台的目录：%1</translation>
    </message>
    <message>
        <source>The Slurm cluster %1 has no catalog of instance types and images.</source>
        <translation>Slurm 集群 %1 没有实例规格和镜像的目录。</translation>
    </message>
    <message>
        <source>Reading the provider&apos;s catalog…</source>
        <translation>正在读取平台的目录…</translation>
    </message>
    <message>
        <source>Usage: onramp sandbox serve [--port N] [--data-dir DIR] [--review-delay SECONDS] [--faults FILE] [--catalog FILE]

serve  runs the built-in sandbox provider on loopback until interrupted and prints its URL and fresh credentials as one JSON line.
Run onramp sandbox serve --help for every option.</source>
        <translation>用法：onramp sandbox serve [--port N] [--data-dir DIR] [--review-delay SECONDS] [--faults FILE] [--catalog FILE]

serve  在本机回环地址上运行内置沙箱平台直到被中断，并以一行 JSON 打印其地址和新生成的凭据。
运行 onramp sandbox serve --help 查看全部选项。</translation>
    </message>
    <message>
        <source>Serve the instance types and images in FILE (JSON: {&quot;instances&quot;: […], &quot;images&quot;: […]}, the shape of resources/catalog/) instead of the built-in catalog.</source>
        <translation>提供 FILE 中的实例规格和镜像（JSON：{&quot;instances&quot;: […], &quot;images&quot;: […]}，格式同 resources/catalog/），而不是内置目录。</translation>
    </message>
    <message>
        <source>job %1: %2, last step logged %3 (%4)</source>
        <translation>任务 %1：%2，最后记录的步数 %3（%4）</translation>
    </message>
    <message>
        <source> — the provider says: %1</source>
        <translation> —— 平台说明：%1</translation>
    </message>
    <message>
        <source>attempt %1: %2</source>
        <translation>第 %1 次尝试：%2</translation>
    </message>
    <message>
        <source>The first run stopped (%1); submitting it again in %2 s to resume from its newest checkpoint (restart %3 of %4)…</source>
        <translation>首次运行已停止（%1）；%2 秒后重新提交，从最新的检查点恢复（第 %3 次重启，共 %4 次）…</translation>
    </message>
    <message>
        <source>&lt;1 ms</source>
        <translation>不到 1 毫秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 gradients as stated</source>
        <translation>按设定使用 %1 梯度</translation>
    </message>
    <message>
        <source>%1: %2 gradients</source>
        <translation>%1：%2 梯度</translation>
    </message>
    <message>
        <source>16-bit</source>
        <translation>16 位</translation>
    </message>
    <message>
        <source> incl. fp32 main gradients (%1)</source>
        <translation>（含 fp32 主梯度，%1）</translation>
    </message>
    <message>
        <source>frozen linear %1 B/param + other %2 B/param + adapters %3 B/param (%4 M adapter params)</source>
        <translation>冻结的线性层 %1 B/参数 + 其他 %2 B/参数 + 适配器 %3 B/参数（适配器参数 %4 M）</translation>
    </message>
    <message>
        <source>adapters only: %1 B × %2 M</source>
        <translation>仅适配器：%1 B × %2 M</translation>
    </message>
    <message>
        <source>optimizer steps in backward: one layer of gradients</source>
        <translation>优化器在反向传播中逐层更新：只存一层梯度</translation>
    </message>
    <message>
        <source>offloaded to CPU memory</source>
        <translation>卸载到 CPU 内存</translation>
    </message>
    <message>
        <source>offloaded to CPU memory with the optimizer</source>
        <translation>随优化器卸载到 CPU 内存</translation>
    </message>
    <message>
        <source> + 2 gathered layers (%1 GiB)</source>
        <translation> + 2 个聚合层（%1 GiB）</translation>
    </message>
    <message>
        <source>s·b·h·%1·L (layer inputs kept) + s·b·h·%2 (one layer recomputed)</source>
        <translation>s·b·h·%1·L（保留各层输入）+ s·b·h·%2（重算一层）</translation>
    </message>
    <message>
        <source> ×2 for fp32</source>
        <translation> ×2（fp32）</translation>
    </message>
    <message>
        <source> (sequence parallel: norms and block inputs / t too)</source>
        <translation>（序列并行：归一化和块输入也除以 t）</translation>
    </message>
    <message>
        <source>, offloaded to CPU memory but for 2 layers in flight</source>
        <translation>，卸载到 CPU 内存，仅保留正在计算的 2 层</translation>
    </message>
    <message>
        <source> + logits %1·s·b·V</source>
        <translation> + logits %1·s·b·V</translation>
    </message>
    <message>
        <source> + one dequantized layer</source>
        <translation> + 一个反量化层</translation>
    </message>
    <message>
        <source>; gradients are held meanwhile (%1)</source>
        <translation>；其间梯度一直保留（%1）</translation>
    </message>
    <message>
        <source>zeroed, not freed</source>
        <translation>清零而未释放</translation>
    </message>
    <message>
        <source>; the peak is the optimizer step</source>
        <translation>；峰值出现在优化器步</translation>
    </message>
    <message>
        <source>%1 GiB at the start of backward (%2), all freed by the optimizer step, the peak</source>
        <translation>反向传播开始时 %1 GiB（%2），到优化器步（峰值）时已全部释放</translation>
    </message>
    <message>
        <source>none yet at the peak (the loss&apos;s backward); %1 GiB by the end of backward: %2</source>
        <translation>峰值（损失的反向传播）时尚无；反向传播结束时 %1 GiB：%2</translation>
    </message>
    <message>
        <source>the output layer&apos;s only at the peak; %1 GiB by the end of backward: %2</source>
        <translation>峰值时只有输出层的；反向传播结束时 %1 GiB：%2</translation>
    </message>
    <message>
        <source>context %1 GiB + 10 % of activations and gradients (allocator fragmentation)</source>
        <translation>上下文 %1 GiB + 激活与梯度的 10%（分配器碎片）</translation>
    </message>
    <message>
        <source>Nobody in the team is a developer, so nobody can try the acceptance check “a developer submits a light job and sees its log”. Make one member a developer.</source>
        <translation>团队里没有开发者，没人能做验收检查“开发者提交一个轻量任务并看到它的日志”。请把一名成员设为开发者。</translation>
    </message>
    <message>
        <source>Nobody in the team is an observer, so nobody can try the acceptance check “an observer&apos;s submit is refused”. Make one member an observer.</source>
        <translation>团队里没有观察者，没人能做验收检查“观察者提交任务被拒绝”。请把一名成员设为观察者。</translation>
    </message>
    <message>
        <source>%1 per step</source>
        <translation>每步 %1</translation>
    </message>
    <message>
        <source>Step times are steady (%1): nothing is making steps wait.</source>
        <translation>步耗时稳定（%1）：没有东西让训练步等待。</translation>
    </message>
    <message>
        <source>The job runs but has made no step for %1, more than %2 times its usual step (%3): a collective waiting for a card or a node that is gone, a stuck data loader, or a deadlock.</source>
        <translation>任务在运行，但已 %1 没有完成一步，超过其通常步时（%3）的 %2 倍：可能是集合通信在等一张已掉线的卡或节点、数据加载器卡住，或死锁。</translation>
    </message>
    <message>
        <source>The cards have been busy only %1 % of the time over the last %2: they wait for data, the CPU or communication.</source>
        <translation>最近 %2 里卡只有 %1% 的时间在忙：它们在等数据、CPU 或通信。</translation>
    </message>
    <message>
        <source>A step takes %1, %2 times the plan&apos;s %3.</source>
        <translation>一步耗时 %1，是规划值 %3 的 %2 倍。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a readiness check: its evidence</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Refused as expected: the provider answered %1 “%2” may not “%3” (HTTP %4).</source>
        <translation>按预期被拒绝：平台答复%1“%2”不能“%3”（HTTP %4）。</translation>
    </message>
    <message>
        <source>; requeued by the provider itself %1×, under the same job, %2</source>
        <translation>；平台自行重新排队 %1 次（同一任务），%2</translation>
    </message>
    <message>
        <source>Requeued, held until its begin time</source>
        <translation>已重新排队，等到开始时间</translation>
    </message>
    <message>
        <source>The provider stopped this job and queued it again itself (a failed node, a preemption or an administrator&apos;s requeue); it holds a requeued job a short while before starting it again.</source>
        <translation>平台停止了这个任务并自行重新排队（节点故障、抢占或管理员的重新排队）；重新排队的任务要先等一小段时间才会再次启动。</translation>
    </message>
    <message>
        <source>Nothing to do: it starts again by itself and resumes from its newest checkpoint. If it keeps being requeued, ask the platform team why (the job&apos;s id and this reason).</source>
        <translation>无需操作：它会自行再次启动，并从最新的检查点恢复。如果反复被重新排队，请带上任务编号和这条原因询问平台团队。</translation>
    </message>
    <message>
        <source>Waiting for nodes that are down or drained</source>
        <translation>等待宕机或已排空的节点</translation>
    </message>
    <message>
        <source>The nodes that could run it are down, drained for maintenance or reserved: the cards exist, but none can take the job now, and more quota will not help.</source>
        <translation>能运行它的节点已宕机、因维护被排空或已被预留：卡是有的，但现在没有一台能接这个任务，增加配额也无济于事。</translation>
    </message>
    <message>
        <source>Ask the cluster&apos;s administrators when the nodes come back (sinfo -R lists why each is out); fewer cards or another partition may start it sooner.</source>
        <translation>询问集群管理员这些节点何时恢复（sinfo -R 会列出每个节点停用的原因）；少要几张卡或换一个分区可能更早启动。</translation>
    </message>
    <message>
        <source>The cluster&apos;s nodes for this job are down, drained or reserved: %1. Ask the cluster&apos;s administrators when they come back (sinfo -R lists why each is out), or ask for fewer GPUs.</source>
        <translation>集群中适合这个任务的节点已宕机、被排空或已被预留：%1。请询问集群管理员何时恢复（sinfo -R 会列出每个节点停用的原因），或少要几张 GPU。</translation>
    </message>
    <message>
        <source>In progress: the provider accepted it on %1, but the gate cannot pass yet. %2</source>
        <translation>进行中：平台已于 %1 认可，但本门槛暂时还不能通过。%2</translation>
    </message>
    <message>
        <source>Passed on %1. Acceptor: %2. Evidence: %3</source>
        <translation>已于 %1 通过。验收人：%2。证据：%3</translation>
    </message>
    <message>
        <source>Steps take %1 on average: too short for their swings to tell anything.</source>
        <translation>每步平均耗时%1：太短了，步耗时的波动说明不了什么。</translation>
    </message>
    <message>
        <source>Read the pattern on a run with longer steps, such as the first run.</source>
        <translation>请在每步更长的运行（比如首次运行）上看这个规律。</translation>
    </message>
    <message>
        <source>Step times vary a little (%1 %).</source>
        <translation>步耗时有少许波动（%1%）。</translation>
    </message>
    <message>
        <source>The evidence was written before the change that sent this gate back to in progress: run the acceptance checks again and replace the evidence with what they show now.</source>
        <translation>这份证据写于让本门槛重回进行中的那次改动之前：请重新运行验收项，并用它们现在的结果替换证据。</translation>
    </message>
    <message>
        <source>pretraining from scratch</source>
        <translation>从头预训练</translation>
    </message>
    <message>
        <source>full fine-tuning</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <source>single device</source>
        <translation>单设备</translation>
    </message>
    <message>
        <source>data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>tensor parallel %1 × pipeline %2</source>
        <translation>张量并行 %1 × 流水线并行 %2</translation>
    </message>
    <message>
        <source>received, not trained with: this run trained %1 (the first run&apos;s small trainer); the value is the planned run&apos;s</source>
        <translation>已收到，但未用于训练：本次运行用的是 %1（首次运行的小型训练程序）；该值属于计划中的正式运行</translation>
    </message>
    <message>
        <source>a chunked loss</source>
        <translation>分块计算损失</translation>
    </message>
    <message>
        <source>activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source> (bitsandbytes: quantized layers keep their inputs)</source>
        <translation>（bitsandbytes：量化层保留其输入）</translation>
    </message>
    <message>
        <source> + foreach AdamW&apos;s temporary at the step (%1 GiB, one moment)</source>
        <translation> + 逐组（foreach）AdamW 在优化器步骤中的临时张量（%1 GiB，一份矩估计）</translation>
    </message>
    <message>
        <source>The cluster cannot take the coordinator role from %1 through slurmrestd. Ask the cluster&apos;s administrator to run “sacctmgr remove coordinator account=%2 names=%1”, then set the workspace up again.</source>
        <translation>集群无法通过 slurmrestd 取消 %1 的协调人（coordinator）身份。请集群管理员运行“sacctmgr remove coordinator account=%2 names=%1”，然后重新设置工作空间。</translation>
    </message>
    <message>
        <source>Changing %1 from %2 to %3…</source>
        <translation>正在将 %1 从%2改为%3…</translation>
    </message>
    <message>
        <source>Setting %1&apos;s role to %2…</source>
        <translation>正在将 %1 的角色设为%2…</translation>
    </message>
    <message>
        <source>Removing %1 from the workspace…</source>
        <translation>正在将 %1 移出工作空间…</translation>
    </message>
    <message>
        <source>The provider does not have the members as the table shows them yet (%1): set the workspace up again first, so that the checks try the roles in the table.</source>
        <translation>平台那里的成员还不是表中的样子（%1）：请先重新设置工作空间，让验收检查按表中的角色进行。</translation>
    </message>
    <message>
        <source>Nobody in the workspace is a developer.</source>
        <translation>工作空间里没有开发者。</translation>
    </message>
    <message>
        <source>Nobody in the workspace is an observer, so there is no submit to refuse.</source>
        <translation>工作空间里没有观察者，因此没有可被拒绝的提交。</translation>
    </message>
    <message>
        <source>expected admin, developer or observer</source>
        <translation>应为 admin、developer 或 observer</translation>
    </message>
    <message>
        <source>The %1 file %2 is not a PDF or an image: its content reads as %3. Attach the scan or the signed PDF itself.</source>
        <translation>%1文件 %2 不是 PDF 或图片：按内容识别为 %3。请附上扫描件或签好的 PDF 本身。</translation>
    </message>
    <message>
        <source>The application was for %1; gate 2&apos;s pool is now %2. Apply again for the new pool: a grant is for the pool it was asked for.</source>
        <translation>此前的申请针对 %1；第 2 道门槛的配额池现在是 %2。请为新配额池重新申请：批下的配额只对申请时的配额池有效。</translation>
    </message>
    <message>
        <source>No zone has these cards free now. An instance opens only in the quota pool&apos;s zone (%1), chosen on gate 2: wait for stock there and create again, or go back to gate 2 and choose a pool with another card type.</source>
        <translation>现在没有哪个可用区有这种卡空闲。实例只能在配额池的可用区（%1）开通，它在第 2 道门槛选定：请等那里补货后再创建，或回到第 2 道门槛选一个别的卡型的配额池。</translation>
    </message>
    <message>
        <source>They are free now in %1. An instance opens only in the quota pool&apos;s zone (%2), chosen on gate 2: go back to gate 2 and choose a pool in one of those zones, or wait for stock in %2 and create again.</source>
        <translation>现在有空闲的可用区：%1。实例只能在配额池的可用区（%2）开通，它在第 2 道门槛选定：请回到第 2 道门槛，在其中一个可用区选配额池，或等 %2 补货后再创建。</translation>
    </message>
    <message>
        <source>The provider lists no free %1 cards in %2, nor in any other zone: gate 4 can open an instance only in the pool&apos;s zone, so it will wait for stock. Choose a card type that is free now, or try again later.</source>
        <translation>平台在 %2 没有列出空闲的 %1 卡，其他可用区也没有：第 4 道门槛只能在配额池的可用区开通实例，只能等库存。请换一种现在有空闲的卡型，或稍后再试。</translation>
    </message>
    <message>
        <source>The provider lists no free %1 cards in %2: gate 4 can open an instance only in the pool&apos;s zone. They are free now in %3: choose one of those zones for the pool, or wait for stock in %2.</source>
        <translation>平台在 %2 没有列出空闲的 %1 卡：第 4 道门槛只能在配额池的可用区开通实例。现在有空闲的可用区：%3。请为配额池选其中一个可用区，或等待 %2 补货。</translation>
    </message>
    <message>
        <source>nested too deeply</source>
        <translation>嵌套层数过多</translation>
    </message>
    <message>
        <source>unknown field in a text</source>
        <translation>文本中有未知字段</translation>
    </message>
    <message>
        <source>expected a count of 0 or more</source>
        <translation>应为 0 或更大的计数</translation>
    </message>
    <message>
        <source>not started</source>
        <comment>gate status, mid-sentence</comment>
        <translation>未开始</translation>
    </message>
    <message>
        <source>in progress</source>
        <comment>gate status, mid-sentence</comment>
        <translation>进行中</translation>
    </message>
    <message>
        <source>waiting</source>
        <comment>gate status, mid-sentence</comment>
        <translation>等待中</translation>
    </message>
    <message>
        <source>passed</source>
        <comment>gate status, mid-sentence</comment>
        <translation>已通过</translation>
    </message>
    <message>
        <source>rejected</source>
        <comment>gate status, mid-sentence</comment>
        <translation>被退回</translation>
    </message>
    <message numerus="yes">
        <source>resumed itself %n time(s)</source>
        <translation>
            <numerusform>已自动恢复 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>Last reviewed by %1 on %2; nothing has changed since.</source>
        <translation>上次由 %1 于 %2 审核，此后没有变更。</translation>
    </message>
    <message>
        <source>Last reviewed by %1 on %2; changed since, as listed above.</source>
        <translation>上次由 %1 于 %2 审核，此后有变更，见上方列表。</translation>
    </message>
    <message>
        <source>Not reviewed yet.</source>
        <translation>尚未审核。</translation>
    </message>
    <message>
        <source>The team lead reviews the matrix as it stands and presses “Mark reviewed”.</source>
        <translation>请团队负责人按当前状态审核矩阵，然后点击“标记为已审核”。</translation>
    </message>
    <message>
        <source>Gate 2 passes once the team lead has reviewed this matrix as it stands: name yourself as the reviewer and press “Mark reviewed”.</source>
        <translation>团队负责人按当前状态审核此矩阵后，第 2 道门槛才能通过：请将自己填为审核人，然后点击“标记为已审核”。</translation>
    </message>
    <message>
        <source>The team lead has not reviewed the role matrix yet: on gate 2&apos;s page, under “Team lead&apos;s review”, the team lead checks the members, roles and permissions, names themselves as the reviewer and presses “Mark reviewed”.</source>
        <translation>团队负责人尚未审核角色矩阵：请团队负责人在第 2 道门槛页面的“团队负责人审核”中核对成员、角色和权限，将自己填为审核人，然后点击“标记为已审核”。</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <comment>a run: model (method, precision)</comment>
        <translation>%1（%2，%3）</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <comment>cards: count × model</comment>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>the CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Why: the provider&apos;s first run is a small stand-in (%1): it proves the image, the data, checkpoints and metrics end to end in minutes, and does not train the planned model.</source>
        <translation>原因：平台上的首次运行是一个小型替身（%1）：它在几分钟内端到端验证镜像、数据、检查点和指标，并不训练计划中的模型。</translation>
    </message>
    <message>
        <source>Why: the first run&apos;s trainer reported another configuration than the plan.</source>
        <translation>原因：首次运行的训练程序报告的配置与计划不同。</translation>
    </message>
    <message>
        <source>A stand-in for the planned run: what ran is %1 on %2; the planned run is %3. %4</source>
        <translation>这是计划运行的替身：实际运行的是 %1，运行于 %2；计划运行是 %3。%4</translation>
    </message>
    <message>
        <source>Resolve the blocking findings first: a review signs off the matrix as it will be set up.</source>
        <translation>请先解决阻断性问题：审核签认的是将要实际设置的权限矩阵。</translation>
    </message>
    <message>
        <source>We apply for %1 card-hours of %2 in region %3, zone %4, for %5, from %6 to %7.</source>
        <translation>我们申请地域 %3、可用区 %4 的 %2 共 %1 卡时，用于%5，周期为 %6 至 %7。</translation>
    </message>
    <message>
        <source>no project</source>
        <translation>无项目</translation>
    </message>
    <message>
        <source>- share changed: %1, %2 % → %3 %</source>
        <translation>- 分配变更：%1，%2% → %3%</translation>
    </message>
    <message>
        <source>- projects changed: %1, %2 → %3</source>
        <translation>- 项目变更：%1，%2 → %3</translation>
    </message>
    <message>
        <source>- name changed: %1 → %2</source>
        <translation>- 姓名变更：%1 → %2</translation>
    </message>
    <message>
        <source>gate %1 “%2” is no longer passed (it is %3 now), so this gate&apos;s entry condition does not hold any more. Its own evidence still stands: it passes again by itself once gate %1 passes again.</source>
        <translation>第 %1 道门槛“%2”已不再是“已通过”（现为“%3”），本门槛的准入条件不再满足。本门槛自己的证据仍然有效：第 %1 道门槛重新通过后，本门槛会自动恢复为“已通过”。</translation>
    </message>
    <message>
        <source>It went back to in progress on %1 and passed again on %2. Why it went back: %3</source>
        <translation>本门槛曾于 %1 退回进行中，并于 %2 重新通过。退回原因：%3</translation>
    </message>
    <message>
        <source>First (one round + margin)</source>
        <translation>首次（一轮 + 余量）</translation>
    </message>
    <message>
        <source>Follow-up</source>
        <translation>后续</translation>
    </message>
    <message>
        <source>Q%1 %2</source>
        <extracomment>A calendar quarter: %1 its number (1–4), %2 the year. zh: &quot;%2年第%1季度&quot;.</extracomment>
        <translation>%2年第%1季度</translation>
    </message>
    <message>
        <source>Correct the training setup (%1): %2.</source>
        <translation>请修正训练配置（%1）：%2。</translation>
    </message>
    <message>
        <source>pre-training</source>
        <translation>预训练</translation>
    </message>
    <message>
        <source>fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>evaluation</source>
        <translation>评测</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Correct the quota plan: %1.</source>
        <translation>请修正配额计划：%1。</translation>
    </message>
    <message>
        <source>%1 The application is for gate 2&apos;s quota pool: attach it there first.</source>
        <translation>%1申请针对的是第 2 道门槛的配额池：请先在那里挂接。</translation>
    </message>
    <message>
        <source>%1 Gate 3 applies for card-hours in this pool, and gate 4 opens instances only there.</source>
        <translation>%1第 3 道门槛为这个池申请卡时，第 4 道门槛只在这里开通实例。</translation>
    </message>
    <message numerus="yes">
        <source>This gate still has %n blocking finding(s) to resolve first: %1</source>
        <translation>
            <numerusform>这道门槛还有 %n 个阻断问题需要先解决：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>software: name version</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>The stand-in read %1 and ran with %2; the planned run reads %3 and runs with %4 (image %5).</source>
        <translation>替身读取的数据是 %1，运行环境是 %2；计划运行读取 %3，运行环境是 %4（镜像 %5）。</translation>
    </message>
    <message>
        <source>instance type</source>
        <translation>实例规格</translation>
    </message>
    <message>
        <source>zone</source>
        <translation>可用区</translation>
    </message>
    <message>
        <source>output path</source>
        <translation>产出路径</translation>
    </message>
    <message>
        <source>scratch path</source>
        <translation>临时目录</translation>
    </message>
    <message>
        <source>launch entry</source>
        <translation>启动入口</translation>
    </message>
    <message>
        <source>key parameters</source>
        <translation>关键参数</translation>
    </message>
    <message>
        <source>environment fingerprint</source>
        <translation>环境指纹</translation>
    </message>
    <message>
        <source>parallelism and sharding</source>
        <translation>并行与分片方式</translation>
    </message>
    <message>
        <source>batch shape</source>
        <translation>批次形状</translation>
    </message>
    <message>
        <source>loss curve</source>
        <translation>损失曲线</translation>
    </message>
    <message>
        <source>gate %1 “%2”</source>
        <translation>第 %1 道门槛“%2”</translation>
    </message>
    <message>
        <source>The job needs %1 GiB per card but the %2 has %3 GB. Pick a larger card or more cards with sharding, or apply the memory suggestions.</source>
        <translation>任务每卡需要 %1 GiB，但 %2 只有 %3 GB。请换更大的卡、用分片增加卡数，或采纳显存建议。</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Micro-batch per card</source>
        <translation>每卡微批</translation>
    </message>
    <message>
        <source>Chunked loss</source>
        <translation>分块损失</translation>
    </message>
    <message>
        <source>Gradient checkpointing</source>
        <translation>梯度检查点</translation>
    </message>
    <message>
        <source>FlashAttention-2 / fused attention</source>
        <translation>FlashAttention-2 / 融合注意力</translation>
    </message>
    <message>
        <source>Data-parallel sharding</source>
        <translation>数据并行分片</translation>
    </message>
    <message>
        <source>Offload activations</source>
        <translation>卸载激活值</translation>
    </message>
    <message>
        <source>CPU offload</source>
        <translation>CPU 卸载</translation>
    </message>
    <message numerus="yes">
        <source>The instance type fixes the card count: choose one with %n card(s) or more under “5. Instance type and image”.</source>
        <translation>
            <numerusform>卡数由实例规格决定：请在“5. 实例规格与镜像”中选择至少有 %n 张卡的规格。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cards in the job</source>
        <translation>任务卡数</translation>
    </message>
    <message>
        <source>Sets %1 in “1. Model and training setup”.</source>
        <translation>设置“1. 模型与训练配置”中的%1。</translation>
    </message>
    <message>
        <source>, </source>
        <comment>list separator</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>%1 in region %2, zone %3</source>
        <translation>地域 %2、可用区 %3 的 %1</translation>
    </message>
    <message>
        <source>Creating an instance of %1 in %2…</source>
        <translation>正在 %2 创建 %1 实例…</translation>
    </message>
    <message numerus="yes">
        <source>Role matrix of %n member(s) reviewed by %1 on %2</source>
        <translation>
            <numerusform>%1 已于 %2 审核 %n 名成员的角色矩阵</numerusform>
        </translation>
    </message>
    <message>
        <source>data it did not record</source>
        <translation>未记录的数据</translation>
    </message>
    <message>
        <source>software it did not record</source>
        <translation>未记录的软件</translation>
    </message>
    <message>
        <source>data gate 4 does not name</source>
        <translation>第 4 道门槛未指定的数据</translation>
    </message>
    <message>
        <source>software gate 4 does not name</source>
        <translation>第 4 道门槛未指定的软件</translation>
    </message>
    <message>
        <source>not named</source>
        <translation>未指定</translation>
    </message>
    <message>
        <source>The summary cannot open yet. %1</source>
        <translation>总结页还不能打开。%1</translation>
    </message>
    <message>
        <source>Gate %1 “%2” cannot open yet: gate %3 “%4” is %5. Get it accepted first.</source>
        <translation>第 %1 道门槛“%2”还不能打开：第 %3 道门槛“%4”当前为“%5”。请先让它通过验收。</translation>
    </message>
    <message>
        <source>Next is locked. %1</source>
        <translation>暂不能进入下一步。%1</translation>
    </message>
    <message>
        <source>Written: %1</source>
        <translation>已写入：%1</translation>
    </message>
    <message>
        <source>pytorch, deepspeed, megatron or llmc: whose mixed-precision conventions (gradient dtype, master weights, activations) to count. Default: deepspeed with --zero, megatron with --tp, --pp or --sequence-parallel, else pytorch.</source>
        <translation>pytorch、deepspeed、megatron 或 llmc：按哪一家的混合精度约定（梯度类型、主权重、激活）计算。默认：给了 --zero 时为 deepspeed，给了 --tp、--pp 或 --sequence-parallel 时为 megatron，否则为 pytorch。</translation>
    </message>
    <message>
        <source>Gate 3&apos;s plan is for %1 cards per run, but this job uses %2. The card-hours applied for are derived from %1: set “Cards in the job” (or the instance type) to %1, or change the cards per run in gate 3.</source>
        <translation>第 3 道门槛的计划是每次运行 %1 张卡，但这个任务用 %2 张。申请的卡时是按 %1 张推导的：请把“任务卡数”（或实例规格）改为 %1，或在第 3 道门槛修改单次卡数。</translation>
    </message>
    <message>
        <source>%1 is an observer with a %2 % share, but observers cannot submit jobs: those card-hours would sit idle. Give the share to a developer, or make %1 a developer.</source>
        <translation>%1 是观察者，却分到了 %2% 的份额；观察者不能提交任务，这部分卡时会闲置。请把份额分给开发者，或把 %1 设为开发者。</translation>
    </message>
    <message>
        <source>This replay cannot accept gate 6.</source>
        <translation>这次重跑不能验收第 6 道门槛。</translation>
    </message>
    <message>
        <source>Gate 6: not accepted. %1</source>
        <translation>第 6 道门槛：未通过验收。%1</translation>
    </message>
    <message>
        <source>Offload the optimizer state to CPU memory with DeepSpeed ZeRO-Offload (ZeRO stage 2 on one card)</source>
        <translation>用 DeepSpeed ZeRO-Offload 把优化器状态卸载到 CPU 内存（单卡上的 ZeRO stage 2）</translation>
    </message>
    <message numerus="yes">
        <source>counted as the spec was recorded, with the data&apos;s manifest.json; Onramp now leaves it out, as gates 4 and 5 count (%n file(s))</source>
        <translation>
            <numerusform>按运行说明记录时的方式计数，包含数据的 manifest.json；Onramp 现在与第 4、5 道门槛一样不计入它（%n 个文件）</numerusform>
        </translation>
    </message>
    <message>
        <source>not recorded, not compared: neither the spec nor this run records it</source>
        <translation>未记录，未比较：运行说明和这次运行都没有记录它</translation>
    </message>
    <message>
        <source>%1; the planned run uses %2 %3 (its image), which this replay of the stand-in does not check</source>
        <translation>%1；计划运行使用 %2 %3（其镜像），这次对替身的重跑不检查这一点</translation>
    </message>
    <message>
        <source>as the stand-in ran</source>
        <translation>与替身运行时一致</translation>
    </message>
    <message>
        <source>Gate %1 “%2” cannot pass while %3. Get that accepted first.</source>
        <translation>第 %1 道门槛“%2”在%3时不能通过。请先让那道门槛通过验收。</translation>
    </message>
    <message>
        <source>Nobody in the workspace could yet: on gate 2&apos;s page, add a member who took no part, in a role that may submit jobs.</source>
        <translation>工作空间里暂时没有人可以：请在第 2 道门槛的页面上添加一位未参与、且其角色可以提交任务的成员。</translation>
    </message>
    <message>
        <source>Who could replay: %1.</source>
        <translation>可以重跑的人：%1。</translation>
    </message>
    <message>
        <source>ran the first run</source>
        <translation>运行了首次运行</translation>
    </message>
    <message>
        <source>reviewed gate 2&apos;s role matrix</source>
        <translation>审核了第 2 道门槛的角色矩阵</translation>
    </message>
    <message>
        <source>ran gate 2&apos;s and gate 5&apos;s check jobs</source>
        <translation>运行了第 2 道和第 5 道门槛的检查任务</translation>
    </message>
    <message>
        <source>ran gate 2&apos;s check jobs</source>
        <translation>运行了第 2 道门槛的检查任务</translation>
    </message>
    <message>
        <source>ran gate 5&apos;s check jobs</source>
        <translation>运行了第 5 道门槛的检查任务</translation>
    </message>
    <message>
        <source>%1 is not a member of workspace %2: a replay accepts gate 6 only from a member who may submit jobs there.</source>
        <translation>%1 不是工作空间 %2 的成员：只有能在该空间提交任务的成员，其重跑才能验收第 6 道门槛。</translation>
    </message>
    <message>
        <source>%1&apos;s role in workspace %2, %3, may not “%4”: their replay cannot run there, so it cannot accept gate 6.</source>
        <translation>%1 在工作空间 %2 中的角色是%3，不能“%4”：其重跑无法在那里运行，因此不能验收第 6 道门槛。</translation>
    </message>
    <message>
        <source>A provider is sandbox, the https address of an Onramp API (with ONRAMP_ACCESS_KEY_ID, ONRAMP_SECRET_ACCESS_KEY and ONRAMP_REGION, default cn-north), or slurm+http://HOST:PORT.</source>
        <translation>平台可以是 sandbox、Onramp API 的 https 地址（配合 ONRAMP_ACCESS_KEY_ID、ONRAMP_SECRET_ACCESS_KEY 和 ONRAMP_REGION，默认 cn-north），或 slurm+http://HOST:PORT。</translation>
    </message>
    <message>
        <source>Set ONRAMP_ACCESS_KEY_ID and ONRAMP_SECRET_ACCESS_KEY to your access key for %1.</source>
        <translation>请把 ONRAMP_ACCESS_KEY_ID 和 ONRAMP_SECRET_ACCESS_KEY 设为你在 %1 的访问密钥。</translation>
    </message>
    <message>
        <source>--provider: a provider&apos;s catalog lists images and instances; the %1 listed are Onramp&apos;s built-in ones.</source>
        <translation>--provider：平台的目录只列镜像和实例；这里列出的 %1 是 Onramp 内置的。</translation>
    </message>
    <message>
        <source>tight: may still run out of memory; %1</source>
        <translation>偏紧：仍可能显存不足；%1</translation>
    </message>
    <message>
        <source>“%1” could be %2: give one of them</source>
        <translation>“%1”可能指 %2：请给出其中一个</translation>
    </message>
    <message>
        <source>accepted gate %1</source>
        <translation>验收了第 %1 道门槛</translation>
    </message>
    <message>
        <source>%1 took part in this onboarding (%2): a colleague who took no part replays it.</source>
        <translation>%1 参与了这次开通（%2）：应由未参与的同事来重跑。</translation>
    </message>
    <message>
        <source>The replay names no one: a colleague who took no part in the onboarding replays it under their own account.</source>
        <translation>这次重跑没有写明是谁：应由未参与这次开通的同事用自己的账号重跑。</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <comment>two clauses of a list</comment>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>Gate 6: this replay would accept it (%1). The --state file is only read: to record the acceptance, open this spec with “Open a handoff spec…” in the wizard on that onboarding.</source>
        <translation>第 6 道门槛：这次重跑可以验收它（%1）。--state 文件只读不写：要记录这次验收，请在该开通进度上打开向导，用“打开运行说明…”打开这份运行说明。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences, one after the other</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>two clauses of one sentence</comment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a label and its text</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1:</source>
        <comment>a field&apos;s caption</comment>
        <translation>%1：</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a remark after what it is about</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>two items of a list</comment>
        <translation>%1、%2</translation>
    </message>
    <message>
        <source>The members&apos; shares add up to %1 %, more than the whole quota. Lower them in the Share % column.</source>
        <translation>成员份额合计 %1%，超过了全部配额。请在“份额 %”一列调低。</translation>
    </message>
    <message>
        <source>The members&apos; shares add up to %1 %, not 100 %: %2 % of the quota is nobody&apos;s. Give it to someone in the Share % column, or set every share to 0 to leave the quota unsplit.</source>
        <translation>成员份额合计 %1%，不是 100%：有 %2% 的配额没有分给任何人。请在“份额 %”一列分给某位成员，或把所有份额都设为 0，表示配额不拆分。</translation>
    </message>
    <message>
        <source>Estimate GPU memory per card for a training setup.

Exit status: 0 fits on the card (with headroom or tightly), 1 does not fit or is not supported on the card (bf16, FP8 or FlashAttention-2 it cannot run; every such thing is named), 2 invalid input or an unreadable --provider.</source>
        <translation>估算某个训练配置下每张卡的显存。

退出状态：0 表示这张卡放得下（有余量或偏紧）；1 表示放不下，或这张卡不支持（它无法运行的 bf16、FP8 或 FlashAttention-2，逐项列出）；2 表示输入无效或 --provider 无法读取。</translation>
    </message>
    <message>
        <source>Count and suggest only the cards this provider&apos;s catalog offers in its instance types: sandbox (a fresh built-in sandbox), the https address of an Onramp API (credentials in ONRAMP_ACCESS_KEY_ID and ONRAMP_SECRET_ACCESS_KEY), or slurm+http://HOST:PORT. When the provider does not answer, the built-in catalog&apos;s instance types; a line on stderr says which catalog was used. Without it, every card Onramp knows.</source>
        <translation>只统计并推荐该平台目录中实例类型所提供的卡：sandbox（新启动的内置沙箱）、Onramp API 的 https 地址（凭据取自 ONRAMP_ACCESS_KEY_ID 和 ONRAMP_SECRET_ACCESS_KEY），或 slurm+http://HOST:PORT。平台没有应答时使用内置目录的实例类型；标准错误输出中有一行说明用的是哪个目录。不指定时列出 Onramp 知道的所有卡。</translation>
    </message>
    <message>
        <source>Smallest card count that fits, on the cards this catalog offers:</source>
        <translation>放得下所需的最少卡数（仅限该目录提供的卡）：</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences in a row</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>Not supported on this card: %1 Nearest card that supports all of them: %2.</source>
        <translation>此卡不支持：%1全部都支持的最接近的卡：%2。</translation>
    </message>
    <message>
        <source>Not supported on this card: %1 No card in the catalog supports all of them.</source>
        <translation>此卡不支持：%1目录中没有全部都支持的卡。</translation>
    </message>
    <message>
        <source>Say who replays with --as MEMBER.</source>
        <translation>请用 --as MEMBER 写明由谁重跑。</translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s)</source>
        <translation>
            <numerusform>%n 字节</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <comment>a file: its name (its kind, its size)</comment>
        <translation>%1（%2，%3）</translation>
    </message>
    <message>
        <source>micro-batch received by the job</source>
        <translation>任务收到的微批大小</translation>
    </message>
    <message>
        <source>sequence length received by the job</source>
        <translation>任务收到的序列长度</translation>
    </message>
    <message>
        <source>gradient accumulation received by the job</source>
        <translation>任务收到的梯度累积</translation>
    </message>
    <message>
        <source>seed received by the job</source>
        <translation>任务收到的随机种子</translation>
    </message>
    <message>
        <source>parameter %1 received by the job</source>
        <translation>任务收到的参数 %1</translation>
    </message>
    <message>
        <source>operating system</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>processor architecture</source>
        <translation>处理器架构</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <comment>instances: count × instance type</comment>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <comment>a run on its hardware</comment>
        <translation>%1，使用 %2</translation>
    </message>
    <message>
        <source>The provider has not created workspace %1</source>
        <translation>平台尚未创建工作空间 %1</translation>
    </message>
    <message>
        <source>The provider holds workspace %1 without its quota pool</source>
        <translation>平台上的工作空间 %1 还没有挂接配额池</translation>
    </message>
    <message>
        <source>%1, and gate 2&apos;s acceptance checks run in it at the provider. Under “At the provider”, press “Create, attach quota, add members”, then run the two acceptance checks again.</source>
        <translation>%1，而第 2 道门槛的验收检查要在平台上的这个空间里运行。请在“在平台上”中点击“创建、挂接配额、添加成员”，然后重新运行两项验收检查。</translation>
    </message>
    <message>
        <source>%1&apos;s role changed from %2 to %3</source>
        <translation>%1 的角色从%2改为%3</translation>
    </message>
    <message>
        <source>%1 joined as %2</source>
        <translation>%1 以%2身份加入</translation>
    </message>
    <message>
        <source>%1 (%2) left the team</source>
        <translation>%1（%2）已离开团队</translation>
    </message>
    <message>
        <source>%1 was renamed %2</source>
        <translation>%1 改名为 %2</translation>
    </message>
    <message>
        <source>%1&apos;s account changed from %2 to %3</source>
        <translation>%1 的账号从 %2 改为 %3</translation>
    </message>
    <message>
        <source>%1&apos;s share changed from %2 % to %3 %</source>
        <translation>%1 的份额从 %2% 改为 %3%</translation>
    </message>
    <message>
        <source>%1&apos;s projects changed</source>
        <translation>%1 的项目有变动</translation>
    </message>
    <message>
        <source>the %1 role may now “%2”</source>
        <translation>%1角色现在可以“%2”</translation>
    </message>
    <message>
        <source>the %1 role may no longer “%2”</source>
        <translation>%1角色不再可以“%2”</translation>
    </message>
    <message>
        <source>%1 (%2), whose jobs ran these acceptance checks</source>
        <translation>%1（%2），这些验收检查以其身份作为任务运行</translation>
    </message>
    <message>
        <source>The statement is too short to review (about %1 words). Reviewers pass a page far more often than three lines: aim for a page, about 250 words (500 characters in Chinese).</source>
        <translation>用途说明太短，无法审核（约 %1 词）。写满一页的通过率远高于三行：目标是一页，约 250 个英文词或 500 个汉字。</translation>
    </message>
    <message>
        <source>The statement is shorter than a page (about %1 words; a page is about 250, or 500 characters in Chinese); a page passes far more often.</source>
        <translation>用途说明不到一页（约 %1 词；一页约 250 个英文词或 500 个汉字）；写满一页的通过率高得多。</translation>
    </message>
    <message>
        <source>%1 in %2: opened as instance %3</source>
        <translation>%2 的 %1：已开通，实例 %3</translation>
    </message>
    <message>
        <source>Rerun a first run from its spec alone: provision at the provider, run the four readiness checks and the first run, and compare item by item with the spec: the provider&apos;s image, the software the job saw, the training configuration, the code and the data, the parameters applied and the loss at every logged step. Exit 0 only when every item compared passes; items this provider cannot compare (N/A) are counted apart.</source>
        <translation>仅凭运行说明重跑首次运行：在平台开通资源，运行四项就绪检查和首次运行，并与运行说明逐项比较：平台的镜像、任务中看到的软件、训练配置、代码和数据、实际应用的参数以及每个记录步的损失。只有比较过的每一项都通过时才以 0 退出；该平台无法比较的项目（不适用）单独计数。</translation>
    </message>
    <message>
        <source>Who replays, by account or by name: a member of the replay&apos;s workspace. Required with --state, whose gate 6 accepts a replay only from a member of its workspace whose role may submit jobs and who took no part in the onboarding: did not run the first run or its check jobs, accept an earlier gate or review gate 2&apos;s roles; without --as the command lists who could and runs nothing. Without --state the replay&apos;s own workspace names its member colleague; on Slurm the default is the cluster user of ONRAMP_SLURM_USER.</source>
        <translation>由谁重跑（账号或姓名均可）：重跑所用工作空间的成员。使用 --state 时必须给出，该开通进度的第 6 道门槛只接受其工作空间中这样一位成员的重跑：其角色可以提交任务，且未参与这次开通——没有运行首次运行或其检查任务，没有验收前面的门槛，也没有审阅第 2 道门槛的角色；不给 --as 时，命令列出可以重跑的人，不运行任何内容。不用 --state 时，重跑自己的工作空间把成员命名为 colleague；在 Slurm 上默认为 ONRAMP_SLURM_USER 中的集群用户。</translation>
    </message>
    <message>
        <source>Items: %1.</source>
        <translation>各项：%1。</translation>
    </message>
    <message>
        <source>Gate 6 is already accepted: %1&apos;s replay of %2 reproduced the first run.</source>
        <translation>第 6 道门槛已经验收：%1 于 %2 的重跑复现了首次运行。</translation>
    </message>
    <message>
        <source>A new replay takes its place in gate 6&apos;s record, whatever it finds.</source>
        <translation>新的重跑无论结果如何，都会取代它记入第 6 道门槛。</translation>
    </message>
    <message>
        <source>A replay as %1 takes its place in gate 6&apos;s record, whatever it finds: gate 6 then rests on the new replay alone.</source>
        <translation>以 %1 的身份重跑，无论结果如何，都会取代它记入第 6 道门槛：此后第 6 道门槛只以这次新的重跑为准。</translation>
    </message>
    <message>
        <source>Gate 6: this replay would accept it if it reproduces the first run: %1 took no part and may submit jobs.</source>
        <translation>第 6 道门槛：这次重跑如果复现了首次运行，就可以验收它：%1 未参与这次开通，且可以提交任务。</translation>
    </message>
    <message>
        <source>Replayed by %1 on %2: %3 (spec %4).</source>
        <translation>由 %1 于 %2 重跑：%3（运行说明 %4）。</translation>
    </message>
    <message>
        <source>%1 of %2 items passed</source>
        <translation>%2 项中 %1 项通过</translation>
    </message>
    <message>
        <source>%1 passed</source>
        <comment>replay items</comment>
        <translation>%1 项通过</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <comment>replay items</comment>
        <translation>%1 项未通过</translation>
    </message>
    <message>
        <source>%1 not compared</source>
        <comment>replay items</comment>
        <translation>%1 项未比较</translation>
    </message>
    <message>
        <source>Check --card against this provider&apos;s catalog: sandbox (a fresh built-in sandbox), the https address of an Onramp API server, or slurm+http://HOST:PORT. When the provider does not answer, the built-in catalog; a line on stderr says which catalog was used.</source>
        <translation>按此平台的目录核对 --card：sandbox（新启动的内置沙箱）、Onramp API 服务器的 https 地址，或 slurm+http://HOST:PORT。平台没有应答时使用内置目录；stderr 上有一行说明用的是哪个目录。</translation>
    </message>
    <message>
        <source>this catalog offers no instance with %1 cards; it offers %2</source>
        <translation>此目录里没有配 %1 卡的实例；它提供 %2</translation>
    </message>
    <message>
        <source>Onramp walks a team from a fresh cloud account to a reproducible first GPU training run. With no arguments it opens the wizard.

Subcommands:
  status [--json]                   each gate&apos;s status from the saved onboarding
  screenshot --out DIR [--lang L]   render every page to PNG
  estimate --model NAME ... [--provider P] [--json]
                                    GPU memory per card, verdict, cards needed
  catalog models|cards|images|instances [--json] [--provider P]
  estimate-accuracy --cases FILE [--markdown]
  check qualification FILE.json [--today DATE] [--json]
  check roles FILE.json|FILE.csv [--json]
  quota plan --cards N --hours-per-round H --rounds R --retry-margin F
             --start DATE --end DATE [--purpose KIND] [--peak S:D:C]...
             [--card TYPE] [--provider P] [--json]
  sigv4 --context FILE --request FILE [--query]
  sandbox serve [--port N] [--data-dir DIR] [--review-delay S] [--faults FILE]
                [--catalog FILE]
  spec validate|fingerprint FILE; spec export FILE --format sbatch|k8s|markdown|pdf
  spec from-state [--state FILE] [--out FILE]
  replay SPEC [--as MEMBER] [--provider sandbox|URL|slurm+URL] [--record FILE]
              [--evidence FILE] [--state FILE]   (--state needs --as)
Each subcommand takes --help.</source>
        <translation>Onramp 带团队从一个新开的云账号走到一次可复现的首次 GPU 训练。不带参数时打开向导。

子命令：
  status [--json]                   根据已保存的进度显示每道门槛的状态
  screenshot --out DIR [--lang L]   把每一页渲染为 PNG
  estimate --model NAME ... [--provider P] [--json]
                                    每卡显存、判定与所需卡数
  catalog models|cards|images|instances [--json] [--provider P]
  estimate-accuracy --cases FILE [--markdown]
  check qualification FILE.json [--today DATE] [--json]
  check roles FILE.json|FILE.csv [--json]
  quota plan --cards N --hours-per-round H --rounds R --retry-margin F
             --start DATE --end DATE [--purpose KIND] [--peak S:D:C]...
             [--card TYPE] [--provider P] [--json]
  sigv4 --context FILE --request FILE [--query]
  sandbox serve [--port N] [--data-dir DIR] [--review-delay S] [--faults FILE]
                [--catalog FILE]
  spec validate|fingerprint FILE; spec export FILE --format sbatch|k8s|markdown|pdf
  spec from-state [--state FILE] [--out FILE]
  replay SPEC [--as MEMBER] [--provider sandbox|URL|slurm+URL] [--record FILE]
              [--evidence FILE] [--state FILE]   （使用 --state 时需要 --as）
每个子命令都支持 --help。</translation>
    </message>
    <message>
        <source>Onramp was closed while this check ran, so its result was never read. Run the checks again.</source>
        <translation>这项检查运行期间 Onramp 被关闭，结果没有读回。请重新运行检查。</translation>
    </message>
    <message>
        <source>Onramp was closed while this check ran (job %1), so its result was never read. Run the checks again.</source>
        <translation>这项检查运行期间 Onramp 被关闭（任务 %1），结果没有读回。请重新运行检查。</translation>
    </message>
    <message numerus="yes">
        <source>Cards per run follow from the memory estimate (%n card(s) needed).</source>
        <translation>
            <numerusform>单次卡数来自显存估算（需要 %n 张卡）。</numerusform>
        </translation>
    </message>
    <message>
        <source>One application of %1 card-hours covers the whole plan, from %2 to %3.</source>
        <translation>一份 %1 卡时的申请覆盖整个计划，从 %2 到 %3。</translation>
    </message>
    <message>
        <source>expected a date as YYYY-MM-DD</source>
        <translation>应为 YYYY-MM-DD 格式的日期</translation>
    </message>
    <message>
        <source>Enter the provider&apos;s address, for example %1.</source>
        <translation>请输入平台地址，例如 %1。</translation>
    </message>
    <message>
        <source>it has no scheme: start it with https://</source>
        <translation>缺少协议：请以 https:// 开头</translation>
    </message>
    <message>
        <source>the scheme “%1” is unknown: use https (or http, only for this computer)</source>
        <translation>协议“%1”无法识别：请使用 https（http 仅限本机地址）</translation>
    </message>
    <message>
        <source>it names no host: write the host after “//”</source>
        <translation>没有主机名：请在“//”之后写上主机</translation>
    </message>
    <message>
        <source>it has a space in it</source>
        <translation>其中含有空格</translation>
    </message>
    <message>
        <source>it is not a web address</source>
        <translation>这不是一个网址</translation>
    </message>
    <message>
        <source>plain http is only for this computer: use https</source>
        <translation>明文 http 仅限本机地址：请使用 https</translation>
    </message>
    <message>
        <source>This address cannot be used: %1.</source>
        <translation>这个地址无法使用：%1。</translation>
    </message>
    <message>
        <source>For example: %1</source>
        <translation>例如：%1</translation>
    </message>
    <message>
        <source>on</source>
        <comment>a setting</comment>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <comment>a setting</comment>
        <translation>关</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <comment>a setting, its value before and after</comment>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>Applied: %1: %2 → %3 GiB per card.</source>
        <translation>已应用：%1：每卡 %2 → %3 GiB。</translation>
    </message>
    <message numerus="yes">
        <source>Set by the instance type %1: %n card(s). To plan another count, choose another instance type under “5. Instance type and image”, or “(choose)” there to set the count here.</source>
        <translation>
            <numerusform>由实例规格 %1 决定：%n 张卡。要规划别的卡数，请在“5. 实例规格与镜像”中选择其他实例规格，或在那里选“（请选择）”，再在这里设置卡数。</numerusform>
        </translation>
    </message>
    <message>
        <source>Set by the instance type %1: its cards are %2. To judge against another card, choose another instance type under “5. Instance type and image”, or “(choose)” there to pick the card here.</source>
        <translation>由实例规格 %1 决定：它的卡是 %2。要按别的卡型判定，请在“5. 实例规格与镜像”中选择其他实例规格，或在那里选“（请选择）”，再在这里选卡型。</translation>
    </message>
    <message>
        <source>%1 is outside the pool (%2): creating skips it. To try it, attach a pool for it in gate 2 and apply for its quota in gate 3.</source>
        <translation>%1 不在配额池内（%2）：创建时会跳过它。要尝试它，请在第 2 道门槛为它挂接配额池，并在第 3 道门槛申请它的配额。</translation>
    </message>
    <message>
        <source>Gate 4 stays passed: its acceptance was checked on instance %1 while it ran, and a release does not undo it. Gates 5 and 6 run on a running instance: “Create the instance” opens a new one of the same type and image for them, and gate 4 stays as it is.</source>
        <translation>第 4 道门槛仍为已通过：验收是在实例 %1 运行时检查的，释放实例不会撤销它。第 5、6 道门槛需要在运行中的实例上进行：“创建实例”会为它们新开一台同规格、同镜像的实例，第 4 道门槛保持不变。</translation>
    </message>
    <message>
        <source>Instance %1 is released: “Create the instance” opens a new one for the acceptance check, and for gates 5 and 6 after it.</source>
        <translation>实例 %1 已释放：“创建实例”会新开一台，用于验收检查，之后也用于第 5、6 道门槛。</translation>
    </message>
    <message>
        <source>give the last day of the period</source>
        <translation>请给出周期的最后一天</translation>
    </message>
    <message>
        <source>The derivation changed after the quota was granted: the grant is %1 card-hours from %2 to %3, and the first application now asks for %4 card-hours from %5 to %6. Send the new application (“Apply for quota” under “At the provider”), or put the numbers back.</source>
        <translation>配额获批后推导改了：获批的是 %2 至 %3 的 %1 卡时，而首次申请现在要 %5 至 %6 的 %4 卡时。请发送新的申请（“在平台上”下的“申请配额”），或把数字改回去。</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Applications:</source>
        <translation>申请：</translation>
    </message>
    <message>
        <source>Gate 3 is passed on a plan of %1 × %2 h per round. “Use these cards and hours” replaces it with %3 × %4 h per round.</source>
        <translation>第 3 道门槛已按每轮 %1 × %2 小时的计划通过。“把这些卡数和时长用于配额推导”会把它换成每轮 %3 × %4 小时。</translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n 张卡</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 Gate 3 then goes back to “%2”: %3</source>
        <translation>%1 第 3 道门槛随后会退回“%2”：%3</translation>
    </message>
    <message>
        <source>%1 Gate 3 stays “%2”: its rules and its grant still hold for the new numbers.</source>
        <translation>%1 第 3 道门槛仍为“%2”：它的规则和已批配额对新数字依然成立。</translation>
    </message>
    <message numerus="yes">
        <source>The run gets %n card(s), the job&apos;s own count: gate 4 creates one instance of %1, which the catalog does not describe; it must have that many cards.</source>
        <translation>
            <numerusform>这次运行用 %n 张卡，即任务自己的卡数：第 4 道门槛创建一个 %1 实例，目录中没有它的描述；它必须有这么多张卡。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The run gets %n card(s): gate 4 opened one instance of %1, with all of its cards.</source>
        <translation>
            <numerusform>这次运行用 %n 张卡：第 4 道门槛开了一个 %1 实例，用上它的全部卡。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The run gets %n card(s): gate 4 creates and holds one instance of %1, with all of its cards.</source>
        <translation>
            <numerusform>这次运行用 %n 张卡：第 4 道门槛创建并持有一个 %1 实例，用上它的全部卡。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Gate 3&apos;s plan is for %1 cards per run, but gate 4 opened one instance of %2, with %n card(s): the run gets %n.</source>
        <translation>
            <numerusform>第 3 道门槛的计划是每次运行 %1 张卡，但第 4 道门槛开的是一个 %2 实例，有 %n 张卡：这次运行只用 %n 张。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Gate 3&apos;s plan is for %1 cards per run, but gate 4 creates and holds one instance of %2, with %n card(s): the run gets %n.</source>
        <translation>
            <numerusform>第 3 道门槛的计划是每次运行 %1 张卡，但第 4 道门槛创建并持有的是一个 %2 实例，有 %n 张卡：这次运行只用 %n 张。</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose %1 under “5. Instance type and image”, or set gate 3&apos;s cards per run to %2.</source>
        <translation>请在“5. 实例规格与镜像”中选择 %1，或把第 3 道门槛的单次卡数改为 %2。</translation>
    </message>
    <message>
        <source>No instance type has exactly %1 of these cards: choose %2 under “5. Instance type and image” and set gate 3&apos;s cards per run to %3, or set them to %4.</source>
        <translation>没有正好 %1 张这种卡的实例规格：请在“5. 实例规格与镜像”中选择 %2，并把第 3 道门槛的单次卡数改为 %3；或改为 %4。</translation>
    </message>
    <message>
        <source>No instance type has %1 of these cards: set gate 3&apos;s cards per run to %2, what one instance holds.</source>
        <translation>没有 %1 张这种卡的实例规格：请把第 3 道门槛的单次卡数改为 %2，即一个实例的卡数。</translation>
    </message>
    <message>
        <source>cards</source>
        <translation>卡数</translation>
    </message>
    <message numerus="yes">
        <source>A replay holds one instance of %1, with all of its cards, as gate 4 does: it cannot run on the %n card(s) of %2 node(s) the spec names. Export the spec again from an onboarding whose gate 4 holds an instance with that many cards, or replay it on such an instance type.</source>
        <translation>
            <numerusform>重跑和第 4 道门槛一样只持有一个 %1 实例，用上它的全部卡：它无法在运行说明写的 %2 个节点共 %n 张卡上运行。请从第 4 道门槛持有这么多卡的实例的入门流程重新导出运行说明，或在这样的实例规格上重跑。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 replayed run spec %2, but this onboarding&apos;s spec is now %3: something that goes into it changed after it was exported, such as gate 4&apos;s instance type or batch. Export the spec again and have a colleague replay it, or put the change back.</source>
        <translation>%1 重跑的是运行说明 %2，但本次入门流程的运行说明现在是 %3：导出之后，写入运行说明的内容有变，例如第 4 道门槛的实例规格或批大小。请重新导出运行说明并请同事重跑，或把改动改回去。</translation>
    </message>
    <message>
        <source>gate %1 “%2” was no longer passed.</source>
        <translation>第 %1 道门槛“%2”当时已不再是“已通过”。</translation>
    </message>
    <message>
        <source>Since %1 reviewed the roles on %2: %3.</source>
        <translation>自 %1 于 %2 审核角色以来：%3。</translation>
    </message>
    <message>
        <source>The onboarding whose gate 6 this replay is for (read, never written): a spec of another first run than that onboarding&apos;s, or a member whose replay cannot accept it (who took part in the first run, who is not a member or may not submit jobs), is told so before anything runs (exit 2), and the end says what the replay does for gate 6.</source>
        <translation>这次重跑所针对的开通记录（只读取，从不写入）：如果运行说明属于另一次首次运行，或重跑者的重跑不能验收它（参与过首次运行、不是成员或不能提交任务），会在开始之前运行说明（退出码 2）；结束时运行说明这次重跑对第 6 道门槛的作用。</translation>
    </message>
    <message>
        <source>This replay cannot accept gate 6 of the onboarding in %1.</source>
        <translation>这次重跑不能验收 %1 中开通记录的第 6 道门槛。</translation>
    </message>
    <message>
        <source>To check the spec alone, replay it without --state.</source>
        <translation>如只想检查这份运行说明本身，请不带 --state 重跑。</translation>
    </message>
    <message>
        <source>technical details: %1</source>
        <translation>技术详情：%1</translation>
    </message>
    <message>
        <source>the spec records none, this run has %1</source>
        <translation>运行说明未记录，本次为 %1</translation>
    </message>
    <message>
        <source>spec says %1, this run has none</source>
        <translation>运行说明为 %1，本次没有</translation>
    </message>
    <message>
        <source>image</source>
        <translation>镜像</translation>
    </message>
    <message>
        <source>no such image at this provider</source>
        <translation>平台上没有这个镜像</translation>
    </message>
    <message>
        <source>Ask the sender which image the first run used and for a spec with an image this provider offers, or ask the provider to add %1.</source>
        <translation>请向发来运行说明的人确认首次运行用的是哪个镜像，并索要一份使用本平台所提供镜像的运行说明；或请平台添加 %1。</translation>
    </message>
    <message>
        <source>no data at that path at the provider</source>
        <translation>平台上该路径下没有数据</translation>
    </message>
    <message>
        <source>It is a folder on the sender&apos;s own computer, which the provider cannot read: ask the sender to put the data in the provider&apos;s storage and send a spec exported with that path.</source>
        <translation>这是发送方自己电脑上的目录，平台读不到：请发送方把数据放到平台的存储中，再发来用该路径导出的运行说明。</translation>
    </message>
    <message>
        <source>Ask the sender where the data is at the provider, or create it at that path in your workspace, then replay again.</source>
        <translation>请向发送方确认数据在平台上的位置，或在你的工作空间中按该路径准备好数据，然后再重跑。</translation>
    </message>
    <message>
        <source>parameter %1</source>
        <translation>参数 %1</translation>
    </message>
    <message>
        <source>the instance was gone before the replay finished (released or reclaimed at the provider)</source>
        <translation>重跑结束前实例已不存在（已在平台上被释放或回收）</translation>
    </message>
    <message>
        <source>Replay again: a replay creates an instance of its own.</source>
        <translation>请再次重跑：每次重跑都会创建自己的实例。</translation>
    </message>
    <message>
        <source>memory plan (gate 4)</source>
        <translation>显存方案（第 4 道门槛）</translation>
    </message>
    <message>
        <source>not recorded, not compared: the spec is older than gate 4&apos;s memory settings; before rerunning the planned run, ask the sender for a fresh export</source>
        <translation>未记录，未比较：运行说明早于第 4 道门槛的显存设置；在重跑计划中的训练之前，请向发送方索要重新导出的运行说明</translation>
    </message>
    <message>
        <source>not judged again: Onramp&apos;s catalog does not know the model or the card</source>
        <translation>未重新评估：Onramp 的目录中没有这个模型或这种卡</translation>
    </message>
    <message>
        <source>with %1</source>
        <translation>设置：%1</translation>
    </message>
    <message>
        <source>The spec&apos;s memory settings no longer give gate 4&apos;s verdict: ask the sender for a fresh export before rerunning the planned run.</source>
        <translation>按运行说明中的显存设置已得不出第 4 道门槛的结论：在重跑计划中的训练之前，请向发送方索要重新导出的运行说明。</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>model %1</source>
        <translation>模型 %1</translation>
    </message>
    <message>
        <source>precision %1</source>
        <translation>精度 %1</translation>
    </message>
    <message>
        <source>frozen weights in %1</source>
        <translation>冻结权重为 %1</translation>
    </message>
    <message>
        <source>optimizer %1</source>
        <translation>优化器 %1</translation>
    </message>
    <message>
        <source>full fine-tune</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <source>%1 rank %2 on %3</source>
        <comment>LoRA rank 16 on q and v</comment>
        <translation>%1 秩 %2，作用于%3</translation>
    </message>
    <message>
        <source>every linear layer</source>
        <translation>所有线性层</translation>
    </message>
    <message>
        <source>the q and v projections</source>
        <translation> q 和 v 投影</translation>
    </message>
    <message>
        <source>micro-batch %1 × %2 tokens, gradient accumulation %3</source>
        <translation>微批 %1 × %2 个 token，梯度累积 %3</translation>
    </message>
    <message>
        <source>activation checkpointing %1</source>
        <translation>激活检查点 %1</translation>
    </message>
    <message>
        <source>chunked loss %1</source>
        <translation>分块损失 %1</translation>
    </message>
    <message>
        <source>fused attention %1</source>
        <translation>融合注意力 %1</translation>
    </message>
    <message>
        <source>activations offloaded to CPU memory</source>
        <translation>激活值卸载到 CPU 内存</translation>
    </message>
    <message>
        <source>sharding %1</source>
        <translation>分片 %1</translation>
    </message>
    <message>
        <source>CPU offload of the %1</source>
        <translation>CPU 卸载：%1</translation>
    </message>
    <message>
        <source>%1 card(s), tensor parallel %2 × pipeline %3</source>
        <translation>%1 张卡，张量并行 %2 × 流水线并行 %3</translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>framework %1, gradients %2</source>
        <translation>框架 %1，梯度 %2</translation>
    </message>
    <message>
        <source>the card</source>
        <translation>这种卡</translation>
    </message>
    <message>
        <source>fits %1 (estimated %2 GiB per card)</source>
        <translation>放得下 %1（估算每卡 %2 GiB）</translation>
    </message>
    <message>
        <source>fits %1 tightly (estimated %2 GiB per card)</source>
        <translation>勉强放得下 %1（估算每卡 %2 GiB）</translation>
    </message>
    <message>
        <source>does not fit %1 (estimated %2 GiB per card)</source>
        <translation>放不下 %1（估算每卡 %2 GiB）</translation>
    </message>
    <message>
        <source>%1 cannot run it</source>
        <translation>%1 无法运行它</translation>
    </message>
    <message>
        <source>CUDA %1</source>
        <translation>CUDA %1</translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <source>Software: %1</source>
        <translation>软件：%1</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>Memory plan (gate 4): %1</source>
        <translation>显存方案（第 4 道门槛）：%1</translation>
    </message>
    <message>
        <source>Memory plan (gate 4): %1; it %2. Run with every one of these settings, or the run may not fit the card.</source>
        <translation>显存方案（第 4 道门槛）：%1；结论：%2。请按这些设置逐项运行，否则可能放不进显存。</translation>
    </message>
    <message numerus="yes">
        <source>The file looks cut off: it ends after %n byte(s), in the middle of the run spec (a download or a copy that stopped?). Ask the sender for a fresh export of the spec.</source>
        <translation>
            <numerusform>文件看起来被截断了：它在 %n 字节处、运行说明的中间就结束了（下载或复制中途停止了？）。请向发送方索要重新导出的运行说明。</numerusform>
        </translation>
    </message>
    <message>
        <source>The file is empty. Ask the sender for a fresh export of the spec.</source>
        <translation>文件是空的。请向发送方索要重新导出的运行说明。</translation>
    </message>
    <message>
        <source>The file is not a run spec: it is not JSON (it stops making sense at byte %1). Check that you opened the right file, or ask the sender for a fresh export of the spec.</source>
        <translation>这个文件不是运行说明：它不是 JSON（从第 %1 字节起无法解析）。请确认打开的是正确的文件，或向发送方索要重新导出的运行说明。</translation>
    </message>
    <message>
        <source>expected one of %1</source>
        <translation>应为以下之一：%1</translation>
    </message>
    <message>
        <source>expected a catalog key</source>
        <translation>应为目录中的键名</translation>
    </message>
    <message>
        <source>This onboarding has no first run yet, so the spec is of another onboarding&apos;s first run: a replay of it cannot accept this onboarding&apos;s gate 6.</source>
        <translation>这份开通记录还没有首次运行，因此这份运行说明属于另一份开通记录的首次运行：重跑它不能验收这份开通记录的第 6 道门槛。</translation>
    </message>
    <message>
        <source>The spec is of another first run than this onboarding&apos;s (its loss curve differs from the one gate 6 recorded): a replay of it cannot accept this onboarding&apos;s gate 6. Export this onboarding&apos;s spec (gate 6, or onramp spec from-state) and replay that.</source>
        <translation>这份运行说明属于另一次首次运行，而不是这份开通记录的（它的损失曲线与第 6 道门槛记录的不同）：重跑它不能验收这份开通记录的第 6 道门槛。请导出这份开通记录的运行说明（在第 6 道门槛，或用 onramp spec from-state）再重跑。</translation>
    </message>
    <message>
        <source>The memory estimate needs %1 cards per run, more than one instance of %2 holds, and gate 4 holds one instance: choose a card with more memory or a setup that needs fewer cards.</source>
        <translation>显存估算每次需要 %1 张卡，超过一台 %2 实例的卡数，而第 4 道门槛只持有一台实例：请选择显存更大的卡，或改用所需卡数更少的配置。</translation>
    </message>
    <message>
        <source>What it went back for is settled, and nothing else holds it: record it passed below.</source>
        <translation>让它退回的问题已解决，也没有其他阻碍：请在下方把它记录为“已通过”。</translation>
    </message>
    <message>
        <source>Left to do now: %1</source>
        <translation>现在还需要：%1</translation>
    </message>
    <message numerus="yes">
        <source>Cards are used from %2 to %3 (%1 days), across calendar quarters: one application for them all is sent back. Onramp splits them into the first application and %n quarterly follow-up(s), each within one calendar quarter.</source>
        <translation>
            <numerusform>用卡时间为 %2 至 %3（%1 天），跨越自然季度：一次申请全部会被退回。Onramp 把它拆成首次申请和 %n 次按季度的后续申请，每次都在一个自然季度之内。</numerusform>
        </translation>
    </message>
    <message>
        <source>The planning period is %1 to %2; cards are used only on the days applied for.</source>
        <translation>规划周期为 %1 至 %2；只在所申请的日期内用卡。</translation>
    </message>
    <message numerus="yes">
        <source>Cards per run follow from the throughput needed to finish within %1 h on one instance; the memory estimate alone needs %n card(s).</source>
        <translation>
            <numerusform>单次卡数来自在一台实例上 %1 小时内完成所需的吞吐；仅按显存估算只需 %n 张卡。</numerusform>
        </translation>
    </message>
    <message>
        <source>Gate 2 is passed on %1&apos;s review of this team: adding, removing or changing a member takes gate 2 back to in progress until the team lead reviews it again (“Mark reviewed”). Gates 3–5 do not rest on the team and keep their status; gate 6 checks its replayer against it.</source>
        <translation>第 2 道门槛依据 %1 对这个团队的审核而通过：添加、移除或修改成员会让第 2 道门槛退回“进行中”，直到团队负责人重新审核（“标记为已审核”）。第 3–5 道门槛不依赖团队成员，保持原状态；第 6 道门槛会据此核对复现人。</translation>
    </message>
    <message>
        <source>Since %1 reviewed the role matrix on %2: %3.</source>
        <translation>自 %1 于 %2 审核角色矩阵以来：%3。</translation>
    </message>
    <message>
        <source>The team lead reviews it as it stands (gate 2&apos;s page lists the changes under “Team lead&apos;s review”) and presses “Mark reviewed” again.</source>
        <translation>请团队负责人按当前状态重新审核（第 2 道门槛页面的“团队负责人审核”中列出了这些变更），然后再次点击“标记为已审核”。</translation>
    </message>
    <message>
        <source>The spec is of its first run, but its run is not this onboarding&apos;s run now (%1): something that goes into it changed after it was exported, or it was edited. Export the spec again (gate 6, or onramp spec from-state) and replay that.</source>
        <translation>这份运行说明属于它的首次运行，但其中的运行已不是本次入驻现在的运行（%1）：导出之后，运行说明所依据的内容有了变化，或文件被修改过。请重新导出运行说明（第 6 道门槛，或 onramp spec from-state），再重放新导出的那份。</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>the estimate “%1”</source>
        <translation>估算“%1”</translation>
    </message>
    <message>
        <source>The spec records %1 GiB per card, but its own settings give %2 GiB: the figure was edited, or written by another version of Onramp&apos;s estimator. Ask the sender for a fresh export before rerunning the planned run.</source>
        <translation>运行说明记录的是每卡 %1 GiB，但按它自己的设置估算得 %2 GiB：这个数字被改过，或由另一版本的 Onramp 估算器写入。重跑计划中的运行之前，请让发送者重新导出一份。</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>另有 %n 处</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 replayed the run of spec %2, but the run in this onboarding&apos;s spec has changed since (%3). Export the spec again and have a colleague replay it, or put the change back.</source>
        <translation>%1 重放了运行说明 %2 中的运行，但本次入驻运行说明中的运行此后已有变化（%3）。请重新导出运行说明并请同事重放，或撤回这项变更。</translation>
    </message>
    <message>
        <source>The run in the spec changed after it was written to %1 (%2): export it again before handing it over.</source>
        <translation>运行说明写入 %1 之后，其中的运行有了变化（%2）：交接之前请重新导出。</translation>
    </message>
    <message>
        <source>Built-in sandbox (on this computer)</source>
        <translation>内置沙箱（在本机上）</translation>
    </message>
    <message>
        <source>Onramp API at %1</source>
        <translation>Onramp API：%1</translation>
    </message>
    <message>
        <source>Slurm cluster at %1</source>
        <translation>Slurm 集群：%1</translation>
    </message>
    <message>
        <source>Slurm cluster %1 at %2</source>
        <translation>Slurm 集群 %1：%2</translation>
    </message>
    <message>
        <source>paged: in CUDA unified memory, outside PyTorch&apos;s allocator (%1 GiB); the gradients stay</source>
        <translation>分页：位于 CUDA 统一内存中，在 PyTorch 分配器之外（%1 GiB）；梯度仍留在显存</translation>
    </message>
    <message>
        <source> + 16-bit copies autocast makes of the frozen weights (%1 GiB a layer)</source>
        <translation> + autocast 为冻结权重生成的 16 位副本（每层 %1 GiB）</translation>
    </message>
    <message>
        <source> (incl. the fp32 logits the training loop holds through backward)</source>
        <translation>（含训练循环在反向传播期间一直持有的 fp32 logits）</translation>
    </message>
    <message>
        <source> + the output layer&apos;s 16-bit weight copy</source>
        <translation> + 输出层权重的 16 位副本</translation>
    </message>
    <message>
        <source>The justification is written once the derivation is complete.</source>
        <translation>推导完整后才会生成申请理由。</translation>
    </message>
    <message>
        <source>The justification is written from the numbers and follows them as they change; it becomes your own text once you edit it.</source>
        <translation>申请理由按数字生成，数字变了它也跟着变；你一编辑，它就成为你自己的文字。</translation>
    </message>
    <message>
        <source>This job&apos;s “Cards in the job” goes from %1 to %2 with it, so the job and gate 3&apos;s plan agree.</source>
        <translation>这个任务的“任务卡数”也随之从 %1 改为 %2，使任务与第 3 道门槛的计划一致。</translation>
    </message>
    <message numerus="yes">
        <source>%n peak window(s) with fewer cards than one run takes go up to %1 cards.</source>
        <translation>
            <numerusform>%n 个卡数少于单次运行所需的峰值时段改为 %1 张卡。</numerusform>
        </translation>
    </message>
    <message>
        <source>The peak from %1 has %2 cards, fewer than the %3 one run takes: no run fits in it. Set its cards to %3 or more, or lower cards per run.</source>
        <translation>从 %1 开始的峰值时段只有 %2 张卡，少于单次运行所需的 %3 张：这个时段放不下一次运行。请把它的卡数设为 %3 或更多，或降低单次卡数。</translation>
    </message>
    <message>
        <source>Gate 3&apos;s grant is its first application, %1 card-hours for one round plus its margin, on %2 only.</source>
        <translation>第 3 道门槛获批的是首次申请：一轮加余量共 %1 卡时，仅限 %2 当天。</translation>
    </message>
    <message>
        <source>Gate 3&apos;s grant is its first application, %1 card-hours for one round plus its margin, from %2 to %3.</source>
        <translation>第 3 道门槛获批的是首次申请：一轮加余量共 %1 卡时，时段为 %2 至 %3。</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <comment>a period of days</comment>
        <translation>%1 至 %2</translation>
    </message>
    <message numerus="yes">
        <source>The follow-up application(s), for %1, are sent after the first run.</source>
        <translation>
            <numerusform>后续申请（%1）在首次运行之后提交。</numerusform>
        </translation>
    </message>
    <message>
        <source>Today, %1, is before gate 3&apos;s granted period starts on %2: an instance created now runs on the pool&apos;s check allowance, not on the grant. Wait until %2 to create it, or ask the provider to move the period: change gate 3&apos;s dates and apply again.</source>
        <translation>今天（%1）早于第 3 道门槛获批时段的开始日 %2：现在创建的实例用的是资源池的检查额度，而不是获批的配额。请等到 %2 再创建，或请平台调整时段：修改第 3 道门槛的日期后重新申请。</translation>
    </message>
    <message>
        <source>Today, %1, is after gate 3&apos;s granted period ended on %2: an instance created now runs on the pool&apos;s check allowance, not on the grant. Apply in gate 3 for the period it runs in first.</source>
        <translation>今天（%1）晚于第 3 道门槛获批时段的结束日 %2：现在创建的实例用的是资源池的检查额度，而不是获批的配额。请先在第 3 道门槛为实例运行的时段申请配额。</translation>
    </message>
    <message>
        <source>The instance was created on %1, before gate 3&apos;s granted period starts on %2. Open instances inside the granted period, or ask the provider to move the period: change gate 3&apos;s dates and apply again.</source>
        <translation>实例创建于 %1，早于第 3 道门槛获批时段的开始日 %2。请在获批时段内开实例，或请平台调整时段：修改第 3 道门槛的日期后重新申请。</translation>
    </message>
    <message>
        <source>The instance was created on %1, after gate 3&apos;s granted period ended on %2. Open instances inside the granted period, or apply for the period they run in.</source>
        <translation>实例创建于 %1，此时第 3 道门槛的获批时段已于 %2 结束。请在获批时段内开实例，或为实例运行的时段申请配额。</translation>
    </message>
    <message>
        <source>The first run started on %1, before gate 3&apos;s granted period starts on %2. Run it inside the granted period, or ask the provider to move the period: change gate 3&apos;s dates and apply again.</source>
        <translation>首次运行开始于 %1，早于第 3 道门槛获批时段的开始日 %2。请在获批时段内运行，或请平台调整时段：修改第 3 道门槛的日期后重新申请。</translation>
    </message>
    <message>
        <source>The first run started on %1, after gate 3&apos;s granted period ended on %2. Run it inside the granted period, or apply for the period it runs in.</source>
        <translation>首次运行开始于 %1，此时第 3 道门槛的获批时段已于 %2 结束。请在获批时段内运行，或为运行的时段申请配额。</translation>
    </message>
    <message>
        <source>it is an onboarding&apos;s progress file, which the wizard saves as you go, not a run spec. Export the run spec on the Summary page (“Export…”) or with “onramp spec from-state”, and open that file.</source>
        <translation>这是向导随时保存的入门进度文件，不是运行说明。请在总结页用“导出…”或用“onramp spec from-state”导出运行说明，再打开那个文件。</translation>
    </message>
    <message>
        <source>it states neither the %1 card-hours derived nor the first application&apos;s %2</source>
        <translation>其中既没有推导出的 %1 卡时，也没有首次申请的 %2 卡时</translation>
    </message>
    <message>
        <source>it does not state the %1 card-hours derived</source>
        <translation>其中没有推导出的 %1 卡时</translation>
    </message>
    <message>
        <source>it does not state the first application&apos;s %1 card-hours</source>
        <translation>其中没有首次申请的 %1 卡时</translation>
    </message>
    <message>
        <source>Your justification no longer matches the derivation: %1. Onramp does not rewrite text you edited: correct it, or press “Regenerate from the numbers”.</source>
        <translation>你的申请理由与推导不再一致：%1。Onramp 不会改写你编辑过的文字：请修改它，或按“按数字重新生成”。</translation>
    </message>
    <message>
        <source>The justification differs from the one sent with the application: the provider reviews the one sent. This one goes with the next application.</source>
        <translation>申请理由与随申请发送的不同：平台审核的是已发送的那份。这份会随下一次申请发送。</translation>
    </message>
    <message>
        <source>Role review: workspace %1</source>
        <translation>角色审核：工作空间 %1</translation>
    </message>
    <message>
        <source>Last reviewed by %1 on %2.</source>
        <translation>最近一次由 %1 于 %2 审核。</translation>
    </message>
    <message>
        <source>not compared: the spec records none (its first run recorded no GPU)</source>
        <translation>未比对：运行说明没有记录（它的首次运行没有记录 GPU）</translation>
    </message>
    <message>
        <source>Nothing holds it any more: choose it in the list again to open it.</source>
        <translation>现在已没有门槛挡住它：在列表中再点一次即可打开。</translation>
    </message>
    <message>
        <source>no instance opened in %1</source>
        <translation>在 %1 没有开出实例</translation>
    </message>
    <message>
        <source>A replay opens the spec&apos;s instance type in the spec&apos;s zone only: wait until the zone has free cards and replay again, or ask the sender for a spec whose quota pool is in a zone with stock. What each try met is in the technical details.</source>
        <translation>重放只会在运行说明指定的可用区开出它指定的实例规格：请等该可用区有空闲卡后再重放，或请发送者提供一份配额池位于有库存可用区的运行说明。每次尝试遇到的情况见技术详情。</translation>
    </message>
</context>
<context>
    <name>ProviderActions</name>
    <message>
        <source>Not sent yet.</source>
        <translation>尚未提交。</translation>
    </message>
    <message>
        <source>Approved on %1.</source>
        <translation>已于 %1 通过。</translation>
    </message>
    <message>
        <source>Rejected. The reviewer&apos;s reasons are on the gate card below.</source>
        <translation>已驳回。审核理由见下方门槛卡片。</translation>
    </message>
    <message>
        <source>Sent back to be split by calendar quarter.</source>
        <translation>已退回，需按自然季度拆分。</translation>
    </message>
    <message>
        <source>Waiting for review since %1. Onramp checks again on its own.</source>
        <translation>自 %1 起等待审核。Onramp 会自动再次查询。</translation>
    </message>
    <message>
        <source>not run yet</source>
        <translation>尚未运行</translation>
    </message>
    <message>
        <source>Training service: %1
Dossier review: %2</source>
        <translation>训练服务：%1
资质审核：%2</translation>
    </message>
    <message>
        <source>activated</source>
        <translation>已开通</translation>
    </message>
    <message>
        <source>Workspace: %1 · quota: %2 · members added: %3 of %4
Developer&apos;s light job: %5
Observer refused: %6</source>
        <translation>工作空间：%1 · 配额：%2 · 已添加成员：%3/%4
开发者的轻量任务：%5
观察者被拒绝：%6</translation>
    </message>
    <message>
        <source>created</source>
        <translation>已创建</translation>
    </message>
    <message>
        <source>not created</source>
        <translation>未创建</translation>
    </message>
    <message>
        <source>attached</source>
        <translation>已挂接</translation>
    </message>
    <message>
        <source>not attached</source>
        <translation>未挂接</translation>
    </message>
    <message>
        <source>Quota application: %1</source>
        <translation>配额申请：%1</translation>
    </message>
    <message>
        <source>The checks run on gate 4&apos;s instance: create it there first.</source>
        <translation>判定在第 4 道门槛的实例上运行：请先在那里创建实例。</translation>
    </message>
    <message>
        <source>Ready: all four checks passed on instance %1.</source>
        <translation>已就绪：四项判定在实例 %1 上全部通过。</translation>
    </message>
    <message>
        <source>The first run starts once gate 5&apos;s four checks pass.</source>
        <translation>第 5 道门槛的四项判定通过后才能开始首次运行。</translation>
    </message>
    <message>
        <source>Wrapped up on %1.</source>
        <translation>已于 %1 收尾。</translation>
    </message>
    <message>
        <source>Not required by this provider: a Slurm cluster reviews no dossier.</source>
        <translation>该平台无需此项：Slurm 集群不审核资质材料。</translation>
    </message>
    <message>
        <source>The dataset&apos;s folder</source>
        <translation>数据集所在文件夹</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Instance: %1
Acceptance (up, data readable, output written): %2
Dataset: %3</source>
        <translation>实例：%1
验收（已运行、数据可读、输出已写入）：%2
数据集：%3</translation>
    </message>
    <message>
        <source>none uploaded (the provider&apos;s sample data is there)</source>
        <translation>尚未上传（平台提供的示例数据已在其中）</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) from %1</source>
        <translation>
            <numerusform>来自 %1 的 %n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> — %n unfinished, resumes on the next upload</source>
        <translation>
            <numerusform>——%n 个未完成，下次上传时续传</numerusform>
        </translation>
    </message>
    <message>
        <source>Next: record gate %1 passed below; its acceptor: %2.</source>
        <translation>下一步：在下方把第 %1 道门槛记录为“已通过”；验收人：%2。</translation>
    </message>
    <message>
        <source>Granted %1 card-hours of the %2 asked in this first application. The rest of the plan&apos;s %3 card-hours is applied for after the first run.</source>
        <translation>本次首次申请 %2 卡时，已批准 %1 卡时。计划共 %3 卡时，其余部分在首次运行之后再申请。</translation>
    </message>
    <message>
        <source>Granted %1 card-hours of the %2 asked in this first application.</source>
        <translation>本次首次申请 %2 卡时，已批准 %1 卡时。</translation>
    </message>
    <message>
        <source>%1 (checked while it ran; it is released now)</source>
        <translation>%1（检查于实例运行时；实例现已释放）</translation>
    </message>
    <message>
        <source>First run: %1</source>
        <translation>首次运行：%1</translation>
    </message>
    <message numerus="yes">
        <source>The dossier can be sent once the blocking findings above are resolved (%n left).</source>
        <translation>
            <numerusform>上方的阻断问题解决后才能提交资质材料（还剩 %n 个）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The application can be sent once the blocking findings above are resolved (%n left).</source>
        <translation>
            <numerusform>上方的阻断问题解决后才能提交申请（还剩 %n 个）。</numerusform>
        </translation>
    </message>
    <message>
        <source>The provider does not hold the workspace as planned here yet: press “Create, attach quota, add members”, then run the checks. The results shown here are from before that.</source>
        <translation>平台上的工作空间还不是这里规划的样子：请按“创建、挂接配额、添加成员”，然后运行验收检查。这里显示的结果是在那之前得到的。</translation>
    </message>
    <message numerus="yes">
        <source>The workspace can be set up at the provider once the blocking findings above are resolved (%n left).</source>
        <translation>
            <numerusform>解决上方的阻断性问题后，才能在平台上设置工作空间（还剩 %n 个）。</numerusform>
        </translation>
    </message>
    <message>
        <source>ticked above; the provider confirms it when the dossier is sent</source>
        <translation>已在上方勾选；提交资质材料时平台会确认</translation>
    </message>
    <message>
        <source>The provider does not hold the workspace as planned here yet: press “Create, attach quota, add members”, then run the checks.</source>
        <translation>平台上的工作空间还不是这里规划的样子：请按“创建、挂接配额、添加成员”，然后运行验收检查。</translation>
    </message>
    <message>
        <source>Instance %1 is running: press “Run the four checks” to run them on it.</source>
        <translation>实例 %1 正在运行：点击“运行四项判定”即可在其上运行判定。</translation>
    </message>
    <message>
        <source>not activated yet: switch it on in the console, then tick “Training service activated” above</source>
        <translation>尚未开通，请在控制台开通，然后勾选上方的“已开通训练服务”</translation>
    </message>
    <message>
        <source>Submit the dossie&amp;r</source>
        <translation>提交资质材料(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Query the review</source>
        <translation>查询审核结果(&amp;Q)</translation>
    </message>
    <message>
        <source>Create, attach quota, a&amp;dd members</source>
        <translation>创建、挂接配额、添加成员(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Run the two acceptance checks</source>
        <translation>运行两项验收检查(&amp;R)</translation>
    </message>
    <message>
        <source>Apply for quo&amp;ta</source>
        <translation>申请配额(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Run the four checks</source>
        <translation>运行四项判定(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Start the first run</source>
        <translation>开始首次运行(&amp;S)</translation>
    </message>
    <message>
        <source>Wrap up: &amp;archive and release</source>
        <translation>收尾：归档并释放(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Create the instance</source>
        <translation>创建实例(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Run the acceptance check</source>
        <translation>运行验收检查</translation>
    </message>
    <message>
        <source>Upload a &amp;small dataset…</source>
        <translation>上传小数据集…</translation>
    </message>
    <message>
        <source>Rele&amp;ase the instance</source>
        <translation>释放实例</translation>
    </message>
    <message>
        <source>Send this justification?</source>
        <translation>发送这份申请理由？</translation>
    </message>
    <message>
        <source>%1

The provider reviews the application with the justification as it stands.</source>
        <translation>%1

平台会按这份申请理由的现有内容审核申请。</translation>
    </message>
    <message>
        <source>&amp;Send it as it is</source>
        <translation>按原样发送(&amp;S)</translation>
    </message>
    <message>
        <source>Your justification no longer matches the derivation (see the findings): “Apply for quota” asks before it sends it.</source>
        <translation>你的申请理由与推导不再一致（见检查结果）：“申请配额”会在发送前先询问。</translation>
    </message>
    <message>
        <source>The granted period starts on %1: gate 4&apos;s instance and the first run wait until then, or ask the provider to move it (change the dates above and apply again).</source>
        <translation>获批时段从 %1 开始：第 4 道门槛的实例和首次运行要等到那时，或请平台调整时段（修改上面的日期后重新申请）。</translation>
    </message>
    <message>
        <source>Create the instance outside the granted period?</source>
        <translation>在获批时段之外创建实例？</translation>
    </message>
    <message>
        <source>C&amp;reate it anyway</source>
        <translation>仍然创建(&amp;R)</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <source>Folder</source>
        <comment>All other platforms</comment>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>驱动器</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>onramp::Banner</name>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Show technical details</source>
        <translation>显示技术细节</translation>
    </message>
</context>
<context>
    <name>onramp::CardCountSection</name>
    <message>
        <source>3. Smallest card count per card type</source>
        <translation>3. 各卡型所需的最少卡数</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>卡型</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Cards needed</source>
        <translation>所需卡数</translation>
    </message>
    <message>
        <source>Source quality</source>
        <translation>数据可靠度</translation>
    </message>
    <message>
        <source>Cards needed per card type</source>
        <translation>各卡型所需卡数</translation>
    </message>
    <message>
        <source>not supported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>%1: activations fill the card</source>
        <translation>%1：激活几乎占满显存</translation>
    </message>
    <message>
        <source>One micro-batch&apos;s activations and the context take %1 GB of this card&apos;s %2 GB however many cards share the model. A chunked loss, activation checkpointing or a smaller micro-batch shrinks them.</source>
        <translation>无论多少张卡分担模型，一个微批次的激活值和上下文就要占用这张卡 %2 GB 中的 %1 GB。分块计算损失、激活检查点或更小的微批次可以减少这部分显存。</translation>
    </message>
    <message>
        <source>%1 with %2 (without it, activations fill the card)</source>
        <translation>采用%2时 %1（不采用时激活几乎占满显存）</translation>
    </message>
    <message>
        <source>%1 with the model sharded (FSDP or ZeRO-3)</source>
        <translation>%1 张（模型分片：FSDP 或 ZeRO-3）</translation>
    </message>
    <message>
        <source>With plain data parallelism every card holds the whole model and its optimizer state, however many cards there are. Sharding them over %1 cards (FSDP, or DeepSpeed ZeRO stage 3) fits: set &quot;Data-parallel sharding&quot; to match.</source>
        <translation>纯数据并行时，不论卡有多少张，每张卡都放着整个模型和它的优化器状态。把它们分片到 %1 张卡上（FSDP，或 DeepSpeed ZeRO-3）才放得下：请把“数据并行分片”设成相应的方式。</translation>
    </message>
</context>
<context>
    <name>onramp::DateField</name>
    <message>
        <source>not set (YYYY-MM-DD)</source>
        <translation>未设置（YYYY-MM-DD）</translation>
    </message>
    <message>
        <source>Pick a date (Alt+Down)</source>
        <translation>选择日期（Alt+↓）</translation>
    </message>
    <message>
        <source>Pick a date</source>
        <translation>选择日期</translation>
    </message>
    <message>
        <source>“%1” is not a date: type it as YYYY-MM-DD, for example 2026-11-15.</source>
        <translation>“%1”不是日期：请按 YYYY-MM-DD 输入，例如 2026-11-15。</translation>
    </message>
</context>
<context>
    <name>onramp::FirstRunPage</name>
    <message>
        <source>The environment starts</source>
        <translation>环境能启动</translation>
    </message>
    <message>
        <source>The data is readable</source>
        <translation>数据可读</translation>
    </message>
    <message>
        <source>Memory is sufficient</source>
        <translation>显存够用</translation>
    </message>
    <message>
        <source>The loss decreases</source>
        <translation>损失在下降</translation>
    </message>
    <message>
        <source>Artifacts are on disk (checkpoints, metrics)</source>
        <translation>产出已落盘（检查点、指标）</translation>
    </message>
    <message>
        <source>Open a handoff spec</source>
        <translation>打开运行说明</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1.&lt;/b&gt; %2&lt;br&gt;&lt;b&gt;First:&lt;/b&gt; %3</source>
        <translation>&lt;b&gt;%1。&lt;/b&gt;%2&lt;br&gt;&lt;b&gt;先做：&lt;/b&gt;%3</translation>
    </message>
    <message>
        <source>Nothing to triage: the first run passed.</source>
        <translation>无需排障：首次运行已通过。</translation>
    </message>
    <message>
        <source>When a job is queued forever, exits at start, cannot read data, runs out of memory, is extremely slow or cannot resume, the cause and the first action show here. Queued for quota, for stock and for permission are told apart.</source>
        <translation>任务一直排队、一启动就退出、读不到数据、显存不足、极慢或无法续训时，原因和第一步动作会显示在这里。因配额、库存还是权限而排队会分开说明。</translation>
    </message>
    <message>
        <source>First run: %1</source>
        <translation>首次运行：%1</translation>
    </message>
    <message>
        <source>Task: %1 on %2, image %3 %4; spec %5</source>
        <translation>任务：%1，在 %2 上，镜像 %3 %4；运行说明 %5</translation>
    </message>
    <message>
        <source>Instance released; artifacts recorded under purposeful names:</source>
        <translation>实例已释放；产出已按有意义的名称记录：</translation>
    </message>
    <message>
        <source>After a passing first run: wrap up — the artifacts get purposeful names and the instance is released.</source>
        <translation>首次运行通过后请收尾：产出按有意义的名称归档，实例被释放。</translation>
    </message>
    <message>
        <source>The first run pushes a small slice through the whole chain — read data, forward, backward, save a checkpoint, write outputs, log — and checks the guides&apos; five points. The handoff works when a colleague reruns it from the spec alone.</source>
        <translation>首次运行用一小部分数据跑通整条链路——读数据、前向、反向、保存检查点、写产出、记日志——并核对指南中的五项验证。同事只凭运行说明就能重跑，交接才算成功。</translation>
    </message>
    <message>
        <source>The five points</source>
        <translation>五项验证</translation>
    </message>
    <message>
        <source>Triage</source>
        <translation>排障</translation>
    </message>
    <message>
        <source>Wrap-up and handoff</source>
        <translation>收尾与交接</translation>
    </message>
    <message>
        <source>Open a handoff spec…</source>
        <translation>打开运行说明…</translation>
    </message>
    <message>
        <source>Attempt %1 — %2</source>
        <translation>第 %1 次尝试 — %2</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试记录</translation>
    </message>
    <message>
        <source>The first run&apos;s attempts</source>
        <translation>首次运行的各次尝试</translation>
    </message>
    <message>
        <source>The provider&apos;s words: %1</source>
        <translation>平台原文：%1</translation>
    </message>
    <message>
        <source>✔ Accepted on %1: %2.</source>
        <translation>✔ 于 %1 验收：%2。</translation>
    </message>
    <message>
        <source>Not accepted yet: %1</source>
        <translation>尚未验收：%1</translation>
    </message>
    <message>
        <source>id not recorded</source>
        <translation>未记录编号</translation>
    </message>
    <message numerus="yes">
        <source>The first run (job %1, %2) as recorded: its loss at %n logged step(s).</source>
        <translation>
            <numerusform>首次运行（任务 %1，%2）的记录：已记录 %n 步的损失。</numerusform>
        </translation>
    </message>
    <message>
        <source>Its log is at the provider; it shows here once Onramp is connected to it again.</source>
        <translation>其日志在平台上；Onramp 重新连接平台后会显示在这里。</translation>
    </message>
</context>
<context>
    <name>onramp::FormGatePage</name>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
</context>
<context>
    <name>onramp::GateCard</name>
    <message>
        <source>Entry condition</source>
        <translation>进入条件</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>产出</translation>
    </message>
    <message>
        <source>Acceptor</source>
        <translation>验收人</translation>
    </message>
    <message>
        <source>Acceptance checks</source>
        <translation>验收项</translation>
    </message>
    <message>
        <source>&amp;Waiting for</source>
        <translation>等待对象(&amp;W)</translation>
    </message>
    <message>
        <source>Re&amp;jection reason</source>
        <translation>退回原因(&amp;J)</translation>
    </message>
    <message>
        <source>Gate %1: %2</source>
        <translation>第 %1 道门槛：%2</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Waiting for someone else</source>
        <translation>等待他人</translation>
    </message>
    <message>
        <source>Passed (accepted)</source>
        <translation>已通过（已验收）</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>被退回</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>New status</source>
        <translation>新状态</translation>
    </message>
    <message>
        <source>e.g. the provider&apos;s qualification review</source>
        <translation>例如：平台的资质审核</translation>
    </message>
    <message>
        <source>e.g. screenshot of the service entry, ticket number</source>
        <translation>例如：服务入口截图、工单号</translation>
    </message>
    <message>
        <source>name of the acceptor</source>
        <translation>验收人姓名</translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation>等待对象</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Accepted by</source>
        <translation>验收人</translation>
    </message>
    <message>
        <source>Rejection reason</source>
        <translation>退回原因</translation>
    </message>
    <message>
        <source>What to change</source>
        <translation>需要修改</translation>
    </message>
    <message>
        <source>Record status</source>
        <translation>记录状态</translation>
    </message>
    <message>
        <source>What blocked us</source>
        <translation>卡住我们的地方</translation>
    </message>
    <message>
        <source>Met</source>
        <translation>已满足</translation>
    </message>
    <message>
        <source>New stat&amp;us</source>
        <translation>新状态(&amp;U)</translation>
    </message>
    <message>
        <source>E&amp;vidence</source>
        <translation>证据(&amp;V)</translation>
    </message>
    <message>
        <source>Accepted b&amp;y</source>
        <translation>验收人(&amp;Y)</translation>
    </message>
    <message>
        <source>What to chan&amp;ge</source>
        <translation>需要修改(&amp;G)</translation>
    </message>
    <message>
        <source>Rec&amp;ord status</source>
        <translation>记录状态(&amp;O)</translation>
    </message>
    <message>
        <source>What bloc&amp;ked us here (kept for the next team walking this gate):</source>
        <translation>这一关卡住我们的地方(&amp;K)（留给下一个走这道门槛的团队）：</translation>
    </message>
</context>
<context>
    <name>onramp::GateOverview</name>
    <message>
        <source>Gate</source>
        <translation>门槛</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Acceptor</source>
        <translation>验收人</translation>
    </message>
    <message>
        <source>Gate overview</source>
        <translation>门槛总览</translation>
    </message>
    <message>
        <source>Entry condition: %1</source>
        <translation>进入条件：%1</translation>
    </message>
</context>
<context>
    <name>onramp::GatePage</name>
    <message>
        <source>Gate %1 of 6: %2</source>
        <translation>第 %1/6 道门槛：%2</translation>
    </message>
    <message>
        <source>Acceptor: %1</source>
        <translation>验收人：%1</translation>
    </message>
</context>
<context>
    <name>onramp::GateSidebar</name>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>Gate %1, %2: %3</source>
        <translation>第 %1 道门槛，%2：%3</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>总结</translation>
    </message>
    <message>
        <source>Gates</source>
        <translation>门槛</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
</context>
<context>
    <name>onramp::HandoffDialog</name>
    <message>
        <source>Open a handoff spec</source>
        <translation>打开运行说明</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a run spec Onramp can use: %2</source>
        <translation>%1 不是 Onramp 能用的运行说明：%2</translation>
    </message>
    <message>
        <source>The spec says everything a rerun needs.</source>
        <translation>这份运行说明写全了重跑所需的一切。</translation>
    </message>
    <message>
        <source>Reproduced: every item passed.</source>
        <translation>已复现：每一项都通过。</translation>
    </message>
    <message>
        <source>Replaying from the spec alone: provisioning, the readiness checks, the first run, then the comparison…</source>
        <translation>只凭运行说明重跑：开通资源、就绪判定、首次运行，然后对比…</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>MISSING</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>&amp;Replay on a fresh sandbox</source>
        <translation>在全新沙箱上重跑(&amp;R)</translation>
    </message>
    <message>
        <source>Stop the replay</source>
        <translation>停止重跑</translation>
    </message>
    <message>
        <source>Replay as</source>
        <translation>重跑身份</translation>
    </message>
    <message>
        <source>Replay &amp;as:</source>
        <translation>重跑身份(&amp;A)：</translation>
    </message>
    <message>
        <source>N/A</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>The replay was stopped; nothing was recorded.</source>
        <translation>重跑已停止；没有记录任何内容。</translation>
    </message>
    <message>
        <source>Replay as &amp;practice</source>
        <translation>作为练习重跑(&amp;P)</translation>
    </message>
    <message>
        <source>Replay as practice, recording nothing</source>
        <translation>作为练习重跑，不记录任何结果</translation>
    </message>
    <message numerus="yes">
        <source>The spec does not say enough in %n place(s), marked below; a rerun can still go ahead.</source>
        <translation>
            <numerusform>运行说明有 %n 处写得不够，已在下方标出；仍可以重跑。</numerusform>
        </translation>
    </message>
    <message>
        <source>Gate %1 “%2” is what this replay decides: a replay from the spec alone by a colleague who took no part accepts it.</source>
        <translation>第 %1 道门槛“%2”由这次重跑来判定：由一位未参与的同事只凭运行说明重跑成功，即可验收。</translation>
    </message>
    <message>
        <source>%1
Field in the spec: %2</source>
        <translation>%1
运行说明中的字段：%2</translation>
    </message>
    <message>
        <source>Practice replay (nothing is recorded): provisioning, the readiness checks, the first run, then the comparison…</source>
        <translation>练习重跑（不记录任何结果）：开通资源、就绪判定、首次运行，然后对比…</translation>
    </message>
    <message>
        <source>This was a practice run: nothing was recorded for gate 6.</source>
        <translation>这是一次练习重跑：没有为第 6 道门槛记录任何结果。</translation>
    </message>
    <message>
        <source>This replay cannot accept gate 6.</source>
        <translation>这次重跑不能验收第 6 道门槛。</translation>
    </message>
    <message>
        <source>Or replay it now as practice: every item is shown and nothing is recorded.</source>
        <translation>也可以现在作为练习重跑：会显示每一项，但不记录任何结果。</translation>
    </message>
    <message>
        <source>Say who replays: a colleague who took no part in the onboarding.</source>
        <translation>请写明由谁重跑：一位未参与这次开通的同事。</translation>
    </message>
    <message>
        <source>Gate 6 is accepted by the replay of a colleague who took no part in the onboarding.</source>
        <translation>第 6 道门槛由一位未参与这次开通的同事的重跑来验收。</translation>
    </message>
    <message>
        <source>No replay in this window yet: the list shows the spec&apos;s gaps; a replay&apos;s items follow them as they are decided.</source>
        <translation>此窗口中还没有重跑：列表显示运行说明中写得不够的地方；重跑的各项判定后列在其后。</translation>
    </message>
    <message>
        <source>No replay in this window yet: a replay&apos;s items show here as they are decided.</source>
        <translation>此窗口中还没有重跑：重跑的各项判定后显示在这里。</translation>
    </message>
    <message>
        <source>Gate 6 records %1&apos;s replay of %2: %3.</source>
        <translation>第 6 道门槛记录的是 %1 于 %2 的重跑：%3。</translation>
    </message>
    <message>
        <source>reproduced</source>
        <translation>已复现</translation>
    </message>
    <message>
        <source>not reproduced</source>
        <translation>未复现</translation>
    </message>
    <message>
        <source>%1&apos;s practice replay (nothing is recorded), started %2: its items as they are decided.</source>
        <translation>%1 的练习重跑（不记录任何结果），开始于 %2：各项判定后显示在这里。</translation>
    </message>
    <message>
        <source>%1&apos;s replay, started %2: its items as they are decided.</source>
        <translation>%1 的重跑，开始于 %2：各项判定后显示在这里。</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>%1&apos;s practice replay (nothing is recorded), started %2: %3.</source>
        <translation>%1 的练习重跑（不记录任何结果），开始于 %2：%3。</translation>
    </message>
    <message>
        <source>%1&apos;s replay, started %2: %3.</source>
        <translation>%1 的重跑，开始于 %2：%3。</translation>
    </message>
    <message>
        <source>your account or name, for example wang.fang</source>
        <translation>你的账号或姓名，例如 wang.fang</translation>
    </message>
    <message>
        <source>Reproduced: %1.</source>
        <comment>the items counted</comment>
        <translation>已复现：%1。</translation>
    </message>
    <message numerus="yes">
        <source>Reproduced: every item the rerun compared passed (%1). The spec does not say enough in %n place(s), marked MISSING at the top: a rerun elsewhere may differ there.</source>
        <translation>
            <numerusform>已复现：重跑对比的每一项都通过（%1）。运行说明有 %n 处写得不够（在顶部标为“缺失”）：在别处重跑时，这些地方可能不同。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not reproduced: it differs at %1 (%2).</source>
        <translation>未能复现，不一致之处：%1（%2）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 on %3, image %4 %5.&lt;br&gt;%6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2，使用 %3，镜像 %4 %5。&lt;br&gt;%6</translation>
    </message>
    <message>
        <source>Fingerprint %1</source>
        <translation>指纹 %1</translation>
    </message>
    <message>
        <source>Run specs (*.json)</source>
        <translation>运行说明 (*.json)</translation>
    </message>
    <message>
        <source>Technical details: %1</source>
        <translation>技术详情：%1</translation>
    </message>
    <message>
        <source>Replay it to check the spec: nothing is recorded in this onboarding.</source>
        <translation>可以重跑来检查这份运行说明：这份开通记录中不会记录任何结果。</translation>
    </message>
</context>
<context>
    <name>onramp::InstanceImageSection</name>
    <message>
        <source>5. Instance type and image</source>
        <translation>5. 实例规格与镜像</translation>
    </message>
    <message>
        <source>Instance &amp;type</source>
        <translation>实例规格(&amp;T)</translation>
    </message>
    <message>
        <source>I&amp;mage</source>
        <translation>镜像(&amp;M)</translation>
    </message>
    <message>
        <source>Your code needs</source>
        <translation>代码要求</translation>
    </message>
    <message>
        <source>Instance zone</source>
        <translation>实例可用区</translation>
    </message>
    <message>
        <source>(choose)</source>
        <translation>（请选择）</translation>
    </message>
    <message>
        <source>Choose an image to record its version and digest.</source>
        <translation>选择镜像后会记录它的版本与摘要。</translation>
    </message>
    <message>
        <source>Recorded for the run spec: %1 %2 (%3), %4 %5, %6 %7, driver %8</source>
        <translation>已记入运行说明：%1 %2（%3），%4 %5，%6 %7，驱动 %8</translation>
    </message>
    <message>
        <source>digest unknown; the provider supplies it</source>
        <translation>摘要未知；由平台提供</translation>
    </message>
    <message>
        <source>Also try, in order</source>
        <translation>依次再试</translation>
    </message>
    <message>
        <source>Try them cheapest first (fewest card-hours per round)</source>
        <translation>按最省排序尝试（每轮卡时最少者优先）</translation>
    </message>
    <message>
        <source>TYPE or TYPE@ZONE, separated by commas. Each is compared with the quota left before it is tried; one that cannot fit is skipped with the figures.</source>
        <translation>类型 或 类型@可用区，用逗号分隔。每个候选在尝试前先与剩余配额比较；放不下的会附上数字说明并跳过。</translation>
    </message>
    <message>
        <source>Tries at the provider, in order:</source>
        <translation>在平台处的尝试（按顺序）：</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add one of the catalog&apos;s instance types to the list; add @ZONE after it to try it in another zone.</source>
        <translation>从目录中选一个实例规格加到列表末尾；在它后面加上 @可用区，即可在另一个可用区尝试。</translation>
    </message>
    <message>
        <source>Add an instance type to try</source>
        <translation>添加一个要尝试的实例规格</translation>
    </message>
    <message>
        <source>%1 %2 — needs driver %3 or newer; %4 has %5</source>
        <translation>%1 %2 — 需要驱动 %3 或更新；%4 的驱动为 %5</translation>
    </message>
    <message>
        <source>%1 %2 (driver %3 or newer)</source>
        <translation>%1 %2（驱动 %3 或更新）</translation>
    </message>
    <message>
        <source>The image needs driver %1 or newer; the %2 hosts run %3.</source>
        <translation>该镜像需要驱动 %1 或更新；%2 的主机运行的是 %3。</translation>
    </message>
    <message>
        <source>The image needs driver %1 or newer on the hosts.</source>
        <translation>该镜像需要主机上的驱动为 %1 或更新。</translation>
    </message>
    <message>
        <source>%1 %2 — not usable: not built for the %3 (%4)</source>
        <translation>%1 %2 —— 不可用：没有为 %3（%4）构建</translation>
    </message>
    <message>
        <source>The image is built for %1; the %2 is %3. It would start, then fail with “operator not supported”.</source>
        <translation>该镜像为 %1 构建；%2 是 %3。任务能起来，但一跑就会报“算子不支持”。</translation>
    </message>
    <message>
        <source>%1 — not in the pool: %2 cards, the pool is for %3</source>
        <translation>%1 —— 不在配额池内：它是 %2 卡，配额池是 %3</translation>
    </message>
    <message>
        <source>The quota pool is for %1 cards: its card-hours cannot be spent on %2. Attach a pool of %3 in gate 2 to use it.</source>
        <translation>配额池是 %1 卡：池里的卡时不能花在 %2 上。要用它，请在第 2 道门槛挂接 %3 的配额池。</translation>
    </message>
</context>
<context>
    <name>onramp::JobMonitor</name>
    <message>
        <source>No job yet. The jobs this gate runs show here as they run.</source>
        <translation>还没有任务。这道门槛运行的任务会实时显示在这里。</translation>
    </message>
    <message>
        <source>%1 — job %2: %3</source>
        <translation>%1——任务 %2：%3</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1.&lt;/b&gt; %2&lt;br&gt;&lt;b&gt;First:&lt;/b&gt; %3&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</source>
        <translation>&lt;b&gt;%1。&lt;/b&gt;%2&lt;br&gt;&lt;b&gt;先做：&lt;/b&gt;%3&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</translation>
    </message>
    <message>
        <source>Live job</source>
        <translation>实时任务</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Step time (ms)</source>
        <translation>步耗时（ms）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1.&lt;/b&gt; %2 %3&lt;br&gt;&lt;b&gt;First:&lt;/b&gt; %4&lt;br&gt;&lt;small&gt;%5&lt;/small&gt;</source>
        <translation>&lt;b&gt;%1。&lt;/b&gt;%2 %3&lt;br&gt;&lt;b&gt;先做：&lt;/b&gt;%4&lt;br&gt;&lt;small&gt;%5&lt;/small&gt;</translation>
    </message>
    <message>
        <source>GPU memory (%1)</source>
        <comment>the unit: MiB or GiB</comment>
        <translation>显存（%1）</translation>
    </message>
    <message>
        <source>Memory in use (%1)</source>
        <comment>the unit: MiB or GiB</comment>
        <translation>内存占用（%1）</translation>
    </message>
    <message>
        <source>Coach: %1</source>
        <translation>监控教练：%1</translation>
    </message>
    <message>
        <source>The loss appears here once the first run starts.</source>
        <translation>首次运行开始后，这里显示损失。</translation>
    </message>
    <message>
        <source>The loss appears here once a check&apos;s job runs.</source>
        <translation>判定任务运行后，这里显示损失。</translation>
    </message>
    <message>
        <source>The time per step appears here once the first run starts.</source>
        <translation>首次运行开始后，这里显示每步耗时。</translation>
    </message>
    <message>
        <source>The time per step appears here once a check&apos;s job runs.</source>
        <translation>判定任务运行后，这里显示每步耗时。</translation>
    </message>
    <message>
        <source>The memory in use appears here once the first run reports it.</source>
        <translation>首次运行报告内存占用后，这里显示内存占用。</translation>
    </message>
    <message>
        <source>The memory in use appears here once a check&apos;s job reports it.</source>
        <translation>判定任务报告内存占用后，这里显示内存占用。</translation>
    </message>
    <message>
        <source>Not kept in the onboarding&apos;s record, which keeps the loss curve; shown again when the job&apos;s log is read from the provider.</source>
        <translation>开通记录里没有保存这一项（只保存损失曲线）；从平台重新读取该任务的日志后会再显示。</translation>
    </message>
    <message>
        <source>The onboarding&apos;s record keeps the run&apos;s loss curve, evidence and diagnosis, not its log. The whole log stays at the provider with the job and shows here once Onramp reads it from there again.</source>
        <translation>开通记录保存运行的损失曲线、证据和诊断，不保存日志。完整日志随任务保存在平台上，Onramp 从平台重新读取后会显示在这里。</translation>
    </message>
    <message>
        <source>The job&apos;s log shows here as it runs.</source>
        <translation>任务运行时，其日志显示在这里。</translation>
    </message>
    <message>
        <source>The provider no longer has job %1: its log, step times and memory went with it. The loss curve, evidence and diagnosis the record kept show here.</source>
        <translation>平台上已没有任务 %1：它的日志、每步用时和内存也随之没有了。这里显示的是记录保存的损失曲线、证据和诊断。</translation>
    </message>
    <message>
        <source>Job %1 could not be read from the provider; the record shows until it can.</source>
        <translation>无法从平台读取任务 %1；在能读取之前，这里显示记录。</translation>
    </message>
    <message>
        <source>Job %1 could not be read from the provider: %2</source>
        <translation>无法从平台读取任务 %1：%2</translation>
    </message>
    <message>
        <source>Not kept in the onboarding&apos;s record, which keeps the loss curve; the provider no longer has job %1.</source>
        <translation>开通记录里没有保存这一项（只保存损失曲线）；平台上也已没有任务 %1。</translation>
    </message>
    <message>
        <source>The provider no longer has job %1, nor its log. The onboarding&apos;s record keeps the run&apos;s loss curve, evidence and diagnosis, shown here.</source>
        <translation>平台上已没有任务 %1，也没有它的日志。开通记录保存了运行的损失曲线、证据和诊断，显示在这里。</translation>
    </message>
</context>
<context>
    <name>onramp::LogView</name>
    <message>
        <source>Job log</source>
        <translation>任务日志</translation>
    </message>
    <message>
        <source>The last %1 lines of a %2 log.</source>
        <translation>%2 日志的最后 %1 行。</translation>
    </message>
    <message>
        <source>Skipped the first %1 of this log to show its end; the view keeps the last %2 lines.</source>
        <translation>为显示日志末尾，跳过了前 %1；视图只保留最后 %2 行。</translation>
    </message>
</context>
<context>
    <name>onramp::MemorySection</name>
    <message>
        <source>2. Memory per card</source>
        <translation>2. 每卡显存</translation>
    </message>
    <message>
        <source>Judge against card</source>
        <translation>按卡型判定</translation>
    </message>
    <message>
        <source>What to change</source>
        <translation>可以调整的地方</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>额外开销</translation>
    </message>
    <message>
        <source>%1: %2 GiB (%3)</source>
        <translation>%1：%2 GiB（%3）</translation>
    </message>
    <message>
        <source>Per card: %1 GiB on %2 (%3 GB)</source>
        <translation>每卡：%1 GiB，卡型 %2（%3 GB）</translation>
    </message>
    <message>
        <source>What would make it fit, cheapest in speed first, each on top of the ones above:</source>
        <translation>怎样才能放得下（按对速度的影响从小到大，每一步都叠加在上面各步之上）：</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>采用</translation>
    </message>
    <message>
        <source>Apply: %1</source>
        <translation>采用：%1</translation>
    </message>
</context>
<context>
    <name>onramp::OnboardingWizard</name>
    <message>
        <source>Onramp — GPU training onboarding</source>
        <translation>Onramp — GPU 训练开通向导</translation>
    </message>
    <message>
        <source>&amp;Provider…</source>
        <translation>平台(&amp;P)…</translation>
    </message>
    <message>
        <source>Provider settings</source>
        <translation>平台设置</translation>
    </message>
</context>
<context>
    <name>onramp::ProviderDialog</name>
    <message>
        <source>Provider</source>
        <translation>平台</translation>
    </message>
    <message>
        <source>The built-in sandbox: no account needed, runs on this computer</source>
        <translation>内置沙箱：无需账号，在本机运行</translation>
    </message>
    <message>
        <source>An Onramp API server</source>
        <translation>Onramp API 服务器</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>Access &amp;key id:</source>
        <translation>访问密钥 ID(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;Secret:</source>
        <translation>密钥(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Region:</source>
        <translation>地域(&amp;R)：</translation>
    </message>
    <message>
        <source>Extra &amp;CA file:</source>
        <translation>额外 CA 文件(&amp;C)：</translation>
    </message>
    <message>
        <source>only for a provider with its own certificate authority</source>
        <translation>仅用于自建证书颁发机构的平台</translation>
    </message>
    <message>
        <source>Act as &amp;member:</source>
        <translation>以成员身份(&amp;M)：</translation>
    </message>
    <message>
        <source>your account in the workspace</source>
        <translation>你在工作空间中的账号</translation>
    </message>
    <message>
        <source>Remember the secret in the system keychain</source>
        <translation>在系统钥匙串中记住密钥</translation>
    </message>
    <message>
        <source>No system keychain answers on this computer: the secret is kept in memory until Onramp quits, and asked for again next time.</source>
        <translation>本机没有可用的系统钥匙串：密钥只保存在内存中，Onramp 退出后清除，下次需要重新输入。</translation>
    </message>
    <message>
        <source>Enter the secret that belongs to the access key.</source>
        <translation>请输入与访问密钥对应的密钥。</translation>
    </message>
    <message>
        <source>Enter the region the provider signs for.</source>
        <translation>请输入平台签名使用的地域。</translation>
    </message>
    <message>
        <source>A Slurm cluster, through its REST daemon (slurmrestd)</source>
        <translation>Slurm 集群，通过其 REST 服务（slurmrestd）</translation>
    </message>
    <message>
        <source>slurmrestd &amp;address:</source>
        <translation>slurmrestd 地址(&amp;A)：</translation>
    </message>
    <message>
        <source>C&amp;luster name:</source>
        <translation>集群名称(&amp;L)：</translation>
    </message>
    <message>
        <source>Your &amp;user on the cluster:</source>
        <translation>你在集群上的用户(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Token folder:</source>
        <translation>令牌目录(&amp;T)：</translation>
    </message>
    <message>
        <source>a folder of &lt;user&gt;.jwt files</source>
        <translation>存放 &lt;用户&gt;.jwt 文件的目录</translation>
    </message>
    <message>
        <source>…or token co&amp;mmand:</source>
        <translation>…或令牌命令(&amp;M)：</translation>
    </message>
    <message>
        <source>Job &amp;output lands in:</source>
        <translation>任务输出位置(&amp;O)：</translation>
    </message>
    <message>
        <source>a shared folder, as this computer sees it</source>
        <translation>共享目录（按本机看到的路径）</translation>
    </message>
    <message>
        <source>Slurm a&amp;dministrator:</source>
        <translation>Slurm 管理员(&amp;D)：</translation>
    </message>
    <message>
        <source>applies quota (GrpTRESMins)</source>
        <translation>负责设置配额（GrpTRESMins）</translation>
    </message>
    <message>
        <source>onramp-&amp;probe on the nodes:</source>
        <translation>节点上的 onramp-probe(&amp;P)：</translation>
    </message>
    <message>
        <source>Enter your user on the cluster: jobs run as that user.</source>
        <translation>请填写你在集群上的用户：任务以该用户身份运行。</translation>
    </message>
</context>
<context>
    <name>onramp::ProviderHub</name>
    <message>
        <source>Not connected to a provider.</source>
        <translation>未连接平台。</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Connected to %1.</source>
        <translation>已连接到%1。</translation>
    </message>
    <message>
        <source>Enter the secret for %1 in the provider settings.</source>
        <translation>请在平台设置中输入 %1 的密钥。</translation>
    </message>
    <message>
        <source>Enter the secret for %1 in the provider settings: it is not remembered on this computer.</source>
        <translation>请在平台设置中输入 %1 的密钥：本机没有记住它。</translation>
    </message>
    <message>
        <source>the built-in sandbox</source>
        <translation>内置沙箱</translation>
    </message>
    <message>
        <source>the built-in sandbox (%1)</source>
        <translation>内置沙箱（%1）</translation>
    </message>
    <message>
        <source>the Slurm cluster %1 (%2)</source>
        <translation>Slurm 集群 %1（%2）</translation>
    </message>
    <message>
        <source>Reaching %1…</source>
        <translation>正在连接%1…</translation>
    </message>
    <message>
        <source>%1 did not answer as a provider: %2 Check the address under Provider…, then try again.</source>
        <translation>%1 没有以平台身份应答：%2请在“平台…”中检查地址，然后重试。</translation>
    </message>
    <message>
        <source>%1 did not answer as a provider: %2</source>
        <translation>%1 没有以平台身份应答：%2</translation>
    </message>
</context>
<context>
    <name>onramp::ProviderPanel</name>
    <message>
        <source>At the provider</source>
        <translation>在平台上</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancel the provider operation</source>
        <translation>取消平台操作</translation>
    </message>
</context>
<context>
    <name>onramp::QualificationPage</name>
    <message>
        <source>Choose the attachment</source>
        <translation>选择附件</translation>
    </message>
    <message>
        <source>Documents (*.pdf *.png *.jpg *.jpeg *.ofd);;All files (*)</source>
        <translation>文档 (*.pdf *.png *.jpg *.jpeg *.ofd);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账号</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>平台</translation>
    </message>
    <message>
        <source>Account ID</source>
        <translation>账号 ID</translation>
    </message>
    <message>
        <source>Verification &amp;type</source>
        <translation>实名类型(&amp;T)</translation>
    </message>
    <message>
        <source>Verification &amp;state</source>
        <translation>实名状态(&amp;S)</translation>
    </message>
    <message>
        <source>Training service activated</source>
        <translation>已开通训练服务</translation>
    </message>
    <message>
        <source>Used by a team</source>
        <translation>团队使用</translation>
    </message>
    <message>
        <source>Sub-account</source>
        <translation>子账号</translation>
    </message>
    <message>
        <source>User group</source>
        <translation>用户组</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>授权策略</translation>
    </message>
    <message>
        <source>1. Entity proof</source>
        <translation>1. 主体证明</translation>
    </message>
    <message>
        <source>Authorization signed on</source>
        <translation>授权书签署日期</translation>
    </message>
    <message>
        <source>Authorization valid until</source>
        <translation>授权书有效期至</translation>
    </message>
    <message>
        <source>Signatory</source>
        <translation>签署人</translation>
    </message>
    <message>
        <source>Applicant entity</source>
        <translation>申请主体</translation>
    </message>
    <message>
        <source>Using entity</source>
        <translation>使用主体</translation>
    </message>
    <message>
        <source>Authorization from the using entity</source>
        <translation>使用主体的授权说明</translation>
    </message>
    <message>
        <source>Expected review time</source>
        <translation>预计审核时长</translation>
    </message>
    <message>
        <source>2. Purpose statement</source>
        <translation>2. 用途说明</translation>
    </message>
    <message>
        <source>&amp;Model to train</source>
        <translation>要训练的模型(&amp;M)</translation>
    </message>
    <message>
        <source>Model size</source>
        <translation>模型规模</translation>
    </message>
    <message>
        <source>&amp;Data sources</source>
        <translation>数据来源(&amp;D)</translation>
    </message>
    <message>
        <source>Business value</source>
        <translation>业务价值</translation>
    </message>
    <message>
        <source>3. Data compliance</source>
        <translation>3. 数据合规说明</translation>
    </message>
    <message>
        <source>How it is handled</source>
        <translation>处理方式</translation>
    </message>
    <message>
        <source>Restricted domains (empty: none)</source>
        <translation>受限领域（留空表示无）</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Save the submission package</source>
        <translation>保存提交材料包</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Saved %1.pdf and %1.json.</source>
        <translation>已保存 %1.pdf 和 %1.json。</translation>
    </message>
    <message>
        <source>Personal</source>
        <translation>个人</translation>
    </message>
    <message>
        <source>Enterprise</source>
        <translation>企业</translation>
    </message>
    <message>
        <source>Not verified</source>
        <translation>未核验</translation>
    </message>
    <message>
        <source>Under review</source>
        <translation>审核中</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已核验</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <source>Export submission package</source>
        <translation>导出提交材料包</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>找不到</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>No findings: the dossier is ready to submit.</source>
        <translation>没有问题：资质材料可以提交。</translation>
    </message>
    <message>
        <source>Li&amp;cence or certificate</source>
        <translation>营业执照或证照(&amp;C)</translation>
    </message>
    <message>
        <source>Operator&apos;s authori&amp;zation</source>
        <translation>经办人授权书(&amp;Z)</translation>
    </message>
    <message>
        <source>K&amp;ind of work</source>
        <translation>工作类型(&amp;I)</translation>
    </message>
    <message>
        <source>W&amp;ho it serves</source>
        <translation>服务对象(&amp;H)</translation>
    </message>
    <message>
        <source>Stat&amp;ement</source>
        <translation>说明正文(&amp;E)</translation>
    </message>
    <message>
        <source>Cont&amp;ains personal information</source>
        <translation>含个人信息(&amp;A)</translation>
    </message>
    <message>
        <source>Retention period</source>
        <translation>留存期限</translation>
    </message>
    <message>
        <source>Destruction method</source>
        <translation>销毁方式</translation>
    </message>
    <message>
        <source>E&amp;xport submission package…</source>
        <translation>导出提交材料包(&amp;X)…</translation>
    </message>
    <message>
        <source> d</source>
        <comment>days, after a number</comment>
        <translation> 天</translation>
    </message>
    <message>
        <source>No findings: the dossier is complete, and gate 1 has passed.</source>
        <translation>没有问题：资质材料齐全，第 1 道门槛已通过。</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>a file&apos;s kind, its size</comment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>About %1 words; a page is about 250 words (500 characters in Chinese).</source>
        <translation>约 %1 词；一页约为 250 个英文词（中文约 500 个汉字）。</translation>
    </message>
</context>
<context>
    <name>onramp::QuotaPage</name>
    <message>
        <source>Derivation</source>
        <translation>推导</translation>
    </message>
    <message>
        <source>&amp;Cards per run</source>
        <translation>单次卡数(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Hours per round</source>
        <translation>单轮时长(&amp;H)</translation>
    </message>
    <message>
        <source>Retry &amp;margin</source>
        <translation>重试余量(&amp;M)</translation>
    </message>
    <message>
        <source>Period &amp;start</source>
        <translation>周期开始(&amp;S)</translation>
    </message>
    <message>
        <source>Period &amp;end</source>
        <translation>周期结束(&amp;E)</translation>
    </message>
    <message>
        <source>Time distribution</source>
        <translation>时间分布</translation>
    </message>
    <message>
        <source>Applications</source>
        <translation>分批申请</translation>
    </message>
    <message>
        <source>Justification</source>
        <translation>申请理由</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Add peak window</source>
        <translation>添加峰值时段</translation>
    </message>
    <message>
        <source>Remove peak</source>
        <translation>删除峰值时段</translation>
    </message>
    <message>
        <source>Remove the selected peak window</source>
        <translation>删除选中的峰值时段</translation>
    </message>
    <message>
        <source>Regenerate the justification</source>
        <translation>重新生成申请理由</translation>
    </message>
    <message>
        <source>Start (YYYY-MM-DD)</source>
        <translation>开始（YYYY-MM-DD）</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Cards</source>
        <translation>卡数</translation>
    </message>
    <message>
        <source>Peak windows</source>
        <translation>峰值时段</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>申请</translation>
    </message>
    <message>
        <source>From</source>
        <translation>起</translation>
    </message>
    <message>
        <source>To</source>
        <translation>止</translation>
    </message>
    <message>
        <source>Card-hours</source>
        <translation>卡时</translation>
    </message>
    <message>
        <source>Staged applications</source>
        <translation>分批申请</translation>
    </message>
    <message>
        <source>No findings: the application is derived, staged and consistent.</source>
        <translation>没有问题：申请有推导、分了批，且前后一致。</translation>
    </message>
    <message>
        <source>Rounds &amp;in the period</source>
        <translation>周期内轮次(&amp;I)</translation>
    </message>
    <message>
        <source>Monthly spre&amp;ad (weights, used without peaks)</source>
        <translation>月度分布(&amp;A)（权重；无峰值时段时使用）</translation>
    </message>
    <message>
        <source>A&amp;dd peak window</source>
        <translation>添加峰值时段(&amp;D)</translation>
    </message>
    <message>
        <source>Regenerate from the numbers</source>
        <translation>按数字重新生成</translation>
    </message>
    <message>
        <source>Pool: not attached yet. Attach the quota pool in gate 2 (card type, region, zone): this application is for it.</source>
        <translation>配额池：尚未挂接。请在第 2 道门槛挂接配额池（卡型、地域、可用区）：本申请就是为它而提。</translation>
    </message>
    <message>
        <source> h</source>
        <comment>hours, after a number</comment>
        <translation> 小时</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a chart&apos;s month label: short month name, year</comment>
        <translation>%2年%1</translation>
    </message>
    <message>
        <source>Pool (attached in gate 2): %1.</source>
        <translation>配额池（第 2 道门槛已挂接）：%1。</translation>
    </message>
    <message>
        <source>The card-hours per month appear here once the derivation is complete: cards per run, hours per round, rounds and the period.</source>
        <translation>推导填写完整后（单次卡数、单轮时长、周期内轮次和周期），这里显示每月的卡时。</translation>
    </message>
    <message>
        <source> %</source>
        <comment>percent, after a number</comment>
        <translation>%</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Not derived yet: %1.</source>
        <translation>尚未推导：%1。</translation>
    </message>
    <message>
        <source>Replaces your text with one written from the numbers as they are now.</source>
        <translation>用按当前数字生成的理由替换你的文字。</translation>
    </message>
    <message>
        <source>Your own text: Onramp does not change it when the numbers change.</source>
        <translation>这是你自己的文字：数字变了，Onramp 也不会改动它。</translation>
    </message>
</context>
<context>
    <name>onramp::ReadinessPage</name>
    <message>
        <source>Ready means all four checks pass — stricter than “the instance is running”. Each runs as a job on gate 4&apos;s instance; a failure comes with its diagnosis, in the guides&apos; order: framework, then driver, then accelerator library — never “reinstall first”.</source>
        <translation>就绪意味着四项判定全部通过——比“实例在运行”严格得多。每项都作为任务在第 4 道门槛的实例上运行；失败时附带诊断，顺序与指南一致：先框架，再驱动，再加速库——绝不“先重装”。</translation>
    </message>
    <message>
        <source>The four checks</source>
        <translation>四项判定</translation>
    </message>
</context>
<context>
    <name>onramp::ResourcesPage</name>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>No findings: the instance, image and storage plan fit together.</source>
        <translation>没有问题：实例规格、镜像与存储规划互相匹配。</translation>
    </message>
</context>
<context>
    <name>onramp::SandboxServer</name>
    <message>
        <source>The sandbox listens on loopback only (127.0.0.1 or ::1).</source>
        <translation>沙箱只监听本机回环地址（127.0.0.1 或 ::1）。</translation>
    </message>
    <message>
        <source>Cannot open the sandbox database: %1</source>
        <translation>无法打开沙箱数据库：%1</translation>
    </message>
    <message>
        <source>Cannot listen on %1:%2: %3</source>
        <translation>无法在 %1:%2 上监听：%3</translation>
    </message>
</context>
<context>
    <name>onramp::StateStore</name>
    <message>
        <source>Onramp cannot read your saved onboarding at %1. Check the file&apos;s permissions; until then nothing will be saved.</source>
        <translation>Onramp 无法读取保存在 %1 的开通进度。请检查文件权限；在此之前不会保存任何内容。</translation>
    </message>
    <message>
        <source>Your saved onboarding was written by a newer Onramp (schema %1; this one reads %2). It is left untouched and nothing will be saved this session. Update Onramp to continue where you left off.</source>
        <translation>已保存的开通进度由更新版本的 Onramp 写入（格式第 %1 版；当前版本只能读第 %2 版）。文件保持原样，本次不会保存任何内容。请升级 Onramp 以便从上次的位置继续。</translation>
    </message>
    <message>
        <source>The onboarding file %1 cannot be read.</source>
        <translation>无法读取开通进度文件 %1。</translation>
    </message>
    <message>
        <source>Your saved onboarding could not be read, so Onramp started fresh. The old file was kept as %1 for you to inspect.</source>
        <translation>无法读取已保存的开通进度，Onramp 已从头开始。旧文件已另存为 %1，供你查看。</translation>
    </message>
    <message>
        <source>Your saved onboarding could not be read and could not be moved aside. Nothing will be saved until %1 is fixed or removed.</source>
        <translation>无法读取已保存的开通进度，也无法把它移到一旁。在修复或删除 %1 之前不会保存任何内容。</translation>
    </message>
    <message>
        <source>Saving is off for this session so that the existing file at %1 is not overwritten.</source>
        <translation>本次已关闭保存，以免覆盖 %1 处的现有文件。</translation>
    </message>
    <message>
        <source>Onramp could not save your onboarding to %1. Free some disk space or fix the folder&apos;s permissions; your work is kept in memory and saved on the next change.</source>
        <translation>Onramp 无法把开通进度保存到 %1。请清理磁盘空间或修正目录权限；你的修改保留在内存中，下次改动时会再次保存。</translation>
    </message>
</context>
<context>
    <name>onramp::StoragePlanSection</name>
    <message>
        <source>6. Storage plan</source>
        <translation>6. 存储规划</translation>
    </message>
    <message>
        <source>Mount data read-only</source>
        <translation>数据只读挂接</translation>
    </message>
    <message>
        <source>Output path (writable, persistent)</source>
        <translation>产出路径（可写、持久）</translation>
    </message>
    <message>
        <source>Scratch path (local disk)</source>
        <translation>临时目录（本地盘）</translation>
    </message>
    <message>
        <source>Choose the local dataset</source>
        <translation>选择本地数据集</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>Scan a local dataset…</source>
        <translation>扫描本地数据集…</translation>
    </message>
    <message>
        <source>Scan a local dataset</source>
        <translation>扫描本地数据集</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>正在扫描…</translation>
    </message>
    <message>
        <source>%1 files, %2 GB, %3 % under 64 KiB. Upload with %4.</source>
        <translation>%1 个文件，%2 GB，%3% 小于 64 KiB。建议用%4上传。</translation>
    </message>
    <message>
        <source>the console (up to tens of GB)</source>
        <translation>控制台（适合几十 GB 以内）</translation>
    </message>
    <message>
        <source>the batch transfer tool</source>
        <translation>批量传输工具</translation>
    </message>
    <message>
        <source>Scan a local copy to choose between console upload and the batch transfer tool.</source>
        <translation>扫描本地副本，以决定用控制台上传还是批量传输工具。</translation>
    </message>
    <message>
        <source>Data path (mounted)</source>
        <translation>数据路径（挂接）(&amp;A)</translation>
    </message>
</context>
<context>
    <name>onramp::SummaryPage</name>
    <message>
        <source>Summary</source>
        <translation>总结</translation>
    </message>
    <message>
        <source>Every gate with its evidence and who accepted it.</source>
        <translation>每道门槛的证据与验收人。</translation>
    </message>
    <message>
        <source>All six gates are passed. Hand the run spec to a colleague who took no part, and let them replay it alone.</source>
        <translation>六道门槛全部通过。把运行说明交给一位没参与的同事，让他独立重跑一遍。</translation>
    </message>
    <message numerus="yes">
        <source>%n of 6 gates passed.</source>
        <translation>
            <numerusform>已通过 %n/6 道门槛。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the run spec or a handoff</source>
        <translation>导出运行说明或交接材料</translation>
    </message>
    <message>
        <source>Run spec (*.json);;Handoff checklist (*.md);;Handoff checklist, PDF (*.pdf);;Slurm batch script (*.sbatch);;Kubernetes Job (*.yaml)</source>
        <translation>运行说明 (*.json);;交接清单 (*.md);;交接清单 PDF (*.pdf);;Slurm 批处理脚本 (*.sbatch);;Kubernetes Job (*.yaml)</translation>
    </message>
    <message>
        <source>Name the file .json, .md, .pdf, .sbatch or .yaml to say what to export.</source>
        <translation>请把文件命名为 .json、.md、.pdf、.sbatch 或 .yaml，以说明要导出什么。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Run spec %1</source>
        <translation>运行说明 %1</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Record it passed on its page; its acceptor: %1.</source>
        <translation>请在该门槛的页面上记录为“已通过”；验收人：%1。</translation>
    </message>
    <message>
        <source>Next: gate %1 “%2”. %3</source>
        <translation>下一步：第 %1 道门槛“%2”。%3</translation>
    </message>
    <message>
        <source>&amp;Copy the run spec&apos;s fingerprint</source>
        <translation>复制运行说明的指纹(&amp;C)</translation>
    </message>
</context>
<context>
    <name>onramp::ThroughputSection</name>
    <message>
        <source>4. Throughput and card-hours</source>
        <translation>4. 吞吐与卡时</translation>
    </message>
    <message>
        <source>Measured tokens/s (0 = estimate from FLOPs)</source>
        <translation>实测 token/s（0 表示按算力估算）</translation>
    </message>
    <message>
        <source>…measured on cards</source>
        <translation>实测时所用卡数</translation>
    </message>
    <message>
        <source>Scaling efficiency per doubling</source>
        <translation>卡数每翻一倍的扩展效率</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation (estimate)</source>
        <translation>模型算力利用率（估算用）</translation>
    </message>
    <message>
        <source>Workload (tokens × epochs)</source>
        <translation>工作量（token × epoch 数）</translation>
    </message>
    <message>
        <source>Finish within</source>
        <translation>在此时长内完成</translation>
    </message>
    <message>
        <source>Use in quota derivation</source>
        <translation>用于配额推导</translation>
    </message>
    <message>
        <source>%1 cards finish in %2 h: %3 card-hours. Per card %4 tokens/s%5.</source>
        <translation>%1 张卡可在 %2 小时内完成：共 %3 卡时。每卡 %4 token/s%5。</translation>
    </message>
    <message>
        <source> — an estimate from FLOPs; measure a small run to replace it</source>
        <translation>——这是按算力估算的值；请跑一次小规模任务实测来替换</translation>
    </message>
    <message>
        <source> B tokens</source>
        <comment>billions of tokens, after a number</comment>
        <translation> 十亿 token</translation>
    </message>
    <message>
        <source> h</source>
        <comment>hours, after a number</comment>
        <translation> 小时</translation>
    </message>
    <message>
        <source>Replace gate 3&apos;s plan?</source>
        <translation>替换第 3 道门槛的计划？</translation>
    </message>
    <message>
        <source>&amp;Replace the plan</source>
        <translation>替换计划(&amp;R)</translation>
    </message>
    <message>
        <source>Use these cards and hours in the quota derivation (gate &amp;3)</source>
        <translation>把这些卡数和时长用于配额推导（第 3 道门槛）(&amp;Q)</translation>
    </message>
    <message>
        <source>That is past the %1 h asked: %2 cards are the most one instance of this card holds, and gate 4 holds one instance (%3 of them would finish in time).</source>
        <translation>这超过了要求的 %1 小时：这种卡的一台实例最多 %2 张卡，而第 4 道门槛只持有一台实例（%3 台才能按时完成）。</translation>
    </message>
    <message>
        <source>That is past the %1 h asked: %2 cards are the most one instance of this card holds, and gate 4 holds one instance.</source>
        <translation>这超过了要求的 %1 小时：这种卡的一台实例最多 %2 张卡，而第 4 道门槛只持有一台实例。</translation>
    </message>
    <message>
        <source>Sets gate 3&apos;s cards per run and hours per round to these, and this job&apos;s “Cards in the job” with them while no instance type is chosen, so the two agree.</source>
        <translation>把第 3 道门槛的单次卡数和每轮时长设为这些数字；尚未选择实例规格时，这个任务的“任务卡数”也一并设置，使两者一致。</translation>
    </message>
</context>
<context>
    <name>onramp::TrainingSetupSection</name>
    <message>
        <source>1. Model and training setup</source>
        <translation>1. 模型与训练配置</translation>
    </message>
    <message>
        <source>Mod&amp;el</source>
        <translation>模型(&amp;E)</translation>
    </message>
    <message>
        <source>Parameters (custom model)</source>
        <translation>参数量（自定义模型）</translation>
    </message>
    <message>
        <source>Optimi&amp;zer</source>
        <translation>优化器(&amp;Z)</translation>
    </message>
    <message>
        <source>Metho&amp;d</source>
        <translation>方法(&amp;D)</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Micro-batc&amp;h per card</source>
        <translation>每卡微批(&amp;H)</translation>
    </message>
    <message>
        <source>FlashAttention-2 / fused attention</source>
        <translation>FlashAttention-2 / 融合注意力</translation>
    </message>
    <message>
        <source>Gradient dtype</source>
        <translation>梯度数据类型</translation>
    </message>
    <message>
        <source>Data-parallel sharding</source>
        <translation>数据并行分片</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Sequence parallel (with TP)</source>
        <translation>序列并行（配合 TP）</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>Cards in the job</source>
        <translation>任务卡数</translation>
    </message>
    <message>
        <source>CPU offload</source>
        <translation>CPU 卸载</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>Chunked loss</source>
        <translation>分块损失</translation>
    </message>
    <message>
        <source>Offload activations</source>
        <translation>卸载激活值</translation>
    </message>
    <message>
        <source>Cross-entropy over chunks of the logits: no full fp32 copy of them (LitGPT and torchtune do it by default).</source>
        <translation>分块计算 logits 的交叉熵：不再保留完整的 fp32 副本（LitGPT 和 torchtune 默认如此）。</translation>
    </message>
    <message>
        <source>Saved activations go to CPU memory as the forward pass runs and come back a layer at a time.</source>
        <translation>前向时把保存的激活值转到 CPU 内存，反向时再逐层取回。</translation>
    </message>
    <message>
        <source>Prec&amp;ision</source>
        <translation>精度(&amp;C)</translation>
    </message>
    <message>
        <source>Se&amp;quence length</source>
        <translation>序列长度(&amp;S)</translation>
    </message>
    <message>
        <source>Gradient checkpointing</source>
        <translation>梯度检查点(&amp;I)</translation>
    </message>
    <message>
        <source>Framework conventions</source>
        <translation>框架约定(&amp;R)</translation>
    </message>
</context>
<context>
    <name>onramp::WelcomePage</name>
    <message>
        <source>From a fresh account to a reproducible first training run</source>
        <translation>从新账号到可复现的首次训练</translation>
    </message>
    <message>
        <source>Six gates, walked in order. Each names its entry condition, its output and who accepts it.</source>
        <translation>六道门槛，按顺序走。每道都写明进入条件、产出和验收人。</translation>
    </message>
    <message>
        <source>Onboarding takes days because reviews take days. Onramp keeps the checklist for you: record who each gate is waiting for, the evidence that it passed and who accepted it, and what blocked you. Close it at any point; it reopens where you left off. The test that the process works: a colleague who never took part walks it alone from the run spec.</source>
        <translation>开通要花好几天，因为审核要花好几天。Onramp 替你保管这张清单：记下每道门槛在等谁、通过的证据和验收人，以及卡住你的地方。随时可以关掉，下次打开会回到上次的位置。判断流程是否真的打通：让一位从没参与的同事照着运行说明独立走一遍。</translation>
    </message>
    <message>
        <source>Progress is not saved in this preview.</source>
        <translation>此预览不保存进度。</translation>
    </message>
    <message>
        <source>Progress is saved as you go in %1</source>
        <translation>进度随时自动保存在 %1</translation>
    </message>
    <message>
        <source>Handed a run spec by a colleague? Replay it from the spec alone, without walking the gates (%1 opens one from any page).</source>
        <translation>同事交给你一份运行说明？无需逐道走完门槛，凭这份运行说明即可重跑（在任何页面按 %1 都能打开）。</translation>
    </message>
    <message>
        <source>&amp;Open a handoff spec…</source>
        <translation>打开运行说明(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a handoff spec</source>
        <translation>打开运行说明</translation>
    </message>
</context>
<context>
    <name>onramp::WorkspacePage</name>
    <message>
        <source>Workspace, then quota, then members</source>
        <translation>先建空间，再挂接配额，最后加成员</translation>
    </message>
    <message>
        <source>3. Members and roles</source>
        <translation>3. 成员与角色</translation>
    </message>
    <message>
        <source>Member %1</source>
        <translation>成员 %1</translation>
    </message>
    <message>
        <source>Import members</source>
        <translation>导入成员</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n member(s).</source>
        <translation>
            <numerusform>已导入 %n 名成员。</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>Nothing was imported. Fix these rows and import again:
%1</source>
        <translation>没有导入任何内容。请修正以下各行后重新导入：
%1</translation>
    </message>
    <message>
        <source>Permissions</source>
        <translation>权限</translation>
    </message>
    <message>
        <source>Team lead&apos;s review</source>
        <translation>团队负责人审核</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Role of %1</source>
        <translation>%1 的角色</translation>
    </message>
    <message>
        <source>Export the review</source>
        <translation>导出审核结果</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>&amp;Add member</source>
        <translation>添加成员(&amp;A)</translation>
    </message>
    <message>
        <source>Add member</source>
        <translation>添加成员</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the selected member</source>
        <translation>移除选中的成员</translation>
    </message>
    <message>
        <source>Import members from CSV</source>
        <translation>从 CSV 导入成员</translation>
    </message>
    <message>
        <source>&amp;Mark reviewed</source>
        <translation>标记为已审核(&amp;M)</translation>
    </message>
    <message>
        <source>Mark reviewed</source>
        <translation>标记为已审核</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Export the review as CSV</source>
        <translation>把审核结果导出为 CSV</translation>
    </message>
    <message>
        <source>Export Markdown…</source>
        <translation>导出 Markdown…</translation>
    </message>
    <message>
        <source>Export the review as Markdown</source>
        <translation>把审核结果导出为 Markdown</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>姓名</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>账号</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Projects (;)</source>
        <translation>项目（用 ; 分隔）</translation>
    </message>
    <message>
        <source>Share %</source>
        <translation>份额 %</translation>
    </message>
    <message>
        <source>Members</source>
        <translation>成员</translation>
    </message>
    <message>
        <source>Permission matrix</source>
        <translation>权限矩阵</translation>
    </message>
    <message>
        <source>Changes since the last review</source>
        <translation>自上次审核以来的变化</translation>
    </message>
    <message>
        <source>Not reviewed yet: every member is new.</source>
        <translation>尚未审核：所有成员都是新增。</translation>
    </message>
    <message>
        <source>No findings: roles and permissions follow the guides.</source>
        <translation>没有问题：角色与权限符合指南。</translation>
    </message>
    <message>
        <source>1. Workspac&amp;e name</source>
        <translation>1. 工作空间名称(&amp;E)</translation>
    </message>
    <message>
        <source>Fil&amp;ter</source>
        <translation>筛选(&amp;T)</translation>
    </message>
    <message>
        <source>“%1” is not a number: type the member&apos;s share of the quota as a percentage from 0 to 100.</source>
        <translation>“%1”不是数字：请把该成员的配额份额输入为 0 到 100 之间的百分比。</translation>
    </message>
    <message>
        <source>Rev&amp;iewer</source>
        <translation>审核人(&amp;I)</translation>
    </message>
    <message>
        <source>Import C&amp;SV…</source>
        <translation>导入 CSV(&amp;S)…</translation>
    </message>
    <message>
        <source>Nobody in the team is a developer, so nobody can try the first check: give a member the developer role.</source>
        <translation>团队里没有开发者，所以没人能做第一项验收：请给一位成员开发者角色。</translation>
    </message>
    <message>
        <source>Nobody in the team is an observer, so nobody can try the second check: give a member the observer role.</source>
        <translation>团队里没有观察者，所以没人能做第二项验收：请给一位成员观察者角色。</translation>
    </message>
    <message>
        <source>Connect to the provider to choose from its regions and zones.</source>
        <translation>连接平台后，可从它的地域和可用区中选择。</translation>
    </message>
    <message>
        <source>%1: %2 free</source>
        <translation>%1：空闲 %2</translation>
    </message>
    <message>
        <source>The provider lists no %1 cards in %2.</source>
        <translation>平台在 %2 没有列出 %1 卡。</translation>
    </message>
    <message>
        <source>Now in %1: %2</source>
        <translation>%1 当前：%2</translation>
    </message>
    <message>
        <source>Regions here: %1</source>
        <translation>此处的地域：%1</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>region</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>Zone</source>
        <translation>可用区</translation>
    </message>
    <message>
        <source>zone</source>
        <translation>可用区</translation>
    </message>
    <message>
        <source>Card type</source>
        <translation>卡型</translation>
    </message>
    <message>
        <source>(card type)</source>
        <translation>（卡型）</translation>
    </message>
    <message numerus="yes">
        <source>%1 workspace created   %2 quota pool attached (%3; card-hours from gate 3)   %4 %n member(s)</source>
        <translation>
            <numerusform>%1 已创建工作空间   %2 已挂接配额池（%3；卡时来自第 3 道门槛）   %4 %n 名成员</numerusform>
        </translation>
    </message>
    <message>
        <source>not chosen</source>
        <translation>未选择</translation>
    </message>
    <message>
        <source>2. &amp;Quota pool</source>
        <translation>2. 配额池(&amp;Q)</translation>
    </message>
    <message>
        <source>The provider has created this workspace. Type another name to plan another one.</source>
        <translation>平台已创建此工作空间。输入另一个名称可规划另一个工作空间。</translation>
    </message>
    <message>
        <source>The provider has attached this pool. Choose another region, zone or card type to change it.</source>
        <translation>平台已挂接此配额池。选择其他地域、可用区或卡型可更改它。</translation>
    </message>
    <message>
        <source>Planned here. The provider creates the workspace and attaches the pool when you press “Create, attach quota, add members” under “At the provider” below.</source>
        <translation>这里只是计划。点下方“在平台上”中的“创建、挂接配额、添加成员”后，平台才会创建工作空间并挂接配额池。</translation>
    </message>
    <message>
        <source>Plan the workspa&amp;ce</source>
        <translation>计划此工作空间(&amp;C)</translation>
    </message>
    <message>
        <source>Plan the workspace</source>
        <translation>计划此工作空间</translation>
    </message>
    <message>
        <source>Plan t&amp;he pool</source>
        <translation>计划此配额池(&amp;H)</translation>
    </message>
    <message>
        <source>Plan the quota pool</source>
        <translation>计划此配额池</translation>
    </message>
    <message>
        <source>Records the name in the plan. The provider creates the workspace when you press “Create, attach quota, add members” under “At the provider”.</source>
        <translation>把名称记入计划。点“在平台上”中的“创建、挂接配额、添加成员”后，平台才会创建工作空间。</translation>
    </message>
    <message>
        <source>Records the pool in the plan. The provider attaches it when you press “Create, attach quota, add members” under “At the provider”.</source>
        <translation>把配额池记入计划。点“在平台上”中的“创建、挂接配额、添加成员”后，平台才会挂接它。</translation>
    </message>
    <message>
        <source>%1 — no stock in %2</source>
        <translation>%1 —— %2 无库存</translation>
    </message>
    <message>
        <source>The provider lists no free %1 cards in %2 now: gate 4 could not open an instance there until some are free.</source>
        <translation>平台目前在 %2 没有空闲的 %1 卡：在有卡空出之前，第 4 道门槛无法在那里开通实例。</translation>
    </message>
    <message>
        <source>The provider holds the workspace and its pool as planned here.</source>
        <translation>平台上的工作空间和配额池与这里的计划一致。</translation>
    </message>
    <message>
        <source>Members come after the quota pool: choose its region, zone and card type above and press “Plan the pool”.</source>
        <translation>成员要在配额池之后添加：请先在上方选择地域、可用区和卡型，再点“计划此配额池”。</translation>
    </message>
    <message>
        <source>Members come after the workspace and its quota pool: type the workspace&apos;s name and press “Plan the workspace” above.</source>
        <translation>成员要在工作空间和配额池之后添加：请先在上方输入工作空间名称，再点“计划此工作空间”。</translation>
    </message>
    <message>
        <source>%1 a developer submits a light job and sees its log
%2 an observer&apos;s submit is refused with a clear message</source>
        <translation>%1 开发者能提交轻量任务并看到日志
%2 观察者提交时被拒绝，且提示明确</translation>
    </message>
    <message>
        <source>Acceptance checks, predicted from the matrix until they run at the provider:</source>
        <translation>验收项（在平台上实际运行之前，根据权限矩阵预判）：</translation>
    </message>
    <message>
        <source>Acceptance checks, as they ran at the provider on %1:</source>
        <translation>验收项（%1 在平台上实际运行的结果）：</translation>
    </message>
    <message>
        <source>Acceptance checks, as they last ran at the provider:</source>
        <translation>验收项（上次在平台上实际运行的结果）：</translation>
    </message>
    <message>
        <source>Predicted from the matrix for the team as it is now:</source>
        <translation>按当前团队和权限矩阵预判：</translation>
    </message>
    <message>
        <source>Choose a zone in %1: %2.</source>
        <translation>请在 %1 选择一个可用区：%2。</translation>
    </message>
    <message>
        <source>No zone in %1 lists free %2 cards now: choose another region or card type, or a zone of %1 (%3) to wait for them.</source>
        <translation>%1 目前没有哪个可用区列出空闲的 %2 卡：请换一个地域或卡型，或选 %1 的一个可用区（%3）等待空闲。</translation>
    </message>
    <message>
        <source>The provider holds the workspace and its pool, but not the members as planned here yet: press “Create, attach quota, add members” under “At the provider” below.</source>
        <translation>平台上已有工作空间和配额池，但成员还不是这里规划的样子：请按下方“在平台上”中的“创建、挂接配额、添加成员”。</translation>
    </message>
    <message>
        <source>stock unknown</source>
        <translation>库存未知</translation>
    </message>
    <message numerus="yes">
        <source>%n free card(s)</source>
        <translation>
            <numerusform>空闲 %n 张卡</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n free %1 card(s)</source>
        <translation>
            <numerusform>空闲 %n 张 %1 卡</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, over %n zone(s)</source>
        <translation>
            <numerusform>%1（共 %n 个可用区）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>onramp::charts</name>
    <message>
        <source>Charts are unavailable (libonramp-charts.so could not be loaded: %1). Reinstall Onramp.</source>
        <translation>图表不可用（无法加载 libonramp-charts.so：%1）。请重新安装 Onramp。</translation>
    </message>
</context>
</TS>
