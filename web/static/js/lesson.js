// The lesson pages: which lessons you finished (kept with the practice record, progress.js), the step-through
// player of worked examples,
// convention switches that have the engine re-score a hand, and the exercise (the shared hand picker, picker.js).
// Everything a reader needs is already in the page (the build wrote the worked results); the engine
// (a Pyodide worker, started on first use) is only needed to try things.

import { createEngine } from "./engine.js";
import { bi, biText, enWithName, h } from "./dom.js";
import { _, pgettext } from "./gettext.js";
import { WAIT, WIN } from "./notation.js";
import { createPicker } from "./picker.js";
import { RATINGS, cardKey, openProgress } from "./progress.js";
import { showQuestion } from "./question-view.js";
import { renderError, renderResult } from "./result.js";

// ---------------------------------------------------------------- progress

// Data the page cannot read is set aside and a failed write is reported, never dropped silently (progress.js).
function showProblem(problem) {
  for (const box of document.querySelectorAll("[data-progress-problem]")) {
    box.hidden = false;
    box.append(h("span", { class: "problem-line" }, biText(problem)));
  }
}

const progress = openProgress({ onProblem: showProblem });
const finishedSet = () => new Set(Object.keys(progress.record.finished));

/** -> whether it was stored; when not, the lesson is not shown as finished (progress.js said why). */
function markFinished(key) {
  const saved = progress.finishLesson(key);
  showProgress();
  return saved;
}

function showProgress(done = finishedSet()) {
  for (const item of document.querySelectorAll(".outline li[data-lesson]")) {
    const finished = done.has(item.dataset.lesson);
    item.classList.toggle("finished", finished);
    item.querySelector(".done-mark").hidden = !finished;
  }
  for (const course of document.querySelectorAll("section.course")) {
    const line = course.querySelector(".course-progress");
    const count = [...course.querySelectorAll(".outline li.finished")].length;
    line.hidden = count === 0;
    line.replaceChildren(biText(_("{count} of {total} finished", { count, total: line.dataset.total })));
  }
  const lesson = document.querySelector("article.lesson");
  if (lesson) {
    const finished = done.has(lesson.dataset.lesson);
    lesson.dataset.finished = finished ? "1" : "0";
    lesson.querySelector(".done-flag").hidden = !finished;
    const button = lesson.querySelector(".mark-done");
    if (button && finished) {
      button.disabled = true;
      button.replaceChildren(biText(pgettext("lesson_marked_done", "Finished")));   // with its ✓ in Chinese
    }
  }
}

// ---------------------------------------------------------------- the engine, started on first use

let engine = null;

function getEngine(statusLine) {
  if (!engine) {
    engine = createEngine({
      onProgress: ({ zh, en, fraction }) => {
        for (const line of document.querySelectorAll(".engine-line.booting")) {
          const percent = `${Math.round(fraction * 100)}%`;
          line.replaceChildren(bi(`${zh} ${percent}`, `${en} ${percent}`));
        }
      },
    });
    engine.ready.then(
      () => document.querySelectorAll(".engine-line.booting").forEach((line) => {
        line.classList.remove("booting");
        line.hidden = true;
      }),
      (err) => document.querySelectorAll(".engine-line").forEach((line) => {
        line.hidden = false;
        line.replaceChildren(biText(err));
      }),
    );
  }
  if (statusLine && engine.status === "loading") {
    statusLine.hidden = false;
    statusLine.classList.add("booting");
    if (!statusLine.textContent) statusLine.replaceChildren(biText(_("Loading the scoring engine…")));
  }
  return engine;
}

// ---------------------------------------------------------------- the checks that end a lesson

