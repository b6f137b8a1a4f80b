"""The fixed parts of `tablegames report`'s page: the style sheet, the page shell and the
plain-language explanations. Everything here is inline: the page loads nothing from anywhere.
"""

from __future__ import annotations

from string import Template

STYLE = """
:root {
  --ink: #1d2430; --muted: #5b6472; --rule: #d5dae1; --band: #f4f6f9; --accent: #1f4e79;
  --bad: #a4161a; --bad-bg: #fdecea; --good: #1b6e3a;
}
* { box-sizing: border-box; }
html { background: #e9ecf1; }
body {
  margin: 0 auto; max-width: 1040px; padding: 28px 40px 48px; background: #ffffff;
  color: var(--ink); font: 15px/1.5 "Liberation Sans", Arial, Helvetica, sans-serif;
}
header { border-bottom: 3px solid var(--accent); padding-bottom: 14px; margin-bottom: 8px; }
header .kicker {
  color: var(--accent); font-size: 12px; letter-spacing: .08em; text-transform: uppercase;
  font-weight: bold;
}
h1 { font-size: 26px; margin: 4px 0 6px; }
h2 {
  font-size: 20px; margin: 36px 0 10px; padding-bottom: 4px; color: var(--accent);
  border-bottom: 1px solid var(--rule);
}
h3 { font-size: 16px; margin: 24px 0 8px; }
.meta { color: var(--muted); font-size: 13px; margin: 0; }
.meta code { font-size: 13px; }
nav { font-size: 13px; margin: 10px 0 0; }
nav a { color: var(--accent); margin-right: 14px; text-decoration: none; }
code { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 12px; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 6px; font-size: 13px; }
caption { text-align: left; color: var(--muted); font-size: 12px; padding: 0 0 4px; }
th, td { border-bottom: 1px solid var(--rule); padding: 5px 8px; vertical-align: top; }
th { background: var(--band); text-align: left; font-weight: bold; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tbody tr:nth-child(even) td { background: #fafbfc; }
tr.non-pa td { background: var(--bad-bg) !important; }
.flag {
  display: inline-block; color: #ffffff; background: var(--bad); border-radius: 3px;
  padding: 0 6px; font-size: 11px; font-weight: bold; letter-spacing: .03em;
}
.flag-text { color: var(--bad); font-weight: bold; }
.pa { color: var(--good); font-size: 12px; }
.muted { color: var(--muted); }
.small { font-size: 12px; }
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin: 14px 0 4px; }
.card {
  flex: 1 1 150px; border: 1px solid var(--rule); border-left: 4px solid var(--accent);
  padding: 10px 14px; border-radius: 3px; background: #fbfcfe;
}
.card .label { color: var(--muted); font-size: 12px; }
.card .value { font-size: 24px; font-weight: bold; font-variant-numeric: tabular-nums; }
.card .unit { color: var(--muted); font-size: 12px; }
.card.alert { border-left-color: var(--bad); }
.card.alert .value { color: var(--bad); }
.explain {
  border-left: 3px solid var(--rule); background: var(--band); padding: 8px 14px;
  margin: 10px 0 14px; font-size: 13px; color: #2c3542;
}
.explain p { margin: 4px 0; }
.notice {
  border: 1px solid #e0b4b4; background: var(--bad-bg); color: #6b0f12; padding: 8px 12px;
  border-radius: 3px; margin: 10px 0; font-size: 13px;
}
figure { margin: 12px 0; text-align: center; }
figure img { max-width: 100%; height: auto; border: 1px solid var(--rule); }
figure.chart img { max-width: 720px; }
tr.unused td { color: var(--muted); }
figcaption { color: var(--muted); font-size: 12px; margin-top: 4px; text-align: left; }
.wager {
  border: 1px solid var(--rule); border-radius: 4px; padding: 4px 16px 10px; margin: 16px 0;
}
.wager h3 { margin-top: 12px; }
.wager .figures { display: flex; gap: 28px; flex-wrap: wrap; font-size: 14px; margin: 4px 0; }
.wager .figures b { font-size: 16px; font-variant-numeric: tabular-nums; }
ul.notes { margin: 6px 0 0; padding-left: 20px; font-size: 12px; color: var(--muted); }
dl.reading dt { font-weight: bold; margin-top: 12px; }
dl.reading dd { margin: 2px 0 0 0; }
footer {
  margin-top: 40px; padding-top: 10px; border-top: 1px solid var(--rule); color: var(--muted);
  font-size: 12px;
}
@media print {
  html { background: #ffffff; }
  body { max-width: none; padding: 0; }
  nav { display: none; }
  h2 { break-after: avoid; }
  .wager, figure, table { break-inside: avoid; }
}
"""

PAGE = Template(
    """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="tablegames $version">
<title>$title</title>
<style>$style</style>
</head>
<body>
$body
</body>
</html>
"""
)

