"""The site's pages as one list, and the one writer that renders and writes them.

Every page source (the plain templates, the lesson outline and lessons, the Guobiao reference pages) returns
`Page`s; sitegen.build_site puts them in one list and hands it to `write_pages`, so every page is rendered
the same way: the shared context, then the page's own, then `page` (its path) and `root` (the way back
to the site's root from it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import jinja2


@dataclass(frozen=True)
class Page:
    path: str  # where it goes, relative to dist/, with forward slashes: "lessons/jiujiang/01-ping-hu.html"
    template: str  # the Jinja2 template that draws it, relative to web/templates
    context: dict = field(default_factory=dict)  # what this page adds to the shared context

    @property
    def root(self) -> str:
        """ "../" once per folder the page is in: links and assets are relative, so the site may live in a subfolder."""
        return "../" * self.path.count("/")


def render_page(env: jinja2.Environment, page: Page, shared: dict) -> str:
    return env.get_template(page.template).render(**shared, **page.context, page=page.path, root=page.root)


def write_pages(env: jinja2.Environment, dist: Path, pages: list[Page], shared: dict) -> list[Path]:
    """Render every page into dist, in the order given; returns the files written."""
    written = []
    for page in pages:
        out = Path(dist) / page.path
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(render_page(env, page, shared), encoding="utf-8")
        written.append(out)
    return written
