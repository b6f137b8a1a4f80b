// The operator's floor (issue 12, "For the operator"): the tables (open, close), the players
// (deposits, withdrawals, balances), the gaming day's report with its identities, the recall of
// any round with its replay, the audit chain, and, in test mode only, the stacking of the next
// round's cards or dice. Everything shown comes from the server; every call carries the
// operator's token, kept in sessionStorage so that it dies with the tab.
//
// app.js is imported for its recall viewer only: it starts the players' page only where the
// page has an #app element, and this one has none.

import { ApiError, call, dollars, el, parseDollars, session } from "./api.js";
import { recallViewer } from "./app.js";

const $ = (id) => document.getElementById(id);

let server = { test_mode: false, games: [] };
let presets = {}; // game -> its preset names
let tables = [];
let players = [];
let names = new Map(); // player id -> name, for the seats and the day report

// --- calls and what they answer ------------------------------------------------------------

function op(method, path, body) {
  // A POST keeps one Idempotency-Key across its retries (api.js), so a retry after a lost
  // answer is not applied twice.
  return call(method, path, body, { token: session.operatorToken, retries: method === "GET" ? 0 : 2 });
}

function say(node, text, kind = "info") {
  node.textContent = text;
  node.className = `outcome ${kind === "error" ? "bad" : kind === "ok" ? "ok" : ""}`.trim();
  // An error interrupts (alert); anything else waits its turn (status).
  node.setAttribute("role", kind === "error" ? "alert" : "status");
}

function reason(err) {
  return err instanceof ApiError ? err.describe() : String(err && err.message ? err.message : err);
}

// Runs `work`; a refusal is shown in `node`. A 401 (the token no longer accepted: replaced by
// another start of the server) signs out, with the server's reason.
async function attempt(node, work) {
  try {
    await work();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      signOut(reason(err));
      return;
    }
    say(node, reason(err), "error");
  }
}

const path = (text) => encodeURIComponent(text);

// "AS KH 9d, 10c": the card codes the server reads ("TC" for a ten).
export function parseCards(text) {
  return text.trim().split(/[\s,]+/).filter(Boolean).map((code) => code.toUpperCase().replace(/^10/, "T"));
}

// "3-4 6-6": one pair of dice a roll; null when a roll is not two numbers joined by a dash.
export function parseDice(text) {
  const rolls = text.trim().split(/[\s,]+/).filter(Boolean);
  const dice = [];
  for (const roll of rolls) {
    const found = /^(\d{1,2})-(\d{1,2})$/.exec(roll);
    if (!found) return null;
    dice.push([Number(found[1]), Number(found[2])]);
  }
  return dice.length ? dice : null;
}

// --- signing in and out ----------------------------------------------------------------------

function showSignIn(message) {
  $("desk").hidden = true;
  $("sign-out").hidden = true;
  $("sign-in").hidden = false;
  say($("sign-in-result"), message || "", message ? "error" : "info");
  $("operator-token").focus();
}

function signOut(message) {
  session.setOperator(null);
  $("operator-token").value = "";
  showSignIn(message);
}

async function signIn(event) {
  event.preventDefault();
  const token = $("operator-token").value.trim();
  if (!token) return;
  try {
    // An operator-only read checks the token: the server's 401 (unknown) or 403 (a player's
    // token) is shown as it comes.
    await call("GET", "/api/operator/players?limit=1", undefined, { token });
  } catch (err) {
    say($("sign-in-result"), reason(err), "error");
    $("operator-token").select();
    return;
  }
  session.setOperator(token);
  $("operator-token").value = "";
  await openDesk();
  $("desk-title").focus();
}

async function openDesk() {
  $("sign-in").hidden = true;
  $("desk").hidden = false;
  $("sign-out").hidden = false;
  $("stacking").hidden = !server.test_mode;
  $("stacking-link").hidden = !server.test_mode;
  if (!$("day-date").value) $("day-date").value = new Date().toISOString().slice(0, 10);
  await attempt($("tables-result"), async () => {
    const games = await op("GET", "/api/operator/games");
    presets = Object.fromEntries(games.map((game) => [game.game, game.presets]));
    fillGames(games.map((game) => game.game));
  });
  if (session.operatorToken) await loadPlayers();
  if (session.operatorToken) await loadTables();
}

