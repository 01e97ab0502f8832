"""Practice questions (`action: "question"`): every kind of every topic of every rule set, seeded.

For each (rules, kind, topic) the topic supports, QUESTIONS seeds: the question's request is valid, its answer is
what the engine's result says (recomputed from the explanation and from a fresh handle() of the request), the
hand exercises the topic or is a labelled near miss without it, the choices are distinct and hold the answer
(tests/practice_check.py), and for gb98 the hands score as PyMahjongGB scores them. The issue's 50 seeds per
kind and topic run under the `long` marker (`pytest -m long tests/engine/test_practice.py`, a few minutes); the
default run takes QUESTIONS = 3 so that the engine tests stay well under a minute.
"""

from __future__ import annotations

import pytest
from gb_oracle import available, engine_fans, oracle_fans, oracle_shanten
from practice_check import ask, check_question, every_combination

from suanfan import tiles as T
from suanfan.api import handle
from suanfan.hand import Hand
from suanfan.notation import parse
from suanfan.practice import catalog as C
from suanfan.rulesets import RULESETS

QUESTIONS = 3
LONG_QUESTIONS = 50
COMBINATIONS = every_combination()
IDS = [f"{rules}-{kind}-{topic}" for rules, kind, topic in COMBINATIONS]


def check_against_oracle(result: dict) -> None:
    """gb98: the hands a question shows score fan for fan as the online platforms' calculator scores them."""
    q = result["question"]
    requests = [c["request"] for c in q.get("choices", ()) if c.get("type") == "hand"] or [q["request"]]
    for request in requests:
        if request.get("action") == "analyse":  # a hand that has not won: its shanten, discard by discard
            hand = parse(request["hand"], expect="either")
            reading = result["explanation"]
            if hand.is_complete:
                for d in reading["discards"]:
                    standing = list(hand.standing)
                    standing.remove(T.index_of(d["tile"]))
                    assert d["shanten"] == oracle_shanten(Hand(hand.melds, tuple(standing))), (request, d["tile"])
            else:
                assert reading["shanten"] == oracle_shanten(hand), request
            continue
        if request.get("action") == "waits":
            for wait in result["explanation"]["waits"]:
                if wait["corrections"]:
                    continue  # a flag dropped for this tile alone: no request states it
                complete = dict(request, hand=request["hand"] + wait["tile"])
                del complete["action"]
                assert {f["key"]: f["count"] for f in wait["fans"]} == oracle_fans(complete), complete
            continue
        assert engine_fans(handle(request)) == oracle_fans(request), request


def check_seeds(rules: str, kind: str, topic: str, seeds) -> None:
    for seed in seeds:
        result = ask(rules, kind, topic, seed)
        assert result["question"]["seed"] == seed
        check_question(result)
        if rules == "gb98" and available():
            check_against_oracle(result)


@pytest.mark.parametrize(("rules", "kind", "topic"), COMBINATIONS, ids=IDS)
def test_questions(rules, kind, topic):
    check_seeds(rules, kind, topic, range(QUESTIONS))


@pytest.mark.long
@pytest.mark.parametrize(("rules", "kind", "topic"), COMBINATIONS, ids=IDS)
def test_fifty_questions(rules, kind, topic):
    check_seeds(rules, kind, topic, range(QUESTIONS, LONG_QUESTIONS))


def test_same_seed_same_question_in_any_order():
    """No hidden state: a question depends on (rules, kind, topic, seed) alone, whatever was asked before."""
    asked = [(rules, kind, topic, 1000 + n) for n, (rules, kind, topic) in enumerate(COMBINATIONS) if n % 4 == 0]
    first = {a: ask(*a) for a in asked}
    again = {a: ask(*a) for a in reversed(asked)}
    assert all(first[a] == again[a] for a in asked)
    assert ask("gb98", "fans", "mixed", 5) != ask("gb98", "fans", "mixed", 6)


def test_seeds_give_different_hands():
    """Variation works: one topic's seeds give many different hands, not the template again and again."""
    for rules, topic in (
        ("gb98", "pure_straight"),
        ("gb", "big_four_winds"),
        ("jiujiang", "qing_yi_se"),
        ("gb98", "no_split"),
    ):
        hands = {ask(rules, "points", topic, seed)["question"]["request"]["hand"] for seed in range(12)}
        assert len(hands) >= 6, (topic, hands)


def test_near_misses_are_a_quarter_or_so():
    near = [
        ask("gb98", "points", topic, seed)["question"]["near_miss"] is not None
        for topic in ("mixed_straight", "all_pungs", "self_drawn", "seven_pairs")
        for seed in range(40)
    ]
    assert 0.12 <= sum(near) / len(near) <= 0.4
    assert not any(ask("gb98", "points", "no_repeat", seed)["question"]["near_miss"] for seed in range(8))


