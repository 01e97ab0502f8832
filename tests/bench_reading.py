"""Benchmark: hand reading (`action: "analyse"`) of 14-tile hands, in CPython and inside Pyodide.

    python tests/bench_reading.py [--hands N] [--seed S] [--pyodide-hands M]
    (python3 build.py bench runs every tests/bench_*.py)

Prints figures only; nothing here asserts a time. The hands: N seeded 14-tile hands of each rule set (九江 and
gb) one exchange from ready and N two away (the shanten after the best discard), dealt from a shuffled wall and
kept when they are that far; each request is the whole `analyse` action (parsing, every discard's figures and
value enumeration included). Beside it, a bare baseline in the same run: `score` of 300 dealt winning hands of the
same rule set (an analysis scores tens to hundreds of completions, each a little less than a score request).

CPython: CPU time of each request alone (time.process_time); the engine's per-suit tables stay warm from request
to request, as in a worker that has answered a few (an analysis's own caches start empty each time). Pyodide: the built
site's engine under Node (tests/pyodide/bench_pyodide.mjs), each request's median of 3 runs after one warm-up run
and, apart, its first run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests")]

from percentiles import print_table
from pyodide_timing import rows_or_reason

from suanfan import tiles as T
from suanfan.api import handle

SEED = 20261204
WALL = [t for t in range(34) for _ in range(4)]


def text_of(tiles) -> str:
    return "".join(T.code(t) for t in sorted(tiles))


def dealt(rules: str, away: int, count: int, seed: int) -> list[dict]:
    """`count` analyse requests of 14 dealt tiles whose best discard leaves them `away` from ready."""
    rng = random.Random(f"{seed}-{rules}-{away}")
    out = []
    while len(out) < count:
        wall = list(WALL)
        rng.shuffle(wall)
        # a dealt hand is rarely one away: improve it by drawing from the wall, as a player does, and take the
        # hand when it reaches the distance asked for
        hand, rest = wall[:14], wall[14:]
        for _ in range(40):
            result = handle({"rules": rules, "action": "analyse", "hand": text_of(hand)})
            best = result["discards"][0]
            if result["shanten"] == away:
                out.append({"rules": rules, "action": "analyse", "hand": text_of(hand)})
                break
            if result["shanten"] < away:
                break
            hand.remove(_index(best["tile"]))
            hand.append(rest.pop())
    return out


def _index(code: str) -> int:
    return next(t for t in range(34) if T.code(t) == code)


def cpython(requests: list[dict]) -> list[float]:
    out = []
    for request in requests:
        start = time.process_time()
        handle(request)
        out.append((time.process_time() - start) * 1e3)
    return out


def pyodide(requests: list[dict]) -> tuple[list[float], list[float]] | None:
    rows = rows_or_reason(requests)
    if isinstance(rows, str):
        print(f"  Pyodide (Node): skipped, {rows}")
        return None
    return [r["median_ms"] for r in rows], [r["first_ms"] for r in rows]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per rule set and distance (default 300)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument(
        "--pyodide-hands", type=int, default=None, help="of those, how many to time in Pyodide (default: all)"
    )
    args = parser.parse_args()
    rows_c, rows_p, rows_first, baseline = [], [], [], []
    for rules in ("jiujiang", "gb"):
        for away in (1, 2):
            requests = dealt(rules, away, args.hands, args.seed)
            rows_c.append(((rules, f"{away} away"), cpython(requests), ""))
            if args.pyodide_hands != 0:
                timed = pyodide(requests[: args.pyodide_hands or len(requests)])
                if timed:
                    rows_p.append(((rules, f"{away} away"), timed[0], ""))
                    rows_first.append(((rules, f"{away} away"), timed[1], ""))
        baseline.append(((rules, "score"), cpython(dealt_wins(rules, 300, args.seed)), ""))
    print(f"hand reading: analyse of 14-tile hands, {args.hands} per rule set and distance (seed {args.seed})")
    print_table("  CPython, each request alone (CPU ms)", ("rules", "hands"), rows_c)
    print_table(
        "  CPython baseline: score of one winning hand (what each completion costs at most)",
        ("rules", "request"),
        baseline,
    )
    if rows_p:
        print_table(
            "  Pyodide (Node), each request's median of 3 runs after a warm-up (ms)", ("rules", "hands"), rows_p
        )
        print_table("  Pyodide (Node), each request's first run (ms)", ("rules", "hands"), rows_first)
    return 0


def dealt_wins(rules: str, count: int, seed: int) -> list[dict]:
    """Winning hands: four sets and a pair dealt from a wall (a chow or a pung each, where the wall still holds
    it), the last tile the winning one."""
    rng = random.Random(f"{seed}-{rules}-wins")
    out = []
    while len(out) < count:
        left = [4] * 34
        tiles = []
        for _ in range(4):
            while True:
                t = rng.randrange(34)
                group = [t, t + 1, t + 2] if t < 27 and t % 9 <= 6 and rng.random() < 0.6 else [t, t, t]
                if all(left[g] >= group.count(g) for g in group):
                    break
            for g in group:
                left[g] -= 1
            tiles += group
        pair = rng.choice([t for t in range(34) if left[t] >= 2])
        tiles += [pair, pair]
        win = tiles.pop(rng.randrange(14))
        out.append({"rules": rules, "hand": text_of(tiles) + T.code(win)})
    return out


if __name__ == "__main__":
    sys.exit(main())
