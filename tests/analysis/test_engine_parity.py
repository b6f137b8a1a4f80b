"""The round engine and the exact analysis agree on every deal of small shoes (633a.7-633a.12).

The exact analysis (`analysis/exact/game.py`, CDZ- play) and the round engine
(`blackjack/round.py`) share no code. Here the engine plays every deal of a small shoe, one box,
with the analysis' own decisions as its policy, and the probability-weighted sum of what the
engine settles (exact Fractions from integer cents, a $10 wager so 3 to 2 and halves are whole
cents) must equal the analysis' expected value for the same shoe (`analyse_shoe`) within 1e-12.

Method (tests/analysis/parity_helpers.py): a `CardSource` that deals from a multiset of physical
cards and a driver that enumerates, by replaying the round from the start, every sequence of
point values the round can draw, weighted by count / cards left at each draw; the total weight
must be exactly 1 (every deal, once) and the shoe raises if any deal runs out of cards. The
policy is CDZ- as the analysis values it: the first decision is the best of `two_card_options`
(stand, hit, double, split, surrender), later ones `split_values.chosen_option` (best for the
unsplit hand with the same cards against the up card), split hands resplit whenever the rules
allow. Insurance and even money are declined; the dealer checks for Blackjack (633a.7(h))
unless a case says otherwise.

The shoes (each card a different physical card of one deck; ten-values are T, J, Q and K, so
ten-value pairs are of identical value, 633a.11(a), rather than rank):
- `PAIRS`: A A 2 3 6 8 and four ten-values (10 cards). Standing and drawing only, the engine
  returns exactly 4579/37800 of the wager over its 5,681 deals; with doubling (no splits, no
  surrender) 6107/37800 over 5,856 deals (+16.156%: a shoe this rich in aces and tens favours
  the player).
- `UNEVEN`: A 3 3 5 7 9 and three ten-values (9 cards): no 2, two 3s, fewer tens.
- `ACES`: A A A 2 6 8 and six ten-values (12 cards): aces split and split again (3 hands).
- `EIGHTS`: A 2 6 8 8 8 8 and seven ten-values (14 cards): eights and ten-values resplit to
  4 hands, and ten-values to 5.
- `SIXES`: four 6s, three 9s and eight ten-values (15 cards): ten-values resplit to 6 hands
  (633a.11(c): the house sets the limit).

They agree to within a few 1e-16 in every case, including splits and resplits to six hands:
the analysis' split values (Eric Farmer's method, split hands playing the decisions of unsplit
hands with the same cards) are exact for the strategy the engine plays, in the engine's order
(each split hand is completed before the next gets its second card, 633a.11(b)). No case needed
to be marked as a known disagreement.

Larger shoes cost a deal per way a round can fall: one full suit (A-K, 13 cards) is 325,989
deals and about 130 s with splits to two hands (it agrees, measured once, not run here); two of
every point value (20 cards) would be millions. What is not covered: more than one box (the
analysis values one), side wagers (tests/analysis/test_cross_check.py settles them through the
engine), Blackjack Switch and Switch Hands (`switch_games`), basic strategy (the same engine
paths with another table of decisions), and taking insurance or even money (neither is valued).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from fractions import Fraction
from typing import Any

import pytest

from tablegames.blackjack.analysis.game import OPTIONS, GameValues, analyse_shoe
from tablegames.blackjack.rules import Rules
from tablegames.core.cards import Card
from tests.analysis.parity_helpers import (
    CdzPolicy,
    Enumeration,
    enumerate_rounds,
    point_counts,
    restricted_overall,
    shoe_cards,
)

PAIRS = shoe_cards("AS AH 2S 3S 6S 8S TS JS QS KS")
UNEVEN = shoe_cards("AS 3S 3H 5S 7S 9S TS JS QS")
ACES = shoe_cards("AS AH AD 2S 6S 8S TS JS QS KS TH JH")
EIGHTS = shoe_cards("AS 2S 6S 8S 8H 8D 8C TS JS QS KS TH JH QH")
SIXES = shoe_cards("6S 6H 6D 6C 9S 9H 9D TS JS QS KS TH JH QH KH")
SHOES = {"pairs": PAIRS, "uneven": UNEVEN}

TOLERANCE = Fraction(1, 10**12)
NO_SPLITS = {"max_hands": 1}  # 633a.11(c): 1 hand means no splitting (non-PA)


def _agree(
    cards: list[Card], changes: Mapping[str, Any], allowed: Collection[str] | None = None
) -> tuple[Enumeration, GameValues]:
    """Every deal of `cards` through the engine under `changes` to the PA rules, against the
    analysis of the same shoe: they must agree to 1e-12. With `allowed` the first decision is
    limited to those options (and standing) on both sides."""
    rules = Rules(decks=1, **changes)
    result = analyse_shoe(rules, point_counts(cards))
    policy = CdzPolicy(result) if allowed is None else CdzPolicy(result, allowed)
    enumeration = enumerate_rounds(rules, cards, policy)
    assert enumeration.total_probability == 1  # every deal once, none ran out of cards
    expected = result.overall if allowed is None else restricted_overall(result, allowed)
    difference = enumeration.expected - Fraction(expected)
    assert abs(difference) < TOLERANCE, (
        f"engine {enumeration.expected} = {float(enumeration.expected)!r}, analysis "
        f"{expected!r}, {enumeration.deals} deals"
    )
    return enumeration, result


def _covers(enumeration: Enumeration, *events: str) -> None:
    """The play reached each event in some deal: the case is not vacuous."""
    missing = [name for name in events if not enumeration.chances.get(name)]
    assert not missing, f"no deal has {missing}: {enumeration.chances}"


@pytest.mark.parametrize("shoe", list(SHOES))
def test_633a_7_engine_and_exact_hand_values_agree_standing_and_drawing(shoe: str) -> None:
    # The first step: stand or draw only, so the engine checks the analysis' hand values
    # (kernels.hand_values) without the double, split and surrender layers. The analysis has no
    # rule without doubling (633a.10(a)), so its figure is `_overall` with the first decision
    # limited the same way; with every option the same sum must be the analysis' own.
    enumeration, result = _agree(SHOES[shoe], {**NO_SPLITS, "late_surrender": False}, {"hit"})
    assert restricted_overall(result, OPTIONS) == pytest.approx(result.overall, abs=1e-15)
    _covers(enumeration, "hit", "stand", "decline", "dealer blackjack", "player blackjack")
    assert "double" not in enumeration.chances
    # The comparison can tell: doubling is worth about 0.04 of the wager from these shoes.
    assert result.overall - enumeration.expected > 0.04
    if shoe == "pairs":
        assert (enumeration.deals, enumeration.expected) == (5_681, Fraction(4579, 37800))


@pytest.mark.parametrize("shoe", list(SHOES))
def test_633a_7_engine_and_exact_analysis_agree_without_splits(shoe: str) -> None:
    # 633a.7(f)-(q) with doubling (633a.10), no splitting and no surrender.
    enumeration, result = _agree(SHOES[shoe], {**NO_SPLITS, "late_surrender": False})
    _covers(enumeration, "hit", "stand", "double", "dealer blackjack", "player blackjack")
    if shoe == "pairs":
        assert (enumeration.deals, enumeration.expected) == (5_856, Fraction(6107, 37800))
        assert result.house_edge == pytest.approx(-6107 / 37800, abs=1e-15)


@pytest.mark.parametrize("shoe", list(SHOES))
def test_633a_9_late_surrender_engine_and_exact_analysis_agree(shoe: str) -> None:
    # A surrender against an ace or ten-value up card is settled when the hole card shows
    # (633a.9(a)(2)); with the check that is always half back.
    enumeration, _ = _agree(SHOES[shoe], NO_SPLITS)
    _covers(enumeration, "surrender", "double")


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param({}, id="633a.11(c) as written: split aces draw and double"),
        pytest.param(
            {"hit_split_aces": False, "resplit_aces": False}, id="split aces one card each"
        ),
        pytest.param({"double_after_split": False}, id="no double after a split (non-PA)"),
    ],
)
def test_633a_11_splits_to_two_hands_engine_and_exact_analysis_agree(
    changes: dict[str, Any],
) -> None:
    enumeration, _ = _agree(PAIRS, {"max_hands": 2, **changes})
    _covers(enumeration, "split", "split A", "2 hands", "surrender", "double")


@pytest.mark.parametrize(
    ("cards", "changes", "most"),
    [
        pytest.param(ACES, {"max_hands": 3}, "3 hands of A", id="aces to 3 hands, drawing"),
        pytest.param(
            ACES,
            {"max_hands": 3, "hit_split_aces": False},
            "3 hands of A",
            id="aces to 3 hands, one card each",
        ),
        pytest.param(EIGHTS, {"max_hands": 4}, "4 hands of 8", id="eights to 4 hands"),
        # Beyond four hands the orders of pair and other second cards are a ballot count
        # (`split_values.orderings`): five of the seven ten-values make 5 hands.
        pytest.param(EIGHTS, {"max_hands": 5}, "5 hands of T", id="ten-values to 5 hands"),
        # Six hands of ten-values against a 6 (the dealer's cards are big enough that the
        # shoe never runs out): 11,100 deals.
        pytest.param(SIXES, {"max_hands": 6}, "6 hands of T", id="ten-values to 6 hands"),
    ],
)
def test_633a_11_c_resplits_engine_and_exact_analysis_agree(
    cards: list[Card], changes: dict[str, Any], most: str
) -> None:
    # Farmer's method counts the arrangements of pair and non-pair second cards; the engine
    # completes each split hand before the next (633a.11(b)) and resplits as it comes.
    enumeration, _ = _agree(cards, changes)
    _covers(enumeration, "split", most)


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param({"dealer_hits_soft_17": True}, id="H17"),
        pytest.param({"dealer_peeks": False}, id="no check, original bets only"),
        pytest.param(
            {"dealer_peeks": False, "original_bets_only": False}, id="no check, all bets lost"
        ),
    ],
)
def test_non_pa_what_if_rules_engine_and_exact_analysis_agree(changes: dict[str, Any]) -> None:
    # What-if rules both sides model (633a.7(h), (m), 633a.10(b), 633a.11(d)). Without the
    # check a dealer Blackjack is found only after the players' hands are played.
    enumeration, _ = _agree(PAIRS, {"max_hands": 2, **changes})
    _covers(enumeration, "split", "double", "surrender", "dealer blackjack")


def test_633a_12_b_hand_dealt_engine_and_exact_analysis_agree() -> None:
    # The hand-dealt game changes how cards are handled, not the odds (game.check_supported):
    # a busted hand is collected at once (633a.12(b)(6)(ii)), which must cost the same.
    changes = {"variant": "hand_dealt", "shoe": "batch_shuffler", "max_hands": 2}
    enumeration, _ = _agree(PAIRS, changes)
    _covers(enumeration, "split", "double", "surrender", "hit")
