"""What the 九江 engine says about a deal, and of a result, for the question builders (see practice/plugin.py).

九江 scoring is small (readings, six patterns, two multipliers), so a candidate is judged by the scorer itself;
the final question's explanation is `api.handle` of its request, as for every rule set.

A judge made with a table (the question request's `table`) plays every deal at that table, whatever table the
deal carries, and writes it into every request; `seated` makes a template hand meet the table's requirements
(enough flowers shown, one suit missing) before a question is built from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING

from ... import decompose
from ... import jiujiang as J
from ... import tiles as T
from ...catalogue import Text, _, text_of
from ...errors import SuanfanError
from ...hand import Hand
from ...practice import deal as D
from ...practice.deal import Deal

if TYPE_CHECKING:
    from ...fields import Field
    from ...json_types import JSONDict
    from ...practice.draw import Draw
    from ...practice.judge import Exclusion, FlagFlip
    from ...practice.judge import Facts as JudgedFacts

PATTERN_BY_KEY = {p.key: p for p in J.PATTERNS}
SITUATION_DEFAULTS = {"self_drawn": False, "kong": False, "dealer": False, "flowers": 0}


# ---------------------------------------------------------------- what a result says


def counted_in(result: JSONDict) -> list[str]:
    """The one pattern a result counts."""
    return [result["pattern"]["key"]]


def verdict(key: str, result: JSONDict, nearly: JSONDict | None = None) -> JSONDict:
    """What the result says of one pattern: counted, present but not added (and why), or not in the hand."""
    for p in result["patterns"]:
        if p["key"] == key:
            if p["chosen"]:
                return {
                    "status": "counted",
                    "value": p["value"],
                    **_("counted: {value}", value=p["value"]),
                }
            entry = next(e for e in result["excluded"] if e["key"] == key)
            return {
                "status": "excluded",
                "by": entry["by"],
                "reason": entry["reason"],
                **text_of(entry["reason"]),
            }
    return {
        "status": "absent",
        **_("not in this hand."),
    }


def excluder_verdict(key: str, asked: str, by: str, result: JSONDict) -> JSONDict:
    """A choice of "which pattern counts instead": 九江 sets nothing aside but by taking the highest pattern."""
    if key == by:
        entry = next(e for e in result["excluded"] if e["key"] == asked and e.get("by") == by)
        return {"status": "right", "reason": entry["reason"], **text_of(entry["reason"])}
    name = PATTERN_BY_KEY[key].name
    if any(p["key"] == key for p in result["patterns"]):
        return {
            "status": "wrong",
            **_(
                "the hand is {name} too, but that is not the highest pattern either: it is not added.",
                name=name,
            ),
        }
    return {
        "status": "wrong",
        **_(
            "the hand is not {name}.",
            name=name,
        ),
    }


def wait_has(result: JSONDict, key: str) -> bool:
    """Whether some tile of a waits result would count the pattern."""
    return any(w["pattern"]["key"] == key for w in result["waits"])


@dataclass(frozen=True)
class Facts:
    """A winning deal: counted {the chosen pattern: 1}, present (every pattern the hand shows), its total, and
    the engine's result (for the concepts that look at multipliers, the cap or the payments)."""

    counted: dict[str, int]
    present: frozenset[str]
    total: int
    result: JSONDict
    declarable: bool = True

    @property
    def chosen(self) -> str:
        return next(iter(self.counted))


