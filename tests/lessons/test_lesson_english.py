"""Lesson files carry both languages (lessons/FORMAT.md, "Two languages"): a Chinese text without its English
stops the build naming the file and the item, a body is read as Chinese blocks each followed by its `::: en`
block, and English text keeps no Chinese but the engine's names (which the page marks, class name-zh)."""

from __future__ import annotations

import textwrap

import pytest
from lessonkit import write_course

from web.course.bilingual import HAN, engine_names, mark_names, stray_chinese
from web.course.files import LessonError, load_course, load_courses
from web.course.views import lesson_view, render_blocks

FRONT = """
+++
title = "碰碰胡"
title_en = "All pungs"
summary = "四组刻子加一对将。"
summary_en = "Four pungs and a pair."

[[example]]
id = "basic"
hand = "[222m1]555p777s999sEE"
caption = "一组碰出的刻子也算。"
caption_en = "A melded pung counts too."
expect = {{ total = 2 }}
+++
{body}"""

BODY = """
**碰碰胡**值 2 番。

::: en
**All pungs 碰碰胡** is worth 2 fan.
:::

## 判定要点

::: en
## What to check
:::

@example basic

`111m555p777s999sEE`
"""


def load(tmp_path, text: str):
    folder = write_course(tmp_path / "course", {"01-pungs.md": text})
    return load_course(folder)


def problems(tmp_path, text: str) -> str:
    with pytest.raises(LessonError) as caught:
        load(tmp_path, text)
    return str(caught.value)


def test_a_bilingual_lesson_is_read_block_by_block(tmp_path):
    lesson = load(tmp_path, FRONT.format(body=BODY)).lessons[0]
    assert (
        lesson.summary_en == "Four pungs and a pair." and lesson.examples[0].caption_en == "A melded pung counts too."
    )
    (kind, before), (_, ident), (_, after) = lesson.parts
    assert kind == "blocks" and ident == "basic"
    assert [(b.zh, b.en) for b in before] == [
        ("**碰碰胡**值 2 番。", "**All pungs 碰碰胡** is worth 2 fan."),
        ("## 判定要点", "## What to check"),
    ]
    assert [(b.zh, b.en) for b in after] == [("`111m555p777s999sEE`", "")]  # no Chinese: shown in every language
    html = render_blocks(before + after)
    assert '<div class="zh" lang="zh-Hans"><p><strong>碰碰胡</strong>值 2 番。</p></div>' in html
    assert (
        '<div class="en" lang="en"><p><strong>All pungs <span class="name-zh" lang="zh-Hans">碰碰胡</span>'
        "</strong> is worth 2 fan.</p></div>"
    ) in html
    assert '<div class="both"><p><code>111m555p777s999sEE</code></p></div>' in html


@pytest.mark.parametrize(
    "cut, wanted",
    [
        pytest.param(
            'summary_en = "Four pungs and a pair."\n',
            "01-pungs.md: `summary` has no English: add `summary_en`",
            id="summary",
        ),
        pytest.param(
            'caption_en = "A melded pung counts too."\n',
            "01-pungs.md: example 'basic', hand [222m1]555p777s999sEE: `caption` has no English: add `caption_en`",
            id="caption",
        ),
        pytest.param('title_en = "All pungs"\n', "01-pungs.md: `title` has no English: add `title_en`", id="title"),
        pytest.param(
            "::: en\n## What to check\n:::\n",
            "01-pungs.md: the body's block “## 判定要点” has no English: add a `::: en` block after it",
            id="body",
        ),
    ],
)
def test_a_lesson_missing_one_english_text_is_refused(tmp_path, cut, wanted):
    text = FRONT.format(body=BODY)
    assert cut in text
    message = problems(tmp_path, text.replace(cut, "", 1))
    assert wanted in message
    assert len(message.splitlines()) == 1  # that text and nothing else


