"""The dealt table on the table protocol (`tablegames.blackjack.dealt_game`): the players bet
and decide through the protocol, the dealer's cards and the floorperson's procedures come as
orders, the stream restores from its sealed inputs and every round replays from its log."""

from __future__ import annotations

import pytest

from tablegames.blackjack.dealt_game import GAME, ORDERS, DealtBlackjackTable
from tablegames.blackjack.game import GAME as BLACKJACK
from tablegames.blackjack.rules import Rules
from tablegames.core.errors import ScenarioError, TableGamesError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command, GameModule, GameRound, GameTable
from tablegames.craps.game import GAME as CRAPS
from tests.protocol_driver import OPENING_BURNING_KD


def opened() -> DealtBlackjackTable:
    table = GAME.open_table(Rules(), random=None)
    for name, args in OPENING_BURNING_KD:
        table.order(name, args)
    return table


def bet_and_deal(table: DealtBlackjackTable) -> GameRound:
    betting = table.open_betting()
    betting.place(Command(player="ann", spot=1, action="blackjack", amount=2500))
    return table.start_round(betting)


def kinds(game: GameRound) -> list[str]:
    """The kinds of the turns pending."""
    return [pending.kind for pending in game.awaiting]


def test_the_dealt_game_and_table_implement_the_protocol() -> None:
    assert isinstance(GAME, GameModule)
    table = opened()
    assert isinstance(table, GameTable)
    assert isinstance(bet_and_deal(table), GameRound)


def test_633a_7_f_the_dealer_deals_by_orders_and_the_player_decides_by_commands() -> None:
    table = opened()
    game = bet_and_deal(table)
    assert game.awaiting == ()  # the dealer owes a card: nobody's turn, no clock
    stand = Command(player="ann", spot=1, action="stand")
    assert "the dealer is dealing" in (game.refusal(stand) or "")
    for card in ("9S", "TS", "7C"):
        table.order("card", {"card": card})
    table.order("card", {"card": "6D", "face": "down"})
    assert kinds(game) == ["play"]
    assert game.offers(1)
    events = game.apply(stand)
    assert events[0].kind == "decision"
    table.order("card", {"card": "9D"})  # the dealer's T 6 draws: 25
    assert game.is_complete
    assert table.events[0].kind == "rules_filed"
    assert table.events[-1].kind == "round_completed"


def test_633a_7_s_the_table_restores_from_its_sealed_inputs() -> None:
    table = opened()
    game = bet_and_deal(table)
    for card in ("9S", "TS", "7C"):
        table.order("card", {"card": card})
    table.order("card", {"card": "6D", "face": "down"})
    game.apply(Command(player="ann", spot=1, action="hit"))
    stored = [event.to_json() for event in table.events]
    sealed = list(table.sealed)
    again = GAME.restore_table(stored, sealed)
    assert [event.to_json() for event in again.events] == stored
    assert again.current is not None
    assert again.current.awaiting == ()  # still owes box 1 its card
    again.order("card", {"card": "2C"})
    assert kinds(again.current) == ["play"]
    with pytest.raises(ScenarioError, match="another stream"):
        GAME.restore_table(stored, sealed[:-1])


def test_633a_7_s_every_round_of_the_stream_replays_from_its_log() -> None:
    table = opened()
    game = bet_and_deal(table)
    table.order("card", {"card": "9S"})
    table.order("not_dealt", {"option": "later"})  # 633a.14(e)
    for card in ("7C", "TS"):
        table.order("card", {"card": card})
    table.order("card", {"card": "6D", "face": "down"})
    game.apply(Command(player="ann", spot=1, action="stand"))
    table.order("card", {"card": "9D"})
    stored = [event.to_json() for event in table.events]
    rounds = [event for event in stored if event["event"] not in ("rules_filed",)]
    replayed = [event.to_json() for event in GAME.replay(stored)]
    start = next(i for i, event in enumerate(rounds) if event["event"] == "round_started")
    assert replayed == rounds[start:]


def test_only_a_dealt_table_takes_orders_during_a_round() -> None:
    assert opened().round_orders == ORDERS
    assert "card" in ORDERS
    blackjack = BLACKJACK.open_table(Rules(), random=SeededRandom.from_seed(1))
    craps = CRAPS.open_table(CRAPS.rules_from_mapping({}), random=SeededRandom.from_seed(1))
    assert blackjack.round_orders == frozenset()
    assert craps.round_orders == frozenset()


def test_a_dealt_tables_bad_orders_are_refused_and_change_nothing() -> None:
    table = opened()
    before = (list(table.events), list(table.sealed))
    with pytest.raises(TableGamesError, match="no order 'deal_faster'"):
        table.order("deal_faster", {})
    with pytest.raises(TableGamesError, match="takes no argument 'procedure'"):
        table.order("card", {"card": "9S", "procedure": "wash"})
    with pytest.raises(TableGamesError, match=r"no round is in progress"):
        table.order("card", {"card": "9S"})
    with pytest.raises(TableGamesError, match="come from the dealer"):
        table.stack({"cards": ["AS"]})
    assert (list(table.events), list(table.sealed)) == before
