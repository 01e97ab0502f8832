"""What a rule set's judge must answer: the interface the shared question machinery (kinds, variation, aims,
mistakes) asks, written as types so that mypy holds each rule set's judge to it.

A judge is made by its practice plug-in (plugin.Practice.make_judge), one per table of conventions. Each rule set
writes its own (gb/practice/judge.py, jiujiang/practice/judge.py) and may give it more than this for its own
package's use (Guobiao's 不计 tables, 九江's fixed table); the shared code asks only for what is here.

Types only: the engine imports it for its type variables (plugin.Practice[J], kinds.Context[J]) and calls nothing here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from ..catalogue import Text
    from ..fields import Field
    from ..hand import Hand
    from ..json_types import JSONDict
    from .deal import Deal
    from .draw import Draw


class Facts(Protocol):
    """A winning deal as the judge sees it, the cheap way."""

    @property
    def counted(self) -> Mapping[str, int]:
        """Every fan (pattern) the result counts, with how many times."""

    @property
    def present(self) -> frozenset[str]:
        """Every fan (pattern) the hand shows, counted or set aside."""

    @property
    def total(self) -> int: ...

    @property
    def declarable(self) -> bool:
        """Whether the hand may be declared (Guobiao's 8-point minimum)."""


# a near miss by one situation key: (the deal with the key changed, the key, its value before, after)
FlagFlip = tuple["Deal", str, object, object]
# what a reading sets aside: (fan or pattern, what excludes it or None, the principle or None)
Exclusion = tuple[str, str | None, str | None]


class Judge(Protocol):
    """One rule set at one table of conventions, as the question builders ask it."""

    @property
    def rules(self) -> str: ...

    @property
    def item_kind(self) -> str:
        """What its items are called in a choice: "fan" (Guobiao) or "pattern" (九江)."""

    @property
    def principles(self) -> Mapping[str, Text]:
        """The combination principles by key, (zh, en); empty where there are none."""

    @property
    def wind_keys(self) -> tuple[str, ...]:
        """The request keys holding winds, relabelled when a hand's winds are."""

    @property
    def situational(self) -> frozenset[str]:
        """The items a situation flag earns."""

    @property
    def reading_minimum(self) -> int | None:
        """What a hand reading's value goal reaches for; None: the highest value there is."""

    @property
    def not_offered(self) -> frozenset[str]:
        """Items never offered as a wrong choice."""

    @property
    def never_nearly(self) -> frozenset[str]:
        """Items never named as what a hand nearly has."""

    @property
    def not_built(self) -> frozenset[str]:
        """Items no hand is built for."""

    # ------------------------------------------------------------ names and values

    def points_of(self, key: str) -> int: ...

    def names(self, key: str) -> Text: ...

    def relatives(self, key: str) -> tuple[list[str], list[str]]:
        """Its close relatives and other distractors that teach."""

    def item_choice(self, key: str) -> JSONDict: ...

    def situation_field(self, key: str) -> Field: ...

    # ------------------------------------------------------------ requests and judging

    def request(self, deal: Deal, action: str = "score") -> JSONDict: ...

    def seated(self, deal: Deal) -> Deal:
        """The deal made to meet the table's requirements where a small change can."""

    def facts(self, deal: Deal) -> Facts | None:
        """None when the deal is no win at this table."""

    def exclusions(self, deal: Deal) -> list[Exclusion] | None: ...

    def completions(self, waiting: Hand) -> list[int]: ...

    def has(self, facts: Facts | None, key: str) -> bool: ...

    def lacks(self, facts: Facts | None, key: str) -> bool: ...

    def situation_variants(self, deal: Deal, draw: Draw) -> list[Deal]: ...

    def flag_flips(self, deal: Deal) -> list[FlagFlip]: ...

    # ------------------------------------------------------------ what a result says

    def counted_in(self, result: JSONDict) -> list[str]: ...

    def verdict(self, key: str, result: JSONDict, nearly: JSONDict | None = None) -> JSONDict: ...

    def excluder_verdict(self, key: str, asked: str, by: str, result: JSONDict) -> JSONDict: ...

    def wait_has(self, result: JSONDict, key: str) -> bool: ...


# One rule set's own judge, where code takes it as it is (with what it has beyond this protocol): a plug-in's
# methods (plugin.Practice[J]) and a question's context (kinds.Context[J]).
J = TypeVar("J", bound=Judge)
# the same, where it is only read (a question's context): a context of Guobiao's judge is a context of a Judge
J_co = TypeVar("J_co", bound=Judge, covariant=True)
