"""Every built page has a title of its own, in each language: a tab, a bookmark or a search result names one page,
not a lesson and the reference page on the same ground (nor a heading that is another page's). The title is
"<Chinese> <English> · 算番 Suanfan"; the language switch may show either half alone, so each half must be unique."""

from __future__ import annotations

import html
import re
from collections import defaultdict

SITE_SUFFIX = " · 算番 Suanfan"


def site_pages(dist):
    return sorted(p for p in dist.rglob("*.html") if "pyodide" not in p.relative_to(dist).parts)


def text_of(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def title_of(page) -> str:
    head = page.read_text(encoding="utf-8").split("</head>", 1)[0]  # the tiles' <svg><title>s are in the body
    (title,) = re.findall(r"<title[^>]*>(.*?)</title>", head, re.S)  # its Traditional may sit beside it
    return text_of(title)


def halves(title: str) -> tuple[str, str]:
    """The Chinese half and the English half: the English starts at the first Latin letter."""
    assert title.endswith(SITE_SUFFIX), title
    own = title[: -len(SITE_SUFFIX)]
    split = re.search(r"[A-Za-z]", own)
    assert split and split.start() > 0, f"{title!r} has no Chinese and English"
    return own[: split.start()].strip(), own[split.start() :].strip()


def shared(names: dict[str, list[str]]) -> dict[str, list[str]]:
    return {name: pages for name, pages in names.items() if len(pages) > 1}


def test_no_two_pages_share_a_title(built_dist):
    pages = site_pages(built_dist)
    assert len(pages) > 30
    zh, en = defaultdict(list), defaultdict(list)
    for page in pages:
        name = page.relative_to(built_dist).as_posix()
        chinese, english = halves(title_of(page))
        zh[chinese].append(name)
        en[english.casefold()].append(name)
    assert shared(zh) == {}, "pages with the same Chinese title"
    assert shared(en) == {}, "pages with the same English title"


def test_no_two_pages_share_a_main_heading(built_dist):
    headings = defaultdict(list)
    for page in site_pages(built_dist):
        found = re.findall(r"<h1[^>]*>(.*?)</h1>", page.read_text(encoding="utf-8"), re.S)
        if found:
            headings[text_of(found[0])].append(page.relative_to(built_dist).as_posix())
    assert shared(headings) == {}
