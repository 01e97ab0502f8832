"""A class set as a room meets it in Chromium: three students on phones (three browser contexts at 360×740, offline
after the first load) answer a teacher's set, one counting 幺九刻 under the dragon pung; the teacher (1280×720)
opens one student's result link, pastes the three codes with a repeated and a mistyped one, and the report shows the
table, each question's share right and the common wrong answer's diagnosis; the CSV export reads back; the student's
result QR code decodes to the report's link with the code; a timed question left unanswered counts as none. Every
answer a student gives is worked out here from the engine's own answer (suanfan.api.handle with the same request)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

import pytest
from engine_boot import BOOT_MS
from learner_simulation import submit
from playwright.sync_api import Browser, Page, expect

from suanfan.api import handle

CACHE_MS = 180_000
EXCLUSION = "exclusion:dragon_pung>pung_of_terminals_or_honors"
PHONE = {"width": 360, "height": 740}


def question(request: dict) -> dict:
    result = handle({"action": "question", **request})
    assert result["ok"], result
    return result


def dragon_pung_seeds(count: int) -> list[int]:
    """Seeds of points questions whose dragon pung sets the 幺九刻 aside and that have no flowers: one more than the
    total is exactly the 幺九刻 counted again."""
    seeds = []
    for seed in range(400):
        tags = question({"rules": "gb", "kind": "points", "topic": "dragon_pung", "seed": seed})["question"]["tags"]
        if EXCLUSION in tags and "fan:flower_tiles" not in tags:
            seeds.append(seed)
        if len(seeds) == count:
            return seeds
    pytest.fail("too few dragon pung questions with the 幺九刻 set aside")


def set_fragment(page: Page, site_url: str, the_set: dict) -> str:
    page.goto(f"{site_url}/class.html")
    return page.evaluate("async (s) => (await import('./static/js/class-set.js')).encodeSet(s)", the_set)


def requests_of(the_set: dict) -> list[dict]:
    return [{"rules": the_set["rules"], **q} for q in the_set["questions"]]


def answer_the_set(browser: Browser, link: str, name: str, answers: list) -> tuple[str, Page]:
    """A student on a phone: opens the set once online, then answers it offline from the keyboard; -> the code and
    the page that shows it (its context is the caller's to close)."""
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(link)
        expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=CACHE_MS)
        context.set_offline(True)
        page.reload()
        expect(page.locator("[data-class-set]")).to_be_visible(timeout=BOOT_MS)
        expect(page.locator("#class-name")).to_be_focused()
        page.keyboard.type(name)
        page.keyboard.press("Enter")
        for index, (result, given) in enumerate(answers):
            host = page.locator(f'.class-question[data-index="{index}"]')
            expect(host).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
            assert json.loads(host.get_attribute("data-request")) == result["question"]["request"]
            if index == 1 and name.startswith("A"):  # a reload in the middle goes on where it stopped
                page.reload()
                expect(host).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
            submit(host, result, given)
            right = host.get_attribute("data-verdict") == "right"
            if not right:
                expect(host.locator(".diagnosis")).not_to_have_attribute("data-diagnosis", "pending", timeout=BOOT_MS)
                expect(host.locator(".retry")).to_have_count(0)  # the first answer is the one the code carries
                host.locator(".reveal").focus()
                page.keyboard.press("Enter")
            expect(host.locator(".next-question")).to_be_focused()
            page.keyboard.press("Enter")
        done = page.locator("[data-result-code]")
        expect(done).to_be_visible()
        return done.get_attribute("data-result-code"), page
    except Exception:
        context.close()
        raise


