"""Render the static site: Jinja2 templates from web/templates into dist/, static files copied alongside.

Every page comes from one list (pages.Page: path, template, context) that each page source adds to: the plain
templates here (those whose names start with `_` are partials: layouts, macros, the lessons' page templates),
the lessons' outline and pages (course.lesson_pages), the Guobiao reference pages (course.guobiao), the practice
page (practice_page), the worksheet (worksheet_page) and the rulings list (course.rulings).
pages.write_pages renders and writes them all.

StrictUndefined makes a typo in a template fail the build instead of printing nothing.
Besides the pages it writes the generated assets: the tile sprite (static/tiles.svg), the tile names
and the site's words as an ES module for the scripts (static/js/glossary.js), the scripts' own messages
(static/js/messages.js), the notation's constants for the
page's reader (static/js/notation-rules.js), a favicon and app icons drawn from
the same art, and the web app manifest (manifest.webmanifest).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jinja2

# The site's Content-Security-Policy is kept with the servers that also send it (buildkit/csp.py).
from buildkit.csp import PAGE_POLICY
from suanfan.api import glossary, notation_facts
from web import forms, hant, notation_guide, tileart, words
from web.course import bilingual, guobiao, wording
from web.course.lesson_pages import checked_courses, course_paths, lesson_pages, nav_context
from web.course.rulings import checked_rulings, link_context, rulings_pages
from web.pages import Page, write_pages
from web.practice_page import practice_link, practice_pages, topic_kinds, topic_pages
from web.worksheet_page import worksheet_link, worksheet_pages

# web/ is a package (imported as web.…) run from the checkout's root; the engine comes from .venv or, when the
# build runs it, from the checkout's engine/ first on PYTHONPATH (buildkit/site.py).
WEB = Path(__file__).resolve().parent


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
    env.globals.update(
        # the templates' own messages (extracted from them by buildkit/catalogues.py): each returns a text
        _=lambda msgid, /, **values: words.SITE.text(msgid, **values),
        pgettext=lambda context, msgid, /, **values: words.SITE.text(msgid, context, **values),
        ngettext=lambda one, many, count, /, **values: words.SITE.plural(one, many, count, **values),
        say=words.say,
        default_json=forms.default_json,
        tile_names=labels["tiles"],
        meld_names=labels["melds"],
        row_status=labels["row_status"],
        practice_link=practice_link,
        topic_kinds=topic_kinds,
        worksheet_link=worksheet_link,
        item_names=bilingual.item_names(),
        hant_twin=hant.twin,  # the Traditional a .zh element gets a .zh-hant twin for, or "" (the same text)
        words_attr=hant.attribute,  # words_attr("aria-label", text): the attribute and its data-hant- Traditional
        hant_attr=hant.hant_attribute,  # only the data-hant-… one (a <title>'s text: "text")
    )
    env.filters["both"] = lambda text: f"{text['zh']} {text['en']}"  # a text in a <title>: "中文 English"
    env.filters["en_names"] = bilingual.english_markup  # English text with its Chinese names marked (name-zh)
    return env


def site_context() -> dict:
    """What every page may use beyond the environment's globals: the calculator's form as the rule sets describe
    themselves, the minimum a win must reach where a rule set has one (words that state it are filled from it),
    and the Content-Security-Policy every page's <meta> carries."""
    return {
        "calculator_form": forms.calculator_form(),
        "minimum_points": forms.minimum_points(),
        "content_security_policy": PAGE_POLICY,
    }


# The web app manifest: the site can be added to a phone's home screen and opens as an app of its own.
MANIFEST = {
    "name": "算番 Suanfan",
    "short_name": "算番",
    "description": "学算麻将番数(九江麻将、国标麻将),离线也能练。Learn to score mahjong hands, offline too.",
    "lang": "zh-Hans",
    "start_url": "./index.html",
    "scope": "./",
    "display": "standalone",
    "background_color": "#f6f2e8",
    "theme_color": "#1f6f57",
    "icons": [
        {"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        {"src": "static/icon-maskable.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "maskable"},
    ],
}


def notation_rules_module() -> str:
    """static/js/notation-rules.js: the notation's constants as the engine holds them, for the page's reader
    (static/js/notation.js reads hands as the engine does before the engine has loaded)."""
    body = json.dumps(notation_facts(), ensure_ascii=False, sort_keys=True, indent=0)
    return (
        "// Written by the build from engine/suanfan/notation.py (notation.facts()): its letters, meld digits,\n"
        "// limits and error codes, for static/js/notation.js.\n"
        f"export const NOTATION = {body};\n"
    )


def write_generated_assets(dist: Path) -> None:
    static_dist = dist / "static"
    (static_dist / "js").mkdir(parents=True, exist_ok=True)
    (static_dist / "tiles.svg").write_text(tileart.sprite(), encoding="utf-8")
    (static_dist / "js" / "glossary.js").write_text(words.glossary_module(), encoding="utf-8")
    (static_dist / "js" / "messages.js").write_text(words.messages_module(), encoding="utf-8")
    (static_dist / "js" / "notation-rules.js").write_text(notation_rules_module(), encoding="utf-8")
    (static_dist / "favicon.svg").write_text(tileart.standalone("C"), encoding="utf-8")
    (static_dist / "icon.svg").write_text(tileart.app_icon(), encoding="utf-8")
    (static_dist / "icon-maskable.svg").write_text(tileart.app_icon(maskable=True), encoding="utf-8")
    (dist / "manifest.webmanifest").write_text(json.dumps(MANIFEST, ensure_ascii=False, indent=1), encoding="utf-8")


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

    The courses and the rulings are checked with the engine before any page is written: a lesson or a ruling
    that does not check stops the build (SystemExit listing every problem), and so does a text that does not read
    right or says a term by another name than the engine's (course.wording)."""
    env = environment()
    shared = {**site_context(), **context}
    shared.update(nav_context())
    courses, gb = checked_courses(), guobiao.checked_course()
    shared["course_paths"] = course_paths(courses)
    shared["notation_rows"] = notation_guide.checked_rows()  # the home page's table, its hands scored
    rulings = checked_rulings(courses)
    problems = wording.site_problems(courses, gb, rulings)
    if problems:
        raise SystemExit(
            "wording: the build stops, these texts do not read right:\n" + "\n".join("  " + p for p in problems)
        )
    shared.update(link_context(rulings))
    pages = (
        template_pages()
        + lesson_pages(courses, topic_pages(courses, gb))
        + guobiao.guobiao_pages(gb)
        + practice_pages(courses, gb)
        + worksheet_pages(courses, gb)
        + rulings_pages(rulings, courses, gb)
    )
    written = write_pages(env, dist, pages, shared)
    static = WEB / "static"
    if static.exists():
        shutil.copytree(static, dist / "static", dirs_exist_ok=True)
    write_generated_assets(dist)
    return written
