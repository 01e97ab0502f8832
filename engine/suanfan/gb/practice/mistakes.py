"""What a Guobiao question exercises and the mistakes a learner makes on it (see practice/mistakes.py).

Every mistake is computed from the engine's own result: counting a fan that is 不计 here (the engine's reason
says which fan or principle sets it aside), leaving out a counted fan, forgetting the flowers or counting them
twice, counting the fan a near miss lacks, taking a lower reading, adding every fan found; for the other kinds, the
choice ticked or left out, the tile added or missed, the side of the 8-point minimum mistaken and why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
            counted_zh = "也算上了" if n == 1 else f"算了 {n} 次"
            counted_en = "as well" if n == 1 else times(n)
            out.append(
                Mistake(
                    "counts_excluded",
                    exclusion_tags(entry),
                    given,
                    f"你的 {given} 分等于把{entry['zh']}{counted_zh}:{entry['reason']['zh']}",
                    f"Your {given} counts {entry['en']} {counted_en}: {entry['reason']['en']}",
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
                f"你的 {given} 分没算花牌:每朵花 1 分,这手牌有 {flowers} 朵。",
                f"Your {given} leaves out the flowers: each is 1 point, and this hand has {flowers}.",
                FLOWERS,
            )
        )
    near = q["near_miss"]
    if near and near["lacks"]["key"] not in (FLOWERS, CHICKEN):
        lacks = near["lacks"]
        given = total + judge.points_of(lacks["key"])
        change_zh, change_en = (near["change"]["zh"], near["change"]["en"])
        out.append(
            Mistake(
                "counts_near_miss",
                (near_miss_tag(lacks["key"]),),
                given,
                f"你的 {given} 分算上了{lacks['zh']},可这手牌没有它(差一点:{change_zh})。",
                f"Your {given} counts {lacks['en']}, but this hand does not have it (a near miss: {change_en}).",
                lacks["key"],
            )
        )
    for item in ex["items"]:
        if item["key"] == FLOWERS:
            continue
        for n in sorted({1, item["count"]}):
            given = total - item["value"] * n
            left_zh = f"{item['zh']}({item['value']} 分)" if n == 1 else f"{n} 个{item['zh']}(每个 {item['value']} 分)"
            left_en = (
                f"{item['en']} ({points_word(item['value'])})"
                if n == 1
                else f"{item['en']} {times(n)} ({points_word(item['value'])} each)"
            )
            out.append(
                Mistake(
                    "misses_fan",
                    (f"fan:{item['key']}",),
                    given,
                    f"你的 {given} 分少算了{left_zh}。",
                    f"Your {given} leaves out {left_en}.",
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
                f"你的 {given} 分把花牌算了两次:{flowers} 朵花一共 {flowers} 分。",
                f"Your {given} counts the flowers twice: {plural(flowers, 'flower is', 'flowers are')} "
                f"{points_word(flowers)} in all.",
                FLOWERS,
            )
        )
    for given in _lower_readings(ex):
        out.append(
            Mistake(
                "lower_reading",
                (HIGHER_OVER_LOWER,),
                given,
                f"你的 {given} 分是另一种拆法的分数;同一手牌取分数最高的拆法(就高不就低)。",
                f"Your {given} is what another reading of the hand gives; the reading worth most is the "
                f"one taken (the higher, not the lower).",
                "higher_over_lower",
            )
        )
    if len(ex["excluded"]) >= 2:
        given = total + sum(e["value"] * e["count"] for e in ex["excluded"])
        names_zh = "、".join(e["zh"] for e in ex["excluded"])
        names_en = ", ".join(e["en"] for e in ex["excluded"])
        out.append(
            Mistake(
                "ignores_exclusions",
                (IGNORES_EXCLUSIONS,),
                given,
                f"你的 {given} 分把牌里找到的番都加上了,连不计的也算了:{names_zh}。",
                f"Your {given} adds up every fan found, those set aside too: {names_en}.",
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
        reasons_zh = ";".join(e["reason"]["zh"] for e in entries)
        reasons_en = " ".join(e["reason"]["en"] for e in entries)
        tags = tuple(dict.fromkeys(t for e in entries for t in exclusion_tags(e)))
        out.append(
            Mistake(
                "counts_excluded_everywhere",
                tags,
                given,
                f"你的 {given} 分把 {n} 个不计的{entries[0]['zh']}都算上了:{reasons_zh}",
                f"Your {given} counts {entries[0]['en']} {times(n)}, each time where it is not counted: {reasons_en}",
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
                    f"你漏了{c['zh']}:它计分({v['zh']})。",
                    f"You left out {c['en']}: it counts ({v['en']}).",
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
                    f"你选了{c['zh']},可它不计:{v['reason']['zh']}",
                    f"You ticked {c['en']}, but it is not counted: {v['reason']['en']}",
                    _teach(entry),
                )
            )
        elif "nearly" in v:
            out.append(
                Mistake(
                    "ticked_nearly",
                    (near_miss_tag(c["key"]),),
                    ("+", c["key"]),
                    f"你选了{c['zh']},可这手牌没有它(差一点:{v['nearly']['zh']}就有了)。",
                    f"You ticked {c['en']}, but the hand does not have it (a near miss: "
                    f"{v['nearly']['en']} would make it).",
                    c["key"],
                )
            )
        else:
            out.append(
                Mistake(
                    "ticked_absent",
                    (f"fan:{c['key']}",),
                    ("+", c["key"]),
                    f"你选了{c['zh']},可这手牌没有它。",
                    f"You ticked {c['en']}, but the hand does not have it.",
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
                change_zh, change_en = (c["near_miss"]["zh"], c["near_miss"]["en"])
                out.append(
                    Mistake(
                        "picked_near_miss",
                        (near_miss_tag(focus["key"]),),
                        c["key"],
                        f"{c['key']} 手牌没有{focus['zh']}(差一点:{change_zh})。",
                        f"Hand {c['key']} does not count {focus['en']} (a near miss: {change_en}).",
                        focus["key"],
                    )
                )
            else:
                out.append(
                    Mistake(
                        "picked_other_hand",
                        (f"fan:{focus['key']}",),
                        c["key"],
                        f"{c['key']} 手牌不计{focus['zh']}:{c['verdict']['zh']}",
                        f"Hand {c['key']} does not count {focus['en']}: {c['verdict']['en']}",
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
            tag, zh, en = (
                exclusion_tag(entry),
                f"{c['zh']}在牌里,但不计:{v['reason']['zh']}",
                f"{c['en']} is in the hand but not counted: {v['reason']['en']}",
            )
        elif "nearly" in v:
            tag, zh, en = (
                near_miss_tag(c["key"]),
                f"这手牌没有{c['zh']}(差一点:{v['nearly']['zh']}就有了)。",
                f"the hand does not have {c['en']} (a near miss: {v['nearly']['en']} would make it).",
            )
        else:
            tag, zh, en = f"fan:{target['key']}", f"这手牌没有{c['zh']}。", f"the hand does not have {c['en']}."
        out.append(
            Mistake(
                "picked_other_fan",
                (tag,),
                c["key"],
                f"你选了{c['zh']}:{zh}这手牌要表现的是{target['zh']}。",
                f"You picked {c['en']}: {en} The hand is built to show {target['en']}.",
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
            f"你选了{c['zh']}:{c['verdict']['zh']}把{asked['zh']}排除的是{right['zh']}。",
            f"You picked {c['en']}: {_sentence(c['verdict']['en'])} What sets {asked['en']} aside is {right['en']}.",
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
                    f"花牌不算进 {need} 分:不算花牌只有 {points} 分,不能和。",
                    f"Flowers do not count towards the {need}: without them the hand has "
                    f"{points_word(points)}, so it may not be declared.",
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
                        f"要把{entry['zh']}也算上才够 {need} 分,可它不计:{entry['reason']['zh']}",
                        f"It reaches {need} only with {entry['en']}, which is not counted: {entry['reason']['en']}",
                        _teach(entry),
                    )
                )
        near = q["near_miss"]
        if near and near["lacks"]["key"] not in (FLOWERS, CHICKEN):
            lacks = near["lacks"]
            if points + judge.points_of(lacks["key"]) >= need:
                change_zh, change_en = (near["change"]["zh"], near["change"]["en"])
                out.append(
                    Mistake(
                        "counts_near_miss",
                        (near_miss_tag(lacks["key"]),),
                        True,
                        f"有{lacks['zh']}才够 {need} 分,可这手牌没有它(差一点:{change_zh})。",
                        f"It would reach {need} with {lacks['en']}, but this hand does not have it "
                        f"(a near miss: {change_en}).",
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
                    f"一个番也没有的牌是无番和,它本身计 {need} 分,可以和。",
                    f"A hand with no fan at all is a Chicken Hand, worth {need} by itself: it may win.",
                    CHICKEN,
                )
            )
        elif points - item["value"] * item["count"] < need:
            out.append(
                Mistake(
                    "misses_fan",
                    (f"fan:{item['key']}",),
                    False,
                    f"你大概漏了{item['zh']}({item['value']} 分):算上它,不算花牌有 {points} 分,够 {need} 分。",
                    f"You probably left out {item['en']} ({points_word(item['value'])}): with it the hand "
                    f"has {points_word(points)} without flowers, {need} or more.",
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
