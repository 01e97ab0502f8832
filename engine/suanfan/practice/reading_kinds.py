"""The hand-reading kinds of question (牌理), for the rule sets that offer them: a hand that has not won, and the
engine's own reading of it (`action: "analyse"`, suanfan.reading) as the answer and the explanation.

  shanten  how many steps from ready a 13-tile hand is (a number)
  useful   every tile whose draw brings a 13-tile hand a step nearer (tiles)
  discard  何切: which of four discards from a 14-tile hand is the engine's best under the stated goal — the fastest
           (fewest steps, then most useful copies), or the fastest that keeps the rule set's value goal in reach
           (Guobiao: some route to 8 points; 九江: the highest value the hand can reach); under the value goal the
           puzzle is kept only when the fastest discard loses it, and that naive discard is one of the choices
  route    which of four fans a 13-tile hand one step from ready can still be won with (Guobiao)

Where the hands come from: a winning hand of one of the rule set's items (plugin.reading_sources), with some
standing tiles exchanged for others from the wall — s + 1 taken out and s put in for 13 tiles (at most s steps from
ready), as many put in as taken out for 14 — and kept when the engine's reading has what the kind needs. Every
answer is read from that reading; the choices' verdicts quote its figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import tiles as T
from ..catalogue import Text, _, ngettext, pgettext
from ..hand import Hand
from ..notation import parse
from ..reading.analyse import analyse, reachable
from .catalog import DISCARD, ROUTE, SHANTEN, USEFUL, Kind
from .kinds import Context
from .mistakes import Mistake
from .supply import Focus, NoDeal, construct

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..json_types import JSONDict
    from .deal import Deal
    from .draw import Draw
    from .judge import Judge

HAND_TRIES = 16  # exchanged hands looked at per winning hand, at most
VALUE_TRIES = 4  # of them, for a discard puzzle under the value goal (each read with its values)
SOURCES = 3  # winning hands they are exchanged from, one after the other
# situation keys of one particular win: a reading sets them aside (and says so), so questions leave them out
ONE_WIN_KEYS = ("kong", "last_copy", "last_of_wall")
LETTERS = "ABCD"


# ---------------------------------------------------------------- hands


def _source(ctx: Context[Judge], label: str) -> tuple[str, Deal]:
    """A winning deal of one of the rule set's items, the item drawn by the seed."""
    plugin, judge, draw = ctx.plugin, ctx.judge, ctx.draw.fork(label)
    key = draw.pick(plugin.reading_sources(judge))
    focus = Focus(key, judge.item_kind, judge.names(key))
    deal = construct(plugin.aim_for(focus, judge, "points"), judge, draw.fork("deal"), ctx.tally)
    return key, deal.with_situation(**dict.fromkeys(ONE_WIN_KEYS))


def _exchanged(hand: Hand, draw: Draw, taken: int, put: int) -> Hand:
    """The hand with `taken` standing tiles out and `put` tiles in from the wall (at most four of a kind)."""
    standing = list(hand.standing)
    for _turn in range(taken):
        standing.pop(draw.below(len(standing)))
    held = T.counts_of(standing + [t for m in hand.melds for t in m.tiles])
    for _turn in range(put):
        t = draw.pick([t for t in range(T.NUM_KINDS) if held[t] < 4])
        held[t] += 1
        standing.append(t)
    return Hand(hand.melds, tuple(sorted(standing)))


def _readings(
    ctx: Context[Judge],
    taken: int,
    put: int,
    keep: Callable[[JSONDict], bool],
    values: str = "exact",
    tries: int = HAND_TRIES,
) -> tuple[str, JSONDict, JSONDict]:
    """(source item, request, reading) of the first exchanged hand whose reading `keep` accepts; NoDeal when none
    of `tries` does. Hands are screened by a quick reading (values "exact": no estimated ones; "none": no values);
    the one kept is read by the engine's façade, whose answer is the question's explanation (its exact figures are
    the screened ones)."""
    for attempt in range(SOURCES):
        source, deal = _source(ctx, f"source-{attempt}" if attempt else "source")
        draw = ctx.draw.fork(f"exchange-{attempt}" if attempt else "exchange")
        for n in range(tries):
            hand = _exchanged(deal.hand, draw.fork(f"try-{n}"), taken, put)
            request = ctx.judge.request(deal.with_hand(hand), "analyse")
            quick = analyse(ctx.plugin.reading_reader(ctx.judge, request), hand, values)
            quick["minimum"] = ctx.judge.reading_minimum
            if keep(quick):
                return source, request, ctx.answer_of(request)
    raise NoDeal(f"no exchanged hand read as a {ctx.kind} question needs")


