"""`tablegames rules check` warns of rules that give the player the edge
(`tablegames.blackjack.rules.advantage`): every static warning checked against the exact analysis.

The reference figures are computed here by the exact analysis (`edge_blackjack`, `edge_report`),
on one or two decks where it is quick, or quoted from a published source named beside them; the
tables of `advantage` are what is under test. About a minute in all: the one-deck switch games
take a quarter of a minute each.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablegames.blackjack.analysis.game import analyse, basic_from
from tablegames.blackjack.analysis.side_wagers import edge_report
from tablegames.blackjack.analysis.switch_games import _analyses
from tablegames.blackjack.rules import Rules, rules_from_mapping
from tablegames.blackjack.rules.advantage import (
    BLACKJACK_SWITCH_EDGES,
    STANDARD_PLAYER_EDGES,
    SWITCH_HANDS_PLAYER_EDGES,
    EdgeWarning,
    player_edge_warnings,
)
from tablegames.blackjack.rules.side import SideWagers
from tablegames.cli import app
from tablegames.core.errors import RulesError
from tablegames.reports.blackjack_text import edge_blackjack

runner = CliRunner()
EXACT = 1e-8  # the tables round each figure at the eighth decimal


def _rules(**fields: Any) -> Rules:
    return Rules(**fields)


def _only(rules: Rules, prefix: str = "") -> EdgeWarning:
    """The one warning for `rules` whose field starts with `prefix` (from one deck the main
    game warns too)."""
    warnings = [w for w in player_edge_warnings(rules) if w.field.startswith(prefix)]
    assert len(warnings) == 1, warnings
    return warnings[0]


@pytest.fixture(autouse=True, scope="module")
def _free_switch_analyses() -> Any:
    """The switch analyses keep their partner analyses (gigabytes from six decks) in a cache."""
    yield
    _analyses.cache_clear()


@pytest.mark.parametrize(
    ("decks", "hands", "resplit", "draw"), sorted(STANDARD_PLAYER_EDGES), ids=str
)
def test_every_flagged_standard_rule_set_has_a_negative_exact_house_edge(
    decks: int, hands: int, resplit: bool, draw: bool
) -> None:
    rules = _rules(decks=decks, max_hands=hands, resplit_aces=resplit, hit_split_aces=draw)
    exact = analyse(rules, "cdz")  # what `edge_blackjack` reports, with its basic strategy
    cdz, basic = exact.house_edge, basic_from(exact).house_edge
    assert cdz < 0
    assert basic < 0
    warning = _only(rules)
    assert warning.house_edge == pytest.approx(cdz, abs=EXACT)
    assert not warning.at_most
    assert STANDARD_PLAYER_EDGES[(decks, hands, resplit, draw)][1] == pytest.approx(
        basic, abs=EXACT
    )


@pytest.mark.parametrize(
    ("decks", "hands", "resplit", "draw"),
    [
        # Two decks: every split rule the table leaves out.
        (2, 2, False, False),
        (2, 2, False, True),
        (2, 3, False, False),
        (2, 3, True, False),
        (2, 4, False, False),
        (2, 4, True, False),
        # Three decks with every split rule allowed: the closest to even (+0.0016%).
        (3, 4, True, True),
    ],
    ids=str,
)
def test_unflagged_few_deck_rule_sets_have_a_positive_house_edge(
    decks: int, hands: int, resplit: bool, draw: bool
) -> None:
    rules = _rules(decks=decks, max_hands=hands, resplit_aces=resplit, hit_split_aces=draw)
    assert player_edge_warnings(rules) == []
    assert edge_blackjack(rules)["house_edge"] > 0


@pytest.mark.parametrize("preset", ["pa-6deck", "pa-8deck"])
def test_pa_base_presets_give_no_warning_and_a_positive_house_edge(preset: str) -> None:
    rules = rules_from_mapping({"preset": preset})
    assert player_edge_warnings(rules) == []
    edge = edge_blackjack(rules)["house_edge"]
    assert edge > 0
    # README "The math": the PA text as written from six decks, 0.084038%.
    if preset == "pa-6deck":
        assert edge == pytest.approx(0.00084038, abs=5e-9)


def test_the_hand_dealt_two_deck_preset_favours_the_player() -> None:
    rules = rules_from_mapping({"preset": "pa-hand-dealt-2deck"})
    warning = _only(rules)
    edge = edge_blackjack(rules)["house_edge"]  # tablegames edge blackjack --preset ...
    assert edge < 0
    assert warning.house_edge == pytest.approx(edge, abs=EXACT)
    assert "--preset pa-hand-dealt-2deck" in warning.source
    assert "633a.12(b)" in warning.message


def test_more_than_four_hands_is_bounded_by_the_four_hand_figure() -> None:
    warning = _only(_rules(decks=1, max_hands=8))
    assert warning.at_most
    assert "split to 8 hands" in warning.message
    exact_four = edge_blackjack(_rules(decks=1, max_hands=4))["house_edge"]
    assert warning.house_edge == pytest.approx(exact_four, abs=EXACT)
    # 633a.11(c): the exact analysis takes the filed limit too, and the bound holds.
    assert edge_blackjack(_rules(decks=1, max_hands=8))["house_edge"] <= exact_four + EXACT


def test_blackjack_switch_least_favourable_rule_set_still_favours_the_player() -> None:
    # Split to two hands, split aces one card each, no surrender: the fewest choices the
    # regulation allows, from one deck (the eight-deck figure, -1.34%, is in the table).
    least = _rules(
        decks=1,
        variant="blackjack_switch",
        max_hands=2,
        resplit_aces=False,
        hit_split_aces=False,
    )
    edge = edge_blackjack(least)["house_edge"]
    assert edge < 0
    warning = _only(least)
    assert warning.field == "variant"
    assert not warning.at_most
    assert warning.house_edge == pytest.approx(edge, abs=EXACT)
    # Any richer rule set is flagged with a bound no lower than its own figure.
    richer = _only(least.replace(max_hands=3, switch_surrender=True))
    assert richer.at_most
    assert richer.house_edge == pytest.approx(edge, abs=EXACT)


def test_blackjack_switch_tables_agree_with_the_published_six_deck_figure() -> None:
    # README "The math": Blackjack Switch as 633a.12(a) is written, six decks, -1.5666%
    # (`tablegames edge blackjack --preset pa-blackjack-switch`, 1.5 minutes: not rerun here).
    as_written, least = BLACKJACK_SWITCH_EDGES[6]
    assert as_written == pytest.approx(-0.015666, abs=5e-7)
    assert as_written < least < 0
    warning = _only(rules_from_mapping({"preset": "pa-blackjack-switch"}))
    assert not warning.at_most
    assert warning.source.endswith("--preset pa-blackjack-switch")
    assert set(BLACKJACK_SWITCH_EDGES) == set(range(1, 9))
    # Not flagged once Blackjack pays 1 to 1 (non-PA; 0.3205% from six decks in the README).
    even = rules_from_mapping({"preset": "pa-blackjack-switch", "blackjack_pays": "1:1"})
    assert player_edge_warnings(even) == []


def test_switch_hands_from_one_deck_with_the_premium_favours_the_player() -> None:
    rules = _rules(
        decks=1,
        variant="switch_hands",
        blackjack_premium=True,
        max_hands=2,
        resplit_aces=False,
        hit_split_aces=False,
        wager_unit=500,
        min_wager=1000,
    )
    assert (1, 2, False, False, True, False) in SWITCH_HANDS_PLAYER_EDGES
    edge = edge_blackjack(rules)["house_edge"]
    assert edge < 0
    assert _only(rules).house_edge == pytest.approx(edge, abs=EXACT)
    # From two decks or more Switch Hands keeps a house edge (+0.0159% at best from two).
    assert all(key[0] == 1 for key in SWITCH_HANDS_PLAYER_EDGES)
    assert player_edge_warnings(rules.replace(decks=2, max_hands=4)) == []


def _side(decks: int, **offers: Any) -> Rules:
    return _rules(decks=decks, side_wagers=SideWagers.model_validate(offers))


def _exact_side(wager: str, rules: Rules) -> float:
    return float(edge_report(wager, decks=rules.decks, paytable=None, rules=rules)["house_edge"])


@pytest.mark.parametrize(
    "bonus",
    [{"magic_card": True}, {"lucky_player": True}, {"magic_card": True, "player_has_20": True}],
)
def test_bad_beat_bonuses_give_the_player_the_edge(bonus: dict[str, bool]) -> None:
    rules = _side(1, bad_beat=bonus)
    exact = _exact_side("bad_beat", rules)
    warning = _only(rules, "side_wagers")
    assert exact < 0
    assert not warning.at_most
    assert warning.house_edge == pytest.approx(exact, abs=EXACT)


def test_the_magic_card_bonus_at_the_reset_matches_the_published_figure() -> None:
    # README "The math": offered, the Magic Card Bonus turns Bad Beat in the player's favour,
    # house edge -26.7% at the $5,000 reset over a $1 minimum, six decks.
    rules = _side(6, bad_beat={"magic_card": True})
    exact = _exact_side("bad_beat", rules)
    assert round(exact * 100, 1) == -26.7
    warning = _only(rules)
    assert warning.house_edge == pytest.approx(exact, abs=EXACT)
    assert warning.field == "side_wagers.bad_beat.magic_card"


def test_a_plain_bad_beat_and_hit_and_run_at_their_resets_favour_the_house() -> None:
    rules = _side(6, bad_beat={}, hit_and_run={})
    assert player_edge_warnings(rules) == []
    assert _exact_side("bad_beat", rules) > 0
    assert _exact_side("hit_and_run", rules) > 0


@pytest.mark.parametrize(
    ("wager", "decks", "reset"),
    [
        ("hit_and_run", 8, 3_100_000),  # $31,000 over $1: above the break-even of ~30,526
        ("hit_and_run", 1, 12_500_000),  # above ~124,166 wagers
        ("bad_beat", 1, 24_500_000),  # above ~243,000 wagers
        ("bad_beat", 2, 17_500_000),  # above ~171,000 wagers
    ],
)
def test_a_reset_above_the_break_even_meter_gives_the_player_the_edge(
    wager: str, decks: int, reset: int
) -> None:
    rules = _side(decks, **{wager: {"reset": reset}})
    exact = _exact_side(wager, rules)
    warning = _only(rules, "side_wagers")
    assert exact < 0
    assert warning.field == f"side_wagers.{wager}.reset"
    assert warning.house_edge == pytest.approx(exact, abs=EXACT)
    # A tenth lower, the meter starts below break-even: no warning, a house edge.
    lower = _side(decks, **{wager: {"reset": reset * 9 // 10}})
    assert [w for w in player_edge_warnings(lower) if w.field.startswith("side_wagers")] == []
    assert _exact_side(wager, lower) > 0


def test_rule_sets_outside_the_tables_get_no_warning() -> None:
    # Non-PA what-if rules (already a violation each).
    assert player_edge_warnings(_rules(decks=1, dealer_hits_soft_17=True)) == []
    # Bad Beat at a switch game: its exact analysis follows the standard game's play only.
    switch = _rules(
        variant="blackjack_switch",
        side_wagers=SideWagers.model_validate({"bad_beat": {"magic_card": True}}),
    )
    assert [warning.field for warning in player_edge_warnings(switch)] == ["variant"]
    with pytest.raises(RulesError, match="switch decision"):
        edge_report("bad_beat", decks=6, paytable=None, rules=switch)


def test_rules_check_prints_warnings_beside_violations_and_keeps_the_exit_code(
    tmp_path: Path,
) -> None:
    switch = tmp_path / "switch.toml"
    switch.write_text('preset = "pa-blackjack-switch"\n', encoding="utf-8")
    start = time.perf_counter()
    result = runner.invoke(app, ["rules", "check", str(switch)])
    assert time.perf_counter() - start < 5  # no analysis runs
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("warning: variant: Blackjack Switch")
    assert "-1.5666%" in lines[0]
    assert "tablegames edge blackjack --preset pa-blackjack-switch" in lines[0]
    assert lines[-1].endswith("valid")

    both = tmp_path / "both.toml"
    both.write_text(
        # Three boxes a player may play at a table of two (633a.6(f)): a finding, rules read.
        "boxes = 2\n[side_wagers.bad_beat]\nmagic_card = true\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["rules", "check", str(both)])
    assert result.exit_code == 1  # the violation, not the warning
    lines = result.stdout.splitlines()
    assert lines[0].startswith("violation: max_boxes_per_player")
    assert lines[1].startswith("warning: side_wagers.bad_beat.magic_card")

    magic = tmp_path / "magic.toml"
    magic.write_text("[side_wagers.bad_beat]\nmagic_card = true\n", encoding="utf-8")
    result = runner.invoke(app, ["rules", "check", str(magic)])
    assert result.exit_code == 0
    warning = next(line for line in result.stdout.splitlines() if line.startswith("warning: "))
    assert "side_wagers.bad_beat.magic_card" in warning
    assert "-26.7" in warning
