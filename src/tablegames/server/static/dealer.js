// The dealer's console of a dealt table (issue 14): the dealer (or a card-reading shoe) enters
// each card as it leaves the shoe, the floorperson records the irregularities of 633a.14 and the
// table's procedures. Each is a floor order (POST /api/operator/tables/{id}/orders); the
// server's engine checks it against what the procedure expects and refuses it with its reason
// and paragraph.
//
// The console is live: it follows the table's stream (the WebSocket, as the house sees it:
// every card, the hole card included) and reads the table's view again only when the stream
// says something happened (a player's bet or decision, a card, an order), never on a timer.
// What the round awaits comes from the view (`dealer_awaits`); the felt is the round folded
// from its events (blackjack.js, as the players' page draws it); the shoe (each side's count,
// rack and segregated area, the determinant card) from the operator's view (`shoe`).

import { ApiError, TableStream, call, el, session } from "./api.js";
import { foldRound, renderBlackjack } from "./blackjack.js";
import { cardNode } from "./cards.js";

const $ = (id) => document.getElementById(id);
const PROCEDURES = [
  "inspect_reader", "receive_cards", "inspect", "spread", "wash", "shuffle", "decline_cut",
  "cut", "recut", "load_shoe", "burn", "change_dealer", "order_reshuffle", "cover_card_reached",
  "dealer_drew_on_17", "refill_from_rack", "burn_refill", "reader_malfunction",
  "reader_restored", "shuffler_jammed", "shuffler_out_of_order", "shuffler_covered",
];
// The procedures that handle one side's cards at a double shoe (docs/scenarios-dealt.md, "A
// double shoe"): they take the side chosen beside them.
const SIDED = new Set([
  "inspect", "spread", "wash", "shuffle", "decline_cut", "cut", "recut", "load_shoe",
  "order_reshuffle", "cover_card_reached", "refill_from_rack", "shuffler_jammed",
]);

function op(method, path, body) {
  return call(method, path, body, { token: session.operatorToken, retries: method === "GET" ? 0 : 2 });
}

function say(text, bad = false) {
  const node = $("outcome");
  node.textContent = text;
  node.className = `outcome ${bad ? "bad" : "ok"}`;
  node.setAttribute("role", bad ? "alert" : "status");
}

const cardText = (text) => text.trim().toUpperCase().replace(/^10/, "T");

// One entry of the table's record as the log shows it.
function logLine(event) {
  return [event.event, event.step, event.what, event.order, event.card, event.option,
    event.side || event.pile, event.paragraph]
    .filter((part) => part !== undefined && part !== null && part !== "").join(" ");
}

// The table the console follows: its view, its layout, its stream and what the stream said.
class Console {
  constructor(tableId) {
    this.tableId = tableId;
    this.path = `/api/tables/${encodeURIComponent(tableId)}`;
    this.view = null;
    this.layout = null;
    this.events = []; // the stream since the last round ended (the window and the round)
    this.last = []; // the last completed round's events
    this.seen = 0;
    this.drawnRound = null;
    this.determinant = null; // the last determinant_drawn the stream brought
    this.names = {};
    this.asked = new Set(); // the players whose names were looked up
    this.refreshing = null;
    this.again = false;
    this.stopped = false;
  }

  async start() {
    const [view, layout] = await Promise.all([op("GET", this.path), op("GET", `${this.path}/layout`)]);
    if (this.stopped) return; // another table was chosen meanwhile
    this.view = view;
    this.layout = layout;
    this.events = (view.events || []).map((entry) => entry.event || entry);
    document.querySelector("[data-testid=log]").replaceChildren();
    this.record(this.events);
    await this.lookUpNames();
    if (this.stopped) return;
    this.stream = new TableStream(this.tableId, {
      token: session.operatorToken,
      after: view.version,
      onEvent: (event) => this.onEvent(event),
      onState: (state) => this.onConnection(state),
      onRejected: (code) => {
        connection(code === 4404 ? "closed" : "rejected");
        say(code === 4404 ? "This table is closed." : "The operator token was refused.", true);
      },
    });
    this.draw();
  }

  stop() {
    this.stopped = true;
    if (this.stream) this.stream.close();
  }

  onConnection(state) {
    connection(state);
    // Back after a drop or a restart: the stream sends what was missed from the last version
    // it had; the view is read once as well (seats and bets taken meanwhile).
    if (state === "live") this.refresh();
  }

