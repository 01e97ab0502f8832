"""Benchmark: how fast the engine refuses hostile input, beside the time of a normal request, in CPython and in
Pyodide (the browser worker's engine); and the costliest practice requests the hostile probe found (a 九江 question
at a table that makes its topic's hand rare, a focus request on a tag such a table makes rare), whose searches have
budgets (docs/practice.md, "How long a question may search").

    python tests/bench_hostile.py [--repeat N] [--no-pyodide] [--dist DIR]
    (python3 build.py bench runs every tests/bench_*.py; arguments meant for the other scripts are ignored)

Each case is timed N times through the façade (`handle` for a Python request, `handle_json` for JSON text, as the
worker calls it); the median, p90, p99 and the slowest are printed (of 20 runs, p99 is the slowest but one). The
target for a refusal is 10 ms for a 1 MB hand. The last CPython line is what the refused megabyte would cost without
the limit: the notation parser reading it. CPython times are CPU time of this process; Pyodide's are wall-clock time
under Node (bench_pyodide.mjs, the built site in --dist, default dist/). Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests")]

from percentiles import spread

from suanfan.api import handle, handle_json
from suanfan.errors import SuanfanError
from suanfan.notation import parse

TARGET_MS = 10
MEGABYTE_HAND = "1m" * 500_000


def deep(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


# (label, how it is sent: "dict" through handle, "json" through handle_json, the request or its JSON text)
CASES = [
    ("normal: jiujiang score", "json", json.dumps({"hand": "[5555p1]222m777s99sEE9s", "self_drawn": True})),
    ("normal: gb score", "json", json.dumps({"rules": "gb", "hand": "[SSSS][EEEE]123m456p9s9s"})),
    ("normal: gb waits", "json", json.dumps({"rules": "gb", "hand": "1112345678999m", "action": "waits"})),
    ("1 MB hand (handle)", "dict", {"hand": MEGABYTE_HAND}),
    ("1 MB hand (handle_json)", "json", json.dumps({"hand": MEGABYTE_HAND})),
    ("60 KB hand (handle_json)", "json", json.dumps({"hand": "1m" * 30_000})),
    ('"[" × 1497 (handle_json)', "json", "[" * 1497),
    ("100,000 deep value (handle)", "dict", {"hand": "123m", "flowers": deep(100_000)}),
    ("5,000-digit integer (handle)", "dict", {"hand": "123m", "flowers": 10**5000}),
    (
        "jiujiang question, table extra_quad plus4",
        "json",
        json.dumps(
            {
                "action": "question",
                "rules": "jiujiang",
                "kind": "pay",
                "topic": "table_conventions",
                "seed": 1,
                "table": {"extra_quad": "plus4"},
            }
        ),
    ),
    (
        "jiujiang focus, table extra_quad plus4",
        "json",
        json.dumps(
            {
                "action": "question",
                "rules": "jiujiang",
                "focus": "convention:dealer_double",
                "seed": 0,
                "table": {"extra_quad": "plus4"},
            }
        ),
    ),
    (
        "jiujiang question, cap 100000, missing suit",
        "json",
        json.dumps(
            {
                "action": "question",
                "rules": "jiujiang",
                "kind": "points",
                "topic": "base_and_cap",
                "seed": 1,
                "table": {"cap": 100000, "require_missing_suit": True, "min_flowers": 3},
            }
        ),
    ),
]


def time_cpython(repeat: int) -> list[tuple[str, str, list[float]]]:
    rows = []
    for label, how, request in CASES:
        answer_of = handle_json if how == "json" else handle
        answer = answer_of(request)
        result = json.loads(answer) if how == "json" else answer
        code = "ok" if result["ok"] else result["error"]["code"]
        times = []
        for _ in range(repeat):
            start = time.process_time()
            answer_of(request)
            times.append((time.process_time() - start) * 1000)
        rows.append((label, code, times))
    start = time.process_time()
    try:
        parse(MEGABYTE_HAND)
    except SuanfanError as err:
        code = err.code
    rows.append(("without the limit: parse the 1 MB hand", code, [(time.process_time() - start) * 1000]))
    return rows


def time_pyodide(repeat: int, dist: Path) -> list[tuple[str, str, list[float]]] | None:
    node = shutil.which("node")
    if node is None or not (dist / "pyodide" / "pyodide-lock.json").exists():
        print("Pyodide: skipped (needs node and a built dist/: python3 build.py build)")
        return None
    json_cases = [(label, text) for label, how, text in CASES if how == "json"]
    with tempfile.TemporaryDirectory() as tmp:
        lines = Path(tmp) / "hostile.jsonl"
        lines.write_text("\n".join(text for _, text in json_cases) + "\n", encoding="utf-8")
        done = subprocess.run(
            [
                node,
                str(ROOT / "tests" / "pyodide" / "bench_pyodide.mjs"),
                str(lines),
                "--json",
                "--repeat",
                str(repeat),
                "--dist",
                str(dist),
            ],
            capture_output=True,
            text=True,
            timeout=1800,
        )
    if done.returncode != 0:
        raise SystemExit(f"bench_pyodide.mjs failed:\n{done.stderr}")
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return [(label, answer["code"] or "ok", answer["runs_ms"]) for (label, _), answer in zip(json_cases, answers)]


def print_rows(title: str, rows) -> None:
    print(title)
    print(f"  {'case':<46} {'answer':<18} {'median ms':>10} {'p90 ms':>9} {'p99 ms':>9} {'slowest ms':>11}")
    for label, code, times in rows:
        figures = spread(times)
        print(
            f"  {label:<46} {code:<18} {statistics.median(times):>10.2f} {figures['p90']:>9.2f} "
            f"{figures['p99']:>9.2f} {max(times):>11.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site Pyodide runs (default dist/)")
    args, _ = parser.parse_known_args()
    print(
        f"Refusing hostile input (target: a 1 MB hand refused in < {TARGET_MS} ms), and the costliest practice requests"
    )
    print_rows("CPython (CPU time)", time_cpython(args.repeat))
    if not args.no_pyodide:
        rows = time_pyodide(max(3, args.repeat // 4), args.dist)
        if rows is not None:
            print_rows("Pyodide under Node (wall-clock; the slowest column is the max of the timed runs)", rows)


if __name__ == "__main__":
    main()
