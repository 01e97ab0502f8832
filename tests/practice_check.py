"""Check one practice question against the engine, independently of how the question was built.

`check_question(result)` recomputes the answer from the question's explanation and from a fresh
`handle(question.request)`, checks that the hand exercises the topic (or is a labelled near miss without it),
that the choices are distinct and hold the answer, and returns nothing (it asserts). Shared by the engine tests
and usable from a shell when a seed misbehaves:
    .venv/bin/python -c "from practice_check import *; check_question(ask('gb98','fans','mixed',7))"
"""

from __future__ import annotations

from suanfan.api import handle
from suanfan.gb.fans import PRINCIPLES
from suanfan.practice import catalog as C
from suanfan.rulesets import RULESETS

CHOICE_KINDS = {"fans", "name", "why_not", "discard", "route"}


def topics_of(rules: str) -> dict:
    """The rule set's practice topics, from its plug-in (as the engine finds it: through the registry)."""
    return RULESETS[rules].practice().topics()


def ask(rules: str, kind: str, topic: str, seed: int, **conventions) -> dict:
    """conventions: the request's sections, e.g. table={"base": 2} or variants={…}."""
    result = handle({"action": "question", "rules": rules, "kind": kind, "topic": topic, "seed": seed, **conventions})
    assert result["ok"], result.get("error")
    return result


def shown_requests(result: dict) -> list[dict]:
    """Every request a question shows: its own, its near miss's origin, and each hand among its choices."""
    q = result["question"]
    out = [q["request"]] + [c["request"] for c in q.get("choices", ()) if c.get("type") == "hand"]
    if q["near_miss"] and q["near_miss"]["from"]:
        out.append(q["near_miss"]["from"])
    return out


def counted(result: dict) -> set:
    if result["rules"] == "jiujiang":
        return {result["pattern"]["key"]}
    return {item["key"] for item in result["items"]}


def present(result: dict) -> set:
    if result["rules"] == "jiujiang":
        return {p["key"] for p in result["patterns"]}
    return counted(result) | {e["key"] for e in result["excluded"]}


def check_question(result: dict) -> None:
    q = result["question"]
    rules, kind, topic_key = result["rules"], q["kind"], q["topic"]
    topics = topics_of(rules)
    topic = topics[topic_key]
    assert kind in topic.kinds
    assert result["action"] == "question" and q["answer_type"] == C.ANSWER_TYPES[kind]
    assert q["prompt"]["zh"] and q["prompt"]["en"] and q["topic_name"] == topic.name
    explanation = result["explanation"]
    # the explanation is the engine's own answer to the request (a fresh call gives the same dict)
    assert handle(q["request"]) == explanation, q["request"]
    assert q["request"]["rules"] == rules
    # conventions the request gave hold for every hand the question shows, exactly as given
    for section, values in q["conventions"].items():
        for request in shown_requests(result):
            assert request.get(section, {}) == values, (section, request)
    if kind in CHOICE_KINDS:
        keys = [c["key"] for c in q["choices"]]
        assert len(keys) == len(set(keys)) >= 2, keys
        if q["choices"][0]["type"] == "hand":
            marks = [(c["hand"], repr(sorted(c["request"].items()))) for c in q["choices"]]
            assert len(marks) == len(set(marks)), marks
    else:
        assert "choices" not in q
    _check_focus(result, topics)
    CHECKS[kind](result)


def _check_focus(result: dict, topics: dict) -> None:
    """The focus belongs to the topic: the topic itself, a fan of the series, any topic of `mixed`."""
    q = result["question"]
    topic, focus = topics[q["topic"]], q["focus"]["key"]
    if topic.type == C.SERIES_TOPIC:
        assert focus in topic.members
    elif topic.type == C.MIXED:
        assert focus in topics and topics[focus].type not in (C.MIXED,)
    else:
        assert focus == topic.key


# ---------------------------------------------------------------- per kind: the answer, and the topic exercised


