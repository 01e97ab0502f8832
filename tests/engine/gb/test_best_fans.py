"""score.best_fans (the fast path hand reading's outcome uses) against best_reading and the explained result.

best_fans scores the usual one-reading hand without Reading objects and sends every other hand through
readings(); it must give the same total and the same counted instances as best_reading, and the same fans
with the same counts as score_hand, on every hand. A seeded corpus of every shape with its situations
(self-drawn or not, winds, flowers, kongs, last tile, last copy: tests/gb_corpus.py), in both profiles and
under random switch settings. GB_FAST_HANDS sets the number of hands per profile (default 4000).
"""

import os
import random
from collections import Counter

import pytest
from gb_corpus import corpus

from suanfan.errors import SuanfanError
from suanfan.gb.fans import FANS
from suanfan.gb.handler import read_situation
from suanfan.gb.profiles import SWITCHES, compile_profile, default_variants
from suanfan.gb.score import best_fans, best_reading, score_hand
from suanfan.notation import WIN, parse

HANDS = int(os.environ.get("GB_FAST_HANDS", "4000"))


def _random_variants(profile: str, seed: int) -> tuple:
    rng = random.Random(seed)
    return tuple(sorted((s.key, rng.choice(s.choices)) for s in SWITCHES))


PROFILES = [
    ("gb98", default_variants("gb98")),
    ("gb", default_variants("gb")),
    ("gb98", _random_variants("gb98", 1)),
    ("gb", _random_variants("gb", 2)),
    ("gb", _random_variants("gb", 3)),
]


@pytest.mark.parametrize("profile,variants", PROFILES)
def test_best_fans_agrees_with_best_reading_and_score_hand(profile, variants):
    prof = compile_profile(profile, variants)
    shapes = Counter()
    for _i, request in enumerate(corpus(HANDS, 7000 + len(variants) + sum(map(ord, profile)))):
        hand, situation = parse(request["hand"], expect=WIN), read_situation(request)
        try:
            reading = best_reading(hand, situation, prof)
        except SuanfanError as error:  # a shape this profile does not score: both refuse it alike
            with pytest.raises(SuanfanError) as raised:
                best_fans(hand, situation, prof)
            assert raised.value.code == error.code, request
            continue
        total, counted = best_fans(hand, situation, prof)
        assert (total, counted) == (reading.total, reading.counted), request
        explained = score_hand(hand, situation, prof)
        fans = Counter(FANS[c[2]].key for c in counted)
        assert fans == {f["key"]: f["count"] for f in explained["fans"] if f["key"] != "flower_tiles"}, request
        assert total == explained["points_without_flowers"], request
        shapes[reading.shape] += 1
    assert set(shapes) >= {"standard", "seven_pairs", "thirteen_orphans", "honors_knitted"}, shapes
