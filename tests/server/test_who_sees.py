"""Who sees what through the runtime (issue 11 section 4): over random rounds of every variation
and preset, every viewer's `events_for` (each player, a spectator, the operator) shows no card
before the event that reveals it to them, whatever version they start from, and the view's
round events are the same entries."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.events import BLACKJACK_SIGHT
from tablegames.blackjack.rules import preset_names
from tablegames.blackjack.rules.load import preset_mapping
from tablegames.core.table import Viewer
from tablegames.core.views import HIDDEN, redact
from tablegames.paigow.events import PAI_GOW_SIGHT
from tablegames.server.runtime import _sight_viewer
from tests.server.helpers import PLAYERS, random_session, switch_hands_ante, viewers
from tests.test_resume import VARIATIONS
from tests.test_views import _check_no_leak

TABLES = [*VARIATIONS, *map(preset_mapping, preset_names())]


def _events_for(runtime: Any, viewer: Viewer, after: int) -> list[dict[str, Any]]:
    found = runtime.events_for(viewer, after)
    assert [version for version, _ in found] == list(range(after + 1, runtime.version + 1))
    return [event for _, event in found]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(rules=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1), after=st.floats(0, 1))
def test_no_viewer_sees_a_card_through_the_runtime_before_it_is_revealed(
    rules: dict[str, Any], seed: int, after: float
) -> None:
    session = random_session(
        "blackjack", rules, seed, rounds=2, extra_args=switch_hands_ante(rules)
    )
    runtime = session.runtime
    stream = list(runtime.stream)
    start = int(after * runtime.version)
    for viewer in viewers():
        seen = _events_for(runtime, viewer, 0)
        assert seen == redact(stream, _sight_viewer(viewer), BLACKJACK_SIGHT)
        _check_no_leak(stream, _sight_viewer(viewer))
        # A reconnect after any version gets the same entries as the whole stream's view.
        assert _events_for(runtime, viewer, start) == seen[start:]
        if viewer.role != "operator":
            burns = [i for i, e in enumerate(stream) if e["event"] == "card_burned"]
            assert all(seen[i]["card"] == HIDDEN for i in burns)
        view = runtime.view(viewer)["events"]
        assert [entry["event"] for entry in view] == seen[len(seen) - len(view) :]


def test_the_runtimes_own_entries_carry_no_card_and_reach_everyone() -> None:
    session = random_session(
        "blackjack", {"variant": "hand_dealt", "decks": 2, "shoe": "batch_shuffler"}, 7
    )
    runtime = session.runtime
    own = [i for i, e in enumerate(runtime.stream) if e["event"].startswith("server:")]
    assert own
    for viewer in viewers():
        seen = _events_for(runtime, viewer, 0)
        assert all(seen[i] == runtime.stream[i] for i in own)
    players = {viewer.player for viewer in viewers() if viewer.player}
    assert players == set(PLAYERS)


PAI_GOW_TABLES = [
    {"preset": "pa-pai-gow", "fortune_paytable": "wizard_2"},
    {
        "preset": "pa-pai-gow",
        "progressive": True,
        "progressive_rate_percent": 20,
        "progressive_initial": 1_000_000,
        "progressive_reset": 1_000_000,
    },
    {"preset": "pa-commission-free", "tiger_9_wager": True},
]


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(rules=st.sampled_from(PAI_GOW_TABLES), seed=st.integers(0, 2**32 - 1), after=st.floats(0, 1))
def test_645a_8_no_viewer_sees_a_pai_gow_card_before_the_show(
    rules: dict[str, Any], seed: int, after: float
) -> None:
    """Each player sees their own seven cards as dealt; another seat's and the dealer's only
    when the hands are shown (`hands_shown`, `banker_set`); the empty seats' and the four left
    over never; a setting (`hand_set`) blanked until its hand is shown."""
    session = random_session("pai_gow", rules, seed, rounds=2)
    runtime = session.runtime
    stream = list(runtime.stream)
    start = int(after * runtime.version)
    for viewer in viewers():
        seen = _events_for(runtime, viewer, 0)
        assert seen == redact(stream, _sight_viewer(viewer), PAI_GOW_SIGHT)
        assert _events_for(runtime, viewer, start) == seen[start:]
        view = runtime.view(viewer)["events"]
        assert [entry["event"] for entry in view] == seen[len(seen) - len(view) :]
        if viewer.role == "operator":
            assert seen == stream  # the house's own view
            continue
        _check_pai_gow_sight(stream, seen, viewer.player)


def _check_pai_gow_sight(
    stream: list[dict[str, Any]], seen: list[dict[str, Any]], player: str | None
) -> None:
    owners: dict[int, str] = {}
    shown_at: dict[int, int] = {}  # position: where its cards are turned up this round
    ends = len(stream)
    for index, event in enumerate(stream):
        kind = event["event"]
        if kind == "round_started":
            owners = {int(seat): name for seat, name in event["seats"].items()}
            ends = next(
                (at for at in range(index, len(stream)) if stream[at]["event"] == "round_settled"),
                len(stream),
            )
            shown_at = {}
            for at in range(index, ends):
                if stream[at]["event"] == "hands_shown":
                    shown_at |= {int(position): at for position in stream[at]["positions"]}
                if stream[at]["event"] == "banker_set":
                    shown_at[int(stream[at]["position"])] = at
        if kind == "card_dealt":
            position = int(event["position"])
            if player is not None and owners.get(position) == player:
                assert seen[index] == event
                continue
            assert seen[index]["card"] == HIDDEN
            turned = shown_at.get(position)
            if turned is None:  # the empty seats, the dealer not playing, the four left over
                assert event["card"] not in str(seen[index:ends])
            else:
                assert event["card"] not in str(seen[index:turned])
                assert [index, event["card"]] in seen[turned]["revealed"]
        if kind == "hand_set" and owners.get(int(event["seat"])) != player:
            assert set(seen[index]["high"] + seen[index]["low"]) == {HIDDEN}
