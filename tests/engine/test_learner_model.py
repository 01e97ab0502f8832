"""What a practice question exercises (its tags), what a wrong answer most likely means (diagnose), questions that
practise one tag (focus), and questions about a learner's own hand (deal): engine/suanfan/practice/mistakes.py and
each rule set's mistakes.py.

The mistaken totals the diagnosis must recognise are worked out here by hand, from the rule sheets' numbers, not
read back from the engine's own mistake models."""

from __future__ import annotations

import functools
import re

import pytest
from practice_check import every_combination

from suanfan.api import handle
from suanfan.practice.catalog import tag_name
from suanfan.practice.mistakes import matching
from suanfan.practice.question import TAG_PREFIXES
from suanfan.rulesets import RULESETS

HAN = re.compile(r"[\u4e00-\u9fff]")
SEEDS = (0, 1, 2)


@functools.cache
def tag_words(rules: str) -> dict:
    return handle({"action": "describe", "rules": rules})["practice"]["tags"]


def ask(rules: str, **request) -> dict:
    result = handle({"action": "question", "rules": rules, **request})
    assert result["ok"], result.get("error")
    return result


def diagnose(rules: str, question: dict, given) -> dict:
    result = handle({"action": "diagnose", "rules": rules, "question": question, "given": given})
    assert result["ok"], result.get("error")
    return result


def mistakes_of(result: dict) -> list:
    plugin = RULESETS[result["rules"]].practice()
    return plugin.mistakes(result, plugin.judge_of(result))


def given_for(result: dict, mistake):
    """The answer a learner who makes exactly this mistake gives."""
    if result["question"]["answer_type"] in ("keys", "tiles"):
        sign, key = mistake.answer
        answer = list(result["answer"])
        return answer + [key] if sign == "+" else [k for k in answer if k != key]
    return mistake.answer


def check_words(text: str, chinese: bool) -> None:
    assert text and "{" not in text and "}" not in text and "None" not in text and "  " not in text, text
    assert text.rstrip()[-1] in "。.)）!?", text
    if chinese:
        assert HAN.search(text), text


# ---------------------------------------------------------------- tags


def check_question(rules: str, request: dict, via_requests: bool) -> None:
    """Tags that name what the result shows; every modelled mistake in words, tagged, and found again from the answer
    it gives (through a diagnose request when via_requests, else by the same matching the request uses)."""
    result = ask(rules, **request)
    q, ex = result["question"], result["explanation"]
    tags = q["tags"]
    assert tags[0] == f"kind:{q['kind']}" and len(tags) == len(set(tags))
    assert all(t.partition(":")[0] in TAG_PREFIXES and t.partition(":")[2] for t in tags), tags
    named = tag_words(rules)
    for t in tags:  # every tag has words (what the progress page calls a weakness), read like the rest
        words = tag_name(named, t)
        assert words, t
        for language, text in words.items():
            assert text and "{" not in text and "None" not in text and "  " not in text, (t, text)
            assert bool(HAN.search(text)) == (language in ("zh", "zh_hant")) or language == "en", (t, text)
    if q["kind"] == "points" and ex.get("ok"):
        counted = {i["key"] for i in ex["items"]}
        if rules != "jiujiang":
            assert {f"fan:{k}" for k in counted} <= set(tags)
        for t in tags:  # a tag names what the result shows
            if t.startswith("fan:"):
                assert t[4:] in counted, (t, counted)
            if t.startswith("exclusion:"):
                by, excluded = t[10:].split(">")
                assert any(e["key"] == excluded and e.get("by") == by for e in ex["excluded"]), t
            if t.startswith("pattern:"):
                assert t[8:] == ex["pattern"]["key"]
    if q["near_miss"]:
        assert f"misconception:near_miss:{q['near_miss']['lacks']['key']}" in tags
    found = mistakes_of(result)
    for mistake in found:
        assert set(mistake.tags) <= set(tags), (mistake, tags)
        check_words(mistake.zh, True)
        check_words(mistake.en, False)
        given = given_for(result, mistake)
        if via_requests:
            told = diagnose(rules, request, given)
            assert not told["right"] and mistake.to_dict() in told["mistakes"], (mistake, told["mistakes"])
        else:
            assert mistake in matching(found, q["answer_type"], result["answer"], given)
    if via_requests:
        assert ask(rules, **request)["question"]["tags"] == tags  # a pure function of the request
        assert diagnose(rules, request, result["answer"]) == {
            "ok": True,
            "rules": rules,
            "action": "diagnose",
            "right": True,
            "given": result["answer"],
            "answer": result["answer"],
            "mistakes": [],
            "tags": tags,
            "question": {k: q[k] for k in ("kind", "topic", "seed", "focus")},
        }


