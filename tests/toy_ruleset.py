"""A tiny third rule set, for tests only: the proof that a rule set is its engine module plus its description.

It scores a winning hand by counting its pairs (a pair is worth `table.pair_value`, doubled when `lucky`), with
a one-step trace. Registered with suanfan.rulesets.register, it appears in the calculator's rule list with its
fields and panel, in the CLI's options and in `describe`, without a line of template or JavaScript for it.
A rule set from outside the engine has no place in its catalogues: its names are texts written out, {"zh", "en"}
(a page shows the Simplified where it has no Traditional).
"""

from __future__ import annotations

from suanfan import tiles as T
from suanfan.description import description
from suanfan.fields import BOOL, INT, Field, read_section, section_info
from suanfan.notation import WIN, format_hand, parse
from suanfan.request import check_keys, get_dict, get_hand_text
from suanfan.rulesets import RuleSet

KEY = "toy"
NAME = {"zh": "玩具规则", "en": "Toy rules"}
FIELDS = (
    Field(
        "lucky",
        BOOL,
        False,
        {"zh": "幸运", "en": "lucky"},
        {"zh": "幸运时分数翻倍。", "en": "A lucky hand scores double."},
    ),
)
HOUSE = (Field("pair_value", INT, 1, {"zh": "每对分值", "en": "points per pair"}, section="house", low=1, high=9),)
STEPS = (("count_pairs", {"zh": "数对子", "en": "Count the pairs"}),)


def handle_request(request: dict) -> dict:
    check_keys(request, ("hand", "rules", "house", *(f.key for f in FIELDS)))
    lucky = FIELDS[0].read(request)
    house = read_section(get_dict(request, "house"), HOUSE, "house")
    hand = parse(get_hand_text(request), expect=WIN)
    counts = T.counts_of(hand.standing)
    pairs = sum(c // 2 for c in counts)
    value = house["pair_value"] * (2 if lucky else 1)
    item = {
        "key": "pairs",
        "zh": "对子",
        "en": "pairs",
        "value": value,
        "count": pairs,
        "total": value * pairs,
        "groups": [],
    }
    step = {
        "key": "count_pairs",
        **STEPS[0][1],
        "rows": [{"key": "pairs", "zh": "对子", "en": "pairs", "value": value, "count": pairs, "status": "counted"}],
        "value": item["total"],
    }
    return {
        "ok": True,
        "rules": KEY,
        "unit": {"zh": "分", "en": "points"},
        "item_name": {"zh": "项", "en": "item"},
        "hand": format_hand(hand),
        "total": item["total"],
        "items": [item],
        "excluded": [],
        "steps": [step],
        "notes": [],
    }


def describe() -> dict:
    return description(
        rules=KEY,
        name=NAME,
        unit={"zh": "分", "en": "points"},
        fields=FIELDS + HOUSE,
        sections=[section_info("house", {"zh": "本桌规矩", "en": "House rules"})],
        steps=STEPS,
        items_name={"zh": "项", "en": "item"},
        items=[{"key": "pairs", "zh": "对子", "en": "pairs", "value": 1}],
        parts=("total", "items", "excluded", "steps", "notes"),
    )


RULESET = RuleSet(KEY, NAME, handle_request, describe)
