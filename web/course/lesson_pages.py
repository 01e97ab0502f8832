"""The lessons' pages: the outline of every course under lessons/ and one page per lesson file.

`checked_courses` reads and checks every course with the engine first, so a lesson that does not check stops the
build before any page is written.
"""

from __future__ import annotations

from pathlib import Path

from course.checking import verify
from course.files import LESSONS, Course, Lesson, LessonError, load_courses
from course.views import lesson_view
from pages import Page

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
        raise SystemExit("lessons: the build stops, these lesson files do not check:\n"
                         + "\n".join("  " + p for p in err.problems)) from None


def lesson_pages(courses: list[Course]) -> list[Page]:
    """The outline, then each course's lessons in order (the courses checked: checked_courses)."""
    pages = [Page(OUTLINE_PAGE, "lessons/_outline.html", {"courses": courses, "lesson_page": lesson_page})]
    for course in courses:
        pages.extend(Page(lesson_page(lesson), "lessons/_lesson.html",
                          {**lesson_view(lesson, course), "lesson_page": lesson_page})
                     for lesson in course.lessons)
    return pages
