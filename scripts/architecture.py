#!/usr/bin/env python3
"""Draws docs/architecture.svg from the build: CMake's --graphviz output, kept to the wings of
models/ and the programs that link them, laid out by dot.

Usage: architecture.py BUILD_DIR          writes docs/architecture.dot and .svg (needs graphviz)
       architecture.py BUILD_DIR --check  fails when docs/architecture.dot is not the build's"""
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROGRAMS = {"onramp", "wizard", "sandbox", "models"}


def main() -> int:
    build = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build")
    with tempfile.TemporaryDirectory() as tmp:
        dot_file = pathlib.Path(tmp) / "onramp.dot"
        subprocess.run(["cmake", f"--graphviz={dot_file}", str(build)], check=True,
                       stdout=subprocess.DEVNULL)
        text = dot_file.read_text()
    names = dict(re.findall(r'"(node\d+)"\s*\[\s*label\s*=\s*"([^"]+)"', text))
    keep = {n: label for n, label in names.items()
            if (label.startswith("models_") and "_resources_" not in label) or label in PROGRAMS}
    edges = sorted({(keep[a], keep[b]) for a, b in re.findall(r'"(node\d+)"\s*->\s*"(node\d+)"', text)
                    if a in keep and b in keep})
    # A wing's arrow to a wing it reaches anyway through another is left out: the picture shows
    # the order, not every link.
    reach = {}
    for a, b in edges:
        reach.setdefault(a, set()).add(b)

    def reachable(a, skip):
        seen, todo = set(), [x for x in reach.get(a, ()) if x != skip]
        while todo:
            x = todo.pop()
            if x not in seen:
                seen.add(x)
                todo += reach.get(x, [])
        return seen

    shown = [(a, b) for a, b in edges if b not in reachable(a, b)]
    out = ["digraph onramp {", '  rankdir=TB; node [shape=box, fontname="Helvetica"];']
    for label in sorted(set(keep.values())):
        style = ', style=filled, fillcolor="#e8f0fe"' if label.startswith("models_") else ""
        out.append(f'  "{label}" [label="{label.removeprefix("models_")}"{style}];')
    out += [f'  "{a}" -> "{b}";' for a, b in shown]
    out.append("}")
    graph = "\n".join(out) + "\n"
    if "--check" in sys.argv:
        committed = (ROOT / "docs" / "architecture.dot").read_text()
        if committed != graph:
            print("docs/architecture.dot differs from the build's layers; run make architecture",
                  file=sys.stderr)
            print(graph, file=sys.stderr)
            return 1
        print("docs/architecture.dot is the build's")
        return 0
    svg = subprocess.run(["dot", "-Tsvg"], input="\n".join(out), capture_output=True, text=True,
                         check=True).stdout
    (ROOT / "docs" / "architecture.svg").write_text(svg)
    (ROOT / "docs" / "architecture.dot").write_text(graph)
    print(f"docs/architecture.svg: {len(keep)} targets, {len(shown)} arrows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
