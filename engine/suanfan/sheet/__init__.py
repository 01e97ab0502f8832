"""A score sheet settled by the engine: `handle({"action": "settle", "rules": R, <conventions>, "rows": [...]})`.

Four players sit at seats 0–3 in the order of play (seat 1 plays after seat 0, 下家). Each row is one hand:

  winner      seat that won, or null for a drawn hand (荒庄: nobody pays)
  self_drawn  the winner drew the winning tile (自摸): the other three pay
  discarder   seat that discarded the winning tile (or was robbed of its kong); null when self-drawn
  dealer      seat of the dealer (庄家) for this hand
  kong        杠上开花 when self-drawn, 抢杠 when not
  hand        optional: the winning hand in the notation, scored by the engine; without it the row carries
              what a referee writes down (九江: pattern_fan and multipliers; Guobiao: points), checked by the
              engine for consistency. With both, what is written down must be what the hand scores.

Every row is valued and paid by the rule set (its package's sheet.py, a SheetRules); this module reads what all rows
share, keeps the running totals and turns a bad row into an error on that row alone (its payments are zero, the
rows after it go on). Payments are per seat, negative for paying, and every row's sum to zero: the winner gets
exactly what the others pay, so the running totals always sum to zero.

The result: ok, action "settle", rules, unit, rows (each: row, ok, the deal's fields, the rule set's values,
payments, running — or error), totals, errors (how many rows have one). A row scored from its hand also has
`request`: the scoring request (without rules) it was scored by, the hand and the situation keys away from their
defaults — what practice asks about when the learner's own hands become a deck.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Generic, TypeVar

from ..catalogue import Text, _
from ..errors import SuanfanError, excerpt
from ..request import check_keys, get_bool, get_dict, get_int

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from ..fields import Field
    from ..json_types import JSONDict

SEATS = 4
C = TypeVar("C")  # a rule set's conventions, as its read_conventions gives them and its value_row takes them
DEAL_KEYS = ("winner", "self_drawn", "discarder", "dealer", "kong")
MOST_ROWS = 2000  # a long evening is a few dozen hands; far more is a mistake, not a session
# The deepest key a settle request has: rows.<n>.multipliers.self_drawn (a row's ×2s written down). A settle request
# nested deeper is refused before anything reads it (request.check_depth), as other requests are at their rule set's.
KEY_DEPTH = 4


@dataclass(frozen=True)
class Deal:
    """Who won the hand and how; the part of a row every rule set reads the same way."""

    winner: int | None
    self_drawn: bool
    discarder: int | None
    dealer: int
    kong: bool

    @property
    def winner_is_dealer(self) -> bool:
        return self.winner == self.dealer

    def to_dict(self) -> JSONDict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def _seat(row: JSONDict, key: str, allow_none: bool) -> int | None:
    return get_int(row, key, None, 0, SEATS - 1, allow_none=allow_none)


def _contradiction(reason: Text) -> SuanfanError:
    return SuanfanError("contradiction", reason=reason)


def read_deal(row: JSONDict) -> Deal:
    if "dealer" not in row:
        raise SuanfanError(
            "bad_value",
            key="dealer",
            value="None",
            reason=_("every hand names its dealer (seat 0–3)."),
        )
    deal = Deal(
        winner=_seat(row, "winner", allow_none=True),
        self_drawn=get_bool(row, "self_drawn", False),
        discarder=_seat(row, "discarder", allow_none=True),
        dealer=get_int(row, "dealer", None, 0, SEATS - 1),
        kong=get_bool(row, "kong", False),
    )
    if deal.winner is None:
        if deal.self_drawn or deal.discarder is not None or deal.kong:
            raise _contradiction(
                _("in a drawn hand nobody won: there is no self-draw, discard or robbed kong."),
            )
    elif deal.self_drawn and deal.discarder is not None:
        raise _contradiction(_("a self-drawn win has no discarder."))
    elif not deal.self_drawn and deal.discarder is None:
        raise _contradiction(
            _("a win on a discard names the discarder (for a robbed kong, the player robbed)."),
        )
    elif deal.discarder == deal.winner:
        raise _contradiction(_("the winner cannot win on their own discard."))
    return deal


def written_hand(row: JSONDict) -> str | None:
    """The row's hand in the notation, or None when it has none (an empty box is no hand)."""
    value = row.get("hand")
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, str):
        raise SuanfanError(
            "bad_value",
            key="hand",
            value=excerpt(value),
            reason=_("expected a notation string."),
        )
    return value


