"""The engine in real Pyodide (Python 3.14, under Node) answers byte for byte as CPython does, restored from its
memory snapshot and booted the ordinary way alike.

run_requests.mjs boots the built site's engine the way the browser worker does (see engine_in_node.mjs)
and prints one suanfan.api.handle_json answer per line of tests/fixtures/requests.jsonl.
"""

import json
from pathlib import Path

import pytest

from suanfan.api import handle_json
from suanfan.errors import MESSAGES
from suanfan.notation import ERRORS
from suanfan.practice.catalog import ANSWER_TYPES

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = ROOT / "tests" / "fixtures" / "requests.jsonl"

# Every way a hand's notation can be wrong that a winning-hand request can meet: the codes the reader raises.
NOTATION_ERRORS = set(ERRORS)


def request_lines() -> list[str]:
    """Same reading as engine_in_node.mjs: split on \\n, drop a trailing \\r, skip blank lines."""
    lines = (line.removesuffix("\r") for line in REQUESTS.read_text(encoding="utf-8").split("\n"))
    return [line for line in lines if line.strip()]


def test_fixture_is_diverse():
    """The fixture keeps scored hands and each kind of notation error (so the comparison means something)."""
    results = [json.loads(handle_json(line)) for line in request_lines()]
    assert sum(r["ok"] for r in results) >= 10
    codes = {r["error"]["code"] for r in results if not r["ok"]}
    assert NOTATION_ERRORS <= set(MESSAGES)
    assert NOTATION_ERRORS - codes == set()
    assert {"unknown_key", "bad_value", "unknown_rules", "bad_json", "bad_request", "not_a_win"} <= codes
    # practice questions of every kind, and their errors (drawn from a seed, they must be drawn alike in Pyodide)
    kinds = {r["question"]["kind"] for r in results if r["ok"] and r.get("action") == "question"}
    assert kinds == set(ANSWER_TYPES)  # every kind there is, hand reading's too
    assert {"unknown_kind", "kind_not_applicable"} <= codes


@pytest.mark.parametrize("boot", ["snapshot", "full"])
def test_pyodide_answers_are_byte_identical_to_cpython(run_node, boot):
    """Both ways the worker boots: from the engine's memory snapshot, and the ordinary boot it falls back to."""
    lines = request_lines()
    expected = [handle_json(line) for line in lines]
    done = run_node("run_requests.mjs", REQUESTS, *(["--full"] if boot == "full" else []))
    got = done.stdout.decode("utf-8").split("\n")
    assert got[-1] == "", "output must end with a newline"
    got = got[:-1]
    assert len(got) == len(expected), f"{len(got)} answers for {len(expected)} requests"
    differing = [(n, line, cp, py) for n, (line, cp, py) in enumerate(zip(lines, expected, got), 1) if cp != py]
    assert not differing, "\n".join(
        f"request {n}: {line}\n  CPython: {cp}\n  Pyodide: {py}" for n, line, cp, py in differing[:5]
    )
    assert done.stdout == "".join(answer + "\n" for answer in expected).encode("utf-8")


def test_bench_helper_times_each_request(run_node, tmp_path):
    requests = tmp_path / "two.jsonl"
    requests.write_text("\n".join(request_lines()[:2]) + "\n\n", encoding="utf-8")
    done = run_node("bench_pyodide.mjs", requests, "--repeat", "2", "--warmup", "0", "--json")
    rows = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [row["index"] for row in rows] == [1, 2]
    assert all(row["ok"] and row["runs"] == 2 and 0 <= row["min_ms"] <= row["median_ms"] for row in rows)
    assert all(len(row["runs_ms"]) == 2 and min(row["runs_ms"]) == row["min_ms"] for row in rows)
    assert b"boot:" in done.stderr
