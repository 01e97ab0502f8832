// The teacher's report of a class set (class.html#v=1&d=…&report=1): the students' result codes (result-code.js) —
// pasted, one a line; opened as result links (&code=…); read from a photo of their QR code — merged into a table
// of students × questions, a summary of each question (the share right, the commonest wrong answer and what the
// engine's diagnosis makes of it) and the class's weak points, each with a link that shows the room the lesson or fan
// card that teaches it. The engine judges every answer again (a code carries answers, not verdicts). Kept on this
// device (store.js: versioned, set aside when unreadable); exported as CSV or JSON; printable.
// DOM contract: the face [data-class-report] (data-set-id); rows tr[data-student] with cells
// td[data-question][data-verdict]; the summaries [data-question-summary][data-share-right]; weak points
// li[data-weakness][data-misses][data-tries]; each problem with a code .report-problem[data-error].

import { asSetQuestion, faceFragment, questionRequest } from "./class-set.js";
import { answerWords, classCsv, classWeaknesses, diagnosisKey, questionSummaries, verdictOf } from "./class-summary.js";
import { bi, biText, h, setTitle } from "./dom.js";
import { followUpTag, tagName } from "./learner.js";
import { _ } from "./gettext.js";
import { diagnose } from "./question-view.js";
import { decodeResult } from "./result-code.js";
import { downloadText, jsonReader, openStore } from "./store.js";
import { say, sayBi } from "./words.js";

const KEY = "suanfan.class-reports";
const VERSION = 1;

// {version, reports: {setId: {codes: [result code], at}}}: the codes themselves are kept (each re-read on opening),
// so a report is exactly what was merged.
const emptyRecord = () => ({ version: VERSION, reports: {} });

const readRecord = jsonReader({ version: VERSION, empty: emptyRecord, unreadable: say("report_unreadable"),
  valid: (data) => data.reports && typeof data.reports === "object"
    && Object.values(data.reports).every((r) => Array.isArray(r?.codes) && r.codes.every((c) => typeof c === "string")) });

const WEAK_SHOWN = 8;   // the worst few: a room is taught a handful of points, not a list

