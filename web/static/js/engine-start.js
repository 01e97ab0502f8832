// engine-start.js: starts the page's engine worker as early as the page can. A page that needs the engine from its
// first moment loads this in its <head> as an async module, which runs as soon as it is fetched, while the rest of
// the page is still being read; the worker's boot (seconds) then overlaps the page's loading. The page's own
// scripts, which run only after that, take the worker with pageEngine() (engine.js), with everything it reported
// meanwhile. Kept to one small import, so it runs before the page's first layout.

import { startEarlyWorker } from "./early-worker.js";

startEarlyWorker();