@pytest.mark.parametrize("rules", ["gb98", "jiujiang"])
def test_declare_has_both_sides(rules):
    answers = {
        ask(rules, "declare", topic, seed)["answer"]
        for topic in (["all_chows", "self_drawn"] if rules == "gb98" else ["ping_hu", "table_conventions"])
        for seed in range(10)
    }
    assert answers == {True, False}


def test_declare_teaches_that_flowers_do_not_count():
    """Some hands below 8 points carry flowers that lift the total to 8 or more, and still may not win."""
    found = [
        r
        for r in (
            ask("gb98", "declare", topic, seed)
            for topic in ("all_chows", "self_drawn", "edge_wait")
            for seed in range(30)
        )
        if not r["answer"] and r["explanation"]["total"] >= 8
    ]
    assert found


def test_name_asks_both_ways():
    directions = {ask("gb", "name", "pure_double_chow", seed)["question"]["direction"] for seed in range(10)}
    assert directions == {"fan_of_hand", "hand_of_fan"}


def test_pay_asks_payers_and_winner():
    asks = {ask("jiujiang", "pay", "who_pays", seed)["question"]["asks"] for seed in range(30)}
    assert {"winner_receives", "each_other", "discarder"} <= asks


# ---------------------------------------------------------------- the description


@pytest.mark.parametrize("rules", ["jiujiang", "gb", "gb98"])
def test_describe_lists_kinds_and_topics_in_course_order(rules):
    practice = handle({"action": "describe", "rules": rules})["practice"]
    kinds = [k["key"] for k in practice["kinds"]]
    assert kinds == list(RULESETS[rules].practice().kinds)
    assert all(k["zh"] and k["en"] and k["help"]["zh"] and k["help"]["en"] for k in practice["kinds"])
    topics = practice["topics"]
    assert [t["order"] for t in topics] == list(range(1, len(topics) + 1))
    # mixed asks every kind about winning hands; the hand-reading kinds are asked on their own topic only
    reading = set(C.READING_KINDS)
    assert topics[-1]["key"] == "mixed" and set(topics[-1]["kinds"]) == set(kinds) - reading
    assert {k for t in topics for k in t["kinds"]} == set(kinds)
    assert {t["key"] for t in topics if set(t["kinds"]) & reading} == {"hand_reading"}
    for t in topics:
        assert t["zh"] and t["en"] and t["kinds"] and set(t["kinds"]) <= set(kinds), t
    keys = [t["key"] for t in topics]
    assert len(keys) == len(set(keys))
    if rules == "jiujiang":
        assert keys[:6] == ["ping_hu", "peng_peng_hu", "hun_yi_se", "qi_dui", "qing_yi_se", "hao_hua_qi_dui"]
        assert "pay" in {k for t in topics for k in t["kinds"]}
        return
    from suanfan.gb.fans import FANS, PRINCIPLES

    assert {f.key for f in FANS} | {"flower_tiles"} | set(PRINCIPLES) <= set(keys)
    series = [t for t in topics if t["type"] == "series"]
    assert len(series) == 9 and all(t["key"].startswith("series_") for t in series)
    assert keys[0] == "series_honors" and keys[1] == "big_four_winds"
    assert "pay" not in kinds


# ---------------------------------------------------------------- errors


def question(**changes) -> dict:
    return handle({"action": "question", "rules": "gb98", "kind": "points", "topic": "all_pungs", "seed": 1, **changes})


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"kind": "riddle"}, "unknown_kind"),
        ({"topic": "dragons_everywhere"}, "unknown_topic"),
        ({"kind": "pay"}, "kind_not_applicable"),
        ({"kind": "why_not", "topic": "flower_tiles"}, "kind_not_applicable"),
        ({"rules": "jiujiang", "kind": "waits", "topic": "who_pays"}, "kind_not_applicable"),
        ({"rules": "jiujiang", "topic": "all_pungs"}, "unknown_topic"),
        ({"seed": -1}, "bad_value"),
        ({"seed": 1.5}, "bad_value"),
        ({"seed": "3"}, "bad_value"),
        ({"seed": True}, "bad_value"),
        ({"seed": None}, "bad_value"),
        ({"seed": C.MAX_SEED + 1}, "bad_value"),
        ({"kind": None}, "bad_value"),
        ({"topic": 7}, "bad_value"),
        ({"hand": "123m"}, "unknown_key"),
    ],
)
def test_errors_are_typed_and_bilingual(changes, code):
    result = question(**changes)
    assert not result["ok"] and result["error"]["code"] == code, result
    assert result["error"]["message"]["zh"] and result["error"]["message"]["en"]


