"""Guobiao's part in hand reading (suanfan.reading): its winning forms and the worth of a completed hand.

A completion is scored by the calculator's own best reading under the request's situation (self-drawn or not, the
winds, flowers); it reaches the minimum at 8 points without the flowers, as a declaration must. Its route is the
fans worth 2 points or more that it counts (the ones a player aims for; the 1-point fans are in its total but do
not name a route), or all of its fans where every one is worth 1.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import TYPE_CHECKING

from ..errors import SuanfanError
from ..reading import shanten as S
from ..reading.analyse import Form, Outcome, Reader
from . import shanten as GS
from . import shapes
from .fans import FANS, MINIMUM_POINTS
from .score import Situation, best_fans

if TYPE_CHECKING:
    from ..hand import Hand
    from .profiles import Compiled

ROUTE_POINTS = 2  # a fan worth this much or more names a route


def forms(prof: Compiled) -> tuple[Form, ...]:
    """The profile's winning forms (the 1998 reading has no knitted-straight-with-a-set form)."""
    found = [
        Form(shapes.STANDARD, S.regular, S.regular_candidates, after=S.regular_after),
        Form(shapes.SEVEN_PAIRS, S.seven_pairs, S.seven_pairs_candidates),
        Form(shapes.THIRTEEN_ORPHANS, GS.thirteen_orphans, GS.orphan_candidates),
        Form(shapes.HONORS_KNITTED, GS.honors_knitted, GS.honors_knitted_candidates),
    ]
    if prof.knitted_straight_shape:
        found.append(Form(shapes.KNITTED_STRAIGHT, GS.knitted_straight, bound=GS.knitted_straight_bound))
    return tuple(found)


def outcome(situation: Situation, prof: Compiled, hand: Hand) -> Outcome | None:
    try:
        total, counted = best_fans(hand, situation, prof)
    except SuanfanError:  # a shape the forms allow that this profile does not score (none today)
        return None
    by_fan = Counter(c[2] for c in counted)
    points = prof.points
    route = sorted((f for f in by_fan if points[f] >= ROUTE_POINTS), key=lambda f: (-points[f], f))
    if not route:
        route = sorted(by_fan, key=lambda f: (-points[f], f))
    return Outcome(total + situation.flowers, total >= MINIMUM_POINTS, tuple(FANS[f].key for f in route))


def reader(situation: Situation, prof: Compiled) -> Reader:
    return Reader(forms(prof), partial(outcome, situation, prof), {f.key: f.name for f in FANS})
