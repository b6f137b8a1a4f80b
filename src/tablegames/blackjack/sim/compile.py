"""House rules compiled into the kernel's parameters; what the kernel does not play is refused.

Every field of `Rules` is listed in exactly one of `COMPILED` (it becomes a kernel parameter) or
`NOT_PLAYED` (why it cannot change a simulated result); a test checks that the two cover the
model, so a new house rule cannot slip past the simulator unread. A value the kernel does not model
(a side wager, a variation) is refused with its reason before any work, never simulated as
something else.

>>> from tablegames.blackjack.rules import Rules
>>> table = compile_table(Rules(), player_boxes=1, other_boxes=0)
>>> int(table.params[P_TICKS]), int(table.params[P_BLACKJACK_TICKS]), int(table.params[P_COVER])
(2, 3, 234)
>>> compile_table(Rules(side_wagers={"super_match": {}}), player_boxes=1, other_boxes=0)
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: side_wagers.super_match: is offered only at a Blackjack Switch \
table (58 Pa. Code 633a.6(e)(7))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sim.kernel import (
    BURN_EACH_ROUND_ON,
    COUNT_BOTH_SIDES,
    P_ALL_WAGERS_LOST,
    P_BLACKJACK_TICKS,
    P_BOXES,
    P_BURN,
    P_BURN_EACH_ROUND,
    P_COUNT,
    P_COVER,
    P_DECKS,
    P_DOUBLE_AFTER_SPLIT,
    P_DOUBLE_SHOE_COUNT,
    P_HIT_SPLIT_ACES,
    P_HITS_SOFT_17,
    P_LATE_SURRENDER,
    P_MAX_HANDS,
    P_NO_PEEK,
    P_PLAYER_BOXES,
    P_PREMIUM,
    P_RESHUFFLE_EVERY_ROUND,
    P_RESPLIT_ACES,
    P_SESSION_ROUNDS,
    P_SIZE,
    P_SWITCH_CARDS_BEFORE,
    P_TICKS,
    P_TIE_SWITCHED,
    CardArray,
    DoubleShoeArray,
    IntArray,
)
from tablegames.blackjack.sim.side_tables import side_refusals
from tablegames.blackjack.variation import (
    BLACKJACK_SWITCH,
    HAND_DEALT,
    STANDARD,
    SWITCH_HANDS,
    variation_of,
)
from tablegames.core.errors import RulesError

DECK_CARDS: Final = 52
SIMULATED_VARIATIONS: Final = (STANDARD, HAND_DEALT, BLACKJACK_SWITCH, SWITCH_HANDS)
# 633a.6(e)(7): the side wager of a Blackjack Switch table, read from its two hands.
SWITCH_SIDE_WAGERS: Final = frozenset({"super_match"})

# The fields the kernel plays, each with where it goes.
COMPILED: Final[dict[str, str]] = {
    "decks": "the shoe's size (633a.3(a))",
    "shoe": "a shoe or batch shuffler reshuffles at the cover card, a continuous shuffler every "
    "round (633a.5(h)), a double shoe deals the side its determinant card selects (633a.7(d))",
    "penetration": "the cover card's position (633a.5(d))",
    "boxes": "the player's and the other players' boxes may not exceed it (633a.2(a))",
    "max_boxes_per_player": "the player's boxes may not exceed it (633a.6(f))",
    "dealer_hits_soft_17": "the dealer's drawing rule (633a.7(m))",
    "dealer_peeks": "the check for Blackjack (633a.7(h)); without it (non-PA) every hand is "
    "played and a dealer Blackjack settled when the hole card shows, as the engine does",
    "late_surrender": "surrender on the first two cards (633a.9(a)); at Blackjack Switch only "
    "with switch_surrender (633a.12(a)(4))",
    "double_after_split": "doubling a split hand (633a.10(a))",
    "max_hands": "the limit of hands from splitting (633a.11(c))",
    "resplit_aces": "splitting split aces again (633a.11(c))",
    "hit_split_aces": "drawing to split aces (633a.11(c))",
    "blackjack_pays": "what a Blackjack pays (633a.13(a))",
    "original_bets_only": "without the check, a dealer Blackjack takes only the box's initial "
    "wagers (633a.10(b), 633a.11(d)), or doubles and splits too (non-PA)",
    "side_wagers": "those settled on the initial deal, by the engine's own tables "
    "(sim.side_tables), Bad Beat and Hit and Run with their meters, each at the least stake the "
    "table takes (a multiple of the wager unit), Super Match at Blackjack Switch; at Blackjack "
    "Switch on the box's first hand as dealt (a Royal Match held for the hole card too, "
    "633a.6(e)(4), 633a.7(g)(4)), at "
    "Switch Hands on the cards the box plays (633c.4(g)); EZ Bust declined",
    "variant": "the standard game; the hand-dealt game (633a.12(b): a card burned before every "
    "round after the first, 633a.12(b)(5); its other procedures change no amount); Blackjack "
    "Switch (633a.12(a)): two hands a box, the switch decision, a dealer 22 returning hands of "
    "21 or less, a kept Blackjack paid against the dealer's final hand; Switch Hands (633c.4): "
    "every box places the ante (633c.4(c)), two switch cards (633c.4(d), (j)), the switch "
    "decision (633c.4(f)), the premium and tie payouts (633c.4(i)(2), (o))",
    "switch_surrender": "surrender at Blackjack Switch (633a.12(a)(4), 633a.9(a))",
    "switch_cards_dealt": "the switch cards dealt before the Blackjack hands (633c.4(d)) or "
    "after them (633c.4(j)): which cards of the shoe the box and the dealer get",
    "blackjack_premium": "633c.4(o): a same-colour Blackjack of any box with the ante pays 2 to "
    "1 and a tied Blackjack 1 to 2 (the ante, optional there, 633c.4(k)-(l), is always placed)",
    "tie_blackjack_pays": "633c.4(i)(2)(ii): a switched box's tied Blackjack pays 1 to 2",
    "payout_limit": "633a.13(m): the round's Lucky Ladies and King's Bounty pair-and-dealer-"
    "Blackjack lines on the player's boxes, in the aggregate, shared in proportion to the wagers "
    "over it (side_tables.compile_payout_cap); without those wagers it limits nothing",
}
# The fields that cannot change a simulated result, and why.
NOT_PLAYED: Final[dict[str, str]] = {
    "min_wager": "results are per unit of the initial wager",
    "max_wager": "results are per unit of the initial wager",
    "wager_unit": "it rounds an insurance wager (633a.8(b)), and insurance is declined",
    "even_money": "even money (633a.8(e)) is declined by the chart's policy",
    "settlement_procedure": "the order of settlement (633a.7(r)) changes no amount",
    "bar_after_sitting_out": "who may wager (633a.6(b)): every simulated box wagers every round",
    "player_cut": "who cuts (633a.5(b)): a cut of a uniformly shuffled stack leaves it uniform",
}


@dataclass(frozen=True, slots=True)
class CompiledTable:
    """What one work unit needs: the kernel's parameters and a fresh shoe of card codes."""

    params: IntArray
    decks: int
    ticks: int  # per unit of the initial wager
    double_shoe: bool = False  # 633a.3(c): two sides of decks / 2 decks each
    hands_per_box: int = 1  # 633a.12(a)(1): two equal Blackjack Wagers at Blackjack Switch

    def burn_each_round(self) -> IntArray | None:
        """The kernel's `burn_each_round`: set for the hand-dealt game (633a.12(b)(5))."""
        return BURN_EACH_ROUND_ON if self.params[P_BURN_EACH_ROUND] else None

    def fresh_sides(self) -> DoubleShoeArray:
        """A double shoe's two sides (red, then black), each as `fresh_shoe` lays out one."""
        side = self.fresh_shoe()  # `decks` is a side's: its cards, then room for a refill
        return np.stack([side, side.copy()])

    def fresh_shoe(self) -> CardArray:
        """Every card once per deck, as codes 0-51 (kernel.py), then as many again: room for a
        633a.14(f) refill behind the shoe's last card. The kernel shuffles it."""
        return np.tile(np.arange(DECK_CARDS, dtype=np.int8), 2 * self.decks)


