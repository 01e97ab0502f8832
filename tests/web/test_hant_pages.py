"""繁體 on every built page: with zh-Hant chosen, the text a page shows has no Simplified-only character.

Each page in dist/ is read as zh-Hant shows it (site.css, "language"): `.en` and `.zh-hans` elements hidden (a `.zh`
with a Traditional twin beside it), `.zh-hant` and every other element shown, an <option> or a placeholder reading
its data-zh-hant (else data-zh) as static/js/lang.js relabels it. Quoted notation and code (<code>, <pre>), the
tile art (<svg>), scripts and styles are not text a reader reads as Chinese prose and are left out; `hidden`
elements are read too (a script may show them). What the scripts draw later is the e2e test's
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
NOT_PROSE = {"code", "pre", "svg", "script", "style", "template", "title"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class HantText(HTMLParser):
    """The text of a page as zh-Hant shows it, in pieces, each with the tag it is in."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, whether it or an ancestor is hidden or not prose)
        self.shown: list[tuple[str, str]] = []

    def _skipped(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        classes = set(values.get("class", "").split())
        skipped = self._skipped() or tag in NOT_PROSE or bool(classes & HIDDEN_IN_HANT)
        if not skipped:
            for prefix in ("data", "data-extra", "data-placeholder"):
                words = values.get(f"{prefix}-zh-hant", values.get(f"{prefix}-zh"))
                if words:  # what lang.js writes into the option or the placeholder
                    self.shown.append((f"{tag}[{prefix}-zh]", words))
        if tag in VOID:
            return
        self.stack.append((tag, skipped or tag == "option"))  # an option's own text is relabelled from its data

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


def body(html: str) -> str:
    return html[html.index("<body") :]  # <head>'s <title> is the tab's, "中文 English" for every language


def pages(dist: Path) -> list[Path]:
    found = sorted(dist.glob("*.html")) + sorted(dist.glob("lessons/**/*.html"))
    return [p for p in found if "pyodide" not in p.parts]


def test_every_page_in_traditional_shows_no_simplified_only_character(built_dist: Path):
    checked = pages(built_dist)
    assert len(checked) >= 40, checked  # every page the build writes, lessons and reference pages included
    left = {str(p.relative_to(built_dist)): simplified_left(body(p.read_text(encoding="utf-8"))) for p in checked}
    assert {page: found for page, found in left.items() if found} == {}


def test_the_pages_do_have_traditional_twins(built_dist: Path):
    """Not vacuous: the largest pages carry Traditional twins and the Simplified they stand for."""
    for name in ("rulings.html", "lessons/jiujiang/01-ping-hu.html", "calculator.html", "index.html"):
        html = (built_dist / name).read_text(encoding="utf-8")
        assert html.count('class="zh-hant"') > 5, name
        assert simplified_left(body(html.replace(" zh-hans", ""))), name  # shown, the Simplified would fail


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
