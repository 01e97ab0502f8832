// The palette of the 34 tiles, one button each, in four rows (万, 饼, 条, then the honors): the one palette of
// every page that picks tiles — the hand picker (picker.js) adds what is pressed to a hand, the practice page
// toggles the tiles a waiting hand wins on. One Tab stop, arrow keys inside (roving.js); every button is named
// in both languages from the generated glossary ("三万 Three of Characters").

import { setTextWords } from "./dom.js";
import { ALL_TILE_CODES } from "./notation.js";
import { rovingFocus } from "./roving.js";
import { tileElement, tileName } from "./tiles.js";

// Up and Down keep the column between the rows.
const ROWS = [ALL_TILE_CODES.slice(0, 9), ALL_TILE_CODES.slice(9, 18), ALL_TILE_CODES.slice(18, 27), ALL_TILE_CODES.slice(27)];


/**
 * Fill `container` with the palette; onPress(code, button) is called when a button is pressed and is not
 * aria-disabled. Returns {buttons, focus}: every button (flat, in order) and the roving focus (sync, focusCurrent …).
 */
export function createPalette(container, onPress) {
  const rows = ROWS.map((codes) => {
    const line = document.createElement("div");
    line.className = "palette-row";
    const buttons = codes.map((code) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "pick";
      button.dataset.tile = code;
      setTextWords(button, "aria-label", tileName(code));   // "三万 Three of Characters"
      button.append(tileElement(code));
      button.addEventListener("click", () => {
        if (button.getAttribute("aria-disabled") !== "true") onPress(code, button);
      });
      return button;
    });
    line.append(...buttons);
    container.append(line);
    return buttons;
  });
  return { buttons: rows.flat(), focus: rovingFocus(container, () => rows) };
}
