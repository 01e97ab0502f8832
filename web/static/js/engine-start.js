// engine-start.js: starts the engine's worker as early as a page can. The pages that need the engine from their
// first moment (calculator, practice, score sheet, presenter) load it at the top of <head> as an async classic
// script: it runs the moment it arrives, while the page still waits for its stylesheets, so the worker's boot
// starts before the body is parsed, styled and laid out (Chromium hands a new worker its script through the
// page's main thread, so a worker asked for during the first layout starts only after it). Run after the first
// layout, as an async module once was, the runtime's first request came some 100 ms later (docs/speed.md).
//
// A classic script exports nothing: the worker, and every event it sends until the page's engine exists, are kept
// on globalThis.suanfanEarlyWorker, an own property, which engine.js takes for the engine the page creates first.
// Being async, this may also run after the page's script (a slow network): engine.js then leaves the property
// set, taken, and nothing starts here. If the worker cannot be started here, nothing is kept and engine.js
// starts its own (and reports why it fails, if it does).
(function () {
  "use strict";
  var KEY = "suanfanEarlyWorker";
  var EVENTS = ["message", "error", "messageerror"];
  if (Object.prototype.hasOwnProperty.call(globalThis, KEY)) return;   // the page's engine came first
  try {
    var worker = new Worker(new URL("engine-worker.js", document.currentScript.src), { type: "module" });
    var heard = [];
    var keep = function (event) {
      if (event.type === "error") event.preventDefault(); // reported by engine.js when it takes the worker
      heard.push(event);
    };
    EVENTS.forEach(function (type) { worker.addEventListener(type, keep); });
    Object.defineProperty(globalThis, KEY,
      { value: { worker: worker, heard: heard, keep: keep, events: EVENTS }, configurable: true });
  } catch (err) {
    console.warn("engine-start.js: the engine's worker was not started early", err);
  }
})();
