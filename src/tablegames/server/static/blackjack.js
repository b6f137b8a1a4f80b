// The Blackjack felt: the round folded from its events (as the server redacted them for this
// viewer) into what the table shows, and drawn: the dealer's cards, seven boxes with their
// betting areas (633a.2(a)-(b)), each hand's cards and totals, and every settlement at the
// place it happened.

import { dollars, el } from "./api.js";
import { cardNode } from "./cards.js";

// The wagers on a hand (the Blackjack Wager and what it grows into); any other wager_placed
// is a side wager of the box.
const HAND_WAGERS = new Set(["blackjack", "double", "split", "insurance"]);

function newHand() {
  return { cards: [], total: null, reason: null, wagers: {}, results: [] };
}

function box(scene, number) {
  if (!scene.boxes[number]) {
    scene.boxes[number] = { number, player: null, hands: [newHand()], side: {}, switchCards: [] };
  }
  return scene.boxes[number];
}

// The round so far, from its events: `index` of each card is the event's place in the round,
// so that a redraw knows which cards are new and deals them in the order of 633a.7(f).
export function foldRound(events) {
  const scene = { dealer: { cards: [], total: null, reason: null }, boxes: {}, settlements: [],
    complete: false, checked: null, started: false };
  events.forEach((event, index) => {
    switch (event.event) {
      case "round_started":
        scene.started = true;
        for (const [number, player] of event.boxes || []) box(scene, number).player = player;
        break;
      case "wager_placed": {
        const target = box(scene, event.box);
        if (event.player) target.player = event.player;
        if (HAND_WAGERS.has(event.wager)) {
          while (target.hands.length <= event.hand) target.hands.push(newHand());
          const hand = target.hands[event.hand];
          hand.wagers[event.wager] = (hand.wagers[event.wager] || 0) + event.amount;
        } else {
          const side = target.side[event.wager] || { stake: 0, result: null };
          side.stake += event.amount;
          target.side[event.wager] = side;
        }
        break;
      }
      case "card_dealt": {
        // A card the viewer may see is drawn face up, even one dealt face down on the table
        // (a hand-dealt game's cards, 633a.12(b), seen by their player only): it is marked
        // `held`. "??" is a card this viewer may not see.
        const card = { code: event.card, faceUp: event.card !== "??", held: !event.face_up, index };
        if (event.to === "dealer") scene.dealer.cards.push(card);
        else if (event.to === "switch") box(scene, event.box).switchCards.push(card);
        else {
          const target = box(scene, event.box);
          while (target.hands.length <= event.hand) target.hands.push(newHand());
          target.hands[event.hand].cards.push(card);
        }
        break;
      }
      case "decision": {
        if (event.action === "split") {
          // 633a.11(b): the second card becomes a new hand at the end of the box's row.
          const target = box(scene, event.box);
          const moved = target.hands[event.hand].cards.pop();
          const formed = newHand();
          if (moved) formed.cards.push(moved);
          target.hands.push(formed);
        }
        break;
      }
      case "cards_switched": {
        const target = box(scene, event.box);
        const codes = event.cards || [];
        let at = 0;
        const hands = target.hands.length === 1 ? [target.hands[0]] : target.hands;
        hands.forEach((hand, number) => {
          const take = hands.length === 1 ? codes.length : hand.cards.length;
          hand.cards = codes.slice(at, at + take).map((code) => ({ code, faceUp: code !== "??", index }));
          at += take;
          if (number === hands.length - 1 && at < codes.length) {
            hand.cards.push(...codes.slice(at).map((code) => ({ code, faceUp: true, index })));
          }
        });
        if (event.switched) target.switchCards = [];
        break;
      }
      case "dealer_checked":
        scene.checked = event.blackjack;
        break;
      case "hole_card_revealed": {
        // The hole card: hidden from a player; the house saw it all along (`held`).
        const hole = scene.dealer.cards.find((card) => !card.faceUp || card.held);
        if (hole) Object.assign(hole, { code: event.card, faceUp: true, held: false, index, turned: true });
        else scene.dealer.cards.push({ code: event.card, faceUp: true, index });
        break;
      }
      case "hand_completed": {
        const hand = box(scene, event.box).hands[event.hand];
        if (hand) Object.assign(hand, { total: event.total, reason: event.reason });
        break;
      }
      case "dealer_completed":
        Object.assign(scene.dealer, { total: event.total, reason: event.reason });
        break;
      case "wager_settled": {
        const target = box(scene, event.box);
        if (event.player) target.player = event.player;
        const result = { wager: event.wager, stake: event.stake, returned: event.returned,
          outcome: event.outcome, line: event.line, paragraph: event.paragraph, index };
        scene.settlements.push({ ...result, box: event.box, hand: event.hand, player: target.player });
        if (HAND_WAGERS.has(event.wager)) {
          const hand = target.hands[event.hand];
          if (hand) hand.results.push(result);
        } else {
          const side = target.side[event.wager] || { stake: event.stake, result: null };
          side.result = result;
          target.side[event.wager] = side;
        }
        break;
      }
      case "round_completed":
        scene.complete = true;
        break;
      default:
        break;
    }
  });
  return scene;
}