# ---------------------------------------------------------------- the kinds


def shanten(ctx: Context[Judge]) -> JSONDict:
    steps = ctx.draw.fork("steps").pick((1, 1, 2, 2, 3))
    _unused, request, reading = _readings(ctx, steps + 1, steps, lambda r: r["shanten"] >= 1)
    return {
        "prompt": ctx.prompt(),
        "request": request,
        "answer_type": "number",
        "answer": reading["shanten"],
        "explanation": reading,
        "near_miss": None,
    }


def useful(ctx: Context[Judge]) -> JSONDict:
    steps = ctx.draw.fork("steps").pick((1, 2))
    _unused, request, reading = _readings(ctx, steps + 1, steps, lambda r: r["shanten"] >= 1 and r["useful"])
    return {
        "prompt": ctx.prompt(),
        "request": request,
        "answer_type": "tiles",
        "answer": [u["tile"] for u in reading["useful"]],
        "explanation": reading,
        "near_miss": None,
    }


def _speed(d: JSONDict) -> tuple[int, int]:
    return (d["shanten"], -d["useful_count"])


def _value(d: JSONDict) -> tuple[float, int]:
    value = d["value"]
    return (-(value["reaches_minimum"] or 0), -(value["best"] if value["best"] is not None else -1))


def _keeps(d: JSONDict, minimum: bool) -> bool:
    """Whether a discard keeps the value goal: some route to the minimum, or (no minimum) the best value there is."""
    return (d["value"]["reaches_minimum"] or 0) > 0 if minimum else True


def _discard_puzzle(reading: JSONDict, goal: str) -> tuple[JSONDict, list[JSONDict]] | None:
    """(the one right discard, three wrong ones) under the goal, or None when this hand makes no fair puzzle of it.
    Only discards valued exactly (ready or one away) are offered."""
    exact = [d for d in reading["discards"] if d["shanten"] <= 1]  # valued exactly
    if len(exact) < 4:
        return None
    fastest = exact[0]
    if goal == "speed":
        right = [d for d in exact if _speed(d) == _speed(fastest)]
        wrong = [d for d in exact if _speed(d) > _speed(fastest)]
        return (right[0], wrong[:3]) if len(right) == 1 and len(wrong) >= 3 else None
    minimum = reading["minimum"] is not None
    if minimum:
        keepers = [d for d in exact if _keeps(d, True)]
        if not keepers or _keeps(fastest, True):
            return None  # nothing keeps 8 in reach, or the fastest already does: no lesson in it
        best = keepers[0]
        if sum(1 for d in keepers if _speed(d) == _speed(best)) != 1:
            return None
        others = [
            d for d in exact if d is not best and d is not fastest and (not _keeps(d, True) or _speed(d) > _speed(best))
        ]
    else:
        top = max(d["value"]["best"] or -1 for d in exact)
        best_ones = [d for d in exact if (d["value"]["best"] or -1) == top]
        best = min(best_ones, key=_speed)
        if (fastest["value"]["best"] or -1) >= top or sum(1 for d in best_ones if _speed(d) == _speed(best)) != 1:
            return None
        others = [
            d
            for d in exact
            if d is not best and d is not fastest and ((d["value"]["best"] or -1) < top or _speed(d) > _speed(best))
        ]
    if len(others) < 2:
        return None
    return best, [fastest] + others[:2]


