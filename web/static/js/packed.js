// Data carried whole by an address (nothing is stored on a server): JSON, compressed (fflate, vendored) and written
// in base64url, so it fits a chat message and a QR code. Used by a teacher's own lesson (teaching-link.js), a class
// set (class-set.js) and a student's result code (result-code.js).

import { deflateSync, inflateSync, strFromU8, strToU8 } from "../vendor/fflate.mjs";

function toBase64Url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

/** `value` as JSON, deflated (against `dictionary`, text the data is likely to repeat, when given), in base64url. */
export function pack(value, dictionary = null) {
  const options = dictionary ? { level: 9, dictionary: strToU8(dictionary) } : { level: 9 };
  return toBase64Url(deflateSync(strToU8(JSON.stringify(value)), options));
}

/** What pack() wrote (with the same dictionary); throws on text that is not such data (cut short, garbled). */
export function unpack(text, dictionary = null) {
  const options = dictionary ? { dictionary: strToU8(dictionary) } : {};
  return JSON.parse(strFromU8(inflateSync(fromBase64Url(text), options)));
}
