"""What the lesson tests share: the repository's root, small lesson files written for a test, and the problems the
checks report on them."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

COURSE_TOML = 'title = "测试"\ntitle_en = "Test"\nrules = "jiujiang"\nsummary = "A course written by a test."\n'


def write_course(folder: Path, files: dict[str, str], course_toml: str = COURSE_TOML) -> Path:
    """A real course folder: course.toml plus the given lesson files (dedented)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "course.toml").write_text(course_toml, encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return folder


def course_problems(folder: Path) -> str:
    """The message the lesson checks stop with on the course in `folder` (they must stop, and without a traceback)."""
    from web.course.checking import verify
    from web.course.files import LessonError, load_course

    with pytest.raises(LessonError) as caught:
        verify(load_course(folder))
    message = str(caught.value)
    assert "Traceback" not in message
    return message
