// progress.html: where the learner stands, read from this browser's practice record (progress.js) through what
// learner.js derives from it — per rule set the tags most missed (each with "Practise this": practice on that
// tag), "replay my misses", the mixed challenge when topics are at proficient, and every topic's level (the marks
// are mastery.js's, as on the outline); the due list, kept current while the page is open; the desired retention;
// a topic started again; the learner's own hands and the timed rounds' bests (ways to practise beside the
// schedule); export and import.
// DOM contract: li[data-weakness][data-misses][data-tries] (worst first), #due-list li[data-card][data-due]
// ("now" | "later"), [data-mastery-topic][data-level], .deck-link[data-hands], li[data-round-kind][data-round-best].

import { bi, biText, h } from "./dom.js";
import { dueList, kindCounts, levelOf, misses, tagName, topicLevels, weaknesses } from "./learner.js";
import { DEFAULT_RETENTION, describeRecord, openProgress, parseCardKey } from "./progress.js";
import { wireProgressBackup } from "./progress-backup.js";
import { roundKey, roundKinds } from "./timed-round.js";
import { sayBi } from "./words.js";

const data = JSON.parse(document.getElementById("practice-data").textContent);
const byRules = Object.fromEntries(data.rulesets.map((r) => [r.key, r]));
const problemEl = document.getElementById("progress-problem");
const progress = openProgress({ onProblem: (problem) => {
  problemEl.hidden = false;
  problemEl.append(h("span", { class: "problem-line" }, biText(problem)));
} });
const kindsOf = kindCounts(data.rulesets);
const SHOWN_WEAKNESSES = 8;

function topicName(rules, topic) {
  const t = byRules[rules]?.practice.topics.find((x) => x.key === topic);
  return t ? { zh: t.zh, en: t.en, zh_hant: t.zh_hant } : { zh: topic, en: topic };
}

function kindName(rules, kind) {
  const k = byRules[rules]?.practice.kinds.find((x) => x.key === kind);
  return k ? { zh: k.zh, en: k.en, zh_hant: k.zh_hant } : { zh: kind, en: kind };
}

function drawWeaknesses(section, rules) {
  const list = section.querySelector("[data-weaknesses]");
  const found = weaknesses(progress.record, rules).slice(0, SHOWN_WEAKNESSES);
  list.replaceChildren(...found.map((w) => {
    const words = tagName(byRules[rules].practice.tags, w.tag) ?? { zh: w.tag, en: w.tag };
    return h("li", { "data-weakness": w.tag, "data-misses": w.misses, "data-tries": w.tries },
      h("span", { class: "weakness-name" }, biText(words)), " ",
      h("span", { class: "weakness-count" }, sayBi("missed_of", { misses: w.misses, tries: w.tries })), " ",
      h("a", { class: "practise-weakness", href: `practice.html#rules=${encodeURIComponent(rules)}&focus=${encodeURIComponent(w.tag)}` },
        sayBi("practise_this")));
  }));
  section.querySelector(".no-weakness").hidden = found.length > 0;
  const missed = misses(progress.record, rules).length;
  const replay = section.querySelector(".replay-misses");
  replay.hidden = missed === 0;
  replay.replaceChildren(sayBi("replay_misses", { n: missed }));
}

function drawLevels(section, rules, levels) {
  // the topics of a rule set the learner has answered are shown open
  if (byRules[rules].practice.topics.some((t) => levelOf(levels, rules, t.key) !== "new")) {
    section.querySelector(".topic-levels").open = true;
  }
  const proficient = byRules[rules].practice.topics.filter((t) => levelOf(levels, rules, t.key) === "proficient");
  const offer = section.querySelector(".challenge-offer");
  offer.hidden = proficient.length === 0;
  offer.replaceChildren(sayBi("challenge_offer", { n: proficient.length }));
  for (const button of section.querySelectorAll("[data-reset-topic]")) {
    button.hidden = levelOf(levels, rules, button.dataset.resetTopic) === "new";
  }
}