def discard(ctx: Context[Judge]) -> JSONDict:
    goal = "value" if ctx.draw.fork("goal").chance(1, 2) else "speed"

    def keep(reading: JSONDict) -> bool:
        return _discard_puzzle(reading, goal) is not None

    try:
        _unused, request, reading = _readings(ctx, 2, 2, keep, "exact" if goal == "value" else "none", VALUE_TRIES)
    except NoDeal:
        if goal == "speed":
            raise
        goal = "speed"  # this seed's hands made no value puzzle: the speed one (say so by the prompt)
        _unused, request, reading = _readings(ctx, 2, 2, keep, "none")
    puzzle = _discard_puzzle(reading, goal)  # the engine's answer, valued as the screening was
    assert puzzle is not None  # keep() took only a reading that makes one
    right, wrong = puzzle
    picked = ctx.draw.fork("order").shuffled([right] + wrong)
    minimum = reading["minimum"]
    choices = []
    for letter, d in zip(LETTERS, picked):
        choices.append(
            {
                "key": letter,
                "type": "tile",
                "tile": d["tile"],
                **_("discard the {name}", name=T.name(T.index_of(d["tile"]))),
                "verdict": _discard_verdict(d, d is right, minimum, reading["unit"]),
            }
        )
    answer = next(c["key"] for c in choices if c["tile"] == right["tile"])
    return {
        "prompt": ctx.prompt(goal),
        "request": request,
        "answer_type": "key",
        "choices": choices,
        "answer": answer,
        "explanation": reading,
        "near_miss": None,
        "asks": {"goal": goal},
    }


def _discard_verdict(d: JSONDict, right: bool, minimum: int | None, unit: Text) -> Text:
    value, shanten, useful = d["value"], d["shanten"], d["useful_count"]
    steps = (
        pgettext("verdict", "ready")
        if shanten == 0
        else ngettext("{n} step from ready", "{n} steps from ready", shanten, n=shanten)
    )
    said = ngettext("{steps}, {n} useful tile", "{steps}, {n} useful tiles", useful, steps=steps, n=useful)
    if value["best"] is None:  # no completion this table accepts (a requirement missed)
        said = _("{verdict}, and no win this table accepts", verdict=said)
    else:
        said = _("{verdict}, at best {best} {unit}", verdict=said, best=value["best"], unit=unit)
    if minimum is not None:
        share = round((value["reaches_minimum"] or 0) * 100)
        said = _("{verdict}, {share}% of its wins reaching {minimum}", verdict=said, share=share, minimum=minimum)
    return {"status": "right" if right else "wrong", **_("{verdict}.", verdict=said)}


def route(ctx: Context[Judge]) -> JSONDict:
    judge, plugin = ctx.judge, ctx.plugin

    def keep(reading: JSONDict) -> bool:
        return reading["shanten"] == 1 and bool(reading["value"]["routes"])

    source, request, reading = _readings(ctx, 2, 1, keep)
    routed = {k for r in reading["value"]["routes"] for k in r["route"]}
    hand = parse(request["hand"])
    reachable_ones = reachable(plugin.reading_reader(judge, request), hand)
    # what the tiles make, not how the hand is won: a route a player can aim for
    sources = plugin.reading_sources(judge)
    open_ones = sorted(k for k in routed & reachable_ones if k in sources)
    if not open_ones:
        raise NoDeal("no route of the hand is one its tiles make")
    draw = ctx.draw.fork("choices")
    answer = source if source in open_ones else draw.pick(open_ones)
    same, close = judge.relatives(answer)
    pool = [k for k in dict.fromkeys(same + close + list(sources)) if k in sources and k not in reachable_ones]
    if len(pool) < 3:
        raise NoDeal(f"too few closed routes beside {answer}")
    keys = [answer] + draw.sample(pool, 3)
    choices = []
    for key in draw.shuffled(keys):
        choice = judge.item_choice(key)
        best = max((r["best"] for r in reading["value"]["routes"] if key in r["route"]), default=None)
        if key == answer:
            verdict = {
                "status": "right",
                **_("still open: at best {best} {unit}.", best=best, unit=reading["unit"]),
            }
        else:
            verdict = {
                "status": "wrong",
                **_("no way this hand can win counts it."),
            }
        choices.append(dict(choice, verdict=verdict))
    return {
        "prompt": ctx.prompt(),
        "request": request,
        "answer_type": "key",
        "choices": choices,
        "answer": answer,
        "explanation": reading,
        "near_miss": None,
    }


BUILDERS = {SHANTEN: shanten, USEFUL: useful, DISCARD: discard, ROUTE: route}
# What the kinds every rule set asks alike are called, and their prompts (a rule set adds discard's and route's own)
SHARED_KINDS = (
    Kind(
        SHANTEN,
        _("how far from ready"),
        _(
            "A 13-tile hand that is not ready: how many exchanges (draw one, discard one) it needs at least to be ready, its shanten."
        ),
    ),
    Kind(
        USEFUL,
        _("useful tiles"),
        _(
            "Every tile whose draw brings the hand a step nearer to ready (not one whose four copies are all in the hand)."
        ),
    ),
)
SHARED_PROMPTS = {
    (SHANTEN, None): _("How many steps is this hand from ready (its shanten)?"),
    (USEFUL, None): _("Which tiles, drawn, bring this hand a step nearer to ready? Pick every one."),
    (DISCARD, "speed"): _("Goal: ready as fast as possible. Which tile do you discard?"),
}