// A hand's total as the table shows it (display only: the engine's totals arrive with
// hand_completed and dealer_completed): soft totals as "7 / 17".
export function shownTotal(cards) {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    if (!card.faceUp) return null;
    const rank = card.code[0];
    if (rank === "A") { aces += 1; total += 1; }
    else if ("TJQK".includes(rank)) total += 10;
    else total += Number(rank);
  }
  if (!cards.length) return null;
  if (aces && total + 10 <= 21) return total + 10 === 21 && cards.length === 2 ? "21" : `${total} / ${total + 10}`;
  return String(total);
}

export function netOf(scene, player) {
  let net = 0;
  let any = false;
  for (const settled of scene.settlements) {
    if (settled.player !== player) continue;
    any = true;
    net += settled.returned - settled.stake;
  }
  return any ? net : null;
}

// A side wager's area is small on the felt: its initials ("Twenty Point Bonus Wager": TPB),
// the full name in its tooltip and for screen readers.
function shortLabel(label) {
  const words = label.replace(/[^A-Za-z0-9 ]/g, " ").split(/\s+/)
    .filter((word) => word && !["Wager", "the", "and", "Progressive"].includes(word));
  return words.map((word) => (/^[0-9]+$/.test(word) ? word : word[0].toUpperCase())).join("");
}

function resultBadge(result, fresh) {
  const gain = result.returned - result.stake;
  const text = result.outcome === "push" || gain === 0 && result.returned > 0
    ? "push"
    : gain > 0 ? `+${dollars(gain)}` : `\u2212${dollars(result.stake)}`;
  const kind = gain > 0 ? "won" : gain < 0 ? "lost" : "push";
  const title = `${result.wager}: ${result.outcome}${result.line ? ` (${result.line})` : ""}` +
    (result.paragraph ? ` \u2014 ${result.paragraph}` : "");
  return el("span", {
    class: `result ${kind}${fresh ? " fresh" : ""}`,
    title,
    dataset: { wager: result.wager, outcome: result.outcome, paragraph: result.paragraph || "" },
  }, text, result.line ? el("small", { text: ` ${result.line.replaceAll("_", " ")}` }) : null);
}

function cardsRow(cards, seen, className, testId, heldText) {
  const row = el("div", { class: `cards ${className}`, "data-testid": testId });
  let order = 0;
  for (const card of cards) {
    const fresh = card.index >= seen;
    row.append(cardNode(card.code, { faceUp: card.faceUp, held: card.held && card.faceUp, fresh,
      order: fresh ? order++ : 0, heldText }));
  }
  return row;
}

function chipStack(amount, staged) {
  if (!amount) return null;
  return el("span", { class: staged ? "chip-stack staged" : "chip-stack" }, dollars(amount));
}

