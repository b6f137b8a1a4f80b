"""Settling a Pai Gow Poker round: the main wagers against the banker, the bank's own result,
and the optional wagers the house always banks (integer cents; no float anywhere).

**Main wagers** (`settle.settle`): a win pays 1 to 1 less the filed commission (none when
commission-free, 645c.1(a)); a loss loses the stake; a push returns it; copies go to the
banker. The banker is the dealer unless a player banks.

**A player-banker** (42 Pa.B. 2922: a player may bank) pays every winning main wager and takes
every losing one; when `dealer_plays_bank` the dealer's hand, set by the house way, plays
against the bank for the amount of the banker's last main wager against the dealer (industry
practice, digest 11). The bank's net before commission is what it won less what it paid; on a
net win it pays the commission (`banker_commission_on_net_win`, the filed rate and rounding).
The bank's stake is the bankroll it put up, which covers every wager it may pay.

**A co-banker** (621a.1's words: the bank and the dealer each cover their share, 50% by
default) holds the banking hand, set by the house way (digest 11); the dealer's hand is not
played. The bank's net is split: the co-banker's share is `co_bank_share_percent` of it,
rounded down to the cent (toward the house: a loss's odd cent is the co-banker's), the rest is
the house's; a net win of the co-banker's share pays the commission. (A reading: no PA text
gives the split's rounding.)

**Optional wagers** (645a.7(e)), banked by the house whoever banks the main wagers (digest 11):
- Fortune bonus (645a.7(e)(1)): the paytable line of the best hand of the seven cards
  (`analysis.fortune_class`), paid at its odds; three pair pushes where the paytable says so.
- Envy bonus (645a.13): a player with a qualifying wager (a Fortune or progressive wager of at
  least `envy_min_wager`, 688a.1) is paid the filed fixed amount for each other player at the
  table holding a qualifying hand (four of a kind or better from the seven cards), never for
  the player's own hand or the dealer's. "Other player" reads: another seat in the round (a
  main wager, the bank or the co-bank), whatever it wagered besides.
- The progressive (645a.7(e)(4)): `progressive.PROGRESSIVE_PAYTABLE` (a placeholder): a line
  paid as a percentage of the meter comes from the meter (several 100% winners share it
  equally, their wagers being equal: the 633a.7(o) pattern); a fixed line from the house.
- Tiger 9 (645c.1(c)(2)): wins when the banker's low hand is nine high, at `tiger_9_odds` to 1
  (placeholder odds).
- The payout limit (645a.13, the 633a.13(m) pattern): the round's Fortune, Envy and Tiger 9
  winnings beyond the stakes are capped in the aggregate at `payout_limit`; over it, the
  winners share the limit in proportion to their wagers (an Envy payout's "wager" is its
  qualifying wager). The progressive is paid from its meter and is not capped here (a
  reading).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from tablegames.core.cards import CardOrJoker
from tablegames.core.events import Event
from tablegames.core.money import commission as commission_on
from tablegames.core.sharing import capped_winnings, equal_shares
from tablegames.paigow.events import (
    SETTLEMENT,
    MeterChanged,
    PayoutLimited,
    WagerSettled,
)
from tablegames.paigow.fortune import (
    ENVY_CLASSES,
    ENVY_TABLES,
    FORTUNE_PAYTABLES,
    fortune_class,
)
from tablegames.paigow.progressive import PROGRESSIVE, PROGRESSIVE_PAYTABLE
from tablegames.paigow.rules import PaiGowRules
from tablegames.paigow.setting import Setting
from tablegames.paigow.settle import is_tiger_9, outcome

MAIN: Final = "pai_gow"
BANK: Final = "bank"
CO_BANK: Final = "co_bank"
FORTUNE: Final = "fortune"
TIGER_9: Final = "tiger_9"
ENVY: Final = "envy"
BANKING: Final = (BANK, CO_BANK)


@dataclass(slots=True)
class SeatPlay:
    """One seat in the round: its player, wagers by name (cents), seven cards and setting."""

    seat: int
    player: str
    wagers: dict[str, int]
    hand: tuple[CardOrJoker, ...]
    setting: Setting | None = None

    @property
    def banks(self) -> bool:
        return any(name in self.wagers for name in BANKING)


@dataclass(slots=True)
class Settled:
    """What settling a round gives: its events, each seat's net and the house's, the meters."""

    events: list[Event] = field(default_factory=list)
    nets: dict[int, int] = field(default_factory=dict)
    meters: dict[str, int] = field(default_factory=dict)

    def pay(
        self,
        play: SeatPlay,
        wager: str,
        *,
        stake: int,
        returned: int,
        result: str,
        line: str,
        commission: int = 0,
        paragraph: str = SETTLEMENT,
    ) -> None:
        self.events.append(
            WagerSettled(
                player=play.player,
                seat=play.seat,
                wager=wager,
                stake=stake,
                returned=returned,
                result=result,
                line=line,
                commission=commission,
                paragraph=paragraph,
            )
        )
        self.nets[play.seat] = self.nets.get(play.seat, 0) + returned - stake


@dataclass(frozen=True, slots=True)
class Banking:
    """Who banks the round: the dealer (`seat` 0), or a player's seat, co-banking or not; the
    banking hand's setting, and the dealer's (None when the dealer's hand is not played) with
    the amount it plays against a player-banker."""

    seat: int
    co_bank: bool
    banker_setting: Setting
    dealer_setting: Setting | None
    dealer_wager: int = 0


def settle_round(
    rules: PaiGowRules,
    plays: Sequence[SeatPlay],
    banking: Banking,
    meters: Mapping[str, int],
) -> Settled:
    """Every wager of the round settled, in seat order: main wagers, the bank, then the
    optional wagers (the industry order, digest 10: the PA order was not found)."""
    settled = Settled(meters=dict(meters))
    _settle_main(rules, plays, banking, settled)
    _settle_optional(rules, plays, banking, settled)
    return settled


def _main_result(play: SeatPlay, banker: Setting, rules: PaiGowRules) -> str:
    if play.setting is None:  # pragma: no cover - the round sets every played hand first
        raise ValueError(f"seat {play.seat} has no setting")
    return outcome(play.setting, banker, rules)


def _settle_main(
    rules: PaiGowRules, plays: Sequence[SeatPlay], banking: Banking, settled: Settled
) -> None:
    bank_net = 0  # what the banking side won (+) or paid (-) on the main wagers
    for play in plays:
        stake = play.wagers.get(MAIN)
        if stake is None:
            continue
        result = _main_result(play, banking.banker_setting, rules)
        if result == "win":
            vig = commission_on(stake, rules.commission_rate, rules.rounding)
            settled.pay(
                play,
                MAIN,
                stake=stake,
                returned=2 * stake - vig,
                result="win",
                line="win",
                commission=vig,
            )
            bank_net -= stake
        elif result == "lose":
            settled.pay(play, MAIN, stake=stake, returned=0, result="lose", line="lose")
            bank_net += stake
        else:
            settled.pay(play, MAIN, stake=stake, returned=stake, result="push", line="push")
    if banking.seat == 0:
        return
    banker = next(play for play in plays if play.seat == banking.seat)
    if not banking.co_bank and banking.dealer_setting is not None and banking.dealer_wager:
        # The dealer's hand against the bank: the dealer is the player here, the bank the banker.
        dealer_result = outcome(banking.dealer_setting, banking.banker_setting, rules)
        if dealer_result == "win":
            bank_net -= banking.dealer_wager
        elif dealer_result == "lose":
            bank_net += banking.dealer_wager
    wager = CO_BANK if banking.co_bank else BANK
    stake = banker.wagers[wager]
    share = bank_net
    if banking.co_bank:
        share = bank_net * rules.co_bank_share_percent // 100  # floor: toward the house
    vig = 0
    if share > 0 and rules.banker_commission_on_net_win:
        vig = commission_on(share, rules.commission_rate, rules.rounding)
    result = "win" if share > 0 else "lose" if share < 0 else "push"
    settled.pay(
        banker,
        wager,
        stake=stake,
        returned=stake + share - vig,
        result=result,
        line=result,
        commission=vig,
    )


def _qualifies_for_envy(play: SeatPlay, rules: PaiGowRules) -> int:
    """The player's qualifying wager for Envy (688a.1: at least `envy_min_wager`), or 0."""
    best = 0
    for name in (FORTUNE, PROGRESSIVE):
        amount = play.wagers.get(name, 0)
        if amount >= rules.envy_min_wager:
            best = max(best, amount)
    return best


def _settle_optional(
    rules: PaiGowRules, plays: Sequence[SeatPlay], banking: Banking, settled: Settled
) -> None:
    # (play, wager, stake, winnings beyond the stake, result, line, paragraph): capped together.
    capped: list[tuple[SeatPlay, str, int, int, str, str, str]] = []
    classes = {play.seat: fortune_class(play.hand) for play in plays}
    paytable = FORTUNE_PAYTABLES[rules.fortune_paytable] if rules.fortune_paytable else None
    for play in plays:
        stake = play.wagers.get(FORTUNE)
        if stake is None or paytable is None:
            continue
        line = classes[play.seat]
        odds = paytable.odds.get(line)
        if odds is not None:
            capped.append((play, FORTUNE, stake, stake * odds, "win", line, "645a.7(e)(1)"))
        elif paytable.three_pair_push and line == "two_pair" and _three_pair(play.hand):
            settled.pay(
                play,
                FORTUNE,
                stake=stake,
                returned=stake,
                result="push",
                line="three_pair",
                paragraph="645a.7(e)(1)",
            )
        else:
            settled.pay(
                play,
                FORTUNE,
                stake=stake,
                returned=0,
                result="lose",
                line=line,
                paragraph="645a.7(e)(1)",
            )
    if rules.envy_table is not None:
        amounts = ENVY_TABLES[rules.envy_table]
        for play in plays:
            qualifying = _qualifies_for_envy(play, rules)
            if not qualifying:
                continue
            for other in plays:
                line = classes[other.seat]
                if other.seat != play.seat and line in ENVY_CLASSES:
                    won = amounts[line] * 100  # the filed amounts are whole dollars
                    capped.append(
                        (
                            play,
                            ENVY,
                            qualifying,
                            won,
                            "win",
                            f"{line} at seat {other.seat}",
                            "645a.13",
                        )
                    )
    if rules.tiger_9_wager:
        tiger = is_tiger_9(banking.banker_setting)
        for play in plays:
            stake = play.wagers.get(TIGER_9)
            if stake is None:
                continue
            if tiger:
                capped.append(
                    (
                        play,
                        TIGER_9,
                        stake,
                        stake * rules.tiger_9_odds,
                        "win",
                        "tiger_9",
                        "645c.1(c)(2)",
                    )
                )
            else:
                settled.pay(
                    play,
                    TIGER_9,
                    stake=stake,
                    returned=0,
                    result="lose",
                    line="no_tiger_9",
                    paragraph="645c.1(c)(2)",
                )
    _pay_capped(rules, capped, settled)
    _settle_progressive(rules, plays, classes, settled)


def _pay_capped(
    rules: PaiGowRules,
    capped: list[tuple[SeatPlay, str, int, int, str, str, str]],
    settled: Settled,
) -> None:
    winnings = [item[3] for item in capped]
    stakes = [item[2] for item in capped]
    paid = capped_winnings(winnings, stakes, maximum=rules.payout_limit) if capped else ()
    if capped and sum(winnings) > rules.payout_limit:
        settled.events.append(
            PayoutLimited(limit=rules.payout_limit, winnings=sum(winnings), paragraph="645a.13")
        )
    for (play, wager, stake, _, result, line, paragraph), won in zip(capped, paid, strict=True):
        # An Envy payout has no stake of its own: its qualifying wager is settled as Fortune's.
        own = 0 if wager == ENVY else stake
        settled.pay(
            play,
            wager,
            stake=own,
            returned=own + won,
            result=result,
            line=line,
            paragraph=paragraph,
        )


def _three_pair(hand: Sequence[CardOrJoker]) -> bool:
    from collections import Counter

    counts = Counter(getattr(card, "rank", None) for card in hand)
    counts.pop(None, None)  # the joker pairs nothing but aces, and three pair holds no ace pair
    return sum(1 for count in counts.values() if count == 2) == 3


def _settle_progressive(
    rules: PaiGowRules, plays: Sequence[SeatPlay], classes: Mapping[int, str], settled: Settled
) -> None:
    if not rules.progressive:
        return
    meter = settled.meters.get(PROGRESSIVE, 0)
    winners = [play for play in plays if PROGRESSIVE in play.wagers]
    # Percentage lines from the meter, the largest first; several 100% winners share it.
    by_share: dict[Fraction, list[SeatPlay]] = {}
    for play in winners:
        pays = PROGRESSIVE_PAYTABLE.get(classes[play.seat])
        if isinstance(pays, Fraction):
            by_share.setdefault(pays, []).append(play)
    paid: dict[int, int] = {}
    reset = False
    for share in sorted(by_share, reverse=True):
        group = by_share[share]
        total = int(meter * share)
        amounts = equal_shares(total, len(group))
        for play, amount in zip(group, amounts, strict=True):
            paid[play.seat] = amount
        before = meter
        meter -= sum(amounts)
        if share == 1:
            reset = True
        settled.events.append(
            MeterChanged(
                wager=PROGRESSIVE, before=before, after=meter, reason="paid", paragraph="645a.13"
            )
        )
    if reset and rules.progressive_reset is not None and meter < rules.progressive_reset:
        settled.events.append(
            MeterChanged(
                wager=PROGRESSIVE,
                before=meter,
                after=rules.progressive_reset,
                reason="reset",
                paragraph="645a.13",
            )
        )
        meter = rules.progressive_reset
    settled.meters[PROGRESSIVE] = meter
    for play in winners:
        stake = play.wagers[PROGRESSIVE]
        line = classes[play.seat]
        pays = PROGRESSIVE_PAYTABLE.get(line)
        if pays is None:
            settled.pay(
                play,
                PROGRESSIVE,
                stake=stake,
                returned=0,
                result="lose",
                line=line,
                paragraph="645a.7(e)(4)",
            )
            continue
        won = paid[play.seat] if isinstance(pays, Fraction) else pays
        settled.pay(
            play,
            PROGRESSIVE,
            stake=stake,
            returned=stake + won,
            result="win",
            line=line,
            paragraph="645a.7(e)(4)",
        )
