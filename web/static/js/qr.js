// The QR code of a link, drawn in the page square by square from the vendored qrcode-generator's matrix (no
// online service, and no markup from the library reaches the page). Used by the presenter and the table card.

import qrcode from "../vendor/qrcode.mjs";
import { h, setTextWords } from "./dom.js";
import { say, sayBi } from "./words.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** The QR code of `link`, or, when no QR code can hold it, a line that says so (the link itself still works).
 *  projected: a code shown on a screen across a room (a class set's): error correction L, the fewest modules and
 *  so the largest — nothing scratches a projected code, and large modules are what a phone at the back can read. */
export function qrElement(link, { projected = false } = {}) {
  const code = codeFor(link, projected ? ["L"] : LEVELS);
  if (code === null) {
    return h("p", { class: "qr-too-long", "data-qr": "too-long" }, sayBi("qr_too_long", { length: link.length }));
  }
  const count = code.getModuleCount();
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `-2 -2 ${count + 4} ${count + 4}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  setTextWords(svg, "aria-label", say("qr_of_link"));
  const background = document.createElementNS(SVG_NS, "rect");
  for (const [key, value] of Object.entries({ x: -2, y: -2, width: count + 4, height: count + 4, fill: "#fff" })) {
    background.setAttribute(key, value);
  }
  let d = "";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) if (code.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
  }
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(background, path);
  return svg;
}

/** Whether a QR code can hold `link` (the lesson maker says so when it cannot). */
export function qrFits(link) {
  return codeFor(link) !== null;
}

/** The version (1–40) of the code qrElement draws for `link`, or null: how large its modules can be drawn. */
export function qrVersion(link, { projected = false } = {}) {
  const code = codeFor(link, projected ? ["L"] : LEVELS);
  return code === null ? null : (code.getModuleCount() - 17) / 4;
}

// Error correction M (15% of the code may be lost) where the link fits, else L (7%): a long link still gets a
// code when it can; the largest code (version 40) holds about 2,300 characters of a link at M and 2,900 at L, and
// the library throws past that.
const LEVELS = ["M", "L"];

function codeFor(link, levels = LEVELS) {
  for (const level of levels) {
    const code = qrcode(0, level);
    code.addData(link);
    try {
      code.make();
      return code;
    } catch {
      // too long for the largest code at this level
    }
  }
  return null;
}
