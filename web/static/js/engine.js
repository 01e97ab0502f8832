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
//   engine.call(request)  Promise of the result dict of suanfan.api for `request` (a plain object such
//                         as {hand: "123m456p789s11z234p", rules: "jiujiang", self_drawn: true}).
//                         Usable at once: calls made before ready wait and are answered after boot.
//                         Many may be in flight; each gets its own answer.
//                         A hand the engine rejects is still a resolved result: {ok: false, error:
//                         {code, position, message: {zh, en}, ...}}. The promise rejects (EngineError)
//                         only when the engine cannot answer at all (it failed to start, or broke).
//   engine.status         "loading" | "ready" | "failed"
//   engine.terminate()    stops the worker; pending and later calls reject
//
//   onProgress({stage, zh, en, fraction})   while booting: stage "runtime" | "engine" |
//                         "ready"; zh/en are sentences to show as they are; fraction runs 0..1.
//
//   EngineError           an Error with .zh and .en (readable, for the page) and .detail (technical);
//                         .message is the English text.
//
// document.documentElement.dataset.engine follows engine.status ("loading", then "ready" or "failed"),
// so CSS can show or hide what needs the engine, and tests can wait for it.

export class EngineError extends Error {
  constructor({ zh, en, detail = "" }) {
    super(en);
    this.name = "EngineError";
    this.zh = zh;
    this.en = en;
    this.detail = detail;
  }
}

const WORKER_DIED = {
  zh: "计算器的后台程序无法运行。请刷新页面重试;若仍失败,请换用新版浏览器。",
  en: "The calculator's background worker could not run. Reload the page; if that fails, use a current browser.",
};

const STOPPED = { zh: "计算器已停止。", en: "The calculator was stopped." };

export function createEngine({ onProgress } = {}) {
  const root = document.documentElement;
  const pending = new Map(); // id -> {resolve, reject}
  let nextId = 1;
  let status = "loading";
  let failure = null;
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

  const fail = (info) => {
    if (failure) return;
    failure = new EngineError(info);
    setStatus("failed");
    settleReady.reject(failure);
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  };

  setStatus("loading");
  const worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });

  worker.onmessage = ({ data }) => {
    if (data.type === "progress") {
      report({ stage: data.stage, zh: data.zh, en: data.en, fraction: data.fraction });
    } else if (data.type === "ready") {
      setStatus("ready");
      settleReady.resolve({ engineVersion: data.engineVersion });
    } else if (data.type === "boot_error") {
      console.error("engine.js: the engine failed to start:", data.detail);
      fail(data);
    } else if (pending.has(data.id)) {
      const { resolve, reject } = pending.get(data.id);
      pending.delete(data.id);
      if (data.error) reject(new EngineError(data.error));
      else resolve(data.result);
    }
  };
  // A worker that cannot even load (no module workers, a missing or broken script) ends up here.
  worker.onerror = (event) => {
    event.preventDefault?.();
    fail({ ...WORKER_DIED, detail: event.message || "worker error" });
  };
  worker.onmessageerror = () => fail({ ...WORKER_DIED, detail: "a message from the worker could not be read" });

  return {
    ready,
    get status() {
      return status;
    },
    call(request) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, request });
      });
    },
    terminate() {
      worker.terminate();
      fail({ ...STOPPED, detail: "terminate() was called" });
    },
  };
}
