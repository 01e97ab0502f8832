"""九江麻将 scoring, in the rule sheet's three steps:

  1 胡牌成立     the hand is four sets + a pair or seven pairs, and meets the table's requirements
  2 取最高番     of the patterns present, only the highest counts (patterns never add up)
  3 乘倍数并封顶 自摸 / 杠上开花 / 抢杠 ×2 once, then 庄家 ×2, then compare with the cap

The result carries a step trace with every number, so a page can replay the calculation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .. import decompose
from .. import tiles as T
from ..catalogue import LANGUAGES, Named, Text, _, pgettext
from ..description import description
from ..errors import SuanfanError
from ..fields import (
    BOOL,
    CHOICE,
    FLOWERS,
    INT,
    SELF_DRAWN,
    Choice,
    Field,
    LabelBy,
    action_field,
    read_section,
    section_info,
)
from ..glossary import SHAPES, count_en, group_label
from ..hand import KONG, PUNG, Hand, Meld
from ..notation import WAIT, WIN, format_hand, format_meld, format_tiles, parse
from ..request import check_keys, get_dict, get_hand_text

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..json_types import JSONDict

STANDARD, SEVEN_PAIRS = "standard", "seven_pairs"


# ---------------------------------------------------------------- table conventions (开桌约定)

# Each convention once: its range or choices, the rule sheet's default, its names. The request is read with these
# declarations and describe() hands them to the calculator, the lesson cards and the CLI.
TABLE = "table"
TABLE_FIELDS: tuple[Field, ...] = (
    Field(
        "base",
        INT,
        1,
        _("base"),
        _("Every value is in units of the base."),
        section=TABLE,
        low=1,
        high=1000,
    ),
    Field(
        "base_added",
        BOOL,
        False,
        _("add the base to the pattern"),
        _("The sheet's example 1 does: 1 + 2 = 3. A basic win counts the base alone, not twice."),
        section=TABLE,
    ),
    Field(
        "cap",
        INT,
        16,
        _("cap (fan)"),
        _("Leave empty for no cap."),
        section=TABLE,
        low=1,
        high=100000,
        nullable=True,
        null_label=_("no cap"),
    ),
    Field(
        "cap_rule",
        CHOICE,
        "fan",
        _("cap reading"),
        _('The sheet writes "16 fan / 5 times"; "5 times" is read here as five times the base.'),
        section=TABLE,
        choices=(
            Choice("fan", _("a number of fan")),
            Choice("five_times_base", _("five times the base")),
        ),
    ),
    Field(
        "cap_scales_with_base",
        BOOL,
        False,
        _("the cap scales with the base"),
        _(
            "The cap is a row of the sheet's table: on, the cap in fan is multiplied by the base too (base 2: 16 × 2 = 32)."
        ),
        section=TABLE,
    ),
    Field(
        "payment",
        CHOICE,
        "discarder",
        _("who pays on a discard"),
        section=TABLE,
        choices=(
            Choice("discarder", _("the discarder alone")),
            Choice("discarder_pays_all", _("the discarder pays for all three")),
        ),
    ),
    Field("dealer_double", BOOL, True, _("dealer doubles"), section=TABLE),
    Field(
        "quad_as_pairs",
        BOOL,
        True,
        _("four of a kind may be two pairs"),
        _("In seven pairs a quad counts as two pairs (luxury seven pairs)."),
        section=TABLE,
    ),
    Field(
        "extra_quad",
        CHOICE,
        "double",
        _("each further quad in luxury seven pairs"),
        section=TABLE,
        choices=(Choice("double", _("doubles")), Choice("plus4", _("adds 4 fan"))),
    ),
    Field("require_missing_suit", BOOL, False, _("must lack a suit"), section=TABLE),
    Field("min_flowers", INT, 0, _("minimum flowers"), section=TABLE, low=0, high=8),
)
TABLE_FIELD = {f.key: f for f in TABLE_FIELDS}


@dataclass(frozen=True)
class Table:
    """The conventions a table agrees before the first hand (TABLE_FIELDS say what each means and its default).

    base: 底番, every value is in units of it; base_added: add the base to the pattern fan (worked example 1 does,
    example 2 does not; 平胡 "只按底番核算" is the base alone either way); cap: 封顶 in fan, None = no cap;
    cap_rule: "fan" the cap as given, "five_times_base" the sheet's "5 倍" read as 5 × base; cap_scales_with_base:
    the cap in fan scales with the base like every other row of the sheet's table (off: it stays the number
    agreed); payment: 点炮 "discarder" 一家付 | "discarder_pays_all" 包三家; quad_as_pairs: four
    identical tiles may be two pairs of 七对 (and so make 豪华七对); extra_quad: each further quad in 豪华七对,
    "double" (8 → 16 → 32) | "plus4" (8 → 12 → 16); dealer_double: 庄家 ×2; require_missing_suit: 缺门, the hand
    must lack one of 万/饼/条; min_flowers: flowers the winner must have shown (request key `flowers`).
    """

    base: int
    base_added: bool
    cap: int | None
    cap_rule: str
    cap_scales_with_base: bool
    payment: str
    dealer_double: bool
    quad_as_pairs: bool
    extra_quad: str
    require_missing_suit: bool
    min_flowers: int

    @property
    def cap_value(self) -> int | None:
        if self.cap_rule == "five_times_base":
            return 5 * self.base  # already in units of the base: cap_scales_with_base has nothing to add
        if self.cap is None or not self.cap_scales_with_base:
            return self.cap
        return self.cap * self.base

    def cap_arithmetic(self) -> str | None:
        """How the cap was reached, when it is not simply the number agreed: "5 × 2", "16 × 2"."""
        if self.cap_rule == "five_times_base":
            return f"5 × {self.base}"
        if self.cap is not None and self.cap_scales_with_base and self.base != 1:
            return f"{self.cap} × {self.base}"
        return None

    def to_dict(self) -> JSONDict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def read_table(raw: JSONDict) -> Table:
    return Table(**read_section(raw, TABLE_FIELDS, TABLE))


DEFAULT_TABLE = read_table({})


# ---------------------------------------------------------------- patterns (番型)


@dataclass(frozen=True)
class Pattern(Named):
    key: str
    name: Text  # a text: 平胡 Basic win
    fan: int  # in units of the base; 豪华七对 with extra quads is raised by the table's extra_quad rule


PING_HU = Pattern("ping_hu", _("Basic win"), 1)
PENG_PENG_HU = Pattern("peng_peng_hu", _("All pungs"), 2)
HUN_YI_SE = Pattern("hun_yi_se", _("Half flush"), 3)
QI_DUI = Pattern("qi_dui", _("Seven pairs"), 4)
QING_YI_SE = Pattern("qing_yi_se", _("Full flush"), 6)
HAO_HUA_QI_DUI = Pattern("hao_hua_qi_dui", _("Luxury seven pairs"), 8)
PATTERNS = (PING_HU, PENG_PENG_HU, HUN_YI_SE, QI_DUI, QING_YI_SE, HAO_HUA_QI_DUI)


@dataclass(frozen=True)
class Reading:
    """One way to read the hand: its shape and its groups as (kind, tiles, meld): meld is the declared Meld the
    group is, None for a group of standing tiles."""

    shape: str
    groups: tuple[tuple[str, tuple[int, ...], Meld | None], ...]
    quads: int = 0  # seven pairs only: kinds held four times


def readings(hand: Hand, table: Table) -> list[Reading]:
    """Every legal reading: four sets + pair (melds fixed) and, with no melds, seven pairs."""
    meld_groups = tuple((m.kind, m.tiles, m) for m in hand.melds)
    concealed = hand.concealed_counts
    found = []
    for sets, pair in decompose.standard(concealed):
        groups = meld_groups + tuple(
            (kind, (t, t + 1, t + 2) if kind == decompose.CHOW else (t, t, t), None) for kind, t in sets
        )
        found.append(Reading(STANDARD, groups + (("pair", (pair, pair), None),)))
    if not hand.melds:
        quads = decompose.seven_pairs_quads(concealed, table.quad_as_pairs)
        if quads is not None:
            pairs = []
            for t in range(T.NUM_KINDS):
                pairs.extend([("pair", (t, t), None)] * (concealed[t] // 2))
            found.append(Reading(SEVEN_PAIRS, tuple(pairs), quads))
    return found


def suit_profile(hand: Hand) -> tuple[set[str], bool]:
    """The suits the hand uses and whether it has honors."""
    every = hand.all_tiles()
    return {suit for t in every if (suit := T.suit_of(t)) is not None}, any(T.is_honor(t) for t in every)


MOST_QUADS = 3  # seven pairs in 14 tiles: at most three quads and a pair


def luxury_pattern(quads: int, table: Table) -> Pattern:
    """豪华七对 with this many quads, its fan raised for each further quad by the table's extra_quad rule."""
    extra = quads - 1
    fan = HAO_HUA_QI_DUI.fan * 2**extra if table.extra_quad == "double" else HAO_HUA_QI_DUI.fan + 4 * extra
    return Pattern(HAO_HUA_QI_DUI.key, HAO_HUA_QI_DUI.name, fan)


