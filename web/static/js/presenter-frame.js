// The presenter's frame: what every show for a room shares, whatever its slides are — full screen over the page, a
// bar with the heading, Back · "step n of N" · Next, the language buttons, full screen and close; the keys; the focus
// kept inside. A hand's steps (presenter.js) and a class set's quiz (class-quiz.js) fill its body.
//
// Keys: → ↓ Space PageDown next; ← ↑ PageUp back; Home, End; Esc leaves. A clicker sends PageDown/PageUp. A show may
// take a key first (the quiz's Enter and Space reveal the answer).
// DOM contract for scripts and tests: the root has data-presenter, data-step (from 1) and data-steps.

import { h } from "./dom.js";
import { handElement } from "./tiles.js";
import { say, sayBi } from "./words.js";

// The language is the site's one setting (static/js/lang.js, loaded by every page): the frame's buttons set it like
// the header's switch does, and follow it when it changes elsewhere.
const LANGS = ["both", "zh", "zh-Hant", "en"];
const NEXT = new Set(["ArrowRight", "ArrowDown", " ", "PageDown"]);
const BACK = new Set(["ArrowLeft", "ArrowUp", "PageUp"]);

/**
 * Open the frame over the page.
 * steps: how many; start: the step to open at (from 1); label: a text {zh, en, zh_hant}, the dialog's name;
 * show(step, {root, heading, body}): draw that step into the body (and the heading); where(step, steps): the words
 * between Back and Next;
 * key(event) -> true when the show took the key itself; onStep(step): the step changed; onClose(): the frame left.
 * Returns {root, heading, body, go(step), step(), close({quietly})}.
 */
export function openFrame({ steps, start = 1, label, show, where = (n, of) => sayBi("step_of", { n, of }),
  key = () => false, onStep = () => {}, onClose = () => {} }) {
  const root = h("div", { class: "presenter", "data-presenter": "", role: "dialog", "aria-modal": "true",
    "aria-label": label, tabindex: "-1", "data-steps": steps, "data-lang": currentLang() });
  const back = h("button", { type: "button", class: "presenter-back" }, sayBi("step_back"));
  const next = h("button", { type: "button", class: "presenter-next primary" }, sayBi("step_next"));
  const whereEl = h("span", { class: "presenter-where", "aria-live": "polite" });
  const langProblem = h("span", { class: "presenter-problem", role: "status", hidden: "" });
  const langButtons = LANGS.map((lang) => {
    const button = h("button", { type: "button", class: "presenter-lang", "data-lang": lang }, sayBi(`lang_${lang.replace("-", "_").toLowerCase()}`));
    button.addEventListener("click", () => {
      // The choice always holds for this page; when it cannot be stored the person is told it will not be remembered.
      const stored = globalThis.suanfanLang?.set(lang) !== false;
      langProblem.hidden = stored;
      if (!stored) langProblem.replaceChildren(sayBi("setting_not_saved"));
    });
    return button;
  });
  const full = h("button", { type: "button", class: "presenter-full" }, sayBi("full_screen"));
  const close = h("button", { type: "button", class: "presenter-close" }, sayBi("close_presenter"));
  const heading = h("h2", { class: "presenter-heading" });
  const body = h("div", { class: "presenter-body" });
  root.append(
    h("div", { class: "presenter-bar" }, heading,   // not a <header>: the page already has its banner
      h("div", { class: "presenter-controls" }, back, whereEl, next, h("span", { class: "presenter-langs", role: "group",
        "aria-label": say("labels_in") }, langButtons), langProblem, full, close)),
    body);

  let current = 0;

  function showLang(lang) {
    root.dataset.lang = lang;
    for (const button of langButtons) button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
  const onLang = (event) => showLang(event.detail);

  function go(step) {
    current = Math.max(0, Math.min(steps - 1, step - 1));
    root.dataset.step = String(current + 1);
    show(current + 1, { root, heading, body });
    // A button disabled while it has focus drops focus to <body>: at either end it passes to the other button.
    const focused = document.activeElement;
    back.disabled = current === 0;
    next.disabled = current === steps - 1;
    if (focused?.disabled && (focused === back || focused === next)) (focused === next ? back : next).focus();
    whereEl.replaceChildren(where(current + 1, steps));
    onStep(current + 1);
  }

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onControl = event.target.closest?.("button") && (event.key === " " || event.key === "Enter");
    if (onControl) return;   // a focused button does its own job
    if (key(event)) event.preventDefault();
    else if (event.key === "Escape") finish();
    else if (NEXT.has(event.key)) go(current + 2);
    else if (BACK.has(event.key)) go(current);
    else if (event.key === "Home") go(1);
    else if (event.key === "End") go(steps);
    else if (event.key === "Tab") keepFocusInside(event);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  }

  function keepFocusInside(event) {
    const focusable = [...root.querySelectorAll("button:not(:disabled), a[href], summary")];
    if (!focusable.length) return;
    const first = focusable[0], last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
  }

  /** Leave the frame; quietly: without telling onClose (the page is replacing it itself). */
  function finish({ quietly = false } = {}) {
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("suanfan:lang", onLang);
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    root.remove();
    document.body.classList.remove("presenting");
    if (!quietly) onClose();
  }

  back.addEventListener("click", () => go(current));
  next.addEventListener("click", () => go(current + 2));
  close.addEventListener("click", () => finish());
  full.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else root.requestFullscreen?.().catch(() => {});
  });
  document.addEventListener("keydown", onKey);
  document.addEventListener("suanfan:lang", onLang);
  document.body.classList.add("presenting");
  document.body.append(root);
  showLang(root.dataset.lang);
  go(start);
  root.focus();
  return { root, heading, body, go, step: () => current + 1, close: finish };
}

