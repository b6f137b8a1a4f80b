// The cut offered to a player at an electronic Blackjack table (house rule player_cut,
// 633a.5(b)-(d)): the view offers `cut` (its low-high bound the cards above the cut) and
// `decline_cut` to the spot 633a.5(c) names, between rounds. Built only from those offers.

import { el } from "./api.js";

// What the player typed for each spot's cut: the view is drawn again after every command and
// stream event, and a position typed (or refused, to be corrected) must survive that.
const typed = new Map();

// The controls for each of the player's spots offered the cut; `send(body)` posts a command.
export function cutControls(view, mine, send) {
  const groups = [];
  for (const spot of mine) {
    const offers = (view.offers || {})[String(spot)] || [];
    const cut = offers.find((offer) => offer.action === "cut");
    const decline = offers.find((offer) => offer.action === "decline_cut");
    if (!cut) typed.delete(spot);
    if (!cut && !decline) continue;
    const group = el("div", { class: "offers", role: "group", "data-testid": `cut-${spot}`,
      "aria-label": `The cut offered to box ${spot}` });
    group.append(el("span", { class: "hint" },
      `You are offered the cut (${cut ? cut.paragraph : decline.paragraph}).`));
    if (cut) {
      const middle = Math.round((cut.low + cut.high) / 2);
      const input = el("input", { type: "number", min: String(cut.low), max: String(cut.high),
        value: typed.get(spot) ?? String(middle), "data-testid": "cut-position",
        oninput: () => typed.set(spot, input.value),
        "aria-label": `Cards above the cut, ${cut.low} to ${cut.high}` });
      group.append(el("span", { class: "offer" }, input, el("button", {
        type: "button", class: "decision cut", "data-testid": "action-cut", title: cut.paragraph,
        onclick: () => send({ spot, action: "cut", args: { position: Number(input.value) } }),
      }, "Cut")));
    }
    if (decline) {
      group.append(el("button", { type: "button", class: "decision decline_cut",
        "data-testid": "action-decline_cut", title: decline.paragraph,
        onclick: () => send({ spot, action: "decline_cut" }) }, "Let the dealer cut"));
    }
    groups.push(group);
  }
  return groups;
}
