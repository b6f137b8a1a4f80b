// The Pai Gow Poker felt (58 Pa. Code 645a, 645c): the round folded from its events (as the
// server redacted them for this viewer) and drawn: the starting position (645a.5), the dealer's
// hand, six seats with their betting areas (the main wager, the bank or co-bank when the
// window offers it, the optional wagers offered), your seven cards to arrange into the high
// (five-card) and low (two-card) hands by clicking or dragging, the house way, and at the
// settlement every hand as it was set, with each wager's result and the seat's net.

import { dollars, el } from "./api.js";
import { cardNode, dieNode } from "./cards.js";

const DEALER = 0;
const LEFTOVER = -1;
const HIDDEN = "??";

// The player's arrangement of their own seven cards, kept across redraws: which two go low.
const arrangement = { key: null, low: [] };

function seatOf(scene, number) {
  if (!scene.seats[number]) {
    scene.seats[number] = { number, player: null, wagers: {}, cards: [], setting: null, by: null,
      results: [], net: null };
  }
  return scene.seats[number];
}

export function foldPaiGow(events) {
  const scene = { started: false, round: null, seats: {}, dealer: { cards: [], setting: null },
    start: null, banker: 0, coBank: false, shown: false, complete: false, house: null };
  events.forEach((event, index) => {
    switch (event.event) {
      case "round_started":
        scene.started = true;
        scene.round = event.round;
        scene.banker = event.banker;
        scene.coBank = event.co_bank;
        for (const [number, player] of Object.entries(event.seats || {})) seatOf(scene, Number(number)).player = player;
        break;
      case "wager_placed": {
        const seat = seatOf(scene, event.seat);
        seat.player = event.player;
        seat.wagers[event.wager] = (seat.wagers[event.wager] || 0) + event.amount;
        break;
      }
      case "starting_position":
        scene.start = event;
        break;
      case "card_dealt":
        if (event.position === LEFTOVER) break;
        if (event.position === DEALER) scene.dealer.cards.push({ code: event.card, index });
        else if (scene.seats[event.position]) scene.seats[event.position].cards.push({ code: event.card, index });
        break;
      case "hand_set":
      case "hand_reset": {
        const seat = seatOf(scene, event.seat);
        seat.setting = { high: event.high, low: event.low };
        if (event.by) seat.by = event.by;
        if (event.event === "hand_reset") seat.by = "reset by the house way";
        break;
      }
      case "banker_set":
        if (event.position === DEALER) scene.dealer.setting = { high: event.high, low: event.low, way: event.way };
        break;
      case "hands_shown":
        scene.shown = true;
        for (const [number, hand] of Object.entries(event.hands || {})) {
          seatOf(scene, Number(number)).setting = { high: hand.high, low: hand.low };
        }
        break;
      case "wager_settled":
        seatOf(scene, event.seat).results.push({ ...event, index });
        break;
      case "round_settled":
        scene.complete = true;
        scene.house = event.house;
        for (const [number, net] of Object.entries(event.nets || {})) seatOf(scene, Number(number)).net = net;
        break;
      default:
        break;
    }
  });
  return scene;
}

export function paiGowNet(scene, player) {
  if (!scene.complete) return null;
  let net = null;
  for (const seat of Object.values(scene.seats)) {
    if (seat.player === player && seat.net !== null) net = (net || 0) + seat.net;
  }
  return net;
}

function handRow(label, cards, testid, extra = {}) {
  return el("div", { class: "pg-hand", role: "group", "aria-label": label, "data-testid": testid, ...extra },
    el("span", { class: "pg-hand-label", text: label }),
    el("div", { class: "cards" }, ...cards));
}

function settingRows(setting, prefix, seen, firstIndex) {
  const fresh = firstIndex >= seen;
  return [
    handRow("High hand", setting.high.map((code, order) => cardNode(code, { fresh, order })), `${prefix}-high`),
    handRow("Low hand", setting.low.map((code, order) => cardNode(code, { fresh, order: order + 5 })), `${prefix}-low`),
  ];
}

const RESULT_WORDS = { win: "wins", lose: "loses", push: "pushes" };

function resultList(seat, seen) {
  if (!seat.results.length) return null;
  return el("ul", { class: "pg-results", "data-testid": `results-${seat.number}` },
    ...seat.results.map((result) => {
      const gain = (result.returned ?? 0) - result.stake;
      return el("li", {
        class: `result ${gain > 0 ? "won" : gain < 0 ? "lost" : "push"}${result.index >= seen ? " fresh" : ""}`,
        dataset: { wager: result.wager, result: result.result, paragraph: result.paragraph || "" },
      }, `${result.wager.replaceAll("_", " ")} ${RESULT_WORDS[result.result] || result.result}`
        + `${result.line && result.line !== result.result ? ` (${result.line.replaceAll("_", " ")})` : ""}`
        + `: ${gain > 0 ? "+" : gain < 0 ? "\u2212" : ""}${dollars(Math.abs(gain))}`
        + `${result.commission ? `, commission ${dollars(result.commission)}` : ""}`);
    }));
}