  onEvent(event) {
    if (event.event === "determinant_drawn") this.determinant = event;
    if (this.events.some((entry) => entry.event === "server:round_completed")) {
      // A new window after a completed round: that round stays on the felt until the next.
      this.last = this.events;
      this.events = [];
    }
    this.events.push(event);
    this.record([event]);
    this.refresh();
  }

  // The view again, at most one request at a time (a burst of events is one more read).
  refresh() {
    if (this.stopped) return;
    if (this.refreshing) {
      this.again = true;
      return;
    }
    this.refreshing = op("GET", this.path)
      .then(async (view) => {
        if (this.stopped) return;
        this.view = view;
        if (!this.events.length && view.events && view.events.length) {
          this.events = view.events.map((entry) => entry.event || entry);
        }
        await this.lookUpNames();
        this.draw();
      })
      .catch((err) => {
        if (err instanceof ApiError && err.status === 404) say("This table is closed.", true);
      })
      .finally(() => {
        this.refreshing = null;
        if (this.again) { this.again = false; this.refresh(); }
      });
  }

  // The players' names (the operator's list of players), looked up once for each new player.
  async lookUpNames() {
    const wanted = (this.view.seats || []).map((seat) => seat.player)
      .filter((player) => player && !this.asked.has(player));
    if (!wanted.length) return;
    for (const player of wanted) this.asked.add(player);
    try {
      const players = await op("GET", "/api/operator/players?limit=1000");
      for (const player of players) this.names[player.player_id] = player.name;
    } catch { /* the boxes say "Player" */ }
  }

  // What the round awaits, as the dealer reads it.
  awaits() {
    const view = this.view;
    const turns = (view.awaiting || []).map((turn) => `box ${turn.spot} (${turn.kind})`);
    if (view.dealer_awaits) return `Deal ${view.dealer_awaits}`;
    if (turns.length) return `Waiting for ${turns.join(", ")}`;
    if (view.phase === "playing") return "The round is being settled";
    const shoe = view.shoe;
    const next = shoe && shoe.double && !shoe.determinant && (view.bets || []).length
      ? ": draw the determinant card (633a.7(d)(1))" : "";
    return `Between rounds (${view.phase})${next}`;
  }

  // The round the felt shows: the one in play, else the last completed one.
  shownEvents() {
    const started = this.events.some((event) => event.event === "round_started");
    return started ? this.events : this.last;
  }

  draw() {
    if (!this.view || this.stopped) return;
    const view = this.view;
    document.querySelector("[data-testid=awaits]").textContent = this.awaits();
    const events = this.shownEvents();
    if (this.drawnRound !== events) {
      if (!this.drawnRound || events[0] !== this.drawnRound[0]) this.seen = 0;
      this.drawnRound = events;
    }
    const felt = renderBlackjack({
      view, layout: this.layout, scene: foldRound(events), me: null, staged: () => 0,
      seen: this.seen, names: this.names, onArea: () => {}, onSit: () => {}, canSit: false,
      heldText: "face down",
    });
    this.seen = events.length;
    $("felt").replaceChildren(felt);
    this.drawShoe(view.shoe);
  }

  drawShoe(shoe) {
    const double = Boolean(shoe && shoe.double);
    $("double-shoe").hidden = !double;
    $("side-field").hidden = !double;
    if (!shoe) {
      $("shoe").replaceChildren(el("p", { class: "help", text: "The view gives no shoe for this table." }));
      return;
    }
    const parts = [];
    for (const side of shoe.sides) {
      const name = side.side || "shoe";
      const state = !side.in_shoe ? "not in the shoe" : side.reshuffle_due ? "reshuffle due" : "dealing";
      const selected = double && this.view.round_id && shoe.round_side === side.side;
      parts.push(el("section", { "data-testid": `shoe-${name}`, dataset: { side: name } },
        el("h4", { text: double ? `The ${name} side (${side.decks} decks)${selected ? ": the round's side" : ""}` : `${side.decks} decks` }),
        el("dl", {},
          el("dt", { text: "In the shoe" }), el("dd", { "data-testid": `shoe-${name}-count`, text: String(side.shoe) }),
          el("dt", { text: "Discard rack" }), el("dd", { "data-testid": `shoe-${name}-rack`, text: String(side.rack) }),
          double ? el("dt", { text: "Segregated" }) : null,
          double ? el("dd", { "data-testid": `shoe-${name}-segregated`, text: String(side.segregated) }) : null,
          el("dt", { text: "State" }), el("dd", { text: state }))));
    }
    if (double) {
      const drawn = shoe.determinant;
      const shown = drawn || this.determinant;
      const what = !shown ? "No determinant card drawn yet."
        : `${drawn ? "For the round about to be dealt" : "The last one"}: drawn from the ${shown.pile || shown.drawn_from} side, it selects the ${shown.selects} side${drawn && shoe.deal_from ? `; the dealer deals from the ${shoe.deal_from} side (633a.14(h))` : ""}.`;
      parts.push(el("section", { "data-testid": "determinant" },
        el("h4", { text: "Determinant card (633a.7(d)(1))" }),
        el("div", { class: "determinant" }, shown ? cardNode(shown.card) : null, el("span", { text: what }))));
    }
    $("shoe").replaceChildren(...parts);
  }

