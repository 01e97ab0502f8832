// question-view.js: one practice question on a page — drawn from the engine's question result, answered, judged
// against the engine's own answer, a wrong answer explained by the engine's diagnosis (action "diagnose": the
// mistakes that give exactly that answer, each with the lesson or fan card that teaches it), and the worked result.
// The practice page, a lesson's checks and the challenge all draw questions with it, so every question looks and
// answers the same.
//
//   showQuestion({host, body, result, asked, engine, links, kindName, why, onAnswer, next, takeFocus, oneTry})
//
// host: the element carrying the DOM contract (data-kind, data-topic, data-seed, data-request, data-tags, and after
// an answer data-verdict "right" | "wrong"); body: where the question is drawn; result: the engine's answer to the
// question request `asked` (without action and rules); engine: {call(request)} for the diagnosis (may start it);
// links: topic -> the page that teaches it (from the site's root, which is `root` from this page); kindName(kind) -> {zh, en, zh_hant}; onAnswer({given, right, mistakes, missed})
// is called once, for the first answer, when its diagnosis is known; next() -> an element shown after the answer
// (the practice page's "next question"), or null; oneTry: a wrong answer offers the answer, not another try (a class
// set, where the first answer is the one the teacher gets).

import { biText, h } from "./dom.js";
import { createPalette } from "./palette.js";
import { encodeHash } from "./permalink.js";
import { renderError, renderResult } from "./result.js";
import { handElement, tilesElement } from "./tiles.js";
import { say, sayBi } from "./words.js";

export function chips(settings) {
  return settings?.length ? h("ul", { class: "chips" }, settings.map((s) => h("li", {}, biText(s)))) : null;
}

/** The hand a question is about: its tiles, its notation and its situation as chips (the worksheet prints it too). */
export function handBlock(request, settings) {
  return h("div", { class: "question-hand" },
    handElement(request.hand, { waiting: request.action === "waits" }),
    h("code", { class: "notation" }, request.hand), chips(settings));
}

/** Focus `target` and keep `head` (the question it answers, the verdict it follows) in sight: a plain focus()
 *  scrolls the target to the middle of a phone's screen, past the prompt and hand above it. */
export function focusBelow(target, head) {
  if (!target) return;
  target.focus({ preventScroll: true });
  const top = head.getBoundingClientRect().top;
  const bottom = target.getBoundingClientRect().bottom;
  if (top < 0 || bottom > window.innerHeight) head.scrollIntoView({ block: "start" });
}

let drawn = 0;   // each drawn question's own ids (a lesson page holds several)

/** Mark `host` with the question's contract attributes. */
export function markHost(host, result) {
  const q = result.question;
  Object.assign(host.dataset, { kind: q.kind, topic: q.topic, seed: String(q.seed), tags: JSON.stringify(q.tags),
    request: JSON.stringify(q.request), state: "asking" });
  delete host.dataset.verdict;
}

/** Whether a question shows its hand: a "name" question asked the other way round shows hands as its choices. */
export function showsHand(q) {
  return !(q.kind === "name" && q.direction === "hand_of_fan");
}

