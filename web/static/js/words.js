// The site's words for scripts: say(key, values) -> {zh, en}, as web/words.py's say() for the templates.
// The words and the engine's names are in glossary.js, which the build writes from web/words.py and
// engine/suanfan/glossary.py.

import { GLOSSARY } from "./glossary.js";
import { bi, markNames } from "./dom.js";
import { fill } from "./gettext.js";

/**
 * A word {zh, en, zh_hant}, its {names} filled from values (English in its form for one where {n} is 1); a value
 * that is itself a text fills each language with its own: say("waiting_on", {n: 3}),
 * say("remove_tile", {tile: TILE_NAMES["3m"]}).
 */
export function say(key, values = {}) {
  const word = GLOSSARY.words[key];
  const en = word.en_one !== undefined && values.n === 1 ? word.en_one : word.en;   // "1 hand", "2 hands"
  return { zh: fill(word.zh, "zh", values), en: fill(en, "en", values), zh_hant: fill(word.zh_hant, "zh_hant", values) };
}

/** A word as a bilingual label element (a Chinese term in its English, such as a name, marked: markNames). */
export function sayBi(key, values) {
  const word = say(key, values);
  return bi(word.zh, markNames(word.en), word.zh_hant);
}
