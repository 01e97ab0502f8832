"""The code's shape, checked by tools rather than by reading: the import contract (.importlinter, run by
import-linter's `lint-imports`: engine-core -> rule sets -> api -> web, and web reaches the engine through
suanfan.api only) and the length of web/'s functions (none over MAX_FUNCTION_LINES)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_FUNCTION_LINES = 80  # a function longer than a screen does more than one job: split it


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    """lint-imports on a checkout (its .importlinter), with its engine/ and root on the path."""
    command = Path(sys.executable).parent / "lint-imports"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root / "engine"), str(root)])}
    return subprocess.run(
        [str(command), "--config", str(root / ".importlinter"), "--no-cache"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )


def test_the_import_contract_is_kept():
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "2 kept, 0 broken" in done.stdout


def test_the_contract_catches_web_reaching_past_the_facade(tmp_path):
    """The same contract on a copy of the checkout's Python in which one web module imports a rule set's module."""
    for folder in ("engine/suanfan", "web"):
        for source in (ROOT / folder).rglob("*.py"):
            target = tmp_path / source.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / ".importlinter").write_text((ROOT / ".importlinter").read_text(encoding="utf-8"), encoding="utf-8")
    with (tmp_path / "web" / "pages.py").open("a", encoding="utf-8") as pages:
        pages.write("\nfrom suanfan.gb import fans  # noqa: E402,F401\n")
    done = lint_imports(tmp_path)
    assert done.returncode != 0
    assert "web.pages -> suanfan.gb.fans" in done.stdout


def long_functions(folder: Path, limit: int = MAX_FUNCTION_LINES) -> list[str]:
    """Every function (or method) under folder longer than `limit` lines, its decorators left out."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > limit:
                    found.append(f"{path}:{node.lineno} {node.name} ({lines} lines)")
    return found


def test_no_function_in_web_is_over_80_lines():
    assert long_functions(ROOT / "web") == []


def test_the_length_check_finds_a_long_function(tmp_path):
    body = "".join(f"    x{n} = {n}\n" for n in range(MAX_FUNCTION_LINES))
    (tmp_path / "long.py").write_text(f"def long():\n{body}", encoding="utf-8")
    (tmp_path / "short.py").write_text("def short():\n    return 1\n", encoding="utf-8")
    found = long_functions(tmp_path)
    assert len(found) == 1 and "long (81 lines)" in found[0]
