"""The practice templates are the project's own verified hands, and still what they claim to be.

The Guobiao templates hold every fan card's examples (lessons/guobiao/fans/*.toml: the card's hands that count
the fan, and its near miss); the 九江 templates are hands of the 九江 lessons. Each template is checked with the
engine in both Guobiao profiles: a positive counts its fan, a near miss lacks it, a principle's hand sets a fan
aside by that principle.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from suanfan.gb.fans import FANS, FLOWER_TILES, PRINCIPLES
from suanfan.gb.practice import templates as GT
from suanfan.gb.practice.judge import GbJudge
from suanfan.jiujiang import PATTERNS
from suanfan.jiujiang.practice import templates as JT
from suanfan.jiujiang.practice.judge import JiujiangJudge
from suanfan.practice.deal import deal_of

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
PROFILES = ("gb98", "gb")


def card_examples() -> list[tuple[str, str, str, dict]]:
    """(fan, kind, hand, request) of every example of every fan card."""
    out = []
    for path in sorted((LESSONS / "guobiao" / "fans").glob("*.toml")):
        for card in tomllib.loads(path.read_text(encoding="utf-8"))["fan"]:
            for example in card.get("example", []):
                out.append((card["key"], example.get("kind", "example"), example["hand"], example.get("request", {})))
    return out


def test_every_fan_has_templates():
    keys = [f.key for f in FANS] + [FLOWER_TILES.key]
    assert list(GT.POSITIVE) == keys and list(GT.NEAR_MISSES) == keys
    assert set(GT.PRINCIPLES) == set(PRINCIPLES)
    assert list(JT.POSITIVE) == [p.key for p in PATTERNS] == list(JT.NEAR_MISSES)


def test_the_fan_cards_are_the_templates():
    for key, kind, hand, request in card_examples():
        table = GT.NEAR_MISSES if kind == "near_miss" else GT.POSITIVE
        assert (hand, request) in table[key], (key, kind, hand)


@pytest.mark.parametrize("rules", PROFILES)
def test_guobiao_templates_are_what_they_claim(rules):
    judge = GbJudge(rules)
    for key, hands in GT.POSITIVE.items():
        for hand, situation in hands:
            assert judge.has(judge.facts(deal_of(hand, situation)), key), (key, hand)
    for key, hands in GT.NEAR_MISSES.items():
        for hand, situation in hands:
            assert judge.lacks(judge.facts(deal_of(hand, situation)), key), (key, hand)
    for principle, hands in GT.PRINCIPLES.items():
        for hand, situation in hands:
            assert principle in {p for _, _, p in judge.exclusions(deal_of(hand, situation))}, (principle, hand)
    for key, hands in GT.SET_ASIDE.items():
        for hand, situation in hands:
            assert any(key in (fan, by) for fan, by, _ in judge.exclusions(deal_of(hand, situation))), (key, hand)


def test_jiujiang_templates_are_lesson_hands_and_what_they_claim():
    lesson_text = "".join(p.read_text(encoding="utf-8") for p in (LESSONS / "jiujiang").glob("*.md"))
    judge = JiujiangJudge()
    for key, hands in JT.POSITIVE.items():
        for hand, situation in hands:
            assert f'"{hand}"' in lesson_text, hand
            assert judge.has(judge.facts(deal_of(hand, situation)), key), (key, hand)
    for key, hands in JT.NEAR_MISSES.items():
        for hand, situation in hands:
            assert judge.lacks(judge.facts(deal_of(hand, situation)), key), (key, hand)
    for hand, situation in JT.WITH_KONG:
        assert f'"{hand}"' in lesson_text and judge.facts(deal_of(hand, situation)) is not None


@pytest.mark.parametrize("rules", PROFILES)
def test_why_not_is_offered_where_the_templates_show_it(rules):
    """A fan topic offers why_not exactly when some template sets it aside or has it set another aside."""
    from suanfan.gb.practice.aims import set_aside_aim
    from suanfan.rulesets import RULESETS

    judge = GbJudge(rules)
    topics = RULESETS[rules].practice().topics()
    for fan in FANS:
        aim = set_aside_aim(judge, fan.key)
        shown = any(aim.keep(deal_of(hand, situation)) for hand, situation in aim.pool)
        assert shown == ("why_not" in topics[fan.key].kinds), fan.key
