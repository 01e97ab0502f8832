"""The rulings file (lessons/rulings.toml): the real one loads and every hand scores what it says; a broken one is
refused with a message naming the file, the ruling and, for a hand, the hand (never a traceback); the links and
search records the page is built from."""

from __future__ import annotations

import textwrap

import pytest
from lessonkit import ROOT

from suanfan.gb import fans as F
from web.course import rulings, search
from web.course.files import LessonError, load_courses
from web.course.lesson_pages import checked_courses

RULINGS = ROOT / "lessons" / "rulings.toml"


@pytest.fixture(scope="module")
def courses():
    return load_courses(ROOT / "lessons")


@pytest.fixture(scope="module")
def real(courses):
    return rulings.verify_rulings(rulings.load_rulings(RULINGS), courses, RULINGS)


# ---------------------------------------------------------------- the real file


def test_every_real_ruling_has_its_parts_and_checked_hands(real):
    assert len(real) >= 20
    for ruling in real:
        assert ruling.keywords and ruling.question_en and ruling.answer_en, ruling.id
        assert ruling.all_examples, ruling.id
        for example in ruling.all_examples:
            assert example.result, f"{ruling.id}: {example.id} was not scored"


def test_the_sheets_five_questions_and_the_five_principles_are_there(real):
    faq = [r for r in real if r.group == "sheet_faq"]
    assert len(faq) == 5 and {r.rules for r in faq} == {"jiujiang"}
    assert {p for r in real for p in r.principles} == set(F.PRINCIPLES)
    # the situation rules of docs/guobiao.md and the seed: each named by at least one ruling
    named = {f for r in real for f in r.fans}
    assert {"out_with_replacement_tile", "robbing_the_kong", "last_tile", "last_tile_draw", "last_tile_claim"} <= named


def test_the_simultaneous_claim_shows_both_readings(real):
    scene = next(r for r in real if r.id == "rob-or-bloom")
    upheld = [r for r in scene.readings if r.upheld]
    other = [r for r in scene.readings if not r.upheld]
    assert len(upheld) == 1 and len(other) == 1
    rob, bloom = upheld[0].examples[0], other[0].examples[0]
    assert rob.request == {"kong": True} and rob.result["payments"]["payers"][0]["who"] == "robbed_player"
    assert bloom.request == {"self_drawn": True, "kong": True} and bloom.result["payments"]["mode"] == "self_drawn"
    assert rob.result["total"] != bloom.result["total"]


def test_what_the_answers_say_of_the_results_holds(real):
    """Claims of the rulings' words that `expect` cannot state: the note on an impossible rob, who pays how much."""
    by_id = {r.id: r for r in real}
    [seven_pairs] = by_id["seven-pairs-rob"].examples
    assert "robbed_tile_held" in [n["key"] for n in seven_pairs.result["notes"]]
    [who_pays] = by_id["who-pays"].examples
    paid = {v.value: v.result["payments"]["payers"][0]["amount"] for v in who_pays.convention.variants}
    assert paid == {"discarder": 3, "discarder_pays_all": 9}  # "一家付是 3,包三家是 9"


def test_the_two_claimants_could_sit_at_one_table(real):
    """The robber's hand and the kong owner's hold, together, no more than four of any tile: the robbed tile is the
    same physical tile (the kong's fourth), counted once."""
    from collections import Counter

    from suanfan import tiles as T
    from suanfan.notation import parse

    scene = next(r for r in real if r.id == "rob-or-bloom")
    rob, bloom = (reading.examples[0] for reading in scene.readings)
    robber, owner = parse(rob.hand), parse(bloom.hand)
    counts = Counter(
        T.code(t) for hand in (robber, owner) for t in [*hand.standing, *(x for m in hand.melds for x in m.tiles)]
    )
    counts[T.code(robber.standing[-1])] -= 1  # the robbed tile is in the owner's kong too
    assert max(counts.values()) <= 4, counts


def test_links_go_back_to_the_rulings(real):
    back = rulings.related(real)
    assert any(link["href"] == "rulings.html#ruling-rob-or-bloom" for link in back["lesson:jiujiang/08-multipliers"])
    assert any(link["href"] == "rulings.html#ruling-gb-last-copy" for link in back["fan:last_tile"])
    assert any(link["href"] == "rulings.html#ruling-principle-no-repeat" for link in back["principle:no_repeat"])


def test_the_page_carries_its_search_records_safely(real, courses):
    [page] = rulings.rulings_pages(real, courses, None)
    assert page.path == "rulings.html" and page.context["count"] == len(real)
    assert "<" not in page.context["search_json"]  # nothing in the JSON block can close the <script>
    scene = next(v for g in page.context["groups"] for v in g["rulings"] if v["ruling"].id == "rob-or-bloom")
    card = scene["readings"][0]["cards"][0]
    assert card["presenter"] == card["calculator"] + "&present=1"


