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
from ..catalogue import LANGUAGES, Text, _, join
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
    Field(key, BOOL, False, _("{names} ×2", names=names), section=MULTIPLIERS)
    for key, names in J.MULTIPLIER_NAMES.items()
)
ROW_FIELDS = (
    Field(
        "pattern_fan",
        INT,
        None,
        _("pattern's fan"),
        _(
            "As the sheet's table lists it: 1 basic win, 2 all pungs, 3 half flush, 4 seven pairs, 6 full flush, 8 luxury seven pairs (more for each further quad, as the table agreed)."
        ),
        low=1,
        high=1000,
        nullable=True,
        null_label=_("not written"),
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


def _names(keys: Iterable[str]) -> Text:
    return join((J.MULTIPLIER_NAMES[k] for k in keys), "、", ", ")


def check_multipliers(written: list[str], called_for: list[str]) -> None:
    """The ×2s written down must be exactly those the situation calls for."""
    extra = [k for k in written if k not in called_for]
    missing = [k for k in called_for if k not in written]
    if not extra and not missing:
        return
    parts = []
    if extra:
        parts.append(_("{names} ×2 is written, but this hand's situation does not give it", names=_names(extra)))
    if missing:
        parts.append(_("this hand calls for {names} ×2, which is not written", names=_names(missing)))
    raise SuanfanError("multiplier_mismatch", reason=_("{verdict}.", verdict=join(parts, ";", "; ")))


def pattern_of_value(fan: int, table: J.Table) -> J.Pattern:
    """The pattern worth `fan` at this table (each value belongs to one pattern), or no_such_pattern."""
    possible = J.possible_patterns(table)
    for pattern in possible:
        if pattern.fan == fan:
            return pattern
    known = ", ".join(str(v) for v in sorted({p.fan for p in possible}))
    raise SuanfanError("no_such_pattern", fan=fan, known=known)


def _same_as_written(what: Text, written: object, computed: object) -> None:
    if written is not None and written != computed:
        raise SuanfanError("entry_mismatch", what=what, entered=str(written), computed=str(computed))


def value_row(row: JSONDict, deal: Deal, table: J.Table) -> JSONDict:
    situation = J.Situation(
        self_drawn=deal.self_drawn, kong=deal.kong, dealer=deal.winner_is_dealer, flowers=FLOWERS.read(row)
    )
    written_fan = ROW_FIELDS[0].read(row)
    written_multipliers = _read_multipliers(row)
    hand = written_hand(row)
    if hand is not None:
        result = J.score(parse(hand, expect=WIN), situation, table)
        found = result["pattern"]
        pattern = J.Pattern(found["key"], {lang: found[lang] for lang in LANGUAGES}, found["fan"])
        _same_as_written(_("pattern's fan"), written_fan, pattern.fan)
        multipliers = result["multipliers"]
        if written_multipliers is not None:
            check_multipliers(written_multipliers, [m["key"] for m in multipliers])
        start, arithmetic, _unused = J.start_value(pattern, table)
        before_cap, cap, capped, total = result["before_cap"], result["cap"], result["capped"], result["total"]
        source, canonical = "hand", result["hand"]
        request = scoring_request(canonical, situation)
    else:
        if written_fan is None:
            raise SuanfanError(
                "no_score_entry",
                what=_("pattern's fan"),
            )
        pattern = pattern_of_value(written_fan, table)
        J.flower_check(situation, table)
        start, arithmetic, _unused = J.start_value(pattern, table)
        multipliers, before_cap, cap, capped, total = J.multiply_and_cap(start, situation, table)
        check_multipliers(written_multipliers or [], [m["key"] for m in multipliers])
        source, canonical, request = "entered", None, None
    paid = J.payments(total, situation, table)
    return {
        "source": source,
        "hand": canonical,
        "request": request,
        "pattern": {"key": pattern.key, **pattern.name, "fan": pattern.fan},
        "start": start,
        "start_arithmetic": arithmetic,
        "multipliers": [
            {"key": m["key"], **{lang: m[lang] for lang in LANGUAGES}, "factor": m["factor"]} for m in multipliers
        ],
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
