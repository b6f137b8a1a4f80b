"""The variations on `tablegames report`'s page: Blackjack Switch (633a.12(a)) and Switch Hands
(633c.4) with their switch figures, and the hand-dealt game (633a.12(b)).

The switch games are analysed exactly (`exact.switch_games`), with the best switch decision and
CDZ- play of the hands. What the page cannot give them, it says in plain words and why: the
standard deviation, the total-dependent strategy chart and the effect of each rule option.
"""

from __future__ import annotations

from typing import Final

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.variation import variation_of
from tablegames.reports.report_figures import SwitchFigures
from tablegames.reports.report_format import _explain, _table, esc, format_probability, percent

SWITCH_NAMES: Final = {
    "blackjack_switch": "Blackjack Switch (633a.12(a))",
    "switch_hands": "Switch Hands (633c.4)",
}
# The figures of `tablegames edge blackjack` for each switch game, as an operator would run it.
EDGE_COMMAND: Final = "tablegames edge blackjack --rules FILE"

HOW_BLACKJACK_SWITCH: Final = (
    "The player makes two equal Blackjack Wagers and sees both hands and the dealer's up card "
    "before choosing whether to switch the second cards of the two hands (633a.12(a)(1), (4)). "
    "The figure takes the better choice every time and plays each hand on its exact cards "
    "(CDZ-), from the shoe less the other hand's cards. It follows the paragraph as written: a "
    "dealer 22 returns every hand of 21 or less ((5)(v)); a Blackjack kept pays "
    "{pays} except against a dealer's 21 in more than two cards, which it wins at 1 to 1 "
    "((5)(i), 633a.13(a)); an ace and a ten-value card made by switching count as 21, not "
    "Blackjack ((5)(iii)-(iv))."
)
HOW_SWITCH_HANDS: Final = (
    "The player sees the dealt hand and the dealer's up card, not the two switch cards, and "
    "switches when the switch cards are worth more on average (633c.4(f)). The figure takes the "
    "better choice every time and plays the hand on its exact cards (CDZ-). A switched Blackjack "
    "of one colour pays 2 to 1 (633c.4(i)(2)(i)){premium}; the colours of the aces and "
    "ten-value cards the player has seen are followed exactly. The house edge is per unit "
    "staked, the Blackjack Wager plus its ante of $1 for every $5 (633c.4(c))."
)
NO_STD_DEV: Final = (
    "The switch analysis gives the exact expected result only. The spread of a round needs the "
    "joint outcome of {what}, which the exact analysis does not yet compute; no simulated "
    "figure is put in its place."
)
NO_CHART: Final = (
    "No strategy chart for {game}: the switch decision reads {reads} together, which no "
    "total-dependent chart of hand and up card can show, and each hand is then played on its "
    "exact cards (CDZ-) from the shoe less the cards seen. The code derives no chart for these "
    "games, so none is printed; the house edge in section 2 is for that best play."
)
NO_EFFECTS: Final = (
    "Not computed for {game}: each rule option would need its own exact analysis of the switch "
    "decision ({minutes} each), too long for one page. {command} gives the house edge with any "
    "one rule changed."
)
HAND_DEALT: Final = (
    "The hand-dealt game (633a.12(b)) changes how the cards are handled: at most two decks, "
    "shuffled by an automated device, dealt from the dealer's hand and held by the players. The "
    "rules of play and the payouts are those of the standard game (633a.12(b)(6)-(9)), so it is "
    "analysed as the standard game from the same decks."
)
SWITCH_READING: Final = (
    "Switch games",
    (
        "At Blackjack Switch the player holds two hands and may exchange their second cards; at "
        "Switch Hands the player may exchange the dealt hand for two switch cards. The figures "
        "assume the player always makes the better choice and then plays each hand on its exact "
        "cards (CDZ-). \u201cSwitch taken\u201d is how often that choice is to switch; the "
        "value of the switch option is what the choice adds per Blackjack Wager over never "
        "switching.",
    ),
)


