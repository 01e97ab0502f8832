// A request lives in the URL hash so any result can be shared:
//   #hand=%5B5555p1%5D222m777s99sEE9s&rules=jiujiang&self_drawn=1&dealer=1&table.base_added=1
// Keys are the JSON request's keys, nested ones joined with a dot (table.base, variants.x);
// booleans are written 1/0, numbers as numbers, null as `null`; keys and values are URL-encoded.

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
  if (/^-?\d+$/.test(text)) return Number(text);
  if (!kind && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** Set a dotted key in a nested object: setPath(req, "table.base", 2). */
export function setPath(target, dotted, value) {
  const parts = dotted.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (node[part] === null || typeof node[part] !== "object") node[part] = {};
    node = node[part];
  }
  node[parts[parts.length - 1]] = value;
}

/** A request from the hash; kindOf(key) tells the form's type of a dotted key (undefined when unknown). */
export function requestFromHash(hash, kindOf = () => undefined) {
  const request = {};
  for (const [key, text] of parseHash(hash)) {
    setPath(request, key, key === "hand" || key === "rules" ? text : typedValue(text, kindOf(key)));
  }
  return request;
}
