"""The Pai Gow Poker round on the table protocol: the deal (645a.5, 645a.8-645a.10), the betting
window (645a.7 and its optional wagers), the layout, the dice; and the invariants of every round
(money conserved, every card of the deck accounted for, the log replays and restores, no viewer
sees a card early), by hypothesis over random tables, wagers and settings.

The expected positions and stacks are counted by hand from the rules' documented reading
(paigow/dealing.py): positions clockwise are the dealer (0) then seats 1-6; the count starts at
the dealer as one and goes counterclockwise by default; the first stack of seven goes to the
position the count stops at and the next stacks clockwise.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.core.errors import IllegalActionError, TableGamesError, WagerError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command
from tablegames.core.views import HIDDEN, Viewer, redact
from tablegames.paigow.cards import deck
from tablegames.paigow.events import LEFTOVER, PAI_GOW_SIGHT
from tablegames.paigow.game import GAME
from tablegames.paigow.setting import make_setting
from tablegames.paigow.table import PaiGowGameTable

# The new-deck order's first 53 codes, so a stacked deck is easy to read by hand.
CODES = [str(card) for card in deck()]


def _table(seed: int = 1, **rules: Any) -> PaiGowGameTable:
    return GAME.open_table(GAME.rules_from_mapping(rules), random=SeededRandom.from_seed(seed))


def _bet(player: str, seat: int, amount: int = 2500, **side: int) -> Command:
    return Command(
        player=player,
        spot=seat,
        action="pai_gow",
        amount=amount,
        args={"side": dict(side)} if side else {},
    )


def _play(table: PaiGowGameTable, *bets: Command) -> list[dict[str, Any]]:
    window = table.open_betting()
    for bet in bets:
        window.place(bet)
    round_ = table.start_round(window)
    for turn in list(round_.awaiting):
        round_.apply(round_.on_timeout(turn))
    return [event.to_json() for event in round_.events]


def _dealt(events: list[dict[str, Any]]) -> dict[int, list[str]]:
    hands: dict[int, list[str]] = {}
    for event in events:
        if event["event"] == "card_dealt":
            hands.setdefault(event["position"], []).append(event["card"])
    return hands


# --- 645a.5: the starting position ------------------------------------------------------------


def test_645a_5_a_count_of_three_from_the_dealer_reaches_seat_5_and_it_gets_the_first_stack() -> (
    None
):
    table = _table()
    table.stack({"cards": CODES, "start": 3})
    events = _play(table, _bet("ann", 1))
    start = next(event for event in events if event["event"] == "starting_position")
    # Counterclockwise from the dealer (one): seat 6 is two, seat 5 is three.
    assert (start["number"], start["position"]) == (3, 5)
    hands = _dealt(events)
    # Clockwise from seat 5: seat 5, seat 6, the dealer, seat 1, ..., seat 4; then 4 left over.
    assert hands[5] == CODES[0:7]
    assert hands[6] == CODES[7:14]
    assert hands[0] == CODES[14:21]
    assert hands[1] == CODES[21:28]
    assert hands[4] == CODES[42:49]
    assert hands[LEFTOVER] == CODES[49:53]


@pytest.mark.parametrize(
    ("dice", "position"),
    # 18 counts around seven positions twice and stops at four: seat 4 counterclockwise.
    # 3 stops at three: seat 5. 8 stops at one: the dealer.
    [([6, 6, 6], 4), ([1, 1, 1], 5), ([2, 3, 3], 0)],
)
def test_645a_5_three_dice_count_from_the_dealer_as_one(dice: list[int], position: int) -> None:
    table = _table()
    table.stack({"dice": dice})
    events = _play(table, _bet("ann", 1))
    start = next(event for event in events if event["event"] == "starting_position")
    assert (start["method"], start["dice"], start["position"]) == ("dice", dice, position)
    assert _dealt(events)[position] == _dealt(events)[position][:7]


def test_645a_5_a_random_number_generator_draws_one_to_seven() -> None:
    table = _table(seed=5, starting_position="rng")
    seen = set()
    for _ in range(60):
        events = _play(table, _bet("ann", 1))
        start = next(event for event in events if event["event"] == "starting_position")
        assert start["method"] == "rng"
        assert start["dice"] == []
        seen.add(start["number"])
    assert seen == set(range(1, 8))


def test_645c_2_a_player_activated_dice_are_three_dice_of_the_table() -> None:
    table = _table(seed=3, starting_position="player_activated_dice")
    events = _play(table, _bet("ann", 1))
    start = next(event for event in events if event["event"] == "starting_position")
    assert start["method"] == "player_activated_dice"
    assert len(start["dice"]) == 3
    assert start["number"] == sum(start["dice"])


# --- 645a.8-645a.10: the deal -----------------------------------------------------------------


def test_645a_8_seven_hands_of_seven_whether_or_not_wagered_and_four_left_over() -> None:
    events = _play(_table(), _bet("ann", 2))
    hands = _dealt(events)
    assert sorted(hands) == [LEFTOVER, 0, 1, 2, 3, 4, 5, 6]
    assert all(len(hands[position]) == 7 for position in range(7))
    assert len(hands[LEFTOVER]) == 4
    assert sorted(card for cards in hands.values() for card in cards) == sorted(CODES)
    discarded = next(event for event in events if event["event"] == "cards_discarded")
    # The four left over and the five hands of seats without a wager: 4 + 5 x 7.
    assert discarded["count"] == 39
    assert {event["paragraph"] for event in events if event["event"] == "card_dealt"} == {"645a.8"}


def test_645a_10_an_automated_shoe_deals_under_its_own_paragraph() -> None:
    events = _play(_table(dealing_procedure="automated_shoe"), _bet("ann", 1))
    assert {event["paragraph"] for event in events if event["event"] == "card_dealt"} == {"645a.10"}


def test_645a_9_dealing_from_the_hand_under_its_own_paragraph() -> None:
    events = _play(_table(dealing_procedure="hand", automated_shuffler=True), _bet("ann", 1))
    assert {event["paragraph"] for event in events if event["event"] == "card_dealt"} == {"645a.9"}


# --- 645a.7: the wagers -----------------------------------------------------------------------


def test_645a_7_no_round_without_a_main_wager_and_none_after_no_more_bets() -> None:
    table = _table()
    with pytest.raises(IllegalActionError) as refused:
        table.start_round(table.open_betting())
    assert refused.value.paragraph == "645a.7"
    window = table.open_betting()
    window.place(_bet("ann", 1))
    table.start_round(window)
    with pytest.raises(IllegalActionError) as late:
        window.place(_bet("bo", 2))
    assert late.value.paragraph == "645a.7"
    with pytest.raises(IllegalActionError):
        window.withdraw("ann", 1)
    with pytest.raises(IllegalActionError, match="under way"):
        table.open_betting()


def test_645a_7_a_wager_outside_the_limits_or_on_someone_elses_seat_is_refused() -> None:
    window = _table(min_wager=500, max_wager=10_000).open_betting()
    assert "outside the table's limits 500-10000" in str(window.refusal(_bet("ann", 1, 499)))
    assert "outside the table's limits" in str(window.refusal(_bet("ann", 1, 10_001)))
    window.place(_bet("ann", 1, 500))
    assert window.refusal(_bet("bo", 1, 500)) == "seat 1 is 'ann''s"
    assert "not at this table" in str(window.refusal(_bet("bo", 7, 500)))
    with pytest.raises(WagerError, match="'bo' has no wager at seat 1"):
        window.withdraw("bo", 1)


def test_645a_7_e_1_the_fortune_wager_rides_on_a_main_wager_where_offered() -> None:
    window = _table(fortune_paytable="wizard_2").open_betting()
    refused = window.refusal(Command(player="ann", spot=1, action="fortune", amount=500))
    assert refused is not None
    assert "rides on a main wager" in refused
    window.place(_bet("ann", 1, fortune=500))
    without = _table().open_betting()
    with pytest.raises(WagerError) as not_offered:
        without.place(_bet("ann", 1, fortune=500))
    assert not_offered.value.paragraph == "645a.7(e)"


def test_645a_7_e_4_the_progressive_wager_is_its_fixed_amount_and_feeds_the_meter() -> None:
    rules = {
        "progressive": True,
        "progressive_rate_percent": 70,
        "progressive_initial": 1_000_000,
        "progressive_reset": 1_000_000,
        "progressive_wager": 100,
    }
    table = _table(**rules)
    window = table.open_betting()
    with pytest.raises(WagerError) as wrong:
        window.place(_bet("ann", 1, progressive=200))
    assert wrong.value.paragraph == "645a.7(e)(4)"
    table.stack({"cards": ["2C", "3D", "4H", "6S", "8C", "9D", "JH"]})  # no progressive line
    events = _play(table, _bet("ann", 1, progressive=100), _bet("bo", 2, progressive=100))
    grown = next(event for event in events if event["event"] == "meter_changed")
    # 70% of the round's two $1 wagers: 140 cents.
    assert (grown["before"], grown["after"]) == (1_000_000, 1_000_140)
    assert table.meters == {"progressive": 1_000_140}


def test_645a_2_b_the_layout_has_an_area_for_every_wager_the_table_takes() -> None:
    layout = GAME.layout(GAME.rules_from_mapping({"fortune_paytable": "wizard_1"}))
    wagers = [area["wager"] for area in layout["areas"]]
    assert wagers[:3] == ["pai_gow", "bank", "co_bank"]
    assert "fortune" in wagers


def test_645c_1_b_1_commission_free_play_has_a_tiger_9_area_and_its_inscription() -> None:
    rules = GAME.rules_from_mapping({"preset": "pa-commission-free", "tiger_9_wager": True})
    layout = GAME.layout(rules)
    assert "tiger_9" in [area["wager"] for area in layout["areas"]]
    assert any("Tiger 9" in item["text"] for item in layout["inscriptions"])


# --- settings -----------------------------------------------------------------------------------


def test_a_foul_setting_is_refused_at_an_electronic_table_and_nothing_changes() -> None:
    table = _table()
    # Seat 1 (the count of 2 stops at seat 6 counterclockwise... so stack from the start).
    table.stack({"cards": ["AS", "AD", "KC", "9H", "7D", "5S", "2C"], "start": 2})
    window = table.open_betting()
    window.place(_bet("ann", 6))
    round_ = table.start_round(window)
    before = len(round_.events)
    # The pair of aces low leaves K-9-7-5-2 high: high card below a pair.
    foul = Command(player="ann", spot=6, action="set", args={"low": ["AS", "AD"]})
    assert "at least as high" in str(round_.refusal(foul))
    with pytest.raises(TableGamesError):
        round_.apply(foul)
    assert len(round_.events) == before
    assert round_.awaiting
    someone_else = Command(player="bo", spot=6, action="house_way")
    assert "'ann''s, not 'bo''s" in str(round_.refusal(someone_else))
    round_.apply(Command(player="ann", spot=6, action="set", args={"low": ["KC", "9H"]}))
    assert round_.is_complete


# --- invariants, by hypothesis ------------------------------------------------------------------

TABLES: list[dict[str, Any]] = [
    {"fortune_paytable": "wizard_1", "envy_table": "envy_3000"},
    {"preset": "pa-commission-free", "tiger_9_wager": True},
    {
        "fortune_paytable": "wizard_2",
        "progressive": True,
        "progressive_rate_percent": 20,
        "progressive_initial": 500_000,
        "progressive_reset": 500_000,
        "starting_position": "rng",
    },
]


def _legal_settings(hand: tuple[Any, ...], rules: Any) -> list[list[str]]:
    found = []
    for low in combinations(hand, 2):
        if make_setting(hand, low=low, rules=rules.ranking).legal:
            found.append([str(card) for card in low])
    return found


@st.composite
def _session(draw: st.DrawFn) -> tuple[int, int, list[list[tuple[int, int, int]]], int]:
    table = draw(st.integers(0, len(TABLES) - 1))
    seed = draw(st.integers(0, 10_000))
    rounds = []
    for _ in range(draw(st.integers(1, 3))):
        seats = draw(st.lists(st.integers(1, 6), min_size=1, max_size=6, unique=True))
        rounds.append(
            [(seat, draw(st.integers(5, 200)) * 100, draw(st.integers(0, 30))) for seat in seats]
        )
    return table, seed, rounds, draw(st.integers(0, 2**16))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_session())
def test_every_round_conserves_money_accounts_for_every_card_and_replays(
    session: tuple[int, int, list[list[tuple[int, int, int]]], int],
) -> None:
    which, seed, rounds, choice = session
    rules = GAME.rules_from_mapping(TABLES[which])
    table = GAME.open_table(rules, random=SeededRandom.from_seed(seed))
    for bets in rounds:
        window = table.open_betting()
        for seat, amount, side in bets:
            riding = {}
            if side and rules.fortune_paytable:
                riding["fortune"] = max(100, side * 100)
            if side and rules.tiger_9_wager:
                riding["tiger_9"] = max(100, side * 100)
            if side % 2 and rules.progressive:
                riding["progressive"] = rules.progressive_wager
            window.place(_bet(f"p{seat}", seat, amount, **riding))
        round_ = table.start_round(window)
        # Restored mid-round from its stream and sealed records, the table awaits the same.
        restored = GAME.restore_table(
            [event.to_json() for event in table.events],
            table.sealed,
            random=SeededRandom.from_seed(seed),
        )
        assert restored.current is not None
        assert restored.current.awaiting == round_.awaiting
        for index, turn in enumerate(list(round_.awaiting)):
            play = round_.plays[turn.spot]
            legal = _legal_settings(play.hand, rules)
            pick = (choice >> index) % (len(legal) + 1)
            command = (
                round_.on_timeout(turn)
                if pick == len(legal)
                else Command(
                    player=turn.player, spot=turn.spot, action="set", args={"low": legal[pick]}
                )
            )
            round_.apply(command)
            restored.current.apply(command)
        assert round_.is_complete
        # The round's events, as the table's stream stamps them; the restored table played the
        # same round (its next deck, shuffled from its own source, is not compared).
        count = len(round_.events)
        events = [event.to_json() for event in table.events][-count:]
        assert _dealt_and_decided(events) == _dealt_and_decided(
            [event.to_json() for event in restored.events][-count:]
        )
        _check_money(events)
        _check_cards(events)
        _check_sight(events, {f"p{seat}" for seat, _, _ in bets})
    stream = [event.to_json() for event in table.events]
    replayed = [event.to_json() for event in GAME.replay(stream)]
    assert [e for e in replayed if e["event"] != "deck_shuffled"] == [
        e for e in stream if e["event"] != "deck_shuffled"
    ]


def _dealt_and_decided(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [event for event in events if event["event"] != "deck_shuffled"]


def _check_money(events: list[dict[str, Any]]) -> None:
    placed: dict[tuple[int, str], int] = {}
    for event in events:
        if event["event"] == "wager_placed":
            placed[(event["seat"], event["wager"])] = event["amount"]
    nets: dict[int, int] = {}
    settled: dict[tuple[int, str], int] = {}
    for event in events:
        if event["event"] == "wager_settled":
            nets[event["seat"]] = nets.get(event["seat"], 0) + event["returned"] - event["stake"]
            if event["wager"] != "envy":  # Envy is paid on a Fortune wager already settled
                settled[(event["seat"], event["wager"])] = event["stake"]
                assert event["returned"] >= 0
                assert event["commission"] >= 0
    assert settled == placed  # every wager settled once, for its whole stake
    end = next(event for event in events if event["event"] == "round_settled")
    assert {int(seat): net for seat, net in end["nets"].items()} == {
        seat: nets.get(seat, 0) for seat in {seat for seat, _ in placed}
    }
    assert end["house"] == -sum(end["nets"].values())


def _check_cards(events: list[dict[str, Any]]) -> None:
    dealt = [event["card"] for event in events if event["event"] == "card_dealt"]
    assert sorted(dealt) == sorted(CODES)  # the whole deck, each card once


def _check_sight(events: list[dict[str, Any]], players: set[str]) -> None:
    shown = next(i for i, event in enumerate(events) if event["event"] == "hands_shown")
    for name in players:
        seen = redact(events, Viewer.player(name), PAI_GOW_SIGHT)
        for index, (event, original) in enumerate(zip(seen, events, strict=True)):
            if original["event"] != "card_dealt":
                continue
            own = original["position"] in {
                int(seat) for seat, player in events[0]["seats"].items() if player == name
            }
            if own:
                assert event["card"] == original["card"]
            else:
                # Another hand, the dealer's, the four left over: hidden as dealt.
                assert event["card"] == HIDDEN, (index, shown)
    spectator = redact(events, Viewer.spectator(), PAI_GOW_SIGHT)
    leftover = [e for e in spectator if e["event"] == "card_dealt" and e["position"] == LEFTOVER]
    assert all(event["card"] == HIDDEN for event in leftover)
    assert not any(
        original["card"] in str(event)
        for event, original in zip(spectator, events, strict=True)
        if original["event"] == "card_dealt"
        and original["position"] == LEFTOVER
        and event["event"] != "card_dealt"
    )


def test_645a_5_the_live_table_draws_its_start_by_core_rngs_scaling() -> None:
    # The same bytes drawn by the table and by the functions docs/rng.md names (and
    # tests/test_rng_statistics.py checks) give the same dice and numbers.
    from tablegames.core.rng import ScaledRandom, SeededBytes, pai_gow_start_dice, pai_gow_start_rng
    from tablegames.core.seal import new_salt

    for method in ("dice", "rng"):
        table = GAME.open_table(
            GAME.rules_from_mapping({"starting_position": method}),
            random=ScaledRandom(SeededBytes(7)),
        )
        events = _play(table, _bet("ann", 1))
        start = next(event for event in events if event["event"] == "starting_position")
        twin = ScaledRandom(SeededBytes(7))
        twin.shuffle(deck())  # the table's opening shuffle and salt come first
        new_salt(twin)
        if method == "dice":
            dice, _ = pai_gow_start_dice(twin)
            assert (start["dice"], start["number"]) == (list(dice), sum(dice))
        else:
            assert start["number"] == pai_gow_start_rng(twin)
