"""Render the static site: Jinja2 templates from web/templates into dist/, static files copied alongside.

Templates whose names start with `_` are partials (layouts, macros) and are not written out.
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
from suanfan import glossary  # noqa: E402


def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(WEB / "templates"),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def site_context() -> dict:
    """What every page may use: tile names, and the calculator's form as the rule sets describe themselves."""
    return {
        "tile_names": tileart.names(),
        "calculator_form": forms.calculator_form(),
        "default_json": forms.default_json,
        "say": words.say,
        "row_status": glossary.labels()["row_status"],
    }


def write_generated_assets(static_dist: Path) -> None:
    (static_dist / "js").mkdir(parents=True, exist_ok=True)
    (static_dist / "tiles.svg").write_text(tileart.sprite(), encoding="utf-8")
    (static_dist / "js" / "glossary.js").write_text(words.glossary_module(), encoding="utf-8")
    (static_dist / "favicon.svg").write_text(tileart.standalone("C"), encoding="utf-8")


def build_site(dist: Path, context: dict) -> list[Path]:
    """Write every page into dist and copy web/static to dist/static. Returns the pages written."""
    env = environment()
    shared = {**site_context(), **context}
    import lessons  # after site_context(), which makes the engine importable; lessons check their examples with it
    shared.update(lessons.nav_context())
    written = []
    for template in sorted((WEB / "templates").rglob("*.html")):
        relative = template.relative_to(WEB / "templates")
        if any(part.startswith("_") for part in relative.parts):
            continue
        page = relative.as_posix()
        root = "../" * (len(relative.parts) - 1)   # links and assets are relative: the site may live in a subfolder
        html = env.get_template(page).render(**shared, page=page, root=root)
        out = dist / relative
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(html, encoding="utf-8")
        written.append(out)
    written += lessons.build_pages(env, dist, shared)   # lessons/*/: one page per lesson file, and the outline
    static = WEB / "static"
    if static.exists():
        shutil.copytree(static, dist / "static", dirs_exist_ok=True)
    write_generated_assets(dist / "static")
    return written
