"""One dealer drawing rule (633a.7(m)) and one rank-index convention for the engine and the math.

The reference is the paragraph itself, written out here: the dealer draws to 16 or less and
stands on 17 to 21 (the non-PA what-if draws to a soft 17 too). The engine's `Dealer` drawing
from a stacked shoe, the engine's `dealer_must_draw`, the analysis' `dealer_stands` and both
analysis enumerations of the dealer's hands must all agree with it on every (total, soft, rule).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tablegames.blackjack.analysis import dealer_draws as analysis_draws
from tablegames.blackjack.analysis import dealer_hands as analysis_hands
from tablegames.blackjack.dealer import Dealer
from tablegames.blackjack.drawing import (
    ACE_INDEX,
    RANK_CLASSES,
    TEN_INDEX,
    dealer_draws,
    point_value,
    rank_index,
)
from tablegames.blackjack.hand import dealer_must_draw, points
from tablegames.blackjack.round_state import RoundState
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sidebook import SideBook
from tablegames.blackjack.state import BoxState, HandState, HandStatus
from tablegames.blackjack.variation import variation_of
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card, parse_cards
from tablegames.core.cardsource import StackedShoe

SRC = Path(__file__).resolve().parents[1] / "src" / "tablegames"


def regulation_draws(total: int, soft: bool, hits_soft_17: bool) -> bool:
    """633a.7(m), read directly: draw on 16 or less; stand on 17-21 (and over 21)."""
    if total <= 16:
        return True
    return hits_soft_17 and soft and total == 17


def two_or_three_cards(total: int, soft: bool) -> list[Card]:
    """A dealer hand of two or three cards with this best total and softness."""
    if soft:  # an ace counting 11 plus hard cards worth total - 11 (1 to 10)
        rest = total - 11
        return parse_cards(["AS", _card(rest, "H")])
    # Hard totals 4-20 from two cards of 2-10; 21-26 from two tens and an ace (counting 1) to 6.
    if total <= 20:
        first = min(10, total - 2)
        return parse_cards([_card(first, "S"), _card(total - first, "H")])
    return parse_cards(["TS", "TH", _card(total - 20, "D")])


def _card(value: int, suit: str) -> str:
    return f"{'T' if value == 10 else 'A' if value == 1 else value}{suit}"


# Every total the dealer's hand of two or more cards can have: hard 4-26, soft 12-21.
COMBINATIONS = [(total, False) for total in range(4, 27)] + [
    (total, True) for total in range(12, 22)
]


@pytest.mark.parametrize("hits_soft_17", [False, True], ids=["S17", "H17"])
@pytest.mark.parametrize(("total", "soft"), COMBINATIONS)
def test_633a_7_m_engine_and_analysis_draw_alike(
    total: int, soft: bool, hits_soft_17: bool
) -> None:
    cards = two_or_three_cards(total, soft)
    assert tuple(points(cards)) == (total, soft)
    expected = regulation_draws(total, soft, hits_soft_17)
    assert dealer_draws(total, soft, hits_soft_17=hits_soft_17) is expected
    # The engine's rule on real cards.
    assert dealer_must_draw(cards, hits_soft_17=hits_soft_17) is expected
    # The analysis' rule on point values (hard total, whether an ace is held, cards held).
    hard = sum(min(int(card.rank), 10) for card in cards)
    has_ace = any(card.is_ace for card in cards)
    stands = analysis_draws.dealer_stands(hard, has_ace, len(cards), hits_soft_17=hits_soft_17)
    assert stands is not expected
    # The engine's dealer itself: does it take the next card from the shoe?
    assert engine_dealer_draws(cards, hits_soft_17=hits_soft_17) is expected


def engine_dealer_draws(cards: list[Card], *, hits_soft_17: bool) -> bool:
    """Play the engine's `Dealer` on these cards with one live standing hand (633a.7(n) would
    otherwise stop it) and a shoe whose next card is a ten."""
    rules = Rules(dealer_hits_soft_17=hits_soft_17)
    box = BoxState(wager=BoxWager(box=1, amount=1000))
    box.hands.append(
        HandState(cards=parse_cards(["TS", "9S"]), stake=1000, status=HandStatus.STOOD)
    )
    state = RoundState(
        rules=rules,
        variation=variation_of(rules),
        shoe=StackedShoe(parse_cards(["TD", "TC", "TH"])),
        boxes=[box],
        side=SideBook(rules=rules, boxes=[box], meters={}),
        dealer_cards=list(cards),
    )
    Dealer(state).play()
    return len(state.dealer_cards) > len(cards)


@pytest.mark.parametrize("hits_soft_17", [False, True], ids=["S17", "H17"])
def test_633a_7_m_every_enumerated_dealer_hand_stands_by_the_engine(hits_soft_17: bool) -> None:
    """Both analysis enumerations end every hand where the engine's dealer stands."""
    for up in range(1, 11):
        for hand in analysis_draws.dealer_hands(up, hits_soft_17=hits_soft_17):
            cards = _cards_of(hand.cards)
            assert hand.blackjack or not dealer_must_draw(cards, hits_soft_17=hits_soft_17)
    standing = analysis_hands.dealer_hands(hits_soft_17=hits_soft_17)
    for row in standing.cards:
        cards = _cards_of(tuple(int(count) for count in row))
        assert not dealer_must_draw(cards, hits_soft_17=hits_soft_17)
        # And the hand one card short of it drew: some card removed leaves a drawing hand.
        shorter = [
            cards[:index] + cards[index + 1 :] for index in range(len(cards)) if len(cards) > 2
        ]
        assert not shorter or any(
            dealer_must_draw(hand, hits_soft_17=hits_soft_17) for hand in shorter
        )


