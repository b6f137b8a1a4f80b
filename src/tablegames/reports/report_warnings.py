"""The warning at the top of `tablegames report`'s page: every wager or option of the rules in
force whose computed house edge is negative, that is, which gives the player the edge.

The warning reads the figures the page computed, never a list of known cases: the main game's
exact house edge (CDZ- and basic strategy, or the best switch at the switch games) and each side
wager's at its filed paytable and reset amount. `tablegames rules check` gives the same warnings
from a fast rule list (`tablegames.blackjack.rules.advantage`), without the analysis.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.variation import variation_of
from tablegames.reports.report_figures import ReportData
from tablegames.reports.report_format import WAGER_NAMES, esc, money, percent

# The games by variant, with the paragraph that authorises each.
GAME_NAMES: Final = {
    "standard": ("Blackjack", "633a"),
    "hand_dealt": ("Hand-dealt Blackjack", "633a.12(b)"),
    "blackjack_switch": ("Blackjack Switch", "633a.12(a)"),
    "switch_hands": ("Switch Hands (Blackjack premium)", "633c.4"),
}


@dataclass(frozen=True, slots=True)
class PlayerEdge:
    """One wager of the rules in force that the computed figures show favours the player."""

    wager: str  # the wager as a person names it
    paragraph: str
    option: str  # the rules in force that make it so, in plain words
    house_edge: float  # house-positive fraction of the stake: negative here
    basis: str  # what the figure is a share of, and for what play or meter
    section: str  # the anchor of the page's section holding the figure


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def split_aces_phrase(rules: Rules) -> str:
    """The split rules in plain words (633a.11(c)), which decide most of a few-deck game's edge.

    >>> split_aces_phrase(Rules(decks=2))
    'split to 4 hands, split aces may draw and be split again'
    """
    aces = "split aces may draw" if rules.hit_split_aces else "split aces get one card each"
    if rules.resplit_aces and rules.max_hands > 2:
        aces += " and be split again"
    return f"split to {rules.max_hands} hands, {aces}"


def main_game_edge(data: ReportData) -> PlayerEdge | None:
    """The main game, when its computed house edge is negative."""
    rules, main = data.rules, data.main
    name, paragraph = GAME_NAMES.get(rules.variant, (rules.variant, "633a"))
    decks = _plural(rules.decks, "deck")
    if main.switch is not None and main.switch.house_edge < 0:
        if variation_of(rules).switches_second_cards:
            # 633a.12(a)(5)(i), 633a.13(a): a kept Blackjack pays 3 to 2 except against a
            # dealer's 21 in more than two cards; the switch itself is the player's option.
            option = (
                "the switch of second cards with a kept Blackjack paid "
                f"{rules.blackjack_pays.replace(':', ' to ')}, {decks}, " + split_aces_phrase(rules)
            )
        else:
            option = (
                f"the switch of hands {'with' if rules.blackjack_premium else 'without'} the "
                f"Blackjack premium, {decks}, " + split_aces_phrase(rules)
            )
        return PlayerEdge(
            name, paragraph, option, main.switch.house_edge, main.switch.basis, "main"
        )
    if main.cdz is None or main.cdz.house_edge >= 0:
        return None
    basis = "of each initial wager with CDZ- play"
    if main.basic is not None:
        basis += f" ({percent(main.basic.house_edge)} with the basic strategy chart of section 3)"
    return PlayerEdge(
        name, paragraph, f"{decks}, {split_aces_phrase(rules)}", main.cdz.house_edge, basis, "main"
    )


def _side_option(wager: str, report: dict[str, Any], rules: Rules) -> str:
    """What makes a side wager favour the player: its optional bonuses or its meter."""
    parts: list[str] = []
    if wager == "bad_beat" and rules.side_wagers.bad_beat is not None:
        offer = rules.side_wagers.bad_beat
        if offer.magic_card:
            parts.append("the Magic Card Bonus, 20 for 1 (633a.13(j)(1))")
        if offer.lucky_player:
            parts.append("the Lucky Player Bonus, 5 for 1 (633a.13(j)(1))")
    meter = report.get("meter")
    entry = getattr(rules.side_wagers, wager, None)
    if isinstance(meter, dict) and entry is not None:
        # The meter is named only when it is what tips the wager: it starts above break-even.
        reset, minimum = getattr(entry, "reset", 0), getattr(entry, "min_wager", 1)
        break_even = meter.get("break_even_meter")
        if break_even is not None and reset / minimum > float(break_even) > 0:
            parts.append(
                f"the meter at its filed reset of {money(reset)} over the {money(minimum)} "
                f"minimum, above the break-even meter of {float(break_even):,.0f} wagers"
            )
    return "; ".join(parts) or f"its paytable from {_plural(rules.decks, 'deck')}"


def side_wager_edges(data: ReportData) -> list[PlayerEdge]:
    """Every offered side wager whose computed house edge is negative."""
    from tablegames.blackjack.analysis.side_wagers import PARAGRAPHS

    found = []
    for wager, report, _ in data.side:
        if report is None or float(report["house_edge"]) >= 0:
            continue
        basis = "of each side wager"
        if isinstance(report.get("meter"), dict):
            basis += " at the filed reset amount"
        found.append(
            PlayerEdge(
                WAGER_NAMES.get(wager, wager),
                PARAGRAPHS.get(wager, "633a.6(e)"),
                _side_option(wager, report, data.rules),
                float(report["house_edge"]),
                basis,
                f"wager-{wager}",
            )
        )
    return found


def player_edges(data: ReportData) -> list[PlayerEdge]:
    """The main game and side wagers of the rules in force that give the player the edge."""
    main = main_game_edge(data)
    return ([main] if main is not None else []) + side_wager_edges(data)


def warning_banner(edges: list[PlayerEdge]) -> str:
    """The page's first block when any wager favours the player; nothing otherwise."""
    if not edges:
        return ""
    items = "".join(
        f"<li><b>{esc(edge.wager)}</b> ({esc(edge.paragraph)}), {esc(edge.option)}: house edge "
        f"<b>{percent(edge.house_edge)}</b> {esc(edge.basis)} "
        f'<a href="#{esc(edge.section)}">(the figure)</a>.</li>'
        for edge in edges
    )
    count = "wager gives" if len(edges) == 1 else "wagers give"
    # Inline style: the shared style sheet (and so every page without a warning) is unchanged.
    return (
        '<div class="notice" id="player-edge" role="alert" '
        'style="border-left:6px solid #a4161a;font-size:15px;padding:12px 16px">'
        f"<b>Warning: the player has the edge.</b> As filed, {len(edges)} {count} the player, "
        "not the house, the advantage: on average the players win money from the house."
        f'<ul style="margin:6px 0 4px">{items}</ul>'
        "A house edge of \u22121% means the house loses $1 on average for every $100 wagered. "
        "The figures are exact, computed by this report from the rules as filed.</div>"
    )
