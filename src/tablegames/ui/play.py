"""Play Blackjack round by round at the terminal (58 Pa. Code 633a) with rich.

One player, "you", wagers on `boxes` adjacent boxes (633a.6(f)). The engine (`Table`, `Round`)
decides everything: which actions are legal, every error message and every settlement. This
module only shows the table and asks for input; the chips move by what the round's events say.

The side wagers the house offers (633a.6(e)) are asked for with each Blackjack Wager and EZ Bust
(633b.16) after the deal; their paytables come with the house rules (`play_display`), the
progressive meters before each round, and each settlement names the paytable line it won.

Leaving is fair both ways. `q` at any prompt, the end of the input or Ctrl-C ends the sitting;
mid-round, every wager the round has settled (a side wager lost at the deal, 633a.7(g); a
surrender's half, 633a.9(a)(1); a settled insurance) stays settled, and only the stakes still on
the layout are returned (`play_ledger.open_stakes`). The chips at the end are the bankroll plus
every settled net, to the cent. `?` at any prompt explains its keys and amounts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.events import HoleCardRevealed, WagerSettled
from tablegames.blackjack.hand import is_blackjack, points
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.side.registry import side_wager
from tablegames.blackjack.state import HandState, HandStatus, initial_hands
from tablegames.blackjack.table import Table
from tablegames.blackjack.variation import variation_of
from tablegames.blackjack.wagers import (
    SWITCH_HANDS_ANTE,
    BoxWager,
    validate_amount,
    validate_box_wagers,
    validate_side_wager,
)
from tablegames.core.cards import Card
from tablegames.core.errors import TableGamesError
from tablegames.core.inputs import parse_dollars
from tablegames.core.money import format_cents
from tablegames.core.rng import RandomSource, SecureRandom
from tablegames.ui.play_display import (
    SIDE_NAMES,
    line_text,
    meters_text,
    rules_table,
    side_wagers_table,
    wager_label,
)
from tablegames.ui.play_input import Help, LeftTable, Prompter, how_left, quoted
from tablegames.ui.play_ledger import leaving_report, round_net, settled_net

PLAYER = "you"
# h=hit s=stand d=double p=split r=surrender i=insurance e=even money n=decline b=EZ Bust
# w=switch k=keep (Action order)
KEYS: dict[str, Action] = dict(zip("hsdprienbwk", Action, strict=True))
_KEY_OF = {action: key for key, action in KEYS.items()}
# What `?` says each key does, with the paragraph that allows it.
_ACTION_HELP: Final[dict[Action, str]] = {
    Action.HIT: "hit: draw another card (633a.7(i)(2), 633a.7(j))",
    Action.STAND: "stand: take no more cards (633a.7(i)(2))",
    Action.DOUBLE: "double down: one more card only, for up to the wager (633a.10(a))",
    Action.SPLIT: "split the pair into two hands, the new one wagered equally (633a.11(a))",
    Action.SURRENDER: "surrender: give up the hand for half the wager back (633a.9(a))",
    Action.INSURANCE: "insurance: up to half the wager, pays 2 to 1 on a dealer Blackjack "
    "(633a.8(b), 633a.13(b))",
    Action.EVEN_MONEY: "even money: your Blackjack paid 1 to 1 now (633a.8(e))",
    Action.DECLINE: "decline the offer",
    Action.EZ_BUST: "EZ Bust: a wager up to your Blackjack Wager that the dealer busts, "
    "1 to 1 (633b.16(c)-(d), (i))",
    Action.SWITCH: "switch the second cards of your two hands (633a.12(a)(4))",
    Action.KEEP: "keep the cards as dealt",
}
_SWITCH_HANDS_HELP: Final[dict[Action, str]] = {
    Action.SWITCH: "play the two face-down switch cards instead of your cards (633c.4(f)(2))",
    Action.KEEP: "play your two dealt cards; the switch cards are discarded (633c.4(f)(1))",
}
# The amount a key may carry, as `?` explains it.
_AMOUNT_HELP: Final[dict[Action, str]] = {
    Action.DOUBLE: "'d 5' doubles for $5, less than the wager (633a.10(a)); 'd' alone for all",
    Action.INSURANCE: "'i 5' insures for $5; 'i' alone asks how much",
    Action.EZ_BUST: "'b 5' places $5 on EZ Bust; 'b' alone the most, your Blackjack Wager",
}
_SUITS = {"S": ("♠", "bold"), "H": ("♥", "bold red"), "D": ("♦", "bold red"), "C": ("♣", "bold")}
# Shoe steps worth telling the player about; cut, cover card placement and burns stay quiet.
_SHOE_NEWS = {
    "shuffle": "the cards are shuffled",
    "reshuffle_mid_round": "the shoe ran out: the discard rack is reshuffled",
    "cover_card_reached": "the cover card is out: the shoe is reshuffled after this round",
    "batch_swapped": "the shuffler's batches are swapped",
}


@dataclass(frozen=True, slots=True)
class Sitting:
    """How a sitting ended: the rounds completed, whether one was left unfinished, the chips."""

    rounds: int
    unfinished: bool
    chips: int


def card_text(card: Card) -> Text:
    """A card as rank and suit symbol, hearts and diamonds in red."""
    symbol, style = _SUITS[card.suit.value]
    return Text(("10" if card.rank.symbol == "T" else card.rank.symbol) + symbol, style=style)


class _Game:
    """One sitting at the table: the prompts, the layout and the player's chips."""

    def __init__(
        self,
        rules: Rules,
        boxes: int,
        console: Console,
        input_fn: Callable[[str], str],
        random: RandomSource,
        bankroll: int,
    ) -> None:
        self.rules, self.boxes, self.console = rules, boxes, console
        self.prompter = Prompter(console, input_fn)
        self.table = Table(rules, random=random)
        # The chips in hand between rounds; a round's net joins them as soon as it is complete.
        self.bankroll = bankroll
        self.hands = initial_hands(rules)  # 633a.12(a)(1): two equal wagers at Blackjack Switch
        self.last_wagers = [rules.min_wager] * boxes
        # 633a.6(e): the side wagers placed with the Blackjack Wager (EZ Bust comes after the
        # deal, 633b.16(c)); each box remembers its last amount on each, none at first.
        self.side_names = [
            name
            for name in rules.side_wagers.offered()
            if side_wager(name).placed_after_the_deal is None
        ]
        self.last_side: list[dict[str, int]] = [{} for _ in range(boxes)]
        self._shoe_seen = 0
        self._events_seen = 0
        self.rounds = 0
        self.unfinished = False
        self.current: Round | None = None  # the round being played, until its net is counted

    def error(self, message: str) -> None:
        self.prompter.error(message)

    def required_ante(self, amount: int) -> int:
        return required_ante(self.rules, amount)

    @property
    def table_minimum(self) -> int:
        """The fewest chips that can play a round: the minimum on every hand of one box."""
        least = self.rules.min_wager
        return least * self.hands + self.required_ante(least)

    # --- the game ----------------------------------------------------------------------------

    def run(self) -> None:
        while self.bankroll >= self.table_minimum:
            self.console.rule(f"Round {self.rounds + 1} · chips {format_cents(self.bankroll)}")
            meters = meters_text(self.rules, self.table.meters)
            if meters is not None:
                self.console.print(meters)
            wagers = self.ask_wagers()
            game = self.current = self.table.deal(wagers)
            self._events_seen = 0
            self.show_shoe_news()
            self.show_selections(game)
            while game.turn is not None:
                self.show_layout(game)
                self.show_side_settlements(game)
                self.decide(game)
            # Counted before anything is shown: an interruption while the result is on the
            # screen must not count the round twice or lose it.
            net = round_net(game.events)
            self.bankroll += net
            self.rounds += 1
            self.current = None
            self.show_result(game, net)
            self.show_shoe_news()
        self.console.print(
            f"Your chips ({format_cents(self.bankroll)}) are below the table minimum "
            f"{format_cents(self.table_minimum)}."
        )

    def leave(self, reason: BaseException) -> None:
        """The sitting ends mid-round: settled wagers stand, open stakes are returned."""
        game, self.current = self.current, None
        if game is None:
            return
        events = list(game.events)
        self.bankroll += settled_net(events)
        if game.is_complete:  # interrupted between the last settlement and the count
            self.rounds += 1
        else:
            self.unfinished = True
        how = how_left(reason)
        number = self.rounds + (0 if game.is_complete else 1)
        when = "after it was over" if game.is_complete else "before it was over"
        self.console.print(Text(f"Round {number}: {how} {when}.", style="bold"))
        for line in leaving_report(events, self.rules):
            self.console.print(line)
        net = settled_net(events)
        self.console.print(
            f"Round {number} settled net {signed(net)} · chips {format_cents(self.bankroll)}"
        )

    def ask_wagers(self) -> list[BoxWager]:
        """633a.6(c)-(f): a Blackjack Wager on each of the player's boxes, each followed by the
        switch hands ante and the side wagers the house offers (633c.4(d), 633a.6(e))."""
        wagers: list[BoxWager] = []
        for number in range(1, self.boxes + 1):
            free = self.bankroll - sum(w.amount * self.hands + sum(w.side.values()) for w in wagers)
            amount = self.ask_wager(number, free)
            self.last_wagers[number - 1] = amount
            free -= amount * self.hands
            side: dict[str, int] = {}
            ante = self.ask_ante(number, amount, free)
            if ante:
                side[SWITCH_HANDS_ANTE] = ante
                free -= ante
            side.update(self.ask_side_wagers(number, free))
            wagers.append(BoxWager(box=number, amount=amount, player=PLAYER, side=side))
        return wagers

    def ask_wager(self, number: int, free: int) -> int:
        """One box's Blackjack Wager, checked by the engine and against the chips."""
        default = self.last_wagers[number - 1]
        rules = self.rules
        what = (
            f"Box {number}: your Blackjack Wager (633a.6(d)), {format_cents(rules.min_wager)} to "
            f"{format_cents(rules.max_wager)} in multiples of {format_cents(rules.wager_unit)}"
        )
        if self.hands > 1:
            what += "; it is placed on each of your two hands (633a.12(a)(1))"
        help = Help(what, amounts=(f"empty repeats the last ({format_cents(default)})",))
        while True:
            answer = self.prompter.ask(
                f"Box {number} wager [{format_cents(default)}] (q quits): ", help
            )
            try:
                amount = parse_dollars(answer) if answer else default
                validate_amount(amount, rules, what=f"the Blackjack Wager on box {number}")
            except TableGamesError as problem:
                self.error(str(problem))
                continue
            if amount * self.hands + self.required_ante(amount) > free:
                self.error(f"you have {format_cents(free)} in chips for this box")
                continue
            return amount

    def ask_ante(self, number: int, amount: int, free: int) -> int:
        """633c.4(c): $1 of ante for every $5 wagered at Switch Hands; a Blackjack premium
        table makes it optional (633c.4(k)-(l)). 0 when there is none."""
        if not variation_of(self.rules).takes_switch_hands_ante:
            return 0
        ante = amount // 500 * 100
        if not self.rules.blackjack_premium:
            self.console.print(f"Box {number} switch hands ante {format_cents(ante)} (633c.4(c))")
            return ante
        if ante > free:
            self.console.print(f"Box {number}: no chips left for the switch hands ante")
            return 0
        help = Help(
            f"Box {number}: the switch hands ante, {format_cents(ante)} ($1 for every $5), is "
            "optional at this Blackjack premium table (633c.4(k)-(l))",
            keys=(
                (
                    "y",
                    "place it: you may then switch, and a same suit or same colour Blackjack "
                    "pays 2 to 1 (633c.4(o))",
                ),
                ("n", "no ante (also empty): play only Blackjack (633c.4(k))"),
            ),
        )
        while True:
            answer = self.prompter.ask(
                f"Box {number} switch hands ante {format_cents(ante)}? [y/N] ", help
            ).lower()
            if answer in ("y", "yes"):
                return ante
            if answer in ("", "n", "no"):
                return 0
            self.error(f"answer y or n, not {quoted(answer)}")

    def ask_side_wagers(self, number: int, free: int) -> dict[str, int]:
        """633a.6(e): an amount on each side wager offered; empty repeats the box's last amount,
        0 or '-' places none. The engine checks each against its limits."""
        side: dict[str, int] = {}
        last = self.last_side[number - 1]
        for name in self.side_names:
            default = format_cents(last[name]) if name in last else "none"
            offer = getattr(self.rules.side_wagers, name)
            help = Help(
                f"Box {number}: a {SIDE_NAMES[name]} wager (633a.6(e)), "
                f"{format_cents(offer.min_wager)} to {format_cents(offer.max_wager)}; its "
                "paytable is in the side wagers table above",
                amounts=(f"empty repeats the last ({default})", "0 or - places none"),
            )
            while True:
                answer = self.prompter.ask(
                    f"Box {number} {SIDE_NAMES[name]} wager [{default}] (0 none): ", help
                )
                try:
                    if not answer:
                        amount = last.get(name, 0)
                    else:
                        amount = 0 if answer == "-" else parse_dollars(answer)
                    if amount:
                        validate_side_wager(name, amount, self.rules, box=number)
                except TableGamesError as problem:
                    self.error(str(problem))
                    continue
                if amount > free:
                    self.error(f"you have {format_cents(free)} in chips for this wager")
                    continue
                break
            if amount:
                side[name] = last[name] = amount
                free -= amount
            else:
                last.pop(name, None)
        return side

    def decide(self, game: Round) -> None:
        """Ask for one decision until the engine accepts it (633a.7(i)-(k), 633a.8-633a.11)."""
        turn = game.turn
        if turn is None:
            return
        legal = game.legal_actions()
        choices = "  ".join(f"[{_KEY_OF[a]}] {a.value.replace('_', ' ')}" for a in legal)
        label = self.hand_label(turn.box, turn.hand, len(game.box(turn.box).hands))
        initial = game.box(turn.box).wager.amount
        if turn.kind == "switch_hands":
            # 633c.4(f): play the dealt cards, or the two face-down switch cards instead.
            label += " play your cards (k) or switch to the two face-down switch cards (w)"
        if turn.kind == "switch":
            # 633a.12(a)(4): the second cards of the two hands may change places.
            label += " switch the second cards of your two hands (w) or keep them (k)"
        if turn.kind == "ez_bust":
            # 633b.16(c)-(d), (i): after the deal against a 2-6, up to the initial wager.
            label += f" EZ Bust up to {format_cents(initial)}, 1 to 1 if the dealer busts (633b.16)"
        help = decision_help(label, turn, legal)
        while True:
            answer = self.prompter.ask(f"{label}: {choices} > ", help).lower()
            key, _, rest = answer.partition(" ")
            action = KEYS.get(key)
            if action is None:
                self.error(f"unknown choice {quoted(answer)}: type one of the keys in brackets")
                continue
            try:
                amount = parse_dollars(rest) if rest.strip() else None
                if action is Action.INSURANCE and amount is None and action in legal:
                    amount = self.ask_insurance(game)
                if action is Action.EZ_BUST and amount is None:
                    amount = initial  # 633b.16(d): the most, the initial Blackjack Wager
                # The engine's reason, naming the paragraph, and the chips the decision adds.
                cost = game.stake_required(action, amount)
            except TableGamesError as problem:
                self.error(str(problem))
                continue
            # The chips in hand now: what came back this round (a side wager paid after the
            # deal, a surrender) less everything placed.
            free = self.bankroll + round_net(game.events)
            if cost > free:
                self.error(
                    f"{action.value.replace('_', ' ')} needs {format_cents(cost)}; "
                    f"you have {format_cents(free)}"
                )
                continue
            game.act(action, amount)
            return

    def ask_insurance(self, game: Round) -> int:
        """633a.8(b): insurance up to half the initial wager; an empty answer takes the most."""
        most = game.max_insurance()
        help = Help(
            f"Insurance: up to half the initial wager, {format_cents(most)} at most (633a.8(b)); "
            "it pays 2 to 1 if the dealer has Blackjack (633a.13(b))",
            amounts=(f"empty takes the most ({format_cents(most)})",),
        )
        while True:
            answer = self.prompter.ask(f"  insurance amount [{format_cents(most)}]: ", help)
            try:
                return parse_dollars(answer) if answer else most
            except TableGamesError as problem:
                self.error(str(problem))

    # --- display -----------------------------------------------------------------------------

    def hand_label(self, box: int, hand: int, hands: int) -> str:
        return f"Box {box}" + (f" hand {hand + 1}" if hands > 1 else "")

    def show_layout(self, game: Round) -> None:
        """The dealer's cards and every hand on the layout."""
        revealed = any(isinstance(event, HoleCardRevealed) for event in game.events)
        dealer = Text("Dealer: ", style="bold")
        if revealed:
            dealer.append_text(cards_text(game.dealer_cards))
            dealer.append(f"  ({total_text(game.dealer_cards)})")
        else:
            # 633a.7(f)(2), 633a.7(f)(4): one card face up, the hole card face down until revealed.
            dealer.append_text(card_text(game.up_card))
            dealer.append(" ▒▒")
            if game.dealer_checked:  # 633a.7(h): the card reader found no Blackjack
                dealer.append("  (checked: no Blackjack)", style="dim")
        self.console.print(dealer)
        turn = game.turn
        for box in game.boxes:
            for index, hand in enumerate(box.hands):
                line = Text("▶ " if turn and (turn.box, turn.hand) == (box.number, index) else "  ")
                line.append(self.hand_label(box.number, index, len(box.hands)) + ": ")
                line.append_text(cards_text(hand.cards))
                total = total_text(hand.cards, from_split=hand.from_split)
                line.append(f"  ({total})  {format_cents(hand.total_stake)}")
                line.append(_status_text(hand), style="dim")
                if index == 0 and box.insurance:
                    line.append(f"  insurance {format_cents(box.insurance)}", style="dim")
                for box_number, hand_index, wager in sorted(game.side.open):
                    if (box_number, hand_index) == (box.number, index):
                        stake = format_cents(game.side.stakes[(box_number, hand_index, wager)])
                        line.append(f"  {SIDE_NAMES.get(wager, wager)} {stake}", style="dim")
                self.console.print(line)

    def show_result(self, game: Round, net: int) -> None:
        """The dealer's final hand, every settlement (633a.7(p)-(r)) and the chips."""
        self.show_layout(game)
        self.show_side_settlements(game)
        table = RichTable(title="Settlement", title_justify="left")
        for column in ("Box", "Hand", "Wager", "Stake", "Returned", "Outcome", "Paragraph"):
            table.add_column(column, justify="right" if column in ("Stake", "Returned") else "left")
        for item in game.settlements():
            money = format_cents(item.stake), format_cents(item.returned)
            outcome = item.outcome
            if item.line is not None:  # a side wager's winning paytable line(s)
                outcome += ": " + line_text(self.rules, item.wager, item.line)
            table.add_row(
                str(item.box),
                str(item.hand + 1),
                wager_label(item.wager),
                *money,
                outcome,
                item.paragraph,
            )
        self.console.print(table)
        style = "green" if net > 0 else "red" if net < 0 else ""
        chips = f"  ·  chips {format_cents(self.bankroll)}"
        self.console.print(Text.assemble("Round net ", (signed(net), style), chips))

    def show_selections(self, game: Round) -> None:
        """633a.13(j)(1): the table game system's Magic Card and Lucky Player for Bad Beat."""
        picks = game.side.selections
        if picks.magic_card is None and picks.lucky_box is None:
            return
        text = Text("Bad Beat:", style="magenta")
        if picks.magic_card is not None:
            text.append(" the Magic Card is ").append_text(card_text(picks.magic_card))
        if picks.lucky_box is not None:
            text.append(f" · the Lucky Player is box {picks.lucky_box}")
        self.console.print(text.append(" (633a.13(j)(1))"))

    def show_side_settlements(self, game: Round) -> None:
        """Each side wager as it is settled (633a.7(g), 633a.7(o), 633b.16(h)), with its line."""
        events = game.events[self._events_seen :]
        self._events_seen += len(events)
        for event in events:
            if not isinstance(event, WagerSettled) or event.wager not in SIDE_NAMES:
                continue
            stake = format_cents(event.stake)
            where = f"Box {event.box}" + (f" hand {event.hand + 1}" if event.hand else "")
            name, cited = SIDE_NAMES[event.wager], f"({event.paragraph})"
            if event.line is not None:
                won = line_text(self.rules, event.wager, event.line)
                text = f"{where} {name}: {won} · {stake} returns {format_cents(event.returned)}"
                self.console.print(Text(f"{text} {cited}", style="green"))
            elif event.outcome == "push":
                self.console.print(Text(f"{where} {name} pushes: {stake} returned {cited}"))
            else:
                self.console.print(Text(f"{where} {name} loses {stake} {cited}", style="red"))

    def show_shoe_news(self) -> None:
        """Shuffles, the cover card and reshuffles from the shoe's log (633a.5, 633a.7(e))."""
        events = self.table.shoe.events[self._shoe_seen :]
        self._shoe_seen += len(events)
        for event in events:
            if event.kind in _SHOE_NEWS:
                self.console.print(
                    Text(f"Shoe: {_SHOE_NEWS[event.kind]} ({event.paragraph})", style="cyan")
                )


