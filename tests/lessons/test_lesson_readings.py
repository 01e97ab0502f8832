"""Hand readings in lessons ([[reading]], lessons/FORMAT.md "Hand readings"): the two reading lessons load and every
reading is the engine's; what a reading's `expect` says that the engine does not confirm stops the build, naming
the file, the reading and the hand; a malformed reading is refused before any hand is read; the page draws the
reading the build computed (rows in the engine's order, every figure from the result)."""

from __future__ import annotations

import re

import pytest
from lessonkit import ROOT, course_problems, write_course

from suanfan.api import handle
from web.course.checking import verify
from web.course.files import load_course
from web.course.lesson_pages import checked_courses
from web.course.reading_expectations import check_reading, reading_expectation_problems

GB_LESSON = "06-building-to-eight"
JIUJIANG_LESSON = "15-flush-or-pairs"


@pytest.fixture(scope="module")
def lessons():
    found = {}
    for course in ("guobiao", "jiujiang"):
        for lesson in verify(load_course(ROOT / "lessons" / course)).lessons:
            found[lesson.key] = lesson
    return found


def test_the_reading_lessons_stand_after_the_others_and_check(lessons):
    gb, jj = lessons[f"guobiao/{GB_LESSON}"], lessons[f"jiujiang/{JIUJIANG_LESSON}"]
    assert gb.number == max(n.number for k, n in lessons.items() if k.startswith("guobiao/"))
    assert jj.number == max(n.number for k, n in lessons.items() if k.startswith("jiujiang/"))
    assert 2 <= len(gb.readings) <= 4 and 2 <= len(jj.readings) <= 3
    for lesson in (gb, jj):
        assert lesson.practice, lesson.key  # ends with checks on its own topic
        placed = [value for kind, value in lesson.parts if kind == "reading"]
        assert placed == [r.id for r in lesson.readings]
        for reading in lesson.readings:
            assert reading.result["ok"] and reading.result["action"] == "analyse"
            assert reading.caption and reading.caption_en


def test_the_guobiao_lesson_has_hands_whose_fastest_discard_loses_every_route_to_eight(lessons):
    found = 0
    for reading in lessons[f"guobiao/{GB_LESSON}"].readings:
        result = reading.result
        if result["tiles"] != 14:
            continue
        fastest = result["discards"][0]
        assert fastest["tile"] == result["order"]["speed"][0]
        if fastest["value"]["reaches_minimum"] == 0 and any(d["value"]["reaches_minimum"] for d in result["discards"]):
            found += 1
            # the lesson's expect says so too, so the build stops if the engine ever disagrees
            assert reading.expect["discard"][fastest["tile"]]["reaches"] is False
    assert found >= 2


def test_the_jiujiang_lesson_weighs_speed_against_the_patterns_value(lessons):
    keys = set()
    for reading in lessons[f"jiujiang/{JIUJIANG_LESSON}"].readings:
        result = reading.result
        if result["tiles"] == 14:
            fastest = result["discards"][0]
            valued = next(d for d in result["discards"] if d["tile"] == result["order"]["value"][0])
            assert fastest["tile"] != valued["tile"]
            assert valued["value"]["best"] > fastest["value"]["best"]
            keys |= {k for route in valued["value"]["routes"] for k in route["route"]}
    assert {"qing_yi_se", "qi_dui"} <= keys


# ---------------------------------------------------------------- what the engine does not confirm stops the build

FRONT = """
+++
title = "牌理"
title_en = "Reading"
summary = "Readings written by a test."
{readings}
+++
Body.
{body}
"""
READY_GB = "[234m1]444m567p789s2s"  # ready on the 2 of bamboo, 4 points at best
KEEP_WINDS = "23345p23456sECCE"  # 14 tiles: discarding East is fastest and gives up every route to 8

GB_COURSE = 'title = "国标"\ntitle_en = "Guobiao"\nrules = "gb"\nsummary = "A course written by a test."\n'


def problems_of(tmp_path, readings: str, body: str = "", course: str = GB_COURSE) -> str:
    return course_problems(
        write_course(tmp_path / "course", {"01-reading.md": FRONT.format(readings=readings, body=body)}, course)
    )


