"""Benchmark: practice requests — questions of every kind on every topic, at tables, for a tag, about a learner's own
hand, and diagnoses — with their worst cases beside the typical ones, in CPython and in Pyodide.

    python tests/bench_questions.py [--seeds N] [--rules jiujiang,gb98,gb] [--no-pyodide]
                                    [--conventions '{"table": {"base": 2}, "variants": {…}}']
                                    [--actions question,table,focus,deal,diagnose,request]
    (python3 build.py bench runs every tests/bench_*.py; arguments meant for the other scripts are ignored)

Asked in a fresh process, action by action in this order:
  question   every (rules, kind, topic) the catalog lists, seeds 0 … N − 1, in course order; with --conventions each
             rule set's questions carry the sections it takes (describe's practice.conventions)
  table      九江's questions at each of TABLES (the tests' three, and five where a topic's hand is rare or ruled out:
             the hostile probe's slowest), seeds 0 … N − 1; gb98's under the tests' two switches, seed 0
  focus      a question for every tag of each rule set (`focus`), seeds 0 and 1; 九江's tags at each of TABLES, seed 0
  deal       the hand of each seed-0 points question on a fan or pattern, asked as the learner's own (`deal`), in
             every kind that fits it
  diagnose   each seed-0 question with a wrong answer
  request    the request each seed-0 question shows, alone (its score or waits): the floor under a question, measured
             in the same run
The time of a request is the whole request through the façade: drawing the hand, the searches, the final
explanation, and in Pyodide the JSON in and out (api.handle_json, as the worker calls it). Two figures per request:
its first ask (what a learner meets: a new seed, the engine's tables filling as requests come) and the median of
three asks (the same work, less exposed to a busy machine). CPython times are CPU time of this process; Pyodide's
are wall-clock time under Node (tests/pyodide/bench_pyodide.mjs, --repeat 3). Printed for each: the question
action per kind as before (count, median, p90, p99, the slowest, the topic whose questions were slowest by their
median, the questions over the 30 ms target); then p50, p90, p99 and the maximum per action, rule set and kind with
the slowest request, and per table. Last, the candidate deals the practice judges judged per request (their facts,
error_of and exclusions calls, counted in a pass of its own): the work a request does, the same on every machine
and in every run, which a busy machine cannot move. A request answered `no_question_here` (a table that rules its
topic out) is timed like the others and counted in its row. Nothing here asserts a time.
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

from percentiles import print_table, quantile

from suanfan.api import handle
from suanfan.practice import catalog as C
from suanfan.rulesets import RULESETS

TARGET_MS = 30
RUNS = 3
ACTIONS = ("question", "table", "focus", "deal", "diagnose", "request")
# 九江 tables: the tests' three (tests/engine/test_practice.py, TABLES), and five the hostile probe found slow, where
# the hand a convention topic needs is rare (the cap, the dealer, a further quad) or a pattern is ruled out
TABLES = (
    {"base": 2, "cap": 8, "payment": "discarder_pays_all"},
    {"require_missing_suit": True, "min_flowers": 1, "base_added": True},
    {},
    {"extra_quad": "plus4"},
    {"dealer_double": False},
    {"cap": 32},
    {"quad_as_pairs": False},
    {"cap": 100000, "require_missing_suit": True, "min_flowers": 3},
)
GB_VARIANTS = {"two_concealed_kongs": 8, "seven_pairs_combined": False}
EXPECTED_REFUSAL = "no_question_here"


def requests(rules_sets, seeds: int, conventions: dict | None = None) -> list[dict]:
    def sections(rules: str) -> dict:
        return {k: v for k, v in (conventions or {}).items() if k in RULESETS[rules].practice().conventions}

    return [
        {"action": "question", "rules": rules, "kind": kind, "topic": topic.key, "seed": seed, **sections(rules)}
        for rules in rules_sets
        for topic in RULESETS[rules].practice().topics().values()
        for kind in topic.kinds
        for seed in range(seeds)
    ]


def table_requests(rules_sets, seeds: int) -> list[dict]:
    out = []
    if "jiujiang" in rules_sets:
        out += [dict(r, table=table) for table in TABLES for r in requests(["jiujiang"], seeds)]
    if "gb98" in rules_sets:
        out += [dict(r, variants=GB_VARIANTS) for r in requests(["gb98"], 1)]
    return out


def focus_requests(rules_sets) -> list[dict]:
    out = []
    for rules in rules_sets:
        plugin = RULESETS[rules].practice()
        words = plugin.tag_words()
        tags = [
            tag
            for tag in sorted(words["words"]) + [f"{words['item_tag']}:{key}" for key in words["items"]]
            if plugin.focus_candidates(tag)
        ]  # the tags a focus request takes (the others: unknown_tag)
        out += [{"action": "question", "rules": rules, "focus": tag, "seed": seed} for seed in (0, 1) for tag in tags]
        if rules == "jiujiang":
            out += [
                {"action": "question", "rules": rules, "focus": tag, "seed": 0, "table": table}
                for table in TABLES
                for tag in tags
            ]
    return out


def wrong_answer(result: dict):
    """An answer to the question other than its own, of the right type."""
    q, answer = result["question"], result["answer"]
    keys = [c["key"] for c in q.get("choices", ())]
    kind = q["answer_type"]
    if kind == "number":
        return answer + 1
    if kind == "boolean":
        return not answer
    if kind == "key":
        return next(k for k in keys if k != answer)
    if kind == "keys":
        return [k for k in answer if k != keys[0]] if keys[0] in answer else answer + [keys[0]]
    return answer[:-1] if len(answer) > 1 else answer + (["2m"] if "1m" in answer else ["1m"])


def derived_requests(results: list[tuple[dict, dict]], actions) -> dict[str, list[dict]]:
    """From the seed-0 questions: deal, diagnose and request (see the docstring)."""
    out = {"deal": [], "diagnose": [], "request": []}
    for request, result in results:
        if request["seed"] != 0:
            continue
        q = result["question"]
        asked = {k: v for k, v in request.items() if k not in ("action", "rules")}
        out["diagnose"].append(
            {"action": "diagnose", "rules": request["rules"], "question": asked, "given": wrong_answer(result)}
        )
        out["request"].append(q["request"])
        if q["kind"] == "points" and q["topic_type"] in (C.FAN, C.PATTERN):
            plugin = RULESETS[request["rules"]].practice()
            deal = {k: v for k, v in q["request"].items() if k not in ("rules", "action", *plugin.conventions)}
            out["deal"] += [
                {"action": "question", "rules": request["rules"], "kind": kind, "deal": deal, "seed": 0}
                for kind in plugin.deal_kinds(result["explanation"])
            ]
    return {action: out[action] for action in out if action in actions}


# ---------------------------------------------------------------- what a request is, in a table's row


def kind_of(action: str, request: dict) -> str:
    inner = request.get("question", request)
    if action == "request":
        return request.get("action", "score")
    return inner.get("kind", "(any)")


def described(request: dict) -> str:
    inner = request.get("question", request)
    if "hand" in inner and "kind" not in inner:
        return f"{request['rules']} {inner.get('action', 'score')} {inner['hand']}"
    what = inner.get("topic") or (f"focus {inner['focus']}" if "focus" in inner else f"deal {inner['deal']['hand']}")
    words = [request["rules"], inner.get("kind", ""), what, f"seed {inner['seed']}"]
    words += [
        json.dumps({k: inner[k]}, ensure_ascii=False, separators=(",", ":"))
        for k in ("table", "variants")
        if k in inner
    ]
    return " ".join(w for w in words if w)


def short_table(table: dict) -> str:
    return json.dumps(table, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------- printing


def report(title: str, timed: list[tuple[dict, float]]) -> None:
    """The question action per kind. timed: (request, milliseconds) per question."""
    print(title)
    print(
        f"  {'kind':<9}{'questions':>10}{'median ms':>11}{'p90 ms':>9}{'p99 ms':>9}{'max ms':>9}"
        f"   slowest topic (its median)"
    )
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
        print(
            f"  {kind:<9}{len(times):>10}{statistics.median(times):>11.2f}{quantile(times, 0.9):>9.2f}"
            f"{quantile(times, 0.99):>9.2f}{times[-1]:>9.1f}   {rules} {topic} ({statistics.median(worst):.1f})"
        )
    every = sorted(ms for _, ms in timed)
    over = [(ms, n, request) for n, (request, ms) in enumerate(timed, 1) if ms > TARGET_MS]
    print(
        f"  all {len(every)} questions: median {statistics.median(every):.2f} ms, p99 {quantile(every, 0.99):.2f} ms, "
        f"slowest {every[-1]:.1f} ms, {len(over)} over {TARGET_MS} ms"
    )
    for ms, n, request in sorted(over, key=lambda item: item[0], reverse=True)[:5]:
        print(
            f"    {ms:6.1f} ms  question {n} of {len(timed)}: {request['rules']} {request['kind']} "
            f"{request['topic']} seed {request['seed']}"
        )


def breakdown(
    title: str, timed: list[tuple[str, dict, float]], refused: set[int], unit: str = "ms", digits: int = 2
) -> None:
    """Per action, rule set and kind: the spread of `timed` ((action, request, value) per request) and its slowest;
    refused: the indexes of the requests answered no_question_here."""
    groups: dict = defaultdict(list)
    for n, (action, request, value) in enumerate(timed):
        groups[(action, request["rules"], kind_of(action, request))].append((value, n, request))
    rules_order = dict.fromkeys(request["rules"] for _, request, _ in timed)  # as asked
    order = {
        **{a: i for i, a in enumerate(ACTIONS)},
        **{r: i for i, r in enumerate(rules_order)},
        **{k: i for i, k in enumerate((*C.ANSWER_TYPES, "(any)", "score", "waits"))},
    }
    rows = []
    for key in sorted(groups, key=lambda k: tuple(order.get(part, 99) for part in k)):
        members = groups[key]
        value, _, request = max(members, key=lambda m: m[0])
        refusals = sum(1 for _, n, _ in members if n in refused)
        note = f"{value:.{digits}f} {described(request)}" + (f"  ({refusals} {EXPECTED_REFUSAL})" if refusals else "")
        rows.append((key, [m[0] for m in members], note))
    print_table(title, ("action", "rules", "kind"), rows, unit, digits, "slowest")


def by_table(title: str, timed: list[tuple[str, dict, float]]) -> None:
    """九江's table action and its focus requests at the tables, per table."""
    groups: dict = defaultdict(list)
    for action, request, ms in timed:
        if request["rules"] == "jiujiang" and "table" in request and action in ("table", "focus"):
            groups[(action, short_table(request["table"]))].append((ms, request))
    rows = []
    for key in sorted(groups, key=lambda k: (ACTIONS.index(k[0]), [short_table(t) for t in TABLES].index(k[1]))):
        ms, request = max(groups[key], key=lambda m: m[0])
        rows.append((key, [m[0] for m in groups[key]], f"{ms:.2f} {described(request)}"))
    if rows:
        print_table(title, ("action", "九江 table"), rows, note="slowest")


