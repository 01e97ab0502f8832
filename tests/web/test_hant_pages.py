"""繁體 on every built page: with zh-Hant chosen, the text a page shows has no Simplified-only character.

Each page in dist/ is read as zh-Hant shows it (site.css, "language"): `.en` and `.zh-hans` elements hidden (a `.zh`
with a Traditional twin beside it), `.zh-hant` and every other element shown, an <option> or a placeholder reading
its data-zh-hant (else data-zh) as static/js/lang.js relabels it. So are the words a person hears or reads that are
not the page's text: the tab's <title>, a tile's <title>, and every attribute of WORDS (a tile's aria-label among
them), each read as lang.js shows it in zh-Hant, its data-hant-… where it has one. Quoted notation and code (<code>,
<pre>), the tile art (the rest of an <svg>), scripts and styles are not text a reader reads as Chinese prose and are
left out; `hidden` elements are read too (a script may show them). What the scripts draw later is the e2e test's
(tests/e2e/test_hant.py).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from web import tileart
from web.hant import simplified_only

HIDDEN_IN_HANT = {"en", "zh-hans"}  # site.css: html[data-lang="zh-Hant"] .en, .zh-hans { display: none }
NOT_PROSE = {"code", "pre", "svg", "script", "style", "template"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# The attributes whose words a person hears (a screen reader) or reads (a tooltip, a picture's text); lang.js shows
# the data-hant-… of those it relabels (its WORDS, with "text" for a <title>'s own text) in zh-Hant, the others as
# written.
WORDS = ("aria-label", "aria-description", "aria-roledescription", "aria-valuetext", "title", "alt", "label")
RELABELLED = {"aria-label", "title", "alt"}
SHOWN, NOT_READ, HIDDEN = "shown", "not prose", "hidden"  # what becomes of an element's text


class HantText(HTMLParser):
    """The text of a page as zh-Hant shows it, in pieces, each with the tag (and attribute) it is in."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []  # (tag, SHOWN, NOT_READ or HIDDEN: for its text and its children)
        self.shown: list[tuple[str, str]] = []

    def _state(self) -> str:
        return self.stack[-1][1] if self.stack else SHOWN

    def _skipped(self) -> bool:
        return self._state() != SHOWN

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        classes = set(values.get("class", "").split())
        hidden = self._state() == HIDDEN or bool(classes & HIDDEN_IN_HANT)
        if not hidden:
            for name in WORDS:  # as lang.js shows it in zh-Hant
                words = values.get(f"data-hant-{name}", values.get(name)) if name in RELABELLED else values.get(name)
                if words:
                    self.shown.append((f"{tag}[{name}]", words))
        if not hidden and not self._skipped() and tag not in NOT_PROSE:
            for prefix in ("data", "data-extra", "data-placeholder"):
                words = values.get(f"{prefix}-zh-hant", values.get(f"{prefix}-zh"))
                if words:  # what lang.js writes into the option or the placeholder
                    self.shown.append((f"{tag}[{prefix}-zh]", words))
        if tag in VOID:
            return
        if hidden:
            state = HIDDEN
        elif tag == "title" and "data-hant-text" in values:  # the tab's or a tile's: lang.js writes its Traditional
            self.shown.append((tag, values["data-hant-text"]))
            state = NOT_READ
        elif tag == "title":  # read even in a tile's <svg>: it is the tile's name
            state = SHOWN
        else:  # an option's own text is relabelled from its data
            state = NOT_READ if self._skipped() or tag in NOT_PROSE or tag == "option" else SHOWN
        self.stack.append((tag, state))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        for depth in range(len(self.stack) - 1, -1, -1):  # close what the markup leaves open (</p> is optional)
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        if data.strip() and not self._skipped():
            self.shown.append((self.stack[-1][0] if self.stack else "", data))


def simplified_left(html: str) -> list[str]:
    """The pieces of text zh-Hant shows on a page that hold a Simplified-only character, each with its tag."""
    parser = HantText()
    parser.feed(html)
    parser.close()
    bad = simplified_only()
    return [f"<{tag}> {text.strip()[:60]!r}" for tag, text in parser.shown if any(ch in bad for ch in text)]


def pages(dist: Path) -> list[Path]:
    found = sorted(dist.glob("*.html")) + sorted(dist.glob("lessons/**/*.html"))
    return [p for p in found if "pyodide" not in p.parts]


def test_every_page_in_traditional_shows_no_simplified_only_character(built_dist: Path):
    checked = pages(built_dist)
    assert len(checked) >= 40, checked  # every page the build writes, lessons and reference pages included
    left = {str(p.relative_to(built_dist)): simplified_left(p.read_text(encoding="utf-8")) for p in checked}
    assert {page: found for page, found in left.items() if found} == {}


