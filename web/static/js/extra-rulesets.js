// extra-rulesets.js: rule sets beyond the built-in ones, installed into the engine's Pyodide the first time a request
// names one. Used by engine-worker.js only; plain ES module (runs in the worker, and under Node in tests/pyodide).
//
// The built-in rule sets are in the engine's memory snapshot. A build may ship more, each a wheel of its own
// (`python3 build.py build --ruleset DIR`, buildkit/rulesets.py): registered in pyodide-lock.json beside micropip's,
// and listed in pyodide/suanfan-rulesets.json, {installer: "micropip", rulesets: {key: {package, file_name}}}.
// A page asks for one simply by naming its key as `rules` (rules=KEY in a calculator link, the practice page's
// rule list, a score sheet's conventions): the pages offer it as they offer the built-in ones. Then:
//   1. the engine answers unknown_rules (its registry does not hold it yet);
//   2. if that key is in the manifest (read once, when first needed; a site without extra rule sets has none, and
//      a key in no manifest keeps the engine's unknown_rules answer, in both languages),
//   3. micropip is loaded from the lock and installs the rule set's package from the lock (pyodide.loadPackage
//      underneath: the site's own file, refused unless its sha256 matches the lock's), without dependencies (the
//      engine it plugs into is already running);
//   4. the registry is told to look for installed rule sets again (suanfan.rulesets.reset_installed: it finds the
//      new one through its entry point), and the request is answered again.
// Each package is installed once per worker; requests naming it meanwhile wait for the same install. Offline, the
// service worker answers the standard library, micropip and the wheel from its cache once any page has used them
// (buildkit/offline.py lists them ON_DEMAND: sw.js keeps each on its first request, never at install, and copies
// those a page it did not serve fetched from the HTTP cache when offline.js asks: "keep-on-demand").

export const MANIFEST = "suanfan-rulesets.json";

const INSTALL = `
import micropip
from suanfan import rulesets
await micropip.install(PACKAGE, deps=False)
rulesets.reset_installed()
`;

/** Did the engine answer that it does not know the request's rules? */
function unknownRules(result) {
  return result?.ok === false && result.error?.code === "unknown_rules";
}

/**
 * The installer of one worker's engine: install(request, result) -> Promise<boolean>, true when the result said
 * unknown_rules, the request's rules is an extra rule set of this site, and it is now installed (ask again).
 * readFile(url) -> Promise<Uint8Array> reads a file of the site (rejecting on a 404: then there is no manifest).
 * prepare() -> Promise runs before the first install: whatever the booted Python needs for micropip beyond what the
 * engine needs (engine-worker.js passes its own).
 */
export function extraRulesets(pyodide, indexURL, readFile, prepare = () => Promise.resolve()) {
  let manifest = null;
  const installs = new Map();
  const readManifest = () => {
    manifest ??= readFile(indexURL + MANIFEST)
      .then((bytes) => JSON.parse(new TextDecoder().decode(bytes))?.rulesets ?? {})
      .catch(() => ({}));   // no manifest: this site has no extra rule sets
    return manifest;
  };
  const installPackage = async (name) => {
    await prepare();
    await pyodide.loadPackage("micropip", { messageCallback: () => {} });
    await pyodide.runPythonAsync(INSTALL, { globals: pyodide.toPy({ PACKAGE: name }) });
  };
  return async function install(request, result) {
    const rules = request !== null && typeof request === "object" && Object.hasOwn(request, "rules") ? request.rules : null;
    if (typeof rules !== "string" || !unknownRules(result)) return false;
    const known = await readManifest();
    if (!Object.hasOwn(known, rules)) return false;
    const name = known[rules].package;
    if (!installs.has(name)) {
      const installing = installPackage(name);
      installs.set(name, installing);
      installing.catch(() => installs.delete(name));   // a failed install (offline, never cached) is tried again
    }
    try {
      await installs.get(name);
    } catch (err) {
      const failure = new Error(`installing ${name} for the rules '${rules}' failed: ${err?.message ?? err}`);
      failure.words = {
        zh: `无法安装规则“${rules}”。请检查网络连接后再试。`,
        en: `The rules '${rules}' could not be installed. Check the connection and try again.`,
      };
      throw failure;
    }
    return true;
  };
}
