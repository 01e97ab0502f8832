"""Lesson files: the real courses load and every example scores what its lesson says; a broken lesson file
stops the build with a message naming the file and the hand (never a traceback)."""

from __future__ import annotations

import re

import pytest
from lessonkit import ROOT, course_problems, write_course

from web.course.checking import verify
from web.course.files import load_courses
from web.course.lesson_pages import checked_courses

JIUJIANG_ORDER = ["平胡", "碰碰胡", "混一色", "七对", "清一色", "豪华七对"]


@pytest.fixture(scope="module")
def real_courses():
    return [verify(course) for course in load_courses(ROOT / "lessons")]


def test_every_real_course_checks(real_courses):
    assert real_courses, "no course found under lessons/"
    for course in real_courses:
        for lesson in course.lessons:
            for example in lesson.examples:
                assert example.result, f"{lesson.path.name}: {example.id} was not scored"


def test_jiujiang_course_order(real_courses):
    course = next(c for c in real_courses if c.slug == "jiujiang")
    assert [lesson.number for lesson in course.lessons] == list(
        range(1, 16)
    )  # 15: when to aim for a full flush or seven pairs
    assert [lesson.title for lesson in course.lessons[:6]] == JIUJIANG_ORDER
    # lessons 1-6 each teach one pattern: examples that are, near misses that are not, and an exercise
    for lesson in course.lessons[:6]:
        kinds = {e.kind for e in lesson.examples}
        assert kinds == {"example", "near_miss"}, lesson.path.name
        assert lesson.exercise and lesson.exercise.answer, lesson.path.name


def test_worked_examples_come_out_as_printed(real_courses):
    course = next(c for c in real_courses if c.slug == "jiujiang")
    worked = {e.id: e for lesson in course.lessons if lesson.slug == "11-worked-examples" for e in lesson.examples}
    one, two = worked["example-one"], worked["example-two"]
    assert one.player and two.player
    assert one.result["steps"][1]["arithmetic"] == "1 + 2 = 3" and one.result["total"] == 12
    assert two.result["total"] == 8 and not two.result["table"]["base_added"]
    assert {v.value: v.result["total"] for v in one.convention.variants} == {True: 12, False: 8}
    assert one.convention.default is False  # the engine's default: the base is not added


def test_worked_example_one_is_a_win_on_the_kongs_replacement(real_courses):
    """The sheet: 自摸补牌胡出: 杠上开花, ×2 once like any 自摸."""
    course = next(c for c in real_courses if c.slug == "jiujiang")
    lesson = next(x for x in course.lessons if x.slug == "11-worked-examples")
    one = next(e for e in lesson.examples if e.id == "example-one")
    assert [m["key"] for m in one.result["multipliers"]] == ["kong_bloom", "dealer"]


def test_robbing_a_kong_only_where_it_can_happen(real_courses):
    """A robbed tile's other three copies are in the kong: only the sheet's own example 2 holds another one."""
    course = next(c for c in real_courses if c.slug == "jiujiang")
    held = [
        (lesson.slug, e.id)
        for lesson in course.lessons
        for e in lesson.examples
        if e.result.get("ok") and any(n["key"] == "robbed_tile_held" for n in e.result["notes"])
    ]
    assert held == [("11-worked-examples", "example-two")]
    robbing = [
        e
        for lesson in course.lessons
        for e in lesson.examples
        if e.result.get("ok") and any(m["key"] == "robbing_kong" for m in e.result["multipliers"])
    ]
    assert len(robbing) >= 3


def test_the_lessons_examples_keep_the_cap_unscaled_but_where_the_reading_is_shown(real_courses):
    """Lesson 9 says every example uses the default (the cap does not scale with the base); only the cards that
    show the other reading as a convention switch score it."""
    course = next(c for c in real_courses if c.slug == "jiujiang")
    for lesson in course.lessons:
        for e in lesson.examples:
            table = e.full_request.get("table", {})
            assert not table.get("cap_scales_with_base"), (lesson.slug, e.id)
        if lesson.exercise:
            assert not lesson.exercise.request.get("table", {}).get("cap_scales_with_base"), lesson.slug
    shown = [
        (lesson.slug, e.id)
        for lesson in course.lessons
        for e in lesson.examples
        if e.convention and e.convention.key == "cap_scales_with_base"
    ]
    assert ("09-base-and-cap", "cap-scales") in shown


