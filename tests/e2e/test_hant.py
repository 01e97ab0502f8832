"""繁體 in Chromium: `?lang=zh-Hant` (or the header's switch) shows every page's Chinese in Traditional, the text the
build wrote and what the scripts draw from the engine's results alike.

On each page the visible text (text nodes the browser shows, and the placeholders) has no Simplified-only character
(web.hant.simplified_only(): OpenCC's own table) outside code, where notation is quoted as written; nor have the
words a person hears or reads beside it: the tab's title (a script's too), the aria-label, title and alt of what is
shown, the tiles' names (the build's and those the scripts draw); choosing 中文 again puts the Simplified back. The
choice is kept for the next page, the switch works by keyboard, and <html lang> says zh-Hant. The other languages are the
language tests' (tests/e2e/test_language.py); the built pages are checked without a browser in
tests/web/test_hant_pages.py.
"""

from __future__ import annotations

from urllib.parse import quote

from engine_boot import BOOT_MS, open_question, open_with_engine
from playwright.sync_api import Page, expect
from test_classroom import set_fragment
from test_scoresheet import JIUJIANG_ROWS, add_row

from suanfan.api import glossary, handle
from web.hant import simplified_only
from web.words import SITE, say

KEY = "suanfan.lang"
SIMPLIFIED = "[" + "".join(sorted(simplified_only())) + "]"

# The text a reader sees: visible text nodes, and the words of a field with nothing typed in it yet. Left out: code
# (notation quoted as written), tile art (svg), scripts and styles.
SHOWN_SIMPLIFIED = r"""([pattern, scope]) => {
  const re = new RegExp(pattern);
  const found = [];
  const root = document.querySelector(scope);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!re.test(node.textContent)) continue;
    const el = node.parentElement;
    if (el.closest("code, pre, svg, script, style, template")) continue;
    const shown = el.closest("select") ? el.closest("select").checkVisibility() : el.checkVisibility({ visibilityProperty: true });
    if (shown) found.push(node.textContent.trim().slice(0, 80));
  }
  for (const field of root.querySelectorAll("[placeholder]")) {
    if (field.checkVisibility() && re.test(field.placeholder)) found.push(`placeholder: ${field.placeholder}`);
  }
  return found;
}"""

# The words beside the text: the tab's title, and the aria-label, title and alt of what is shown (a tile's <title>, its
# name, read where its <svg> is shown).
WORDS_SIMPLIFIED = r"""([pattern, scope]) => {
  const re = new RegExp(pattern);
  const found = re.test(document.title) ? [`<title> ${document.title}`] : [];
  for (const el of document.querySelector(scope).querySelectorAll("[aria-label], [title], [alt], svg title")) {
    if (!(el.closest("svg") ?? el).checkVisibility()) continue;
    const words = el.matches("svg title") ? [["title text", el.textContent]]
      : ["aria-label", "title", "alt"].filter((a) => el.hasAttribute(a)).map((a) => [a, el.getAttribute(a)]);
    for (const [name, text] of words) if (re.test(text)) found.push(`${el.tagName.toLowerCase()}[${name}] ${text}`);
  }
  return found;
}"""
TILES = glossary.labels()["tiles"]
TAB = " · 算番 Suanfan"  # after every page's own title

EXAMPLE = "[5555p1]222m777s99sEE9s"  # the rule sheet's worked example 1: 碰碰胡, 自摸, 庄家
EXAMPLE_LINK = f"hand={quote(EXAMPLE, safe='')}&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1"


def simplified_shown(page: Page, scope: str = "body") -> list[str]:
    page.wait_for_load_state("load")
    return page.evaluate(SHOWN_SIMPLIFIED, [SIMPLIFIED, scope])


def words_simplified(page: Page, scope: str = "body") -> list[str]:
    page.wait_for_load_state("load")
    return page.evaluate(WORDS_SIMPLIFIED, [SIMPLIFIED, scope])


