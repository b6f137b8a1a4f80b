// The players' page: the lobby, a table (Blackjack, craps Power Odds or Pai Gow Poker) and the
// history panel.
// Everything it shows comes from the server: the tables, the layout's inscriptions, the
// player's view (what is awaited, the legal offers, the round's events as this player may see
// them) and the live stream. The buttons are built only from the server's offers, so an
// illegal action cannot be taken from them; a refusal is shown with its paragraph.

import { ApiError, TableStream, call, dollars, el, parseDollars, session } from "./api.js";
import { foldRound, netOf, paytableSign, renderBlackjack } from "./blackjack.js";
import { crapsNet, foldRolls, renderCraps } from "./craps.js";
import { cutControls } from "./cut.js";
import { foldPaiGow, paiGowNet, renderPaiGow } from "./paigow.js";

// How the lobby names each game (a dealt table: the cards come from the dealer, 633a.14).
const GAME_TITLES = {
  blackjack: "Blackjack",
  blackjack_dealt: "Blackjack, dealt by a person",
  craps: "Craps with Power Odds",
  pai_gow: "Pai Gow Poker",
};

// Each game's round folded from its events, the felt drawn from it, and a player's net.
function sceneOf(game, events) {
  if (game === "craps") return foldRolls(events);
  return game === "pai_gow" ? foldPaiGow(events) : foldRound(events);
}

function netFor(game, scene, player) {
  if (game === "craps") return crapsNet(scene, player);
  return game === "pai_gow" ? paiGowNet(scene, player) : netOf(scene, player);
}

function feltOf(game, context) {
  if (game === "craps") return renderCraps(context);
  return game === "pai_gow" ? renderPaiGow(context) : renderBlackjack(context);
}

const app = document.getElementById("app");
const balanceNode = document.getElementById("balance");
const whoNode = document.getElementById("who");
const statusNode = document.getElementById("connection");

// The chips: the casino's usual denominations, those that fit the table's limits.
const DENOMINATIONS = [100, 500, 2500, 10000, 50000, 100000];

// What each decision is called on its button, and its key. The key is shown on the button.
const ACTIONS = {
  hit: ["Hit", "h"],
  stand: ["Stand", "s"],
  double: ["Double", "d"],
  split: ["Split", "p"],
  surrender: ["Surrender", "r"],
  insurance: ["Insurance", "i"],
  decline: ["No thanks", "n"],
  even_money: ["Even money", "e"],
  ez_bust: ["EZ Bust", "z"],
  switch: ["Switch", "w"],
  keep: ["Keep", "k"],
};

let server = { test_mode: false, welcome_credit: 0 };
let current = null; // the table page on screen, if any

async function refreshBalance() {
  if (!session.token) {
    balanceNode.textContent = "";
    whoNode.textContent = "";
    return null;
  }
  try {
    const me = await call("GET", "/api/me");
    balanceNode.textContent = `Balance ${dollars(me.balance)}`;
    balanceNode.dataset.cents = String(me.balance);
    whoNode.textContent = me.name || "";
    return me;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      session.signOut();
      route();
    }
    return null;
  }
}

function notice(text, kind = "info") {
  const box = document.getElementById("notice");
  box.textContent = text;
  box.className = `notice ${kind}`;
  box.setAttribute("role", kind === "error" ? "alert" : "status");
}

// --- joining -----------------------------------------------------------------------------

