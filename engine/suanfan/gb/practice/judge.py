"""What the Guobiao engine says about a deal, asked the cheap way while questions are built.

Building a question looks at many candidate hands (template variations, near-miss searches); only the one the
question shows needs the explained result. So candidates are judged with the engine's fast path
(score.best_reading: the chosen reading's counted fans and total) and, where a question needs to know what was
set aside, by resolving that reading once more with the explanation kept (what score_hand does for its result).
The final question's explanation is always `api.handle` of its request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ... import tiles as T
from ...catalogue import Text, _, text_of
from ...errors import SuanfanError
from ...hand import Hand
from ...practice.deal import Deal
from ..fans import COMBINATIONS, FAN_BY_KEY, FANS, FLOWER_TILES, INDEX, MINIMUM_POINTS, PRINCIPLES, WAITS
from ..handler import SITUATION_FIELDS
from ..profiles import VARIANTS, compile_profile, read_variants
from ..resolve import resolve
from ..score import Situation, best_reading
from ..shapes import all_waits

if TYPE_CHECKING:
    from ...fields import Field
    from ...json_types import JSONDict
    from ...practice.draw import Draw
    from ...practice.judge import Exclusion, FlagFlip
    from ...practice.judge import Facts as JudgedFacts

CHICKEN = "chicken_hand"
FLOWERS = FLOWER_TILES.key
# The situation keys of a Guobiao request, with their defaults (gb/handler.py's fields).
SITUATION_DEFAULTS = {
    "self_drawn": False,
    "last_copy": False,
    "kong": False,
    "last_of_wall": False,
    "seat_wind": "E",
    "prevalent_wind": "E",
    "flowers": 0,
}
SITUATION_FIELD = {f.key: f for f in SITUATION_FIELDS if f.key != "action"}


# ---------------------------------------------------------------- what a result says


def counted_keys(result: JSONDict) -> list[str]:
    return [item["key"] for item in result["items"]]


def verdict(key: str, result: JSONDict, nearly: JSONDict | None = None) -> JSONDict:
    """What the result says of one fan: counted, set aside (and why), or not in the hand."""
    for item in result["items"]:
        if item["key"] == key:
            return {
                "status": "counted",
                "value": item["value"],
                "count": item.get("count", 1),
                **_("counted: {value} × {count}", value=item["value"], count=item.get("count", 1)),
            }
    for entry in result["excluded"]:
        if entry["key"] == key:
            out = {
                "status": "excluded",
                "by": entry.get("by"),
                "reason": entry["reason"],
                **text_of(entry["reason"]),
            }
            if entry.get("principle"):
                out["principle"] = entry["principle"]
            return out
    out = {
        "status": "absent",
        **_("not in this hand."),
    }
    if nearly and key in nearly:
        out["nearly"] = nearly[key]
        out.update(_("not in this hand; {change} would make it.", change=nearly[key]))
    return out


def excluder_verdict(key: str, asked: str, by: str, result: JSONDict) -> JSONDict:
    """A choice of "which fan sets it aside": the right one with the engine's reason, or why another is not it."""
    if key == by:
        entry = next(e for e in result["excluded"] if e["key"] == asked and e.get("by") == by)
        return {"status": "right", "reason": entry["reason"], **text_of(entry["reason"])}
    if key in counted_keys(result):
        return {
            "status": "wrong",
            **_("it counts, but it does not exclude this."),
        }
    return {
        "status": "wrong",
        **_("it is not counted here, and only a counted fan excludes another."),
    }


def wait_has(result: JSONDict, key: str) -> bool:
    """Whether some tile of a waits result would count the fan."""
    return any(key in {f["key"] for f in w["fans"]} for w in result["waits"])


@dataclass(frozen=True)
class Facts:
    """A winning deal as the fast path sees it: counted {fan: count} (花牌 included), present (every fan the
    chosen reading has, counted or set aside), points without flowers, and whether it may be declared."""

    counted: dict[str, int]
    present: frozenset[str]
    points: int
    flowers: int

    @property
    def total(self) -> int:
        return self.points + self.flowers

    @property
    def declarable(self) -> bool:
        return self.points >= MINIMUM_POINTS


