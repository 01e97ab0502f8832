// Small helpers for building DOM: h(tag, attrs, ...children), a bilingual label bi(zh, en, zhHant) (biText for a
// text {zh, en, zh_hant}), a name pair nameBi(zh, en, zhHant), words put in place only when they change (showWords),
// words in an attribute or a title in the reader's Chinese (setWords, setTitle).

/** An element; an attribute's value may be a text {zh, en, zh_hant} (an aria-label, a title), written as
    setTextWords() writes it: "中文 English", its Traditional beside it. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (typeof value === "object" && "zh" in value) setTextWords(node, key, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** The Traditional twin of a Chinese element, or null where there is none: with zh-Hant chosen the page shows it
    instead of the .zh one, marked zh-hans (site.css, "language"; docs/language.md, "Pages and scripts"). Only a
    Traditional the caller has (a catalogue's or the engine's zh_hant) is drawn: nothing is converted here. */
function hasTwin(zh, zhHant) {
  return zhHant !== undefined && zhHant !== null && zhHant !== zh;
}

/** Words a person hears or reads that no twin element can carry, in the reader's Chinese: the attribute `name`
    (aria-label, title, alt) or, `name` "text", the element's own text (a <title>). `words` is what 中文, both and
    English show ("主导航 Main"); `hantWords`, where given and not the same, is zh-Hant's, kept beside it as
    data-hant-<name>, as the build writes it (web/hant.py's attribute()), and static/js/lang.js shows the one the
    language wants, now and on every change. */
export function setWords(el, name, words, hantWords) {
  el.removeAttribute(`data-hans-${name}`);
  if (name === "text") el.textContent = words;
  else el.setAttribute(name, words);
  if (hasTwin(words, hantWords)) el.setAttribute(`data-hant-${name}`, hantWords);
  else el.removeAttribute(`data-hant-${name}`);
  globalThis.suanfanLang?.relabelWords(el);
}

/** A text {zh, en, zh_hant} as setWords() puts it in the attribute `name`: "中文 English" ("中文繁體 English"). */
export function setTextWords(el, name, text) {
  setWords(el, name, `${text.zh} ${text.en}`, hasTwin(text.zh, text.zh_hant) ? `${text.zh_hant} ${text.en}` : null);
}

/** The tab's title (the page's <title>), as _base.html writes it: `words` and, where it differs, `hantWords`. */
export function setTitle(words, hantWords) {
  setWords(document.querySelector("title"), "text", words, hantWords);
}

function hantTwin(zh, zhHant, tag = "span") {
  return hasTwin(zh, zhHant) ? h(tag, { class: "zh-hant", lang: "zh-Hant" }, zhHant) : null;
}

export function bi(zh, en, zhHant) {
  const twin = hantTwin(zh, zhHant);
  return h("span", { class: "bi" }, h("span", { class: twin ? "zh zh-hans" : "zh" }, zh), " ",
    h("span", { class: "en", lang: "en" }, en), twin);
}

/** An error's message as its own lines (p.error-zh, p.error-en, and where it differs the Traditional twin, p.zh-hant):
    the markup of templates/_result.html's error_view. */
export function errorLines(zh, en, zhHant) {
  const twin = hantTwin(zh, zhHant, "p");
  return [h("p", { class: twin ? "error-zh zh zh-hans" : "error-zh zh" }, zh), h("p", { class: "error-en en", lang: "en" }, en), twin];
}

/** A text of the catalogues or the engine ({zh, en, zh_hant}) as bi() draws it. */
export function biText(text) {
  return bi(text.zh, text.en, text.zh_hant);
}

/** Put bi(zh, en, zhHant) in `el` unless it already says just that: a status line is a live region, and would
    announce the same words again (the engine's boot repeats its words while only its progress bar moves). */
export function showWords(el, zh, en, zhHant) {
  const words = bi(zh, en, zhHant);
  if (el.textContent !== words.textContent) el.replaceChildren(words);
}

/** An <option> in both languages: its text follows the reader's language choice (static/js/lang.js); zhHant, when
    given and not the same, is its Traditional (data-zh-hant). */
export function biOption(zh, en, value, zhHant) {
  const option = new Option(zh === en ? zh : `${zh} · ${en}`, value);
  Object.assign(option.dataset, { zh, en }, hasTwin(zh, zhHant) ? { zhHant } : {});
  globalThis.suanfanLang?.relabelOptions(h("div", {}, option));
  return option;
}

/** English text with a fan's or pattern's Chinese name kept beside its English one (marked name-zh, as
    course.bilingual.mark_names marks it in the lesson files' English): "Pure Straight 清龙". */
export function enWithName(en, zh) {
  return [en, " ", h("span", { class: "name-zh", lang: "zh-Hans" }, zh)];
}

/** English text whose Chinese terms (an error's 大相公) are marked as kept names, as the en_names filter marks
    them at build time (course.bilingual.mark_names): strings and name-zh spans, to append. */
export function markNames(text) {
  return String(text).split(/([\u3400-\u9fff\uf900-\ufaff]+)/).map((part, i) =>
    (i % 2 ? h("span", { class: "name-zh", lang: "zh-Hans" }, part) : part)).filter((part) => part !== "");
}

/** A fan's or pattern's name (the `name` macro of _ui.html): its Chinese stays beside the English one in every
    language (class name-zh), since players need both. */
export function nameBi(zh, en, zhHant) {
  const twin = hantTwin(zh, zhHant);
  return h("span", { class: "bi name" }, h("span", { class: twin ? "zh name-zh zh-hans" : "zh name-zh", lang: "zh-Hans" }, zh), " ",
    h("span", { class: "en", lang: "en" }, en), twin);
}
