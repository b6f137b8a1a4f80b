"""The variation a table deals, chosen once from the rules: the standard game (633a), Blackjack
Switch (633a.12(a)), the hand-dealt game (633a.12(b)) or Switch Hands / Blackjack premium
(633c.4). Everything a variation changes is a field here, so the engine, the rules checks, the
analysis and the displays ask the variation a question instead of comparing `rules.variant`.

This module imports nothing from the game, so the rules model, the round state and settlement
can all read it without an import cycle; `variants.py` re-exports it beside the payout rules
that need the round's state.

>>> variation_named("blackjack_switch").hands_per_box
2
>>> variation_named("hand_dealt").deals_face_down, variation_named("standard").deals_face_down
(True, False)
>>> variation_named("poker")
Traceback (most recent call last):
...
KeyError: "no Blackjack variation is named 'poker'"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal, Protocol

Analysis = Literal["main_game", "blackjack_switch", "switch_hands"]


class HasVariant(Protocol):
    """Anything that names its variation (the Rules, an analysis' figures)."""

    @property
    def variant(self) -> str: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Variation:
    """What one variation changes; the standard game's answer is every field's default."""

    name: str
    title: str
    paragraph: str
    # 633a.12(a)(1), (3): a Blackjack Switch player places two equal wagers and plays two hands.
    hands_per_box: int = 1
    # 633a.12(a)(4): the second cards of the two hands may change places; a switched ace and
    # ten is a 21, not a Blackjack (633a.12(a)(5)(iii)-(iv)).
    switches_second_cards: bool = False
    # 633a.12(a)(5)(i), (v): a Blackjack is paid only against the dealer's final hand, so it is
    # never paid at once against a 2-9 up card (633a.7(i)(1)(i)) and keeps the dealer drawing.
    pays_naturals_against_final_hand: bool = False
    # 633a.12(a)(5)(i): against a dealer's 21 of more than two cards a Blackjack pays 1 to 1.
    natural_pays_even_against_dealer_21: bool = False
    # 633a.12(a)(5)(v): a dealer 22 returns every hand of 21 or less.
    dealer_22_pushes: bool = False
    # Reading of 633a.12(a)(4): the hands are not final until the switch decision, which comes
    # after the insurance offer, so even money (633a.8(e)) cannot be offered.
    offers_even_money: bool = True
    # 633a.12(a)(4) lists double, split, stand and draw: surrender only as a house option
    # (`Rules.switch_surrender`).
    surrender_needs_house_option: bool = False
    # 633a.6(e)(7): Super Match is offered only at a Blackjack Switch table.
    offers_super_match: bool = False
    # 633a.12(b)(5): dealt from the hand, the players' cards go face down.
    deals_face_down: bool = False
    # 633a.12(b)(6)(ii): a busted hand is discarded at once and its wager collected.
    discards_busted_hands_at_once: bool = False
    # 633a.12(b)(5): before each round after the first the dealer burns one card.
    burns_before_each_round: bool = False
    # 633a.3(d): the decks opened at the table are changed at least every 24 hours, every 4
    # when the game is dealt from the hand.
    decks_changed_within_hours: int = 24
    # 633a.12(b)(1): at most two decks; 633a.12(b)(2): shuffled by an automated device.
    max_decks: int | None = None
    needs_shuffling_device: bool = False
    # 633c.4(c): an ante buys two switch cards (633c.4(d)) and the choice of 633c.4(f).
    takes_switch_hands_ante: bool = False
    # 633c.4(b): Blackjack Wagers in $5 increments (cents), or None.
    wager_increment: int | None = None
    # 633c.4(i)(2), (o): same suit or colour Blackjacks pay 2 to 1, tied Blackjacks 1 to 2;
    # the Blackjack premium and tie-pays options exist only here.
    pays_premium_blackjacks: bool = False
    # Which exact analysis covers the game: the main game's (analysis/game.py) or a whole-round
    # switch analysis (analysis/switch_games.py).
    analysis: Analysis = "main_game"
    # The Rules fields that only this variation reads (a display marks them unused elsewhere).
    own_fields: frozenset[str] = frozenset()

    @property
    def is_standard(self) -> bool:
        return self is STANDARD

    @property
    def analysed_as_main_game(self) -> bool:
        """The exact CDZ-/basic analysis of one hand covers it (no switch decision)."""
        return self.analysis == "main_game"


STANDARD: Final = Variation(name="standard", title="Blackjack", paragraph="633a")
BLACKJACK_SWITCH: Final = Variation(
    name="blackjack_switch",
    title="Blackjack Switch",
    paragraph="633a.12(a)",
    hands_per_box=2,
    switches_second_cards=True,
    pays_naturals_against_final_hand=True,
    natural_pays_even_against_dealer_21=True,
    dealer_22_pushes=True,
    offers_even_money=False,
    surrender_needs_house_option=True,
    offers_super_match=True,
    analysis="blackjack_switch",
    own_fields=frozenset({"switch_surrender"}),
)
HAND_DEALT: Final = Variation(
    name="hand_dealt",
    title="Hand-dealt Blackjack",
    paragraph="633a.12(b)",
    deals_face_down=True,
    discards_busted_hands_at_once=True,
    burns_before_each_round=True,
    decks_changed_within_hours=4,
    max_decks=2,
    needs_shuffling_device=True,
)
SWITCH_HANDS: Final = Variation(
    name="switch_hands",
    title="Switch Hands (Blackjack premium)",
    paragraph="633c.4",
    takes_switch_hands_ante=True,
    wager_increment=500,
    pays_premium_blackjacks=True,
    analysis="switch_hands",
    own_fields=frozenset({"switch_cards_dealt", "blackjack_premium", "tie_blackjack_pays"}),
)

VARIATIONS: Final[Mapping[str, Variation]] = {
    variation.name: variation
    for variation in (STANDARD, BLACKJACK_SWITCH, HAND_DEALT, SWITCH_HANDS)
}


def variation_named(name: str) -> Variation:
    """The variation a Rules Submission names (`Rules.variant`)."""
    try:
        return VARIATIONS[name]
    except KeyError:
        raise KeyError(f"no Blackjack variation is named {name!r}") from None


def variation_of(rules: HasVariant) -> Variation:
    """The variation `rules` deal (the Rules validate the name, so this cannot fail for them)."""
    # Asked on every decision: one dict lookup, with the named error only for a bad name.
    variation = VARIATIONS.get(rules.variant)
    return variation if variation is not None else variation_named(rules.variant)
