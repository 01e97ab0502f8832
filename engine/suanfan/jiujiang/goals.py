"""The keys a 九江 lesson's goal may use beyond `total` and `error` (suanfan.goals): the pattern the engine takes,
the patterns present or absent, and whether the total reaches the cap."""

from __future__ import annotations

from ..goals import GoalKey, excludes, includes


def _pattern_miss(wanted, have, result, name):
    return (
        f"引擎取的最高番是{name(have)['zh']},目标是{name(wanted)['zh']}。",
        f"The highest pattern is {name(have)['en']}; the goal is {name(wanted)['en']}.",
    )


def _capped_miss(wanted, have, result, name):
    if wanted:
        return "还没到封顶。", "It does not reach the cap."
    return "到了封顶,目标是不到封顶。", "It reaches the cap; the goal is to stay under it."


GOALS = (
    GoalKey("pattern", "str", lambda result: (result.get("pattern") or {}).get("key"), _pattern_miss),
    includes("patterns", "patterns"),
    excludes("not_patterns", "patterns"),
    GoalKey("capped", "bool", lambda result: result.get("capped"), _capped_miss),
)