// The questions were made by the engine at build time (web/course/checks.py): each carries its whole answer, so it
// is judged and explained here; a wrong answer's diagnosis asks the engine (started then). Every answer is recorded
// in the practice record (mode "check"), and the lesson is finished once every check was answered right.
function setUpChecks(section) {
  const article = section.closest("article.lesson");
  const lessonKey = article.dataset.lesson;
  const root = section.dataset.root ?? "";
  const links = JSON.parse(document.getElementById("check-links")?.textContent ?? "{}");
  const lazyEngine = { call: (request) => getEngine(null).call(request) };
  const checks = [...section.querySelectorAll(".check")];
  const kinds = JSON.parse(section.dataset.kindNames ?? "{}");
  const right = new Set();
  for (const host of checks) {
    const { asked, result } = JSON.parse(host.querySelector(".check-data").textContent);
    showQuestion({ host, body: host.querySelector(".question-body"), result, asked, engine: lazyEngine, root,
      links: links[result.rules] ?? {}, kindName: (kind) => kinds[kind] ?? { zh: kind, en: kind }, takeFocus: false, workedOpen: false,
      onAnswer: ({ given, right: ok, missed }) => {
        const q = result.question;
        progress.review(cardKey(result.rules, q.kind, q.topic), ok ? RATINGS.good : RATINGS.again, q.seed,
          { q: asked, given, tags: q.tags, missed: ok ? undefined : missed, mode: "check", lesson: lessonKey });
      } });
    // every right answer counts toward finishing, a first one or one after another try
    new MutationObserver(() => {
      if (host.dataset.verdict === "right") right.add(host);
      if (right.size === checks.length && !section.dataset.done) {
        section.dataset.done = "1";
        section.querySelector(".checks-done").hidden = false;
        markFinished(lessonKey);
      }
    }).observe(host, { attributes: true, attributeFilter: ["data-verdict"] });
  }
}

// ---------------------------------------------------------------- step-through player

function setUpPlayer(card) {
  const steps = () => [...card.querySelectorAll(".card-result .steps > .step")];
  if (!steps().length) return;
  const back = h("button", { class: "player-back", type: "button" }, biText(_("Back")));
  const next = h("button", { class: "player-next", type: "button" }, biText(_("Next")));
  const where = h("span", { class: "player-where" });
  const controls = h("div", { class: "player-controls" }, back, where, next);
  where.setAttribute("aria-live", "polite");
  card.querySelector(".card-result").before(controls);
  let current = 1;
  const show = () => {
    const all = steps();
    current = Math.min(current, all.length);
    all.forEach((step, i) => {
      step.hidden = i + 1 > current;
      step.classList.toggle("current", i + 1 === current);
    });
    card.querySelector(".card-result .summary")?.classList.toggle("pending", current < all.length);
    card.dataset.step = String(current);
    back.disabled = current === 1;
    next.disabled = current === all.length;
    where.replaceChildren(biText(_("step {current} of {count}", { current, count: all.length })));
  };
  back.addEventListener("click", () => { current = Math.max(1, current - 1); show(); });
  next.addEventListener("click", () => { current += 1; show(); });
  card.addEventListener("card-rendered", show); // a convention switch redrew the result: keep the step
  card.classList.add("playing");
  show();
}

// ---------------------------------------------------------------- convention switches

/** Redraw a card's worked result with the shared renderer (the build drew it with the same markup). */
function drawCardResult(card, result) {
  const box = card.querySelector(".card-result");
  const headingLevel = Number(box.dataset.headingLevel ?? 3);
  box.replaceChildren(result.ok ? renderResult(result, { headingLevel }) : renderError(result.error));
  card.dispatchEvent(new Event("card-rendered"));
}

function setUpConvention(card) {
  const box = card.querySelector("fieldset.convention");
  const note = box.querySelector(".live-note");
  const request = JSON.parse(card.dataset.request);
  box.addEventListener("change", async (event) => {
    const input = event.target;
    if (input.type !== "radio") return;
    const value = JSON.parse(input.value);
    const asked = { ...request, table: { ...(request.table ?? {}), [box.dataset.key]: value } };
    box.dataset.live = "pending";
    note.replaceChildren(biText(_("The engine is re-scoring…")));
    try {
      const result = await getEngine(note).call(asked);
      if (!input.checked) return; // another option was chosen meanwhile; its answer will arrive
      drawCardResult(card, result);
      card.dataset.liveTotal = result.ok ? String(result.total) : "";
      note.replaceChildren(biText(_("Re-scored above by the engine in your browser.")));
      box.dataset.live = "done";
    } catch (err) {
      note.replaceChildren(bi(err.zh ?? String(err), err.en ?? String(err)));
      box.dataset.live = "failed";
    }
  });
}

// ---------------------------------------------------------------- the exercise

