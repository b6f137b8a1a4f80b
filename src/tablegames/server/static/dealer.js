// The dealer's console of a dealt table (issue 14): the dealer (or a card-reading shoe) enters
// each card as it leaves the shoe, the floorperson records the irregularities of 633a.14 and the
// table's procedures. Each is a floor order (POST /api/operator/tables/{id}/orders); the
// server's engine checks it against what the procedure expects and refuses it with its reason
// and paragraph. What the round awaits comes from the table's view (`dealer_awaits`).

import { ApiError, call, el, session } from "./api.js";

const $ = (id) => document.getElementById(id);
const PROCEDURES = [
  "inspect_reader", "receive_cards", "inspect", "spread", "wash", "shuffle", "decline_cut",
  "cut", "recut", "load_shoe", "burn", "change_dealer", "order_reshuffle", "cover_card_reached",
  "dealer_drew_on_17", "refill_from_rack", "burn_refill", "reader_malfunction",
  "reader_restored", "shuffler_jammed", "shuffler_out_of_order", "shuffler_covered",
];

function op(method, path, body) {
  return call(method, path, body, { token: session.operatorToken, retries: method === "GET" ? 0 : 2 });
}

function say(text, bad = false) {
  const node = $("outcome");
  node.textContent = text;
  node.className = `outcome ${bad ? "bad" : "ok"}`;
  node.setAttribute("role", bad ? "alert" : "status");
}

const tableId = () => $("table").value;

async function refresh() {
  if (!tableId()) return;
  const view = await op("GET", `/api/tables/${encodeURIComponent(tableId())}`);
  const turns = (view.awaiting || []).map((turn) => `box ${turn.spot} (${turn.kind})`);
  $("table").closest("section").querySelector("[data-testid=awaits]").textContent =
    view.dealer_awaits ? `Deal ${view.dealer_awaits}`
      : turns.length ? `Waiting for ${turns.join(", ")}`
        : view.phase === "playing" ? "The round is being settled" : `Between rounds (${view.phase})`;
}

// What each order caused, as the server answered it (the newest last): the console's record
// of this session at the table.
function record(events) {
  const log = document.querySelector("[data-testid=log]");
  for (const entry of events) {
    const event = entry.event && typeof entry.event === "object" ? entry.event : entry;
    const what = [event.event, event.step, event.what, event.card, event.option, event.paragraph]
      .filter((part) => part !== undefined && part !== null && part !== "").join(" ");
    log.append(el("li", { text: what }));
  }
  while (log.children.length > 200) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
}

async function order(name, args) {
  try {
    const answer = await op("POST", `/api/operator/tables/${encodeURIComponent(tableId())}/orders`,
      { order: name, args });
    const kinds = (answer.events || []).map((event) => event.event).join(", ");
    record(answer.events || []);
    say(`${name}: recorded${kinds ? ` (${kinds})` : ""}`);
  } catch (err) {
    say(err instanceof ApiError ? err.describe() : String(err), true);
  }
  await refresh();
}

async function start() {
  $("sign-in").hidden = true;
  $("desk").hidden = false;
  const tables = await op("GET", "/api/tables");
  const dealt = tables.filter((table) => table.game === "blackjack_dealt");
  $("table").replaceChildren(...dealt.map((table) =>
    el("option", { value: table.table_id, text: `${table.name} (${table.table_id})` })));
  $("procedure").replaceChildren(...PROCEDURES.map((name) => el("option", { value: name, text: name })));
  await refresh();
  // The players decide at their own pages: read what the round awaits again every second.
  setInterval(() => refresh().catch(() => {}), 1000);
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

$("table").addEventListener("change", refresh);

$("card-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const args = { card: $("card").value.trim().toUpperCase().replace(/^10/, "T") };
  if ($("face").value) args.face = $("face").value;
  await order("card", args);
  $("card").value = "";
  $("card").focus();
});

for (const button of document.querySelectorAll("[data-order]")) {
  button.addEventListener("click", async () => {
    const args = {};
    if (button.dataset.card) args.card = $("card").value.trim().toUpperCase().replace(/^10/, "T");
    if (button.dataset.option) args.option = button.dataset.option;
    await order(button.dataset.order, args);
  });
}

$("procedure-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  let args = {};
  const text = $("procedure-args").value.trim();
  if (text) {
    try { args = JSON.parse(text); } catch { say("the arguments are not JSON", true); return; }
  }
  await order($("procedure").value, args);
  $("procedure-args").value = "";
});

if (session.operatorToken) start().catch(() => { $("sign-in").hidden = false; $("desk").hidden = true; });
