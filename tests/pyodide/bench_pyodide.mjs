// Time each request of a JSONL file inside Pyodide (the built site's engine, under Node).
//
//   node tests/pyodide/bench_pyodide.mjs REQUESTS.jsonl [--repeat N] [--warmup N] [--dist DIST] [--json]
//
//   REQUESTS.jsonl  one suanfan.api request per line (blank lines skipped), e.g. tests/fixtures/requests.jsonl
//   --repeat N      timed runs per request (default 5); the table shows their median and minimum
//   --warmup N      untimed runs per request first (default 1)
//   --dist DIST     the built site (default ./dist; run `python3 build.py build` first)
//   --json          one JSON object per request instead of the table:
//                   {"index", "request", "ok", "code", "runs", "first_ms", "median_ms", "min_ms", "max_ms", "runs_ms"}
//                   (first_ms: the first timed run, the one a request meets when nothing before it warmed it;
//                   runs_ms: every timed run, in order)
//
// The boot (Pyodide + the engine wheel) is timed once and reported apart, on stderr.
// Runs are sequential on one thread, as in the browser's worker. From Python, a benchmark script
// (tests/bench_*.py, run by `python3 build.py bench`) can call this with --json and read stdout.

import { bootFromDist, DEFAULT_DIST, readRequestLines } from "./engine_in_node.mjs";

function parseArgs(argv) {
  const options = { repeat: 5, warmup: 1, dist: DEFAULT_DIST, json: false, file: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--json") options.json = true;
    else if (arg === "--repeat" || arg === "--warmup") options[arg.slice(2)] = Number(argv[++i]);
    else if (arg === "--dist") options.dist = argv[++i];
    else if (!arg.startsWith("--") && options.file === null) options.file = arg;
    else usage(`unknown argument ${arg}`);
  }
  if (!options.file) usage("no REQUESTS.jsonl given");
  if (!(Number.isInteger(options.repeat) && options.repeat >= 1)) usage("--repeat needs a whole number >= 1");
  if (!(Number.isInteger(options.warmup) && options.warmup >= 0)) usage("--warmup needs a whole number >= 0");
  return options;
}

function usage(problem) {
  console.error(`bench_pyodide: ${problem}`);
  console.error("usage: node tests/pyodide/bench_pyodide.mjs REQUESTS.jsonl [--repeat N] [--warmup N] [--dist DIST] [--json]");
  process.exit(2);
}

function timeRequest(engine, line, { repeat, warmup }) {
  let answer = "";
  for (let i = 0; i < warmup; i++) engine.handleJson(line);
  const times = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    answer = engine.handleJson(line);
    times.push(performance.now() - start);
  }
  const first = times[0];
  const inOrder = [...times];
  times.sort((a, b) => a - b);
  const result = JSON.parse(answer);
  return {
    ok: result.ok === true,
    code: result.ok ? null : (result.error?.code ?? null),
    runs: repeat,
    first_ms: first,
    median_ms: times[Math.floor((times.length - 1) / 2)],
    min_ms: times[0],
    max_ms: times[times.length - 1],
    runs_ms: inOrder,
  };
}

const options = parseArgs(process.argv.slice(2));
const lines = readRequestLines(options.file);
const engine = await bootFromDist(options.dist);
console.error(`boot: ${engine.bootMs.toFixed(0)} ms (Pyodide + suanfan ${engine.engineVersion})`);

const rows = lines.map((line, index) => ({ index: index + 1, request: line, ...timeRequest(engine, line, options) }));
if (options.json) {
  for (const row of rows) process.stdout.write(JSON.stringify(row) + "\n");
} else {
  const ms = (value) => value.toFixed(2).padStart(9);
  process.stdout.write(`${"#".padStart(4)} ${"median ms".padStart(9)} ${"min ms".padStart(9)}  result         request\n`);
  for (const row of rows) {
    const outcome = (row.ok ? "ok" : row.code ?? "error").padEnd(14);
    const request = row.request.length > 70 ? row.request.slice(0, 69) + "…" : row.request;
    process.stdout.write(`${String(row.index).padStart(4)} ${ms(row.median_ms)} ${ms(row.min_ms)}  ${outcome} ${request}\n`);
  }
  const medians = rows.map((row) => row.median_ms).sort((a, b) => a - b);
  const total = medians.reduce((sum, value) => sum + value, 0);
  process.stdout.write(
    `${rows.length} requests: median of medians ${medians[Math.floor((medians.length - 1) / 2)].toFixed(2)} ms, ` +
      `slowest ${medians[medians.length - 1].toFixed(2)} ms, sum ${total.toFixed(1)} ms\n`,
  );
}
