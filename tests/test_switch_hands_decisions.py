"""633c.4(h) and 633c.4(n): a switch hand is played like the initial two cards.

"A player may surrender on the initial two cards dealt or a switch hand, may double down or split
pairs in accordance with 633a.9-633a.11": (h) at a Switch Hands table, (n) at a Blackjack premium
table. The shoe deals the two switch cards first (633c.4(d): 9S 9C), then the Blackjack hand and
the dealer's cards in the order of 633a.7(f) (box 5D, up 8D, box 7H, hole 9H).
"""

from __future__ import annotations

import pytest

from tablegames.blackjack.actions import Action
from tablegames.blackjack.scenario import build_round

SHOE = ["9S", "9C", "5D", "8D", "7H", "9H", "2C", "3C", "4C", "5C"]


@pytest.mark.parametrize(
    ("premium", "ante"),
    [(False, 200), (True, 200)],
    ids=["633c_4_h_switch_hands", "633c_4_n_blackjack_premium"],
)
def test_633c_4_h_and_633c_4_n_a_switch_hand_may_split_double_or_surrender(
    premium: bool, ante: int
) -> None:
    game = build_round(
        {
            "rules": {"preset": "pa-switch-hands-premium", "blackjack_premium": premium},
            "shoe": SHOE,
            "boxes": [{"box": 1, "wager": 1000, "ante": ante}],
        }
    )
    game.act(Action.SWITCH, None)  # 633c.4(f)(2): the 9S 9C replace the 5D 7H
    assert [str(card) for card in game.box(1).hands[0].cards] == ["9S", "9C"]
    legal = set(game.legal_actions())
    assert {Action.SPLIT, Action.DOUBLE, Action.SURRENDER, Action.HIT, Action.STAND} <= legal


def test_633c_4_h_a_switch_hand_can_be_split_into_two_hands() -> None:
    game = build_round(
        {
            "rules": {"preset": "pa-switch-hands-premium", "blackjack_premium": False},
            "shoe": SHOE,
            "boxes": [{"box": 1, "wager": 1000, "ante": 200}],
        }
    )
    game.act(Action.SWITCH, None)
    game.act(Action.SPLIT, None)  # 633a.11(a) applied to the switch hand
    # 633a.11(b): the first hand takes its second card and is played before the second hand.
    hands = game.box(1).hands
    assert [str(hand.cards[0]) for hand in hands] == ["9S", "9C"]
    assert [len(hand.cards) for hand in hands] == [2, 1]


def test_633c_4_m_a_premium_table_settles_the_optional_wagers_after_the_switch() -> None:
    # 633c.4(m) names 633a.7(h)-(t) after (l); the optional wagers of 633a.7(g) are read as
    # settled after the choice, as at a Switch Hands table (633c.4(g)): round.py, `_advance`.
    # Switch cards QS QD (633c.4(d)), dealt 5D 7H: Lucky Ladies reads the cards the box plays.
    # After the switch, QS QD is "any 20", 4 to 1 (633a.13(c)): 500 wagered, 2,500 returned.
    # Kept, 5D 7H (12) would have lost it.
    shoe = ["QS", "QD", "5D", "8D", "7H", "9H", "2C", "3C", "4C", "5C"]
    scenario = {
        "rules": {
            "preset": "pa-switch-hands-premium",
            "blackjack_premium": True,
            "side_wagers": {"lucky_ladies": {}},
        },
        "shoe": shoe,
        "boxes": [{"box": 1, "wager": 1000, "ante": 200, "side": {"lucky_ladies": 500}}],
    }
    switched = build_round(scenario)
    assert not any(s.wager == "lucky_ladies" for s in switched.settlements())  # not before (l)
    switched.act(Action.SWITCH, None)
    paid = next(s for s in switched.settlements() if s.wager == "lucky_ladies")
    assert (paid.returned, paid.line) == (2500, "any_20")
    kept = build_round(scenario)
    kept.act(Action.KEEP, None)
    lost = next(s for s in kept.settlements() if s.wager == "lucky_ladies")
    assert lost.returned == 0
