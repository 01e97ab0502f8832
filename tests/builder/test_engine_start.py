"""Pages that need the engine from their first moment start its worker from <head> (engine-start.js, a classic
script run before the body is parsed), ask for that script beside their stylesheets, and hold no stylesheet back
behind it; the engine the page's own script creates takes that worker (engine.js)."""

import re

import pytest

STARTS_ENGINE = ("calculator.html", "practice.html", "scoresheet.html", "show.html")
START = '<script src="static/js/engine-start.js"></script>'
PRELOAD = '<link rel="preload" href="static/js/engine-start.js" as="script">'


def head_of(page) -> str:
    return page.read_text(encoding="utf-8").split("</head>", 1)[0]


@pytest.mark.parametrize("page_name", STARTS_ENGINE)
def test_the_page_starts_the_engine_from_its_head_without_holding_back_a_stylesheet(built_dist, page_name):
    head = head_of(built_dist / page_name)
    assert head.count(START) == 1 and head.count(PRELOAD) == 1
    # Chromium finds what follows a classic script only once it has run: every stylesheet (and the preload of
    # the script itself) comes before it, with lang.js, so they are all fetched at once.
    start = head.index(START)
    assert head.index(PRELOAD) < start
    assert all(m.start() < start for m in re.finditer(r'<link rel="stylesheet"', head))
    assert head.index('<script src="static/js/lang.js"></script>') < start


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