def both(text: dict, chinese: str = "zh") -> str:
    """A text as an attribute or a title carries it: "中文 English" (chinese "zh_hant": its Traditional)."""
    return f"{text[chinese]} {text['en']}"


def choose(page: Page, lang: str) -> None:
    """The header's switch: 中文 or 繁體."""
    page.locator(f".lang-switch [data-set-lang='{lang}']").click()
    expect(page.locator("html")).to_have_attribute("data-lang", lang)


def expect_tile_named(tile, chinese: str) -> None:
    """A tile (svg.tile) named in `chinese` ("zh", "zh_hant"): its aria-label and its <title>."""
    name = TILES[tile.get_attribute("data-tile")]
    expect(tile).to_have_attribute("aria-label", name[chinese])
    expect(tile.locator("title")).to_have_text(f"{name[chinese]} · {name['en']}")


def expect_hant(page: Page) -> None:
    html = page.locator("html")
    expect(html).to_have_attribute("data-lang", "zh-Hant")
    expect(html).to_have_attribute("lang", "zh-Hant")


def test_the_check_sees_simplified_text_on_the_page(page: Page, site_url: str):
    """Not vacuous: in 中文 the same pages show Simplified-only characters, and in zh-Hant a Simplified word a script
    leaves (no Traditional given) is found, in the text and in an attribute."""
    page.goto(f"{site_url}/index.html?lang=zh")
    assert simplified_shown(page)
    assert words_simplified(page)
    page.goto(f"{site_url}/index.html?lang=zh-Hant")
    assert simplified_shown(page) == []
    assert words_simplified(page) == []
    page.evaluate(
        "document.querySelector('main').append(Object.assign(document.createElement('p'), {textContent: '九江麻将'}))"
    )
    assert simplified_shown(page) == ["九江麻将"]
    page.evaluate("document.querySelector('main p').setAttribute('aria-label', '发财')")
    assert words_simplified(page) == ["p[aria-label] 发财"]


def test_titles_and_labels_in_traditional_and_back(page: Page, site_url: str):
    """The tab's title and the attributes the build writes follow the switch both ways: the home page, a lesson's
    tiles and marks."""
    home, main = SITE.text("Home"), SITE.text("Main")
    page.goto(f"{site_url}/index.html?lang=zh-Hant")
    expect(page).to_have_title(both(home, "zh_hant") + TAB)
    expect(page.locator("nav.site-nav")).to_have_attribute("aria-label", both(main, "zh_hant"))
    assert words_simplified(page) == []
    choose(page, "zh")
    expect(page).to_have_title(both(home) + TAB)
    expect(page.locator("nav.site-nav")).to_have_attribute("aria-label", both(main))
    assert words_simplified(page)  # 主导航 Main, 首页 Home …
    choose(page, "zh-Hant")
    expect(page).to_have_title(both(home, "zh_hant") + TAB)

    page.goto(f"{site_url}/lessons/jiujiang/01-ping-hu.html")  # the stored choice, zh-Hant
    expect_hant(page)
    assert words_simplified(page) == []
    tile = page.locator("main svg.tile[data-tile$='p']").first  # 饼: Simplified-only
    expect_tile_named(tile, "zh_hant")
    winning = page.locator("main .winning[title]").first
    expect(winning).to_have_attribute("title", both(SITE.text("winning tile"), "zh_hant"))
    choose(page, "zh")
    expect_tile_named(tile, "zh")
    expect(winning).to_have_attribute("title", both(SITE.text("winning tile")))
    assert "饼" in tile.get_attribute("aria-label")