/**
 * A hand drawn across the whole width of the room's screen: the tile width is worked out in CSS from the width the
 * hand has and how many tiles and groups it holds (.presenter-hand in site.css), so fourteen tiles and eighteen (four
 * kongs) both fill the line — the room reads the hand from the back.
 */
export function bigHand(text, { waiting = false } = {}) {
  const hand = handElement(text, { waiting });
  hand.style.setProperty("--hand-tiles", String(Math.max(1, hand.querySelectorAll("svg.tile").length)));
  hand.style.setProperty("--hand-groups", String(hand.children.length));
  return hand;
}

/**
 * Light the tiles a step names, by where they stand rather than by their code: a melded group lights its meld, a
 * group of one tile is the winning tile (the engine names it alone for 自摸, 边张, 单钓 …), and a concealed group
 * lights standing tiles first. By code alone the 自摸 slide of a hand holding another copy of the winning tile lit
 * that standing copy. groups: [{tiles, melded, text}] as the engine's step rows give them.
 */
export function lightGroups(handBox, groups) {
  for (const tile of handBox.querySelectorAll("svg.tile.lit")) tile.classList.remove("lit");
  const melds = [...handBox.querySelectorAll(".hand-tiles > .tiles.meld")];
  const standing = [...handBox.querySelectorAll(".hand-tiles > .tiles.standing svg.tile")];
  const winning = [...handBox.querySelectorAll(".hand-tiles > .winning svg.tile")];
  const unlit = (tiles, code) => tiles.find((t) => t.dataset.tile === code && !t.classList.contains("lit"));
  for (const group of groups) {
    if (group.melded || group.text?.startsWith("[")) {
      const meld = melds.find((m) => sameTiles(m, group.tiles) && !m.querySelector(".lit")) ?? null;
      for (const tile of meld?.querySelectorAll("svg.tile") ?? []) tile.classList.add("lit");
      continue;
    }
    const order = group.tiles.length === 1 ? [winning, standing] : [standing, winning];
    for (const code of group.tiles) {
      const tile = unlit(order[0], code) ?? unlit(order[1], code);
      tile?.classList.add("lit");
    }
  }
}

function sameTiles(meld, codes) {
  const shown = [...meld.querySelectorAll("svg.tile")].map((t) => t.dataset.tile);
  return shown.length === codes.length && [...shown].sort().join() === [...codes].sort().join();
}

function currentLang() {
  const lang = globalThis.suanfanLang?.get();
  return LANGS.includes(lang) ? lang : "both";
}
