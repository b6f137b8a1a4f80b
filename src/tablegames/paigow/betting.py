"""The Pai Gow Poker betting window: each seat's main wager, bank or co-bank, and the optional
wagers riding on it, checked as each arrives (the table protocol's `Betting`).

A seat takes one of `pai_gow` (the main wager, 645a.7), `bank` (the player banks: 42 Pa.B.
2922) or `co_bank` (with the dealer, 621a.1's words); the optional wagers `fortune`
(645a.7(e)(1)), `progressive` (645a.7(e)(4)) and `tiger_9` (645c.1(c)(2)) ride on it in the
command's `args["side"]` (`{"fortune": 500}`), as every side wager does (the server's betting
convention), and a main wager is required to make them (670a.7(d) pattern, a sibling).

Banking, as the Rules Submission files it (digest 11; defaults and sources in docs/paigow.md):
`player_banking` / `co_banking` allow it; `bank_every_other_round`: the bank returns to the
house after a player-banked round; `banker_played_dealer_last_round`: only a player who wagered
against the dealer in the last round the dealer banked may bank. The bank's amount is the
bankroll it puts up, which must cover every main wager it may pay (and the dealer's hand
against it); a co-banker's covers its share. A wager the bank cannot cover is refused.

>>> from tablegames.paigow.rules import PaiGowRules
>>> window = PaiGowBetting(PaiGowRules(fortune_paytable="wizard_2"), BankHistory())
>>> window.place(Command(player="ann", spot=1, action="pai_gow", amount=2500,
...                      args={"side": {"fortune": 500}}))
>>> window.refusal(Command(player="bo", spot=2, action="fortune", amount=500))
'the fortune wager rides on a main wager at seat 2: place the main wager with it (645a.7)'
>>> [bet.wagers for bet in window.close()]
[{'pai_gow': 2500, 'fortune': 500}]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from tablegames.core.errors import IllegalActionError, TableGamesError, WagerError
from tablegames.core.table import Command, Offer
from tablegames.paigow.payouts import BANK, BANKING, CO_BANK, FORTUNE, MAIN, TIGER_9
from tablegames.paigow.progressive import PROGRESSIVE
from tablegames.paigow.rules import PaiGowRules

RIDING: Final = "side"
PRIMARY: Final = (MAIN, BANK, CO_BANK)
OPTIONAL: Final = (FORTUNE, PROGRESSIVE, TIGER_9)


@dataclass(slots=True)
class BankHistory:
    """What banking eligibility reads of earlier rounds: whether the last round was banked by
    a player, and each player's main wager in the last round the dealer banked."""

    last_round_player_banked: bool = False
    dealer_round_wagers: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SeatBet:
    """One seat's wagers as the window closes: the player and the wagers by name."""

    seat: int
    player: str
    wagers: dict[str, int]

    @property
    def primary(self) -> str:
        return next(name for name in PRIMARY if name in self.wagers)


