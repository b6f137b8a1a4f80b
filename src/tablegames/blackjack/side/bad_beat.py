"""Bad Beat Progressive Wager (58 Pa. Code 633a.6(e)(8), 633a.7(o)(1), 633a.13(j)).

The player's hand totals 20 and the dealer has Blackjack or 21: the more cards in the dealer's 21,
the more it pays, up to 100% of the meter for seven or more cards. A dealer's two-card 21 is
always a Blackjack. If the Rules Submission selects it, a player's 20 also wins 1 for 1 whatever
the dealer holds (633a.7(o)(1)(i)); a hand fitting both is paid on the higher line only.

The Magic Card and Lucky Player Bonuses are separate, optional payouts to a player who placed the
wager (633a.1), whether or not the wager itself wins; `magic_card` and `lucky_player` decide
them and `MAGIC_CARD_BONUS` / `LUCKY_PLAYER_BONUS` are their lines.

"Matches the card randomly selected" (633a.1 "Magic Card Bonus"): the default `match="card"`
needs rank and suit, since what is selected is a card; `match="rank"` is the looser house rule.

>>> from tablegames.core.cards import parse_cards
>>> evaluate(20, parse_cards(["6S", "5D", "4H", "3C", "3S"]), player_has_20_line=False).label
'Player has a 20 and dealer has 21 with five cards'
>>> evaluate(20, parse_cards(["TS", "9D"]), player_has_20_line=True).line
'player_has_20'
>>> evaluate(19, parse_cards(["AS", "KD"]), player_has_20_line=True) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from tablegames.blackjack.hand import is_blackjack, points
from tablegames.core.cards import Card
from tablegames.core.errors import WagerError
from tablegames.core.paytable import (
    Paytable,
    PaytableLine,
    best,
    find_line,
    pays_for,
    pays_meter,
)

_PREFIX = "Player has a 20 and dealer has"
# 633a.13(j)(1)
PAYTABLE: Final[Paytable] = (
    pays_meter("dealer_21_with_seven_or_more_cards", f"{_PREFIX} 21 with seven or more cards"),
    pays_for("dealer_21_with_six_cards", 1000, f"{_PREFIX} 21 with six cards"),
    pays_for("dealer_21_with_five_cards", 100, f"{_PREFIX} 21 with five cards"),
    pays_for("dealer_21_with_four_cards", 50, f"{_PREFIX} 21 with four cards"),
    pays_for("dealer_21_with_three_cards", 25, f"{_PREFIX} 21 with three cards"),
    pays_for("dealer_blackjack", 10, f"{_PREFIX} Blackjack"),
    pays_for("player_has_20", 1, "Player has a 20 (optional)"),
    pays_for("magic_card_bonus", 20, "Magic Card Bonus (optional)"),
    pays_for("lucky_player_bonus", 5, "Lucky Player Bonus (optional)"),
)
MAGIC_CARD_BONUS: Final = find_line(PAYTABLE, "magic_card_bonus")
LUCKY_PLAYER_BONUS: Final = find_line(PAYTABLE, "lucky_player_bonus")
_TWENTY_ONE: Final = {
    3: "dealer_21_with_three_cards",
    4: "dealer_21_with_four_cards",
    5: "dealer_21_with_five_cards",
    6: "dealer_21_with_six_cards",
}


def evaluate(
    player_total: int, dealer_cards: Sequence[Card], *, player_has_20_line: bool
) -> PaytableLine | None:
    """The winning line for the player's final total against the dealer's final hand, or None.

    `player_has_20_line`: the Rules Submission selects the optional "Player has a 20" line.
    """
    # 4 (two 2s) to 30 (a hard 20 hit by a ten-value card): any other total is no hand.
    if not 4 <= player_total <= 30:
        raise WagerError(f"player total {player_total} is not a Blackjack hand's total")
    if len(dealer_cards) < 2:
        raise WagerError(f"the dealer's hand has {len(dealer_cards)} cards, fewer than two")
    # 633a.6(e)(8), 633a.7(o)(1)(i): the player's hand totals 20.
    if player_total != 20:
        return None
    applicable: set[str] = set()
    if player_has_20_line:
        applicable.add("player_has_20")
    if is_blackjack(dealer_cards, from_split=False):
        applicable.add("dealer_blackjack")
    elif points(dealer_cards).total == 21:
        applicable.add(_TWENTY_ONE.get(len(dealer_cards), "dealer_21_with_seven_or_more_cards"))
    return best(PAYTABLE, applicable)


def magic_card(
    first: Card, second: Card, selected: Card, *, match: Literal["card", "rank"] = "card"
) -> bool:
    """633a.1 "Magic Card Bonus": one of the player's first two cards matches the selected card."""
    if match == "card":
        return selected in (first, second)
    if match == "rank":
        return selected.rank in (first.rank, second.rank)
    raise WagerError(f"match {match!r} must be 'card' or 'rank'", paragraph="633a.13(j)")


def lucky_player(box: int, selected_box: int) -> bool:
    """633a.1 "Lucky Player Bonus": the player sits in the position the system selected."""
    if box < 1 or selected_box < 1:
        raise WagerError(f"player positions are numbered from 1, not {min(box, selected_box)}")
    return box == selected_box
