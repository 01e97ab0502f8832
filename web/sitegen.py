"""Render the static site: Jinja2 templates from web/templates into dist/, static files copied alongside.

Every page comes from one list (pages.Page: path, template, context) that each page source adds to: the plain
templates here (those whose names start with `_` are partials: layouts, macros, the lessons' page templates),
the lessons' outline and pages (course.lesson_pages), the Guobiao reference pages (course.guobiao).
pages.write_pages renders and writes them all.

StrictUndefined makes a typo in a template fail the build instead of printing nothing.
Besides the pages it writes the generated assets: the tile sprite (static/tiles.svg), the tile names
and the site's words as an ES module for the scripts (static/js/glossary.js) and a favicon drawn from the same
art.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import jinja2

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent
# web/ is not a package: its modules import each other by name. The engine is installed in .venv; from a bare
# checkout it is read from the source tree (it is pure Python).
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))
try:
    import suanfan  # noqa: F401
except ImportError:
    sys.path.append(str(ROOT / "engine"))

import forms  # noqa: E402
import tileart  # noqa: E402
import words  # noqa: E402
from course.guobiao import guobiao_pages  # noqa: E402
from course.lesson_pages import lesson_pages, nav_context  # noqa: E402
from pages import Page, write_pages  # noqa: E402
from suanfan import glossary  # noqa: E402


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(WEB / "templates"),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # The names and words every template and macro may use, whatever it was imported with.
    labels = glossary.labels()
    env.globals.update(say=words.say, default_json=forms.default_json, tile_names=labels["tiles"],
                       meld_names=labels["melds"], row_status=labels["row_status"])
    return env


def site_context() -> dict:
    """What every page may use beyond the environment's globals: the calculator's form as the rule sets describe
    themselves."""
    return {"calculator_form": forms.calculator_form()}


def write_generated_assets(static_dist: Path) -> None:
    (static_dist / "js").mkdir(parents=True, exist_ok=True)
    (static_dist / "tiles.svg").write_text(tileart.sprite(), encoding="utf-8")
    (static_dist / "js" / "glossary.js").write_text(words.glossary_module(), encoding="utf-8")
    (static_dist / "favicon.svg").write_text(tileart.standalone("C"), encoding="utf-8")


def template_pages() -> list[Page]:
    """Every template of web/templates that is not a partial, written at its own path."""
    pages = []
    for template in sorted((WEB / "templates").rglob("*.html")):
        relative = template.relative_to(WEB / "templates")
        if not any(part.startswith("_") for part in relative.parts):
            pages.append(Page(relative.as_posix(), relative.as_posix()))
    return pages


def build_site(dist: Path, context: dict) -> list[Path]:
    """Write every page into dist and copy web/static to dist/static. Returns the pages written.

    The courses are checked with the engine before any page is written: a lesson that does not check stops
    the build (SystemExit listing every problem)."""
    env = environment()
    shared = {**site_context(), **context}
    shared.update(nav_context())
    pages = template_pages() + lesson_pages() + guobiao_pages()
    written = write_pages(env, dist, pages, shared)
    static = WEB / "static"
    if static.exists():
        shutil.copytree(static, dist / "static", dirs_exist_ok=True)
    write_generated_assets(dist / "static")
    return written
