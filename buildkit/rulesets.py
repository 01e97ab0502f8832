"""Rule sets beyond the built-in ones, each a wheel of its own (a build with `--ruleset DIR`, DIR a package with a
pyproject.toml declaring an entry point in the engine's group `suanfan.rulesets`).

The engine stage builds each such wheel beside the engine's and registers it in pyodide-lock.json (with micropip,
which installs it in the browser), and writes pyodide/suanfan-rulesets.json: the site's extra rule sets, which
rules key each wheel answers and which package of the lock holds it. The engine's worker reads that file when a
request names a rules key the engine does not know (engine-worker.js, extra-rulesets.js); the snapshot keeps only
the built-in rule sets. The pages stage renders with the wheels on the path, so the engine's registry finds them
through their entry points as the browser's will, and every page offers them as it offers the built-in ones.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import urllib.request
from pathlib import Path

from buildkit.console import BuildError, run
from buildkit.paths import CACHE, ROOT, UV_LOCK
from buildkit.wheel import SOURCE_DATE_EPOCH, package_name

MANIFEST = "suanfan-rulesets.json"
MICROPIP = "micropip"
WHEEL_CACHE = CACHE / "browser-wheels"  # the locked wheels the site ships (micropip), kept between builds


def build_ruleset_wheel(package: Path, out_dir: Path) -> Path:
    """The wheel of the rule-set package at `package` (its pyproject.toml), in out_dir."""
    with tempfile.TemporaryDirectory(prefix="suanfan-ruleset-") as scratch:
        src, built = Path(scratch) / "src", Path(scratch) / "built"
        shutil.copytree(package, src, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build"))
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
        run(
            [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", built, src],
            f"building the rule set wheel of {package}",
            env=env,
            cwd=scratch,
        )
        (wheel,) = built.glob("*-py3-none-any.whl")
        return Path(shutil.copy2(wheel, out_dir / wheel.name))


def locked_wheel(name: str) -> tuple[str, str]:
    """(url, sha256) of the one pure-Python wheel uv.lock pins for `name` (pyproject.toml's `browser` group)."""
    for package in tomllib.loads(UV_LOCK.read_text(encoding="utf-8")).get("package", []):
        if package["name"] == name:
            wheels = [w for w in package.get("wheels", []) if w["url"].endswith("-py3-none-any.whl")]
            if len(wheels) == 1:
                return wheels[0]["url"], wheels[0]["hash"].removeprefix("sha256:")
    raise BuildError(
        f"uv.lock pins no pure-Python wheel of {name}: pyproject.toml's dependency group `browser` names it"
    )


def micropip_wheel(out_dir: Path) -> Path:
    """micropip's wheel as uv.lock pins it, checked against the lock's sha256, into out_dir (downloaded once)."""
    url, sha256 = locked_wheel(MICROPIP)
    kept = WHEEL_CACHE / url.rsplit("/", 1)[1]
    if not kept.exists() or hashlib.sha256(kept.read_bytes()).hexdigest() != sha256:
        with urllib.request.urlopen(url, timeout=120) as response:
            data = response.read()
        if hashlib.sha256(data).hexdigest() != sha256:
            raise BuildError(f"{url} does not match the sha256 uv.lock gives it")
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        kept.write_bytes(data)
    return Path(shutil.copy2(kept, out_dir / kept.name))


def ruleset_keys(wheel: Path) -> list[str]:
    """The rules keys the wheel's entry points register, as the engine's registry finds them (a child Python with the
    checkout's engine and only this wheel on its path)."""
    path = os.pathsep.join([str(ROOT / "engine"), str(wheel)])
    script = (
        "import json; from suanfan import rulesets; before = set(rulesets.RULESETS); rulesets.load_installed(); "
        "print(json.dumps([k for k in rulesets.RULESETS if k not in before]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env={**os.environ, "PYTHONPATH": path}
    )
    if done.returncode != 0:
        raise BuildError(f"loading the rule sets of {wheel.name} failed:\n{done.stderr.strip()}")
    keys = json.loads(done.stdout)
    if not keys:
        raise BuildError(f"{wheel.name} registers no rule set (no entry point in the group suanfan.rulesets)")
    return keys


def add_rulesets(pyodide_dir: Path, packages: list[Path]) -> list[Path]:
    """Each package's wheel and micropip's into pyodide_dir, and the manifest naming which rules key each wheel
    answers. Returns the wheels, for the lock (buildkit/wheel.py's register_wheels)."""
    wheels = [build_ruleset_wheel(package, pyodide_dir) for package in packages]
    manifest = {
        "installer": MICROPIP,
        "rulesets": {
            key: {"package": package_name(wheel), "file_name": wheel.name}
            for wheel in wheels
            for key in ruleset_keys(wheel)
        },
    }
    (pyodide_dir / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return [*wheels, micropip_wheel(pyodide_dir)]


def extra_rulesets(pyodide_dir: Path) -> dict[str, dict]:
    """The extra rule sets a built site holds, as its manifest lists them: {key: {package, file_name}} ({} for none)."""
    manifest = pyodide_dir / MANIFEST
    return json.loads(manifest.read_text(encoding="utf-8"))["rulesets"] if manifest.exists() else {}


def described(pyodide_dir: Path) -> list[str]:
    """Each extra rule set a built site holds, in words for the build's summary: its key and its wheel."""
    return [f"{key} ({entry['file_name']})" for key, entry in sorted(extra_rulesets(pyodide_dir).items())]


def extra_wheels(pyodide_dir: Path) -> list[Path]:
    """The extra rule sets' wheels a built site holds, for the pages stage's path."""
    entries = extra_rulesets(pyodide_dir).values()
    return [pyodide_dir / name for name in dict.fromkeys(entry["file_name"] for entry in entries)]
