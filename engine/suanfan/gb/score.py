"""Score a Guobiao hand: every reading, the best one, and a result that explains every fan and every 不计.

Order of work:
  1 check the situation against the hand (contradictions are errors; forced facts are stated corrections)
  2 list every reading (shapes.py) and the fans present in each (detect.py)
  3 resolve each reading's fans under the profile (resolve.py) and take the best reading: the highest
        total, ties broken by the one rule of _best_first (the platform calculators' rule). The other
        readings stay in the result.
  4 the 8-point minimum (flowers not counted; 无番和 is a hand with no fan at all)
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import tiles as T
from ..catalogue import LANGUAGES, N_, _, ngettext, pgettext
from ..errors import SuanfanError
from ..glossary import SHAPES, group_label
from ..hand import KONG, Hand
from ..notation import format_hand, format_meld, format_tiles, parse_group
from . import shapes
from .detect import HOG_BASE, PART_INSTANCES, WIN_TILE, Context, declared_sets, special_parts, standard_parts
from .fans import FANS, FLOWER_TILES, INDEX, MINIMUM_POINTS, PRINCIPLES, WAITS
from .resolve import resolve, resolve_parts
from .shapes import CHOW, PUNG

WIND_LETTERS = "ESWN"
# The seed counts a hand in 分 (its 分值 column; 花牌 is 1 分 and no 番), and "oo分即oo番" for every fan, so its
# "8番" minimum is 8 分 without the flowers: one unit, 分, for every Guobiao number the site shows.
UNIT = pgettext("unit", "points")
ITEM_NAME = pgettext("item", "fan")
# The trace a result gives, in the order a player checks a hand.
STEPS = (
    ("shape", _("Winning shape")),
    ("fans", _("Fans counted")),
    ("excluded", _("Not counted")),
    ("total", _("Total")),
    ("minimum", _("The {minimum_points}-point minimum", minimum_points=MINIMUM_POINTS)),
)
STEP_NAME = dict(STEPS)
SHAPE_ORDER = {
    shapes.SEVEN_PAIRS: 0,
    shapes.THIRTEEN_ORPHANS: 0,
    shapes.HONORS_KNITTED: 0,
    shapes.KNITTED_STRAIGHT: 0,
    shapes.STANDARD: 1,
}
# 万 条 饼 字: the tile order the platform calculators split hands in (used only to break ties).
_PLATFORM_ORDER = [t if t < 9 else (t + 9 if t < 18 else (t - 9 if t < 27 else t)) for t in range(34)]


@dataclass(frozen=True)
class Situation:
    self_drawn: bool = False
    last_copy: bool = False  # 和绝张
    kong: bool = False  # 杠上开花 when self-drawn, 抢杠和 when not
    last_of_wall: bool = False  # 妙手回春 when self-drawn, 海底捞月 when not
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    flowers: int = 0

    @property
    def seat(self) -> int:
        return T.EAST + WIND_LETTERS.index(self.seat_wind)

    @property
    def prevalent(self) -> int:
        return T.EAST + WIND_LETTERS.index(self.prevalent_wind)

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}

    def replace(self, **changes) -> Situation:
        values = self.to_dict()
        values.update(changes)
        return Situation(**values)


# ---------------------------------------------------------------- 1 the situation against the hand


def _contradiction(reason: dict) -> SuanfanError:
    return SuanfanError("contradiction", reason=reason)


def check_situation(hand: Hand, situation: Situation, strict: bool = True):
    """-> (situation as scored, corrections). A contradiction raises (strict) or is dropped with a note."""
    if not (situation.kong or situation.last_copy):
        # only the forced 和绝张 can apply: three copies of the winning tile in the melds
        if not hand.melds:
            return situation, []
        w = hand.standing[-1]
        in_melds = 0
        for m in hand.melds:
            if w in m.tiles:
                in_melds += m.tiles.count(w)
        if in_melds != 3:
            return situation, []
    w = hand.winning_tile
    held = hand.standing.count(w) - 1
    in_melds = sum(m.tiles.count(w) for m in hand.melds)
    corrections = []

    def problem(key, reason, **drop):
        nonlocal situation
        if strict:
            raise _contradiction(reason)
        situation = situation.replace(**drop)
        corrections.append({"key": key, **reason})

    if situation.kong and situation.self_drawn and not any(m.kind == KONG for m in hand.melds):
        problem(
            "kong_bloom_without_kong",
            _("a win on a kong replacement tile needs a kong, and this hand has none."),
            kong=False,
        )
    if situation.kong and not situation.self_drawn and (held or in_melds):
        problem(
            "robbing_held_tile",
            _(
                "Robbing the Kong means another player holds three copies of the {name} and adds the fourth, but this hand holds one too.",
                name=T.name(w),
            ),
            kong=False,
        )
    if situation.kong and not situation.self_drawn and situation.last_of_wall:
        # 海底捞月 is won on the discard after the wall's last tile is drawn; a kong added then would need a
        # replacement from an empty wall, so there is no kong to rob (国标小助手 refuses the pair too)
        problem(
            "robbing_on_last_tile",
            _(
                "Robbing the Kong cannot also be Last Tile Claim: once the wall's last tile is drawn no kong can be made (there is no replacement left to draw), so there is no kong to rob."
            ),
            last_of_wall=False,
        )
    if situation.last_copy and held:
        problem(
            "last_copy_held",
            _(
                "the last tile means the other three copies of the {name} are in sight, but the hand still holds one.",
                name=T.name(w),
            ),
            last_copy=False,
        )
    if not situation.last_copy and in_melds == 3 and not held:
        situation = situation.replace(last_copy=True)
        corrections.append(
            {
                "key": "last_copy_forced",
                **_(
                    "three copies of the {name} are already in the melds, so this is the last copy: Last Tile is counted.",
                    name=T.name(w),
                ),
            }
        )
    return situation, corrections


# ---------------------------------------------------------------- 2, 3 readings and the best one


class Reading:
    """One reading of the hand with its resolved total (internal: the result dict is what leaves).

    counted: the instances counted, (rank, scope, fan, shown); instances: every present fan, for the explanation
    pass;
    sets: (kind, tile, concealed, declared meld or None); pattern: the knitted pattern of a knitted-straight
    reading; tiles: the concealed counts of a special shape.
    """

    __slots__ = ("shape", "total", "counted", "instances", "tie_key", "sets", "pair", "pattern", "tiles")

    def __init__(self, shape, total, counted, instances, sets=(), pair=-1, pattern=-1, tiles=()):
        self.shape = shape
        self.total = total
        self.counted = counted
        self.instances = instances
        self.tie_key = None
        self.sets = sets
        self.pair = pair
        self.pattern = pattern
        self.tiles = tiles

    def groups(self) -> tuple:
        """Notation strings of the reading's groups, in group order (what `shown` masks refer to)."""
        if self.shape == shapes.SEVEN_PAIRS:
            return tuple(_text(t, 2) for t in range(34) for _turn in range(self.tiles[t] // 2))
        if self.shape in (shapes.THIRTEEN_ORPHANS, shapes.HONORS_KNITTED):
            return tuple(_text(t, self.tiles[t]) for t in range(34) if self.tiles[t])
        texts = [
            _meld_text(d) if d is not None else _text(t, 3 if k == PUNG else 4, chow=k == CHOW)
            for k, t, c, d in self.sets
        ]
        if self.pattern >= 0:
            texts.insert(0, format_tiles(shapes.KNITTED_PATTERNS[self.pattern]))
        texts.append(_text(self.pair, 2))
        return tuple(texts)


_TEXTS: dict = {}
_MELD_TEXTS: dict = {}


def _meld_text(meld) -> str:
    found = _MELD_TEXTS.get(meld)
    if found is None:
        found = _MELD_TEXTS[meld] = format_meld(meld)
    return found


def _text(tile: int, n: int, chow: bool = False) -> str:
    key = (tile, n, chow)
    found = _TEXTS.get(key)
    if found is None:
        found = _TEXTS[key] = format_tiles((tile, tile + 1, tile + 2) if chow else (tile,) * n)
    return found


def readings(
    hand: Hand, ctx: Context, counts: list[int], splits: list | None = None, instances: bool = True
) -> list[Reading]:
    """Every reading of the hand, the chosen one first. splits: the standard splits, when the caller has them.

    instances=False: the readings keep no instances (best_fans needs only each total and its counted fans), and
    each is scored from its three parts by resolve_parts, which decides as resolve() over all of them."""
    prof = ctx.prof
    melds = hand.melds
    declared = declared_sets(melds)
    found: list[Reading] = []

    def scored(parts: tuple) -> tuple:
        """(total, counted, present) of a reading's parts (present None without instances)."""
        if not instances:
            return *resolve_parts(*parts, prof), None
        hand_part, chows, others = parts
        present = [*hand_part[PART_INSTANCES], *chows[PART_INSTANCES], *others[PART_INSTANCES]]
        total, counted, _unused = resolve(present, prof, False)
        return total, counted, present

    for chows, pungs, pair in shapes.splits_of(ctx.records) if splits is None else splits:
        total, counted, present = scored(standard_parts(ctx, chows, pungs, pair))
        sets = declared + shapes.concealed_sets(chows, pungs)
        found.append(Reading(shapes.STANDARD, total, counted, present, sets, pair))
    if _may_be_knitted(prof, melds, ctx.cmask):
        for pattern, chows, pungs, pair in shapes.knitted_straight_splits(counts, len(melds)):
            total, counted, present = scored(standard_parts(ctx, chows, pungs, pair, knitted=True))
            sets = declared + shapes.concealed_sets(chows, pungs)
            found.append(Reading(shapes.KNITTED_STRAIGHT, total, counted, present, sets, pair, pattern))
    if not melds:
        special, groups = _special_shape(ctx, counts)
        if special:
            total, counted, present = scored(special_parts(ctx, special, counts, groups))
            found.append(Reading(special, total, counted, present, tiles=counts))
    return _best_first(found) if len(found) > 1 else found


def _may_be_knitted(prof, melds, cmask: int) -> bool:
    """Whether a knitted-straight reading is worth looking for: the profile reads it, one meld at most, and the
    concealed tiles hold a whole knitted pattern."""
    return (
        len(melds) <= 1
        and (cmask & 0x7FFFFFF).bit_count() >= 9
        and prof.knitted_straight_shape
        and shapes.may_hold_knitted(cmask)
    )


def _special_shape(ctx: Context, counts: list[int]) -> tuple:
    """(shape, groups) of the special shape the concealed tiles make, or (None, 0): seven pairs first, then
    thirteen orphans, then honors and knitted tiles (at most one can hold). Only asked of a hand without melds."""
    if shapes.seven_pairs_of(ctx.records):
        return shapes.SEVEN_PAIRS, 7
    if shapes.thirteen_orphans(counts, ctx.cmask):
        return shapes.THIRTEEN_ORPHANS, 13
    # 14 different tiles, one of them an honor, before honors_knitted sums and scans the counts
    if ctx.cmask & shapes.HONOR_BITS and ctx.cmask.bit_count() == 14 and shapes.honors_knitted(counts) is not None:
        return shapes.HONORS_KNITTED, 14
    return None, 0


_TIE_PREFERRED = (INDEX["pure_triple_chow"], INDEX["triple_pung"])


def _best_first(found: list[Reading]) -> list[Reading]:
    """The readings, the chosen one first and the others by total.

    The highest total wins. Ties follow the platform calculators, so that gb98 agrees with them fan for fan:
    readings are visited special shape first, then the standard readings in split order (going up the tiles
    万 条 饼 字, a pung before a chow on the same tile); a later reading with the same total replaces the
    chosen one when it counts 一色三同顺 or 三同刻, or when the chosen one is 七对.
    """
    if len(found) < 2:
        return found
    for r in found:
        r.tie_key = sorted((_PLATFORM_ORDER[t], 1 if k == CHOW else 0) for k, t, c, d in r.sets if d is None)
    found.sort(key=lambda r: (SHAPE_ORDER[r.shape], r.tie_key))
    best = found[0]
    seven_pairs_first = best.shape == shapes.SEVEN_PAIRS
    for r in found[1:]:
        if r.total > best.total:
            best = r
        elif r.total == best.total and (seven_pairs_first or any(c[2] in _TIE_PREFERRED for c in r.counted)):
            best = r
    others = sorted((r for r in found if r is not best), key=lambda r: -r.total)
    return [best] + others


def _readings_of(hand: Hand, situation: Situation, prof) -> list[Reading]:
    ctx = Context(hand, situation, prof)
    options = readings(hand, ctx, ctx.counts)
    if not options:
        raise SuanfanError("not_a_win_gb")
    return options


def best_reading(hand: Hand, situation: Situation, prof) -> Reading:
    """The chosen reading with its counted fans and total: the scoring without the explanation."""
    situation, _unused = check_situation(hand, situation)
    return _readings_of(hand, situation, prof)[0]


def best_fans(hand: Hand, situation: Situation, prof) -> tuple[int, list]:
    """(total, counted) of the chosen reading, as best_reading gives them, for callers that need nothing else
    (hand reading's outcome): counted holds the instances counted, (rank, scope, fan, shown).

    The usual hand has one reading only: one standard split, or one special shape, and no knitted straight. It
    is scored here without a Reading object; any other hand goes through readings(), so that the readings are
    compared exactly as for best_reading.
    """
    situation, _unused = check_situation(hand, situation)
    ctx = Context(hand, situation, prof)
    splits = shapes.splits_of(ctx.records)
    melds = hand.melds
    if not _may_be_knitted(prof, melds, ctx.cmask):
        special, groups = (None, 0) if melds else _special_shape(ctx, ctx.counts)
        if special is None:
            if len(splits) == 1:
                chows, pungs, pair = splits[0]
                return resolve_parts(*standard_parts(ctx, chows, pungs, pair), prof)
        elif not splits:
            return resolve_parts(*special_parts(ctx, special, ctx.counts, groups), prof)
    options = readings(hand, ctx, ctx.counts, splits, instances=False)
    if not options:
        raise SuanfanError("not_a_win_gb")
    return options[0].total, options[0].counted


def score_hand(hand: Hand, situation: Situation, prof, strict: bool = True) -> dict:
    situation, corrections = check_situation(hand, situation, strict)
    options = _readings_of(hand, situation, prof)
    return _result(hand, situation, prof, options, corrections)


# ---------------------------------------------------------------- 4 the result


def _fan_head(fan) -> dict:
    return {"key": fan.key, **fan.name}


def _shown(shown: int, groups: tuple, win: int) -> list[str]:
    if shown == WIN_TILE:
        return [T.code(win)]
    if shown <= HOG_BASE:
        return [_text(HOG_BASE - shown, 4)]
    if shown == (1 << len(groups)) - 1:
        return list(groups)
    out = []
    while shown:
        low = shown & -shown
        out.append(groups[low.bit_length() - 1])
        shown ^= low
    return out


# Why a fan present was not counted, per principle: templates over the fan's name ({fan}) and the excluder's ({by}).
_REASONS = {
    "no_repeat": N_("{by} already includes what {fan} asks for, so it is not scored again."),
    "no_split": N_("these sets already make {by}; they cannot be taken apart to make {fan} too."),
    "no_identical": N_("one of these sets already makes {fan} with another set; a set cannot make the same fan twice."),
    "account_once": N_(
        "these sets are already tied together by other fans; a new set may join them only once, so {fan} is not added."
    ),
    "higher_over_lower": N_("these sets can make {by} or {fan}, not both; the higher one, {by}, is taken."),
}


# Two readings of the winning tile as a wait (边张, 坎张, 单钓将: all 1 point): one wait fan is counted per winning
# tile. Nothing is higher; the resolver keeps them in a fixed order (edge, closed, single), which the sentence says.
_ONE_WAIT = N_(
    "the winning tile can be read as {by} or as {fan}; a winning tile counts one wait fan only, both are worth 1 point, and {by} is taken (in the order Edge Wait, Closed Wait, Single Wait)."
)


def _reason(fan, by, principle: str) -> dict:
    if principle == "higher_over_lower" and by is not None and fan.key in WAITS and by.key in WAITS:
        return _(_ONE_WAIT, by=by.name, fan=fan.name)
    reason = _(_REASONS[principle], fan=fan.name, by=by.name if by is not None else "")
    return _("{reason} ({principle})", reason=reason, principle=PRINCIPLES[principle])


def _fans_list(counted, groups, win, points) -> list[dict]:
    merged: dict = {}
    for _unused, _scope, fan, shown in counted:
        merged.setdefault(fan, []).append(_shown(shown, groups, win))
    out = []
    for fan in sorted(merged, key=lambda f: (-points[f], f)):
        shown_lists = merged[fan]
        entry = _fan_head(FANS[fan])
        entry.update(
            points=points[fan],
            value=points[fan],
            count=len(shown_lists),
            total=points[fan] * len(shown_lists),
            melds=[m for ms in shown_lists for m in ms],
            instances=shown_lists,
        )
        out.append(entry)
    return out


def _excluded_list(excluded, groups, win, points) -> list[dict]:
    merged: dict = {}
    for fan, _scope, shown, by, principle in excluded:
        merged.setdefault((fan, by, principle), []).append(_shown(shown, groups, win))
    out = []
    for (fan, by, principle), shown_lists in merged.items():
        entry = _fan_head(FANS[fan])
        by_fan = FANS[by] if by is not None else None
        entry.update(
            points=points[fan],
            value=points[fan],
            by=by_fan.key if by_fan else None,
            by_zh=by_fan.zh if by_fan else None,
            by_en=by_fan.en if by_fan else None,
            by_zh_hant=by_fan.name["zh_hant"] if by_fan else None,
            principle=principle,
            principle_zh=PRINCIPLES[principle]["zh"],
            principle_en=PRINCIPLES[principle]["en"],
            principle_zh_hant=PRINCIPLES[principle]["zh_hant"],
            reason=_reason(FANS[fan], by_fan, principle),
            count=len(shown_lists),
            melds=[m for ms in shown_lists for m in ms],
        )
        out.append(entry)
    return out


def _reading_dict(r: Reading, groups: tuple) -> dict:
    name = SHAPES[r.shape]
    return {
        "shape": r.shape,
        "shape_zh": name["zh"],
        "shape_en": name["en"],
        "shape_zh_hant": name["zh_hant"],
        "melds": list(groups),
    }


def _group_entries(r: Reading, groups: tuple) -> list[dict]:
    """The reading's groups as results draw them: kind, tiles, whether declared, notation, caption."""
    if r.shape == shapes.SEVEN_PAIRS:
        kinds = [("pair", None)] * len(groups)
    elif r.shape in (shapes.THIRTEEN_ORPHANS, shapes.HONORS_KNITTED):
        kinds = [("pair" if r.tiles[t] == 2 else "single", None) for t in range(34) if r.tiles[t]]
    else:
        kinds = [("chow" if k == CHOW else "pung" if k == PUNG else "kong", d) for k, t, c, d in r.sets]
        if r.pattern >= 0:
            kinds.insert(0, ("knitted", None))
        kinds.append(("pair", None))
    out = []
    for text, (kind, meld) in zip(groups, kinds):
        melded = meld is not None
        concealed_kong = melded and meld.concealed
        out.append(
            {
                "kind": kind,
                "tiles": _group_object(text)["tiles"],
                "melded": melded,
                "concealed_kong": concealed_kong,
                "text": text,
                "label": group_label(kind, melded, concealed_kong),
            }
        )
    return out


_GROUP_OBJECTS: dict = {}


def _group_object(text: str) -> dict:
    """A fan's group as results draw it: its notation, its tiles, whether it is a declared meld (kept per text:
    the same few texts recur from hand to hand)."""
    found = _GROUP_OBJECTS.get(text)
    if found is None:
        tiles, melded = parse_group(text)
        found = _GROUP_OBJECTS[text] = {"text": text, "tiles": tuple(T.code(t) for t in tiles), "melded": melded}
    # A fresh dict and list each time: a caller may change its result without changing another's.
    return {"text": text, "tiles": list(found["tiles"]), "melded": found["melded"]}


def _fan_row(entry: dict, status: str, note: dict | None = None) -> dict:
    row = {
        "key": entry["key"],
        **{lang: entry[lang] for lang in LANGUAGES},
        "value": entry["points"],
        "count": entry["count"],
        "total": entry["points"] * entry["count"],
        "groups": [_group_object(m) for m in entry["melds"]],
        "status": status,
    }
    if note:
        row["note"] = note
    return row


def _steps(
    shape: dict, groups: list[dict], fans: list[dict], excluded: list[dict], total: int, own_points: int, flowers: int
) -> list[dict]:
    """shape → fans counted → 不计 (present, set aside, each with its reason) → total → minimum: what a player
    checks, in that order."""

    def sum_of(name: str) -> str:
        terms = [f"{f[name]} {f['points']}" + (f" × {f['count']}" if f["count"] > 1 else "") for f in fans]
        return " + ".join(terms) + f" = {total}"

    meets = own_points >= MINIMUM_POINTS
    own = (
        ngettext("{n} point without the flowers", "{n} points without the flowers", own_points, n=own_points, unit=UNIT)
        if flowers
        else ngettext("{n} point", "{n} points", own_points, n=own_points, unit=UNIT)
    )
    return [
        {
            "key": "shape",
            **STEP_NAME["shape"],
            "text": {lang: shape[f"shape_{lang}"] for lang in LANGUAGES},
            "groups": groups,
        },
        {"key": "fans", **STEP_NAME["fans"], "rows": [_fan_row(f, "counted") for f in fans]},
        {
            "key": "excluded",
            **STEP_NAME["excluded"],
            "rows": [_fan_row(x, "excluded", x["reason"]) for x in excluded],
            **({} if excluded else {"text": _("No fan is set aside.")}),
        },
        {"key": "total", **STEP_NAME["total"], "text": {lang: sum_of(lang) for lang in LANGUAGES}, "value": total},
        {
            "key": "minimum",
            **STEP_NAME["minimum"],
            "checks": [
                {
                    "key": "minimum",
                    **_("{own}; a win needs {minimum_points}", own=own, minimum_points=MINIMUM_POINTS, unit=UNIT),
                    "passed": meets,
                }
            ],
            "text": (
                {
                    **_(
                        "meets the {minimum_points}-point minimum: a legal win",
                        minimum_points=MINIMUM_POINTS,
                        unit=UNIT,
                    ),
                    "tone": "ok",
                }
                if meets
                else {
                    **_(
                        "below the {minimum_points}-point minimum: not a legal win",
                        minimum_points=MINIMUM_POINTS,
                        unit=UNIT,
                    ),
                    "tone": "bad",
                }
            ),
        },
    ]


def _result(hand, situation, prof, options, corrections) -> dict:
    best = options[0]
    win = hand.winning_tile
    total, counted, excluded = resolve(list(best.instances), prof, explain=True)
    groups = best.groups()
    fans = _fans_list(counted, groups, win, prof.points)
    flowers = situation.flowers
    if flowers:
        entry = _fan_head(FLOWER_TILES)
        entry.update(points=1, value=1, count=flowers, total=flowers, melds=[], instances=[])
        fans.append(entry)
    excluded_list = _excluded_list(excluded, groups, win, prof.points)
    reading = _reading_dict(best, groups)
    others = []
    for r in options[1:]:
        d = _reading_dict(r, r.groups())
        d["total"] = r.total
        d["fans"] = [FANS[f].key for f in sorted({c[2] for c in r.counted})]
        d["groups"] = [_group_object(m) for m in d["melds"]]
        others.append(d)
    items = [dict(f, groups=[_group_object(m) for m in f["melds"]]) for f in fans]
    return {
        "ok": True,
        "rules": prof.profile,
        "unit": UNIT,
        "item_name": ITEM_NAME,
        "hand": format_hand(hand),
        "winning_tile": T.code(win),
        "total": total + flowers,
        "points_without_flowers": total,
        "flowers": flowers,
        "minimum": MINIMUM_POINTS,
        "meets_minimum": total >= MINIMUM_POINTS,
        "fans": fans,
        "items": items,
        "excluded": excluded_list,
        "steps": _steps(reading, _group_entries(best, groups), fans, excluded_list, total + flowers, total, flowers),
        "reading": reading,
        "other_readings": others,
        "situation": situation.to_dict(),
        "corrections": corrections,
        "notes": corrections,
        "profile": prof.profile,
        "variants": prof.echo(),
    }


# ---------------------------------------------------------------- waits


def waits(hand: Hand, situation: Situation, prof) -> dict:
    """Every tile that completes a 13-tile hand, scored under the same situation."""
    in_sight = T.counts_of(hand.all_tiles())
    out = []
    dead = []
    for t in range(34):
        complete = hand.with_winning_tile(t)
        if in_sight[t] >= 4:
            if _is_win(complete, prof):
                dead.append(T.code(t))
            continue
        if not _is_win(complete, prof):
            continue
        result = score_hand(complete, situation, prof, strict=False)
        fans = [
            {"key": f["key"], **{lang: f[lang] for lang in LANGUAGES}, "points": f["points"], "count": f["count"]}
            for f in result["fans"]
        ]
        out.append(
            {
                "tile": T.code(t),
                **{f"tile_{lang}": text for lang, text in T.name(t).items()},
                "total": result["total"],
                "points_without_flowers": result["points_without_flowers"],
                "meets_minimum": result["meets_minimum"],
                "fans": fans,
                "items": [dict(f, value=f["points"], total=f["points"] * f["count"]) for f in fans],
                "shape": result["reading"]["shape"],
                "corrections": result["corrections"],
                "notes": result["notes"],
            }
        )
    return {
        "ok": True,
        "rules": prof.profile,
        "action": "waits",
        "unit": UNIT,
        "hand": format_hand(hand),
        "tenpai": bool(out),
        "minimum": MINIMUM_POINTS,
        "waits": out,
        "dead_waits": dead,
        "situation": situation.to_dict(),
        "profile": prof.profile,
        "variants": prof.echo(),
    }


def _is_win(hand: Hand, prof) -> bool:
    counts = hand.concealed_counts
    if shapes.standard_splits(counts) or (
        prof.knitted_straight_shape and shapes.knitted_straight_splits(counts, len(hand.melds))
    ):
        return True
    if hand.melds:
        return False
    return bool(
        shapes.seven_pairs(counts) or shapes.thirteen_orphans(counts) or shapes.honors_knitted(counts) is not None
    )
