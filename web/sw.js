// sw.js: Suanfan's service worker. After one visit the whole site works without a network: every page,
// the CSS/JS and tile art, and the Pyodide runtime and the engine's snapshot, so the calculator
// and the lesson exercises still score offline.
//
// The build writes dist/sw.js (build.py, write_service_worker): `const PRECACHE = {...}` listing
// every file of that build with its size and sha256, then this file. It lives at the site's root because a
// service worker only controls its own folder and below; offline.js registers it.
// Listed files marked onDemand (buildkit/offline.py: the standard library and the engine's wheel, which only the
// engine's ordinary boot reads, when the snapshot cannot be used) are not installed: they are cached when a
// boot needs them, from the engine's worker's downloads at install or from the network on their first request,
// so the ordinary boot works offline wherever it has run once online.
//
//   install    fetch every listed file but the onDemand ones into the cache "suanfan <site root> <version>", where
//              the version is a hash of all their contents (a new build, a new cache). Each download is checked
//              against the listed sha256, so the cache always holds exactly one build, never a mix or a half-deployed
//              server's files. Files already cached under this version are kept (an install cut short by a lost
//              connection resumes where it stopped). A file is not downloaded at all when this site's other caches
//              hold a copy with the listed sha256: "suanfan <site root> downloaded", where the engine's worker
//              (engine-worker.js) keeps what it fetched on a first visit (so the 13 MB runtime crosses the network
//              once, not twice), and an older build's cache (a new build downloads only the files that changed). Then
//              skipWaiting: a new build takes over at once.
//   activate   delete this site's other caches (other versions, the worker's downloads).
//   pages      network first (a teacher online always gets the current page); on a network failure, or no
//              answer within PAGE_TIMEOUT_MS (bad Wi-Fi), the cached copy.
//   other files in the list: cache first (they are the cached build's own), the network if somehow missing (an
//              onDemand file is then checked against its sha256 and kept); pyodide.asm.wasm from the HTTP cache
//              first when it holds this build's copy (KEPT_COMPILED: why).
//   anything else (another origin, POST, a URL not in the list): not touched, the browser fetches it itself.
//   Nothing is ever written to the cache but the listed files, each checked against its sha256.
// The server may send any file compressed (Content-Encoding); the browser decodes it before this worker sees it,
// so the cache holds the files themselves and every sha256 is the plain file's.
//
// One build at a time: when a page comes from the network and is not this build's copy of it, the server
// has another build. From then on this worker answers everything network first (a fresh page must not get
// the old build's scripts) until the new build's worker, which the browser fetches after that navigation,
// replaces it.
//
// Clients are not claimed: a page keeps the worker it started with (none, on the first visit), so a page
// loaded from the network never has its later requests answered from a cache it did not load from.
// Any later page, including the first page reloaded, is served by this worker.
//
// Messages: {type: "precache-status"} on a MessagePort answers {version, cache, files, cached, bytes,
// complete, networkFirst} (what offline.js reports as data-offline="ready"; networkFirst: this worker has seen
// another build on the server and answers from the network, so a page it serves runs that build).
// {type: "keep-on-demand"}: copy the onDemand files a page fetched past this worker from the HTTP cache
// (keepOnDemandFromHttpCache).

/* global PRECACHE */

const PAGE_TIMEOUT_MS = 5000;

const SITE_ROOT = new URL("./", self.location).href;
const CACHE_PREFIX = `suanfan ${SITE_ROOT} `;
const CACHE_NAME = CACHE_PREFIX + PRECACHE.version;

/** Absolute URL -> {path, size, integrity, onDemand?} for every file of this build. */
const FILES = new Map(PRECACHE.files.map((file) => [new URL(file.path, SITE_ROOT).href, file]));
/** The files installed with this worker: every file but those cached when needed. */
const INSTALLED = new Map([...FILES].filter(([, file]) => !file.onDemand));

let serverHasAnotherBuild = false;

