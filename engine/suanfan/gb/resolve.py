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

A reading's fans come in parts (detect.py: the hand's, the chows' combinations, the other meld fans'), each kept
with its resolution alone (resolve_alone). When no fan present in one part lists a fan present in another as
不计, the parts do not reach each other: every decision above looks only at counted fans that list the instance
as 不计, at counted combinations sharing one of its sets (the parts' combinations share none: the chows' and
the pungs' are in different parts) and at the wait counted (the wait fans are all in the hand's part). Then
resolve_parts adds the parts' resolutions together, as resolve() of all of them would decide; otherwise it runs
resolve() over all of them.
"""

from __future__ import annotations

from .detect import HAND
from .fans import INDEX

CHICKEN = INDEX["chicken_hand"]


def resolve(instances: list, prof, explain: bool):
    """-> (total, counted, excluded); counted: the instances counted, (rank, scope, fan, shown) as detected,
    excluded: [(fan, scope, shown, by_fan_or_None, principle)] (None unless explain)."""
    total, counted, excluded = _decide(instances, prof, explain)
    if not counted:
        counted.append((prof.rank[CHICKEN], HAND, CHICKEN, 0))
        total = prof.points[CHICKEN]
    return total, counted, excluded


def _decide(instances: list, prof, explain: bool):
    """resolve() without the chicken hand: (total, counted, excluded), counted possibly empty."""
    instances.sort()
    info = prof.fan_info  # per fan: (points, 不计 bit mask, kind)
    counted = []
    excluded = [] if explain else None
    ex_all = 0  # fans excluded by some counted fan (reaches hand fans)
    ex_hand = 0  # fans excluded by a counted hand fan (reaches meld fans too)
    meld_excluders = []  # (mask, scope, fan) of counted meld fans that exclude something
    combos = []  # counted combinations: (fan, scope)
    joined = []  # groups tied together by counted combinations (bit masks)
    wait = None  # the wait fan counted, if any
    total = 0
    append = counted.append
    for instance in instances:
        fan = instance[2]
        if ex_all >> fan & 1:
            # some counted fan lists it as 不计: always reaches a hand fan; a meld fan only from a counted hand fan
            # or from a counted meld fan over all of its groups
            scope = instance[1]
            repeated = scope == HAND or ex_hand >> fan & 1
            if not repeated:
                for ex_mask, ex_scope, _ in meld_excluders:
                    if ex_mask >> fan & 1 and not scope & ~ex_scope:
                        repeated = True
                        break
            if repeated:
                if explain:
                    excluded.append(
                        (fan, scope, instance[3], _excluder(fan, scope, counted, prof.exclude_mask), "no_repeat")
                    )
                continue
        points, mask, kind = info[fan]
        if kind:
            if kind == 1:
                by, principle = _combination_conflict(fan, instance[1], combos, joined, prof.points)
            elif wait is not None:
                by, principle = wait, "higher_over_lower"  # the winning tile completes one group only
            else:
                principle = None
            if principle is not None:
                if explain:
                    excluded.append((fan, instance[1], instance[3], by, principle))
                continue
            if kind == 2:
                wait = fan
            else:
                combos.append((fan, instance[1]))
                joined = _join(joined, instance[1])
        append(instance)
        total += points
        if mask:
            ex_all |= mask
            if instance[1] == HAND:
                ex_hand |= mask
            else:
                meld_excluders.append((mask, instance[1], fan))
    return total, counted, excluded


# A part's resolution alone: (counted, total, fans present, fans they list as 不计), each fan a bit.
NOTHING = ((), 0, 0, 0)


def resolve_alone(instances, prof) -> tuple:
    """The resolution of a part of a reading's instances by themselves, the chicken hand aside: (counted, total,
    present, listed), present the bit mask of the fans present, listed the bit mask of the fans they list as 不计."""
    if not instances:
        return NOTHING
    total, counted, _ = _decide(list(instances), prof, False)
    present = listed = 0
    for instance in instances:
        present |= 1 << instance[2]
        listed |= prof.exclude_mask[instance[2]]
    return tuple(counted), total, present, listed


def resolve_parts(hand: list, chows: list, others: list, prof) -> tuple:
    """(total, counted) of a reading from its three parts (detect.standard_parts): the hand part, the chows' part
    and the others' ([instances, resolution alone or None until asked, ...], which keep their resolution). The
    parts' resolutions added together when no fan of one part lists a fan present in another as 不计 (the module
    docstring says why that is resolve()'s answer), else resolve() of every instance of the three."""
    c_hand, t_hand, p_hand, l_hand = hand[1] or _keep(hand, prof)
    c_chows, t_chows, p_chows, l_chows = chows[1] or _keep(chows, prof)
    c_others, t_others, p_others, l_others = others[1] or _keep(others, prof)
    if l_hand & (p_chows | p_others) or l_chows & (p_hand | p_others) or l_others & (p_hand | p_chows):
        total, counted, _ = resolve([*hand[0], *chows[0], *others[0]], prof, False)
        return total, counted
    counted = sorted(c_hand + c_chows + c_others)
    if not counted:
        return prof.points[CHICKEN], [(prof.rank[CHICKEN], HAND, CHICKEN, 0)]
    return t_hand + t_chows + t_others, counted


def _keep(part: list, prof) -> tuple:
    """A part's resolution alone, kept with it; parts of the same instances share it (memo_resolved), so that a
    part met for the first time is seldom resolved anew."""
    instances = part[0]
    found = prof.memo_resolved.get(instances)
    if found is None:
        found = prof.memo_resolved[instances] = resolve_alone(instances, prof)
    part[1] = found
    return found


def _excluder(fan, scope, counted, exclude_mask):
    """The highest counted fan whose 不计 reaches this instance (counted is in resolution order)."""
    for _, c_scope, c_fan, _ in counted:
        if exclude_mask[c_fan] >> fan & 1 and (scope == HAND or c_scope == HAND or not scope & ~c_scope):
            return c_fan
    return None


def _combination_conflict(fan, scope, combos, joined, points):
    """Why a combination may not count beside the counted ones (by, principle), or (None, None).

    joined: the groups tied together by counted combinations, as bit masks (one per connected set of groups).
    """
    for c_fan, c_scope in combos:
        if not scope & ~c_scope:
            return c_fan, "no_split"
    for c_fan, c_scope in combos:
        if c_fan == fan and scope & c_scope:
            return c_fan, "no_identical"
    for component in joined:
        shared = component & scope
        if shared & (shared - 1):  # two of its sets are already tied together
            break
    else:
        return None, None
    for c_fan, c_scope in combos:
        # competing for the same sets (two or more shared) with a fan worth more
        shared = c_scope & scope
        if shared & (shared - 1) and points[c_fan] > points[fan]:
            return c_fan, "higher_over_lower"
    return None, "account_once"


def _join(joined: list, scope: int) -> list:
    """joined with the groups of a newly counted combination tied together."""
    merged = scope
    apart = []
    for component in joined:
        if component & scope:
            merged |= component
        else:
            apart.append(component)
    apart.append(merged)
    return apart
