"""Render the static site: Jinja2 templates from web/templates into dist/, static files copied alongside.

Templates whose names start with `_` are partials (layouts, macros) and are not written out.
StrictUndefined makes a typo in a template fail the build instead of printing nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import jinja2

WEB = Path(__file__).resolve().parent


def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(WEB / "templates"),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def build_site(dist: Path, context: dict) -> list[Path]:
    """Write every page into dist and copy web/static to dist/static. Returns the pages written."""
    env = environment()
    written = []
    for template in sorted((WEB / "templates").rglob("*.html")):
        relative = template.relative_to(WEB / "templates")
        if any(part.startswith("_") for part in relative.parts):
            continue
        html = env.get_template(relative.as_posix()).render(**context, page=relative.as_posix())
        out = dist / relative
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(html, encoding="utf-8")
        written.append(out)
    static = WEB / "static"
    if static.exists():
        shutil.copytree(static, dist / "static", dirs_exist_ok=True)
    return written