  // What the stream brought, in the table's record (the newest last).
  record(events) {
    const log = document.querySelector("[data-testid=log]");
    for (const event of events) log.append(el("li", { text: logLine(event) }));
    while (log.children.length > 300) log.firstElementChild.remove();
    log.scrollTop = log.scrollHeight;
  }
}

let current = null;

function connection(state) {
  const node = $("connection");
  node.dataset.state = state;
  // How many times the stream came up (a test, or a curious floorperson, sees a reconnection).
  if (state === "live") node.dataset.connections = String(Number(node.dataset.connections || 0) + 1);
  node.textContent = state === "live" ? "" : state === "reconnecting" ? "Reconnecting\u2026"
    : state === "closed" ? "Table closed" : "Not connected";
}

async function follow(tableId) {
  if (current) current.stop();
  current = null;
  say("");
  if (!tableId) return;
  const following = new Console(tableId);
  current = following;
  await following.start();
}

const tableId = () => $("table").value;

async function order(name, args) {
  try {
    const answer = await op("POST", `/api/operator/tables/${encodeURIComponent(tableId())}/orders`,
      { order: name, args });
    const kinds = (answer.events || []).map((event) => event.event).join(", ");
    say(`${name}: recorded${kinds ? ` (${kinds})` : ""}`);
    if (current) current.refresh();
    return true;
  } catch (err) {
    say(err instanceof ApiError ? err.describe() : String(err), true);
    return false;
  }
}

async function start() {
  $("sign-in").hidden = true;
  $("desk").hidden = false;
  const tables = await op("GET", "/api/tables");
  const dealt = tables.filter((table) => table.game === "blackjack_dealt");
  $("table").replaceChildren(...dealt.map((table) =>
    el("option", { value: table.table_id, text: `${table.name} (${table.table_id})` })));
  $("procedure").replaceChildren(...PROCEDURES.map((name) => el("option", { value: name, text: name })));
  await follow(tableId());
}

$("sign-in").addEventListener("submit", async (event) => {
  event.preventDefault();
  session.setOperator($("operator-token").value.trim());
  try {
    await start();
  } catch (err) {
    $("sign-in").hidden = false;
    $("desk").hidden = true;
    session.setOperator(null);
    alert(err instanceof ApiError ? err.describe() : String(err));
  }
});

$("table").addEventListener("change", () => {
  follow(tableId()).catch((err) => say(err instanceof ApiError ? err.describe() : String(err), true));
});

$("card-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const args = { card: cardText($("card").value) };
  if ($("face").value) args.face = $("face").value;
  await order("card", args);
  $("card").value = "";
  $("card").focus();
});

for (const button of document.querySelectorAll("[data-order]")) {
  button.addEventListener("click", async () => {
    const args = {};
    if (button.dataset.card) args.card = cardText($("card").value);
    if (button.dataset.option) args.option = button.dataset.option;
    await order(button.dataset.order, args);
  });
}

$("determinant-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const done = await order("determinant", { card: cardText($("determinant-card").value), drawn_from: $("drawn-from").value });
  if (done) $("determinant-card").value = "";
});

$("deal-from-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  await order("deal_from", { side: $("deal-from").value });
});

$("procedure-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  let args = {};
  const text = $("procedure-args").value.trim();
  if (text) {
    try { args = JSON.parse(text); } catch { say("the arguments are not JSON", true); return; }
  }
  const name = $("procedure").value;
  if (!$("side-field").hidden && SIDED.has(name) && args.side === undefined) args.side = $("side").value;
  await order(name, args);
  $("procedure-args").value = "";
});

if (session.operatorToken) start().catch(() => { $("sign-in").hidden = false; $("desk").hidden = true; });