def test_the_table_scenes_lesson(real_courses):
    course = next(c for c in real_courses if c.slug == "jiujiang")
    lesson = next(x for x in course.lessons if x.slug == "14-table-scenes")
    results = {e.id: e.result for e in lesson.examples}
    # 补牌来源: after a kong it is 杠上开花, after a flower a plain 自摸, with no kong it is refused
    assert [m["key"] for m in results["replacement-after-kong"]["multipliers"]] == ["kong_bloom"]
    assert [m["key"] for m in results["replacement-after-flower"]["multipliers"]] == ["self_drawn"]
    assert results["bloom-without-kong"]["error"]["code"] == "contradiction"
    # the rob stands and the robbed player pays; the kong it stopped would have been 杠上开花
    robbed = results["robbing-stands"]
    assert robbed["payments"]["payers"][0]["who"] == "robbed_player" and not robbed["notes"]
    assert [m["key"] for m in results["bloom-had-no-one-robbed"]["multipliers"]] == ["kong_bloom"]
    # two tables, one hand
    assert results["table-a"]["total"] != results["table-b"]["total"]
    assert lesson.practice


def test_what_the_sheet_does_not_say_is_marked_and_the_faq_answers_fit(real_courses):
    """Lesson 10 marks the self-draw payment as a table custom (the sheet names only the two ways to pay on a
    discard); lesson 12 answers its fourth question in its own terms and describes 包三家 as three shares."""
    course = next(c for c in real_courses if c.slug == "jiujiang")
    body = {lesson.slug: re.sub(r"^::: en\n.*?^:::\n", "", lesson.body, flags=re.S | re.M) for lesson in course.lessons}
    self_drawn = body["10-who-pays"].split("## 自摸", 1)[1].split("##", 1)[0]
    assert "规则单没有写" in self_drawn and "通常" in self_drawn
    faq4 = body["12-faq-rulings"].split("## 4.", 1)[1].split("@example", 1)[0]
    assert "谁先谁后" in faq4 and faq4.split("\n", 2)[2].strip().startswith("庄家的 ×2 在前")
    faq5 = body["12-faq-rulings"].split("## 5.", 1)[1].split("@example", 1)[0]
    assert "三家都付" not in faq5 and "一个人付三份" in faq5


# ---------------------------------------------------------------- broken lessons fail, naming file and hand

GOOD_FRONT = """
+++
title = "碰碰胡"
title_en = "All pungs"
summary = "Four pungs and a pair."
{examples}
+++
Body.
{body}
"""


def lesson_text(examples: str, body: str = "") -> str:
    return GOOD_FRONT.format(examples=examples, body=body)


def problems_of(tmp_path, files: dict[str, str]) -> str:
    return course_problems(write_course(tmp_path / "course", files))


def test_a_wrong_total_names_file_example_and_hand(tmp_path):
    message = problems_of(
        tmp_path,
        {
            "01-pungs.md": lesson_text("""
        [[example]]
        id = "basic"
        hand = "[222m1]555p777s999sEE"
        expect = { total = 4, pattern = "peng_peng_hu" }
    """)
        },
    )
    assert "01-pungs.md" in message
    assert "'basic'" in message and "[222m1]555p777s999sEE" in message
    assert "expected total = 4, the engine gives 2" in message
    assert "pattern" not in message.split("engine gives 2")[1]  # the right key is not reported


def test_a_wrong_pattern_and_a_missing_one(tmp_path):
    message = problems_of(
        tmp_path,
        {
            "01-pungs.md": lesson_text("""
        [[example]]
        id = "near"
        kind = "near_miss"
        hand = "111m444m777mEEESS"
        expect = { pattern = "peng_peng_hu", not_patterns = ["hun_yi_se"] }
    """)
        },
    )
    assert 'expected pattern = "peng_peng_hu", the engine gives "hun_yi_se"' in message
    assert 'expected not_patterns ["hun_yi_se"]: This hand should not have: Half flush.' in message


def test_an_unexpected_refusal_is_reported_with_the_engine_message(tmp_path):
    message = problems_of(
        tmp_path,
        {
            "01-pungs.md": lesson_text("""
        [[example]]
        id = "typo"
        hand = "123m456p789s235sEE"
        expect = { total = 1 }
    """)
        },
    )
    assert "hand 123m456p789s235sEE: the engine refuses the hand: not_a_win" in message


