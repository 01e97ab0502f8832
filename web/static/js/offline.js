// offline.js: registers the service worker (sw.js at the site's root, see web/sw.js) that keeps the whole
// site usable offline after one visit. Every page loads it from the base layout; it needs nothing else.
//
// It registers once the page has loaded and, on a page that boots the engine, once the engine is ready and its
// worker has kept what it downloaded for the service worker (data-engine-downloads="kept", engine.js), so the
// runtime is not downloaded twice: the service worker installs from those copies.
//
// <html data-offline> says how far it got (CSS may use it; tests wait for "ready"):
//   (absent)      not yet registered: the page or its engine is still loading
//   "installing"  the service worker is caching the site (some 16 MB, most of it the Python runtime)
//   "ready"       the active service worker reports every file of its build cached: the whole site now
//                 works without a network. data-offline-version names that build (the hash in the cache's
//                 name); it changes when a new build's worker takes over
//   "failed"      caching did not finish (the connection dropped, a file did not match the build); the next
//                 visit tries again
//   "unsupported" no service worker here (file://, plain http from a host other than localhost, an old
//                 browser): the site works as before, online only
// The footer of every page (templates/_base.html) shows the reader a line for installing, ready and failed,
// chosen by the stylesheet from this attribute; the cause of a failure is noted on the console only.

const root = document.documentElement;
// The build this page's files came from: the worker that answered them, asked at once (before a newer build's
// worker can replace it). None on a first visit, or when that worker answers from the network (it has seen
// another build on the server, so the page runs the server's).
const startedWith = navigator.serviceWorker?.controller
  ? precacheStatus(navigator.serviceWorker.controller).catch(() => null) : Promise.resolve(null);
const SW_URL = new URL("../../sw.js", import.meta.url);

function note(...args) {
  console.info("offline.js:", ...args);
}

// How long after the load event a page may take to start its engine (calculator.js imports engine.js
// dynamically, so data-engine can appear just after load).
const SETTLE_MS = 1000;

function pageLoaded() {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the page's engine (engine.js sets data-engine) is not loading any more and, if it is ready, its
 * worker has kept its downloads.
 */
function engineSettled() {
  return new Promise((resolve) => {
    const check = () => {
      const { engine, engineDownloads } = root.dataset;
      if (engine !== "loading" && (engine !== "ready" || engineDownloads === "kept")) {
        observer.disconnect();
        resolve();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { attributes: true, attributeFilter: ["data-engine", "data-engine-downloads"] });
    check();
  });
}

/** Ask the active worker whether its cache holds every file of its build. */
function precacheStatus(worker) {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => resolve(data);
    setTimeout(() => reject(new Error("the service worker did not answer")), 10_000);
    worker.postMessage({ type: "precache-status" }, [channel.port2]);
  });
}

/**
 * A page opened while the previous build was still the one kept here runs that build's scripts (and its engine)
 * from the cache; the new build is copied beside it and takes over. Then the page says so and offers a reload,
 * which runs the new build (data-update="ready").
 */
function offerReload() {
  const box = document.getElementById("update-ready");
  if (!box || root.dataset.update === "ready") return;
  root.dataset.update = "ready";
  box.hidden = false;
  document.getElementById("update-reload")?.addEventListener("click", () => location.reload(), { once: true });
}

/**
 * Have the active worker keep the files cached only when needed (an extra rule set's wheel, micropip, the standard
 * library) that this page's engine fetched past it: on a first visit no worker serves the page (sw.js,
 * keepOnDemandFromHttpCache). Asked once a worker is active if the engine has installed a rule set by then
 * (data-engine-installed, engine.js), and whenever it installs one later; an ordinary boot asks for nothing.
 */
function keepOnDemand(registration) {
  registration.active?.postMessage({ type: "keep-on-demand" });
}

/** Set data-offline from the active worker's own account of its cache. */
async function report(registration, worker) {
  if (root.dataset.engineInstalled) keepOnDemand(registration);
  const status = await precacheStatus(worker);
  if (worker !== registration.active) return; // a newer build took over meanwhile: its own report follows
  if (status.complete) {
    const started = await startedWith;
    if (started && !started.networkFirst && started.version !== status.version) offerReload();
    root.dataset.offline = "ready";
    root.dataset.offlineVersion = status.version;
  } else {
    // The browser evicted part of the cache: the next version check reinstalls it.
    root.dataset.offline = "failed";
    note(`only ${status.cached} of ${status.files} files are cached`);
  }
}

/**
 * Keep data-offline in step with the registration, whatever order things happen in: a worker may be
 * installing, waiting, activating or active when register() resolves (the browser checks for a new sw.js on
 * every visit, maybe before this runs), and a new build's worker may replace the active one at any time.
 */
function follow(registration) {
  const watched = new WeakSet();
  let reported = null;
  const update = () => {
    const { installing, waiting, active } = registration;
    for (const worker of [installing, waiting, active]) {
      if (worker && !watched.has(worker)) {
        watched.add(worker);
        worker.addEventListener("statechange", update);
      }
    }
    if (active?.state === "activated") {
      // Old builds' caches are deleted before a worker is "activated": only then is its report the truth.
      if (active !== reported) {
        reported = active;
        report(registration, active).catch((err) => note("no answer from the service worker:", err));
      }
    } else if (!active && (installing || waiting)) {
      root.dataset.offline = "installing";
    } else if (!active) {
      root.dataset.offline = "failed";
      note("caching the site for offline use did not finish; the next visit tries again");
    }
  };
  registration.addEventListener("updatefound", update);
  document.addEventListener("suanfan:engine-installed", () => keepOnDemand(registration));
  update();
}

async function start() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    root.dataset.offline = "unsupported";
    note("no service worker here, so the site will not work offline");
    return;
  }
  await pageLoaded();
  await pause(SETTLE_MS);
  await engineSettled();
  follow(await navigator.serviceWorker.register(SW_URL.href));
}

start().catch((err) => {
  root.dataset.offline = "failed";
  note("the site will not work offline:", err);
});
