// A teacher's class set in a link: questions the engine makes from (rules, kind, topic, seed) or about a hand of the
// teacher's own, the class's conventions, a title, a time limit per question and a short code name — carried whole
// by the address (packed.js), so a set of ten generated questions stays small enough for a QR code a room can read.
//
//   class.html#v=1&d=<data>   data = packed JSON (against class-set-words.js's dictionary) {t: title, c: code name, l: seconds per question (0: none),
//                             r: rules, v: conventions ({table: {…}, variants: {…}}), q: [[kind, topic, seed] |
//                             [kind, deal (the deal request: hand and situation), seed]]}   (arrays: a short link)
//   …&report=1                the teacher's report of the set (class-report.js); &code=<result code> adds one
//   …&present=1&step=N        the set shown to the room, one question at a time (the presenter's quiz mode)
// `v` is the format's version: a set made today keeps opening in later versions (add a reader; never change v=1).
// The set's id (setId) is a checksum of its data: a student's result code names it, so a code is only ever merged
// into the report of the set it answered.

import { SET_DICTIONARY_V1 } from "./class-set-words.js";
import { _ } from "./gettext.js";
import { pack, unpack } from "./packed.js";
import { say } from "./words.js";

export const VERSION = 1;
export const PAGE = "class.html";
export const LIMITS = { questions: 20, title: 80, code: 16, seconds: 600 };
// A set's generated questions take seeds below this: plenty of hands, and four digits each keep the link short.
export const SEEDS = 10_000;

const crc32 = (text) => globalThis.CRC32.str(text) >>> 0;   // vendored crc-32 (SheetJS), a classic script

/** A checksum of `text` in 7 base-36 characters. */
export function checksum(text) {
  return crc32(text).toString(36).padStart(7, "0");
}

/** The link's fragment (after #) for a set {title, code, limit, rules, conventions, questions}. */
export function encodeSet(set) {
  return `v=${VERSION}&d=${pack(setData(set), SET_DICTIONARY_V1)}`;
}

function setData(set) {
  return { t: set.title ?? "", c: set.code ?? "", l: set.limit ?? 0, r: set.rules, v: set.conventions ?? {},
    q: set.questions.map((q) => [q.kind, q.deal ?? q.topic, q.seed]) };
}

const text = (value, limit) => (typeof value === "string" ? value.slice(0, limit) : "");
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isSeed = (value) => Number.isSafeInteger(value) && value >= 0;

function readV1(data) {
  if (!isObject(data) || typeof data.r !== "string" || !Array.isArray(data.q) || data.q.length === 0) return null;
  if (data.q.length > LIMITS.questions) return null;
  const questions = data.q.map((q) => {
    if (!Array.isArray(q) || q.length !== 3 || typeof q[0] !== "string" || !isSeed(q[2])) return null;
    const [kind, about, seed] = q;
    if (isObject(about) && typeof about.hand === "string") return { kind, deal: about, seed };
    return typeof about === "string" ? { kind, topic: about, seed } : null;
  });
  if (questions.includes(null)) return null;
  const limit = Number.isSafeInteger(data.l) && data.l > 0 ? Math.min(data.l, LIMITS.seconds) : 0;
  return { title: text(data.t, LIMITS.title), code: text(data.c, LIMITS.code), limit, rules: data.r,
    conventions: isObject(data.v) ? data.v : {}, questions };
}

const READERS = { 1: (data) => readV1(unpack(data, SET_DICTIONARY_V1)) };

/**
 * A set from a fragment: {set, id, params} or {problem: {zh, en}} — a link cut short, garbled or made by a newer
 * version says so, never throws. `id` is the set's checksum (what its result codes name); `params` the rest of the
 * address (report, code, present, step).
 */
export function decodeSet(fragment) {
  const params = new URLSearchParams(fragment.replace(/^#/, ""));
  const version = Number(params.get("v"));
  if (!READERS[version]) {
    return { problem: version > VERSION
      ? _("This set was made by a newer version (format {version}); reload the site and open it again.", { version })
      : _("The link names no version of the class set format, so it cannot be opened.") };
  }
  const data = params.get("d") ?? "";
  try {
    const set = READERS[version](data);
    if (set) return { set, id: checksum(`${version}.${data}`), params };
  } catch { /* fall through: the same answer as for data of the wrong shape */ }
  return { problem: _("The set's link is incomplete or damaged (perhaps cut short when copied).") };
}

/** The engine's question request for question `index` of a set (what practice would ask, under the set's conventions). */
export function questionRequest(set, index) {
  const q = set.questions[index];
  const asked = q.deal ? { kind: q.kind, deal: q.deal, seed: q.seed } : { kind: q.kind, topic: q.topic, seed: q.seed };
  return { action: "question", rules: set.rules, ...asked, ...set.conventions };
}

/** A question result as a set shows it: a hand of the teacher's own is "the teacher's hand" to the room and the
 *  students (the engine, asked about a learner's own hand, calls it theirs). */
export function asSetQuestion(result) {
  if (!result.ok || result.question.topic !== "deck") return result;
  return { ...result, question: { ...result.question, topic_name: say("class_teachers_hand") } };
}

/** The fragment of another face of the same set: the set's own keys (v, d) and `more` ({report: 1, code}, …). */
export function faceFragment(params, more = {}) {
  const keys = new URLSearchParams({ v: params.get("v"), d: params.get("d") });
  for (const [key, value] of Object.entries(more)) keys.set(key, String(value));
  return keys.toString();
}
