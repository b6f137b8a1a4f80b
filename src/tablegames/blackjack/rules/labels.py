"""Readable labels and values for the house rules, as `tablegames rules show` prints them.

The Rules Submission (601a.2) is filed by field name in integer cents; a person reads it in
dollars and words. Each row keeps both: a label, the exact field name, the value as a person
reads it ($10.00, 75%, yes), the paragraphs the field answers to, and the non-PA mark. The
exact mapping to file is `Rules.model_dump(mode="json")` (`filing_mapping`), not these rows.

>>> rows = {row.field: row for row in rule_rows(Rules())}
>>> rows["min_wager"].label, rows["min_wager"].value
('Table minimum wager', '$10.00')
>>> rows["penetration"].value, rows["decks"].paragraphs
('75%', '633a.3(a)')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from pydantic import BaseModel

from tablegames.blackjack.rules.model import Rules
from tablegames.blackjack.rules.side import SideWagers
from tablegames.blackjack.side.registry import REGISTRY
from tablegames.core.money import format_cents

# The labels of the Rules fields, in words a floorperson would use.
FIELD_LABELS: Final[Mapping[str, str]] = {
    "decks": "Decks in the dealing shoe",
    "shoe": "Shoe or shuffling device",
    "penetration": "Cards dealt before the cover card",
    "boxes": "Betting positions (boxes)",
    "max_boxes_per_player": "Boxes one player may play",
    "min_wager": "Table minimum wager",
    "max_wager": "Table maximum wager",
    "wager_unit": "Wager unit (smallest chip)",
    "dealer_hits_soft_17": "Dealer hits soft 17",
    "dealer_peeks": "Dealer checks for Blackjack",
    "late_surrender": "Late surrender",
    "double_after_split": "Double after splitting",
    "max_hands": "Most hands after splitting",
    "resplit_aces": "Aces may be split again",
    "hit_split_aces": "Split aces may draw",
    "blackjack_pays": "Blackjack pays",
    "even_money": "Even money offered",
    "original_bets_only": "Dealer Blackjack takes original wagers only",
    "bar_after_sitting_out": "Sitting out a round bars wagering until the reshuffle",
    "player_cut": "The cut offered to a player after each shuffle",
    "settlement_procedure": "Settlement of wagers",
    "side_wagers": "Side wagers",
    "payout_limit": "Payout limit per round",
    "variant": "Game variation",
    "switch_cards_dealt": "Switch hands cards dealt",
    "switch_surrender": "Surrender at Blackjack Switch",
    "blackjack_premium": "Blackjack premium (ante optional)",
    "tie_blackjack_pays": "Switched Blackjack ties pay 1 to 2",
}

# The side wagers by the names 633a.6(e) and 633b.16 give them (the registry's labels).
SIDE_WAGER_LABELS: Final[Mapping[str, str]] = {wager.name: wager.label for wager in REGISTRY}

# A side wager's options, in the order they are listed in its row.
OPTION_LABELS: Final[Mapping[str, str]] = {
    "min_wager": "min",
    "max_wager": "max",
    "paytable": "paytable",
    "crown_treasure": "Crown Treasure Bonus",
    "ace": "ace ranks",
    "rate_bp": "rate of progression",
    "reset": "initial and reset amount",
    "player_has_20": "Player has a 20 line",
    "magic_card": "Magic Card Bonus",
    "lucky_player": "Lucky Player Bonus",
    "push_when_no_live_hands": "push when no hand is live",
}

# Amounts filed in integer cents (the Rules fields and every side wager's limits and reset).
CENTS_FIELDS: Final = frozenset({"min_wager", "max_wager", "wager_unit", "payout_limit", "reset"})

# The choices of the Literal fields, in words.
CHOICE_WORDS: Final[Mapping[str, Mapping[str, str]]] = {
    "shoe": {
        "shoe": "dealing shoe",
        "double_shoe": "double shoe",
        "batch_shuffler": "automated shuffler, two batches",
        "continuous_shuffler": "continuous shuffler",
    },
    "settlement_procedure": {
        "collect_then_pay": "collect losing wagers, then pay",
        "counterclockwise": "box by box, counterclockwise",
    },
    "variant": {
        "standard": "standard Blackjack",
        "blackjack_switch": "Blackjack Switch",
        "switch_hands": "Switch Hands",
        "hand_dealt": "hand-dealt",
    },
    "switch_cards_dealt": {
        "before": "before the Blackjack hands",
        "after": "after the Blackjack hands",
    },
}

# A citation of 58 Pa. Code as the descriptions write it: 633a.3(b)-(c), 633c.4(i)(2)(ii).
_CITATION: Final = re.compile(r"6\d\d[a-z]\.\d+(?:\([a-z0-9]+\))*(?:-\([a-z0-9]+\))?")


@dataclass(frozen=True, slots=True)
class RuleRow:
    """One line of `tablegames rules show`."""

    label: str
    field: str
    value: str
    paragraphs: str
    non_pa: str  # "non-PA 633a.7(m)" when the option in force is not allowed, else ""


def paragraphs_in(text: str | None) -> str:
    """The paragraphs a description or docstring cites, in order, each once."""
    found = _CITATION.findall(text or "")
    return ", ".join(dict.fromkeys(found))


def field_label(name: str) -> str:
    """A field's label; a field added without one still reads as words."""
    return FIELD_LABELS.get(name) or name.replace("_", " ").capitalize()