// The browser keeps the machine code it compiles from a WebAssembly response beside the copy the response came
// from (the HTTP cache's, or a Cache Storage entry), and compiling pyodide.asm.wasm takes seconds. A first
// visit compiled it from the HTTP cache's copy (no page is served by this worker then): serving this cache's
// copy on the next visits would compile it all over again, a repeat visit then booting about twice as slowly
// as a warm HTTP cache. So this file is answered from the HTTP cache when that holds this build's copy (the
// browser checks the listed sha256, and the network is never asked), else from this cache as usual.
const KEPT_COMPILED = new Set(["pyodide/pyodide.asm.wasm"].map((path) => new URL(path, SITE_ROOT).href));

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(deleteOtherVersions());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SITE_ROOT)) return;
  const url = request.url.split("#")[0];
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (FILES.has(url)) {
    if (serverHasAnotherBuild) event.respondWith(networkFirst(request));
    else if (KEPT_COMPILED.has(url)) event.respondWith(httpCacheFirst(request, FILES.get(url)));
    else if (FILES.get(url).onDemand) event.respondWith(cachedWhenNeeded(request, FILES.get(url)));
    else event.respondWith(cacheFirst(request));
  }
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "precache-status" && event.ports[0]) {
    event.waitUntil(precacheStatus().then((status) => event.ports[0].postMessage(status)));
  } else if (event.data?.type === "keep-on-demand") {
    event.waitUntil(keepOnDemandFromHttpCache());
  }
});

// ---------------------------------------------------------------- install and activate

async function precache() {
  const cache = await caches.open(CACHE_NAME);
  const done = new Set((await cache.keys()).map((request) => request.url));
  const missing = [...FILES].filter(([url]) => !done.has(url));
  const others = await otherCaches();
  await Promise.all(missing.map(async ([url, file]) => {
    const kept = await keptCopy(others, url, file);
    if (kept) {
      await cache.put(url, kept);
    } else if (!file.onDemand) {
      // no-cache: revalidate with the server (a 304 costs nothing), never trust a stale HTTP-cache copy.
      await cache.put(url, withBody(await fetchChecked(url, file, { cache: "no-cache" })));
    }
  }));
}

/** This build's `file` from the network, refused unless it is exactly the listed file. */
async function fetchChecked(url, file, init = {}) {
  const response = await fetch(url, { ...init, integrity: file.integrity });
  if (!response.ok || response.redirected || response.type !== "basic") {
    throw new Error(`sw.js: cannot cache ${file.path}: HTTP ${response.status}${response.redirected ? ", redirected" : ""}`);
  }
  return response;
}

/** This site's caches but this build's: what the engine's worker downloaded on this visit, older builds. */
async function otherCaches() {
  const names = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME);
  return Promise.all(names.map((name) => caches.open(name)));
}

/** A copy of `url` already in one of `sources` whose contents are exactly this build's file, or undefined. */
async function keptCopy(sources, url, file) {
  for (const source of sources) {
    const response = await source.match(url, { ignoreVary: true });
    if (!response?.ok) continue;
    const body = await response.arrayBuffer();
    if ((await integrityOf(body)) === file.integrity) return withBody(response, body);
  }
  return undefined;
}

async function deleteOtherVersions() {
  const names = await caches.keys();
  await Promise.all(names
    .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
    .map((name) => caches.delete(name)));
}

/**
 * A page this worker does not serve (a first visit's, before the worker was installed) may have fetched onDemand
 * files itself: the engine's worker installing an extra rule set with micropip fetches micropip, its standard
 * library and the rule set's wheel. They are then in the browser's HTTP cache, not here, and offline that rule set
 * could not install again. offline.js asks (message "keep-on-demand") once this worker is active and whenever the
 * page's engine has installed a rule set: every onDemand file not cached yet is copied from the HTTP cache when it
 * holds this build's copy (checked against the listed sha256; the network is never asked, nothing else is kept).
 */
async function keepOnDemandFromHttpCache() {
  if (!(await caches.has(CACHE_NAME))) return;   // replaced meanwhile: its cache must not come back
  const cache = await caches.open(CACHE_NAME);
  const done = new Set((await cache.keys()).map((request) => request.url));
  await Promise.all([...FILES].filter(([url, file]) => file.onDemand && !done.has(url)).map(async ([url, file]) => {
    // not in the HTTP cache (never fetched): cached when first needed instead
    const response = await fromHttpCache(url, file);
    if (response) await cache.put(url, withBody(response));
  }));
}

