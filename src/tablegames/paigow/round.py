"""One Pai Gow Poker round on the table protocol (`core.table.GameRound`).

The round starts when the dealer calls no more bets (`PaiGowGameTable.start_round`): the
wagers go on the layout, the starting position is drawn (645a.5), the deck committed before the
wagers opened deals one stack of seven to every position, whether or not it has a wager, and
one to the dealer, and the cards left over are counted and discarded (the dealing procedure of
645a.8, 645a.9 or 645a.10). Every seat that plays a hand, the player-banker's included, then
sets it at once (`awaiting`: one `set_hand` turn per seat):

- `set` with `args = {"low": ["3H", "3D"]}` (and optionally `"high"`, the other five): the
  player's own setting. The high hand must rank at least as high as the low hand (688a.1
  wording; `setting.LEGALITY_SOURCE`): at an electronic table a foul is refused with its
  reason; at a dealt table (`table_type = "dealt"`) it is recorded as set and treated as the
  Rules Submission files it (`foul_treatment`: the main wager loses, or the dealer sets the hand
  again by the house way). A banker's foul is always set again by the house way (a reading: a
  bank that lost every wager by a foul is not what any source describes).
- `house_way`: the player asks the dealer to set the hand by the house way (621a.8(b)'s words,
  a sibling); the house's action for a setting not made in time (`on_timeout`).

A co-banker's hand is set by the house way as the cards are dealt (digest 11). Once every hand
is set, the dealer's hand (when it plays: it banks, or it plays against a player-banker) is set
by the house way and turned up, every played hand is shown, and every wager is settled
(`payouts.settle_round`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from tablegames.core.cards import CardOrJoker
from tablegames.core.errors import IllegalActionError, TableGamesError
from tablegames.core.events import Event
from tablegames.core.table import Command, Offer, Pending
from tablegames.paigow.betting import SeatBet
from tablegames.paigow.cards import parse_hand
from tablegames.paigow.dealing import HAND_CARDS, delivery_order
from tablegames.paigow.events import (
    DEALER,
    LEFTOVER,
    SETTLEMENT,
    BankerSet,
    CardDealt,
    CardsDiscarded,
    HandReset,
    HandSet,
    HandsShown,
    MeterChanged,
    RoundSettled,
    RoundStarted,
    StartingPosition,
    WagerPlaced,
)
from tablegames.paigow.house_way import house_way
from tablegames.paigow.payouts import BANK, CO_BANK, MAIN, Banking, SeatPlay, settle_round
from tablegames.paigow.progressive import PROGRESSIVE
from tablegames.paigow.rules import PaiGowRules
from tablegames.paigow.setting import IllegalSettingError, Setting, make_setting, refusal

if TYPE_CHECKING:
    from tablegames.paigow.table import PaiGowGameTable

SET: Final = "set"
HOUSE_WAY: Final = "house_way"
SET_HAND: Final = "set_hand"
PROCEDURE_PARAGRAPH: Final = {
    "manual_shoe": "645a.8",
    "hand": "645a.9",
    "automated_shoe": "645a.10",
}


class PaiGowRound:
    """One round from no more bets to its settlement."""

    def __init__(
        self,
        table: PaiGowGameTable,
        bets: Sequence[SeatBet],
        *,
        order: Sequence[CardOrJoker],
        start: StartingPosition,
        dealer_wager: int,
    ) -> None:
        self._table = table
        self.rules: PaiGowRules = table.rules
        self.number = table.round_number
        self._start_index = len(table.game_events)
        self.plays = {
            bet.seat: SeatPlay(seat=bet.seat, player=bet.player, wagers=dict(bet.wagers), hand=())
            for bet in bets
        }
        banker = next((bet for bet in bets if bet.primary in (BANK, CO_BANK)), None)
        self.banker_seat = 0 if banker is None else banker.seat
        self.co_bank = banker is not None and banker.primary == CO_BANK
        self.dealer_wager = dealer_wager if banker is not None and not self.co_bank else 0
        self.dealer_plays = banker is None or (
            not self.co_bank and self.rules.dealer_plays_bank and self.dealer_wager > 0
        )
        self.dealer_hand: tuple[CardOrJoker, ...] = ()
        self._complete = False
        self._deal(order, start)

    # -- the deal ---------------------------------------------------------------------------

    def _log(self, event: Event) -> None:
        self._table.log(event)

    def _deal(self, order: Sequence[CardOrJoker], start: StartingPosition) -> None:
        rules = self.rules
        self._log(
            RoundStarted(
                round=self.number,
                seats={str(seat): play.player for seat, play in sorted(self.plays.items())},
                banker=self.banker_seat,
                co_bank=self.co_bank,
                paragraph="645a.7",
            )
        )
        for seat, play in sorted(self.plays.items()):
            for name, amount in play.wagers.items():
                self._log(
                    WagerPlaced(
                        player=play.player, seat=seat, wager=name, amount=amount, paragraph="645a.7"
                    )
                )
        self._contribute()
        self._log(start)
        positions = rules.seats + 1
        paragraph = PROCEDURE_PARAGRAPH[self._table.dealing_procedure]
        hands: dict[int, tuple[CardOrJoker, ...]] = {}
        for index, position in enumerate(
            delivery_order(
                start=start.number,
                positions=positions,
                count=rules.count_direction,
                delivery=rules.delivery_direction,
            )
        ):
            stack = tuple(order[HAND_CARDS * index : HAND_CARDS * (index + 1)])
            hands[position] = stack
            seen_by = "player" if position in self.plays else "house"
            for card in stack:
                self._log(
                    CardDealt(
                        card=str(card), position=position, seen_by=seen_by, paragraph=paragraph
                    )
                )
        leftover = order[HAND_CARDS * positions :]
        for card in leftover:
            self._log(
                CardDealt(card=str(card), position=LEFTOVER, seen_by="house", paragraph=paragraph)
            )
        for seat, play in self.plays.items():
            play.hand = hands[seat]
        self.dealer_hand = hands[DEALER]
        unplayed = [seat for seat in range(1, positions) if seat not in self.plays]
        if not self.dealer_plays:
            unplayed.insert(0, DEALER)
        self._log(
            CardsDiscarded(
                positions=(LEFTOVER, *unplayed),
                count=len(leftover) + HAND_CARDS * len(unplayed),
                paragraph=paragraph,
            )
        )
        if self.co_bank:
            self._set(
                self.plays[self.banker_seat],
                self._house_setting(self.plays[self.banker_seat].hand),
                by=HOUSE_WAY,
            )
        self._finish_if_set()

    def _contribute(self) -> None:
        rules = self.rules
        if not rules.progressive or rules.progressive_rate_percent is None:
            return
        stakes = sum(play.wagers.get(PROGRESSIVE, 0) for play in self.plays.values())
        if not stakes:
            return
        before = self._table.meter
        # The rate of progression applied to the round's progressive wagers, rounded down.
        grown = int(stakes * rules.progressive_rate_percent / 100)
        if grown:
            self._table.meter = before + grown
            self._log(
                MeterChanged(
                    wager=PROGRESSIVE,
                    before=before,
                    after=before + grown,
                    reason="contribution",
                    paragraph="645a.13",
                )
            )

    # -- the protocol -----------------------------------------------------------------------

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._table.game_events[self._start_index :])

    @property
    def is_complete(self) -> bool:
        return self._complete

    @property
    def dealer_awaits(self) -> str | None:
        return None  # the table's own random source deals

    @property
    def awaiting(self) -> tuple[Pending, ...]:
        if self._complete:
            return ()
        return tuple(
            Pending(player=play.player, spot=seat, hand=0, kind=SET_HAND)
            for seat, play in sorted(self.plays.items())
            if play.setting is None
        )

    def offers(self, spot: int) -> tuple[Offer, ...]:
        play = self.plays.get(spot)
        if self._complete or play is None or play.setting is not None:
            return ()
        return (
            Offer(action=SET, hand=0, paragraph=SETTLEMENT),
            Offer(action=HOUSE_WAY, hand=0, paragraph=SETTLEMENT),
        )

    def refusal(self, command: Command) -> str | None:
        try:
            self._setting_for(command)
        except TableGamesError as error:
            return str(error)
        return None

    def stake_required(self, command: Command) -> int:
        return 0  # setting a hand puts nothing new at risk

    def apply(self, command: Command) -> tuple[Event, ...]:
        before = len(self._table.game_events)
        setting, by = self._setting_for(command)
        self._set(self.plays[command.spot], setting, by=by)
        self._finish_if_set()
        return tuple(self._table.game_events[before:])

    def on_timeout(self, turn: Pending) -> Command:
        """A hand not set in time is set by the house way."""
        return Command(player=turn.player, spot=turn.spot, action=HOUSE_WAY)

    # -- settings ---------------------------------------------------------------------------

    def _house_setting(self, hand: Sequence[CardOrJoker]) -> Setting:
        return house_way(self.rules.house_way).set(hand, self.rules.ranking)

    def _setting_for(self, command: Command) -> tuple[Setting, str]:
        if self._complete:
            raise IllegalActionError(f"round {self.number} is settled")
        play = self.plays.get(command.spot)
        if play is None:
            raise IllegalActionError(f"seat {command.spot} plays no hand this round")
        if play.player != command.player:
            raise IllegalActionError(
                f"seat {command.spot}'s hand is {play.player!r}'s, not {command.player!r}'s"
            )
        if play.setting is not None:
            raise IllegalActionError(f"seat {command.spot}'s hand is already set")
        if command.action == HOUSE_WAY:
            if command.args:
                raise IllegalActionError("house_way takes no args")
            return self._house_setting(play.hand), HOUSE_WAY
        if command.action != SET:
            raise IllegalActionError(
                f"{command.action!r} is not a Pai Gow Poker decision: set or house_way"
            )
        setting = _read_setting(play.hand, command.args, self.rules)
        reason = refusal(setting)
        if reason is not None and (self.rules.table_type == "electronic"):
            raise IllegalSettingError(
                f"{reason}: set the hands again (the high hand must rank "
                "at least as high as the low hand)"
            )
        return setting, "player"

    def _set(self, play: SeatPlay, setting: Setting, *, by: str) -> None:
        foul = not setting.legal
        self._log(
            HandSet(
                seat=play.seat,
                player=play.player,
                high=_codes(setting.high),
                low=_codes(setting.low),
                by=by,
                foul=foul,
                paragraph=SETTLEMENT,
            )
        )
        if foul and (
            play.seat == self.banker_seat or self.rules.foul_treatment == "reset_by_house_way"
        ):
            setting = self._house_setting(play.hand)
            self._log(
                HandReset(
                    seat=play.seat,
                    high=_codes(setting.high),
                    low=_codes(setting.low),
                    paragraph=SETTLEMENT,
                )
            )
        play.setting = setting

    def _finish_if_set(self) -> None:
        if any(play.setting is None for play in self.plays.values()):
            return
        rules = self.rules
        dealer_setting: Setting | None = None
        if self.dealer_plays:
            dealer_setting = self._house_setting(self.dealer_hand)
            self._log(
                BankerSet(
                    position=DEALER,
                    high=_codes(dealer_setting.high),
                    low=_codes(dealer_setting.low),
                    way=rules.house_way,
                    paragraph=SETTLEMENT,
                )
            )
        self._log(
            HandsShown(
                positions=tuple(sorted(self.plays)),
                hands={
                    str(seat): {
                        "high": list(_codes(setting.high)),
                        "low": list(_codes(setting.low)),
                    }
                    for seat, play in sorted(self.plays.items())
                    if (setting := play.setting) is not None
                },
                paragraph=SETTLEMENT,
            )
        )
        banker_setting = (
            dealer_setting if self.banker_seat == DEALER else self.plays[self.banker_seat].setting
        )
        if banker_setting is None:  # pragma: no cover - every hand is set by now
            raise IllegalActionError("the banking hand is not set")
        settled = settle_round(
            rules,
            [self.plays[seat] for seat in sorted(self.plays)],
            Banking(
                seat=self.banker_seat,
                co_bank=self.co_bank,
                banker_setting=banker_setting,
                dealer_setting=dealer_setting,
                dealer_wager=self.dealer_wager,
            ),
            {PROGRESSIVE: self._table.meter} if rules.progressive else {},
        )
        for event in settled.events:
            self._log(event)
        if rules.progressive:
            self._table.meter = settled.meters[PROGRESSIVE]
        nets = {str(seat): settled.nets.get(seat, 0) for seat in sorted(self.plays)}
        self._log(
            RoundSettled(
                round=self.number, nets=nets, house=-sum(nets.values()), paragraph=SETTLEMENT
            )
        )
        self._complete = True
        self._table.round_finished(self)

    @property
    def main_wagers(self) -> dict[str, int]:
        """Each player's main wager against the dealer this round (banking eligibility)."""
        found: dict[str, int] = {}
        for play in self.plays.values():
            if MAIN in play.wagers:
                found[play.player] = found.get(play.player, 0) + play.wagers[MAIN]
        return found


