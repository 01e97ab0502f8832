// The hand picker: build a hand from a palette of tiles, single tiles or melds (吃 碰 明杠 暗杠 加杠), see it
// drawn, take a tile or a whole meld out again. One picker for every page that builds a hand (the calculator,
// lesson exercises); templates/_picker.html draws its markup.
//
// The notation text field is the one source of truth: clicking edits the text (adding at the end, or taking
// out exactly the characters of one tile or meld) and the view is redrawn from the text. So typing and
// clicking can be mixed freely and nothing the person typed is ever rewritten behind their back.
//
// Keyboard: the palette and the picked hand are each one Tab stop (roving.js); inside them the arrow keys
// move, Enter and Space press. A tile that cannot be added (four copies used, a chow that does not exist)
// stays focusable with aria-disabled, so focus is never lost when a click uses up the last copy.
//
// Every name a screen reader hears is made here, from the generated glossary (tile and meld names), so the
// calculator and the exercises say the same things.

import { readableHand } from "./bounds.js";
import {
  WAIT, WIN, appendTile, countTiles, insertMeld, meldCodes, readNotation, removeMeld, removeStanding,
} from "./notation.js";
import { biText, setWords } from "./dom.js";
import { createPalette } from "./palette.js";
import { GLOSSARY } from "./glossary.js";
import { rovingFocus } from "./roving.js";
import { tileElement, tileName } from "./tiles.js";
import { say, sayBi } from "./words.js";

// ---------------------------------------------------------------- accessible names

/** A button's name, "中文 · English", with its Traditional for zh-Hant (setWords). */
function nameButton(button, word) {
  setWords(button, "aria-label", `${word.zh} · ${word.en}`, `${word.zh_hant} · ${word.en}`);
}

/** A standing tile's button name, a text: "去掉 三万 · remove Three of Characters"; the winning tile says so. */
export function standingLabel(code, winning) {
  const name = tileName(code);
  if (!winning) return say("remove_tile", { tile: name });
  const mark = say("winning_tile");
  return say("remove_tile", { tile: { zh: `${name.zh}(${mark.zh})`, en: `${name.en} (${mark.en})`,
    zh_hant: `${name.zh_hant ?? name.zh}(${mark.zh_hant})` } });
}

/** A meld's button name, a text: "去掉碰 五饼五饼五饼 · remove the pung: 3 × Five of Dots", "去掉吃 三万四万五万 · …". */
export function meldLabel(kind, codes) {
  const sameTile = codes.every((code) => code === codes[0]);
  const tiles = {
    zh: codes.map((code) => tileName(code).zh).join(""),
    en: sameTile ? `${codes.length} × ${tileName(codes[0]).en}` : codes.map((code) => tileName(code).en).join(", "),
    zh_hant: codes.map((code) => tileName(code).zh_hant ?? tileName(code).zh).join(""),
  };
  return say("remove_meld", { meld: GLOSSARY.melds[kind], tiles });
}

// ---------------------------------------------------------------- the picker

/**
 * root: the picker's markup (templates/_picker.html: .palette, .hand-view, .tile-count, .add-mode radios,
 * .mode-help, .clear-hand); input: the notation text field it edits, as typing does (an "input" event).
 * expect: WIN (14 − 3 × melds standing tiles, the last one wins) or WAIT (one fewer).
 * onChange(state), optional: called after every redraw with the state below.
 *
 * Returns {refresh, setExpect, state}: refresh() redraws from the text (after the page set input.value
 * itself); setExpect(WIN | WAIT) changes the tile count asked for; state() is
 * {text, melds, standing, expected, complete}: complete when the whole text could be read and holds the
 * expected number of standing tiles.
 */
