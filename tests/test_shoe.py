"""Dealing shoes against 58 Pa. Code 633a.3, 633a.5, 633a.7(c)-(e) and 633a.14(f).

Tests are named after the paragraph they check. `ScriptedRandom` keeps the deck in new-deck order
and picks chosen cut positions, so a test can say exactly which card is where.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.blackjack.shoe import (
    BatchShoe,
    ContinuousShuffler,
    DealingShoe,
    DoubleShoe,
    Shoe,
    ShoeEvent,
    ShoeKind,
    Side,
    cut_range,
    make_shoe,
)
from tablegames.core.cards import Card, standard_deck, standard_decks
from tablegames.core.cardsource import CardSource
from tablegames.core.errors import ShoeError, ShoeExhaustedError
from tablegames.core.rng import SeededRandom

T = TypeVar("T")
KINDS: list[ShoeKind] = ["shoe", "double_shoe", "batch_shuffler", "continuous_shuffler"]
SIDES: tuple[Side, Side] = ("red", "black")


class ScriptedRandom:
    """No shuffle at all (new-deck order) and `below(n)` chosen by `pick`: for exact placements."""

    def __init__(self, pick: Callable[[int], int] = lambda n: 0) -> None:
        self._pick = pick

    @property
    def is_live(self) -> bool:
        return False

    def below(self, n: int) -> int:
        return self._pick(n)

    def shuffle(self, items: list[T]) -> None:
        return None


def seeded(seed: int) -> SeededRandom:
    return SeededRandom.from_seed(seed)


def kinds_of(shoe: DealingShoe) -> list[str]:
    return [event.kind for event in shoe.events]


def play_round(shoe: DealingShoe, cards: int) -> list[Card]:
    shoe.begin_round()
    table = [shoe.draw() for _ in range(cards)]
    shoe.end_round(table)
    return table


# --- 633a.3: number of decks ---------------------------------------------------------------------


@pytest.mark.parametrize("decks", [0, -1, 9, 52])
@pytest.mark.parametrize("build", [Shoe, BatchShoe, ContinuousShuffler])
def test_633a_3_a_decks_outside_one_to_eight_rejected(
    build: Callable[..., DealingShoe], decks: int
) -> None:
    with pytest.raises(ShoeError, match="must be 1 to 8") as caught:
        build(decks, random=seeded(0))
    assert caught.value.paragraph == "633a.3(a)"


@pytest.mark.parametrize("decks", [True, 2.0, "6"])
def test_633a_3_a_decks_must_be_a_whole_number(decks: object) -> None:
    with pytest.raises(ShoeError) as caught:
        Shoe(decks, random=seeded(0))  # type: ignore[arg-type]
    assert caught.value.paragraph == "633a.3(a)"


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_633a_3_a_single_shoe_holds_all_its_decks(decks: int) -> None:
    shoe = Shoe(decks, random=seeded(decks))
    assert shoe.total_cards == decks * 52
    assert Counter(shoe.remaining + shoe.discards) == Counter(standard_decks(decks))


def test_633a_3_c_double_shoe_sides_hold_the_same_number_of_decks() -> None:
    shoe = DoubleShoe(3, random=seeded(1))
    assert shoe.total_cards == 2 * 3 * 52
    for side in SIDES:
        assert Counter(shoe.side(side).remaining) == Counter(standard_decks(3))
    for bad in (0, 5):
        with pytest.raises(ShoeError) as caught:
            DoubleShoe(bad, random=seeded(1))
        assert caught.value.paragraph == "633a.3(c)"
    with pytest.raises(ShoeError) as caught:
        make_shoe("double_shoe", 5, random=seeded(1), penetration=0.75)
    assert caught.value.paragraph == "633a.3(c)"


# --- 633a.5: shuffle, cut and cover card -------------------------------------------------------


@pytest.mark.parametrize("penetration", [0.76, 1.0, 0.0, -0.5, float("nan"), True])
@pytest.mark.parametrize("kind", ["shoe", "double_shoe", "batch_shuffler"])
def test_633a_5_d_penetration_above_three_quarters_rejected(
    kind: ShoeKind, penetration: float
) -> None:
    with pytest.raises(ShoeError, match="penetration") as caught:
        make_shoe(kind, 2, random=seeded(0), penetration=penetration)
    assert caught.value.paragraph == "633a.5(d)"


def test_633a_5_a_shuffle_reaches_every_position() -> None:
    first_cards: set[Card] = set()
    ace_positions: set[int] = set()
    ace = Card.parse("AS")
    for seed in range(2000):
        shoe = Shoe(1, random=seeded(seed))
        stack = shoe.burned + shoe.remaining  # the whole stack in dealing order
        first_cards.add(stack[0])
        ace_positions.add(stack.index(ace))
    assert first_cards == set(standard_deck())
    assert ace_positions == set(range(52))


def test_633a_7_a_every_card_dealt_comes_out_of_the_shoe() -> None:
    # The cards of each round are the next cards of the shuffled stack, in its order.
    shoe = Shoe(2, random=seeded(5))
    stack = list(shoe.remaining)
    dealt = [card for _ in range(10) for card in play_round(shoe, 6)]
    assert dealt == stack[: len(dealt)]
    assert len(shoe.remaining) == len(stack) - len(dealt)


def test_633a_5_a_same_seed_same_order_and_log() -> None:
    a, b, c = Shoe(6, random=seeded(42)), Shoe(6, random=seeded(42)), Shoe(6, random=seeded(43))
    assert a.remaining == b.remaining
    assert a.events == b.events
    assert a.remaining != c.remaining
    assert [play_round(a, 7) for _ in range(60)] == [play_round(b, 7) for _ in range(60)]


def test_633a_5_d_cut_at_least_ten_cards_from_either_end() -> None:
    deck = standard_deck()
    lowest = Shoe(1, random=ScriptedRandom(lambda n: 0))
    highest = Shoe(1, random=ScriptedRandom(lambda n: n - 1))
    # The cards above the cut go to the bottom; the first card is then burned (633a.7(c)).
    assert lowest.burned + lowest.remaining == deck[10:] + deck[:10]
    assert highest.burned + highest.remaining == deck[42:] + deck[:42]
    assert cut_range(52) == (10, 42)
    for seed in range(200):
        detail = Shoe(1, random=seeded(seed)).events[1].detail
        assert detail is not None
        assert 10 <= int(detail.split()[0]) <= 42
    explicit = Shoe(1, random=ScriptedRandom(), cut=25)
    assert explicit.burned == [deck[25]]
    for bad in (0, 9, 43, 52, True):
        with pytest.raises(ShoeError, match="cards above the cut") as caught:
            Shoe(1, random=ScriptedRandom(), cut=bad)
        assert caught.value.paragraph == "633a.5(d)"


def test_633a_5_d_small_refill_is_cut_as_near_the_middle_as_possible() -> None:
    assert cut_range(19) == (9, 10)
    assert cut_range(3) == (1, 2)
    assert cut_range(0) == (0, 0)


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
@pytest.mark.parametrize("penetration", [0.01, 0.3, 0.5, 2 / 3, 0.75])
def test_633a_5_d_cover_card_at_least_quarter_from_bottom(decks: int, penetration: float) -> None:
    n = decks * 52
    shoe = Shoe(decks, random=seeded(decks), penetration=penetration)
    placed = next(event for event in shoe.events if event.kind == "cover_card_placed")
    front = math.floor(n * penetration)
    assert placed.detail == f"{front} in front, {n - front} behind"
    assert n - front >= math.ceil(n / 4)
    assert placed.paragraph == "633a.5(d)"


def test_633a_5_d_cover_card_comes_out_after_exactly_the_cards_in_front() -> None:
    shoe = Shoe(1, random=ScriptedRandom(), penetration=0.75)  # 39 cards in front, 13 behind
    shoe.begin_round()
    table = [shoe.draw() for _ in range(38)]  # 38 dealt + 1 burned = 39
    assert not shoe.cover_card_reached
    table.append(shoe.draw())
    assert shoe.cover_card_reached
    assert len(shoe.remaining) == 12  # 13 were behind the cover card; one just dealt
    shoe.end_round(table)


# --- 633a.7(c): burn card -------------------------------------------------------------------------


def test_633a_7_c_first_card_burned_after_shuffle() -> None:
    shoe = Shoe(1, random=ScriptedRandom(), cut=10)
    assert kinds_of(shoe) == ["shuffle", "cut", "cover_card_placed", "burn"]
    burn = shoe.events[-1]
    assert (burn.card, burn.paragraph) == (str(standard_deck()[10]), "633a.7(c)")
    assert shoe.discards == shoe.burned == [standard_deck()[10]]
    assert len(shoe.remaining) == 51
    # Every full reshuffle burns again.
    shoe.reshuffle()
    assert kinds_of(shoe)[-4:] == ["shuffle", "cut", "cover_card_placed", "burn"]
    assert len(shoe.burned) == 1
    assert len(shoe.remaining) == 51


def test_633a_7_c_new_dealer_burns_a_card() -> None:
    shoe = Shoe(2, random=seeded(3))
    next_card = shoe.remaining[0]
    shoe.change_dealer()
    assert shoe.burned[-1] == next_card
    assert shoe.discards[-1] == next_card
    assert (shoe.events[-1].kind, shoe.events[-1].paragraph) == ("burn", "633a.7(c)")
    assert len(shoe.remaining) == 104 - 2
    shoe.begin_round()
    with pytest.raises(ShoeError, match="during a round"):
        shoe.change_dealer()


# --- 633a.7(e): cover card, completing the round, reshuffle -------------------------------------


def test_633a_7_e_cover_card_round_completed_then_reshuffle() -> None:
    shoe = Shoe(1, random=seeded(9), penetration=0.5)
    for _ in range(20):
        shoe.begin_round()
        table = [shoe.draw() for _ in range(6)]
        reached = shoe.cover_card_reached
        if reached:
            table += [shoe.draw() for _ in range(4)]  # the round is completed past the cover card
            assert kinds_of(shoe).count("cover_card_reached") == 1
        shoe.end_round(table)
        if reached:
            break
    else:
        pytest.fail("the cover card never appeared")
    assert kinds_of(shoe)[-5:] == [
        "cover_card_reached",
        "shuffle",
        "cut",
        "cover_card_placed",
        "burn",
    ]
    shuffle = [event for event in shoe.events if event.kind == "shuffle"][-1]
    assert (shuffle.paragraph, shuffle.detail) == ("633a.7(e)(3)", "52 cards")
    assert not shoe.cover_card_reached
    assert len(shoe.remaining) == 51
    assert shoe.discards == shoe.burned
    shoe.audit([])


def test_633a_7_e_cover_card_first_at_beginning_of_round_round_still_dealt() -> None:
    shoe = Shoe(1, random=ScriptedRandom(), penetration=0.5)  # 26 in front, burn + 25 cards
    play_round(shoe, 25)
    assert not shoe.cover_card_reached
    shoe.begin_round()
    first = shoe.draw()
    assert shoe.cover_card_reached
    table = [first, shoe.draw(), shoe.draw()]
    shoe.end_round(table)
    assert not shoe.cover_card_reached
    assert len(shoe.remaining) == 51


def test_633a_5_f_floorperson_reshuffle_between_rounds_only() -> None:
    shoe = Shoe(2, random=seeded(4))
    play_round(shoe, 9)
    shoe.reshuffle()
    assert [e.paragraph for e in shoe.events if e.kind == "shuffle"][-1] == "633a.5(f)"
    assert len(shoe.remaining) == 103
    shoe.begin_round()
    with pytest.raises(ShoeError):
        shoe.reshuffle()


# --- 633a.14(f): the shoe runs out mid-round ---------------------------------------------------


def test_633a_14_f_discards_shuffled_when_shoe_runs_out() -> None:
    shoe = Shoe(1, random=seeded(11), penetration=0.75)
    for _ in range(3):
        play_round(shoe, 10)  # 1 burned + 30 dealt: still in front of the cover card (39)
    assert not shoe.cover_card_reached
    old_discards = Counter(shoe.discards)
    shoe.begin_round()
    table = [shoe.draw() for _ in range(len(shoe.remaining))]  # empty the shoe
    assert shoe.cover_card_reached
    assert shoe.remaining == []
    table.append(shoe.draw())  # 633a.14(f): discards shuffled, cut, covered, burned
    assert kinds_of(shoe)[-5:] == [
        "reshuffle_mid_round",
        "shuffle",
        "cut",
        "cover_card_placed",
        "burn",
    ]
    refill = [e for e in shoe.events if e.paragraph == "633a.14(f)"]
    assert [e.kind for e in refill] == ["reshuffle_mid_round", "shuffle", "burn"]
    # Only the discard rack went back in: the cards on the table did not.
    assert Counter(shoe.remaining + shoe.discards + [table[-1]]) == old_discards
    shoe.audit()
    shoe.end_round(table)
    assert len(shoe.remaining) == 51  # the cover card had come out: full reshuffle
    shoe.audit([])


def test_633a_14_f_nothing_left_to_shuffle_raises_and_loses_no_card() -> None:
    shoe = Shoe(1, random=seeded(2))
    shoe.begin_round()
    table = [shoe.draw() for _ in range(51)]
    with pytest.raises(ShoeExhaustedError) as caught:
        shoe.draw()
    assert caught.value.paragraph == "633a.14(f)"
    shoe.audit(table)
    shoe.end_round(table)
    shoe.audit([])


# --- 633a.7(d): the double shoe ----------------------------------------------------------------


def determinant(shoe: DoubleShoe) -> ShoeEvent:
    return next(e for e in reversed(shoe.events) if e.kind == "determinant")


def test_633a_7_d_determinant_card_same_side_is_first_card() -> None:
    shoe = DoubleShoe(2, random=seeded(6))
    for _ in range(20):
        shoe.begin_round()
        event = determinant(shoe)
        assert event.paragraph == "633a.7(d)(1)"
        if event.pile == shoe.selected_side:
            segregated = shoe.segregated
            first = shoe.draw()
            assert str(first) == event.card
            assert first.suit.is_red == (event.pile == "red")
            assert shoe.segregated == segregated
            assert kinds_of(shoe)[-1] == "side_selected"
            shoe.end_round([first])
            return
        shoe.end_round([shoe.draw()])
    pytest.fail("no determinant card matched its side")


def test_633a_7_d_determinant_card_other_side_segregated() -> None:
    shoe = DoubleShoe(2, random=seeded(6))
    for _ in range(20):
        shoe.begin_round()
        event = determinant(shoe)
        if event.pile != shoe.selected_side:
            assert event.pile is not None
            assert event.card is not None
            drawn_from = shoe.side("red" if event.pile == "red" else "black")
            assert drawn_from.segregated[-1] == Card.parse(event.card)
            assert kinds_of(shoe)[-1] == "segregated"
            assert shoe.events[-1].paragraph == "633a.7(d)(2)"
            expected = shoe.side(shoe.selected_side).remaining[0]
            first = shoe.draw()
            assert first == expected  # dealt from the side the suit selected
            assert Card.parse(event.card).suit.is_red == (shoe.selected_side == "red")
            shoe.end_round([first])
            return
        shoe.end_round([shoe.draw()])
    pytest.fail("no determinant card selected the other side")


def test_633a_7_d_determinant_drawn_from_alternate_sides_and_never_burned() -> None:
    shoe = DoubleShoe(1, random=seeded(8))
    shoe.change_dealer()  # 633a.7(d) replaces 633a.7(c): no burn
    for _ in range(6):
        play_round(shoe, 3)
    sides = [e.pile for e in shoe.events if e.kind == "determinant"]
    assert sides == ["red", "black"] * 3
    assert "burn" not in kinds_of(shoe)
    assert shoe.burned == []


def test_633a_7_d_round_without_cards_discards_the_determinant() -> None:
    shoe = DoubleShoe(1, random=seeded(8))
    shoe.begin_round()
    shoe.audit([])  # the determinant card is accounted for while it waits
    shoe.end_round([])
    shoe.audit([])


def test_633a_7_e_2_double_shoe_reshuffles_only_that_side() -> None:
    shoe = DoubleShoe(1, random=seeded(5), penetration=0.5)
    seen: set[str] = set()  # "dealt side": cover card in the round's side; "other side": not
    for _ in range(200):
        shoe.begin_round()
        table = [shoe.draw() for _ in range(4)]
        before = {side: shoe.side(side) for side in SIDES}
        shoe.end_round(table)
        reached = [side for side, state in before.items() if state.cover_card_reached]
        for side, state in before.items():
            after = shoe.side(side)
            if state.cover_card_reached:  # 633a.7(e)(2)-(3): collected and reshuffled, no burn
                assert len(after.remaining) == 52
                assert after.discards == after.segregated == after.burned == []
                assert not after.cover_card_reached
            else:  # the other side is left as it was, plus this round's cards if dealt from it
                played = table if side == shoe.selected_side else []
                assert after.remaining == state.remaining
                assert after.discards == state.discards + played
                assert after.segregated == state.segregated
        if len(reached) == 1:
            shuffle = [e for e in shoe.events if e.kind == "shuffle"][-1]
            assert (shuffle.pile, shuffle.paragraph) == (reached[0], "633a.7(e)(3)")
            seen.add("dealt side" if reached[0] == shoe.selected_side else "other side")
    # The determinant card alone can bring out the cover card of the side not dealt from.
    assert seen == {"dealt side", "other side"}


# --- 633a.3(b): two batches in an automated shuffler -------------------------------------------


def test_633a_3_b_batches_alternate() -> None:
    shoe = BatchShoe(1, random=seeded(12))
    assert shoe.total_cards == 104
    assert shoe.batch_in_play == "A"
    batches: list[str] = []
    for _ in range(60):
        shoe.begin_round()
        table = [shoe.draw() for _ in range(5)]
        # 633a.3(b)(5): only the batch in play is in the shoe, the discard rack and on the table.
        assert len(shoe.remaining) + len(shoe.discards) + len(table) == 52
        assert len(shoe.in_shuffler) == 52
        logged = len(shoe.events)
        shoe.end_round(table)
        if "batch_swapped" in kinds_of(shoe)[logged:]:
            assert kinds_of(shoe)[-4:] == ["batch_swapped", "cut", "cover_card_placed", "burn"]
            batches.append(shoe.batch_in_play)
            assert shoe.discards == shoe.burned
            assert len(shoe.remaining) == 51
            swap = next(e for e in reversed(shoe.events) if e.kind == "batch_swapped")
            assert swap.paragraph == "633a.3(b)(4)"
    assert batches[:3] == ["B", "A", "B"]
    shoe.audit([])


# --- 633a.5(h): continuous shuffler --------------------------------------------------------------


def test_633a_5_h_continuous_shuffler_has_no_cover_card() -> None:
    csm = ContinuousShuffler(2, random=seeded(13))
    assert kinds_of(csm) == ["shuffle", "burn"]
    for _ in range(30):
        play_round(csm, 20)
        assert not csm.cover_card_reached
        assert len(csm.remaining) == 104
        assert csm.discards == []
    kinds = set(kinds_of(csm))
    assert kinds == {"shuffle", "burn"}
    assert kinds_of(csm).count("burn") == 1
    assert {e.paragraph for e in csm.events if e.kind == "shuffle"} == {"633a.5(h)"}
    csm.change_dealer()
    assert kinds_of(csm)[-1] == "burn"


# --- the round contract, logging and make_shoe ---------------------------------------------------


def test_round_contract_is_enforced() -> None:
    shoe = Shoe(1, random=seeded(0))
    with pytest.raises(ShoeError, match="begin_round"):
        shoe.draw()
    with pytest.raises(ShoeError, match="begin_round"):
        shoe.end_round([])
    shoe.begin_round()
    with pytest.raises(ShoeError, match="end_round"):
        shoe.begin_round()
    card = shoe.draw()
    assert shoe.on_table == [card]
    assert shoe.in_round
    with pytest.raises(ShoeError) as caught:
        shoe.end_round([])
    assert caught.value.paragraph == "633a.7(s)"
    shoe.end_round([card])
    with pytest.raises(ShoeError, match="missing"):
        shoe.audit([card])


@pytest.mark.parametrize(
    ("kind", "cls"),
    [
        ("shoe", Shoe),
        ("double_shoe", DoubleShoe),
        ("batch_shuffler", BatchShoe),
        ("continuous_shuffler", ContinuousShuffler),
    ],
)
def test_make_shoe_builds_each_kind(kind: ShoeKind, cls: type[DealingShoe]) -> None:
    shoe = make_shoe(kind, 6, random=seeded(1), penetration=0.7)
    source: CardSource = shoe
    assert isinstance(source, cls)
    assert shoe.total_cards == (2 * 6 * 52 if kind == "batch_shuffler" else 6 * 52)
    with pytest.raises(ShoeError):
        make_shoe("hand", 6, random=seeded(1), penetration=0.7)  # type: ignore[arg-type]


def test_events_are_json_serializable() -> None:
    shoe = DoubleShoe(1, random=seeded(3))
    for _ in range(30):
        play_round(shoe, 5)
    text = json.dumps([event.to_json() for event in shoe.events])
    assert {"kind", "paragraph", "card", "detail", "pile"} <= set(json.loads(text)[0])
    assert all(event.paragraph.startswith("633a.") for event in shoe.events)


# --- every card accounted for, whatever happens ------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 2**32 - 1),
    decks=st.sampled_from([1, 2]),
    penetration=st.floats(0.05, 0.75),
    rounds=st.lists(st.integers(0, 25), min_size=1, max_size=40),
    dealer_changes=st.sets(st.integers(0, 39), max_size=3),
)
def test_every_card_accounted_for(
    kind: ShoeKind,
    seed: int,
    decks: int,
    penetration: float,
    rounds: list[int],
    dealer_changes: set[int],
) -> None:
    in_shoe = 2 * decks if kind == "double_shoe" else decks
    shoe = make_shoe(kind, in_shoe, random=seeded(seed), penetration=penetration)
    full = Counter(standard_decks(shoe.total_cards // 52))

    def check(table: list[Card]) -> None:
        held = [card for cards in shoe.locations().values() for card in cards] + table
        assert Counter(held) == full
        if not isinstance(shoe, BatchShoe | DoubleShoe):
            assert len(shoe.remaining) + len(shoe.discards) + len(table) == shoe.total_cards
        if isinstance(shoe, DoubleShoe):  # each side keeps its own cards (633a.3(c))
            for side in SIDES:
                state = shoe.side(side)
                on_side = len(state.remaining) + len(state.discards) + len(state.segregated)
                waiting = len(shoe.locations()["determinant"]) if side == shoe.selected_side else 0
                playing = len(table) if side == shoe.selected_side else 0
                assert on_side + waiting + playing == 52 * decks
        shoe.audit(table)

    for number, size in enumerate(rounds):
        if number in dealer_changes:
            shoe.change_dealer()
        check([])
        shoe.begin_round()
        table: list[Card] = []
        for _ in range(size):
            table.append(shoe.draw())
            check(table)
        shoe.end_round(table)
        check([])
        assert set(shoe.burned) <= set(shoe.discards)


# --- 633a.4(d)-(e): sides and batches are mixed separately ---------------------------------------


def test_633a_4_d_double_shoe_sides_shuffled_separately() -> None:
    shoe = DoubleShoe(2, random=seeded(21))
    shuffles = [event.pile for event in shoe.events if event.kind == "shuffle"]
    assert shuffles == ["red", "black"]
    for side in SIDES:
        state = shoe.side(side)
        assert len(state.remaining) + len(state.discards) == 2 * 52


def test_633a_4_e_batches_shuffled_separately() -> None:
    shoe = BatchShoe(2, random=seeded(22))
    shuffles = [str(event.pile) for event in shoe.events if event.kind == "shuffle"]
    assert sorted(shuffles) == ["A", "B"]
    assert len(shoe.in_shuffler) == 2 * 52
    assert len(shoe.remaining) + len(shoe.discards) == 2 * 52
