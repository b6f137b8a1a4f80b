"""`tablegames report` for the variations: Blackjack Switch (633a.12(a)), Switch Hands (633c.4)
and the hand-dealt game (633a.12(b)), and the warning that opens the page when a computed house
edge is negative.

The switch games come from one deck with the fewest split choices, where their exact analysis
takes seconds (six-deck Blackjack Switch takes a minute and a half); each page is built once per
module and its figures are compared with `edge_blackjack` run here on the same rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tablegames.blackjack.analysis.side_wagers import edge_report
from tablegames.blackjack.analysis.switch_games import _analyses
from tablegames.blackjack.rules import Rules, rules_from_mapping
from tablegames.blackjack.rules.side import SideWagers
from tablegames.reports.blackjack_text import edge_blackjack
from tablegames.reports.report import build_report
from tests.analysis.test_report import Page, parse

# One deck, split to two hands, split aces one card each: rules the regulation allows, quick.
FEW_CHOICES: dict[str, Any] = {
    "decks": 1,
    "max_hands": 2,
    "resplit_aces": False,
    "hit_split_aces": False,
}
WARNING = "Warning: the player has the edge."
INTERNAL = ("not analysed", "not yet analysed", "RulesError", "Traceback")


def _percent(fraction: float, places: int = 4) -> str:
    return f"{fraction * 100:.{places}f}%".replace("-", "\u2212")


def _page(rules: Rules, name: str) -> Page:
    # One process: the page and the reference figure share the machine's two cores politely.
    return parse(build_report(rules, source=name, jobs=1, effects=False))


@pytest.fixture(scope="module", autouse=True)
def _free_switch_analyses() -> Iterator[None]:
    """The switch analyses keep their partner analyses in a cache: free them after."""
    yield
    _analyses.cache_clear()


@pytest.fixture(scope="module")
def switch_rules() -> Rules:
    # Super Match (633a.6(e)(7)) is offered at Blackjack Switch tables; its paytables are for six
    # or eight decks (633a.13(i)), so from one deck the page says why it has no figure.
    offers = SideWagers.model_validate({"super_match": {}})
    return Rules(**FEW_CHOICES, variant="blackjack_switch", side_wagers=offers)


@pytest.fixture(scope="module")
def switch_page(switch_rules: Rules) -> Page:
    return _page(switch_rules, "switch-1deck.toml")


@pytest.fixture(scope="module")
def switch_figures(switch_rules: Rules, switch_page: Page) -> dict[str, Any]:
    return edge_blackjack(switch_rules)  # `tablegames edge blackjack --rules FILE`


@pytest.fixture(scope="module")
def hands_rules() -> Rules:
    return Rules(
        **FEW_CHOICES,
        variant="switch_hands",
        blackjack_premium=True,
        wager_unit=500,
        min_wager=1000,
    )


@pytest.fixture(scope="module")
def hands_page(hands_rules: Rules) -> Page:
    return _page(hands_rules, "switch-hands-1deck.toml")


@pytest.fixture(scope="module")
def hands_figures(hands_rules: Rules, hands_page: Page) -> dict[str, Any]:
    return edge_blackjack(hands_rules)


def _main(page: Page) -> str:
    return page.all_text.split("2. Main game", 2)[2].split("3. Strategy chart", 1)[0]


def _no_internal_messages(page: Page) -> None:
    for phrase in INTERNAL:
        assert phrase not in page.all_text, phrase


def test_blackjack_switch_page_gives_the_exact_house_edge_and_switch_frequency(
    switch_page: Page, switch_figures: dict[str, Any]
) -> None:
    edge = switch_figures["house_edge"]
    assert edge < 0  # 633a.12(a)(5) as written: the player has the edge
    cells, _ = switch_page.row("House edge, best switch decision and CDZ- play")
    assert cells[1] == _percent(edge)
    assert "per initial wager" in cells[2]
    taken, _ = switch_page.row("Switch taken")
    assert float(taken[1].rstrip("%")) == pytest.approx(
        switch_figures["switch_probability"] * 100, rel=1e-3
    )
    # No standard deviation in the analysis: the page says so and why.
    spread, _ = switch_page.row("Standard deviation per round")
    assert spread[1] == "not computed"
    assert "two hands of a round" in spread[2]
    # The reference rows compare with the standard game.
    this, _ = switch_page.row("This submission, as filed")
    assert this[1:3] == ["Best switch, CDZ-", _percent(edge, 6)]
    _no_internal_messages(switch_page)


def test_blackjack_switch_page_opens_with_the_warning(
    switch_page: Page, switch_figures: dict[str, Any]
) -> None:
    assert "player-edge" in switch_page.ids
    text = switch_page.all_text
    assert text.index(WARNING) < text.index("Switch taken")  # before the summary cards
    warning = text.split(WARNING, 1)[1].split("House edge, best switch", 1)[0]
    assert "Blackjack Switch (633a.12(a))" in warning
    assert "a kept Blackjack paid 3 to 2" in warning
    assert _percent(switch_figures["house_edge"]) in warning
    # The summary card is marked too.
    assert f"House edge, best switch {_percent(switch_figures['house_edge'])}" in text


def test_blackjack_switch_page_explains_what_it_cannot_give(switch_page: Page) -> None:
    text = switch_page.all_text
    strategy = text.split("3. Strategy chart", 2)[2].split("4. Side wagers", 1)[0]
    assert "No strategy chart for Blackjack Switch (633a.12(a))" in strategy
    assert "all four of the player's cards" in strategy
    effects = _main(switch_page).split("Effect of each rule option", 1)[1]
    assert "Not computed for Blackjack Switch" in effects
    assert "--set NAME=VALUE" in effects
    # The dealer's outcomes are given, without a player's result by up card.
    assert "Dealer's outcome by up card" in " ".join(switch_page.headings)
    assert "Player's result" not in _main(switch_page)
    assert "Switch games" in text.split("5. How to read these figures", 2)[2]


def test_a_blackjack_switch_table_shows_its_super_match_wager(switch_page: Page) -> None:
    assert any(heading.startswith("Super Match") for heading in switch_page.headings)
    assert switch_page.rule_row("variant")[0][1] == "blackjack switch"
    side = switch_page.all_text.split("4. Side wagers offered", 1)[1]
    assert "6-deck, 8-deck" in side  # why there is no figure from one deck


def test_switch_hands_page_gives_the_house_edge_and_the_switch_option_value(
    hands_page: Page, hands_figures: dict[str, Any]
) -> None:
    edge = hands_figures["house_edge"]
    cells, _ = hands_page.row("House edge, best switch decision and CDZ- play")
    assert cells[1] == _percent(edge)
    assert "ante" in cells[2]
    value, _ = hands_page.row("Value of the switch option")
    assert value[1] == f"{hands_figures['switch_option_value']:.4f}"
    per_wager, _ = hands_page.row("House edge per Blackjack Wager")
    assert per_wager[1] == _percent(hands_figures["house_edge_per_blackjack_wager"])
    assert "No strategy chart for Switch Hands (633c.4)" in hands_page.all_text
    _no_internal_messages(hands_page)
    # From one deck with the premium the player has the edge: the page says so at the top.
    assert edge < 0
    warning = hands_page.all_text.split(WARNING, 1)[1].split("House edge, best switch", 1)[0]
    assert "Switch Hands (Blackjack premium) (633c.4)" in warning
    assert _percent(edge) in warning


def test_hand_dealt_page_is_analysed_as_the_standard_game_and_warned_of() -> None:
    rules = rules_from_mapping({"preset": "pa-hand-dealt-2deck"})
    page = _page(rules, "pa-hand-dealt-2deck.toml")
    cdz = edge_blackjack(rules)["house_edge"]
    basic = edge_blackjack(rules, strategy="basic")["house_edge"]
    assert cdz < 0  # tablegames edge blackjack --preset pa-hand-dealt-2deck
    assert page.row("CDZ- (best play on the cards of the hand)")[0][1] == _percent(cdz, 6)
    assert "changes how the cards are handled" in page.all_text
    warning = page.all_text.split(WARNING, 1)[1].split("House edge, basic strategy", 1)[0]
    assert "Hand-dealt Blackjack (633a.12(b))" in warning
    assert _percent(cdz) in warning
    assert _percent(basic) in warning
    assert any(alt == "Basic strategy chart" for alt in page.alts)
    _no_internal_messages(page)


def test_a_magic_card_bonus_is_warned_of_with_its_computed_figure() -> None:
    # Three decks with every split rule allowed: the main game keeps its house edge (+0.0016%).
    rules = Rules(
        decks=3, side_wagers=SideWagers.model_validate({"bad_beat": {"magic_card": True}})
    )
    page = _page(rules, "magic-card.toml")
    edge = edge_report("bad_beat", decks=3, paytable=None, rules=rules)["house_edge"]
    assert edge < 0
    warning = page.all_text.split(WARNING, 1)[1].split("House edge, basic strategy", 1)[0]
    assert "Bad Beat" in warning
    assert "Magic Card Bonus" in warning
    assert _percent(edge) in warning
    assert "Blackjack (633a)" not in warning  # one wager only: the main game favours the house
    assert "As filed, 1 wager gives the player" in warning
