"""Benchmark: the Guobiao engine against PyMahjongGB (C++) on the same fixed corpus, and inside Pyodide.

    python tests/bench_gb.py [--hands N] [--rounds R] [--pyodide-hands M]
    (python3 build.py bench runs every tests/bench_*.py)

Prints figures only; nothing here asserts a time. Times are CPU time of this process (time.process_time),
the best of R rounds; each round times every row once, one after the other, so a machine busy with other
work slows all rows of a round alike and the ratios stay fair. Figures per hand:
  pymahjonggb        MahjongFanCalculator on prepared tuples (its own argument parsing included)
  engine best        the best reading with every counted fan and its count, and the total, from a parsed hand
                     (what the C++ call answers); score.best_fans, what hand reading's outcome calls
  engine result      the full explained result dict (fans with melds, every 不计 with its reason, readings)
  api.handle         request dict in, result dict out (notation parsing and validation included)
Two passes are reported apart: the first pass over the corpus in a fresh process (the per-suit split
tables and the engine's other tables being filled, as a user's first requests meet them), and a first pass
over another corpus of the same size (seed + 1) once the tables are warm: hands never seen before, which
shows that no table is keyed by whole hands. The cost of importing the engine is measured in a fresh
interpreter (it includes compiling the sources when no .pyc may be written, PYTHONDONTWRITEBYTECODE).
Times on a machine shared with other work move from run to run; the Python bytecode instructions executed
per hand (sys.monitoring, over the first 1,000 hands) do not, and are printed beside them (the first pass's
counted in a fresh interpreter of their own, so that counting does not slow the timed first pass).
Then the worst hands beside the typical: each hand timed alone (CPU time), p50, p90, p99 and the maximum per hand
of the engine's best reading (its first pass in a fresh interpreter of its own, and warm), the explained result,
and api.handle per action — score, and waits for each hand less its winning tile (the first 1,000 hands) — and in
Pyodide each hand's median of three runs.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests")]

from gb_corpus import corpus
from gb_oracle import available, oracle_arguments
from percentiles import print_table

from suanfan.api import handle
from suanfan.gb.handler import read_situation
from suanfan.gb.profiles import compile_profile, default_variants
from suanfan.gb.score import best_fans, score_hand
from suanfan.notation import WIN, parse

SEED = 20240601
WINNING_TILE = re.compile(r"(\d[mps]|[ESWNCFP])$")


def once(fn, items) -> float:
    """CPU seconds per item of one pass."""
    start = time.process_time()
    fn(items)
    return (time.process_time() - start) / len(items)


def instructions(fn, items) -> float | None:
    """Python bytecode instructions executed per item (None where sys.monitoring is missing, before 3.12)."""
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is None:
        return None
    tool = monitoring.PROFILER_ID
    count = [0]

    def step(code, offset):
        count[0] += 1

    monitoring.use_tool_id(tool, "bench_gb")
    try:
        monitoring.register_callback(tool, monitoring.events.INSTRUCTION, step)
        monitoring.set_events(tool, monitoring.events.INSTRUCTION)
        fn(items)
    finally:
        monitoring.set_events(tool, 0)
        monitoring.free_tool_id(tool)
    return count[0] / len(items)


def per_item_ms(fn, items) -> list[float]:
    """CPU milliseconds of each item, each timed alone (fn takes a list, as the rows' functions do)."""
    out = []
    for item in items:
        start = time.process_time()
        fn([item])
        out.append((time.process_time() - start) * 1e3)
    return out


def first_pass_per_hand(hands: int) -> list[float]:
    """Per-hand CPU milliseconds of a first pass over the first `hands` hands, in a fresh interpreter (this script
    run with --time-first-pass): its tables start empty, as the timed first pass's do."""
    run = subprocess.run(
        [sys.executable, __file__, "--time-first-pass", str(hands)], capture_output=True, text=True, check=True
    )
    return json.loads(run.stdout)


def waiting_requests(requests: list[dict]) -> list[dict]:
    """Each hand less its winning tile, as a gb98 waits request (the canonical notation ends with the winning tile)."""
    out = []
    for request in requests:
        hand = handle(request)["hand"]
        out.append({"hand": WINNING_TILE.sub("", hand), "rules": "gb98", "action": "waits"})
    return out


def first_pass_instructions(hands: int) -> float | None:
    """Instructions per hand of a first pass over the first `hands` hands, in a fresh interpreter (this script
    run with --count-first-pass): its tables start empty, as the timed first pass's do."""
    run = subprocess.run(
        [sys.executable, __file__, "--count-first-pass", str(hands)], capture_output=True, text=True, check=True
    )
    return None if run.stdout.strip() == "None" else float(run.stdout)


def import_ms() -> float:
    """Milliseconds a fresh interpreter takes to import the engine (best of 3), beyond starting itself."""
    code = "import time; t = time.perf_counter(); import suanfan.api, suanfan.gb.score; print(time.perf_counter() - t)"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    runs = [
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout)
        for _ in range(3)
    ]
    return min(runs) * 1e3


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pyodide-hands", type=int, default=1_000)
    parser.add_argument("--count-first-pass", type=int, metavar="N", help=argparse.SUPPRESS)  # first_pass_instructions
    parser.add_argument("--time-first-pass", type=int, metavar="N", help=argparse.SUPPRESS)  # first_pass_per_hand
    args, _ = parser.parse_known_args(argv)  # python3 build.py bench passes its arguments to every script

    requests = corpus(args.count_first_pass or args.time_first_pass or args.hands, SEED)
    prof = compile_profile("gb98", default_variants("gb98"))
    parsed = [(parse(r["hand"], expect=WIN), read_situation(r)) for r in requests]

    def engine_best(items):
        for hand, situation in items:
            best_fans(hand, situation, prof)

    def engine_result(items):
        for hand, situation in items:
            score_hand(hand, situation, prof)

    def api(items):
        for request in items:
            handle(request)

    if args.count_first_pass:
        print(instructions(engine_best, parsed))
        return 0
    if args.time_first_pass:
        print(json.dumps(per_item_ms(engine_best, parsed)))
        return 0
    print(
        f"Guobiao benchmark: {len(requests)} generated winning hands (tests/gb_corpus.py, seed {SEED}), "
        f"gb98, best of {args.rounds} rounds, CPU time per hand"
    )
    first = once(engine_best, parsed)
    fresh = [(parse(r["hand"], expect=WIN), read_situation(r)) for r in corpus(args.hands, SEED + 1)]

    rows = []  # (name, function, items)
    if available():
        from MahjongGB import MahjongFanCalculator

        prepared = [oracle_arguments(r) for r in requests]

        def oracle(items):
            for a in items:
                MahjongFanCalculator(**a)

        rows.append(("pymahjonggb (C++)", oracle, prepared))
    else:
        print("pymahjonggb is not installed: the C++ comparison is skipped (pip install pymahjonggb==1.4.0)")
    rows += [
        ("engine best", engine_best, parsed),
        ("engine result", engine_result, parsed),
        ("api.handle", api, requests),
    ]
    best = {name: float("inf") for name, _, _ in rows}
    for _ in range(args.rounds):
        for name, fn, items in rows:
            best[name] = min(best[name], once(fn, items))
    unseen = once(engine_best, fresh)
    oracle_time = best.get("pymahjonggb (C++)")
    print(
        f"  Python {sys.version.split()[0]} ({sys.implementation.name}); importing the engine "
        f"(suanfan.api with suanfan.gb): {import_ms():.0f} ms"
    )
    figures = [(name, best[name]) for name, _, _ in rows if name != "engine best"]
    at = 1 if oracle_time else 0
    figures[at:at] = [
        ("engine best", best["engine best"]),
        ("engine best, first pass", first),
        ("engine best, unseen hands", unseen),
    ]
    counted = {
        "engine best": instructions(engine_best, parsed[:1000]),
        "engine best, first pass": first_pass_instructions(1000),
        "engine result": instructions(engine_result, parsed[:1000]),
        "api.handle": instructions(api, requests[:1000]),
        # 1,000 more hands never seen (seed + 2), the tables warm
        "engine best, unseen hands": instructions(
            engine_best, [(parse(r["hand"], expect=WIN), read_situation(r)) for r in corpus(1000, SEED + 2)]
        ),
    }
    for name, seconds in figures:
        ratio = f"   {seconds / oracle_time:5.1f}x pymahjonggb" if oracle_time and name != "pymahjonggb (C++)" else ""
        steps = f"   {counted[name]:6.0f} bytecode instructions/hand" if counted.get(name) else ""
        print(f"  {name:<26} {seconds * 1e6:9.1f} µs/hand{ratio}{steps}")
    sample = min(1000, len(requests))
    per_hand = [
        (("engine best", "first pass"), first_pass_per_hand(len(requests))),
        (("engine best", "warm"), per_item_ms(engine_best, parsed)),
        (("engine result", "warm"), per_item_ms(engine_result, parsed)),
        (("api.handle", "score"), per_item_ms(api, requests)),
        (("api.handle", "waits"), per_item_ms(api, waiting_requests(requests[:sample]))),
    ]
    if available():
        per_hand.insert(0, (("pymahjonggb (C++)", "score"), per_item_ms(oracle, prepared)))
    print_table(
        f"  per hand, each timed alone (CPU time; waits: the first {sample:,} hands less their winning tile)",
        ("row", "action"),
        [(names, [ms * 1e3 for ms in times], "") for names, times in per_hand],
        unit="µs",
        digits=1,
    )
    pyodide(requests[: args.pyodide_hands])
    return 0