function startBanner(start) {
  if (!start) return null;
  const counted = start.position === DEALER ? "the dealer" : `seat ${start.position}`;
  const node = el("div", { class: "pg-start", "data-testid": "start", dataset: { paragraph: "645a.5" } });
  if (start.dice && start.dice.length) {
    node.append(el("span", { class: "dice-area" }, ...start.dice.map((value) => dieNode(value))),
      el("span", { text: ` ${start.number}: the first hand goes to ${counted} (645a.5)` }));
  } else {
    node.append(el("span", { text: `Random number ${start.number}: the first hand goes to ${counted} (645a.5)` }));
  }
  return node;
}

// Your seven cards, to arrange: a click (or a drop) moves a card between the hands.
function arranger(seat, context) {
  const { seen, send, turnKey } = context;
  if (arrangement.key !== turnKey) { arrangement.key = turnKey; arrangement.low = []; }
  const codes = seat.cards.map((card) => card.code);
  arrangement.low = arrangement.low.filter((code) => codes.includes(code));
  const move = (code, toLow) => {
    const low = arrangement.low.filter((item) => item !== code);
    if (toLow && low.length < 2) low.push(code);
    arrangement.low = low;
    context.redraw();
  };
  const cardButton = (card, order) => {
    const inLow = arrangement.low.includes(card.code);
    const node = cardNode(card.code, { fresh: card.index >= seen, order });
    return el("button", {
      type: "button", class: `pg-card${inLow ? " low" : ""}`, draggable: "true",
      "aria-pressed": String(inLow), "data-testid": `card-${card.code}`,
      "aria-label": `${node.getAttribute("aria-label")}: in the ${inLow ? "low" : "high"} hand; move it`,
      onclick: () => move(card.code, !inLow),
      ondragstart: (event) => event.dataTransfer.setData("text/plain", card.code),
    }, node);
  };
  const zone = (toLow, label, testid, cards) => el("div", {
    class: `pg-hand pg-zone${toLow ? " low" : ""}`, role: "group", "aria-label": label, "data-testid": testid,
    ondragover: (event) => event.preventDefault(),
    ondrop: (event) => { event.preventDefault(); const code = event.dataTransfer.getData("text/plain"); if (code) move(code, toLow); },
  }, el("span", { class: "pg-hand-label", text: label }), el("div", { class: "cards" }, ...cards));
  const high = seat.cards.filter((card) => !arrangement.low.includes(card.code));
  const low = seat.cards.filter((card) => arrangement.low.includes(card.code));
  const ready = arrangement.low.length === 2;
  return el("div", { class: "pg-arrange", "data-testid": "arrange" },
    el("p", { class: "pg-help", id: "pg-arrange-help",
      text: "Click two cards for the low hand (or drag them there); the other five are the high hand. The high hand must rank at least as high as the low hand." }),
    zone(false, `High hand (${high.length} of 5)`, "high-hand", high.map(cardButton)),
    zone(true, `Low hand (${low.length} of 2)`, "low-hand", low.map(cardButton)),
    el("div", { class: "pg-actions" },
      el("button", { type: "button", class: "primary", "data-testid": "set-hand", disabled: !ready,
        "aria-describedby": "pg-arrange-help",
        onclick: () => send({ spot: seat.number, action: "set",
          args: { low: [...arrangement.low], high: high.map((card) => card.code) } }) },
      ready ? "Set these hands" : "Choose two cards for the low hand"),
      el("button", { type: "button", class: "button", "data-testid": "house-way",
        onclick: () => send({ spot: seat.number, action: "house_way" }) }, "House way")));
}

function areaButtons(seat, context) {
  const { view, layout, staged, onArea } = context;
  const offers = ((view.offers || {})[String(seat.number)] || []).filter((offer) => offer.action === "bet");
  const labels = new Map((layout.areas || []).map((area) => [area.wager, area.label]));
  const group = el("div", { class: "pg-areas", role: "group", "aria-label": `Wagers at seat ${seat.number}` });
  for (const offer of offers) {
    const held = (view.bets || []).find((bet) => bet.spot === seat.number && bet.wager === offer.wager);
    const amount = staged(seat.number, offer.wager) || (held ? held.amount : 0);
    const label = labels.get(offer.wager) || offer.wager.replaceAll("_", " ");
    group.append(el("button", {
      type: "button", class: `area pg-area${amount ? " has-bet" : ""}`, "data-testid": `area-${seat.number}-${offer.wager}`,
      dataset: { wager: offer.wager, paragraph: offer.paragraph || "" },
      "aria-label": `${label} (${dollars(offer.low)} to ${dollars(offer.high)})${amount ? `, ${dollars(amount)} bet` : ""}`,
      title: `${offer.paragraph}: ${dollars(offer.low)} to ${dollars(offer.high)}`,
      onclick: () => onArea(seat.number, offer.wager),
      ondragover: (event) => event.preventDefault(),
      ondrop: (event) => { event.preventDefault(); const cents = Number(event.dataTransfer.getData("text/plain")); if (cents) onArea(seat.number, offer.wager, cents); },
    }, el("span", { class: "area-label", text: label }),
    amount ? el("span", { class: `chip-stack${staged(seat.number, offer.wager) ? " staged" : ""}`, text: dollars(amount) }) : null));
  }
  return group;
}

