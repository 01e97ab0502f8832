// class-quiz.js: a class set shown to the room (class.html#v=1&d=…&present=1), in the presenter's frame
// (presenter-frame.js). First the set's link as a large QR code, so the students open it on their phones — the
// student face, the same link without present=1 —; then each question drawn big with no answer form (the room
// answers on the phones), a countdown when the set is timed, and on Enter, Space or "Show the answer" the engine's
// answer and its worked steps. Every question and answer is the engine's, asked here with questionRequest.
//
// Keys (the frame's): → ↓ PageDown next, ← ↑ PageUp back, Home, End, Esc leaves; Enter and Space show the answer
// (Space, once it is shown, goes on). The address keeps present=1&step=N, so a reload opens the same step (with the
// answer hidden again: the room may not have seen it).
// DOM contract: the frame's (data-presenter; data-step from 1; data-steps, the questions + 1), and on the root
// data-quiz-phase "question" | "answer" while a question is on screen (none on the first slide, the QR code's); the
// countdown .quiz-clock[data-remaining] (seconds left); the answer .quiz-answer[data-answer] (the engine's, as JSON).
//
// The QR code is drawn as tall as the screen leaves it (.quiz-qr in site.css: 100vh - 7rem, 608 px at 1280×720). Ten
// generated questions make a link of about 230 characters, a version-9 code at L (53 modules, 57 with qr.js's margin):
// 10.7 px a module, measured by tests/e2e/test_class_quiz.py. A phone reads a projected code from 2 m at about 8 px a
// module; the full height keeps a longer set above that up to version 13 (8.3 px).

import { asSetQuestion, faceFragment, questionRequest } from "./class-set.js";
import { bi, biText, h } from "./dom.js";
import { bigHand, openFrame } from "./presenter-frame.js";
import { qrElement } from "./qr.js";
import { answerText, chips, choiceLabel, explanation } from "./question-view.js";
import { say, sayBi } from "./words.js";

const TICK_MS = 250;   // the countdown is redrawn often enough that a second never shows late

export function startQuiz({ face, data, engine, set, params }) {
  const students = `${location.origin}${location.pathname}#${faceFragment(params)}`;
  const ruleset = data.rulesets.find((r) => r.key === set.rules);
  const kindName = (kind) => ruleset?.practice.kinds.find((k) => k.key === kind) ?? { zh: kind, en: kind };
  const links = data.links[set.rules] ?? {};
  const asked = [];   // question i's engine answer, asked once: going back shows the same question
  const ask = (i) => (asked[i] ??= engine.call(questionRequest(set, i)).then(asSetQuestion).catch((err) => ({ failed: err })));
  let frame = null;

  function open(start) {
    frame = quiz({ set, students, start, ask, kindName, links, onClose: ended,
      onStep: (step) => history.replaceState(null, "", `#${faceFragment(params, { present: 1, step })}`) });
  }

  function ended() {
    // Left: the address is the students' link again, and the page says how to show the quiz once more.
    history.replaceState(null, "", `#${faceFragment(params)}`);
    const again = h("button", { type: "button", class: "primary quiz-again" }, sayBi("quiz_present_again"));
    again.addEventListener("click", () => { face.replaceChildren(); open(1); });
    face.replaceChildren(h("section", { class: "quiz-ended" },
      h("h2", {}, set.title || biText(say("quiz"))),
      h("p", {}, sayBi("quiz_ended"), " ", again),
      h("ul", {}, h("li", {}, faceLink(faceFragment(params), "quiz-students", "quiz_students_link")),
        h("li", {}, faceLink(faceFragment(params, { report: 1 }), "quiz-report", "quiz_report_link")))));
    again.focus();
  }

  open(Number(params.get("step")) || 1);
  // The questions are asked in order while the room scans the code, so stepping through them never waits.
  set.questions.reduce((before, _, i) => before.then(() => ask(i)), Promise.resolve());
  return { close: () => frame?.close({ quietly: true }) };
}

/** A link to another face of the set. class-page.js picks the face once, as the page loads, and a link that changes
 *  only the address's fragment does not load the page again: the click does. */
function faceLink(fragment, className, word) {
  const link = h("a", { href: `#${fragment}`, class: className }, sayBi(word));
  link.addEventListener("click", (event) => {
    event.preventDefault();
    history.pushState(null, "", link.href);
    location.reload();
  });
  return link;
}