def required_ante(rules: Rules, amount: int) -> int:
    """633c.4(c): $1 for every $5 wagered at Switch Hands, unless optional (633c.4(k)-(l))."""
    if not variation_of(rules).takes_switch_hands_ante or rules.blackjack_premium:
        return 0
    return amount // 500 * 100


def decision_help(label: str, turn: Turn, legal: Sequence[Action]) -> Help:
    """What `?` shows at a decision: each legal key, what it does, and the amounts it takes."""
    texts = _SWITCH_HANDS_HELP if turn.kind == "switch_hands" else {}
    keys = tuple((_KEY_OF[action], texts.get(action, _ACTION_HELP[action])) for action in legal)
    amounts = tuple(_AMOUNT_HELP[action] for action in legal if action in _AMOUNT_HELP)
    return Help(label, keys=keys, amounts=amounts or None)


def signed(cents: int) -> str:
    """'+$40.00', '-$25.00', '$0.00'."""
    return ("+" if cents > 0 else "") + format_cents(cents)


def cards_text(cards: Sequence[Card]) -> Text:
    return Text(" ").join(card_text(card) for card in cards)


def total_text(cards: Sequence[Card], *, from_split: bool = False) -> str:
    """'Blackjack', 'soft 17', '23 bust' (633a.1, 633a.3(e))."""
    if is_blackjack(cards, from_split=from_split):
        return "Blackjack"
    total, soft = points(cards)
    return f"soft {total}" if soft else f"{total} bust" if total > 21 else str(total)


