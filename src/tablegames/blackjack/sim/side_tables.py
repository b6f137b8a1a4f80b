"""The side wagers the simulator settles, compiled into lookup tables by the engine's own code.

A side wager settled on the box's initial two cards, the dealer's up card and whether the dealer
has a Blackjack (633a.7(g): Lucky Ladies, Match the Dealer, In Between, Royal Match 21, Bet the
Set 21, King's Bounty, Three Card Poker, Straight Jack, House Money) is settled by the kernel
from a table with an entry for every such deal: `outcomes[w, code]`, `code = ((first * 52 +
second) * 52 + up) * 2 + dealer_blackjack` with the kernel's card codes, or `(first * 52 +
second) * 2 + dealer_blackjack` for a wager that does not read the up card. Each entry is the index
of the wager's outcome (the paytable lines won together, or none), and `nets[w, outcome]` its net
result per unit wagered in whole `ticks[w]`. The entries are written by the registry's
`evaluate`, the function the table settles with, so a simulated side wager is the table's side
wager; the parity test compares them to the cent as well.

Bad Beat and Hit and Run read the dealer's hand and keep meters: the kernel settles them itself
(`compile_bad_beat`, `compile_hit_and_run` give it their settings and what each outcome pays,
from the registry's `evaluate`), with Bad Beat's Magic Card and Lucky Player Bonuses on the
kernel's own picks. Super Match (a Blackjack Switch table's, 633a.6(e)(7)) reads the box's
first four cards: its table is indexed by how many of their six pairs share a rank (the kernel
counts them), each entry again written by the registry's `evaluate`. The aggregate payout limit
of 633a.13(m) caps a whole round's pair-and-dealer-Blackjack lines rather than one box's: the
kernel applies it to the round's outcomes from `compile_payout_cap`'s stakes and amounts in cents.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.rules.side import Progressive, SideWagers
from tablegames.blackjack.side.registry import Reads, SideContext, SideWager, side_wager
from tablegames.core.cards import Card
from tablegames.core.paytable import SideResult

SIMULATED: Final = frozenset({Reads.PLAYER_TWO, Reads.PLAYER_TWO_AND_UP_CARD, Reads.PLAYER_FOUR})
# Super Match's deals by the kernel's code, the pairs of the four cards that share a rank (one
# hand each: the wager reads ranks only, 633a.1).
_FOUR_CARD_HANDS: Final = {
    0: ("2S", "3H", "4D", "5C"),
    1: ("7S", "7H", "2D", "3C"),
    2: ("7S", "7H", "2D", "2C"),
    3: ("7S", "7H", "7D", "2C"),
    6: ("7S", "7H", "7D", "7C"),
}
# Wagers on the dealer's hand the kernel settles itself, with their meters.
DEALER_HAND: Final = frozenset({"hit_and_run", "bad_beat"})
# Offered, but never placed by the simulated player, as the reference policy never places it.
DECLINED: Final = {
    "ez_bust": "633b.16(c): placed after the deal at the player's choice and declined, its best "
    "decision: against every 2-6 up card the dealer busts less than half the time, so a 1 to 1 "
    "wager on it always loses on average (its exact edge: tablegames edge ez_bust)",
}
# The dealer's hands whose count decides each Hit and Run outcome (kernel.HR_* order): the
# registry's `evaluate` reads them, so the payouts are the table's own.
_HIT_AND_RUN_HANDS: Final = (
    ("TS", "7D"),
    ("AS", "KD"),
    ("2S", "2H", "2D", "3S", "3H"),
    ("2S", "2H", "2D", "3S", "3H", "AS"),
    ("2S", "2H", "2D", "3S", "AH", "AD", "AC"),
    ("2S", "2H", "2D", "2C", "AS", "AH", "AD", "AC"),
)
DEALS: Final = 52 * 52 * 52 * 2
RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"
LOST: Final = "lost"


@dataclass(frozen=True)
class CompiledSides:
    """The offered side wagers as the kernel's tables (W wagers, K outcomes at most)."""

    names: tuple[str, ...]
    outcomes: npt.NDArray[np.int16]  # [W, DEALS]
    reads_up: npt.NDArray[np.int8]  # [W]: what the table is indexed by (kernel.READS_*)
    # A deal settled only once the hole card shows (633a.7(g)(4)) has a negative entry -(k + 1)
    # in `outcomes`: its outcome is `hole_outcomes[k, hole card]`.
    hole_outcomes: npt.NDArray[np.int16]  # [K, 52]
    nets: npt.NDArray[np.int64]  # [W, K]: net per unit wagered, in ticks[w]
    ticks: tuple[int, ...]
    outcome_names: tuple[tuple[str, ...], ...]  # per wager, per outcome: "lost" or "a+b"

    @classmethod
    def none(cls) -> CompiledSides:
        return cls(
            (),
            np.zeros((0, DEALS), dtype=np.int16),
            np.zeros(0, dtype=np.int8),
            np.zeros((0, 52), dtype=np.int16),
            np.zeros((0, 1), dtype=np.int64),
            (),
            (),
        )