def print_source(name: str, first: list, median: list, refused: set[int]) -> None:
    """first, median: (action, request, ms) per request, in the order asked."""
    questions = [(r, ms) for a, r, ms in first if a == "question"]
    if questions:
        report(f"{name}: first ask", questions)
        report(f"{name}: median of {RUNS} asks", [(r, ms) for a, r, ms in median if a == "question"])
    breakdown(f"{name}, per action, rule set and kind: first ask", first, refused)
    breakdown(f"{name}, per action, rule set and kind: median of {RUNS} asks", median, refused)
    by_table(f"{name}, 九江 per table: first ask", first)


# ---------------------------------------------------------------- timing


def asked_once(action: str, request: dict) -> tuple[dict, list[float]]:
    runs = []
    for _ in range(RUNS):
        start = time.process_time()
        result = handle(request)
        runs.append((time.process_time() - start) * 1e3)
    # a question's own request may be answered by an error (a declare question's "no": not_a_win …)
    if action != "request" and not result["ok"] and result["error"]["code"] != EXPECTED_REFUSAL:
        raise SystemExit(f"{request}: {result['error']}")
    return result, runs


def cpython(plan: dict[str, list[dict]], actions) -> tuple[list, list, list, set]:
    """Every action's requests, in order: (asked, first, median, refused), asked (action, request) each, first and
    median (action, request, CPU milliseconds), refused the indexes answered no_question_here. The seed-0 questions'
    results give the deal, diagnose and request actions their requests."""
    asked, first, median, refused, made = [], [], [], set(), []
    for action in ACTIONS:
        if action not in actions:
            continue
        if action in ("deal", "diagnose", "request"):
            plan.update(derived_requests(made, actions))
        for request in plan.get(action, ()):
            result, runs = asked_once(action, request)
            if not result["ok"] and result["error"]["code"] == EXPECTED_REFUSAL:
                refused.add(len(asked))
            elif action == "question":
                made.append((request, result))
            asked.append((action, request))
            first.append((action, request, runs[0]))
            median.append((action, request, statistics.median(runs)))
    return asked, first, median, refused


