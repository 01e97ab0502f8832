"""The keys a 九江 lesson's goal may use beyond `total` and `error` (suanfan.goals): the pattern the engine takes,
the patterns present or absent, and whether the total reaches the cap."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalogue import _
from ..goals import GoalKey, Namer, Words, excludes, includes

if TYPE_CHECKING:
    from ..json_types import JSONDict


def _pattern_miss(wanted: str, have: str, result: JSONDict, name: Namer) -> Words:
    return _("The highest pattern is {have}; the goal is {wanted}.", have=name(have), wanted=name(wanted))


def _capped_miss(wanted: bool, have: bool, result: JSONDict, name: Namer) -> Words:
    if wanted:
        return _("It does not reach the cap.")
    return _("It reaches the cap; the goal is to stay under it.")


GOALS = (
    GoalKey("pattern", "str", lambda result: (result.get("pattern") or {}).get("key"), _pattern_miss),
    includes("patterns", "patterns"),
    excludes("not_patterns", "patterns"),
    GoalKey("capped", "bool", lambda result: result.get("capped"), _capped_miss),
)
