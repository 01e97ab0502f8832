"""Hands for a question: a deal that has what the question is about, built from a template, or a near miss.

An `Aim` is a pool of template hands and the engine's test a deal must pass (`keep`). `construct` starts from
the first template (in the seed's order) that passes, varies it from the seed (variation.py) keeping the test
true, and, for a concept (a rule set's table topics), dresses it in a situation and a table (`dress`) until the test
holds. Near misses are searched one step away from a positive deal (neighbours.py); when none turns up within the
budget, the fan card's or the lesson's own near miss is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .deal import Deal, deal_of
from .neighbours import neighbours
from .variation import vary

NEAR_MISS_BUDGET = 160      # neighbours judged before falling back to the card's near miss
DRESS_TRIES = 12


@dataclass(frozen=True)
class Focus:
    """What one question is about: a fan, pattern, principle or concept (a series or `mixed` topic draws one)."""

    key: str
    type: str
    zh: str
    en: str

    def describe(self) -> dict:
        return {"key": self.key, "type": self.type, "zh": self.zh, "en": self.en}


class NoDeal(LookupError):
    """No template passes an aim: a gap in the template data (the tests catch it), or conventions under which
    the topic cannot be shown (question.py turns that into the typed error no_question_here)."""


@dataclass(frozen=True)
class Aim:
    pool: tuple
    keep: Callable[[Deal], bool]
    dress: Callable | None = None           # (deal, draw) -> deal: a situation and table for the tiles
    tiles_keep: Callable | None = None      # what the tiles alone must keep while varied (before dressing)
    # at a fixed table, what is still worth asking when no deal passes `keep` (the table rules it out: no base,
    # no cap within reach, nothing it changes for this kind of question)
    relaxed: Callable[[Deal], bool] | None = None
    seat: bool = True                       # make the templates meet the fixed table's requirements first


def construct(aim: Aim, judge, draw) -> Deal:
    for keep in (aim.keep, aim.relaxed):
        if keep is not None:
            found = _construct(aim, keep, judge, draw)
            if found is not None:
                return found
    raise NoDeal("no template satisfies the aim")


def _construct(aim: Aim, keep, judge, draw) -> Deal | None:
    for text, situation in draw.shuffled(aim.pool):
        base = deal_of(text, situation)
        if aim.seat:
            base = judge.seated(base)
        if aim.dress is None:
            if keep(base):
                return vary(base, keep, judge, draw.fork("vary"))
            continue
        tiles_keep = aim.tiles_keep or (lambda d: judge.facts(d) is not None)
        if not tiles_keep(base):
            continue
        varied = vary(base, tiles_keep, judge, draw.fork("vary"))
        dressing = draw.fork("dress")
        for start in (varied, base):
            for _ in range(DRESS_TRIES):
                dressed = aim.dress(start, dressing)
                if keep(dressed):
                    return dressed
    return None


# A near miss taken from the course's own near-miss examples: it comes from no hand of this question, so it says
# where it comes from instead of a change (read after 差一点 / "a near miss:").
EXAMPLE_CHANGE = {"type": "example", "zh": "课程里的示例", "en": "the course's example"}


def near_miss(positive: Deal, lacks, judge, draw, key: str, fallback=()) -> tuple[Deal, dict] | None:
    """A winning deal one step from `positive` that lacks the topic (lacks(deal) is True), with the change."""
    for n, (candidate, change) in enumerate(neighbours(positive, judge, draw, key in judge.situational)):
        if n >= NEAR_MISS_BUDGET:
            break
        if lacks(candidate):
            return candidate, change
    for text, situation in draw.shuffled(fallback):
        candidate = judge.seated(deal_of(text, situation))
        if lacks(candidate):
            return candidate, EXAMPLE_CHANGE
    return None


def unique(pool) -> tuple:
    """Template hands without repeats, in their first order."""
    seen, out = set(), []
    for text, situation in pool:
        mark = (text, tuple(sorted(situation.items())))
        if mark not in seen:
            seen.add(mark)
            out.append((text, situation))
    return tuple(out)
