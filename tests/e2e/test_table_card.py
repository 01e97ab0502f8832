"""The 开桌约定 card as four players use it before the first hand: choose the conventions, read the one-line summary,
print the card, and send its link: the link reproduces the same card, and sets the calculator to the same table."""

from __future__ import annotations

import re
from urllib.parse import quote

from engine_boot import BOOT_MS
from playwright.sync_api import Page, expect

EXAMPLE_1 = "[5555p1]222m777s99sEE9s"


def card_text(page: Page) -> dict:
    return {name: page.locator(f"#card-{name}").inner_text() for name in ("rules", "summary", "list")}


def test_agree_the_table_print_it_and_send_the_link(page: Page, site_url: str, browser):
    page.goto(f"{site_url}/table.html")
    summary = page.locator("#card-summary")
    expect(summary).to_contain_text("全部按规则默认")
    expect(summary).to_contain_text("everything as the rules say by default")

    form = page.locator("#table-form")
    form.locator('input[name="table.base"]').fill("2")
    form.locator('input[name="table.base_added"]').check()
    form.locator('select[name="table.payment"]').select_option("discarder_pays_all")
    expect(summary).to_contain_text("底番:2")
    expect(summary).to_contain_text("算炮:包三家")
    expect(summary).to_contain_text("who pays on a discard: the discarder pays for all three")
    expect(page.locator("#card-list .changed")).to_have_count(3)
    expect(page.locator("#card-list > div")).to_have_count(form.locator("#panel-jiujiang-table [data-kind]").count())
    expect(page.locator("#card-qr svg.qr path")).to_have_count(1)
    expect(page).to_have_url(
        re.compile(
            r"table\.html#rules=jiujiang&table\.base=2&table\.base_added=1&"
            r"table\.payment=discarder_pays_all$"
        )
    )
    shown = card_text(page)

    # The card on paper: the card alone.
    page.emulate_media(media="print")
    expect(page.locator("#table-card")).to_be_visible()
    for hidden in ["#table-form", ".card-actions", ".site-header"]:
        expect(page.locator(hidden)).to_be_hidden()
    page.emulate_media(media="screen")

    # The link, opened in another browser, is the same card.
    link = page.locator("#card-link").get_attribute("href")
    other = browser.new_context()
    try:
        again = other.new_page()
        again.goto(link)
        # the words shown (innerText): the element also holds its Traditional twin, hidden but for zh-Hant
        expect(again.locator("#card-summary")).to_have_text(
            page.locator("#card-summary").inner_text(), use_inner_text=True
        )
        assert card_text(again) == shown
    finally:
        other.close()

    # The calculator opened from the card scores with the agreed table: (2 + 2 × 2) × 2 自摸 × 2 庄家 = 24 → cap 16.
    calculator = page.locator("#use-calculator").get_attribute("href")
    page.goto(
        f"{site_url}/{calculator}".replace("calculator.html#", f"calculator.html#hand={quote(EXAMPLE_1, safe='')}&")
        + "&self_drawn=1&dealer=1"
    )
    expect(page.locator("#result")).to_have_attribute("data-total", "16", timeout=BOOT_MS)
    expect(page.locator('input[name="table.base"]')).to_have_value("2")
    expect(page.locator('select[name="table.payment"]')).to_have_value("discarder_pays_all")


def test_guobiao_switches_on_the_card(page: Page, site_url: str):
    page.goto(f"{site_url}/table.html#rules=gb98&variants.two_concealed_kongs=8")
    expect(page.locator("#card-rules")).to_contain_text("网络平台")
    expect(page.locator("#card-summary")).to_contain_text("双暗杠的分值:8")
    expect(page.locator("#panel-gb98-variants")).to_be_visible()
    expect(page.locator("#panel-jiujiang-table")).to_be_hidden()
    expect(page.locator("#use-scoresheet")).to_have_attribute(
        "href", "scoresheet.html#rules=gb98&variants.two_concealed_kongs=8"
    )
