"""Pages that need the engine from their first moment start its worker from the top of <head> (engine-start.js, an
async classic script: run as soon as it arrives, while the page waits for its stylesheets, holding nothing back);
the engine the page's own script creates takes that worker (engine.js)."""

import re

import pytest

STARTS_ENGINE = ("calculator.html", "practice.html", "scoresheet.html", "show.html", "worksheet.html")
START = '<script async src="static/js/engine-start.js"></script>'


def head_of(page) -> str:
    return page.read_text(encoding="utf-8").split("</head>", 1)[0]


@pytest.mark.parametrize("page_name", STARTS_ENGINE)
def test_the_page_starts_the_engine_from_the_top_of_its_head(built_dist, page_name):
    head = head_of(built_dist / page_name)
    assert head.count("engine-start.js") == 1 and head.count(START) == 1
    # before every stylesheet and script of the page: it is asked for first and runs as soon as it is there
    start = head.index(START)
    assert all(
        m.start() > start
        for m in re.finditer(r'<link rel="(stylesheet|modulepreload)"|<script ', head)
        if m.start() != start
    )


def test_the_head_script_imports_nothing_and_hands_its_worker_over_by_one_name(built_dist):
    """A classic script (an `import` would be a syntax error there); engine.js takes what it leaves."""
    start = (built_dist / "static" / "js" / "engine-start.js").read_text(encoding="utf-8")
    assert not re.search(r"^\s*(import|export)\s", start, re.MULTILINE)
    engine = (built_dist / "static" / "js" / "engine.js").read_text(encoding="utf-8")
    (key,) = set(re.findall(r'"(suanfanEarlyWorker)"', start))
    assert f'"{key}"' in engine


def test_pages_that_start_no_engine_load_none_of_it(built_dist):
    for name in ("index.html", "lessons/jiujiang/01-ping-hu.html", "tools.html"):
        head = head_of(built_dist / name)
        assert "engine-start.js" not in head and "modulepreload" not in head, name
