"""Pages that need the engine from their first moment start it from <head> (engine-start.js, an async module) and
ask for every module it imports at once (modulepreload), so the engine's worker starts while the page is still
being read; the page's own script takes that same engine (engine.js, pageEngine)."""

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
    assert "engine.js" in needed
    assert needed <= preloaded


def test_pages_that_start_no_engine_load_none_of_it(built_dist):
    for name in ("index.html", "lessons/jiujiang/01-ping-hu.html", "tools.html"):
        head = head_of(built_dist / name)
        assert "engine-start.js" not in head and "modulepreload" not in head, name
