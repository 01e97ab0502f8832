// The tile picker and the picked-hand view, kept in step with a notation text field.
// The text is the one source of truth: clicking edits the text (adding at the end, or taking out exactly
// the characters of one tile or meld) and the view is redrawn from the text. So typing and clicking can
// be mixed freely and nothing the person typed is ever rewritten behind their back.
// Reusable: the calculator uses it, and lesson exercises can too.

import {
  ALL_TILE_CODES, countTiles, insertMeld, appendTile, meldCodes, readNotation, removeMeld, removeStanding,
} from "./notation.js";
import { bi } from "./dom.js";
import { tileElement, tileName } from "./tiles.js";

const MELD_NAMES = {
  chow: ["吃", "chow"], pung: ["碰", "pung"], kong: ["明杠", "melded kong"], concealed_kong: ["暗杠", "concealed kong"],
  added_kong: ["加杠", "added kong"],
};
const MODE_HELP = {
  tile: ["点一张牌,加到手牌最后(最后一张是和牌张)。", "Click a tile to add it at the end (the last tile is the winning tile)."],
  chow: ["吃:点顺子里最小的一张。", "Chow: click its lowest tile."],
  pung: ["碰:点要碰的那张牌。", "Pung: click the tile."],
  kong: ["明杠:点要杠的那张牌。", "Melded kong: click the tile."],
  concealed_kong: ["暗杠:点要杠的那张牌。", "Concealed kong: click the tile."],
};
const ROWS = [ALL_TILE_CODES.slice(0, 9), ALL_TILE_CODES.slice(9, 18), ALL_TILE_CODES.slice(18, 27), ALL_TILE_CODES.slice(27)];

/**
 * input: the notation <input>; picker, handView: containers to fill; countEl (optional) shows n / expected;
 * modeInputs: the radio buttons choosing what a click adds; modeHelp (optional) explains the mode;
 * clearButton (optional). Edits fire an "input" event on the field, as typing does.
 */
export function createPicker({ input, picker, handView, countEl, modeInputs = [], modeHelp, clearButton }) {
  const buttons = new Map();

  for (const row of ROWS) {
    const line = document.createElement("div");
    line.className = "picker-row";
    for (const code of row) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "pick";
      button.dataset.code = code;
      button.append(tileElement(code));
      button.addEventListener("click", () => add(code));
      buttons.set(code, button);
      line.append(button);
    }
    picker.append(line);
  }

  const mode = () => [...modeInputs].find((r) => r.checked)?.value ?? "tile";

  function edit(text) {
    input.value = text;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function add(code) {
    const kind = mode();
    edit(kind === "tile" ? appendTile(input.value, code) : insertMeld(input.value, kind, code));
  }

  function meldButton(meld) {
    const [zh, en] = MELD_NAMES[meld.kind];
    const button = document.createElement("button");
    button.type = "button";
    button.className = `picked-meld ${meld.kind}`;
    const tileNames = meld.codes.map((c) => tileName(c).zh).join("");
    button.setAttribute("aria-label", `去掉${zh} ${tileNames} · remove the ${en}`);
    button.title = `去掉这组${zh} · remove this ${en}`;
    const tiles = document.createElement("span");
    tiles.className = "tiles meld";
    meld.codes.forEach((code, i) => {
      const hidden = meld.kind === "concealed_kong" && (i === 0 || i === 3);
      tiles.append(tileElement(hidden ? "back" : code));
    });
    const label = document.createElement("span");
    label.className = "meld-label";
    label.textContent = zh;
    button.append(tiles, label);
    button.addEventListener("click", () => edit(removeMeld(input.value, meld)));
    return button;
  }

  function standingButton(tile, winning) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = winning ? "picked-tile winning" : "picked-tile";
    const name = tileName(tile.code);
    button.title = `${winning ? "和牌张 winning tile · " : ""}点击去掉 · click to remove`;
    button.append(tileElement(tile.code));
    if (winning) {
      const mark = document.createElement("span");
      mark.className = "winning-mark";
      mark.append(bi("和", "win"));
      button.append(mark);
      button.setAttribute("aria-label", `${name.zh}(和牌张 winning tile)`);
    }
    button.addEventListener("click", () => edit(removeStanding(input.value, tile)));
    return button;
  }

  function refresh() {
    const text = input.value;
    const reading = readNotation(text);
    const expected = 14 - 3 * reading.melds.length;
    const complete = reading.standing.length === expected;
    handView.replaceChildren();
    for (const meld of reading.melds) handView.append(meldButton(meld));
    reading.standing.forEach((tile, i) => {
      handView.append(standingButton(tile, complete && i === reading.standing.length - 1));
    });
    if (reading.stop < text.length) {
      const note = document.createElement("span");
      note.className = "unread";
      note.append(bi(`第 ${reading.stop + 1} 个字符起无法显示`, `can't draw from character ${reading.stop + 1} on`));
      handView.append(note);
    }
    if (!text.trim()) {
      const empty = document.createElement("span");
      empty.className = "empty";
      empty.append(bi("还没有牌", "no tiles yet"));
      handView.append(empty);
    }
    if (countEl) {
      countEl.textContent = `${reading.standing.length} / ${expected} 张 tiles`;
      countEl.dataset.complete = complete ? "1" : "0";
    }
    updateButtons(reading);
  }

  function updateButtons(reading) {
    const counts = countTiles(reading);
    const kind = mode();
    for (const [code, button] of buttons) {
      const needed = kind === "tile" ? [code] : meldCodes(kind, code);
      const fits = needed !== null && needed.every((c) => (counts[c] || 0) + needed.filter((d) => d === c).length <= 4);
      button.disabled = !fits;
    }
    if (modeHelp) {
      const help = bi(...MODE_HELP[kind]);
      help.classList.add("hint");
      modeHelp.replaceChildren(help);
    }
  }

  input.addEventListener("input", refresh);
  for (const radio of modeInputs) radio.addEventListener("change", refresh);
  clearButton?.addEventListener("click", () => { edit(""); input.focus(); });
  refresh();
  return { refresh };
}
