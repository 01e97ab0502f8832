"""Where 九江 questions get their hands: the lessons' template hands (templates.py), the engine's test each must
pass, and for the concepts (lessons 7–13) the situation and table a hand is dressed in until the concept is at work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import jiujiang as J
from ...practice.catalog import DECLARE, PAY, POINTS
from ...practice.deal import Deal
from ...practice.supply import Aim, unique
from . import templates as JT

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from ...json_types import JSONDict
    from ...practice.draw import Draw
    from ...practice.supply import Test
    from .judge import JiujiangJudge

ALL_JIUJIANG = unique([h for hands in JT.POSITIVE.values() for h in hands])


def pattern_aim(judge: JiujiangJudge, key: str) -> Aim:
    return Aim(JT.POSITIVE[key], lambda d: judge.has(judge.facts(d), key))


def set_aside_aim(judge: JiujiangJudge, key: str) -> Aim:
    return Aim(ALL_JIUJIANG, lambda d: any(key in (p, by) for p, by, _ in judge.exclusions(d) or ()))


def _outcome(judge: JiujiangJudge, deal: Deal) -> tuple[object, ...]:
    facts = judge.facts(deal)
    if facts is None:
        return (judge.error_of(deal),)
    return facts.total, facts.result["payments"]


def _pick_table(draw: Draw, options: Iterable[JSONDict]) -> JSONDict:
    return dict(draw.pick(options))


def _multiplied(deal: Deal, draw: Draw) -> Deal:
    """Won some way that doubles: self-drawn, robbing a kong, dealer — or, a hand with a kong (the templates' WITH_KONG
    are there for it), a kong-replacement win, the one double only such a hand can show."""
    if any(m.kind == "kong" for m in deal.hand.melds):
        ways = [dict(self_drawn=True, kong=True), dict(self_drawn=True, kong=True, dealer=True)]
    else:
        ways = [
            dict(self_drawn=True),
            dict(kong=True),
            dict(self_drawn=True, dealer=True),
            dict(dealer=True),
            dict(kong=True, dealer=True),
        ]
    way = draw.pick(ways)
    return deal.with_situation(self_drawn=way.get("self_drawn"), kong=way.get("kong"), dealer=way.get("dealer"))


def _any_win(deal: Deal, draw: Draw) -> Deal:
    way = draw.pick((dict(self_drawn=True), {}, {}, dict(kong=True)))
    return deal.with_situation(
        self_drawn=way.get("self_drawn"), kong=way.get("kong"), dealer=True if draw.chance(1, 3) else None
    )


def concept_aim(judge: JiujiangJudge, key: str, kind: str) -> Aim:
    facts = judge.facts
    if judge.fixed is not None and key in FIXED_TABLE_AIMS:
        return FIXED_TABLE_AIMS[key](judge, kind)
    if key == "highest_pattern":
        return Aim(ALL_JIUJIANG, lambda d: (f := facts(d)) is not None and len(f.present) >= 2)
    if key == "multipliers":
        return Aim(
            ALL_JIUJIANG + JT.WITH_KONG,
            lambda d: (f := facts(d)) is not None and bool(f.result["multipliers"]),
            dress=_multiplied,
        )
    if key == "base_and_cap":

        def dress(deal: Deal, draw: Draw) -> Deal:
            table = {
                "base": draw.pick((1, 2, 2, 3, 5)),
                "cap": draw.pick((16, 16, 8, 24, 32, None)),
                "cap_rule": draw.pick(("fan", "fan", "fan", "five_times_base")),
            }
            return _multiplied(deal, draw).with_situation(
                table={k: v for k, v in table.items() if J.TABLE_FIELD[k].default != v} or None
            )

        return Aim(
            ALL_JIUJIANG,
            lambda d: (f := facts(d)) is not None and (f.result["capped"] or f.result["table"]["base"] != 1),
            dress=dress,
        )
    if key == "who_pays":

        def dress(deal: Deal, draw: Draw) -> Deal:
            payment = draw.pick(("discarder", "discarder_pays_all"))
            return _any_win(deal, draw).with_situation(table={"payment": payment} if payment != "discarder" else None)

        return Aim(ALL_JIUJIANG, lambda d: facts(d) is not None, dress=dress)
    if key == "three_steps":

        def dress(deal: Deal, draw: Draw) -> Deal:
            table: JSONDict = {"base_added": True, "base": draw.pick((1, 1, 2))}
            if kind == PAY and draw.chance(1, 2):
                table["payment"] = "discarder_pays_all"
            if table["base"] == 1:
                del table["base"]
            return _multiplied(deal, draw).with_situation(table=table)

        return Aim(
            ALL_JIUJIANG + JT.WITH_KONG,
            lambda d: (f := facts(d)) is not None and bool(f.result["multipliers"]) and f.result["table"]["base_added"],
            dress=dress,
        )
    if key == "table_conventions":
        return _table_conventions_aim(judge, kind)
    raise KeyError(key)


# Conventions a table may set, per kind of question: each changes what that kind asks about.
TABLE_CHOICES = {
    POINTS: (
        {"extra_quad": "plus4"},
        {"dealer_double": False},
        {"base_added": True},
        {"base": 5, "cap_rule": "five_times_base"},
        {"cap": 8},
        {"base": 2},
    ),
    DECLARE: ({"require_missing_suit": True}, {"min_flowers": 1}, {"min_flowers": 2}, {"quad_as_pairs": False}),
    PAY: ({"payment": "discarder_pays_all"},),
}
REQUIREMENTS = ("require_missing_suit", "min_flowers", "quad_as_pairs")
# conventions that change the total or the payments of most wins
CHANGES_TOTALS = frozenset(("base", "base_added", "cap_rule", "payment", "dealer_double", "extra_quad"))


def _table_conventions_aim(judge: JiujiangJudge, kind: str) -> Aim:
    choices = TABLE_CHOICES[kind]

    def dress(deal: Deal, draw: Draw) -> Deal:
        table = dict(draw.pick(choices))
        deal = _any_win(deal, draw) if kind != DECLARE else deal.with_situation(flowers=draw.pick((None, 1, 2, 3)))
        if kind == POINTS and "dealer_double" in table:
            deal = deal.with_situation(dealer=True)
        if kind == PAY:
            deal = deal.with_situation(self_drawn=None)
        return deal.with_situation(table=table)

    def keep(deal: Deal) -> bool:
        if kind == DECLARE:  # a requirement is set; met or not, it is what the question turns on
            return any(k in deal.situation.get("table", {}) for k in REQUIREMENTS) and (
                judge.facts(deal) is not None or judge.error_of(deal) in ("table_requirement", "not_a_win")
            )
        return judge.facts(deal) is not None and _outcome(judge, deal) != _outcome(
            judge, deal.with_situation(table=None)
        )

    return Aim(
        ALL_JIUJIANG + JT.WITH_KONG,
        keep,
        dress=dress,
        tiles_keep=lambda d: judge.facts(d.with_situation(table=None)) is not None,
    )


# ---------------------------------------------------------------- 九江's convention topics at a fixed table
# The request fixed the table: these topics teach it at that table. Only the situation is dressed; where the table
# rules out what the topic usually shows (base 1 and no cap, base_added off, nothing it changes for this kind of
# question), any hand the topic's dressing gives is asked instead. Whether it does is read off the table first, so
# that a question does not search every template in vain before it settles for that.


def _won(judge: JiujiangJudge) -> Test:
    return lambda d: judge.facts(d) is not None


def _multiplied_win(judge: JiujiangJudge) -> Test:
    return lambda d: (f := judge.facts(d)) is not None and bool(f.result["multipliers"])


def _strict_or_relaxed(possible: bool, strict: Test, relaxed: Test) -> JSONDict:
    """An Aim's keep and relaxed: the strict test with the relaxed one behind it, or the relaxed one alone."""
    return {"keep": strict, "relaxed": relaxed} if possible else {"keep": relaxed}