export function renderPaiGow(context) {
  const { view, layout, scene, me, seen, onSit, canSit, seated } = context;
  const felt = el("section", { class: "felt paigow", "aria-label": layout.title || "Pai Gow Poker" });
  felt.append(el("div", { class: "house-name", text: "tablegames" }));
  const playing = view.phase === "playing";
  felt.append(startBanner(scene.start) || el("div", { class: "pg-start hint", "data-testid": "start",
    text: seated ? "Place your wagers, then deal." : "Take a seat to play." }));
  // The dealer: seven face-down cards until the dealer's hand is set by the house way.
  const dealer = el("div", { class: "pg-dealer", role: "group", "aria-label": "Dealer", "data-testid": "dealer" },
    el("h2", { text: scene.banker ? `Bank: seat ${scene.banker}${scene.coBank ? " with the dealer" : ""}` : "Dealer (banker)" }));
  if (scene.dealer.setting) {
    dealer.append(...settingRows(scene.dealer.setting, "dealer", seen, Infinity),
      el("small", { text: `set by the house way (${scene.dealer.setting.way.replaceAll("_", " ")})` }));
  } else if (scene.dealer.cards.length) {
    dealer.append(el("div", { class: "cards" }, ...scene.dealer.cards.map((card, order) =>
      cardNode(card.code, { fresh: card.index >= seen, order }))));
  }
  felt.append(dealer);
  const inscriptions = el("div", { class: "inscriptions", "data-testid": "inscriptions" });
  for (const line of layout.inscriptions || []) {
    inscriptions.append(el("p", { class: "inscription", dataset: { paragraph: line.paragraph || "" } }, line.text));
  }
  felt.append(inscriptions);
  const seats = el("div", { class: "pg-seats" });
  const seatedAt = new Map((view.seats || []).map((seat) => [seat.spot, seat.player]));
  const awaiting = new Set((view.awaiting || []).filter((turn) => turn.player === me).map((turn) => turn.spot));
  const count = Math.max(6, ...Object.keys(scene.seats).map(Number), ...seatedAt.keys());
  for (let number = 1; number <= count; number++) {
    const seat = scene.seats[number] || { number, player: null, wagers: {}, cards: [], setting: null, results: [], net: null };
    const owner = scene.started ? seat.player || seatedAt.get(number) : seatedAt.get(number);
    const mine = owner === me;
    const node = el("article", { class: `pg-seat${mine ? " mine" : ""}`, "data-testid": `seat-${number}`,
      "aria-label": `Seat ${number}${owner ? (mine ? ", you" : ", taken") : ", open"}` },
    el("h3", { text: `Seat ${number}${mine ? " (you)" : ""}${scene.banker === number ? " \u2014 bank" : ""}` }));
    const wagers = Object.entries(seat.wagers);
    if (scene.started && wagers.length) {
      node.append(el("p", { class: "pg-wagers", text: wagers.map(([name, cents]) => `${name.replaceAll("_", " ")} ${dollars(cents)}`).join(" \u00b7 ") }));
    }
    if (!playing && mine) node.append(areaButtons(seat, context));
    if (!owner && canSit && !playing && !seated) {
      node.append(el("button", { type: "button", class: "sit", "data-testid": `sit-${number}`,
        onclick: () => onSit(number) }, "Sit here"));
    }
    if (scene.started && seat.cards.length) {
      if (mine && playing && awaiting.has(number) && context.send) {
        node.append(arranger(seat, { ...context, turnKey: `${scene.round}:${number}` }));
      } else if (seat.setting && (mine || scene.shown)) {
        node.append(...settingRows(seat.setting, `seat-${number}`, seen, Infinity));
        if (seat.by) node.append(el("small", { text: seat.by === "player" ? "set by the player" : `set ${seat.by.replaceAll("_", " ")}` }));
      } else {
        node.append(el("div", { class: "cards" }, ...seat.cards.map((card, order) =>
          cardNode(card.code, { fresh: card.index >= seen, order, held: mine && card.code !== HIDDEN }))));
      }
    }
    const results = resultList(seat, seen);
    if (results) node.append(results);
    if (seat.net !== null && scene.complete) {
      node.append(el("p", { class: `pg-net ${seat.net > 0 ? "won" : seat.net < 0 ? "lost" : "push"}`,
        "data-testid": `net-${number}`, dataset: { cents: String(seat.net) } }, `Net ${seat.net > 0 ? "+" : seat.net < 0 ? "\u2212" : ""}${dollars(Math.abs(seat.net))}`));
    }
    seats.append(node);
  }
  felt.append(seats);
  return felt;
}
