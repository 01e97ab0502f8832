"""The worksheet page (worksheet.html): a printable sheet of practice questions with its answer key, and the links
to it (`worksheet_link`: from a lesson, practice and the calculator's lesson maker).

Like practice, the page draws only its frame at build time: its questions come from the engine in the browser, from
the address (`#rules=R&kind=K&topic=T&seed=N&count=C`, the practice page's keys), so the same address prints the same
sheet. It needs the same data as practice (the rule sets' practice parts and conventions), which it is given.
"""

from __future__ import annotations

from urllib.parse import quote

from web.course.files import Course
from web.course.guobiao import GbCourse
from web.pages import Page
from web.practice_page import data_json, page_data

PAGE = "worksheet.html"


def worksheet_link(rules: str, topic: str | None = None) -> str:
    """The worksheet on one topic (relative to the site's root); its seed is chosen, and written in, by the page."""
    link = f"{PAGE}#rules={quote(rules, safe='')}"
    return f"{link}&topic={quote(topic, safe='')}" if topic else link


def worksheet_pages(courses: list[Course], gb: GbCourse | None) -> list[Page]:
    data = page_data(courses, gb)
    return [Page(PAGE, "_worksheet.html", {"worksheet": data, "worksheet_json": data_json(data)})]
