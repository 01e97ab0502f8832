// A student's face of a class set (class.html#v=1&d=…): a name or seat number, then the set's questions one at a time
// with the practice page's feedback and diagnosis (question-view.js), a clock when the set is timed, and at the end a
// result code (result-code.js) and its QR code for the teacher. Nothing leaves the phone: the answers are kept on
// this device (a reload goes on where it stopped, the clock too) and recorded in the learner's own progress like
// practice (mode "class").
// DOM contract: the face is [data-class-set] (data-set-id); each question the practice contract (data-kind,
// data-topic, data-seed, data-request, data-tags, data-verdict); the clock #class-clock[data-remaining]; the end
// [data-result-code] holding the code.

import { asSetQuestion, faceFragment, questionRequest } from "./class-set.js";
import { bi, biText, h, setTitle } from "./dom.js";
import { _ } from "./gettext.js";
import { RATINGS, cardKey, openProgress } from "./progress.js";
import { qrElement } from "./qr.js";
import { answerText, showQuestion } from "./question-view.js";
import { NAME_LIMIT, encodeResult } from "./result-code.js";
import { jsonReader, openStore } from "./store.js";
import { say, sayBi } from "./words.js";

const KEY = "suanfan.class-answers";
const VERSION = 1;

// {version, attempts: {setId: {name, answers: [given | null (time up)], seconds: [n], right: [bool] (as judged here;
// the report judges again), since: ms the question on screen was first shown}}}: answers.length is how far the
// student has come.
const emptyRecord = () => ({ version: VERSION, attempts: {} });

const readRecord = jsonReader({ version: VERSION, empty: emptyRecord, unreadable: say("class_unreadable"),
  valid: (data) => data.attempts && typeof data.attempts === "object"
    && Object.values(data.attempts).every((a) => typeof a?.name === "string" && Array.isArray(a.answers)
      && Array.isArray(a.seconds) && Array.isArray(a.right) && a.answers.length === a.seconds.length
      && a.answers.length === a.right.length) });

