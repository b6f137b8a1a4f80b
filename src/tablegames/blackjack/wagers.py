"""Placing Blackjack Wagers on the boxes of the table (633a.2(a), 633a.6(c)-(f)).

>>> from tablegames.blackjack.rules import Rules
>>> boxes = validate_box_wagers([BoxWager(box=2, amount=2500)], Rules())
>>> boxes[0].player
'box 2'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.variation import variation_of
from tablegames.core.errors import WagerError
from tablegames.core.money import format_cents


@dataclass(frozen=True, slots=True, kw_only=True)
class BoxWager:
    """A Blackjack Wager on one box. Box 1 is farthest to the dealer's left (dealt first)."""

    box: int
    amount: int
    player: str = field(default="")
    side: Mapping[str, int] = field(default_factory=dict)  # side wager name -> cents

    def __post_init__(self) -> None:
        if not self.player:
            object.__setattr__(self, "player", f"box {self.box}")


def validate_amount(amount: int, rules: Rules, *, what: str) -> None:
    """Table minimum, maximum and wager unit for a Blackjack Wager."""
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise WagerError(f"{what} must be a whole number of cents, not {amount!r}")
    if amount < rules.min_wager:
        raise WagerError(
            f"{what} {format_cents(amount)} is below the table minimum "
            f"{format_cents(rules.min_wager)}"
        )
    if amount > rules.max_wager:
        raise WagerError(
            f"{what} {format_cents(amount)} is over the table maximum "
            f"{format_cents(rules.max_wager)}"
        )
    if amount % rules.wager_unit:
        raise WagerError(
            f"{what} {format_cents(amount)} is not a multiple of the wager unit "
            f"{format_cents(rules.wager_unit)}"
        )


# Wagers placed after the deal, not with the Blackjack Wager.
_AFTER_THE_DEAL = {"ez_bust": "633b.16(c)"}


def validate_side_wager(name: str, stake: int, rules: Rules, *, box: int) -> None:
    """A side wager goes with a Blackjack Wager, only if offered, within its limits."""
    offer = (
        getattr(rules.side_wagers, name, None)
        if name in type(rules.side_wagers).model_fields
        else None
    )
    if offer is None:
        offered = ", ".join(rules.side_wagers.offered()) or "none"
        raise WagerError(
            f"box {box}: the {name} wager is not offered at this table (offered: {offered})",
            paragraph="633a.6(e)",
        )
    if name in _AFTER_THE_DEAL:
        raise WagerError(
            f"box {box}: {name} is placed after the deal, not with the Blackjack Wager",
            paragraph=_AFTER_THE_DEAL[name],
        )
    if not isinstance(stake, int) or isinstance(stake, bool) or stake <= 0:
        raise WagerError(f"box {box}: the {name} wager must be a positive number of cents")
    low, high = offer.min_wager, offer.max_wager
    if not low <= stake <= high:
        raise WagerError(
            f"box {box}: the {name} wager {format_cents(stake)} is outside its limits "
            f"{format_cents(low)} to {format_cents(high)}"
        )
    if stake % rules.wager_unit:
        raise WagerError(
            f"box {box}: the {name} wager {format_cents(stake)} is not a multiple of the wager "
            f"unit {format_cents(rules.wager_unit)}"
        )


SWITCH_HANDS_ANTE = "switch_hands_ante"


def validate_ante(wager: BoxWager, rules: Rules) -> None:
    """633c.4(c): $1 of ante for every $5 wagered; optional at a premium table (633c.4(k)-(l))."""
    ante = wager.side.get(SWITCH_HANDS_ANTE)
    if not variation_of(rules).takes_switch_hands_ante:
        if ante is not None:
            raise WagerError(
                f"box {wager.box}: a switch hands ante belongs to a Switch Hands table",
                paragraph="633c.4(c)",
            )
        return
    required = wager.amount // 500 * 100
    if ante is None:
        if rules.blackjack_premium:
            return
        raise WagerError(
            f"box {wager.box}: a Switch Hands table requires an ante of {format_cents(required)}",
            paragraph="633c.4(c)",
        )
    if ante != required:
        raise WagerError(
            f"box {wager.box}: the ante must be $1 for every $5 wagered, "
            f"{format_cents(required)}, not {format_cents(ante)}",
            paragraph="633c.4(c)",
        )


def validate_box(box: int, rules: Rules) -> None:
    """633a.2(a): at most seven betting positions; the house may have fewer."""
    if not 1 <= box <= rules.boxes:
        raise WagerError(
            f"box {box} does not exist: the table has boxes 1 to {rules.boxes}",
            paragraph="633a.2(a)",
        )


def validate_stakes(wager: BoxWager, rules: Rules) -> None:
    """Everything one box's bet says about itself: the Blackjack Wager's limits and unit, the
    Switch Hands increments and ante (633c.4(b)-(c), (k)-(l)) and each side wager (633a.6(e))."""
    if wager.side and wager.amount == 0:
        # 633a.6(d)-(e): the additional wagers are offered to a player who placed a Blackjack
        # Wager; a side wager alone does not take part in the round.
        raise WagerError(
            f"box {wager.box}: a side wager goes with a Blackjack Wager", paragraph="633a.6(e)"
        )
    validate_amount(wager.amount, rules, what=f"the Blackjack Wager on box {wager.box}")
    increment = variation_of(rules).wager_increment  # 633c.4(b): $5 at Switch Hands
    if increment is not None and wager.amount % increment:
        # Rules checks the unit and minimum too, but a what-if table may set a smaller unit.
        raise WagerError(
            f"box {wager.box}: a Switch Hands Blackjack Wager is placed in $5 increments, "
            f"not {format_cents(wager.amount)}",
            paragraph="633c.4(b)",
        )
    for name, stake in wager.side.items():
        if name == SWITCH_HANDS_ANTE:
            continue
        validate_side_wager(name, stake, rules, box=wager.box)
    validate_ante(wager, rules)


def validate_player_boxes(player: str, boxes: Sequence[int], rules: Rules) -> None:
    """633a.6(f): the Rules Submission sets how many adjacent boxes one player may play."""
    ordered = sorted(boxes)
    if len(ordered) > rules.max_boxes_per_player:
        raise WagerError(
            f"player {player!r} wagers on {len(ordered)} boxes; the house allows "
            f"{rules.max_boxes_per_player} per player",
            paragraph="633a.6(f)",
        )
    if ordered and ordered[-1] - ordered[0] != len(ordered) - 1:
        raise WagerError(
            f"player {player!r} wagers on boxes {ordered}, which are not adjacent",
            paragraph="633a.6(f)",
        )


def validate_box_wagers(wagers: Sequence[BoxWager], rules: Rules) -> list[BoxWager]:
    """Check a round's Blackjack Wagers and return them in dealing order (box 1 first).

    Every bet is checked on its own first, in the order given, then each player's boxes
    together; `betting.BettingWindow` runs the same checks on bets one at a time."""
    if not wagers:
        # 633a.6(d): a player takes part in a round only with a Blackjack Wager.
        raise WagerError("a round needs at least one Blackjack Wager", paragraph="633a.6(d)")
    seen: set[int] = set()
    by_player: dict[str, list[int]] = defaultdict(list)
    for wager in wagers:
        validate_box(wager.box, rules)
        if wager.box in seen:
            raise WagerError(f"box {wager.box} has two Blackjack Wagers")
        seen.add(wager.box)
        validate_stakes(wager, rules)
        by_player[wager.player].append(wager.box)
    for player, boxes in by_player.items():
        validate_player_boxes(player, boxes, rules)
    return sorted(wagers, key=lambda wager: wager.box)
