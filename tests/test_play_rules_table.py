"""The terminal shows the rules of the game in front of the player (633a.12, 633c.4).

Each preset's table must carry its own variation's lines, each citing its paragraph, and none of
another variation's.
"""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from tablegames.blackjack.rules import Rules, load_rules, preset_names
from tablegames.core.rng import SeededRandom
from tablegames.ui.play import play_terminal
from tablegames.ui.play_display import rules_table

# Rows of the table (Rule │ Setting │ paragraph) each variation must show.
OWN_LINES = {
    "blackjack_switch": (
        ("Late surrender", "no: not a Switch decision", "633a.12(a)(4)"),
        ("Even money", "no: the switch decision comes later", "633a.12(a)(4)"),
        (
            "Blackjack pays",
            "3 to 2, but 1 to 1 against a dealer 21 of more than two cards",
            "633a.12(a)(5)(i)",
        ),
        ("Two wagers", "two equal Blackjack Wagers, one on each of two hands", "633a.12(a)(1)"),
        ("Two hands", "two hands are dealt to each player", "633a.12(a)(3)"),
        ("Switch", "the second cards of your two hands may be switched", "633a.12(a)(4)"),
        ("Decisions", "then double, split, stand or draw on each hand", "633a.12(a)(4)"),
        ("Both Blackjack", "your Blackjack ties a dealer Blackjack", "633a.12(a)(5)(ii)"),
        (
            "Switched Blackjack",
            "a Blackjack made by switching counts 21: it loses to a dealer Blackjack",
            "633a.12(a)(5)(iii)",
        ),
        ("Switched Blackjack", "and is returned against a dealer 21 or 22", "633a.12(a)(5)(iv)"),
        (
            "Dealer 22",
            "a dealer 22 returns every hand of 21 or less (pushes all but busted hands)",
            "633a.12(a)(5)(v)",
        ),
    ),
    "switch_hands": (
        (
            "Blackjack pays",
            "3 to 2; a same suit or same colour Blackjack with the ante 2 to 1",
            "633c.4(o)",
        ),
        ("Wagers", "Blackjack Wagers in $5 increments", "633c.4(b)"),
        (
            "Ante",
            "optional: $1 for every $5 wagered, or play only Blackjack without it",
            "633c.4(k)-(l)",
        ),
        (
            "Switch cards",
            "two face-down switch cards, dealt before your Blackjack hand",
            "633c.4(d)",
        ),
        (
            "Switch",
            "play your two dealt cards, or discard them and play the switch cards",
            "633c.4(f)",
        ),
        ("Decisions", "surrender, double down and split as usual", "633c.4(n)"),
        ("Pays", "1 to 1; Blackjack 3 to 2", "633c.4(o)"),
        ("Both Blackjack", "your Blackjack against a dealer Blackjack pays 1 to 2", "633c.4(o)"),
        (
            "Premium",
            "with the ante, a same suit or same colour Blackjack pays 2 to 1",
            "633c.4(o)",
        ),
    ),
    "hand_dealt": (
        ("Decks", "at most two decks, dealt from the dealer's hand", "633a.12(b)(1)"),
        ("Shuffle", "by an automated shuffling device", "633a.12(b)(2)"),
        ("Burn", "the first card is burned before each round", "633a.12(b)(5)"),
        (
            "Turned over",
            "a surrender, double or split turns your two cards over",
            "633a.12(b)(6)(i)",
        ),
        ("Bust", "a busted hand is discarded at once and its wager collected", "633a.12(b)(6)(ii)"),
        ("Settlement", "your cards are turned over when all wagers are settled", "633a.12(b)(9)"),
    ),
    # The rows Blackjack Switch changes, as the standard game (and the others) show them.
    "standard": (
        ("Late surrender", "yes", "PA"),
        ("Blackjack pays", "3 to 2", "PA"),
        ("Even money", "yes", "PA"),
    ),
}
# What only a variation's table may mention: its chapter's paragraphs.
CITES = {
    "blackjack_switch": "633a.12(a)",
    "switch_hands": "633c.4",
    "hand_dealt": "633a.12(b)",
}