export function startReport({ face, data, engine, set, id, params }) {
  const ruleset = data.rulesets.find((r) => r.key === set.rules);
  const links = data.links[set.rules] ?? {};
  const problemEl = document.getElementById("class-problem");
  const store = openStore({ key: KEY, what: say("report_what"), read: readRecord, empty: emptyRecord,
    onProblem: (word) => {
      problemEl.hidden = false;
      problemEl.append(h("p", {}, biText(word)));
    } });
  store.load();

  document.getElementById("class-title").replaceChildren(biText(say("report_title")), " · ", set.title || "");
  const site = _("Suanfan"), report = say("report_title"), untitled = say("class_set_default_title");
  const tabTitle = (zh) => `${report[zh]} ${set.title || untitled[zh]} · ${site[zh]} ${site.en}`;   // the set's own title as typed
  setTitle(tabTitle("zh"), tabTitle("zh_hant"));

  const studentLink = new URL(`${location.pathname}#${faceFragment(params)}`, location.href).href;
  const codesBox = h("textarea", { id: "report-codes", rows: "4", autocomplete: "off", spellcheck: "false" });
  const addButton = h("button", { type: "submit", class: "primary" }, sayBi("report_add"));
  const photo = h("input", { type: "file", id: "report-photo", accept: "image/*", capture: "environment" });
  const news = h("div", { class: "report-news", role: "status", "aria-live": "polite" });
  const form = h("form", { class: "panel report-input" },
    h("label", { class: "field", for: "report-codes" }, h("span", { class: "label" }, sayBi("report_paste_label"))),
    codesBox, h("p", {}, addButton),
    h("label", { class: "field", for: "report-photo" }, h("span", { class: "label" }, sayBi("report_photo_label"))), photo,
    h("p", { class: "help report-reader" }, sayBi("BarcodeDetector" in globalThis ? "report_reader_native" : "report_reader_own")),
    news, h("p", { class: "help report-checksum" }, sayBi("report_checksum_note")));
  const body = h("div", { class: "report-body" }, h("p", { class: "waiting" }, sayBi("report_judging")));
  const csvZh = h("button", { type: "button", class: "report-csv", "data-lang": "zh" }, sayBi("report_export_csv"));
  const csvEn = h("button", { type: "button", class: "report-csv", "data-lang": "en" }, sayBi("report_export_csv_en"));
  const json = h("button", { type: "button", class: "report-json" }, sayBi("report_export_json"));
  const print = h("button", { type: "button", class: "report-print" }, sayBi("report_print"));
  face.replaceChildren(h("section", { class: "class-report", "data-class-report": "", "data-set-id": id },
    h("p", { class: "lede" }, sayBi("report_lede")),
    h("p", { class: "report-set" }, sayBi("class_set_about", { rules: ruleset?.name ?? { zh: set.rules, en: set.rules }, n: set.questions.length }),
      set.code ? [" · ", sayBi("class_set_code", { code: set.code })] : null, " · ",
      h("a", { href: studentLink, class: "report-student-link" }, sayBi("report_student_link"))),
    form, body, h("p", { class: "report-actions" }, csvZh, " ", csvEn, " ", json, " ", print)));

  const codes = () => store.record.reports[id]?.codes ?? [];
  /** Make `list` this set's codes, stored; -> whether the browser kept them (a refusal is said by the store). */
  const keepCodes = (list) => store.put({ ...store.record, reports: { ...store.record.reports, [id]: { codes: list, at: Date.now() } } });
  const students = () => codes().map((code) => decodeResult(code, id, set.questions.length).result).filter(Boolean);

  /** Merge codes (lines of text); -> the lines' news: added, already there, or refused with the reason (and the
   *  line, `refused`, to be mended). */
  function merge(lines) {
    const kept = [...codes()];
    const out = [];
    lines.forEach((line, i) => {
      const code = line.trim();
      if (!code) return;
      const read = decodeResult(code, id, set.questions.length);
      if (read.problem) {
        out.push({ error: read.problem.code, refused: line, words: say("report_refused", { line: i + 1, why: read.problem }) });
      } else if (kept.includes(code)) {
        out.push({ error: "result_duplicate", words: say("report_duplicate", { line: i + 1, name: read.result.name }) });
      } else {
        kept.push(code);
        out.push({ words: say("report_added", { name: read.result.name }) });
      }
    });
    if (kept.length !== codes().length) keepCodes(kept);
    return out;
  }

  function showNews(items) {
    news.replaceChildren(...items.map((item) => h("p", item.error ? { class: "report-problem", "data-error": item.error } : { class: "report-added" },
      biText(item.words))));
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const items = merge(codesBox.value.split(/\r?\n/));
    showNews(items);
    // what was refused stays in the box to be mended; what was merged (or was there already) leaves it
    codesBox.value = items.filter((item) => item.refused).map((item) => item.refused).join("\n");
    await draw();
  });

  photo.addEventListener("change", async () => {
    const file = photo.files?.[0];
    if (!file) return;
    const text = await readQr(file);
    photo.value = "";
    if (text === null) return showNews([{ error: "no_qr", words: say("report_no_qr") }]);
    // a result link's QR code holds the report's address with the code; a bare code is taken as it is
    const code = new URLSearchParams(text.split("#")[1] ?? "").get("code") ?? text;
    showNews(merge([code]));
    await draw();
  });

  // the engine's answer to every question, asked once; the diagnosis of each distinct wrong answer, once
  let results = [];
  let asking = null;
  const diagnoses = new Map();
  async function judge(list) {
    asking ??= (async () => {
      const out = [];
      for (let i = 0; i < set.questions.length; i += 1) out.push(asSetQuestion(await engine.call(questionRequest(set, i))));
      return out;
    })();
    results = await asking;
    for (const student of list) {
      for (const [i, result] of results.entries()) {
        const given = student.answers[i];
        const key = diagnosisKey(i, given);
        if (!result.ok || verdictOf(result, given) !== "wrong" || diagnoses.has(key)) continue;
        const { action, rules, ...asked } = questionRequest(set, i);
        diagnoses.set(key, await diagnose(engine, result, asked, given));
      }
    }
  }

  let drawing = 0;   // a draw started later wins over one still waiting for the engine
  async function draw() {
    const mine = (drawing += 1);
    const list = students();
    try {
      await judge(list);
    } catch (err) {
      body.replaceChildren(h("div", { class: "error-box", role: "alert" }, bi(err.zh ?? "", err.en ?? "")));
      return;
    }
    if (mine !== drawing) return;
    const failed = results.find((r) => !r.ok);
    if (failed) {
      body.replaceChildren(h("div", { class: "error-box", role: "alert" }, biText(failed.error)));
      return;
    }
    if (!list.length) {
      body.replaceChildren(h("p", { class: "report-empty" }, sayBi("report_empty")));
      return;
    }
    body.replaceChildren(weakPart(list), summaryPart(list), tablePart(list));
  }

  function tablePart(list) {
    // the name and the totals first: on a phone or a projector the questions scroll, the totals stay in sight
    const head = h("tr", {}, h("th", { scope: "col" }, sayBi("report_student")),
      h("th", { scope: "col" }, sayBi("report_total")), h("th", { scope: "col" }, sayBi("report_time")),
      ...results.map((_, i) => h("th", { scope: "col" }, sayBi("report_question_n", { n: i + 1 }))), h("td", {}));
    const rows = list.map((student, s) => {
      const verdicts = results.map((result, i) => verdictOf(result, student.answers[i]));
      const remove = h("button", { type: "button", class: "small report-remove" }, sayBi("report_remove"));
      remove.addEventListener("click", async () => {
        const code = codes()[s];
        const kept = codes().filter((_, at) => at !== s);
        if (!keepCodes(kept)) return;
        await draw();
        // said, with an undo that takes the focus: a second Enter brings the student back rather than removing another
        const undo = h("button", { type: "button", class: "report-undo" }, sayBi("report_undo"));
        undo.addEventListener("click", async () => {
          const back = codes().filter((c) => c !== code);
          back.splice(s, 0, code);   // where it was
          if (!keepCodes(back)) return;
          news.replaceChildren(h("p", { class: "report-added" }, sayBi("report_added", { name: student.name })));
          await draw();
          codesBox.focus();
        });
        news.replaceChildren(h("p", { class: "report-removed" }, sayBi("report_removed", { name: student.name }), " ", undo));
        undo.focus();
      });
      return h("tr", { "data-student": student.name },
        h("th", { scope: "row" }, student.name),
        h("td", { class: "report-right" }, String(verdicts.filter((v) => v === "right").length)),
        h("td", { class: "report-seconds" }, String(student.seconds.reduce((a, b) => a + b, 0))),
        ...results.map((result, i) => h("td", { "data-question": String(i + 1), "data-verdict": verdicts[i], class: `verdict-${verdicts[i]}` },
          verdicts[i] === "right" ? "✓ " : verdicts[i] === "wrong" ? "✗ " : "— ",
          h("span", { class: "given" }, givenWords(result, student.answers[i])))),
        h("td", {}, remove));
    });
    return h("section", { class: "report-table" }, h("h2", {}, sayBi("report_table_title")),
      h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": say("report_table_title") },
        h("table", {}, h("thead", {}, head), h("tbody", {}, rows))));
  }

  /** An answer in both languages, once where both say the same (a number, a tile). */
  function givenWords(result, given) {
    const zh = answerWords(result, given, "zh");
    const en = answerWords(result, given, "en");
    return zh === en ? zh : bi(zh, en);
  }

  function summaryPart(list) {
    const summaries = questionSummaries(results, list, diagnoses);
    return h("section", { class: "report-questions" }, h("h2", {}, sayBi("report_questions_title")),
      h("ol", {}, summaries.map((s) => {
        const result = results[s.index];
        const q = result.question;
        const common = s.wrong[0];
        const teach = s.mistake && links[s.mistake.words.teach];
        return h("li", { "data-question-summary": String(s.index + 1), "data-share-right": s.share.toFixed(3) },
          h("p", {}, h("strong", {}, biText(q.topic_name)), " · ", biText(q.prompt), " ",
            h("code", {}, q.request.hand)),
          h("p", { class: "report-share" }, sayBi("report_share", { right: s.right, n: s.answered })),
          common ? h("p", { class: "report-common" }, sayBi("report_common_wrong", {
            answer: { zh: answerWords(result, common.given, "zh"), en: answerWords(result, common.given, "en") }, count: common.count })) : null,
          s.mistake ? [h("p", { class: "report-mistake", "data-mistake": s.mistake.key },
            sayBi("report_common_mistake", { count: s.mistake.count, n: s.answered, mistake: mistakeName(s.mistake.words) }),
            teach ? [" ", h("a", { href: teach, class: "to-lesson" }, sayBi("report_show_room"))] : null),
          // the engine's own words for one such answer
          h("p", { class: "help report-mistake-words" }, biText(s.mistake.words))] : null);
      })));
  }

  /** A mistake named by its most precise tag, as the weak points name it (else the engine's sentence). */
  function mistakeName(mistake) {
    const tag = followUpTag(mistake.tags);
    return (tag && tagName(ruleset?.practice.tags, tag)) || { zh: mistake.zh, en: mistake.en };
  }

  function weakPart(list) {
    const weak = classWeaknesses(set.rules, results, list, diagnoses).slice(0, WEAK_SHOWN);
    const teachOf = (tag) => {
      for (const mistakes of diagnoses.values()) {
        const m = mistakes?.find((x) => x.tags.includes(tag));
        if (m && links[m.teach]) return links[m.teach];
      }
      const result = results.find((r) => r.question.tags.includes(tag));
      return result ? links[result.question.topic] : null;
    };
    return h("section", { class: "report-weak" }, h("h2", {}, sayBi("report_weak_title")),
      weak.length ? h("ol", {}, weak.map((w) => {
        const name = tagName(ruleset?.practice.tags, w.tag) ?? { zh: w.tag, en: w.tag };
        const teach = teachOf(w.tag);
        return h("li", { "data-weakness": w.tag, "data-misses": String(w.misses), "data-tries": String(w.tries) },
          sayBi("report_weak_line", { tag: name, misses: w.misses, tries: w.tries }),
          teach ? [" ", h("a", { href: teach, class: "to-lesson" }, sayBi("report_show_room"))] : null);
      })) : h("p", {}, sayBi("report_weak_none")));
  }

  const fileName = (ext) => `suanfan-class-${set.code || id}.${ext}`;
  for (const button of [csvZh, csvEn]) {
    button.addEventListener("click", () => downloadText(fileName(`${button.dataset.lang}.csv`),
      classCsv(results, students(), button.dataset.lang), "text/csv;charset=utf-8"));
  }
  json.addEventListener("click", () => downloadText(fileName("json"), JSON.stringify({
    about: say("report_title"), set, set_id: id, exported_at: new Date().toISOString(),
    students: students().map((student) => ({ ...student,
      verdicts: results.map((result, i) => verdictOf(result, student.answers[i])) })),
    codes: codes() }, null, 1), "application/json"));
  print.addEventListener("click", () => window.print());

  // a result link's code (…&report=1&code=…) is merged on opening; the address then names the report alone, so a
  // reload does not announce it again
  const fromLink = params.get("code");
  if (fromLink) {
    showNews(merge([fromLink]));
    history.replaceState(null, "", `${location.pathname}${location.search}#${faceFragment(params, { report: 1 })}`);
  }
  draw();
}

/** The text of the QR code in a photo: the browser's own reader where there is one, else the vendored jsQR. */
async function readQr(file) {
  const bitmap = await createImageBitmap(file);
  if ("BarcodeDetector" in globalThis) {
    try {
      const found = await new globalThis.BarcodeDetector({ formats: ["qr_code"] }).detect(bitmap);
      if (found.length) return found[0].rawValue;
    } catch { /* fall back to the page's own reader */ }
  }
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  return globalThis.jsQR?.(pixels.data, pixels.width, pixels.height)?.data ?? null;
}