def test_a_seed_may_be_large():
    assert question(seed=C.MAX_SEED)["ok"] and question(seed=0)["ok"]


def test_a_rule_set_without_practice_refuses_questions():
    from dataclasses import replace

    import suanfan_toy
    from suanfan_toy.ruleset import RULESETS as TOY_RULESETS

    from suanfan.rulesets import register, unregister

    register(replace(TOY_RULESETS[0], practice=None))  # the toy has a practice plug-in: here it is left out
    try:
        result = handle({"action": "question", "rules": suanfan_toy.KEY, "kind": "points", "topic": "x", "seed": 0})
        assert result["error"]["code"] == "kind_not_applicable"
        assert result["error"]["message"]["en"].startswith("The question kind 'points' does not apply")
        assert "practice" not in handle({"action": "describe", "rules": suanfan_toy.KEY})
    finally:
        unregister(suanfan_toy.KEY)


# ---------------------------------------------------------------- a table's conventions (issue 9's table card)

# Tables a learner may bring from the table card: each (rules, sections) is checked on every kind of every topic.
TABLES = [
    ("jiujiang", {"table": {"base": 2, "cap": 8, "payment": "discarder_pays_all"}}),
    ("jiujiang", {"table": {"require_missing_suit": True, "min_flowers": 1, "base_added": True}}),
    ("jiujiang", {"table": {}}),
    ("gb98", {"variants": {"two_concealed_kongs": 8, "seven_pairs_combined": False}}),
]
TABLE_COMBINATIONS = [
    (rules, kind, topic, sections) for rules, sections in TABLES for _, kind, topic in every_combination((rules,))
]
TABLE_IDS = [
    f"{rules}-{kind}-{topic}-{'-'.join(f'{k}={v}' for s in sections.values() for k, v in s.items()) or 'sheet'}"
    for rules, kind, topic, sections in TABLE_COMBINATIONS
]


@pytest.mark.parametrize(("rules", "kind", "topic", "sections"), TABLE_COMBINATIONS, ids=TABLE_IDS)
def test_questions_at_a_table(rules, kind, topic, sections):
    """Every question is the engine's under the table: check_question holds the answer to handle(request) and
    every request the question shows to the conventions, exactly as given."""
    result = ask(rules, kind, topic, 0, **sections)
    assert result["question"]["conventions"] == sections
    check_question(result)


@pytest.mark.long
@pytest.mark.parametrize(
    ("rules", "kind", "topic", "sections"),
    [c for c in TABLE_COMBINATIONS if c[0] == "jiujiang"],
    ids=[i for i, c in zip(TABLE_IDS, TABLE_COMBINATIONS) if c[0] == "jiujiang"],
)
def test_more_questions_at_a_table(rules, kind, topic, sections):
    for seed in range(1, 10):
        check_question(ask(rules, kind, topic, seed, **sections))


def test_points_follow_the_base_and_the_cap():
    """The same seed deals the same hand at every table; the answer is the engine's total at the table asked."""
    doubled = capped = 0
    for seed in range(12):
        sheet = ask("jiujiang", "points", "peng_peng_hu", seed, table={})
        base2 = ask("jiujiang", "points", "peng_peng_hu", seed, table={"base": 2})
        cap2 = ask("jiujiang", "points", "peng_peng_hu", seed, table={"cap": 2})
        request = base2["question"]["request"]
        assert request["table"] == {"base": 2} and cap2["question"]["request"]["table"] == {"cap": 2}
        assert request["hand"] == sheet["question"]["request"]["hand"] == cap2["question"]["request"]["hand"]
        assert base2["answer"] == handle(request)["total"]
        assert cap2["answer"] == handle(cap2["question"]["request"])["total"] <= 2
        doubled += base2["answer"] == 2 * sheet["answer"] != sheet["answer"]
        capped += cap2["answer"] < sheet["answer"]
    assert doubled and capped, (doubled, capped)


def test_pay_follows_the_agreed_payment():
    """At a 包三家 table the discarder pays for all three; at the sheet's (一家付) only the total."""
    seen = set()
    for seed in range(20):
        result = ask("jiujiang", "pay", "who_pays", seed, table={"payment": "discarder_pays_all"})
        request = result["question"]["request"]
        assert request["table"] == {"payment": "discarder_pays_all"}
        payments = handle(request)["payments"]
        asks = result["question"]["asks"]
        answer = payments["winner_receives"] if asks == "winner_receives" else payments["payers"][0]["amount"]
        assert result["answer"] == answer
        if asks == "discarder":
            one_pays = handle(dict(request, table={}))["payments"]["payers"][0]["amount"]
            assert answer == 3 * one_pays, request
        seen.add(asks)
    assert "discarder" in seen


