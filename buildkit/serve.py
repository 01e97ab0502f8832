"""Serving dist/ on 127.0.0.1: the HTTP handler with the MIME types Pyodide needs, and `serve [--watch]`."""

from __future__ import annotations

import functools
import http.server
import os
import signal
import sys
import threading
from pathlib import Path

from buildkit.console import BuildError, fail, say
from buildkit.dist import build
from buildkit.headers import HOST_HEADERS
from buildkit.paths import ROOT
from buildkit.precompress import ENCODINGS
from buildkit.watch import snapshot, watch


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header accepts (those it gives q=0 refused)."""
    accepted = set()
    for part in header.split(","):
        name, _, params = part.partition(";")
        weight = dict(p.strip().partition("=")[::2] for p in params.split(";") if "=" in p).get("q", "1")
        try:
            refused = float(weight) <= 0
        except ValueError:
            refused = False
        if name.strip() and not refused:
            accepted.add(name.strip().lower())
    return accepted


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs (wasm streaming compiles only application/wasm) and the
    headers every response of the site needs (buildkit/headers.py: the Content-Security-Policy and the rest).
    A file with precompressed copies beside it (buildkit/precompress.py) is sent as the best copy the browser
    accepts, with Content-Encoding and the file's own type, and `Vary: Accept-Encoding` either way (a cache must
    not hand one browser's encoding to another); a copy older than its file (edited after the build) is not used."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".html": "text/html; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".map": "application/json",
        ".wasm": "application/wasm",
        ".svg": "image/svg+xml",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    encoding: str | None = None  # the Content-Encoding of the copy being sent, if one is
    has_copies = False  # the file asked for has precompressed copies

    def send_head(self):
        file = Path(super().translate_path(self.path))
        if file.is_dir() and self.path.split("?")[0].endswith("/"):
            file = file / "index.html"  # what the folder's address serves (SimpleHTTPRequestHandler's rule)
        copies = {
            encoding: copy
            for encoding, suffix in ENCODINGS.items()
            if (copy := Path(f"{file}{suffix}")).is_file() and file.is_file() and is_as_new(copy, file)
        }
        self.has_copies = bool(copies)
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        self.encoding = next((encoding for encoding in copies if encoding in accepted), None)
        self.copy = copies.get(self.encoding)
        return super().send_head()

    def translate_path(self, path: str) -> str:
        return str(self.copy) if self.encoding else super().translate_path(path)

    def guess_type(self, path) -> str:
        # a copy is sent as the type of the file it stands for
        return super().guess_type(str(path).removesuffix(ENCODINGS[self.encoding]) if self.encoding else path)

    def end_headers(self) -> None:
        if self.encoding:
            self.send_header("Content-Encoding", self.encoding)
        if self.has_copies:
            self.send_header("Vary", "Accept-Encoding")
        # The same headers dist/_headers asks of another host: the policy covers the workers' scripts too, which take
        # it from their own response, not from the page's <meta>.
        for name, value in HOST_HEADERS:
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


def is_as_new(copy: Path, file: Path) -> bool:
    return os.stat(copy).st_mtime_ns >= os.stat(file).st_mtime_ns


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser closed a connection early (navigation, cancelled fetch): not our error
        super().handle_error(request, client_address)


def make_server(
    directory: Path, port: int = 8000, quiet: bool = False, handler_class: type[SiteHandler] = SiteHandler
) -> SiteServer:
    """A server for `directory` on 127.0.0.1 only; port 0 picks a free port (see server.server_port).
    handler_class: SiteHandler or one of its kind (a test's slow network)."""
    handler = functools.partial(handler_class, directory=str(directory))
    server = SiteServer(("127.0.0.1", port), handler)
    server.quiet = quiet
    return server


def serve(dist: Path, port: int, watching: bool) -> int:
    """Build, then serve `dist` until Ctrl-C; with `watching`, rebuild on every change to the sources."""
    sources = snapshot(ROOT) if watching else {}
    try:
        build(dist)
    except BuildError as error:
        if not watching:
            raise
        # The teacher is about to fix it: serve what dist/ has and rebuild on the next save.
        print(error, file=sys.stderr, flush=True)
        say("the build failed: serving what dist/ holds until a change builds")
    try:
        server = make_server(dist, port)
    except OSError as exc:
        fail(f"cannot listen on 127.0.0.1:{port} ({exc.strerror}); try: python3 build.py serve --port 8001")
    say(
        f"serving dist/ on http://127.0.0.1:{server.server_port}/  (Ctrl-C stops)"
        + ("; rebuilding when engine/, web/ or lessons/ change" if watching else "")
    )
    # Ctrl-C and a plain `kill` both stop cleanly, even where the shell started us with SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        if watching:
            threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
            watch(ROOT, lambda: build(dist), sources)
        else:
            server.serve_forever()
    except KeyboardInterrupt:
        print()
        say("stopped")
    finally:
        server.shutdown()  # returns at once where serve_forever already stopped (the Ctrl-C above)
        server.server_close()
    return 0