def refusals(rules: Rules) -> list[tuple[str, str, str | None]]:
    """(field, why, paragraph) for each house rule in force that the kernel does not play."""
    found: list[tuple[str, str, str | None]] = []
    variation = variation_of(rules)
    # 633a.12(b): the hand-dealt game changes the cards dealt only by its burn (P_BURN_EACH_ROUND);
    # face-down cards (633a.12(b)(5)) and busted hands discarded at once (633a.12(b)(6)(ii))
    # change no amount.
    if variation not in SIMULATED_VARIATIONS:
        found.append(
            (
                "variant",
                f"{variation.title} ({variation.paragraph}) is not simulated yet: the standard "
                "game, the hand-dealt game, Blackjack Switch and Switch Hands only",
                None,
            )
        )
    for name in rules.side_wagers.offered():
        # 633a.6(e)(7): Super Match reads a Blackjack Switch box's four cards (the Rules refuse
        # it elsewhere too). Every other side wager is simulated at every variation, as the
        # engine settles it: at Blackjack Switch once per box, on its first hand as dealt
        # (633a.12(a)(2)-(3)), at Switch Hands on the cards the box plays (633c.4(f)-(g)).
        if name in SWITCH_SIDE_WAGERS and variation is not BLACKJACK_SWITCH:
            found.append(
                (
                    f"side_wagers.{name}",
                    "is offered only at a Blackjack Switch table",
                    "633a.6(e)(7)",
                )
            )
    found += side_refusals(rules)
    return found