def test_a_wrong_fastest_discard_names_file_reading_and_hand(tmp_path):
    message = problems_of(
        tmp_path,
        f'''
        [[reading]]
        id = "winds"
        hand = "{KEEP_WINDS}"
        expect = {{ fastest_discard = "3p", value_discard = "3p" }}
    ''',
    )
    assert (
        f'01-reading.md: reading \'winds\', hand {KEEP_WINDS}: expected fastest_discard = "3p", the engine gives "E"'
        in message
    )
    assert "value_discard" not in message  # the right claim is not reported


def test_a_discards_figures_and_routes_the_engine_does_not_confirm(tmp_path):
    message = problems_of(
        tmp_path,
        f'''
        [[reading]]
        id = "winds"
        hand = "{KEEP_WINDS}"
        expect = {{ discard = {{ "E" = {{ reaches = true, useful_count = 17 }}, "3p" = {{ routes = [["all_types"]], route_best = {{ "dragon_pung + concealed_hand" = 8 }} }}, "9m" = {{ shanten = 1 }} }} }}
    ''',
    )
    assert "expected discard.E.reaches = true, the engine gives false" in message
    assert "expected discard.E.useful_count = 17, the engine gives 18" in message
    assert 'expected discard.3p.routes to include [["all_types"]]' in message
    assert 'expected discard.3p.route_best = {"dragon_pung + concealed_hand": 8}' in message
    assert "expected a discard of 9m, the hand holds no such tile" in message


def test_a_13_tile_reading_checked_figure_by_figure(tmp_path):
    message = problems_of(
        tmp_path,
        f'''
        [[reading]]
        id = "ready"
        hand = "{READY_GB}"
        expect = {{ shanten = 1, useful = ["2s", "5s"], best = 4, reaches = false, fastest_discard = "2s" }}
    ''',
    )
    assert "expected shanten = 1, the engine gives 0" in message
    assert 'expected useful = ["2s", "5s"], the engine gives ["2s"]' in message
    assert "a 13-tile hand has no discards" in message
    assert "best" not in message and "reaches" not in message


def test_figures_of_a_13_tile_hand_said_of_14_tiles(tmp_path):
    message = problems_of(
        tmp_path,
        f'''
        [[reading]]
        id = "winds"
        hand = "{KEEP_WINDS}"
        expect = {{ shanten = 1, useful_count = 18 }}
    ''',
    )
    assert "useful_count describe a 13-tile hand; this hand has 14 tiles" in message
    assert "expected shanten" not in message  # a 14-tile hand's own shanten may be said


def test_a_hand_the_engine_cannot_read(tmp_path):
    message = problems_of(
        tmp_path,
        """
        [[reading]]
        id = "short"
        hand = "123m456p"
        expect = { shanten = 1 }
    """,
    )
    assert "reading 'short', hand 123m456p: the engine cannot read the hand: analyse_size" in message


@pytest.mark.parametrize(
    "readings, body, wanted",
    [
        ('[[reading]]\nid = "a"\nhand = "{h}"\nexpect = {{ speed = 1 }}\n', "", "unknown expect key `speed`"),
        ('[[reading]]\nid = "a"\nhand = "{h}"\n', "", "missing `expect`"),
        (
            '[[reading]]\nid = "a"\nhand = "{h}"\nexpect = {{ shanten = "one" }}\n',
            "",
            "`shanten` must be a whole number",
        ),
        (
            '[[reading]]\nid = "a"\nhand = "{h}"\nexpect = {{ discard = {{ "E" = {{ fast = true }} }} }}\n',
            "",
            "expect.discard.E: unknown key `fast`",
        ),
        (
            '[[reading]]\nid = "a"\nhand = "{h}"\nexpect = {{ no_routes = true, routes = [["tile_hog"]] }}\n',
            "",
            "contradict each other",
        ),
        (
            '[[reading]]\nid = "a"\nhand = "{h}"\nrequest = {{ action = "score" }}\nexpect = {{ shanten = 0 }}\n',
            "",
            "no `action`",
        ),
        (
            '[[reading]]\nid = "a"\nhand = "{h}"\ncaptoin = "x"\nexpect = {{ shanten = 0 }}\n',
            "",
            "unknown key `captoin`",
        ),
        (
            '[[reading]]\nid = "a"\nhand = "{h}"\ncaption = "听了也不能和"\nexpect = {{ shanten = 0 }}\n',
            "",
            "`caption` has no English",
        ),
        (
            '[[reading]]\nid = "a"\nhand = "{h}"\nexpect = {{ shanten = 0 }}\n',
            "@reading b",
            "`@reading b` names no reading",
        ),
        ('[[reading]]\nid = "a"\nhand = "{h}"\nexpect = {{ shanten = 0 }}\n', "@reading a\n@reading a", "placed twice"),
        (
            '[[example]]\nid = "a"\nhand = "[123m1]456p789sEEE22s"\nexpect = {{ meets_minimum = true }}\n'
            '[[reading]]\nid = "a"\nhand = "{h}"\nexpect = {{ shanten = 0 }}\n',
            "",
            "duplicate id 'a'",
        ),
    ],
    ids=[
        "unknown-key",
        "no-expect",
        "type",
        "discard-key",
        "contradiction",
        "action",
        "typo",
        "english",
        "unplaced",
        "twice",
        "shared-id",
    ],
)
def test_a_malformed_reading_is_refused(tmp_path, readings, body, wanted):
    assert wanted in problems_of(tmp_path, readings.format(h=READY_GB), body)