# ---------------------------------------------------------------- search records


def test_initials_come_from_pypinyin_with_every_reading():
    assert search.initials("抢杠胡 和绝张") == [["q", "g", "h"], ["h", "j", "z"]]
    single, _, pair = search.initials("单钓将")[0]
    assert {"d", "s"} <= set(single) and {"j", "q"} <= set(pair)  # 单 dān/shàn, 将 jiāng/qiāng
    assert search.initials("kong 杠上开花 bloom") == [["g", "s", "k", "h"]]


def test_a_record_folds_its_text_and_keeps_initials_of_names_only():
    record = search.record("x", ["抢杠胡 ROBBING", "ｆｕｌｌ"], ["抢杠胡"])
    assert record["text"] == "抢杠胡 robbing\nfull"
    assert record["initials"] == [["q", "g", "h"]]


# ---------------------------------------------------------------- broken files are refused

GOOD = """
[[ruling]]
id = "bloom"
group = "sheet_faq"
rules = "jiujiang"
question = "杠上开花要乘两次吗?"
question_en = "Twice?"
answer = "一次。"
answer_en = "Once."
keywords = ["杠上开花"]
{extra}
  [[ruling.example]]
  hand = "[7777s1][333m1]555pNN99p9p"
  request = {{ self_drawn = true, kong = true }}
  expect = {{ total = {total} }}
"""


def write(tmp_path, text: str):
    path = tmp_path / "rulings.toml"
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def refusal(tmp_path, text: str, courses=()) -> str:
    path = write(tmp_path, text)
    with pytest.raises(LessonError) as caught:
        rulings.verify_rulings(rulings.load_rulings(path), list(courses), path)
    message = str(caught.value)
    assert "Traceback" not in message
    return message


def test_a_good_file_loads(tmp_path):
    path = write(tmp_path, GOOD.format(extra="", total=4))
    [ruling] = rulings.verify_rulings(rulings.load_rulings(path), [], path)
    assert ruling.examples[0].id == "bloom-1" and ruling.examples[0].result["total"] == 4


def test_a_wrong_hand_names_the_file_the_ruling_and_the_hand(tmp_path):
    message = refusal(tmp_path, GOOD.format(extra="", total=8))
    assert (
        "rulings.toml: ruling 'bloom': example 'bloom-1', hand [7777s1][333m1]555pNN99p9p: "
        "expected total = 8, the engine gives 4" in message
    )


def test_the_build_stops_with_the_message_and_no_traceback(tmp_path, courses):
    path = write(tmp_path, GOOD.format(extra="", total=8))
    with pytest.raises(SystemExit) as caught:
        rulings.checked_rulings(courses, path)
    text = str(caught.value)
    assert text.startswith("rulings: the build stops") and "ruling 'bloom'" in text and "expected total = 8" in text


READING = """
  [[ruling.reading]]
  upheld = {upheld}
  title = "甲"
  title_en = "A"
  text = "甲。"
  text_en = "A."
    [[ruling.reading.example]]
    hand = "111p123p46p789p99p5p"
    request = {{ kong = true }}
    expect = {{ total = 12 }}
"""


@pytest.mark.parametrize(
    "extra, wanted",
    [
        pytest.param('captoin = "x"', "ruling 'bloom': unknown key `captoin`", id="unknown-key"),
        pytest.param(
            'lessons = ["jiujiang/99-nothing"]',
            "ruling 'bloom': `lessons`: no lesson 'jiujiang/99-nothing'",
            id="unknown-lesson",
        ),
        pytest.param('fans = ["robbing_a_kong"]', "`fans`: 'robbing_a_kong' is not a Guobiao fan", id="unknown-fan"),
        pytest.param('principles = ["no_double"]', "`principles`: 'no_double' is not one of", id="unknown-principle"),
        pytest.param(READING.format(upheld="true"), "at least two readings", id="one-reading"),
        pytest.param(
            READING.format(upheld="true") + READING.format(upheld="true"),
            "exactly one reading is the ruling (`upheld = true`), here 2",
            id="two-upheld",
        ),
        pytest.param(
            READING.format(upheld="false") + READING.format(upheld="false"),
            "exactly one reading is the ruling (`upheld = true`), here 0",
            id="none-upheld",
        ),
    ],
)
def test_a_malformed_ruling_is_refused(tmp_path, courses, extra, wanted):
    message = refusal(tmp_path, GOOD.format(extra=extra, total=4), courses)
    assert "rulings.toml: " in message and wanted in message