def _exercised(result: dict, explanation: dict) -> None:
    """A positive hand has the focus; a labelled near miss lacks it."""
    q = result["question"]
    focus, focus_type = q["focus"]["key"], q["focus"]["type"]
    near = q["near_miss"]
    if focus_type in ("fan", "pattern"):
        if near is not None:
            assert near["lacks"]["key"] == focus and near["change"]["zh"] and near["change"]["en"]
            assert focus not in present(explanation), (q["request"], focus)
            if focus == "chicken_hand":
                assert focus not in counted(explanation)
        else:
            assert focus in counted(explanation), (q["request"], focus, counted(explanation))
    elif focus_type == "principle":
        assert near is None
        assert any(e["principle"] == focus for e in explanation["excluded"]), q["request"]
    else:
        assert near is None
        if "table" in q["conventions"]:
            _concept_at_fixed_table(focus, q["request"], explanation)
        else:
            _concept_exercised(focus, q["request"], explanation)


def _concept_at_fixed_table(concept: str, request: dict, explanation: dict) -> None:
    """At a table the request fixed, a convention topic shows that table: what it always shows, and where the
    table allows it, what the topic shows at the sheet's (jiujiang/practice/aims.py, "九江's convention topics at a fixed table")."""
    if concept in ("highest_pattern", "multipliers"):
        _concept_exercised(concept, request, explanation)
    elif concept in ("base_and_cap", "three_steps"):
        assert explanation["multipliers"], request
    elif concept == "who_pays":
        assert explanation["payments"]["payers"]
    elif concept == "table_conventions":
        assert explanation["ok"] or explanation["error"]["code"] in ("table_requirement", "not_a_win"), request
    else:
        raise AssertionError(concept)


def _concept_exercised(concept: str, request: dict, explanation: dict) -> None:
    table = request.get("table", {})
    if concept == "highest_pattern":
        assert len(explanation["patterns"]) >= 2
    elif concept == "multipliers":
        assert explanation["multipliers"]
    elif concept == "base_and_cap":
        assert explanation["capped"] or explanation["table"]["base"] != 1
    elif concept == "who_pays":
        assert explanation["payments"]["payers"]
    elif concept == "three_steps":
        assert explanation["multipliers"] and explanation["table"]["base_added"]
    elif concept == "table_conventions":
        assert table, request
        default = handle({k: v for k, v in request.items() if k != "table"})
        if explanation["ok"] and default["ok"]:
            changed = (explanation["total"], explanation["payments"]) != (default["total"], default["payments"])
            assert changed or any(k in table for k in ("require_missing_suit", "min_flowers", "quad_as_pairs")), request
    else:
        raise AssertionError(concept)


def check_points(result: dict) -> None:
    explanation = result["explanation"]
    assert explanation["ok"]
    assert result["answer"] == explanation["total"]
    _exercised(result, explanation)


def check_fans(result: dict) -> None:
    q, explanation = result["question"], result["explanation"]
    assert explanation["ok"]
    keys = [c["key"] for c in q["choices"]]
    if result["rules"] == "jiujiang":
        assert result["answer"] == [k for k in keys if k in present(explanation)]
    else:
        assert result["answer"] == [k for k in keys if k in counted(explanation)]
        focus = q["focus"]
        if focus["type"] == "fan":
            assert focus["key"] in keys
        for c in q["choices"]:
            status = c["verdict"]["status"]
            assert status == (
                "counted"
                if c["key"] in counted(explanation)
                else "excluded"
                if c["key"] in present(explanation)
                else "absent"
            ), c
    _exercised(result, explanation)


