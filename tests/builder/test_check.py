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