def possible_patterns(table: Table) -> list[Pattern]:
    """Every pattern a hand can score at this table, with its value (a score sheet's pattern column is one of
    these): the sheet's six, 豪华七对 with two or three quads, and no 豪华七对 when quads may not be pairs."""
    found = [p for p in PATTERNS if p.key != HAO_HUA_QI_DUI.key]
    if table.quad_as_pairs:
        found += [luxury_pattern(quads, table) for quads in range(1, MOST_QUADS + 1)]
    return found


def patterns_of(reading: Reading, hand: Hand, table: Table) -> list[Pattern]:
    """The patterns this reading shows, each with its value under the table's conventions."""
    suits, has_honors = suit_profile(hand)
    found: list[Pattern] = []
    if reading.shape == SEVEN_PAIRS:
        found.append(QI_DUI)
        if reading.quads:
            found.append(luxury_pattern(reading.quads, table))
    elif all(kind in (PUNG, KONG, "pair") for kind, _tiles, _meld in reading.groups):
        found.append(PENG_PENG_HU)
    if len(suits) == 1 and not has_honors:
        found.append(QING_YI_SE)
    elif len(suits) == 1 and has_honors:
        found.append(HUN_YI_SE)
    if reading.shape == STANDARD and not found:
        found.append(PING_HU)  # 平胡 is the plain win: four sets and a pair with no other pattern
    return found


