"""Links written to attack or overwhelm the calculator: every one gets a typed, bilingual error at once (in the engine's
error form: code, message in both languages) and never the previous hand's result; none can reach Object.prototype;
and the page goes on scoring the next good link. The links are the ones a probe of the site found to break it."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect

REFUSED_MS = 5_000  # a refusal needs no engine: it comes at once, even while the engine boots
EXAMPLE_1 = "[5555p1]222m777s99sEE9s"
EXAMPLE_1_LINK = f"hand={quote(EXAMPLE_1, safe='')}&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1"
GB_LINK = "hand=123456789m123p55s&rules=gb98&self_drawn=1"


def go(page: Page, link: str) -> None:
    page.evaluate("(h) => { location.hash = h; }", link)


def expect_refused(page: Page, code: str) -> None:
    result = page.locator("#result")
    expect(result).to_have_attribute("data-state", "error", timeout=REFUSED_MS)
    expect(result).to_have_attribute("data-error-code", code)
    expect(result).not_to_have_attribute("data-total", re.compile(".*"))
    expect(result.locator(".error-zh")).not_to_be_empty()
    expect(result.locator(".error-en")).not_to_be_empty()
    expect(result).not_to_contain_text("null")  # an error with nothing to add shows nothing more


def prototype_is_clean(page: Page) -> bool:
    return page.evaluate("""() => {
        const probe = {};
        return ["type", "error", "capped", "cap", "fatal", "result"].every((k) => !(k in probe));
    }""")


@pytest.mark.parametrize(
    "attack",
    [
        "__proto__.type=ready",  # left the result pending forever
        "__proto__.error=1",  # said the engine was unavailable
        "__proto__.capped=1&__proto__.cap=%E6%A4%8D%E5%85%A5",  # planted text (植入) in results
        "constructor.prototype.type=ready",
        "table.__proto__.base=5",
    ],
)
def test_no_link_reaches_a_prototype(page: Page, site_url: str, attack: str):
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}&{attack}")
    expect_refused(page, "link_key_refused")
    assert prototype_is_clean(page)
    # The page is not broken by it: the next good link is scored, with nothing planted in its result.
    go(page, GB_LINK)
    expect(page.locator("#result")).to_have_attribute("data-state", "done", timeout=BOOT_MS)
    expect(page.locator("#result")).not_to_contain_text("植入")
    assert prototype_is_clean(page)


def test_a_key_deeper_than_any_setting_is_refused_and_the_old_result_goes(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html#{EXAMPLE_1_LINK}")
    expect(page.locator("#result")).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    expect(page.locator("#present")).to_be_enabled()

    go(page, EXAMPLE_1_LINK + "&table" + ".a" * 1_300 + "=1")  # reached the worker as null, pending forever
    expect_refused(page, "link_key_too_deep")
    expect(page.locator("#present")).to_be_disabled()  # nothing left to present: it was the old hand

    go(page, EXAMPLE_1_LINK)
    expect(page.locator("#result")).to_have_attribute("data-total", "12", timeout=BOOT_MS)
    go(page, "hand=1&table" + ".a" * 20_000 + "=1")  # threw, leaving the old result under the new address
    expect_refused(page, "link_too_long")
    expect(page.locator("#hand")).to_have_value("")


def test_a_hand_longer_than_any_hand_is_refused(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html#hand={'1m' * 100_000}&rules=gb")  # 200,000 tiles: a RangeError, then nothing
    expect_refused(page, "link_too_long")
    go(page, f"hand={'1m' * 150}&rules=gb")
    expect_refused(page, "hand_too_long")
    assert "300" in page.locator("#result .error-en").inner_text()

    # Typed or pasted, the same: refused at once, and the picker draws nothing of it.
    page.locator("#hand").fill("1m" * 500_000)
    expect_refused(page, "hand_too_long")
    expect(page.locator("#hand-view .picked-tile")).to_have_count(0)
    # The next hand is scored at once: nothing queued behind the megabyte.
    page.locator("#hand").fill(EXAMPLE_1)
    page.locator("#score-button").click()
    expect(page.locator("#result")).to_have_attribute("data-state", "done", timeout=BOOT_MS)


def test_a_link_read_while_the_engine_boots_is_refused_at_once(page: Page, site_url: str):
    page.goto(f"{site_url}/calculator.html#hand=123m&__proto__.error=1")
    expect_refused(page, "link_key_refused")
    assert page.evaluate("document.documentElement.dataset.engine") in ("loading", "ready")


@pytest.mark.parametrize(
    "setting, shown",
    [
        ("flowers=NaN", "NaN"),
        ("flowers=1e400", "1e400"),
        ("flowers=%E0%A4%A", "%E0%A4%A"),
        ("table.base=" + "9" * 400, "9" * 40 + "…"),
    ],
)
def test_a_number_no_setting_takes_is_quoted_as_the_link_wrote_it(page: Page, site_url: str, setting, shown):
    rules = "jiujiang" if setting.startswith("table.") else "gb"
    page.goto(f"{site_url}/calculator.html#hand={quote(EXAMPLE_1, safe='')}&rules={rules}&{setting}")
    expect_refused(page, "link_not_a_number")
    key = setting.split("=", 1)[0]
    text = page.locator("#result .error-en").inner_text()
    assert f"“{shown}”" in text and f"“{key}”" in text and "None" not in text
    go(page, EXAMPLE_1_LINK)  # and the next good link is scored
    expect(page.locator("#result")).to_have_attribute("data-state", "done", timeout=BOOT_MS)
