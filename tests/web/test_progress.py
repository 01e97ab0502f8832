"""The learner's record (static/js/progress.js, run in Node on the built site with its vendored ts-fsrs): the old
lesson marks migrate, unreadable data is set aside untouched and reported, a failed write is reported, merging two
devices' records loses nothing, and the FSRS schedule is a deterministic replay of the reviews."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from nodekit import run_check


@pytest.fixture(scope="module")
def outcome(built_dist) -> dict:
    return run_check("progress_check.mjs", built_dist, runs="static/js/progress.js")


def test_the_old_lesson_marks_are_migrated(outcome):
    assert outcome["migrated"] == {
        "finished": ["gb/01-winning", "jiujiang/01-ping-hu"],
        "legacyLeft": False,
        "stored": 3,
        "problems": 0,
    }


@pytest.mark.parametrize("case", ["truncated", "object", "string", "newer", "bad_review"])
def test_unreadable_data_is_set_aside_and_reported(outcome, case):
    assert outcome[f"set_aside_{case}"] == {"problems": 1, "words": True, "keptAsWas": True, "fresh": 1}


def test_a_failed_write_is_reported_and_not_kept_as_if_saved(outcome):
    # What the page shows is what is stored: a review or a finished lesson that could not be written is undone.
    assert outcome["full"] == {"saved": False, "finished": False, "problems": 2, "inMemory": 0, "shownFinished": False}


def test_merging_loses_nothing(outcome):
    merge = outcome["merge"]
    assert merge["reviews"] == 3 and merge["added"] == 2 and merge["addedAgain"] == 0
    start = datetime(2026, 11, 1, 8, tzinfo=UTC).timestamp() * 1000  # the script's clock
    assert merge["finishedAt"] == start + 3 * 60_000  # the earlier of the two finishes
    assert merge["refused"] and merge["afterRefusal"] == 3
    assert outcome["mergeSymmetric"]


def test_the_schedule_is_a_replay(outcome):
    assert outcome["replay"] == {"same": True, "wrongSooner": True}
    assert outcome["next"]["dueFirst"] == "gb|points|b"
    assert outcome["next"]["newNext"] == "gb|points|c"
    assert outcome["next"]["skipped"] == "gb|points|a"  # the card just answered is not asked again at once


def test_a_version_2_record_is_migrated_with_its_reviews(outcome):
    v2 = outcome["v2"]
    assert v2["version"] == 3 and v2["problems"] == 0 and v2["finished"] == ["jiujiang/01-ping-hu"]
    assert [r["seed"] for r in v2["reviews"]] == [5, 6] and v2["sameSchedule"]
    assert v2["level"] == "attempted"  # right, then wrong: the old reviews count for the level too


def test_levels_follow_the_mastery_model(outcome):
    assert outcome["levels"] == {
        "none": "new",
        "one": "attempted",
        "two": "familiar",
        "oneKindADayLater": "familiar",  # one kind of a topic that takes two is not yet proficient
        "twoKinds": "proficient",
        "rightOutsideChallenge": "proficient",
        "challenge": "mastered",
        "wrongAfterMastered": "familiar",
        "wrongAfterProficient": "familiar",
        "wrongAtOnce": "attempted",
        "decayed": "familiar",
        "about": "attempted",
    }


def test_weaknesses_name_the_diagnosed_tag_first(outcome):
    weak = outcome["weak"]
    assert weak["first"] == {
        "tag": "exclusion:dragon_pung>pung_of_terminals_or_honors",
        "misses": 5,
        "tries": 6,
        "share": 6 / 8,
    }
    # the broad kind:points was missed only where nothing explained it (the two undiagnosed misses)
    assert weak["all"] == ["exclusion:dragon_pung>pung_of_terminals_or_honors", "fan:pure_straight", "kind:points"]
    assert weak["misses"] == 7 and weak["leech"] == ["gb|points|dragon_pung"] and weak["taught"] == []
    assert weak["due"] >= 1 and weak["name"] == {
        "zh": "箭刻之下的幺九刻(不计)",
        "en": "Pung of Terminals or Honors under Dragon Pung (not counted)",
    }
    assert weak["near"] == {"zh": "差一点的箭刻", "en": "near misses of Dragon Pung"}
    assert weak["fan"]["en"] == "Dragon Pung" and weak["unknown"] is None


def test_an_export_says_what_it_holds_and_reads_back_whole(outcome):
    exported = outcome["exported"]
    assert "1 answer " in exported["about"]["en"] and "1 次作答" in exported["about"]["zh"]
    assert exported["added"] == 1 and exported["review"]["given"] == 9 and exported["review"]["mode"] == "practice"
    assert exported["retention"] == 0.8 and exported["refused"] is False
    assert exported["afterReset"] == "new" and exported["kept"] == 1  # reset: the level starts again, the log stays


def test_pasted_lines_are_read_as_hands_with_their_situation_and_note(outcome):
    read = outcome["deckLines"]
    assert read["lines"] == [
        {"line": 1, "deal": {"hand": "123m456p789sEEESS", "self_drawn": True, "flowers": 1}, "note": "东一局"},
        {
            "line": 5,
            "deal": {"hand": "[555p1]123m789s234s99s", "self_drawn": False, "seat_wind": "S", "last_copy": True},
            "note": "",
        },
    ]
    assert read["problems"] == [  # a text from the site's catalogue, with its Traditional
        {
            "line": 4,
            "zh": "这一行没有牌,只有情形。",
            "en": "This line has no tiles, only the situation.",
            "zh_hant": "這一行沒有牌,只有情形。",
        }
    ]


def test_a_sheets_rows_with_tiles_are_settled_for_their_requests(outcome):
    sheet = outcome["sheet"]
    assert sheet["settle"]["request"] == {
        "action": "settle",
        "rules": "jiujiang",
        "table": {"base": 2},
        "rows": [
            {"dealer": 0, "winner": 1, "discarder": 2, "hand": "11m"},
            {"dealer": 0, "winner": 2, "self_drawn": True, "hand": " 22m "},
        ],
    }
    assert sheet["settle"]["rows"] == [1, 3] and sheet["none"] is None
    assert sheet["candidates"] == {
        "hands": [{"row": 1, "deal": {"hand": "11m"}}],
        "problems": [{"row": 3, "error": {"code": "x"}}],
    }


def test_own_hands_are_kept_once_and_asked_every_kind_that_fits(outcome):
    deck = outcome["deck"]
    assert deck["added"] == [1, 0, 1]  # the same hand twice is one; at other conventions it is another
    assert len(deck["ids"]) == 3 and deck["queue"] == 2  # the jiujiang hand is not in a gb round
    assert [f["kind"] for f in deck["follow"]] == ["fans", "declare"] and deck["again"] == []
    assert deck["removed"] == 2


def test_own_hands_count_for_weaknesses_but_not_the_schedule_and_a_round_for_neither(outcome):
    deck = outcome["deck"]
    assert deck["weak"] == [["fan:dragon_pung", 2]]  # the two deck misses; the two timed ones do not count
    assert deck["cards"] == 0 and deck["levels"] == 0
    assert deck["replay"] == 1  # a deck miss can be replayed (one question, asked twice)


def test_a_timed_round_costs_time_for_a_mistake_and_keeps_only_a_better_best(outcome):
    got = outcome["round"]
    assert [r["improved"] for r in got["rounds"]] == [True, False, True] and got["best"] == 6
    assert got["rounds"][1]["best"] == 4
    assert got["firstZero"]["improved"] and got["zeroKept"] == 0  # a first round is kept, even with none right
    assert (got["right"], got["wrong"], got["left"]) == (2, 1, 105_000)
    assert got["clock"] == ["3:00", "1:00", "0:00", "0:00"]
    assert got["topics"] == [["a", "c", "d"], ["c"]]


def test_a_diagnosed_miss_is_followed_up_on_its_most_precise_tag(outcome):
    assert outcome["followUp"] == [
        "misconception:forgets_flowers",
        "exclusion:dragon_pung>pung_of_terminals_or_honors",
        None,
        None,
    ]