def side_refusals(rules: Rules) -> list[tuple[str, str, str | None]]:
    """(field, why, paragraph) for each offered side wager option the kernel does not settle."""
    found: list[tuple[str, str, str | None]] = []
    for name in rules.side_wagers.offered():
        wager = side_wager(name)
        if name in DECLINED:
            continue
        if not simulated_stake(rules, name):
            found.append(
                (
                    f"side_wagers.{name}",
                    f"no {wager.label} stake within its limits is a multiple of the wager unit "
                    f"of {rules.wager_unit} cents: no box could place it",
                    "633a.6(e)",
                )
            )
            continue
        if name in DEALER_HAND:
            continue
        if wager.reads not in SIMULATED or wager.is_progressive:
            found.append(
                (
                    f"side_wagers.{name}",
                    f"{wager.label} reads more than the initial deal (its timing: "
                    f"{wager.timing.value}); it is not simulated yet",
                    wager.offered_by,
                )
            )
    return found


def simulated_stake(rules: Rules, name: str) -> int:
    """The stake in cents each of the player's boxes places on the offered wager `name`: the
    least the table takes, its minimum raised to a multiple of the wager unit (every wager is a
    multiple of it, as the engine's `wagers.validate_side_wager` requires: at a Switch Hands
    table a $5 unit, 633c.4(b), takes no $1 side wager); 0 when none fits its limits."""
    offer = getattr(rules.side_wagers, name)
    unit = rules.wager_unit
    stake = -(-offer.min_wager // unit) * unit
    return int(stake) if stake <= offer.max_wager else 0


@cache
def _card(code: int) -> Card:
    return Card.parse(RANKS[code // 4] + SUITS[code % 4])


def _net(result: SideResult) -> Fraction:
    """Net per unit wagered: what `SideResult.returned` pays, before its rounding to the cent."""
    if not result.lines:
        return Fraction(-1)
    total = sum((entry.odds or Fraction(0) for entry in result.lines), Fraction(0))
    if any(entry.basis == "to" for entry in result.lines):
        total += 1
    return total - 1


def compile_sides(rules: Rules) -> CompiledSides:
    """The tables of every offered side wager (refusals first: see `side_refusals`)."""
    # The tables read only the side wagers' options and the number of decks; a few seconds of
    # evaluation each, so they are made once per process for each such pair.
    return _compile_sides(rules.side_wagers.model_dump_json(), rules.decks)


@cache
def _compile_sides(options: str, decks: int) -> CompiledSides:
    side_wagers = SideWagers.model_validate_json(options)
    names = tuple(
        name for name in side_wagers.offered() if name not in DEALER_HAND and name not in DECLINED
    )
    if not names:
        return CompiledSides.none()
    tables: list[npt.NDArray[np.int16]] = []
    all_nets: list[list[Fraction]] = []
    all_names: list[tuple[str, ...]] = []
    hole_rows: list[npt.NDArray[np.int16]] = []
    reads_up: list[int] = []
    for name in names:
        outcomes, nets, labels, up = _compile_one(
            side_wager(name), getattr(side_wagers, name), decks, hole_rows
        )
        reads_up.append(up)
        tables.append(outcomes)
        all_nets.append(nets)
        all_names.append(labels)
    ticks = tuple(math.lcm(*(net.denominator for net in nets)) for nets in all_nets)
    width = max(len(nets) for nets in all_nets)
    net_table = np.zeros((len(names), width), dtype=np.int64)
    for index, (nets, tick) in enumerate(zip(all_nets, ticks, strict=True)):
        for outcome, net in enumerate(nets):
            net_table[index, outcome] = int(net * tick)
    holes = np.stack(hole_rows) if hole_rows else np.zeros((0, 52), dtype=np.int16)
    return CompiledSides(
        names,
        np.stack(tables),
        np.array(reads_up, dtype=np.int8),
        holes,
        net_table,
        ticks,
        tuple(all_names),
    )


def _compile_four(
    wager: SideWager, offer: BaseModel, decks: int
) -> tuple[npt.NDArray[np.int16], list[Fraction], tuple[str, ...], int]:
    """Super Match's table (633a.6(e)(7)), indexed as the kernel counts a box's four cards."""
    from tablegames.blackjack.sim.kernel import READS_FOUR_CARDS

    index_of: dict[tuple[str, ...], int] = {(): 0}
    nets: list[Fraction] = [Fraction(-1)]
    table = np.zeros(DEALS, dtype=np.int16)
    for code, hand in _FOUR_CARD_HANDS.items():
        context = SideContext(
            cards=tuple(Card.parse(card) for card in hand), decks=decks, offer=offer
        )
        result = wager.evaluate(context)
        key = tuple(entry.line for entry in result.lines)
        if key not in index_of:
            index_of[key] = len(nets)
            nets.append(_net(result))
        table[code] = index_of[key]
    labels = tuple("+".join(key) if key else LOST for key in index_of)
    return table, nets, labels, READS_FOUR_CARDS


def _compile_one(
    wager: SideWager, offer: BaseModel, decks: int, hole_rows: list[npt.NDArray[np.int16]]
) -> tuple[npt.NDArray[np.int16], list[Fraction], tuple[str, ...], int]:
    """The wager's table, its nets by outcome, their names, and what it reads (kernel.READS_*);
    deals that wait for the hole card get rows appended to `hole_rows`."""
    if wager.reads is Reads.PLAYER_FOUR:
        return _compile_four(wager, offer, decks)
    # 633a.7(g)(4): with the Crown Treasure Bonus a Royal Match against a K or Q waits for the
    # hole card (`waits`); its table then reads the up card too.
    waits = wager.waits if getattr(offer, "crown_treasure", False) else None
    reads_up = wager.reads is Reads.PLAYER_TWO_AND_UP_CARD or waits is not None
    index_of: dict[tuple[str, ...], int] = {(): 0}
    nets: list[Fraction] = [Fraction(-1)]

    def outcome_of(first: int, second: int, dealer: tuple[int, ...], blackjack: bool) -> int:
        context = SideContext(
            cards=(_card(first), _card(second)),
            dealer=tuple(_card(code) for code in dealer),
            decks=decks,
            offer=offer,
            dealer_blackjack=blackjack,
        )
        result = wager.evaluate(context)
        key = tuple(entry.line for entry in result.lines)
        if key not in index_of:
            index_of[key] = len(nets)
            nets.append(_net(result))
        return index_of[key]

    table = np.zeros((52, 52, 52, 2), dtype=np.int16)
    two_card = np.zeros((52, 52, 2), dtype=np.int16)
    for first in range(52):
        for second in range(52):
            for up in range(52) if reads_up else (0,):
                if waits is not None and waits.applies(_card(first), _card(second), _card(up)):
                    row = np.array(
                        [outcome_of(first, second, (up, hole), False) for hole in range(52)],
                        dtype=np.int16,
                    )
                    hole_rows.append(row)
                    table[first, second, up, :] = -len(hole_rows)
                    continue
                for blackjack in (False, True) if not reads_up else (False,):
                    # The up card repeated stands for a hole card the wager does not read.
                    value = outcome_of(first, second, (up, up), blackjack)
                    if reads_up:
                        table[first, second, up, :] = value
                    else:
                        two_card[first, second, int(blackjack)] = value
    labels = tuple("+".join(key) if key else LOST for key in index_of)
    flat = table.reshape(DEALS)
    if not reads_up:
        flat[: two_card.size] = two_card.reshape(-1)
    return flat, nets, labels, int(reads_up)


def compile_payout_cap(
    rules: Rules, sides: CompiledSides, stakes: Mapping[str, int] | None = None
) -> npt.NDArray[np.int64] | None:
    """The kernel's `payout_cap` (kernel.CAP_*), or None when no limit applies (633a.13(m)).

    One row per wager of `sides`: its stake in cents (`stakes`, by default `simulated_stake`,
    as every progressive is wagered), the outcome the limit applies to, the wager's line named
    by the registry's `limited_lines` alone (as the sidebook compares a settlement's lines),
    what that outcome wins in cents as `SideResult.returned` rounds it, and the limit."""
    from tablegames.blackjack.sim import kernel

    if rules.payout_limit is None:
        return None
    cap = np.zeros((len(sides.names), kernel.CAP_SIZE), dtype=np.int64)
    cap[:, kernel.CAP_OUTCOME] = -1
    cap[:, kernel.CAP_LIMIT] = rules.payout_limit
    limited = False
    for index, name in enumerate(sides.names):
        stake = simulated_stake(rules, name) if stakes is None else stakes[name]
        cap[index, kernel.CAP_STAKE] = stake
        for outcome, label in enumerate(sides.outcome_names[index]):
            if label in side_wager(name).limited_lines:
                net = Fraction(int(sides.nets[index, outcome]), sides.ticks[index])
                # 633a.13(c), (h): "to 1" lines, the stake returned besides; rounded down once.
                won = math.floor(stake * (net + 1)) - stake
                cap[index, kernel.CAP_OUTCOME] = outcome
                cap[index, kernel.CAP_WON] = won
                limited = True
    return cap if limited else None


def _progressive_settings(
    size: int, offer: Progressive | None, stake: int
) -> npt.NDArray[np.int64]:
    """A progressive's kernel settings (kernel.HR_* layout): on, the stake (`simulated_stake`),
    the rate of progression and the reset amount, the meter starting at the reset
    (633a.13(j)(2), (l)(2))."""
    from tablegames.blackjack.sim import kernel

    settings = np.zeros(size, dtype=np.int64)
    if offer is not None:
        settings[kernel.HR_ON] = 1
        settings[kernel.HR_STAKE] = stake
        settings[kernel.HR_RATE_BP] = offer.rate_bp
        settings[kernel.HR_RESET] = offer.reset
        settings[kernel.HR_METER] = offer.reset
    return settings


def compile_hit_and_run(rules: Rules) -> npt.NDArray[np.int64]:
    """The kernel's Hit and Run settings (kernel.HR_*): off unless offered. Each of the player's
    boxes wagers the least stake the table takes (`simulated_stake`, 633a.13(l)); the meter
    starts at its reset amount."""
    from tablegames.blackjack.sim import kernel

    offer = rules.side_wagers.hit_and_run
    stake = simulated_stake(rules, "hit_and_run") if offer is not None else 0
    settings = _progressive_settings(kernel.HR_SIZE, offer, stake)
    if offer is None:
        return settings
    wager = side_wager("hit_and_run")
    for outcome, hand in enumerate(_HIT_AND_RUN_HANDS):
        result = wager.evaluate(SideContext(cards=(), dealer=tuple(Card.parse(c) for c in hand)))
        fixed = tuple(line for line in result.lines if not line.progressive)
        settings[kernel.HR_RETURNED + outcome] = SideResult(fixed).returned(stake) if fixed else 0
    return settings


HIT_AND_RUN_LINES: Final = (
    LOST,
    "dealer_blackjack",
    "dealer_five_cards",
    "dealer_six_cards",
    "dealer_seven_cards",
    "dealer_eight_or_more_cards",
)


# The player's total and the dealer's hands for each Bad Beat outcome (kernel.BB_* order).
_BAD_BEAT_HANDS: Final = (
    (19, ("TS", "9D")),
    (20, ("TS", "9D")),
    (20, ("AS", "KD")),
    (20, ("7S", "7H", "7D")),
    (20, ("6S", "5H", "5D", "5C")),
    (20, ("5S", "4H", "4D", "4C", "4S")),
    (20, ("AS", "5H", "5D", "5C", "3S", "2H")),
    (20, ("AS", "AH", "AD", "AC", "5S", "5H", "7D")),
)
_BAD_BEAT_OWN: Final = (
    "",
    "player_has_20",
    "dealer_blackjack",
    "dealer_21_with_three_cards",
    "dealer_21_with_four_cards",
    "dealer_21_with_five_cards",
    "dealer_21_with_six_cards",
    "dealer_21_with_seven_or_more_cards",
)
# kernel.BB_TOTALS' outcomes: the wager's own line + 8 * (Magic Card + 2 * Lucky Player).
BAD_BEAT_LINES: Final = tuple(
    "+".join(
        part
        for part in (
            _BAD_BEAT_OWN[index % 8],
            "magic_card_bonus" if index // 8 % 2 else "",
            "lucky_player_bonus" if index // 16 else "",
        )
        if part
    )
    or LOST
    for index in range(32)
)


def compile_bad_beat(rules: Rules) -> npt.NDArray[np.int64]:
    """The kernel's Bad Beat settings (kernel.BB_*): off unless offered; the least stake the
    table takes (`simulated_stake`) on each of the player's boxes, the meter starting at its
    reset amount (633a.13(j))."""
    from tablegames.blackjack.sim import kernel

    offer = rules.side_wagers.bad_beat
    stake = simulated_stake(rules, "bad_beat") if offer is not None else 0
    settings = _progressive_settings(kernel.BB_SETTINGS, offer, stake)
    if offer is None:
        return settings
    wager = side_wager("bad_beat")
    settings[kernel.BB_PLAYER_20_OFFERED] = offer.player_has_20
    # 633a.13(j)(1): 20 for 1 and 5 for 1, from the registry's own lines.
    from tablegames.blackjack.side import bad_beat

    settings[kernel.BB_MAGIC_OFFERED] = offer.magic_card
    settings[kernel.BB_LUCKY_OFFERED] = offer.lucky_player
    settings[kernel.BB_TABLE_BOXES] = rules.boxes
    settings[kernel.BB_MAGIC_RETURNED] = SideResult((bad_beat.MAGIC_CARD_BONUS,)).returned(stake)
    settings[kernel.BB_LUCKY_RETURNED] = SideResult((bad_beat.LUCKY_PLAYER_BONUS,)).returned(stake)
    settings[kernel.BB_MAGIC_PICK] = -1
    for outcome, (total, hand) in enumerate(_BAD_BEAT_HANDS):
        context = SideContext(
            cards=(_card(0), _card(4)),
            dealer=tuple(Card.parse(code) for code in hand),
            offer=offer,
            final_total=total,
        )
        lines = wager.evaluate(context).lines
        if outcome == kernel.BB_PLAYER_20 and not offer.player_has_20:
            lines = ()
        fixed = tuple(line for line in lines if not line.progressive)
        settings[kernel.BB_RETURNED + outcome] = SideResult(fixed).returned(stake) if fixed else 0
    return settings
