"""A deal: one hand with the situation it is won in, and the changes a question makes to it.

Every change returns a new deal (hands are frozen values, situations are never changed in place), so a
template can be varied, and a near miss searched from a varied hand, without either seeing the other's steps.
The changes keep a hand writable in the notation (at most four copies of a tile, 14 − 3 × melds standing tiles
with the winning tile last) but not necessarily a win: the rule set's judge says whether the result still is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import tiles as T
from ..hand import CHOW, KONG, PUNG, Hand, Meld
from ..notation import WIN, format_hand, format_meld, parse

if TYPE_CHECKING:
    from ..json_types import JSONDict


@dataclass(frozen=True)
class Deal:
    """hand: a complete hand (its last standing tile the winning tile); situation: the request's other keys that
    differ from their defaults (九江's `table` as a nested dict), never changed in place."""

    hand: Hand
    situation: JSONDict

    @property
    def notation(self) -> str:
        return format_hand(self.hand)

    def with_hand(self, hand: Hand) -> Deal:
        return Deal(hand, self.situation)

    def with_situation(self, **changes: Any) -> Deal:
        """Keys set to None are dropped (back to their default)."""
        situation = {k: v for k, v in {**self.situation, **changes}.items() if v is not None}
        return Deal(self.hand, situation)

    def with_table(self, **changes: Any) -> Deal:
        table = {k: v for k, v in {**self.situation.get("table", {}), **changes}.items() if v is not None}
        return self.with_situation(table=table or None)

    def signature(self) -> tuple[object, ...]:
        """What tells two deals apart as a question shows them (the notation's canonical order: the melds as
        declared, the standing tiles sorted, the winning tile), without writing the notation."""
        standing = self.hand.standing
        return (
            self.hand.melds,
            tuple(sorted(standing[:-1])),
            standing[-1:],
            tuple(sorted((k, repr(v)) for k, v in self.situation.items())),
        )


def deal_of(text: str, situation: JSONDict | None = None) -> Deal:
    return Deal(parse(text, expect=WIN), dict(situation or {}))


def copies(hand: Hand, tile: int) -> int:
    """How many of this tile the hand holds, melds included."""
    return sum(m.tiles.count(tile) for m in hand.melds) + hand.standing.count(tile)


# ---------------------------------------------------------------- tiles renamed

Rename = Callable[[int], int]  # tile index -> tile index, one to one


def _mapped_meld(meld: Meld, rename: Rename) -> Meld:
    tiles = tuple(sorted(rename(t) for t in meld.tiles))
    if meld.kind != CHOW:
        return Meld(meld.kind, tiles, meld.concealed, meld.source, meld.claimed_index, meld.added)
    claimed = rename(meld.tiles[meld.claimed_index or 0])
    return Meld(CHOW, tiles, False, meld.source, tiles.index(claimed), False)


def renamed(hand: Hand, rename: Rename) -> Hand:
    """Every tile t replaced by rename(t); rename must be one to one, and map a chow to a chow."""
    return Hand(tuple(_mapped_meld(m, rename) for m in hand.melds), tuple(rename(t) for t in hand.standing))


def suit_permutation(order: tuple[int, ...]) -> Rename:
    """Suit s becomes suit order[s] (m p s = 0 1 2), numbers kept."""
    return lambda t: order[t // 9] * 9 + t % 9 if t < 27 else t


def rank_map(steps: tuple[tuple[int, int], ...]) -> Rename:
    """Per suit (flip, shift): number n becomes (10 − n if flip else n) + shift. A flip turns 1-2-3 into 7-8-9
    (chows stay chows); the caller keeps every number of the hand inside 1 … 9."""

    def rename(t: int) -> int:
        if t >= 27:
            return t
        suit, number = divmod(t, 9)
        flip, shift = steps[suit]
        number += 1
        number = (10 - number if flip else number) + shift
        return suit * 9 + number - 1

    return rename


def honor_permutation(winds: tuple[int, ...], dragons: tuple[int, ...]) -> Rename:
    """东南西北 become winds[0..3], 中发白 become dragons[0..2] (tile indexes)."""
    table = dict(zip(T.WINDS, winds)) | dict(zip(T.DRAGONS, dragons))
    return lambda t: table.get(t, t)


def number_range(hand: Hand, suit: int) -> tuple[int, int] | None:
    """The lowest and highest number of one suit in the hand (melds included), None when the suit is absent."""
    numbers = [t % 9 + 1 for t in hand.all_tiles() if t < 27 and t // 9 == suit]
    return (min(numbers), max(numbers)) if numbers else None


# ---------------------------------------------------------------- the winning tile


def with_winner_at(hand: Hand, index: int) -> Hand:
    """The same tiles, standing[index] now the winning tile."""
    standing = list(hand.standing)
    winner = standing.pop(index)
    return Hand(hand.melds, tuple(standing) + (winner,))


def without_winner(hand: Hand) -> Hand:
    """The 13-tile waiting hand before the win."""
    return Hand(hand.melds, hand.standing[:-1])


def with_tile_replaced(hand: Hand, index: int, tile: int) -> Hand:
    """standing[index] replaced by `tile`; the winning tile stays last (it is the new tile when index is last)."""
    standing = list(hand.standing)
    if index == len(standing) - 1:
        standing[index] = tile
        return Hand(hand.melds, tuple(standing))
    del standing[index]
    winner = standing.pop()
    return Hand(hand.melds, tuple(standing) + (tile, winner))


# ---------------------------------------------------------------- melds


def _body_without(hand: Hand, tiles: Iterable[int]) -> list[int] | None:
    """The standing tiles but the winner, less `tiles` (None when they are not all there)."""
    body = list(hand.standing[:-1])
    for t in tiles:
        if t not in body:
            return None
        body.remove(t)
    return body


def declared(hand: Hand, kind: str, first: int, source: int, claimed_index: int = 0) -> Hand | None:
    """A concealed chow or pung of the standing tiles (not the winning tile) laid on the table as a meld."""
    tiles = (first, first + 1, first + 2) if kind == CHOW else (first,) * 3
    body = _body_without(hand, tiles)
    if body is None:
        return None
    meld = (
        Meld(CHOW, tiles, source=1, claimed_index=claimed_index) if kind == CHOW else Meld(PUNG, tiles, source=source)
    )
    return Hand(hand.melds + (meld,), tuple(body) + hand.standing[-1:])


def concealed_kong_of(hand: Hand, tile: int) -> Hand | None:
    """Three standing copies of `tile` (not the winner) and its fourth copy as a concealed kong."""
    if copies(hand, tile) != 3:
        return None
    body = _body_without(hand, (tile,) * 3)
    if body is None:
        return None
    return Hand(hand.melds + (Meld(KONG, (tile,) * 4, concealed=True, source=None),), tuple(body) + hand.standing[-1:])


def taken_back(hand: Hand, index: int) -> Hand | None:
    """A chow or pung meld returned to the standing tiles (before the winner): the set is now concealed."""
    meld = hand.melds[index]
    if meld.kind == KONG:
        return None
    melds = hand.melds[:index] + hand.melds[index + 1 :]
    return Hand(melds, hand.standing[:-1] + meld.tiles + hand.standing[-1:])


def meld_replaced(hand: Hand, index: int, meld: Meld) -> Hand:
    return Hand(hand.melds[:index] + (meld,) + hand.melds[index + 1 :], hand.standing)


def kong_variants(hand: Hand, index: int) -> list[Meld]:
    """One meld's other forms: a pung made a kong (its fourth copy free), a kong made a pung, a melded kong
    concealed and a concealed kong melded."""
    meld = hand.melds[index]
    tile = meld.tiles[0]
    out = []
    if meld.kind == PUNG and copies(hand, tile) == 3:
        out.append(Meld(KONG, (tile,) * 4, source=meld.source))
    if meld.kind == KONG:
        out.append(Meld(PUNG, (tile,) * 3, source=meld.source or 1))
        if meld.concealed:
            out.append(Meld(KONG, (tile,) * 4, source=1))
        else:
            out.append(Meld(KONG, (tile,) * 4, concealed=True, source=None))
    return out


def meld_text(meld: Meld) -> str:
    return format_meld(meld)
