"""The round's declared phases and its one dispatch table: over random rounds of every variation
(633a.12(a), 633a.12(b), 633c.4) with insurance (633a.8) and EZ Bust (633b.16), the pending
decision is always a declared phase, its turn is the phase's kind, and every action the round
accepts is one the dispatch table carries out."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.blackjack.actions import Action
from tablegames.blackjack.round import _HANDLERS, _PHASES, Phase, Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE, BoxWager
from tablegames.core.rng import SeededRandom

VARIANTS = ["standard", "blackjack_switch", "switch_hands", "hand_dealt"]


def test_every_waiting_phase_is_declared_and_dispatched() -> None:
    assert set(_PHASES) == set(Phase) - {Phase.COMPLETE}
    assert {phase for phase, _ in _HANDLERS} == set(_PHASES)


def _rules(variant: str) -> Rules:
    decks = 2 if variant == "hand_dealt" else 6
    shoe = "continuous_shuffler" if variant == "hand_dealt" else "shoe"
    return Rules.model_validate(
        {
            "variant": variant,
            "decks": decks,
            "shoe": shoe,
            "wager_unit": 500,
            "min_wager": 500,
            "side_wagers": {"ez_bust": {}} if variant != "switch_hands" else {},
        }
    )


def _wager(box: int, variant: str) -> BoxWager:
    side = {SWITCH_HANDS_ANTE: 200} if variant == "switch_hands" else {}
    return BoxWager(box=box, amount=1000, side=side)


def _amount(game: Round, action: Action) -> int | None:
    if action is Action.INSURANCE:
        return game.max_insurance() or None
    if action is Action.EZ_BUST:
        return 500
    return None


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32 - 1),
    boxes=st.integers(1, 3),
    choices=st.lists(st.integers(0, 10), min_size=40, max_size=40),
)
def test_the_pending_decision_is_always_a_declared_phase(
    variant: str, seed: int, boxes: int, choices: list[int]
) -> None:
    table = Table(_rules(variant), random=SeededRandom.from_seed(seed))
    for _ in range(3):
        game = table.deal([_wager(box, variant) for box in range(1, boxes + 1)])
        for choice in choices:
            turn = game.turn
            if turn is None:
                assert game.phase is Phase.COMPLETE
                assert game.legal_actions() == []
                break
            rules = _PHASES[game.phase]
            assert turn.kind == rules.kind
            legal = game.legal_actions()
            assert legal
            for action in Action:
                if game.can(action, _amount(game, action)):
                    assert (game.phase, action) in _HANDLERS, (game.phase, action)
                    assert action in legal
            action = legal[choice % len(legal)]
            amount = _amount(game, action)
            if action is Action.INSURANCE and amount is None:
                action = Action.DECLINE
            game.act(action, amount)
        while game.turn is not None:  # finish the round standing and declining
            legal = game.legal_actions()
            game.act(Action.STAND if Action.STAND in legal else legal[-1])
        assert game.phase is Phase.COMPLETE
