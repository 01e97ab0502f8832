"""Hand reading (suanfan.reading, the `analyse` action): shanten and useful tiles equal to PyMahjongGB form by form,
every completion a value counts a win the scorer accepts, the discards in their documented orders, bad input.

The oracle comparisons run READING_HANDS seeded hands per form (2,000 by default; 20,000 under `-m long`, the
issue's full proof). PyMahjongGB lists as useful a tile of which the hand already holds all four; no such draw
exists, so those are left out of its list before comparing (the engine never offers them).
"""

from __future__ import annotations

import random

import pytest
from gb_oracle import tile_code

from suanfan import tiles as T
from suanfan.api import handle
from suanfan.gb import shanten as GS
from suanfan.gb.profiles import compile_profile, default_variants
from suanfan.gb.reading import reader as gb_reader
from suanfan.gb.score import Situation, score_hand
from suanfan.gb.shapes import KNITTED_PATTERNS, ORPHANS
from suanfan.hand import Hand
from suanfan.notation import format_hand, parse
from suanfan.reading import shanten as S
from suanfan.reading.analyse import Analysis, Reader, analyse

G = pytest.importorskip("MahjongGB")

WALL = [t for t in range(34) for _ in range(4)]
SPECIAL_POOL = sorted(set(ORPHANS) | set(range(27, 34)))


def hands(count: int, seed: int, sizes=(13, 13, 13, 10, 7, 4, 1)):
    """Seeded standing tiles: half drawn from the whole wall, half from a pool rich in honors, terminals and one
    knitted pattern (so that the special forms are often near)."""
    rng = random.Random(seed)
    for n in range(count):
        size = rng.choice(sizes)
        if n % 2:
            pool = [t for t in list(rng.choice(KNITTED_PATTERNS)) + SPECIAL_POOL for _ in range(4)]
            pool += rng.sample(WALL, 30)
        else:
            pool = WALL
        while True:
            hand = rng.sample(pool, size)
            counts = T.counts_of(hand)
            if max(counts) <= 4:
                break
        yield counts, tuple(tile_code(t) for t in sorted(hand)), (14 - size) // 3


def their_useful(useful, counts) -> list[str]:
    codes = [tile_code(t) for t in range(34)]
    return sorted(c for c in useful if counts[codes.index(c)] < 4)


def our_useful(shanten_of, counts, melds) -> list[str]:
    now = shanten_of(counts, melds)
    out = []
    for t in range(34):
        if counts[t] >= 4:
            continue
        counts[t] += 1
        after = shanten_of(counts, melds)
        counts[t] -= 1
        if after is not None and after < now:
            out.append(tile_code(t))
    return sorted(out)


FORMS = [
    ("regular", G.RegularShanten, S.regular, (13, 13, 10, 7, 4, 1)),
    ("seven_pairs", G.SevenPairsShanten, S.seven_pairs, (13,)),
    ("thirteen_orphans", G.ThirteenOrphansShanten, GS.thirteen_orphans, (13,)),
    ("honors_knitted", G.HonorsAndKnittedTilesShanten, GS.honors_knitted, (13,)),
    ("knitted_straight", G.KnittedStraightShanten, GS.knitted_straight, (13, 10)),
]


def _hands_for(request, sizes, seed):
    count = 20_000 if request.config.getoption("-m") == "long" else 2_000
    return hands(count, seed, sizes)


@pytest.mark.parametrize("name, theirs, ours, sizes", FORMS, ids=[f[0] for f in FORMS])
def test_each_form_equals_the_oracle(request, name, theirs, ours, sizes):
    """Shanten and useful tiles of one form, against PyMahjongGB's function for it."""
    wrong = []
    for counts, codes, melds in _hands_for(request, sizes, hash(name) % 1000):
        their_shanten, useful = theirs(codes)
        mine = ours(counts, melds)
        if mine != their_shanten or our_useful(ours, counts, melds) != their_useful(useful, counts):
            wrong.append((codes, their_shanten, mine))
    assert not wrong, wrong[:5]


@pytest.mark.long
@pytest.mark.parametrize("name, theirs, ours, sizes", FORMS, ids=[f[0] for f in FORMS])
def test_each_form_equals_the_oracle_on_20000_hands(request, name, theirs, ours, sizes):
    test_each_form_equals_the_oracle(request, name, theirs, ours, sizes)


GB = compile_profile("gb", default_variants("gb"))


