"""Reading a hand before it wins (牌理): how far it is from ready, which draws move it on, and what it can still
be worth — for a 13-tile hand, and for each discard of a 14-tile one. Rule-set agnostic: a rule set brings its
winning forms and the worth of one completed hand (a Reader); this module does the counting and the search.

The figures, for a hand of 13 tiles (melds allowed):
  shanten    the fewest exchanges to ready over the rule set's forms (0 ready, -1 complete), and each form's own
  useful     the kinds whose draw lowers it, each with its unseen copies: 4 minus those in the hand and its melds
             (copies in other players' melds and discards are not known to this module)
  value      what the hand can still be worth (see below), exact or estimated, said in `basis`

Value. A *completion* is one way the hand can end as a win, weighted by its chance: the product of the unseen
copies of each tile drawn on the way (counted from the hand as it is at that draw).
  ready (shanten 0)   each winning tile w: weight unseen(w)                                         basis exact
  one away (1)        each useful draw u, then the discard that leaves the best ready hand (most weight reaching
                      the minimum, then the best total, then the most waiting copies), then each of its winning
                      tiles w: weight unseen(u) × unseen(w)                                          basis exact
  further (2 or more) an estimate: for each of the six useful first draws with the most copies (ESTIMATE_LINES),
                      one line of play — the discard keeping the lowest shanten (of those, the tile with the fewest
                      held near it), then the useful draw with the most copies, and so on until one away — valued
                      as above; a line's weight is its first draw's copies                            basis estimate
Each completion is scored by the rule set's own scorer (Reader.outcome, the calculator's). From them: the best
total, the share of weight reaching the rule set's minimum (None where it has none), and the routes — the
completions grouped by the items that carry them (Outcome.route), each with its best total, its share and the
tiles it still needs.

Order of discards (a 14-tile hand): speed first — fewest shanten, then most useful copies, then the share reaching
the minimum, then the best total, then the tile's index — and by value beside it: share reaching the minimum, best
total, then the speed key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import tiles as T
from ..catalogue import Text, _, join
from ..hand import Hand

if TYPE_CHECKING:
    from ..fields import Field
    from ..json_types import JSONDict

ESTIMATE_LINE_LIMIT = 6  # draws along one estimated line at most (a hand far from ready stops there)
ESTIMATE_LINES = 6  # an estimate follows the lines of this many first draws, those with the most copies


@dataclass(frozen=True)
class Form:
    """A winning form: its key (glossary.SHAPES) and its shanten (standing counts, melds) -> int, None where the
    form cannot be reached with those melds. Two optional shortcuts keep the search cheap: candidates(counts), the
    only kinds whose draw can lower it (None: any kind), and bound(counts, melds), a number it is never below (a
    form whose bound is above the hand's lowest shanten is not worked out in the search)."""

    key: str
    shanten: Callable[[list[int], int], int | None]
    candidates: Callable[[list[int]], list[int]] | None = None
    bound: Callable[[list[int], int], int] | None = None
    # after(counts, melds, kinds, delta) -> {kind: shanten with one tile of it added (1) or taken away (-1)}: a
    # faster way to try many changes at once than calling shanten for each (None: shanten is called)
    after: Callable[[list[int], int, Iterable[int], int], Mapping[int, int | None]] | None = None

    def changes(self, counts: list[int], melds: int, kinds: Iterable[int], delta: int) -> Mapping[int, int | None]:
        if self.after is not None:
            return self.after(counts, melds, kinds, delta)
        out: dict[int, int | None] = {}
        for t in kinds:
            counts[t] += delta
            out[t] = self.shanten(counts, melds)
            counts[t] -= delta
        return out


@dataclass(frozen=True)
class Outcome:
    """The worth of one completed hand as the rule set scores it."""

    total: int
    reaches: bool | None  # whether it reaches the rule set's minimum (None: the rule set has none)
    route: tuple[str, ...]  # the item keys that carry it, as the rule set names routes


@dataclass(frozen=True)
class Reader:
    """What a rule set brings to hand reading: its forms, the worth of a completed hand (None where the
    completion is no win at this table, e.g. a requirement it misses), and the names of the items routes are
    made of ({key: (zh, en)})."""

    forms: tuple[Form, ...]
    outcome: Callable[[Hand], Outcome | None]
    names: dict[str, Text]


class Analysis:
    """One analysis: the hand's melds are fixed, so every count table below is of standing tiles only, and the
    caches (a ready hand's waits, a completion's outcome) are shared by every discard and draw looked at."""

    def __init__(self, reader: Reader, hand: Hand) -> None:
        self.reader = reader
        self.melds = hand.melds
        self.meld_count = len(hand.melds)
        self.in_melds = T.counts_of(t for m in hand.melds for t in m.tiles)
        self._lowest: dict[tuple[int, ...], tuple[int, tuple[Form, ...]]] = {}
        self._useful: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        self._ready: dict[tuple[int, ...], list[tuple[int, int, Outcome | None]]] = {}
        self._outcome: dict[tuple[tuple[int, ...], int], Outcome | None] = {}

    # ------------------------------------------------------------ counting

    def forms(self, counts: list[int]) -> JSONDict:
        """{form key: shanten or None} (every form worked out: what the figures show)."""
        return {f.key: f.shanten(counts, self.meld_count) for f in self.reader.forms}

    def lowest(self, counts: list[int]) -> tuple[int, tuple[Form, ...]]:
        """(the lowest shanten over the forms, the forms at it), skipping a form whose bound is above the lowest."""
        key = tuple(counts)
        found = self._lowest.get(key)
        if found is None:
            best: int | None = None
            at: list[Form] = []
            for form in self.reader.forms:
                if best is not None and form.bound is not None and form.bound(counts, self.meld_count) > best:
                    continue
                value = form.shanten(counts, self.meld_count)
                if value is None:
                    continue
                if best is None or value < best:
                    best, at = value, [form]
                elif value == best:
                    at.append(form)
            assert best is not None  # every rule set has a form any hand reaches (four sets and a pair)
            found = (best, tuple(at))
            self._lowest[key] = found
        return found

    def unseen(self, counts: list[int], t: int) -> int:
        return 4 - counts[t] - self.in_melds[t]

    def useful(self, counts: list[int]) -> list[tuple[int, int]]:
        """[(kind, unseen copies)] of the kinds whose draw lowers the shanten (none whose four copies are held).
        Only a form at the lowest shanten can take it lower, so only those are tried, on their candidates."""
        key = tuple(counts)
        found = self._useful.get(key)
        if found is not None:
            return found
        now, at = self.lowest(counts)
        candidates = [f.candidates for f in at]
        if any(c is None for c in candidates):
            kinds: Iterable[int] = range(T.NUM_KINDS)
        else:
            kinds = sorted({t for c in candidates if c is not None for t in c(counts)})
        kinds = [t for t in kinds if self.unseen(counts, t) > 0]
        lower: set[int] = set()
        for form in at:
            lower.update(
                t
                for t, after in form.changes(counts, self.meld_count, kinds, 1).items()
                if after is not None and after < now
            )
        found = [(t, self.unseen(counts, t)) for t in kinds if t in lower]
        self._useful[key] = found
        return found

    def after_discards(self, counts: list[int]) -> dict[int, int]:
        """{kind held: the lowest shanten once one of it is discarded}. Taking a tile away never lowers a form's
        shanten, so a form above the whole hand's lowest stays above it: only the forms at the lowest are tried,
        and a discard none of them keeps at the lowest is reported one higher (at least that)."""
        now, at = self.lowest(counts)
        held = [t for t in range(T.NUM_KINDS) if counts[t]]
        out = dict.fromkeys(held, now + 1)
        for form in at:
            for t, after in form.changes(counts, self.meld_count, held, -1).items():
                if after is not None and after < out[t]:
                    out[t] = after
        return out

    # ------------------------------------------------------------ worth

    def outcome(self, counts: list[int], win: int) -> Outcome | None:
        """The worth of the standing tiles `counts` (14 − 3 × melds of them, `win` among them) won on `win`."""
        key = (tuple(counts), win)
        if key not in self._outcome:
            standing = [t for t in range(T.NUM_KINDS) for _turn in range(counts[t])]
            standing.remove(win)
            self._outcome[key] = self.reader.outcome(Hand(self.melds, tuple(standing) + (win,)))
        return self._outcome[key]

    def ready(self, counts: list[int]) -> list[tuple[int, int, Outcome | None]]:
        """A ready hand's winning tiles: [(tile, unseen copies, outcome)] (a tile whose copies are all held
        completes nothing that can happen and is left out)."""
        key = tuple(counts)
        found = self._ready.get(key)
        if found is None:
            found = []
            for t, copies in self.useful(counts):
                counts[t] += 1
                found.append((t, copies, self.outcome(counts, t)))
                counts[t] -= 1
            self._ready[key] = found
        return found

    def value(self, counts: list[int], shanten: int) -> JSONDict:
        """The worth a 13-tile hand can still reach (the module's docstring says how)."""
        tally = Tally()
        if shanten <= 0:
            for w, copies, outcome in self.ready(counts):
                tally.add(copies, outcome, (w,))
            return tally.result("exact", self.reader.names)
        if shanten == 1:
            self._add_one_away(counts, tally, 1, ())
            return tally.result("exact", self.reader.names)
        first = sorted(self.useful(counts), key=lambda uc: (-uc[1], uc[0]))[:ESTIMATE_LINES]
        for u, copies in first:
            line = self._line(counts, u)
            if line is not None:
                after, drawn = line
                self._add_one_away(after, tally, copies, drawn)
        return tally.result("estimate", self.reader.names)

    def _add_one_away(self, counts: list[int], tally: Tally, weight: int, drawn: tuple[int, ...]) -> None:
        for u, copies in self.useful(counts):
            counts[u] += 1
            best = None
            for d, after in self.after_discards(counts).items():
                if after == 0:
                    counts[d] -= 1
                    waits = self.ready(counts)
                    counts[d] += 1
                    rank = _ready_rank(waits)
                    if best is None or rank > best[0]:
                        best = (rank, waits)
            counts[u] -= 1
            if best is not None:
                for w, wait_copies, outcome in best[1]:
                    tally.add(weight * copies * wait_copies, outcome, drawn + (u, w))

    def _line(self, counts: list[int], first: int) -> tuple[list[int], tuple[int, ...]] | None:
        """One line of play from a hand two or more away: draw `first`, then keep discarding the tile that leaves
        the lowest shanten (of those, the one with the fewest tiles held near it) and drawing the useful tile with
        the most copies, until the hand is one away. -> (that hand's counts, the tiles drawn), or None when the line runs out."""
        work = list(counts)
        drawn = []
        draw = first
        for _turn in range(ESTIMATE_LINE_LIMIT):
            work[draw] += 1
            drawn.append(draw)
            by_shanten: dict[int, list[int]] = {}
            for d, after in self.after_discards(work).items():
                by_shanten.setdefault(after, []).append(d)
            low = min(by_shanten)
            best = ((-low, 0), min(by_shanten[low], key=lambda d: (_neighbours(work, d), d)))
            work[best[1]] -= 1
            if -best[0][0] <= 1:
                return work, tuple(drawn)
            useful = self.useful(work)
            if not useful:
                return None
            draw = max(useful, key=lambda uc: (uc[1], -uc[0]))[0]
        return None

    # ------------------------------------------------------------ the figures of one 13-tile hand

    def figures(self, counts: list[int], values: str = "all") -> JSONDict:
        """values "all"; "exact": none where it would be an estimate; "none": no value at all (None; a question
        screening hands needs only some of them)."""
        shanten = self.lowest(counts)[0]
        useful = self.useful(counts)
        return {
            "shanten": shanten,
            "forms": self.forms(counts),
            "useful": [{"tile": T.code(t), "unseen": c} for t, c in useful],
            "useful_count": sum(c for _unused, c in useful),
            "value": self.value(counts, shanten) if values == "all" or values == "exact" and shanten <= 1 else None,
        }


def _neighbours(counts: list[int], t: int) -> int:
    """Tiles held within two of t in its suit (an honor: its own copies), t itself not counted: how much a
    discard of t breaks up."""
    if t >= 27:
        return counts[t] - 1
    low = t - t % 9
    return sum(counts[n] for n in range(max(low, t - 2), min(low + 8, t + 2) + 1)) - 1


def _ready_rank(waits: list[tuple[int, int, Outcome | None]]) -> tuple[int, int, int]:
    """How good a ready hand is, for choosing the discard that makes it: weight reaching the minimum, the best
    total, then the waiting copies."""
    reaching = sum(c for _tile, c, o in waits if o is not None and o.reaches)
    best = max((o.total for _tile, _copies, o in waits if o is not None), default=-1)
    return (reaching, best, sum(c for _tile, c, _outcome in waits))


class Tally:
    """Completions summed up: their weight, the best total, the weight reaching the minimum, and the routes."""

    def __init__(self) -> None:
        self.weight = 0
        self.reaching = 0
        self.has_minimum = False
        self.best: int | None = None
        self.routes: dict[tuple[str, ...], JSONDict] = {}

    def add(self, weight: int, outcome: Outcome | None, tiles: tuple[int, ...]) -> None:
        if weight <= 0:
            return
        self.weight += weight
        if outcome is None:
            return
        if outcome.reaches is not None:
            self.has_minimum = True
            if outcome.reaches:
                self.reaching += weight
        if self.best is None or outcome.total > self.best:
            self.best = outcome.total
        route = self.routes.setdefault(outcome.route, {"weight": 0, "best": outcome.total, "tiles": set()})
        route["weight"] += weight
        route["best"] = max(route["best"], outcome.total)
        route["tiles"].update(tiles)

    def result(self, basis: str, names: JSONDict) -> JSONDict:
        def share(w: int) -> float:
            return round(w / self.weight, 3) if self.weight else 0.0

        routes = sorted(self.routes.items(), key=lambda kv: (-kv[1]["best"], -kv[1]["weight"], kv[0]))
        return {
            "best": self.best,
            "reaches_minimum": share(self.reaching) if self.has_minimum else None,
            "routes": [_route(key, r, share(r["weight"]), names) for key, r in routes],
            "completions": self.weight,
            "basis": basis,
        }


def _route(key: tuple[str, ...], route: JSONDict, share: float, names: dict[str, Text]) -> JSONDict:
    items = [{"key": k, **names[k]} for k in key]
    return {
        "route": list(key),
        "items": items,
        "words": join((names[k] for k in key), " + ", " + "),
        "best": route["best"],
        "share": share,
        "needs": [T.code(t) for t in sorted(route["tiles"])],
    }


def reachable(reader: Reader, hand: Hand) -> set[str]:
    """Every route item that some completion of a 13-tile hand ready or one away counts — the completions of every
    ready discard after each useful draw, not only of the best one the value takes."""
    seen: set[str] = set()

    def recorded(complete: Hand) -> Outcome | None:
        outcome = reader.outcome(complete)
        if outcome is not None:
            seen.update(outcome.route)
        return outcome

    work = Analysis(Reader(reader.forms, recorded, reader.names), hand)
    counts = T.counts_of(hand.standing)
    if work.lowest(counts)[0] <= 0:
        work.ready(counts)
    else:
        work._add_one_away(counts, Tally(), 1, ())
    return seen


def analyse(reader: Reader, hand: Hand, values: str = "all") -> JSONDict:
    """The figures of a 13-tile hand, or of each distinct discard of a 14-tile one (the module's docstring).
    values "exact" or "none" leaves out the values that would be estimates, or every value (None): a quick look."""
    work = Analysis(reader, hand)
    counts = T.counts_of(hand.standing)
    if not hand.is_complete:
        return {"tiles": 13, **work.figures(counts, values)}
    discards = []
    for d in range(T.NUM_KINDS):
        if not counts[d]:
            continue
        counts[d] -= 1
        discards.append({"tile": T.code(d), **work.figures(counts, values)})
        counts[d] += 1
    # the discards are listed in tile order and sorting keeps it among equals: the tile is the last tie-break
    by_speed = sorted(discards, key=_speed_key)
    by_value = sorted(discards, key=lambda e: (_value_key(e), _speed_key(e)))
    return {
        "tiles": 14,
        "shanten": work.lowest(counts)[0],
        "discards": by_speed,
        "order": {"speed": [e["tile"] for e in by_speed], "value": [e["tile"] for e in by_value]},
    }


def _speed_key(entry: JSONDict) -> tuple[float, ...]:
    return (entry["shanten"], -entry["useful_count"]) + _value_key(entry)


def _value_key(entry: JSONDict) -> tuple[float, ...]:
    value = entry["value"] or {"reaches_minimum": None, "best": None}
    return (-(value["reaches_minimum"] or 0), -(value["best"] if value["best"] is not None else -1))


def answer(reader: Reader, text: str, set_aside: tuple[Field, ...] = ()) -> JSONDict:
    """The `analyse` action's figures for a hand in notation (13 or 14 tiles, melds allowed), and a note naming
    the situation fields given that hand reading does not use (set_aside: their Fields): they describe one
    particular win (a kong, the last tile), not the hands a reading looks ahead to."""
    from ..errors import SuanfanError
    from ..notation import EITHER, format_hand, parse

    try:
        hand = parse(text, expect=EITHER)
    except SuanfanError as err:
        if err.code not in ("too_many_tiles", "too_few_tiles"):
            raise
        full = err.details["expected"] + (1 if err.code == "too_few_tiles" else 0)
        raise SuanfanError(
            "analyse_size", melds=err.details["melds"], wait=full - 1, win=full, count=err.details["count"]
        ) from None
    notes = []
    if set_aside:
        notes.append(
            {
                "key": "analyse_set_aside",
                **_(
                    "Hand reading looks ahead to wins still to come; what describes one particular win ({name}) is set aside.",
                    name=join((f.label for f in set_aside), "、", ", "),
                ),
            }
        )
    return {"ok": True, "action": "analyse", "hand": format_hand(hand), **analyse(reader, hand), "notes": notes}
