"""The site's Content-Security-Policy: one policy, carried by every page (a <meta http-equiv>, so the static
site has it wherever it is put) and sent as a header by `build.py serve` and the test server, and asked of any other
host in dist/_headers (buildkit/headers.py, with the other headers every response needs).

Each directive and why (docs/security.md, "Content-Security-Policy", says the same for readers):
  default-src 'self'          anything not named below comes from the site itself or not at all
  script-src 'self' 'wasm-unsafe-eval'
                              scripts only from the site's files (no inline script, no eval); WebAssembly may be
                              compiled, which Pyodide needs. Pyodide 314 in the worker needs no 'unsafe-eval':
                              tests/e2e/test_security_policy.py boots the engine under this very policy
  worker-src 'self'           the engine's Web Worker and the service worker are the site's own scripts
  connect-src 'self'          fetches (the Pyodide runtime, the wheel, the service worker's precache) stay on the site
  style-src 'self'            style sheets only from files: no <style> blocks or style="" in the markup (styles that
                              scripts set through the CSSOM are not affected)
  img-src 'self' blob: data:  the tile sprite and icons; blob:/data: for images a script makes
  object-src 'none'           no plugins
  base-uri 'none'             no <base> can send the site's relative links elsewhere
  form-action 'self'          a form can only submit to the site
  frame-ancestors 'none'      no other page may frame the site (clickjacking); header only, a <meta> cannot carry it
"""

from __future__ import annotations

PAGE_DIRECTIVES = (
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",
    "connect-src 'self'",
    "style-src 'self'",
    "img-src 'self' blob: data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
)

# What the pages' <meta http-equiv="Content-Security-Policy"> says.
PAGE_POLICY = "; ".join(PAGE_DIRECTIVES)
# What the servers send with every response: the same, and what only a header can say.
HEADER_POLICY = "; ".join((*PAGE_DIRECTIVES, "frame-ancestors 'none'"))
