#!/usr/bin/env python3
"""One word for one thing in the zh_CN translation: the guides say 任务 for a job and the
product says 平台 for the provider, 门槛 for a gate. Run after filling new entries; it rewrites the translations
only (never the source texts) and prints how many it changed."""
import re
import sys

TERMS = {"作业": "任务", "云厂商": "平台", "云服务商": "平台", "服务方": "平台", "提供方": "平台",
         # 重跑 is a replay; the quota's retry margin is 重试余量.
         "重跑余量": "重试余量",
         # The run spec is 运行说明 everywhere (#17 walk: 运行规格, 交接说明 and 说明 for one file).
         "运行规格": "运行说明", "交接说明": "运行说明", "规格为 %1，本次为": "运行说明为 %1，本次为",
         "规格中没有": "运行说明中没有",
         # The dossier is submitted as 资质材料 (提交资料 crept in beside 提交资质材料).
         "提交资料": "提交资质材料",
         # A value shown after a caption carries no second colon ("训练服务：尚未开通：…").
         "尚未开通：请在控制台开通": "尚未开通，请在控制台开通",
         # Attaching the pool is 挂接 (walk 16: 挂, 挂接 and 绑定, and a hint naming a button
         # "创建空间、挂接配额、添加成员" that reads "创建、绑定配额、添加成员"). A quota bound to a
         # zone or region stays 绑定在.
         "创建空间、挂接配额、添加成员": "创建、挂接配额、添加成员", "创建、绑定配额、添加成员": "创建、挂接配额、添加成员",
         "已绑定": "已挂接", "未绑定": "未挂接", "再挂配额": "再挂接配额", "可以挂配额": "可以挂接配额",
         "没有挂上": "没有挂接", "是挂在工作空间上的": "是挂接在工作空间上的",
         "服务商": "平台"}
# A gate is a 门槛, numbered "第 2 道门槛" (关卡 crept in; "这一关卡住" is "this gate held us").
PATTERNS = [(re.compile(r"(?:关卡|(?<!道)门槛) ?(\d|%\d) ?"), r"第 \1 道门槛 "),
            (re.compile(r"关卡卡片"), "门槛卡片"),
            # No space between the numbered gate and the Chinese that follows.
            (re.compile(r"道门槛 (?=[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef])"), "道门槛"),
            # A percentage is written close in Chinese: "50%", not "50 %" beside "150.0%".
            (re.compile(r"(\d|%\d) %(?![\dA-Za-z])"), r"\1%")]

path = sys.argv[1] if len(sys.argv) > 1 else "translations/onramp_zh_CN.ts"
text = open(path, encoding="utf-8").read()
changed = 0


def fix(m):
    global changed
    body = m.group(2)
    for old, new in TERMS.items():
        body = body.replace(old, new)
    for pattern, new in PATTERNS:
        body = pattern.sub(new, body)
    if body != m.group(2):
        changed += 1
    return m.group(1) + body + m.group(3)


text = re.sub(r"(<(?:translation|numerusform)[^>]*>)(.*?)(</(?:translation|numerusform)>)",
              fix, text, flags=re.S)

# Where the English says "spec", a bare 说明 is the run spec: 运行说明 (walk 17: gate 6's
# "说明 sha256:…" and "只凭说明就能重跑"). 用途说明 is the purpose statement; 请说明 asks to explain.
SPEC = re.compile(r"(?<!运行)(?<!用途)(?<!请)说明(?!为什么|原因)")


def spec_terms(m):
    global changed
    block = m.group(0)
    source = re.search(r"<source>(.*?)</source>", block, flags=re.S)
    if not source or not re.search(r"\bspecs?\b", source.group(1)):
        return block
    fixed = re.sub(r"(<(?:translation|numerusform)[^>]*>)(.*?)(</(?:translation|numerusform)>)",
                   lambda t: t.group(1) + SPEC.sub("运行说明", t.group(2)) + t.group(3), block,
                   flags=re.S)
    if fixed != block:
        changed += 1
    return fixed


text = re.sub(r"<message[ >].*?</message>", spec_terms, text, flags=re.S)
open(path, "w", encoding="utf-8").write(text)
print(f"{changed} translation(s) changed")