@pytest.mark.parametrize("rules,kind,topic", every_combination(("jiujiang", "gb", "gb98")))
def test_every_question_says_what_it_exercises_and_explains_every_mistake_it_models(rules, kind, topic):
    for seed in SEEDS:
        check_question(rules, {"kind": kind, "topic": topic, "seed": seed}, via_requests=True)


@pytest.mark.long
@pytest.mark.parametrize("rules,kind,topic", every_combination(("jiujiang", "gb", "gb98")))
def test_fifty_seeds_of_every_question_say_what_they_exercise(rules, kind, topic):
    for seed in range(3, 50):
        check_question(rules, {"kind": kind, "topic": topic, "seed": seed}, via_requests=False)


# ---------------------------------------------------------------- mistaken totals worked out by hand


def deal_question(rules: str, kind: str, deal: dict, **conventions) -> dict:
    return ask(rules, kind=kind, deal=deal, seed=0, **conventions)


def diagnosed(rules: str, kind: str, deal: dict, given, **conventions) -> list[str]:
    """The keys and tags of the mistakes that explain `given` on a question about this hand."""
    found = diagnose(rules, {"kind": kind, "deal": deal, "seed": 0, **conventions}, given)
    assert not found["right"]
    return [(m["key"], m["tags"][0]) for m in found["mistakes"]]


def test_guobiao_counting_a_pung_of_terminals_under_a_dragon_pung():
    # 箭刻 2 (中), 幺九刻 1 (999m) … the 中 pung is itself a pung of honours, which 箭刻 already includes
    deal = {"hand": "[CCC1]999m123p456s55s"}
    total = deal_question("gb", "points", deal)["answer"]
    assert ("counts_excluded", "exclusion:dragon_pung>pung_of_terminals_or_honors") in diagnosed(
        "gb", "points", deal, total + 1
    )


def test_guobiao_one_fan_counted_wherever_it_is_set_aside():
    # 箭刻 (中) and 门风刻 (东, seat East) each set aside the 幺九刻 of their own pung: counting both is +2, one
    # mistake of one misconception, tagged by the fan whatever excludes it
    deal = {"hand": "[CCC1][EEE1]123m456m99p", "seat_wind": "E", "prevalent_wind": "S"}
    question = deal_question("gb", "points", deal)
    counted = "misconception:counts_excluded:pung_of_terminals_or_honors"
    assert counted in question["question"]["tags"]
    found = handle(
        {
            "action": "diagnose",
            "rules": "gb",
            "question": {"kind": "points", "deal": deal, "seed": 0},
            "given": question["answer"] + 2,
        }
    )["mistakes"]
    assert found[0]["key"] == "counts_excluded_everywhere" and counted in found[0]["tags"]
    assert {
        "exclusion:dragon_pung>pung_of_terminals_or_honors",
        "exclusion:seat_wind>pung_of_terminals_or_honors",
    } <= set(found[0]["tags"])
    single = handle(
        {
            "action": "diagnose",
            "rules": "gb",
            "question": {"kind": "points", "deal": deal, "seed": 0},
            "given": question["answer"] + 1,
        }
    )["mistakes"]
    assert all(counted in m["tags"] for m in single if m["key"] == "counts_excluded")


def test_guobiao_flowers_forgotten_or_counted_twice():
    deal = {"hand": "[CCC1]999m123p456s55s", "flowers": 3}
    total = deal_question("gb", "points", deal)["answer"]
    assert diagnosed("gb", "points", deal, total - 3)[0] == ("forgets_flowers", "misconception:forgets_flowers")
    assert ("flowers_twice", "misconception:flowers_twice") in diagnosed("gb", "points", deal, total + 3)


def test_guobiao_a_counted_fan_left_out():
    # 清龙 16 in 123456789m: leaving it out is 16 short
    deal = {"hand": "123456789m123p55s"}
    total = deal_question("gb", "points", deal)["answer"]
    assert ("misses_fan", "fan:pure_straight") in diagnosed("gb", "points", deal, total - 16)


def test_guobiao_flowers_do_not_lift_a_hand_to_the_minimum():
    # 门前清 2, 连六 1, 单钓将 1: 4 points, below 8; seven flowers would lift the total past it
    deal = {"hand": "234m567p678s345sEE", "flowers": 7}
    assert deal_question("gb", "declare", deal)["answer"] is False
    assert ("flowers_toward_minimum", "misconception:flowers_toward_minimum") in diagnosed("gb", "declare", deal, True)


def test_jiujiang_patterns_added_instead_of_the_highest_taken():
    # 清一色 6 and 七对 4 are both there: 6, not 6 + 4 = 10
    deal = {"hand": "11335577992244p"}
    assert deal_question("jiujiang", "points", deal)["answer"] == 6
    assert ("adds_patterns", "misconception:adds_patterns") in diagnosed("jiujiang", "points", deal, 10)
    assert ("lower_pattern", "concept:highest_pattern") in diagnosed("jiujiang", "points", deal, 4)


