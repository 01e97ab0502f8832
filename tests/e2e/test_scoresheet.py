"""The score sheet (计分表) as a referee uses it: conventions from the table card's link, four names, sixteen hands of
九江 entered through the form (with and without the tiles, self-draws and discards, a robbed kong and a kong bloom,
the dealer changing, a drawn hand, 包三家) and a Guobiao session; every row's values and the running totals are
the engine's own (`settle`, computed here with suanfan.api.handle) and sum to zero, in the page and in the CSV
file it exports. A row written wrong gets a typed error on that row and, edited, recomputes every row after it;
delete and undo; a reload keeps everything; unreadable stored data is set aside and reported; names are text."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from engine_boot import BOOT_MS, open_with_engine, wait_for_engine
from playwright.sync_api import Page, expect
from storagekit import fill_storage, free_storage, set_aside

from suanfan.api import handle

PAYLOAD = "<img src=x onerror=alert(1)>"
NAMES = [PAYLOAD, "李雷", '"Han", Meimei', "=1+1 Ann"]  # the last one a spreadsheet would run as a formula
JIUJIANG_TABLE = {"base": 2, "payment": "discarder_pays_all"}

# Sixteen hands of 九江 in the engine's row shape (what the page keeps): seats 0–3, the dealer moving round.
ALL_PUNGS = "[5555p1]222m777s99sEE9s"
SEVEN_PAIRS = "1133m557799p22sEE"
BASIC = "123m456p789s234s55s"
KONG_BLOOM = "[SSSS]111m234m789m99m"
FLUSH_PAIRS = "11223344556677m"
JIUJIANG_ROWS = [
    {"dealer": 0, "winner": 0, "self_drawn": True, "hand": ALL_PUNGS},
    {"dealer": 0, "winner": 2, "discarder": 1, "hand": SEVEN_PAIRS},
    {"dealer": 1, "winner": 1, "discarder": 3, "pattern_fan": 1, "multipliers": {"dealer": True}},
    {"dealer": 1, "winner": 3, "self_drawn": True, "pattern_fan": 3, "multipliers": {"self_drawn": True}},
    {"dealer": 2, "winner": None},
    {"dealer": 2, "winner": 0, "discarder": 2, "kong": True, "hand": BASIC},
    {"dealer": 3, "winner": 3, "self_drawn": True, "kong": True, "hand": KONG_BLOOM},
    {"dealer": 3, "winner": 1, "discarder": 0, "pattern_fan": 6},
    {"dealer": 0, "winner": 0, "discarder": 2, "hand": FLUSH_PAIRS},
    {"dealer": 0, "winner": 2, "self_drawn": True, "pattern_fan": 4, "multipliers": {"self_drawn": True}},
    {
        "dealer": 1,
        "winner": 1,
        "self_drawn": True,
        "pattern_fan": 2,
        "multipliers": {"self_drawn": True, "dealer": True},
    },
    {"dealer": 1, "winner": 0, "discarder": 3, "hand": BASIC},
    {"dealer": 2, "winner": 3, "discarder": 1, "pattern_fan": 8},
    {"dealer": 3, "winner": 2, "self_drawn": True, "hand": SEVEN_PAIRS},
    {"dealer": 0, "winner": 1, "discarder": 0, "pattern_fan": 1},
    {"dealer": 1, "winner": 1, "self_drawn": True, "hand": ALL_PUNGS},
]
# Hand 8 as first written down: a dealer ×2 for a winner who is not the dealer.
WRONG_8 = {**JIUJIANG_ROWS[7], "multipliers": {"dealer": True}}

GB_ROWS = [
    {"dealer": 0, "winner": 0, "self_drawn": True, "hand": "123m456p789s234sEE"},
    {"dealer": 0, "winner": 2, "discarder": 3, "points": 12},
    {"dealer": 1, "winner": 3, "discarder": 1, "points": 6},  # below 8: an error on the row, paid by nobody
    {"dealer": 1, "winner": 1, "discarder": 0, "hand": "[WWW1]123m456p789s5p5p", "prevalent_wind": "S"},
    {"dealer": 2, "winner": 0, "self_drawn": True, "points": 24, "flowers": 2},
    {"dealer": 2, "winner": 2, "discarder": 1, "hand": "11123456789999m"},
    {"dealer": 3, "winner": None},
    {"dealer": 3, "winner": 1, "self_drawn": True, "points": 8},
]


def settled(rules: str, rows: list, **conventions) -> dict:
    result = handle({"action": "settle", "rules": rules, "rows": rows, **conventions})
    assert result["ok"], result
    return result


def open_sheet(page: Page, url: str) -> None:
    open_with_engine(page, url)


def fill_row(page: Page, row: dict) -> None:
    """Put a row into the form as a referee would: seats by name, the written entries in their fields."""
    form = page.locator("#row-form")
    form.locator("#row-dealer").select_option(str(row["dealer"]))
    if row["winner"] is None:
        form.locator("#row-winner").select_option("draw")
    else:
        form.locator("#row-winner").select_option(str(row["winner"]))
        form.locator("#row-how").select_option("self" if row.get("self_drawn") else str(row["discarder"]))
    form.locator("#row-kong").set_checked(bool(row.get("kong")))
    form.locator("#row-hand").fill(row.get("hand", ""))
    for name in ("pattern_fan", "points", "flowers"):
        box = form.locator(f'input[name="{name}"]:visible')
        if box.count():
            box.fill(str(row.get(name, "")) if name != "flowers" else str(row.get(name, 0)))
    for box in form.locator('input[name^="multipliers."]:visible').all():
        key = box.get_attribute("name").split(".", 1)[1]
        box.set_checked(bool(row.get("multipliers", {}).get(key)))
    wind = form.locator('select[name="prevalent_wind"]:visible')
    if wind.count():
        wind.select_option(row.get("prevalent_wind", "E"))


def add_row(page: Page, row: dict, number: int) -> None:
    fill_row(page, row)
    page.locator("#row-submit").click()
    expect(page.locator(f'#sheet[data-state="ready"] tbody tr[data-row="{number}"]')).to_have_count(1)


def page_rows(page: Page) -> list[dict]:
    """What the table shows: each row's score and every seat's payment and running total."""
    expect(page.locator("#sheet")).to_have_attribute("data-state", "ready")
    return page.evaluate("""() => [...document.querySelectorAll('#sheet tbody tr[data-row]')].map((tr) => ({
        row: Number(tr.dataset.row), ok: tr.dataset.ok === '1',
        error: tr.querySelector('[data-error]')?.dataset.error ?? null,
        score: tr.querySelector('[data-score]')?.dataset.score ?? null,
        paid: [...tr.querySelectorAll('td.seat')].map((td) => Number(td.dataset.paid)),
        running: [...tr.querySelectorAll('td.seat')].map((td) => Number(td.dataset.running)) }))""")


def engine_rows(result: dict) -> list[dict]:
    return [
        {
            "row": r["row"],
            "ok": r["ok"],
            "error": None if r["ok"] else r["error"]["code"],
            "score": str(r["total"]) if "total" in r else ("" if r["ok"] else None),
            "paid": r["payments"],
            "running": r["running"],
        }
        for r in result["rows"]
    ]


def shown_totals(page: Page) -> list[int]:
    return [
        int(v)
        for v in page.locator("#sheet tfoot td.seat").evaluate_all("(tds) => tds.map((td) => td.dataset.running)")
    ]


def stored_rows(page: Page) -> list:
    return page.evaluate("() => JSON.parse(localStorage.getItem('suanfan.scoresheet')).rows")


def download_csv(page: Page, english: bool = False) -> str:
    page.locator("#csv-english").set_checked(english)
    with page.expect_download() as info:
        page.locator("#export-csv").click()
    raw = open(info.value.path(), "rb").read()
    assert raw.startswith(b"\xef\xbb\xbf"), "UTF-8 with a byte-order mark"
    return raw.decode("utf-8-sig")


def check_csv(text: str, result: dict, names: list[str], header: list[str]) -> None:
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0][:11] == header
    seat_columns = slice(11, 19)
    in_csv = ["'" + n if n[0] in "=+-@" else n for n in names]  # formulas are kept as text
    assert lines[0][seat_columns] == in_csv + [f"{n}{'累计' if header[0] == '局' else ' total'}" for n in in_csv]
    body, totals = lines[1:-1], lines[-1]
    assert len(body) == len(result["rows"])
    for line, row in zip(body, result["rows"]):
        assert int(line[0]) == row["row"]
        assert [int(v) for v in line[seat_columns]] == row["payments"] + row["running"]
        assert line[10] == (str(row["total"]) if "total" in row else "")
        assert (line[19] != "") == (not row["ok"])
    assert [int(v) for v in totals[15:19]] == result["totals"] and sum(result["totals"]) == 0


ZH_HEADER = ["局", "庄家", "和牌", "方式", "手牌", "番型", "番值", "计底", "倍数", "封顶", "得分"]
EN_HEADER = [
    "Hand",
    "Dealer",
    "Winner",
    "How",
    "Tiles",
    "Pattern",
    "Pattern value",
    "With the base",
    "Multipliers",
    "Cap",
    "Score",
]


def test_a_jiujiang_evening_from_the_table_card(page: Page, site_url: str):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

    # The table agrees its conventions on the card and follows its "keep score" link.
    page.goto(f"{site_url}/table.html")
    page.locator('#table-form input[name="table.base"]').fill("2")
    page.locator('#table-form select[name="table.payment"]').select_option("discarder_pays_all")
    page.locator("#use-scoresheet").click()
    expect(page).to_have_url(
        re.compile(r"scoresheet\.html#rules=jiujiang&table\.base=2&table\.payment=discarder_pays_all$")
    )
    wait_for_engine(page)
    expect(page.locator("#sheet-summary")).to_have_text(re.compile("九江麻将:底番:2;算炮:包三家"))
    expect(page.locator("#sheet-summary")).to_contain_text("who pays on a discard: the discarder pays for all three")

    for seat, name in enumerate(NAMES):
        page.locator(f"#player-{seat}").fill(name)
        page.locator(f"#player-{seat}").press("Tab")
    expect(page.locator("#sheet thead th.seat").first).to_have_text(PAYLOAD)

    rows = [WRONG_8 if i == 7 else row for i, row in enumerate(JIUJIANG_ROWS)]
    for number, row in enumerate(rows, start=1):
        add_row(page, row, number)

    # Every row is the engine's, the wrong hand 8 an error on its row that costs nothing; totals sum to zero.
    with_wrong = settled("jiujiang", rows, table=JIUJIANG_TABLE)
    assert with_wrong["errors"] == 1 and with_wrong["rows"][7]["error"]["code"] == "multiplier_mismatch"
    assert page_rows(page) == engine_rows(with_wrong)
    assert stored_rows(page) == rows
    expect(page.locator('#sheet tr[data-row="8"] .row-error')).to_contain_text("dealer ×2 is written")
    expect(page.locator('#sheet tr[data-row="8"] .row-error')).to_contain_text("庄家 ×2")
    assert shown_totals(page) == with_wrong["totals"] and sum(shown_totals(page)) == 0

    # Hand 8 edited: every row after it recomputes.
    page.locator('#sheet button[data-edit="7"]').click()
    expect(page.locator("#row-title")).to_contain_text("修改第 8 局")
    expect(page.locator('#row-form input[name="multipliers.dealer"]')).to_be_checked()
    page.locator('#row-form input[name="multipliers.dealer"]').uncheck()
    page.locator("#row-submit").click()
    expect(page.locator('#sheet tr[data-row="8"]')).to_have_attribute("data-ok", "1")
    right = settled("jiujiang", JIUJIANG_ROWS, table=JIUJIANG_TABLE)
    assert right["errors"] == 0 and len(right["rows"]) == 16
    shown = page_rows(page)
    assert shown == engine_rows(right)
    assert all(a["running"] != b["running"] for a, b in zip(shown[7:], engine_rows(with_wrong)[7:]))
    assert [r["score"] for r in shown[:4]] == ["16", "8", "4", "12"]  # 碰碰胡 16 capped; 七对 4 × 2 = 8; …
    assert {tuple(r["paid"]) for r in shown if r["ok"]} >= {(0, -24, 24, 0)}  # 包三家: the discarder pays 3 × 8

    # The CSV: UTF-8 with a BOM, Chinese columns (or an English header row), the engine's numbers.
    check_csv(download_csv(page), right, NAMES, ZH_HEADER)
    check_csv(download_csv(page, english=True), right, NAMES, EN_HEADER)

    # Delete hand 5, then undo.
    page.locator('#sheet button[data-delete="4"]').click()
    expect(page.locator("#sheet tbody tr[data-row]")).to_have_count(15)
    assert page_rows(page) == engine_rows(
        settled("jiujiang", JIUJIANG_ROWS[:4] + JIUJIANG_ROWS[5:], table=JIUJIANG_TABLE)
    )
    expect(page.locator("#undo")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#sheet tbody tr[data-row]")).to_have_count(16)
    assert page_rows(page) == engine_rows(right)
    expect(page.locator("#sheet-status")).to_contain_text("已撤销")

    # A reload keeps everything: names, conventions, rows.
    page.reload()
    wait_for_engine(page)
    assert page_rows(page) == engine_rows(right)
    assert [page.locator(f"#player-{seat}").input_value() for seat in range(4)] == NAMES
    expect(page.locator("#sheet-summary")).to_contain_text("算炮:包三家")

    # Names are text: the payload is shown as typed, nothing of it runs or becomes an element.
    expect(page.locator("#sheet tbody tr[data-row='1'] td").nth(0)).to_have_text(PAYLOAD)
    assert page.locator("#sheet img, #row-form img").count() == 0 and dialogs == []


def test_a_guobiao_session_pays_by_the_competition_rule(page: Page, site_url: str):
    open_sheet(page, f"{site_url}/scoresheet.html#rules=gb")
    expect(page.locator("#sheet-summary")).to_contain_text("国标麻将")
    expect(page.locator('#row-form input[name="points"]')).to_be_visible()
    expect(page.locator('#row-form input[name="pattern_fan"]')).to_be_hidden()
    for number, row in enumerate(GB_ROWS, start=1):
        add_row(page, row, number)
    result = settled("gb", GB_ROWS)
    assert page_rows(page) == engine_rows(result)
    assert stored_rows(page) == [
        {k: v for k, v in row.items() if not (k == "prevalent_wind" and v == "E")} for row in GB_ROWS
    ]
    expect(page.locator('#sheet tr[data-row="3"] [data-error="below_minimum"]')).to_contain_text("8-point minimum")
    second = page_rows(page)[1]
    assert second["paid"] == [-8, -8, 12 + 24, -20]  # 8 from each, the 12 points from the discarder
    assert shown_totals(page) == result["totals"] and sum(result["totals"]) == 0
    check_csv(download_csv(page), result, ["座位 1", "座位 2", "座位 3", "座位 4"], ZH_HEADER)


def test_a_link_with_other_conventions_does_not_rewrite_a_sheet_with_hands(page: Page, site_url: str):
    open_sheet(page, f"{site_url}/scoresheet.html#rules=jiujiang")
    add_row(page, JIUJIANG_ROWS[1], 1)
    page.goto(f"{site_url}/scoresheet.html#rules=jiujiang&table.payment=discarder_pays_all")
    wait_for_engine(page)
    expect(page.locator("#link-notice")).to_be_visible()
    assert page_rows(page) == engine_rows(settled("jiujiang", [JIUJIANG_ROWS[1]]))  # 一家付 still
    page.locator("#adopt-link").click()
    expect(page.locator("#sheet-summary")).to_contain_text("包三家")
    expect(page.locator("#sheet tbody tr[data-row]")).to_have_count(0)
    page.locator("#undo").click()
    expect(page.locator("#sheet tbody tr[data-row]")).to_have_count(1)
    expect(page.locator("#sheet-summary")).not_to_contain_text("包三家")


@pytest.mark.parametrize(
    "stored",
    [
        pytest.param('{"schema":"suanfan-scoresheet","version":1,"rows":[{"dea', id="truncated"),
        pytest.param('{"schema":"suanfan-scoresheet","version":7,"rows":[]}', id="newer"),
        pytest.param('["a", "list"]', id="foreign"),
    ],
)
def test_unreadable_stored_data_is_set_aside_and_reported(page: Page, site_url: str, stored: str):
    page.goto(f"{site_url}/scoresheet.html")
    page.evaluate("(text) => localStorage.setItem('suanfan.scoresheet', text)", stored)
    page.reload()
    problem = page.locator("#sheet-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("suanfan.scoresheet.set-aside.")
    expect(problem).to_contain_text("not deleted")
    assert set_aside(page, "suanfan.scoresheet") == [stored]
    wait_for_engine(page)
    add_row(page, JIUJIANG_ROWS[0], 1)  # a fresh sheet, saved beside what was set aside
    assert json.loads(page.evaluate("() => localStorage.getItem('suanfan.scoresheet')"))["rows"] == [JIUJIANG_ROWS[0]]


def test_the_sheet_prints_on_an_a4_page(page: Page, site_url: str):
    open_sheet(page, f"{site_url}/scoresheet.html#rules=jiujiang")
    for seat, name in enumerate(["东家 East player", "南家 South player", "西家 West player", "北家 North player"]):
        page.locator(f"#player-{seat}").fill(name)
        page.locator(f"#player-{seat}").press("Tab")
    for number, row in enumerate(JIUJIANG_ROWS[:6], start=1):
        add_row(page, row, number)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 1047, "height": 740})  # A4 landscape less the margins: 277 mm at 96 dpi
    for hidden in ["#row-form", ".sheet-actions", ".site-header", "#sheet-conventions", ".row-actions"]:
        expect(page.locator(hidden).first).to_be_hidden()
    expect(page.locator("#sheet-summary")).to_be_visible()
    expect(page.locator("#sheet")).to_be_visible()
    overflow = page.evaluate(
        "() => document.getElementById('sheet').scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the table is {overflow}px wider than an A4 landscape page"


def test_the_tools_hub_and_the_nav(page: Page, site_url: str):
    page.goto(f"{site_url}/tools.html")
    nav = page.locator(".site-nav")
    expect(nav.locator('a[aria-current="page"]')).to_have_attribute("href", "tools.html")
    expect(nav.get_by_role("link", name=re.compile("Agree the table|Rulings"))).to_have_count(0)
    for tool, href in [
        ("table-card", "table.html"),
        ("scoresheet", "scoresheet.html"),
        ("rulings", "rulings.html"),
        ("presenter", re.compile(r"calculator\.html#hand=.*&present=1")),
        ("lesson-maker", "calculator.html"),
    ]:
        link = page.locator(f"#tool-{tool} h2 a")
        expect(link).to_have_attribute("href", href)
        expect(page.locator(f"#tool-{tool} p").first).not_to_be_empty()
    for href in ["table.html", "scoresheet.html", "rulings.html"]:
        page.goto(f"{site_url}/{href}")
        expect(page.locator(".site-nav a[aria-current]")).to_have_attribute("href", "tools.html")
        expect(page.locator(".site-nav a[aria-current]")).to_have_attribute("aria-current", "true")
    page.goto(f"{site_url}/tools.html")
    page.locator("#tool-presenter h2 a").click()
    expect(page.locator("[data-presenter]")).to_be_visible(timeout=BOOT_MS)


def test_a_sheet_exported_as_a_file_is_imported_whole_in_another_browser(page: Page, site_url: str, browser, tmp_path):
    open_sheet(page, f"{site_url}/scoresheet.html#rules=jiujiang&table.base=2")
    for number, row in enumerate(JIUJIANG_ROWS[:3], start=1):
        add_row(page, row, number)
    with page.expect_download() as info:
        page.locator("#export-sheet").click()
    exported = tmp_path / "sheet.json"
    info.value.save_as(exported)
    shown = page_rows(page)

    other = browser.new_context()  # another device: nothing stored
    try:
        fresh = other.new_page()
        open_sheet(fresh, f"{site_url}/scoresheet.html")
        fresh.locator("#import-sheet").set_input_files(str(exported))
        expect(fresh.locator("#sheet tbody tr[data-row]")).to_have_count(3)
        assert page_rows(fresh) == shown == engine_rows(settled("jiujiang", JIUJIANG_ROWS[:3], table={"base": 2}))
        fresh.reload()
        wait_for_engine(fresh)
        assert page_rows(fresh) == shown
    finally:
        other.close()


def test_a_hand_the_full_storage_refuses_is_reported_and_never_shown_as_kept(page: Page, site_url: str):
    open_sheet(page, f"{site_url}/scoresheet.html#rules=jiujiang")
    add_row(page, JIUJIANG_ROWS[0], 1)
    fill_storage(page)  # the browser's real storage, to its quota
    fill_row(page, JIUJIANG_ROWS[1])
    page.locator("#row-submit").click()
    expect(page.locator("#sheet-problem")).to_contain_text("could not be saved")
    expect(page.locator("#sheet tbody tr[data-row]")).to_have_count(1)  # not shown as recorded
    expect(page.locator("#row-hand")).to_have_value(JIUJIANG_ROWS[1]["hand"])  # what was entered is still there
    free_storage(page)
    page.locator("#row-submit").click()  # with room again it is kept
    expect(page.locator("#sheet tbody tr[data-row]")).to_have_count(2)
    page.reload()
    wait_for_engine(page)
    assert stored_rows(page) == JIUJIANG_ROWS[:2]


GROUPED = "123456789p234p55p"  # as a player types it: a run, a chow, the pair
SPACED = "123m  456p 789s 234s 55s"  # spaces between the groups


def test_a_hand_is_shown_as_it_was_typed_not_redrawn(page: Page, site_url: str):
    """The engine writes a hand canonically (GROUPED as 1223344556789p5p), which is harder to read back than what
    the player typed: the row shows the typed hand, its grouping kept, in the page and in the CSV; a stored row
    from before shows alike, and a row without tiles shows none."""
    typed = [
        {"dealer": 0, "winner": 0, "self_drawn": True, "hand": GROUPED},
        {"dealer": 0, "winner": 2, "discarder": 1, "hand": SPACED},
        {"dealer": 1, "winner": 1, "discarder": 3, "pattern_fan": 1, "multipliers": {"dealer": True}},
    ]
    result = settled("jiujiang", typed)
    assert result["rows"][0]["hand"] != GROUPED, "the engine's form differs, or this test shows nothing"
    open_sheet(page, f"{site_url}/scoresheet.html#rules=jiujiang")
    for number, row in enumerate(typed, start=1):
        add_row(page, row, number)
    cells = page.locator("#sheet tbody td.hand-text")
    expect(cells).to_have_text([GROUPED, "123m 456p 789s 234s 55s", "—"])
    assert page_rows(page) == engine_rows(result)
    # On a phone the column wraps a hand between its groups, never inside one (123456789p stays on one line).
    page.set_viewport_size({"width": 360, "height": 740})
    groups = page.locator("#sheet tbody td.hand-text").first.evaluate("""(cell) => [...cell.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => {
            const range = document.createRange();
            range.selectNodeContents(node);
            return [node.data, range.getClientRects().length];
        })""")
    assert groups == [["123456789p", 1], ["234p", 1], ["55p", 1]]
    lines = list(csv.reader(io.StringIO(download_csv(page))))
    assert [line[4] for line in lines[1:-1]] == [GROUPED, "123m 456p 789s 234s 55s", ""]

    # A sheet kept before (version 1, the rows as settle reads them) shows its hands as they were typed too.
    stored = {
        "schema": "suanfan-scoresheet",
        "version": 1,
        "conventions": {"rules": "jiujiang"},
        "players": ["", "", "", ""],
        "rows": [{"dealer": 0, "winner": 0, "self_drawn": True, "hand": GROUPED}],
    }
    page.evaluate("(text) => localStorage.setItem('suanfan.scoresheet', text)", json.dumps(stored))
    page.reload()
    wait_for_engine(page)
    expect(page.locator("#sheet tbody td.hand-text")).to_have_text([GROUPED])
    assert stored_rows(page) == stored["rows"]


def placeholder_room(page: Page, selector: str) -> dict:
    """The placeholder's text, its width in the box's font, and the width the box has for it (less the spinner a
    number box shows on hover)."""
    return page.evaluate(
        """(selector) => {
        const box = document.querySelector(selector);
        const style = getComputedStyle(box);
        const context = document.createElement("canvas").getContext("2d");
        context.font = style.font;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        return { text: box.placeholder, width: context.measureText(box.placeholder).width, room };
    }""",
        selector,
    )


def test_a_number_left_out_says_so_in_full_on_a_phone(page: Page, site_url: str):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{site_url}/scoresheet.html#rules=jiujiang")
    box = '#row-form input[name="pattern_fan"]'
    expect(page.locator(box)).to_be_visible()
    for lang, words in [("both", "没记 not written"), ("zh", "没记"), ("en", "not written")]:
        page.locator(f'[data-set-lang="{lang}"]').first.click()
        shown = placeholder_room(page, box)
        assert shown["text"] == words
        assert shown["width"] <= shown["room"], f"{lang}: {shown}"
    page.goto(f"{site_url}/scoresheet.html#rules=gb")
    gb_box = '#row-form input[name="points"]'
    expect(page.locator(gb_box)).to_be_visible()
    page.locator('[data-set-lang="both"]').first.click()
    shown = placeholder_room(page, gb_box)
    assert shown["width"] <= shown["room"], shown


def sheet_file(tmp_path, conventions: dict, rows_text: str) -> str:
    """A sheet file as another device (or a hand) might write it: the rows as JSON text, so a `__proto__` key is an
    own key of the row, as JSON.parse makes it."""
    path = tmp_path / "evening.json"
    path.write_text(
        '{"schema": "suanfan-scoresheet", "version": 1, "conventions": %s, '
        '"players": ["A", "B", "C", "D"], "rows": %s}' % (json.dumps(conventions), rows_text),
        encoding="utf-8",
    )
    return str(path)


def test_a_file_whose_conventions_do_not_read_shows_every_row_and_still_exports(page: Page, site_url: str, tmp_path):
    """Issue 22: an unknown convention key hid every row and left "Export CSV" doing nothing. Now each row is shown,
    marked, the problem names the file it came from, and the CSV has every row."""
    open_sheet(page, f"{site_url}/scoresheet.html")
    rows = json.dumps(JIUJIANG_ROWS[:3])
    page.locator("#import-sheet").set_input_files(
        sheet_file(tmp_path, {"rules": "jiujiang", "table": {"nonsense": 1}}, rows)
    )
    expect(page.locator("#sheet tbody tr[data-row]")).to_have_count(3)
    problem = page.locator("#sheet tbody tr.sheet-problem")
    expect(problem).to_contain_text("evening.json")
    expect(problem).to_contain_text("table.nonsense")
    with page.expect_download() as info:
        page.locator("#export-csv").click()
    text = open(info.value.path(), encoding="utf-8-sig").read()
    assert len(list(csv.reader(io.StringIO(text)))) == 1 + 3 + 1  # header, the three rows, the totals


def test_a_row_with_a_prototype_key_is_marked_and_the_others_are_settled(page: Page, site_url: str, tmp_path):
    open_sheet(page, f"{site_url}/scoresheet.html")
    good = [json.dumps(row) for row in JIUJIANG_ROWS[:3]]
    poisoned = '{"__proto__": {"ok": true}, "dealer": 0, "winner": 0, "self_drawn": true, "hand": "%s"}' % BASIC
    page.locator("#import-sheet").set_input_files(
        sheet_file(tmp_path, {"rules": "jiujiang"}, "[" + ", ".join([good[0], poisoned, good[1], good[2]]) + "]")
    )
    expect(page.locator("#sheet tbody tr[data-row]")).to_have_count(4)
    marked = page.locator('#sheet tbody tr[data-row="2"]')
    expect(marked).to_have_attribute("data-ok", "0")
    expect(marked.locator("[data-error]")).to_have_attribute("data-error", "request_key_refused")
    expect(marked).not_to_contain_text("link")
    expected = settled("jiujiang", [JIUJIANG_ROWS[0], JIUJIANG_ROWS[1], JIUJIANG_ROWS[2]])
    scores = [
        page.locator(f'#sheet tbody tr[data-row="{n}"] [data-score]').get_attribute("data-score") for n in (1, 3, 4)
    ]
    assert scores == [str(row.get("total", "")) for row in expected["rows"]]
