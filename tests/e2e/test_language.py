"""The reader's language choice (static/js/lang.js): 中文, English or both, on every page.

With English chosen, the whole 九江 course and the Guobiao fan cards show no Chinese but tile faces and the
fan and pattern names kept beside their English ones (marked name-zh); with 中文 chosen, no English prose.
The choice is made with the header's switch (keyboard too) or a link's `?lang=`, kept across pages and reloads
in localStorage (`suanfan.lang`), and the presenter follows the same setting (its old key is moved over).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect

from web.course.files import load_course
from web.course.lesson_pages import lesson_page

ROOT = Path(__file__).resolve().parents[2]
COURSE = load_course(ROOT / "lessons" / "jiujiang")
LESSON_PAGES = [lesson_page(lesson) for lesson in COURSE.lessons]
FAN_PAGES = [
    "lessons/guobiao/fans-honors.html",
    "lessons/guobiao/fans-sequences.html",
    "lessons/guobiao/fans-knitted.html",
]
KEY = "suanfan.lang"

# Visible text the reader's language may not show. Left out: tile faces (svg), the names kept beside their
# English (name-zh), code and notation, the switch itself (it names each language in that language, so a reader
# can find their own) and the brand's logo mark.
VISIBLE_TEXT = r"""([pattern, scope]) => {
  const found = [];
  const re = new RegExp(pattern);
  const root = document.querySelector(scope) ?? document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!re.test(node.textContent)) continue;
    const el = node.parentElement;
    if (el.closest("svg, .name-zh, code, .lang-switch, .brand-mark, script, style, template")) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    found.push(node.textContent.trim().slice(0, 80));
  }
  return found;
}"""
HAN = r"[\u3400-\u9fff\uf900-\ufaff]"
ENGLISH_PROSE = r"[A-Za-z]{2,}[ ,;:.'’-]+[A-Za-z]{2,}[ ,;:.'’-]+[A-Za-z]{2,}"  # three English words in a row


def shown(page: Page, pattern: str, scope: str = "body") -> list[str]:
    return page.evaluate(VISIBLE_TEXT, [pattern, scope])


def settle(page: Page) -> None:
    """The page's scripts have drawn what they draw without the engine (the picker, the mastery marks)."""
    page.wait_for_load_state("load")
    page.wait_for_function("document.readyState === 'complete'")
    page.wait_for_timeout(200)


def test_the_jiujiang_course_in_english_shows_no_chinese_but_names(page: Page, site_url: str):
    page.goto(f"{site_url}/{LESSON_PAGES[0]}?lang=en")
    for path in LESSON_PAGES:
        if page.url.split("?")[0] != f"{site_url}/{path}":
            page.goto(f"{site_url}/{path}")  # no query: the choice is the stored one
        settle(page)
        expect(page.locator("html")).to_have_attribute("lang", "en")
        assert shown(page, HAN) == [], path
        kept = page.locator("main .name-zh:visible")
        assert kept.count() > 0, path  # the pattern names stay beside their English
        assert all(kept.nth(i).get_attribute("lang") == "zh-Hans" for i in range(min(kept.count(), 20)))
        expect(page.locator("main .zh:not(.name-zh)").first).to_be_hidden()
    page.goto(f"{site_url}/lessons/index.html")
    settle(page)
    assert shown(page, HAN, "#course-jiujiang") == []


@pytest.mark.parametrize("path", FAN_PAGES)
def test_fan_card_pages_in_english_show_no_chinese_but_names(page: Page, site_url: str, path: str):
    page.goto(f"{site_url}/{path}?lang=en")
    settle(page)
    assert shown(page, HAN) == []
    card = page.locator(".fan-card").first
    expect(card.locator("h2 .name-zh")).to_be_visible()  # 大四喜 beside Big Four Winds
    expect(card.locator("h2 .en")).to_be_visible()
    expect(card.locator(".def-en")).to_be_visible()
    expect(card.locator(".def-zh")).to_be_hidden()


def test_both_languages_show_both_in_the_breadcrumbs_and_lesson_links_too(page: Page, site_url: str):
    page.set_viewport_size({"width": 360, "height": 740})  # a phone, where space is short
    for path in [LESSON_PAGES[1], "lessons/guobiao/fan-table.html"]:
        page.goto(f"{site_url}/{path}?lang=both")
        crumbs = page.locator("nav.crumbs")
        for part in ("课程", "Lessons"):
            expect(crumbs.get_by_text(part, exact=True)).to_be_visible()
        expect(crumbs.locator(".en").last).to_be_visible()  # the page's own place: "Lesson 2", "Fan table"
    page.goto(f"{site_url}/{LESSON_PAGES[1]}?lang=both")
    for link in ("a[rel=prev]", ".to-outline", "a[rel=next]"):
        expect(page.locator(f".prev-next {link} .en")).to_be_visible()


