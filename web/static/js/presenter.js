// The presenter: hands shown to a room one step at a time — full screen, big tiles, the step's tiles lit in the
// hand, a QR code of the link so students open the same hand on their phones. One or several hands (a teacher's
// own lesson is a deck of them), each an engine result drawn by the shared renderer's parts (result.js).
//
// The slides come from a result's envelope, whatever the rule set: one per step of its trace, except that a step
// listing fans with their own tiles gives one slide per fan (so each fan's tiles are lit in turn: Guobiao's
// 计哪些番 and 不计), then who pays where the result has payments. A waits answer or an error is one slide.
//
// Keys: → ↓ Space PageDown next; ← ↑ PageUp back; Home, End; Esc leaves. A clicker sends PageDown/PageUp.
// DOM contract for scripts and tests: the root has data-presenter, data-step (from 1) and data-steps.

import { bi, h } from "./dom.js";
import { paymentsPart, renderError, renderResult, stepElement, summary } from "./result.js";
import { qrElement } from "./qr.js";
import { handElement } from "./tiles.js";
import { say, sayBi } from "./words.js";

// The language is the site's one setting (static/js/lang.js, loaded by every page): the presenter's buttons set
// it like the header's switch does, and follow it when it changes elsewhere.
const LANGS = ["both", "zh", "en"];
const NEXT = new Set(["ArrowRight", "ArrowDown", " ", "PageDown"]);
const BACK = new Set(["ArrowLeft", "ArrowUp", "PageUp"]);

/** The slides of one result: {title, draw(): Element, lit: [tile codes]} each. */
export function slidesOf(result) {
  if (!result.ok) return [{ title: say("error_code"), draw: () => renderError(result.error), lit: [] }];
  if (result.action === "waits") return [{ title: say("waits_title"), draw: () => renderResult(result), lit: [] }];
  const slides = [];
  result.steps.forEach((step, index) => {
    const number = index + 1;
    const own = step.rows?.length && step.rows.some((row) => row.groups?.length);
    if (own) {
      const { text, value, ...heading } = step;   // a fan's own slide: the step's heading and that fan's row
      for (const row of step.rows) {
        slides.push({ title: step, lit: (row.groups ?? []).flatMap((g) => g.tiles),
          draw: () => stepList(stepElement({ ...heading, rows: [row] }, result, { number, headingLevel: 2 }), number) });
      }
    } else {
      slides.push({ title: step, lit: [], draw: () => stepList(stepElement(step, result, { number, headingLevel: 2 }), number) });
    }
  });
  if (result.payments) {
    slides.push({ title: say("who_pays"), lit: [], draw: () => h("div", { class: "result-view" }, paymentsPart(result.payments, 2)) });
  }
  return slides;
}

/** A step alone in a list, numbered as in the whole trace (the step's data-step; see .presenter-slide's CSS). */
function stepList(step, number) {
  return h("div", { class: "result-view" }, h("ol", { class: "steps", start: number }, step));
}

/**
 * Open the presenter over the page.
 * deck: [{result, request, title?, note?, settings?}] — one hand or several, shown in order;
 * link(step): the address of the presenter at a step (for the QR code and onStep);
 * start: the step to open at (from 1); onStep(step): the step changed; onClose(): the presenter left.
 * Returns {root, go(step), close()}.
 */
