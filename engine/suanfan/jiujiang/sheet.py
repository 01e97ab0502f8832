"""A 九江 score sheet's row: its pattern, multipliers, cap and total, and who pays (see sheet/__init__.py).

With a hand the row is scored by jiujiang.score (what is written beside it must agree). Without one the row carries what the referee wrote down —
`pattern_fan` (the pattern's fan as the sheet's table lists it: 1 平胡 … 8 豪华七对, more with further quads) and
`multipliers` (the ×2s written, {"self_drawn", "kong_bloom", "robbing_kong", "dealer": true/false}; none when left
out) — and both must fit the table and the situation: a value no pattern has at this
table, or a multiplier the situation does not call for (or one it calls for left out), is an error on the row. Then the same steps 2 and 3 as a scored hand: the value in
units of the base, the multipliers, the cap. The winner is the dealer when the row's winner is its dealer.

Payments are jiujiang.payments': self-drawn, each of the other three pays the total; on a discard the discarder
(or the player robbed of the kong) pays the total (一家付) or three times it (包三家), as the table agreed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import jiujiang as J
from ..errors import SuanfanError
from ..fields import BOOL, FLOWERS, INT, Field, read_section
from ..notation import WIN, parse
from ..request import get_dict
from ..sheet import SEATS, Deal, SheetRules, scoring_request, written_hand

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..json_types import JSONDict

MULTIPLIERS = "multipliers"
# What a referee writes down for a hand without its tiles; the page's row form is drawn from these (describe).
MULTIPLIER_FIELDS = tuple(
    Field(key, BOOL, False, f"{names['zh']} ×2", f"{names['en']} ×2", section=MULTIPLIERS)
    for key, names in J.MULTIPLIER_NAMES.items()
)
ROW_FIELDS = (
    Field(
        "pattern_fan",
        INT,
        None,
        "番型的番",
        "pattern's fan",
        "规则单番型表里的数:平胡 1、碰碰胡 2、混一色 3、七对 4、清一色 6、豪华七对 8(多一组四张按本桌约定加)。",
        "As the sheet's table lists it: 1 basic win, 2 all pungs, 3 half flush, 4 seven pairs, 6 full flush, "
        "8 luxury seven pairs (more for each further quad, as the table agreed).",
        low=1,
        high=1000,
        nullable=True,
        null_zh="没记",
        null_en="not written",
    ),
    *MULTIPLIER_FIELDS,
    FLOWERS,
)


def _read_multipliers(row: JSONDict) -> list[str] | None:
    """The ×2s written down, in their fixed order; None when the row has no `multipliers` at all."""
    if row.get(MULTIPLIERS) is None:
        return None
    written = read_section(get_dict(row, MULTIPLIERS), MULTIPLIER_FIELDS, MULTIPLIERS)
    return [key for key, on in written.items() if on]


def _names(keys: Iterable[str]) -> tuple[str, str]:
    return ("、".join(J.MULTIPLIER_NAMES[k]["zh"] for k in keys), ", ".join(J.MULTIPLIER_NAMES[k]["en"] for k in keys))


def check_multipliers(written: list[str], called_for: list[str]) -> None:
    """The ×2s written down must be exactly those the situation calls for."""
    extra = [k for k in written if k not in called_for]
    missing = [k for k in called_for if k not in written]
    if not extra and not missing:
        return
    parts_zh, parts_en = [], []
    if extra:
        zh, en = _names(extra)
        parts_zh.append(f"记了 {zh} ×2,但这一局的情形不给这个倍数")
        parts_en.append(f"{en} ×2 is written, but this hand's situation does not give it")
    if missing:
        zh, en = _names(missing)
        parts_zh.append(f"这一局应有 {zh} ×2,却没有记")
        parts_en.append(f"this hand calls for {en} ×2, which is not written")
    raise SuanfanError("multiplier_mismatch", reason_zh=";".join(parts_zh) + "。", reason_en="; ".join(parts_en) + ".")


def pattern_of_value(fan: int, table: J.Table) -> J.Pattern:
    """The pattern worth `fan` at this table (each value belongs to one pattern), or no_such_pattern."""
    possible = J.possible_patterns(table)
    for pattern in possible:
        if pattern.fan == fan:
            return pattern
    known = ", ".join(str(v) for v in sorted({p.fan for p in possible}))
    raise SuanfanError("no_such_pattern", fan=fan, known=known)


def _same_as_written(what: tuple[str, str], written: object, computed: object) -> None:
    if written is not None and written != computed:
        raise SuanfanError(
            "entry_mismatch", what_zh=what[0], what_en=what[1], entered=str(written), computed=str(computed)
        )


def value_row(row: JSONDict, deal: Deal, table: J.Table) -> JSONDict:
    situation = J.Situation(
        self_drawn=deal.self_drawn, kong=deal.kong, dealer=deal.winner_is_dealer, flowers=FLOWERS.read(row)
    )
    written_fan = ROW_FIELDS[0].read(row)
    written_multipliers = _read_multipliers(row)
    hand = written_hand(row)
    if hand is not None:
        result = J.score(parse(hand, expect=WIN), situation, table)
        pattern = J.Pattern(
            result["pattern"]["key"], result["pattern"]["zh"], result["pattern"]["en"], result["pattern"]["fan"]
        )
        _same_as_written(("番型的番", "pattern's fan"), written_fan, pattern.fan)
        multipliers = result["multipliers"]
        if written_multipliers is not None:
            check_multipliers(written_multipliers, [m["key"] for m in multipliers])
        start, arithmetic, _ = J.start_value(pattern, table)
        before_cap, cap, capped, total = result["before_cap"], result["cap"], result["capped"], result["total"]
        source, canonical = "hand", result["hand"]
        request = scoring_request(canonical, situation)
    else:
        if written_fan is None:
            raise SuanfanError("no_score_entry", what_zh="番型的番", what_en="pattern's fan")
        pattern = pattern_of_value(written_fan, table)
        J.flower_check(situation, table)
        start, arithmetic, _ = J.start_value(pattern, table)
        multipliers, before_cap, cap, capped, total = J.multiply_and_cap(start, situation, table)
        check_multipliers(written_multipliers or [], [m["key"] for m in multipliers])
        source, canonical, request = "entered", None, None
    paid = J.payments(total, situation, table)
    return {
        "source": source,
        "hand": canonical,
        "request": request,
        "pattern": {"key": pattern.key, "zh": pattern.zh, "en": pattern.en, "fan": pattern.fan},
        "start": start,
        "start_arithmetic": arithmetic,
        "multipliers": [{"key": m["key"], "zh": m["zh"], "en": m["en"], "factor": m["factor"]} for m in multipliers],
        "before_cap": before_cap,
        "cap": cap,
        "capped": capped,
        "total": total,
        "payment_mode": paid["mode"],
        "payments": _payers(deal, paid),
    }


def _payers(deal: Deal, paid: JSONDict) -> dict[int, int]:
    """jiujiang.payments' payers as seats: every other seat when self-drawn, else the discarder."""
    (payer,) = paid["payers"]
    if paid["mode"] == "self_drawn":
        return {seat: payer["amount"] for seat in range(SEATS) if seat != deal.winner}
    assert deal.discarder is not None  # settle's read_deal: a win on a discard names its discarder
    return {deal.discarder: payer["amount"]}


SHEET = SheetRules(
    rules="jiujiang",
    unit=J.UNIT,
    section=J.TABLE,
    read_conventions=J.read_table,
    fields=ROW_FIELDS,
    value_row=value_row,
)
