"""The keys a Guobiao lesson's goal may use beyond `total` and `error` (suanfan.goals): fans present or absent,
fans set aside by 不计, and whether the hand reaches the minimum."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalogue import _
from ..goals import GoalKey, Namer, Words, excludes, includes
from .fans import MINIMUM_POINTS
from .score import UNIT

if TYPE_CHECKING:
    from ..json_types import JSONDict


def _minimum_miss(wanted: bool, have: bool, result: JSONDict, name: Namer) -> Words:
    if wanted:
        return _("It is below the {n}-point minimum.", n=MINIMUM_POINTS, unit=UNIT)
    return _("It reaches {n} points; the goal is a hand below that.", n=MINIMUM_POINTS, unit=UNIT)


GOALS = (
    includes("fans", "fans"),
    excludes("not_fans", "fans"),
    includes("excluded", "excluded"),
    GoalKey("meets_minimum", "bool", lambda result: result.get("meets_minimum"), _minimum_miss),
)
