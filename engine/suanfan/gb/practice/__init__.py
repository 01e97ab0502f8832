"""Guobiao's practice plug-in: the questions of the profiles gb and gb98 (see suanfan/practice/plugin.py).

judge.py      what the engine says of a candidate deal, the cheap way (the fast path), and of a result
templates.py  the template hands (from the fan cards, the fan tests and the principle pages)
aims.py       which templates a focus draws on, and the test a deal must pass
topics.py     the topics in course order
kinds.py      the kinds of its own (fans, declare) and its choices for the shared ones
words.py      the kinds' names and the prompts
mistakes.py   what a question exercises (its tags) and the mistakes that explain a wrong answer
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...catalogue import LANGUAGES
from ...practice import reading_kinds
from ...practice.catalog import DECLARE, FAN, FANS_KIND, NAME, POINTS, WHY_NOT
from ...practice.kinds import SHARED_BUILDERS
from ...practice.plugin import Practice
from ...practice.supply import Focus
from ..fans import FANS, FLOWER_TILES, PRINCIPLES
from ..profiles import VARIANTS
from . import aims, words
from . import kinds as own
from . import mistakes as model
from . import templates as GT
from .judge import FLOWERS, GbJudge
from .topics import topics

if TYPE_CHECKING:
    from ...json_types import JSONDict
    from ...practice.catalog import Topic
    from ...practice.plugin import Candidate
    from ...practice.supply import Aim, Template
    from ...reading.analyse import Reader


class GbPractice(Practice[GbJudge]):
    kinds = words.KINDS
    prompts = words.PROMPTS
    conventions = (VARIANTS,)
    builders = {**SHARED_BUILDERS, FANS_KIND: own.fans, DECLARE: own.declare, **reading_kinds.BUILDERS}
    name_pools = staticmethod(own.name_pools)
    why_not_pools = staticmethod(own.why_not_pools)
    why_not_variant = staticmethod(own.why_not_variant)
    base_tags = staticmethod(model.base_tags)
    mistakes = staticmethod(model.mistakes)

    def __init__(self, rules: str) -> None:
        self.rules = rules

    def item_names(self) -> JSONDict:
        return {f.key: f.name for f in (*FANS, FLOWER_TILES)}

    pair_forms = {"exclusion": words.EXCLUSION_WORDS}
    item_forms = {model.COUNTS_EXCLUDED: words.COUNTS_EXCLUDED_FORM}

    def own_tag_words(self) -> JSONDict:
        return {
            **words.MISCONCEPTION_WORDS,
            **reading_kinds.TAG_WORDS,
            **{f"principle:{key}": pair for key, pair in PRINCIPLES.items()},
        }

    @staticmethod
    def reading_sources(judge: GbJudge) -> tuple[str, ...]:
        """The fans a hand-reading question's hand is dealt from: those worth 2 to 24 points that the tiles make
        (not the situation), in the standard shape a reading exchanges tiles in."""
        return tuple(
            f.key
            for f in FANS
            if 2 <= judge.points_of(f.key) <= 24
            and f.key not in judge.situational
            and f.key not in READING_SHAPES_APART
        )

    @staticmethod
    def reading_reader(judge: GbJudge, request: JSONDict) -> Reader:
        """The hand reader (suanfan.reading) a hand-reading question's request is read with."""
        from ..handler import read_situation
        from ..reading import reader

        return reader(read_situation(request), judge.prof)

    def make_judge(self, conventions: JSONDict) -> GbJudge:
        return GbJudge(self.rules, conventions.get(VARIANTS))

    def make_topics(self) -> dict[str, Topic]:
        return topics(self.judge())

    @staticmethod
    def aim_for(focus: Focus, judge: GbJudge, kind: str) -> Aim:
        """Deals that have the focus: its fan counted, its principle applied."""
        return aims.POSITIVE_AIMS[focus.type](judge, focus.key)

    @staticmethod
    def set_aside_aim(focus: Focus, judge: GbJudge) -> Aim:
        """Deals on which the focus is set aside or sets something aside."""
        return aims.SET_ASIDE_AIMS[focus.type](judge, focus.key)

    @staticmethod
    def fallback_near_misses(focus: Focus) -> tuple[Template, ...]:
        return GT.NEAR_MISSES.get(focus.key, ()) if focus.type == FAN else ()

    def tag_candidates(self, prefix: str, rest: str) -> list[Candidate]:
        if prefix == "fan":
            return self.on_topics([rest], (POINTS, FANS_KIND, NAME, DECLARE))
        if prefix == "exclusion":
            by, _, fan = rest.partition(">")
            return self.on_topics([by], (POINTS, FANS_KIND, WHY_NOT)) + self.on_topics([fan], (WHY_NOT,))
        if prefix == "principle":
            return self.on_topics([rest], (POINTS, FANS_KIND, WHY_NOT))
        if f"{prefix}:{rest}".startswith(f"{model.COUNTS_EXCLUDED}:"):
            fan = rest.rpartition(":")[2]  # where it is set aside: under each fan that excludes it, or asked why
            excluders = [f.key for f in FANS if fan in f.excludes]
            return self.on_topics(excluders, (POINTS, FANS_KIND)) + self.on_topics([fan], (WHY_NOT,))
        if prefix == "misconception":
            return [
                c
                for kind, topic in model.PRACTISED_ON.get(f"misconception:{rest}", ())
                for c in self.on_topics([topic], (kind,))
            ]
        return []

    @staticmethod
    def deal_focus(judge: GbJudge, scored: JSONDict) -> Focus:
        """The fan worth most that the hand counts (flowers apart)."""
        item = max((i for i in scored["items"] if i["key"] != FLOWERS), key=lambda i: i["value"])
        return Focus(item["key"], FAN, {lang: item[lang] for lang in LANGUAGES})


# fans of special shapes, whose hands a tile exchange rarely leaves near: not dealt for hand reading
READING_SHAPES_APART = ("seven_pairs", "lesser_honors_and_knitted_tiles", "knitted_straight")


@cache
def plugin(rules: str) -> GbPractice:
    return GbPractice(rules)
