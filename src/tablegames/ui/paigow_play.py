"""Pai Gow Poker at the terminal (645a, 645c.1) with rich: wager, see seven cards, set them.

One player, "you", at seat 1. Each round: the main wager (or, when the rules and the bank's
history allow, `bank AMOUNT` / `cobank AMOUNT`), then each optional wager the rules offer
(Fortune, the progressive, Tiger 9); the seven cards, highest first; the setting, by naming the
two low-hand cards (`KD 3H`) or `h` for the house way; then the dealer's hand set by the house
way, both settings, each wager's result, commission and net, and the chips. The engine
(`tablegames.paigow`, driven only through the table protocol: `open_betting`, `Betting.place`,
`start_round`, `GameRound.apply`) decides every refusal and settlement; this module shows the
table, asks, and counts the chips from what the events say.

Leaving is fair both ways: `q`, the end of the input or Ctrl-C ends the session. Before no more
bets nothing is on the layout. After it the wagers cannot be withdrawn (670a.7(c) pattern), so
a hand not yet set is set by the house way, as the table does when time runs out
(`on_timeout`), and the round is settled. The chips at the end are the bankroll plus every
settled net, to the cent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from rich.console import Console
from rich.text import Text

from tablegames.core.errors import TableGamesError
from tablegames.core.events import Event
from tablegames.core.inputs import InputError, parse_dollars
from tablegames.core.money import format_cents
from tablegames.core.rng import RandomSource, SecureRandom
from tablegames.core.table import Command, Offer
from tablegames.paigow.events import WagerPlaced, WagerSettled
from tablegames.paigow.game import GAME
from tablegames.paigow.round import HOUSE_WAY, SET, PaiGowRound
from tablegames.paigow.rules import PaiGowRules, load_pai_gow_rules, placeholder_warnings
from tablegames.paigow.table import PaiGowGameTable
from tablegames.ui.paigow_display import (
    WAGER_LABELS,
    card_text,
    dealt_to,
    settings_shown,
    settlement_table,
    signed,
)
from tablegames.ui.play_input import Help, LeftTable, Prompter, how_left, quoted

PLAYER: Final = "you"
SEAT: Final = 1
MAIN, BANK, CO_BANK = "pai_gow", "bank", "co_bank"
# What a player types for each primary wager: the amount alone is the main wager.
PRIMARY_WORDS: Final = {"bank": BANK, "cobank": CO_BANK, "co_bank": CO_BANK}
SET_PROMPT: Final = "Set your hand: the two low cards, e.g. 'KD 3H', or h for the house way: "
_SET_HELP: Final = Help(
    "Set your seven cards as a five-card high hand and a two-card low hand; the high hand must "
    "rank at least as high as the low hand",
    keys=(
        ("KD 3H", "the two cards of your low hand (the other five are the high hand)"),
        ("h", "the dealer sets your hand by the house way"),
    ),
)


def chips_in_hand(bankroll: int, events: Sequence[Event]) -> int:
    """The chips not on the layout: the bankroll less every wager placed, plus everything
    the settled wagers returned (stakes included)."""
    placed = sum(e.amount for e in events if isinstance(e, WagerPlaced) and e.player == PLAYER)
    back = sum(e.returned for e in events if isinstance(e, WagerSettled) and e.player == PLAYER)
    return bankroll - placed + back


def positive_dollars(text: str) -> int:
    """An amount typed in dollars, in cents; a negative or zero one is refused in the player's
    terms (the betting window would name it in cents)."""
    cents = parse_dollars(text)
    if cents <= 0:
        raise InputError(f"a wager is an amount above $0, not {quoted(text.strip())}")
    return cents


def _amount_help(offers: Sequence[Offer]) -> Help:
    keys = [("AMOUNT", "your main wager against the banker, e.g. 25; Enter repeats the last")]
    names = {offer.action for offer in offers}
    if BANK in names:
        keys.append(("bank AMOUNT", "bank the round (when the rules and your last rounds allow)"))
    if CO_BANK in names:
        keys.append(("cobank AMOUNT", "co-bank the round with the dealer"))
    return Help("Your wager for the next round", keys=tuple(keys), amounts=())


class _Session:
    def __init__(
        self, rules: PaiGowRules, console: Console, input_fn: Callable[[str], str],
        random: RandomSource, bankroll: int,
    ) -> None:  # fmt: skip
        self.rules, self.console = rules, console
        self.prompter = Prompter(console, input_fn)
        self.table: PaiGowGameTable = GAME.open_table(rules, random=random)
        self.bankroll = bankroll
        self.rounds = 0
        self.last_main: int | None = None

    @property
    def chips(self) -> int:
        """In hand, from the table's own log: never counted twice or lost, however the
        session ends."""
        return chips_in_hand(self.bankroll, self.table.events)

    def run(self) -> None:
        while self.chips >= self.rules.min_wager:
            self.console.rule(f"Round {self.rounds + 1} · chips {format_cents(self.chips)}")
            betting = self.table.open_betting()
            betting.place(self.take_bet(betting.offers(SEAT), betting.refusal))
            self.play(self.table.start_round(betting))
        self.console.print(
            f"Your chips ({format_cents(self.chips)}) are below the table minimum "
            f"({format_cents(self.rules.min_wager)})."
        )

    # -- wagers -----------------------------------------------------------------------------

    def take_bet(
        self, offers: Sequence[Offer], refusal: Callable[[Command], str | None]
    ) -> Command:
        """The seat's primary wager, then each optional wager offered, each checked by the
        betting window as it is given (re-asked on a refusal); nothing is placed until all are
        given, so leaving here leaves nothing on the layout."""
        bet = self._primary(offers, refusal)
        for offer in offers:
            if offer.action in (MAIN, BANK, CO_BANK):
                continue
            bet = self._optional(bet, offer, refusal)
        return bet

    def _checked(self, bet: Command, refusal: Callable[[Command], str | None]) -> bool:
        reason = refusal(bet)
        if reason is None:
            staked = bet.amount or 0
            staked += sum(int(v) for v in bet.args.get("side", {}).values())
            if staked <= self.chips:
                return True
            reason = f"you have {format_cents(self.chips)} in chips"
        self.prompter.error(reason)
        return False

    def _primary(
        self, offers: Sequence[Offer], refusal: Callable[[Command], str | None]
    ) -> Command:
        main = next(offer for offer in offers if offer.action == MAIN)
        limits = f"{format_cents(main.low or 0)}-{format_cents(main.high or 0)}"
        repeat = "" if self.last_main is None else f"Enter repeats {format_cents(self.last_main)}, "
        prompt = f"Main wager {limits} ({repeat}? help, q quits): "
        while True:
            answer = self.prompter.ask(prompt, _amount_help(offers))
            word, _, rest = answer.partition(" ")
            action = PRIMARY_WORDS.get(word.lower())
            try:
                if action is None:
                    action, rest = MAIN, answer
                if not rest.strip():
                    if action != MAIN or self.last_main is None:
                        raise InputError("give an amount, e.g. 25 (? shows what this takes)")
                    amount = self.last_main
                else:
                    amount = positive_dollars(rest)
            except TableGamesError as problem:
                self.prompter.error(str(problem))
                continue
            bet = Command(player=PLAYER, spot=SEAT, action=action, amount=amount)
            if self._checked(bet, refusal):
                if action == MAIN:
                    self.last_main = amount
                return bet

    def _optional(
        self, bet: Command, offer: Offer, refusal: Callable[[Command], str | None]
    ) -> Command:
        label = WAGER_LABELS.get(offer.action, offer.action)
        fixed = offer.low is not None and offer.low == offer.high
        if fixed:
            prompt = f"{label} {format_cents(offer.low or 0)}? y, or Enter for none: "
        else:
            limits = f"{format_cents(offer.low or 0)}-{format_cents(offer.high or 0)}"
            prompt = f"{label} {limits}: AMOUNT, or Enter for none: "
        helped = Help(f"The optional {label} wager ({offer.paragraph})", amounts=())
        while True:
            answer = self.prompter.ask(prompt, helped)
            if not answer:
                return bet
            try:
                if fixed:
                    if answer.lower() not in ("y", "yes"):
                        raise InputError(f"y or Enter, not {quoted(answer)}")
                    amount = offer.low or 0
                else:
                    amount = positive_dollars(answer)
            except TableGamesError as problem:
                self.prompter.error(str(problem))
                continue
            side = {**bet.args.get("side", {}), offer.action: amount}
            riding = Command(
                player=PLAYER, spot=SEAT, action=bet.action, amount=bet.amount, args={"side": side}
            )
            if self._checked(riding, refusal):
                return riding

    # -- the round --------------------------------------------------------------------------

    def play(self, round_: PaiGowRound) -> None:
        self.rounds += 1
        text = Text("Your seven cards: ", style="bold").append_text(
            card_text(dealt_to(round_.events, SEAT))
        )
        self.console.print(text)
        while any(turn.player == PLAYER for turn in round_.awaiting):
            command = self.ask_setting()
            reason = "" if command is None else round_.refusal(command)
            if command is None or reason:
                if reason:
                    self.prompter.error(reason)
                continue
            round_.apply(command)
        self.show(round_.events, round_.number)

    def ask_setting(self) -> Command | None:
        """The setting asked for, or None (the error shown) when the answer names no two
        cards; which cards, and whether they make a legal setting, the round decides."""
        answer = self.prompter.ask(SET_PROMPT, _SET_HELP)
        if answer.lower() in ("h", "house", "house_way"):
            return Command(player=PLAYER, spot=SEAT, action=HOUSE_WAY)
        cards = answer.replace(",", " ").upper().split()
        if len(cards) != 2:
            # Asked in the player's terms: the engine's word would be 'a hand holds 2 cards'.
            self.prompter.error(
                f"name the two cards of your low hand, e.g. 'KD 3H', or h, not {quoted(answer)}"
            )
            return None
        return Command(player=PLAYER, spot=SEAT, action=SET, args={"low": cards})

    def show(self, events: Sequence[Event], number: int) -> None:
        for line in settings_shown(events, SEAT, self.rules):
            self.console.print(line)
        self.console.print(settlement_table(events, PLAYER, number))
        settled = [e for e in events if isinstance(e, WagerSettled) and e.player == PLAYER]
        net = sum(e.returned - e.stake for e in settled)
        commission = sum(e.commission for e in settled)
        self.console.print(
            f"Round net {signed(net)} · commission {format_cents(commission)} · "
            f"chips {format_cents(self.chips)}"
        )

    def leave(self, reason: BaseException) -> None:
        """After no more bets the wagers stand: a hand not set is set by the house way and the
        round settled (the table's own action when time runs out)."""
        how = how_left(reason)
        round_ = self.table.current
        if round_ is None or round_.is_complete:
            self.console.print(f"{how.capitalize()}; no wager was on the layout.")
            return
        self.console.print(
            f"{how.capitalize()}: the round is under way and its wagers stand; your hand is set "
            "by the house way and the round settled."
        )
        for turn in round_.awaiting:
            round_.apply(round_.on_timeout(turn))
        self.show(round_.events, self.table.round_number)


def play_session(
    rules: PaiGowRules,
    *,
    console: Console | None = None,
    input_fn: Callable[[str], str] = input,
    random: RandomSource | None = None,
    bankroll: int = 100_000,
) -> int:
    """Play until the player quits, the input ends or the chips fall below the table minimum;
    return the chips at the end. Live play shuffles with the OS CSPRNG; pass a seeded `random`
    only for tests and demonstrations."""
    console = console or Console()
    session = _Session(
        rules, console, input_fn, random if random is not None else SecureRandom(), bankroll
    )
    try:
        for warning in placeholder_warnings(rules):
            console.print(Text(f"non-PA {warning}", style="yellow"))
        kind = (
            "commission-free (645c.1)"
            if rules.commission_free
            else (f"{rules.commission_percent}% commission on a win")
        )
        console.print(
            f"Pai Gow Poker, {kind}, house way {rules.house_way}. You have "
            f"{format_cents(bankroll)} in chips. Wager, see your seven cards, set them; "
            "? shows help, q leaves the table."
        )
        session.run()
    except (EOFError, KeyboardInterrupt, LeftTable) as reason:
        console.print()
        session.leave(reason)
    final = session.chips
    console.print(
        f"Goodbye: {session.rounds} round(s), chips {format_cents(final)} "
        f"({signed(final - bankroll)})."
    )
    return final


def play_pai_gow(
    preset: str | None,
    rules: Path | None,
    *,
    input_fn: Callable[[str], str] = input,
    console: Console | None = None,
) -> None:
    """`tablegames play pai_gow [--preset NAME] [--rules FILE]`: bad rules raise (RulesError,
    one error line and exit 2 from the CLI) before anything is shown. No seed: live play's
    randomness is the CSPRNG."""
    house = load_pai_gow_rules(preset, rules)
    refused = GAME.live_findings(house)
    if refused:
        raise TableGamesError("; ".join(str(finding) for finding in refused))
    play_session(house, console=console, input_fn=input_fn)
