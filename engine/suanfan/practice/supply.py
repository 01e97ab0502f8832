"""Hands for a question: a deal that has what the question is about, built from a template, or a near miss.

An `Aim` is a pool of template hands and the engine's test a deal must pass (`keep`). `construct` starts from
the first template (in the seed's order) that passes, varies it from the seed (variation.py) keeping the test
true, and, for 九江's concepts, dresses it in a situation and a table (`dress`) until the test holds. Near
misses are searched one step away from a positive deal (neighbours.py); when none turns up within the budget,
the fan card's or the lesson's own near miss is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .. import jiujiang as J
from . import gb_templates as GT
from . import jiujiang_templates as JT
from .catalog import CONCEPT, DECLARE, FAN, PATTERN, PAY, PRINCIPLE, POINTS
from .deal import Deal, deal_of
from .neighbours import SITUATIONAL, neighbours
from .variation import vary

NEAR_MISS_BUDGET = 160      # neighbours judged before falling back to the card's near miss
DRESS_TRIES = 12


@dataclass(frozen=True)
class Focus:
    """What one question is about: a fan, pattern, principle or concept (a series or `mixed` topic draws one)."""

    key: str
    type: str
    zh: str
    en: str

    def describe(self) -> dict:
        return {"key": self.key, "type": self.type, "zh": self.zh, "en": self.en}


class NoDeal(LookupError):
    """No template passes an aim: a gap in the template data (the tests catch it), or conventions under which
    the topic cannot be shown (question.py turns that into the typed error no_question_here)."""


@dataclass(frozen=True)
class Aim:
    pool: tuple
    keep: Callable[[Deal], bool]
    dress: Callable | None = None           # (deal, draw) -> deal: a situation and table for the tiles
    tiles_keep: Callable | None = None      # what the tiles alone must keep while varied (before dressing)
    # at a fixed table, what is still worth asking when no deal passes `keep` (the table rules it out: no base,
    # no cap within reach, nothing it changes for this kind of question)
    relaxed: Callable[[Deal], bool] | None = None
    seat: bool = True                       # make the templates meet the fixed table's requirements first


def construct(aim: Aim, judge, draw) -> Deal:
    for keep in (aim.keep, aim.relaxed):
        if keep is not None:
            found = _construct(aim, keep, judge, draw)
            if found is not None:
                return found
    raise NoDeal("no template satisfies the aim")


def _construct(aim: Aim, keep, judge, draw) -> Deal | None:
    for text, situation in draw.shuffled(aim.pool):
        base = deal_of(text, situation)
        if aim.seat:
            base = judge.seated(base)
        if aim.dress is None:
            if keep(base):
                return vary(base, keep, judge, draw.fork("vary"))
            continue
        tiles_keep = aim.tiles_keep or (lambda d: judge.facts(d) is not None)
        if not tiles_keep(base):
            continue
        varied = vary(base, tiles_keep, judge, draw.fork("vary"))
        dressing = draw.fork("dress")
        for start in (varied, base):
            for _ in range(DRESS_TRIES):
                dressed = aim.dress(start, dressing)
                if keep(dressed):
                    return dressed
    return None


def near_miss(positive: Deal, lacks, judge, draw, key: str, fallback=()) -> tuple[Deal, dict] | None:
    """A winning deal one step from `positive` that lacks the topic (lacks(deal) is True), with the change."""
    for n, (candidate, change) in enumerate(neighbours(positive, judge, draw, key in SITUATIONAL)):
        if n >= NEAR_MISS_BUDGET:
            break
        if lacks(candidate):
            return candidate, change
    for text, situation in draw.shuffled(fallback):
        candidate = judge.seated(deal_of(text, situation))
        if lacks(candidate):
            return candidate, {"type": "example", "zh": "课程里差一点的那手牌", "en": "the course's own near miss"}
    return None


# ---------------------------------------------------------------- Guobiao aims

def gb_fan_aim(judge, key: str) -> Aim:
    return Aim(GT.POSITIVE[key], lambda d: judge.has(judge.facts(d), key))


def gb_principle_aim(judge, key: str) -> Aim:
    return Aim(GT.PRINCIPLES[key], lambda d: any(p == key for _, _, p in judge.exclusions(d) or ()))


def gb_set_aside_aim(judge, key: str) -> Aim:
    """Deals on which the fan is set aside, or sets another fan aside."""
    pool = list(GT.POSITIVE.get(key, ())) + list(GT.SET_ASIDE.get(key, ()))
    for other in sorted(judge.excluded_by.get(key, ())):
        pool += GT.POSITIVE[other]
    for hands in GT.PRINCIPLES.values():
        pool += hands
    return Aim(_unique(pool), lambda d: any(key in (fan, by) for fan, by, _ in judge.exclusions(d) or ()))


def _unique(pool) -> tuple:
    seen, out = set(), []
    for text, situation in pool:
        mark = (text, tuple(sorted(situation.items())))
        if mark not in seen:
            seen.add(mark)
            out.append((text, situation))
    return tuple(out)


# ---------------------------------------------------------------- 九江 aims

ALL_JIUJIANG = _unique([h for hands in JT.POSITIVE.values() for h in hands])


def jiujiang_pattern_aim(judge, key: str) -> Aim:
    return Aim(JT.POSITIVE[key], lambda d: judge.has(judge.facts(d), key))


def jiujiang_set_aside_aim(judge, key: str) -> Aim:
    return Aim(ALL_JIUJIANG, lambda d: any(key in (p, by) for p, by, _ in judge.exclusions(d) or ()))


def _outcome(judge, deal: Deal) -> tuple:
    facts = judge.facts(deal)
    if facts is None:
        return (judge.error_of(deal),)
    return facts.total, facts.result["payments"]


def _pick_table(draw, options) -> dict:
    return dict(draw.pick(options))


def _multiplied(deal: Deal, draw) -> Deal:
    """Won some way that doubles: self-drawn, robbing a kong, a kong-replacement win (with a kong), dealer."""
    has_kong = any(m.kind == "kong" for m in deal.hand.melds)
    ways = [dict(self_drawn=True), dict(kong=True), dict(self_drawn=True, dealer=True), dict(dealer=True),
            dict(kong=True, dealer=True)] + ([dict(self_drawn=True, kong=True)] if has_kong else [])
    way = draw.pick(ways)
    return deal.with_situation(self_drawn=way.get("self_drawn"), kong=way.get("kong"), dealer=way.get("dealer"))


def _any_win(deal: Deal, draw) -> Deal:
    way = draw.pick((dict(self_drawn=True), {}, {}, dict(kong=True)))
    return deal.with_situation(self_drawn=way.get("self_drawn"), kong=way.get("kong"),
                               dealer=True if draw.chance(1, 3) else None)


def jiujiang_concept_aim(judge, key: str, kind: str) -> Aim:
    facts = judge.facts
    if judge.fixed is not None and key in FIXED_TABLE_AIMS:
        return FIXED_TABLE_AIMS[key](judge, kind)
    if key == "highest_pattern":
        return Aim(ALL_JIUJIANG, lambda d: (f := facts(d)) is not None and len(f.present) >= 2)
    if key == "multipliers":
        return Aim(ALL_JIUJIANG + JT.WITH_KONG, lambda d: (f := facts(d)) is not None and bool(f.result["multipliers"]),
                   dress=_multiplied)
    if key == "base_and_cap":
        def dress(deal, draw):
            table = {"base": draw.pick((1, 2, 2, 3, 5)), "cap": draw.pick((16, 16, 8, 24, 32, None)),
                     "cap_rule": draw.pick(("fan", "fan", "fan", "five_times_base"))}
            return _multiplied(deal, draw).with_situation(table={k: v for k, v in table.items()
                                                                  if J.TABLE_FIELD[k].default != v} or None)
        return Aim(ALL_JIUJIANG, lambda d: (f := facts(d)) is not None and (
            f.result["capped"] or f.result["table"]["base"] != 1), dress=dress)
    if key == "who_pays":
        def dress(deal, draw):
            payment = draw.pick(("discarder", "discarder_pays_all"))
            return _any_win(deal, draw).with_situation(
                table={"payment": payment} if payment != "discarder" else None)
        return Aim(ALL_JIUJIANG, lambda d: facts(d) is not None, dress=dress)
    if key == "three_steps":
        def dress(deal, draw):
            table = {"base_added": True, "base": draw.pick((1, 1, 2))}
            if kind == PAY and draw.chance(1, 2):
                table["payment"] = "discarder_pays_all"
            if table["base"] == 1:
                del table["base"]
            return _multiplied(deal, draw).with_situation(table=table)
        return Aim(ALL_JIUJIANG + JT.WITH_KONG, lambda d: (f := facts(d)) is not None and bool(
            f.result["multipliers"]) and f.result["table"]["base_added"], dress=dress)
    if key == "table_conventions":
        return _table_conventions_aim(judge, kind)
    raise KeyError(key)


# Conventions a table may set, per kind of question: each changes what that kind asks about.
TABLE_CHOICES = {
    POINTS: ({"extra_quad": "plus4"}, {"dealer_double": False}, {"base_added": True},
             {"base": 5, "cap_rule": "five_times_base"}, {"cap": 8}, {"base": 2}),
    DECLARE: ({"require_missing_suit": True}, {"min_flowers": 1}, {"min_flowers": 2}, {"quad_as_pairs": False}),
    PAY: ({"payment": "discarder_pays_all"},),
}
REQUIREMENTS = ("require_missing_suit", "min_flowers", "quad_as_pairs")
# conventions that change the total or the payments of most wins
CHANGES_TOTALS = frozenset(("base", "base_added", "cap_rule", "payment", "dealer_double", "extra_quad"))


def _table_conventions_aim(judge, kind: str) -> Aim:
    choices = TABLE_CHOICES[kind]

    def dress(deal, draw):
        table = dict(draw.pick(choices))
        deal = _any_win(deal, draw) if kind != DECLARE else deal.with_situation(flowers=draw.pick((None, 1, 2, 3)))
        if kind == POINTS and "dealer_double" in table:
            deal = deal.with_situation(dealer=True)
        if kind == PAY:
            deal = deal.with_situation(self_drawn=None)
        return deal.with_situation(table=table)

    def keep(deal):
        if kind == DECLARE:     # a requirement is set; met or not, it is what the question turns on
            return any(k in deal.situation.get("table", {}) for k in REQUIREMENTS) and (
                judge.facts(deal) is not None or judge.error_of(deal) in ("table_requirement", "not_a_win"))
        return judge.facts(deal) is not None and _outcome(judge, deal) != _outcome(
            judge, deal.with_situation(table=None))
    return Aim(ALL_JIUJIANG + JT.WITH_KONG, keep, dress=dress,
               tiles_keep=lambda d: judge.facts(d.with_situation(table=None)) is not None)


# ---------------------------------------------------------------- 九江's convention topics at a fixed table
# The request fixed the table: these topics teach it at that table. Only the situation is dressed; where the table
# rules out what the topic usually shows (base 1 and no cap, base_added off, nothing it changes for this kind of
# question), any hand the topic's dressing gives is asked instead. Whether it does is read off the table first, so
# that a question does not search every template in vain before it settles for that.

def _won(judge):
    return lambda d: judge.facts(d) is not None


def _multiplied_win(judge):
    return lambda d: (f := judge.facts(d)) is not None and bool(f.result["multipliers"])


def _strict_or_relaxed(possible: bool, strict, relaxed) -> dict:
    """An Aim's keep and relaxed: the strict test with the relaxed one behind it, or the relaxed one alone."""
    return {"keep": strict, "relaxed": relaxed} if possible else {"keep": relaxed}