export function startStudent({ face, data, engine, set, id, params }) {
  const ruleset = data.rulesets.find((r) => r.key === set.rules);
  const n = set.questions.length;
  const problemEl = document.getElementById("class-problem");
  const report = (word) => {   // each problem said once, however often it happens
    const line = h("p", {}, biText(word));
    if ([...problemEl.children].some((p) => p.textContent === line.textContent)) return;
    problemEl.hidden = false;
    problemEl.append(line);
  };
  const store = openStore({ key: KEY, what: say("class_what"), read: readRecord, empty: emptyRecord, onProblem: report });
  store.load();
  const progress = openProgress({ onProblem: report });

  const root = h("section", { class: "class-student", "data-class-set": "", "data-set-id": id });
  face.replaceChildren(root);
  document.getElementById("class-title").replaceChildren(set.title || biText(say("class_set_default_title")));
  const site = _("Suanfan"), untitled = say("class_set_default_title");
  const tabTitle = (zh) => `${set.title || untitled[zh]} · ${site[zh]} ${site.en}`;   // the set's own title as typed
  setTitle(tabTitle("zh"), tabTitle("zh_hant"));
  const about = h("p", { class: "lede class-about" },
    sayBi("class_set_about", { rules: ruleset?.name ?? { zh: set.rules, en: set.rules }, n }),
    set.limit ? [" · ", sayBi("class_set_limit", { n: set.limit })] : null,
    set.code ? [" · ", sayBi("class_set_code", { code: set.code })] : null);

  const attempt = () => store.record.attempts[id];
  /** Change this set's attempt: kept on the device when the browser lets it, else for this page only (said, and
   *  the code at the end is whole either way). */
  function keep(next) {
    const record = { ...store.record, attempts: { ...store.record.attempts, [id]: next } };
    if (!store.put(record, say("class_not_kept"))) store.record.attempts[id] = next;
  }

  function askName() {
    const input = h("input", { id: "class-name", name: "name", maxlength: String(NAME_LIMIT), autocomplete: "off", "aria-required": "true" });
    const problem = h("p", { class: "problem", id: "class-name-problem", role: "alert", hidden: "" });
    const form = h("form", { class: "panel class-start" },
      h("label", { class: "field", for: "class-name" }, h("span", { class: "label" }, sayBi("class_name_label"))),
      input, problem, h("p", { class: "help" }, sayBi("class_nothing_sent")),
      h("button", { type: "submit", class: "primary" }, sayBi("class_start")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) {
        problem.hidden = false;
        problem.replaceChildren(sayBi("class_name_missing"));
        input.setAttribute("aria-describedby", "class-name-problem");
        input.focus();
        return;
      }
      keep({ name, answers: [], seconds: [], right: [], since: Date.now() });
      ask();
    });
    root.replaceChildren(about, form);
    input.focus();
  }

  let clock = null;
  function stopClock() {
    if (clock) clearInterval(clock);
    clock = null;
  }

  async function ask() {
    stopClock();
    const done = attempt().answers.length;
    if (done >= n) return finish();
    const request = questionRequest(set, done);
    const { action, rules, ...asked } = request;
    const host = h("section", { class: "panel question class-question", "data-state": "pending", "data-index": String(done) });
    const body = h("div", { class: "question-body" }, h("p", { class: "waiting" },
      engine.status === "loading" ? sayBi("question_after_boot") : sayBi("question_coming")));
    const where = h("p", { class: "class-where" }, sayBi("class_question_of", { i: done + 1, n }));
    const clockEl = h("p", { id: "class-clock", class: "round-clock", role: "timer", "data-remaining": "", hidden: "" });
    root.replaceChildren(about, where, clockEl, host);
    host.append(body);
    let result;
    try {
      result = asSetQuestion(await engine.call(request));
    } catch (err) {
      return showFailure(host, err);
    }
    if (!result.ok) return showFailure(host, result.error);
    if (!attempt().since || attempt().answers.length !== done) keep({ ...attempt(), since: Date.now() });
    const since = attempt().since;
    let answered = false;
    const next = () => nextButton(done);
    showQuestion({ host, body, result, asked, engine, links: data.links[set.rules] ?? {},
      kindName: (kind) => ruleset.practice.kinds.find((k) => k.key === kind),
      onAnswer: ({ given, right, missed }) => {
        answered = true;
        stopClock();
        record(done, result, asked, { given, right, missed }, Math.round((Date.now() - since) / 1000));
      },
      next, oneTry: true });   // the first answer is the one the code carries: no "try again" that looks like a second
    if (set.limit) {
      const tick = () => {
        const left = Math.max(0, Math.ceil((since + set.limit * 1000 - Date.now()) / 1000));
        clockEl.hidden = false;
        clockEl.dataset.remaining = String(left);
        clockEl.replaceChildren(sayBi("class_seconds_left", { n: left }));
        if (left === 0 && !answered) {
          answered = true;
          stopClock();
          timeUp(host, done, result, asked);
        }
      };
      tick();
      if (!answered) clock = setInterval(tick, 250);
    }
  }

  /** The first answer to question `index` (given null: none, the time ran out), taking `seconds`: kept for the
   *  code, and recorded in the learner's progress. */
  function record(index, result, asked, { given, right, missed }, seconds) {
    const a = attempt();
    if (a.answers.length !== index) return;   // answered meanwhile in another tab
    keep({ ...a, answers: [...a.answers, given], seconds: [...a.seconds, seconds], right: [...a.right, right], since: null });
    const q = result.question;
    progress.review(cardKey(set.rules, q.kind, q.topic), right ? RATINGS.good : RATINGS.again, q.seed,
      { q: asked, given, tags: q.tags, missed: right ? undefined : missed, mode: "class" });
  }

  function timeUp(host, index, result, asked) {
    for (const control of host.querySelectorAll(".answer input, .answer button")) control.disabled = true;
    host.dataset.verdict = "wrong";
    record(index, result, asked, { given: null, right: false }, set.limit);
    const feedback = host.querySelector(".feedback");
    feedback.hidden = false;
    feedback.replaceChildren(h("p", { class: "verdict verdict-wrong" }, sayBi("class_time_up")),
      h("p", { class: "verdict verdict-revealed" }, sayBi("the_answer_is"), " ", answerText(result)), nextButton(index));
    feedback.querySelector("button").focus();
  }

  function nextButton(index) {
    const last = index + 1 >= n;
    const button = h("button", { type: "button", class: "next-question primary" }, sayBi(last ? "class_finish" : "class_next"));
    button.addEventListener("click", () => ask());
    return button;
  }

  function showFailure(host, error) {
    host.dataset.state = "error";
    const retry = h("button", { type: "button" }, sayBi("try_again"));
    retry.addEventListener("click", () => ask());
    host.replaceChildren(h("div", { class: "error-box", role: "alert" }, bi(error.zh ?? error.message?.zh ?? "", error.en ?? error.message?.en ?? "")), retry);
  }

  function finish() {
    const a = attempt();
    const code = encodeResult(id, { name: a.name, answers: a.answers, seconds: a.seconds });
    // the QR code opens the teacher's report of this set with this code in it
    const reportLink = new URL(`${location.pathname}#${faceFragment(params, { report: 1, code })}`, location.href).href;
    const box = h("textarea", { class: "result-code-text", readonly: "", rows: "3", "aria-label": say("class_result_title") }, code);
    const status = h("span", { class: "copy-status", role: "status" });
    const copy = h("button", { type: "button", class: "primary" }, sayBi("class_copy_code"));
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(code);
        status.replaceChildren(sayBi("class_code_copied"));
      } catch {
        box.select();
        status.replaceChildren(sayBi("class_code_in_box"));
      }
    });
    const again = h("button", { type: "button", class: "class-again" }, sayBi("class_answer_again"));
    again.addEventListener("click", () => {
      keep({ name: a.name, answers: [], seconds: [], right: [], since: Date.now() });
      ask();
    });
    root.replaceChildren(about, h("section", { class: "panel class-result", "data-result-code": code },
      h("h2", {}, sayBi("class_result_title")),
      h("p", { class: "class-score" }, sayBi("class_result_score", { name: a.name, right: a.right.filter(Boolean).length, n })),
      h("p", { class: "help" }, sayBi("class_result_give")),
      box, h("p", {}, copy, " ", status),
      h("figure", { class: "class-result-qr" }, qrElement(reportLink), h("figcaption", {}, sayBi("class_result_qr"))),
      h("p", {}, again)));
    copy.focus();
  }

  if (!attempt()) askName();
  else ask();
}
