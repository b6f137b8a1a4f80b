"""Outcomes independent of wagers (issue 16; docs/rng.md): the shoe's order is shuffled and
committed (`shoe_shuffled` carries its commitment, tablegames.core.seal) before any wager of the
rounds it deals, and whatever is wagered or decided, every card leaves the shoe from exactly the
place the committed order and the logged cut put it (633a.5(a), 633a.5(d)).

The craps selection and dice do not depend on the wagers either (623b.5(c)).

Also: no live-play entry point (`tablegames play`, `tablegames serve`, the server's table
opening) can be given a seed.
"""

from __future__ import annotations

import inspect
from typing import Any

import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import CardDealt, WagerPlaced
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.shoe_steps import CardBurned, ShoeCut, ShoeShuffled
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.cli import app
from tablegames.core.events import Event
from tablegames.core.rng import ScaledRandom, SecureRandom, SeededBytes, SeededRandom
from tablegames.core.seal import commitment
from tablegames.craps.dice import RandomDice
from tablegames.craps.rules import CrapsRules
from tablegames.craps.selection import RandomSelector
from tablegames.craps.table import CrapsTable
from tablegames.craps.wagers import BETS


def check_cards_leave_in_committed_order(table: Table) -> int:
    """Walk the stream: each shuffle's sealed order (checked against its commitment), rotated by
    its logged cut, is the queue every burned and dealt card must come from, in order. Returns
    how many cards were checked."""
    sealed = {record["shuffle"]: record for record in table.sealed if "shuffle" in record}
    queue: list[str] = []
    checked = 0
    wagered = False
    for event in table.events:
        if isinstance(event, ShoeShuffled):
            record = sealed[event.shuffle]
            assert commitment(bytes.fromhex(record["salt"]), record["order"]) == event.commitment
            queue = list(record["order"])
        elif isinstance(event, ShoeCut):
            queue = queue[event.position :] + queue[: event.position]
        elif isinstance(event, CardBurned | CardDealt):
            assert queue, "a card left a shoe with nothing committed"
            assert event.card == queue.pop(0)
            checked += 1
        elif isinstance(event, WagerPlaced):
            wagered = True
        assert wagered or not isinstance(event, CardDealt)
    return checked


def first_shuffle_before_any_wager(events: list[Event]) -> bool:
    kinds = [event.kind for event in events]
    return kinds.index("shoe_shuffled") < kinds.index("wager_placed")


@st.composite
def wagers(draw: Any, rules: Rules) -> list[BoxWager]:
    boxes = draw(st.sets(st.integers(1, rules.boxes), min_size=1, max_size=rules.boxes))
    units = st.integers(rules.min_wager // 100, rules.min_wager // 100 * 20)
    return [BoxWager(box=box, amount=draw(units) * 100) for box in sorted(boxes)]


def play(table: Table, data: st.DataObject, rounds: int) -> None:
    rules = table.rules
    for _ in range(rounds):
        game = table.deal(data.draw(wagers(rules)))
        while not game.is_complete:
            action = data.draw(st.sampled_from(game.legal_actions()))
            amount = game.max_insurance() if action is Action.INSURANCE else None
            if action is Action.EZ_BUST:
                turn = game.turn
                assert turn is not None
                amount = game.box(turn.box).wager.amount
            game.act(action, amount)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data(), rounds=st.integers(1, 12))
def test_633a_5_a_every_card_leaves_the_shoe_where_the_committed_order_put_it(
    seed: int, data: st.DataObject, rounds: int
) -> None:
    table = Table(Rules(decks=1, penetration=0.6), random=SeededRandom.from_seed(seed))
    play(table, data, rounds)
    assert first_shuffle_before_any_wager(table.events)
    assert check_cards_leave_in_committed_order(table) > 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_633a_5_a_other_wagers_and_decisions_leave_every_committed_card_in_place(
    seed: int, data: st.DataObject
) -> None:
    # Two tables from the same seed, each with its own wagers and decisions: the same committed
    # order and cut, and the n-th card out of the shoe the same card at both.
    first = Table(Rules(), random=SeededRandom.from_seed(seed))
    second = Table(Rules(), random=SeededRandom.from_seed(seed))
    play(first, data, 3)
    play(second, data, 3)
    assert first.sealed[0]["order"] == second.sealed[0]["order"]
    cuts = [next(e.position for e in t.events if isinstance(e, ShoeCut)) for t in (first, second)]
    assert cuts[0] == cuts[1]
    out = [
        [e.card for e in t.events if isinstance(e, CardBurned | CardDealt)] for t in (first, second)
    ]
    shorter = min(len(out[0]), len(out[1]))
    assert out[0][:shorter] == out[1][:shorter]


# --- seeded generators stay out of live play --------------------------------------------------

SEED_WORDS = ("seed", "random", "rng")


def command_params(*path: str) -> list[str]:
    command: Any = typer.main.get_command(app)
    for name in path:
        command = command.commands[name]
    return [param.name or "" for param in command.params]


def test_tablegames_play_takes_no_seed() -> None:
    names = command_params("play")
    assert names
    assert not [n for n in names if any(w in n.lower() for w in SEED_WORDS)], names


def test_tablegames_serve_takes_no_seed() -> None:
    names = command_params("serve")
    assert names
    assert not [n for n in names if any(w in n.lower() for w in SEED_WORDS)], names


def test_the_server_opens_every_table_on_the_csprng() -> None:
    # The service's table opening takes no random source or seed: it passes SecureRandom.
    from tablegames.server import service

    signature = inspect.signature(service.Service.open_table)
    assert not [n for n in signature.parameters if any(w in n.lower() for w in SEED_WORDS)]
    source = inspect.getsource(service)
    assert "SecureRandom()" in source
    assert "SeededRandom" not in source


def test_the_live_source_says_it_is_live_and_a_seeded_one_says_it_is_not() -> None:
    assert SecureRandom().is_live
    table = Table(Rules(), random=SeededRandom.from_seed(1))
    assert not table.random.is_live


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_623b_5_c_the_selection_and_the_dice_do_not_depend_on_the_wagers(
    seed: int, data: st.DataObject
) -> None:
    # 623b.5(c): the selection is drawn once wagers close, one draw per offered line whatever is
    # wagered, then the dice: two tables from one seed, each with its own wagers, see the same
    # selections and the same dice roll after roll.
    rules = CrapsRules()
    names = sorted(BETS)
    seen = []
    for _ in range(2):
        random = ScaledRandom(SeededBytes(seed))
        table = CrapsTable(rules, dice=RandomDice(random), selector=RandomSelector(random))
        rolls = []
        for _ in range(6):
            for name in data.draw(st.lists(st.sampled_from(names), max_size=4)):
                amount = data.draw(st.integers(1, 20)) * rules.min_wager
                if table.can_place(name, amount):
                    table.place(name, amount)
            selection = table.select()
            result = table.roll()
            rolls.append((dict(selection.levels), result.dice))
        seen.append(rolls)
    assert seen[0] == seen[1]