# ---------------------------------------------------------------- the request

NAME = _("Jiujiang table rules")
UNIT = pgettext("unit", "fan")
ITEM_NAME = _("pattern")
SITUATION_FIELDS: tuple[Field, ...] = (
    action_field(("score", "waits", "analyse")),
    SELF_DRAWN,
    Field(
        "kong",
        BOOL,
        False,
        _("win on a kong replacement / robbing a kong"),
        _("With self-draw it is a win on a kong replacement, otherwise robbing a kong."),
        label_by=LabelBy("self_drawn", ((True, _("win on a kong replacement")), (False, _("robbing a kong")))),
    ),
    Field("dealer", BOOL, False, _("dealer")),
    FLOWERS,
)
SITUATION_FIELD = {f.key: f for f in SITUATION_FIELDS}
REQUEST_KEYS = ("hand", "rules", *SITUATION_FIELD, TABLE)


@dataclass(frozen=True)
class Situation:
    self_drawn: bool = False
    kong: bool = False  # 杠上开花 when self-drawn, 抢杠 when won on a discard
    dealer: bool = False
    flowers: int = 0

    def to_dict(self) -> JSONDict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def read_situation(request: JSONDict) -> Situation:
    """The request's situation as its fields read it (the action is not part of it)."""
    return Situation(**{f.key: f.read(request) for f in SITUATION_FIELDS if f.key != "action"})