def test_an_exercise_prompt_and_convention_labels_need_their_english(tmp_path):
    text = FRONT.format(body=BODY).replace(
        "expect = { total = 2 }\n+++",
        textwrap.dedent("""\
        expect = { total = 2 }
        convention = { key = "payment", values = ["discarder", "discarder_pays_all"], labels = ["一家付", "包三家"], expect = [{ total = 2 }, { total = 2 }] }

        [exercise]
        prompt = "拼一手碰碰胡。"
        goal = { pattern = "peng_peng_hu" }
        +++"""),
    )
    message = problems(tmp_path, text)
    assert "01-pungs.md: [exercise]: `prompt` has no English: add `prompt_en`" in message
    assert "01-pungs.md: example 'basic', hand [222m1]555p777s999sEE: convention `labels` has no English" in message


def test_english_text_keeps_only_names_and_its_own_short_terms(tmp_path):
    text = FRONT.format(body=BODY).replace(
        'caption_en = "A melded pung counts too."', 'caption_en = "A melded pung 明刻 counts too."'
    )
    message = problems(tmp_path, text)
    assert "`caption_en` has Chinese that is not a name of the engine's: 明刻" in message
    body = BODY.replace("## What to check", "## What to check 看这几点")
    assert "the body's `::: en` block “## What to check 看这几点” has Chinese" in problems(
        tmp_path, FRONT.format(body=body)
    )
    # the engine's names, and a short term the text's own Chinese uses, may stand beside their English
    assert (
        stray_chinese("Full flush 清一色, pays for all three 包三家, Pure Straight 清龙, too many tiles 大相公") == []
    )
    assert {"平胡", "清一色", "包三家", "清龙", "杠上开花", "大相公", "副露"} <= engine_names()
    assert stray_chinese("the standing tiles (立牌)", "手里的牌叫立牌。") == []
    left_in = "手里的牌叫立牌也就是没有亮出来的牌"
    assert stray_chinese(f"the standing tiles ({left_in})", left_in) == [left_in]  # a sentence left untranslated


@pytest.mark.parametrize(
    "body, wanted",
    [
        pytest.param("中文。\n\n::: en\nEnglish.\n", "a `::: en` block is not closed", id="unclosed"),
        pytest.param(
            "::: en\nEnglish first.\n:::\n",
            "a `::: en` block must follow the Chinese it translates",
            id="english-first",
        ),
        pytest.param("中文。\n\n:::\n", "a `:::` line closes no `::: en` block", id="stray-close"),
        pytest.param(
            "中文。\n\n::: en\nOne.\n::: en\nTwo.\n:::\n", "a `::: en` block opens inside another", id="nested"
        ),
    ],
)
def test_a_broken_english_block_is_refused(tmp_path, body, wanted):
    assert wanted in problems(tmp_path, FRONT.format(body=body))


def test_the_english_names_are_marked_for_the_page():
    assert (
        str(mark_names("<p>Basic win 平胡</p>")) == '<p>Basic win <span class="name-zh" lang="zh-Hans">平胡</span></p>'
    )


def test_every_real_lesson_has_its_english_and_the_page_pairs_them():
    """The real courses load (so every text has its English) and a lesson page gives each Chinese block its
    English right after it."""
    courses = load_courses()
    jiujiang = next(c for c in courses if c.slug == "jiujiang")
    assert jiujiang.summary_en and all(lesson.summary_en for lesson in jiujiang.lessons)
    for lesson in jiujiang.lessons:
        assert all(e.caption_en for e in lesson.examples if e.caption), lesson.key
        blocks = [b for kind, value in lesson.parts if kind == "blocks" for b in value]
        assert blocks and all(b.en for b in blocks if HAN.search(b.zh)), lesson.key
    view = lesson_view(jiujiang.lessons[0], jiujiang)
    html = next(value for kind, value in view["parts"] if kind == "html")
    # the Chinese, then its English, then (where it differs) the Traditional twin
    assert html.index('class="zh zh-hans"') < html.index('class="en"') < html.index('class="zh-hant"')
