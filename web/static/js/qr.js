// The QR code of a link, drawn in the page square by square from the vendored qrcode-generator's matrix (no
// online service, and no markup from the library reaches the page). Used by the presenter and the table card.

import qrcode from "../vendor/qrcode.mjs";
import { say } from "./words.js";

const SVG_NS = "http://www.w3.org/2000/svg";

export function qrElement(link) {
  const code = qrcode(0, "M");
  code.addData(link);
  code.make();
  const count = code.getModuleCount();
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `-2 -2 ${count + 4} ${count + 4}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  const { zh, en } = say("qr_of_link");
  svg.setAttribute("aria-label", `${zh} ${en}`);
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