export function showQuestion({ host, body, result, asked, engine, links = {}, root = "", kindName, why = null,
  onAnswer = () => {}, next = () => null, takeFocus = true, workedOpen = true, oneTry = false }) {
  const linked = Object.fromEntries(Object.entries(links).map(([topic, href]) => [topic, root + href]));
  const q = result.question;
  const id = `question-prompt-${(drawn += 1)}`;
  markHost(host, result);
  const kind = kindName(q.kind);
  const head = h("p", { class: "question-topic" },
    biText(q.topic_name), " · ", biText(kind),
    why ? [" · ", h("span", { class: `why why-${why}` }, sayBi(`why_${why}`))] : null);
  const prompt = h("p", { class: "prompt", id }, biText(q.prompt));
  const feedback = h("div", { class: "feedback", role: "status", "aria-live": "polite", hidden: true });
  let answered = false;
  const form = answerForm(q, id, (given) => judge(given));
  body.replaceChildren(...[head, prompt, showsHand(q) ? handBlock(q.request, q.settings) : null, form, feedback].filter(Boolean));
  if (takeFocus) focusBelow(form.querySelector("input, button"), host);

  async function judge(given) {
    const right = sameAnswer(q.answer_type, given, result.answer);
    host.dataset.verdict = right ? "right" : "wrong";
    feedback.hidden = false;
    const first = !answered;
    answered = true;
    if (oneTry) for (const control of form.querySelectorAll("input, button, select")) control.disabled = true;
    if (right) {
      feedback.replaceChildren(h("p", { class: "verdict verdict-right" }, sayBi("right")),
        ...explanation(result, linked, root, workedOpen), next() ?? "");
      focusBelow(feedback.querySelector(".next-question") ?? feedback.querySelector("a"), feedback);
      if (first) onAnswer({ given, right, mistakes: [], missed: [] });
      return;
    }
    const retry = h("button", { type: "button", class: "retry" }, sayBi("try_again"));
    const reveal = h("button", { type: "button", class: "reveal" }, sayBi("show_answer"));
    const diagnosis = h("div", { class: "diagnosis", "data-diagnosis": "pending" });
    retry.addEventListener("click", () => {
      delete host.dataset.verdict;
      feedback.hidden = true;
      untickWrong(form, q.answer_type, result.answer);
      const again = form.querySelector("input:not([type=hidden]), button");
      again?.focus();
      if (again?.matches("input[data-answer]")) again.select();   // a new number replaces the wrong one
    });
    reveal.addEventListener("click", () => {
      // the button goes with the feedback it stood in: the focus moves on to Next, or to the answer shown
      const shown = h("p", { class: "verdict verdict-revealed", tabindex: "-1" }, sayBi("the_answer_is"), " ", answerText(result));
      feedback.replaceChildren(shown, diagnosis, ...explanation(result, linked, root, workedOpen), next() ?? "");
      focusBelow(feedback.querySelector(".next-question") ?? shown, feedback);
    });
    // what teaches it, at once: the learner need not reveal the answer to find the lesson or fan card
    const lesson = linked[q.focus.key] ?? linked[q.topic];
    feedback.replaceChildren(h("p", { class: "verdict verdict-wrong" }, sayBi("not_right")), diagnosis,
      h("div", { class: "question-actions" }, oneTry ? null : retry, reveal),
      lesson ? h("p", { class: "learn learn-after-miss" },
        h("a", { class: "to-lesson", href: lesson }, sayBi("learn_it", { topic: q.focus }))) : "");
    (oneTry ? reveal : retry).focus();
    const mistakes = await diagnose(engine, result, asked, given);
    drawDiagnosis(diagnosis, mistakes, q, linked);
    if (first) onAnswer({ given, right, mistakes: mistakes ?? [], missed: missedTags(q.answer_type, mistakes ?? []) });
  }
}

/** Before a retry, take back the choices the answer does not hold (the radio picked, each wrong checkbox, each
 *  wrong tile), so the learner starts again from what was right. */
function untickWrong(form, type, answer) {
  const right = new Set(Array.isArray(answer) ? answer : [answer]);
  if (type === "key" || type === "keys") {
    for (const input of form.querySelectorAll("input[name=choice]:checked")) {
      if (!right.has(input.value)) input.checked = false;
    }
  } else if (type === "tiles") {
    // a click toggles the tile and redraws the chosen list, as the learner's own tap does
    for (const button of form.querySelectorAll(".pick[aria-pressed=true]")) {
      if (!right.has(button.dataset.tile)) button.click();
    }
  }
}

/** The engine's diagnosis of `given`: its mistakes, most likely first; null when the engine could not say. */
export async function diagnose(engine, result, asked, given) {
  if (!engine) return null;
  try {
    const told = await engine.call({ action: "diagnose", rules: result.rules, question: asked, given });
    return told.ok ? told.mistakes : null;
  } catch {
    return null;
  }
}

/** The tags a wrong answer is put down to: the likeliest mistake's for one answer; every mistake's where the answer
 *  is several choices or tiles (each wrong one is a mistake of its own). */
export function missedTags(answerType, mistakes) {
  const counted = answerType === "keys" || answerType === "tiles" ? mistakes : mistakes.slice(0, 1);
  return [...new Set(counted.flatMap((m) => m.tags))];
}