// --- tables ------------------------------------------------------------------------------------

function fillGames(games) {
  for (const select of document.querySelectorAll(".game-select")) {
    const chosen = select.value;
    select.replaceChildren(...games.map((game) => el("option", { value: game, text: game })));
    if (games.includes(chosen)) select.value = chosen;
  }
  fillPresets();
}

function fillPresets() {
  const game = $("open-preset").elements.game.value;
  const choices = presets[game] || [];
  $("preset-names").replaceChildren(...choices.map((name) => el("option", { value: name })));
  $("preset-help").textContent = choices.length
    ? `Presets of ${game}: ${choices.join(", ")}. The overrides replace the preset's fields.`
    : "The overrides replace the preset's fields.";
}

async function loadTables() {
  await attempt($("tables-result"), async () => {
    tables = await op("GET", "/api/tables");
    drawTables();
    fillStackTables();
  });
}

const GAME_NAMES = {
  blackjack: "Blackjack",
  blackjack_dealt: "Blackjack, dealt by a person",
  craps: "Craps Power Odds",
  pai_gow: "Pai Gow Poker",
};

function gameName(game) {
  return GAME_NAMES[game] || game;
}

function drawTables() {
  const body = $("tables-body");
  if (!tables.length) {
    body.replaceChildren(el("tr", {}, el("td", { colspan: "8", text: "No table is open." })));
    return;
  }
  body.replaceChildren(...tables.map((table) => {
    const seated = Object.entries(table.seats || {})
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([spot, player]) => `${spot}: ${names.get(player) || player}`);
    const close = el("td", { class: "close-cell" });
    close.append(closeButton(table, close));
    return el("tr", { "data-testid": `table-${table.table_id}` },
      el("th", { scope: "row", text: table.name }),
      el("td", { text: gameName(table.game) }),
      el("td", {}, el("code", { text: table.table_id })),
      el("td", { "data-testid": `phase-${table.table_id}`, text: table.phase }),
      el("td", { class: "num", "data-testid": `version-${table.table_id}`, text: String(table.version) }),
      el("td", { text: seated.length ? seated.join(", ") : "nobody" }),
      el("td", { text: spans(table.free_spots || []) || "none" }),
      close);
  }));
}

// [1, 2, 3, 5, 7, 8]: "1\u20133, 5, 7\u20138" (a craps layout has 64 spots).
export function spans(spots) {
  const sorted = [...spots].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}\u2013${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  return parts.join(", ");
}

function closeButton(table, cell) {
  return el("button", { type: "button", class: "button small", "data-testid": `close-${table.table_id}`,
    "aria-label": `Close ${table.name}`, onclick: () => confirmClose(table, cell) }, "Close\u2026");
}

// Closing is one step more: the cell asks again, focus on the answer, Escape takes it back.
function confirmClose(table, cell) {
  const keep = () => {
    cell.replaceChildren(closeButton(table, cell));
    cell.querySelector("button").focus();
  };
  const yes = el("button", { type: "button", class: "danger small", "data-testid": `confirm-close-${table.table_id}`,
    onclick: () => closeTable(table) }, "Yes, close it");
  const no = el("button", { type: "button", class: "button small", onclick: keep }, "Keep it open");
  const box = el("span", { class: "confirm", role: "group", "aria-label": `Close ${table.name}?`,
    onkeydown: (event) => { if (event.key === "Escape") { event.preventDefault(); keep(); } } },
  `Close ${table.name}? It takes no more commands.`, yes, no);
  cell.replaceChildren(box);
  yes.focus();
}

async function closeTable(table) {
  await attempt($("tables-result"), async () => {
    await op("POST", `/api/operator/tables/${path(table.table_id)}/close`);
    say($("tables-result"), `${table.name} (${table.table_id}) is closed.`, "ok");
  });
  await loadTables();
  $("tables-refresh").focus();
}