@pytest.mark.parametrize(
    "old, new, wanted",
    [
        pytest.param('group = "sheet_faq"', 'group = "faq"', "`group` must be one of sheet_faq", id="bad-group"),
        pytest.param(
            'rules = "jiujiang"', 'rules = "riichi"', "`rules` must be one of jiujiang, gb, gb98", id="bad-rules"
        ),
        pytest.param(
            'question_en = "Twice?"\n',
            "",
            "ruling 'bloom': `question` has no English: add `question_en`",
            id="missing-english",
        ),
        pytest.param('keywords = ["杠上开花"]', "keywords = []", "`keywords` must list at least one", id="no-keywords"),
        pytest.param('id = "bloom"', 'id = "Bloom Once"', "ruling `id` must be lower-case words", id="bad-id"),
        pytest.param(
            "expect = { total = 4 }",
            'expect = { fans = ["self_drawn"] }',
            "expect key `fans` is for gb / gb98 rules, this example uses jiujiang",
            id="key-for-other-rules",
        ),
    ],
)
def test_a_bad_field_is_refused(tmp_path, old, new, wanted):
    good = GOOD.format(extra="", total=4)
    text = good.replace(old, new)
    assert text != good
    assert wanted in refusal(tmp_path, text)


def test_a_ruling_without_hands_and_a_second_ruling_of_the_same_id(tmp_path):
    bare = GOOD.format(extra="", total=4).split("  [[ruling.example]]")[0]
    message = refusal(tmp_path, bare + GOOD.format(extra="", total=4))
    assert "ruling 'bloom': a ruling needs at least one worked hand" in message
    assert "a second ruling 'bloom'" in message


def test_bad_toml_names_the_file(tmp_path):
    message = refusal(tmp_path, "[[ruling]]\nid = bloom\n")
    assert "rulings.toml: bad TOML" in message


def test_the_real_build_checks_the_real_file():
    """sitegen's path: the courses checked, then the rulings (no SystemExit)."""
    assert rulings.checked_rulings(checked_courses())


def test_readings_the_sheet_leaves_open_are_taught_as_readings(real):
    """The sheet prints "16 番 / 5 倍" and nothing on a cap at another base: the rulings show both readings, with the
    engine's numbers for each, and neither the rulings nor the lessons claim what tables commonly do."""
    scaling = next(r for r in real if r.id == "base-scaling")
    shown = [e for e in scaling.all_examples if e.convention and e.convention.key == "cap_scales_with_base"]
    assert shown and [v.value for v in shown[0].convention.variants] == [False, True]
    totals = [v.result["total"] for v in shown[0].convention.variants]  # the engine's, for each reading
    assert totals[0] != totals[1]
    assert "两种读法" in scaling.answer and "two ways" in scaling.answer_en
    texts = [RULINGS.read_text(encoding="utf-8")] + [
        p.read_text(encoding="utf-8") for p in (ROOT / "lessons" / "jiujiang").glob("*.md")
    ]
    for claim in ("都有桌在用", "最常见的理解", "Tables use both", "most common understanding"):
        assert not any(claim in text for text in texts), claim


def test_the_dealers_double_is_the_sheets_rule_not_a_table_agreement():
    """The sheet's order of steps and its fourth question fix the dealer's ×2 before the cap; lesson 13, which lists
    what a table agrees, says so where it shows the engine's switch."""
    text = (ROOT / "lessons" / "jiujiang" / "13-table-conventions.md").read_text(encoding="utf-8")
    section = text.split("## 庄家", 1)[1].split("@example dealer-double", 1)[0]
    assert "不是开桌要商量的事" in section and "规则单" in section and "第四个常见问题" in section
    assert "not something a table agrees" in section and "leaves the sheet" in section


def test_melded_and_concealed_pungs_are_the_sheets_majority_reading():
    """The sheet: 明刻、暗刻多数口径统一按同一番值计算. Lesson 2 says so as the sheet's majority reading, never as an
    absolute rule of every Jiujiang table."""
    text = (ROOT / "lessons" / "jiujiang" / "02-peng-peng-hu.md").read_text(encoding="utf-8")
    assert "不分明刻、暗刻" not in text and "does not tell melded pungs from concealed" not in text
    assert text.count("多数口径") >= 2 and text.count("majority reading") >= 2


def test_the_rob_or_bloom_reading_argues_from_the_sheets_two_definitions(real):
    """The sheet gives no order between a rob and a bloom (its order of steps is the multipliers'): the ruling and
    lesson 14 argue from 他家补杠时 / 杠后补牌 and say the reading is the site's."""
    ruling = next(r for r in real if r.id == "rob-or-bloom")
    lesson = (ROOT / "lessons" / "jiujiang" / "14-table-scenes.md").read_text(encoding="utf-8")
    for text in (ruling.answer, ruling.answer_en, lesson):
        assert "他家补杠时" in text and "杠后补牌" in text
        for claim in ("按规则单的顺序", "order of the rule sheet", "按行牌的先后", "order of play"):
            assert claim not in text, claim
    assert "本站的读法" in ruling.answer and "site's reading" in ruling.answer_en