# The plain-language explanations, one per figure: (heading, paragraphs).
READING: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "House edge",
        (
            "The house edge is the share of every wager the casino keeps on average over a very "
            "large number of rounds. A house edge of 0.33% means that, on average, players lose "
            "33 cents for every $100 wagered; a negative house edge means the players, not the "
            "house, have the advantage under that strategy.",
            "It is measured against the initial wager of each round: money added by doubling "
            "or splitting is part of the outcome of that round, not a new wager.",
        ),
    ),
    (
        "Standard deviation",
        (
            "The standard deviation measures how much the result of a single round swings "
            "around that average, in units of the initial wager. A standard deviation of 1.14 "
            "means a $100 round typically ends about $114 either side of its average. Over many "
            "rounds the swings partly cancel: the standard deviation of the total grows only "
            "with the square root of the number of rounds, so over 10,000 rounds of $100 it is "
            "about $11,400 while the expected loss is about $3,300 at a 0.33% edge.",
            "For side wagers with a large top prize the standard deviation is large: a player "
            "usually loses the wager, and the rare big payout carries much of the return.",
        ),
    ),
    (
        "CDZ- and basic strategy",
        (
            "Figures for the main game depend on how the player plays. Both strategies here are "
            "exact, computed by enumerating every card combination, not by simulation.",
            "Basic strategy is the chart printed in this report: each decision depends only on "
            "the hand's total (hard, soft or a pair) and the dealer's up card. It is what a "
            "careful player can follow at the table, and its house edge is the figure a player "
            "meets in practice.",
            "CDZ- (composition-dependent, zero memory) lets each decision depend on the exact "
            "cards in the hand as well as the total, without remembering cards from earlier "
            "rounds. It is the best play without card counting, so its house edge is a floor: "
            "no player who does not track the shoe can do better.",
        ),
    ),
    (
        "Effect of each rule option",
        (
            "Each bar shows how the house edge would change if one rule of this submission were "
            "changed and everything else kept as filed, with the CDZ- strategy suited to each "
            "rule set. A bar to the right (red) means the change favours the house; to the left "
            "(blue), the player. Changes are in percentage points of the wager: +0.20 means "
            "the house would keep 20 cents more per $100 wagered.",
        ),
    ),
    (
        "Dealer outcomes",
        (
            "For each dealer up card the table gives the chance that the dealer ends on 17, 18, "
            "19, 20 or 21, busts, or has Blackjack, and the player's average result against that "
            "up card when playing basic strategy. Each row adds up to 100%.",
        ),
    ),
    (
        "Side wager paytables",
        (
            "Each winning line is listed with the exact chance of hitting it on one wager and "
            "its payout as printed in the regulation: \u201cto 1\u201d returns the wager as well "
            "as the payout, \u201cfor 1\u201d includes the wager in the payout. Every other "
            "outcome loses the wager. The house edge is what the casino keeps per wager on "
            "average. For a progressive wager the edge depends on the meter: the report gives it "
            "at the filed reset amount and the meter at which the wager would break even.",
        ),
    ),
    (
        "Non-PA options",
        (
            "58 Pa. Code Chapter 633a fixes some rules of the game: the dealer stands on all "
            "17s, checks for Blackjack, a Blackjack pays 3 to 2, players may surrender, split "
            "and double after splitting. An option marked non-PA departs from one of these "
            "paragraphs. The tool analyses such options only as what-if figures; a table dealt "
            "in Pennsylvania may not use them.",
        ),
    ),
)

# One-line readings placed under each figure; section 5 of the page gives the full text.
SHORT: dict[str, str] = {
    "main": (
        "House edge: what the casino keeps on average, as a share of the initial wager (0.33% "
        "is 33 cents per $100 wagered). Standard deviation: the typical swing of one round "
        "around that average, in initial wagers. Basic strategy is the chart of section 3; "
        "CDZ- plays each hand on its exact cards, the best a player can do without counting. "
        "Section 5 explains each figure."
    ),
    "effects": (
        "Each bar is a separate exact analysis with one rule changed and the rest as filed. "
        "Red: the change favours the house; blue: the player. +0.20 points means 20 cents more "
        "kept by the house per $100 wagered."
    ),
    "dealer": (
        "Each row is one dealer up card and adds up to 100%. Player's result: the average gain "
        "(+) or loss (\u2212) per round against that up card, as a share of the initial wager."
    ),
    "side": (
        "\u201cto 1\u201d pays the amount and returns the wager; \u201cfor 1\u201d includes the "
        "wager. Every other result loses the wager. \u201cAbout 1 in N\u201d: the line pays once "
        "in N wagers on average."
    ),
    "non_pa": (
        "A NON-PA option departs from a paragraph of 58 Pa. Code Chapter 633a: its figures are "
        "what-if figures, and a table dealt in Pennsylvania may not use it."
    ),
}
