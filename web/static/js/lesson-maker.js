// The calculator's "your own worked examples" panel: a teacher adds the hand on screen (with a title and a note) to
// a short lesson, orders it, and makes a link that opens it for students, step by step (show.html,
// teaching-link.js). The draft is kept in this browser until the link is made, so a reload loses nothing; it is
// stored the house way (store.js): a draft this page cannot read is set aside, never overwritten, and a change the
// browser refuses to store is reported and not made, so the panel never shows as kept what a reload would lose.

import { biText, h } from "./dom.js";
import { encodeHash } from "./permalink.js";
import { itemButtons } from "./item-buttons.js";
import { jsonReader, openStore } from "./store.js";
import { qrFits } from "./qr.js";
import { LIMITS, PAGE, encodeLesson } from "./teaching-link.js";
import { say, sayBi } from "./words.js";

const DRAFT_KEY = "suanfan.lesson-draft";
const VERSION = 1;

const emptyDraft = () => ({ version: VERSION, title: "", items: [] });

const isText = (value) => typeof value === "string";
const isItem = (item) => item !== null && typeof item === "object" && isText(item.title) && isText(item.note)
  && item.request !== null && typeof item.request === "object" && isText(item.request.hand);

/** Stored text as a draft: {record, problem}, problem (a word) when it is not a draft this page can read. */
const readDraft = jsonReader({ version: VERSION, empty: emptyDraft, unreadable: say("draft_unreadable"),
  valid: (draft) => isText(draft.title) && Array.isArray(draft.items) && draft.items.every(isItem),
  take: (draft) => ({ version: VERSION, title: draft.title, items: draft.items }) });

/**
 * current(): the calculator's last answer, {request, result} or null; situation(): the form's request of the moment
 * (its rules and the conventions it departs in). The panel's elements are in calculator.html.
 */
export function createLessonMaker({ current, situation }) {
  const $ = (id) => document.getElementById(id);

  // A worksheet at the form's rules and conventions (its sections: the worksheet keeps those its rule set practises),
  // made when the panel opens or the link is about to be followed, so it is never a form behind.
  function drawWorksheetLink() {
    const request = situation();
    const sections = Object.fromEntries(Object.entries(request).filter(([, v]) => v !== null && typeof v === "object"));
    $("maker-worksheet").href = `worksheet.html#${encodeHash({ rules: request.rules, ...sections })}`;
  }
  $("lesson-maker").addEventListener("toggle", drawWorksheetLink);
  if ($("lesson-maker").open) drawWorksheetLink();   // opened before this module had loaded
  for (const event of ["focus", "pointerenter", "click"]) $("maker-worksheet").addEventListener(event, drawWorksheetLink);

  const problemEl = $("maker-problem");
  const problem = (word) => {
    const line = h("span", { class: "problem-line" }, biText(word));
    problemEl.hidden = false;
    // Typing on with the storage full fails at every key: said once, not once a keystroke.
    if (problemEl.lastElementChild?.textContent !== line.textContent) problemEl.append(line);
  };
  const store = openStore({ key: DRAFT_KEY, what: say("draft_what"), read: readDraft, empty: emptyDraft,
    onProblem: problem });
  store.load();

  /** Make `items` (and `title`) the draft, stored. -> whether the change was made: one the browser refuses to store
   * is not (store.js keeps the stored draft; the failure is shown). Every change starts from the draft as stored
   * (`fresh`), so a second tab's hands are kept, not overwritten by this tab's older copy. */
  function change({ items = store.record.items, title = store.record.title }) {
    const next = { version: VERSION, title, items };
    store.put(next, say("draft_not_saved"));
    return store.record === next;
  }

  /** The draft as stored now (another tab may have changed it). */
  function fresh() {
    store.load();
    return store.record;
  }

  function move(index, by) {
    const items = [...fresh().items];
    const [item] = items.splice(index, 1);
    items.splice(index + by, 0, item);
    const moved = change({ items });
    draw({ index: moved ? index + by : index, word: by < 0 ? "move_up" : "move_down" });   // the focus follows the hand
  }

  function remove(index) {
    const removed = change({ items: fresh().items.filter((_, at) => at !== index) });
    // on the hand that took its place (or on the same hand, still there)
    draw({ index: removed ? Math.min(index, store.record.items.length - 1) : index, word: "remove" });
  }

  /** Redraw the list; focusOn {index, word}: the button to give the focus to (the list is new, the old one is gone). */
  function draw(focusOn = null) {
    const { items } = store.record;
    $("maker-items").replaceChildren(...items.map((item, index) => {
      const titleId = `maker-item-${index}`;
      const buttons = itemButtons([
        index > 0 ? ["move_up", () => move(index, -1)] : null,
        index < items.length - 1 ? ["move_down", () => move(index, 1)] : null,
        ["remove", () => remove(index)],
      ], { prefix: "maker", describedBy: titleId });
      return h("li", { class: "maker-item" }, h("strong", { id: titleId }, item.title || item.request.hand), " ",
        h("code", {}, item.request.hand), item.note ? h("p", { class: "maker-note" }, item.note) : null, buttons);
    }));
    $("maker-link").disabled = items.length === 0;
    $("maker-lesson-title").value = store.record.title;
    if (focusOn) {
      const item = $("maker-items").children[focusOn.index];
      (item?.querySelector(`.maker-${focusOn.word}`) ?? item?.querySelector("button") ?? $("maker-add")).focus();
    }
  }

  $("maker-add").addEventListener("click", () => {
    const answer = current();
    if (fresh().items.length >= LIMITS.items) {
      $("maker-status").replaceChildren(sayBi("lesson_full", { n: LIMITS.items }));
      return;
    }
    if (!answer) {
      $("maker-status").replaceChildren(sayBi("no_hand_yet"));
      return;
    }
    const item = { request: answer.request, title: $("maker-hand-title").value.trim(), note: $("maker-hand-note").value.trim() };
    if (!change({ items: [...store.record.items, item] })) return;   // not kept: the title and note stay typed in
    $("maker-hand-title").value = "";
    $("maker-hand-note").value = "";
    draw();
  });
  // A title the browser refuses to store stays in the box (the failure is shown), and the link takes it from there.
  $("maker-lesson-title").addEventListener("input", (event) => {
    fresh();
    change({ title: event.target.value });
  });
  // Another tab's change is shown here at once (its hands, its order, its title).
  window.addEventListener("storage", (event) => {
    if (event.key !== null && event.key !== DRAFT_KEY) return;
    store.load();
    draw();
  });
  $("maker-link").addEventListener("click", async () => {
    const draft = { ...store.record, title: $("maker-lesson-title").value };
    const url = new URL(`${PAGE}#${encodeLesson(draft)}`, location.href).href;
    const box = $("maker-url");
    box.value = url;
    $("maker-open").href = url;
    $("maker-open").hidden = false;
    // a lesson too long for a QR code still has its link: the presenter will say so in the QR code's place
    const noQr = qrFits(url) ? "" : [" ", sayBi("qr_too_long", { length: url.length })];
    try {
      await navigator.clipboard.writeText(url);
      box.hidden = true;
      $("maker-status").replaceChildren(sayBi("link_made", { n: url.length }), ...noQr);
    } catch {
      box.hidden = false;
      box.select();
      $("maker-status").replaceChildren(sayBi("link_in_box", { n: url.length }), ...noQr);
    }
  });
  draw();
}
