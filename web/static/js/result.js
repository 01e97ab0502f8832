// The one drawing of an engine result in the browser: the calculator, a lesson card re-scored live, an exercise's
// feedback. It draws the result's envelope (suanfan/api.py) without asking which rule set it is: a summary,
// the steps of the trace (each from its parts: text, groups, checks, rows, chain, value), notes, payments and
// other readings where the result has them; a waits result as its winning tiles; a hand reading as its table
// (analysis-view.js). Nothing here computes a score.
//
// templates/_result.html draws the same markup at build time (lesson pages read well before any engine loads);
// tests/web/test_render_parity.py renders every lesson example both ways and compares them.
//
// showResult / showError / showPending / showIdle keep the result element's contract for scripts and tests:
// data-state idle|pending|done|error, data-total="12" on a scored hand, data-waits="1m 2m" on a waits answer,
// data-error-code="too_few_tiles" on an error.

import { analysisView } from "./analysis-view.js";
import { bi, biText, errorLines, h, markNames, nameBi } from "./dom.js";
import { _ } from "./gettext.js";
import { GLOSSARY } from "./glossary.js";
import { tilesElement } from "./tiles.js";
import { say, sayBi } from "./words.js";

const named = (thing) => biText(thing);
const itemNamed = (thing) => nameBi(thing.zh, thing.en, thing.zh_hant);   // a fan or pattern: both names in every language

/** The tiles of groups ({tiles, melded, text}) as one span each, melds marked. */
function groupTiles(groups) {
  return h("span", { class: "group-tiles" }, groups.map((g) => tilesElement(g.tiles, { className: g.melded ? "meld" : "" })));
}

// ---------------------------------------------------------------- a step and its parts

function groupsPart(groups) {
  return h("div", { class: "groups" }, groups.map((g) => h("figure", {
    class: `group group-${g.kind}${g.melded ? " melded" : ""}${g.concealed_kong ? " concealed-kong" : ""}`,
  }, tilesElement(g.tiles), h("figcaption", {}, named(g.label)))));
}

function checksPart(checks) {
  return h("ul", { class: "checks" }, checks.map((c) => h("li", { class: c.passed ? "passed" : "failed" },
    c.passed ? "✓ " : "✗ ", named(c))));
}

/** Rows of fans or patterns: name (with what became of it, and a note), value (× count), the tiles that make it. */
function rowsPart(rows, result) {
  const tiles = rows.some((r) => r.groups?.length);
  const head = h("tr", {},
    h("th", { scope: "col" }, named(result.item_name)),
    h("th", { scope: "col", class: "num" }, named(result.unit)),
    tiles ? h("th", { scope: "col" }, sayBi("tiles")) : null);
  const body = rows.map((r) => h("tr", { "data-fan": r.key, class: r.status ? `status-${r.status}` : null },
    h("td", {}, itemNamed(r), r.status ? [" ", h("span", { class: "status" }, named(statusName(r.status)))] : null,
      r.note ? h("p", { class: "note" }, named(r.note)) : null),
    h("td", { class: "num" }, `${r.value}${(r.count ?? 1) !== 1 ? ` × ${r.count}` : ""}`),
    tiles ? h("td", {}, groupTiles(r.groups ?? [])) : null));
  return h("table", { class: "rows" }, h("thead", {}, head), h("tbody", {}, body));
}

function statusName(status) {
  return GLOSSARY.row_status[status] ?? { zh: status, en: status };
}

function chainPart(chain) {
  return h("ul", { class: "chain" }, chain.map((link) => h("li", {},
    "factor" in link ? `× ${link.factor} ` : null,
    named(link),
    "after" in link ? [" → ", h("strong", {}, link.after)] : null)));
}

function textPart(text) {
  return h("p", { class: `step-text${text.tone ? ` tone-${text.tone}` : ""}` }, named(text));
}