def test_the_analysis_useful_tiles_are_the_oracles_overall_ones(request):
    """The analysis's shortcuts (candidates, bounds, the regular form's changes tried at once) change nothing:
    its lowest shanten is MahjongShanten's and its useful tiles those of the forms at the lowest."""
    reader = gb_reader(Situation(), GB)
    wrong = []
    for counts, codes, melds in _hands_for(request, (13, 13, 10), 7):
        work = Analysis(reader, Hand((), ()))
        work.meld_count = melds
        lowest = work.lowest(list(counts))[0]
        forms = {f.key: f.shanten for f in reader.forms}
        if melds:
            forms = {k: f for k, f in forms.items() if k in ("standard", "knitted_straight")}
        expected = min(f(counts, melds) for f in forms.values() if f(counts, melds) is not None)
        if melds == 0:
            assert G.MahjongShanten(pack=(), hand=codes) == expected
        at = [f for f in forms.values() if f(counts, melds) == expected]
        useful = sorted({u for f in at for u in our_useful(f, list(counts), melds)})
        if lowest != expected or sorted(tile_code(t) for t, _ in work.useful(list(counts))) != useful:
            wrong.append(codes)
    assert not wrong, wrong[:5]


def test_melds_count_as_sets_as_the_oracle_says():
    """With melds on the table, MahjongShanten over the packs and the standing tiles gives the engine's lowest."""
    rng = random.Random(11)
    checked = 0
    while checked < 300:
        melds = rng.randint(1, 3)
        wall = list(WALL)
        rng.shuffle(wall)
        packs, text = [], ""
        for _ in range(melds):
            t = rng.choice([t for t in range(34) if wall.count(t) >= 3])
            for _ in range(3):
                wall.remove(t)
            packs.append(("PENG", tile_code(t), 1))
            text += f"[{T.code(t) * 3 if t >= 27 else str(t % 9 + 1) * 3 + T.SUITS[t // 9]}1]"
        standing = wall[: 13 - 3 * melds]
        hand = parse(text + "".join(T.code(t) for t in standing))
        result = analyse(gb_reader(Situation(), GB), hand)
        assert result["shanten"] == G.MahjongShanten(pack=tuple(packs), hand=tuple(tile_code(t) for t in standing))
        checked += 1


class Recording:
    """A reader that keeps every hand its outcome is asked about."""

    def __init__(self, inner: Reader):
        self.inner = inner
        self.asked: list[Hand] = []

    def reader(self) -> Reader:
        def outcome(hand):
            self.asked.append(hand)
            return self.inner.outcome(hand)

        return Reader(self.inner.forms, outcome, self.inner.names)


def near_ready_hands(count: int, seed: int, away: int):
    """13-tile hands `away` exchanges from ready (0 or 1), found by drawing."""
    rng = random.Random(seed)
    reader = gb_reader(Situation(), GB)
    found = 0
    while found < count:
        hand = Hand((), tuple(rng.sample(WALL, 13)))
        if Analysis(reader, hand).lowest(T.counts_of(hand.standing))[0] == away:
            found += 1
            yield hand


@pytest.mark.parametrize("away", [0, 1])
def test_every_completion_valued_is_a_win_the_scorer_accepts(away):
    situation = Situation(self_drawn=True, seat_wind="S")
    for hand in near_ready_hands(12, 30 + away, away):
        recording = Recording(gb_reader(situation, GB))
        figures = analyse(recording.reader(), hand)
        assert figures["value"]["basis"] == "exact"
        assert recording.asked, format_hand(hand)
        totals, reaching_any = [], False
        for complete in recording.asked:
            result = score_hand(complete, situation, GB)
            assert result["ok"] and len(complete.standing) == 14
            # a completion keeps every tile of the hand but the ones exchanged on the way
            kept = sum(min(a, b) for a, b in zip(T.counts_of(complete.standing), T.counts_of(hand.standing)))
            assert kept >= 13 - away
            totals.append(result["total"])
            reaching_any |= result["meets_minimum"]
        reaching = figures["value"]["reaches_minimum"]
        assert 0 <= reaching <= 1
        assert figures["value"]["best"] in totals
        if away == 0:  # one away, the completions valued are those of the best ready discard for each draw
            assert figures["value"]["best"] == max(totals)
            assert (reaching > 0) == reaching_any


def test_a_ready_hand_values_its_waits_as_the_waits_action_scores_them():
    """For a ready hand the value's completions are its waits, each weighted by its unseen copies."""
    text = "123m456m789m123p5s"
    result = handle({"rules": "gb", "action": "analyse", "hand": text})
    waits = handle({"rules": "gb", "action": "waits", "hand": text})
    assert result["shanten"] == 0
    assert sorted(u["tile"] for u in result["useful"]) == sorted(w["tile"] for w in waits["waits"])
    assert result["value"]["best"] == max(w["total"] for w in waits["waits"])
    assert result["value"]["reaches_minimum"] == round(
        sum(1 for w in waits["waits"] if w["meets_minimum"]) / len(waits["waits"]), 3
    )


