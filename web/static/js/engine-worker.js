// engine-worker.js: the Suanfan engine in Pyodide, in a dedicated module Web Worker.
// Started by engine.js (`new Worker(url, {type: "module"})`); pages talk to engine.js, not to this file.
//
// Boot, all from the site's own files (URLs relative to this script, so the site works under any path):
//   1. Pyodide from ../../pyodide/ (pyodide.mjs, the wasm runtime)
//   2. the engine, from its memory snapshot: Pyodide's memory just after the whole engine was imported, made by
//      the build (buildkit/snapshot.mjs) and named in suanfan-snapshot.json (by a file name that carries the
//      snapshot's own hash, so no cached copy of another build's answers for it; the fetch checks its sha256).
//      Pyodide restores it instead of starting Python (`_loadSnapshot`, experimental in Pyodide: it refuses a
//      snapshot of another runtime build), which is most of a boot's work. Restored, Python already holds every
//      module of the engine and every module of the standard library it will import, so this boot downloads
//      neither the engine's wheel nor the standard library (2.5 MB): Pyodide is given an empty zip for it
//      (EMPTY_STDLIB), and a module that was not in the snapshot cannot be imported (ModuleNotFoundError) until
//      the booted engine's withStandardLibrary() has put the real one in its place: whatever needs more of Python
//      than the engine does (micropip, say) calls it first.
//   2'. when there is no usable snapshot (none built, a download or check that failed, a restore that threw):
//      the ordinary boot, with the standard library. The engine's wheel that build.py registered in
//      pyodide-lock.json is fetched, refused unless it matches the lock's sha256, and unpacked into site-packages
//      with pyodide.unpackArchive (not pyodide.loadPackage, whose installer imports tarfile, email and
//      importlib.metadata: some 200 ms; no micropip either), then the engine is imported. The lock is read once,
//      here, and handed to Pyodide.
// The server may send any of these files compressed (Content-Encoding: the build writes .br and .gz copies); the
// browser decodes them before this worker sees them.
// No other origin is ever contacted.
// On a first visit (no copy of the site cached for offline use yet) the runtime's downloads are also kept in
// the cache "suanfan <site root> downloaded", where the service worker (web/sw.js) finds them when it
// installs instead of downloading the same 13 MB again; it checks each against its build's sha256 and
// deletes that cache once it is active. The copies are written after "ready" (writing 13 MB while booting
// slowed the boot by about half a second), and "downloads-kept" says when they are.
//
// Messages in:   {id, request}            request: a JSON-able object for suanfan.api
// Messages out:  {type: "progress", stage, zh, en, fraction}     while booting; stage "ready" last
//                {type: "ready", engineVersion, boot}   boot: "snapshot" (restored) or "full" (the ordinary boot)
//                {type: "downloads-kept"}       after "ready": the first visit's copies for the service worker are
//                                               written (or given up on); sent after every "ready", kept or not
//                {type: "boot_error", zh, en, detail}          boot failed: readable text + technical detail
//                {id, result}      result = JSON.parse(suanfan.api.handle_json(JSON.stringify(request)))
//                {id, error: {zh, en, detail}}                 only when no result could be computed at all
//                {id, error, fatal: true}   Pyodide failed fatally and can answer nothing more: the page replaces
//                                           this worker (engine.js) and sends the request again
// A request naming rules the engine does not know, which the site ships as a wheel of its own, is answered once
// micropip has installed it (extra-rulesets.js); while it installs, later requests may be answered first.
// Requests that arrive before "ready" are queued and answered once the engine is up. A message is read by its own
// properties only (a polluted Object.prototype in this worker could not make one up).
//
// bootEngine() is exported so that tests/pyodide runs this very boot sequence under Node, keepDownloadsForOffline()
// so that tests/pyodide/keep_downloads.mjs can check when it hands a download on.

import { extraRulesets } from "./extra-rulesets.js";

export const STAGES = {
  // No size: a first visit downloads some 20 MB, a later one reads them from this browser's own copies.
  runtime: { zh: "正在载入 Python 运行环境……", en: "Loading the Python runtime…", fraction: 0.05 },
  engine: { zh: "正在安装算番引擎…", en: "Installing the Suanfan engine…", fraction: 0.85 },
  ready: { zh: "计算器已就绪。", en: "The calculator is ready.", fraction: 1 },
};

// How often, at most, a slow first download says how far it has come (and not before it has lasted this long).
const DOWNLOAD_NEWS_MS = 1000;