def test_jiujiang_bloom_doubled_twice_and_the_dealer_after_the_cap():
    # 碰碰胡 2, 杠上开花 ×2 once = 4; doubling for the self-draw as well gives 8
    bloom = {"hand": "[5555p1]222m777s99sEE9s", "self_drawn": True, "kong": True}
    assert deal_question("jiujiang", "points", bloom)["answer"] == 4
    assert ("double_bloom", "misconception:double_bloom") in diagnosed("jiujiang", "points", bloom, 8)
    # 清一色 6, 自摸 ×2 = 12, 庄家 ×2 = 24, capped at 16; the ×2 for the dealer after the cap: min(12, 16) × 2 = 24
    dealer = {"hand": "123456789p234p55p", "self_drawn": True, "dealer": True}
    assert deal_question("jiujiang", "points", dealer)["answer"] == 16
    found = diagnosed("jiujiang", "points", dealer, 24)
    assert ("dealer_after_cap", "misconception:dealer_after_cap") in found and (
        "forgets_cap",
        "convention:cap",
    ) in found
    assert ("forgets_multiplier", "multiplier:dealer") in diagnosed("jiujiang", "points", dealer, 12)


def test_jiujiang_base_applied_after_the_cap():
    # base 2: 清一色 6 × 2 = 12, 自摸 ×2 = 24, capped at 16. Capping first: min(6 × 2, 16) = 12, then × 2 = 24 …
    # with the dealer too: 6 × 2 × 2 × 2 = 48 → 16; the base after the cap: min(6 × 2 × 2, 16) × 2 = 32
    deal = {"hand": "123456789p234p55p", "self_drawn": True, "dealer": True}
    table = {"table": {"base": 2}}
    assert deal_question("jiujiang", "points", deal, **table)["answer"] == 16
    assert ("base_after_cap", "misconception:base_after_cap") in diagnosed("jiujiang", "points", deal, 32, **table)


def test_jiujiang_who_pays_under_each_convention():
    deal = {"hand": "111m555p777s999sEE"}  # 碰碰胡 2 on a discard
    table = {"table": {"payment": "discarder_pays_all"}}
    question = deal_question("jiujiang", "pay", deal, **table)
    assert question["question"]["asks"] in ("discarder", "winner_receives") and question["answer"] == 6
    assert ("payment_convention", "convention:payment") in diagnosed("jiujiang", "pay", deal, 2, **table)


# ---------------------------------------------------------------- practising one tag

FOCUS_TAGS = [
    ("gb", "misconception:forgets_flowers"),
    ("gb", "exclusion:dragon_pung>pung_of_terminals_or_honors"),
    ("gb", "exclusion:prevalent_wind>pung_of_terminals_or_honors"),
    ("gb", "fan:pure_straight"),
    ("gb", "misconception:counts_excluded:pung_of_terminals_or_honors"),
    ("gb", "misconception:near_miss:full_flush"),
    ("gb", "principle:account_once"),
    ("gb", "kind:waits"),
    ("gb98", "misconception:flowers_toward_minimum"),
    ("jiujiang", "misconception:adds_patterns"),
    ("jiujiang", "convention:payment"),
    ("jiujiang", "multiplier:dealer"),
    ("jiujiang", "misconception:dealer_after_cap"),
    ("jiujiang", "pattern:qi_dui"),
    ("jiujiang", "concept:highest_pattern"),
]


@pytest.mark.parametrize("rules,tag", FOCUS_TAGS)
def test_a_focus_request_asks_questions_that_carry_its_tag(rules, tag):
    shown = 0
    for seed in range(10):
        result = ask(rules, focus=tag, seed=seed)
        q = result["question"]
        assert q["practise"] == {"focus": tag, "seed": seed, "shows": tag in q["tags"]}
        shown += q["practise"]["shows"]
        # the question it found is also the plain question (kind, topic, seed) it names
        plain = ask(rules, kind=q["kind"], topic=q["topic"], seed=q["seed"])
        if not q["near_miss"] or plain["question"]["near_miss"]:
            assert plain["question"]["request"] == q["request"]
        assert ask(rules, focus=tag, seed=seed) == result
    assert shown >= 8, f"{tag}: {shown} of 10"


def test_a_focus_request_that_names_no_tag_of_the_rules_is_refused():
    for tag in ("fan:no_such_fan", "colour:red", "pattern:qi_dui", "", "x" * 300):
        result = handle({"action": "question", "rules": "gb", "focus": tag, "seed": 1})
        assert result["error"]["code"] in ("unknown_tag", "bad_value"), (tag, result)
    mixed = handle({"action": "question", "rules": "gb", "focus": "kind:points", "kind": "points", "seed": 1})
    assert mixed["error"]["code"] == "unknown_key"


