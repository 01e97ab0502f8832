// Mastery marks: beside a lesson in the outline, a fan in the fan table, a fan card or a series, the level this
// browser's learner has reached on the topic (learner.js: new, attempted, familiar, proficient, mastered), read
// from the practice record (progress.js). The progress page shows the same levels, from the same function.
// A mark is [data-mastery-rules][data-mastery-topic] (templates/_ui.html's mastery macro); it gets data-level, and
// topics never answered stay hidden.

import { LEVELS, levelOf, topicLevels } from "./learner.js";
import { openProgress } from "./progress.js";
import { biText, setTextWords } from "./dom.js";
import { say } from "./words.js";

const marks = [...document.querySelectorAll("[data-mastery-topic]")];

function showProblem(problem) {
  for (const box of document.querySelectorAll("[data-progress-problem]")) {
    box.hidden = false;
    box.replaceChildren(biText(problem));
  }
}

/** A level as a mark: its words, and a meter of the five steps (new 0 … mastered 4). */
export function levelMark(mark, level) {
  const words = say(`level_${level}`);
  const meter = document.createElement("meter");
  Object.assign(meter, { min: 0, max: LEVELS.length - 1, low: 1.5, high: 2.5, optimum: LEVELS.length - 1,
    value: LEVELS.indexOf(level) });
  setTextWords(meter, "aria-label", words);
  mark.replaceChildren(meter, biText(words));
  mark.dataset.level = level;
}

function fill(progress) {
  const kinds = new Map(marks.map((m) => [`${m.dataset.masteryRules}|${m.dataset.masteryTopic}`, Number(m.dataset.masteryKinds)]));
  const levels = topicLevels(progress.record, new Date(), (rules, topic) => kinds.get(`${rules}|${topic}`) || 2);
  for (const mark of marks) {
    const level = levelOf(levels, mark.dataset.masteryRules, mark.dataset.masteryTopic);
    mark.hidden = level === "new" && !("masteryAlways" in mark.dataset);
    levelMark(mark, level);
  }
}

function watchMastery() {
  const progress = openProgress({ onProblem: showProblem });
  fill(progress);
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key.startsWith("suanfan.progress")) {
      progress.reload();
      fill(progress);
    }
  });
}

if (marks.length) watchMastery();
