// Answer every request of a JSONL file with the engine in Pyodide: one suanfan.api.handle_json line each.
//
//   node tests/pyodide/run_requests.mjs REQUESTS.jsonl [DIST] [--full]      (DIST defaults to ./dist)
//
// --full: the worker's ordinary boot (the wheel unpacked and imported), not the engine's snapshot.
//
// stdout holds exactly the answers, one per request line, "\n"-terminated, so that
// tests/pyodide/test_pyodide_parity.py can compare it byte for byte with CPython's answers.
// Boot time and Pyodide's own messages go to stderr.

import { bootFromDist, DEFAULT_DIST, readRequestLines } from "./engine_in_node.mjs";

const args = process.argv.slice(2);
const full = args.includes("--full");
const [requestsFile, dist = DEFAULT_DIST] = args.filter((arg) => arg !== "--full");
if (!requestsFile) {
  console.error("usage: node tests/pyodide/run_requests.mjs REQUESTS.jsonl [DIST] [--full]");
  process.exit(2);
}
const lines = readRequestLines(requestsFile);
const engine = await bootFromDist(dist, { snapshot: !full });
if (engine.restored === full) {
  console.error(`asked for the ${full ? "ordinary boot" : "snapshot"}, got the ${engine.restored ? "snapshot" : "ordinary boot"}`);
  process.exit(1);
}
console.error(`engine ready in ${engine.bootMs.toFixed(0)} ms, ${engine.restored ? "restored from its snapshot" : "the ordinary boot"} (suanfan ${engine.engineVersion})`);
for (const line of lines) {
  process.stdout.write(engine.handleJson(line) + "\n");
}
