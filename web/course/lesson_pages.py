"""The lessons' pages: the outline of every course under lessons/ and one page per lesson file.

`checked_courses` reads and checks every course with the engine first, so a lesson that does not check stops the
build before any page is written.
"""

from __future__ import annotations

import json
from pathlib import Path

from web import forms
from web.course.checking import verify
from web.course.files import LESSONS, Course, Lesson, LessonError, load_courses
from web.course.views import lesson_view
from web.pages import Page

OUTLINE_PAGE = "lessons/index.html"


def nav_context() -> dict:
    """What every page needs to link to the lessons (the nav of _base.html shows 课程 when this is set)."""
    return {"lessons_url": OUTLINE_PAGE}


def lesson_page(lesson: Lesson) -> str:
    return f"lessons/{lesson.course}/{lesson.slug}.html"


def checked_courses(root: Path = LESSONS) -> list[Course]:
    """Every course under root, checked with the engine. A lesson that does not check stops the build with the
    problems listed (SystemExit, no traceback)."""
    try:
        return [verify(course) for course in load_courses(root)]
    except LessonError as err:
        raise SystemExit(
            "lessons: the build stops, these lesson files do not check:\n" + "\n".join("  " + p for p in err.problems)
        ) from None


def lesson_pages(courses: list[Course], links: dict[str, dict[str, str]] | None = None) -> list[Page]:
    """The outline, then each course's lessons in order (the courses checked: checked_courses). links: rules ->
    topic -> the page that teaches it (practice_page.topic_pages), for the checks' "learn this"."""
    pages = [Page(OUTLINE_PAGE, "lessons/_outline.html", {"courses": courses, "lesson_page": lesson_page})]
    for course in courses:
        kinds = {
            k["key"]: {"zh": k["zh"], "en": k["en"], "zh_hant": k.get("zh_hant")}
            for k in forms.description(course.rules)["practice"]["kinds"]
        }
        shared = {
            "lesson_page": lesson_page,
            "check_kinds_json": json.dumps(kinds, ensure_ascii=False),
            "check_links_json": json.dumps(
                {course.rules: (links or {}).get(course.rules, {})}, ensure_ascii=False
            ).replace("<", "\\u003c"),
        }
        pages.extend(
            Page(lesson_page(lesson), "lessons/_lesson.html", {**lesson_view(lesson, course), **shared})
            for lesson in course.lessons
        )
    return pages


def course_paths(courses: list[Course]) -> list[dict]:
    """Each course's way through, for the home page's "Start here" and "Continue": its lessons in order."""
    return [
        {
            "slug": c.slug,
            "title": c.title,
            "title_en": c.title_en,
            "rules": c.rules,
            "lessons": [
                {"key": lesson.key, "href": lesson_page(lesson), "title": lesson.title, "title_en": lesson.title_en}
                for lesson in c.lessons
            ],
        }
        for c in courses
    ]