def _departures(judge) -> set:
    """The conventions in which the fixed table differs from the sheet's."""
    sheet = J.DEFAULT_TABLE.to_dict()
    return {k for k, v in judge.fixed_table.to_dict().items() if v != sheet[k]}


def _fixed_base_and_cap(judge, kind: str) -> Aim:
    table = judge.fixed_table
    strict = lambda d: (f := judge.facts(d)) is not None and bool(f.result["multipliers"]) and (  # noqa: E731
        f.result["capped"] or f.result["table"]["base"] != 1)
    return Aim(ALL_JIUJIANG, dress=_multiplied, **_strict_or_relaxed(
        table.base != 1 or table.cap_value is not None, strict, _multiplied_win(judge)))


def _fixed_who_pays(judge, kind: str) -> Aim:
    return Aim(ALL_JIUJIANG, _won(judge), dress=_any_win)


def _fixed_three_steps(judge, kind: str) -> Aim:
    # every step at work: a multiplied win (the base is added where the table adds it, on every hand alike)
    return Aim(ALL_JIUJIANG + JT.WITH_KONG, _multiplied_win(judge), dress=_multiplied)


def _fixed_table_conventions(judge, kind: str) -> Aim:
    """Hands on which this table's conventions give another answer than the sheet's would."""
    sheet = type(judge)()       # the same judge at the sheet's own table

    def dress(deal, draw):
        if kind == DECLARE:     # flowers shown or not, against a table that asks for some
            return deal.with_situation(flowers=draw.pick((None, 1, 2, 3)))
        deal = _any_win(deal, draw)
        return judge.seated(deal.with_situation(self_drawn=None) if kind == PAY else deal)

    def answer(j, deal):
        return j.facts(deal) is not None if kind == DECLARE else _outcome(j, deal)

    if kind == DECLARE:
        relaxed = lambda d: judge.facts(d) is not None or judge.error_of(d) in ("table_requirement",  # noqa: E731
                                                                                 "not_a_win")
    else:
        relaxed = _won(judge)
    # what can change the answer of this kind: a win refused (declare), else the total or the payments; a
    # requirement a seated hand meets changes neither, and a higher cap (or none) only the rare hand above 16
    departures = _departures(judge)
    if kind == DECLARE:
        possible = bool(departures & set(REQUIREMENTS))
    else:
        cap = judge.fixed_table.cap_value
        possible = bool(departures & CHANGES_TOTALS) or (cap is not None and cap < J.DEFAULT_TABLE.cap_value)
    # a declare question keeps the templates as they are, so that the table's requirements may refuse them
    return Aim(ALL_JIUJIANG + JT.WITH_KONG, dress=dress, tiles_keep=lambda d: sheet.facts(d) is not None,
               seat=kind != DECLARE, **_strict_or_relaxed(
                   possible, lambda d: relaxed(d) and answer(judge, d) != answer(sheet, d), relaxed))