def pyodide(requests: list[dict]) -> None:
    script = ROOT / "tests" / "pyodide" / "bench_pyodide.mjs"
    dist = ROOT / "dist" / "pyodide"
    node = shutil.which("node")
    if not requests:
        print("  Pyodide (Node): skipped, --pyodide-hands 0")
        return
    if not dist.exists():
        print("  Pyodide (Node): skipped, dist/pyodide does not exist (run `python3 build.py build` first)")
        return
    if not script.exists() or node is None:
        print(f"  Pyodide (Node): skipped, {'node is not on PATH' if node is None else f'{script} is missing'}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "gb_requests.jsonl"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests), encoding="utf-8")
        run = subprocess.run(
            [node, str(script), str(path), "--repeat", "3", "--warmup", "1", "--json"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env=os.environ.copy(),
        )
    if run.returncode != 0:
        print(f"  Pyodide (Node): failed ({run.returncode}): {run.stderr.strip()[-400:]}")
        return
    rows = [json.loads(line) for line in run.stdout.splitlines() if line.strip().startswith("{")]
    medians = [r["median_ms"] for r in rows]
    failed = sum(1 for r in rows if not r["ok"])
    if not medians:
        print("  Pyodide (Node): no timings came back")
        return
    print(
        f"  Pyodide (Node), api.handle_json, {len(medians)} hands ({failed} not ok): "
        f"median {statistics.median(medians) * 1e3:.1f} µs/hand, mean {statistics.fmean(medians) * 1e3:.1f} µs/hand"
    )
    print_table(
        "  Pyodide (Node), per hand: each hand's median of 3 runs, and its slowest run",
        ("api.handle_json",),
        [
            (("median of 3",), [ms * 1e3 for ms in medians], ""),
            (("slowest of 3",), [r["max_ms"] * 1e3 for r in rows], ""),
        ],
        unit="µs",
        digits=1,
    )


if __name__ == "__main__":
    sys.exit(main())
