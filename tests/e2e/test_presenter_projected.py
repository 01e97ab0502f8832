"""The presenter as a room sees it, on a 1280×720 projector: the text big enough to read from the back (at least
28 px, the English beside the Chinese included), the hand across the whole width, the lit tiles exactly the ones
the slide names (the winning tile for 自摸, not another copy of it standing in the hand), and no slide with a stray
word ("null") — walked through every slide of several hands, one of them with no situation at all."""

from __future__ import annotations

from urllib.parse import quote

from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect

from suanfan.api import handle

FLOOR_PX = 28
# A concealed pung of 北 won on the last 北, self-drawn: the 自摸 row names the winning 北 alone.
NORTH_HAND = "123m456m789m11sNNN"

HANDS = [
    {"hand": NORTH_HAND, "rules": "gb98", "self_drawn": True},
    {"hand": "[123m1]456m789m11sEEE", "rules": "gb98"},  # melded, no situation
    {"hand": "[5555p1]222m777s99sEE9s", "rules": "jiujiang", "self_drawn": True, "dealer": True},
    {"hand": "123m456p789s23s55s4s", "rules": "jiujiang"},  # no situation: nothing beside the hand
]


def slides(request: dict) -> list[dict]:
    """The presenter's slides for a result, from the engine's own envelope: a step a slide, a step of fans with their
    tiles a slide per fan ({"row": that fan}), and who pays where there are payments."""
    result = handle(request)
    out = []
    for step in result["steps"]:
        rows = step.get("rows", [])
        if any(row.get("groups") for row in rows):
            out += [{"step": step["key"], "row": row} for row in rows]
        else:
            out.append({"step": step["key"]})
    return out + ([{"step": "payments"}] if "payments" in result else [])


def calculator_link(site_url: str, request: dict, step: int = 1) -> str:
    keys = "".join(f"&{key}=1" for key in ("self_drawn", "dealer") if request.get(key))
    return f"{site_url}/calculator.html#hand={quote(request['hand'], safe='')}&rules={request['rules']}{keys}&present=1&step={step}"


SIZES = """(root) => {
  // every piece of text the room reads (the hand, its chips, the note, the step), with its computed size
  const texts = [];
  const walker = document.createTreeWalker(root.querySelector('.presenter-main').parentElement, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || el.closest('.presenter-qr') || !el.checkVisibility()) continue;
    texts.push([parseFloat(getComputedStyle(el).fontSize), node.textContent.trim().slice(0, 30)]);
  }
  const body = root.querySelector('.presenter-body');
  const style = getComputedStyle(body);
  const width = body.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const tiles = [...root.querySelectorAll('.presenter-hand svg.tile')].map((t) => t.getBoundingClientRect());
  return { texts, width, left: Math.min(...tiles.map((r) => r.left)), right: Math.max(...tiles.map((r) => r.right)),
    bodyLeft: body.getBoundingClientRect().left + parseFloat(style.paddingLeft) };
}"""


def test_at_1280_by_720_the_text_is_28px_and_the_hand_fills_the_width(page: Page, site_url: str):
    page.set_viewport_size({"width": 1280, "height": 720})
    for request in HANDS[:3]:
        page.goto("about:blank")
        page.goto(calculator_link(site_url, request))
        root = page.locator("[data-presenter]")
        expect(root).to_be_visible(timeout=BOOT_MS)
        for step in range(1, len(slides(request)) + 1):
            expect(root).to_have_attribute("data-step", str(step))
            for lang in ("both", "en"):
                root.locator(f'.presenter-lang[data-lang="{lang}"]').click()
                measured = root.evaluate(SIZES)
                small = [(size, text) for size, text in measured["texts"] if size < FLOOR_PX]
                assert measured["texts"] and not small, f"{request['hand']} step {step} ({lang}): {small[:5]}"
            # the tiles span the line: within it, and at least 90% of it
            assert (
                measured["left"] >= measured["bodyLeft"] - 1
                and measured["right"] <= measured["bodyLeft"] + measured["width"] + 1
            )
            assert measured["right"] - measured["left"] >= 0.9 * measured["width"], (request["hand"], measured)
            page.keyboard.press("PageDown")
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280


def test_the_self_drawn_slide_lights_the_winning_tile_and_no_other_copy(page: Page, site_url: str):
    request = HANDS[0]
    shown = slides(request)
    at = next(i for i, s in enumerate(shown) if s.get("row", {}).get("key") == "self_drawn") + 1
    assert shown[at - 1]["row"]["groups"] == [{"text": "N", "tiles": ["N"], "melded": False}]  # the winning 北 alone
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(calculator_link(site_url, request, step=at))
    root = page.locator("[data-presenter]")
    expect(root).to_be_visible(timeout=BOOT_MS)
    expect(root).to_have_attribute("data-step", str(at))
    expect(root.locator('.presenter-slide [data-fan="self_drawn"]')).to_have_count(1)
    lit = root.locator(".presenter-hand svg.tile.lit")
    expect(lit).to_have_count(1)
    expect(root.locator(".presenter-hand .winning svg.tile.lit")).to_have_count(1)
    expect(root.locator('.presenter-hand .standing svg.tile[data-tile="N"]')).to_have_count(2)  # both stay unlit
    # the pung's slide lights all three 北: the two standing and the winning one
    pung = next(i for i, s in enumerate(shown) if s.get("row", {}).get("key") == "pung_of_terminals_or_honors") + 1
    page.keyboard.press("Home")
    for _ in range(pung - 1):
        page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-step", str(pung))
    expect(root.locator('.presenter-hand svg.tile.lit[data-tile="N"]')).to_have_count(3)
    expect(lit).to_have_count(3)


def test_no_slide_of_a_lesson_says_null(page: Page, site_url: str):
    """A teacher's lesson of several hands (show.html), one with no situation chips: every slide, in every language."""
    page.goto(f"{site_url}/tools.html")
    fragment = page.evaluate(
        """async (hands) => {
      const { encodeLesson } = await import('/static/js/teaching-link.js');
      return encodeLesson({ title: '四手', items: hands.map((request, i) => ({ request, title: i % 2 ? '' : `第 ${i + 1} 手` })) });
    }""",
        HANDS,
    )
    page.goto(f"{site_url}/show.html#{fragment}")
    root = page.locator("[data-presenter]")
    expect(root).to_be_visible(timeout=BOOT_MS)
    total = sum(len(slides(request)) for request in HANDS)
    assert int(root.get_attribute("data-steps")) == total
    for step in range(1, total + 1):
        expect(root).to_have_attribute("data-step", str(step))
        for lang in ("both", "zh", "en"):
            root.locator(f'.presenter-lang[data-lang="{lang}"]').click()
            text = root.inner_text()
            assert "null" not in text and "undefined" not in text, (step, lang, text[:300])
        page.keyboard.press("ArrowRight")
