"""Blackjack Switch rounds in the kernel on hand-stacked shoes, each result worked out by hand from
633a.12(a) (one box, two hands of one unit each; a 3:2 game counts 2 ticks a unit).

The deal (633a.7(f), 633a.12(a)(3)): the first card of each of the box's two hands, the up card,
their second cards, the hole card, then the draws. The chart stands on everything, so no card is
drawn but the dealer's; the switch table either never switches (all zero: a tie keeps) or always
does (switched hands worth more).
"""

from __future__ import annotations

import numpy as np

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.chart import compile_chart
from tablegames.blackjack.sim.compile import compile_table
from tablegames.blackjack.sim.kernel import play_stacked
from tablegames.blackjack.sim.parity import RANKS, SUITS
from tablegames.blackjack.strategy_chart import StrategyChart
from tablegames.blackjack.switch_rule import SWITCHED

SWITCH = Rules(variant="blackjack_switch")
KEEP_ALL = np.zeros((2, 10, 10, 10))
SWITCH_ALL = np.zeros((2, 10, 10, 10))
SWITCH_ALL[SWITCHED] = 1.0
# Cards nobody should reach (the round must end before them).
PADDING = "2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C"


def play(cards: str, switch: np.ndarray) -> tuple[int, int]:
    """The box's net in ticks and the cards the round dealt."""
    shoe = np.array(
        [RANKS.index(card[0]) * 4 + SUITS.index(card[1]) for card in f"{cards} {PADDING}".split()],
        dtype=np.int8,
    )
    table = compile_table(SWITCH, player_boxes=1, other_boxes=0)
    pair_cells, total_cells = compile_chart(StrategyChart.uniform("S"))
    net = np.zeros(1, dtype=np.int64)
    dealt = play_stacked(shoe, table.params, pair_cells, total_cells, net, switch_values=switch)
    return int(net[0]), dealt


def test_633a_12_a_5_v_a_dealer_22_returns_hands_of_21_or_less() -> None:
    # 18 and 19 against a 6: the dealer's 6 6 draws a ten to 22; both wagers are returned.
    assert play("TS TH 6D 8C 9S 6H TD", KEEP_ALL) == (0, 7)
    # The same with the dealer's draw a 3 less, 9 6 6 = 21: both lose, -2 units.
    assert play("TS TH 6D 8C 9S 6H 9D", KEEP_ALL) == (-4, 7)


def test_633a_12_a_5_i_a_blackjack_pays_1_to_1_against_a_dealer_21_of_more_cards() -> None:
    # A K kept is a Blackjack; against 9 7 5 = 21 it wins 1 unit (not 1.5), the 17 loses 1.
    assert play("AS TH 9D KC 7S 7H 5D", KEEP_ALL) == (0, 7)
    # Against 9 7 6 = 22 the Blackjack and the 17 are both returned (633a.12(a)(5)(v)).
    assert play("AS TH 9D KC 7S 7H 6D", KEEP_ALL) == (0, 7)


def test_633a_13_a_a_kept_blackjack_pays_3_to_2_against_any_other_final_hand() -> None:
    # A K against 9 8 = 17: 1.5 units; the T 7 ties the 17.
    assert play("AS TH 9D KC 7S 8H", KEEP_ALL) == (3, 6)


def test_633a_12_a_4_iii_a_switched_ace_and_ten_is_a_21() -> None:
    # Dealt A 7 and 9 K; switched, A K and 9 7. Against 7 T = 17 the A K wins 1 unit as a 21
    # (not 1.5 as a Blackjack) and the 16 loses 1.
    assert play("AS 9H 7D 7C KS TH", SWITCH_ALL) == (0, 6)
    # Kept instead: A 7 = 18 wins, 9 K = 19 wins.
    assert play("AS 9H 7D 7C KS TH", KEEP_ALL) == (4, 6)


def test_633a_12_a_5_ii_a_dealer_blackjack_ties_a_blackjack_and_takes_the_other_wager() -> None:
    # A K and T 7 against A T: the check finds the Blackjack (633a.7(h)); no switch is asked.
    assert play("AS TH AD KC 7S TH", SWITCH_ALL) == (-2, 6)
