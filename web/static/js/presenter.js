// The presenter: hands shown to a room one step at a time — full screen, big tiles, the step's tiles lit in the
// hand, a QR code of the link so students open the same hand on their phones. One or several hands (a teacher's
// own lesson is a deck of them), each an engine result drawn by the shared renderer's parts (result.js), in the
// frame every show for a room shares (presenter-frame.js: the bar, the keys, the language, full screen).
//
// The slides come from a result's envelope, whatever the rule set: one per step of its trace, except that a step
// listing fans with their own tiles gives one slide per fan (so each fan's tiles are lit in turn: Guobiao's
// 计哪些番 and 不计), then who pays where the result has payments. A waits answer or an error is one slide.
//
// DOM contract for scripts and tests (the frame's): the root has data-presenter, data-step (from 1) and data-steps.

import { biText, h } from "./dom.js";
import { bigHand, lightGroups, openFrame } from "./presenter-frame.js";
import { paymentsPart, renderError, renderResult, stepElement, summary } from "./result.js";
import { qrElement } from "./qr.js";
import { say, sayBi } from "./words.js";

/** The slides of one result: {draw(): Element, lit: [the engine's groups to light]} each. */
export function slidesOf(result) {
  if (!result.ok) return [{ draw: () => renderError(result.error), lit: [] }];
  if (result.action === "waits") return [{ draw: () => renderResult(result), lit: [] }];
  const slides = [];
  result.steps.forEach((step, index) => {
    const number = index + 1;
    const own = step.rows?.length && step.rows.some((row) => row.groups?.length);
    if (own) {
      const { text, value, ...heading } = step;   // a fan's own slide: the step's heading and that fan's row
      for (const row of step.rows) {
        slides.push({ lit: row.groups ?? [],
          draw: () => stepList(stepElement({ ...heading, rows: [row] }, result, { number, headingLevel: 2 }), number) });
      }
    } else {
      slides.push({ lit: [], draw: () => stepList(stepElement(step, result, { number, headingLevel: 2 }), number) });
    }
  });
  if (result.payments) {
    slides.push({ lit: [], draw: () => h("div", { class: "result-view" }, paymentsPart(result.payments, 2)) });
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
  const hand = h("div", { class: "presenter-hand" });
  const stage = h("div", { class: "presenter-slide" });
  const qr = h("aside", { class: "presenter-qr" });
  const note = h("p", { class: "presenter-note" });
  let shownItem = null;

  function drawItem(item, index, heading) {
    const { request } = item;
    const titled = item.title ? h("span", { class: "presenter-item-title" }, item.title) : null;
    const count = deck.length > 1 ? h("span", { class: "presenter-item-count" }, sayBi("hand_of", { n: index + 1, of: deck.length })) : null;
    heading.replaceChildren(...[count, titled].filter(Boolean));
    if (!titled) heading.append(h("code", {}, request.hand ?? ""));
    hand.replaceChildren(bigHand(request.hand ?? "", { waiting: request.action === "waits" }),
      item.settings?.length ? h("ul", { class: "chips" }, item.settings.map((s) => h("li", {}, biText(s)))) : "");
    note.hidden = !item.note;
    note.textContent = item.note ?? "";   // the teacher's words, always as text
  }

  function show(step, { heading, body }) {
    if (!hand.isConnected) body.append(hand, h("div", { class: "presenter-main" }, note, stage), qr);
    const current = step - 1;
    const slide = slides[current];
    if (shownItem !== slide.item) {
      shownItem = slide.item;
      drawItem(slide.item, slide.index, heading);
    }
    // The total is the end of the story: shown with the item's last slide, not before.
    const last = current === slides.length - 1 || slides[current + 1].item !== slide.item;
    const { result } = slide.item;
    stage.replaceChildren(slide.draw(), last && result.ok && result.action !== "waits" ? summary(result) : "");
    lightGroups(hand, slide.lit);
    const code = qrElement(link(step));
    qr.replaceChildren(code, code.matches("svg") ? h("p", {}, sayBi("scan_to_open")) : "");
  }

  const frame = openFrame({ steps: slides.length, start, label: say("presenter"), show, onStep, onClose });
  return { root: frame.root, go: frame.go, close: frame.close };
}
