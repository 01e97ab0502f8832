// Small helpers for building DOM: h(tag, attrs, ...children), a bilingual label bi(zh, en), a name pair nameBi(zh, en).

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

/** A fan's or pattern's name (the `name` macro of _ui.html): its Chinese stays beside the English one in every
    language (class name-zh), since players need both. */
export function nameBi(zh, en) {
  return h("span", { class: "bi name" }, h("span", { class: "zh name-zh", lang: "zh-Hans" }, zh), " ",
    h("span", { class: "en", lang: "en" }, en));
}
