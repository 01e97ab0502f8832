"""What the 九江 engine says about a deal, for the question builders (the same questions as gb_judge.py asks).

九江 scoring is small (readings, six patterns, two multipliers), so a candidate is judged by the scorer itself;
the final question's explanation is `api.handle` of its request, as for every rule set.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import decompose
from .. import tiles as T
from .. import jiujiang as J
from ..errors import SuanfanError
from ..hand import Hand
from .deal import Deal

PATTERN_BY_KEY = {p.key: p for p in J.PATTERNS}
SITUATION_DEFAULTS = {"self_drawn": False, "kong": False, "dealer": False, "flowers": 0}


@dataclass(frozen=True)
class Facts:
    """A winning deal: counted {the chosen pattern: 1}, present (every pattern the hand shows), its total, and
    the engine's result (for the concepts that look at multipliers, the cap or the payments)."""

    counted: dict
    present: frozenset
    total: int
    result: dict
    declarable: bool = True

    @property
    def chosen(self) -> str:
        return next(iter(self.counted))


class JiujiangJudge:
    family = "jiujiang"
    rules = "jiujiang"
    item_kind = "pattern"

    # ------------------------------------------------------------ names and values

    @staticmethod
    def points_of(key: str) -> int:
        return PATTERN_BY_KEY[key].fan

    @staticmethod
    def names(key: str) -> tuple[str, str]:
        p = PATTERN_BY_KEY[key]
        return p.zh, p.en

    # ------------------------------------------------------------ requests

    def request(self, deal: Deal, action: str = "score") -> dict:
        out = {"hand": deal.notation, "rules": "jiujiang"}
        if action != "score":
            out["action"] = action
        for key, value in sorted(deal.situation.items()):
            out[key] = dict(sorted(value.items())) if key == J.TABLE else value
        return out

    @staticmethod
    def parts(deal: Deal) -> tuple[J.Situation, J.Table]:
        situation = J.Situation(**{**SITUATION_DEFAULTS, **{k: v for k, v in deal.situation.items()
                                                            if k != J.TABLE}})
        return situation, J.read_table(deal.situation.get(J.TABLE, {}))

    # ------------------------------------------------------------ judging

    def facts(self, deal: Deal) -> Facts | None:
        """None when the deal is no win, breaks a table requirement or contradicts its situation."""
        situation, table = self.parts(deal)
        try:
            result = J.score(deal.hand, situation, table)
        except SuanfanError:
            return None
        return Facts({result["pattern"]["key"]: 1}, frozenset(p["key"] for p in result["patterns"]),
                     result["total"], result)

    def error_of(self, deal: Deal) -> str | None:
        """The engine's error code for this deal (not_a_win, table_requirement, …), None when it scores."""
        situation, table = self.parts(deal)
        try:
            J.score(deal.hand, situation, table)
        except SuanfanError as err:
            return err.code
        return None

    def exclusions(self, deal: Deal) -> list[tuple[str, str, None]] | None:
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
            if decompose.standard(counts) or (not waiting.melds and decompose.seven_pairs_quads(counts, True)
                                              is not None):
                out.append(t)
            counts[t] -= 1
        return out

    # ------------------------------------------------------------ what a topic asks of a deal

    @staticmethod
    def has(facts: Facts | None, key: str) -> bool:
        return facts is not None and key in facts.counted

    @staticmethod
    def lacks(facts: Facts | None, key: str) -> bool:
        return facts is not None and key not in facts.present

    # ------------------------------------------------------------ situations a variation may try

    def situation_variants(self, deal: Deal, draw) -> list[Deal]:
        s = deal.situation
        options = [deal.with_situation(self_drawn=None if s.get("self_drawn") else True),
                   deal.with_situation(dealer=None if s.get("dealer") else True)]
        if draw.chance(1, 3):
            options.append(deal.with_situation(kong=None if s.get("kong") else True))
        return draw.shuffled(options)

    def flag_flips(self, deal: Deal) -> list[tuple[Deal, str, object, object]]:
        s = deal.situation
        out = []
        for key in ("self_drawn", "kong", "dealer"):
            before = bool(s.get(key, False))
            out.append((deal.with_situation(**{key: None if before else True}), key, before, not before))
        return out
