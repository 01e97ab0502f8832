// engine.js: the page's handle on the Suanfan scoring engine, which runs in a Web Worker
// (engine-worker.js, Python in Pyodide, served from this site only). Plain ES module.
//
// Interface (stable: pages are written against exactly this):
//
//   import { createEngine, EngineError } from "./engine.js";
//
//   const engine = createEngine({ onProgress });   // starts the worker at once; create one per page
//   engine.ready          Promise: resolves {engineVersion} when the engine can answer,
//                         rejects with an EngineError when it cannot start
//   engine.call(request, {lane})
//                         Promise of the result dict of suanfan.api for `request` (a plain object such
//                         as {hand: "123m456p789s11z234p", rules: "jiujiang", self_drawn: true}).
//                         Usable at once: calls made before ready wait and are answered after boot.
//                         Many may be waiting; each gets its own answer, in order.
//                         A hand the engine rejects is still a resolved result: {ok: false, error:
//                         {code, position, message: {zh, en}, ...}}; so is a request no rule set could take
//                         (too deep, too large, a hand longer than any: bounds.js), refused here at once.
//                         lane: a name ("score"); a newer call in the same lane supersedes this one (latest wins):
//                         a superseded call rejects with an EngineError whose .superseded is true, and is never
//                         sent, or, if the worker is already busy with it, the worker is restarted after a short
//                         grace so the newest request is not stuck behind it.
//                         The promise rejects (EngineError) when the engine cannot answer at all: it failed to
//                         start, or it stopped answering again after a restart (.code "no_answer").
//   engine.status         "loading" | "ready" | "restarting" | "failed"
//   engine.restart()      start a new worker now (a page's "try again"); waiting calls are sent to it
//   engine.terminate()    stops the worker; pending and later calls reject
//
//   import { pageEngine } from "./engine.js";
//   const engine = pageEngine({ onProgress });   // the page's one engine: started by the first call, the same
//                         engine for every later one; each onProgress hears at once what was reported since the
//                         engine was last ready (all of it, while it has not been), then every later report.
//                         A page that needs the engine from the start loads engine-start.js at the top of its
//                         <head> (an async classic script, run before the page is laid out), so the worker
//                         boots beside the page's loading instead of after it; the engine created first then
//                         takes that worker, and hears everything it said meanwhile (takeEarlyWorker below).
//
//   onProgress({stage, zh, en, zh_hant, fraction})   while booting: stage "runtime" | "engine" |
//                         "ready"; zh/en/zh_hant are sentences to show as they are; fraction runs 0..1. When the worker
//                         dies and is replaced, first stage "restarting" (saying so), then the boot's stages again.
//
//   EngineError           an Error with .zh, .en and .zh_hant (readable, for the page) and .detail (technical);
//                         .message is the English text; .code for the errors a page may act on.
//
// Faults: a worker that dies (its script fails, Pyodide fails fatally) or stops answering (no answer within
// ANSWER_TIMEOUT_MS; INSTALL_TIMEOUT_MS once it says it is installing a rule set for the request, a download of
// megabytes) is replaced by a new one and what was waiting is sent again; after MAX_RESTARTS in a row
// without an answer the engine gives up ("failed"). Only one request is with the worker at a time, so the page
// always knows which one the worker is busy with.
// Messages from the worker are read by their own properties only: nothing inherited counts.
//
// document.documentElement.dataset.engine follows engine.status, so CSS can show or hide what needs the engine,
// and tests can wait for it; data-engine-boot says how the engine that answers booted: "snapshot" (restored from
// the engine's memory snapshot) or "full" (the ordinary boot, when no snapshot could be used).
// data-engine-downloads="kept" is set once the worker has written, after it became ready, its first visit's
// downloads for the service worker (offline.js registers the service worker after that).

import { checkRequest } from "./bounds.js";
import { _ } from "./gettext.js";
import { say } from "./words.js";

const ENGINE_WORKER_URL = new URL("./engine-worker.js", import.meta.url);   // engine-start.js starts the same file

/**
 * The worker engine-start.js started from the page's <head>, and the events it sent since, oldest first; null if
 * it started none (a page without it, a browser that refused) or it was taken already. Either way the property is
 * left marked taken, so that engine-start.js, if it comes later (it is async), starts no second worker. An own
 * property only: a polluted prototype can neither hand the page a worker nor keep one from starting.
 */
function takeEarlyWorker() {
  const KEY = "suanfanEarlyWorker";
  const early = Object.hasOwn(globalThis, KEY) ? globalThis[KEY] : null;
  Object.defineProperty(globalThis, KEY, { value: { taken: true }, configurable: true });
  if (!early?.worker) return null;
  for (const type of early.events) early.worker.removeEventListener(type, early.keep);
  return { worker: early.worker, heard: early.heard };
}

