// The drawing of a hand-reading result (`action: "analyse"`, suanfan/reading/analyse.py): for 14 tiles a table of
// discards — each row the tile, its steps from ready, its useful tiles with their unseen copies, the best value, the
// share reaching the minimum (Guobiao) and the routes, which open to the tiles each still needs — sorted by speed or
// by value (the engine's two orders, result.order); for 13 tiles the same figures for the hand itself. Nothing here
// computes anything: every number is the engine's.
//
// Contract for scripts and tests: the view carries data-analysis (and data-tiles, data-shanten); each row of a
// 14-tile table [data-discard="5m"][data-shanten][data-useful-count], followed by its tr.routes-row; the sort buttons
// [data-sort="speed"|"value"] with aria-pressed.

import { bi, biText, h, markNames, nameBi } from "./dom.js";
import { GLOSSARY, TILE_NAMES } from "./glossary.js";
import { tilesElement } from "./tiles.js";
import { say, sayBi } from "./words.js";

const named = (thing) => biText(thing);

/** Steps from ready in words, {zh, en}: 2 向听 / 2 steps from ready, 听牌 / ready, 已经和了 / complete. */
function shantenWord(n) {
  return n < 0 ? say("shanten_complete") : n === 0 ? say("shanten_ready") : say("shanten_n", { n });
}

/** The same as a bilingual label. */
function shantenWords(n) {
  const word = shantenWord(n);
  return bi(word.zh, markNames(word.en), word.zh_hant);
}

/** Useful tiles, each drawn with its unseen copies beneath. */
function usefulPart(useful) {
  return h("span", { class: "useful-tiles" }, useful.map((u) => h("span", { class: "useful-tile", "data-tile": u.tile },
    tilesElement([u.tile]), h("span", { class: "unseen", "aria-label": `${u.unseen}` }, `×${u.unseen}`))));
}

function percent(share) {
  return `${Math.round(share * 100)}%`;
}

/** One route: its fans or pattern in words, its best value, its share of the wins, and the tiles it needs (lit). */
function routeItem(route, result) {
  return h("li", { class: "route", "data-route": route.route.join(" ") },
    h("span", { class: "route-words" }, route.items.flatMap((item, i) => [i ? " + " : "", nameBi(item.zh, item.en, item.zh_hant)])),
    " ", h("strong", {}, route.best), " ", named(result.unit),
    " · ", sayBi("route_share", { n: Math.round(route.share * 100) }),
    " · ", sayBi("route_needs"), " ", tilesElement(route.needs, { className: "lit" }));
}

function routesPart(value, result) {
  if (!value.routes.length) return h("span", { class: "no-route" }, sayBi("no_route"));
  const [first, ...more] = value.routes;
  const summary = h("summary", {}, first.items.flatMap((item, i) => [i ? " + " : "", nameBi(item.zh, item.en, item.zh_hant)]));
  return h("details", { class: "routes" }, summary,
    h("ul", { class: "route-list" }, [first, ...more].map((route) => routeItem(route, result))));
}

function bestPart(value, result) {
  if (value.best === null) return "—";
  return [value.basis === "estimate" ? h("span", { class: "estimate", title: say("basis_estimate").en }, "≈") : null,
    h("strong", {}, value.best), " ", named(result.unit)];
}

const hasMinimum = (result) => typeof result.minimum === "number";

function columns(result) {
  return [
    ["discard", sayBi("col_discard")],
    ["shanten", sayBi("col_shanten")],
    ["useful", sayBi("col_useful")],
    ["best", sayBi("col_best")],
    hasMinimum(result) ? ["minimum", sayBi("col_minimum", { n: result.minimum })] : null,
  ].filter(Boolean);
}

/** A discard's two rows: its figures, then its routes across the whole width (they are sentences, not numbers).
 *  Each cell holds its column's name too, shown only where the result is narrow and the two rows are one card. */