def judged_counts(asked: list[tuple[str, dict]]) -> list[tuple[str, dict, int]]:
    """Each request asked again with every call of the practice judges' facts, error_of and exclusions counted."""
    count = [0]
    patched = {}
    for rules in dict.fromkeys(r["rules"] for _, r in asked):
        judge_class = type(RULESETS[rules].practice().judge())
        for name in ("facts", "error_of", "exclusions"):
            if name in vars(judge_class) and (judge_class, name) not in patched:
                patched[(judge_class, name)] = method = vars(judge_class)[name]

                def counted(*args, _method=method, **kwargs):
                    count[0] += 1
                    return _method(*args, **kwargs)

                setattr(judge_class, name, counted)
    out = []
    try:
        for action, request in asked:
            count[0] = 0
            handle(request)
            out.append((action, request, count[0]))
    finally:
        for (judge_class, name), method in patched.items():
            setattr(judge_class, name, method)
    return out


def pyodide(asked: list[tuple[str, dict]], dist: Path) -> tuple[list, list] | None:
    node = shutil.which("node")
    if node is None or not (dist / "pyodide" / "pyodide-lock.json").exists():
        print("Pyodide: skipped (needs node and a built dist/: python3 build.py build)")
        return None
    with tempfile.TemporaryDirectory() as folder:
        lines = Path(folder) / "questions.jsonl"
        lines.write_text("".join(json.dumps(r) + "\n" for _, r in asked), encoding="utf-8")
        done = subprocess.run(
            [
                node,
                str(ROOT / "tests" / "pyodide" / "bench_pyodide.mjs"),
                str(lines),
                "--json",
                "--repeat",
                str(RUNS),
                "--warmup",
                "0",
                "--dist",
                str(dist),
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
    if done.returncode != 0:
        raise SystemExit(f"bench_pyodide.mjs failed:\n{done.stderr}")
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    failed = [
        row
        for row, (action, _) in zip(rows, asked)
        if not row["ok"] and row["code"] != EXPECTED_REFUSAL and action != "request"
    ]
    if failed:
        raise SystemExit(f"in Pyodide: {failed[:3]}")
    boot = next((line for line in done.stderr.splitlines() if line.startswith("boot:")), "")
    print(f"Pyodide under Node ({boot})")
    return (
        [(*asked[row["index"] - 1], row["first_ms"]) for row in rows],
        [(*asked[row["index"] - 1], row["median_ms"]) for row in rows],
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rules", default="jiujiang,gb98,gb")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument(
        "--conventions",
        type=json.loads,
        default=None,
        help='sections the question action is asked under, as JSON: {"table": {"base": 2}}',
    )
    parser.add_argument("--actions", default=",".join(ACTIONS), help="which of " + ", ".join(ACTIONS))
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site Pyodide runs (default dist/)")
    args, _ = parser.parse_known_args(argv)
    rules_sets, actions = args.rules.split(","), args.actions.split(",")
    plan = {
        "question": requests(rules_sets, args.seeds, args.conventions),
        "table": table_requests(rules_sets, args.seeds),
        "focus": focus_requests(rules_sets),
    }
    print(
        f"Practice requests, each asked {RUNS} times in a row, in a fresh process: every kind of every topic, seeds "
        f"0–{args.seeds - 1}: {len(plan['question'])} questions"
        + (f", under {json.dumps(args.conventions, ensure_ascii=False)}" if args.conventions else "")
        + f"; then {', '.join(a for a in actions if a != 'question')} (see the docstring)"
    )
    if hasattr(os, "getloadavg"):  # wall-clock figures on a shared machine move with its load
        print(
            "  load average at the start: "
            + ", ".join(f"{x:.1f}" for x in os.getloadavg())
            + f" ({os.cpu_count()} CPUs)"
        )
    asked, first, median, refused = cpython(plan, actions)
    counts = {action: sum(1 for a, _ in asked if a == action) for action in actions}
    print(
        "  requests: "
        + ", ".join(f"{action} {n}" for action, n in counts.items())
        + f"; {len(refused)} answered {EXPECTED_REFUSAL}"
    )
    print_source(f"CPython {sys.version.split()[0]}, suanfan.api.handle, CPU time", first, median, refused)
    if not args.no_pyodide:
        timed = pyodide(asked, args.dist)
        if timed is not None:
            print_source("Pyodide, api.handle_json in the built wheel, wall time", *timed, refused)
    breakdown(
        "Candidate deals judged per request (the judges' facts, error_of and exclusions calls; the same in every run)",
        judged_counts(asked),
        refused,
        unit="",
        digits=0,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