def compile_table(
    rules: Rules,
    *,
    player_boxes: int,
    other_boxes: int,
    reshuffle_every_round: bool = False,
    count: bool = False,
    session_rounds: int = 0,
) -> CompiledTable:
    """The kernel's parameters for `rules` with the player's boxes first, then the others';
    `count`: total the rounds by their Hi-Lo true count as well (`sim.counting`);
    `session_rounds`: keep each session's result, in order (the plot's)."""
    found = refusals(rules)
    if found:
        field, why, paragraph = found[0]
        raise RulesError(f"{field}: {why}", paragraph=paragraph)
    if not 1 <= player_boxes <= rules.max_boxes_per_player:
        raise RulesError(
            f"the player takes 1 to {rules.max_boxes_per_player} boxes, not {player_boxes}",
            paragraph="633a.6(f)",
        )
    if other_boxes < 0 or player_boxes + other_boxes > rules.boxes:
        raise RulesError(
            f"{player_boxes + other_boxes} boxes in play at a table of {rules.boxes}",
            paragraph="633a.2(a)",
        )
    ratio = rules.blackjack_ratio
    ticks = math.lcm(2, ratio.denominator)  # a surrender's half and a Blackjack's odds are whole
    variation = variation_of(rules)
    if variation.takes_switch_hands_ante:
        ticks = math.lcm(ticks, 10)  # 633c.4(c): the ante's fifth, 633c.4(o): the tie's half
    double_shoe = rules.shoe == "double_shoe"
    # 633a.3(c): a double shoe's sides hold half the decks each; the kernel deals one side a round.
    decks = rules.decks // 2 if double_shoe else rules.decks
    cards = decks * DECK_CARDS
    continuous = rules.shoe == "continuous_shuffler"
    params = np.zeros(P_SIZE, dtype=np.int64)
    params[P_DECKS] = decks
    params[P_HITS_SOFT_17] = rules.dealer_hits_soft_17
    params[P_DOUBLE_AFTER_SPLIT] = rules.double_after_split
    # 633a.12(a)(4): surrender at Blackjack Switch only where the house allows it.
    params[P_LATE_SURRENDER] = rules.late_surrender and (
        rules.switch_surrender or not variation.surrender_needs_house_option
    )
    params[P_MAX_HANDS] = rules.max_hands
    params[P_RESPLIT_ACES] = rules.resplit_aces
    params[P_HIT_SPLIT_ACES] = rules.hit_split_aces
    params[P_TICKS] = ticks
    params[P_BLACKJACK_TICKS] = int(ratio * ticks)
    # 633a.5(d): the cover card after floor(cards * penetration) cards, as the shoe places it;
    # 633a.5(h): a continuous shuffler has none and reshuffles after every round.
    params[P_COVER] = 0 if continuous else math.floor(cards * rules.penetration)
    # 633a.7(c): one burn card after each shuffle. A continuous shuffler burns once, when it is
    # first loaded; one unseen card of a uniform shuffle changes no chance, so none is burned.
    params[P_BURN] = 0 if continuous or double_shoe else 1  # 633a.7(d): none at a double shoe
    params[P_RESHUFFLE_EVERY_ROUND] = reshuffle_every_round or continuous
    params[P_BOXES] = player_boxes + other_boxes
    params[P_PLAYER_BOXES] = player_boxes
    # 633c.4(f)(1): at Switch Hands the count leaves out the switch cards discarded unexposed
    # (the kernel takes them back out after the round).
    params[P_COUNT] = count
    # 633a.3(c), 633a.7(d): at a double shoe a count per side, the bet on both sides' mean
    # (kernel.P_DOUBLE_SHOE_COUNT; sim.counting says why).
    params[P_DOUBLE_SHOE_COUNT] = COUNT_BOTH_SIDES
    if session_rounds < 0:
        raise RulesError(f"a session of {session_rounds} rounds")
    params[P_SESSION_ROUNDS] = session_rounds
    params[P_BURN_EACH_ROUND] = variation.burns_before_each_round
    # 633c.4(d), (j): when the switch cards are dealt; 633c.4(o), 633c.4(i)(2)(ii): payouts.
    params[P_SWITCH_CARDS_BEFORE] = rules.switch_cards_dealt == "before"
    params[P_PREMIUM] = rules.blackjack_premium
    params[P_TIE_SWITCHED] = rules.tie_blackjack_pays
    # 633a.7(h): the check for Blackjack; without it (non-PA) a dealer Blackjack takes the
    # original wagers only (633a.10(b), 633a.11(d)) or, without that either, every wager.
    params[P_NO_PEEK] = not rules.dealer_peeks
    params[P_ALL_WAGERS_LOST] = not rules.original_bets_only
    return CompiledTable(params, decks, ticks, double_shoe, variation.hands_per_box)