function rows(figures, result, discard) {
  const names = Object.fromEntries(columns(result));
  const cell = (key, ...content) => h(key === "discard" ? "th" : "td", {
    class: `col-${key}`, ...(key === "discard" ? { scope: "row" } : {}) },
  h("span", { class: "cell-label", "aria-hidden": "true" }, names[key].cloneNode(true)), ...content);
  const value = figures.value;
  const main = h("tr", { class: "figures-row" },
    cell("discard", discard ? tilesElement([discard]) : "—"),
    cell("shanten", h("span", { class: "shanten-number" }, figures.shanten), " ",
      h("span", { class: "shanten-words" }, shantenWords(figures.shanten))),
    cell("useful", h("span", { class: "useful-count" }, sayBi("useful_n", { n: figures.useful_count })),
      usefulPart(figures.useful)),
    cell("best", bestPart(value, result)),
    hasMinimum(result) ? cell("minimum", value.reaches_minimum === null ? "—" : percent(value.reaches_minimum)) : null);
  const routes = h("tr", { class: "routes-row" },
    h("td", { colspan: columns(result).length }, h("span", { class: "routes-label" },
      hasMinimum(result) ? sayBi("col_routes") : sayBi("col_pattern_routes")), " ", routesPart(value, result)));
  return [main, routes];
}

function formsPart(forms) {
  const shapes = GLOSSARY.shapes;
  return h("p", { class: "reading-forms" }, sayBi("reading_forms"), ": ",
    Object.entries(forms).filter(([, n]) => n !== null).flatMap(([key, n], i) => [i ? " · " : "",
      h("span", { class: "form", "data-form": key, "data-shanten": n }, named(shapes[key] ?? { zh: key, en: key }), " ", `${n}`)]));
}

function table(result, body) {
  return h("table", { class: "analysis" },
    h("thead", {}, h("tr", {}, columns(result).map(([key, words]) => h("th", { scope: "col", class: `col-${key}` }, words)))),
    body);
}

/** Sort buttons: the rows follow the engine's speed or value order; the pressed one says which. */
function sortControls(body, rowsByTile, order) {
  const buttons = ["speed", "value"].map((key) => h("button", {
    type: "button", class: "small", "data-sort": key, "aria-pressed": key === "speed" ? "true" : "false",
  }, sayBi(`sort_${key}`)));
  for (const button of buttons) {
    button.addEventListener("click", () => {
      for (const other of buttons) other.setAttribute("aria-pressed", other === button ? "true" : "false");
      body.replaceChildren(...order[button.dataset.sort].flatMap((tile) => rowsByTile.get(tile)));
    });
  }
  return h("div", { class: "analysis-sort", role: "group", "aria-label": say("sort_by").en }, sayBi("sort_by"), " ", buttons);
}

/** A 13-tile hand's reading in a line: its steps from ready and how many tiles help (the worksheet's key says it too). */
export function readingSummary(result) {
  return h("p", { class: "summary reading-summary" }, h("strong", { class: "total" }, shantenWords(result.shanten)), " · ",
    sayBi("useful_n", { n: result.useful_count }));
}

export function analysisView(result) {
  const view = h("div", { class: "result-view analysis-view", "data-rules": result.rules, "data-analysis": "",
    "data-tiles": result.tiles, "data-shanten": result.shanten });
  const title = h("h3", { class: "reading-title" }, sayBi("reading_title"));
  const estimates = (result.discards ?? [result]).some((d) => d.value.basis === "estimate");
  const notes = [estimates ? h("p", { class: "note reading-estimate" }, sayBi("reading_estimate_note")) : null,
    ...(result.notes ?? []).map((note) => h("p", { class: "note" }, named(note)))];
  if (result.tiles === 13) {
    view.dataset.usefulCount = result.useful_count;
    view.append(title, readingSummary(result), formsPart(result.forms),
      table(result, h("tbody", {}, rows(result, result, null))), ...notes.filter(Boolean));
    return view;
  }
  const rowsByTile = new Map(result.discards.map((d) => {
    const [main, routes] = rows(d, result, d.tile);
    Object.assign(main.dataset, { discard: d.tile, shanten: d.shanten, usefulCount: d.useful_count });
    return [d.tile, [main, routes]];
  }));
  const body = h("tbody", {}, result.order.speed.flatMap((tile) => rowsByTile.get(tile)));
  const first = result.discards[0];
  const summary = h("p", { class: "summary reading-summary" }, h("strong", { class: "total" },
    sayBi("reading_best_discard", { tile: TILE_NAMES[first.tile], shanten: shantenWord(first.shanten) })));
  view.append(title, summary, sortControls(body, rowsByTile, result.order), table(result, body), ...notes.filter(Boolean));
  return view;
}