def _fixed(judge: JiujiangJudge) -> J.Table:
    """The judge's fixed table: these aims are asked for only at one (concept_aim)."""
    assert judge.fixed_table is not None
    return judge.fixed_table


def _departures(judge: JiujiangJudge) -> set[str]:
    """The conventions in which the fixed table differs from the sheet's."""
    sheet = J.DEFAULT_TABLE.to_dict()
    return {k for k, v in _fixed(judge).to_dict().items() if v != sheet[k]}


def _fixed_base_and_cap(judge: JiujiangJudge, kind: str) -> Aim:
    table = _fixed(judge)

    def strict(d: Deal) -> bool:
        f = judge.facts(d)
        return (
            f is not None and bool(f.result["multipliers"]) and (f.result["capped"] or f.result["table"]["base"] != 1)
        )

    return Aim(
        ALL_JIUJIANG,
        dress=_multiplied,
        **_strict_or_relaxed(table.base != 1 or table.cap_value is not None, strict, _multiplied_win(judge)),
    )


def _fixed_who_pays(judge: JiujiangJudge, kind: str) -> Aim:
    return Aim(ALL_JIUJIANG, _won(judge), dress=_any_win)


def _fixed_three_steps(judge: JiujiangJudge, kind: str) -> Aim:
    # every step at work: a multiplied win (the base is added where the table adds it, on every hand alike)
    return Aim(ALL_JIUJIANG + JT.WITH_KONG, _multiplied_win(judge), dress=_multiplied)


