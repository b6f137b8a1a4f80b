// Playing cards and dice drawn by the page itself (CSS and text; no image files). A card is
// written as the server writes it: rank then suit ("AS", "TD", "7H"), "JK" for a joker, "??"
// for a card the viewer may not see (dealt face down to someone else, or the hole card).

import { el } from "./api.js";

const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten",
  9: "nine", 8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};

export function cardLabel(code) {
  if (!code || code === "??") return "face-down card";
  if (code === "JK") return "joker";
  return `${RANK_NAMES[code[0]] || code[0]} of ${SUIT_NAMES[code[1]] || code[1]}`;
}

// One card. `faceUp` false (or a hidden code) draws its back. `order` delays its dealing
// animation so that a batch of new cards arrives one by one in the order they were dealt.
// `held`: a card dealt face down that this viewer sees; `heldText` says so to a screen reader
// (the house's console: "face down").
export function cardNode(code, { faceUp = true, held = false, fresh = false, order = 0,
  heldText = "face down, seen by you only" } = {}) {
  const hidden = !faceUp || !code || code === "??";
  const classes = ["card"];
  if (hidden) classes.push("back");
  else if (code[1] === "H" || code[1] === "D") classes.push("red");
  if (fresh) classes.push("dealt");
  if (held && !hidden) classes.push("held");
  const node = el("div", {
    class: classes.join(" "),
    role: "img",
    "aria-label": hidden ? "face-down card" : `${cardLabel(code)}${held ? ` (${heldText})` : ""}`,
    dataset: { card: hidden ? "??" : code },
  });
  if (fresh) node.style.animationDelay = `${order * 180}ms`;
  if (!hidden) {
    const rank = code === "JK" ? "\u2605" : code[0] === "T" ? "10" : code[0];
    const suit = code === "JK" ? "JOKER" : SUITS[code[1]] || code[1];
    node.append(
      el("span", { class: "corner top" }, el("b", { text: rank }), el("i", { text: suit })),
      el("span", { class: "pip", text: suit }),
      el("span", { class: "corner bottom" }, el("b", { text: rank }), el("i", { text: suit })),
    );
  }
  return node;
}

const PIPS = {
  1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9],
};

export function dieNode(value, { fresh = false, order = 0 } = {}) {
  const node = el("div", {
    class: fresh ? "die rolled" : "die",
    role: "img",
    "aria-label": `die showing ${value}`,
    dataset: { die: String(value) },
  });
  if (fresh) node.style.animationDelay = `${order * 120}ms`;
  for (let cell = 1; cell <= 9; cell++) {
    node.append(el("span", { class: (PIPS[value] || []).includes(cell) ? "dot" : "" }));
  }
  return node;
}
