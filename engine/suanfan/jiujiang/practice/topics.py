"""九江's practice topics in course order: the six patterns, the concepts its lessons 7–13 teach, `mixed` (lesson 12,
the common questions, draws on all of them)."""

from __future__ import annotations

from ... import jiujiang as J
from ...catalogue import _
from ...practice.catalog import (
    CONCEPT,
    DECLARE,
    DISCARD,
    FANS_KIND,
    HAND_READING,
    NAME,
    PATTERN,
    PAY,
    POINTS,
    SHANTEN,
    USEFUL,
    WAITS,
    WHY_NOT,
    Topic,
    with_mixed,
)

KIND_ORDER = (POINTS, FANS_KIND, NAME, WAITS, DECLARE, WHY_NOT, PAY)
# The concepts, in the order of their lessons (7 只取最高 … 13 开桌约定).
CONCEPTS = (
    ("highest_pattern", _("only the highest pattern counts"), (POINTS, FANS_KIND, NAME, WHY_NOT)),
    ("multipliers", _("multipliers"), (POINTS,)),
    ("base_and_cap", _("base and cap"), (POINTS,)),
    ("who_pays", _("who pays"), (PAY,)),
    ("three_steps", _("the three steps end to end"), (POINTS, PAY)),
    ("table_conventions", _("table conventions"), (POINTS, DECLARE, PAY)),
)


def topics() -> dict[str, Topic]:
    out = []
    for p in J.PATTERNS:
        kinds = (POINTS, FANS_KIND, NAME, WAITS, DECLARE)
        # 平胡 is the plain win with no other pattern: it never stands beside another one
        out.append(Topic(p.key, PATTERN, p.name, kinds if p.key == "ping_hu" else kinds + (WHY_NOT,)))
    out.extend(Topic(key, CONCEPT, name, kinds) for key, name, kinds in CONCEPTS)
    # hands that have not won (practice/reading_kinds.py); the mixed topic keeps to winning hands
    out.append(Topic(*HAND_READING[:1], CONCEPT, *HAND_READING[1:], (SHANTEN, USEFUL, DISCARD)))
    return with_mixed(out, KIND_ORDER)
