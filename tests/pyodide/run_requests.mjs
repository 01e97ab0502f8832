// Answer every request of a JSONL file with the engine in Pyodide: one suanfan.api.handle_json line each.
//
//   node tests/pyodide/run_requests.mjs REQUESTS.jsonl [DIST]      (DIST defaults to ./dist)
//
// stdout holds exactly the answers, one per request line, "\n"-terminated, so that
// tests/pyodide/test_pyodide_parity.py can compare it byte for byte with CPython's answers.
// Boot time and Pyodide's own messages go to stderr.

import { bootFromDist, DEFAULT_DIST, readRequestLines } from "./engine_in_node.mjs";

const [requestsFile, dist = DEFAULT_DIST] = process.argv.slice(2);
if (!requestsFile) {
  console.error("usage: node tests/pyodide/run_requests.mjs REQUESTS.jsonl [DIST]");
  process.exit(2);
}
const lines = readRequestLines(requestsFile);
const engine = await bootFromDist(dist);
console.error(`pyodide boot + engine install: ${engine.bootMs.toFixed(0)} ms (suanfan ${engine.engineVersion})`);
for (const line of lines) {
  process.stdout.write(engine.handleJson(line) + "\n");
}
