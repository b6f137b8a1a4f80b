"""Bad Beat (633a.6(e)(8)): the player's final 20 against the dealer's 21, enumerated exactly.

The wager depends on how the player plays, so the player follows the main game's strategy: the
exact CDZ- analysis of `game.py` for the same Rules Submission (`player_finals.final_hands`),
splits, doubles and surrender included. The round engine reads the first hand of the box
(hand 0), so that hand is followed; a surrendered hand is not "a 20".

For each up card and each final hand of 20 the dealer's hands are counted from the shoe less the
up card and every card that left the shoe for that hand: the joint probability of the player's
cards and the dealer's cards is a product of falling factorials over n(n-1)...(n-k+1), whatever
the order the positions are dealt in (633a.7(f)). With an ace or ten-value up card the dealer
checks for Blackjack first (633a.7(h)): the round ends on the player's first two cards, so the
Blackjack line reads the two-card 20s (a pair of ten-value cards, an ace and a 9) whatever the
strategy would have done with them.

>>> from tablegames.blackjack.rules import Rules
>>> analysis = bad_beat(Rules(decks=6))
>>> f"{float(analysis.house_edge()):.4f}"  # at the $5,000 reset over a $1 minimum
'0.4958'
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Final

from tablegames.blackjack.analysis.compositions import Composition, PointCounts, falling
from tablegames.blackjack.analysis.dealer_draws import ACE, POINT_VALUES, TEN
from tablegames.blackjack.analysis.game import GameValues, analyse
from tablegames.blackjack.analysis.player_finals import FinalHand, final_hands
from tablegames.blackjack.analysis.side_dealer import (
    dealer_hand_groups,
    progressive_meter,
    weigh_groups,
)
from tablegames.blackjack.analysis.side_outcomes import (
    PARAGRAPHS,
    SideWagerAnalysis,
    check_decks,
    collect,
    no_paytable_choice,
)
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.rules.side import BadBeat
from tablegames.blackjack.side import bad_beat as bad_beat_wager
from tablegames.blackjack.side.bad_beat import LUCKY_PLAYER_BONUS, MAGIC_CARD_BONUS
from tablegames.blackjack.variation import variation_of
from tablegames.core.errors import RulesError
from tablegames.core.paytable import PaytableLine, find_line

PLAYER_STRATEGY: Final = (
    "the main game's CDZ- strategy for these rules (tablegames edge blackjack), splits, "
    "doubles and surrender included; the first hand of the box is read (hand 0)"
)

_BAD_BEAT_21: Final = {
    3: "dealer_21_with_three_cards",
    4: "dealer_21_with_four_cards",
    5: "dealer_21_with_five_cards",
    6: "dealer_21_with_six_cards",
}
_SEVEN_OR_MORE: Final = "dealer_21_with_seven_or_more_cards"  # 100% of the meter

# (line, cards dealt, first two a pair of) -> over falling(n, dealt)
Numerators = defaultdict[tuple[str, int, int], int]


Twenties = tuple[tuple[FinalHand, ...], ...]  # per up card, rank 0 (ace) to 9 (ten-value)


def twenties_of(game: GameValues) -> Twenties:
    """Per up card: hand 0's final 20s under `game`'s CDZ- strategy, merged by the cards that
    left the shoe for them (and whether the first two were a pair, for the Magic Card)."""
    per_up = []
    for up in range(10):
        merged: defaultdict[tuple[tuple[int, ...], int], int] = defaultdict(int)
        cards: dict[tuple[tuple[int, ...], int], int] = {}
        if game.table.shoe[up]:
            for hand in final_hands(game, up, total=20):
                merged[(hand.removed, hand.pair)] += hand.orderings
                cards[(hand.removed, hand.pair)] = hand.cards
        per_up.append(
            tuple(
                FinalHand(removed, cards[(removed, pair)], 20, False, orderings, pair)
                for (removed, pair), orderings in merged.items()
            )
        )
    return tuple(per_up)


@lru_cache(maxsize=4)
def player_twenties(rules: Rules) -> Twenties:
    """`twenties_of` the main game's CDZ- analysis of `rules` from a full shoe."""
    if not variation_of(rules).analysed_as_main_game:
        raise RulesError(
            f"variant {rules.variant!r}: Bad Beat's figure follows the main game's CDZ- "
            "strategy, which the exact analysis gives for the standard and hand-dealt games; "
            "the switch decision of this variant changes the hands the player finishes with",
            paragraph="633a.6(e)(8)",
        )
    return twenties_of(analyse(rules))


def _two_card_twenties() -> tuple[FinalHand, ...]:
    """The first two cards totalling 20: two ten-value cards, or an ace and a 9."""
    ten_ten = tuple(2 if rank == TEN - 1 else 0 for rank in range(10))
    ace_nine = tuple(1 if rank in (ACE - 1, 8) else 0 for rank in range(10))
    return (
        FinalHand(ten_ten, 2, 20, False, 1, pair=TEN - 1),
        FinalHand(ace_nine, 2, 20, False, 2),
    )


