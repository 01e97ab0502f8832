// What the page refuses before the engine sees it: input no real hand, link or request can be (a pasted megabyte,
// a link nested thousands of levels deep, a key that would reach an object's prototype). Each refusal is a typed
// error in the engine's own form, {code, position, message: {zh, en, zh_hant}}, so every page draws it as it draws the
// engine's errors; and it comes at once, before the engine has loaded and without keeping it busy.
//
// A hand too long is the engine's own refusal made early: its limit and its words are the engine's
// (suanfan/request.py MAX_HAND_CHARS, suanfan/errors.py), which the build writes into glossary.js, so the page's
// answer is exactly the engine's. The other bounds are the page's own, looser than anything the engine takes
// (the engine holds a request's keys to its rule sets' depth and a request's JSON to 65,536 characters): they
// only keep hostile input from costing the page or the worker anything.

import { GLOSSARY } from "./glossary.js";
import { say } from "./words.js";

const ENGINE_CHECKS = GLOSSARY.engine_checks;
// The longest hand is under 80 characters written out; the rest is room for stray spaces (suanfan/request.py).
export const MAX_HAND_CHARS = ENGINE_CHECKS.max_hand_chars;
// The largest request a page makes (a hand, every setting away from its default) is well under 1,000 characters
// of JSON, and its keys are at most two levels deep (table.base).
export const MAX_REQUEST_CHARS = 10_000;
export const MAX_REQUEST_DEPTH = 4;
// The longest permalink the calculator writes is a few hundred characters.
export const MAX_LINK_CHARS = 4_000;
// Keys that name an object's machinery rather than a setting: a path through them would reach a prototype.
export const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** A page-made error, in the form of the engine's. */
export function pageError(code, position, values = {}) {
  return { code, position, message: say(code, values) };
}

/**
 * The error the engine returns (suanfan.errors.SuanfanError.to_dict): its code, position, message filled from the
 * engine's own templates as Python's str.format fills them ({pos1} is the 1-based position), and its details.
 */
export function engineError(code, position, details) {
  const values = position === null ? details : { pos1: position + 1, ...details };
  const fill = (template) => template.replace(/\{\{|\}\}|\{(\w+)\}/g,
    (brace, name) => (name === undefined ? brace[0] : String(values[name])));
  // every language the engine's message has (zh, en, zh_hant), each filled
  const message = Object.fromEntries(
    Object.entries(ENGINE_CHECKS.messages[code]).map(([lang, template]) => [lang, fill(template)]));
  return { code, position, message, ...details };
}

/** A hand longer than any hand can be, refused as the engine refuses it (suanfan/request.py), or null. */
export function checkHand(hand) {
  if (typeof hand !== "string" || hand.length <= MAX_HAND_CHARS) return null;
  return engineError("hand_too_long", MAX_HAND_CHARS, { length: hand.length, limit: MAX_HAND_CHARS });
}

/** The text to read as a hand: nothing at all of a text longer than any hand (reading it could take seconds). */
export function readableHand(text) {
  return text.length > MAX_HAND_CHARS ? "" : text;
}

/**
 * A request no rule set could take — too deep, too large, an unsafe key, a hand too long — as a typed error, or
 * null. Walked without recursion and stopped at the first excess, so a hostile request costs little to refuse.
 */
export function checkRequest(request) {
  const stack = [[request, 1]];
  let nodes = 0;
  while (stack.length) {
    const [value, depth] = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (depth > MAX_REQUEST_DEPTH) return pageError("request_too_deep", null, { n: MAX_REQUEST_DEPTH });
    for (const key of Object.keys(value)) {
      nodes += 1;
      if (nodes > MAX_REQUEST_CHARS / 4) return pageError("request_too_large", null, { n: MAX_REQUEST_CHARS });
      if (UNSAFE_KEYS.has(key)) return pageError("request_key_refused", null, { key });
      stack.push([value[key], depth + 1]);
    }
  }
  const longHand = checkHand(request?.hand);
  if (longHand) return longHand;
  const text = JSON.stringify(request);
  if (text !== undefined && text.length > MAX_REQUEST_CHARS) return pageError("request_too_large", null, { n: MAX_REQUEST_CHARS });
  return null;
}
