// The scripts' own messages, from the site's catalogue (docs/language.md): the English is written here, in the
// call, and is the message id; the Chinese is in locale/zh_Hans/site.po, the Traditional made from it by the build.
//   _("Link copied")                                   -> {zh, en, zh_hant}
//   _("The link's {list} does not apply to {rules}: left out.", { list, rules })
//   ngettext("1 lesson", "{n} lessons", n)            English's form for one when n is 1; Chinese has one form
//   pgettext(context, msgid, values)                   where one English needs two Chinese renderings
// The build extracts these calls with Babel's JavaScript extractor (buildkit/catalogues.py, SCRIPT_KEYWORDS) and
// fails, naming the file and line, on one the catalogue lacks; it writes what the scripts mark, in every language,
// into messages.js. Only string literals are messages: a message id made at run time would not be extracted.
// Small and with one import, as the engine's worker reads it while it boots.

import { MESSAGES } from "./messages.js";

/**
 * One language's template filled from values by name: a value that is itself a text ({zh, en, zh_hant}: a name, a
 * reason) fills each language with its own words (its Simplified where it has no Traditional); any other value
 * (a number, a hand's notation) is the same in every language.
 */
export function fill(template, lang, values) {
  return template.replace(/\{(\w+)\}/g, (_match, name) => {
    if (!Object.hasOwn(values, name)) throw new Error(`no value for {${name}} in "${template}"`);
    const value = values[name];
    if (value === null || typeof value !== "object") return String(value);
    return String(lang === "zh_hant" ? value.zh_hant ?? value.zh : value[lang]);
  });
}

function lookup(key) {
  if (!Object.hasOwn(MESSAGES, key)) {
    throw new Error(`"${key}" is not in the site's catalogue (python3 build.py messages, then its Chinese)`);
  }
  return MESSAGES[key];
}

function filled(message, en, values) {
  return { zh: fill(message.zh, "zh", values), en: fill(en, "en", values), zh_hant: fill(message.zh_hant, "zh_hant", values) };
}

/** The message `msgid` as a text {zh, en, zh_hant}, its {names} filled from values. */
export function _(msgid, values = {}) {
  const message = lookup(msgid);
  return filled(message, message.en, values);
}

/** A message that says a number n: English in its form for one when n is 1 ({n} is n unless values say else). */
export function ngettext(singular, plural, n, values = { n }) {
  const message = lookup(singular);
  return filled(message, n === 1 ? message.en_one : message.en, values);
}

/** A message whose English needs a context (its Chinese differs from the same English elsewhere). */
export function pgettext(context, msgid, values = {}) {
  const message = lookup(`${context}\u0004${msgid}`);
  return filled(message, message.en, values);
}
