"""The side wagers' edge reports: their shape, their words and the rules that reach them."""

from __future__ import annotations

import json

import pytest

from tablegames.blackjack.analysis.side_wagers import (
    WAGERS,
    edge_report,
    ez_bust,
    with_up_card,
)
from tablegames.blackjack.rules import Rules
from tablegames.core.errors import TableGamesError, WagerError
from tests.analysis.side_helpers import _key

# --- the report -----------------------------------------------------------------------------------


@pytest.mark.parametrize("wager", WAGERS)
def test_edge_report_shape_for_every_wager(wager: str) -> None:
    decks = 6
    paytable = None
    report = edge_report(wager, decks=decks, paytable=paytable, rules=Rules())
    json.dumps(report)
    assert report["wager"] == wager
    assert report["decks"] == decks
    assert 0 < report["house_edge"] < 1
    assert report["std_dev"] > 0
    assert report["lines"]
    for line in report["lines"]:
        assert set(line) >= {"outcome", "probability", "pays"}
        assert 0 <= line["probability"] <= 1
    total = sum(line["probability"] for line in report["lines"]) + report["losing_probability"]
    assert total == pytest.approx(1)


def test_edge_report_pays_in_the_regulation_words() -> None:
    lucky = edge_report("lucky_ladies", decks=8, paytable=None, rules=Rules())
    assert [line["pays"] for line in lucky["lines"]] == [
        "1000 to 1",
        "200 to 1",
        "25 to 1",
        "10 to 1",
        "4 to 1",
    ]
    royal = edge_report("royal_match_21", decks=6, paytable="C", rules=Rules())
    assert [line["pays"] for line in royal["lines"]] == [
        "30 to 1 + 1000 for 1",
        "30 to 1",
        "2.5 to 1",
    ]
    hit = edge_report("hit_and_run", decks=6, paytable=None, rules=Rules())
    assert [line["pays"] for line in hit["lines"]][:2] == ["100% of meter", "100 for 1"]


def test_633a_13_d_match_the_dealer_both_cards_pay() -> None:
    """633a.7(g)(2): each matching card is paid; two matches of the same suit return 1 + 2 x 11."""
    analysis = with_up_card("match_the_dealer", Rules(decks=6))
    both = next(
        item for item in analysis.outcomes if _key(item.lines) == ("matching_card_same_suit",) * 2
    )
    assert both.returned() == 23
    assert both.label == "Each matching card of the same suit (both cards)"


def test_paytables_follow_the_decks_and_refuse_what_the_regulation_does_not_print() -> None:
    with pytest.raises(WagerError):
        edge_report("match_the_dealer", decks=7, paytable=None, rules=Rules())
    what_if = edge_report("match_the_dealer", decks=7, paytable="8-deck", rules=Rules())
    assert any("what-if" in note for note in what_if["notes"])
    with pytest.raises(WagerError):
        edge_report("bet_the_set_21", decks=3, paytable=None, rules=Rules())
    assert edge_report("bet_the_set_21", decks=1, paytable=None, rules=Rules())["paytable"] == "A"
    assert edge_report("royal_match_21", decks=1, paytable=None, rules=Rules())["paytable"] == "A"
    with pytest.raises(WagerError):
        edge_report("lucky_ladies", decks=6, paytable="B", rules=Rules())
    with pytest.raises(WagerError):
        edge_report("blackjack", decks=6, paytable=None, rules=Rules())
    with pytest.raises(TableGamesError):
        edge_report("lucky_ladies", decks=9, paytable=None, rules=Rules())


def test_rules_options_reach_the_analysis() -> None:
    rules = Rules.model_validate(
        {
            "side_wagers": {
                "royal_match_21": {"paytable": "D", "crown_treasure": False},
                "bad_beat": {"player_has_20": True},
                "in_between": {"ace": "low"},
            }
        }
    )
    royal = edge_report("royal_match_21", decks=6, paytable=None, rules=rules)
    assert royal["paytable"] == "D"
    assert all("crown_treasure" not in line["line"] for line in royal["lines"])
    beat = edge_report("bad_beat", decks=6, paytable=None, rules=rules)
    assert any(line["line"] == "player_has_20" for line in beat["lines"])
    assert edge_report("in_between", decks=6, paytable=None, rules=rules)["paytable"] == "ace-low"
    soft = edge_report("hit_and_run", decks=6, paytable=None, rules=Rules(dealer_hits_soft_17=True))
    assert soft["dealer_hits_soft_17"] is True
    assert (
        soft["house_edge"]
        != edge_report("hit_and_run", decks=6, paytable=None, rules=Rules())["house_edge"]
    )


def test_std_dev_is_that_of_the_net_result() -> None:
    """EZ Bust pays 1 to 1: net +1 or -1, so the variance is 1 - (2p - 1)^2 = 4p(1 - p)."""
    analysis = ez_bust(Rules(decks=6))
    p = analysis.outcomes[0].probability
    assert analysis.variance() == 4 * p * (1 - p)
