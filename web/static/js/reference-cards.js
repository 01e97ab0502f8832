// reference.html#rules=KEY: the rule set's reference cards. The engine's reference (`action: "reference"`) may carry
// `cards`, each {key, title: {zh, en}, columns: [{key, zh, en}], rows: [{<column key>: value}]}: drawn here as one
// table each, whatever the rule set (one whose wheel the site installs on demand is installed by the engine's worker
// first: extra-rulesets.js). #reference-cards says data-state="ready" with data-rules once they are drawn.

import { bi, biText, h, showWords } from "./dom.js";
import { pageEngine } from "./engine.js";
import { renderError } from "./result.js";
import { say } from "./words.js";

const statusEl = document.getElementById("engine-status");
const problemEl = document.getElementById("reference-problem");
const cardsEl = document.getElementById("reference-cards");

function problem(content) {
  statusEl.hidden = true;
  problemEl.hidden = false;
  problemEl.replaceChildren(content);
  cardsEl.dataset.state = "error";
}

function card({ key, title, columns, rows }) {
  const head = h("tr", {}, columns.map((c) => h("th", { scope: "col" }, biText(c))));
  const body = rows.map((row) => h("tr", {}, columns.map((c) => h("td", { "data-col": c.key }, String(row[c.key] ?? "")))));
  return h("section", { class: "reference-card", "data-card": key },
    h("h2", {}, biText(title)),
    h("table", {}, h("thead", {}, head), h("tbody", {}, body)));
}

async function start() {
  const rules = new URLSearchParams(location.hash.slice(1)).get("rules");
  if (!rules) {
    const words = say("reference_no_rules");
    return problem(biText(words));
  }
  const engine = pageEngine({ onProgress: ({ zh, en }) => showWords(statusEl.querySelector(".message"), zh, en) });
  let result;
  try {
    result = await engine.call({ action: "reference", rules });
  } catch (err) {
    return problem(bi(err.zh ?? String(err), err.en ?? String(err)));
  }
  if (!result.ok) return problem(renderError(result.error));
  statusEl.hidden = true;
  const cards = Array.isArray(result.cards) ? result.cards : [];
  const none = say("reference_no_cards");
  cardsEl.replaceChildren(...(cards.length ? cards.map(card) : [h("p", {}, biText(none))]));
  Object.assign(cardsEl.dataset, { state: "ready", rules });
}

window.addEventListener("hashchange", () => location.reload());
start();