def test_the_pages_do_have_traditional_twins(built_dist: Path):
    """Not vacuous: the largest pages carry Traditional twins and the Simplified they stand for; their tab's title,
    their tiles' names and their attributes' words carry a Traditional the check reads, and without it it fails."""
    for name in ("rulings.html", "lessons/jiujiang/01-ping-hu.html", "calculator.html", "index.html"):
        html = (built_dist / name).read_text(encoding="utf-8")
        assert html.count('class="zh-hant"') > 5, name
        assert simplified_left(html.replace(" zh-hans", "")), name  # shown, the Simplified would fail
        assert "<title data-hant-text=" in html, name
        assert 'data-hant-aria-label="主導航 Main"' in html, name
        without = " ".join(simplified_left(html.replace(" data-hant-", " data-x-")))
        assert "<title> " in without and "<nav[aria-label]> '主导航 Main'" in without, name
    lesson = (built_dist / "lessons/jiujiang/01-ping-hu.html").read_text(encoding="utf-8")
    assert 'aria-label="四饼" data-tile="4p" viewBox="0 0 60 80" data-hant-aria-label="四餅">' in lesson
    assert '<title data-hant-text="四餅 · Four of Dots">四饼 · Four of Dots</title>' in lesson
    without = " ".join(simplified_left(lesson.replace(" data-hant-", " data-x-")))
    assert "<svg[aria-label]> '四饼'" in without and "<title> '四饼 · Four of Dots'" in without


@pytest.mark.parametrize(
    ("markup", "found"),
    [
        ('<p><span class="zh">门前清</span> <span class="en" lang="en">Concealed</span></p>', True),  # no twin
        ('<p><span class="zh zh-hans">门前清</span> <span class="zh-hant">門前清</span></p>', False),
        ('<div class="zh-hant"><p>胡牌 <code>发财</code></p></div>', False),  # notation and code are kept
        ('<div class="zh-hant"><p>胡牌 <b>发财</b></p></div>', True),  # a Simplified word left in a twin
        ("<p>九江麻将</p>", True),  # Chinese in no language's element: shown in every language
        ("<span hidden>发</span>", True),  # a script may show it
        ('<select><option data-zh="发财" data-en="Green">发财 · Green</option></select>', True),
        ('<select><option data-zh="发财" data-zh-hant="發財" data-en="G">发财 · G</option></select>', False),
        ('<input data-placeholder-zh="无" data-placeholder-en="none">', True),
        ("<svg><text>发</text></svg><p>中</p>", False),
        ("<title>计算器 Calculator</title>", True),  # the tab's title
        ('<title data-hant-text="計算器 Calculator">计算器 Calculator</title>', False),
        ('<nav aria-label="主导航 Main"><a href="/">首頁</a></nav>', True),
        ('<nav aria-label="主导航 Main" data-hant-aria-label="主導航 Main"></nav>', False),
        ('<span class="en" title="发财"></span>', False),  # hidden in zh-Hant, its words too
        ('<img alt="发财">', True),
        ('<p aria-description="发财" data-hant-aria-description="發財"></p>', True),  # lang.js leaves it as it is
        ('<div hidden><span title="和牌张"></span></div>', True),
        ('<code title="发财">发财</code>', True),  # code's text is notation; its title is words
        ('<svg role="img" aria-label="四饼"><title>四饼 · Four</title><use href="#t-4p"/></svg>', True),
        ('<svg role="img" aria-label="四饼" data-hant-aria-label="四餅"><title>四饼 · Four</title></svg>', True),
        (
            '<svg role="img" aria-label="四饼" data-hant-aria-label="四餅">'
            '<title data-hant-text="四餅 · Four">四饼 · Four</title><text>发</text></svg>',
            False,
        ),
    ],
)
def test_the_check_finds_a_simplified_string_left(markup: str, found: bool):
    assert bool(simplified_left(markup)) is found


def test_the_tile_faces_carry_no_simplified_only_character():
    """The pages leave the tile art out (above); the faces themselves are drawn with the characters real tiles carry
    (東, 發, 蘭, 萬) in every language, so a zh-Hant page shows no Simplified-only character on its tiles either."""
    svg = "{http://www.w3.org/2000/svg}"
    faces = "".join(
        "".join(text.itertext()) for symbol in ET.fromstring(tileart.sprite()) for text in symbol.iter(f"{svg}text")
    )
    assert "東" in faces and "發" in faces and "萬" in faces
    assert not set(faces) & simplified_only(), sorted(set(faces) & simplified_only())
