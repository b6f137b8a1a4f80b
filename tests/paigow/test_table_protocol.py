"""The Pai Gow Poker table on the table protocol, as the server drives it: a round that settles
as it is dealt leaves the table ready for the next, and the settings are shown with the hands."""

from __future__ import annotations

from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command
from tablegames.paigow.game import GAME
from tablegames.paigow.table import PaiGowGameTable


def _table(seed: int = 3) -> PaiGowGameTable:
    return GAME.open_table(GAME.rules_from_mapping({}), random=SeededRandom.from_seed(seed))


def test_645a_7_a_round_settled_as_dealt_leaves_the_table_ready_for_the_next() -> None:
    # A co-banker's hand is set by the house way as it is dealt: alone at the table, the round
    # is settled before the deal returns. The table must not keep it as the round in play.
    table = _table()
    table.stack({"last_dealer_round": {"ann": 2500}})  # Ann may bank
    betting = table.open_betting()
    betting.place(Command(player="ann", spot=1, action="co_bank", amount=500))
    dealt = table.start_round(betting)
    assert dealt.is_complete
    assert table.current is None
    assert table.open_betting().is_open
    restored = GAME.restore_table([e.to_json() for e in table.events], table.sealed)
    assert restored.current is None


def test_645a_11_the_shown_hands_carry_their_settings() -> None:
    table = _table()
    betting = table.open_betting()
    betting.place(Command(player="ann", spot=2, action="pai_gow", amount=2500))
    round_ = table.start_round(betting)
    round_.apply(round_.on_timeout(round_.awaiting[0]))
    (set_,) = [e for e in round_.events if e.kind == "hand_set"]
    (shown,) = [e.to_json() for e in round_.events if e.kind == "hands_shown"]
    assert shown["positions"] == [2]
    assert shown["hands"] == {"2": {"high": list(set_.high), "low": list(set_.low)}}  # type: ignore[attr-defined]
