"""九江麻将 scoring, in the rule sheet's three steps:

  1 胡牌成立     the hand is four sets + a pair or seven pairs, and meets the table's requirements
  2 取最高番     of the patterns present, only the highest counts (patterns never add up)
  3 乘倍数并封顶 自摸 / 杠上开花 / 抢杠 ×2 once, then 庄家 ×2, then compare with the cap

The result carries a step trace with every number, so a page can replay the calculation.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import decompose
from . import tiles as T
from .errors import SuanfanError
from .hand import KONG, PUNG, Hand
from .notation import WIN, format_hand, parse
from .request import check_keys, get_bool, get_choice, get_dict, get_hand_text, get_int

STANDARD, SEVEN_PAIRS = "standard", "seven_pairs"
SHAPE_NAMES = {
    STANDARD: ("四组面子加一对将", "four sets and a pair"),
    SEVEN_PAIRS: ("七对", "seven pairs"),
}


# ---------------------------------------------------------------- table conventions (开桌约定)

@dataclass(frozen=True)
class Table:
    """The conventions a table agrees before the first hand. Defaults are the rule sheet's."""

    base: int = 1                   # 底番: every value is in units of it
    base_added: bool = False        # add the base to the pattern fan (worked example 1 does, example 2 does not)
    cap: int | None = 16            # 封顶 in fan; None = no cap
    cap_rule: str = "fan"           # "fan": cap as given; "five_times_base": the sheet's "5 倍" = 5 × base
    payment: str = "discarder"      # 点炮: "discarder" 一家付 | "discarder_pays_all" 包三家
    quad_as_pairs: bool = True      # four identical tiles may be two pairs of 七对 (and so make 豪华七对)
    extra_quad: str = "double"      # each further quad in 豪华七对: "double" (8 → 16 → 32) | "plus4" (8 → 12 → 16)
    dealer_double: bool = True      # 庄家 ×2 when the winner is the dealer
    require_missing_suit: bool = False  # 缺门: the hand must lack at least one of 万/饼/条
    min_flowers: int = 0            # flowers the winner must have shown (request key `flowers`)

    @property
    def cap_value(self) -> int | None:
        if self.cap_rule == "five_times_base":
            return 5 * self.base
        return self.cap

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


TABLE_KEYS = tuple(Table.__dataclass_fields__)

# What pages call each convention and each choice (zh, en): declared once, beside the conventions themselves,
# so the calculator's form and the lesson cards name them alike.
TABLE_NAMES = {
    "base": ("底番", "base"),
    "base_added": ("底番加到番型上", "add the base to the pattern"),
    "cap": ("封顶", "cap"),
    "cap_rule": ("封顶口径", "cap reading"),
    "payment": ("算炮", "who pays on a discard"),
    "quad_as_pairs": ("四张同牌可拆两对", "four of a kind may be two pairs"),
    "extra_quad": ("豪华七对多一组四张", "each further quad in luxury seven pairs"),
    "dealer_double": ("庄家加倍", "dealer doubles"),
    "require_missing_suit": ("须缺一门", "must lack a suit"),
    "min_flowers": ("至少几张花", "minimum flowers"),
}
CHOICE_NAMES = {
    "cap_rule": {"fan": ("按番数", "a number of fan"), "five_times_base": ("5 倍底番", "five times the base")},
    "payment": {"discarder": ("一家付", "the discarder alone"),
                "discarder_pays_all": ("包三家", "the discarder pays for all three")},
    "extra_quad": {"double": ("翻倍", "doubles"), "plus4": ("加 4 番", "adds 4 fan")},
}


def read_table(raw: dict) -> Table:
    check_keys(raw, TABLE_KEYS, where="table.")
    d = Table()
    w = "table."
    return Table(
        base=get_int(raw, "base", d.base, 1, 1000, where=w),
        base_added=get_bool(raw, "base_added", d.base_added, where=w),
        cap=get_int(raw, "cap", d.cap, 1, 100000, where=w, allow_none=True),
        cap_rule=get_choice(raw, "cap_rule", d.cap_rule, ("fan", "five_times_base"), where=w),
        payment=get_choice(raw, "payment", d.payment, ("discarder", "discarder_pays_all"), where=w),
        quad_as_pairs=get_bool(raw, "quad_as_pairs", d.quad_as_pairs, where=w),
        extra_quad=get_choice(raw, "extra_quad", d.extra_quad, ("double", "plus4"), where=w),
        dealer_double=get_bool(raw, "dealer_double", d.dealer_double, where=w),
        require_missing_suit=get_bool(raw, "require_missing_suit", d.require_missing_suit, where=w),
        min_flowers=get_int(raw, "min_flowers", d.min_flowers, 0, 8, where=w),
    )