def test_a_minimum_said_of_a_rule_set_without_one():
    assert any(
        "`reaches` is for gb / gb98 rules" in p for p in reading_expectation_problems({"reaches": True}, "jiujiang")
    )
    assert reading_expectation_problems({"reaches": True, "route_best": {"ping_hu": 1}}, "gb") == []


def test_check_reading_passes_what_the_engine_says():
    result = handle({"action": "analyse", "rules": "gb", "hand": KEEP_WINDS})
    assert (
        check_reading(
            {
                "fastest_discard": "E",
                "value_discard": "3p",
                "shanten": 1,
                "discard": {
                    "E": {"reaches": False, "best": 5, "no_routes": False},
                    "3p": {
                        "reaches_minimum": 0.5,
                        "basis": "exact",
                        "route_best": {"concealed_hand + seat_wind + prevalent_wind": 9},
                    },
                },
            },
            result,
        )
        == []
    )


def test_the_build_stops_on_a_reading_the_engine_contradicts(tmp_path):
    write_course(
        tmp_path / "lessons" / "broken",
        {
            "01-reading.md": FRONT.format(
                readings=f'''
        [[reading]]
        id = "ready"
        hand = "{READY_GB}"
        expect = {{ reaches = true }}
    ''',
                body="",
            )
        },
        GB_COURSE,
    )
    with pytest.raises(SystemExit) as caught:
        checked_courses(root=tmp_path / "lessons")
    text = str(caught.value.code)
    assert text.startswith("lessons: the build stops")
    assert f"01-reading.md: reading 'ready', hand {READY_GB}: expected reaches = true, the engine gives false" in text


# ---------------------------------------------------------------- the page draws what the build read


def row_attributes(html: str, reading_id: str) -> list[tuple[str, int, int]]:
    card = html.split(f'id="reading-{reading_id}"', 1)[1].split("</figure>", 1)[0]
    return [
        (tile, int(shanten), int(useful))
        for tile, shanten, useful in re.findall(
            r'<tr class="figures-row" data-discard="([^"]+)" data-shanten="(-?\d+)" '
            r'data-useful-count="(\d+)"',
            card,
        )
    ]


def test_the_lesson_pages_draw_the_engines_reading(built_dist, lessons):
    for key in (f"guobiao/{GB_LESSON}", f"jiujiang/{JIUJIANG_LESSON}"):
        html = (built_dist / "lessons" / f"{key}.html").read_text(encoding="utf-8")
        assert "static/js/reading-sort.js" in html
        for reading in lessons[key].readings:
            fresh = handle(reading.full_request)  # the engine now, not the build's copy
            card = html.split(f'id="reading-{reading.id}"', 1)[1].split("</figure>", 1)[0]
            assert f'data-shanten="{fresh["shanten"]}"' in card and "data-analysis" in card
            if fresh["tiles"] == 14:
                by_tile = {d["tile"]: d for d in fresh["discards"]}
                assert row_attributes(html, reading.id) == [
                    (t, by_tile[t]["shanten"], by_tile[t]["useful_count"]) for t in fresh["order"]["speed"]
                ]
                assert f'data-order-value="{" ".join(fresh["order"]["value"])}"' in card
            else:
                assert f'data-useful-count="{fresh["useful_count"]}"' in card
            assert "calculator.html#action=analyse&amp;hand=" in card
