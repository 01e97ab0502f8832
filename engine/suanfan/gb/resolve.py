"""The one place where present fans become counted fans: every 不计 and every combination principle.

Fans are decided one instance at a time, highest first (the profile's resolution order), so an excluding
fan is always decided before what it excludes. An instance is not counted when:

  no_repeat     (不重复) a counted fan lists it as 不计 (fans.FANS[...].excludes). A hand fan excludes every
                instance; a meld fan only the meld instances inside its own groups, and any hand fan.
                Only counted fans exclude: when 四暗刻 removes 不求人, the 自摸 that 不求人 would have
                removed comes back, as the fan table intends.
  no_split      (不拆移) it is a combination of sets that all belong to one counted combination.
  no_identical  (不得相同) a counted combination of the same fan already uses one of its sets.
  account_once  (套算一次) its sets are already joined by counted combinations: a set not yet combined
                may combine once with combined sets, never twice.
  higher_over_lower (就高不就低) as account_once, when the combination it competes with is worth more; and
                the winning tile read as a second kind of wait (边张 / 坎张 / 单钓将 are alternatives: one counts,
                in that order, as the platforms do).

The chicken hand (无番和) is added when nothing at all is counted.
"""

from __future__ import annotations

from .detect import COMBO_FANS, HAND
from .fans import INDEX

CHICKEN = INDEX["chicken_hand"]
WAIT_FANS = frozenset(INDEX[k] for k in ("edge_wait", "closed_wait", "single_wait"))


_KIND = [0] * len(INDEX)      # 1: a combination of sets, 2: a wait fan
for _f in COMBO_FANS:
    _KIND[_f] = 1
for _f in WAIT_FANS:
    _KIND[_f] = 2


def resolve(instances: list, prof, explain: bool):
    """-> (total, counted, excluded); counted: [(fan, scope, shown)],
    excluded: [(fan, scope, shown, by_fan_or_None, principle)] (None unless explain)."""
    instances.sort()
    points = prof.points
    exclude_mask = prof.exclude_mask
    counted = []
    excluded = [] if explain else None
    ex_all = 0               # fans excluded by some counted fan (reaches hand fans)
    ex_hand = 0              # fans excluded by a counted hand fan (reaches meld fans too)
    meld_excluders = []      # (mask, scope, fan) of counted meld fans that exclude something
    combos = []              # counted combinations: (fan, scope)
    parent: dict = {}        # union-find over groups joined by counted combinations
    wait = None              # the wait fan counted, if any
    total = 0
    for rank, scope, fan, shown in instances:
        principle = None
        if scope == HAND:
            if ex_all >> fan & 1:
                principle = "no_repeat"
        elif ex_hand >> fan & 1:
            principle = "no_repeat"
        else:
            for mask, ex_scope, ex_fan in meld_excluders:
                if mask >> fan & 1 and not scope & ~ex_scope:
                    principle = "no_repeat"
                    break
        kind = _KIND[fan]
        if principle is not None:
            by = _excluder(fan, scope, counted, exclude_mask) if explain else None
        elif kind == 1:
            by, principle = _combination_conflict(fan, scope, combos, parent, points)
        elif kind == 2 and wait is not None:
            by, principle = wait, "higher_over_lower"   # the winning tile completes one group only
        if principle is not None:
            if explain:
                excluded.append((fan, scope, shown, by, principle))
            continue
        counted.append((fan, scope, shown))
        total += points[fan]
        if kind == 2:
            wait = fan
        elif kind == 1:
            combos.append((fan, scope))
            _join(parent, scope)
        mask = exclude_mask[fan]
        if mask:
            ex_all |= mask
            if scope == HAND:
                ex_hand |= mask
            else:
                meld_excluders.append((mask, scope, fan))
    if not counted:
        counted.append((CHICKEN, HAND, 0))
        total = points[CHICKEN]
    return total, counted, excluded


def _excluder(fan, scope, counted, exclude_mask):
    """The highest counted fan whose 不计 reaches this instance (counted is in resolution order)."""
    for c_fan, c_scope, _ in counted:
        if exclude_mask[c_fan] >> fan & 1 and (scope == HAND or c_scope == HAND or not scope & ~c_scope):
            return c_fan
    return None


def _combination_conflict(fan, scope, combos, parent, points):
    for c_fan, c_scope in combos:
        if not scope & ~c_scope:
            return c_fan, "no_split"
    for c_fan, c_scope in combos:
        if c_fan == fan and scope & c_scope:
            return c_fan, "no_identical"
    roots = set()
    groups = 0
    s = scope
    while s:
        low = s & -s
        g = low.bit_length() - 1
        roots.add(_find(parent, g))
        groups += 1
        s ^= low
    if len(roots) == groups:
        return None, None
    for c_fan, c_scope in combos:
        # competing for the same sets (two or more shared) with a fan worth more
        shared = c_scope & scope
        if shared & (shared - 1) and points[c_fan] > points[fan]:
            return c_fan, "higher_over_lower"
    return None, "account_once"


def _find(parent: dict, g: int) -> int:
    while parent.get(g, g) != g:
        g = parent[g]
    return g


def _join(parent: dict, scope: int) -> None:
    first = None
    s = scope
    while s:
        low = s & -s
        root = _find(parent, low.bit_length() - 1)
        if first is None:
            first = root
        elif root != first:
            parent[root] = first
        s ^= low