/** The quiz in the frame: step 1 the QR code, step i + 2 question i. */
function quiz({ set, students, start, ask, kindName, links, onStep, onClose }) {
  const announce = h("p", { class: "visually-hidden quiz-announce", role: "status", "aria-live": "polite" });
  let shown = 0;        // counts the slides drawn, so an answer arriving late is drawn only on its own slide
  let timer = null;
  let reveal = null;    // shows the answer of the question on screen, once it has come

  function stopClock() {
    clearInterval(timer);
    timer = null;
  }

  /** Count down the set's limit in `clock`; at the end the clock says so and the status line tells a screen reader. */
  function startClock(clock) {
    stopClock();
    if (!set.limit) return;
    const end = Date.now() + set.limit * 1000;
    const tick = () => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      clock.dataset.remaining = String(left);
      clock.replaceChildren(left ? sayBi("quiz_seconds_left", { n: left }) : sayBi("quiz_time_up"));
      if (left) return;
      stopClock();
      announce.replaceChildren(sayBi("quiz_time_up"));
    };
    tick();
    timer = setInterval(tick, TICK_MS);
  }

  function heading(target) {
    target.replaceChildren(h("span", { class: "presenter-item-title" }, set.title || biText(say("quiz"))),
      set.code ? h("span", { class: "quiz-code" }, sayBi("quiz_code_name", { code: set.code })) : "");
  }

  function scanSlide() {
    const facts = [sayBi("quiz_count", { n: set.questions.length }),
      set.limit ? sayBi("quiz_limit", { n: set.limit }) : sayBi("quiz_no_limit")];
    return h("div", { class: "quiz-slide quiz-scan" },
      h("div", { class: "quiz-qr" }, qrElement(students, { projected: true })),
      h("div", { class: "quiz-scan-words" },
        h("p", { class: "quiz-scan-call" }, sayBi("quiz_scan")),
        h("p", { class: "quiz-title" }, set.title || biText(say("quiz"))),
        set.code ? h("p", { class: "quiz-code-name" }, sayBi("quiz_code_name", { code: set.code })) : "",
        h("p", {}, facts[0], " · ", facts[1]),
        h("p", { class: "quiz-begin" }, sayBi("quiz_begin"))));
  }

  function questionSlide(index, root) {
    const slide = h("div", { class: "quiz-slide quiz-question" }, h("p", { class: "quiz-making" }, sayBi("quiz_making")));
    const drawnAs = shown;
    ask(index).then((result) => {
      if (drawnAs !== shown) return;   // the room has moved on
      if (result.failed || !result.ok) return slide.replaceChildren(problem(result));
      const clock = h("p", { class: "quiz-clock", hidden: !set.limit });
      const button = h("button", { type: "button", class: "primary quiz-reveal" }, sayBi("show_answer"));
      const answer = h("div", { class: "quiz-answer-area", hidden: "" });
      const hint = h("p", { class: "quiz-hint" }, sayBi("quiz_answer_on_phones"), " ", button);
      slide.replaceChildren(...questionFace(result, kindName), clock, hint, answer);
      reveal = () => {
        reveal = null;
        stopClock();
        root.dataset.quizPhase = "answer";
        const hadFocus = button === document.activeElement;
        hint.remove();
        const shownAnswer = h("p", { class: "verdict verdict-revealed quiz-answer", tabindex: "-1",
          "data-answer": JSON.stringify(result.answer) }, sayBi("the_answer_is"), " ", answerText(result));
        answer.replaceChildren(shownAnswer, ...explanation(result, links, "", true));
        answer.hidden = false;
        if (hadFocus) shownAnswer.focus({ preventScroll: true });   // its button is gone: the focus stays on the slide
        // the least scroll that shows the answer's line: the hand above stays in the room's sight where it fits
        shownAnswer.scrollIntoView({ block: "nearest" });
      };
      button.addEventListener("click", () => reveal?.());
      startClock(clock);
    });
    return slide;
  }

  function show(step, { root, heading: title, body }) {
    shown += 1;
    stopClock();
    reveal = null;
    announce.replaceChildren();
    if (!announce.isConnected) root.append(announce);
    heading(title);
    if (step === 1) {
      delete root.dataset.quizPhase;
      body.replaceChildren(scanSlide());
    } else {
      root.dataset.quizPhase = "question";
      body.replaceChildren(questionSlide(step - 2, root));
    }
  }

  // While a question is asked, Enter and Space are for its answer: even before the question has come (a press then
  // does nothing, rather than skip a question the room has not seen). Once the answer is shown Space goes on.
  function key(event, root) {
    if ((event.key !== "Enter" && event.key !== " ") || root.dataset.quizPhase !== "question") return false;
    reveal?.();
    return true;
  }

  const frame = openFrame({ steps: set.questions.length + 1, start, label: say("quiz"), show, key: (event) => key(event, frame.root), onStep,
    onClose: () => { stopClock(); onClose(); },
    where: (n, of) => (n === 1 ? sayBi("quiz_where_scan") : sayBi("quiz_question_of", { n: n - 1, of: of - 1 })) });
  return frame;
}

/** A question as the room sees it: its topic and kind, the prompt, the hand big and the choices (no form). */
function questionFace(result, kindName) {
  const q = result.question;
  const kind = kindName(q.kind);
  const showsHand = !(q.kind === "name" && q.direction === "hand_of_fan");
  return [
    h("p", { class: "question-topic" }, biText(q.topic_name), " · ", biText(kind)),
    h("p", { class: "prompt" }, biText(q.prompt)),
    showsHand ? h("div", { class: "presenter-hand" }, bigHand(q.request.hand, { waiting: q.request.action === "waits" }),
      chips(q.settings)) : null,
    // unnumbered, as the students' phones show them: "number 4" would name nothing on a phone
    q.choices?.length ? h("ul", { class: "quiz-choices" }, q.choices.map((c) => h("li", { "data-choice": c.key }, choiceLabel(c)))) : null,
  ].filter(Boolean);
}

function problem(result) {
  const error = result.failed ?? result.error?.message ?? {};
  const zh = error.zh ?? String(error), en = error.en ?? String(error);
  return h("div", { class: "problem" }, bi(zh, en));
}
