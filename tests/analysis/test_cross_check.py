"""The exact analysis and the round engine agree (issue cross-check).

Every initial deal of the two-card and up-card side wagers is settled by the round engine's own
settlement code (SideBook, the code a live round runs) and the returns, weighted by the exact
chance of each deal, are compared with the closed-form analysis, to the last fraction.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tablegames.blackjack.analysis.side_wagers import analyse
from tablegames.blackjack.hand import is_blackjack
from tablegames.blackjack.rules import Rules, rules_from_mapping
from tablegames.blackjack.side import kings_bounty, lucky_ladies, royal_match_21
from tablegames.blackjack.sidebook import SideBook
from tablegames.blackjack.state import BoxState, HandState
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card, standard_deck

FACES = standard_deck()
STAKE = 200  # every paytable's odds are multiples of 1/2: returns are whole cents

CASES: list[tuple[str, dict[str, Any]]] = [
    ("lucky_ladies", {"decks": 2, "side_wagers": {"lucky_ladies": {}}}),
    ("kings_bounty", {"decks": 2, "side_wagers": {"kings_bounty": {}}}),
    ("royal_match_21", {"decks": 2, "side_wagers": {"royal_match_21": {"paytable": "C"}}}),
    ("bet_the_set_21", {"decks": 2, "side_wagers": {"bet_the_set_21": {"paytable": "B"}}}),
    ("match_the_dealer", {"decks": 6, "side_wagers": {"match_the_dealer": {}}}),
    ("in_between", {"decks": 2, "side_wagers": {"in_between": {}}}),
    ("three_card_poker", {"decks": 2, "side_wagers": {"three_card_poker": {}}}),
    ("straight_jack", {"decks": 2, "side_wagers": {"straight_jack": {}}}),
    ("house_money", {"decks": 2, "side_wagers": {"house_money": {}}}),
]


def _settle(rules: Rules, wager: str, player: list[Card], dealer: list[Card]) -> int:
    box = BoxState(wager=BoxWager(box=1, amount=1000))
    box.hands.append(HandState(cards=list(player), stake=1000))
    book = SideBook(rules=rules, boxes=[box], meters={})
    book.place(1, 0, wager, STAKE)
    returned = sum(item.returned for item in book.settle_initial(dealer))
    blackjack = is_blackjack(dealer, from_split=False)
    returned += sum(item.returned for item in book.settle_pairs(dealer, dealer_blackjack=blackjack))
    returned += sum(item.returned for item in book.settle_royal_matches(dealer))
    return returned


def _waits_for_hole_card(wager: str, first: Card, second: Card, up: Card) -> bool:
    module = {"lucky_ladies": lucky_ladies, "kings_bounty": kings_bounty}.get(wager)
    if wager == "royal_match_21":
        return royal_match_21.needs_hole_card(first, second, up)
    return module is not None and module.needs_hole_card(first, second, up)


def _engine_expected_return(wager: str, rules: Rules) -> Fraction:
    copies = {face: rules.decks for face in FACES}
    total = 52 * rules.decks
    expected = Fraction(0)
    for i, first in enumerate(FACES):
        for second in FACES[i:]:
            # Deal order of 633a.7(f): player, up card, player, hole card.
            left = dict(copies)
            ways = Fraction(left[first], total)
            left[first] -= 1
            for up in FACES:
                if not left[up]:
                    continue
                w_up = ways * Fraction(left[up], total - 1)
                left[up] -= 1
                if not left[second]:
                    left[up] += 1
                    continue
                w_two = w_up * Fraction(left[second], total - 2)
                left[second] -= 1
                weight = w_two * (1 if first == second else 2)
                player = [first, second]
                # Only a held-back wager (QH or KS pair, Royal Match against K or Q) waits for the
                # hole card; every other deal settles on the three cards.
                if _waits_for_hole_card(wager, first, second, up):
                    remaining = total - 3
                    for hole in FACES:
                        if left[hole]:
                            returned = _settle(rules, wager, player, [up, hole])
                            expected += weight * Fraction(left[hole], remaining) * returned
                else:
                    returned = _settle(rules, wager, player, [up, FACES[0]])
                    expected += weight * returned
                left[second] += 1
                left[up] += 1
    return expected / STAKE


@pytest.mark.parametrize(("wager", "data"), CASES, ids=[case[0] for case in CASES])
def test_round_engine_settlement_agrees_with_the_exact_analysis(
    wager: str, data: dict[str, Any]
) -> None:
    rules = rules_from_mapping(data)
    assert _engine_expected_return(wager, rules) == analyse(wager, rules).expected_return()
