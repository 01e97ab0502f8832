"""The toy's score sheet (suanfan/sheet/): a row is scored from its hand by the toy's own scorer, at the sheet's house
rules and the row's `lucky`. Self-drawn, each of the other three pays the total; on a discard, the discarder pays it."""

from __future__ import annotations

from suanfan.errors import SuanfanError
from suanfan.fields import read_section
from suanfan.sheet import SEATS, SheetRules, written_hand

from . import FIELDS, HOUSE, HOUSE_FIELDS, KEY, PAIRS, UNIT, handle_request


def value_row(row: dict, deal, house: dict) -> dict:
    hand = written_hand(row)
    if hand is None:
        raise SuanfanError("no_score_entry", what={"zh": "手牌", "en": "the hand"})
    lucky = FIELDS[0].read(row)
    request = {"hand": hand, FIELDS[0].key: lucky, HOUSE: house}
    result = handle_request({**request, "rules": KEY})
    (item,) = result["items"]
    total = result["total"]
    if deal.self_drawn:
        payers = {seat: total for seat in range(SEATS) if seat != deal.winner}
    else:
        payers = {deal.discarder: total}
    return {
        "source": "hand",
        "hand": result["hand"],
        "request": {"hand": result["hand"], **({FIELDS[0].key: True} if lucky else {})},
        "fans": [
            {"key": PAIRS["key"], "zh": PAIRS["zh"], "en": PAIRS["en"], "points": item["value"], "count": item["count"]}
        ],
        "total": total,
        "payments": payers,
    }


SHEET = SheetRules(
    rules=KEY,
    unit=UNIT,
    section=HOUSE,
    read_conventions=lambda raw: read_section(raw, HOUSE_FIELDS, HOUSE),
    fields=FIELDS,
    value_row=value_row,
)