const STAGE_SUBJECT = {
  runtime: { zh: "Python 运行环境", en: "the Python runtime" },
  engine: { zh: "算番引擎", en: "the Suanfan engine" },
};

const IMPORT_ENGINE = `
import suanfan.api
suanfan.__version__
`;

// After a restore. Every process restored from one snapshot would share its random state, which the build made
// the same on every build (buildkit/snapshot.mjs): nothing in the engine draws from it (it keeps its own
// generators, seeded by each request), but a module that ever did must not repeat other visitors', so `random` is
// seeded again from the browser's crypto.getRandomValues (os.urandom and `secrets` read it at every call already).
// What the import system remembers of the standard library's zip (its table of contents, its importer), forgotten
// whenever the file at its path is another: the empty stand-in after a restore, the real one put in its place.
const FORGET_STDLIB_CONTENTS = `
import sys, zipimport
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
`;

// The standard library here is the empty stand-in: the import system forgets the real one's table of contents,
// so that a module the snapshot lacks is reported as missing instead of read from a file that is not there.
const AFTER_RESTORE = `
import random
random.seed()
${FORGET_STDLIB_CONTENTS}
${IMPORT_ENGINE}`;

export const SNAPSHOT_INFO = "suanfan-snapshot.json";
// What a boot from the snapshot gives Pyodide for the standard library: an empty zip (the build writes it).
export const EMPTY_STDLIB = "suanfan-empty-stdlib.zip";
// The real one, which the ordinary boot reads and withStandardLibrary() brings in (buildkit/offline.py: on demand).
const STDLIB = "python_stdlib.zip";

/**
 * Boot Pyodide from `indexURL` (a URL in a browser, a directory path ending in "/" under Node), with the engine in
 * it, and return {handleJson(text) -> text, engineVersion, pyodide, restored, withStandardLibrary}: restored says
 * whether it came from the engine's snapshot (else the ordinary boot ran, see the top of this file);
 * withStandardLibrary() -> Promise resolves once Python can import any module of the standard library (below).
 * onProgress(stage) is called as each stage starts. A failure rejects with an Error whose `stage` says where.
 * Python's printed output goes to `stdout(line)`, by default console.log.
 * readFile(url, sha256) -> Promise<Uint8Array> reads a file of the site, refusing it unless its sha256 (hex)
 * matches when one is given: fetch by default (tests/pyodide, under Node, passes one that reads the disk).
 * onSnapshotInfo(info) is given suanfan-snapshot.json once read.
 */
export async function bootEngine({ indexURL, onProgress = () => {}, stdout = (line) => console.log(line),
                                   readFile = fetchSiteFile, onSnapshotInfo = () => {} }) {
  let stage = "runtime";
  const enter = (next) => {
    stage = next;
    onProgress(next);
  };
  const warnings = recordBootWarnings();
  try {
    enter("runtime");
    if (typeof WebAssembly !== "object") {
      throw new Error("WebAssembly is not available in this browser");
    }
    const lock = readFile(indexURL + "pyodide-lock.json")
      .then((bytes) => JSON.parse(new TextDecoder().decode(bytes)));
    const snapshot = readSnapshot(indexURL, readFile, onSnapshotInfo);
    snapshot.catch(() => {});
    const { loadPyodide } = await import(indexURL + "pyodide.mjs");
    // packageBaseUrl = indexURL also replaces Pyodide's CDN fallback, so a missing file fails here
    // instead of being fetched from elsewhere.
    const options = { indexURL, packageBaseUrl: indexURL, lockFileContents: lock, stdout };
    const boot = (extra = {}) => Promise.race([loadPyodide({ ...options, ...extra }), warnings.wasmFailed]);
    let pyodide = null;
    let engineVersion = null;
    try {
      pyodide = await boot({ _loadSnapshot: snapshot, stdLibURL: indexURL + EMPTY_STDLIB });
      enter("engine");
      engineVersion = pyodide.runPython(AFTER_RESTORE);
    } catch (err) {
      if (warnings.wasmBroken) throw err;   // the runtime itself failed: the ordinary boot would fail alike
      console.warn("engine-worker.js: booting without the engine's snapshot:", err?.message ?? err);
      pyodide = null;
    }
    const restored = pyodide !== null;
    if (!restored) {
      const wheel = lock.then(({ packages }) => {
        const entry = Object.hasOwn(packages, "suanfan") ? packages.suanfan : null;
        if (!entry) throw new Error("pyodide-lock.json has no entry for suanfan");
        return readFile(indexURL + entry.file_name, entry.sha256)
          .catch((err) => { throw new Error(`${entry.file_name} could not be loaded: ${err?.message ?? err}`); });
      });
      wheel.catch(() => {});   // awaited in the "engine" stage, where its failure is reported
      if (stage !== "runtime") enter("runtime");   // a restore that failed late: the runtime starts again
      pyodide = await boot();
      enter("engine");
      pyodide.unpackArchive(await wheel, "wheel", { extractDir: pyodide.runPython(SITE_PACKAGES) });
      engineVersion = pyodide.runPython(IMPORT_ENGINE);
    }
    const handleJson = pyodide.pyimport("suanfan.api").handle_json;
    let stdlib = restored ? null : Promise.resolve();   // the ordinary boot read the real one already
    const withStandardLibrary = () => {
      stdlib ??= loadStandardLibrary(pyodide, indexURL, readFile).catch((err) => {
        stdlib = null;   // a failed download may be tried again
        throw err;
      });
      return stdlib;
    };
    enter("ready");
    return { pyodide, engineVersion, restored, withStandardLibrary, handleJson: (text) => handleJson(text) };
  } catch (err) {
    const failure = err instanceof Error ? err : new Error(String(err));
    failure.stage = stage;
    failure.warnings = warnings.lines.slice(-10);
    throw failure;
  } finally {
    warnings.stop();
  }
}