FIXED_TABLE_AIMS = {"base_and_cap": _fixed_base_and_cap, "who_pays": _fixed_who_pays,
                    "three_steps": _fixed_three_steps, "table_conventions": _fixed_table_conventions}


# ---------------------------------------------------------------- one entry for every focus

POSITIVE_AIMS = {FAN: gb_fan_aim, PRINCIPLE: gb_principle_aim, PATTERN: jiujiang_pattern_aim}
SET_ASIDE_AIMS = {FAN: gb_set_aside_aim, PRINCIPLE: gb_principle_aim, PATTERN: jiujiang_set_aside_aim}


def aim_for(focus: Focus, judge, kind: str) -> Aim:
    """Deals that have the focus: its fan or pattern counted, its principle applied, its concept at work."""
    if focus.type == CONCEPT:
        return jiujiang_concept_aim(judge, focus.key, kind)
    return POSITIVE_AIMS[focus.type](judge, focus.key)


def lacks_test(focus: Focus, judge):
    return lambda d: judge.lacks(judge.facts(d), focus.key)


def fallback_near_misses(focus: Focus) -> tuple:
    if focus.type == FAN:
        return GT.NEAR_MISSES.get(focus.key, ())
    if focus.type == PATTERN:
        return JT.NEAR_MISSES.get(focus.key, ())
    return ()


def set_aside_aim(focus: Focus, judge) -> Aim:
    """Deals on which the focus is set aside or sets something aside (a concept: highest_pattern's two patterns)."""
    if focus.type == CONCEPT:
        return jiujiang_concept_aim(judge, focus.key, POINTS)
    return SET_ASIDE_AIMS[focus.type](judge, focus.key)
