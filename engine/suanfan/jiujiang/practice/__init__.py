"""九江's practice plug-in (see suanfan/practice/plugin.py).

judge.py      what the engine says of a candidate deal at a table, and of a result
templates.py  the template hands (from the lessons)
aims.py       which templates a focus draws on, the test a deal must pass, and the concepts' dressing
topics.py     the topics in course order
kinds.py      the kinds of its own (fans, declare, pay) and its choices for the shared ones
words.py      the kinds' names and the prompts
mistakes.py   what a question exercises (its tags) and the mistakes that explain a wrong answer
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ... import jiujiang as J
from ...catalogue import LANGUAGES
from ...practice import reading_kinds
from ...practice.catalog import CONCEPT, DECLARE, FANS_KIND, NAME, PATTERN, PAY, POINTS
from ...practice.kinds import SHARED_BUILDERS
from ...practice.plugin import Practice
from ...practice.supply import Focus
from . import aims, words
from . import kinds as own
from . import mistakes as model
from . import templates as JT
from .judge import JiujiangJudge
from .topics import topics

if TYPE_CHECKING:
    from ...json_types import JSONDict
    from ...practice.catalog import Topic
    from ...practice.plugin import Candidate
    from ...practice.supply import Aim, Template
    from ...reading.analyse import Reader


class JiujiangPractice(Practice[JiujiangJudge]):
    rules = "jiujiang"
    kinds = words.KINDS
    prompts = words.PROMPTS
    conventions = (J.TABLE,)
    builders = {**SHARED_BUILDERS, FANS_KIND: own.fans, DECLARE: own.declare, PAY: own.pay, **reading_kinds.BUILDERS}
    name_pools = staticmethod(own.name_pools)
    why_not_pools = staticmethod(own.why_not_pools)
    why_not_variant = staticmethod(own.why_not_variant)
    base_tags = staticmethod(model.base_tags)
    mistakes = staticmethod(model.mistakes)

    item_tag = "pattern"

    def item_names(self) -> JSONDict:
        return {p.key: p.name for p in J.PATTERNS}

    @staticmethod
    def reading_sources(judge: JiujiangJudge) -> tuple[str, ...]:
        """The patterns a hand-reading question's hand is dealt from: every one."""
        return tuple(p.key for p in J.PATTERNS)

    @staticmethod
    def reading_reader(judge: JiujiangJudge, request: JSONDict) -> Reader:
        """The hand reader (suanfan.reading) a hand-reading question's request is read with, at its table."""
        from ..reading import reader

        return reader(J.read_situation(request), judge.fixed_table or J.read_table(request.get(J.TABLE) or {}))

    def own_tag_words(self) -> JSONDict:
        out = dict(words.MISCONCEPTION_WORDS)
        out.update(reading_kinds.TAG_WORDS)
        out.update((f"multiplier:{key}", name) for key, name in J.MULTIPLIER_NAMES.items())
        out.update((f"convention:{f.key}", f.label) for f in J.TABLE_FIELDS)
        return out

    def make_judge(self, conventions: JSONDict) -> JiujiangJudge:
        return JiujiangJudge(conventions.get(J.TABLE))

    @staticmethod
    def make_topics() -> dict[str, Topic]:
        return topics()

    @staticmethod
    def aim_for(focus: Focus, judge: JiujiangJudge, kind: str) -> Aim:
        """Deals that have the focus: its pattern counted, its concept at work."""
        if focus.type == CONCEPT:
            return aims.concept_aim(judge, focus.key, kind)
        return aims.pattern_aim(judge, focus.key)

    @staticmethod
    def set_aside_aim(focus: Focus, judge: JiujiangJudge) -> Aim:
        """Deals on which the focus is set aside or sets something aside (a concept: highest_pattern's two)."""
        if focus.type == CONCEPT:
            return aims.concept_aim(judge, focus.key, POINTS)
        return aims.set_aside_aim(judge, focus.key)

    @staticmethod
    def fallback_near_misses(focus: Focus) -> tuple[Template, ...]:
        return JT.NEAR_MISSES.get(focus.key, ()) if focus.type == PATTERN else ()

    def tag_candidates(self, prefix: str, rest: str) -> list[Candidate]:
        if prefix == "pattern":
            return self.on_topics([rest], (POINTS, FANS_KIND, NAME, DECLARE))
        if prefix == "concept":
            return self.on_topics([rest], tuple(self.kinds))
        if prefix == "multiplier":
            return self.on_topics(["multipliers", "three_steps"], (POINTS, PAY))
        if prefix in ("misconception", "convention"):
            return [
                c
                for kind, topic in model.PRACTISED_ON.get(f"{prefix}:{rest}", ())
                for c in self.on_topics([topic], (kind,))
            ]
        return []

    @staticmethod
    def deal_focus(judge: JiujiangJudge, scored: JSONDict) -> Focus:
        """The pattern the hand counts."""
        p = scored["pattern"]
        return Focus(p["key"], PATTERN, {lang: p[lang] for lang in LANGUAGES})


@cache
def plugin() -> JiujiangPractice:
    return JiujiangPractice()