function joinForm() {
  const input = el("input", { id: "name", name: "name", autocomplete: "nickname", required: true,
    maxlength: "40", value: session.name || "", "aria-describedby": "join-help" });
  const form = el("form", { class: "join panel", "data-testid": "join" },
    el("h1", { text: "Take a seat" }),
    el("label", { for: "name", text: "Your display name" }), input,
    el("p", { id: "join-help", class: "help" }, server.welcome_credit
      ? `New players receive ${dollars(server.welcome_credit)} in play money.`
      : "The cage credits your account once you have joined."),
    el("button", { type: "submit", class: "primary", text: "Join" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    try {
      const made = await call("POST", "/api/players", { name }, { token: null });
      session.signIn(made.player_id, made.token, name);
      await refreshBalance();
      route();
    } catch (err) {
      notice(err.describe ? err.describe() : String(err), "error");
    }
  });
  return form;
}

// --- the lobby ---------------------------------------------------------------------------

const WAGER_NAMES = {
  blackjack: "Blackjack Wager", lucky_ladies: "Lucky Ladies", match_the_dealer: "Match the Dealer",
  in_between: "In Between", royal_match_21: "Royal Match 21", bet_the_set_21: "Bet the Set 21",
  kings_bounty: "King's Bounty", bad_beat: "Bad Beat", three_card_poker: "Three Card Poker",
  hit_and_run: "Hit and Run", straight_jack: "Straight Jack", house_money: "House Money",
  ez_bust: "EZ Bust", super_match: "Super Match",
  bank: "Bank", co_bank: "Co-bank", fortune: "Fortune", progressive: "Progressive", tiger_9: "Tiger 9",
};
const MAIN_WAGERS = new Set(["blackjack", "pai_gow"]);

async function lobby() {
  const tables = await call("GET", "/api/tables");
  const list = el("ul", { class: "tables", "data-testid": "lobby" });
  for (const table of tables) {
    const main = table.limits.find((limit) => MAIN_WAGERS.has(limit.action)) || table.limits[0];
    const sides = table.game === "craps" ? []
      : table.limits.filter((limit) => !MAIN_WAGERS.has(limit.action)).map((limit) => WAGER_NAMES[limit.action] || limit.action);
    list.append(el("li", { class: "table-card panel", dataset: { table: table.table_id, game: table.game } },
      el("h2", { text: table.name }),
      el("p", { class: "game", text: GAME_TITLES[table.game] || table.game }),
      main && main.low !== null ? el("p", { class: "limits", text: `Limits ${dollars(main.low)} \u2013 ${dollars(main.high)}` }) : null,
      sides.length ? el("p", { class: "sides", text: `${table.game === "pai_gow" ? "Also" : "Side wagers"}: ${sides.join(", ")}` }) : null,
      el("p", { class: "free", text: `${table.free_spots.length} free spot${table.free_spots.length === 1 ? "" : "s"}` }),
      el("a", { class: "button primary", href: `#/table/${encodeURIComponent(table.table_id)}`,
        "data-testid": `open-${table.table_id}` }, "Open table")));
  }
  return el("section", { class: "lobby" }, el("h1", { text: "Tables" }),
    tables.length ? list : el("p", { text: "No table is open." }));
}

// --- a table -----------------------------------------------------------------------------

class TablePage {
  constructor(tableId) {
    this.tableId = tableId;
    this.me = session.playerId;
    this.events = []; // the stream since the last round ended (the window and the round)
    this.last = []; // the last completed round's events
    this.seen = 0; // how many of the drawn round's events were drawn before
    this.drawnRound = null;
    this.staged = new Map(); // "spot:wager" -> cents of a bet on its way to the server
    this.chip = DENOMINATIONS[1];
    this.view = null;
    this.layout = null;
    this.refreshing = null;
    this.timer = null;
    this.node = el("section", { class: "table-page", dataset: { table: tableId } });
    this.keys = (event) => this.onKey(event);
    document.addEventListener("keydown", this.keys);
  }

  async start() {
    const path = `/api/tables/${encodeURIComponent(this.tableId)}`;
    const [view, layout] = await Promise.all([call("GET", path), call("GET", `${path}/layout`)]);
    this.layout = layout;
    this.view = view;
    this.events = (view.events || []).map((entry) => entry.event || entry);
    this.stream = new TableStream(this.tableId, {
      token: session.token,
      after: view.version,
      onEvent: (event) => this.onEvent(event),
      onState: (state) => this.onConnection(state),
      onRejected: () => { notice("This table is closed.", "error"); location.hash = "#/"; },
    });
    this.timer = setInterval(() => this.tick(), 250);
    this.draw();
    return this.node;
  }

  stop() {
    if (this.stream) this.stream.close();
    clearInterval(this.timer);
    document.removeEventListener("keydown", this.keys);
  }

  onConnection(state) {
    statusNode.textContent = state === "live" ? "" : "Reconnecting\u2026";
    statusNode.dataset.state = state;
    if (state === "live") this.refresh();
  }

  onEvent(event) {
    const ended = this.events.some((entry) => entry.event === "server:round_completed");
    if (ended) {
      // A new window after a completed round: that round stays on the felt until the next.
      this.last = this.events;
      this.events = [];
    }
    this.events.push(event);
    if (event.event === "server:round_completed") refreshBalance();
    this.refresh();
  }

  // The view again (seats, offers, what is awaited), at most one request at a time.
  refresh() {
    if (this.refreshing) {
      this.again = true;
      return;
    }
    const path = `/api/tables/${encodeURIComponent(this.tableId)}`;
    this.refreshing = Promise.all([call("GET", path), call("GET", `${path}/clock`).catch(() => null)])
      .then(([view, clock]) => {
        this.adopt(view);
        this.clock = clock;
        if (!this.events.length && view.events && view.events.length) {
          this.events = view.events.map((entry) => entry.event || entry);
        }
        this.draw();
      })
      .catch((err) => {
        if (err.status === 404) { notice("This table is closed.", "error"); location.hash = "#/"; }
      })
      .finally(() => {
        this.refreshing = null;
        if (this.again) { this.again = false; this.refresh(); }
      });
  }

  mySpots() {
    return (this.view.seats || []).filter((seat) => seat.player === this.me).map((seat) => seat.spot);
  }

  stagedAt(spot, wager) {
    return this.staged.get(`${spot}:${wager}`) || 0;
  }

  // A chip put on an area is a bet at once (others at the table see it, and the round waits
  // for this player to be ready): the area's bet grows by the chip. Chips go to the server one
  // at a time, in the order they were put down; until the server has taken one, the area
  // shows the amount as pending (a dashed stack).
  stage(spot, wager, cents) {
    const at = spot || this.mySpots()[0];
    if (!at) return;
    const key = `${at}:${wager}`;
    const held = (this.view.bets || []).find((bet) => bet.spot === at && bet.wager === wager);
    const start = this.staged.get(key) ?? (held ? held.amount : 0);
    const target = this.view.game === "craps" ? (this.staged.get(key) || 0) + (cents || this.chip) : start + (cents || this.chip);
    this.staged.set(key, target);
    this.draw();
    this.placing = (this.placing || Promise.resolve()).then(() => this.place(at, wager, target, cents || this.chip));
  }

  async place(spot, wager, target, chip) {
    const key = `${spot}:${wager}`;
    try {
      if (this.view.game === "craps") {
        // The craps window holds each wager as it is placed: a chip is one more wager.
        await this.command({ spot, action: "bet", amount: chip, args: { wager } });
      } else {
        const onSpot = (this.view.bets || []).filter((bet) => bet.spot === spot);
        const held = onSpot.find((bet) => bet.wager === wager);
        if (!held) {
          await this.command({ spot, action: "bet", amount: target, args: { wager } });
        } else if (held === onSpot[0]) {
          // The side wagers ride on the spot's first bet (633a.6(e)): withdrawn with it, and
          // placed again after it.
          await this.command({ spot, action: "withdraw", args: { wager } });
          await this.command({ spot, action: "bet", amount: target, args: { wager } });
          for (const rider of onSpot.slice(1)) {
            await this.command({ spot, action: "bet", amount: rider.amount, args: { wager: rider.wager } });
          }
        } else {
          await this.command({ spot, action: "withdraw", args: { wager } });
          await this.command({ spot, action: "bet", amount: target, args: { wager } });
        }
      }
      notice("");
    } catch (err) {
      notice(err.describe ? err.describe() : String(err), "error");
    }
    await this.refreshNow();
    if (this.staged.get(key) === target) this.staged.delete(key);
    this.draw();
    refreshBalance();
  }

  async refreshNow() {
    try {
      this.adopt(await call("GET", `/api/tables/${encodeURIComponent(this.tableId)}`));
    } catch { /* the stream's refresh tries again */ }
  }

  // A view read from the server, unless one of a later table version is already shown: two
  // reads in flight (after a command, and after a streamed event) may be answered out of order,
  // and the older one would take the felt back to before the deal.
  adopt(view) {
    if (this.view && view.version < this.view.version) return;
    this.view = view;
  }

  // The round the felt shows: the one in play, else the last completed one.
  shownEvents() {
    if (this.view.game === "craps") return [...this.last, ...this.events];
    const started = this.events.some((event) => event.event === "round_started");
    return started ? this.events : this.last;
  }

  draw() {
    if (!this.view) return;
    const view = this.view;
    const events = this.shownEvents();
    if (this.drawnRound !== events) {
      // Another round on the felt: every one of its cards is new.
      if (!this.drawnRound || events[0] !== this.drawnRound[0]) this.seen = 0;
      this.drawnRound = events;
    }
    const mine = this.mySpots();
    const context = {
      view, layout: this.layout, me: this.me, seen: this.seen, names: {},
      staged: (spot, wager) => this.stagedAt(spot || mine[0], wager),
      onArea: (spot, wager, cents) => this.stage(spot, wager, cents),
      onSit: (spot) => this.sit(spot),
      canSit: Boolean(session.token),
      seated: mine.length > 0,
      send: (body) => this.sendByHand(body),
      redraw: () => this.draw(),
    };
    const scene = sceneOf(view.game, events);
    const felt = feltOf(view.game, { ...context, scene });
    const settled = view.game === "craps" ? scene.rolled : scene.complete;
    const net = settled ? netFor(view.game, scene, this.me) : null;
    this.seen = events.length;
    const header = el("div", { class: "table-head" },
      el("a", { href: "#/", class: "button", text: "\u2190 Lobby" }),
      el("h1", { text: this.layout.title || view.game }),
      el("span", { class: "phase", "data-testid": "phase", dataset: { phase: view.phase } }, phaseText(view)),
      el("button", { type: "button", class: "button", "data-testid": "history-button",
        onclick: () => openHistory() }, "History"));
    const result = net === null || net === undefined ? null
      : el("p", { class: `round-result ${net > 0 ? "won" : net < 0 ? "lost" : "push"}`, "data-testid": "round-result" },
        `Round result: ${net > 0 ? "+" : ""}${dollars(net)}`);
    const seatControls = this.seatControls(mine);
    this.node.replaceChildren(...[header, el("div", { class: "table-body" }, felt,
      view.game.startsWith("blackjack") ? paytableSign(this.layout) : null),
    result, this.controls(mine), seatControls].filter(Boolean));
  }

  seatControls(mine) {
    if (!mine.length) return null;
    const free = new Set(Array.from({ length: 7 }, (_, i) => i + 1));
    for (const seat of this.view.seats || []) free.delete(seat.spot);
    const next = [Math.min(...mine) - 1, Math.max(...mine) + 1].filter((spot) => free.has(spot));
    return el("div", { class: "seat-controls" },
      this.view.game.startsWith("blackjack") && next.length
        ? el("button", { type: "button", class: "button", onclick: () => this.sit(next[0]) },
          `Also play box ${next[0]}`) : null,
      el("button", { type: "button", class: "button", "data-testid": "leave",
        onclick: () => this.leave(mine) }, "Leave the table"));
  }

  controls(mine) {
    const view = this.view;
    const bar = el("div", { class: "controls", "data-testid": "controls" });
    if (!mine.length) {
      if (view.game === "craps") {
        bar.append(el("button", { type: "button", class: "primary", "data-testid": "take-place",
          onclick: () => this.takePlace() }, "Take a place at the table"));
      } else {
        bar.append(el("p", { class: "hint" }, "Choose an open box to sit."));
      }
      return bar;
    }
    if (view.phase !== "playing") {
      const allLimits = Object.values(view.offers || {}).flat().filter((offer) => offer.action === "bet" && offer.high);
      const top = allLimits.reduce((high, offer) => Math.max(high, offer.high), 0);
      const chips = el("div", { class: "chips", role: "radiogroup", "aria-label": "Chip value" });
      DENOMINATIONS.filter((cents) => !top || cents <= top).forEach((cents, index) => {
        chips.append(el("button", {
          type: "button", role: "radio", class: `chip chip-${cents}`, draggable: "true",
          "aria-checked": String(cents === this.chip), "data-testid": `chip-${cents}`,
          title: `${dollars(cents)} chip (key ${index + 1})`,
          onclick: () => { this.chip = cents; this.draw(); },
          ondragstart: (event) => event.dataTransfer.setData("text/plain", String(cents)),
        }, dollars(cents)));
      });
      bar.append(chips);
      const anyStaged = this.staged.size > 0;
      const anyHeld = (view.bets || []).some((bet) => bet.player === this.me)
        || (view.game === "craps" && (view.events || []).some((entry) => (entry.event || entry).event === "wager_placed" && (entry.event || entry).player === this.me));
      const isReady = (view.ready || []).includes(this.me);
      bar.append(
        el("button", { type: "button", class: "primary", "data-testid": "deal",
          disabled: (!anyStaged && !anyHeld) || isReady, onclick: () => this.deal() },
        `${view.game === "craps" ? "Roll" : "Deal"} (Enter)`),
        el("button", { type: "button", class: "button", "data-testid": "clear",
          disabled: !anyStaged && !anyHeld, onclick: () => this.clear() }, "Clear bets (C)"));
      if (isReady) bar.append(el("span", { class: "hint", text: "Ready: waiting for the other players." }));
      bar.append(...cutControls(view, mine, (body) => this.between(body)));
      const betting = (this.clock || {}).betting_seconds_left;
      if (betting !== null && betting !== undefined) {
        bar.append(el("span", { class: "timer", "data-testid": "betting-timer" },
          `Bets close within ${Math.ceil(betting)} s`));
      }
      return bar;
    }
    const turns = (view.awaiting || []).filter((turn) => turn.player === this.me);
    // Pai Gow Poker's decision (the setting) is made on the felt: its cards are the controls.
    for (const spot of view.game === "pai_gow" ? [] : mine) {
      const offers = (view.offers || {})[String(spot)] || [];
      if (!offers.length) continue;
      const group = el("div", { class: "offers", "data-testid": `offers-${spot}`, role: "group",
        "aria-label": `Decisions for box ${spot}` });
      const hands = new Set(offers.map((offer) => offer.hand));
      for (const offer of offers) {
        const [label, key] = ACTIONS[offer.action] || [offer.action, null];
        let amountInput = null;
        if (offer.low !== null && offer.high !== null && offer.low !== offer.high) {
          amountInput = el("input", { type: "text", inputmode: "decimal", value: dollars(offer.high).replace("$", ""),
            "aria-label": `${label} amount in dollars (${dollars(offer.low)} to ${dollars(offer.high)})`,
            "data-testid": `amount-${offer.action}` });
        }
        const amountText = offer.high !== null && (offer.low === offer.high || !amountInput) ? ` ${dollars(offer.high)}` : "";
        const button = el("button", {
          type: "button", class: `decision ${offer.action}`, "data-action": offer.action,
          "data-testid": `action-${offer.action}${hands.size > 1 ? `-${offer.hand}` : ""}`,
          title: `${offer.paragraph}${key ? ` \u2014 key ${key.toUpperCase()}` : ""}`,
          "aria-keyshortcuts": key ? key.toUpperCase() : null,
          onclick: () => this.decide(spot, offer, amountInput),
        }, `${label}${amountText}`, hands.size > 1 ? el("small", { text: ` hand ${offer.hand + 1}` }) : null,
        key ? el("kbd", { text: key.toUpperCase() }) : null);
        group.append(el("span", { class: "offer" }, button, amountInput));
      }
      bar.append(group);
    }
    const turn = turns[0];
    if (turn) {
      const timed = ((this.clock || {}).awaiting || []).find((entry) => entry.player === turn.player
        && entry.spot === turn.spot && entry.hand === turn.hand && entry.kind === turn.kind);
      const left = timed ? timed.seconds_left : view.decision_seconds;
      this.deadline = performance.now() + left * 1000;
      bar.append(el("span", { class: "timer", "data-testid": "decision-timer" }, timerText(left)));
    } else {
      this.deadline = null;
      bar.append(el("span", { class: "hint", text: "Waiting for the other players." }));
    }
    return bar;
  }

  tick() {
    const timer = this.node.querySelector('[data-testid="decision-timer"]');
    if (timer && this.deadline) {
      timer.textContent = timerText(Math.max(0, (this.deadline - performance.now()) / 1000));
    }
  }

  async sit(spot) {
    if (!session.token) { location.hash = "#/"; return; }
    try {
      await call("POST", `/api/tables/${encodeURIComponent(this.tableId)}/seats`, { spots: [spot] }, { retries: 2 });
      notice(`You sit at box ${spot}.`);
      this.refresh();
    } catch (err) {
      notice(err.describe(), "error");
    }
  }

  // A place at a table without boxes to click (craps): the first free spot the lobby lists.
  async takePlace() {
    try {
      const tables = await call("GET", "/api/tables");
      const table = tables.find((entry) => entry.table_id === this.tableId);
      if (!table || !table.free_spots.length) { notice("The table is full.", "error"); return; }
      await this.sit(table.free_spots[0]);
    } catch (err) {
      notice(err.describe ? err.describe() : String(err), "error");
    }
  }

  async leave(spots) {
    try {
      await call("DELETE", `/api/tables/${encodeURIComponent(this.tableId)}/seats`, { spots }, { retries: 2 });
      notice(this.view.phase === "playing" ? "You leave after this round." : "You left the table.");
      this.refresh();
    } catch (err) {
      notice(err.describe(), "error");
    }
  }

  async command(body) {
    return call("POST", `/api/tables/${encodeURIComponent(this.tableId)}/commands`, body, { retries: 2 });
  }

  // Ready: the round deals once every seated player with a bet is ready (633a.6(c)).
  async deal() {
    const spots = this.mySpots();
    try {
      await this.placing;
      if (spots.length) await this.command({ spot: spots[0], action: "ready" });
      notice("");
    } catch (err) {
      notice(err.describe ? err.describe() : String(err), "error");
    }
    refreshBalance();
    this.refresh();
  }

  async clear() {
    this.staged.clear();
    const spots = new Set((this.view.bets || []).filter((bet) => bet.player === this.me).map((bet) => bet.spot));
    try {
      for (const spot of spots) await this.command({ spot, action: "withdraw" });
    } catch (err) {
      notice(err.describe(), "error");
    }
    this.refresh();
  }

  // A command typed by hand (the browser console: `tablegames.send({...})`), sent as it is:
  // the page never sends what its buttons do not offer, but the server is the judge, and its
  // refusal is shown with the paragraph.
  async sendByHand(body) {
    try {
      const answer = await this.command(body);
      notice("");
      this.refresh();
      return answer;
    } catch (err) {
      notice(`Refused: ${err.describe ? err.describe() : String(err)}`, "error");
      return { error: err.message, paragraph: err.paragraph || null, status: err.status };
    }
  }

  // A command sent as it is (a decision, or between rounds the cut, 633a.5(b)); a refusal is
  // shown with its paragraph; the view is read again either way.
  async between(body) {
    try {
      await this.command(body);
      notice("");
    } catch (err) {
      notice(err.describe(), "error");
    }
    this.refresh();
  }

  async decide(spot, offer, amountInput) {
    const body = { spot, action: offer.action, hand: offer.hand };
    if (offer.high !== null) {
      const typed = amountInput ? parseDollars(amountInput.value) : offer.high;
      if (typed === null) {
        notice(`${amountInput.value} is not an amount in dollars and cents`, "error");
        return;
      }
      body.amount = typed;
    }
    await this.between(body);
  }

  onKey(event) {
    if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!this.view) return;
    const key = event.key.toLowerCase();
    if (this.view.phase !== "playing") {
      const index = Number(key) - 1;
      const chips = [...this.node.querySelectorAll(".chip")];
      if (index >= 0 && index < chips.length) { chips[index].click(); event.preventDefault(); }
      else if (key === "enter" && event.target === document.body) { this.node.querySelector('[data-testid="deal"]')?.click(); event.preventDefault(); }
      else if (key === "c") this.node.querySelector('[data-testid="clear"]')?.click();
      else if (key === "b") this.stage(0, this.view.game.startsWith("blackjack") ? "blackjack" : (this.layout.areas[0] || {}).wager);
      return;
    }
    const button = this.node.querySelector(`.decision[aria-keyshortcuts="${key.toUpperCase()}"]`);
    if (button) { button.click(); event.preventDefault(); }
  }
}

