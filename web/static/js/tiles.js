// Tiles drawn at run time, with the same markup the build-time macros in _tiles.html write:
//   <svg class="tile" role="img" aria-label="三万" data-tile="3m" viewBox="0 0 60 80" data-hant-aria-label="三萬">
//     <title data-hant-text="三萬 · Three of Characters">三万 · Three of Characters</title>
//     <use href="…/static/tiles.svg#t-3m"/></svg>
// The name's Traditional (data-hant-…, shown in zh-Hant by lang.js) is the glossary's zh_hant.
// glossary.js is written by the build (web/words.py, from the engine's glossary), so both renderers share one list
// of names.

import { setWords } from "./dom.js";
import { TILE_NAMES } from "./glossary.js";
import { readableHand } from "./bounds.js";
import { readNotation } from "./notation.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const SPRITE = new URL("../tiles.svg", import.meta.url).pathname;

export function tileName(code) {
  return TILE_NAMES[code] ?? { zh: code, en: code };
}

/** One tile as an SVG element with an accessible name. */
export function tileElement(code, { className = "" } = {}) {
  const name = tileName(code);
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", className ? `tile ${className}` : "tile");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", name.zh);   // in the order _tiles.html writes them, the Traditional last
  svg.setAttribute("data-tile", code);
  svg.setAttribute("viewBox", "0 0 60 80");
  setWords(svg, "aria-label", name.zh, name.zh_hant);
  const title = document.createElementNS(SVG_NS, "title");
  setWords(title, "text", `${name.zh} · ${name.en}`, name.zh_hant && `${name.zh_hant} · ${name.en}`);
  const use = document.createElementNS(SVG_NS, "use");
  use.setAttribute("href", `${SPRITE}#t-${code}`);
  svg.append(title, use);
  return svg;
}

/** A row of tiles (a meld, a pair, a hand) in one span. */
export function tilesElement(codes, { className = "" } = {}) {
  const span = document.createElement("span");
  span.className = className ? `tiles ${className}` : "tiles";
  for (const code of codes) span.append(tileElement(code));
  return span;
}

/**
 * A hand as its tiles: melds (a concealed kong marked), the standing tiles, and the winning tile set apart when
 * the hand is complete — what templates/lessons/_example.html's hand_tiles draws at build time.
 * waiting: the hand is one tile short (a waits question), so no tile is the winning one.
 */
export function handElement(text, { waiting = false } = {}) {
  const reading = readNotation(readableHand(text));   // a text longer than any hand draws no tiles
  const box = document.createElement("div");
  box.className = "hand-tiles";
  for (const meld of reading.melds) {
    box.append(tilesElement(meld.codes, { className: meld.kind === "concealed_kong" ? "meld concealed" : "meld" }));
  }
  const codes = reading.standing.map((t) => t.code);
  const complete = !waiting && codes.length === 14 - 3 * reading.melds.length;
  const winning = complete ? codes.pop() : null;
  if (codes.length) box.append(tilesElement(codes, { className: "standing" }));
  if (winning) {
    const mark = document.createElement("span");
    mark.className = "winning";
    mark.append(tileElement(winning));
    box.append(mark);
  }
  return box;
}