def test_home_lessons_and_rulings_in_traditional(page: Page, site_url: str):
    page.goto(f"{site_url}/index.html?lang=zh-Hant")
    expect_hant(page)
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == "zh-Hant"
    expect(page.locator("main .zh-hant").first).to_be_visible()
    assert simplified_shown(page) == []
    # 01-winning's checks are named by kind from the page's data (计哪些番: its Traditional comes with it)
    for path in [
        "lessons/jiujiang/01-ping-hu.html",
        "lessons/guobiao/01-winning.html",
        "lessons/guobiao/fans-honors.html",
        "rulings.html",
    ]:
        page.goto(f"{site_url}/{path}")  # no query: the stored choice
        expect_hant(page)
        page.wait_for_load_state("load")
        assert simplified_shown(page) == [], path
    # the lesson's prose is the build's Traditional, its notation as written
    page.goto(f"{site_url}/lessons/jiujiang/01-ping-hu.html")
    expect(page.locator(".lesson-body div.zh-hant").first).to_be_visible()
    expect(page.locator(".lesson-body div.zh-hans").first).to_be_hidden()


def test_the_calculator_draws_the_engines_traditional(page: Page, site_url: str):
    open_with_engine(page, f"{site_url}/calculator.html?lang=zh-Hant#{EXAMPLE_LINK}")
    expect_hant(page)
    result = page.locator("#result")
    expect(result).to_have_attribute("data-total", "12", timeout=BOOT_MS)  # (底番 1 + 碰碰胡 2) × 2 自摸 × 2 庄家
    expect(result.locator(".zh-hant").first).to_be_visible()
    assert simplified_shown(page) == []
    # the tiles the scripts drew (the result's, the picker's, the palette's) are named in Traditional too, and
    # follow the switch
    assert words_simplified(page) == []
    result_tile = result.locator("svg.tile[data-tile='5p']").first
    expect_tile_named(result_tile, "zh_hant")
    palette_button = page.locator(".palette button[data-tile='5p']").first
    expect(palette_button).to_have_attribute("aria-label", both(TILES["5p"], "zh_hant"))
    expect(page).to_have_title(both(SITE.text("Calculator"), "zh_hant") + TAB)
    choose(page, "zh")
    expect_tile_named(result_tile, "zh")
    expect(palette_button).to_have_attribute("aria-label", both(TILES["5p"]))
    expect(page).to_have_title(both(SITE.text("Calculator")) + TAB)
    choose(page, "zh-Hant")
    expect_tile_named(result_tile, "zh_hant")
    hand = page.locator("#hand")  # a hand the engine refuses: its message in Traditional too
    hand.fill("123m456p789s1z2zz")
    hand.press("Enter")
    expect(result).to_have_attribute("data-state", "error", timeout=BOOT_MS)
    expect(result.locator(".error-box > p.zh-hant")).to_be_visible()
    # the result's words; the line beside the box has the scripts' own inline words, which come from the
    # catalogue with stage 3 (docs/language.md, "Where the conversion stands")
    assert simplified_shown(page, "#result") == []


def test_the_score_sheet_in_traditional(page: Page, site_url: str):
    """The score sheet's script-made words: the seats in its selects, how a hand was won, and a settled row's cells
    (who dealt and won, the pattern, the multipliers) in Traditional, and in Simplified again after 中文."""
    open_with_engine(page, f"{site_url}/scoresheet.html?lang=zh-Hant#rules=jiujiang")
    expect_hant(page)
    for number, row in enumerate(JIUJIANG_ROWS[:2], start=1):
        add_row(page, row, number)
    assert simplified_shown(page) == []
    assert words_simplified(page) == []
    nobody = say("sheet_nobody")
    discarded = say("sheet_discarded_by", name=say("sheet_seat", n=2))
    expect(page.locator("#row-winner option[value='draw']")).to_have_text(nobody["zh_hant"])
    expect(page.locator("#row-how option[value='1']")).to_have_text(discarded["zh_hant"])
    choose(page, "zh")
    expect(page.locator("#row-winner option[value='draw']")).to_have_text(nobody["zh"])
    expect(page.locator("#row-how option[value='1']")).to_have_text(discarded["zh"])
    assert simplified_shown(page)  # the same check finds the Simplified the sheet shows in 中文


