"""Render the static site: Jinja2 templates from web/templates into dist/, static files copied alongside.

Every page comes from one list (pages.Page: path, template, context) that each page source adds to: the plain
templates here (those whose names start with `_` are partials: layouts, macros, the lessons' page templates),
the lessons' outline and pages (course.lesson_pages), the Guobiao reference pages (course.guobiao).
pages.write_pages renders and writes them all.

StrictUndefined makes a typo in a template fail the build instead of printing nothing.
Besides the pages it writes the generated assets: the tile sprite (static/tiles.svg), the tile names
as an ES module for tiles.js (static/js/tile-names.js) and a favicon drawn from the same art.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import jinja2

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import tileart  # noqa: E402  (web/ is not a package; the line above makes it importable from build.py)
from pages import Page, write_pages  # noqa: E402


def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(WEB / "templates"),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _engine():
    """The scoring engine, from the environment or else from the source tree (it is pure Python)."""
    try:
        import suanfan.jiujiang  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(ROOT / "engine"))
    from suanfan import jiujiang, rulesets
    from suanfan.gb import profiles
    return jiujiang, rulesets, profiles


def variant_fields(profiles, rules: str) -> list[dict]:
    """The Guobiao switches of one profile as form fields: name, labels, kind, the profile's default, options."""
    fields = []
    for switch in profiles.SWITCHES:
        if rules not in switch.defaults:
            continue
        default = switch.defaults[rules]
        if isinstance(default, bool):
            kind = "bool"
        elif isinstance(default, int):
            kind = "int_choice"
        else:
            kind = "choice"
        sources = "; ".join(f"{'on' if v is True else 'off' if v is False else v}: {src}"
                            for v, src in switch.sources.items())
        fields.append({
            "name": f"variants.{switch.key}", "zh": switch.zh, "en": switch.en, "kind": kind,
            "default": default, "sources": sources,
            "options": [(value, str(value), switch.sources.get(value, "")) for value in switch.choices],
        })
    return fields


def site_context() -> dict:
    """What every page may use: tile names, and the engine's rule sets with their defaults for the forms."""
    jiujiang, rulesets, profiles = _engine()
    situation = jiujiang.Situation()
    return {
        "tile_names": tileart.names(),
        "rulesets_available": sorted(rulesets.RULESETS),
        "variant_fields": {rules: variant_fields(profiles, rules) for rules in rulesets.RULESETS},
        "jiujiang_defaults": {
            "table": jiujiang.Table().to_dict(),
            "situation": {k: getattr(situation, k) for k in situation.__dataclass_fields__},
            "names": jiujiang.TABLE_NAMES,
            "choices": {key: [(value, zh, en) for value, (zh, en) in options.items()]
                        for key, options in jiujiang.CHOICE_NAMES.items()},
        },
    }


def write_generated_assets(static_dist: Path) -> None:
    (static_dist / "js").mkdir(parents=True, exist_ok=True)
    (static_dist / "tiles.svg").write_text(tileart.sprite(), encoding="utf-8")
    (static_dist / "js" / "tile-names.js").write_text(tileart.names_module(), encoding="utf-8")
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
    # Imported after site_context(), which makes the engine importable: the courses check their examples with it.
    from course.guobiao import guobiao_pages
    from course.lesson_pages import lesson_pages, nav_context
    shared.update(nav_context())
    pages = template_pages() + lesson_pages() + guobiao_pages()
    written = write_pages(env, dist, pages, shared)
    static = WEB / "static"
    if static.exists():
        shutil.copytree(static, dist / "static", dirs_exist_ok=True)
    write_generated_assets(dist / "static")
    return written
