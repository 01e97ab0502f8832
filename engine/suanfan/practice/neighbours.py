"""Deals one step away from a deal: one standing tile replaced, one meld changed or one set exchanged for another,
or one situation flag flipped.

Near misses are searched among these, in the seed's order: a winning hand that lacks the topic's fan and
differs from a hand that has it by one tile, one meld or one flag. Tile replacements come from the waits of the
13 tiles left when one tile is taken out, so every one of them is a winning shape; the judge then says what the
new hand counts. Every candidate carries a `change` that says, in both languages, what was changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import decompose
from .. import tiles as T
from ..catalogue import _
from ..glossary import with_article
from ..hand import CHOW, KONG, PUNG, Hand, Meld
from ..notation import format_tiles
from . import deal as D
from .deal import Deal
from .variation import concealed_sets, meld_changes

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ..fields import Field
    from ..json_types import JSONDict
    from .draw import Draw
    from .judge import Judge

    # a deal one step away, with the change that makes it ({type, zh, en, …}, what a near miss says)
    Neighbour = tuple[Deal, JSONDict]


def tile_change(before: int, after: int) -> JSONDict:
    return {
        "type": "tile",
        "from": T.code(before),
        "to": T.code(after),
        **_(
            "one {before} replaced by {after2}",
            before=T.name(before),
            after=T.name(after),
            after2=with_article(T.name_en(after)),
        ),
    }


def meld_change(before: Hand, after: Hand) -> JSONDict:
    old = [D.meld_text(m) for m in before.melds]
    new = [D.meld_text(m) for m in after.melds]
    removed = [m for m in old if m not in new] or ["—"]
    added = [m for m in new if m not in old] or ["—"]
    return {
        "type": "meld",
        "from": removed,
        "to": added,
        **_(
            "melds {removed} changed to {added} (— : standing in the hand)",
            removed=" ".join(removed),
            added=" ".join(added),
        ),
    }


def situation_change(field: Field, before: object, after: object) -> JSONDict:
    """One situation key changed, named by its field (the rule set's own)."""
    key = field.key
    return {
        "type": "situation",
        "key": key,
        "from": before,
        "to": after,
        **_(
            "{field}: {before} → {after}", field=field.label, before=field.label_of(before), after=field.label_of(after)
        ),
    }


def tile_neighbours(deal: Deal, judge: Judge, draw: Draw) -> Iterator[Neighbour]:
    """One standing tile replaced, keeping a winning shape, in the seed's order."""
    hand = deal.hand
    standing = hand.standing
    positions = draw.shuffled(sorted({standing.index(t) for t in standing} | {len(standing) - 1}))
    for i in positions:
        waiting = Hand(hand.melds, standing[:i] + standing[i + 1 :])
        for tile in draw.shuffled(judge.completions(waiting)):
            if tile == standing[i] or D.copies(hand, tile) >= 4:
                continue
            yield deal.with_hand(D.with_tile_replaced(hand, i, tile)), tile_change(standing[i], tile)


def meld_neighbours(deal: Deal, draw: Draw) -> Iterator[Neighbour]:
    for hand in draw.shuffled(meld_changes(deal.hand, draw)):
        yield deal.with_hand(hand), meld_change(deal.hand, hand)


SWAPS_PER_SET = 8


def _set_tiles(kind: str, first: int) -> tuple[int, ...]:
    return (first, first + 1, first + 2) if kind == CHOW else (first,) * (4 if kind == KONG else 3)


def _other_sets(kind: str, first: int, hand: Hand, draw: Draw) -> list[tuple[str, int]]:
    """Other sets, (kind, first tile), the hand has the copies for, in the seed's order: a chow or a pung for a
    chow or a pung (so a pung may become a chow: no more 碰碰和), a kong of another tile for a kong."""
    kinds = (KONG,) if kind == KONG else (CHOW, PUNG)
    options = [
        (k, t) for k in kinds for t in range(34) if (k, t) != (kind, first) and (k != CHOW or (t < 27 and t % 9 <= 6))
    ]
    held = T.counts_of(hand.all_tiles())
    for t in _set_tiles(kind, first):
        held[t] -= 1
    fits = [(k, t) for k, t in options if all(held[u] + _set_tiles(k, t).count(u) <= 4 for u in set(_set_tiles(k, t)))]
    return draw.shuffled(fits)[:SWAPS_PER_SET]


def set_neighbours(deal: Deal, draw: Draw) -> Iterator[Neighbour]:
    """One set exchanged for another: a meld ([999m1] for [EEE1]) or a concealed set of the standing tiles (not
    the winning tile), so a whole set of terminals, honors or another suit comes in or goes, or a pung becomes a
    chow."""
    hand = deal.hand
    for i, meld in enumerate(hand.melds):
        for kind, first in _other_sets(meld.kind, meld.tiles[0], hand, draw):
            tiles = _set_tiles(kind, first)
            new = (
                Meld(CHOW, tiles, source=1, claimed_index=meld.claimed_index or 0)
                if kind == CHOW
                else Meld(kind, tiles, meld.concealed, meld.source or (None if meld.concealed else 1), None, meld.added)
            )
            yield deal.with_hand(D.meld_replaced(hand, i, new)), set_change(D.meld_text(meld), D.meld_text(new))
    body, winner = list(hand.standing[:-1]), hand.standing[-1:]
    for kind, first in concealed_sets(hand):
        kind = CHOW if kind == decompose.CHOW else PUNG
        rest = list(body)
        try:
            for t in _set_tiles(kind, first):
                rest.remove(t)
        except ValueError:
            continue  # the set holds the winning tile: it stays
        for other_kind, other in _other_sets(kind, first, hand, draw):
            changed = Hand(hand.melds, tuple(rest) + _set_tiles(other_kind, other) + winner)
            yield (
                deal.with_hand(changed),
                set_change(format_tiles(_set_tiles(kind, first)), format_tiles(_set_tiles(other_kind, other))),
            )


def set_change(before: str, after: str) -> JSONDict:
    return {
        "type": "set",
        "from": before,
        "to": after,
        **_("{before} exchanged for {after}", before=before, after=after),
    }


def flag_neighbours(deal: Deal, judge: Judge, draw: Draw) -> Iterator[Neighbour]:
    for varied, key, before, after in draw.shuffled(judge.flag_flips(deal)):
        yield varied, situation_change(judge.situation_field(key), before, after)


def neighbours(deal: Deal, judge: Judge, draw: Draw, situational_first: bool = False) -> Iterator[Neighbour]:
    """Every one-step neighbour: flags first when the topic is earned by the situation, else tiles, melds, sets
    and flags interleaved in the seed's order (a few of each at a time, so none of them waits for the others)."""
    sources = [
        tile_neighbours(deal, judge, draw.fork("tiles")),
        meld_neighbours(deal, draw.fork("melds")),
        set_neighbours(deal, draw.fork("sets")),
        flag_neighbours(deal, judge, draw.fork("flags")),
    ]
    if situational_first:
        yield from sources.pop()
    live = draw.shuffled(sources)
    while live:
        for source in list(live):
            for _turn in range(3):
                item = next(source, None)
                if item is None:
                    live.remove(source)
                    break
                yield item
