"""The stream keeps each viewer's redaction between calls (`TableStream.events_for`): whatever
was asked before, and after a refused call's entries are dropped, every answer is the one a
redaction of the entries from the round's seating gives."""

from __future__ import annotations

import bisect
from typing import Any

import numpy as np
import pytest

from tablegames.core.table import Viewer
from tablegames.core.views import REVEALED, redact
from tablegames.server.stream import TableStream, sight_viewer
from tests.server.helpers import open_session, play_step, random_session, viewers

HAND_DEALT = {"variant": "hand_dealt", "decks": 2, "shoe": "batch_shuffler"}
PAI_GOW = {"preset": "pa-pai-gow", "fortune_paytable": "wizard_2"}


def _redacted_afresh(
    stream: TableStream, viewer: Viewer, after: int
) -> list[tuple[int, dict[str, Any]]]:
    """`events_for` as it was before the redactions were kept: redacted again from the last
    seating at or before `after`."""
    after = max(0, min(after, len(stream.entries)))
    found_at = bisect.bisect_right(stream.seated_at, after)
    start = stream.seated_at[found_at - 1] if found_at else 0
    view = redact(stream.entries[start:], sight_viewer(viewer), stream.module.sight)
    found = []
    for offset, event in enumerate(view):
        if start + offset < after:
            continue
        if start and REVEALED in event:
            event[REVEALED] = [[at + start, card] for at, card in event[REVEALED]]
        found.append((start + offset + 1, event))
    return found


def _check(stream: TableStream, rng: np.random.Generator) -> None:
    for viewer in viewers():
        for after in {0, len(stream), int(rng.integers(0, len(stream) + 1))}:
            assert stream.events_for(viewer, after) == _redacted_afresh(stream, viewer, after)


@pytest.mark.parametrize(("game", "rules"), [("blackjack", HAND_DEALT), ("pai_gow", PAI_GOW)])
def test_every_answer_is_a_fresh_redaction_as_the_stream_grows_and_rewinds(
    game: str, rules: dict[str, Any]
) -> None:
    rng = np.random.default_rng(5)
    played = random_session(game, rules, 11, rounds=3)
    session = open_session(game, rules, 11)  # the same table, played again
    stream = session.runtime._stream
    for step in played.steps:
        _check(stream, rng)
        # A refused call's entries: appended, read through the redactions, then dropped.
        mark = stream.mark()
        for entry in played.runtime.stream[len(stream) : len(stream) + 3]:
            stream.append(dict(entry))
        _check(stream, rng)
        stream.rewind(mark)
        play_step(session.runtime, step)
    _check(stream, rng)
    assert list(session.runtime.stream) == list(played.runtime.stream)


def test_the_answers_are_new_dicts() -> None:
    session = random_session("blackjack", HAND_DEALT, 3, rounds=1)
    viewer = viewers()[-1]
    first = session.runtime.events_for(viewer, 0)
    first[-1][1]["event"] = "changed"
    for _, event in first:
        if REVEALED in event:
            event[REVEALED].clear()
    assert session.runtime.events_for(viewer, 0) == _redacted_afresh(
        session.runtime._stream, viewer, 0
    )