export class EngineError extends Error {
  constructor({ zh, en, zh_hant = undefined, detail = "", code = "engine_failed", superseded = false }) {
    super(en);
    this.name = "EngineError";
    this.zh = zh;
    this.en = en;
    this.zh_hant = zh_hant;   // the Traditional, where the words have one (the engine's, a catalogue's)
    this.detail = detail;
    this.code = code;
    this.superseded = superseded;
  }
}

// A score takes milliseconds and a waits analysis well under a second (on a loaded phone, a few): a worker silent
// this long is stuck or dead.
const ANSWER_TIMEOUT_MS = 15_000;
// An answer that waits for a rule set to be installed (extra-rulesets.js: megabytes over a phone's connection) gets
// this long from the moment the worker says it is installing.
const INSTALL_TIMEOUT_MS = 180_000;
// How long a superseded request may keep the worker busy before the worker is replaced.
const SUPERSEDED_GRACE_MS = 1_000;
const MAX_RESTARTS = 3;

/** A property of a message only if the message itself has it (never one inherited from a prototype). */
function own(object, key) {
  return object !== null && typeof object === "object" && Object.hasOwn(object, key) ? object[key] : undefined;
}

const WORKER_DIED = _("The calculator's background worker could not run. Reload the page; if that fails, use a current browser.");

const STOPPED = _("The calculator was stopped.");