function dueItem(entry, when) {
  const { rules, kind, topic } = parseCardKey(entry.key);
  const name = topicName(rules, topic);
  const kindWords = kindName(rules, kind);
  const at = new Date(entry.due);
  const time = at.toLocaleString("zh-CN", { month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit" });
  return h("li", { "data-card": entry.key, "data-due": when },
    h("a", { href: `practice.html#rules=${rules}&topic=${topic}&kind=${kind}` },
      bi(`${byRules[rules]?.name.zh ?? rules} · ${name.zh} · ${kindWords.zh}`, `${byRules[rules]?.name.en ?? rules} · ${name.en} · ${kindWords.en}`,
        `${byRules[rules]?.name.zh_hant ?? rules} · ${name.zh_hant ?? name.zh} · ${kindWords.zh_hant ?? kindWords.zh}`)),
    " ", h("span", { class: "due-when" }, when === "now" ? sayBi("due_now") : sayBi("due_at", { time })));
}

function drawDue() {
  const { due, later } = dueList(progress.record, new Date());
  const box = document.getElementById("due-list");
  box.replaceChildren(...[
    h("p", { class: "due-count", "data-due-count": due.length }, sayBi("due_count", { n: due.length })),
    due.length ? h("ul", { class: "due-now" }, due.slice(0, 12).map((e) => dueItem(e, "now"))) : null,
    later.length ? h("p", { class: "label" }, sayBi("due_next")) : null,
    later.length ? h("ul", { class: "due-later" }, later.map((e) => dueItem(e, "later"))) : null].filter(Boolean));
  return later[0]?.due ?? null;
}

let dueTimer = null;

/** Redraw the due list, and again when the next card falls due (and each minute: the times said stay true). */
function keepDueCurrent() {
  clearTimeout(dueTimer);
  const next = drawDue();
  const wait = next === null ? 60_000 : Math.min(60_000, Math.max(1_000, next - Date.now() + 500));
  dueTimer = setTimeout(keepDueCurrent, wait);
}

/** The learner's own hands (a link to practise them) and each timed round's best, beside the schedule. */
function drawSidePractice(section, rules) {
  const hands = progress.record.deck.filter((entry) => entry.rules === rules).length;
  const link = section.querySelector(".deck-link");
  link.dataset.hands = String(hands);
  link.replaceChildren(hands ? sayBi("deck_practise_n", { n: hands }) : sayBi("deck_add_some"));
  section.querySelector("[data-round-bests]").replaceChildren(...roundKinds(byRules[rules].practice)
    .map((kind) => {
      const best = progress.record.rounds[roundKey(rules, kind)]?.best;
      const name = kindName(rules, kind);
      return h("li", { "data-round-kind": kind, "data-round-best": best ?? "" },
        h("a", { href: `practice.html#rules=${encodeURIComponent(rules)}&round=${kind}` },
          best === undefined ? sayBi("round_try", { kind: name }) : sayBi("round_try_best", { kind: name, best })));
    }));
}

function drawAll() {
  const levels = topicLevels(progress.record, new Date(), kindsOf);
  for (const section of document.querySelectorAll("[data-progress-rules]")) {
    const rules = section.dataset.progressRules;
    drawWeaknesses(section, rules);
    drawLevels(section, rules, levels);
    drawSidePractice(section, rules);
  }
  keepDueCurrent();
  const retention = progress.record.settings?.desired_retention ?? DEFAULT_RETENTION;
  document.getElementById("desired-retention").value = String(retention);
  const about = describeRecord(progress.record);
  document.getElementById("record-about").replaceChildren(biText(about));
}

// ---------------------------------------------------------------- changes

document.getElementById("desired-retention").addEventListener("change", (event) => {
  progress.setRetention(Number(event.target.value));
  drawAll();
});

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-reset-topic]");
  if (!button) return;
  // Two presses: the first asks, the second starts the topic again (its reviews stay in the log and the export).
  if (button.dataset.confirming !== "1") {
    button.dataset.confirming = "1";
    button.replaceChildren(sayBi("reset_confirm"));
    return;
  }
  delete button.dataset.confirming;
  const rules = button.closest("[data-progress-rules]").dataset.progressRules;
  progress.resetTopic(rules, button.dataset.resetTopic);
  button.replaceChildren(sayBi("reset_topic"));
  drawAll();
  window.dispatchEvent(new StorageEvent("storage", { key: "suanfan.progress" }));   // the marks (mastery.js) too
});

wireProgressBackup(progress, () => {
  drawAll();
  window.dispatchEvent(new StorageEvent("storage", { key: "suanfan.progress" }));
});

window.addEventListener("storage", (event) => {
  if (event.key === null || event.key.startsWith("suanfan.progress")) {
    progress.reload();
    drawAll();
  }
});

drawAll();
