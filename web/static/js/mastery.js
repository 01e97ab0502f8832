// Mastery marks: beside a lesson in the outline, a fan in the fan table, a fan card or a series, how well this
// browser's learner knows the topic, read from the practice record (progress.js) — a meter a learner reads at a
// glance. A mark is [data-mastery-rules][data-mastery-topic] (templates/_ui.html's mastery macro); topics never
// practised stay hidden.

import { cardStates, openProgress, topicMastery } from "./progress.js";
import { bi } from "./dom.js";
import { say } from "./words.js";

const marks = [...document.querySelectorAll("[data-mastery-topic]")];

function showProblem(problem) {
  for (const box of document.querySelectorAll("[data-progress-problem]")) {
    box.hidden = false;
    box.replaceChildren(bi(problem.zh, problem.en));
  }
}

function fill(progress) {
  const states = cardStates(progress.record);
  const now = new Date();
  for (const mark of marks) {
    const known = topicMastery(states, mark.dataset.masteryRules, mark.dataset.masteryTopic, now);
    mark.hidden = known === null;
    if (known === null) continue;
    const percent = Math.round(known * 100);
    const words = say("mastery", { n: percent });
    const meter = document.createElement("meter");
    Object.assign(meter, { min: 0, max: 1, low: 0.5, high: 0.85, optimum: 1, value: known });
    meter.setAttribute("aria-label", `${words.zh} ${words.en}`);
    mark.replaceChildren(meter, bi(words.zh, words.en));
    mark.dataset.mastery = String(percent);
  }
}

if (marks.length) {
  const progress = openProgress({ onProblem: showProblem });
  fill(progress);
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key.startsWith("suanfan.progress")) {
      progress.reload();
      fill(progress);
    }
  });
}