function phaseText(view) {
  if (view.phase === "playing") return "Round in play";
  if (view.phase === "betting") return "Place your bets";
  return "Waiting for bets";
}

function timerText(seconds) {
  return `Decide within ${Math.ceil(seconds)} s`;
}

// --- history and recall ------------------------------------------------------------------

async function openHistory() {
  const dialog = document.getElementById("history");
  const list = el("ol", { class: "rounds", "data-testid": "history-list" });
  dialog.replaceChildren(el("h2", { text: "Your last rounds" }), list,
    el("button", { type: "button", class: "button", onclick: () => dialog.close() }, "Close"));
  dialog.showModal();
  try {
    const rounds = await call("GET", "/api/me/rounds?limit=10");
    if (!rounds.length) list.append(el("li", { text: "No round yet." }));
    for (const round of rounds) {
      const events = round.events.map((entry) => entry.event || entry);
      const scene = sceneOf(round.game, events);
      const net = netFor(round.game, scene, session.playerId);
      list.append(el("li", {}, el("button", { type: "button", class: "link", "data-testid": `round-${round.round_id}`,
        onclick: () => recall(round.round_id) }, `${round.round_id}`),
      ` ${round.game}${net === null ? "" : `, ${net > 0 ? "+" : ""}${dollars(net)}`}${round.complete ? "" : " (in play)"}`));
    }
  } catch (err) {
    list.append(el("li", { role: "alert", text: err.describe ? err.describe() : String(err) }));
  }
}

