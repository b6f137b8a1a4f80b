"""The player's final hands: the array path (`final_hand_table`, every up card at once) against
the hand-by-hand reference (`final_hands`), record for record."""

from __future__ import annotations

from collections import Counter

import pytest

from tablegames.blackjack.analysis.game import analyse
from tablegames.blackjack.analysis.player_finals import final_hand_table, final_hands
from tablegames.blackjack.rules import Rules


@pytest.mark.parametrize(
    "rules",
    [
        Rules(decks=1),
        Rules(decks=1, max_hands=2, dealer_peeks=False, dealer_hits_soft_17=True),
        Rules(decks=2, late_surrender=True, max_hands=3, resplit_aces=True),
        Rules(decks=2, hit_split_aces=True, resplit_aces=True, double_after_split=False),
        Rules(decks=6),
        # 633a.11(c): eight hands, aces resplit, so up to seven pair cards are split off from
        # hand 0 (its rows were once keyed for three at most).
        Rules(decks=2, max_hands=8),
    ],
)
def test_633a_11_final_hand_table_equals_final_hands(rules: Rules) -> None:
    """Stood, busted, doubled (633a.10), surrendered (633a.9) and split (633a.11) hands, with
    their cards removed and orderings, the same for every up card on both paths."""
    game = analyse(rules)
    every = final_hand_table(game)
    twenties = final_hand_table(game, total=20)
    for up in range(10):
        reference = final_hands(game, up)
        assert Counter(every.hands(up)) == Counter(reference)
        assert Counter(twenties.hands(up)) == Counter(h for h in reference if h.total == 20)