def test_chinese_chosen_by_link_shows_no_english_prose(page: Page, site_url: str):
    for path in [LESSON_PAGES[0], LESSON_PAGES[8], "lessons/guobiao/fans-honors.html", "calculator.html"]:
        page.goto(f"{site_url}/{path}?lang=zh")
        settle(page)
        expect(page.locator("html")).to_have_attribute("data-lang", "zh")
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
        assert shown(page, ENGLISH_PROSE) == [], path
        assert page.evaluate(f"localStorage.getItem('{KEY}')") == "zh"


def test_the_header_switch_sets_the_language_and_it_is_kept(page: Page, site_url: str):
    page.goto(f"{site_url}/{LESSON_PAGES[0]}")
    html = page.locator("html")
    expect(html).to_have_attribute("data-lang", "both")  # nothing chosen yet: today's look
    switch = page.get_by_role("group", name="语言 Language")
    english = switch.get_by_role("button", name="English")
    expect(switch.get_by_role("button", name="中英 both languages")).to_have_attribute("aria-pressed", "true")
    english.focus()  # the keyboard alone
    page.keyboard.press("Enter")
    expect(html).to_have_attribute("data-lang", "en")
    expect(html).to_have_attribute("lang", "en")
    expect(english).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".lesson-summary .zh")).to_be_hidden()
    expect(page.locator(".lesson-summary .en")).to_be_visible()

    page.locator("a[rel=next]").click()  # an internal link carries no query
    expect(page).to_have_url(f"{site_url}/{LESSON_PAGES[1]}")
    expect(html).to_have_attribute("data-lang", "en")
    page.reload()
    expect(html).to_have_attribute("data-lang", "en")
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == "en"

    chinese = switch.get_by_role("button", name="中文")
    chinese.focus()
    page.keyboard.press("Space")
    expect(html).to_have_attribute("data-lang", "zh")
    expect(page.locator(".lesson-summary .en")).to_be_hidden()
    page.goto(f"{site_url}/rulings.html")
    expect(html).to_have_attribute("data-lang", "zh")
    page.goto(f"{site_url}/rulings.html?lang=both")  # the query wins over what is stored
    expect(html).to_have_attribute("data-lang", "both")
    expect(page.locator(".site-nav .en").first).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == "both"


def test_the_choice_is_on_html_before_the_first_paint(page: Page, site_url: str):
    """lang.js is a classic script in <head>: <html data-lang> is set before the body is parsed."""
    page.add_init_script(f"""
      localStorage.setItem('{KEY}', 'en');
      new MutationObserver((_, observer) => {{
        if (document.body) {{
          window.langAtBody = document.documentElement.dataset.lang;
          observer.disconnect();
        }}
      }}).observe(document, {{ childList: true, subtree: true }});""")
    page.goto(f"{site_url}/index.html")
    assert page.evaluate("window.langAtBody") == "en"


def test_the_presenter_follows_the_same_setting(page: Page, site_url: str):
    # The presenter's own old key becomes the site's setting.
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        " localStorage.setItem('suanfan.presenter.lang', 'en'); sessionStorage.setItem('seeded', '1'); }"
    )
    page.goto(f"{site_url}/lessons/jiujiang/11-worked-examples.html")
    expect(page.locator("html")).to_have_attribute("data-lang", "en")
    assert page.evaluate(f"[localStorage.getItem('{KEY}'), localStorage.getItem('suanfan.presenter.lang')]") == [
        "en",
        None,
    ]

    page.locator("#example-example-one a.to-presenter").click()
    root = page.locator("[data-presenter]")
    expect(root).to_be_visible(timeout=BOOT_MS)
    expect(root).to_have_attribute("data-lang", "en")
    expect(root.locator(".presenter-slide h2 .zh").first).to_be_hidden()
    root.locator('.presenter-lang[data-lang="zh"]').click()  # the presenter's buttons set the site's setting
    expect(root).to_have_attribute("data-lang", "zh")
    expect(page.locator("html")).to_have_attribute("data-lang", "zh")
    expect(root.locator(".presenter-slide h2 .en").first).to_be_hidden()
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == "zh"
    page.keyboard.press("Escape")
    page.goto(f"{site_url}/index.html")
    expect(page.locator("html")).to_have_attribute("data-lang", "zh")