export function createEngine({ onProgress } = {}) {
  const root = document.documentElement;
  const waiting = [];      // calls not yet sent, oldest first: {id, request, lane, resolve, reject, sent}
  let inFlight = null;     // the one call the worker has
  let nextId = 1;
  let status = "loading";
  let failure = null;
  let worker = null;
  let booted = false;      // the current worker is ready
  let everBooted = false;  // some worker was ready once (else a worker that keeps failing never ran at all)
  let restarts = 0;        // in a row, without an answer between them
  let answerTimer = null;
  let graceTimer = null;
  let settleReady;
  const ready = new Promise((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  ready.catch(() => {}); // a page that never awaits `ready` should not see an unhandled rejection

  const setStatus = (value) => {
    status = value;
    root.dataset.engine = value;
  };

  const report = (progress) => {
    if (!onProgress) return;
    try {
      onProgress(progress);
    } catch (err) {
      console.error("engine.js: onProgress failed", err); // a page bug must not stop the engine
    }
  };

  const stopTimers = () => {
    clearTimeout(answerTimer);
    clearTimeout(graceTimer);
  };

  const fail = (info) => {
    if (failure) return;
    failure = new EngineError(info);
    setStatus("failed");
    stopTimers();
    settleReady.reject(failure);
    for (const call of [inFlight, ...waiting.splice(0)]) call?.reject(failure);
    inFlight = null;
    worker?.terminate();
  };

  const superseded = () => new EngineError({ ..._("Replaced by a newer request."), code: "superseded", superseded: true });

  /** A worker silent this much longer about the call in flight is taken for stuck and replaced. */
  const waitForAnswer = (ms) => {
    clearTimeout(answerTimer);
    answerTimer = setTimeout(() => restart("engine_restarting", "no answer in time"), ms);
  };

  /** Send the next waiting call, if the worker is free and ready. */
  const pump = () => {
    if (failure || !booted || inFlight || waiting.length === 0) return;
    inFlight = waiting.shift();
    inFlight.sent += 1;
    try {
      worker.postMessage({ id: inFlight.id, request: inFlight.request });
    } catch (err) {   // not a plain JSON-able object (a function, a DOM node): no worker could answer it
      settle(inFlight.id, (call) => call.reject(new EngineError({
        ..._("This request cannot be sent to the engine."), detail: String(err?.message ?? err) })));
      return;
    }
    waitForAnswer(ANSWER_TIMEOUT_MS);
  };

  const settle = (id, settleWith) => {
    if (!inFlight || inFlight.id !== id) return; // an answer to a call already settled or superseded
    const call = inFlight;
    inFlight = null;
    stopTimers();
    restarts = 0;
    if (call.superseded) call.reject(superseded());
    else settleWith(call);
    pump();
  };

  /** The worker died or is stuck: replace it and send again what was waiting (a superseded call is dropped). */
  function restart(why, detail) {
    if (failure) return;
    stopTimers();
    worker?.terminate();
    restarts += 1;
    if (restarts > MAX_RESTARTS) {
      fail({ ...(everBooted ? say("engine_gave_up") : WORKER_DIED), detail });
      return;
    }
    const call = inFlight;
    inFlight = null;
    if (call?.superseded) call.reject(superseded());
    else if (call && call.sent >= 2) call.reject(new EngineError({ ...say("engine_no_answer"), detail, code: "no_answer" }));
    else if (call) waiting.unshift(call);
    console.warn(`engine.js: restarting the worker (${detail})`);
    report({ stage: "restarting", ...say(why), fraction: 0 });
    setStatus("restarting");
    startWorker();
  }

  function startWorker() {
    booted = false;
    // The first worker may have been started already, from the page's <head> (engine-start.js).
    const early = worker ? null : takeEarlyWorker();
    const current = early?.worker ?? new Worker(ENGINE_WORKER_URL, { type: "module" });
    worker = current;
    current.onmessage = ({ data }) => {
      if (current !== worker) return; // a replaced worker's last words
      const type = own(data, "type");
      if (type === "progress") {
        report({ stage: own(data, "stage"), zh: own(data, "zh"), en: own(data, "en"), zh_hant: own(data, "zh_hant"),
          fraction: own(data, "fraction") });
      } else if (type === "ready") {
        booted = true;
        const boot = own(data, "boot");
        if (boot === "snapshot" || boot === "full") root.dataset.engineBoot = boot;
        everBooted = true;
        setStatus("ready");
        settleReady.resolve({ engineVersion: own(data, "engineVersion") });
        pump();
      } else if (type === "downloads-kept") {
        root.dataset.engineDownloads = "kept";
      } else if (type === "installing") {
        if (inFlight) waitForAnswer(INSTALL_TIMEOUT_MS);
      } else if (type === "installed") {
        // an extra rule set's files were fetched: offline.js has the service worker keep them
        root.dataset.engineInstalled = "yes";
        document.dispatchEvent(new CustomEvent("suanfan:engine-installed", { detail: { rules: own(data, "rules") } }));
      } else if (type === "boot_error") {
        console.error("engine.js: the engine failed to start:", own(data, "detail"));
        fail({ zh: own(data, "zh"), en: own(data, "en"), zh_hant: own(data, "zh_hant"), detail: own(data, "detail") });
      } else if (own(data, "fatal") === true) {
        restart("engine_restarting", `Pyodide failed fatally: ${own(own(data, "error"), "detail")}`);
      } else if (Object.hasOwn(data ?? {}, "result")) {
        settle(own(data, "id"), (call) => call.resolve(own(data, "result")));
      } else if (Object.hasOwn(data ?? {}, "error")) {
        const error = own(data, "error");
        settle(own(data, "id"), (call) => call.reject(new EngineError({
          zh: own(error, "zh"), en: own(error, "en"), zh_hant: own(error, "zh_hant"), detail: own(error, "detail") })));
      }
    };
    // A worker that cannot load its script (or throws outside any request) ends up here: replace it.
    current.onerror = (event) => {
      event.preventDefault?.();
      if (current === worker) restart("engine_restarting", event.message || "the worker's script failed");
    };
    current.onmessageerror = () => {
      if (current === worker) restart("engine_restarting", "a message from the worker could not be read");
    };
    for (const event of early?.heard ?? []) current[`on${event.type}`](event);
  }

  setStatus("loading");
  startWorker();

  return {
    ready,
    get status() {
      return status;
    },
    call(request, { lane = null } = {}) {
      if (failure) return Promise.reject(failure);
      const refused = checkRequest(request);
      if (refused) return Promise.resolve({ ok: false, error: refused });
      if (lane !== null) {
        for (let i = waiting.length - 1; i >= 0; i -= 1) {
          if (waiting[i].lane === lane) waiting.splice(i, 1)[0].reject(superseded());
        }
        if (inFlight?.lane === lane && !inFlight.superseded) {
          inFlight.superseded = true;
          graceTimer = setTimeout(() => restart("engine_superseded", "busy with a superseded request"), SUPERSEDED_GRACE_MS);
        }
      }
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.push({ id, request, lane, resolve, reject, sent: 0 });
        pump();
      });
    },
    restart() {
      restarts = 0;
      restart("engine_restarting", "restart() was called");
    },
    terminate() {
      fail({ ...STOPPED, detail: "terminate() was called" });
    },
  };
}

// ---------------------------------------------------------------- the page's one engine

let shared = null;
// What was reported since the engine was last ready (or since it started), for a listener that comes later: a
// worker replaced before the page's script listened must still be told about ("restarting", then its boot).
let sinceReady = [];
const progressListeners = new Set();

export function pageEngine({ onProgress } = {}) {
  if (!shared) {
    shared = createEngine({
      onProgress: (progress) => {
        sinceReady = progress.stage === "ready" ? [progress] : [...sinceReady, progress];
        for (const listener of progressListeners) tell(listener, progress);
      },
    });
  }
  if (onProgress) {
    progressListeners.add(onProgress);
    for (const progress of sinceReady) tell(onProgress, progress);
  }
  return shared;
}

function tell(listener, progress) {
  try {
    listener(progress);
  } catch (err) {
    console.error("engine.js: onProgress failed", err); // one page script's bug must not silence the others
  }
}
