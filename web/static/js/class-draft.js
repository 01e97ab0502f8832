// The teacher's class set while it is being made (class-builder.js; the calculator's lesson maker adds the teacher's
// own hands to it): kept in this browser until the link is made, so a reload or a trip to the calculator loses
// nothing. Stored the house way (store.js), as the lesson maker keeps its draft: a draft this page cannot read is
// set aside, never overwritten, and a change the browser refuses to store is reported and not made.
//
//   {version: 1, title, code, limit (seconds, 0: none), rules ("" until chosen), conventions ({table: {…}} or
//    {variants: {…}}), questions: [{kind, topic, seed} | {kind, deal, seed}]}   — class-set.js's set, plus a version

import { LIMITS, SEEDS } from "./class-set.js";
import { jsonReader, openStore } from "./store.js";
import { say } from "./words.js";

export const DRAFT_KEY = "suanfan.class-draft";
const VERSION = 1;
// Seconds a question may be given in a room: none, or a few lengths a teacher would pick (the set carries any).
export const TIME_LIMITS = [0, 20, 30, 45, 60, 90];

const emptyDraft = () => ({ version: VERSION, title: "", code: "", limit: 0, rules: "", conventions: {}, questions: [] });

const isText = (value) => typeof value === "string";
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isSeed = (value) => Number.isSafeInteger(value) && value >= 0;
const isQuestion = (q) => isObject(q) && isText(q.kind) && isSeed(q.seed)
  && (isText(q.topic) || (isObject(q.deal) && isText(q.deal.hand)));

/** Stored text as a draft: {record, problem}, problem (a word) when it is not a draft this page can read. */
const readDraft = jsonReader({ version: VERSION, empty: emptyDraft, unreadable: say("builder_draft_unreadable"),
  valid: (draft) => isText(draft.title) && isText(draft.code) && Number.isSafeInteger(draft.limit)
    && isText(draft.rules) && isObject(draft.conventions) && Array.isArray(draft.questions)
    && draft.questions.length <= LIMITS.questions && draft.questions.every(isQuestion),
  take: (draft) => ({ version: VERSION, ...setOf(draft) }) });

/** A seed for a new question: fresh each time, and below SEEDS so the set's link stays short. */
export function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0] % SEEDS;
}

/**
 * The draft, loaded: {record, fresh(), change(patch) -> whether it was made}. Every change starts from the draft as
 * stored (fresh), so what another tab added (a hand from the calculator) is kept, not overwritten by an older copy.
 * onProblem({zh, en}): a draft set aside, a change not stored.
 */
export function openClassDraft({ onProblem }) {
  const store = openStore({ key: DRAFT_KEY, what: say("builder_draft_what"), read: readDraft, empty: emptyDraft, onProblem });
  store.load();
  return {
    get record() { return store.record; },
    fresh() {
      store.load();
      return store.record;
    },
    change(patch) {
      const next = { ...store.record, ...patch, version: VERSION };
      store.put(next, say("builder_draft_not_saved"));
      return store.record === next;
    },
  };
}

/** The set a draft makes (class-set.js's shape): what encodeSet and questionRequest take. */
export function setOf(draft) {
  const { title, code, limit, rules, conventions, questions } = draft;
  return { title, code, limit, rules, conventions, questions };
}