# ---------------------------------------------------------------- tags and mistakes


def tags(result: JSONDict, judge: Judge) -> list[str]:
    """What a reading question exercises: the routes its answer turns on (their fans or patterns)."""
    q, ex = result["question"], result["explanation"]
    prefix = judge.item_kind  # fan | pattern: what the rule set's tags call its items
    if q["kind"] == ROUTE:
        return [f"{prefix}:{result['answer']}"]
    if q["kind"] == DISCARD:  # the routes the right discard keeps
        tile = next(c["tile"] for c in q["choices"] if c["key"] == result["answer"])
        routes = next(d["value"]["routes"] for d in ex["discards"] if d["tile"] == tile)
    else:
        routes = ex["value"]["routes"]
    return [f"{prefix}:{key}" for key in (routes[0]["route"] if routes else ())]


FORM_SHANTEN = "misconception:reading_one_form"
TO_WIN = "misconception:reading_counts_to_win"
FASTEST_LOSES = "misconception:fastest_loses_the_value"
TAG_WORDS = {
    FORM_SHANTEN: _("counting the steps by one form only"),
    TO_WIN: _("counting the steps to a win instead of to ready"),
    FASTEST_LOSES: _("taking the fastest discard when it gives up the value"),
}


def mistakes(result: JSONDict, shapes: JSONDict) -> list[Mistake]:
    """The modelled mistakes of a reading question. shapes: {form key: (zh, en)} (glossary.SHAPES)."""
    q, ex, answer = result["question"], result["explanation"], result["answer"]
    kind = q["kind"]
    out = []
    if kind == SHANTEN:
        lowest = next(k for k, n in ex["forms"].items() if n == answer)
        for key, n in ex["forms"].items():
            if n is not None and n != answer:
                out.append(
                    Mistake(
                        "one_form",
                        (FORM_SHANTEN,),
                        n,
                        _(
                            "Your {n} counts the steps as {key}; as {lowest} the hand is nearer: {answer}.",
                            n=n,
                            key=shapes[key],
                            lowest=shapes[lowest],
                            answer=answer,
                        ),
                    )
                )
        out.append(
            Mistake(
                "to_win",
                (TO_WIN,),
                answer + 1,
                _(
                    "Your {answer} counts to a win; shanten counts to ready, one step fewer: {answer2}.",
                    answer=answer + 1,
                    answer2=answer,
                ),
            )
        )
    elif kind == USEFUL:
        for u in ex["useful"]:
            t = T.index_of(u["tile"])
            out.append(
                Mistake(
                    "missed_useful",
                    (f"kind:{USEFUL}",),
                    ("-", u["tile"]),
                    _(
                        "You left out the {t}: drawing it brings the hand a step nearer ({unseen} still unseen).",
                        t=T.name(t),
                        unseen=u["unseen"],
                    ),
                )
            )
        useful_tiles = {u["tile"] for u in ex["useful"]}
        for t in range(T.NUM_KINDS):
            if T.code(t) not in useful_tiles:
                out.append(
                    Mistake(
                        "not_useful",
                        (f"kind:{USEFUL}",),
                        ("+", T.code(t)),
                        _(
                            "Drawing the {t} leaves the hand as many steps from ready.",
                            t=T.name(t),
                        ),
                    )
                )
    elif kind == DISCARD and q["asks"]["goal"] == "value":
        fastest = ex["discards"][0]["tile"]
        letter = next((c["key"] for c in q["choices"] if c["tile"] == fastest), None)
        if letter is not None:
            minimum = ex["minimum"]
            if minimum is None:  # no minimum: the table shows only the best value
                where = _("its best in the table")
            else:
                where = _("its best and its share reaching {minimum} in the table", minimum=minimum)
            out.append(
                Mistake(
                    "fastest_loses",
                    (FASTEST_LOSES,),
                    letter,
                    _(
                        "Discarding the {name} is fastest, but it gives up the value: see {where}.",
                        name=T.name(T.index_of(fastest)),
                        where=where,
                    ),
                )
            )
    return [m for m in out if m.answer != answer]
