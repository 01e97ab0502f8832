"""The headers every response of the site needs from whatever serves it, and dist/_headers, which says them to a
host that reads that file (Netlify, Cloudflare Pages). `build.py serve` and the test server send the same
(buildkit/serve.py); docs/security.md says why each is there and shows them for nginx.

A <meta> policy covers only its page: the engine's worker and the service worker take their policy from their own
script's response, and only a header can forbid framing. A host that sends none of these runs the workers with no
policy at all and lets any site frame the pages.
"""

from __future__ import annotations

from pathlib import Path

from buildkit.csp import HEADER_POLICY

HEADERS_FILE = "_headers"

# (name, value), in the order they are sent. The policy is buildkit/csp.py's, the pages' <meta> one plus what only
# a header can carry.
HOST_HEADERS = (
    ("Content-Security-Policy", HEADER_POLICY),
    # frame-ancestors' older twin, for browsers that predate it.
    ("X-Frame-Options", "DENY"),
    # A script, a worker or a stylesheet is run only when it is served as one: never a file guessed into one.
    ("X-Content-Type-Options", "nosniff"),
    # The site links nowhere else, and what is in its addresses (a hand, a question) is nobody else's business.
    ("Referrer-Policy", "no-referrer"),
    # A window that opens the site (or that the site opens) gets no handle on it.
    ("Cross-Origin-Opener-Policy", "same-origin"),
    # Revalidate every time: a rebuilt wheel keeps its name, and a stale cached copy would fail Pyodide's integrity
    # check against the new lock.
    ("Cache-Control", "no-cache"),
)


def headers_file() -> str:
    """dist/_headers: every header for every path, in the format Netlify and Cloudflare Pages read."""
    lines = [
        "# Written by build.py (buildkit/headers.py): what every response of this site needs; see docs/security.md.",
        "/*",
    ]
    lines += [f"  {name}: {value}" for name, value in HOST_HEADERS]
    return "\n".join(lines) + "\n"


def write_headers_file(out: Path) -> None:
    (out / HEADERS_FILE).write_text(headers_file(), encoding="utf-8")
