"""Benchmark: practice questions (`action: "question"`), per kind over every topic, in CPython and in Pyodide.

    python tests/bench_questions.py [--seeds N] [--rules jiujiang,gb98,gb] [--no-pyodide]
                                    [--conventions '{"table": {"base": 2}, "variants": {…}}']
    (python3 build.py bench runs every tests/bench_*.py; arguments meant for the other scripts are ignored)

Every (rules, kind, topic) the catalog lists is asked for seeds 0 … N − 1, in a fresh process, in course order;
with --conventions, each rule set's questions carry the sections it takes (describe's practice.conventions).
The time of a question is the whole request through the façade: drawing the hand, the near-miss search, the
final explanation, and in Pyodide the JSON in and out (api.handle_json, as the worker calls it). Two figures per
question: its first ask (what a learner meets: a new seed, the engine's tables filling as questions come) and
the median of three asks (the same work, less exposed to a busy machine). CPython times are CPU time of this
process; Pyodide's are wall-clock time under Node (tests/pyodide/bench_pyodide.mjs, --repeat 3). Printed per
kind: how many questions, the median, the 90th percentile and the slowest, and the topic whose questions were
slowest (by their median). The target is 30 ms per question in Pyodide. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests")]

from suanfan.api import handle  # noqa: E402
from suanfan.practice import catalog as C  # noqa: E402
from suanfan.rulesets import RULESETS  # noqa: E402

TARGET_MS = 30
RUNS = 3


def requests(rules_sets, seeds: int, conventions: dict | None = None) -> list[dict]:
    def sections(rules: str) -> dict:
        return {k: v for k, v in (conventions or {}).items() if k in RULESETS[rules].practice().conventions}
    return [{"action": "question", "rules": rules, "kind": kind, "topic": topic.key, "seed": seed, **sections(rules)}
            for rules in rules_sets for topic in RULESETS[rules].practice().topics().values() for kind in topic.kinds
            for seed in range(seeds)]


def report(title: str, timed: list[tuple[dict, float]]) -> None:
    """timed: (request, milliseconds) per question."""
    print(title)
    print(f"  {'kind':<9}{'questions':>10}{'median ms':>11}{'p90 ms':>9}{'max ms':>9}   slowest topic (its median)")
    by_kind = defaultdict(list)
    for request, ms in timed:
        by_kind[request["kind"]].append((request, ms))
    for kind in C.ANSWER_TYPES:
        rows = by_kind.get(kind)
        if not rows:
            continue
        times = sorted(ms for _, ms in rows)
        per_topic = defaultdict(list)
        for request, ms in rows:
            per_topic[(request["rules"], request["topic"])].append(ms)
        (rules, topic), worst = max(per_topic.items(), key=lambda item: statistics.median(item[1]))
        print(f"  {kind:<9}{len(times):>10}{statistics.median(times):>11.2f}{times[int(0.9 * (len(times) - 1))]:>9.2f}"
              f"{times[-1]:>9.1f}   {rules} {topic} ({statistics.median(worst):.1f})")
    every = sorted(ms for _, ms in timed)
    over = [(ms, n, request) for n, (request, ms) in enumerate(timed, 1) if ms > TARGET_MS]
    print(f"  all {len(every)} questions: median {statistics.median(every):.2f} ms, slowest {every[-1]:.1f} ms, "
          f"{len(over)} over {TARGET_MS} ms")
    for ms, n, request in sorted(over, reverse=True)[:5]:
        print(f"    {ms:6.1f} ms  question {n} of {len(timed)}: {request['rules']} {request['kind']} "
              f"{request['topic']} seed {request['seed']}")


def cpython(asked: list[dict]) -> tuple[list, list]:
    """(first ask, median of three asks) per question, CPU milliseconds."""
    first, median = [], []
    for request in asked:
        runs = []
        for _ in range(RUNS):
            start = time.process_time()
            result = handle(request)
            runs.append((time.process_time() - start) * 1e3)
            if not result["ok"]:
                raise SystemExit(f"{request}: {result['error']}")
        first.append((request, runs[0]))
        median.append((request, statistics.median(runs)))
    return first, median


def pyodide(asked: list[dict]) -> tuple[list, list] | None:
    node = shutil.which("node")
    if node is None or not (ROOT / "dist" / "pyodide" / "pyodide-lock.json").exists():
        print("Pyodide: skipped (needs node and a built dist/: python3 build.py build)")
        return None
    with tempfile.TemporaryDirectory() as folder:
        lines = Path(folder) / "questions.jsonl"
        lines.write_text("".join(json.dumps(r) + "\n" for r in asked), encoding="utf-8")
        done = subprocess.run([node, str(ROOT / "tests" / "pyodide" / "bench_pyodide.mjs"), str(lines), "--json",
                               "--repeat", str(RUNS), "--warmup", "0"], capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"bench_pyodide.mjs failed:\n{done.stderr}")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    failed = [row for row in rows if not row["ok"]]
    if failed:
        raise SystemExit(f"in Pyodide: {failed[:3]}")
    boot = next((line for line in done.stderr.splitlines() if line.startswith("boot:")), "")
    print(f"Pyodide under Node ({boot})")
    return ([(asked[row["index"] - 1], row["first_ms"]) for row in rows],
            [(asked[row["index"] - 1], row["median_ms"]) for row in rows])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rules", default="jiujiang,gb98,gb")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--conventions", type=json.loads, default=None,
                        help='sections the questions are asked under, as JSON: {"table": {"base": 2}}')
    args, _ = parser.parse_known_args(argv)
    asked = requests(args.rules.split(","), args.seeds, args.conventions)
    print(f"Practice questions: every kind of every topic, seeds 0–{args.seeds - 1}: {len(asked)} questions, "
          f"each asked {RUNS} times in a row, in a fresh process"
          + (f", under {json.dumps(args.conventions, ensure_ascii=False)}" if args.conventions else ""))
    if hasattr(os, "getloadavg"):   # wall-clock figures on a shared machine move with its load
        print("  load average at the start: " + ", ".join(f"{x:.1f}" for x in os.getloadavg())
              + f" ({os.cpu_count()} CPUs)")
    first, median = cpython(asked)
    report(f"CPython {sys.version.split()[0]}, suanfan.api.handle, CPU time: first ask", first)
    report(f"CPython, median of {RUNS} asks", median)
    if not args.no_pyodide:
        timed = pyodide(asked)
        if timed is not None:
            report("Pyodide, api.handle_json in the built wheel, wall time: first ask", timed[0])
            report(f"Pyodide, median of {RUNS} asks", timed[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
