"""A seeded source of choices: the same key always gives the same sequence, in CPython and in Pyodide.

A question is reproducible from (rules, kind, topic, seed) alone, so nothing here reads a clock, the process's
random state or anything kept between calls. The generator is SplitMix64 (64-bit integer arithmetic, the same
on every Python), started from an FNV-1a hash of the key text. `fork` derives an independent stream for a
sub-task from the key, not from how much the parent has drawn, so one part of a question can change how many
numbers it takes without moving the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from collections.abc import Iterable

_MASK = (1 << 64) - 1
T = TypeVar("T")
_FNV_OFFSET, _FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3


def _fnv1a(text: str) -> int:
    value = _FNV_OFFSET
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * _FNV_PRIME) & _MASK
    return value


class Draw:
    """Seeded choices for one key, e.g. Draw("gb|points|big_four_winds|7")."""

    __slots__ = ("key", "_state")

    def __init__(self, key: str) -> None:
        self.key = key
        self._state = _fnv1a(key)

    def fork(self, label: str) -> Draw:
        return Draw(f"{self.key}/{label}")

    def _next(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in 0 … n − 1 (n ≥ 1); the bias of the modulo is far below anything a learner sees."""
        return self._next() % n

    def chance(self, numerator: int, denominator: int) -> bool:
        return self.below(denominator) < numerator

    def pick(self, items: Iterable[T]) -> T:
        items = tuple(items)
        return items[self.below(len(items))]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Iterable[T], k: int) -> list[T]:
        return self.shuffled(items)[:k]