# ---------------------------------------------------------------- patterns (番型)

@dataclass(frozen=True)
class Pattern:
    key: str
    zh: str
    en: str
    fan: int   # in units of the base; 豪华七对 with extra quads is raised by the table's extra_quad rule


PING_HU = Pattern("ping_hu", "平胡", "Basic win", 1)
PENG_PENG_HU = Pattern("peng_peng_hu", "碰碰胡", "All pungs", 2)
HUN_YI_SE = Pattern("hun_yi_se", "混一色", "Half flush", 3)
QI_DUI = Pattern("qi_dui", "七对", "Seven pairs", 4)
QING_YI_SE = Pattern("qing_yi_se", "清一色", "Full flush", 6)
HAO_HUA_QI_DUI = Pattern("hao_hua_qi_dui", "豪华七对", "Luxury seven pairs", 8)
PATTERNS = (PING_HU, PENG_PENG_HU, HUN_YI_SE, QI_DUI, QING_YI_SE, HAO_HUA_QI_DUI)


@dataclass(frozen=True)
class Reading:
    """One way to read the hand: its shape and its groups as (kind, tiles, from_meld)."""

    shape: str
    groups: tuple[tuple[str, tuple[int, ...], bool], ...]
    quads: int = 0   # seven pairs only: kinds held four times


