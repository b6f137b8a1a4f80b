"""A Blackjack table's stream files the house rules once (601a.2) and each round carries only
their digest, while a round's own log still carries them in full so that it replays alone."""

from __future__ import annotations

import hashlib
import json

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import RoundStarted
from tablegames.blackjack.replay import replay, replay_rounds
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.rng import SeededRandom


def _table_of_three_rounds() -> tuple[Table, Round]:
    table = Table(Rules(), random=SeededRandom.from_seed(633))
    rounds = []
    for _ in range(3):
        game = table.deal([BoxWager(box=1, amount=2500, player="ann")])
        while not game.is_complete:
            actions = game.legal_actions()
            game.act(Action.STAND if Action.STAND in actions else actions[-1])
        rounds.append(game)
    return table, rounds[-1]


def test_601a_2_the_rules_are_filed_once_per_table_and_rounds_carry_their_digest() -> None:
    table, _ = _table_of_three_rounds()
    stream = [event.to_json() for event in table.events]
    filed = [event for event in stream if event.get("rules") is not None]
    assert [event["event"] for event in filed] == ["rules_filed"]
    # The digest is SHA-256 of the rules' canonical JSON, computed here independently.
    canonical = json.dumps(filed[0]["rules"], sort_keys=True, separators=(",", ":"))
    assert filed[0]["digest"] == hashlib.sha256(canonical.encode()).hexdigest()
    started = [event for event in stream if event["event"] == "round_started"]
    assert len(started) == 3
    assert all(event["rules"] is None for event in started)
    assert {event["rules_digest"] for event in started} == {filed[0]["digest"]}
    # The rules dump (about 1 KB) is not repeated per round.
    assert all(len(json.dumps(event)) < 400 for event in started)


def test_601a_2_a_round_log_alone_and_the_stream_both_replay() -> None:
    table, last = _table_of_three_rounds()
    own = last.events
    assert isinstance(own[0], RoundStarted)
    assert own[0].rules is not None
    assert replay(own).events == own
    assert [game.events for game in replay_rounds(table.events)][-1] == own