def scoring_request(hand: str, situation: DataclassInstance) -> JSONDict:
    """A row's hand as a scoring request without rules: the hand and each situation key (a rule set's Situation
    dataclass, whose fields are its request's keys) that is not at its default."""
    default = type(situation)()
    return {
        "hand": hand,
        **{
            f.name: getattr(situation, f.name)
            for f in fields(situation)
            if getattr(situation, f.name) != getattr(default, f.name)
        },
    }


def seat_payments(winner: int, payers: dict[int, int]) -> list[int]:
    """Per seat, what it pays (negative) or receives: the winner receives exactly what the payers pay."""
    out = [0] * SEATS
    for seat, amount in payers.items():
        out[seat] -= amount
    out[winner] += sum(payers.values())
    return out


@dataclass(frozen=True)
class SheetRules(Generic[C]):
    """What a rule set brings to a score sheet.

    section: its conventions' key in the request ("table", "variants"); read_conventions: that dict -> the rule
    set's conventions (raising on a bad value); fields: what a row may carry beside the deal and the hand
    (fields.Field, nested ones with their section: what a referee writes down, the situation the tiles need);
    value_row: (row, deal, conventions) -> the row's values with "payments" {seat: amount} and "request" (the
    scoring request of a row scored from its hand, scoring_request; None for a row written down), raising
    SuanfanError on a bad row.
    """

    rules: str
    unit: Text
    section: str
    read_conventions: Callable[[JSONDict], C]
    fields: tuple[Field, ...]
    value_row: Callable[[JSONDict, Deal, C], JSONDict]

    @property
    def row_keys(self) -> tuple[str, ...]:
        return ("hand", *dict.fromkeys(f.section or f.key for f in self.fields))

    def describe(self) -> JSONDict:
        """What `describe` says of the rule set's score sheet: the row's own fields (the page's row form)."""
        return {"fields": [f.describe() for f in self.fields]}


def settle(request: JSONDict, sheet: SheetRules[C]) -> JSONDict:
    check_keys(request, ("action", "rules", sheet.section, "rows"))
    conventions = sheet.read_conventions(get_dict(request, sheet.section))
    rows = request.get("rows", [])
    if not isinstance(rows, list) or len(rows) > MOST_ROWS:
        raise SuanfanError(
            "bad_value",
            key="rows",
            value=type(rows).__name__,
            reason=_("expected a list (of at most {most_rows} hands).", most_rows=MOST_ROWS),
        )
    running = [0] * SEATS
    out = []
    for number, row in enumerate(rows, start=1):
        try:
            if not isinstance(row, dict):
                raise SuanfanError(
                    "bad_value",
                    key="rows",
                    value=excerpt(row),
                    reason=_("each hand is an object."),
                )
            check_keys(row, DEAL_KEYS + sheet.row_keys)
            deal = read_deal(row)
            if deal.winner is None:
                check_keys(row, DEAL_KEYS)  # nobody won: there is nothing to score
                values: JSONDict = {"source": "draw"}
                payments = [0] * SEATS
            else:
                values = sheet.value_row(row, deal, conventions)
                if values.get("request") is None:  # a row written down, not scored from its tiles, has none
                    values.pop("request", None)
                payments = seat_payments(deal.winner, values.pop("payments"))
        except SuanfanError as err:
            out.append(
                {
                    "row": number,
                    "ok": False,
                    "error": {**err.to_dict(), "row": number},
                    "payments": [0] * SEATS,
                    "running": list(running),
                }
            )
            continue
        running = [total + paid for total, paid in zip(running, payments)]
        out.append(
            {"row": number, "ok": True, **deal.to_dict(), **values, "payments": payments, "running": list(running)}
        )
    return {
        "ok": True,
        "action": "settle",
        "rules": sheet.rules,
        "unit": sheet.unit,
        "rows": out,
        "totals": running,
        "errors": sum(not r["ok"] for r in out),
    }
