// The craps Power Odds layout: the eligible wagers (623b.5(b)) as betting areas, the Power
// Odds selection of the roll shown before the dice (623b.5(c)), the dice, the settlements.

import { dollars, el } from "./api.js";
import { dieNode } from "./cards.js";

export function foldRolls(events) {
  const scene = { open: new Map(), selection: null, dice: null, total: null, results: [],
    rolled: false, selectionIndex: -1, diceIndex: -1 };
  events.forEach((event, index) => {
    switch (event.event) {
      case "wager_placed":
        scene.open.set(event.wager_id, { ...event });
        break;
      case "wager_withdrawn":
        scene.open.delete(event.wager_id);
        break;
      case "wagers_standing":
        scene.open = new Map((event.wagers || []).map((wager) => [wager.wager_id, { ...wager }]));
        break;
      case "selection_made":
        // A new roll: the last roll's dice and settlements give way to this one's.
        scene.results = [];
        scene.dice = null;
        scene.rolled = false;
        scene.selection = event.selection || {};
        scene.selectionIndex = index;
        break;
      case "dice_rolled":
        scene.dice = event.dice;
        scene.total = event.total;
        scene.rolled = true;
        scene.diceIndex = index;
        break;
      case "wager_settled":
        scene.results.push({ ...event, index });
        if (event.outcome !== "stays") scene.open.delete(event.wager_id);
        break;
      default:
        break;
    }
  });
  return scene;
}

function levelOf(selection, wager) {
  if (!selection) return 0;
  // The C&E is selected line by line (ce_craps, ce_eleven): the area shows its best line.
  const lines = Object.entries(selection).filter(([line]) => line === wager || line.startsWith(`${wager}_`));
  return lines.reduce((best, [, level]) => Math.max(best, level), 0);
}

export function renderCraps(context) {
  const { view, layout, scene, me, staged, seen, onArea, seated } = context;
  const felt = el("section", { class: "felt craps", "aria-label": layout.title || "Craps with Power Odds" });
  felt.append(el("div", { class: "house-name", text: "tablegames" }));
  const diceArea = el("div", { class: "dice-area", "data-testid": "dice" });
  if (scene.dice) {
    const fresh = scene.diceIndex >= seen;
    // 623b.5(c): the selection is shown before the roll; when both arrive together, the dice
    // land after the selection has appeared.
    const after = scene.selectionIndex >= seen ? 6 : 0;
    scene.dice.forEach((value, order) => diceArea.append(dieNode(value, { fresh, order: order + after })));
    diceArea.append(el("span", { class: "total", "data-testid": "dice-total", text: String(scene.total) }));
  } else {
    diceArea.append(el("span", { class: "hint", text: seated ? "Place your bets, then roll." : "Waiting for the shooter." }));
  }
  felt.append(diceArea);
  if (scene.selection) {
    const selected = Object.entries(scene.selection);
    const banner = el("div", { class: `selection${scene.selectionIndex >= seen ? " fresh" : ""}`,
      "data-testid": "selection", dataset: { paragraph: "623b.5(c)" } },
    el("b", { text: "Power Odds this roll " }), el("small", { text: "(623b.5(c)) " }),
    selected.length
      ? selected.map(([line, level]) => el("span", { class: `boost level-${level}`, dataset: { line } },
        `${line.replaceAll("_", " ")} \u00d7 level ${level}`))
      : el("span", { text: "no wager boosted" }));
    felt.append(banner);
  }
  const inscriptions = el("div", { class: "inscriptions", "data-testid": "inscriptions" });
  for (const line of layout.inscriptions || []) {
    inscriptions.append(el("p", { class: "inscription", dataset: { paragraph: line.paragraph || "" } }, line.text));
  }
  felt.append(inscriptions);
  const grid = el("div", { class: "craps-grid" });
  const lastResults = new Map();
  for (const result of scene.results) if (result.player === me) lastResults.set(result.wager, result);
  for (const area of layout.areas || []) {
    let mine = 0;
    let others = 0;
    for (const wager of scene.open.values()) {
      if (wager.wager !== area.wager) continue;
      if (wager.player === me) mine += wager.amount;
      else others += wager.amount;
    }
    const stagedAmount = staged(0, area.wager);
    const level = levelOf(scene.selection, area.wager);
    const button = el("button", {
      type: "button",
      class: `area craps-area${level ? ` boosted level-${level}` : ""}`,
      "data-testid": `area-${area.wager}`,
      dataset: { wager: area.wager, paragraph: area.paragraph || "" },
      "aria-label": `${area.label}${level ? `, boosted to level ${level}` : ""}`,
      disabled: !seated || view.phase === "playing",
      onclick: () => onArea(0, area.wager),
      ondragover: (event) => { if (seated) event.preventDefault(); },
      ondrop: (event) => {
        event.preventDefault();
        const cents = Number(event.dataTransfer.getData("text/plain"));
        if (cents) onArea(0, area.wager, cents);
      },
    }, el("span", { class: "area-label", text: area.label }));
    if (area.pays && area.pays.length) {
      button.append(el("span", { class: "pays", text: area.pays.map((line) => line.pays).join(" \u00b7 ") }));
    }
    if (stagedAmount) button.append(el("span", { class: "chip-stack staged", text: dollars(stagedAmount) }));
    else if (mine) button.append(el("span", { class: "chip-stack", text: dollars(mine) }));
    if (others) button.append(el("small", { class: "others", text: `others ${dollars(others)}` }));
    const result = lastResults.get(area.wager);
    if (result && scene.rolled) {
      const gain = (result.returned ?? result.stake) - result.stake;
      const kind = result.outcome === "stays" ? "push" : gain > 0 ? "won" : gain < 0 ? "lost" : "push";
      button.append(el("span", {
        class: `result ${kind}${result.index >= seen ? " fresh" : ""}`,
        dataset: { outcome: result.outcome, paragraph: result.paragraph || "" },
        title: `${result.outcome}${result.odds ? ` at ${result.odds}` : ""}${result.level ? ` (level ${result.level})` : ""}`,
      }, result.outcome === "stays" ? "stays up" : gain > 0 ? `+${dollars(gain)}` : gain < 0 ? `\u2212${dollars(result.stake)}` : "push"));
    }
    grid.append(button);
  }
  felt.append(grid);
  return felt;
}

export function crapsNet(scene, player) {
  let net = null;
  for (const result of scene.results) {
    if (result.player !== player || result.outcome === "stays") continue;
    net = (net || 0) + (result.returned ?? 0) - result.stake;
  }
  return net;
}