class JiujiangJudge:
    rules = "jiujiang"
    item_kind = "pattern"
    principles: dict[str, Text] = {}  # 九江 has no combination principles: only the highest pattern counts
    wind_keys = ()
    situational: frozenset[str] = frozenset()
    not_offered = never_nearly = not_built = situational
    counted_in = staticmethod(counted_in)
    verdict = staticmethod(verdict)
    excluder_verdict = staticmethod(excluder_verdict)
    wait_has = staticmethod(wait_has)

    def __init__(self, table: JSONDict | None = None) -> None:
        """table: the conventions every deal is played at (keys left out at the sheet's defaults), or None:
        each deal's own table (the sheet's, unless a question about the conventions dressed it in another)."""
        self.fixed = None if table is None else dict(table)
        self.fixed_table = None if table is None else J.read_table(table)

    # ------------------------------------------------------------ names and values

    @staticmethod
    def points_of(key: str) -> int:
        return PATTERN_BY_KEY[key].fan

    @staticmethod
    def names(key: str) -> Text:
        return PATTERN_BY_KEY[key].name

    @staticmethod
    def relatives(key: str) -> tuple[list[str], list[str]]:
        """Every other pattern (there are six)."""
        return [p.key for p in J.PATTERNS if p.key != key], []

    def item_choice(self, key: str) -> JSONDict:
        return {"key": key, "type": self.item_kind, **self.names(key), "value": self.points_of(key)}

    @staticmethod
    def situation_field(key: str) -> Field:
        return J.SITUATION_FIELD[key]

    # ------------------------------------------------------------ requests

    reading_minimum = None  # a hand reading's value goal: the highest value there is (九江 has no minimum)

    def request(self, deal: Deal, action: str = "score") -> JSONDict:
        out: JSONDict = {"hand": deal.notation, "rules": "jiujiang"}
        if action != "score":
            out["action"] = action
        situation = dict(deal.situation)
        if self.fixed is not None:
            situation.pop(J.TABLE, None)
            if self.fixed:
                situation[J.TABLE] = self.fixed
        for key, value in sorted(situation.items()):
            out[key] = dict(sorted(value.items())) if key == J.TABLE else value
        return out

    def parts(self, deal: Deal) -> tuple[J.Situation, J.Table]:
        situation = J.Situation(**{**SITUATION_DEFAULTS, **{k: v for k, v in deal.situation.items() if k != J.TABLE}})
        if self.fixed_table is not None:
            return situation, self.fixed_table
        return situation, J.read_table(deal.situation.get(J.TABLE, {}))

    # ------------------------------------------------------------ a template at this table

    def seated(self, deal: Deal) -> Deal:
        """The deal made to meet a fixed table's requirements where a small change can: the flowers it asks for
        shown, and at a 缺门 table a third suit folded onto another (numbers kept, so chows stay chows; the
        judge then says whether the hand still shows what the question wants)."""
        table = self.fixed_table
        if table is None:
            return deal
        if deal.situation.get("flowers", 0) < table.min_flowers:
            deal = deal.with_situation(flowers=table.min_flowers)
        if table.require_missing_suit:
            deal = deal.with_hand(_one_suit_folded(deal.hand))
        return deal

    # ------------------------------------------------------------ judging

    def facts(self, deal: Deal) -> Facts | None:
        """None when the deal is no win, breaks a table requirement or contradicts its situation."""
        situation, table = self.parts(deal)
        try:
            result = J.score(deal.hand, situation, table)
        except SuanfanError:
            return None
        return Facts(
            {result["pattern"]["key"]: 1}, frozenset(p["key"] for p in result["patterns"]), result["total"], result
        )

    def error_of(self, deal: Deal) -> str | None:
        """The engine's error code for this deal (not_a_win, table_requirement, …), None when it scores."""
        situation, table = self.parts(deal)
        try:
            J.score(deal.hand, situation, table)
        except SuanfanError as err:
            return err.code
        return None

    def exclusions(self, deal: Deal) -> list[Exclusion] | None:
        """The patterns present but not added, each with the pattern that counts instead."""
        facts = self.facts(deal)
        if facts is None:
            return None
        return [(key, facts.chosen, None) for key in sorted(facts.present - {facts.chosen})]

    def completions(self, waiting: Hand) -> list[int]:
        """The tiles that complete a 13-tile hand into four sets and a pair, or seven pairs."""
        counts = T.counts_of(waiting.standing)
        out = []
        for t in range(34):
            counts[t] += 1
            if decompose.standard(counts) or (
                not waiting.melds and decompose.seven_pairs_quads(counts, True) is not None
            ):
                out.append(t)
            counts[t] -= 1
        return out

    # ------------------------------------------------------------ what a topic asks of a deal

    @staticmethod
    def has(facts: JudgedFacts | None, key: str) -> bool:
        return facts is not None and key in facts.counted

    @staticmethod
    def lacks(facts: JudgedFacts | None, key: str) -> bool:
        return facts is not None and key not in facts.present

    # ------------------------------------------------------------ situations a variation may try

    def situation_variants(self, deal: Deal, draw: Draw) -> list[Deal]:
        s = deal.situation
        options = [
            deal.with_situation(self_drawn=None if s.get("self_drawn") else True),
            deal.with_situation(dealer=None if s.get("dealer") else True),
        ]
        if draw.chance(1, 3):
            options.append(deal.with_situation(kong=None if s.get("kong") else True))
        return draw.shuffled(options)

    def flag_flips(self, deal: Deal) -> list[FlagFlip]:
        s = deal.situation
        out: list[FlagFlip] = []
        for key in ("self_drawn", "kong", "dealer"):
            before = bool(s.get(key, False))
            out.append((deal.with_situation(**{key: None if before else True}), key, before, not before))
        return out


def _suit_moved(source: int, target: int) -> D.Rename:
    """Suit `source`'s tiles as suit `target`'s, numbers kept; every other tile as it is."""
    return lambda t: target * 9 + t % 9 if t < 27 and t // 9 == source else t


def _one_suit_folded(hand: Hand) -> Hand:
    """A hand with all three suits as one with two: the first suit (in m p s order) whose tiles can all become
    another suit's without a fifth copy of any tile; the hand itself when it lacks a suit or none can."""
    if len(J.suit_profile(hand)[0]) < 3:
        return hand
    for source, target in permutations(range(3), 2):
        folded = D.renamed(hand, _suit_moved(source, target))
        counts = T.counts_of(folded.all_tiles())
        if max(counts) <= 4:
            return folded
    return hand