def test_an_expected_error_that_does_not_happen(tmp_path):
    message = problems_of(
        tmp_path,
        {
            "01-pungs.md": lesson_text("""
        [[example]]
        id = "fine"
        hand = "123m456p789s234sEE"
        expect = { error = "not_a_win" }
    """)
        },
    )
    assert "expected error not_a_win, but the hand scores (total 1)" in message


@pytest.mark.parametrize(
    "examples, body, wanted",
    [
        pytest.param(
            """
        [[example]]
        id = "a"
        hand = "123m456p789s234sEE"
        expect = { totl = 1 }
    """,
            "",
            "unknown expect key `totl`",
            id="unknown-expect-key",
        ),
        pytest.param(
            """
        [[example]]
        id = "a"
        hand = "123m456p789s234sEE"
    """,
            "",
            "missing `expect`",
            id="missing-expect",
        ),
        pytest.param(
            """
        [[example]]
        id = "a"
        hand = "123m456p789s234sEE"
        expect = {}
    """,
            "",
            "needs an `expect` with at least one key",
            id="empty-expect",
        ),
        pytest.param(
            """
        [[example]]
        id = "a"
        hand = "123m456p789s234sEE"
        expect = { total = 1 }

        [[example]]
        id = "a"
        hand = "111m555p777s999sEE"
        expect = { total = 2 }
    """,
            "",
            "duplicate example id 'a'",
            id="duplicate-id",
        ),
        pytest.param(
            """
        [[example]]
        id = "a"
        hand = "123m456p789s234sEE"
        expect = { total = 1 }
    """,
            "@example b",
            "`@example b` names no example",
            id="unknown-placement",
        ),
        pytest.param(
            """
        [[example]]
        id = "a"
        hand = "123m456p789s234sEE"
        expect = { fans = ["all_chows"] }
    """,
            "",
            "expect key `fans` is for gb / gb98 rules, this example uses jiujiang",
            id="key-for-other-rules",
        ),
        pytest.param(
            """
        [[example]]
        id = "a"
        hand = "123m456p789s234sEE"
        expect = { total = "1" }
    """,
            "",
            "expect key `total` must be a whole number",
            id="wrong-type",
        ),
        pytest.param(
            """
        [[example]]
        id = "a"
        hand = "123m456p789s234sEE"
        expect = { total = 1 }
        captoin = "typo"
    """,
            "",
            "unknown key `captoin`",
            id="unknown-example-key",
        ),
        pytest.param(
            """
        [[example]]
        id = "a"
        hand = "123m456p789s234sEE"
        expect = { total = 1 }
        convention = { key = "base", values = [1, 2] }
    """,
            "",
            "convention `expect` must list one expectation per value",
            id="convention-without-expect",
        ),
    ],
)
def test_a_malformed_lesson_is_refused(tmp_path, examples, body, wanted):
    message = problems_of(tmp_path, {"01-pungs.md": lesson_text(examples, body)})
    assert message.startswith("course/01-pungs.md: ") or "/course/01-pungs.md: " in message
    assert wanted in message


def test_bad_toml_names_the_file_and_its_line(tmp_path):
    message = problems_of(
        tmp_path,
        {
            "01-pungs.md": lesson_text("""
        [[example]]
        id = "a"
        hand = 123m
    """)
        },
    )
    assert "01-pungs.md: bad TOML" in message
    line = int(re.search(r"line (\d+)", message)[1])
    text = (tmp_path / "course" / "01-pungs.md").read_text().splitlines()
    assert "hand = 123m" in text[line - 1]  # the line number is the file's, not the front matter's


def test_a_convention_setting_that_scores_otherwise(tmp_path):
    message = problems_of(
        tmp_path,
        {
            "01-pungs.md": lesson_text("""
        [[example]]
        id = "quads"
        hand = "1111m3333p7799sEE"
        expect = { total = 16 }
        convention = { key = "extra_quad", values = ["double", "plus4"], expect = [{ total = 16 }, { total = 16 }] }
    """)
        },
    )
    assert 'hand 1111m3333p7799sEE with table.extra_quad = "plus4": expected total = 16, the engine gives 12' in message