async function openFromPreset(event) {
  event.preventDefault();
  const form = event.target;
  const output = $("open-result");
  const text = form.elements.rules.value.trim();
  let rules = {};
  if (text) {
    try {
      rules = JSON.parse(text);
    } catch (err) {
      say(output, `The rule overrides are not JSON: ${err.message}`, "error");
      form.elements.rules.focus();
      return;
    }
    if (rules === null || typeof rules !== "object" || Array.isArray(rules)) {
      say(output, "The rule overrides must be a JSON object of rule fields, such as {\"decks\": 2}.", "error");
      form.elements.rules.focus();
      return;
    }
  }
  const body = { game: form.elements.game.value, preset: form.elements.preset.value.trim(),
    name: form.elements.name.value.trim(), rules };
  await attempt(output, async () => {
    const made = await op("POST", "/api/operator/tables", body);
    say(output, `${body.name} is open: table ${made.table_id}.`, "ok");
    form.elements.name.value = "";
  });
  await loadTables();
}

async function openFromFile(event) {
  event.preventDefault();
  const form = event.target;
  const output = $("open-result");
  const file = form.elements.file.files[0];
  if (!file) {
    say(output, "Choose a rules file.", "error");
    return;
  }
  let text;
  try {
    text = await file.text();
  } catch (err) {
    say(output, `The file cannot be read: ${reason(err)}`, "error");
    return;
  }
  const body = { game: form.elements.game.value, name: form.elements.name.value.trim(),
    format: /\.json$/i.test(file.name) ? "json" : "toml", text };
  await attempt(output, async () => {
    const made = await op("POST", "/api/operator/tables/rules-file", body);
    say(output, `${body.name} is open from ${file.name}: table ${made.table_id}.`, "ok");
    form.reset();
  });
  await loadTables();
}

// --- players -----------------------------------------------------------------------------------

async function loadPlayers() {
  await attempt($("money-result"), async () => {
    players = await op("GET", "/api/operator/players?limit=100");
    names = new Map(players.map((player) => [player.player_id, player.name]));
    drawPlayers();
  });
}

function drawPlayers() {
  const select = $("money-player");
  const chosen = select.value;
  select.replaceChildren(...players.map((player) =>
    el("option", { value: player.player_id, text: `${player.name} (${player.player_id})` })));
  if (players.some((player) => player.player_id === chosen)) select.value = chosen;
  const body = $("players-body");
  if (!players.length) {
    body.replaceChildren(el("tr", {}, el("td", { colspan: "4", text: "No player has registered." })));
    return;
  }
  body.replaceChildren(...players.map((player) => el("tr", { "data-testid": `player-${player.player_id}` },
    el("th", { scope: "row", text: player.name }),
    el("td", {}, el("code", { text: player.player_id })),
    el("td", { class: "num", "data-testid": `balance-${player.player_id}`, dataset: { cents: String(player.balance) } },
      dollars(player.balance)),
    el("td", { class: "num", "data-testid": `available-${player.player_id}`, dataset: { cents: String(player.available) } },
      dollars(player.available)))));
}

async function moveMoney(event) {
  event.preventDefault();
  const output = $("money-result");
  const kind = event.submitter && event.submitter.value === "withdraw" ? "withdraw" : "deposit";
  const playerId = $("money-player").value;
  if (!playerId) {
    say(output, "Choose a player.", "error");
    return;
  }
  const cents = parseDollars($("money-amount").value);
  if (cents === null || cents <= 0) {
    say(output, "Type an amount in dollars above zero, such as 50 or 12.50.", "error");
    $("money-amount").focus();
    return;
  }
  const name = names.get(playerId) || playerId;
  await attempt(output, async () => {
    const moved = await op("POST", `/api/operator/players/${path(playerId)}/${kind}`, { amount: cents });
    say(output, kind === "deposit"
      ? `Deposited ${dollars(cents)} to ${name}: the balance is ${dollars(moved.balance)}.`
      : `Withdrew ${dollars(cents)} from ${name}: the balance is ${dollars(moved.balance)}.`, "ok");
    $("money-amount").value = "";
  });
  await loadPlayers();
}

