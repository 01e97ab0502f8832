"""A hand too long is refused by the page at once (static/js/bounds.js), before the engine has loaded: the page's
refusal must be the engine's own answer (code, position, message in both languages, details), and its limit the
engine's (suanfan/request.py MAX_HAND_CHARS), which the build writes into static/js/glossary.js: the limit and its
words have one home, and nothing is copied by hand."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page

from suanfan import api, errors, request
from suanfan.api import handle
from web import words

BOUNDS_JS = """async ([site, hands]) => {
  const bounds = await import(site + "/static/js/bounds.js");
  return {
    limit: bounds.MAX_HAND_CHARS,
    hands: hands.map((hand) => ({ alone: bounds.checkHand(hand), request: bounds.checkRequest({ rules: "gb", hand }) })),
  };
}"""

LIMIT = request.MAX_HAND_CHARS
LONG_HANDS = [
    "1m" * (LIMIT // 2) + "1",  # one character over
    "1m" * 150,  # the calculator's hostile-link test
    " " * (LIMIT + 1),  # only spaces: still refused before anything reads it
    "一" * (LIMIT + 7),  # not notation at all: the length is what counts
]


@pytest.fixture(scope="module")
def page_answers(browser, site_url):
    page = browser.new_page()
    page.goto(f"{site_url}/index.html")
    answers = page.evaluate(BOUNDS_JS, [site_url, [*LONG_HANDS, "1m" * (LIMIT // 2)]])
    page.close()
    return answers


def test_the_pages_hand_limit_is_the_engines(page_answers):
    assert page_answers["limit"] == LIMIT


@pytest.mark.parametrize("index", range(len(LONG_HANDS)))
def test_the_page_refuses_a_long_hand_as_the_engine_does(page_answers, index):
    hand = LONG_HANDS[index]
    engine = handle({"rules": "gb", "hand": hand})
    assert engine["ok"] is False and engine["error"]["code"] == "hand_too_long"
    expected = json.loads(json.dumps(engine["error"]))
    answered = page_answers["hands"][index]
    assert answered["alone"] == expected
    assert answered["request"] == expected


def test_a_hand_at_the_limit_is_left_to_the_engine(page_answers):
    """Exactly MAX_HAND_CHARS characters: the page lets it through, and the engine reads it (no hand_too_long)."""
    hand = "1m" * (LIMIT // 2)
    assert page_answers["hands"][-1] == {"alone": None, "request": None}
    assert handle({"rules": "gb", "hand": hand})["error"]["code"] != "hand_too_long"


def test_the_glossary_module_follows_the_engine(monkeypatch):
    """Changing the engine's limit or its words changes what the build writes for the page; nothing else to edit."""
    monkeypatch.setattr(api, "MAX_HAND_CHARS", 57)  # the limit the façade gives the site (request.py's)
    # other words for it (another message of the catalogue's, so that its Chinese is there)
    monkeypatch.setitem(errors.MESSAGES, "hand_too_long", errors.MESSAGES["empty_hand"])
    module = words.glossary_module()
    glossary = json.loads(re.search(r"export const GLOSSARY = (\{.*?\});\n", module, re.S).group(1))
    assert glossary["engine_checks"] == {
        "max_hand_chars": 57,
        "messages": {
            "hand_too_long": {"zh": "没有输入任何牌。", "en": "The hand is empty.", "zh_hant": "沒有輸入任何牌。"}
        },
    }
    assert "hand_too_long" not in glossary["words"], "the page's own copy of the engine's message is gone"


def test_the_calculator_shows_the_engines_message(page: Page, site_url):
    """Typed into the calculator, a hand too long is refused with the engine's message, and its text, which may be
    a megabyte, is not drawn back beside the box."""
    hand = "1m" * 150
    page.goto(f"{site_url}/calculator.html")
    page.locator("#hand").fill(hand)
    result = page.locator("#result")
    result.locator(".error-en").wait_for(timeout=5_000)
    assert result.get_attribute("data-error-code") == "hand_too_long"
    message = handle({"rules": "jiujiang", "hand": hand})["error"]["message"]
    assert result.locator(".error-zh").inner_text() == message["zh"]
    assert result.locator(".error-en").inner_text() == message["en"]
    assert page.locator("#hand").get_attribute("aria-invalid") == "true"
    assert page.locator("#hand-error").is_hidden()
