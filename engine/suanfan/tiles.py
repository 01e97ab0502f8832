"""The 34 tile kinds as small integers, with their names.

Index layout (the working representation everywhere in the engine):
  0-8   万 characters 1-9   (suit letter m)
  9-17  饼 dots 1-9         (suit letter p)
  18-26 条 bamboo 1-9       (suit letter s)
  27-30 winds 东 南 西 北    (letters E S W N)
  31-33 dragons 中 发 白     (letters C F P)
Integers keep count tables (a list of 34 counts) cheap, which the decomposers rely on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import glossary
from .catalogue import Text

if TYPE_CHECKING:
    from collections.abc import Iterable

SUITS = "mps"
SUIT_SIZE = 9  # numbers 1-9 in each suit
HONOR_LETTERS = "ESWNCFP"

NUM_KINDS = 34
EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, GREEN, WHITE)
HONORS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = TERMINALS + HONORS


def tile(suit: str, number: int) -> int:
    """The index of a suited tile, e.g. tile('p', 5)."""
    return SUITS.index(suit) * SUIT_SIZE + number - 1


def honor(letter: str) -> int:
    return 27 + HONOR_LETTERS.index(letter)


def is_suited(t: int) -> bool:
    return t < 27


def is_honor(t: int) -> bool:
    return t >= 27


def is_wind(t: int) -> bool:
    return 27 <= t <= 30


def is_dragon(t: int) -> bool:
    return t >= 31


def suit_of(t: int) -> str | None:
    """'m', 'p', 's' for suited tiles, None for honors."""
    return SUITS[t // 9] if t < 27 else None


def number_of(t: int) -> int | None:
    """1-9 for suited tiles, None for honors."""
    return t % 9 + 1 if t < 27 else None


def is_terminal(t: int) -> bool:
    return t < 27 and t % 9 in (0, 8)


def is_terminal_or_honor(t: int) -> bool:
    return t >= 27 or t % 9 in (0, 8)


def code(t: int) -> str:
    """Short notation of one tile: '5p', 'E'."""
    return HONOR_LETTERS[t - 27] if t >= 27 else f"{t % 9 + 1}{SUITS[t // 9]}"


def index_of(code_text: str) -> int:
    """The index of a tile's short notation, code() read back: '5p' -> 13, 'E' -> 27."""
    if code_text in HONOR_LETTERS:
        return honor(code_text)
    return tile(code_text[1], int(code_text[0]))


def name(t: int) -> Text:
    """The tile's name, a text (the glossary's): 三万 Three of Characters."""
    return glossary.tile_name(code(t))


def name_zh(t: int) -> str:
    """Chinese name as players say it: 三万, 五饼, 东风, 红中 (the glossary's)."""
    return glossary.tile_zh(code(t))


def name_en(t: int) -> str:
    return glossary.tile_en(code(t))


def counts_of(tiles: Iterable[int]) -> list[int]:
    """A 34-entry count table of an iterable of tile indexes."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts
