#!/usr/bin/env python3
"""Writes probe/onramp-corpus.txt: the first run's training text (about 256 KiB).

Sentences about onboarding a team to a GPU cluster, drawn from a small grammar with a fixed
seed, so that the file is the same on every machine. Written by this script for Onramp and
dedicated to the public domain (CC0 1.0): it quotes no one. The committed file is what the
sandbox seeds and the trainer falls back to; rerun this only to change the corpus on purpose
(the first run's loss curve, and every recorded spec, change with it).

usage: scripts/make_corpus.py [OUT] [BYTES]
"""
import random
import sys

SUBJECTS = ["the team lead", "a new developer", "the colleague", "the operator", "the reviewer",
            "our first run", "the sandbox", "the cluster", "the provider", "the workspace admin"]
VERBS = ["checks", "records", "requests", "attaches", "reviews", "replays", "measures",
         "exports", "verifies", "approves", "submits", "resumes"]
OBJECTS = ["the quota for eight cards", "the image digest", "the driver version",
           "the data manifest", "the loss curve", "a checkpoint every forty steps",
           "the role matrix", "the run spec", "the zone with free stock", "the time limit",
           "the read-only data folder", "the output folder", "the environment fingerprint"]
TAILS = ["before the long run starts", "after the gate passes", "so that a rerun matches",
         "while the job waits in the queue", "when a node is preempted", "on the first day",
         "with the seed written down", "and writes the evidence", "for the handoff"]
LINKS = ["Then", "Next", "Afterwards", "Meanwhile", "Finally", "First"]


def sentence(rng):
    s = f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}"
    if rng.random() < 0.7:
        s += " " + rng.choice(TAILS)
    if rng.random() < 0.3:
        s = rng.choice(LINKS) + ", " + s
    return s[0].upper() + s[1:] + "."


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "probe/onramp-corpus.txt"
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 256 * 1024
    rng = random.Random(20261201)
    lines, total = [], 0
    while total < size:
        para = " ".join(sentence(rng) for _ in range(rng.randint(3, 6)))
        lines.append(para)
        total += len(para) + 1
    with open(out, "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines)[:size] + "\n")


if __name__ == "__main__":
    main()