/** One step: its heading, then whichever parts it has, always in the same order. */
export function stepElement(step, result, { number, headingLevel = 3 }) {
  return h("li", { class: `step step-${step.key}`, "data-step": number },
    h(`h${headingLevel}`, {}, named(step)),
    step.groups?.length ? groupsPart(step.groups) : null,
    step.checks?.length ? checksPart(step.checks) : null,
    step.rows?.length ? rowsPart(step.rows, result) : null,
    step.chain?.length ? chainPart(step.chain) : null,
    step.text ? textPart(step.text) : null,
    "value" in step ? h("p", { class: "step-value" }, "→ ", h("strong", {}, step.value)) : null);
}

// ---------------------------------------------------------------- the whole result

export function summary(result) {
  const last = result.steps?.at(-1)?.text;
  return h("div", { class: "summary" },
    h("p", { class: "total" }, h("span", { class: "total-number" }, result.total), " ", named(result.unit)),
    result.items?.length === 1 ? h("p", { class: "total-pattern" }, itemNamed(result.items[0])) : null,
    last?.tone ? h("p", { class: `badge tone-${last.tone}` }, named(last)) : null);
}

function notesPart(notes, headingLevel) {
  return h("section", { class: "notes" }, h(`h${headingLevel}`, {}, sayBi("notes")),
    h("ul", {}, notes.map((n) => h("li", {}, named(n)))));
}

export function paymentsPart(payments, headingLevel) {
  return h("section", { class: "payments" }, h(`h${headingLevel}`, {}, sayBi("who_pays")),
    h("ul", {}, payments.payers.map((p) => h("li", {}, named(p), ": ", h("strong", {}, p.amount),
      p.players > 1 ? ` × ${p.players}` : null))),
    h("p", { class: "receives" }, sayBi("winner_receives", { n: payments.winner_receives })));
}

function otherReadingsPart(readings) {
  return h("details", { class: "other-readings" },
    h("summary", {}, sayBi("other_readings", { n: readings.length })),
    h("ul", {}, readings.map((r) => h("li", {}, bi(r.shape_zh, r.shape_en, r.shape_zh_hant), " ", groupTiles(r.groups ?? []),
      " → ", h("strong", {}, r.total)))));
}

function waitsView(result) {
  const waits = result.waits ?? [];
  return h("div", { class: "result-view waits-view", "data-rules": result.rules },
    h("p", { class: "waits-summary" }, waits.length ? sayBi("waiting_on", { n: waits.length }) : sayBi("not_waiting")),
    waits.length ? h("ul", { class: "waits" }, waits.map((w) => h("li", {
      class: `wait${w.meets_minimum === false ? " below-minimum" : ""}`, "data-tile": w.tile,
    }, tilesElement([w.tile]), " ", h("strong", { class: "wait-total" }, w.total), " ", named(result.unit),
      h("span", { class: "wait-items" }, (w.items ?? []).map((item) => h("span", { class: "wait-item" },
        itemNamed(item), ` ${item.value}${(item.count ?? 1) > 1 ? ` × ${item.count}` : ""}`))),
      w.meets_minimum === false ? h("span", { class: "badge tone-bad" }, sayBi("below_minimum", { n: result.minimum })) : null)))
      : null,
    result.dead_waits?.length
      ? h("p", { class: "dead-waits" }, sayBi("dead_waits"), " ", tilesElement(result.dead_waits)) : null);
}

/**
 * The drawing of a result (ok ones; errors go through showError): a DOM element.
 * headingLevel: the level of the step headings (3 under the calculator's h2; deeper inside a card).
 */
export function renderResult(result, { headingLevel = 3 } = {}) {
  if (result.action === "waits") return waitsView(result);
  if (result.action === "analyse") return analysisView(result);
  const steps = result.steps ?? [];
  return h("div", { class: "result-view", "data-rules": result.rules },
    summary(result),
    steps.length ? h("ol", { class: "steps" }, steps.map((step, i) => stepElement(step, result, { number: i + 1, headingLevel }))) : null,
    result.notes?.length ? notesPart(result.notes, headingLevel) : null,
    result.payments ? paymentsPart(result.payments, headingLevel) : null,
    result.other_readings?.length ? otherReadingsPart(result.other_readings) : null);
}

