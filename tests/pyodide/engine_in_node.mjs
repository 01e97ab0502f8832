// The built site's engine, booted under Node exactly as the browser worker boots it.
//
// It imports dist/static/js/engine-worker.js and calls its exported bootEngine(): Pyodide from
// dist/pyodide/, then the engine wheel that the pyodide-lock.json build.py updated names. So this runs the
// same wheel, the same lock entry and the same boot code as the browser. One difference: under Node the site's
// files are read from disk (readDistFile below, which checks a sha256 as the browser's fetch does with
// `integrity`: tests/e2e/test_engine_boot.py), and tests/pyodide/test_dist.py checks that the lock describes
// the files dist/ holds.

import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Boot the engine of the site built in `dist`. Resolves {handleJson(text) -> text, engineVersion, restored, bootMs}.
 * With snapshot: false the engine's snapshot is not offered (its description is refused, as when a build made
 * none), so the worker's ordinary boot runs: Pyodide started, the wheel unpacked, the engine imported.
 */
export async function bootFromDist(dist, { snapshot = true } = {}) {
  const distDir = path.resolve(dist);
  const workerModule = path.join(distDir, "static", "js", "engine-worker.js");
  if (!fs.existsSync(workerModule)) {
    throw new Error(`${workerModule} is missing: run \`python3 build.py build\` first`);
  }
  const started = performance.now();
  const { bootEngine, SNAPSHOT_INFO } = await importEngineWorker(distDir);
  // Under Node Pyodide wants a directory path ending in a separator, not a URL. Whatever Python or
  // Pyodide prints while loading goes to stderr: stdout is reserved for results.
  console.log = (...args) => console.error(...args);
  const engine = await bootEngine({
    indexURL: path.join(distDir, "pyodide") + path.sep,
    stdout: (line) => console.error(line),
    readFile: snapshot ? readDistFile : (file, sha256) => (path.basename(file) === SNAPSHOT_INFO
      ? Promise.reject(new Error(`${SNAPSHOT_INFO} withheld: the ordinary boot was asked for`))
      : readDistFile(file, sha256)),
  });
  return { ...engine, bootMs: performance.now() - started };
}

// The worker's module and the modules it imports (dist/static/js/).
const WORKER_MODULES = ["engine-worker.js", "extra-rulesets.js", "gettext.js", "messages.js"];

/**
 * dist/static/js/engine-worker.js as a module under Node. Its files are copied beside a package.json that declares
 * them ES modules: Node before 20.19 does not recognise an ES module named .js otherwise. bootEngine takes every URL
 * from its arguments, so the copy's location does not matter.
 */
export async function importEngineWorker(distDir) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "suanfan-engine-"));
  try {
    fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify({ type: "module" }));
    for (const name of WORKER_MODULES) {
      fs.copyFileSync(path.join(distDir, "static", "js", name), path.join(folder, name));
    }
    return await import(pathToFileURL(path.join(folder, "engine-worker.js")).href);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** bootEngine's readFile under Node: a file of dist/ from disk, refused unless it matches `sha256` (hex). */
async function readDistFile(file, sha256 = null) {
  const bytes = await fs.promises.readFile(file);
  const actual = createHash("sha256").update(bytes).digest("hex");
  if (sha256 && actual !== sha256) throw new Error(`${file}: sha256 ${actual}, expected ${sha256}`);
  return new Uint8Array(bytes);
}

/**
 * The requests of a JSONL file: one request per line, as text (handle_json parses it, so a line
 * of broken JSON is a request too). Lines that are empty or only white space are skipped.
 */
export function readRequestLines(file) {
  return fs
    .readFileSync(file, "utf-8")
    .split("\n")
    .map((line) => line.replace(/\r$/, ""))
    .filter((line) => line.trim() !== "");
}

/** The default dist/ of this checkout. */
export const DEFAULT_DIST = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..", "dist");