def test_a_class_answers_a_set_and_the_report_shows_what_it_got_wrong(browser: Browser, page: Page, site_url: str):
    seeds = dragon_pung_seeds(2)
    the_set = {
        "title": "第三周 Week 3",
        "code": "W3",
        "limit": 0,
        "rules": "gb",
        "conventions": {},
        "questions": [
            {"kind": "points", "topic": "dragon_pung", "seed": seeds[0]},
            {"kind": "declare", "topic": "mixed", "seed": 5},
            {"kind": "points", "topic": "dragon_pung", "seed": seeds[1]},
        ],
    }
    fragment = set_fragment(page, site_url, the_set)
    link = f"{site_url}/class.html#{fragment}"
    results = [question(r) for r in requests_of(the_set)]
    right = [r["answer"] for r in results]
    plans = {
        "A 1": right,  # all right
        "B 2": [right[0] + 1, right[1], right[2] + 1],  # 幺九刻 under the dragon pung, twice
        "=C 3": [right[0], not right[1], right[2]],
    }  # a name a spreadsheet would run                       # the declare question wrong
    codes, pages = {}, {}
    for name, plan in plans.items():
        codes[name], pages[name] = answer_the_set(browser, link, name, list(zip(results, plan)))

    # the student's result QR code is the report's link with the code in it
    student = pages["A 1"]
    decoded = student.evaluate("""async () => {
      const svg = document.querySelector('.class-result-qr svg');
      const image = new Image();
      image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new XMLSerializer().serializeToString(svg));
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 600;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0, 600, 600);
      const pixels = context.getImageData(0, 0, 600, 600);
      return globalThis.jsQR(pixels.data, 600, 600)?.data ?? null;
    }""")
    assert decoded is not None and decoded.startswith(f"{site_url}/class.html#")
    assert "report=1" in decoded and f"code={codes['A 1']}" in decoded
    photo = pages["=C 3"].locator(".class-result-qr svg").screenshot()  # as a teacher's phone would take it
    for p in pages.values():
        p.context.close()

    # the teacher: A's result link first, then every code pasted with A's again and a mistyped one
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("about:blank")
    page.goto(decoded)
    report = page.locator("[data-class-report]")
    expect(report.locator("tr[data-student]")).to_have_count(1, timeout=BOOT_MS)
    assert "code=" not in page.url  # merged once: a reload does not bring it again
    mistyped = codes["B 2"][:-3] + ("a" if codes["B 2"][-3] != "a" else "b") + codes["B 2"][-2:]
    page.locator("#report-codes").focus()
    page.keyboard.insert_text("\n".join([codes["A 1"], codes["B 2"], mistyped]))
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    rows = report.locator("tr[data-student]")
    expect(rows).to_have_count(2, timeout=BOOT_MS)
    expect(report.locator('.report-problem[data-error="result_duplicate"]')).to_contain_text("Line 1")
    expect(report.locator('.report-problem[data-error="result_checksum"]')).to_contain_text("Line 3")
    assert page.locator("#report-codes").input_value() == mistyped  # what was refused stays to be mended
    # C's code read from a photo of the QR code on C's phone (the browser's reader, or the site's own where none)
    page.locator("#report-photo").set_input_files(files=[{"name": "qr.png", "mimeType": "image/png", "buffer": photo}])
    expect(rows).to_have_count(3, timeout=BOOT_MS)
    expect(report.locator(".report-added")).to_contain_text("=C 3")

    for name, plan in plans.items():
        row = report.locator(f'tr[data-student="{name}"]')
        for i, (result, given) in enumerate(zip(results, plan)):
            verdict = "right" if given == result["answer"] else "wrong"
            expect(row.locator(f'td[data-question="{i + 1}"]')).to_have_attribute("data-verdict", verdict)
    first = report.locator('[data-question-summary="1"]')
    assert abs(float(first.get_attribute("data-share-right")) - 2 / 3) < 1e-3
    expect(first.locator(".report-common")).to_contain_text(f"{right[0] + 1}")
    expect(first.locator(".report-mistake")).to_contain_text("1 / 3")
    expect(first.locator(".report-mistake")).to_contain_text("幺九刻")
    assert abs(float(report.locator('[data-question-summary="2"]').get_attribute("data-share-right")) - 2 / 3) < 1e-3
    weak = [w.get_attribute("data-weakness") for w in report.locator("li[data-weakness]").all()]
    assert any("pung_of_terminals_or_honors" in tag for tag in weak[:2]), weak

    # kept on this device
    page.reload()
    expect(report.locator("tr[data-student]")).to_have_count(3, timeout=BOOT_MS)
    # a removal says so and offers its undo, which takes the focus: a second Enter brings the student back
    report.locator('tr[data-student="B 2"] .report-remove').focus()
    page.keyboard.press("Enter")
    expect(report.locator("tr[data-student]")).to_have_count(2)
    expect(report.locator(".report-undo")).to_be_focused()
    page.keyboard.press("Enter")
    expect(report.locator("tr[data-student]")).to_have_count(3)

    # the CSV reads back: a byte-order mark, the header in the language asked, a line per student
    for button, header in (("zh", "学生"), ("en", "Student")):
        with page.expect_download() as download:
            report.locator(f'.report-csv[data-lang="{button}"]').click()
        text = Path(download.value.path()).read_bytes().decode("utf-8")
        assert text.startswith("\ufeff")
        table = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
        assert table[0][0] == header and len(table) == 4
        by_name = {line[0]: line for line in table[1:]}
        assert by_name["A 1"][1] == "3" and by_name["B 2"][1] == "1" and by_name["'=C 3"][1] == "2"
        assert by_name["B 2"][3] == str(right[0] + 1) and by_name["B 2"][4] == "0"
    with page.expect_download() as download:
        report.locator(".report-json").click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert [s["name"] for s in exported["students"]] == list(plans)
    assert exported["students"][1]["verdicts"] == ["wrong", "right", "wrong"] and len(exported["codes"]) == 3


