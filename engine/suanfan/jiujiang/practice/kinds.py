"""九江's own kinds of question (`fans`, `declare`, `pay`) and its choices for the shared ones (name, why_not).

Built from the shared helpers (practice/kinds.py); every answer, payment included, is read from the engine's result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import jiujiang as J
from ...practice import deal as D
from ...practice.catalog import PATTERN
from ...practice.deal import Deal
from ...practice.kinds import Context, hand_for, near_label, positive_deal
from ...practice.neighbours import tile_change

if TYPE_CHECKING:
    from ...json_types import JSONDict
    from ...practice.kinds import Pool
    from .judge import JiujiangJudge


def fans(ctx: Context[JiujiangJudge]) -> JSONDict:
    deal, near, _ = hand_for(ctx)
    request, result = ctx.explained(deal)
    judge = ctx.judge
    present = {p["key"] for p in result["patterns"]}
    choices = [dict(judge.item_choice(p.key), verdict=judge.verdict(p.key, result)) for p in J.PATTERNS]
    answer = [c["key"] for c in choices if c["key"] in present]
    return {
        "prompt": ctx.prompt(),
        "request": request,
        "answer_type": "keys",
        "choices": choices,
        "answer": answer,
        "explanation": result,
        "near_miss": near,
    }


def declare(ctx: Context[JiujiangJudge]) -> JSONDict:
    judge, focus, draw = ctx.judge, ctx.focus, ctx.draw
    want = draw.fork("side").chance(1, 2)
    deal, near = positive_deal(ctx), None
    if focus.type == PATTERN and not want and ctx.given is None:
        # a table the request fixed is not changed: the hand itself is made no win
        if judge.fixed is None and draw.fork("how").chance(1, 2):
            # a table requirement the hand does not meet: three suits at a 缺门 table, too few flowers
            suits, _ = J.suit_profile(deal.hand)
            if len(suits) == 3:
                deal = deal.with_table(require_missing_suit=True)
            else:
                deal = deal.with_table(min_flowers=deal.situation.get("flowers", 0) + 1 + draw.below(2))
        else:
            broken = _not_a_win(ctx, deal)
            if broken is not None:
                near = near_label(ctx, broken[1], deal)
                deal = broken[0]
    request, result = ctx.explained(deal)
    return {
        "prompt": ctx.prompt(),
        "request": request,
        "answer_type": "boolean",
        "answer": result["ok"],
        "explanation": result,
        "near_miss": near,
    }


def _not_a_win(ctx: Context[JiujiangJudge], deal: Deal) -> tuple[Deal, JSONDict] | None:
    """One standing tile replaced so that the hand is no win at all (the engine's not_a_win)."""
    draw = ctx.draw.fork("broken")
    standing = deal.hand.standing
    for i in draw.shuffled(range(len(standing))):
        for tile in draw.shuffled(range(34))[:6]:
            if tile == standing[i] or D.copies(deal.hand, tile) >= 4:
                continue
            candidate = deal.with_hand(D.with_tile_replaced(deal.hand, i, tile))
            if ctx.judge.error_of(candidate) == "not_a_win":
                return candidate, tile_change(standing[i], tile)
    return None


def pay(ctx: Context[JiujiangJudge]) -> JSONDict:
    deal = positive_deal(ctx)
    request, result = ctx.explained(deal)
    payments = result["payments"]
    payer = payments["payers"][0]
    if ctx.draw.fork("ask").chance(1, 3):
        asks, words, answer = "winner_receives", ctx.prompt("winner"), payments["winner_receives"]
    else:
        asks, answer = payer["who"], payer["amount"]
        words = ctx.prompt(payments["mode"], payer=payer["role"])
    return {
        "prompt": words,
        "request": request,
        "answer_type": "number",
        "answer": answer,
        "explanation": result,
        "near_miss": None,
        "asks": asks,
    }


def name_pools(
    ctx: Context[JiujiangJudge], deal: Deal, result: JSONDict, target: str, counted: list[str]
) -> tuple[list[Pool], JSONDict]:
    """The other choices of "which pattern does this hand count": patterns it also shows, then any."""
    present = [p["key"] for p in result["patterns"] if p["key"] != target]
    return [(present, 2), ([p.key for p in J.PATTERNS], 3)], {}


def why_not_pools(judge: JiujiangJudge, asked: str, by: str, counted: list[str]) -> list[Pool]:
    return [([p.key for p in J.PATTERNS if p.key not in (asked, by)], 3)]


def why_not_variant(asked: str, counted: list[str]) -> None:
    return None
