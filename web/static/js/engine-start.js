// engine-start.js: starts the engine's worker while the page is still being read. The pages that need the engine
// from their first moment (calculator, practice, score sheet, presenter) load it as a classic script in <head>,
// right after lang.js (and preload it beside their stylesheets): it runs as soon as the stylesheets are in, before
// the page's body is parsed, styled and laid out, so the worker's boot overlaps all of that. As an async module it
// ran only after the page's first layout: on a first visit about 120 ms after navigation, the runtime's first
// request at about 200 ms (README, "Speed").
//
// A classic script exports nothing: the worker, and every event it sends until the page's engine exists, are kept
// on globalThis.suanfanEarlyWorker, which engine.js takes (and removes) for the engine the page creates first.
// The page's modules run after this script (it blocks the parser; modules wait for the whole page), so that
// engine always finds it. If the worker cannot be started here, nothing is kept and engine.js starts its own
// (and reports why it fails, if it does).
(function () {
  "use strict";
  var EVENTS = ["message", "error", "messageerror"];
  try {
    var worker = new Worker(new URL("engine-worker.js", document.currentScript.src), { type: "module" });
    var heard = [];
    var keep = function (event) {
      if (event.type === "error") event.preventDefault(); // reported by engine.js when it takes the worker
      heard.push(event);
    };
    EVENTS.forEach(function (type) { worker.addEventListener(type, keep); });
    Object.defineProperty(globalThis, "suanfanEarlyWorker",
      { value: { worker: worker, heard: heard, keep: keep, events: EVENTS }, configurable: true });
  } catch (err) {
    console.warn("engine-start.js: the engine's worker was not started early", err);
  }
})();