// A round recalled (633a.7(s)): its entries one at a time, the felt as it stood after each.
export function recallViewer(round, { me, operator = false } = {}) {
  const events = round.events.map((entry) => entry.event || entry);
  const steps = events.filter((event) => !event.event.startsWith("server:") || operator);
  let at = steps.length;
  const felt = el("div", { class: "recall-felt" });
  const caption = el("p", { class: "step", "data-testid": "recall-step" });
  const list = el("ol", { class: "steps", "data-testid": "recall-steps" });
  steps.forEach((event, index) => {
    list.append(el("li", { dataset: { index: String(index) } }, describe(event),
      event.paragraph ? el("small", { class: "paragraph", text: ` ${event.paragraph}` }) : null));
  });
  const show = () => {
    const upto = steps.slice(0, at);
    const layout = { areas: [], inscriptions: [] };
    const view = { seats: [], bets: [], phase: "recall" };
    const scene = sceneOf(round.game, upto);
    const context = { view, layout, scene, me, staged: () => 0, seen: upto.length, names: {},
      onArea: () => {}, onSit: () => {}, canSit: false, seated: false };
    felt.replaceChildren(feltOf(round.game, context));
    const event = steps[at - 1];
    caption.textContent = event ? `Step ${at} of ${steps.length}: ${describe(event)}${event.paragraph ? ` (${event.paragraph})` : ""}` : `Step 0 of ${steps.length}`;
    [...list.children].forEach((item, index) => item.classList.toggle("current", index === at - 1));
  };
  const controls = el("div", { class: "recall-controls" },
    el("button", { type: "button", class: "button", "data-testid": "recall-first", onclick: () => { at = 0; show(); } }, "\u23ee First"),
    el("button", { type: "button", class: "button", "data-testid": "recall-prev", onclick: () => { at = Math.max(0, at - 1); show(); } }, "\u25c0 Back"),
    el("button", { type: "button", class: "button", "data-testid": "recall-next", onclick: () => { at = Math.min(steps.length, at + 1); show(); } }, "Step \u25b6"),
    el("button", { type: "button", class: "button", "data-testid": "recall-last", onclick: () => { at = steps.length; show(); } }, "Last \u23ed"));
  show();
  return el("div", { class: "recall", "data-testid": "recall" }, caption, controls, felt, list);
}

