"""The toy's practice plug-in (suanfan/practice/plugin.py): one kind, `points`, on one topic, `pairs` (and `mixed`).

A question deals one of the template hands below, lucky or not as the seed draws, at the question's house rules
(its conventions), and asks for the total; the answer and the explanation are the toy's own result for that request
(answer_of: the engine's façade), never written here.
"""

from __future__ import annotations

from functools import cache

from suanfan.practice.catalog import CONCEPT, POINTS, Kind, Topic, with_mixed
from suanfan.practice.plugin import Practice

from . import FIELDS, HOUSE, KEY, PAIRS

# Winning hands with different numbers of pairs (7, 1 and 3): the hands a question is dealt from.
TEMPLATE_HANDS = ("1133m557799p22sEE", "123m456m789m123p55p", "112233m456p789s99s")
KINDS = {
    POINTS: Kind(
        POINTS,
        {"zh": "算分", "en": "points"},
        {"zh": "这手牌值多少分?", "en": "How many points is the hand worth?"},
    )
}
PROMPTS = {(POINTS, None): {"zh": "这手牌值多少分?", "en": "How many points is this hand worth?"}}


class HouseJudge:
    """What the machinery keeps per table of conventions: here, only the house rules a question is played under."""

    def __init__(self, conventions: dict):
        self.house = conventions.get(HOUSE)


def points(ctx) -> dict:
    hand = ctx.draw.fork("hand").pick(TEMPLATE_HANDS)
    lucky = ctx.draw.fork(FIELDS[0].key).chance(1, 2)
    request = {"hand": hand, "rules": KEY, FIELDS[0].key: lucky}
    if ctx.judge.house is not None:
        request[HOUSE] = dict(ctx.judge.house)
    result = ctx.answer_of(request)
    return {
        "prompt": ctx.prompt(),
        "request": request,
        "answer_type": "number",
        "answer": result["total"],
        "explanation": result,
        "near_miss": None,
    }


class ToyPractice(Practice):
    rules = KEY
    kinds = KINDS
    prompts = PROMPTS
    conventions = (HOUSE,)
    builders = {POINTS: points}

    def make_topics(self) -> dict[str, Topic]:
        return with_mixed([Topic(PAIRS["key"], CONCEPT, {"zh": PAIRS["zh"], "en": PAIRS["en"]}, (POINTS,))], (POINTS,))

    def make_judge(self, conventions: dict) -> HouseJudge:
        return HouseJudge(conventions)

    def item_names(self) -> dict[str, dict[str, str]]:
        return {PAIRS["key"]: {"zh": PAIRS["zh"], "en": PAIRS["en"]}}


@cache
def plugin() -> ToyPractice:
    return ToyPractice()
