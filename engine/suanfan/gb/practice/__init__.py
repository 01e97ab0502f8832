"""Guobiao's practice plug-in: the questions of the profiles gb and gb98 (see suanfan/practice/plugin.py).

  judge.py      what the engine says of a candidate deal, the cheap way (the fast path), and of a result
  templates.py  the template hands (from the fan cards, the fan tests and the principle pages)
  aims.py       which templates a focus draws on, and the test a deal must pass
  topics.py     the topics in course order
  kinds.py      the kinds of its own (fans, declare) and its choices for the shared ones
  words.py      the kinds' names and the prompts
"""

from __future__ import annotations

from functools import cache

from ...practice.catalog import DECLARE, FAN, FANS_KIND
from ...practice.kinds import SHARED_BUILDERS
from ...practice.plugin import Practice
from ..profiles import VARIANTS
from . import aims, words
from . import kinds as own
from . import templates as GT
from .judge import GbJudge
from .topics import topics


class GbPractice(Practice):
    kinds = words.KINDS
    prompts = words.PROMPTS
    conventions = (VARIANTS,)
    builders = {**SHARED_BUILDERS, FANS_KIND: own.fans, DECLARE: own.declare}
    name_pools = staticmethod(own.name_pools)
    why_not_pools = staticmethod(own.why_not_pools)
    why_not_variant = staticmethod(own.why_not_variant)

    def __init__(self, rules: str):
        self.rules = rules

    def make_judge(self, conventions: dict) -> GbJudge:
        return GbJudge(self.rules, conventions.get(VARIANTS))

    def make_topics(self):
        return topics(self.judge())

    @staticmethod
    def aim_for(focus, judge, kind: str):
        """Deals that have the focus: its fan counted, its principle applied."""
        return aims.POSITIVE_AIMS[focus.type](judge, focus.key)

    @staticmethod
    def set_aside_aim(focus, judge):
        """Deals on which the focus is set aside or sets something aside."""
        return aims.SET_ASIDE_AIMS[focus.type](judge, focus.key)

    @staticmethod
    def fallback_near_misses(focus) -> tuple:
        return GT.NEAR_MISSES.get(focus.key, ()) if focus.type == FAN else ()


@cache
def plugin(rules: str) -> GbPractice:
    return GbPractice(rules)