/** The engine's snapshot. Rejects when there is none or it cannot be read or does not match its sha256 (the boot
 * then goes the ordinary way). */
async function readSnapshot(indexURL, readFile, onSnapshotInfo) {
  const info = JSON.parse(new TextDecoder().decode(await readFile(indexURL + SNAPSHOT_INFO)));
  if (typeof info?.file_name !== "string" || typeof info?.sha256 !== "string") {
    throw new Error(`${SNAPSHOT_INFO} names no snapshot`);
  }
  onSnapshotInfo(info);
  return readFile(indexURL + info.file_name, info.sha256);
}

/**
 * The real standard library put where a boot from the snapshot was given the empty stand-in, for code that needs a
 * module the snapshot lacks (micropip, to install a wheel beyond the engine's, imports many; a test reaches for
 * ctypes). Read from the site once, 2.5 MB; the service worker keeps it for offline use on this first request.
 */
async function loadStandardLibrary(pyodide, indexURL, readFile) {
  const zip = await readFile(indexURL + STDLIB);
  pyodide.FS.writeFile(pyodide.runPython(STDLIB_PATH), zip);
  pyodide.runPython(FORGET_STDLIB_CONTENTS);
}

// Where Pyodide put the standard library's zip: the one zip on sys.path.
const STDLIB_PATH = `
import sys
next(path for path in sys.path if path.endswith(".zip"))
`;

const SITE_PACKAGES = `
import site
site.getsitepackages()[0]
`;

/** A file of the site by fetch; with a sha256 (hex), the browser refuses a body that does not match it. */
async function fetchSiteFile(url, sha256 = null) {
  const response = await fetchOk(url, { integrity: sha256 ? `sha256-${hexToBase64(sha256)}` : "" });
  return new Uint8Array(await response.arrayBuffer());
}

