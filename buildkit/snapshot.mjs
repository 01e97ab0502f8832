// snapshot.mjs: make the engine's memory snapshot, the state of Pyodide's Python just after the whole engine was
// imported, which the browser's worker restores instead of starting Python and importing the engine itself
// (buildkit/wheel.py runs this; it is not for people to call).
//
//   node buildkit/snapshot.mjs RUNTIME_DIR WHEEL OUT
//
//   RUNTIME_DIR  the Pyodide runtime (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip …), ending in "/"
//   WHEEL        the engine wheel, with its bytecode (buildkit/bytecode.mjs)
//   OUT          the snapshot, gzip-compressed (the worker decompresses it with DecompressionStream)
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
// makes none, and Pyodide refuses to make a snapshot that has one.
// Printed on stdout: one JSON line {"modules": N, "bytes": raw size, "compressed": size written}.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [runtimeDir, wheelPath, outPath] = process.argv.slice(2);
if (!runtimeDir || !wheelPath || !outPath) {
  console.error("usage: node buildkit/snapshot.mjs RUNTIME_DIR WHEEL OUT");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.join(runtimeDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: runtimeDir,
  packageBaseUrl: runtimeDir,
  _makeSnapshot: true,
  // What a browser's Python sees, not this build machine: the program name Pyodide gives itself in a browser
  // (under Node it is this script's path), and no environment of Node's.
  _sysExecutable: "/home/pyodide/this.program",
  env: { _: "./this.program" },
  stdout: (line) => console.error(line),
  stderr: (line) => console.error(line),
});
const sitePackages = pyodide.runPython("import site\nsite.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
// In a function, so that nothing of this is left in __main__'s namespace inside the snapshot.
const imported = JSON.parse(pyodide.runPython(`
def import_the_engine():
    import gc, importlib, json, pkgutil
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
    gc.collect()
    return json.dumps({"modules": modules, "compiled": compiled})

try:
    result = import_the_engine()
finally:
    del import_the_engine
result
`));
pyodide.runPython("del result");
if (imported.compiled.length) {
  console.error(`snapshot.mjs: compiled from source, not from the wheel's bytecode: ${imported.compiled.join(", ")}`);
  process.exit(1);
}
const raw = pyodide.makeMemorySnapshot();
const packed = zlib.gzipSync(raw, { level: 9 });
fs.writeFileSync(outPath, packed);
process.stdout.write(JSON.stringify({ modules: imported.modules.length, bytes: raw.length, compressed: packed.length }) + "\n");
// Pyodide keeps Node's event loop alive; the work is done.
process.exit(0);