def _status_text(hand: HandState) -> str:
    """'doubled', 'busted', 'surrendered', ... for a hand that needs no more decisions."""
    words = ["doubled"] if hand.double else []
    if hand.status not in (HandStatus.OPEN, HandStatus.DOUBLED, HandStatus.SETTLED):
        words.append(hand.status.name.lower())
    return "".join(f"  {word}" for word in words)


def play_terminal(
    rules: Rules,
    *,
    boxes: int,
    console: Console | None = None,
    input_fn: Callable[[str], str] = input,
    random: RandomSource | None = None,
    bankroll: int = 100_000,
) -> Sitting:
    """Play until the player quits, the input ends or the chips fall below the table minimum.

    Raises the engine's TableGamesError, before anything is shown, when the house does not
    allow one player `boxes` adjacent boxes (633a.6(f)). Live play shuffles with the OS
    CSPRNG; pass a seeded `random` only for tests and demos.
    """
    # 633a.6(f): the engine checks the house allows one player this many adjacent boxes; the
    # probe carries the ante a Switch Hands table requires (633c.4(c)).
    ante = required_ante(rules, rules.min_wager)
    side = {SWITCH_HANDS_ANTE: ante} if ante else {}
    validate_box_wagers(
        [
            BoxWager(box=n, amount=rules.min_wager, player=PLAYER, side=side)
            for n in range(1, boxes + 1)
        ],
        rules,
    )
    console = console or Console()
    game = _Game(
        rules, boxes, console, input_fn, random if random is not None else SecureRandom(), bankroll
    )
    try:
        console.print(rules_table(rules, boxes))
        sides = side_wagers_table(rules)
        if sides is not None:
            console.print(sides)
        console.print(
            f"You have {format_cents(bankroll)} in chips. Keys: "
            + ", ".join(f"{key}={action.value.replace('_', ' ')}" for key, action in KEYS.items())
            + "; ? shows help at any prompt, q leaves the table."
        )
        game.show_shoe_news()
        game.run()
    except (EOFError, KeyboardInterrupt, LeftTable) as reason:
        console.print()
        game.leave(reason)
    unfinished = " and 1 left unfinished" if game.unfinished else ""
    console.print(
        f"Goodbye: {game.rounds} round(s) played{unfinished}, chips {format_cents(game.bankroll)} "
        f"({signed(game.bankroll - bankroll)})."
    )
    return Sitting(rounds=game.rounds, unfinished=game.unfinished, chips=game.bankroll)
