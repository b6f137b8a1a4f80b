"""Play Blackjack round by round at the terminal (58 Pa. Code 633a) with rich.

One player, "you", wagers on `boxes` adjacent boxes (633a.6(f)). The engine (`Table`, `Round`)
decides everything: which actions are legal, every error message and every settlement. This
module only shows the table and asks for input; the chips move by what the round's events say.

The side wagers the house offers (633a.6(e)) are asked for with each Blackjack Wager and EZ Bust
(633b.16) after the deal; their paytables come with the house rules (`play_display`), the
progressive meters before each round, and each settlement names the paytable line it won.

>>> from tablegames.blackjack.events import WagerPlaced, WagerSettled
>>> round_net([
...     WagerPlaced(box=1, hand=0, wager="blackjack", amount=2500, paragraph="633a.6(d)"),
...     WagerSettled(box=1, hand=0, wager="blackjack", stake=2500, returned=6250,
...                  outcome="blackjack", paragraph="633a.7(p)(3)"),
... ])
3750
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import Event, HoleCardRevealed, WagerPlaced, WagerSettled
from tablegames.blackjack.hand import is_blackjack, points
from tablegames.blackjack.round import Round
from tablegames.blackjack.state import HandState, HandStatus, initial_hands
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import (
    SWITCH_HANDS_ANTE,
    BoxWager,
    validate_amount,
    validate_box_wagers,
    validate_side_wager,
)
from tablegames.cards import Card
from tablegames.errors import IllegalActionError, TableGamesError, WagerError
from tablegames.money import format_cents
from tablegames.play_display import (
    SIDE_NAMES,
    line_text,
    meters_text,
    rules_table,
    side_wagers_table,
    wager_label,
)
from tablegames.rng import RandomSource, SecureRandom
from tablegames.rules import Rules

PLAYER = "you"
# h=hit s=stand d=double p=split r=surrender i=insurance e=even money n=decline b=EZ Bust
# w=switch k=keep (Action order)
KEYS: dict[str, Action] = dict(zip("hsdprienbwk", Action, strict=True))
_KEY_OF = {action: key for key, action in KEYS.items()}
_SUITS = {"S": ("♠", "bold"), "H": ("♥", "bold red"), "D": ("♦", "bold red"), "C": ("♣", "bold")}
# Shoe steps worth telling the player about; cut, cover card placement and burns stay quiet.
_SHOE_NEWS = {
    "shuffle": "the cards are shuffled",
    "reshuffle_mid_round": "the shoe ran out: the discard rack is reshuffled",
    "cover_card_reached": "the cover card is out: the shoe is reshuffled after this round",
    "batch_swapped": "the shuffler's batches are swapped",
}


def round_net(events: Sequence[Event]) -> int:
    """Cents the player won (positive) or lost in a round so far (all of it once complete).

    Every wager placed (Blackjack, double, split, insurance, side wagers, EZ Bust) is a
    WagerPlaced event and every settlement a WagerSettled whose `returned` includes the stake, so
    the net is what came back minus what went out.
    """
    returned = sum(event.returned for event in events if isinstance(event, WagerSettled))
    placed = sum(event.amount for event in events if isinstance(event, WagerPlaced))
    return returned - placed


def parse_dollars(text: str) -> int:
    """'25', '$25', '12.50', '-$1,000' -> cents; ValueError for anything else.

    >>> parse_dollars("$1,000"), parse_dollars("12.5"), parse_dollars("-$20.00")
    (100000, 1250, -2000)
    """
    try:
        value = Decimal(text.strip().replace("$", "").replace(",", ""))
    except InvalidOperation:
        raise ValueError(f"{text!r} is not an amount in dollars") from None
    cents = value * 100
    if not cents.is_finite() or cents != cents.to_integral_value():
        raise ValueError(f"{text!r} is not a whole number of cents")
    return int(cents)


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
        self.rules, self.boxes, self.console, self.input_fn = rules, boxes, console, input_fn
        self.table = Table(rules, random=random)
        self.bankroll = bankroll
        self.last_wagers = [rules.min_wager] * boxes
        # 633a.6(e): the side wagers placed with the Blackjack Wager (EZ Bust comes after the
        # deal, 633b.16(c)); each box remembers its last amount on each, none at first.
        self.side_names = [name for name in rules.side_wagers.offered() if name != "ez_bust"]
        self.last_side: list[dict[str, int]] = [{} for _ in range(boxes)]
        self._shoe_seen = 0
        self._events_seen = 0
        self.rounds = 0
        self.current: Round | None = None

    # --- input -------------------------------------------------------------------------------

    def ask(self, prompt: str) -> str:
        """One answer from `input_fn(prompt)`; EOFError propagates and ends the game."""
        answer = self.input_fn(prompt)
        if self.input_fn is not input:  # a scripted input shows nothing: echo the exchange
            self.console.print(Text(prompt + answer, style="dim"))
        return answer.strip()

    def error(self, message: str) -> None:
        self.console.print(Text(f"  ✗ {message}", style="red"))

    # --- the game ----------------------------------------------------------------------------

    def run(self) -> None:
        while self.bankroll >= self.rules.min_wager:
            self.console.rule(f"Round {self.rounds + 1} · chips {format_cents(self.bankroll)}")
            meters = meters_text(self.rules, self.table.meters)
            if meters is not None:
                self.console.print(meters)
            wagers = self.ask_wagers()
            if wagers is None:
                return
            game = self.current = self.table.deal(wagers)
            self._events_seen = 0
            self.show_shoe_news()
            self.show_selections(game)
            while game.turn is not None:
                self.show_layout(game)
                self.show_side_settlements(game)
                self.decide(game)
            self.show_result(game)
            self.rounds += 1
            self.show_shoe_news()
        self.console.print(
            f"Your chips ({format_cents(self.bankroll)}) are below the table minimum "
            f"{format_cents(self.rules.min_wager)}."
        )

    def ask_wagers(self) -> list[BoxWager] | None:
        """633a.6(c)-(f): a Blackjack Wager on each of the player's boxes, each followed by the
        side wagers the house offers (633a.6(e)); None on 'q'."""
        wagers: list[BoxWager] = []
        hands = initial_hands(self.rules)  # 633a.12(a)(1): two equal wagers at Blackjack Switch
        for number in range(1, self.boxes + 1):
            free = self.bankroll - sum(w.amount * hands + sum(w.side.values()) for w in wagers)
            default = self.last_wagers[number - 1]
            while True:
                answer = self.ask(f"Box {number} wager [{format_cents(default)}] (q quits): ")
                if answer.lower() == "q":
                    return None
                try:
                    amount = parse_dollars(answer) if answer else default
                    validate_amount(amount, self.rules, what=f"the Blackjack Wager on box {number}")
                except (ValueError, WagerError) as problem:
                    self.error(str(problem))
                    continue
                if amount * hands > free:
                    self.error(f"you have {format_cents(free)} in chips for this box")
                    continue
                break
            self.last_wagers[number - 1] = amount
            side = self.ask_side_wagers(number, free - amount * hands)
            if side is None:
                return None
            ante = self.ask_ante(number, amount)
            if ante is None:
                return None
            if ante:
                side[SWITCH_HANDS_ANTE] = ante
            wagers.append(BoxWager(box=number, amount=amount, player=PLAYER, side=side))
        return wagers

    def ask_ante(self, number: int, amount: int) -> int | None:
        """633c.4(c): $1 of ante for every $5 wagered at Switch Hands; a Blackjack premium
        table makes it optional (633c.4(k)-(l)). 0 when there is none; None on 'q'."""
        if self.rules.variant != "switch_hands":
            return 0
        ante = amount // 500 * 100
        if not self.rules.blackjack_premium:
            self.console.print(f"Box {number} switch hands ante {format_cents(ante)} (633c.4(c))")
            return ante
        answer = self.ask(f"Box {number} switch hands ante {format_cents(ante)}? [y/N] ").lower()
        if answer == "q":
            return None
        return ante if answer.startswith("y") else 0

    def ask_side_wagers(self, number: int, free: int) -> dict[str, int] | None:
        """633a.6(e): an amount on each side wager offered; empty repeats the box's last amount,
        0 or '-' places none. The engine checks each against its limits; None on 'q'."""
        side: dict[str, int] = {}
        last = self.last_side[number - 1]
        for name in self.side_names:
            default = format_cents(last[name]) if name in last else "none"
            while True:
                answer = self.ask(f"Box {number} {SIDE_NAMES[name]} wager [{default}] (0 none): ")
                if answer.lower() == "q":
                    return None
                try:
                    if not answer:
                        amount = last.get(name, 0)
                    else:
                        amount = 0 if answer == "-" else parse_dollars(answer)
                    if amount:
                        validate_side_wager(name, amount, self.rules, box=number)
                except (ValueError, WagerError) as problem:
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
        choices = "  ".join(
            f"[{_KEY_OF[a]}] {a.value.replace('_', ' ')}" for a in game.legal_actions()
        )
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
        while True:
            answer = self.ask(f"{label}: {choices} > ").lower()
            key, _, rest = answer.partition(" ")
            action = KEYS.get(key)
            if action is None:
                self.error(f"unknown choice {answer!r}: type one of the keys in brackets")
                continue
            try:
                amount = parse_dollars(rest) if rest else None
                if action is Action.INSURANCE and amount is None:
                    amount = self.ask_insurance(game)
                if action is Action.EZ_BUST and amount is None:
                    amount = initial  # 633b.16(d): the most, the initial Blackjack Wager
                game.verify(action, amount)  # the engine's reason, naming the paragraph
            except (ValueError, IllegalActionError) as problem:
                self.error(str(problem))
                continue
            stake = game.box(turn.box).hands[turn.hand].stake
            # Chips the decision adds: a double up to the wager (633a.10(a)), a split wager equal
            # to it (633a.11(a)), the insurance (633a.8(b)) or EZ Bust amount (633b.16(d)).
            cost = {Action.DOUBLE: amount or stake, Action.SPLIT: stake}.get(action, amount or 0)
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
        answer = self.ask(f"  insurance amount [{format_cents(most)}]: ")
        return parse_dollars(answer) if answer else most

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

    def show_result(self, game: Round) -> None:
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
        net = round_net(game.events)
        self.bankroll += net
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


def round_committed(events: Sequence[Event]) -> int:
    """Cents placed so far in a round and not yet settled (what is on the layout)."""
    placed = sum(event.amount for event in events if isinstance(event, WagerPlaced))
    settled = sum(event.stake for event in events if isinstance(event, WagerSettled))
    return placed - settled


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
) -> None:
    """Play until the player quits, the input ends or the chips fall below the table minimum.

    Live play shuffles with the OS CSPRNG; pass a seeded `random` only for tests and demos.
    """
    console = console or Console()
    try:
        # 633a.6(f): the engine checks the house allows one player this many adjacent boxes.
        validate_box_wagers(
            [BoxWager(box=n, amount=rules.min_wager, player=PLAYER) for n in range(1, boxes + 1)],
            rules,
        )
    except TableGamesError as problem:
        console.print(Text(f"error: {problem}", style="red"))
        return
    console.print(rules_table(rules, boxes))
    sides = side_wagers_table(rules)
    if sides is not None:
        console.print(sides)
    game = _Game(
        rules, boxes, console, input_fn, random if random is not None else SecureRandom(), bankroll
    )
    console.print(
        f"You have {format_cents(bankroll)} in chips. Keys: "
        + ", ".join(f"{key}={action.value.replace('_', ' ')}" for key, action in KEYS.items())
    )
    game.show_shoe_news()
    try:
        game.run()
    except (EOFError, KeyboardInterrupt):
        console.print()
        if game.current is not None and not game.current.is_complete:
            console.print("Input ended mid-round: that round is not settled or counted.")
    console.print(
        f"Goodbye: {game.rounds} round(s) played, chips {format_cents(game.bankroll)} "
        f"({signed(game.bankroll - bankroll)})."
    )