async function recall(roundId) {
  const dialog = document.getElementById("history");
  try {
    const round = await call("GET", `/api/rounds/${encodeURIComponent(roundId)}`);
    dialog.replaceChildren(el("h2", { text: `Round ${roundId}` }), recallViewer(round, { me: session.playerId }),
      el("button", { type: "button", class: "button", onclick: () => openHistory() }, "\u2190 Rounds"),
      el("button", { type: "button", class: "button", onclick: () => dialog.close() }, "Close"));
  } catch (err) {
    dialog.append(el("p", { role: "alert", text: err.describe ? err.describe() : String(err) }));
  }
}

export function describe(event) {
  const name = event.event;
  const who = event.box ? `box ${event.box}${event.hand ? ` hand ${event.hand + 1}` : ""}` : "";
  switch (name) {
    case "card_dealt":
      if (event.position !== undefined) {
        const place = event.position === 0 ? "the dealer" : event.position === -1 ? "the four left over" : `seat ${event.position}`;
        return `${event.card === "??" ? "a face-down card" : event.card} to ${place}`;
      }
      return `${event.card === "??" ? "a face-down card" : event.card} to ${event.to === "dealer" ? "the dealer" : who}`;
    case "starting_position": return `${event.dice && event.dice.length ? `dice ${event.dice.join(", ")}` : "random number"} ${event.number}: first hand to ${event.position === 0 ? "the dealer" : `seat ${event.position}`}`;
    case "hand_set": return `seat ${event.seat} sets ${event.high.join(" ")} / ${event.low.join(" ")}${event.by === "player" ? "" : ` (${event.by.replaceAll("_", " ")})`}`;
    case "banker_set": return `the ${event.position === 0 ? "dealer" : `seat ${event.position} banker`} sets ${event.high.join(" ")} / ${event.low.join(" ")} by the house way`;
    case "hands_shown": return `the hands are shown: seats ${event.positions.join(", ")}`;
    case "round_settled": return `settled: ${Object.entries(event.nets).map(([seat, net]) => `seat ${seat} ${net > 0 ? "+" : ""}${dollars(net)}`).join(", ")}`;
    case "wager_placed": return `${event.wager} ${dollars(event.amount)} on ${who || (event.seat ? `seat ${event.seat}` : event.player)}`;
    case "wager_settled": return `${event.wager} ${event.outcome || event.result}: returns ${dollars(event.returned)}${event.line ? ` (${event.line})` : ""}`;
    case "decision": return `${who}: ${event.action}${event.amount ? ` ${dollars(event.amount)}` : ""}`;
    case "hole_card_revealed": return `the hole card is ${event.card}: dealer ${event.total}`;
    case "dealer_checked": return `the dealer checks: ${event.blackjack ? "Blackjack" : "no Blackjack"}`;
    case "hand_completed": return `${who} completes at ${event.total} (${event.reason})`;
    case "dealer_completed": return `the dealer completes at ${event.total} (${event.reason})`;
    case "dice_rolled": return `the dice: ${event.dice.join(" and ")} (${event.total})`;
    case "selection_made": return `Power Odds selection: ${Object.entries(event.selection).map(([l, v]) => `${l} level ${v}`).join(", ") || "none"}`;
    default: return name.replace("server:", "").replaceAll("_", " ");
  }
}