def handle_request(request: JSONDict) -> JSONDict:
    check_keys(request, REQUEST_KEYS)
    action = SITUATION_FIELD["action"].read(request)
    situation = read_situation(request)
    table = read_table(get_dict(request, TABLE))
    text = get_hand_text(request)
    if action == "analyse":
        return analyse_request(text, situation, table)
    if action == "waits":
        return waits(parse(text, expect=WAIT), situation, table)
    return score(parse(text, expect=WIN), situation, table)


def analyse_request(text: str, situation: Situation, table: Table) -> JSONDict:
    """`action: "analyse"`: hand reading (suanfan.reading) at this table, self-drawn or not, dealer or not; a
    kong describes one particular win and is set aside."""
    from ..reading.analyse import answer
    from .reading import reader

    set_aside = (SITUATION_FIELD["kong"],) if situation.kong else ()
    ahead = replace(situation, kong=False)
    result = answer(reader(ahead, table), text, set_aside)
    return {
        **result,
        "rules": "jiujiang",
        "unit": UNIT,
        "minimum": None,
        "situation": ahead.to_dict(),
        "table": table.to_dict(),
    }


def describe(**more: Any) -> JSONDict:
    """more: what else the description carries (rulesets.py adds the practice topics and the score sheet's row)."""
    return description(
        rules="jiujiang",
        name=NAME,
        unit=UNIT,
        fields=SITUATION_FIELDS + TABLE_FIELDS,
        sections=[
            section_info(
                TABLE,
                _("Table conventions"),
                _("What the four players agree before the first hand; the defaults are the rule sheet's."),
            )
        ],
        steps=STEPS,
        items_name=ITEM_NAME,
        items=[{"key": p.key, **p.name, "value": p.fan} for p in PATTERNS],
        parts=("total", "items", "excluded", "steps", "notes", "payments"),
        **more,
    )


# ---------------------------------------------------------------- the three steps

STEPS = (
    ("legal_win", _("Is it a win?")),
    ("highest_pattern", _("Take the highest pattern")),
    ("multiply_and_cap", _("Multiply, then cap")),
)
STEP_NAME = dict(STEPS)


def _group_dict(kind: str, group_tiles: Sequence[int], meld: Meld | None) -> JSONDict:
    """One group of a reading: its kind, tiles, whether it is a declared meld (a concealed kong is one too), its
    notation and its caption."""
    melded = meld is not None
    concealed_kong = meld is not None and meld.concealed
    return {
        "kind": kind,
        "tiles": [T.code(t) for t in group_tiles],
        "melded": melded,
        "concealed_kong": concealed_kong,
        "text": format_meld(meld) if meld is not None else format_tiles(group_tiles),
        "label": group_label(kind, melded, concealed_kong),
    }


def _pattern_dict(p: Pattern, table: Table) -> JSONDict:
    return {"key": p.key, **p.name, "fan": p.fan, "value": p.fan * table.base}


def check_situation(hand: Hand, situation: Situation) -> None:
    """An impossible situation is an error, whatever the winning tile."""
    if situation.self_drawn and situation.kong and not any(m.kind == KONG for m in hand.melds):
        raise SuanfanError(
            "contradiction",
            reason=_("a win on a kong replacement needs a kong, and this hand has none."),
        )


def situation_notes(hand: Hand, situation: Situation) -> list[JSONDict]:
    """A doubtful situation is scored as asked, with a stated note."""
    notes = []
    win = hand.winning_tile
    if situation.kong and not situation.self_drawn and win is not None and hand.all_tiles().count(win) > 1:
        # The robbed player holds three copies and adds the fourth: the winner can hold no other copy.
        # The rule sheet's own worked example 2 (七对 抢杠) is such a hand, so this is a note, not an error.
        notes.append(
            {
                "key": "robbed_tile_held",
                **_(
                    "The robbed tile's other three copies are in the kong being added, so the winner cannot hold another one; scored as asked, noted here."
                ),
            }
        )
    return notes


