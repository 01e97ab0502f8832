"""Make the engine (engine/) and the test helpers (tests/gb_corpus.py, tests/gb_oracle.py) importable."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
for path in (ROOT / "engine", ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