function drawDiagnosis(box, mistakes, q, links) {
  box.dataset.diagnosis = mistakes === null ? "unavailable" : mistakes.length ? "found" : "none";
  if (mistakes === null) {
    box.replaceChildren(h("p", { class: "help" }, sayBi("diagnosis_unavailable")));
    return;
  }
  if (!mistakes.length) {
    box.replaceChildren(h("p", { class: "help" }, sayBi("no_diagnosis")));
    return;
  }
  // a number or one choice: the likeliest reading, and the others it could be; several: each wrong one
  const shown = q.answer_type === "keys" || q.answer_type === "tiles" ? mistakes : mistakes.slice(0, 3);
  box.replaceChildren(h("ul", { class: "mistakes" }, shown.map((m, i) => {
    const link = m.teach ? links[m.teach] : null;
    return h("li", { "data-mistake": m.key, "data-mistake-tags": JSON.stringify(m.tags), class: i ? "also" : "likeliest" },
      i && q.answer_type !== "keys" && q.answer_type !== "tiles" ? [sayBi("or_perhaps"), " "] : null,
      biText(m), link ? [" ", h("a", { class: "to-lesson", href: link }, sayBi("learn_this"))] : null);
  })));
}

function answerForm(q, promptId, onGiven) {
  const form = h("form", { class: `answer answer-${q.answer_type}`, "aria-labelledby": promptId });
  const submit = () => h("button", { type: "submit", class: "primary" }, sayBi("answer"));
  switch (q.answer_type) {
    case "number":
      form.append(h("label", { class: "field" }, sayBi("your_answer"),
        h("input", { type: "number", "data-answer": "", inputmode: "numeric", min: 0, step: 1 })), submit());
      break;
    case "key":
    case "keys": {
      const type = q.answer_type === "key" ? "radio" : "checkbox";
      form.append(h("fieldset", { class: "choices" }, h("legend", {}, q.answer_type === "key" ? sayBi("pick_one") : sayBi("pick_all")),
        q.choices.map((c) => h("label", { class: `choice choice-${c.type}`, "data-choice": c.key },
          h("input", { type, name: "choice", value: c.key }), choiceLabel(c)))), submit());
      break;
    }
    case "tiles":
      form.append(tileChooser(), submit());
      break;
    case "boolean":
      form.append(h("div", { class: "yes-no" },
        h("button", { type: "submit", value: "true", class: "primary" }, sayBi("yes")),
        h("button", { type: "submit", value: "false" }, sayBi("no"))));
      break;
    default:
      form.append(h("p", {}, q.answer_type));
  }
  // The page checks the answer itself (novalidate): the browser's own warnings speak the browser's language.
  form.noValidate = true;
  const problem = h("p", { class: "problem answer-problem", role: "alert", hidden: true });
  form.append(problem);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const given = readAnswer(form, q.answer_type, event.submitter);
    // An answer the page cannot read is not judged (it would count as wrong) but said to be unreadable.
    problem.hidden = given !== null;
    problem.replaceChildren(given === null ? sayBi(q.answer_type === "number" ? "need_whole_number" : "need_a_choice") : "");
    if (given !== null) onGiven(given);
  });
  return form;
}

/** A choice as a learner reads it: a tile, a hand (its letter, tiles and chips) or a name with its value; also the
 *  room's view of it (class-quiz.js). */
export function choiceLabel(choice) {
  if (choice.type === "tile") {     // a discard: the tile itself, then its words
    return h("span", { class: "choice-tile" }, tilesElement([choice.tile]), " ", biText(choice));
  }
  if (choice.type === "hand") {
    return h("span", { class: "choice-hand" }, h("strong", {}, choice.key), " ",
      handElement(choice.request.hand), chips(choice.settings));
  }
  const value = choice.value !== undefined ? ` ${choice.value}` : "";
  return h("span", {}, biText(choice), value ? h("span", { class: "choice-value" }, value) : null);
}

