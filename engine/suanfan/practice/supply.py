"""Hands for a question: a deal that has what the question is about, built from a template, or a near miss.

An `Aim` is a pool of template hands and the engine's test a deal must pass (`keep`). `construct` starts from
the first template (in the seed's order) that passes, varies it from the seed (variation.py) keeping the test
true, and, for a concept (a rule set's table topics), dresses it in a situation and a table (`dress`) until the test
holds. Each pass over the pool tests at most CONSTRUCT_BUDGET candidate deals: when no template passes within it,
the aim's relaxed test (if it has one) gets a budget of its own, and a question whose construction ends with a spent
budget and no deal is `no_question_here`.
Near misses are searched one step away from a positive deal (neighbours.py); when none turns up within the
budget, the fan card's or the lesson's own near miss is used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..catalogue import Named, Text, _
from .deal import Deal, deal_of
from .neighbours import neighbours
from .variation import vary

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..json_types import JSONDict
    from .draw import Draw
    from .judge import Judge

NEAR_MISS_BUDGET = 160  # neighbours judged before falling back to the card's near miss
DRESS_TRIES = 12
# The candidate deals one pass of `construct` may test (every call of the aim's tests: a template as drawn, each of
# its variations, each of its dressings) before the pass gives up. A dressed template costs up to 38 tests (itself,
# a dozen variations, 2 × DRESS_TRIES dressings), so 480 is about 九江's 17 lesson templates dressed in full. The
# questions the tests pin need at most 136 (九江 base_and_cap at the sheet's own table, seed 5). A table that makes a
# concept's hand rare needs more, and this much: at a cap of 32, or with a dealer who does not double, base_and_cap
# finds its capped hand within 476 tests in each of 100 seeds (a budget of 192 would halve the worst case and lose
# that hand in 63 of them). The rarest, a hand with two quads for extra_quad plus4, took up to 579: now its
# table_conventions questions settle for the relaxed test (a win at that table) in 11 (points) and 19 (pay) of 100
# seeds. Where neither test passes within its budget, the question is no_question_here.
CONSTRUCT_BUDGET = 480


@dataclass(frozen=True)
class Focus(Named):
    """What one question is about: a fan, pattern, principle or concept (a series or `mixed` topic draws one)."""

    key: str
    type: str
    name: Text  # a text

    def describe(self) -> JSONDict:
        return {"key": self.key, "type": self.type, **self.name}


class NoDeal(LookupError):
    """No template passes an aim: a gap in the template data (the tests catch it), or conventions under which
    the topic cannot be shown (question.py turns that into the typed error no_question_here)."""


class BudgetSpent(NoDeal):
    """No template passed an aim within the search's budget (CONSTRUCT_BUDGET tests a pass): no_question_here
    whatever the conventions."""


class _Spent(Exception):
    """A pass's budget ran out in the middle of a variation or a dressing."""


class Tests:
    """A pass's tests of candidate deals, counted: each call of a `counted(test)` spends one of the budget; the
    call past it stops the pass (`_Spent`), or with `past` given is answered `past` untested (a variation of a
    deal already found refused, so the deal is kept as varied so far). `used`: how many tests were made."""

    __slots__ = ("budget", "used")

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0

    def counted(self, test: Callable[[Deal], bool], past: bool | None = None) -> Callable[[Deal], bool]:
        def run(deal: Deal) -> bool:
            if self.used >= self.budget:
                if past is None:
                    raise _Spent
                return past
            self.used += 1
            return test(deal)

        return run


# a template hand: its notation and its situation (the request's keys away from their defaults)
Template = tuple[str, "JSONDict"]
Test = Callable[[Deal], bool]  # whether a deal is one an aim wants
Dress = Callable[[Deal, "Draw"], Deal]  # a situation and table put on a deal's tiles


@dataclass(frozen=True)
class Aim:
    pool: tuple[Template, ...]
    keep: Test
    dress: Dress | None = None  # (deal, draw) -> deal: a situation and table for the tiles
    tiles_keep: Test | None = None  # what the tiles alone must keep while varied (before dressing)
    # at a fixed table, what is still worth asking when no deal passes `keep` (the table rules it out: no base,
    # no cap within reach, nothing it changes for this kind of question)
    relaxed: Test | None = None
    seat: bool = True  # make the templates meet the fixed table's requirements first


class Tally:
    """The tests the constructions of one or more questions made (`tests`): what a focus request's budget counts."""

    __slots__ = ("tests",)

    def __init__(self) -> None:
        self.tests = 0


def construct(aim: Aim, judge: Judge, draw: Draw, tally: Tally | None = None, budget: int | None = None) -> Deal:
    """A deal from the aim's pool that passes its keep test (else its relaxed one), each pass within `budget`
    tests (CONSTRUCT_BUDGET), the tests added to `tally`; NoDeal when neither passes, BudgetSpent when a pass gave
    up for its budget."""
    budget = CONSTRUCT_BUDGET if budget is None else budget
    spent = False
    for keep in (aim.keep, aim.relaxed):
        if keep is not None:
            tests = Tests(budget)
            try:
                found = _construct(aim, keep, judge, draw, tests)
            except _Spent:
                spent = True
                continue
            finally:
                if tally is not None:
                    tally.tests += tests.used
            if found is not None:
                return found
    if spent:
        raise BudgetSpent(f"no template satisfies the aim within {budget} tests")
    raise NoDeal("no template satisfies the aim")


def _construct(aim: Aim, test: Test, judge: Judge, draw: Draw, tests: Tests) -> Deal | None:
    keep = tests.counted(test)
    for text, situation in draw.shuffled(aim.pool):
        base = deal_of(text, situation)
        if aim.seat:
            base = judge.seated(base)
        if aim.dress is None:
            if keep(base):
                return vary(base, tests.counted(test, past=False), judge, draw.fork("vary"))
            continue
        tiles_keep = tests.counted(aim.tiles_keep or (lambda d: judge.facts(d) is not None))
        if not tiles_keep(base):
            continue
        varied = vary(base, tiles_keep, judge, draw.fork("vary"))
        dressing = draw.fork("dress")
        for start in (varied, base):
            for _turn in range(DRESS_TRIES):
                dressed = aim.dress(start, dressing)
                if keep(dressed):
                    return dressed
    return None


# A near miss taken from the course's own near-miss examples: it comes from no hand of this question, so it says
# where it comes from instead of a change (read after 差一点 / "a near miss:").
EXAMPLE_CHANGE = {
    "type": "example",
    **_("the course's example"),
}


def near_miss(
    positive: Deal, lacks: Test, judge: Judge, draw: Draw, key: str, fallback: Iterable[Template] = ()
) -> tuple[Deal, JSONDict] | None:
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


def unique(pool: Iterable[Template]) -> tuple[Template, ...]:
    """Template hands without repeats, in their first order."""
    seen: set[tuple[str, tuple[tuple[str, Any], ...]]] = set()
    out: list[Template] = []
    for text, situation in pool:
        mark = (text, tuple(sorted(situation.items())))
        if mark not in seen:
            seen.add(mark)
            out.append((text, situation))
    return tuple(out)