def test_convention_topics_stay_at_the_table():
    """A topic that teaches the conventions does not change a table the request fixed."""
    for topic, kind in (
        ("base_and_cap", "points"),
        ("who_pays", "pay"),
        ("table_conventions", "pay"),
        ("table_conventions", "points"),
        ("three_steps", "points"),
    ):
        for seed in range(6):
            request = ask("jiujiang", kind, topic, seed, table={"base": 2})["question"]["request"]
            assert request["table"] == {"base": 2}, (topic, request)


def test_a_guobiao_switch_changes_the_answer():
    """gb98 scores 双暗杠 6; with the switch at 8 (the seed table's value) the question's answer is 2 more."""
    for seed in range(4):
        switched = ask("gb98", "points", "two_concealed_kongs", seed, variants={"two_concealed_kongs": 8})
        plain = ask("gb98", "points", "two_concealed_kongs", seed)
        request = switched["question"]["request"]
        assert request["variants"] == {"two_concealed_kongs": 8}
        items = {i["key"]: i["value"] for i in switched["explanation"]["items"]}
        assert items.get("two_concealed_kongs") == 8 or switched["question"]["near_miss"], request
        assert switched["answer"] == handle(request)["total"]
        if request["hand"] == plain["question"]["request"]["hand"] and not plain["question"]["near_miss"]:
            assert switched["answer"] == plain["answer"] + 2


def test_a_table_question_is_reproducible():
    asked = [
        ("jiujiang", "points", "mixed", 3, {"table": {"base": 3, "cap": None}}),
        ("jiujiang", "declare", "table_conventions", 4, {"table": {"min_flowers": 2}}),
        ("gb", "fans", "series_pungs_and_kongs", 5, {"variants": {"extra_kong_fans": "paired"}}),
    ]
    first = [ask(r, k, t, s, **c) for r, k, t, s, c in asked]
    assert [ask(r, k, t, s, **c) for r, k, t, s, c in reversed(asked)] == list(reversed(first))


def test_a_topic_the_conventions_rule_out():
    """With 一明杠一暗杠 switched off there is no such fan to ask about: a typed error, not a traceback; its series
    draws another of its fans."""
    off = {"variants": {"concealed_and_melded_kong": 0}}
    result = question(rules="gb", topic="concealed_and_melded_kong", **off)
    assert result["error"]["code"] == "no_question_here", result
    assert result["error"]["message"]["zh"] and result["error"]["message"]["en"]
    for seed in range(6):
        series = ask("gb", "fans", "series_pungs_and_kongs", seed, **off)
        assert series["question"]["focus"]["key"] != "concealed_and_melded_kong"


@pytest.mark.parametrize(
    ("changes", "code", "key"),
    [
        ({"rules": "jiujiang", "topic": "ping_hu", "table": {"base": 0}}, "bad_value", "table.base"),
        ({"rules": "jiujiang", "topic": "ping_hu", "table": {"cap": "16"}}, "bad_value", "table.cap"),
        ({"rules": "jiujiang", "topic": "ping_hu", "table": {"payment": "everyone"}}, "bad_value", "table.payment"),
        (
            {"rules": "jiujiang", "topic": "ping_hu", "table": {"dealer_double": "yes"}},
            "bad_value",
            "table.dealer_double",
        ),
        ({"rules": "jiujiang", "topic": "ping_hu", "table": {"bass": 2}}, "unknown_key", "table.bass"),
        ({"rules": "jiujiang", "topic": "ping_hu", "table": 2}, "bad_value", "table"),
        ({"rules": "jiujiang", "topic": "ping_hu", "variants": {}}, "unknown_key", "variants"),
        ({"variants": {"two_concealed_kongs": 7}}, "bad_value", "variants.two_concealed_kongs"),
        ({"variants": {"no_such_switch": True}}, "unknown_key", "variants.no_such_switch"),
        ({"table": {"base": 2}}, "unknown_key", "table"),
    ],
)
def test_bad_conventions_are_typed_errors(changes, code, key):
    result = question(**changes)
    assert not result["ok"] and result["error"]["code"] == code and result["error"]["key"] == key, result
    assert result["error"]["message"]["zh"] and result["error"]["message"]["en"]


@pytest.mark.parametrize(("rules", "section"), [("jiujiang", "table"), ("gb", "variants"), ("gb98", "variants")])
def test_describe_names_the_conventions(rules, section):
    description = handle({"action": "describe", "rules": rules})
    assert description["practice"]["conventions"] == [section]
    assert section in {s["key"] for s in description["sections"]}