def readings(hand: Hand, table: Table) -> list[Reading]:
    """Every legal reading: four sets + pair (melds fixed) and, with no melds, seven pairs."""
    meld_groups = tuple((m.kind, m.tiles, True) for m in hand.melds)
    concealed = hand.concealed_counts
    found = []
    for sets, pair in decompose.standard(concealed):
        groups = meld_groups + tuple(
            (kind, (t, t + 1, t + 2) if kind == decompose.CHOW else (t, t, t), False) for kind, t in sets)
        found.append(Reading(STANDARD, groups + (("pair", (pair, pair), False),)))
    if not hand.melds:
        quads = decompose.seven_pairs_quads(concealed, table.quad_as_pairs)
        if quads is not None:
            pairs = []
            for t in range(T.NUM_KINDS):
                pairs.extend([("pair", (t, t), False)] * (concealed[t] // 2))
            found.append(Reading(SEVEN_PAIRS, tuple(pairs), quads))
    return found


def suit_profile(hand: Hand) -> tuple[set[str], bool]:
    """The suits the hand uses and whether it has honors."""
    every = hand.all_tiles()
    return {T.suit_of(t) for t in every if T.is_suited(t)}, any(T.is_honor(t) for t in every)


def patterns_of(reading: Reading, hand: Hand, table: Table) -> list[Pattern]:
    """The patterns this reading shows, each with its value under the table's conventions."""
    suits, has_honors = suit_profile(hand)
    found: list[Pattern] = []
    if reading.shape == SEVEN_PAIRS:
        found.append(QI_DUI)
        if reading.quads:
            extra = reading.quads - 1
            fan = HAO_HUA_QI_DUI.fan * 2 ** extra if table.extra_quad == "double" else HAO_HUA_QI_DUI.fan + 4 * extra
            found.append(Pattern(HAO_HUA_QI_DUI.key, HAO_HUA_QI_DUI.zh, HAO_HUA_QI_DUI.en, fan))
    elif all(kind in (PUNG, KONG, "pair") for kind, _, _ in reading.groups):
        found.append(PENG_PENG_HU)
    if len(suits) == 1 and not has_honors:
        found.append(QING_YI_SE)
    elif len(suits) == 1 and has_honors:
        found.append(HUN_YI_SE)
    if reading.shape == STANDARD and not found:
        found.append(PING_HU)   # 平胡 is the plain win: four sets and a pair with no other pattern
    return found


# ---------------------------------------------------------------- the request

SITUATION_KEYS = ("hand", "rules", "self_drawn", "kong", "dealer", "table", "flowers", "action")


@dataclass(frozen=True)
class Situation:
    self_drawn: bool = False
    kong: bool = False      # 杠上开花 when self-drawn, 抢杠 when won on a discard
    dealer: bool = False
    flowers: int = 0


def handle_request(request: dict) -> dict:
    check_keys(request, SITUATION_KEYS)
    get_choice(request, "action", "score", ("score",))  # 九江 has no waits analysis
    table = read_table(get_dict(request, "table"))
    situation = Situation(
        self_drawn=get_bool(request, "self_drawn", False),
        kong=get_bool(request, "kong", False),
        dealer=get_bool(request, "dealer", False),
        flowers=get_int(request, "flowers", 0, 0, 8),
    )
    hand = parse(get_hand_text(request), expect=WIN)
    return score(hand, situation, table)


# ---------------------------------------------------------------- the three steps

def _group_dict(kind: str, group_tiles, from_meld: bool) -> dict:
    return {"kind": kind, "tiles": [T.code(t) for t in group_tiles], "melded": from_meld}


def _pattern_dict(p: Pattern, table: Table) -> dict:
    return {"key": p.key, "zh": p.zh, "en": p.en, "fan": p.fan, "value": p.fan * table.base}


def situation_notes(hand: Hand, situation: Situation) -> list[dict]:
    """Check the situation against the hand: an impossible one is an error, a doubtful one a stated note."""
    if situation.self_drawn and situation.kong and not any(m.kind == KONG for m in hand.melds):
        raise SuanfanError("contradiction", reason_zh="杠上开花要先开杠,这手牌里没有杠。",
                           reason_en="a win on a kong replacement needs a kong, and this hand has none.")
    notes = []
    if situation.kong and not situation.self_drawn and hand.all_tiles().count(hand.winning_tile) > 1:
        # The robbed player holds three copies and adds the fourth: the winner can hold no other copy.
        # The rule sheet's own worked example 2 (七对 抢杠) is such a hand, so this is a note, not an error.
        notes.append({"key": "robbed_tile_held",
                      "zh": "抢杠的那张牌,别人已有三张加一张,胡牌者手里不可能还有同样的牌;这里照算,仅作提示。",
                      "en": "The robbed tile's other three copies are in the kong being added, so the winner "
                            "cannot hold another one; scored as asked, noted here."})
    return notes


def score(hand: Hand, situation: Situation, table: Table) -> dict:
    # Step 1: a legal win (in a possible situation) and the table's requirements.
    notes = situation_notes(hand, situation)
    options = readings(hand, table)
    if not options:
        raise SuanfanError("not_a_win")
    suits, _ = suit_profile(hand)
    checks = [{"key": "shape", "zh": "牌型成立", "en": "winning shape", "passed": True}]
    if table.require_missing_suit:
        passed = len(suits) < 3
        checks.append({"key": "missing_suit", "zh": "缺门", "en": "lacks a suit", "passed": passed})
        if not passed:
            raise SuanfanError("table_requirement", reason_zh="本桌要求缺一门,这手牌万饼条三门都有。",
                               reason_en="this table requires a missing suit; the hand has all three suits.")
    if table.min_flowers:
        passed = situation.flowers >= table.min_flowers
        checks.append({"key": "flowers", "zh": f"花牌至少 {table.min_flowers} 张",
                       "en": f"at least {table.min_flowers} flowers", "passed": passed})
        if not passed:
            raise SuanfanError("table_requirement",
                               reason_zh=f"本桌要求至少 {table.min_flowers} 张花牌,现有 {situation.flowers} 张。",
                               reason_en=f"this table requires {table.min_flowers} flowers; "
                                         f"the winner has {situation.flowers}.")

    # Step 2: the highest pattern over every reading; the others stay on record as also present.
    best_reading, best, present = None, None, {}
    for reading in options:
        for p in patterns_of(reading, hand, table):
            if p.key not in present or p.fan > present[p.key].fan:
                present[p.key] = p
            if best is None or p.fan > best.fan:
                best, best_reading = p, reading
    pattern_value = best.fan * table.base
    fan = pattern_value + (table.base if table.base_added else 0)
    if table.base_added:
        arithmetic = f"{table.base} + {pattern_value} = {fan}"
    else:
        arithmetic = f"{best.fan} × {table.base} = {fan}" if table.base != 1 else f"{fan}"

    # Step 3: multipliers in the fixed order, then the cap.
    multipliers = []
    value = fan
    win_factor = _win_multiplier(situation)
    if win_factor:
        value *= 2
        multipliers.append(dict(win_factor, factor=2, after=value))
    if situation.dealer and table.dealer_double:
        value *= 2
        multipliers.append({"key": "dealer", "zh": "庄家", "en": "dealer", "factor": 2, "after": value})
    cap = table.cap_value
    capped = cap is not None and value > cap
    total = cap if capped else value

    shape_zh, shape_en = SHAPE_NAMES[best_reading.shape]
    steps = [
        {"key": "legal_win", "zh": "胡牌成立", "en": "Is it a win?",
         "shape": best_reading.shape, "shape_zh": shape_zh, "shape_en": shape_en,
         "groups": [_group_dict(*g) for g in best_reading.groups],
         "checks": checks},
        {"key": "highest_pattern", "zh": "取最高番", "en": "Take the highest pattern",
         "patterns": [dict(_pattern_dict(p, table), chosen=p.key == best.key)
                      for p in sorted(present.values(), key=lambda p: -p.fan)],
         "chosen": best.key, "base": table.base, "base_added": table.base_added,
         "arithmetic": arithmetic, "value": fan},
        {"key": "multiply_and_cap", "zh": "乘倍数并封顶", "en": "Multiply, then cap",
         "start": fan, "multipliers": multipliers, "before_cap": value,
         "cap": cap, "capped": capped, "value": total},
    ]
    return {
        "ok": True,
        "rules": "jiujiang",
        "hand": format_hand(hand),
        "winning_tile": T.code(hand.winning_tile),
        "shape": best_reading.shape,
        "pattern": _pattern_dict(best, table),
        "patterns": steps[1]["patterns"],
        "multipliers": multipliers,
        "before_cap": value,
        "cap": cap,
        "capped": capped,
        "total": total,
        "payments": payments(total, situation, table),
        "steps": steps,
        "table": table.to_dict(),
        "notes": notes,
        "situation": {"self_drawn": situation.self_drawn, "kong": situation.kong,
                      "dealer": situation.dealer, "flowers": situation.flowers},
    }


def _win_multiplier(situation: Situation) -> dict | None:
    """The one ×2 for how the hand was won: 杠上开花 is a kind of 自摸, so they never stack."""
    if situation.self_drawn and situation.kong:
        return {"key": "kong_bloom", "zh": "杠上开花", "en": "win on a kong replacement"}
    if situation.self_drawn:
        return {"key": "self_drawn", "zh": "自摸", "en": "self-drawn"}
    if situation.kong:
        return {"key": "robbing_kong", "zh": "抢杠", "en": "robbing a kong"}
    return None


def payments(total: int, situation: Situation, table: Table) -> dict:
    """Who pays the winner: separate from the fan count, as the rule sheet insists."""
    if situation.self_drawn:
        payers = [{"who": "each_other", "zh": "其余三家各付", "en": "each of the other three",
                   "players": 3, "amount": total}]
        return {"mode": "self_drawn", "payers": payers, "winner_receives": 3 * total}
    robbed = situation.kong
    who, zh, en = (("robbed_player", "被抢杠者", "the player robbed of the kong") if robbed
                   else ("discarder", "点炮者", "the discarder"))
    if table.payment == "discarder_pays_all":
        payers = [{"who": who, "zh": zh + "包三家", "en": en + ", for all three players",
                   "players": 1, "amount": 3 * total}]
        return {"mode": "discarder_pays_all", "payers": payers, "winner_receives": 3 * total}
    payers = [{"who": who, "zh": zh + "一家付", "en": en + " alone", "players": 1, "amount": total}]
    return {"mode": "discarder", "payers": payers, "winner_receives": total}