def flower_check(situation: Situation, table: Table) -> JSONDict | None:
    """The table's minimum of flowers: its check when the table has one (raises when the winner has too few)."""
    if not table.min_flowers:
        return None
    passed = situation.flowers >= table.min_flowers
    if not passed:
        raise SuanfanError(
            "table_requirement",
            reason=_(
                "this table requires {flowers2}; the winner has {flowers}.",
                min_flowers=table.min_flowers,
                flowers=situation.flowers,
                flowers2=count_en(table.min_flowers, "flower", "flowers"),
            ),
        )
    return {
        "key": "flowers",
        **_(
            "at least {flowers}",
            min_flowers=table.min_flowers,
            flowers=count_en(table.min_flowers, "flower", "flowers"),
        ),
        "passed": True,
    }


def _cap_text(before_cap: int, cap: int | None, capped: bool, how: str | None = None) -> JSONDict:
    if cap is None:
        return _("no cap")
    shown = f"{cap}({how})" if how else f"{cap}"
    shown_en = f"{cap} ({how})" if how else f"{cap}"
    if capped:
        return {
            **_(
                "{before_cap} is over the cap of {shown}: counts as {cap}",
                before_cap=before_cap,
                shown={"zh": shown, "en": shown_en},
                cap=cap,
            ),
            "tone": "warn",
        }
    return _("{before_cap} is under the cap of {shown}", before_cap=before_cap, shown={"zh": shown, "en": shown_en})


def score(hand: Hand, situation: Situation, table: Table) -> JSONDict:
    # Step 1: a legal win (in a possible situation) and the table's requirements.
    check_situation(hand, situation)
    notes = situation_notes(hand, situation)
    options = readings(hand, table)
    if not options:
        raise SuanfanError("not_a_win")
    win = hand.winning_tile
    assert win is not None  # a hand with a reading is complete
    suits, _unused = suit_profile(hand)
    checks = [{"key": "shape", **_("winning shape"), "passed": True}]
    if table.require_missing_suit:
        if len(suits) == 3:
            raise SuanfanError(
                "table_requirement",
                reason=_("this table requires a missing suit; the hand has all three suits."),
            )
        checks.append({"key": "missing_suit", **_("lacks a suit"), "passed": True})
    flowers_met = flower_check(situation, table)
    if flowers_met:
        checks.append(flowers_met)

    # Step 2: the highest pattern over every reading; the others stay on record as also present.
    best, best_reading, present = highest_pattern(options, hand, table)
    if len(present) > 1:
        # 平胡 is the basic win *without* a compound pattern (the sheet): a hand that shows one in any reading
        # (a four-sets reading beside 七对) does not also show 平胡
        present.pop(PING_HU.key, None)
    fan, arithmetic, arithmetic_text = start_value(best, table)
    patterns = [
        dict(_pattern_dict(p, table), chosen=p.key == best.key) for p in sorted(present.values(), key=lambda p: -p.fan)
    ]

    # Step 3: multipliers in the fixed order, then the cap.
    multipliers, value, cap, capped, total = multiply_and_cap(fan, situation, table)

    groups = [_group_dict(*g) for g in best_reading.groups]
    shape = SHAPES[best_reading.shape]
    chain = [{**_("start"), "after": fan}]
    chain += [
        {**{lang: m[lang] for lang in LANGUAGES}, "factor": m["factor"], "after": m["after"]} for m in multipliers
    ]
    if not multipliers:
        no_multiplier: dict[str, object] = {**_("no multiplier")}
        chain.append(no_multiplier)
    steps = [
        {
            "key": "legal_win",
            **STEP_NAME["legal_win"],
            "shape": best_reading.shape,
            **{f"shape_{lang}": text for lang, text in shape.items()},
            "text": shape,
            "groups": groups,
            "checks": checks,
        },
        {
            "key": "highest_pattern",
            **STEP_NAME["highest_pattern"],
            "patterns": patterns,
            "chosen": best.key,
            "base": table.base,
            "base_added": table.base_added,
            "rows": [_pattern_row(p, table) for p in patterns],
            "arithmetic": arithmetic,
            "text": arithmetic_text,
            "value": fan,
        },
        {
            "key": "multiply_and_cap",
            **STEP_NAME["multiply_and_cap"],
            "start": fan,
            "multipliers": multipliers,
            "before_cap": value,
            "chain": chain,
            "cap": cap,
            "capped": capped,
            "text": _cap_text(value, cap, capped, table.cap_arithmetic()),
            "value": total,
        },
    ]
    pattern = _pattern_dict(best, table)
    return {
        "ok": True,
        "rules": "jiujiang",
        "unit": UNIT,
        "item_name": ITEM_NAME,
        "hand": format_hand(hand),
        "winning_tile": T.code(win),
        "shape": best_reading.shape,
        "pattern": pattern,
        "patterns": patterns,
        "items": [dict(pattern, count=1, total=pattern["value"], groups=groups)],
        "excluded": [_excluded_pattern(p, best, table) for p in patterns if not p["chosen"]],
        "multipliers": multipliers,
        "before_cap": value,
        "cap": cap,
        "capped": capped,
        "total": total,
        "payments": payments(total, situation, table),
        "steps": steps,
        "table": table.to_dict(),
        "notes": notes,
        "situation": situation.to_dict(),
    }


