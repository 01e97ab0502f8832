// engine-start.js: starts the page's engine (engine.js, pageEngine) as early as the page can. A page that needs
// the engine from its first moment loads this in its <head> as an async module, which runs as soon as it is
// fetched, while the rest of the page is still being parsed; the page's own scripts, which run only after
// that, take the same engine with pageEngine(). The worker's boot (seconds) then overlaps the page's loading.

import { pageEngine } from "./engine.js";

pageEngine();