@dataclass(frozen=True, slots=True)
class Bonuses:
    """The optional bonuses of 633a.13(j)(1) a Rules Submission offers with the wager.

    `copies`: how many physical cards share each rank and suit (the decks), for the chance that
    the first two cards are the same card twice; `boxes`: the positions the Lucky Player is drawn
    from."""

    magic_card: bool = False
    lucky_player: bool = False
    copies: int = 1
    boxes: int = 7

    @property
    def any(self) -> bool:
        return self.magic_card or self.lucky_player


def magic_card_chance(pair: int, copies: int, alike: int) -> Fraction:
    """633a.1 "Magic Card Bonus": the chance that a card drawn by the system from one standard
    deck (52 cards, `Table.select`) is one of the player's first two cards, given that these are
    a pair of rank `pair` (-1: not a pair) from `alike` cards of that point value in the shoe.
    Two different cards match 2 of the 52; the same card twice (same rank and suit, possible
    with `copies` decks) only 1.

    >>> magic_card_chance(-1, 6, 0), magic_card_chance(4, 1, 4), magic_card_chance(0, 2, 8)
    (Fraction(1, 26), Fraction(1, 26), Fraction(1, 28))
    """
    if pair < 0:
        return Fraction(2, 52)
    twice = Fraction(copies - 1, alike - 1)  # P(the second is the first's rank and suit)
    return (2 - twice) / 52


def bad_beat_lines(
    shoe: PointCounts,
    twenties: Twenties,
    *,
    hits_soft_17: bool,
    player_has_20: bool,
    dealer_peeks: bool = True,
    bonuses: Bonuses = Bonuses(),
) -> dict[tuple[PaytableLine, ...], Fraction]:
    """The Bad Beat lines' probabilities from `shoe` for one player whose final 20s are
    `twenties` (`twenties_of` the same shoe's analysis), with any `bonuses` on top."""
    size = sum(shoe)
    peeks = dealer_peeks
    numerators: Numerators = defaultdict(int)
    for up in POINT_VALUES:
        if not shoe[up - 1]:
            continue
        after_up = tuple(count - (index == up - 1) for index, count in enumerate(shoe))
        twenty_ones = dealer_hand_groups(up, hits_soft_17, "twenty_one")
        hole = TEN if up == ACE else ACE if up == TEN else None
        if hole is not None and peeks:
            # 633a.7(h): the dealer's Blackjack ends the round on the player's first two cards.
            for hand in _two_card_twenties():
                base = _base(shoe[up - 1], after_up, hand)
                holes = after_up[hole - 1] - hand.removed[hole - 1]
                numerators[("dealer_blackjack", 2 + hand.size, hand.pair)] += base * holes
        for hand in twenties[up - 1]:
            base = _base(shoe[up - 1], after_up, hand)
            if not base:
                continue
            remaining = [count - many for count, many in zip(after_up, hand.removed, strict=True)]
            dealt = 1 + hand.size
            holes_blackjack = remaining[hole - 1] if hole is not None else 0
            if holes_blackjack and not peeks:
                numerators[("dealer_blackjack", dealt + 1, hand.pair)] += base * holes_blackjack
            if player_has_20:
                numerators[("player_has_20", dealt + 1, hand.pair)] += base * (
                    sum(remaining) - holes_blackjack
                )
            for cards, total in weigh_groups(twenty_ones, remaining):
                if total:
                    line = _BAD_BEAT_21.get(cards, _SEVEN_OR_MORE)
                    numerators[(line, dealt + cards - 1, hand.pair)] += base * total
    by_pair = _tally(numerators, size, player_has_20=player_has_20)
    if not bonuses.any:
        merged: defaultdict[tuple[PaytableLine, ...], Fraction] = defaultdict(Fraction)
        for wins in by_pair.values():
            for won, chance in wins.items():
                merged[(won,)] += chance
        return dict(merged)
    return _with_bonuses(by_pair, shoe, bonuses)


def _base(up_cards: int, after_up: tuple[int, ...], hand: FinalHand) -> int:
    """The ordered ways to deal the up card and the hand's cards (over falling(n, 1 + size))."""
    return up_cards * hand.ways(after_up)


ByPair = dict[int, dict[PaytableLine, Fraction]]  # first two a pair of (-1: not) -> line -> P


def _tally(numerators: Numerators, size: int, *, player_has_20: bool) -> ByPair:
    paytable = bad_beat_wager.PAYTABLE
    tally: defaultdict[int, defaultdict[PaytableLine, Fraction]] = defaultdict(
        lambda: defaultdict(Fraction)
    )
    for (name, dealt, pair), numerator in numerators.items():
        tally[pair][find_line(paytable, name)] += Fraction(numerator, falling(size, dealt))
    if player_has_20:
        # Counted above: the player's 20 with any dealer hand but a Blackjack. The dealer's 21s
        # pay their own, higher line (a hand is paid on one line only), so they come off here.
        twenty = find_line(paytable, "player_has_20")
        for wins in tally.values():
            for line in list(wins):
                if line.line in (*_BAD_BEAT_21.values(), _SEVEN_OR_MORE):
                    wins[twenty] -= wins[line]
    return {pair: dict(wins) for pair, wins in tally.items()}


