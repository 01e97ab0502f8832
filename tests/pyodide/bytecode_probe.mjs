// What the engine in Pyodide imports from bytecode: boots the built site's engine as the browser does (from its
// snapshot, or with --full the ordinary way), then prints one JSON object on stdout:
//   {"restored": whether the engine came from its snapshot,
//    "booted": [[module, pyc file or null, pyc flags or null, magic ok], …]   the engine's modules after the boot
//    "compiled_later": [modules compiled from source while the rest of the engine was imported]}
// (tests/pyodide/test_bytecode.py reads it: buildkit/bytecode.mjs is why there is bytecode at all.) The pyc of a
// module restored from the snapshot is not on this file system (a snapshot holds memory, not files): its path is
// reported, with null for what it would hold.
//
//   node tests/pyodide/bytecode_probe.mjs [DIST] [--full]

import { bootFromDist, DEFAULT_DIST } from "./engine_in_node.mjs";

const args = process.argv.slice(2);
const [dist = DEFAULT_DIST] = args.filter((arg) => arg !== "--full");
const engine = await bootFromDist(dist, { snapshot: !args.includes("--full") });
const report = engine.pyodide.runPython(`
import importlib, importlib.util, json, pkgutil, sys
import importlib._bootstrap_external as external
import suanfan

def pyc(module):
    cached = getattr(module.__spec__, "cached", None)
    try:
        with open(cached, "rb") as f:
            header = f.read(8)
    except (OSError, TypeError):
        return [module.__name__, cached, None, False]
    return [module.__name__, cached, int.from_bytes(header[4:8], "little"), header[:4] == importlib.util.MAGIC_NUMBER]

booted = [pyc(m) for name, m in sorted(sys.modules.items()) if name == "suanfan" or name.startswith("suanfan.")]
compiled = []
from_source = external.SourceLoader.source_to_code
def counting(self, data, path, *args, **kwargs):
    compiled.append(path)
    return from_source(self, data, path, *args, **kwargs)
external.SourceLoader.source_to_code = counting
for info in pkgutil.walk_packages(suanfan.__path__, "suanfan."):
    if not info.name.endswith(".__main__"):    # that one runs the command line
        importlib.import_module(info.name)
external.SourceLoader.source_to_code = from_source
json.dumps({"booted": booted, "compiled_later": compiled})
`);
process.stdout.write(JSON.stringify({ restored: engine.restored, ...JSON.parse(report) }) + "\n");
