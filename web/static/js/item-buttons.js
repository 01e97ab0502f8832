// The buttons of one item of a list a teacher orders (the lesson maker's hands, a class set's questions): each says
// its word, is classed `<prefix>-<word>` (how a redraw finds the one to give the focus back to), and is described by
// the item's heading, so "Remove" says which item.

import { h } from "./dom.js";
import { sayBi } from "./words.js";

/** actions: [[word, act] | null] (null: not offered for this item). */
export function itemButtons(actions, { prefix, describedBy }) {
  return actions.filter(Boolean).map(([word, act]) => {
    const button = h("button", { type: "button", class: `small ${prefix}-${word}`, "aria-describedby": describedBy }, sayBi(word));
    button.addEventListener("click", act);
    return button;
  });
}
