"""Random answers at the terminal tables never crash them and never create or lose a cent.

Hypothesis feeds `play_terminal` (and the craps session) sequences drawn from the keys, amounts
in every written form, junk (control characters, non-ASCII, overlong text, numbers Decimal would
choke on), `?` and `q`, then ends the input with EOFError or Ctrl-C. Every sitting must end
cleanly, and the chips at the end must be the bankroll plus the settled net of every round dealt
(read from the rounds' own events), the figure the goodbye line prints. Along the way the chips
in hand never go below zero: the table never accepts a wager the player cannot cover.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from tablegames.blackjack.events import WagerPlaced, WagerSettled
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.table import Table
from tablegames.core.inputs import parse_dollars
from tablegames.core.rng import SeededRandom
from tablegames.craps.rules import CrapsRules
from tablegames.ui.craps_play import play_session
from tablegames.ui.play import play_terminal
from tablegames.ui.play_ledger import settled_net

RULES = (
    Rules(),
    Rules.model_validate(
        {"side_wagers": {"lucky_ladies": {}, "ez_bust": {}, "bad_beat": {"magic_card": True}}}
    ),
    load_rules(preset="pa-blackjack-switch"),
    load_rules(preset="pa-switch-hands-premium"),
    Rules(variant="switch_hands", wager_unit=500, min_wager=1000),
    load_rules(preset="pa-hand-dealt-2deck"),
    Rules(decks=1, penetration=0.5, late_surrender=False, dealer_peeks=False),
)
# What a player mostly types: an empty answer (the default wager, no side wager, no ante, the
# most insurance) and the keys; drawn far more often than the rest so that sessions play whole
# rounds (about one in three examples leaves mid-round, several after a settlement).
PLAYED = ("", "", "", "", "s", "s", "s", "n", "n", "h", "k", "w", "d", "p", "r", "i", "e", "b")
KEYS = (*"hsdprienbwky", " ", "?", "q", "Q", "-", "0", "N", "help")
AMOUNTS = ("5", "10", "$25", "12.50", "1,000", "20", "3", "100", "d 5", "i 5", "b 5", "b 3")
JUNK = (
    "d 1e999999",
    "i -5",
    "sNaN",
    "1e999999",
    "Infinity",
    "x" * 300,
    "\x00\x1b[2J",
    "ñ€😀",
    "h h h",
    "\ud800",
    "٣",
    "-$5",
    "12.345",
)
ANSWER = st.one_of(
    *[st.sampled_from(PLAYED)] * 12,
    st.sampled_from(KEYS),
    st.sampled_from(AMOUNTS),
    st.sampled_from(JUNK),
    st.text(max_size=8),
)


class Answers:
    """An `input_fn`: the drawn answers in order, then the input ends `how`."""

    def __init__(self, answers: list[str], how: str) -> None:
        self.answers, self.how = list(answers), how

    def __call__(self, prompt: str) -> str:
        if self.answers:
            return self.answers.pop(0)
        raise EOFError if self.how == "eof" else KeyboardInterrupt


def goodbye_chips(text: str) -> int:
    found = re.findall(r"Goodbye: .*?chips (\$[\d,.]+|-\$[\d,.]+) \(", text)
    assert len(found) == 1, text[-500:]
    return parse_dollars(found[0])


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    rules=st.sampled_from(RULES),
    boxes=st.integers(1, 3),
    bankroll=st.sampled_from((1_500, 3_000, 10_000, 100_000)),
    seed=st.integers(0, 2**32),
    answers=st.lists(ANSWER, min_size=40, max_size=150),
    how=st.sampled_from(("eof", "ctrl-c")),
)
def test_random_answers_end_cleanly_and_conserve_the_chips(
    rules: Rules, boxes: int, bankroll: int, seed: int, answers: list[str], how: str
) -> None:
    rounds: list[Round] = []

    class Recording(Table):
        def deal(self, *args: Any, **kwargs: Any) -> Round:
            rounds.append(super().deal(*args, **kwargs))
            return rounds[-1]

    console = Console(record=True, width=120, force_terminal=False, file=io.StringIO())
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tablegames.ui.play.Table", Recording)
        sitting = play_terminal(
            rules,
            boxes=boxes,
            console=console,
            input_fn=Answers(answers, how),
            random=SeededRandom.from_seed(seed),
            bankroll=bankroll,
        )
    expected = bankroll + sum(settled_net(game.events) for game in rounds)
    assert sitting.chips == expected
    assert goodbye_chips(console.export_text()) == expected
    assert sitting.rounds == sum(game.is_complete for game in rounds)
    assert sitting.unfinished == (bool(rounds) and not rounds[-1].is_complete)
    # Chips in hand, event by event: never below zero.
    chips = bankroll
    for game in rounds:
        for event in game.events:
            if isinstance(event, WagerPlaced):
                chips -= event.amount
                assert chips >= 0, event
            elif isinstance(event, WagerSettled):
                chips += event.returned
    assert chips + sum(_open(game) for game in rounds) == expected


def _open(game: Round) -> int:
    placed = sum(event.amount for event in game.events if isinstance(event, WagerPlaced))
    return placed - sum(event.stake for event in game.events if isinstance(event, WagerSettled))


CRAPS_ANSWER = st.one_of(
    st.sampled_from(("", "", "?", "q", "any_seven 5", "hard_8 5", "ce 2", "any_craps 1")),
    st.sampled_from(("hard_4 1e999999", "hard_4", "hard_4 -5", "HARD_10 $5", "yo 5", "x" * 300)),
    st.sampled_from(JUNK),
    st.text(max_size=8),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    bankroll=st.sampled_from((500, 10_000)),
    answers=st.lists(CRAPS_ANSWER, max_size=40),
    how=st.sampled_from(("eof", "ctrl-c")),
)
def test_random_answers_at_the_craps_table_conserve_the_chips(
    seed: int, bankroll: int, answers: list[str], how: str
) -> None:
    console = Console(record=True, width=120, force_terminal=False, file=io.StringIO())
    final = play_session(
        CrapsRules(),
        console=console,
        input_fn=Answers(answers, how),
        random=SeededRandom.from_seed(seed),
        bankroll=bankroll,
    )
    text = console.export_text()
    nets = [parse_dollars(net) for net in re.findall(r"Roll net \+?(-?\$[\d,.]+)", text)]
    assert final == bankroll + sum(nets)
    assert goodbye_chips(text) == final
    assert final >= 0