def highest_pattern(options: list[Reading], hand: Hand, table: Table) -> tuple[Pattern, Reading, JSONDict]:
    """Over every reading: (the highest pattern, the reading that shows it, every pattern present by key at its
    highest value)."""
    best_reading: Reading | None = None
    best: Pattern | None = None
    present: dict[str, Pattern] = {}
    for reading in options:
        for p in patterns_of(reading, hand, table):
            if p.key not in present or p.fan > present[p.key].fan:
                present[p.key] = p
            if best is None or p.fan > best.fan:
                best, best_reading = p, reading
    assert best is not None and best_reading is not None  # every reading of a win shows a pattern (平胡 at least)
    return best, best_reading, present


def start_value(best: Pattern, table: Table) -> tuple[int, str, JSONDict]:
    """Step 2's number: the chosen pattern's value in units of the base (with the base added where the table
    adds it), the arithmetic as written ("1 + 2 = 3") and that sentence in words."""
    pattern_value = best.fan * table.base
    # 平胡 "只按底番核算": its one fan is the base itself, so adding the base would count it twice.
    adds_base = table.base_added and best.key != PING_HU.key
    fan = pattern_value + (table.base if adds_base else 0)
    if adds_base:
        arithmetic = f"{table.base} + {pattern_value} = {fan}"
        arithmetic_text = _("base added to the pattern: {arithmetic}", arithmetic=arithmetic)
    elif table.base_added:
        arithmetic = f"{fan}"
        arithmetic_text = _("a basic win counts the base alone; it is not added again: {fan}", fan=fan)
    else:
        arithmetic = f"{best.fan} × {table.base} = {fan}" if table.base != 1 else f"{fan}"
        arithmetic_text = _("value: {arithmetic}", arithmetic=arithmetic)
    return fan, arithmetic, arithmetic_text


def multiply_and_cap(fan: int, situation: Situation, table: Table) -> tuple[list[JSONDict], int, int | None, bool, int]:
    """Step 3: the multipliers in their fixed order, then the cap. -> (multipliers, before cap, cap, capped, total)."""
    multipliers = []
    value = fan
    win_factor = _win_multiplier(situation)
    if win_factor:
        value *= 2
        multipliers.append(dict(win_factor, factor=2, after=value))
    if situation.dealer and table.dealer_double:
        value *= 2
        multipliers.append({"key": "dealer", **MULTIPLIER_NAMES["dealer"], "factor": 2, "after": value})
    cap = table.cap_value
    capped = cap is not None and value > cap
    total = cap if capped and cap is not None else value
    return multipliers, value, cap, capped, total


def _pattern_row(p: JSONDict, table: Table) -> JSONDict:
    row = {
        "key": p["key"],
        **{lang: p[lang] for lang in LANGUAGES},
        "value": p["value"],
        "status": "counted" if p["chosen"] else "not_added",
    }
    if table.base != 1:
        row["note"] = _("{fan} fan × base {base}", fan=p["fan"], base=table.base)
    return row


