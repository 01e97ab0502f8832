// A student's result code: which set, who, what was answered to each question and how long it took — a short
// string (and its QR code) the student shows or sends the teacher; nothing leaves the phone by itself.
//
//   SF1.<set id>.<data>.<check>   set id: class-set.js's checksum of the set; data: packed JSON {n: name or seat,
//                                 a: [the answer given to each question, null where none], s: [seconds taken each]};
//   check: a checksum (CRC-32, 7 base-36 characters) of everything before it.
// The check catches a code mistyped or cut short; it proves nothing about who made it (anyone who reads this file can
// make a code that passes): a classroom tool, not an exam. Answers are judged again by the report, with the engine,
// so a code carries what was answered, never whether it was right.

import { checksum } from "./class-set.js";
import { _ } from "./gettext.js";
import { pack, unpack } from "./packed.js";

export const PREFIX = "SF1";
export const NAME_LIMIT = 40;

/** The code of a student's answers to the set `setId`: {name, answers, seconds}. */
export function encodeResult(setId, { name, answers, seconds }) {
  const head = `${PREFIX}.${setId}.${pack({ n: name, a: answers, s: seconds })}`;
  return `${head}.${checksum(head)}`;
}

const PROBLEMS = {
  result_format: _("This is not a Suanfan result code (it starts SF1. and has four parts)."),
  result_checksum: _("The result code does not check out: it was mistyped or cut short. Ask the student to send it again."),
  result_other_set: _("This result code belongs to another class set."),
  result_damaged: _("The result code checks out, but what it holds cannot be read."),
};

const isAnswer = (value) => value === null || typeof value === "boolean" || Number.isFinite(value)
  || typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string"));

/**
 * A code as {result: {name, answers, seconds}} or {problem: {code, zh, en}} — never throws. `questions` is the
 * set's number of questions: a code with another number of answers is not this set's.
 */
export function decodeResult(code, setId, questions) {
  const trimmed = code.trim();
  const parts = trimmed.split(".");
  const fail = (key) => ({ problem: { code: key, ...PROBLEMS[key] } });
  if (parts.length !== 4 || parts[0] !== PREFIX) return fail("result_format");
  const [, id, data, check] = parts;
  if (checksum(parts.slice(0, 3).join(".")) !== check) return fail("result_checksum");
  if (id !== setId) return fail("result_other_set");
  let value;
  try { value = unpack(data); } catch { return fail("result_damaged"); }
  const ok = value && typeof value.n === "string" && Array.isArray(value.a) && value.a.length === questions
    && value.a.every(isAnswer) && Array.isArray(value.s) && value.s.length === questions
    && value.s.every((s) => Number.isFinite(s) && s >= 0);
  if (!ok) return fail("result_damaged");
  return { result: { name: value.n.slice(0, NAME_LIMIT), answers: value.a, seconds: value.s } };
}
