"""What a Guobiao question exercises and the mistakes a learner makes on it (see practice/mistakes.py).

Every mistake is computed from the engine's own result: counting a fan that is 不计 here (the engine's reason
says which fan or principle sets it aside), leaving out a counted fan, forgetting the flowers or counting them
twice, counting the fan a near miss lacks, taking a lower reading, adding every fan found; for the other kinds, the
choice ticked or left out, the tile added or missed, the side of the 8-point minimum mistaken and why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...catalogue import LANGUAGES, _, join, pgettext
from ...glossary import SHAPES
from ...practice import reading_kinds
from ...practice.catalog import READING_KINDS
from ...practice.mistakes import Mistake, near_miss_tag, plural, times, waits_mistakes
from ..fans import MINIMUM_POINTS
from .judge import CHICKEN, FLOWERS

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...json_types import JSONDict
    from .judge import GbJudge

FORGETS_FLOWERS = "misconception:forgets_flowers"
FLOWERS_TWICE = "misconception:flowers_twice"
FLOWERS_TOWARD_MINIMUM = "misconception:flowers_toward_minimum"
IGNORES_EXCLUSIONS = "misconception:ignores_exclusions"
# Counting one fan where it is 不计, whatever sets it aside: the misconception behind several exclusion tags at once
# (幺九刻 under a dragon pung, under the seat wind, under 大三元 …), named by the fan (words.COUNTS_EXCLUDED_FORM).
COUNTS_EXCLUDED = "misconception:counts_excluded"
HIGHER_OVER_LOWER = "principle:higher_over_lower"


def points_word(n: int) -> str:
    return plural(n, "point", "points")


def exclusion_tag(entry: JSONDict) -> str:
    """The 不计 that sets a fan aside: the fan that excludes it, or the principle where no other fan does."""
    by = entry.get("by")
    if by and by != entry["key"]:
        return f"exclusion:{by}>{entry['key']}"
    return f"principle:{entry['principle']}"


def counts_excluded_tag(key: str) -> str:
    return f"{COUNTS_EXCLUDED}:{key}"


def exclusion_tags(entry: JSONDict) -> tuple[str, ...]:
    """A 不计 counted by mistake: the exclusion itself (exclusion_tag), and the fan counted where it is not."""
    return exclusion_tag(entry), counts_excluded_tag(entry["key"])


def _teach(entry: JSONDict) -> str:
    by = entry.get("by")
    teach: str = by if by and by != entry["key"] else entry["principle"]
    return teach


# ---------------------------------------------------------------- what the hand shows


def base_tags(result: JSONDict, judge: GbJudge) -> list[str]:
    q, ex = result["question"], result["explanation"]
    kind, focus = q["kind"], q["focus"]
    if kind in READING_KINDS:
        return reading_kinds.tags(result, judge)
    tags = []
    if focus["type"] == "principle":
        tags.append(f"principle:{focus['key']}")
    if kind == "waits" or (kind == "name" and q.get("direction") == "hand_of_fan"):
        if focus["type"] == "fan" and not q["near_miss"]:
            tags.append(f"fan:{focus['key']}")
        return tags
    if kind == "why_not":
        entry = next(
            e
            for e in ex["excluded"]
            if e["key"] == q["asked"]["key"]
            and (e.get("by") == result["answer"] or e.get("principle") == result["answer"])
        )
        return tags + list(exclusion_tags(entry))
    tags.extend(f"fan:{item['key']}" for item in ex["items"])
    offered = {c["key"] for c in q.get("choices", ())}
    for entry in ex["excluded"]:
        if kind in ("points", "declare") or entry["key"] in offered:
            tags.extend(exclusion_tags(entry))
            if entry.get("principle"):
                tags.append(f"principle:{entry['principle']}")
    if kind == "points" and _lower_readings(ex):
        tags.append(HIGHER_OVER_LOWER)
    return tags


def _lower_readings(ex: JSONDict) -> list[int]:
    """The totals (flowers included) of the readings the engine passed over for a lower one."""
    return sorted(
        {
            other["total"] + ex["flowers"]
            for other in ex.get("other_readings", ())
            if other["total"] + ex["flowers"] != ex["total"]
        }
    )


# ---------------------------------------------------------------- mistakes, by kind


def mistakes(result: JSONDict, judge: GbJudge) -> list[Mistake]:
    kind = result["question"]["kind"]
    found = BY_KIND[kind](result, judge)
    answer = result["answer"]
    return [m for m in found if m.answer != answer]


def _points(result: JSONDict, judge: GbJudge) -> list[Mistake]:
    q, ex = result["question"], result["explanation"]
    total, flowers = ex["total"], ex["flowers"]
    out = []
    for entry in ex["excluded"]:
        for n in sorted({1, entry["count"]}):
            given = total + entry["value"] * n
            counted = pgettext("counted", "as well") if n == 1 else pgettext("counted", "{times}", times=times(n), n=n)
            out.append(
                Mistake(
                    "counts_excluded",
                    exclusion_tags(entry),
                    given,
                    _(
                        "Your {given} counts {entry} {counted}: {reason}",
                        given=given,
                        entry=entry,
                        counted=counted,
                        reason=entry["reason"],
                    ),
                    _teach(entry),
                )
            )
    out.extend(_counts_excluded_everywhere(ex))
    if flowers:
        given = total - flowers
        out.append(
            Mistake(
                "forgets_flowers",
                (FORGETS_FLOWERS,),
                given,
                _(
                    "Your {given} leaves out the flowers: each is 1 point, and this hand has {flowers}.",
                    given=given,
                    flowers=flowers,
                ),
                FLOWERS,
            )
        )
    near = q["near_miss"]
    if near and near["lacks"]["key"] not in (FLOWERS, CHICKEN):
        lacks = near["lacks"]
        given = total + judge.points_of(lacks["key"])
        out.append(
            Mistake(
                "counts_near_miss",
                (near_miss_tag(lacks["key"]),),
                given,
                _(
                    "Your {given} counts {lacks}, but this hand does not have it (a near miss: {change}).",
                    given=given,
                    lacks=lacks,
                    change=near["change"],
                ),
                lacks["key"],
            )
        )
    for item in ex["items"]:
        if item["key"] == FLOWERS:
            continue
        for n in sorted({1, item["count"]}):
            given = total - item["value"] * n
            value, worth = item["value"], points_word(item["value"])
            left = (
                _("{fan} ({points})", fan=item, points=worth, value=value)
                if n == 1
                else _("{fan} {times} ({points} each)", fan=item, times=times(n), points=worth, n=n, value=value)
            )
            out.append(
                Mistake(
                    "misses_fan",
                    (f"fan:{item['key']}",),
                    given,
                    _("Your {given} leaves out {left}.", given=given, left=left),
                    item["key"],
                )
            )
    if flowers:
        given = total + flowers
        out.append(
            Mistake(
                "flowers_twice",
                (FLOWERS_TWICE,),
                given,
                _(
                    "Your {given} counts the flowers twice: {are} {flowers2} in all.",
                    given=given,
                    flowers=flowers,
                    are=plural(flowers, "flower is", "flowers are"),
                    flowers2=points_word(flowers),
                ),
                FLOWERS,
            )
        )
    for given in _lower_readings(ex):
        out.append(
            Mistake(
                "lower_reading",
                (HIGHER_OVER_LOWER,),
                given,
                _(
                    "Your {given} is what another reading of the hand gives; the reading worth most is the one taken (the higher, not the lower).",
                    given=given,
                ),
                "higher_over_lower",
            )
        )
    if len(ex["excluded"]) >= 2:
        given = total + sum(e["value"] * e["count"] for e in ex["excluded"])
        out.append(
            Mistake(
                "ignores_exclusions",
                (IGNORES_EXCLUSIONS,),
                given,
                _(
                    "Your {given} adds up every fan found, those set aside too: {names}.",
                    given=given,
                    names=join(ex["excluded"], "、", ", "),
                ),
                "no_repeat",
            )
        )
    return out


def _counts_excluded_everywhere(ex: JSONDict) -> list[Mistake]:
    """One fan set aside by several fans (幺九刻 under a dragon pung and under the seat wind): counted wherever it is
    不计, every instance of it, as a learner who does not know it is set aside counts it."""
    out = []
    by_key: dict[str, list[JSONDict]] = {}
    for entry in ex["excluded"]:
        by_key.setdefault(entry["key"], []).append(entry)
    for _key, entries in by_key.items():
        if len(entries) < 2:
            continue
        given = ex["total"] + sum(e["value"] * e["count"] for e in entries)
        n = sum(e["count"] for e in entries)
        tags = tuple(dict.fromkeys(t for e in entries for t in exclusion_tags(e)))
        out.append(
            Mistake(
                "counts_excluded_everywhere",
                tags,
                given,
                _(
                    "Your {given} counts {entries} {n2}, each time where it is not counted: {reasons}",
                    given=given,
                    n=n,
                    entries=entries[0],
                    reasons=join((e["reason"] for e in entries), ";", " "),
                    n2=times(n),
                ),
                _teach(entries[0]),
            )
        )
    return out


def _fans(result: JSONDict, judge: GbJudge) -> list[Mistake]:
    out = []
    for c in result["question"]["choices"]:
        v = c["verdict"]
        if v["status"] == "counted":
            out.append(
                Mistake(
                    "left_out",
                    (f"fan:{c['key']}",),
                    ("-", c["key"]),
                    _("You left out {c}: it counts ({v}).", c=c, v=v),
                    c["key"],
                )
            )
        elif v["status"] == "excluded":
            entry = {"key": c["key"], "by": v.get("by"), "principle": v.get("principle")}
            out.append(
                Mistake(
                    "ticked_excluded",
                    exclusion_tags(entry),
                    ("+", c["key"]),
                    _("You ticked {c}, but it is not counted: {reason}", c=c, reason=v["reason"]),
                    _teach(entry),
                )
            )
        elif "nearly" in v:
            out.append(
                Mistake(
                    "ticked_nearly",
                    (near_miss_tag(c["key"]),),
                    ("+", c["key"]),
                    _(
                        "You ticked {c}, but the hand does not have it (a near miss: {nearly} would make it).",
                        c=c,
                        nearly=v["nearly"],
                    ),
                    c["key"],
                )
            )
        else:
            out.append(
                Mistake(
                    "ticked_absent",
                    (f"fan:{c['key']}",),
                    ("+", c["key"]),
                    _("You ticked {c}, but the hand does not have it.", c=c),
                    c["key"],
                )
            )
    return out


def _name(result: JSONDict, judge: GbJudge) -> list[Mistake]:
    q = result["question"]
    out = []
    if q["direction"] == "hand_of_fan":
        focus = q["focus"]
        for c in q["choices"]:
            if c["key"] == result["answer"]:
                continue
            if c["near_miss"]:
                out.append(
                    Mistake(
                        "picked_near_miss",
                        (near_miss_tag(focus["key"]),),
                        c["key"],
                        _(
                            "Hand {key} does not count {focus} (a near miss: {change}).",
                            key=c["key"],
                            focus=focus,
                            change=c["near_miss"],
                        ),
                        focus["key"],
                    )
                )
            else:
                out.append(
                    Mistake(
                        "picked_other_hand",
                        (f"fan:{focus['key']}",),
                        c["key"],
                        _(
                            "Hand {key} does not count {focus}: {verdict}",
                            key=c["key"],
                            focus=focus,
                            verdict=c["verdict"],
                        ),
                        focus["key"],
                    )
                )
        return out
    target = next(c for c in q["choices"] if c["key"] == result["answer"])
    for c in q["choices"]:
        v = c["verdict"]
        if c is target:
            continue
        if v["status"] == "excluded":
            entry = {"key": c["key"], "by": v.get("by"), "principle": v.get("principle")}
            tag, why = exclusion_tag(entry), _("{c} is in the hand but not counted: {reason}", c=c, reason=v["reason"])
        elif "nearly" in v:
            tag, why = (
                near_miss_tag(c["key"]),
                _("the hand does not have {c} (a near miss: {nearly} would make it).", c=c, nearly=v["nearly"]),
            )
        else:
            tag, why = f"fan:{target['key']}", _("the hand does not have {c}.", c=c)
        out.append(
            Mistake(
                "picked_other_fan",
                (tag,),
                c["key"],
                _(
                    "You picked {c}: {name} The hand is built to show {target}.",
                    c=c,
                    name=why,
                    target=target,
                ),
                target["key"],
            )
        )
    return out


def _why_not(result: JSONDict, judge: GbJudge) -> list[Mistake]:
    q = result["question"]
    asked, answer = q["asked"], result["answer"]
    right = next(c for c in q["choices"] if c["key"] == answer)
    entry = {
        "key": asked["key"],
        "by": None if right["type"] == "principle" else answer,
        "principle": answer if right["type"] == "principle" else None,
    }
    tag = exclusion_tag(entry)
    return [
        Mistake(
            "picked_wrong_reason",
            (tag,),
            c["key"],
            _(
                "You picked {c}: {name} What sets {asked} aside is {right}.",
                c=c,
                name={lang: _sentence(c["verdict"][lang]) for lang in LANGUAGES},
                asked=asked,
                right=right,
            ),
            answer,
        )
        for c in q["choices"]
        if c["key"] != answer
    ]


def _sentence(text: str) -> str:
    """A verdict as a sentence of its own: capitalised."""
    return text[:1].upper() + text[1:]


def _declare(result: JSONDict, judge: GbJudge) -> list[Mistake]:
    ex, q = result["explanation"], result["question"]
    if not ex.get("ok"):
        return []
    points, flowers, answer = ex["points_without_flowers"], ex["flowers"], result["answer"]
    need = MINIMUM_POINTS
    out = []
    if not answer:
        if flowers and points + flowers >= need:
            out.append(
                Mistake(
                    "flowers_toward_minimum",
                    (FLOWERS_TOWARD_MINIMUM,),
                    True,
                    _(
                        "Flowers do not count towards the {need}: without them the hand has {points2}, so it may not be declared.",
                        need=need,
                        points=points,
                        points2=points_word(points),
                    ),
                    FLOWERS,
                )
            )
        for entry in ex["excluded"]:
            if points + entry["value"] * entry["count"] >= need:
                out.append(
                    Mistake(
                        "counts_excluded",
                        exclusion_tags(entry),
                        True,
                        _(
                            "It reaches {need} only with {entry}, which is not counted: {reason}",
                            entry=entry,
                            need=need,
                            reason=entry["reason"],
                        ),
                        _teach(entry),
                    )
                )
        near = q["near_miss"]
        if near and near["lacks"]["key"] not in (FLOWERS, CHICKEN):
            lacks = near["lacks"]
            if points + judge.points_of(lacks["key"]) >= need:
                out.append(
                    Mistake(
                        "counts_near_miss",
                        (near_miss_tag(lacks["key"]),),
                        True,
                        _(
                            "It would reach {need} with {lacks}, but this hand does not have it (a near miss: {change}).",
                            lacks=lacks,
                            need=need,
                            change=near["change"],
                        ),
                        lacks["key"],
                    )
                )
        return out
    for item in ex["items"]:
        if item["key"] == FLOWERS:
            continue
        if item["key"] == CHICKEN:
            out.append(
                Mistake(
                    "misses_chicken",
                    (f"fan:{CHICKEN}",),
                    False,
                    _("A hand with no fan at all is a Chicken Hand, worth {need} by itself: it may win.", need=need),
                    CHICKEN,
                )
            )
        elif points - item["value"] * item["count"] < need:
            out.append(
                Mistake(
                    "misses_fan",
                    (f"fan:{item['key']}",),
                    False,
                    _(
                        "You probably left out {item} ({value2}): with it the hand has {points2} without flowers, {need} or more.",
                        item=item,
                        value=item["value"],
                        points=points,
                        need=need,
                        value2=points_word(item["value"]),
                        points2=points_word(points),
                    ),
                    item["key"],
                )
            )
    return out


def _waits(result: JSONDict, judge: GbJudge) -> list[Mistake]:
    return waits_mistakes(result, "分", points_word, "和")


# Where a question that can show each misconception comes from, (kind, topic): what "practise this" asks
PRACTISED_ON = {
    FORGETS_FLOWERS: (("points", FLOWERS),),
    FLOWERS_TWICE: (("points", FLOWERS),),
    FLOWERS_TOWARD_MINIMUM: (("declare", FLOWERS),),
    IGNORES_EXCLUSIONS: (("points", "no_repeat"), ("points", "account_once"), ("points", "mixed")),
    "misconception:missed_wait": (("waits", "mixed"),),
    "misconception:dead_wait": (("waits", "mixed"),),
    "misconception:not_a_wait": (("waits", "mixed"),),
}

BY_KIND: dict[str, Callable[[JSONDict, GbJudge], list[Mistake]]] = {
    "points": _points,
    "fans": _fans,
    "name": _name,
    "why_not": _why_not,
    "declare": _declare,
    "waits": _waits,
    **dict.fromkeys(READING_KINDS, lambda result, judge: reading_kinds.mistakes(result, SHAPES)),
}
