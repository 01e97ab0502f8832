// bytecode.mjs: compile an unpacked wheel's Python modules to bytecode with Pyodide's own Python, for the
// engine wheel the browser loads (buildkit/wheel.py runs this; it is not for people to call).
//
//   node buildkit/bytecode.mjs RUNTIME_DIR WHEEL_DIR
//
//   RUNTIME_DIR  the Pyodide runtime (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip …), ending in "/"
//   WHEEL_DIR    an unpacked wheel: every .py under it gets its __pycache__/NAME.<cache tag>.pyc beside it
//
// Why: Pyodide never writes bytecode (sys.dont_write_bytecode), so without these files every page that boots
// the engine compiles its ~40 modules from source first, the larger part of importing it. The bytecode must come
// from Pyodide's Python (3.14 here), which no interpreter on the build machine is; hence Node.
// The files are "unchecked-hash" pycs: used as they are, without comparing them to the source (a wheel's files
// are never edited in place), so reading the source's timestamp cannot make the import compile after all. The
// .py files stay in the wheel for tracebacks; each pyc names the path its module is installed at, so a
// traceback points there.

import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeDir, wheelDir] = process.argv.slice(2);
if (!runtimeDir || !wheelDir) {
  console.error("usage: node buildkit/bytecode.mjs RUNTIME_DIR WHEEL_DIR");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.join(runtimeDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtimeDir, packageBaseUrl: runtimeDir, stdout: (line) => console.log(line) });
pyodide.mountNodeFS("/wheel", path.resolve(wheelDir));
const compiled = pyodide.runPython(`
import compileall, py_compile, site
installed_at = site.getsitepackages()[0]
ok = compileall.compile_dir("/wheel", ddir=installed_at, quiet=1, workers=1,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
ok
`);
if (!compiled) {
  console.error("bytecode.mjs: a module failed to compile (see above)");
  process.exit(1);
}
