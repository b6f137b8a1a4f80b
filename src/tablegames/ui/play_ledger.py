"""A round's money as its events tell it: what is settled, what is still on the layout.

The terminal table (`tablegames.ui.play`) moves the chips by these sums and nothing else. Every
wager placed (Blackjack, double, split, insurance, the Switch Hands ante, side wagers, EZ Bust)
is a WagerPlaced event and every settlement a WagerSettled whose `returned` includes the stake.
A player who leaves mid-round keeps `settled_net` and is returned `open_stakes`, which add up to
`round_committed`; so the chips always end at the bankroll plus every settled net.

>>> from tablegames.blackjack.events import WagerPlaced, WagerSettled
>>> events = [
...     WagerPlaced(box=1, hand=0, wager="blackjack", amount=2500, paragraph="633a.6(d)"),
...     WagerPlaced(box=1, hand=0, wager="lucky_ladies", amount=500, paragraph="633a.6(e)"),
...     WagerSettled(box=1, hand=0, wager="lucky_ladies", stake=500, returned=0,
...                  outcome="lose", paragraph="633a.7(g)(1)"),
... ]
>>> round_net(events), settled_net(events), round_committed(events)
(-3000, -500, 2500)
>>> [(stake.wager, stake.amount) for stake in open_stakes(events)]
[('blackjack', 2500)]
>>> round_net([
...     WagerPlaced(box=1, hand=0, wager="blackjack", amount=2500, paragraph="633a.6(d)"),
...     WagerSettled(box=1, hand=0, wager="blackjack", stake=2500, returned=6250,
...                  outcome="blackjack", paragraph="633a.7(p)(3)"),
... ])
3750
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from rich.text import Text

from tablegames.blackjack.events import Event, WagerPlaced, WagerSettled
from tablegames.blackjack.rules import Rules
from tablegames.core.money import format_cents
from tablegames.ui.play_display import line_text, wager_label


def round_net(events: Sequence[Event]) -> int:
    """Cents the player won (positive) or lost in a round so far (all of it once complete).

    Every wager placed (Blackjack, double, split, insurance, side wagers, EZ Bust) is a
    WagerPlaced event and every settlement a WagerSettled whose `returned` includes the stake, so
    the net is what came back minus what went out.
    """
    returned = sum(event.returned for event in events if isinstance(event, WagerSettled))
    placed = sum(event.amount for event in events if isinstance(event, WagerPlaced))
    return returned - placed


def round_committed(events: Sequence[Event]) -> int:
    """Cents placed so far in a round and not yet settled (what is on the layout)."""
    placed = sum(event.amount for event in events if isinstance(event, WagerPlaced))
    settled = sum(event.stake for event in events if isinstance(event, WagerSettled))
    return placed - settled


def settled_net(events: Sequence[Event]) -> int:
    """What the wagers settled so far won or lost: the chips a round has moved for good.

    A player who leaves mid-round keeps this; the open stakes come back besides.
    """
    return sum(event.returned - event.stake for event in events if isinstance(event, WagerSettled))


def _pot(wager: str) -> str:
    # A Double Down Wager (633a.10) and a split hand's wager (633a.11(a)) are settled with the
    # hand's Blackjack Wager, in one WagerSettled for the hand's whole stake.
    return "blackjack" if wager in ("double", "split") else wager


def open_stakes(events: Sequence[Event]) -> list[WagerPlaced]:
    """Each wager placed in a round and not yet settled, in the order placed: what is returned
    to a player who leaves mid-round. Their amounts add up to `round_committed(events)`."""
    placed: dict[tuple[int, int, str], int] = defaultdict(int)
    settled: dict[tuple[int, int, str], int] = defaultdict(int)
    for event in events:
        if isinstance(event, WagerPlaced):
            placed[(event.box, event.hand, _pot(event.wager))] += event.amount
        elif isinstance(event, WagerSettled):
            settled[(event.box, event.hand, _pot(event.wager))] += event.stake
    found = [
        event
        for event in events
        if isinstance(event, WagerPlaced)
        and not settled[(event.box, event.hand, _pot(event.wager))]
    ]
    for (box, hand, pot), total in placed.items():
        if 0 < settled[(box, hand, pot)] < total:  # part of a pot settled: the rest, by its name
            left = total - settled[(box, hand, pot)]
            found.append(WagerPlaced(box=box, hand=hand, wager=pot, amount=left, paragraph=""))
    return found


def leaving_report(events: Sequence[Event], rules: Rules) -> list[Text]:
    """What a player leaving mid-round is told: each wager already settled (it stands) and each
    stake returned because it was not yet settled, by box, hand and wager."""
    hands: dict[int, int] = defaultdict(int)
    for event in events:
        if isinstance(event, WagerPlaced):
            hands[event.box] = max(hands[event.box], event.hand + 1)

    def where(box: int, hand: int) -> str:
        return f"Box {box}" + (f" hand {hand + 1}" if hands[box] > 1 else "")

    lines: list[Text] = []
    settled = [event for event in events if isinstance(event, WagerSettled)]
    if settled:
        lines.append(Text("Already settled; these stand:"))
        for item in settled:
            outcome = item.outcome.replace("_", " ")
            if item.line is not None:
                outcome += ": " + line_text(rules, item.wager, item.line)
            lines.append(
                Text(
                    f"  {where(item.box, item.hand)} {wager_label(item.wager)} "
                    f"{format_cents(item.stake)}: {outcome}, {format_cents(item.returned)} back "
                    f"({item.paragraph})"
                )
            )
    else:
        lines.append(Text("Nothing was settled yet."))
    returned = open_stakes(events)
    if returned:
        lines.append(Text("Not yet settled; returned to you:", style="cyan"))
        for stake in returned:
            lines.append(
                Text(
                    f"  {where(stake.box, stake.hand)} {wager_label(stake.wager)} "
                    f"{format_cents(stake.amount)}",
                    style="cyan",
                )
            )
    else:
        lines.append(Text("Nothing was left on the layout."))
    return lines
