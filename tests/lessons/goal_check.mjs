// Runs web/static/js/lesson-goals.js on cases written by test_lesson_goals.py:
//   node goal_check.mjs CASES.json   ->   prints a JSON list, one list of mismatches per case
import { readFileSync } from "node:fs";
import { checkExpectation, explainMismatch } from "../../web/static/js/lesson-goals.js";

const cases = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const answers = cases.map(({ expect, result }) => {
  const mismatches = checkExpectation(expect, result);
  for (const m of mismatches) {
    const text = explainMismatch(m, result);
    if (!text.zh || !text.en) throw new Error(`no explanation for ${JSON.stringify(m)}`);
  }
  return mismatches;
});
process.stdout.write(JSON.stringify(answers));
