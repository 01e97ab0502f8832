// Small helpers for building DOM: h(tag, attrs, ...children), a bilingual label bi(zh, en) (and biText(text) for a
// text {zh, en, zh_hant}), a name pair nameBi(zh, en), words put in place only when they change (showWords).

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export function bi(zh, en) {
  return h("span", { class: "bi" }, h("span", { class: "zh" }, zh), " ", h("span", { class: "en", lang: "en" }, en));
}

/** A text {zh, en, zh_hant} (from gettext.js or words.js) as bi draws it: its languages, each in its place. */
export function biText(text) {
  return bi(text.zh, text.en, text.zh_hant);
}

/** Put bi(zh, en) in `el` unless it already says just that: a status line is a live region, and would announce the
    same words again (the engine's boot repeats its words while only its progress bar moves). */
export function showWords(el, zh, en) {
  const words = bi(zh, en);
  if (el.textContent !== words.textContent) el.replaceChildren(words);
}

/** An <option> in both languages: its text follows the reader's language choice (static/js/lang.js). */
export function biOption(zh, en, value) {
  const option = new Option(zh === en ? zh : `${zh} · ${en}`, value);
  Object.assign(option.dataset, { zh, en });
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
export function nameBi(zh, en) {
  return h("span", { class: "bi name" }, h("span", { class: "zh name-zh", lang: "zh-Hans" }, zh), " ",
    h("span", { class: "en", lang: "en" }, en));
}