async function precacheStatus() {
  // caches.open would create the cache: a worker already replaced must not bring back its deleted cache.
  const cache = (await caches.has(CACHE_NAME)) ? await caches.open(CACHE_NAME) : null;
  const cachedUrls = new Set(cache ? (await cache.keys()).map((request) => request.url) : []);
  const cached = [...INSTALLED.keys()].filter((url) => cachedUrls.has(url)).length;
  return {
    version: PRECACHE.version,
    cache: CACHE_NAME,
    files: INSTALLED.size,
    cached,
    bytes: PRECACHE.bytes,
    complete: cached === INSTALLED.size,
    networkFirst: serverHasAnotherBuild,   // answering from the network: its pages run the server's build
  };
}

// ---------------------------------------------------------------- answering requests

/** The listed file a page address stands for: without query and fragment, a folder's index.html. */
function pageUrl(address) {
  const url = new URL(address);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

function fromCache(url) {
  return caches.match(url, { cacheName: CACHE_NAME, ignoreVary: true });
}

async function cacheFirst(request) {
  return (await fromCache(request.url)) ?? fetch(request);
}

/** A file cached only once needed: from the cache, else from the network, checked and kept for next time. */
async function cachedWhenNeeded(request, file) {
  const cached = await fromCache(request.url);
  if (cached) return cached;
  const response = await fetchChecked(request.url, file);
  // Only into this build's cache while it exists (a worker already replaced must not bring back its deleted cache).
  if (await caches.has(CACHE_NAME)) await (await caches.open(CACHE_NAME)).put(request.url, withBody(response.clone()));
  return response;
}

/** This build's `file` from the browser's HTTP cache, never the network; undefined when the HTTP cache has no copy,
    or not this build's (the listed sha256 is checked). */
async function fromHttpCache(url, file) {
  try {
    const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin", integrity: file.integrity });
    return response.ok ? response : undefined;
  } catch {
    return undefined;
  }
}

async function httpCacheFirst(request, file) {
  return (await fromHttpCache(request.url, file)) ?? cacheFirst(request);
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const cached = await fromCache(request.url);
    if (cached) return cached;
    throw err;
  }
}

async function page(request) {
  const url = pageUrl(request.url);
  const network = fetchPage(request, url);
  try {
    // Once the server is known to have another build, a cached page would not match what its scripts are
    // now fetched from: wait for the network.
    const fresh = serverHasAnotherBuild ? await network : await settledWithin(network, PAGE_TIMEOUT_MS);
    if (fresh) return served(fresh);
    return (await fromCache(url)) ?? served(await network); // no answer in time: the cached copy if any
  } catch (err) {
    const cached = await fromCache(url);
    if (cached) return cached;
    throw err;
  }
}

/** The promise's value, or undefined if it takes longer than `ms` (it may still reject first). */
function settledWithin(promise, ms) {
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The page from the network, read whole first so that whether it is this build's copy is known before
 * its scripts are asked for: {response, anotherBuild}.
 */
async function fetchPage(request, url) {
  const response = await fetch(request);
  if (!response.ok || response.type !== "basic" || response.redirected) return { response, anotherBuild: false };
  const body = await response.arrayBuffer();
  const listed = FILES.get(url);
  const anotherBuild = !listed || (await integrityOf(body)) !== listed.integrity;
  return { response: withBody(response, body), anotherBuild };
}

/**
 * Serve a page from the network; a page of another build switches this worker to network first.
 * (The browser itself looks for a new sw.js after the navigation. Calling registration.update() from here
 * as well kept Chromium from activating the new worker for minutes.)
 */
function served({ response, anotherBuild }) {
  if (anotherBuild) serverHasAnotherBuild = true;
  return response;
}

/**
 * A response of `body` (by default `response`'s own), with its status and headers but those that said how it crossed
 * the network: a body sent compressed (Content-Encoding) was decoded before this worker read it, so the encoding
 * and the compressed length no longer describe it. What is cached or served from here is the file itself.
 */
function withBody(response, body = response.body) {
  const headers = new Headers(response.headers);
  headers.delete("content-encoding");
  headers.delete("content-length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

async function integrityOf(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return "sha256-" + btoa(String.fromCharCode(...digest));
}

