"""EZ Bust by what the player sees (633b.16): the up card and the player's own two cards.

The fast figures (`side_ez_bust`) weigh the dealer's merged busting hands with falling
factorials. They are checked against the up-card-only figures (the player's cards, averaged with
their dealt probabilities, must give them back exactly) and against a brute force of the
dealer's draws from the physical cards of one deck, settled by the engine's `dealer_must_draw`
and `points`. Comparisons are exact `Fraction` equalities.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest

from tablegames.blackjack.analysis.compositions import Composition, falling
from tablegames.blackjack.analysis.side_wagers import (
    edge_report,
    ez_bust,
    ez_bust_by_player_hand,
    ez_bust_by_up_card,
    ez_bust_player_hands,
)
from tablegames.blackjack.hand import dealer_must_draw, points
from tablegames.blackjack.rules import Rules
from tablegames.core.cards import Card, parse_cards, standard_deck

HANDS = 55  # "A,A", "A,2", ..., "T,T"


@pytest.mark.parametrize(("decks", "h17"), [(1, False), (1, True), (2, False), (8, False)])
def test_633b_16_player_hands_averaged_give_the_up_card_figure_exactly(
    decks: int, h17: bool
) -> None:
    """Removing cards one does not look at averages out: the bust rate with the player's two
    cards removed, weighted by P(those two cards | up card), is the up-card-only bust rate."""
    shoe = Composition.full(decks).points()
    figures = ez_bust_player_hands(shoe, hits_soft_17=h17)
    for up_figure in ez_bust_by_up_card(shoe, hits_soft_17=h17):
        hands = [figure for figure in figures if figure.up == up_figure.up]
        assert len(hands) == HANDS
        assert sum(figure.probability for figure in hands) == 1
        averaged = sum(figure.probability * figure.bust for figure in hands)
        assert averaged == up_figure.bust
        assert sum(figure.probability * figure.house_edge for figure in hands) == (
            up_figure.house_edge
        )


def _brute_bust(up: str, player: tuple[str, str], h17: bool) -> Fraction:
    """P(dealer busts having drawn) from one deck less the up card and the player's two cards:
    every sequence of the dealer's draws by rank, weighted by the physical cards it can be."""
    taken = parse_cards([up, *player])
    left = [card for card in standard_deck() if card not in taken]
    counts = Counter(card.rank for card in left)
    one_of = {card.rank: card for card in left}
    n = len(left)
    busts: Counter[int] = Counter()  # ways by number of cards drawn after the up card

    def draw(hand: list[Card], ways: int) -> None:
        if len(hand) >= 2 and not dealer_must_draw(hand, hits_soft_17=h17):
            if len(hand) >= 3 and points(hand).total > 21:
                busts[len(hand) - 1] += ways
            return
        for rank in list(counts):
            if counts[rank]:
                many = counts[rank]
                counts[rank] -= 1
                draw([*hand, one_of[rank]], ways * many)
                counts[rank] += 1

    draw(parse_cards([up]), 1)
    return sum((Fraction(ways, falling(n, k)) for k, ways in busts.items()), Fraction(0))


@pytest.mark.parametrize("h17", [False, True])
def test_633b_16_f_one_deck_against_a_six_equals_brute_force_of_the_draws(h17: bool) -> None:
    figures = {
        figure.hand: figure
        for figure in ez_bust_player_hands(Composition.full(1).points(), hits_soft_17=h17)
        if figure.up == 6
    }
    for label, player in (("T,T", ("TS", "KD")), ("2,5", ("2C", "5H"))):
        assert figures[label].bust == _brute_bust("6H", player, h17)
    # P(two ten-values | a 6 up) and P(a 2 and a 5 | a 6 up), from the 51 cards left.
    assert figures["T,T"].probability == Fraction(16 * 15, 51 * 50)
    assert figures["2,5"].probability == Fraction(2 * 4 * 4, 51 * 50)


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_633b_16_two_tens_out_the_dealer_busts_less_against_a_six_than_small_cards_out(
    decks: int,
) -> None:
    sixes = {
        figure.hand: figure
        for figure in ez_bust_player_hands(Composition.full(decks).points(), hits_soft_17=False)
        if figure.up == 6
    }
    for small in ("2,2", "2,3", "3,3", "2,4"):
        assert sixes["T,T"].bust < sixes[small].bust
        assert sixes["T,T"].house_edge > sixes[small].house_edge


def test_633b_16_edge_report_gives_ez_bust_by_player_hand() -> None:
    rules = Rules(decks=8)
    report = edge_report("ez_bust", decks=8, paytable=None, rules=rules)
    json.dumps(report)
    assert "other players' cards are not seen" in report["by_player_hand_note"]
    entries = report["by_player_hand"]
    assert entries == ez_bust_by_player_hand(rules)
    assert [entry["up_card"] for entry in entries] == [2, 3, 4, 5, 6]
    by_up = {figure.up: figure for figure in ez_bust(rules).by_up_card}
    for entry in entries:
        hands = entry["hands"]
        assert len(hands) == HANDS
        assert hands[0]["player_hand"] == "A,A"
        assert hands[-1]["player_hand"] == "T,T"
        assert entry["dealer_busts"] == pytest.approx(float(by_up[entry["up_card"]].bust))
        edges = [hand["house_edge"] for hand in hands]
        assert entry["best_player_hand"]["house_edge"] == min(edges)
        assert entry["worst_player_hand"]["house_edge"] == max(edges)
        for hand in hands:
            assert hand["house_edge"] == pytest.approx(1 - 2 * hand["dealer_busts"])
    assert "by_player_hand" not in edge_report("hit_and_run", decks=8, paytable=None, rules=rules)
