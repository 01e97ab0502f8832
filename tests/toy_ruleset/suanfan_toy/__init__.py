"""Toy rules (玩具规则), a tiny third rule set for the tests: the proof that a rule set is one package of its own.

It scores a winning hand by counting its pairs (a pair is worth `house.pair_value`, doubled when `lucky`), with a
one-step trace. It is a wheel of its own (pyproject.toml beside this package), found by the engine's registry
through its entry point (group `suanfan.rulesets`, module suanfan_toy.ruleset), and brings everything a rule set
brings: this scorer and its description, a practice plug-in (practice.py), a score sheet (sheet.py) and reference
facts (reference.py). Nothing outside this package names it.
"""

from __future__ import annotations

from suanfan import tiles as T
from suanfan.description import description
from suanfan.fields import BOOL, INT, Field, read_section, section_info
from suanfan.notation import WIN, format_hand, parse
from suanfan.request import check_keys, get_dict, get_hand_text

KEY = "toy"
NAME = {"zh": "玩具规则", "en": "Toy rules"}
UNIT = {"zh": "分", "en": "points"}
HOUSE = "house"
FIELDS = (
    Field(
        "lucky",
        BOOL,
        False,
        {"zh": "幸运", "en": "lucky"},
        {"zh": "幸运时分数翻倍。", "en": "A lucky hand scores double."},
    ),
)
HOUSE_FIELDS = (Field("pair_value", INT, 1, {"zh": "每对分值", "en": "points per pair"}, section=HOUSE, low=1, high=9),)
STEPS = (("count_pairs", {"zh": "数对子", "en": "Count the pairs"}),)
PAIRS = {"key": "pairs", "zh": "对子", "en": "pairs"}


def read_house(request: dict) -> dict:
    return read_section(get_dict(request, HOUSE), HOUSE_FIELDS, HOUSE)


def pairs_in(hand) -> int:
    """How many pairs the hand's standing tiles hold (a quad of one tile is two)."""
    return sum(c // 2 for c in T.counts_of(hand.standing))


def pair_value(lucky: bool, house: dict) -> int:
    return house["pair_value"] * (2 if lucky else 1)


def handle_request(request: dict) -> dict:
    check_keys(request, ("hand", "rules", HOUSE, *(f.key for f in FIELDS)))
    lucky = FIELDS[0].read(request)
    house = read_house(request)
    hand = parse(get_hand_text(request), expect=WIN)
    pairs = pairs_in(hand)
    value = pair_value(lucky, house)
    item = {**PAIRS, "value": value, "count": pairs, "total": value * pairs, "groups": []}
    step = {
        "key": "count_pairs",
        **STEPS[0][1],
        "rows": [{**PAIRS, "value": value, "count": pairs, "status": "counted"}],
        "value": item["total"],
    }
    return {
        "ok": True,
        "rules": KEY,
        "unit": UNIT,
        "item_name": {"zh": "项", "en": "item"},
        "hand": format_hand(hand),
        "total": item["total"],
        "items": [item],
        "excluded": [],
        "steps": [step],
        "notes": [],
    }


def describe(**more) -> dict:
    return description(
        rules=KEY,
        name=NAME,
        unit=UNIT,
        fields=FIELDS + HOUSE_FIELDS,
        sections=[section_info(HOUSE, {"zh": "本桌规矩", "en": "House rules"})],
        steps=STEPS,
        items_name={"zh": "项", "en": "item"},
        items=[{**PAIRS, "value": 1}],
        parts=("total", "items", "excluded", "steps", "notes"),
        **more,
    )
