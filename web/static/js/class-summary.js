// A class report's figures, from the engine's questions and the students' answers (pure: no DOM, no engine call —
// class-report.js asks the engine and draws them). Each answer is judged again against the engine's answer; the
// class's weak points are learner.js's weaknesses over the class's answers, as if one learner had given them all,
// so a tag is named by the same rule as on a learner's own progress page.

import { weaknesses } from "./learner.js";
import { RATINGS, cardKey } from "./progress.js";
import { missedTags, sameAnswer } from "./question-view.js";
import { csvCell } from "./sheet-csv.js";
import { say } from "./words.js";

const BOM = "\uFEFF";

/** "right" | "wrong" | "none" (not answered: the time ran out) for one answer to the engine's question result. */
export function verdictOf(result, given) {
  if (given === null || given === undefined) return "none";
  return sameAnswer(result.question.answer_type, given, result.answer) ? "right" : "wrong";
}

/** The key a diagnosis is kept under: one per question and distinct wrong answer. */
export const diagnosisKey = (index, given) => `${index}|${JSON.stringify(given)}`;

/** An answer in words, in one language ("zh" | "en"): a number, yes/no, the choices' names, the tiles. */
export function answerWords(result, given, lang) {
  if (given === null || given === undefined) return say("report_no_answer")[lang];
  const q = result.question;
  switch (q.answer_type) {
    case "boolean": return say(given ? "yes" : "no")[lang];
    case "key":
    case "keys": {
      const keys = Array.isArray(given) ? given : [given];
      return keys.map((k) => q.choices.find((c) => c.key === k)).filter(Boolean)
        .map((c) => (c.type === "hand" ? c.key : c[lang])).join(lang === "zh" ? "、" : ", ");
    }
    case "tiles": return given.join(" ");
    default: return String(given);
  }
}

/**
 * Per question: {index, answered (students), right, share, wrong: [{given, count}] most common first, mistake:
 * {key, count, words {zh, en}} the commonest diagnosed mistake or null}. `results`: the engine's question results;
 * `students`: [{name, answers}]; `diagnoses`: Map(diagnosisKey -> mistakes | null).
 */
export function questionSummaries(results, students, diagnoses) {
  return results.map((result, index) => {
    const wrong = new Map();
    const mistakes = new Map();
    let right = 0;
    for (const student of students) {
      const given = student.answers[index];
      const verdict = verdictOf(result, given);
      if (verdict === "right") right += 1;
      if (verdict !== "wrong") continue;
      const key = JSON.stringify(given);
      wrong.set(key, { given, count: (wrong.get(key)?.count ?? 0) + 1 });
      const first = diagnoses.get(diagnosisKey(index, given))?.[0];
      // one mistake is one key on the same tags (the same 不计 fan counted, say), whatever number it gave
      const same = first && `${first.key}|${first.tags.join(" ")}`;
      if (first) mistakes.set(same, { key: first.key, words: first, count: (mistakes.get(same)?.count ?? 0) + 1 });
    }
    const byCount = (a, b) => b.count - a.count;
    return { index, answered: students.length, right, share: students.length ? right / students.length : 0,
      wrong: [...wrong.values()].sort(byCount), mistake: [...mistakes.values()].sort(byCount)[0] ?? null };
  });
}

/** The class's weak points: learner.js's weaknesses over every student's answers ({tag, misses, tries, share}). */
export function classWeaknesses(rules, results, students, diagnoses) {
  const reviews = [];
  students.forEach((student, s) => results.forEach((result, index) => {
    const q = result.question;
    const given = student.answers[index];
    const right = verdictOf(result, given) === "right";
    const mistakes = right ? [] : diagnoses.get(diagnosisKey(index, given)) ?? [];
    reviews.push({ card: cardKey(rules, q.kind, q.topic), at: s * results.length + index, seed: q.seed,
      rating: right ? RATINGS.good : RATINGS.again, tags: q.tags, missed: right ? undefined : missedTags(q.answer_type, mistakes) });
  }));
  return weaknesses({ reviews, resets: {} }, rules);
}

/** The report as CSV (UTF-8 with a byte-order mark): a line per student — name, right, seconds, then each question's
 *  answer and whether it was right (1/0) — with the header in `lang`. */
export function classCsv(results, students, lang) {
  const word = (key, values) => say(key, values)[lang];
  const header = [word("report_student"), word("report_total"), word("report_time"),
    ...results.flatMap((_, i) => [word("report_question_n", { n: i + 1 }), `${word("report_question_n", { n: i + 1 })} ✓`])];
  const lines = [header, ...students.map((student) => {
    const verdicts = results.map((result, i) => verdictOf(result, student.answers[i]));
    return [student.name, verdicts.filter((v) => v === "right").length, student.seconds.reduce((a, b) => a + b, 0),
      ...results.flatMap((result, i) => [answerWords(result, student.answers[i], lang), verdicts[i] === "right" ? 1 : 0])];
  })];
  return BOM + lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
