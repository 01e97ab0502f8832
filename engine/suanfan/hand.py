"""A parsed hand: melds laid on the table plus the standing tiles, the last of which is the winning tile.

These are frozen values: a result that refers to a hand can never see it change.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import tiles as T

CHOW, PUNG, KONG = "chow", "pung", "kong"
FULL_HAND = 14  # standing tiles of a complete hand with no melds; each meld takes MELD_SIZE of them to the table
MELD_SIZE = 3


@dataclass(frozen=True)
class Meld:
    """A set on the table (副露) or a concealed kong.

    kind: chow / pung / kong. tiles: sorted tile indexes.
    concealed: only a kong declared from the player's own four tiles (暗杠).
    source: who fed the claimed tile (1 上家, 2 对家, 3 下家: glossary.SOURCES); None for a concealed kong.
    claimed_index: for a chow, which of its three tiles was taken (0, 1, 2).
    added: a kong made by adding a drawn tile to an earlier melded pung (加杠).
    """

    kind: str
    tiles: tuple[int, ...]
    concealed: bool = False
    source: int | None = 1
    claimed_index: int | None = None
    added: bool = False

    @property
    def first(self) -> int:
        return self.tiles[0]

    @property
    def is_exposed(self) -> bool:
        return not self.concealed

    def digit(self) -> int | None:
        """The digit the notation writes after this meld (None for a concealed kong)."""
        if self.kind == CHOW:
            return (self.claimed_index or 0) + 1
        if self.concealed:
            return None
        assert self.source is not None  # an exposed meld always has one (the parser gives it)
        return self.source + (4 if self.added else 0)


@dataclass(frozen=True)
class Hand:
    """melds: the declared sets; standing: the tiles in the hand, in typed order.

    A complete hand (14 − 3 × melds standing tiles) ends with the winning tile;
    a waiting hand has one tile fewer.
    """

    melds: tuple[Meld, ...]
    standing: tuple[int, ...]

    @property
    def expected_standing(self) -> int:
        return FULL_HAND - MELD_SIZE * len(self.melds)

    @property
    def is_complete(self) -> bool:
        return len(self.standing) == self.expected_standing

    @property
    def is_waiting(self) -> bool:
        return len(self.standing) == self.expected_standing - 1

    @property
    def winning_tile(self) -> int | None:
        return self.standing[-1] if self.is_complete else None

    @property
    def concealed_counts(self) -> list[int]:
        """Counts of the standing tiles (the winning tile included)."""
        return T.counts_of(self.standing)

    def all_tiles(self) -> list[int]:
        """Every tile of the hand: meld tiles (kongs with all four) then standing tiles."""
        out: list[int] = []
        for meld in self.melds:
            out.extend(meld.tiles)
        out.extend(self.standing)
        return out

    @property
    def is_closed(self) -> bool:
        """No chow, pung or melded kong claimed from others (concealed kongs allowed): 门前清's condition."""
        return all(m.concealed for m in self.melds)

    def with_winning_tile(self, t: int) -> Hand:
        """A waiting hand completed by tile t (used by the waits analysis)."""
        return Hand(self.melds, self.standing + (t,))
