"""The engine's generated text read like a lesson's (course/wording.py): every question of every kind and topic,
its choices and verdicts, its near-miss banner in the page's words, its worked result, and every mistake its
diagnosis models, in both languages: no placeholder left, no doubled negative, no "a East Wind", no plural after
1, and each rule set's terms by their one English name; and its Traditional (zh_hant) with no Simplified-only
character, a filler's included (a text whose Chinese needs a Traditional of its own carries one)."""

from __future__ import annotations

import re

import pytest
from practice_check import every_combination

from suanfan.api import handle
from suanfan.rulesets import RULESETS
from web import words
from web.course import wording
from web.hant import simplified_only

SEEDS = (0, 1, 2, 3)
SIMPLIFIED_ONLY = re.compile("[" + "".join(sorted(simplified_only())) + "]")


def texts_in(value, where: str):
    """Every text ({zh, en, …} with string zh and en) anywhere in a result, with where it sits."""
    if isinstance(value, dict):
        if isinstance(value.get("zh"), str) and isinstance(value.get("en"), str):
            yield where, value
        for key, inner in value.items():
            yield from texts_in(inner, f"{where}.{key}")
    elif isinstance(value, list):
        for n, inner in enumerate(value):
            yield from texts_in(inner, f"{where}[{n}]")


def hant_problems_in(value, where: str) -> list:
    """Every text anywhere in a result whose Traditional shows Simplified-only characters, or which has none where
    its Chinese needs one (the page would show the Simplified)."""
    out = []
    for at, text in texts_in(value, where):
        hant = text.get("zh_hant")
        if hant is None and SIMPLIFIED_ONLY.search(text["zh"]):
            out.append(f"{at}: no zh_hant beside {text['zh']!r}")
        elif hant is not None and SIMPLIFIED_ONLY.search(hant):
            out.append(f"{at}: Simplified in zh_hant {hant!r}")
    return out


def pairs_in(value, where: str) -> list:
    """Every {zh, en} pair of strings anywhere in a result, with where it sits."""
    return [(at, text["zh"], text["en"]) for at, text in texts_in(value, where)]


def banner(q: dict) -> list:
    """The near-miss line the page draws from the question (question-view.js), in the page's words."""
    near = q["near_miss"]
    if not near:
        return []
    key = "near_miss_example" if near["change"]["type"] == "example" else "near_miss"
    said = words.say(key, fan=near["lacks"], change=near["change"])
    return [("near-miss banner", said["zh"], said["en"])]


def text_problems_of(rules: str, request: dict) -> list[str]:
    result = handle({"action": "question", "rules": rules, **request})
    assert result["ok"], result.get("error")
    q = result["question"]
    where = f"{rules} {request}"
    found = pairs_in(q, "question") + pairs_in(result["explanation"], "explanation") + banner(q)
    plugin = RULESETS[rules].practice()
    mistakes = plugin.mistakes(result, plugin.judge_of(result))
    found += [(f"mistake {m.key}", m.zh, m.en) for m in mistakes]
    problems = hant_problems_in(q, f"{where} question") + hant_problems_in(
        result["explanation"], f"{where} explanation"
    )
    for m in mistakes:
        problems += hant_problems_in(m.text, f"{where} mistake {m.key}")
    for at, zh, en in found:
        problems += wording.text_problems(zh, en, f"{where} {at}")
        problems += wording.term_problems(zh, en, rules, f"{where} {at}")
    return problems


@pytest.mark.parametrize("rules,kind,topic", every_combination(("jiujiang", "gb", "gb98")))
def test_every_generated_text_reads_right(rules, kind, topic):
    problems = []
    for seed in SEEDS:
        problems += text_problems_of(rules, {"kind": kind, "topic": topic, "seed": seed})
    assert problems == []


@pytest.mark.long
@pytest.mark.parametrize("rules,kind,topic", every_combination(("jiujiang", "gb", "gb98")))
def test_forty_seeds_of_generated_text_read_right(rules, kind, topic):
    problems = []
    for seed in range(4, 44):
        problems += text_problems_of(rules, {"kind": kind, "topic": topic, "seed": seed})
    assert problems == []


