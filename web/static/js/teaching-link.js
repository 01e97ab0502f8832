// A teacher's own lesson in a link: one or several hands, each with a title and a note, carried whole by the
// address (nothing is stored on a server), compressed so it fits a chat message (packed.js).
//
//   show.html#v=1&d=<data>   data = base64url(deflate-raw(UTF-8 JSON)), JSON = {t: title, i: [{r, t, n}]}:
//                            r the hand's request (the calculator's, as handle() takes it), t its title, n its note
// `v` is the link format's version: a link made today keeps opening in later versions, which read every version
// they ever wrote (add a reader below; never change what v=1 means).

import { _ } from "./gettext.js";
import { pack, unpack } from "./packed.js";

export const VERSION = 1;
export const PAGE = "show.html";
// Bounds that keep a link pasteable and a page quick: a few hands, short texts.
export const LIMITS = { items: 12, title: 80, note: 600 };

/** The link's fragment (after #) for a lesson {title, items: [{request, title, note}]}. */
export function encodeLesson(lesson) {
  const data = { t: lesson.title ?? "", i: lesson.items.map((item) => ({ r: item.request, t: item.title ?? "", n: item.note ?? "" })) };
  return `v=${VERSION}&d=${pack(data)}`;
}

const text = (value, limit) => (typeof value === "string" ? value.slice(0, limit) : "");

/** Read version 1's data. */
function readV1(data) {
  if (!data || typeof data !== "object" || !Array.isArray(data.i) || data.i.length === 0) return null;
  const items = data.i.slice(0, LIMITS.items).map((item) => ({
    request: item && typeof item.r === "object" && item.r !== null && !Array.isArray(item.r) ? item.r : null,
    title: text(item?.t, LIMITS.title), note: text(item?.n, LIMITS.note),
  }));
  if (items.some((item) => item.request === null || typeof item.request.hand !== "string")) return null;
  return { title: text(data.t, LIMITS.title), items };
}

const READERS = { 1: readV1 };

/**
 * A lesson from a fragment: {lesson} or {problem: {zh, en}} — a link that is cut short, garbled or made by a newer
 * version says so, never throws.
 */
export function decodeLesson(fragment) {
  const params = new URLSearchParams(fragment.replace(/^#/, ""));
  const version = Number(params.get("v"));
  const reader = READERS[version];
  if (!reader) {
    return { problem: version > VERSION
      ? _("This link was made by a newer version (format {version}); reload the site and open it again.", { version })
      : _("The link names no version of the lesson format, so it cannot be opened.") };
  }
  try {
    const lesson = reader(unpack(params.get("d") ?? ""));
    if (lesson) return { lesson };
  } catch { /* fall through: the same answer as for data of the wrong shape */ }
  return { problem: _("The link is incomplete or damaged (perhaps cut short when copied).") };
}