def check_name(result: dict) -> None:
    q, explanation = result["question"], result["explanation"]
    focus = q["focus"]["key"]
    if q["direction"] == "fan_of_hand":
        keys = [c["key"] for c in q["choices"]]
        assert len(keys) == 4
        right = [k for k in keys if k in counted(explanation)]
        assert right == [result["answer"]], (right, result["answer"])
        if q["focus"]["type"] in ("fan", "pattern"):
            assert result["answer"] == focus
        _exercised(result, explanation)
        return
    assert q["direction"] == "hand_of_fan" and len(q["choices"]) == 4
    right = []
    for choice in q["choices"]:
        fresh = handle(choice["request"])
        assert fresh == choice["explanation"] and fresh["ok"]
        if focus in counted(fresh):
            right.append(choice["key"])
    assert right == [result["answer"]], right
    answer_choice = next(c for c in q["choices"] if c["key"] == result["answer"])
    assert answer_choice["request"] == q["request"]
    _exercised(result, explanation)


def check_waits(result: dict) -> None:
    q, explanation = result["question"], result["explanation"]
    assert explanation["ok"] and q["request"]["action"] == "waits"
    tiles = [w["tile"] for w in explanation["waits"]]
    assert result["answer"] == tiles and tiles
    assert not set(tiles) & set(explanation["dead_waits"])
    focus, focus_type = q["focus"]["key"], q["focus"]["type"]
    assert focus_type in ("fan", "pattern")

    def has(wait):
        if result["rules"] == "jiujiang":
            return wait["pattern"]["key"] == focus
        return focus in {f["key"] for f in wait["fans"]}

    if q["near_miss"] is None:
        assert any(has(w) for w in explanation["waits"]), q["request"]
    else:
        assert not any(has(w) for w in explanation["waits"]), q["request"]


def check_declare(result: dict) -> None:
    q, explanation = result["question"], result["explanation"]
    assert isinstance(result["answer"], bool)
    if result["rules"] == "jiujiang":
        assert result["answer"] == explanation["ok"]
        if explanation["ok"]:
            _exercised(result, explanation)
            return
        code = explanation["error"]["code"]
        assert code in ("not_a_win", "table_requirement"), code
        if code == "not_a_win" and q["near_miss"] is not None:
            return  # one tile changed: no win at all
        # the hand itself is what the topic asks; only the table refuses it (a requirement, or a quad that may not
        # be two pairs)
        relaxed = dict(
            q["request"],
            table={
                k: v
                for k, v in q["request"].get("table", {}).items()
                if k not in ("require_missing_suit", "min_flowers", "quad_as_pairs")
            },
        )
        relaxed_result = handle(relaxed)
        assert relaxed_result["ok"], relaxed
        _exercised(result, relaxed_result)
        return
    assert explanation["ok"]
    assert result["answer"] == explanation["meets_minimum"] == (explanation["points_without_flowers"] >= 8)
    _exercised(result, explanation)


def check_why_not(result: dict) -> None:
    q, explanation = result["question"], result["explanation"]
    assert explanation["ok"]
    asked = q["asked"]["key"]
    keys = [c["key"] for c in q["choices"]]
    assert result["answer"] in keys and asked not in keys
    entries = [e for e in explanation["excluded"] if e["key"] == asked]
    assert entries, (asked, q["request"])
    # the fan that set it aside, or the principle where none did (or where it was another instance of itself)
    reasons = {e["by"] if e["by"] not in (None, asked) else e["principle"] for e in entries}
    assert result["answer"] in reasons
    # no other choice is also a reason the engine gives
    assert not (set(keys) - {result["answer"]}) & reasons, (keys, reasons)
    if result["rules"] != "jiujiang":
        excluders = [k for k in keys if k not in PRINCIPLES and k != result["answer"]]
        # a wrong choice that is counted here does not list the asked fan as 不计 (so it could not be the reason)
        from suanfan.gb.practice.judge import GbJudge

        judge = GbJudge(result["rules"], q["conventions"].get("variants"))
        for k in excluders:
            if k in counted(explanation):
                assert asked not in judge.excludes[k], (k, asked)
    focus, focus_type = q["focus"]["key"], q["focus"]["type"]
    if focus_type == "principle":
        assert any(e["principle"] == focus for e in explanation["excluded"])
    elif focus_type in ("fan", "pattern"):
        assert focus == asked or focus in reasons or any(e["by"] == focus for e in explanation["excluded"]), (
            focus,
            asked,
            reasons,
        )
    else:
        assert len(explanation["patterns"]) >= 2