// --- the gaming day ----------------------------------------------------------------------------

async function showDay(event) {
  event.preventDefault();
  const out = $("day-result");
  const date = $("day-date").value;
  const status = el("p", { class: "outcome", role: "status" });
  out.replaceChildren(status);
  await attempt(status, async () => {
    const report = await op("GET", `/api/operator/report/day?date=${path(date)}`);
    out.replaceChildren(dayTable(report));
  });
}

function identity(holds, problems, testid) {
  return el("td", { "data-testid": testid, dataset: { holds: String(holds) } },
    el("span", { class: holds ? "ok" : "bad", text: holds ? "held" : "broken" }),
    problems.length ? el("ul", { class: "problems" }, problems.map((text) => el("li", { text }))) : null);
}

function dayTable(report) {
  const money = (cents) => el("td", { class: "num", text: dollars(cents) });
  const rows = report.accounts.map((line) => el("tr", { "data-testid": `day-${line.player_id}` },
    el("th", { scope: "row" }, names.get(line.player_id) || "", " ", el("code", { text: line.player_id })),
    money(line.opening), money(line.deposits), money(line.withdrawals), money(line.wagers),
    money(line.returns), money(line.closing),
    identity(line.holds, line.problems, `identity-${line.player_id}`)));
  const ledgerHolds = report.problems.length === 0;
  return el("div", {},
    el("p", { class: report.holds ? "ok" : "bad", "data-testid": "day-verdict" },
      report.holds ? `Gaming day ${report.day}: every identity holds.` : `Gaming day ${report.day}: an identity is broken.`),
    el("div", { class: "scroll" }, el("table", { "data-testid": "day-table" },
      el("caption", { text: `Player accounts on ${report.day} (UTC)` }),
      el("thead", {}, el("tr", {},
        ["Player", "Opening", "Deposits", "Withdrawals", "Wagers", "Returns", "Closing", "Identity"]
          .map((head, index) => el("th", { scope: "col", class: index && index < 7 ? "num" : null, text: head })))),
      el("tbody", {}, rows.length ? rows
        : el("tr", {}, el("td", { colspan: "8", text: "No player account has a posting by this day." }))),
      el("tfoot", {}, el("tr", {},
        el("th", { scope: "row", colspan: "7" }, `All accounts sum to ${dollars(report.total)} (double entry: $0)`),
        identity(ledgerHolds, report.problems, "identity-ledger"))))));
}

// --- recall --------------------------------------------------------------------------------------

async function recallRound(event) {
  event.preventDefault();
  const out = $("recall-result");
  const roundId = $("recall-id").value.trim();
  if (!roundId) return;
  const status = el("p", { class: "outcome", role: "status" });
  out.replaceChildren(status);
  await attempt(status, async () => {
    const round = await op("GET", `/api/rounds/${path(roundId)}`);
    const replay = round.replay;
    const verdict = replay
      ? el("p", { class: replay.verified ? "ok" : "bad", "data-testid": "recall-verified", dataset: { verified: String(replay.verified) } },
        replay.verified
          ? `Verified: the game played the stream again and reproduced the round's ${replay.steps.length} steps.`
          : "Not verified: the replay did not reproduce the round.")
      : el("p", { "data-testid": "recall-verified", dataset: { verified: "none" } },
        "The round is still in play: it is replayed once it is complete.");
    out.replaceChildren(
      el("h3", { text: `Round ${round.round_id}` }),
      el("p", {}, `Table `, el("code", { text: round.table_id }), ` (${gameName(round.game)}); players: `,
        round.players.map((id) => names.get(id) || id).join(", ") || "none"),
      verdict,
      recallViewer(round, { operator: true }));
  });
}

// --- the audit chain -----------------------------------------------------------------------------