def test_an_exercise_whose_answer_misses_the_goal(tmp_path):
    message = problems_of(
        tmp_path,
        {
            "01-pungs.md": lesson_text("""
        [exercise]
        prompt = "拼一手碰碰胡。"
        prompt_en = "Build all pungs."
        goal = { pattern = "peng_peng_hu" }
        answer = "123m456p789s234sEE"
    """)
        },
    )
    assert '[exercise] answer 123m456p789s234sEE: expected pattern = "peng_peng_hu"' in message


def test_every_problem_is_listed_at_once(tmp_path):
    message = problems_of(
        tmp_path,
        {
            "01-one.md": lesson_text("""
            [[example]]
            id = "a"
            hand = "123m456p789s234sEE"
            expect = { total = 2 }
        """),
            "02-two.md": lesson_text("""
            [[example]]
            id = "b"
            hand = "111m555p777s999sEE"
            expect = { total = 3 }
        """),
        },
    )
    assert "01-one.md" in message and "02-two.md" in message


def test_misnamed_and_renumbered_files(tmp_path):
    good = lesson_text("")
    message = problems_of(tmp_path, {"1-one.md": good})
    assert "a lesson file is named NN-slug.md" in message
    message = problems_of(tmp_path / "again", {"01-one.md": good, "01-two.md": good})
    assert "lesson number 01 is also used by 01-one.md" in message


def test_the_build_stops_with_the_message_and_no_traceback(tmp_path):
    write_course(
        tmp_path / "lessons" / "broken",
        {
            "01-pungs.md": lesson_text("""
        [[example]]
        id = "basic"
        hand = "[222m1]555p777s999sEE"
        expect = { total = 4 }
    """)
        },
    )
    with pytest.raises(SystemExit) as caught:
        checked_courses(root=tmp_path / "lessons")
    text = str(caught.value.code)
    assert text.startswith("lessons: the build stops")
    assert "01-pungs.md: example 'basic', hand [222m1]555p777s999sEE: expected total = 4, the engine gives 2" in text
    assert not (tmp_path / "dist").exists()


# What a 九江 caption says about how the hand was won, against how the engine scored it (issue 22, item 2: a
# kong example said the last tile was drawn and was scored as a discard win).
SAYS_DRAWN = re.compile(r"最后摸到|自摸|杠上开花|补上来的牌")
SAYS_DRAWN_EN = re.compile(r"\bdr[ae]w[ns]?\b.*\b(win|winning|last)\b|\b(last|winning) tile drawn\b|self-drawn", re.I)
SAYS_DISCARD = re.compile(r"别人打出|点炮|放炮|打出的那张")
SAYS_DISCARD_EN = re.compile(r"\bdiscard(ed)? by\b|\bon a discard\b|\bdealt in\b", re.I)


def test_a_jiujiang_caption_says_how_the_hand_was_won_as_it_is_scored(real_courses):
    course = next(c for c in real_courses if c.slug == "jiujiang")
    wrong = []
    for lesson in course.lessons:
        for example in lesson.examples:
            drawn = bool(example.full_request.get("self_drawn"))
            said = {
                "drawn": bool(SAYS_DRAWN.search(example.caption) or SAYS_DRAWN_EN.search(example.caption_en)),
                "discard": bool(SAYS_DISCARD.search(example.caption) or SAYS_DISCARD_EN.search(example.caption_en)),
            }
            if said["drawn"] and not said["discard"] and not drawn:
                wrong.append(f"{lesson.path.name} {example.id}: the caption says drawn, scored on a discard")
            if said["discard"] and not said["drawn"] and drawn:
                wrong.append(f"{lesson.path.name} {example.id}: the caption says a discard, scored self-drawn")
    assert wrong == []


def test_a_lessons_checks_ask_nothing_the_course_has_not_taught(real_courses):
    """Until a lesson has shown a table setting, its checks are at the sheet's own table (a new user's walk: lesson
    1 asked whether a hand wins where a table requires a missing suit, which lesson 13 teaches)."""
    from web.course.checks import lesson_checks, taught_settings

    course = next(c for c in real_courses if c.slug == "jiujiang")
    early = [lesson for lesson in course.lessons if not taught_settings(lesson, course)]
    assert [lesson.number for lesson in early][:5] == [1, 2, 3, 4, 5]  # lesson 6 shows the quad convention
    for lesson in early:
        for check in lesson_checks(lesson, course):
            assert not check["result"]["question"]["request"].get("table"), (lesson.key, check["asked"])
