"""Guobiao's practice topics in course order: for each series (in the order of the fan cards), the series itself
and then its fans (花牌 last in 特殊); the five combination principles; hand reading; `mixed`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...catalogue import _
from ...practice.catalog import (
    CONCEPT,
    DECLARE,
    DISCARD,
    FAN,
    FANS_KIND,
    HAND_READING,
    NAME,
    POINTS,
    PRINCIPLE,
    ROUTE,
    SERIES_TOPIC,
    SHANTEN,
    USEFUL,
    WAITS,
    WHY_NOT,
    Topic,
    with_mixed,
)
from ..fans import FANS, FLOWER_TILES, PRINCIPLES, SERIES, SERIES_NAMES

if TYPE_CHECKING:
    from .judge import GbJudge

KIND_ORDER = (POINTS, FANS_KIND, NAME, WAITS, DECLARE, WHY_NOT)
# Fans whose 不计 the engine never shows (detect.py reports only the highest of 双暗刻 / 三暗刻 / 四暗刻, so
# 三暗刻 neither sets 双暗刻 aside nor is set aside by 四暗刻 in a result; docs/guobiao.md, "Noticed").
NEVER_SET_ASIDE = frozenset(("three_concealed_pungs",))


def series_key(series: str) -> str:
    """A series as a topic: its English name as a slug, prefixed (the series 七对 would otherwise be the fan)."""
    return "series_" + SERIES_NAMES[series]["en"].replace(" ", "_")


def _fan_kinds(judge: GbJudge, key: str) -> tuple[str, ...]:
    if key == FLOWER_TILES.key:  # points outside every fan rule: nothing to name, wait on or set aside
        return (POINTS, FANS_KIND, DECLARE)
    kinds = [POINTS, FANS_KIND, NAME, WAITS, DECLARE]
    if judge.can_be_set_aside(key) and key not in NEVER_SET_ASIDE:
        kinds.append(WHY_NOT)
    return tuple(kinds)


def topics(judge: GbJudge) -> dict[str, Topic]:
    """judge: the profile's judge at its own table (which fans it can set aside)."""
    out: list[Topic] = []
    for series in SERIES:
        fans = [f for f in FANS if f.series == series] + ([FLOWER_TILES] if FLOWER_TILES.series == series else [])
        fan_topics = [Topic(f.key, FAN, f.name, _fan_kinds(judge, f.key)) for f in fans]
        kinds = tuple(k for k in KIND_ORDER if any(k in t.kinds for t in fan_topics))
        out.append(
            Topic(
                series_key(series),
                SERIES_TOPIC,
                _("{series} (series)", series=SERIES_NAMES[series]),
                kinds,
                tuple(f.key for f in fans),
            )
        )
        out.extend(fan_topics)
    out.extend(Topic(key, PRINCIPLE, name, (POINTS, FANS_KIND, WHY_NOT)) for key, name in PRINCIPLES.items())
    # hands that have not won (practice/reading_kinds.py); the mixed topic keeps to winning hands
    out.append(Topic(*HAND_READING[:1], CONCEPT, *HAND_READING[1:], (SHANTEN, USEFUL, DISCARD, ROUTE)))
    return with_mixed(out, KIND_ORDER)
