"""What the lesson tests share: the repository's root, and small lesson files written for a test."""

from __future__ import annotations

import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

COURSE_TOML = 'title = "测试"\ntitle_en = "Test"\nrules = "jiujiang"\nsummary = "A course written by a test."\n'


def write_course(folder: Path, files: dict[str, str], course_toml: str = COURSE_TOML) -> Path:
    """A real course folder: course.toml plus the given lesson files (dedented)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "course.toml").write_text(course_toml, encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return folder