/**
 * An error, readable in both languages, with its stable code. An alert by default (said at once); alert: false
 * where a polite announcement says it instead (the calculator, whose errors come as the person types).
 */
export function renderError(error, { alert = true } = {}) {
  const message = error.message ?? {};
  return h("div", { class: "error-box", role: alert ? "alert" : null },
    ...errorLines(message.zh ?? error.code, markNames(message.en ?? ""), message.zh_hant),
    h("p", { class: "error-code" }, sayBi("error_code"), " ", h("code", {}, error.code)));
}

// ---------------------------------------------------------------- the result element's states

function setState(el, state, { total = null, waits = null, errorCode = null } = {}) {
  el.dataset.state = state;
  for (const [key, value] of [["total", total], ["waits", waits], ["errorCode", errorCode]]) {
    if (value === null) delete el.dataset[key]; else el.dataset[key] = String(value);
  }
}

export function showIdle(el, placeholder) {
  setState(el, "idle");
  el.replaceChildren(...placeholder);
}

/**
 * A request is on its way: keep the last answer on screen (dimmed, and no longer carrying its data-total) but drop
 * what it said. `notice` (an element) says more about the wait: the engine restarting, a slow answer and its retry.
 * With no answer on screen yet, what is said of the wait takes the idle placeholder's place ("type a hand…" would
 * contradict a hand already given).
 */
export function showPending(el, waitingForEngine, notice = null) {
  const idle = el.dataset.state === "idle";
  setState(el, "pending");
  el.querySelector(".waiting")?.remove();
  if (waitingForEngine || notice) {
    const waiting = h("p", { class: "waiting" },
      waitingForEngine ? biText(_("Scoring as soon as the engine has loaded…")) : null, notice);
    if (idle) el.replaceChildren(waiting);
    else el.prepend(waiting);
  }
}

export function showError(el, error, extra = null) {
  setState(el, "error", { errorCode: error.code });
  el.replaceChildren(...[renderError(error, { alert: false }), extra].filter(Boolean));   // no extra: nothing (not the text "null")
}

/**
 * What a screen reader should hear of the answer now in el, in one line: the summary of a scored hand (total,
 * pattern, verdict), the count of a waiting hand's waits, or an error's message. Read from the drawing, so it
 * always says what the page shows.
 */
export function resultNews(el) {
  const parts = el.dataset.state === "error" ? el.querySelectorAll(".error-zh, .error-en, .error-box > .zh-hant")
    : el.dataset.state === "done" ? el.querySelectorAll(".result-view > .summary, .waits-summary") : [];
  // The summary's lines are elements side by side: their texts are joined with a space, not run together. An
  // error's message is one sentence (a term inside it marked as a name), read whole. Only what the reader's
  // language shows is told (innerText leaves out what the language hides; a hidden element gives its whole text).
  const shown = (node) => node.checkVisibility();
  const words = (part) => (!shown(part) ? []
    : part.children.length && !part.matches(".error-zh, .error-en, .error-box > .zh-hant")
      ? [...part.children].filter(shown).map((c) => c.innerText) : [part.innerText]);
  return [...parts].flatMap(words).join(" ").replace(/\s+/g, " ").trim();
}

export function showResult(el, result, options = {}) {
  if (!result || result.ok === false) {
    showError(el, result?.error ?? { code: "bad_response", message: say("no_result") });
    return;
  }
  if (result.action === "waits") setState(el, "done", { waits: (result.waits ?? []).map((w) => w.tile).join(" ") });
  else if (result.action === "analyse") setState(el, "done");
  else setState(el, "done", { total: result.total });
  el.replaceChildren(renderResult(result, options));
}
