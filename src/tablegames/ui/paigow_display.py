"""What the Pai Gow Poker terminal table shows: cards, settings and each wager's settlement,
read from the round's events (the table protocol's stream), never from the engine's insides.

>>> from tablegames.paigow.cards import parse_hand
>>> " ".join(str(card) for card in sorted_hand(parse_hand(["3H", "JK", "KD", "AS", "9C",
...                                                         "9H", "2C"])))
'JK AS KD 9C 9H 3H 2C'
>>> from tablegames.paigow.ranking import low_key
>>> describe(low_key(parse_hand(["9C", "9H"], size=2)))
'a pair of 9s'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from rich.table import Table as RichTable
from rich.text import Text

from tablegames.core.cards import CardOrJoker
from tablegames.core.events import Event
from tablegames.core.money import format_cents
from tablegames.paigow.cards import card_index, parse_hand
from tablegames.paigow.events import BankerSet, CardDealt, HandReset, HandSet, WagerSettled
from tablegames.paigow.ranking import Category, HandValue, RankingRules, high_key, low_key
from tablegames.paigow.rules import PaiGowRules

_RANK_NAMES: Final = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}
_CATEGORY_NAMES: Final = {
    Category.STRAIGHT: "a straight",
    Category.FLUSH: "a flush",
    Category.FULL_HOUSE: "a full house",
    Category.STRAIGHT_FLUSH: "a straight flush",
    Category.ROYAL_FLUSH: "a royal flush",
    Category.FIVE_ACES: "five aces",
}
WAGER_LABELS: Final = {
    "pai_gow": "Main wager",
    "bank": "Bank",
    "co_bank": "Co-bank",
    "fortune": "Fortune bonus",
    "progressive": "Progressive",
    "tiger_9": "Tiger 9",
    "envy": "Envy bonus",
}


def sorted_hand(cards: Iterable[CardOrJoker]) -> list[CardOrJoker]:
    """Highest first: the joker (an ace, or completing a straight or flush), the aces, ..."""
    return sorted(cards, key=card_index, reverse=True)


def card_text(cards: Sequence[CardOrJoker] | Sequence[str]) -> Text:
    """Cards as their codes (what the player types back), red suits red, the joker magenta."""
    text = Text()
    for number, card in enumerate(cards):
        code = str(card)
        style = "bold magenta" if code == "JK" else ("bold red" if code[1] in "HD" else "bold")
        text.append(("" if number == 0 else " ") + code, style=style)
    return text


def _rank(value: int) -> str:
    return _RANK_NAMES.get(value, str(value))


def describe(key: int) -> str:
    """A hand's value in words: 'a pair of 9s', 'two pair, Ks and 4s', 'K high', 'a flush'."""
    value = HandValue(key)
    top = value.tiebreak
    category = value.category
    if category is Category.HIGH_CARD:
        return f"{_rank(top[0])} high"
    if category is Category.ONE_PAIR:
        return f"a pair of {_rank(top[0])}s"
    if category is Category.TWO_PAIR:
        return f"two pair, {_rank(top[0])}s and {_rank(top[1])}s"
    if category is Category.THREE_OF_A_KIND:
        return f"three {_rank(top[0])}s"
    if category is Category.FOUR_OF_A_KIND:
        return f"four {_rank(top[0])}s"
    return _CATEGORY_NAMES[category]


def dealt_to(events: Iterable[Event], seat: int) -> list[CardOrJoker]:
    """The seven cards the round's `card_dealt` events gave `seat`, highest first."""
    codes = [e.card for e in events if isinstance(e, CardDealt) and e.position == seat]
    return sorted_hand(parse_hand(codes, size=len(codes)))


def setting_line(
    label: str, high: Sequence[str], low: Sequence[str], how: str, ranking: RankingRules
) -> Text:
    """'Your hand: KS KD 9C 5S 2C (a pair of Ks) / AS QH (A high) · set by you'."""
    high_cards = sorted_hand(parse_hand(list(high), size=5))
    low_cards = sorted_hand(parse_hand(list(low), size=2))
    text = Text(f"{label}: ", style="bold")
    text.append_text(card_text(high_cards))
    text.append(f" ({describe(high_key(high_cards, ranking))}) / ")
    text.append_text(card_text(low_cards))
    text.append(f" ({describe(low_key(low_cards))})")
    return text.append(f" · {how}", style="dim")


def settings_shown(events: Sequence[Event], seat: int, rules: PaiGowRules) -> list[Text]:
    """Your setting (and a reset of it) and the dealer's, as the round's events record them."""
    lines = []
    for event in events:
        if isinstance(event, HandSet) and event.seat == seat:
            how = "set by you" if event.by == "player" else "set by the house way"
            if event.foul:
                how += " (a foul)"
            lines.append(setting_line("Your hand", event.high, event.low, how, rules.ranking))
        elif isinstance(event, HandReset) and event.seat == seat:
            lines.append(
                setting_line("Reset", event.high, event.low, "by the house way", rules.ranking)
            )
        elif isinstance(event, BankerSet):
            who = "Dealer" if event.position == 0 else f"Banker (seat {event.position})"
            lines.append(
                setting_line(who, event.high, event.low, f"house way {event.way}", rules.ranking)
            )
    return lines


def settlement_table(events: Sequence[Event], player: str, number: int) -> RichTable:
    """Each of the player's wagers: stake, result, the line it settled on, commission,
    what came back and its net."""
    table = RichTable(title=f"Round {number}", title_justify="left")
    for column in ("Wager", "Stake", "Result", "Line", "Commission", "Returned", "Net"):
        numeric = column in ("Stake", "Commission", "Returned", "Net")
        table.add_column(column, justify="right" if numeric else "left")
    for event in events:
        if not isinstance(event, WagerSettled) or event.player != player:
            continue
        net = event.returned - event.stake
        style = {"win": "green", "lose": "red"}.get(event.result, "cyan")
        table.add_row(
            WAGER_LABELS.get(event.wager, event.wager),
            format_cents(event.stake),
            Text(event.result, style=style),
            event.line.replace("_", " "),
            format_cents(event.commission) if event.commission else "-",
            format_cents(event.returned),
            signed(net),
        )
    return table


def signed(cents: int) -> str:
    return ("+" if cents > 0 else "") + format_cents(cents)