def test_practice_after_an_answer_in_traditional(page: Page, site_url: str):
    page.goto(f"{site_url}/index.html?lang=zh-Hant")
    asked = handle({"action": "question", "rules": "gb", "kind": "points", "topic": "pure_straight", "seed": 42})
    question = open_question(page, f"{site_url}/practice.html#rules=gb&kind=points&topic=pure_straight&seed=42")
    expect_hant(page)
    expect(question.locator(".prompt .zh-hant")).to_have_text(asked["question"]["prompt"]["zh_hant"])
    assert simplified_shown(page) == []
    assert words_simplified(page) == []  # the question's tiles, drawn by the script, named in Traditional
    for tile in question.locator("svg.tile").all()[:3]:
        expect_tile_named(tile, "zh_hant")
    question.locator("[data-answer]").fill(str(asked["answer"] + 1))
    question.locator("[data-answer]").press("Enter")
    expect(question).to_have_attribute("data-verdict", "wrong")
    expect(question.locator(".diagnosis")).to_have_attribute("data-diagnosis", "found", timeout=BOOT_MS)
    assert simplified_shown(page) == []
    question.locator(".retry").click()
    question.locator("[data-answer]").fill(str(asked["answer"]))
    question.locator("[data-answer]").press("Enter")
    expect(question).to_have_attribute("data-verdict", "right")
    expect(question.locator(".feedback .result-view .zh-hant").first).to_be_visible()
    assert simplified_shown(page) == []


def test_a_title_a_script_sets_in_traditional(page: Page, site_url: str):
    """The class page's scripts name the tab after the set (its student's face) and the report; an untitled set by
    its default title, in the chosen Chinese."""
    question = {"kind": "points", "topic": "mixed", "seed": 1}
    the_set = {"title": "", "code": "", "limit": 0, "rules": "gb", "conventions": {}, "questions": [question]}
    fragment = set_fragment(page, site_url, the_set)
    site, untitled, report = SITE.text("Suanfan"), say("class_set_default_title"), say("report_title")
    page.goto("about:blank")
    page.goto(f"{site_url}/class.html?lang=zh-Hant#{fragment}")
    expect(page).to_have_title(f"{untitled['zh_hant']} · {both(site, 'zh_hant')}", timeout=BOOT_MS)
    assert words_simplified(page) == []
    page.goto("about:blank")
    page.goto(f"{site_url}/class.html#{fragment}&report=1")
    expect(page.locator(".report-empty")).to_be_visible(timeout=BOOT_MS)
    expect(page).to_have_title(f"{report['zh_hant']} {untitled['zh_hant']} · {both(site, 'zh_hant')}")
    assert words_simplified(page) == []
    choose(page, "zh")
    expect(page).to_have_title(f"{report['zh']} {untitled['zh']} · {both(site)}")


def test_the_switch_sets_traditional_by_keyboard_and_it_is_kept(page: Page, site_url: str):
    page.goto(f"{site_url}/lessons/jiujiang/01-ping-hu.html")
    html = page.locator("html")
    expect(html).to_have_attribute("data-lang", "both")
    switch = page.get_by_role("group", name="语言 Language")
    hant = switch.get_by_role("button", name="繁體")
    hant.focus()
    page.keyboard.press("Enter")
    expect_hant(page)
    switch = page.get_by_role("group", name="語言 Language")  # the switch's own name in Traditional too
    hant = switch.get_by_role("button", name="繁體")
    expect(hant).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".lesson-summary .zh-hant")).to_be_visible()
    expect(page.locator(".lesson-summary .en")).to_be_hidden()
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == "zh-Hant"
    page.locator("a[rel=next]").click()  # the next page keeps it
    expect_hant(page)
    assert simplified_shown(page) == []
    switch.get_by_role("button", name="中文").focus()
    page.keyboard.press("Space")
    expect(html).to_have_attribute("data-lang", "zh")
    expect(html).to_have_attribute("lang", "zh-Hans")
    expect(page.locator(".lesson-summary .zh-hant")).to_be_hidden()
    expect(page.locator(".lesson-summary .zh").first).to_be_visible()