# ---------------------------------------------------------------- the learner's own hands


def test_a_hand_of_the_learners_own_is_asked_as_it_is():
    deal = {"hand": "[CCC1]999m123p456s55s", "flowers": 1}
    scored = handle({"rules": "gb", **deal})
    for kind in ("points", "fans", "name", "waits", "declare", "why_not"):
        result = ask("gb", kind=kind, deal=deal, seed=4)
        q = result["question"]
        assert q["topic"] == "deck" and q["near_miss"] is None and kind in q["deal_kinds"]
        if kind == "points":
            assert result["explanation"] == handle(q["request"]) and q["request"]["hand"] == scored["hand"]
            assert result["answer"] == scored["total"]
        if kind == "declare":
            assert result["answer"] == scored["meets_minimum"]
    plain = {"hand": "234m567p678s345sEE"}  # nothing set aside: no why_not
    assert "why_not" not in ask("gb", kind="points", deal=plain, seed=0)["question"]["deal_kinds"]
    assert (
        handle({"action": "question", "rules": "gb", "kind": "why_not", "deal": plain, "seed": 0})["error"]["code"]
        == "kind_not_applicable"
    )


def test_a_hand_of_the_learners_own_that_does_not_score_says_why():
    assert (
        handle({"action": "question", "rules": "jiujiang", "kind": "points", "deal": {"hand": "123m"}, "seed": 0})[
            "error"
        ]["code"]
        == "too_few_tiles"
    )
    assert (
        handle(
            {
                "action": "question",
                "rules": "jiujiang",
                "kind": "points",
                "deal": {"hand": "123m456p789s234sEE", "rules": "gb"},
                "seed": 0,
            }
        )["error"]["code"]
        == "unknown_key"
    )
    pays = ask("jiujiang", kind="pay", deal={"hand": "123m456p789s234sEE", "self_drawn": True}, seed=0)
    assert pays["question"]["asks"] in ("each_other", "winner_receives")


# ---------------------------------------------------------------- the diagnose request


@pytest.mark.parametrize(
    "request_,code",
    [
        ({"question": {"kind": "points", "topic": "ping_hu", "seed": 1}}, "bad_value"),  # no given
        ({"question": {"kind": "points", "topic": "ping_hu", "seed": 1}, "given": "3"}, "bad_value"),
        ({"question": {"kind": "points", "topic": "ping_hu", "seed": 1}, "given": -1}, "bad_value"),
        ({"question": {"kind": "points", "topic": "ping_hu", "seed": 1}, "given": True}, "bad_value"),
        ({"question": {"kind": "fans", "topic": "ping_hu", "seed": 1}, "given": ["ping_hu", "ping_hu"]}, "bad_value"),
        ({"question": {"kind": "points", "topic": "nope", "seed": 1}, "given": 3}, "unknown_topic"),
        ({"question": {"kind": "points", "topic": "ping_hu", "seed": 1, "rules": "gb"}, "given": 3}, "bad_value"),
        ({"question": "points", "given": 3}, "bad_value"),
        ({"question": {"kind": "points", "topic": "ping_hu", "seed": 1}, "given": 3, "extra": 1}, "unknown_key"),
    ],
)
def test_a_bad_diagnose_request_gets_a_coded_error(request_, code):
    result = handle({"action": "diagnose", "rules": "jiujiang", **request_})
    assert result["ok"] is False and result["error"]["code"] == code, result
    assert result["error"]["message"]["zh"] and result["error"]["message"]["en"]


@pytest.mark.parametrize(
    "rules, deal",
    [
        ("gb", {"hand": "[CCC1]999m123p456s55s", "flowers": 1}),
        ("jiujiang", {"hand": "[5555p1]222m777s99sEE9s", "self_drawn": True}),
    ],
)
def test_every_kind_a_hand_of_ones_own_is_asked_is_about_that_hand(rules, deal):
    """A won hand of one's own is never asked a hand-reading kind (those make hands of their own), and every kind
    it is asked shows that very hand (the waits kind: the hand before its winning tile)."""
    scored = handle({"rules": rules, **deal})
    fits = ask(rules, kind="points", deal=deal, seed=1)["question"]["deal_kinds"]
    assert not set(fits) & {"shanten", "useful", "discard", "route"}
    for kind in fits:
        shown = ask(rules, kind=kind, deal=deal, seed=1)["question"]["request"]["hand"]
        assert scored["hand"].startswith(shown), (kind, shown)
    for kind in ("shanten", "useful", "discard"):
        assert (
            handle({"action": "question", "rules": rules, "kind": kind, "deal": deal, "seed": 1})["error"]["code"]
            == "kind_not_applicable"
        )
