"""requirements-dev.txt is pip-compile's lock of requirements-dev.in: every pin of the .in is in it, and every
entry carries hashes, as `pip install --require-hashes` (buildkit/python_env.py) needs."""

from buildkit.paths import REQUIREMENTS_IN, REQUIREMENTS_LOCK
from buildkit.python_env import BUILD_TOOLS, lock_entries, stale_pins


def test_the_lock_pins_what_requirements_dev_in_asks_for():
    stale = stale_pins(REQUIREMENTS_LOCK.read_text(encoding="utf-8"), REQUIREMENTS_IN.read_text(encoding="utf-8"))
    assert stale == [], "requirements-dev.in changed after the lock was made: run .venv/bin/pip-compile"


def test_every_locked_package_is_pinned_with_a_hash():
    entries = lock_entries(REQUIREMENTS_LOCK.read_text(encoding="utf-8"))
    assert set(BUILD_TOOLS) <= set(entries), "pip, setuptools and wheel must be in the lock (allow-unsafe)"
    unpinned = [entry for entry in entries.values() if "==" not in entry.split()[0] or "--hash=sha256:" not in entry]
    assert unpinned == []


def test_lock_entries_reads_continued_lines_and_skips_comments():
    text = (
        "# header\nFoo_Bar==1.0 \\\n    --hash=sha256:aa \\\n    --hash=sha256:bb\n    # via x\n"
        "baz==2 --hash=sha256:cc\n"
    )
    assert lock_entries(text) == {
        "foo-bar": "Foo_Bar==1.0 --hash=sha256:aa --hash=sha256:bb",
        "baz": "baz==2 --hash=sha256:cc",
    }
    assert stale_pins(text, "foo.bar == 1.0  # a comment\nbaz==3\n") == ["baz==3"]