def switch_main_block(rules: Rules, switch: SwitchFigures) -> str:
    """Section 2's figures for a switch game: the house edge with the best switch, how often
    the switch is taken, the option's value, and why the standard deviation is missing."""
    blackjack_switch = variation_of(switch).switches_second_cards
    what = (
        "the two hands of a round against one dealer hand"
        if blackjack_switch
        else "the hand kept or switched against the dealer's hand"
    )
    rows = [
        [
            "<b>House edge</b>, best switch decision and CDZ- play",
            f"<b>{percent(switch.house_edge)}</b>",
            esc(switch.basis),
        ],
        [
            "<b>Switch taken</b>",
            format_probability(switch.switch_probability),
            "of rounds, with the best decision",
        ],
    ]
    if switch.switch_option_value is not None:
        rows.append(
            [
                "<b>Value of the switch option</b>",
                f"{switch.switch_option_value:.4f}",
                "units per Blackjack Wager, over never switching",
            ]
        )
    if switch.house_edge_per_blackjack_wager is not None:
        rows.append(
            [
                "<b>House edge per Blackjack Wager</b>",
                percent(switch.house_edge_per_blackjack_wager),
                "the ante counted as part of the Blackjack Wager's cost",
            ]
        )
    rows.append(
        [
            "<b>Standard deviation per round</b>",
            '<span class="muted">not computed</span>',
            esc(NO_STD_DEV.format(what=what)),
        ]
    )
    if blackjack_switch:
        how = HOW_BLACKJACK_SWITCH.format(pays=f"{rules.blackjack_pays.replace(':', ' to ')}")
    else:
        premium = (
            ", and with the premium's ante a dealt one of one colour too, a Blackjack against a "
            "dealer Blackjack paying 1 to 2 (633c.4(o))"
            if rules.blackjack_premium
            else ""
        )
        how = HOW_SWITCH_HANDS.format(premium=premium)
    return _table(
        ["Figure", "Value", "Basis"],
        rows,
        numeric=(1,),
        caption=f"{esc(SWITCH_NAMES[switch.variant])}: exact figures from "
        f"{rules.decks} deck{'s' if rules.decks > 1 else ''}, the same analysis as "
        f"<code>{esc(EDGE_COMMAND)}</code>.",
    ) + _explain(esc(how))


def switch_summary(switch: SwitchFigures) -> list[tuple[str, str, str, bool]]:
    """The summary cards of a switch game: (label, value, unit, alert)."""
    cards = [
        (
            "House edge, best switch",
            percent(switch.house_edge),
            "per initial wager"
            if variation_of(switch).switches_second_cards
            else "per wager and ante",
            switch.house_edge < 0,
        ),
        (
            "Switch taken",
            format_probability(switch.switch_probability, 3),
            "of rounds, best decision",
            False,
        ),
    ]
    if switch.switch_option_value is not None:
        cards.append(
            (
                "Switch option worth",
                f"{switch.switch_option_value:.3f}",
                "units per Blackjack Wager",
                False,
            )
        )
    return cards


def _minutes(rules: Rules) -> str:
    """How long one analysis of the game takes, in words. Measured on a shared two-core
    machine, six decks: a whole page took about a minute for Blackjack Switch (one analysis
    alone up to 1.8 minutes when the cores are busy) and 50 seconds for Switch Hands."""
    if variation_of(rules).switches_second_cards:
        return "a minute to a minute and a half from six decks"
    return "most of a minute from six decks"


def switch_effects_note(rules: Rules) -> str:
    game = SWITCH_NAMES.get(rules.variant, rules.variant)
    text = esc(NO_EFFECTS.format(game=game, minutes=_minutes(rules), command="{command}"))
    command = f"<code>{esc(EDGE_COMMAND)} --set NAME=VALUE</code>"
    return f'<p class="muted">{text.replace("{command}", command)}</p>'


def switch_chart_note(rules: Rules) -> str:
    reads = (
        "all four of the player's cards and the dealer's up card"
        if variation_of(rules).switches_second_cards
        else "the dealt hand, the up card and the colours of the aces and ten-value cards seen"
    )
    game = SWITCH_NAMES.get(rules.variant, rules.variant)
    return '<p class="muted">' + esc(NO_CHART.format(game=game, reads=reads)) + "</p>"


def hand_dealt_note() -> str:
    return _explain(esc(HAND_DEALT))
