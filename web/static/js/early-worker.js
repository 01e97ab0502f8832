// early-worker.js: the engine's first worker, started before the page's own scripts run. engine-start.js (an
// async module in <head> of the pages that need the engine from the start) calls startEarlyWorker(); it imports
// nothing else, so it runs as soon as these two small files arrive, before the page is laid out, instead of
// after engine.js and everything engine.js imports. engine.js takes that worker (takeEarlyWorker) for the
// engine it creates first, with whatever the worker said meanwhile; on any other page nothing here runs.

export const ENGINE_WORKER_URL = new URL("./engine-worker.js", import.meta.url);

const EVENTS = ["message", "error", "messageerror"];
let early = null;   // {worker, heard: [events, oldest first], keep: the listener that records them}
let handedOver = false;   // the page's engine exists: a worker started now would be a second one, never taken

export function startEarlyWorker() {
  if (early || handedOver) return;
  const worker = new Worker(ENGINE_WORKER_URL, { type: "module" });
  const heard = [];
  const keep = (event) => {
    if (event.type === "error") event.preventDefault(); // reported by engine.js when it takes the worker
    heard.push(event);
  };
  for (const type of EVENTS) worker.addEventListener(type, keep);
  early = { worker, heard, keep };
}

/**
 * The worker startEarlyWorker() started and the events it sent since, oldest first; null if none (or taken).
 * After this, startEarlyWorker() does nothing (engine-start.js is async: it may run after the page's own script).
 */
export function takeEarlyWorker() {
  handedOver = true;
  if (!early) return null;
  const { worker, heard, keep } = early;
  early = null;
  for (const type of EVENTS) worker.removeEventListener(type, keep);
  return { worker, heard };
}
