// The reader's language: 中文 (zh), English (en), both (the Chinese with the English beside it, muted) or 繁體
// (zh-Hant: the Traditional Chinese alone, which the build made from the Simplified: docs/language.md).
// A classic script loaded in every page's <head>, so the choice is on <html> before the first paint: CSS hides
// the other language's `.zh` / `.en` / `.zh-hant` elements (site.css, "Language") and <html lang> names what is
// shown.
//
// One setting for the whole site, the presenter included: localStorage `suanfan.lang` (the presenter's old
// `suanfan.presenter.lang` is moved into it once). A link can set it: `?lang=en`, `?lang=zh`, `?lang=zh-Hant` or `?lang=both`
// wins over what is stored and is stored in turn, so the pages after it keep it without the query.
// The header's switch (buttons with data-set-lang, in _base.html) sets it; scripts read and set it through
// `globalThis.suanfanLang` and hear changes as the `suanfan:lang` event on document (detail: the language).
(function () {
  "use strict";
  var KEY = "suanfan.lang";
  var OLD_KEY = "suanfan.presenter.lang";
  var LANGS = ["both", "zh", "en", "zh-Hant"];
  var HTML_LANG = { both: "zh-Hans", zh: "zh-Hans", en: "en", "zh-Hant": "zh-Hant" };
  var root = document.documentElement;

  function valid(lang) { return LANGS.indexOf(lang) >= 0; }

  function stored() {
    try {
      var lang = localStorage.getItem(KEY);
      if (valid(lang)) return lang;
      var old = localStorage.getItem(OLD_KEY);   // the presenter's own setting, from before there was one
      if (valid(old)) {
        localStorage.setItem(KEY, old);
        localStorage.removeItem(OLD_KEY);
        return old;
      }
    } catch { /* storage refused: the default, for this page */ }
    return null;
  }

  /** -> whether it was stored; when not (storage full or refused) the choice lasts for this page. */
  function store(lang) {
    try { localStorage.setItem(KEY, lang); return true; } catch { return false; }
  }

  function fromQuery() {
    var match = /[?&]lang=([^&#]*)/.exec(location.search);
    var lang = match ? decodeURIComponent(match[1]) : null;
    return valid(lang) ? lang : null;
  }

  /** Show `lang` on this page: <html data-lang lang>, the switch's pressed button, option texts, placeholders, the
      words of attributes and titles. */
  function apply(lang) {
    root.setAttribute("data-lang", lang);
    root.setAttribute("lang", HTML_LANG[lang]);
    var buttons = document.querySelectorAll("[data-set-lang]");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute("aria-pressed", String(buttons[i].getAttribute("data-set-lang") === lang));
    }
    relabelOptions(document);
    relabelPlaceholders(document);
    relabelWords(document);
  }

  // Words a person hears or reads that no twin element can carry: an attribute's (aria-label, title, alt) and a
  // <title>'s own text ("text": the tab's title, a tile's). Where its Traditional differs the build (or dom.js's
  // setWords) writes it beside them as data-hant-<name>; zh-Hant shows it, keeping the Simplified in
  // data-hans-<name> to put back when another language is chosen. Every other language shows them as written.
  var WORDS = ["aria-label", "title", "alt", "text"];

  function readWords(el, name) { return name === "text" ? el.textContent : el.getAttribute(name); }
  function writeWords(el, name, words) {
    if (name === "text") el.textContent = words;
    else el.setAttribute(name, words);
  }

  /** The words of `scope` and of the elements in it in the chosen language (see WORDS). */
  function relabelWords(scope) {
    var hant = root.getAttribute("data-lang") === "zh-Hant";
    for (var n = 0; n < WORDS.length; n++) {
      var name = WORDS[n], kept = "data-hans-" + name;
      var selector = hant ? "[data-hant-" + name + "]" : "[" + kept + "]";
      var found = Array.prototype.slice.call(scope.querySelectorAll(selector));
      if (scope.matches && scope.matches(selector)) found.push(scope);
      for (var i = 0; i < found.length; i++) {
        var el = found[i];
        if (hant) {
          if (!el.hasAttribute(kept)) el.setAttribute(kept, readWords(el, name));
          writeWords(el, name, el.getAttribute("data-hant-" + name));
        } else {
          writeWords(el, name, el.getAttribute(kept));
          el.removeAttribute(kept);
        }
      }
    }
  }

  /** The Chinese an element carries in `prefix`-zh for the chosen language: with zh-Hant chosen its `prefix`-zh-hant
      when it has one (the build writes it only where the Traditional differs), else the Simplified. */
  function chinese(el, prefix, lang) {
    var hant = lang === "zh-Hant" ? el.getAttribute(prefix + "-zh-hant") : null;
    return hant === null ? el.getAttribute(prefix + "-zh") : hant;
  }

  /** A placeholder is text too: inputs with data-placeholder-zh and data-placeholder-en get the chosen language's
      (both: "中文 English"; zh-Hant: data-placeholder-zh-hant where there is one). */
  function relabelPlaceholders(scope) {
    var lang = root.getAttribute("data-lang");
    var inputs = scope.querySelectorAll("[data-placeholder-zh][data-placeholder-en]");
    for (var i = 0; i < inputs.length; i++) {
      var zh = chinese(inputs[i], "data-placeholder", lang), en = inputs[i].getAttribute("data-placeholder-en");
      inputs[i].setAttribute("placeholder", lang === "en" ? en : lang === "both" ? zh + " " + en : zh);
    }
  }

  /** An <option> can hold only text, which CSS cannot half hide: options with data-zh and data-en get the
      chosen language's words (both: "中文 · English"; zh-Hant: data-zh-hant where there is one), then
      data-extra-zh / data-extra-en (a source; data-extra-zh-hant) if any. */
  function relabelOptions(scope) {
    var lang = root.getAttribute("data-lang");
    var options = scope.querySelectorAll("option[data-zh][data-en]");
    for (var i = 0; i < options.length; i++) {
      var o = options[i];
      var zh = chinese(o, "data", lang), en = o.getAttribute("data-en");
      var extra = lang === "en" ? o.getAttribute("data-extra-en") : chinese(o, "data-extra", lang);
      o.textContent = (lang === "en" ? en : lang === "both" ? (zh === en ? zh : zh + " · " + en) : zh) +
        (extra ? " — " + extra : "");
    }
  }

  /** Choose `lang` on this page and store it. -> whether it was stored (a caller may tell the person). */
  function set(lang) {
    if (!valid(lang)) return false;
    var stored = store(lang);
    apply(lang);
    document.dispatchEvent(new CustomEvent("suanfan:lang", { detail: lang }));
    return stored;
  }

  var chosen = fromQuery();
  if (chosen) store(chosen);
  else chosen = stored() || "both";
  apply(chosen);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-set-lang]");
    if (button) set(button.getAttribute("data-set-lang"));
  });
  document.addEventListener("DOMContentLoaded", function () { apply(root.getAttribute("data-lang")); });
  // Another tab changed it: follow, so a teacher's two windows agree.
  window.addEventListener("storage", function (event) {
    if (event.key === KEY && valid(event.newValue)) {
      apply(event.newValue);
      document.dispatchEvent(new CustomEvent("suanfan:lang", { detail: event.newValue }));
    }
  });

  globalThis.suanfanLang = {
    LANGS: LANGS,
    get: function () { return root.getAttribute("data-lang"); },
    set: set,
    relabelOptions: relabelOptions,
    relabelWords: relabelWords,
  };
})();