export function openPresenter({ deck, link, start = 1, onStep = () => {}, onClose = () => {} }) {
  const slides = deck.flatMap((item, index) => slidesOf(item.result).map((slide) => ({ ...slide, item, index })));
  const root = h("div", { class: "presenter", "data-presenter": "", role: "dialog", "aria-modal": "true",
    "aria-label": `${say("presenter").zh} ${say("presenter").en}`, tabindex: "-1",
    "data-steps": slides.length, "data-lang": currentLang() });
  const back = h("button", { type: "button", class: "presenter-back" }, sayBi("step_back"));
  const next = h("button", { type: "button", class: "presenter-next primary" }, sayBi("step_next"));
  const where = h("span", { class: "presenter-where", "aria-live": "polite" });
  const langButtons = LANGS.map((lang) => {
    const button = h("button", { type: "button", class: "presenter-lang", "data-lang": lang }, sayBi(`lang_${lang}`));
    button.addEventListener("click", () => {
      // The choice always holds for this page; when it cannot be stored the person is told it will not be remembered.
      const stored = globalThis.suanfanLang?.set(lang) !== false;
      langProblem.hidden = stored;
      if (!stored) langProblem.replaceChildren(sayBi("setting_not_saved"));
    });
    return button;
  });
  const langProblem = h("span", { class: "presenter-problem", role: "status", hidden: "" });
  const full = h("button", { type: "button", class: "presenter-full" }, sayBi("full_screen"));
  const close = h("button", { type: "button", class: "presenter-close" }, sayBi("close_presenter"));
  const heading = h("h2", { class: "presenter-heading" });
  const hand = h("div", { class: "presenter-hand" });
  const stage = h("div", { class: "presenter-slide" });
  const qr = h("aside", { class: "presenter-qr" });
  const note = h("p", { class: "presenter-note" });
  root.append(
    h("div", { class: "presenter-bar" }, heading,   // not a <header>: the page already has its banner
      h("div", { class: "presenter-controls" }, back, where, next, h("span", { class: "presenter-langs", role: "group",
        "aria-label": `${say("labels_in").zh} ${say("labels_in").en}` }, langButtons), langProblem, full, close)),
    h("div", { class: "presenter-body" }, h("div", { class: "presenter-main" }, hand, note, stage), qr));

  let current = 0;
  let shownItem = null;

  function showLang(lang) {
    root.dataset.lang = lang;
    for (const button of langButtons) button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
  const onLang = (event) => showLang(event.detail);

  function drawItem(item, index) {
    const { result, request } = item;
    const titled = item.title ? h("span", { class: "presenter-item-title" }, item.title) : null;
    const count = deck.length > 1 ? h("span", { class: "presenter-item-count" }, sayBi("hand_of", { n: index + 1, of: deck.length })) : null;
    heading.replaceChildren(...[count, titled].filter(Boolean));
    if (!titled) heading.append(h("code", {}, request.hand ?? ""));
    hand.replaceChildren(handElement(request.hand ?? "", { waiting: request.action === "waits" }),
      item.settings?.length ? h("ul", { class: "chips" }, item.settings.map((s) => h("li", {}, bi(s.zh, s.en)))) : "");
    note.hidden = !item.note;
    note.textContent = item.note ?? "";   // the teacher's words, always as text
  }

  function light(codes) {
    const tiles = [...hand.querySelectorAll(".hand-tiles svg.tile")];
    for (const tile of tiles) tile.classList.remove("lit");
    for (const code of codes) {
      const tile = tiles.find((t) => t.dataset.tile === code && !t.classList.contains("lit"));
      tile?.classList.add("lit");
    }
  }

  function go(step) {
    current = Math.max(0, Math.min(slides.length - 1, step - 1));
    const slide = slides[current];
    if (shownItem !== slide.item) {
      shownItem = slide.item;
      drawItem(slide.item, slide.index);
    }
    // The total is the end of the story: shown with the item's last slide, not before.
    const last = current === slides.length - 1 || slides[current + 1].item !== slide.item;
    const { result } = slide.item;
    stage.replaceChildren(slide.draw(), last && result.ok && result.action !== "waits" ? summary(result) : "");
    light(slide.lit);
    root.dataset.step = String(current + 1);
    // A button disabled while it has focus drops focus to <body>: at either end it passes to the other button.
    const focused = document.activeElement;
    back.disabled = current === 0;
    next.disabled = current === slides.length - 1;
    if (focused?.disabled && (focused === back || focused === next)) (focused === next ? back : next).focus();
    where.replaceChildren(sayBi("step_of", { n: current + 1, of: slides.length }));
    const code = qrElement(link(current + 1));
    qr.replaceChildren(code, code.matches("svg") ? h("p", {}, sayBi("scan_to_open")) : "");
    onStep(current + 1);
  }

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onControl = event.target.closest?.("button") && (event.key === " " || event.key === "Enter");
    if (onControl) return;   // a focused button does its own job
    if (event.key === "Escape") finish();
    else if (NEXT.has(event.key)) go(current + 2);
    else if (BACK.has(event.key)) go(current);
    else if (event.key === "Home") go(1);
    else if (event.key === "End") go(slides.length);
    else if (event.key === "Tab") keepFocusInside(event);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  }

  function keepFocusInside(event) {
    const focusable = [...root.querySelectorAll("button:not(:disabled), a[href]")];
    if (!focusable.length) return;
    const first = focusable[0], last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
  }

  /** Leave the presenter; quietly: without telling onClose (the page is replacing it itself). */
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
  return { root, go, close: finish };
}

function currentLang() {
  const lang = globalThis.suanfanLang?.get();
  return LANGS.includes(lang) ? lang : "both";
}