// The whole felt. `context` gives the view, the layout document, the folded round, who is
// looking, the locally staged chips, how many of the round's events were already drawn
// (`seen`), and the handlers of a click on a betting area or an empty box. `heldText` (optional)
// is how a card dealt face down that this viewer sees is read out (the dealer's console).
export function renderBlackjack(context) {
  const { view, layout, scene, me, staged, seen, names, onArea, onSit, canSit, heldText } = context;
  const felt = el("section", { class: "felt blackjack", "aria-label": layout.title || "Blackjack table" });
  felt.append(el("div", { class: "house-name", text: "tablegames" }));
  const dealer = el("div", { class: "dealer-area", "data-testid": "dealer" },
    el("h2", { class: "area-title", text: "Dealer" }),
    cardsRow(scene.dealer.cards, seen, "dealer-cards", "dealer-cards", heldText));
  const dealerTotal = scene.dealer.total ?? shownTotal(scene.dealer.cards.filter((c) => c.faceUp));
  if (scene.dealer.cards.length) {
    dealer.append(el("span", { class: "total", "data-testid": "dealer-total" },
      scene.dealer.reason === "busted" ? `${dealerTotal} bust` : dealerTotal ?? ""));
  }
  felt.append(dealer);
  const inscriptions = el("div", { class: "inscriptions", "data-testid": "inscriptions" });
  for (const line of layout.inscriptions || []) {
    inscriptions.append(el("p", { class: "inscription", dataset: { paragraph: line.paragraph || "" },
      title: line.paragraph || "" }, line.text));
  }
  if (layout.payout_limit && layout.payout_limit.text) {
    inscriptions.append(el("p", { class: "inscription limit",
      dataset: { paragraph: layout.payout_limit.paragraph || "" } }, layout.payout_limit.text));
  }
  felt.append(inscriptions);

  const seats = new Map((view.seats || []).map((seat) => [seat.spot, seat]));
  const boxes = el("div", { class: "boxes" });
  const held = view.bets || [];
  // First base (box 1) is at the dealer's left: on the players' side of the felt, the right.
  for (let number = 7; number >= 1; number--) {
    const seat = seats.get(number);
    const round = scene.boxes[number];
    const player = seat ? seat.player : round ? round.player : null;
    const mine = player !== null && player === me;
    const node = el("div", {
      class: `box${mine ? " mine" : ""}${player ? "" : " empty"}`,
      "data-testid": `box-${number}`,
      dataset: { spot: String(number) },
    });
    const who = player ? (mine ? "You" : names[player] || "Player") : "Open";
    node.append(el("div", { class: "box-label" }, el("b", { text: String(number) }), ` ${who}`,
      seat && seat.leaving ? el("small", { text: " (leaving)" }) : null));
    if (round) {
      const hands = el("div", { class: "hands" });
      round.hands.forEach((hand, index) => {
        if (!hand.cards.length && !Object.keys(hand.wagers).length) return;
        const handNode = el("div", { class: "hand", "data-testid": `hand-${number}-${index}` });
        handNode.append(cardsRow(hand.cards, seen, "box-cards", `cards-${number}-${index}`, heldText));
        const total = hand.total ?? shownTotal(hand.cards);
        if (total !== null && total !== undefined) {
          handNode.append(el("span", { class: "total" }, hand.reason === "busted" ? `${total} bust` : String(total)));
        }
        const wagered = Object.entries(hand.wagers)
          .filter(([name]) => name !== "insurance")
          .reduce((sum, [, cents]) => sum + cents, 0);
        if (wagered) handNode.append(el("span", { class: "chip-stack", text: dollars(wagered) }));
        if (hand.wagers.insurance) handNode.append(el("span", { class: "tag", text: `insurance ${dollars(hand.wagers.insurance)}` }));
        for (const result of hand.results) handNode.append(resultBadge(result, result.index >= seen));
        hands.append(handNode);
      });
      if (round.switchCards.length) {
        hands.append(el("div", { class: "hand switch-cards" }, el("small", { text: "Switch cards" }),
          cardsRow(round.switchCards, seen, "switch", `switch-${number}`, heldText)));
      }
      node.append(hands);
    }
    const areas = el("div", { class: "areas" });
    // With many side wagers on offer, their areas show initials (the full name is the
    // button's accessible name and tooltip, and the paytable sign prints it).
    const crowded = (layout.areas || []).length > 4;
    for (const area of layout.areas || []) {
      const count = area.count || 1;
      const compact = crowded && area.wager !== "blackjack";
      for (let copy = 0; copy < count; copy++) {
        const heldBet = held.find((bet) => bet.spot === number && bet.wager === area.wager);
        const stagedAmount = mine ? staged(number, area.wager) : 0;
        let onFelt = heldBet ? heldBet.amount : 0;
        let result = null;
        if (round && !HAND_WAGERS.has(area.wager) && round.side[area.wager]) {
          onFelt = round.side[area.wager].stake;
          result = round.side[area.wager].result;
        }
        const locked = area.progressive && view.phase === "playing";
        const button = el("button", {
          type: "button",
          class: `area${area.wager === "blackjack" ? " main" : ""}${area.progressive ? " progressive" : ""}`,
          "data-testid": `area-${number}-${area.wager}${count > 1 ? `-${copy}` : ""}`,
          dataset: { wager: area.wager, paragraph: area.paragraph || "" },
          "aria-label": `${area.label}, box ${number}`,
          disabled: !mine || view.phase === "playing" || locked,
          title: locked ? "Locked: the deal has begun (633a.2(d)(2))" : area.label,
          onclick: () => onArea(number, area.wager),
          ondragover: (event) => { if (mine) event.preventDefault(); },
          ondrop: (event) => {
            event.preventDefault();
            const cents = Number(event.dataTransfer.getData("text/plain"));
            if (cents) onArea(number, area.wager, cents);
          },
        }, el("span", { class: "area-label", "aria-hidden": compact ? "true" : null,
          text: compact ? shortLabel(area.label) : area.label }));
        const stack = chipStack(stagedAmount, true) || chipStack(onFelt, false);
        if (stack) button.append(stack);
        if (result) button.append(resultBadge(result, result.index >= seen));
        areas.append(button);
      }
    }
    node.append(areas);
    if (!player && canSit) {
      node.append(el("button", { type: "button", class: "sit", "data-testid": `sit-${number}`,
        onclick: () => onSit(number) }, "Sit here"));
    }
    boxes.append(node);
  }
  felt.append(boxes);
  return felt;
}

// The paytable sign (633a.2(b)(13): the payout odds of every wager offered, on the layout or
// on a sign at the table).
export function paytableSign(layout) {
  const sign = el("aside", { class: "paytable", "aria-label": "Payout odds", "data-testid": "paytable" },
    el("h2", { text: "Payout odds" }));
  for (const area of layout.areas || []) {
    if (!area.pays || !area.pays.length) continue;
    const list = el("dl", {});
    for (const line of area.pays) list.append(el("dt", { text: line.line }), el("dd", { text: line.pays }));
    sign.append(el("section", { dataset: { wager: area.wager } },
      el("h3", { text: area.label }, area.progressive ? el("small", { text: " progressive" }) : null), list));
  }
  return sign;
}