def _codes(cards: Sequence[CardOrJoker]) -> tuple[str, ...]:
    return tuple(str(card) for card in cards)


def _read_setting(
    hand: Sequence[CardOrJoker], args: Mapping[str, Any], rules: PaiGowRules
) -> Setting:
    unknown = sorted(set(args) - {"low", "high"})
    if unknown:
        raise IllegalSettingError(f"a setting gives 'low' and optionally 'high', not {unknown}")
    low_text = args.get("low")
    if not isinstance(low_text, list) or not all(isinstance(item, str) for item in low_text):
        raise IllegalSettingError("a setting's 'low' is a list of the low hand's two cards")
    low = parse_hand(low_text, size=2)
    setting = make_setting(hand, low=low, rules=rules.ranking)
    high_text = args.get("high")
    if high_text is not None:
        if not isinstance(high_text, list) or not all(isinstance(i, str) for i in high_text):
            raise IllegalSettingError("a setting's 'high' is a list of the high hand's five cards")
        high = parse_hand(high_text, size=5)
        if sorted(map(str, high)) != sorted(map(str, setting.high)):
            raise IllegalSettingError(
                f"the high hand {' '.join(map(str, high))} is not the five cards left beside "
                f"the low hand ({' '.join(map(str, setting.high))})"
            )
    return setting