async function verifyAudit() {
  const out = $("audit-result");
  say(out, "Verifying\u2026");
  await attempt(out, async () => {
    const verdict = await op("GET", "/api/operator/audit/verify");
    out.dataset.intact = String(verdict.intact);
    if (verdict.intact) {
      say(out, `Intact: the chain of ${verdict.entries} entries verifies.`, "ok");
    } else {
      const broken = verdict.first_broken;
      say(out, `Broken: row ${broken.seq} was ${broken.problem} (${broken.message}); ${verdict.entries} entries.`, "error");
    }
  });
}

// --- stacking (test mode) ------------------------------------------------------------------------

function fillStackTables() {
  const select = $("stack-table");
  const chosen = select.value;
  select.replaceChildren(...tables.map((table) =>
    el("option", { value: table.table_id, dataset: { game: table.game }, text: `${table.name} (${table.table_id})` })));
  if (tables.some((table) => table.table_id === chosen)) select.value = chosen;
  stackKind();
}

function stackedGame() {
  const table = tables.find((found) => found.table_id === $("stack-table").value);
  return table ? table.game : "blackjack";
}

// The input asks for what the chosen table's game deals: cards, or dice.
function stackKind() {
  const dice = stackedGame() === "craps";
  $("stack-label").textContent = dice ? "Dice, a pair a roll" : "Cards, in dealing order";
  $("stack-outcomes").placeholder = dice ? "3-4 6-6" : "AS KH 9D TC";
  $("stack-help").textContent = dice
    ? "The next rolls throw these dice, one pair a roll (such as 3-4 6-6), then the random generator again."
    : "The next round deals these cards in this order, after any burn card: box, the dealer's up card, box, hole card, then the draws (such as AS KH 9D TC; T is a ten).";
}

async function stack(event) {
  event.preventDefault();
  const out = $("stack-result");
  const tableId = $("stack-table").value;
  if (!tableId) {
    say(out, "Choose a table.", "error");
    return;
  }
  const text = $("stack-outcomes").value;
  let body;
  if (stackedGame() === "craps") {
    const dice = parseDice(text);
    if (!dice) {
      say(out, "Write each roll as two dice joined by a dash, such as 3-4 6-6.", "error");
      $("stack-outcomes").focus();
      return;
    }
    body = { dice };
  } else {
    const cards = parseCards(text);
    if (!cards.length) {
      say(out, "Write the cards to deal, such as AS KH 9D TC.", "error");
      $("stack-outcomes").focus();
      return;
    }
    body = { cards };
  }
  await attempt(out, async () => {
    const moved = await op("POST", `/api/operator/tables/${path(tableId)}/stack`, body);
    const what = body.cards ? `${body.cards.length} cards (${body.cards.join(" ")})`
      : `${body.dice.length} rolls (${body.dice.map((pair) => pair.join("-")).join(" ")})`;
    say(out, `Stacked ${what} for the next round at ${tableId}: version ${moved.version}.`, "ok");
    $("stack-outcomes").value = "";
  });
  await loadTables();
}

// --- start -----------------------------------------------------------------------------------------

async function start() {
  try {
    server = await call("GET", "/api/server", undefined, { token: null, retries: 5 });
  } catch (err) {
    $("notice").textContent = reason(err);
  }
  $("test-mode").hidden = !server.test_mode;
  $("sign-in").addEventListener("submit", signIn);
  $("sign-out").addEventListener("click", () => signOut());
  $("tables-refresh").addEventListener("click", () => loadTables());
  $("players-refresh").addEventListener("click", () => loadPlayers());
  $("open-preset").addEventListener("submit", openFromPreset);
  $("open-preset").elements.game.addEventListener("change", fillPresets);
  $("open-file").addEventListener("submit", openFromFile);
  $("money").addEventListener("submit", moveMoney);
  $("day-form").addEventListener("submit", showDay);
  $("recall-form").addEventListener("submit", recallRound);
  $("audit-verify").addEventListener("click", verifyAudit);
  $("stack-form").addEventListener("submit", stack);
  $("stack-table").addEventListener("change", stackKind);
  if (!session.operatorToken) {
    showSignIn();
    return;
  }
  await openDesk();
}

if ($("floor")) start();
