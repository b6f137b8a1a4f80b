"""The Pai Gow Poker betting window: a banker never wagers against its own bank."""

from __future__ import annotations

import pytest

from tablegames.core.errors import WagerError
from tablegames.core.table import Command
from tablegames.paigow.betting import BankHistory, PaiGowBetting
from tablegames.paigow.rules import PaiGowRules

BANK = Command(player="ann", spot=1, action="bank", amount=20000)
WAGER = Command(player="ann", spot=2, action="pai_gow", amount=2500)


@pytest.mark.parametrize("order", [(BANK, WAGER), (WAGER, BANK)], ids=["bank_first", "wager_first"])
def test_a_banker_cannot_wager_against_its_own_bank(order: tuple[Command, Command]) -> None:
    window = PaiGowBetting(PaiGowRules(), BankHistory(dealer_round_wagers={"ann": 2500}))
    first, second = order
    window.place(first)
    with pytest.raises(WagerError, match="'ann' cannot bank and wager against the bank"):
        window.place(second)
    assert [bet.seat for bet in window.bets] == [first.spot]


def test_another_player_may_wager_against_the_bank() -> None:
    window = PaiGowBetting(PaiGowRules(), BankHistory(dealer_round_wagers={"ann": 2500}))
    window.place(BANK)
    window.place(Command(player="bo", spot=2, action="pai_gow", amount=2500))
    assert [bet.seat for bet in window.bets] == [1, 2]