TABLES = ({"payment": "discarder_pays_all"}, {"base": 2, "cap_scales_with_base": True}, {"base_added": True})


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("kind,topic", (("points", "multipliers"), ("pay", "who_pays")))
def test_jiujiang_questions_at_other_tables_read_right(kind, topic, table):
    problems = []
    for seed in SEEDS:
        problems += text_problems_of("jiujiang", {"kind": kind, "topic": topic, "seed": seed, "table": table})
    assert problems == []


# ---------------------------------------------------------------- the checker itself


@pytest.mark.parametrize(
    "zh,en,what",
    [
        ("这里不是不拆移。", "not no splitting here.", "doubled negative"),
        ("", "not not the same fan twice here.", "doubled negative"),
        ("", "one Six of Dots replaced by a Eight of Bamboo", "a or an"),
        ("", "this hand holds a East Wind too.", "a or an"),
        ("", "How much does {payer_en} pay?", "unfilled"),
        ("", "The value None of 'topic' is not allowed", "unfilled"),
        ("", "1 other readings (they score less)", "plural after 1"),
    ],
)
def test_the_checker_catches_each_defect_it_names(zh, en, what):
    assert any(what in p for p in wording.text_problems(zh, en, "here")), what


def test_the_checker_leaves_good_english_alone():
    for en in (
        "None of the seven pairs has four of a tile.",
        "Player A adds the fourth tile.",
        "a One of Dots",
        "an Eight of Bamboo",
        "two Two Terminal Chows",
        "the 1 of characters",
    ):
        assert wording.text_problems("", en, "here") == [], en


def test_a_term_said_by_another_name_is_caught():
    problems = wording.term_problems("杠上开花只乘一次 2。", "A kong bloom doubles once.", "jiujiang", "here")
    assert problems and "win on a kong replacement" in problems[0]
    assert (
        wording.term_problems("杠上开花只乘一次 2。", "A win on a kong replacement doubles once.", "jiujiang", "here")
        == []
    )


def test_jiujiang_why_not_choices_argue_by_the_highest_pattern_not_by_exclusions():
    """九江 has no 不计, only "take the highest" (issue 22, item 8): a wrong choice says the hand is not that pattern,
    or that it is but is not the highest, never that a fan excludes another."""
    topics = [t["key"] for t in handle({"action": "describe", "rules": "jiujiang"})["practice"]["topics"]]
    verdicts = []
    for topic in topics:
        for seed in range(6):
            result = handle(
                {"action": "question", "rules": "jiujiang", "kind": "why_not", "topic": topic, "seed": seed}
            )
            if result["ok"]:
                verdicts += [c["verdict"] for c in result["question"]["choices"]]
    wrong = [v for v in verdicts if v["status"] == "wrong"]
    assert wrong and len(verdicts) > len(wrong)
    for v in wrong:
        assert "exclude" not in v["en"] and "排除" not in v["zh"] and "counted fan" not in v["en"], v
        assert "pattern" in v["en"] or v["en"].startswith("the hand is not"), v


NUMBER_IN_FAN = re.compile(r"\d\s*番(?![种型])")


@pytest.mark.parametrize("rules", ("gb", "gb98"))
def test_guobiao_says_its_numbers_in_one_unit(rules):
    """The seed counts in 分 (花牌 1 分 0 番; oo分即oo番): every number a Guobiao result or question says is in the
    unit describe gives, never in 番 beside it (issue 22, "Screens")."""
    unit = handle({"action": "describe", "rules": rules})["unit"]
    assert unit == {"zh": "分", "en": "points", "zh_hant": "分"}
    texts = []
    for kind in ("points", "declare", "why_not"):
        for seed in SEEDS:
            result = handle({"action": "question", "rules": rules, "kind": kind, "topic": "mixed", "seed": seed})
            texts += pairs_in(result, "question")
    for hand, situation in (("123m456p789s23s55s4s", {"flowers": 2}), ("123m456p789s23s55s1s", {})):
        texts += pairs_in(handle({"hand": hand, "rules": rules, **situation}), "score")
    said = [zh for _, zh, _ in texts if NUMBER_IN_FAN.search(zh)]
    assert texts and said == []


def test_the_builds_check_covers_every_question_template():
    """The build reads each rule set's practice prompts filled with every item name (course/wording.py): none left
    unfilled, none doubled, for the site's rule sets."""
    assert wording.prompt_problems() == []
    from suanfan.rulesets import RULESETS

    assert all(RULESETS[rules].practice().prompts for rules in RULESETS)
