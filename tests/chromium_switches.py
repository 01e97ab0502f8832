"""Which Chromium the browser tests and benchmarks run, and the switches they start it with (tests/conftest.py,
tests/e2e/bare_chromium.py, tests/bench_browser.py)."""

BROWSER_ARGS = [
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    # Any host but the test server fails to resolve: a stray request fails fast instead of hanging,
    # and the same-origin guard still sees it.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

SYSTEM_BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
