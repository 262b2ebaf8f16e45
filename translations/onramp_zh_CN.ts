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
        <source>Onramp walks a team from a fresh cloud account to a reproducible first GPU training run. With no arguments it opens the wizard.

Subcommands:
  status [--json]                   each gate&apos;s status from the saved onboarding
  screenshot --out DIR [--lang L]   render every page to PNG</source>
        <translation>Onramp 带团队从一个新开的云账号走到一次可复现的首次 GPU 训练。不带参数时打开向导。

子命令：
  status [--json]                   根据已保存的进度显示每道门槛的状态
  screenshot --out DIR [--lang L]   把每一页渲染为 PNG</translation>
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
        <translation>一个工作空间：先建空间，再挂配额，最后加成员；每位成员有一个角色：管理员、开发者或观察者。</translation>
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
        <translation>第 2 道门槛已通过：已有可以挂配额的工作空间。</translation>
    </message>
    <message>
        <source>Granted card-hours for a period, applied for with a derivation (cards per run × hours per round × rounds, plus a retry margin) and a time distribution.</source>
        <translation>一个周期内获批的卡时，申请时附有推导（单次卡数 × 单轮时长 × 轮次，加重跑余量）和时间分布。</translation>
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
        <translation>这位同事只凭说明就能重跑一遍，中途不需要问人。</translation>
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
        <source>Passed: accepted by %1 on %2. Evidence: %3</source>
        <translation>已通过：%1 于 %2 验收。证据：%3</translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cases file (JSON array).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the Markdown report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--cases: say which cases file to read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimate GPU memory per card for a training setup.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A catalog model (onramp catalog models).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A bare parameter count, in billions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers of a custom architecture.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key/value heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp32, bf16, fp16, bf16-mixed, fp16-mixed or fp8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>int8 or nf4 frozen weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adamw, adam8bit, sgd or adafactor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full, lora or qlora.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q,v or all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch per GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length in tokens.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none, selective or full.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused attention (FlashAttention/SDPA).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage 0–3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP full shard (same memory as ZeRO-3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cards in the job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer or params.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The card to judge against (onramp catalog cards).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at least %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give either --model or --params-b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown model “%1”; see onramp catalog models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not one of fp32, bf16, fp16, bf16-mixed, fp16-mixed, fp8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not one of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is 0, 1, 2 or 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give either --zero or --fsdp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown card “%1”; see onramp catalog cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 on %n card(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest card count that fits:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to change, cheapest first:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List a catalog: models or cards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>models or cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>say models or cards, not “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits with headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tight: may run out of memory on a longer batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the parameter count must be positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers, hidden size, heads, KV heads, FFN size and vocabulary must all be positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the KV heads must divide the heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>tensor parallelism must divide the %n attention heads</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pipeline stages must be between 1 and the %n layers</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>the card count must be a multiple of TP × PP (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ZeRO stage is 0, 1, 2 or 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Halve the micro-batch to %1 and double gradient accumulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn on FlashAttention (fused attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn on full gradient checkpointing (about a third more compute)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard weights, gradients and optimizer state (ZeRO-3 or FSDP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload the optimizer state to CPU memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fine-tune with LoRA (rank 16) instead of all weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fine-tune with QLoRA (4-bit frozen weights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a JSON array of cases.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>onramp::Banner</name>
    <message>
        <source>&amp;Retry</source>
        <translation>重试(&amp;R)</translation>
    </message>
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
        <source>&amp;New status</source>
        <translation>新状态(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Waiting for</source>
        <translation>等待对象(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Evidence</source>
        <translation>证据(&amp;E)</translation>
    </message>
    <message>
        <source>Accepted &amp;by</source>
        <translation>验收人(&amp;B)</translation>
    </message>
    <message>
        <source>Re&amp;jection reason</source>
        <translation>退回原因(&amp;J)</translation>
    </message>
    <message>
        <source>What to &amp;change</source>
        <translation>需要修改(&amp;C)</translation>
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
        <source>&amp;Record status</source>
        <translation>记录状态(&amp;R)</translation>
    </message>
    <message>
        <source>Record status</source>
        <translation>记录状态</translation>
    </message>
    <message>
        <source>What &amp;blocked us here (kept for the next team walking this gate):</source>
        <translation>这一关卡住我们的地方(&amp;B)（留给下一个走这道门槛的团队）：</translation>
    </message>
    <message>
        <source>What blocked us</source>
        <translation>卡住我们的地方</translation>
    </message>
    <message>
        <source>Met</source>
        <translation>已满足</translation>
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
</context>
<context>
    <name>onramp::GatePage</name>
    <message>
        <source>Next is locked. %1</source>
        <translation>暂不能进入下一步。%1</translation>
    </message>
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
    <name>onramp::OnboardingWizard</name>
    <message>
        <source>Onramp — GPU training onboarding</source>
        <translation>Onramp — GPU 训练开通向导</translation>
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
</context>
</TS>
