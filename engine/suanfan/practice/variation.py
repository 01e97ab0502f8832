"""Vary a template hand from the seed, keeping what the question is about.

Each step is tried in turn, and kept only when the varied deal still satisfies `keep` (the engine's judgement:
the topic's fan still counts, the principle still sets a fan aside …); otherwise the deal stays as it was, so
at worst the template itself comes back. The steps: the suits permuted; numbers mirrored (1 ↔ 9) and shifted
per suit where they stay inside 1 … 9; winds and dragons relabelled, the seat and prevalent winds relabelled
with them; another standing tile made the winning tile; one set laid on the table or taken back, or a kong
made concealed, melded or a pung; the situation (self-drawn, winds, flowers — the judge says which).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from .. import decompose
from .. import tiles as T
from ..hand import CHOW, KONG, PUNG
from . import deal as D
from .deal import Deal

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ..hand import Hand
    from .draw import Draw
    from .judge import Judge
    from .supply import Test

SUIT_ORDERS = tuple(permutations(range(3)))
WIND_LETTERS = "ESWN"


def vary(deal: Deal, keep: Test, judge: Judge, draw: Draw) -> Deal:
    for step in (_suits, _numbers, _honors, _winner, _melds, _situation):
        for candidate in step(deal, judge, draw):
            if candidate is not None and candidate.signature() != deal.signature() and keep(candidate):
                deal = candidate
                break
    return deal


# ---------------------------------------------------------------- the steps: each yields candidates, best first


def _suits(deal: Deal, judge: Judge, draw: Draw) -> Iterator[Deal]:
    if draw.chance(3, 4):
        order = draw.pick(SUIT_ORDERS[1:])
        yield deal.with_hand(D.renamed(deal.hand, D.suit_permutation(order)))


def _numbers(deal: Deal, judge: Judge, draw: Draw) -> Iterator[Deal]:
    if not draw.chance(3, 4):
        return
    flip = draw.chance(1, 2)
    steps = []
    for suit in range(3):
        span = D.number_range(deal.hand, suit)
        if span is None:
            steps.append((flip, 0))
            continue
        low, high = (10 - span[1], 10 - span[0]) if flip else span
        # keep the shift small most of the time: far shifts rarely keep a fan of terminals or fives
        shift = draw.pick(range(1 - low, 10 - high)) if draw.chance(1, 2) else 0
        steps.append((flip, shift))
    yield deal.with_hand(D.renamed(deal.hand, D.rank_map(tuple(steps))))
    if flip:  # the mirror alone, when the shifts undo it
        yield deal.with_hand(D.renamed(deal.hand, D.rank_map(((True, 0),) * 3)))


def _honors(deal: Deal, judge: Judge, draw: Draw) -> Iterator[Deal]:
    if not draw.chance(2, 3):
        return
    winds = tuple(draw.shuffled(T.WINDS))
    dragons = tuple(draw.shuffled(T.DRAGONS))
    varied = deal.with_hand(D.renamed(deal.hand, D.honor_permutation(winds, dragons)))
    renamed = {}
    for key in judge.wind_keys:  # the situation's winds follow the tiles' (Guobiao's seat and prevalent wind)
        letter = deal.situation.get(key, "E")
        new = WIND_LETTERS[winds[WIND_LETTERS.index(letter)] - T.EAST]
        renamed[key] = None if new == "E" else new
    if renamed:
        varied = varied.with_situation(**renamed)
    yield varied


def _winner(deal: Deal, judge: Judge, draw: Draw) -> Iterator[Deal]:
    if not draw.chance(1, 2):
        return
    standing = deal.hand.standing
    others = [i for i in range(len(standing) - 1) if standing[i] != standing[-1]]
    for i in draw.shuffled(others)[:3]:
        yield deal.with_hand(D.with_winner_at(deal.hand, i))


def _melds(deal: Deal, judge: Judge, draw: Draw) -> Iterator[Deal]:
    if not draw.chance(1, 2):
        return
    for hand in draw.shuffled(meld_changes(deal.hand, draw))[:4]:
        yield deal.with_hand(hand)


def _situation(deal: Deal, judge: Judge, draw: Draw) -> Iterator[Deal]:
    if draw.chance(1, 2):
        yield from judge.situation_variants(deal, draw)[:2]


# ---------------------------------------------------------------- one meld changed


def concealed_sets(hand: Hand) -> list[tuple[str, int]]:
    """The chows and pungs some reading finds among the standing tiles, (kind, first tile), without repeats."""
    found = []
    for sets, _pair in decompose.standard(T.counts_of(hand.standing)):
        for kind, first in sets:
            if (kind, first) not in found:
                found.append((kind, first))
    return found


def meld_changes(hand: Hand, draw: Draw) -> list[Hand]:
    """Hands one meld away: a concealed set declared, a meld taken back, a kong's other forms, a concealed
    pung with its fourth copy made a concealed kong. Some may be no hand at all (None)."""
    out = []
    for kind, first in concealed_sets(hand):
        if len(hand.melds) < 4:
            out.append(
                D.declared(
                    hand,
                    CHOW if kind == decompose.CHOW else PUNG,
                    first,
                    source=1 + draw.below(3),
                    claimed_index=draw.below(3),
                )
            )
            if kind == decompose.PUNG:
                out.append(D.concealed_kong_of(hand, first))
    for i, meld in enumerate(hand.melds):
        if meld.kind != KONG:
            out.append(D.taken_back(hand, i))
        out.extend(D.meld_replaced(hand, i, m) for m in D.kong_variants(hand, i))
    return [h for h in out if h is not None]
