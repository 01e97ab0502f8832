"""`python3 build.py check`: each static check passes on the checkout and fails on code that breaks its rule."""

from __future__ import annotations

import shutil

import pytest

from buildkit.check import CHECKS, check_all, run_check
from buildkit.paths import ROOT

BY_NAME = {check.name: check for check in CHECKS}


def test_the_checkout_passes_every_check():
    assert check_all(ROOT) == 0


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("ruff check", "import os\n"),  # an unused import
        ("ruff format", "x = {  'a':1 }\n"),  # not as the formatter writes it
    ],
)
def test_a_check_fails_on_code_that_breaks_its_rule(tmp_path, name, source, capsys):
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "clean.py").write_text('"""Clean."""\n\nVALUE = 1\n', encoding="utf-8")
    assert run_check(BY_NAME[name], tmp_path)
    (tmp_path / "broken.py").write_text(source, encoding="utf-8")
    assert not run_check(BY_NAME[name], tmp_path)
    assert "broken.py" in capsys.readouterr().out


@pytest.mark.parametrize(
    "source",
    [
        "def total(points: list[int]) -> int:\n    return sum(points) / 2\n",  # a float where an int is declared
        "def total(points):\n    return sum(points)\n",  # strict: a function not annotated
        "def first(tiles: list) -> object:\n    return tiles[0]\n",  # strict: a list of what?
    ],
)
def test_mypy_fails_on_engine_code_that_breaks_a_type(tmp_path, source, capsys):
    """The engine at mypy's strict level (pyproject.toml's [tool.mypy]): a type error, and what strict adds."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    engine = tmp_path / "engine" / "suanfan"
    engine.mkdir(parents=True)
    (engine / "__init__.py").write_text("", encoding="utf-8")
    (engine / "clean.py").write_text("def total(points: list[int]) -> int:\n    return sum(points)\n", encoding="utf-8")
    assert run_check(BY_NAME["mypy"], tmp_path)
    (engine / "broken.py").write_text(source, encoding="utf-8")
    assert not run_check(BY_NAME["mypy"], tmp_path)
    assert "engine/suanfan/broken.py:" in capsys.readouterr().out


def test_mypy_holds_a_judge_to_the_protocol(tmp_path, capsys):
    """A copy of the engine in which a practice judge lacks most of what the Judge protocol asks (practice/judge.py):
    mypy names what it lacks, before any question is built with it."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copytree(
        ROOT / "engine" / "suanfan", tmp_path / "engine" / "suanfan", ignore=shutil.ignore_patterns("__pycache__")
    )
    assert run_check(BY_NAME["mypy"], tmp_path)
    (tmp_path / "engine" / "suanfan" / "practice" / "broken.py").write_text(
        'from .judge import Judge\n\n\nclass HalfJudge:\n    rules = "toy"\n    item_kind = "pattern"\n\n\n'
        "def ask(judge: Judge) -> str:\n    return judge.rules\n\n\nask(HalfJudge())\n",
        encoding="utf-8",
    )
    assert not run_check(BY_NAME["mypy"], tmp_path)
    out = capsys.readouterr().out
    assert "engine/suanfan/practice/broken.py:" in out
    assert '"HalfJudge"; expected "Judge"' in out


@pytest.mark.parametrize(
    ("path", "source"),
    [
        ("web/static/js/broken.js", 'import { a, b } from "./dom.js";\nexport const c = a;\n'),  # b: unused
        ("web/sw.js", "self.addEventListener('fetch', (event) => respond(event));\n"),  # respond: defined nowhere
        ("tests/web/broken.mjs", "if (process.argv.length = 3) console.log(1);\n"),  # assignment as the condition
    ],
)
def test_eslint_fails_on_a_script_that_breaks_a_rule(tmp_path, path, source, capsys):
    shutil.copy(ROOT / "eslint.config.mjs", tmp_path / "eslint.config.mjs")
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)  # the config's imports
    clean = tmp_path / "web" / "static" / "js" / "clean.js"
    clean.parent.mkdir(parents=True)
    clean.write_text("export const VALUE = document.title;\n", encoding="utf-8")
    assert run_check(BY_NAME["eslint"], tmp_path)
    broken = tmp_path / path
    broken.parent.mkdir(parents=True, exist_ok=True)
    broken.write_text(source, encoding="utf-8")
    assert not run_check(BY_NAME["eslint"], tmp_path)
    assert broken.name in capsys.readouterr().out
