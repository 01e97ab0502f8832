// keepDownloadsForOffline (dist/static/js/engine-worker.js) under Node, with a worker scope whose Cache API
// answers only when this script says so: does a download reach the runtime before the Cache API has answered,
// and is the copy then kept (a first visit) or let go (a site already cached)? And what it measured of the
// downloads as their copies came (onBytes: bytes received, bytes announced).
// Prints one JSON object of what was observed; tests/pyodide/test_keep_downloads.py judges it.
//   node keep_downloads.mjs DIST

import path from "node:path";

import { importEngineWorker } from "./engine_in_node.mjs";

const { keepDownloadsForOffline } = await importEngineWorker(path.resolve(process.argv[2]));

const ROOT = "https://suanfan.test/site/";

/** A Response made here has no url or type; one from the network has both, and so do its clones. */
function fromNetwork(response, url) {
  const clone = response.clone.bind(response);
  Object.defineProperties(response, {
    url: { value: url },
    type: { value: "basic" },
    clone: { value: () => fromNetwork(clone(), url) },
  });
  return response;
}

/** A worker scope whose caches.keys() resolves with `names` only when answer() is called. */
function scopeWith(names) {
  let answer;
  const keysAsked = new Promise((resolve) => { answer = resolve; });
  const puts = [];
  const scope = {
    fetch: async (url) => {
      const body = `body of ${url}`;
      return fromNetwork(new Response(body, { status: 200, headers: { "content-length": String(body.length) } }), String(url));
    },
    caches: {
      keys: () => keysAsked.then(() => names),
      open: async (name) => ({ put: async (url, response) => puts.push({ name, url, text: await response.text() }) }),
    },
  };
  return { scope, answer: () => answer(), puts };
}

/** Whether `promise` settles before the Cache API is let answer, and what the page's code read from the download. */
async function fetchBeforeAnswer(scope, url) {
  const pending = Symbol("pending");
  const settled = await Promise.race([scope.fetch(url), new Promise((resolve) => setTimeout(resolve, 200, pending))]);
  return settled === pending ? { handedOn: false } : { handedOn: true, text: await settled.text() };
}

async function visit(names) {
  const { scope, answer, puts } = scopeWith(names);
  const measured = [];
  const write = keepDownloadsForOffline(scope, ROOT, (received, expected) => measured.push([received, expected]));
  const keepingFetch = scope.fetch;
  const runtime = await fetchBeforeAnswer(scope, ROOT + "pyodide/pyodide.asm.wasm");
  const elsewhere = await fetchBeforeAnswer(scope, "https://elsewhere.test/x.js");
  answer();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const later = await (await scope.fetch(ROOT + "pyodide/python_stdlib.zip")).text();
  await write();
  return { runtime, elsewhere, later, puts, measured, fetchRestored: scope.fetch !== keepingFetch };
}

const result = {
  firstVisit: await visit([]),
  cached: await visit([`suanfan ${ROOT} 2e6af51f`]),
};
console.log(JSON.stringify(result));
