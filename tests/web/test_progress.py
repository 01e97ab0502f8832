"""The learner's record (static/js/progress.js, run in Node on the built site with its vendored ts-fsrs): the old
lesson marks migrate, unreadable data is set aside untouched and reported, a failed write is reported, merging two
devices' records loses nothing, and the FSRS schedule is a deterministic replay of the reviews."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
NODE = shutil.which("node")


@pytest.fixture(scope="module")
def outcome(built_dist) -> dict:
    if NODE is None:
        pytest.fail("Node.js is needed to run static/js/progress.js", pytrace=False)
    done = subprocess.run([NODE, str(HERE / "progress_check.mjs"), str(built_dist)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_old_lesson_marks_are_migrated(outcome):
    assert outcome["migrated"] == {"finished": ["gb/01-winning", "jiujiang/01-ping-hu"], "legacyLeft": False,
                                   "stored": 2, "problems": 0}


@pytest.mark.parametrize("case", ["truncated", "object", "string", "newer", "bad_review"])
def test_unreadable_data_is_set_aside_and_reported(outcome, case):
    assert outcome[f"set_aside_{case}"] == {"problems": 1, "words": True, "keptAsWas": True, "fresh": 1}


def test_a_failed_write_is_reported_and_not_kept_as_if_saved(outcome):
    # What the page shows is what is stored: a review or a finished lesson that could not be written is undone.
    assert outcome["full"] == {"saved": False, "finished": False, "problems": 2, "inMemory": 0, "shownFinished": False}


def test_merging_loses_nothing(outcome):
    merge = outcome["merge"]
    assert merge["reviews"] == 3 and merge["added"] == 2 and merge["addedAgain"] == 0
    start = datetime(2026, 11, 1, 8, tzinfo=timezone.utc).timestamp() * 1000   # the script's clock
    assert merge["finishedAt"] == start + 3 * 60_000   # the earlier of the two finishes
    assert merge["refused"] and merge["afterRefusal"] == 3
    assert outcome["mergeSymmetric"]


def test_the_schedule_is_a_replay(outcome):
    assert outcome["replay"] == {"same": True, "wrongSooner": True}
    assert outcome["next"]["dueFirst"] == "gb|points|b"
    assert outcome["next"]["newNext"] == "gb|points|c"
    assert 0.9 < outcome["next"]["mastery"] <= 1 and outcome["next"]["unseen"] is None
