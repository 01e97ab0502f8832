"""Count and print the files a rule set of its own takes: its package, and every other tracked file that names it.

    python3 tests/count_ruleset_files.py toy

The rule set is found as the engine finds it: among the checkout's packages with a pyproject.toml declaring entry
points in the engine's group (suanfan.rulesets), the one whose module registers the key. Its files are those git
tracks in that package's folder; outside it, a file "names it" when it holds the key as a word or the package's
module name. Those are split into the tests that use it, the docs that tell of it, and the product (the engine, the
site, the build): the last is the count that must stay 0, for no file outside a rule set's package names it.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GROUP = "suanfan.rulesets"
PRODUCT = ("engine/", "web/", "buildkit/", "lessons/", "build.py", "package.json", "package-lock.json", "uv.lock")
CONFIGURATION = ("pyproject.toml",)  # the project's own: pytest's path, so that the tests import the package


def git(*args: str) -> list[str]:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    if done.returncode not in (0, 1):  # git grep says 1 for no match
        raise SystemExit(done.stderr.strip())
    return [line for line in done.stdout.splitlines() if line]


def ruleset_packages() -> list[tuple[Path, dict]]:
    """(folder, its [project] table) of every tracked pyproject.toml declaring entry points in GROUP."""
    found = []
    for name in git("ls-files", "*pyproject.toml"):
        project = tomllib.loads((ROOT / name).read_text(encoding="utf-8")).get("project", {})
        if GROUP in project.get("entry-points", {}):
            found.append(((ROOT / name).parent, project))
    return found


def keys_of(folder: Path, project: dict) -> list[str]:
    """The rules keys the package's entry-point modules register (imported with the engine and the package on the
    path, as an installed wheel's would be)."""
    sys.path[:0] = [str(ROOT / "engine"), str(folder)]
    try:
        return [r.key for module in project["entry-points"][GROUP].values() for r in import_module(module).RULESETS]
    finally:
        del sys.path[:2]


def main(key: str) -> int:
    for folder, project in ruleset_packages():
        if key in keys_of(folder, project):
            break
    else:
        print(f"no package of this checkout registers the rules {key!r} (entry point group {GROUP})")
        return 1
    where = folder.relative_to(ROOT).as_posix() + "/"
    own = git("ls-files", where)
    modules = sorted({value.split(".")[0] for value in project["entry-points"][GROUP].values()})
    words = [key, where.rstrip("/"), *modules]
    named = git("grep", "-l", "-w", *(arg for w in words for arg in ("-e", w)), "--", ".", f":!{where}")
    tests = [n for n in named if n.startswith("tests/")]
    docs = [n for n in named if n.endswith(".md") and n not in tests]
    configuration = [n for n in named if n in CONFIGURATION]
    product = [n for n in named if n.startswith(PRODUCT) and n not in docs + configuration]
    other = [n for n in named if n not in tests + docs + configuration + product]
    print(f"rule set {key!r}: package {where} ({project['name']}), entry point group {GROUP}")
    print(f"  its package: {len(own)} files")
    for name in own:
        print(f"    {name}")
    print(f"  outside it, naming it: {len(named)} files")
    parts = [("tests that use it", tests), ("docs", docs), ("configuration", configuration), ("product", product)]
    for label, names in [*parts, ("other", other)]:
        print(f"    {label}: {len(names)}" + "".join(f"\n      {n}" for n in names))
    print(f"the rule set took {len(own)} files; the product names it in {len(product)}")
    return 0 if not product else 2


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python3 tests/count_ruleset_files.py KEY   (e.g. toy)")
    sys.exit(main(sys.argv[1]))