def _fixed_table_conventions(judge: JiujiangJudge, kind: str) -> Aim:
    """Hands on which this table's conventions give another answer than the sheet's would."""
    sheet = type(judge)()  # the same judge at the sheet's own table

    def dress(deal: Deal, draw: Draw) -> Deal:
        if kind == DECLARE:  # flowers shown or not, against a table that asks for some
            return deal.with_situation(flowers=draw.pick((None, 1, 2, 3)))
        deal = _any_win(deal, draw)
        return judge.seated(deal.with_situation(self_drawn=None) if kind == PAY else deal)

    def answer(j: JiujiangJudge, deal: Deal) -> object:
        return j.facts(deal) is not None if kind == DECLARE else _outcome(j, deal)

    relaxed: Test
    if kind == DECLARE:

        def declared(d: Deal) -> bool:
            return judge.facts(d) is not None or judge.error_of(d) in ("table_requirement", "not_a_win")

        relaxed = declared
    else:
        relaxed = _won(judge)
    # what can change the answer of this kind: a win refused (declare), else the total or the payments; a
    # requirement a seated hand meets changes neither, and a higher cap (or none) only the rare hand above 16
    departures = _departures(judge)
    if kind == DECLARE:
        possible = bool(departures & set(REQUIREMENTS))
    else:
        cap, sheet_cap = _fixed(judge).cap_value, J.DEFAULT_TABLE.cap_value
        assert sheet_cap is not None  # the sheet caps at 16
        possible = bool(departures & CHANGES_TOTALS) or (cap is not None and cap < sheet_cap)
    # a declare question keeps the templates as they are, so that the table's requirements may refuse them
    return Aim(
        ALL_JIUJIANG + JT.WITH_KONG,
        dress=dress,
        tiles_keep=lambda d: sheet.facts(d) is not None,
        seat=kind != DECLARE,
        **_strict_or_relaxed(possible, lambda d: relaxed(d) and answer(judge, d) != answer(sheet, d), relaxed),
    )


FIXED_TABLE_AIMS: dict[str, Callable[[JiujiangJudge, str], Aim]] = {
    "base_and_cap": _fixed_base_and_cap,
    "who_pays": _fixed_who_pays,
    "three_steps": _fixed_three_steps,
    "table_conventions": _fixed_table_conventions,
}