def _cards_of(counts: tuple[int, ...]) -> list[Card]:
    """Cards with these counts per rank index (suits do not matter to the drawing rule)."""
    cards: list[str] = []
    for index, count in enumerate(counts):
        value = point_value(index)
        text = "A" if index == ACE_INDEX else ("T" if index == TEN_INDEX else str(value))
        cards += [f"{text}S"] * count
    return parse_cards(cards)


def test_rank_index_convention() -> None:
    assert (ACE_INDEX, TEN_INDEX, RANK_CLASSES) == (0, 9, 10)
    assert [rank_index(value) for value in range(1, 11)] == list(range(10))
    assert all(point_value(rank_index(value)) == value for value in range(1, 11))
    assert analysis_hands.shoe_counts(1)[TEN_INDEX] == 16
    assert analysis_hands.shoe_counts(1)[ACE_INDEX] == 4


CONVENTION_NAMES = {"ACE", "TEN", "ACE_INDEX", "TEN_INDEX", "RANK_CLASSES", "POINT_CLASSES"}
DRAWING_MODULE = SRC / "blackjack" / "drawing.py"


def _literal_int(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int) and not isinstance(node.value, bool)
    if isinstance(node, ast.Tuple):
        return any(_literal_int(element) for element in node.elts)
    return False


def test_rank_index_convention_is_defined_in_one_module() -> None:
    """A module-level ACE/TEN/RANK_CLASSES set to an integer literal appears only in
    blackjack/drawing.py; everywhere else imports (or derives) it."""
    defined: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            else:
                continue
            names = {
                name.id
                for target in targets
                for name in ast.walk(target)
                if isinstance(name, ast.Name)
            }
            if names & CONVENTION_NAMES and _literal_int(value):
                defined.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert defined, "drawing.py defines the convention"
    assert all(entry.startswith("blackjack/drawing.py:") for entry in defined), defined


def test_the_drawing_rule_is_written_once() -> None:
    """No module but drawing.py compares a total with 17 to decide a draw: the engine and the
    analysis call `dealer_draws`."""
    users = ["blackjack/dealer.py", "blackjack/hand.py"]
    users += ["blackjack/analysis/dealer_draws.py", "blackjack/analysis/dealer_hands.py"]
    for name in users:
        text = (SRC / name).read_text(encoding="utf-8")
        assert "dealer_draws" in text, name
        tree = ast.parse(text)
        seventeen = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Compare)
            and any(
                isinstance(side, ast.Constant) and side.value == 17
                for side in [node.left, *node.comparators]
            )
        ]
        assert not seventeen, (name, seventeen)