def _with_bonuses(
    by_pair: ByPair, shoe: PointCounts, bonuses: Bonuses
) -> dict[tuple[PaytableLine, ...], Fraction]:
    """Each outcome of the cards with or without each bonus (633a.13(j)(1)), paid on top whether
    or not the wager wins (633a.1). The Lucky Player is drawn apart from the cards; the Magic
    Card depends only on whether the first two cards are a pair (and of what)."""
    size = sum(shoe)
    pair_chances = {
        rank: Fraction(count * (count - 1), size * (size - 1)) for rank, count in enumerate(shoe)
    }
    pair_chances[-1] = 1 - sum(pair_chances.values(), Fraction(0))
    lucky = Fraction(1, bonuses.boxes) if bonuses.lucky_player else Fraction(0)
    tally: defaultdict[tuple[PaytableLine, ...], Fraction] = defaultdict(Fraction)
    for pair, chance in pair_chances.items():
        if not chance:
            continue
        wins = by_pair.get(pair, {})
        outcomes: list[tuple[tuple[PaytableLine, ...], Fraction]] = [
            ((line,), won) for line, won in wins.items()
        ]
        outcomes.append(((), chance - sum(wins.values(), Fraction(0))))
        magic = Fraction(0)
        if bonuses.magic_card:
            magic = magic_card_chance(pair, bonuses.copies, shoe[pair] if pair >= 0 else 0)
        for lines, won in outcomes:
            for magic_lines, with_magic in (((MAGIC_CARD_BONUS,), magic), ((), 1 - magic)):
                for lucky_lines, with_lucky in (((LUCKY_PLAYER_BONUS,), lucky), ((), 1 - lucky)):
                    if won and with_magic and with_lucky:
                        tally[lines + magic_lines + lucky_lines] += won * with_magic * with_lucky
    return dict(tally)


def bad_beat(rules: Rules, *, paytable: str | None = None) -> SideWagerAnalysis:
    """Bad Beat (633a.6(e)(8)) for one player following `PLAYER_STRATEGY`, from a full shoe."""
    check_decks(rules.decks)
    no_paytable_choice("bad_beat", paytable)
    offer = rules.side_wagers.bad_beat or BadBeat()
    excluded = set()
    if not offer.player_has_20:
        excluded.add("player_has_20")
    if not offer.magic_card:
        excluded.add("magic_card_bonus")
    if not offer.lucky_player:
        excluded.add("lucky_player_bonus")
    table = tuple(line for line in bad_beat_wager.PAYTABLE if line.line not in excluded)
    bonuses = Bonuses(
        magic_card=offer.magic_card,
        lucky_player=offer.lucky_player,
        copies=rules.decks,
        boxes=rules.boxes,
    )
    notes = [
        f"58 Pa. Code {PARAGRAPHS['bad_beat']}",
        "the figure depends on the player's strategy; computed for one player (one box) "
        "following " + PLAYER_STRATEGY,
        "cards removed: the up card, the player's cards (and pair cards split off to other "
        "hands) and the dealer's; other players' and other hands' later cards are not removed",
        "the dealer "
        + ("hits soft 17" if rules.dealer_hits_soft_17 else "stands on all 17s")
        + (
            ", checks for Blackjack (633a.7(h))"
            if rules.dealer_peeks
            else ", does not check "
            "for Blackjack (non-PA what-if): the player plays out against a Blackjack"
        ),
    ]
    if offer.magic_card:
        notes.append(
            "Magic Card Bonus (633a.1): the system draws one card of a standard 52-card deck; "
            "it pays when it is one of the player's first two cards (same rank and suit), "
            "whether or not the wager wins"
        )
    if offer.lucky_player:
        notes.append(
            f"Lucky Player Bonus (633a.1): the system draws one of the {rules.boxes} player "
            "positions; it pays the player seated there, whether or not the wager wins"
        )
    if not offer.player_has_20:
        notes.append("the optional 'Player has a 20' line is not selected (633a.7(o)(1)(i))")
    return collect(
        "bad_beat",
        rules.decks,
        None,
        table,
        bad_beat_lines(
            Composition.full(rules.decks).points(),
            player_twenties(rules),
            hits_soft_17=rules.dealer_hits_soft_17,
            player_has_20=offer.player_has_20,
            dealer_peeks=rules.dealer_peeks,
            bonuses=bonuses,
        ),
        notes=tuple(notes),
        default_meter=progressive_meter(offer),
        meter_note="the Rules Submission's initial and reset amount over its minimum wager",
        extra={"player_strategy": PLAYER_STRATEGY},
    )
