// snapshot.mjs: make the engine's memory snapshot, the state of Pyodide's Python just after the whole engine was
// imported, which the browser's worker restores instead of starting Python and importing the engine itself
// (buildkit/wheel.py runs this; it is not for people to call).
//
//   node buildkit/snapshot.mjs RUNTIME_DIR WHEEL OUT
//
//   RUNTIME_DIR  the Pyodide runtime (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip …), ending in "/"
//   WHEEL        the engine wheel, with its bytecode (buildkit/bytecode.mjs)
//   OUT          the snapshot as Pyodide writes it (the build writes its brotli and gzip copies beside it, which
//                a server sends with Content-Encoding: buildkit/precompress.py)
//
// Why: starting Python and importing the engine is most of a boot's work, and on a first visit it runs while the
// runtime's machine code is still being compiled and optimised on the same cores (docs/speed.md). Restoring a
// snapshot is a copy of memory. Pyodide makes and restores snapshots (its `_makeSnapshot` / `_loadSnapshot`,
// marked experimental; the snapshot names the runtime build it was made with and is refused by any other),
// and the worker falls back to the ordinary boot whenever one cannot be used.
//
// What the snapshot must hold: every module of the engine, imported from its bytecode (nothing compiled from
// source), so the browser never needs the engine's files (the file system is not part of a snapshot: only memory
// is). It must hold no reference to a JavaScript object, which a snapshot cannot carry; importing the engine
// makes none, and Pyodide refuses to make a snapshot that has one. It must also hold every module of the standard
// library the engine imports later, inside a function (importlib.metadata, for a rule set it does not know): a boot
// from the snapshot does not download the standard library (engine-worker.js), so nothing can be imported after.
//
// The same wheel and runtime must give the same snapshot, byte for byte, so that a rebuild of an unchanged site
// changes no file (no returning visitor downloads it again, the service worker's version stays). What else would
// differ between two runs, and what is done about it while the snapshot is made:
//   random bytes   Python's hash secret (PYTHONHASHSEED fixes it: no secret in a file anyone can download anyway),
//                  the state of `random` and of libc's random source (seeded: SEEDED_RANDOM below; the worker
//                  seeds `random` again from the browser after every restore)
//   the clock      file times in the file system, which Python caches when it imports (CLOCK: a clock that starts
//                  at the wheel's own timestamp and moves one millisecond a reading)
//   the time zone  TZ=UTC, whatever the build machine's
// tests/builder/test_reproducible.py makes two snapshots and compares them.
// Printed on stdout: one JSON line {"modules": N, "bytes": size written}.

import crypto from "node:crypto";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, wheelPath, outPath] = process.argv.slice(2);
if (!runtimeDir || !wheelPath || !outPath) {
  console.error("usage: node buildkit/snapshot.mjs RUNTIME_DIR WHEEL OUT");
  process.exit(2);
}

fixRandomAndClock();
const { loadPyodide } = await import(pathToFileURL(path.join(runtimeDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: runtimeDir,
  packageBaseUrl: runtimeDir,
  _makeSnapshot: true,
  // What a browser's Python sees, not this build machine: the program name Pyodide gives itself in a browser
  // (under Node it is this script's path), and no environment of Node's but the fixed hash seed.
  _sysExecutable: "/home/pyodide/this.program",
  env: { _: "./this.program", PYTHONHASHSEED: "0" },
  stdout: (line) => console.error(line),
  stderr: (line) => console.error(line),
});
const sitePackages = pyodide.runPython("import site\nsite.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
// In a function, so that nothing of this is left in __main__'s namespace inside the snapshot.
const imported = JSON.parse(pyodide.runPython(`
def import_the_engine():
    import ast, gc, importlib, json, pkgutil, sys
    import importlib._bootstrap_external as external
    compiled = []
    from_source = external.SourceLoader.source_to_code
    def counting(self, data, path, *args, **kwargs):
        compiled.append(path)
        return from_source(self, data, path, *args, **kwargs)
    external.SourceLoader.source_to_code = counting
    try:
        import suanfan.api
        modules = ["suanfan", "suanfan.api"]
        for info in pkgutil.walk_packages(suanfan.__path__, "suanfan."):
            if not info.name.endswith(".__main__"):    # that one runs the command line
                importlib.import_module(info.name)
                modules.append(info.name)
    finally:
        external.SourceLoader.source_to_code = from_source
    for name in sorted(imported_in_functions(modules) - set(sys.modules)):
        importlib.import_module(name)
    gc.collect()
    return json.dumps({"modules": modules, "compiled": compiled})

def imported_in_functions(modules):
    """The absolute modules an import inside a function of these modules names (imported when first called)."""
    import ast, sys
    named = set()
    for module in modules:
        with open(sys.modules[module].__file__, encoding="utf-8") as source:
            tree = ast.parse(source.read())
        for function in ast.walk(tree):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(function):
                    if isinstance(node, ast.Import):
                        named.update(alias.name for alias in node.names)
                    elif isinstance(node, ast.ImportFrom) and node.level == 0:
                        named.add(node.module)
    return named

try:
    result = import_the_engine()
finally:
    del import_the_engine, imported_in_functions
result
`));
pyodide.runPython("del result");
if (imported.compiled.length) {
  console.error(`snapshot.mjs: compiled from source, not from the wheel's bytecode: ${imported.compiled.join(", ")}`);
  process.exit(1);
}
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(outPath, snapshot);
process.stdout.write(JSON.stringify({ modules: imported.modules.length, bytes: snapshot.length }) + "\n");
// Pyodide keeps Node's event loop alive; the work is done.
process.exit(0);

/** Everything Pyodide reads of randomness and time while the snapshot is made, made the same on every run. */
function fixRandomAndClock() {
  process.env.TZ = "UTC";
  // A fixed seed run through SHA-256 in counter mode: the same stream every run.
  let counter = 0;
  const fill = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let at = 0; at < bytes.length; at += 32) {
      const block = crypto.createHash("sha256").update(`suanfan snapshot ${counter++}`).digest();
      bytes.set(block.subarray(0, Math.min(32, bytes.length - at)), at);
    }
    return view;
  };
  crypto.randomFillSync = fill;   // what Pyodide's libc reads under Node
  syncBuiltinESMExports();
  globalThis.crypto.getRandomValues = fill;
  Math.random = () => fill(new Uint32Array(1))[0] / 2 ** 32;
  // One millisecond a reading, from the wheel's timestamp (buildkit/wheel.py, SOURCE_DATE_EPOCH: 1980-01-01).
  let now = 315532800000;
  Date.now = () => (now += 1);
  let elapsed = 0;
  performance.now = () => (elapsed += 1);
}