async function fetchOk(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url}`);
  return response;
}

function hexToBase64(hex) {
  return btoa(String.fromCharCode(...hex.match(/../g).map((pair) => parseInt(pair, 16))));
}

/**
 * Records what Pyodide warns about while booting, for the failure's detail: some failures are only
 * logged. In particular Pyodide 314 swallows a failed download or compile of pyodide.asm.wasm (it logs
 * "wasm instantiation failed!" and the error, and loadPyodide never settles); `wasmFailed` turns that log
 * into a rejection, so a broken runtime is reported instead of "loading" forever, and sets `wasmBroken` (the
 * ordinary boot need not be tried after a snapshot's: it would fail alike).
 */
function recordBootWarnings() {
  const originals = { warn: console.warn, error: console.error };
  const lines = [];
  const state = { lines, wasmBroken: false, stop: () => Object.assign(console, originals) };
  let fail;
  const wasmFailed = new Promise((_, reject) => {
    fail = reject;
  });
  for (const level of ["warn", "error"]) {
    console[level] = (...args) => {
      originals[level].apply(console, args);
      lines.push(args.map(String).join(" "));
      if (args[0] === "wasm instantiation failed!") {
        state.wasmBroken = true;
        // The error itself is the next warning, logged right after this one.
        setTimeout(() => fail(new Error(`WebAssembly instantiation failed: ${lines.at(-1)}`)), 0);
      }
    };
  }
  state.wasmFailed = wasmFailed;
  return state;
}

/** The readable form of a boot failure, for the person in front of the page. */
export function describeBootError(err) {
  const subject = STAGE_SUBJECT[err?.stage] ?? STAGE_SUBJECT.runtime;
  const logged = err?.warnings?.length ? `\n\nLogged while booting:\n${err.warnings.join("\n")}` : "";
  const detail = (String(err?.message ?? err) + logged).slice(-3000);
  if (typeof WebAssembly !== "object") {
    return {
      zh: "这个浏览器不支持 WebAssembly,计算器无法运行。请换用新版的 Chrome、Edge、Firefox 或 Safari。",
      en: "This browser has no WebAssembly, so the calculator cannot run. Please use a current Chrome, Edge, Firefox or Safari.",
      detail,
    };
  }
  return {
    zh: `计算器启动失败:无法加载${subject.zh}。请检查网络连接后刷新页面。`,
    en: `The calculator could not start: ${subject.en} failed to load. Check the connection and reload the page.`,
    detail,
  };
}

/**
 * On a first visit, keep a copy of every file of the site that this worker fetches (the runtime, the standard
 * library, the lock, the engine's snapshot) in the cache "suanfan <site root> downloaded", for the service worker
 * (web/sw.js) to install from instead of the network. Not when any of the site's caches exists: then a build
 * is cached, or being cached, already. Keeping a copy never fails the boot.
 * Each response is cloned the moment it arrives and handed on at once; the clone is read as its bytes come (held
 * in memory), which also measures the download: onBytes(received, expected) after each piece, expected being what
 * the responses' Content-Length announced. Whether a copy is wanted is known only when the Cache API answers, and
 * on a new profile, whose cache storage is still being created, that came late enough to hold back the runtime's
 * own downloads. Copies found not wanted are let go. The returned function writes the rest, once the engine is
 * ready, and its promise settles when they are written (or after KEEP_WAIT_MS): the page's offline.js registers
 * the service worker only after "downloads-kept".
 */
const KEEP_WAIT_MS = 5000;

export function keepDownloadsForOffline(scope, siteRoot, onBytes = () => {}) {
  if (!scope.caches) return () => Promise.resolve(); // no Cache API (not a secure context): no service worker
  const prefix = `suanfan ${siteRoot} `;
  const keeping = scope.caches.keys()
    .then((names) => (names.some((name) => name.startsWith(prefix)) ? null : scope.caches.open(prefix + "downloaded")))
    .catch(() => null);
  let copies = [];   // {url, kept: Promise<Response | null>, letGo}; null once it is known that nothing is kept
  let received = 0;
  let expected = 0;
  const letGo = () => {
    for (const copy of copies ?? []) copy.letGo();
    copies = null;
  };
  keeping.then((cache) => cache || letGo());

  const readCopy = (clone) => {
    expected += Number(clone.headers.get("content-length")) || 0;
    const reader = clone.body?.getReader();
    const kept = (async () => {
      const pieces = [];
      for (let piece = await reader?.read(); piece && !piece.done; piece = await reader.read()) {
        pieces.push(piece.value);
        received += piece.value.byteLength;
        onBytes(received, expected);
      }
      // The file itself: what said how it crossed the network (a compressed encoding and length) no longer applies.
      const headers = new Headers(clone.headers);
      headers.delete("content-encoding");
      headers.delete("content-length");
      return new Response(new Blob(pieces), { status: clone.status, statusText: clone.statusText, headers });
    })().catch(() => null);   // let go, or the download failed: nothing to keep
    return { url: clone.url, kept, letGo: () => reader?.cancel().catch(() => {}) };
  };

  const fetchFromNetwork = scope.fetch.bind(scope);
  scope.fetch = async (input, init) => {
    const response = await fetchFromNetwork(input, init);
    if (copies && response.ok && response.type === "basic" && !response.redirected
        && response.url.startsWith(siteRoot)) {
      copies.push(readCopy(response.clone()));
    }
    return response;
  };
  return async () => {
    scope.fetch = fetchFromNetwork;
    const cache = await keeping;
    const written = (cache ? copies : []).map(async ({ url, kept }) => {
      const copy = await kept;
      if (copy) await cache.put(url, copy);
    });
    copies = null;
    await Promise.race([
      Promise.allSettled(written),
      new Promise((resolve) => setTimeout(resolve, KEEP_WAIT_MS)),
    ]);
  };
}

/** After an error: is Pyodide still usable? (After a fatal error every call into it throws.) */
function isFatal(pyodide) {
  try {
    pyodide.runPython("1");
    return false;
  } catch {
    return true;
  }
}

function startWorker(scope) {
  const queue = [];
  let engine = null;
  let failure = null;
  let installExtra = null;   // extra-rulesets.js's installer, once the engine is up

  const answer = async ({ id, request }) => {
    if (failure) {
      scope.postMessage({ id, error: failure });
      return;
    }
    try {
      const ask = () => JSON.parse(engine.handleJson(JSON.stringify(request)));
      let result = ask();
      // Extra rule sets (extra-rulesets.js): rules the engine does not know yet may be installed, then asked again.
      if (await installExtra(request, result)) {
        result = ask();
        scope.postMessage({ type: "installed", rules: request.rules });   // offline.js has the new files kept
      }
      scope.postMessage({ id, result });
    } catch (err) {
      const detail = String(err?.message ?? err).slice(-2000);
      const words = err?.words ?? { zh: "计算器内部出错,没有得到结果。", en: "The calculator failed to produce a result." };
      const error = { ...words, detail };
      if (isFatal(engine.pyodide)) {
        scope.postMessage({ id, error, fatal: true });
        scope.close();
      } else {
        scope.postMessage({ id, error });
      }
    }
  };

  // Attached before any await, so no message can arrive unheard.
  scope.onmessage = (event) => {
    const data = event.data;
    if (data === null || typeof data !== "object" || !Object.hasOwn(data, "id")) return;
    const message = { id: data.id, request: Object.hasOwn(data, "request") ? data.request : undefined };
    if (engine || failure) answer(message);
    else queue.push(message);
  };

  // A first visit's download, said as it goes when it is slow (a phone's network): the runtime stage's bar moves
  // with the bytes, in the same words, at most every DOWNLOAD_NEWS_MS (a page's status line is a live region).
  let stageNow = "runtime";
  const stageStarted = Date.now();
  let newsSaid = 0;
  let fractionSaid = STAGES.runtime.fraction;
  // What a boot from the snapshot downloads, as the build counted it (suanfan-snapshot.json): a response sent
  // compressed announces its compressed length, while what is read of it is the file itself.
  let bootBytes = null;
  const onBytes = (received, announced) => {
    const now = Date.now();
    const expected = bootBytes ?? announced;
    if (stageNow !== "runtime" || !expected || now - stageStarted < DOWNLOAD_NEWS_MS
        || now - newsSaid < DOWNLOAD_NEWS_MS) return;
    const share = Math.min(1, received / expected);
    const fraction = STAGES.runtime.fraction + (STAGES.engine.fraction - STAGES.runtime.fraction) * share;
    if (fraction - fractionSaid < 0.01) return;
    newsSaid = now;
    fractionSaid = fraction;
    scope.postMessage({ type: "progress", stage: "runtime", ...STAGES.runtime, fraction });
  };
  const keepDownloads = keepDownloadsForOffline(scope, new URL("../../", import.meta.url).href, onBytes);
  const indexURL = new URL("../../pyodide/", import.meta.url).href;
  const onProgress = (stage) => {
    stageNow = stage;
    scope.postMessage({ type: "progress", stage, ...STAGES[stage] });
  };
  const onSnapshotInfo = (info) => {
    if (Number.isFinite(info.boot_bytes)) bootBytes = info.boot_bytes;
  };
  bootEngine({ indexURL, onProgress, onSnapshotInfo }).then(
    async (booted) => {
      engine = booted;
      // before micropip: the standard library, which a boot from the snapshot lacks (withStandardLibrary)
      installExtra = extraRulesets(booted.pyodide, indexURL, fetchSiteFile, booted.withStandardLibrary);
      scope.postMessage({ type: "ready", engineVersion: booted.engineVersion, boot: booted.restored ? "snapshot" : "full" });
      queue.splice(0).forEach(answer);
      await keepDownloads();
      scope.postMessage({ type: "downloads-kept" });
    },
    (err) => {
      failure = describeBootError(err);
      scope.postMessage({ type: "boot_error", ...failure });
      queue.splice(0).forEach(answer); // the page stops this worker now: its copies go with it
    },
  );
}

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  startWorker(self);
}