def test_fourteen_tiles_list_every_discard_in_the_documented_orders():
    result = handle({"rules": "gb", "action": "analyse", "hand": "123m456p789s1z23p5m9p"})
    assert result["ok"] and result["tiles"] == 14
    tiles = [d["tile"] for d in result["discards"]]
    held = {T.code(t) for t in parse(result["hand"]).standing}
    assert len(tiles) == len(set(tiles)) and set(tiles) == held
    speed = [(d["shanten"], -d["useful_count"]) for d in result["discards"]]
    assert speed == sorted(speed)
    assert result["order"]["speed"] == tiles
    value = [
        (-(d["value"]["reaches_minimum"] or 0), -(d["value"]["best"] or -1))
        for d in sorted(result["discards"], key=lambda d: result["order"]["value"].index(d["tile"]))
    ]
    assert value == sorted(value)
    assert result["shanten"] == min(d["shanten"] for d in result["discards"])


def test_routes_name_their_fans_and_the_tiles_they_need():
    result = handle({"rules": "gb", "action": "analyse", "hand": "123m456p789s1z23p5m"})
    routes = result["value"]["routes"]
    assert routes and sum(r["share"] for r in routes) == pytest.approx(1, abs=0.01)
    for route in routes:
        assert route["words"]["zh"] == " + ".join(i["zh"] for i in route["items"])
        assert route["needs"] and set(route["needs"]) <= {T.code(t) for t in range(34)}
    assert routes[0]["best"] == result["value"]["best"]


def test_jiujiang_reads_seven_pairs_by_the_tables_quad_convention():
    text = "1111m22p33p44p55s6s"  # a quad: two pairs where the table says so
    on = handle({"rules": "jiujiang", "action": "analyse", "hand": text})
    off = handle({"rules": "jiujiang", "action": "analyse", "hand": text, "table": {"quad_as_pairs": False}})
    assert on["forms"]["seven_pairs"] == 0 and off["forms"]["seven_pairs"] == 2  # five kinds paired, six held
    assert on["value"]["routes"][0]["route"] == ["hao_hua_qi_dui"]
    assert S.seven_pairs(T.counts_of(parse(text).standing), 0, quads_as_pairs=False) == 2


def test_jiujiang_values_at_the_table():
    """The value is what the calculator would score: multipliers and the cap included."""
    text = "123m456m789m11m23m"  # 清一色 one away... ready on 1m/4m
    plain = handle({"rules": "jiujiang", "action": "analyse", "hand": text})
    drawn = handle({"rules": "jiujiang", "action": "analyse", "hand": text, "self_drawn": True, "dealer": True})
    assert plain["value"]["routes"][0]["route"] == ["qing_yi_se"]
    assert drawn["value"]["best"] == min(plain["value"]["best"] * 4, 16)
    missing = handle(
        {"rules": "jiujiang", "action": "analyse", "hand": "123m456p789s11z23p", "table": {"min_flowers": 2}}
    )
    assert missing["value"]["best"] is None and missing["value"]["routes"] == []


@pytest.mark.parametrize(
    "hand, code",
    [
        ("123m", "analyse_size"),
        ("123m456m789m123p5s5s5s", "analyse_size"),
        ("123x", "unknown_char"),
    ],
)
def test_bad_hands_get_coded_errors_that_say_which_sizes_work(hand, code):
    for rules in ("gb", "jiujiang"):
        result = handle({"rules": rules, "action": "analyse", "hand": hand})
        assert not result["ok"] and result["error"]["code"] == code
        if code == "analyse_size":
            assert "13" in result["error"]["message"]["en"] and "14" in result["error"]["message"]["en"]
            assert "13" in result["error"]["message"]["zh"]


def test_a_situation_of_one_particular_win_is_set_aside_with_a_note():
    result = handle({"rules": "gb", "action": "analyse", "hand": "123m456p789s1z23p5m", "kong": True})
    assert result["notes"][0]["key"] == "analyse_set_aside" and result["situation"]["kong"] is False
    assert "杠" in result["notes"][0]["zh"]


def test_same_hand_same_answer_in_any_order():
    text = "123m456p789s1z23p5m9p"
    first = handle({"rules": "gb", "action": "analyse", "hand": text})
    handle({"rules": "gb", "action": "analyse", "hand": "19m19p19s1234567z"})
    assert handle({"rules": "gb", "action": "analyse", "hand": text}) == first


@pytest.mark.parametrize(
    "rules, kind",
    [
        ("gb", "shanten"),
        ("gb", "useful"),
        ("gb", "discard"),
        ("gb98", "route"),
        ("jiujiang", "shanten"),
        ("jiujiang", "useful"),
        ("jiujiang", "discard"),
    ],
)
def test_same_seed_same_puzzle(rules, kind):
    """A reading question is a pure function of its request: asked again, after other questions, it is the same."""

    def ask(seed):
        return handle(
            {
                "action": "question",
                "rules": rules,
                "kind": kind,
                "topic": "hand_reading",
                "seed": seed,
            }
        )

    first = [ask(seed) for seed in range(4)]
    ask(99)
    assert [ask(seed) for seed in reversed(range(4))] == first[::-1]
    assert len({r["question"]["request"]["hand"] for r in first}) > 1
