"""What build.py does, one job a module.

paths       where the checkout keeps things (dist/, .cache/, .venv, node_modules, the locks)
console     what build.py prints; running a tool quietly; BuildError, the one way a step fails
environment Python >= 3.12, uv, .venv (uv sync from uv.lock) and node_modules (npm ci): stdlib only, runs first
npm         the npm packages the site ships (Pyodide, the browser modules), read from node_modules as locked
wheel       the engine wheel, and registering wheels in pyodide-lock.json
snapshot    the engine's memory snapshot (snapshot.mjs under Node) and its description
site        the pages: web/sitegen.py's build_site, run in a child Python
csp         the site's Content-Security-Policy (the pages' <meta>, rendered by web/sitegen.py, and the servers' header)
headers     the headers every response needs (the policy and the rest): sent by serve, written to dist/_headers
offline     sw.js: the service worker with the precache manifest of dist/
stages      the incremental build: a stage is redone only when its inputs or its files changed
dist        dist/'s stages (runtime, engine, vendor, pages), then sw.js
watch       noticing edits to the sources and rebuilding (serve --watch)
serve       the HTTP server for dist/ and the serve command
"""
