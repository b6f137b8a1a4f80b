"""633a.6(b): where the house bars it, a patron who does not wager on a round after the shuffle
may not wager again until the house permits it (633a.6(b)(1)) or the cards are reshuffled
(633a.6(b)(2)). The rounds are worked out by hand from the text: who wagered on which round."""

from __future__ import annotations

import pytest

from tablegames.blackjack.actions import Action
from tablegames.blackjack.game import BlackjackTable
from tablegames.blackjack.policy import Decision, PlayerView, play_round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.errors import WagerError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command

BARRING = Rules(bar_after_sitting_out=True)


class Stands:
    """Stands where it may, declines every offer."""

    def decide(self, view: PlayerView) -> Decision:
        for action in (Action.STAND, Action.DECLINE, Action.KEEP):
            if view.allows(action):
                return Decision(action)
        return Decision(view.legal_actions[0])


def _round(table: Table, *players: str) -> None:
    wagers = [BoxWager(box=box, amount=2500, player=name) for box, name in enumerate(players, 1)]
    play_round(table.deal(wagers), Stands())


def _refused(table: Table, player: str) -> WagerError:
    dealt = table.rounds_dealt
    with pytest.raises(WagerError) as caught:
        _round(table, player)
    assert table.rounds_dealt == dealt  # nothing dealt, nothing changed
    return caught.value


def test_633a_6_b_a_patron_who_sits_out_a_round_is_barred_until_the_reshuffle() -> None:
    table = Table(BARRING, random=SeededRandom.from_seed(3))
    _round(table, "ann", "bob")
    _round(table, "ann")  # bob sits this one out
    refusal = _refused(table, "bob")
    assert refusal.paragraph == "633a.6(b)"
    assert "bob" in str(refusal)
    _round(table, "ann")  # ann wagered every round: she plays on
    table.reshuffle()  # 633a.6(b)(2): a reshuffle lifts the bar
    _round(table, "bob")


def test_633a_6_b_a_newcomer_after_the_first_round_waits_for_the_shuffle() -> None:
    table = Table(BARRING, random=SeededRandom.from_seed(4))
    _round(table, "ann")  # the first round after the shuffle is open to anyone
    assert table.barred("cy")
    _refused(table, "cy")
    assert not table.barred("ann")


def test_633a_6_b_1_the_house_permits_a_barred_patron_to_wager_again() -> None:
    table = Table(BARRING, random=SeededRandom.from_seed(5))
    _round(table, "ann", "bob")
    _round(table, "ann")
    table.permit("bob")
    assert table.events[-1].kind == "wagering_permitted"
    _round(table, "ann", "bob")
    with pytest.raises(WagerError, match="not barred"):
        table.permit("ann")
    # Permitted once: sitting out again bars bob again.
    _round(table, "ann")
    assert table.barred("bob")


def test_633a_6_b_without_the_house_rule_nobody_is_barred() -> None:
    table = Table(Rules(), random=SeededRandom.from_seed(6))
    _round(table, "ann", "bob")
    _round(table, "ann")
    _round(table, "bob")
    assert not table.barred("cy")


def test_633a_6_b_the_bar_is_kept_through_a_restore() -> None:
    table = Table(BARRING, random=SeededRandom.from_seed(7))
    _round(table, "ann", "bob", "cy")
    _round(table, "ann", "cy")
    table.permit("bob")
    _round(table, "ann")
    restored = Table.restore(table.events, table.sealed, random=SeededRandom.from_seed(99))
    assert [restored.barred(name) for name in ("ann", "bob", "cy")] == [False, True, True]


def test_633a_6_b_the_betting_window_refuses_a_barred_patron_at_once() -> None:
    table = BlackjackTable(Table(BARRING, random=SeededRandom.from_seed(8)))
    for players in (("ann", "bob"), ("ann",)):
        betting = table.open_betting()
        for box, name in enumerate(players, 1):
            betting.place(Command(player=name, spot=box, action="blackjack", amount=2500))
        round_ = table.start_round(betting)
        while not round_.is_complete:
            turn = round_.awaiting[0]
            offers = {offer.action for offer in round_.offers(turn.spot)}
            action = next(a for a in ("stand", "decline", "keep") if a in offers)
            round_.apply(Command(player=turn.player, spot=turn.spot, action=action, hand=turn.hand))
    betting = table.open_betting()
    bet = Command(player="bob", spot=2, action="blackjack", amount=2500)
    refusal = betting.refusal(bet)
    assert refusal is not None
    assert "bob" in refusal
    with pytest.raises(WagerError) as caught:
        betting.place(bet)
    assert caught.value.paragraph == "633a.6(b)"
