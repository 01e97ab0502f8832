// What a boot of the built site's engine can import of the standard library, before and after withStandardLibrary():
// prints {restored, before, after, again} on stdout, each import's outcome as "ok" or the exception's type name.
//
//   node tests/pyodide/stdlib_probe.mjs [DIST]

import { bootFromDist, DEFAULT_DIST } from "./engine_in_node.mjs";

// ctypes: in the standard library, imported by nothing the engine does, so never in its snapshot.
const TRY_IMPORT = `
def try_import():
    try:
        import ctypes
        return "ok"
    except Exception as err:
        return type(err).__name__
try_import()
`;

const engine = await bootFromDist(process.argv[2] ?? DEFAULT_DIST);
const before = engine.pyodide.runPython(TRY_IMPORT);
await engine.withStandardLibrary();
const after = engine.pyodide.runPython(TRY_IMPORT);
await engine.withStandardLibrary();   // a second call reads nothing again and changes nothing
const again = engine.pyodide.runPython(TRY_IMPORT);
process.stdout.write(JSON.stringify({ restored: engine.restored, before, after, again }) + "\n");
process.exit(0);