// --- the router --------------------------------------------------------------------------

let routing = 0; // the latest route: a slower earlier one must not draw over it

async function route() {
  const mine = ++routing;
  if (current) { current.stop(); current = null; }
  const hash = location.hash || "#/";
  try {
    if (!session.token) {
      app.replaceChildren(joinForm());
      return;
    }
    await refreshBalance();
    const match = hash.match(/^#\/table\/(.+)$/);
    if (match) {
      const page = new TablePage(decodeURIComponent(match[1]));
      current = page;
      const node = await page.start();
      if (mine !== routing) { page.stop(); return; }
      app.replaceChildren(node);
    } else {
      const node = await lobby();
      if (mine !== routing) return;
      app.replaceChildren(node);
    }
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      session.signOut();
      app.replaceChildren(joinForm());
      return;
    }
    app.replaceChildren(el("p", { role: "alert", class: "notice error",
      text: err.describe ? err.describe() : String(err) }),
    el("a", { href: "#/", class: "button", text: "Back to the lobby" }));
    if (err instanceof ApiError && err.status === 0) setTimeout(route, 1000);
  }
}

async function start() {
  try {
    server = await call("GET", "/api/server", undefined, { token: null, retries: 5 });
  } catch { /* shown below through the first call that fails */ }
  document.getElementById("test-mode").hidden = !server.test_mode;
  document.getElementById("sign-out").addEventListener("click", () => {
    session.signOut();
    location.hash = "#/";
    route();
  });
  window.addEventListener("hashchange", route);
  route();
}

window.tablegames = {
  send: (body) => (current ? current.sendByHand(body) : Promise.reject(new Error("no table is open"))),
};

if (app) start();