/** What the engine counted, in one line: 引擎算出:清龙 16、圈风刻 2 … 合计 22 番. */
function scoredLine(result) {
  const items = result.items ?? [];
  const value = (item) => ` ${item.value}${(item.count ?? 1) > 1 ? ` × ${item.count}` : ""}`;
  const counted = (lang) => items.map((item) => (lang === "zh_hant" ? item.zh_hant ?? item.zh : item.zh) + value(item)).join("、");
  // The English keeps each fan's Chinese name beside it (elements): its {items} is left in place, for them.
  const line = _("The engine counts {items}: total {total} {unit}",
    { items: { zh: counted("zh"), en: "{items}", zh_hant: counted("zh_hant") }, total: result.total, unit: result.unit });
  const [before, after] = line.en.split("{items}");
  return h("p", { class: "scored" }, bi(line.zh,
    h("span", {}, before, items.flatMap((item, i) => [i ? ", " : "", ...enWithName(item.en, item.zh), value(item)]), after),
    line.zh_hant));
}

function setUpExercise(section) {
  const request = JSON.parse(section.dataset.request);
  const goal = JSON.parse(section.dataset.goal);
  const input = section.querySelector(".exercise-hand input");
  const check = section.querySelector(".check-hand");
  const feedback = section.querySelector(".feedback");
  const engineLine = section.querySelector(".engine-line");

  createPicker({
    root: section.querySelector(".hand-picker"),
    input,
    expect: request.action === "waits" ? WAIT : WIN,
    onChange: ({ complete }) => { check.disabled = !complete; },
  });
  input.addEventListener("input", () => {
    getEngine(engineLine); // start booting while the reader is still picking
    feedback.hidden = true;
    feedback.dataset.verdict = "";
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !check.disabled) check.click();
  });
  check.addEventListener("click", async () => {
    const hand = input.value;
    feedback.hidden = false;
    feedback.dataset.verdict = "pending";
    feedback.replaceChildren(biText(_("The engine is scoring…")));
    // The engine scores the hand and says how it misses the goal, by the same check the build ran on the answer.
    const { rules, ...situation } = request;
    let checked;
    try {
      checked = await getEngine(engineLine).call(
        { action: "check_goal", rules, expect: goal, request: { ...situation, hand } });
    } catch (err) {
      feedback.dataset.verdict = "failed";
      feedback.replaceChildren(bi(err.zh ?? String(err), err.en ?? String(err)));
      return;
    }
    if (input.value !== hand) return; // the hand changed while the engine worked
    if (!checked.ok) {   // not a check the engine can make (a bug of the page): its refusal, as any error
      feedback.dataset.verdict = "failed";
      feedback.replaceChildren(renderError(checked.error));
      return;
    }
    const { result, misses } = checked;
    const lines = [];
    if (result.ok) lines.push(scoredLine(result));
    for (const miss of misses) lines.push(h("p", { class: "miss" }, biText(miss.message)));
    if (result.ok) {
      lines.push(h("details", { class: "worked" }, h("summary", {}, biText(_("See every step the engine took"))),
        renderResult(result, { headingLevel: 3 })));   // under the exercise's h2
    }
    if (misses.length) {
      feedback.dataset.verdict = "fail";
      lines.unshift(h("p", { class: "verdict" }, biText(_("Not yet — try again."))));
    } else {
      feedback.dataset.verdict = "pass";
      const saved = markFinished(section.closest("article.lesson").dataset.lesson);
      lines.unshift(h("p", { class: "verdict" }, saved ? biText(_("✓ Correct! This lesson is finished."))
        : biText(_("✓ Correct! But the browser could not record the lesson as finished (see the notice at the top)."))));
    }
    feedback.replaceChildren(...lines);
  });
}

// ---------------------------------------------------------------- the page

function start() {
  showProgress();
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key.startsWith("suanfan.progress")) {
      progress.reload();
      showProgress();
    }
  });
  for (const card of document.querySelectorAll(".example-card.player")) setUpPlayer(card);
  for (const card of document.querySelectorAll(".example-card")) {
    if (card.querySelector("fieldset.convention")) setUpConvention(card);
  }
  for (const section of document.querySelectorAll("section.exercise")) setUpExercise(section);
  for (const section of document.querySelectorAll("section[data-checks]")) setUpChecks(section);
  const lesson = document.querySelector("article.lesson");
  lesson?.querySelector(".mark-done")?.addEventListener("click", () => markFinished(lesson.dataset.lesson));
  document.documentElement.dataset.lessonReady = "1";
}

start();