class GbJudge:
    """One Guobiao profile (gb or gb98) with its switches (the profile's own, or those of the question request's
    `variants`, which every request it writes carries) as the question builders ask it."""

    item_kind = "fan"
    principles = PRINCIPLES
    wind_keys = ("seat_wind", "prevalent_wind")  # relabelled with the winds when a hand's winds are
    # Fans a situation flag earns: their near misses are the same tiles won another way, tried first.
    situational = frozenset(
        (
            "self_drawn",
            "fully_concealed_hand",
            "concealed_hand",
            "melded_hand",
            "last_tile_draw",
            "last_tile_claim",
            "out_with_replacement_tile",
            "robbing_the_kong",
            "last_tile",
            "prevalent_wind",
            "seat_wind",
            "flower_tiles",
            "chicken_hand",
        )
    )
    reading_minimum = MINIMUM_POINTS  # what a hand reading's value goal reaches for
    not_offered = frozenset((CHICKEN,))  # a chicken hand is no wrong choice: it is "no fan at all"
    never_nearly = frozenset((FLOWERS, CHICKEN))
    not_built = frozenset((FLOWERS,))  # flowers are no hand: nothing to build for them
    counted_in = staticmethod(counted_keys)
    verdict = staticmethod(verdict)
    excluder_verdict = staticmethod(excluder_verdict)
    wait_has = staticmethod(wait_has)

    def __init__(self, rules: str, variants: JSONDict | None = None) -> None:
        self.rules = rules
        self.variants = dict(variants or {})
        self.prof = compile_profile(rules, read_variants(rules, self.variants))
        # 不计 as the profile compiles it: fan key -> the keys it excludes, and the reverse
        self.excludes = {f.key: frozenset(FANS[i].key for i in self.prof.excludes[n]) for n, f in enumerate(FANS)}
        self.excluded_by: dict[str, frozenset[str]] = {}
        for key, listed in self.excludes.items():
            for other in listed:
                self.excluded_by[other] = self.excluded_by.get(other, frozenset()) | {key}
        # per fan: the other fans of its series, and the dozen fans closest to it in value (distractors that teach)
        self._relatives = {}
        for fan in FANS:
            value = self.points_of(fan.key)
            same = [f.key for f in FANS if f.series == fan.series and f.key != fan.key]
            close = sorted((f.key for f in FANS if f.key != fan.key), key=lambda k: abs(self.points_of(k) - value))
            self._relatives[fan.key] = (same, close[:12])

    # ------------------------------------------------------------ names and values

    def points_of(self, key: str) -> int:
        if key == FLOWERS:
            return 1
        points: int = self.prof.points[INDEX[key]]
        return points

    @staticmethod
    def names(key: str) -> Text:
        return FAN_BY_KEY[key].name

    @staticmethod
    def series_of(key: str) -> str:
        return FAN_BY_KEY[key].series

    def relatives(self, key: str) -> tuple[list[str], list[str]]:
        """A fan's same-series fans and the dozen closest in value (the distractors that teach)."""
        return self._relatives[key]

    def item_choice(self, key: str) -> JSONDict:
        if key in PRINCIPLES:
            return {"key": key, "type": "principle", **PRINCIPLES[key]}
        return {"key": key, "type": self.item_kind, **self.names(key), "value": self.points_of(key)}

    @staticmethod
    def situation_field(key: str) -> Field:
        return SITUATION_FIELD[key]

    def can_be_set_aside(self, key: str) -> bool:
        """Whether a hand can hold this fan and not count it, or count it and set another aside: the 不计 data
        names it, or it is a combination of sets or a wait (the principles decide among those)."""
        return bool(self.excludes.get(key) or self.excluded_by.get(key) or key in COMBINATIONS or key in WAITS)

    # ------------------------------------------------------------ requests

    def request(self, deal: Deal, action: str = "score") -> JSONDict:
        out: JSONDict = {"hand": deal.notation, "rules": self.rules}
        if action != "score":
            out["action"] = action
        out.update(sorted(deal.situation.items()))
        if self.variants:
            out[VARIANTS] = dict(sorted(self.variants.items()))
        return out

    @staticmethod
    def seated(deal: Deal) -> Deal:
        """Guobiao's switches ask nothing of a hand (see jiujiang_judge.seated)."""
        return deal

    def situation_of(self, deal: Deal) -> Situation:
        return Situation(**{**SITUATION_DEFAULTS, **deal.situation})

    # ------------------------------------------------------------ judging

    def facts(self, deal: Deal) -> Facts | None:
        """None when the deal is no win or its situation contradicts the hand."""
        try:
            reading = best_reading(deal.hand, self.situation_of(deal), self.prof)
        except SuanfanError:
            return None
        counted: dict[str, int] = {}
        for instance in reading.counted:
            key = FANS[instance[2]].key
            counted[key] = counted.get(key, 0) + 1
        flowers = deal.situation.get("flowers", 0)
        if flowers:
            counted[FLOWERS] = flowers
        present = frozenset(FANS[i[2]].key for i in reading.instances) | frozenset(counted)
        return Facts(counted, present, reading.total, flowers)

    def exclusions(self, deal: Deal) -> list[Exclusion] | None:
        """What the chosen reading sets aside: (fan, excluding fan or None, principle), one per instance."""
        try:
            reading = best_reading(deal.hand, self.situation_of(deal), self.prof)
        except SuanfanError:
            return None
        _unused, _unused, excluded = resolve(list(reading.instances), self.prof, explain=True)
        return [
            (FANS[fan].key, None if by is None else FANS[by].key, principle)
            for fan, scope, shown, by, principle in excluded
        ]

    def completions(self, waiting: Hand) -> list[int]:
        """The tiles that complete a 13-tile hand into a winning shape (copies in sight not considered)."""
        counts = T.counts_of(waiting.standing)
        waits = all_waits(counts, len(waiting.melds), self.prof.knitted_straight_shape)
        return [t for t in range(34) if waits >> t & 1]

    # ------------------------------------------------------------ what a topic asks of a deal

    def has(self, facts: JudgedFacts | None, key: str) -> bool:
        return facts is not None and key in facts.counted

    def lacks(self, facts: JudgedFacts | None, key: str) -> bool:
        """A winning deal without the fan at all (neither counted nor set aside)."""
        if facts is None:
            return False
        if key == CHICKEN:
            return CHICKEN not in facts.counted
        return key not in facts.present

    # ------------------------------------------------------------ situations a variation may try

    def situation_variants(self, deal: Deal, draw: Draw) -> list[Deal]:
        """Other situations for the same tiles, in the seed's order: self-drawn or not, other winds; and about one
        hand in three shows a flower or more, whichever of those is taken (a learner who forgets the flowers meets
        them as at a table, not once in thirty hands). (The rarer flags — last tile, kong, last of the wall — are
        only what a template brings.)"""
        s = deal.situation
        options = [deal.with_situation(self_drawn=None if s.get("self_drawn") else True)]
        winds = "ESWN"
        options.append(
            deal.with_situation(
                seat_wind=_default_none(draw.pick(winds), "E"), prevalent_wind=_default_none(draw.pick(winds), "E")
            )
        )
        if not s.get("flowers") and draw.chance(1, 3):
            flowers = draw.pick((1, 2, 3))
            options = [deal.with_situation(flowers=flowers)] + [o.with_situation(flowers=flowers) for o in options]
        return draw.shuffled(options)

    def flag_flips(self, deal: Deal) -> list[FlagFlip]:
        """One situation key changed, for near misses of fans the situation earns: (deal, key, before, after)."""
        s = deal.situation
        out: list[FlagFlip] = []
        for key in ("self_drawn", "kong", "last_of_wall", "last_copy"):
            before = bool(s.get(key, False))
            out.append((deal.with_situation(**{key: None if before else True}), key, before, not before))
        if s.get("flowers"):
            out.append((deal.with_situation(flowers=None), "flowers", s["flowers"], 0))
        for key in ("seat_wind", "prevalent_wind"):
            before = s.get(key, "E")
            for after in "ESWN":
                if after != before:
                    out.append((deal.with_situation(**{key: _default_none(after, "E")}), key, before, after))
        return out


def _default_none(value: object, default: object) -> object | None:
    return None if value == default else value
