"""Pages that need the engine from their first moment start its worker from <head> (engine-start.js, an async
module) and ask for every module it imports at once (modulepreload), so the worker starts while the page is still
being read; the engine the page's own script creates takes that worker (engine.js, early-worker.js)."""

import re

import pytest

STARTS_ENGINE = ("calculator.html", "practice.html", "scoresheet.html", "show.html")
IMPORT = re.compile(r'^import\s[^;]*?from\s+"\./([\w.-]+\.js)";', re.MULTILINE)


def head_of(page) -> str:
    return page.read_text(encoding="utf-8").split("</head>", 1)[0]


def imported_by(js_dir, entry: str) -> set[str]:
    """Every module entry imports statically, read from the built files themselves."""
    seen, pending = set(), [entry]
    while pending:
        for name in IMPORT.findall((js_dir / pending.pop()).read_text(encoding="utf-8")):
            if name not in seen:
                seen.add(name)
                pending.append(name)
    return seen


@pytest.mark.parametrize("page_name", STARTS_ENGINE)
def test_the_page_starts_the_engine_and_preloads_what_that_imports(built_dist, page_name):
    head = head_of(built_dist / page_name)
    assert '<script type="module" async src="static/js/engine-start.js"></script>' in head
    preloaded = set(re.findall(r'<link rel="modulepreload" href="static/js/([\w.-]+\.js)">', head))
    needed = imported_by(built_dist / "static" / "js", "engine-start.js")
    # Only the small hand-over module: engine.js and what it imports would hold the worker back until they arrived.
    assert needed == {"early-worker.js"}
    assert needed <= preloaded


def test_pages_that_start_no_engine_load_none_of_it(built_dist):
    for name in ("index.html", "lessons/jiujiang/01-ping-hu.html", "tools.html"):
        head = head_of(built_dist / name)
        assert "engine-start.js" not in head and "modulepreload" not in head, name
