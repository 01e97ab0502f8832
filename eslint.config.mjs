// The JavaScript check, which `python3 build.py check` runs beside ruff: ESLint's recommended rules over the site's
// scripts (web/static/js/), its service worker (web/sw.js), and the Node scripts of the build (buildkit/*.mjs) and of
// the tests (tests/**/*.mjs), each file with the globals of the place it runs in.
import js from "@eslint/js";
import globals from "globals";

// The site's classic scripts (a <script> without type="module", or a worker started as one): no import, no export.
const CLASSIC = ["web/static/js/engine-start.js", "web/static/js/lang.js"];

export default [
  // Anything else with a .js name is not ours to check: built output, installed packages, the tools' folders.
  { ignores: ["dist/", ".venv/", ".cache/", "test-results/", "build/"] },
  js.configs.recommended,
  {
    rules: {
      // `const { action, rules, ...asked } = request` takes keys out of an object on purpose: the rest is what is used.
      "no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    files: ["web/static/js/**/*.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser } },
  },
  { files: CLASSIC, languageOptions: { sourceType: "script" } },
  {
    // A module worker: no DOM, its own global scope.
    files: ["web/static/js/engine-worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["web/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["buildkit/**/*.mjs", "tests/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
