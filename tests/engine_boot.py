"""How long a browser test waits for the engine, one figure for every browser test.

Pyodide boots from the memory snapshot in about a second on this machine; the wait is two minutes because a CI
machine running two test processes side by side, each with a browser, can be many times slower, and a wait that
runs out there fails a test that has nothing wrong with it. Nothing measures speed with it: the benchmarks do that.
"""

BOOT_MS = 120_000