def format_value(name: str, value: Any) -> str:
    """A field's value as a person reads it: dollars, percent, yes/no, words."""
    if value is None:
        # payout_limit is the only optional field: 633a.13(m) lets the house set no limit.
        return "no limit"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if name in CENTS_FIELDS and isinstance(value, int):
        return format_cents(value)
    if name == "penetration":
        return f"{float(value) * 100:g}%"
    if name == "rate_bp":
        # Basis points: 100 is 1% of each wager added to the meter.
        return f"{value / 100:g}%"
    if name == "blackjack_pays":
        return str(value).replace(":", " to ")
    return CHOICE_WORDS.get(name, {}).get(str(value), str(value))


def side_wager_value(entry: BaseModel) -> str:
    """One offered side wager's options, readable, in a single line."""
    parts = []
    for name in type(entry).model_fields:
        label = OPTION_LABELS.get(name, name.replace("_", " "))
        value = format_value(name, getattr(entry, name))
        parts.append(
            f"{label} {value}" if name in ("min_wager", "max_wager") else f"{label}: {value}"
        )
    return ", ".join(parts) or "offered"


def side_wager_rows(offers: SideWagers) -> list[RuleRow]:
    """One row per offered side wager, or one saying none is offered."""
    offered = offers.offered()
    if not offered:
        info = Rules.model_fields["side_wagers"]
        return [
            RuleRow(
                "Side wagers", "side_wagers", "none offered", paragraphs_in(info.description), ""
            )
        ]
    rows = []
    for name in offered:
        entry = getattr(offers, name)
        label = SIDE_WAGER_LABELS.get(name) or name.replace("_", " ").title()
        rows.append(
            RuleRow(
                label,
                f"side_wagers.{name}",
                side_wager_value(entry),
                # Each option model's docstring opens with its paragraphs (rules/side.py).
                paragraphs_in((type(entry).__doc__ or "").split("\n", 1)[0]),
                "",
            )
        )
    return rows


def rule_rows(rules: Rules) -> list[RuleRow]:
    """Every field of `rules` in the model's order; side wagers one row per wager offered."""
    flagged = {finding.field: finding for finding in rules.non_pa()}
    rows: list[RuleRow] = []
    for name, info in Rules.model_fields.items():
        if name == "side_wagers":
            rows += side_wager_rows(rules.side_wagers)
            continue
        finding = flagged.get(name)
        mark = f"non-PA {finding.paragraph}" if finding is not None else ""
        rows.append(
            RuleRow(
                field_label(name),
                name,
                format_value(name, getattr(rules, name)),
                paragraphs_in(info.description),
                mark,
            )
        )
    return rows


def filing_mapping(rules: Rules) -> dict[str, Any]:
    """The rules as the JSON mapping a filing would use: field names and cents exact.

    Side wagers not offered are left out (absent means not offered, 633a.6(e)); everything
    else is `Rules.model_dump(mode="json")`, so `rules_from_mapping` gives the same Rules back.
    """
    data = rules.model_dump(mode="json")
    data["side_wagers"] = {
        name: entry for name, entry in data["side_wagers"].items() if entry is not None
    }
    return data