export function createPicker({ root, input, expect = WIN, onChange = () => {} }) {
  const palette = root.querySelector(".palette");
  const handView = root.querySelector(".hand-view");
  const countEl = root.querySelector(".tile-count");
  const modeInputs = [...root.querySelectorAll(".add-mode input[type=radio]")];
  const modeHelp = root.querySelector(".mode-help");
  const clearButton = root.querySelector(".clear-hand");
  let expecting = expect;
  let current = null;

  // ---- the palette: drawn once, its buttons enabled or not as the hand changes

  const { buttons: paletteButtons, focus: paletteFocus } = createPalette(palette, (code) => add(code));

  const mode = () => modeInputs.find((radio) => radio.checked)?.value ?? "tile";

  function edit(text) {
    input.value = text;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function add(code) {
    const kind = mode();
    edit(kind === "tile" ? appendTile(input.value, code) : insertMeld(input.value, kind, code));
  }

  function updatePalette(reading) {
    const counts = countTiles(reading);
    const kind = mode();
    for (const button of paletteButtons) {
      const code = button.dataset.tile;
      const needed = kind === "tile" ? [code] : meldCodes(kind, code);
      const fits = needed !== null && needed.every((c) => (counts[c] || 0) + needed.filter((d) => d === c).length <= 4);
      if (fits) button.removeAttribute("aria-disabled");
      else button.setAttribute("aria-disabled", "true");
    }
    paletteFocus.sync();
    const help = sayBi(`help_${kind}`);
    help.classList.add("hint");
    modeHelp.replaceChildren(help);
  }

  // ---- the picked hand: redrawn from the text every time

  const pickedItems = () => [...handView.querySelectorAll("button")];
  const handFocus = rovingFocus(handView, () => [pickedItems()]);

  /** Take an item out, then put focus on the item that took its place (or the one before, or the palette). */
  function removeItem(button, text) {
    const index = pickedItems().indexOf(button);
    edit(text);
    const left = pickedItems().length;
    if (left) handFocus.focusAt(0, Math.min(index, left - 1));
    else paletteFocus.focusCurrent();
  }

  function meldButton(meld) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `picked-meld ${meld.kind}`;
    nameButton(button, meldLabel(meld.kind, meld.codes));
    const tiles = document.createElement("span");
    tiles.className = "tiles meld";
    meld.codes.forEach((code, i) => {
      const hidden = meld.kind === "concealed_kong" && (i === 0 || i === 3); // drawn face down, as on the table
      tiles.append(tileElement(hidden ? "back" : code));
    });
    const label = document.createElement("span");
    label.className = "meld-label";
    label.append(biText(GLOSSARY.melds[meld.kind]));   // one word under the tiles: the English only when English alone is read (site.css)
    button.append(tiles, label);
    button.addEventListener("click", () => removeItem(button, removeMeld(input.value, meld)));
    return button;
  }

  function standingButton(tile, winning) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = winning ? "picked-tile winning" : "picked-tile";
    button.dataset.tile = tile.code;
    nameButton(button, standingLabel(tile.code, winning));
    button.append(tileElement(tile.code));
    if (winning) {
      const mark = document.createElement("span");
      mark.className = "winning-mark";
      mark.append(sayBi("win_mark"));
      button.append(mark);
    }
    button.addEventListener("click", () => removeItem(button, removeStanding(input.value, tile)));
    return button;
  }

  function drawHand(text, reading, complete) {
    handView.replaceChildren();
    for (const meld of reading.melds) handView.append(meldButton(meld));
    const last = reading.standing.length - 1;
    reading.standing.forEach((tile, i) => {
      handView.append(standingButton(tile, complete && expecting === WIN && i === last));
    });
    if (reading.stop < text.length) {
      const note = document.createElement("span");
      note.className = "unread";
      note.append(sayBi("unreadable_from", { n: reading.stop + 1 }));
      handView.append(note);
    }
    if (!text.trim()) {
      const empty = document.createElement("span");
      empty.className = "empty";
      empty.append(sayBi("no_tiles_yet"));
      handView.append(empty);
    }
    handFocus.sync();
  }

  function refresh() {
    const text = input.value;
    // Text longer than any hand is not read at all (bounds.js): the page says why where it scores.
    const reading = readNotation(readableHand(text));
    const expected = 14 - 3 * reading.melds.length - (expecting === WAIT ? 1 : 0);
    const complete = reading.stop === text.length && reading.melds.length <= 4 && reading.standing.length === expected;
    drawHand(text, reading, complete);
    const unit = say("tiles_unit");
    countEl.replaceChildren(`${reading.standing.length} / ${expected} `, biText(unit));
    countEl.dataset.complete = complete ? "1" : "0";
    updatePalette(reading);
    current = { text, melds: reading.melds, standing: reading.standing, expected, complete };
    onChange(current);
  }

  function setExpect(kind) {
    if (kind !== WIN && kind !== WAIT) throw new TypeError(`a picker expects win or wait, not ${kind}`);
    if (kind === expecting) return;
    expecting = kind;
    refresh();
  }

  input.addEventListener("input", refresh);
  for (const radio of modeInputs) radio.addEventListener("change", refresh);
  clearButton.addEventListener("click", () => {
    edit("");
    input.focus();
  });
  refresh();
  return { refresh, setExpect, state: () => current };
}