def render(rules: Rules) -> str:
    console = Console(record=True, width=200, force_terminal=False)
    console.print(rules_table(rules, 1))
    return console.export_text()


def row(rule: str, setting: str, paragraph: str) -> re.Pattern[str]:
    return re.compile(rf"│ {re.escape(rule)} +│ {re.escape(setting)} +│ {re.escape(paragraph)} +│")


@pytest.mark.parametrize("preset", preset_names())
def test_each_preset_shows_its_own_rules_and_not_the_others(preset: str) -> None:
    rules = load_rules(preset=preset)
    text = render(rules)
    for line in OWN_LINES[rules.variant]:
        assert row(*line).search(text), line
    for variant, lines in OWN_LINES.items():
        # The standard rows are every table's unless its variation changes them (checked above).
        if variant in (rules.variant, "standard"):
            continue
        for line in lines:
            assert not row(*line).search(text), (variant, line)
    changed = {rule for rule, _, _ in OWN_LINES[rules.variant]}
    for line in OWN_LINES["standard"]:
        # A row the variation changes must not also show the standard game's setting.
        assert (line[0] in changed and rules.variant != "standard") != bool(row(*line).search(text))
    for variant, cited in CITES.items():
        assert (cited in text) == (variant == rules.variant), (variant, cited)


@pytest.mark.parametrize("preset", preset_names())
def test_the_terminal_table_opens_with_its_rules(preset: str) -> None:
    rules = load_rules(preset=preset)
    console = Console(record=True, width=200, force_terminal=False)
    play_terminal(
        rules,
        boxes=1,
        console=console,
        input_fn=lambda prompt: "q",
        random=SeededRandom.from_seed(0),
    )
    text = console.export_text()
    for line in OWN_LINES[rules.variant]:
        assert row(*line).search(text), line


def test_633a_12_a_4_a_house_that_allows_surrender_at_switch_says_so() -> None:
    text = render(load_rules(preset="pa-blackjack-switch").replace(switch_surrender=True))
    assert row("Late surrender", "yes (a house option at Switch)", "633a.9(a)").search(text)
    assert "not a Switch decision" not in text


def test_633c_4_i_switch_hands_without_premium() -> None:
    rules = Rules(
        variant="switch_hands",
        wager_unit=500,
        min_wager=1000,
        tie_blackjack_pays=True,
        switch_cards_dealt="after",
    )
    text = render(rules)
    assert row("Ante", "$1 for every $5 wagered, with every wager", "633c.4(c)").search(text)
    assert row(
        "Switch cards", "two face-down switch cards, dealt after your Blackjack hand", "633c.4(j)"
    ).search(text)
    assert row("Decisions", "surrender, double down and split as usual", "633c.4(h)").search(text)
    assert row("Kept cards", "1 to 1; Blackjack 3 to 2", "633c.4(i)(1)").search(text)
    assert row(
        "Switched", "a same suit or same colour Blackjack pays 2 to 1", "633c.4(i)(2)(i)"
    ).search(text)
    assert row(
        "Both Blackjack",
        "after switching, your Blackjack against a dealer Blackjack pays 1 to 2",
        "633c.4(i)(2)(ii)",
    ).search(text)
    assert "633c.4(o)" not in text  # the premium table's paragraph
    assert "optional" not in text


def test_a_non_pa_option_at_a_variation_is_still_marked() -> None:
    rules = load_rules(preset="pa-blackjack-switch").replace(blackjack_pays="6:5")
    text = render(rules)
    assert re.search(
        r"│ Blackjack pays +│ 6 to 5, but 1 to 1 against a dealer 21 of more than two cards +│ "
        r"non-PA: Blackjack pays 3 to 2 \(633a\.13\(a\)\)",
        text,
    )