/** The waits answer: the one palette, each tile a toggle (aria-pressed), the chosen ones listed. */
function tileChooser() {
  const box = h("div", { class: "tile-chooser" });
  const chosen = h("p", { class: "chosen-tiles", "aria-live": "polite" });
  const palette = h("div", { class: "palette", role: "group", "aria-label": say("tile_picker") });
  const { buttons } = createPalette(palette, (code, button) => {
    button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
    showChosen();
  });
  for (const button of buttons) button.setAttribute("aria-pressed", "false");
  function showChosen() {
    const codes = buttons.filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.tile);
    chosen.replaceChildren(codes.length ? tilesElement(codes) : sayBi("no_tiles_chosen"));
  }
  showChosen();
  box.append(h("p", { class: "help" }, sayBi("choose_tiles")), palette, chosen);
  return box;
}

function readAnswer(form, type, submitter) {
  switch (type) {
    case "number": {
      // The browser's reading of the box: "2", "2.0" and "2e0" are all 2; "2.5", "-1" and "" are no count of fan.
      const value = form.querySelector("[data-answer]").valueAsNumber;
      return Number.isInteger(value) && value >= 0 ? value : null;
    }
    case "key": return form.querySelector("input[type=radio]:checked")?.value ?? null;
    case "keys": return [...form.querySelectorAll("input[type=checkbox]:checked")].map((i) => i.value);
    case "tiles": return [...form.querySelectorAll(".pick[aria-pressed=true]")].map((b) => b.dataset.tile);
    case "boolean": return submitter?.value === "true" ? true : submitter?.value === "false" ? false : null;
    default: return null;
  }
}

export function sameAnswer(type, given, answer) {
  if (type === "keys" || type === "tiles") {
    return given.length === answer.length && [...given].sort().join(" ") === [...answer].sort().join(" ");
  }
  return given === answer;
}

export function answerText(result) {
  const { answer } = result;
  const q = result.question;
  switch (q.answer_type) {
    case "number": return h("strong", {}, answer);
    case "boolean": return h("strong", {}, answer ? sayBi("yes") : sayBi("no"));
    case "tiles": return answer.length ? tilesElement(answer) : sayBi("no_tiles_chosen");
    case "key":
    case "keys": {
      const keys = Array.isArray(answer) ? answer : [answer];
      const names = keys.map((k) => q.choices.find((c) => c.key === k)).map((c) => (c.type === "hand" ? c.key : `${c.zh} ${c.en}`));
      return h("strong", {}, names.join("、"));
    }
    default: return String(answer);
  }
}

/** The near miss in words: the fan the hand lacks, and the one change that would make it. */
export function nearMissLine(q) {
  const words = q.near_miss.change.type === "example" ? "near_miss_example" : "near_miss";
  return h("p", { class: "near-miss" }, sayBi(words, { fan: q.near_miss.lacks, change: q.near_miss.change }));
}

/** What the engine says: each choice's verdict, the near miss, the worked result with the focus marked, a link. */
export function explanation(result, links, root = "", workedOpen = true) {
  const q = result.question;
  const parts = [];
  if (q.choices?.some((c) => c.verdict)) {
    parts.push(h("ul", { class: "choice-verdicts" }, q.choices.filter((c) => c.verdict).map((c) =>
      h("li", { class: `verdict-${c.verdict.status}` }, c.type === "hand" ? h("strong", {}, c.key) : biText(c), ": ",
        biText(c.verdict)))));
  }
  if (q.near_miss) parts.push(nearMissLine(q));
  const worked = result.explanation.ok
    ? renderResult(result.explanation, { headingLevel: 3 }) : renderError(result.explanation.error);
  for (const row of worked.querySelectorAll(`[data-fan="${CSS.escape(q.focus.key)}"]`)) row.classList.add("focus");
  parts.push(h("details", { class: "worked", open: workedOpen }, h("summary", {}, sayBi("see_every_step")), worked));
  const link = links[q.focus.key] ?? links[q.topic];
  parts.push(h("p", { class: "learn" },
    link ? h("a", { class: "to-lesson", href: link }, sayBi("learn_it", { topic: q.focus })) : null, link ? " · " : null,
    h("a", { class: "to-presenter", href: `${root}calculator.html#${encodeHash(q.request)}&present=1` }, sayBi("present"))));
  return parts;
}
