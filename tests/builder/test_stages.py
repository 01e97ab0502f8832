"""The incremental build (buildkit/stages.py) on small stages of our own: what is redone, and when."""

from __future__ import annotations

from pathlib import Path

import pytest

from buildkit.stages import STATE_NAME, Stage, run_stages


class Pages:
    """A stage that writes one page per source file into site/, counting its runs; it can be made to fail."""

    def __init__(self, root: Path):
        self.sources = root / "src"
        self.sources.mkdir(parents=True)
        self.runs = 0
        self.failing = False

    def make(self, out: Path) -> None:
        self.runs += 1
        (out / "site").mkdir()
        for source in sorted(self.sources.iterdir()):
            (out / "site" / f"{source.stem}.html").write_text(f"<p>{source.read_text()}</p>")
            if self.failing:
                raise RuntimeError("a lesson does not check")
        (out / "helper.tmp").write_text("needed on the way, not part of the output")

    def stage(self, settings: dict | None = None) -> Stage:
        return Stage(
            "pages", (self.sources,), lambda name: name.startswith("site/"), self.make, settings=lambda: settings
        )


@pytest.fixture
def pages(tmp_path) -> Pages:
    pages = Pages(tmp_path)
    (pages.sources / "a.md").write_text("first")
    (pages.sources / "b.md").write_text("second")
    return pages


def build(pages: Pages, dist: Path, settings: dict | None = None) -> list[str]:
    return run_stages(dist, [pages.stage(settings)], dist.parent)


def test_a_stage_runs_once_and_then_only_when_a_source_changes(pages, tmp_path):
    dist = tmp_path / "dist"
    assert build(pages, dist) == ["pages"]
    assert (dist / "site" / "a.html").read_text() == "<p>first</p>"
    assert not (dist / "helper.tmp").exists(), "files the stage does not own are not moved in"
    assert build(pages, dist) == []
    (pages.sources / "a.md").write_text("first")  # saved again, same contents: nothing to do
    assert build(pages, dist) == []
    (pages.sources / "a.md").write_text("edited")
    assert build(pages, dist) == ["pages"]
    assert (dist / "site" / "a.html").read_text() == "<p>edited</p>"
    assert pages.runs == 2


def test_a_changed_setting_redoes_the_stage(pages, tmp_path):
    dist = tmp_path / "dist"
    build(pages, dist, {"pin": 1})
    assert build(pages, dist, {"pin": 1}) == []
    assert build(pages, dist, {"pin": 2}) == ["pages"]


@pytest.mark.parametrize("tamper", ["edit", "delete", "add"])
def test_output_changed_by_hand_is_made_again(pages, tmp_path, tamper):
    dist = tmp_path / "dist"
    build(pages, dist)
    if tamper == "edit":
        (dist / "site" / "a.html").write_text("<p>by hand, longer</p>")
    elif tamper == "delete":
        (dist / "site" / "a.html").unlink()
    else:
        (dist / "site" / "stray.html").write_text("left over")
    assert build(pages, dist) == ["pages"]
    assert sorted(p.name for p in (dist / "site").iterdir()) == ["a.html", "b.html"]
    assert (dist / "site" / "a.html").read_text() == "<p>first</p>"


def test_files_a_new_make_lacks_are_removed(pages, tmp_path):
    dist = tmp_path / "dist"
    build(pages, dist)
    (pages.sources / "b.md").unlink()
    build(pages, dist)
    assert sorted(p.name for p in (dist / "site").iterdir()) == ["a.html"]


def test_a_failing_stage_leaves_the_last_good_files_and_is_redone_next_time(pages, tmp_path):
    dist = tmp_path / "dist"
    build(pages, dist)
    (pages.sources / "a.md").write_text("broken")
    pages.failing = True
    with pytest.raises(RuntimeError):
        build(pages, dist)
    assert (dist / "site" / "a.html").read_text() == "<p>first</p>"
    assert (dist / "site" / "b.html").exists()
    assert "pages" not in (dist / STATE_NAME).read_text(), "no record: the next build redoes the stage"
    assert not [p for p in dist.iterdir() if p.name.startswith(".") and p.name != STATE_NAME], "scratch removed"

    pages.failing = False
    (pages.sources / "a.md").write_text("fixed")
    assert build(pages, dist) == ["pages"]
    assert (dist / "site" / "a.html").read_text() == "<p>fixed</p>"