def check_pay(result: dict) -> None:
    q, explanation = result["question"], result["explanation"]
    assert explanation["ok"] and result["rules"] == "jiujiang"
    payments = explanation["payments"]
    if q["asks"] == "winner_receives":
        assert result["answer"] == payments["winner_receives"]
    else:
        payer = payments["payers"][0]
        assert q["asks"] == payer["who"] and result["answer"] == payer["amount"]
        assert payer["role"]["en"] in q["prompt"]["en"] and payer["role"]["zh"] in q["prompt"]["zh"]
    _exercised(result, explanation)


# ---------------------------------------------------------------- the hand-reading kinds: answers re-derived from the reading


def _reading(result: dict) -> dict:
    ex = result["explanation"]
    assert ex["ok"] and ex["action"] == "analyse"
    return ex


def check_shanten(result: dict) -> None:
    ex = _reading(result)
    assert ex["tiles"] == 13 and result["answer"] == ex["shanten"] >= 1
    assert result["answer"] == min(n for n in ex["forms"].values() if n is not None)


def check_useful(result: dict) -> None:
    ex = _reading(result)
    assert ex["tiles"] == 13 and ex["shanten"] >= 1
    assert result["answer"] == [u["tile"] for u in ex["useful"]] and all(u["unseen"] > 0 for u in ex["useful"])


def check_discard(result: dict) -> None:
    """The right choice is the one best discard among the four under the goal, from the reading's own figures; under
    the value goal the fastest discard of all is a choice and loses what the goal keeps."""
    ex, q = _reading(result), result["question"]
    assert ex["tiles"] == 14
    figures = {d["tile"]: d for d in ex["discards"]}
    offered = [figures[c["tile"]] for c in q["choices"]]
    right = figures[next(c["tile"] for c in q["choices"] if c["key"] == result["answer"])]
    assert all(d["shanten"] <= 1 and d["value"]["basis"] == "exact" for d in offered)
    speed = lambda d: (d["shanten"], -d["useful_count"])  # noqa: E731
    if q["asks"]["goal"] == "speed":
        assert all(speed(right) < speed(d) for d in offered if d is not right)
        assert speed(right) == speed(ex["discards"][0])
        return
    fastest = ex["discards"][0]
    assert fastest["tile"] in figures and fastest in offered and fastest is not right
    if ex["minimum"] is not None:
        assert not fastest["value"]["reaches_minimum"] and right["value"]["reaches_minimum"] > 0
        assert all(not d["value"]["reaches_minimum"] or speed(right) < speed(d) for d in offered if d is not right)
    else:  # no win at this table (a requirement missed) is worth nothing
        best = lambda d: d["value"]["best"] if d["value"]["best"] is not None else -1  # noqa: E731
        assert best(right) > best(fastest)
        assert all(best(d) < best(right) or speed(right) < speed(d) for d in offered if d is not right)


def check_route(result: dict) -> None:
    ex, q = _reading(result), result["question"]
    assert ex["tiles"] == 13 and ex["shanten"] == 1
    routed = {k for r in ex["value"]["routes"] for k in r["route"]}
    assert result["answer"] in routed
    assert not any(c["key"] in routed for c in q["choices"] if c["key"] != result["answer"])


CHECKS = {
    "points": check_points,
    "fans": check_fans,
    "name": check_name,
    "waits": check_waits,
    "declare": check_declare,
    "why_not": check_why_not,
    "pay": check_pay,
    "shanten": check_shanten,
    "useful": check_useful,
    "discard": check_discard,
    "route": check_route,
}


def every_combination(rules_sets=("jiujiang", "gb98", "gb")) -> list[tuple[str, str, str]]:
    """(rules, kind, topic) for every kind each topic supports, in course order."""
    return [
        (rules, kind, topic.key) for rules in rules_sets for topic in topics_of(rules).values() for kind in topic.kinds
    ]