def test_the_report_prints_without_its_forms(page: Page, site_url: str, tmp_path: Path):
    the_set = {
        "title": "打印 Print",
        "code": "P1",
        "limit": 0,
        "rules": "gb",
        "conventions": {},
        "questions": [{"kind": "points", "topic": "mixed", "seed": 3}],
    }
    fragment = set_fragment(page, site_url, the_set)
    code = page.evaluate(
        """async ([fragment, name]) => {
      const S = await import('./static/js/class-set.js');
      const R = await import('./static/js/result-code.js');
      return R.encodeResult(S.decodeSet('#' + fragment).id, { name, answers: [1], seconds: [9] });
    }""",
        [fragment, "Printed Pupil"],
    )
    page.goto("about:blank")
    page.goto(f"{site_url}/class.html#{fragment}&report=1&code={code}")
    expect(page.locator("tr[data-student]")).to_have_count(1, timeout=BOOT_MS)
    pdf = tmp_path / "report.pdf"
    page.pdf(path=str(pdf), format="A4")
    text = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Printed Pupil" in text and "Class report" in text and "Question by question" in text
    assert "Add to the report" not in text and "Export CSV" not in text  # the forms are for the screen


def test_an_unreadable_report_is_set_aside_and_said(page: Page, site_url: str):
    fragment = set_fragment(
        page,
        site_url,
        {
            "title": "",
            "code": "",
            "limit": 0,
            "rules": "gb",
            "conventions": {},
            "questions": [{"kind": "points", "topic": "mixed", "seed": 1}],
        },
    )
    page.evaluate("localStorage.setItem('suanfan.class-reports', '{not json')")
    page.goto("about:blank")
    page.goto(f"{site_url}/class.html#{fragment}&report=1")
    expect(page.locator("#class-problem")).to_contain_text("suanfan.class-reports.set-aside.", timeout=BOOT_MS)
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('suanfan.class-reports.set-aside.'))")
    assert len(kept) == 1 and page.evaluate(f"localStorage.getItem('{kept[0]}')") == "{not json"
    expect(page.locator(".report-empty")).to_be_visible(timeout=BOOT_MS)


def test_a_timed_question_left_unanswered_counts_as_none(browser: Browser, page: Page, site_url: str):
    the_set = {
        "title": "",
        "code": "",
        "limit": 2,
        "rules": "jiujiang",
        "conventions": {},
        "questions": [
            {"kind": "points", "topic": "ping_hu", "seed": 1},
            {"kind": "points", "topic": "ping_hu", "seed": 2},
        ],
    }
    fragment = set_fragment(page, site_url, the_set)
    page.set_viewport_size(PHONE)
    page.goto("about:blank")
    page.goto(f"{site_url}/class.html#{fragment}")
    expect(page.locator("#class-name")).to_be_focused(timeout=BOOT_MS)
    page.keyboard.press("Enter")  # no name yet: said, and the box keeps the focus
    expect(page.locator("#class-name-problem")).to_contain_text("seat number")
    expect(page.locator("#class-name")).to_be_focused()
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    first = page.locator('.class-question[data-index="0"]')
    expect(first).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    expect(page.locator("#class-clock")).to_have_attribute("data-remaining", "0", timeout=10_000)
    expect(first).to_have_attribute("data-verdict", "wrong")
    expect(first.locator(".feedback")).to_contain_text("时间到")
    expect(first.locator(".next-question")).to_be_focused()
    page.keyboard.press("Enter")
    second = page.locator('.class-question[data-index="1"]')
    expect(second).to_have_attribute("data-state", "asking", timeout=BOOT_MS)
    result = question(requests_of(the_set)[1])
    submit(second, result, result["answer"])
    second.locator(".next-question").focus()
    page.keyboard.press("Enter")
    code = page.locator("[data-result-code]").get_attribute("data-result-code")
    decoded = page.evaluate(
        """async ([code, fragment]) => {
      const S = await import('./static/js/class-set.js');
      const R = await import('./static/js/result-code.js');
      const { id } = S.decodeSet('#' + fragment);
      return R.decodeResult(code, id, 2);
    }""",
        [code, fragment],
    )
    assert decoded["result"]["name"] == "7"
    assert decoded["result"]["answers"] == [None, result["answer"]]
    assert decoded["result"]["seconds"][0] == 2
    stored = json.loads(page.evaluate("localStorage.getItem('suanfan.progress')"))
    assert [r["mode"] for r in stored["reviews"]] == ["class", "class"]