def _excluded_pattern(p: JSONDict, best: Pattern, table: Table) -> JSONDict:
    """A pattern also present but not added: only the highest counts (the sheet's step 2)."""
    return {
        "key": p["key"],
        **{lang: p[lang] for lang in LANGUAGES},
        "fan": p["fan"],
        "value": p["value"],
        "by": best.key,
        **{f"by_{lang}": text for lang, text in best.name.items()},
        "reason": _(
            "patterns do not add up; only the highest, {best} ({fan} fan), counts.", best=best.name, fan=best.fan
        ),
    }


# A multiplier is named as the situation field that calls for it is (kong: 杠上开花 when self-drawn, 抢杠 when not).
_KONG_LABELS = SITUATION_FIELD["kong"].label_by
assert _KONG_LABELS is not None  # kong is named by self_drawn: 杠上开花 or 抢杠
_KONG_CASES = dict(_KONG_LABELS.labels)
MULTIPLIER_NAMES = {
    "kong_bloom": _KONG_CASES[True],
    "self_drawn": SELF_DRAWN.label,
    "robbing_kong": _KONG_CASES[False],
    "dealer": SITUATION_FIELD["dealer"].label,
}


def _win_multiplier(situation: Situation) -> JSONDict | None:
    """The one ×2 for how the hand was won: 杠上开花 is a kind of 自摸, so they never stack."""
    if situation.self_drawn and situation.kong:
        key = "kong_bloom"
    elif situation.self_drawn:
        key = "self_drawn"
    elif situation.kong:
        key = "robbing_kong"
    else:
        return None
    return {"key": key, **MULTIPLIER_NAMES[key]}


def payments(total: int, situation: Situation, table: Table) -> JSONDict:
    """Who pays the winner: separate from the fan count, as the rule sheet insists. Each payer says how they pay
    (zh, en: "the discarder alone") and who they are (role: "the discarder"), for sentences that say the how
    themselves."""
    if situation.self_drawn:
        payers = [
            {
                "who": "each_other",
                **_("each of the other three"),
                "role": _("each of the other three players"),
                "players": 3,
                "amount": total,
            }
        ]
        return {"mode": "self_drawn", "payers": payers, "winner_receives": 3 * total}
    robbed = situation.kong
    who, role = ("robbed_player", _("the player robbed of the kong")) if robbed else ("discarder", _("the discarder"))
    if table.payment == "discarder_pays_all":
        payers = [
            {
                "who": who,
                **_("{role}, for all three players", role=role),
                "role": role,
                "players": 1,
                "amount": 3 * total,
            }
        ]
        return {"mode": "discarder_pays_all", "payers": payers, "winner_receives": 3 * total}
    payers = [{"who": who, **_("{role} alone", role=role), "role": role, "players": 1, "amount": total}]
    return {"mode": "discarder", "payers": payers, "winner_receives": total}


# ---------------------------------------------------------------- waits


def waits(hand: Hand, situation: Situation, table: Table) -> JSONDict:
    """Every tile that completes a 13-tile hand, scored under the same situation and table.

    A tile whose four copies are all in sight completes the shape but cannot be won: a dead wait.
    A tile that completes the shape but not the table's requirements (缺门) is no winning tile here."""
    check_situation(hand, situation)
    in_sight = T.counts_of(hand.all_tiles())
    out, dead = [], []
    for t in range(T.NUM_KINDS):
        complete = hand.with_winning_tile(t)
        if not readings(complete, table):
            continue
        if in_sight[t] >= 4:
            dead.append(T.code(t))
            continue
        try:
            result = score(complete, situation, table)
        except SuanfanError as err:
            if err.code == "table_requirement":
                continue
            raise
        out.append(
            {
                "tile": T.code(t),
                **{f"tile_{lang}": text for lang, text in T.name(t).items()},
                "total": result["total"],
                "pattern": result["pattern"],
                "items": result["items"],
                "notes": result["notes"],
            }
        )
    return {
        "ok": True,
        "rules": "jiujiang",
        "action": "waits",
        "unit": UNIT,
        "hand": format_hand(hand),
        "tenpai": bool(out),
        "waits": out,
        "dead_waits": dead,
        "situation": situation.to_dict(),
        "table": table.to_dict(),
    }
