"""Property tests of dealt rounds: random rounds with random irregularities injected (633a.14)
still settle every wager exactly once, account for every card, refuse without changing
anything, and replay identically from their log (633a.7(s))."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.actions import Action
from tablegames.blackjack.dealt import DealtRound
from tablegames.blackjack.events import WagerPlaced, WagerSettled
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card, standard_decks
from tablegames.core.errors import TableGamesError
from tests.dealt_helpers import check_replays

RULE_SETS = [
    Rules(),
    Rules(decks=2, variant="hand_dealt"),
    Rules(variant="blackjack_switch", blackjack_pays="1:1"),
]


def _pick_card(data: st.DataObject, holds: Counter[Card]) -> Card:
    cards = sorted((card for card, count in holds.items() if count > 0), key=str)
    return data.draw(st.sampled_from(cards))


def _step(data: st.DataObject, game: DealtRound) -> None:
    """One random input: most often what the procedure expects, sometimes an irregularity."""
    where = game.awaiting
    choice = data.draw(st.integers(0, 99))
    if where is not None:
        if choice < 80:
            game.deal(_pick_card(data, game.holds), face_up=where.face_up)
        elif choice < 86:
            game.found_face_up(_pick_card(data, game.holds))
        elif choice < 92:
            game.drawn_in_error(_pick_card(data, game.holds))
        else:
            game.not_dealt(data.draw(st.sampled_from(["later", "dead"])))
        return
    if choice < 85:
        legal = game.game.legal_actions()
        action = data.draw(st.sampled_from(legal))
        amount = game.game.max_insurance() if action is Action.INSURANCE else None
        turn = game.turn
        assert turn is not None
        game.act(turn.box, action, amount)
    elif choice < 91:
        game.exposed(_pick_card(data, game.holds))
    elif choice < 96:
        game.drawn_in_error(_pick_card(data, game.holds))
    else:
        game.hole_card_read()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(range(len(RULE_SETS))), st.integers(1, 3))
def test_633a_14_random_irregularities_conserve_money_and_cards_and_replay(
    data: st.DataObject, rules_index: int, boxes: int
) -> None:
    rules = RULE_SETS[rules_index]
    holds = Counter(standard_decks(rules.decks))
    wagers = [
        BoxWager(box=box, player="ann" if box < 3 else "bob", amount=1000 * box)
        for box in range(1, boxes + 1)
    ]
    game = DealtRound(rules=rules, wagers=wagers, holds=holds)
    for _ in range(120):
        if game.is_complete:
            break
        before = list(game.events)
        held = Counter(game.holds)
        try:
            _step(data, game)
        except TableGamesError:
            # A refusal changes nothing.
            assert game.events == before
            assert game.holds == held
    if not game.is_complete:
        raise AssertionError("120 random inputs did not complete the round")
    # Every cent placed (a double or split folds into its hand's settlement) is settled.
    stakes_in = sum(e.amount for e in game.events if isinstance(e, WagerPlaced))
    stakes_settled = sum(e.stake for e in game.events if isinstance(e, WagerSettled))
    assert stakes_in == stakes_settled
    # Every card taken from the shoe is in the rack or still waiting to be dealt (633a.14(b)).
    taken = Counter(standard_decks(rules.decks)) - game.holds
    assert taken == Counter(game.discards) + Counter(game.unused)
    check_replays(game)
