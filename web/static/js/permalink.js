// A request lives in the URL hash so any result can be shared:
//   #hand=%5B5555p1%5D222m777s99sEE9s&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1
// Keys are the JSON request's keys, nested ones joined with a dot (table.base, variants.x);
// booleans are written 1/0, numbers as numbers, null as `null`; keys and values are URL-encoded.
//
// A link is text anyone can write: readLink refuses what no link of this site can hold (bounds.js) with a typed
// error, and the request is built of objects without a prototype, so no key path (`__proto__.type`) can reach one.

import { MAX_LINK_CHARS, UNSAFE_KEYS, checkHand, pageError } from "./bounds.js";

/** Call visit(dottedKey, value) for every leaf of a nested object. */
export function walk(object, visit, prefix = "") {
  for (const [key, value] of Object.entries(object)) {
    const path = prefix + key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) walk(value, visit, `${path}.`);
    else visit(path, value);
  }
}

/** A request as [key, text] pairs: booleans 1/0, null as "null", everything else as its text. */
export function flatten(request) {
  const pairs = [];
  walk(request, (key, value) => {
    const text = typeof value === "boolean" ? (value ? "1" : "0") : value === null ? "null" : String(value);
    pairs.push([key, text]);
  });
  return pairs;
}

export function encodeHash(request) {
  return flatten(request)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join("&");
}

function decodePart(part) {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part; // a malformed %-escape: keep the text as it came, the engine will say what is wrong
  }
}

/** The hash as [key, text] pairs, in order (a leading "#" is ignored). */
export function parseHash(hash) {
  const body = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!body) return [];
  return body.split("&").filter(Boolean).map((item) => {
    const eq = item.indexOf("=");
    return eq < 0 ? [decodePart(item), ""] : [decodePart(item.slice(0, eq)), decodePart(item.slice(eq + 1))];
  });
}

/**
 * Read a hash value as the JSON value the request wants. `kind` comes from the form field of that key
 * ("bool", "int", "int_or_null", "choice", "text"); keys the form does not know are typed by their look.
 */
export function typedValue(text, kind) {
  if (kind === "text" || kind === "choice") return text;
  if (text === "null" || (kind === "int_or_null" && text === "")) return null;
  if (kind === "bool") {
    if (text === "1" || text === "true") return true;
    if (text === "0" || text === "false") return false;
    return text;
  }
  // A number no setting takes (1e400, 400 digits) stays the text the link holds, so that what refuses it can quote it.
  if (/^-?\d+$/.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  if (!kind && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** The first value a whole-number field of the form (kindOf) cannot hold, as the link wrote it: {key, text} or null. */
export function notANumber(request, kindOf) {
  let found = null;
  walk(request, (key, value) => {
    if (!found && ["int", "int_or_null", "int_choice"].includes(kindOf(key)) && typeof value === "string") {
      found = { key, text: value.length > 40 ? `${value.slice(0, 40)}…` : value };
    }
  });
  return found;
}

/**
 * Set a dotted key in a nested object: setPath(req, "table.base", 2). The objects it makes have no prototype, and
 * it refuses a key that names an object's machinery (__proto__, constructor, prototype).
 */
export function setPath(target, dotted, value) {
  const parts = dotted.split(".");
  const unsafe = parts.find((part) => UNSAFE_KEYS.has(part));
  if (unsafe !== undefined) throw new TypeError(`setPath: the key ${dotted} names ${unsafe}`);
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (!Object.hasOwn(node, part) || node[part] === null || typeof node[part] !== "object") node[part] = Object.create(null);
    node = node[part];
  }
  node[parts[parts.length - 1]] = value;
}

/**
 * A request from the hash: {request, error}. kindOf(key) tells the form's type of a dotted key (undefined when
 * unknown); maxDepth is the most dots-plus-one any key of the page's form has. `error` is the first thing that no
 * link of this site holds — a link longer than any, a key that would reach a prototype or is deeper than any
 * setting, a hand longer than any hand — as a typed error ({code, position, message}; position: the character of the
 * address after "#"), and then `request` holds no key at all; else error is null.
 */
export function readLink(hash, { kindOf = () => undefined, maxDepth = 2 } = {}) {
  const body = hash.startsWith("#") ? hash.slice(1) : hash;
  const refuse = (error) => ({ request: Object.create(null), error });
  if (body.length > MAX_LINK_CHARS) {
    return refuse(pageError("link_too_long", MAX_LINK_CHARS, { n: body.length, max: MAX_LINK_CHARS }));
  }
  const request = Object.create(null);
  let at = 0;
  for (const item of body.split("&")) {
    const here = at;
    at += item.length + 1;
    if (!item) continue;
    const eq = item.indexOf("=");
    const key = decodePart(eq < 0 ? item : item.slice(0, eq));
    const text = eq < 0 ? "" : decodePart(item.slice(eq + 1));
    const parts = key.split(".");
    const unsafe = parts.find((part) => UNSAFE_KEYS.has(part));
    if (unsafe !== undefined) return refuse(pageError("link_key_refused", here, { key: unsafe }));
    if (parts.length > maxDepth) return refuse(pageError("link_key_too_deep", here, { n: parts.length, max: maxDepth }));
    if (key === "hand") {
      const long = checkHand(text);
      if (long) return refuse({ ...long, position: here });
    }
    setPath(request, key, key === "hand" || key === "rules" ? text : typedValue(text, kindOf(key)));
  }
  return { request, error: null };
}

/** The request of a hash, leaving out what readLink refuses (for pages that only take settings from a link). */
export function requestFromHash(hash, kindOf = () => undefined, maxDepth = 2) {
  return readLink(hash, { kindOf, maxDepth }).request;
}
