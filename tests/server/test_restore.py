"""A table restored from its stream (TableRuntime.restore) resumes where it stopped: cut after
any command of a random session (every Blackjack preset, the variations, craps), the restored
table shows every viewer the same view and, given the rest of the session, writes the same
entries. Cut inside a command's batch (which an atomic store never holds), it completes it."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.rules import preset_names
from tablegames.blackjack.rules.load import preset_mapping
from tablegames.server.runtime import TableRuntime
from tests.server.helpers import (
    Session,
    open_session,
    play_step,
    random_session,
    switch_hands_ante,
    viewers,
)
from tests.test_properties import RULE_VARIANTS

TABLES: list[tuple[str, dict[str, Any]]] = [
    *(("blackjack", preset_mapping(name)) for name in preset_names()),
    ("blackjack", RULE_VARIANTS[2]),  # every side wager and the progressives
    ("blackjack", {"decks": 1, "penetration": 0.5}),  # reshuffles within the session
    ("craps", {}),
]


def _restored(session: Session, mark: int) -> TableRuntime:
    version, sealed, random = session.marks[mark]
    return TableRuntime.restore(
        "t1",
        session.runtime.game_id,
        {},
        session.runtime.stream[:version],
        session.sealed[:sealed],
        random=copy.deepcopy(random),
    )


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32 - 1),
    cuts=st.lists(st.floats(0, 1), min_size=2, max_size=4),
)
def test_a_table_restored_after_any_command_resumes_to_the_same_view_and_events(
    table: tuple[str, dict[str, Any]], seed: int, cuts: list[float]
) -> None:
    game, rules = table
    original = random_session(game, rules, seed, rounds=2, extra_args=switch_hands_ante(rules))
    final = original.runtime.stream
    # The views after every command, for every viewer.
    views: dict[int, list[dict[str, Any]]] = {}
    replay = open_session(game, rules, seed)
    views[0] = [replay.runtime.view(viewer) for viewer in viewers()]
    for index, step in enumerate(original.steps):
        play_step(replay.runtime, step)
        views[index + 1] = [replay.runtime.view(viewer) for viewer in viewers()]
    assert replay.runtime.stream == final
    for cut in cuts:
        mark = int(cut * len(original.steps))
        restored = _restored(original, mark)
        assert restored.recovered().events == []
        assert restored.version == original.marks[mark][0]
        assert [restored.view(viewer) for viewer in viewers()] == views[mark]
        for step in original.steps[mark:]:
            play_step(restored, step)
        assert restored.stream == final


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1))
def test_a_stream_cut_inside_a_batch_is_completed(
    table: tuple[str, dict[str, Any]], seed: int
) -> None:
    game, rules = table
    original = random_session(game, rules, seed, rounds=1, extra_args=switch_hands_ante(rules))
    final = original.runtime.stream
    for mark in range(1, len(original.marks)):
        start, end = original.marks[mark - 1][0], original.marks[mark][0]
        sealed = original.marks[mark][1]
        for cut in range(start + 1, end):
            restored = TableRuntime.restore(
                "t1",
                game,
                {},
                final[:cut],
                original.sealed[:sealed],
                random=copy.deepcopy(original.marks[mark - 1][2]),
            )
            recovered = restored.recovered()
            assert recovered.version == restored.version
            if game == "craps" and any(e["event"] == "dice_rolled" for e in final[cut:end]):
                # Fresh dice: the cut roll is thrown again by the restored table's generator.
                kinds = [e["event"] for e in restored.stream[cut:]]
                assert kinds == [e["event"] for e in final[cut:end]]
                continue
            assert restored.stream == final[:end], (cut, start, end)
