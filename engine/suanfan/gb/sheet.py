"""A Guobiao score sheet's row: its points and who pays, by the competition rule (see sheet/__init__.py).

With a hand the row is scored by the Guobiao engine under the sheet's variants, the winner's seat wind read from
the seats (the dealer sits East, the next seat in play order South, and so on), the other situation keys from
the row (`last_copy`, `last_of_wall`, `prevalent_wind`, `flowers`, and the deal's `kong`). Without one the row
carries the `points` the referee wrote down. Either way a win needs the 8-point minimum (flowers do not count
towards it); a row below it is an error on the row.

Payments (the competition rule, 国标比赛计分): each of the three losers pays the winner 8 base points; on a
discard the discarder also pays the hand's points, on a self-draw each of the three does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalogue import LANGUAGES, _, pgettext
from ..errors import SuanfanError
from ..fields import BOOL, INT, Field
from ..glossary import WINDS
from ..notation import WIN, parse
from ..sheet import SEATS, Deal, SheetRules, scoring_request, written_hand
from . import handler as H
from .fans import MINIMUM_POINTS
from .profiles import VARIANTS, Compiled, compile_profile, read_variants
from .score import UNIT, Situation, score_hand

if TYPE_CHECKING:
    from ..json_types import JSONDict

BASE_POINTS = 8  # what every loser pays the winner, whoever discarded
POINTS = Field(
    "points",
    INT,
    None,
    pgettext("written", "points"),
    _(
        "The hand's points (flowers included); a win needs {minimum_points} without the flowers.",
        minimum_points=MINIMUM_POINTS,
    ),
    low=0,
    high=100000,
    nullable=True,
    null_label=_("not written"),
)
# The situation a hand's tiles need beside the deal (the seat wind comes from the seats), labelled for a sheet row
# where the deal's self-draw is not a field of its own.
SITUATION = {f.key: f for f in H.SITUATION_FIELDS}
ROW_SITUATION = (
    SITUATION["prevalent_wind"],
    Field("last_copy", BOOL, False, SITUATION["last_copy"].label),
    Field("last_of_wall", BOOL, False, _("last tile of the wall (claimed or drawn)")),
    SITUATION["flowers"],
)
ROW_FIELDS = (POINTS, *ROW_SITUATION)
WIND_ORDER = tuple(WINDS)  # E S W N


def seat_wind(deal: Deal) -> str:
    """The winner's seat wind: the dealer is East, and the winds follow the order of play."""
    assert deal.winner is not None  # a row is valued only when somebody won it
    return WIND_ORDER[(deal.winner - deal.dealer) % SEATS]


def value_row(row: JSONDict, deal: Deal, profile: Compiled) -> JSONDict:
    points = POINTS.read(row)
    hand = written_hand(row)
    situation = Situation(
        self_drawn=deal.self_drawn,
        kong=deal.kong,
        seat_wind=seat_wind(deal),
        **{field.key: field.read(row) for field in ROW_SITUATION},
    )
    fans = None
    if hand is not None:
        result = score_hand(parse(hand, expect=WIN), situation, profile)
        if points is not None and points != result["total"]:
            raise SuanfanError(
                "entry_mismatch", what=pgettext("written", "points"), entered=str(points), computed=str(result["total"])
            )
        own, points = result["points_without_flowers"], result["total"]
        fans = [
            {"key": f["key"], **{lang: f[lang] for lang in LANGUAGES}, "points": f["points"], "count": f["count"]}
            for f in result["fans"]
        ]
        source, canonical = "hand", result["hand"]
        request = scoring_request(canonical, situation)
    else:
        if points is None:
            raise SuanfanError(
                "no_score_entry",
                what=pgettext("written", "points"),
            )
        own = points - situation.flowers  # written down with the flowers, as the hand's total is
        source, canonical, request = "entered", None, None
    if own < MINIMUM_POINTS:
        raise SuanfanError("below_minimum", minimum=MINIMUM_POINTS, points=own)
    if deal.self_drawn:
        payers = {seat: BASE_POINTS + points for seat in range(SEATS) if seat != deal.winner}
    else:
        payers = {
            seat: BASE_POINTS + (points if seat == deal.discarder else 0)
            for seat in range(SEATS)
            if seat != deal.winner
        }
    return {
        "source": source,
        "hand": canonical,
        "request": request,
        "fans": fans,
        "seat_wind": situation.seat_wind,
        "points": points,
        "base_points": BASE_POINTS,
        "total": points,
        "payment_mode": "self_drawn" if deal.self_drawn else "discard",
        "payments": payers,
    }


def sheet_rules(profile: str) -> SheetRules[Compiled]:
    return SheetRules(
        rules=profile,
        unit=UNIT,
        section=VARIANTS,
        read_conventions=lambda raw: compile_profile(profile, read_variants(profile, raw)),
        fields=ROW_FIELDS,
        value_row=value_row,
    )