class PaiGowBetting:
    """The bets of the next round, checked as they arrive, until the dealer calls no more bets."""

    def __init__(self, rules: PaiGowRules, history: BankHistory) -> None:
        self.rules = rules
        self.history = history
        self._bets: dict[int, SeatBet] = {}
        self._closed = False

    @property
    def is_open(self) -> bool:
        return not self._closed

    @property
    def bets(self) -> tuple[SeatBet, ...]:
        return tuple(self._bets[seat] for seat in sorted(self._bets))

    def offers(self, spot: int) -> tuple[Offer, ...]:
        """The wagers a seat may take now, with their bounds in cents."""
        rules = self.rules
        if self._closed or not 1 <= spot <= rules.seats:
            return ()
        found = [
            Offer(
                action=MAIN, hand=0, paragraph="645a.7", low=rules.min_wager, high=rules.max_wager
            )
        ]
        cover = rules.max_wager * rules.seats  # every other seat's maximum and the dealer's
        if rules.player_banking:
            found.append(
                Offer(action=BANK, hand=0, paragraph="645a.7", low=rules.min_wager, high=cover)
            )
        if rules.co_banking:
            found.append(
                Offer(action=CO_BANK, hand=0, paragraph="645a.7", low=rules.min_wager, high=cover)
            )
        # The optional wagers the rules offer: (offered, name, paragraph, low, high).
        optional = (
            (
                rules.fortune_paytable is not None,
                FORTUNE,
                "645a.7(e)(1)",
                rules.side_min_wager,
                rules.side_max_wager,
            ),
            (
                rules.progressive,
                PROGRESSIVE,
                "645a.7(e)(4)",
                rules.progressive_wager,
                rules.progressive_wager,
            ),
            (
                rules.tiger_9_wager,
                TIGER_9,
                "645c.1(c)(2)",
                rules.side_min_wager,
                rules.side_max_wager,
            ),
        )
        found += [
            Offer(action=name, hand=0, paragraph=paragraph, low=low, high=high)
            for offered, name, paragraph, low, high in optional
            if offered
        ]
        return tuple(found)

    def refusal(self, bet: Command) -> str | None:
        try:
            self._checked(bet)
        except TableGamesError as error:
            return str(error)
        return None

    def stake_required(self, bet: Command) -> int:
        """What the player's chips must cover: the wager and every wager riding on it."""
        try:
            return sum(self._wagers_of(bet).values())
        except TableGamesError:
            return 0

    def place(self, bet: Command) -> None:
        """Put a seat's wagers on the layout; refused (with the reason), nothing changes."""
        seat_bet = self._checked(bet)
        self._bets[seat_bet.seat] = seat_bet

    def withdraw(self, player: str, spot: int) -> None:
        """Take a seat's wagers back while the window is open (670a.7(c) pattern)."""
        self._refuse_once_closed("withdraw a wager")
        held = self._bets.get(spot)
        if held is None or held.player != player:
            raise WagerError(f"{player!r} has no wager at seat {spot} to withdraw")
        del self._bets[spot]

    def close(self) -> tuple[SeatBet, ...]:
        """No more bets: the window's bets, checked together (the bank covers them all)."""
        self._refuse_once_closed("close the window")
        self._check_cover(self._bets)
        self._closed = True
        return self.bets

    # -- checks -----------------------------------------------------------------------------

    def _refuse_once_closed(self, what: str) -> None:
        if self._closed:
            raise IllegalActionError(
                f"cannot {what}: no more bets has been called and the round has begun "
                "(670a.7(c) pattern: wagers are not made, raised or withdrawn after it)",
                paragraph="645a.7",
            )

    def _wagers_of(self, bet: Command) -> dict[str, int]:
        if bet.action in OPTIONAL:
            raise WagerError(
                f"the {bet.action} wager rides on a main wager at seat {bet.spot}: place the "
                "main wager with it (645a.7)",
            )
        if bet.action not in PRIMARY:
            offered = ", ".join(offer.action for offer in self.offers(bet.spot)) or "none"
            raise WagerError(f"{bet.action!r} is not a Pai Gow Poker wager (offered: {offered})")
        unknown = sorted(set(bet.args) - {RIDING})
        if unknown:
            raise WagerError(f"a {bet.action} bet takes no args {unknown}")
        wagers = {bet.action: _cents(bet.amount, bet.action)}
        riding = bet.args.get(RIDING, {})
        if not isinstance(riding, Mapping):
            raise WagerError("args.side is an object of optional wagers and their amounts")
        for name, amount in riding.items():
            if name in PRIMARY:
                raise WagerError(
                    f"seat {bet.spot} takes one of {', '.join(PRIMARY)}, not {bet.action} and "
                    f"{name}: withdraw the {bet.action} wager first",
                    paragraph="645a.7",
                )
            if name not in OPTIONAL:
                raise WagerError(f"{name!r} is not an optional Pai Gow Poker wager")
            wagers[str(name)] = _cents(amount, str(name))
        return wagers

    def _checked(self, bet: Command) -> SeatBet:
        self._refuse_once_closed("place a wager")
        rules = self.rules
        if isinstance(bet.spot, bool) or not 1 <= bet.spot <= rules.seats:
            raise WagerError(f"seat {bet.spot} is not at this table: the seats are 1-{rules.seats}")
        wagers = self._wagers_of(bet)
        bounds = {offer.action: offer for offer in self.offers(bet.spot)}
        for name, amount in wagers.items():
            offer = bounds.get(name)
            if offer is None:
                raise WagerError(
                    f"the {name} wager is not offered at this table (Rules Submission)",
                    paragraph="645a.7(e)" if name in OPTIONAL else None,
                )
            if (
                offer.low is not None
                and offer.high is not None
                and not (offer.low <= amount <= offer.high)
            ):
                raise WagerError(
                    f"the {name} wager of {amount} cents is outside the table's limits "
                    f"{offer.low}-{offer.high} cents",
                    paragraph=offer.paragraph,
                )
        held = self._bets.get(bet.spot)
        if held is not None and held.player != bet.player:
            raise WagerError(f"seat {bet.spot} is {held.player!r}'s")
        if held is not None:
            # A second bet does not replace the first unseen: the server (and a player) holds
            # both, and only one would go on the layout.
            raise WagerError(
                f"seat {bet.spot} already has its wagers ({', '.join(held.wagers)}): withdraw "
                "them to change them (670a.7(c) pattern)",
                paragraph="645a.7",
            )
        seat_bet = SeatBet(seat=bet.spot, player=bet.player, wagers=wagers)
        bets = {**self._bets, bet.spot: seat_bet}
        if seat_bet.primary in BANKING:
            self._check_banker(seat_bet, bets)
        _check_not_against_own_bank(bets)
        self._check_cover(bets)
        return seat_bet

    def _check_banker(self, banker: SeatBet, bets: Mapping[int, SeatBet]) -> None:
        rules, history = self.rules, self.history
        others = [
            bet for bet in bets.values() if bet.primary in BANKING and bet.seat != banker.seat
        ]
        if others:
            raise WagerError(f"seat {others[0].seat} already banks this round")
        if rules.bank_every_other_round and history.last_round_player_banked:
            raise WagerError(
                "the bank returns to the house every other round: a player banked the last one "
                "(Rules Submission field bank_every_other_round)"
            )
        if rules.banker_played_dealer_last_round and banker.player not in (
            history.dealer_round_wagers
        ):
            raise WagerError(
                f"{banker.player!r} did not wager against the dealer in the last round the "
                "dealer banked (Rules Submission field banker_played_dealer_last_round)"
            )

    def _check_cover(self, bets: Mapping[int, SeatBet]) -> None:
        banker = next((bet for bet in bets.values() if bet.primary in BANKING), None)
        if banker is None:
            return
        rules = self.rules
        owed = sum(bet.wagers.get(MAIN, 0) for bet in bets.values())
        if banker.primary == BANK:
            if rules.dealer_plays_bank:
                owed += self.history.dealer_round_wagers.get(banker.player, 0)
            held = banker.wagers[BANK]
        else:
            owed = -(-owed * rules.co_bank_share_percent // 100)  # its share, rounded up
            held = banker.wagers[CO_BANK]
        if owed > held:
            raise WagerError(
                f"the bank at seat {banker.seat} holds {held} cents and cannot cover the "
                f"{owed} cents of wagers it may pay"
            )


def _check_not_against_own_bank(bets: Mapping[int, SeatBet]) -> None:
    """A banker's player wagers at no other seat, whichever of the two was placed first."""
    banker = next((bet for bet in bets.values() if bet.primary in BANKING), None)
    if banker is None:
        return
    if any(bet.player == banker.player and bet.seat != banker.seat for bet in bets.values()):
        raise WagerError(f"{banker.player!r} cannot bank and wager against the bank")


def _cents(amount: Any, name: str) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise WagerError(
            f"the {name} wager's amount is a positive whole number of cents, not {amount!r}"
        )
    return amount
