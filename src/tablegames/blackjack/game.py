"""Blackjack on the table protocol (`tablegames.core.table`): what a server drives.

- `BlackjackBetting`: the betting window (`BettingWindow`). A bet is a command whose action is
  "blackjack", whose `spot` is the box, `amount` the Blackjack Wager in cents and `args` may
  hold `{"side": {name: cents}}` (side wagers and the Switch Hands ante, 633a.6(e), 633c.4(c)).
  Each bet is checked as it arrives and may be withdrawn by its player until the window closes.
- `BlackjackRound`: the round's decisions. `awaiting` is the one pending turn (Blackjack asks
  box by box); `offers(spot)` the legal actions with their amount bounds and paragraphs;
  `refusal` the reason a command may not be taken (its player, box, hand or the rules);
  `apply` takes it and returns the new events of the table's stream (the round's events and
  any shoe steps they caused); `on_timeout` the house rule's default (`TIMEOUT_ACTIONS`).
- `BlackjackTable`: a `Table` and its stream (`events`), sealed orders (`sealed`) and the round
  in progress (`current`); in test mode `stack({"cards": [...]})` sets the next round's cards.

>>> from tablegames.core.rng import SeededRandom
>>> from tablegames.core.table import Command
>>> table = GAME.open_table(GAME.rules_from_mapping({}), random=SeededRandom.from_seed(4))
>>> betting = table.open_betting()
>>> betting.place(Command(player="ann", spot=1, action="blackjack", amount=2500))
>>> round_ = table.start_round(betting)
>>> while not round_.is_complete:
...     _ = round_.apply(round_.on_timeout(round_.awaiting[0]))
>>> table.events[-1].kind
'round_completed'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.betting import BettingWindow
from tablegames.blackjack.decisions import decision_paragraph
from tablegames.blackjack.events import BLACKJACK_SIGHT, BlackjackSight, Event, event_from_json
from tablegames.blackjack.layout import BLACKJACK_WAGER as BLACKJACK_WAGER  # a bet's action
from tablegames.blackjack.layout import table_layout
from tablegames.blackjack.replay import replay_checked
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, preset_names, rules_from_mapping
from tablegames.blackjack.table import Table
from tablegames.blackjack.variation import variation_of
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE, BoxWager
from tablegames.core.cards import Card
from tablegames.core.errors import (
    CardError,
    IllegalActionError,
    ScenarioError,
    ShoeError,
    TableGamesError,
    WagerError,
)
from tablegames.core.events import stamped
from tablegames.core.rng import RandomSource, SecureRandom
from tablegames.core.rulesfile import Finding
from tablegames.core.table import Betting, Command, Offer, Pending

# The house rule for a decision not made in time: the choice that puts nothing more at risk.
# Stand on a hand (633a.7(i)(2)); decline insurance and even money (633a.8(a)) and EZ Bust
# (633b.16(c)); keep the dealt cards at Blackjack Switch (633a.12(a)(4)) and Switch Hands
# (633c.4(f)(1)).
TIMEOUT_ACTIONS: Final[Mapping[str, Action]] = {
    "play": Action.STAND,
    "insurance": Action.DECLINE,
    "ez_bust": Action.DECLINE,
    "switch": Action.KEEP,
    "switch_hands": Action.KEEP,
}

_AMOUNT_ACTIONS = frozenset({Action.DOUBLE, Action.INSURANCE, Action.EZ_BUST})
# A floorperson's orders a Blackjack table takes between rounds (BlackjackTable.order).
FLOOR_ORDERS: Final = ("reshuffle", "change_dealer", "permit_wagering")
# 633a.5(b): what the player offered the cut may do between rounds (house rule player_cut).
CUT: Final = "cut"
DECLINE_CUT: Final = "decline_cut"


class BlackjackBetting:
    """The bets of the next round, one command at a time (633a.6(c), 633a.6(f), 633c.4(b))."""

    def __init__(self, rules: Rules, *, may_wager: Callable[[str], None] | None = None) -> None:
        self.window = BettingWindow(rules)
        # The table's check that the player is not barred from wagering (633a.6(b)).
        self._may_wager = may_wager

    @property
    def is_open(self) -> bool:
        return self.window.is_open

    def offers(self, spot: int) -> tuple[Offer, ...]:
        """What may be bet on box `spot` while the window is open: the Blackjack Wager within
        the table limits (633a.6(d)), at a Switch Hands table the ante (633c.4(c)), and each side
        wager the house offers (633a.6(e)) within its own limits; the ante and the side wagers
        are placed as `args["side"][name]` on the Blackjack Wager's command. EZ Bust is listed
        without amount bounds: it is offered after the deal (633b.16(c)), not in this window."""
        rules = self.window.rules
        if not self.is_open or not 1 <= spot <= rules.boxes:
            return ()
        main = Offer(
            action=BLACKJACK_WAGER,
            hand=0,
            paragraph="633a.6(d)",
            low=rules.min_wager,
            high=rules.max_wager,
        )
        sides = []
        for name in rules.side_wagers.offered():
            terms = getattr(rules.side_wagers, name)
            sides.append(
                Offer(
                    action=name,
                    hand=0,
                    paragraph="633a.6(e)",
                    low=getattr(terms, "min_wager", None),
                    high=getattr(terms, "max_wager", None),
                )
            )
        if variation_of(rules).takes_switch_hands_ante:
            # 633c.4(c): the Switch Hands ante, $1 for every $5 of the Blackjack Wager (its
            # amount is checked against the wager it rides on), optional at a premium table
            # (633c.4(k)-(l)). Its bounds are those of the table's wager limits.
            sides.append(
                Offer(
                    action=SWITCH_HANDS_ANTE,
                    hand=0,
                    paragraph="633c.4(c)",
                    low=max(100, rules.min_wager // 500 * 100),
                    high=rules.max_wager // 500 * 100,
                )
            )
        return (main, *sides)

    def refusal(self, bet: Command) -> str | None:
        """Why `bet` may not be placed now, or None."""
        try:
            self._check(bet)
            trial = BettingWindow(self.window.rules)
            for placed in self.window.bets:
                trial.place(placed)
            trial.place(_box_wager(bet))
        except TableGamesError as error:
            return str(error)
        return None

    def place(self, bet: Command) -> None:
        """Place `bet`; refused (WagerError with the paragraph), nothing changes."""
        self._check(bet)
        self.window.place(_box_wager(bet))

    def withdraw(self, player: str, spot: int) -> None:
        """Take back `player`'s bet on box `spot` before the deal (633a.6(c))."""
        bet = next((bet for bet in self.window.bets if bet.box == spot), None)
        if bet is not None and bet.player != player:
            raise WagerError(f"the bet on box {spot} is {bet.player}'s, not {player}'s")
        self.window.withdraw(spot)

    def _check(self, bet: Command) -> None:
        if self._may_wager is not None:
            self._may_wager(bet.player)  # 633a.6(b)
        if bet.action != BLACKJACK_WAGER:
            raise WagerError(
                f"a bet's action is {BLACKJACK_WAGER!r} (the Blackjack Wager, with any side "
                f"wagers in args['side']), not {bet.action!r}",
                paragraph="633a.6(d)",
            )
        if bet.amount is None:
            raise WagerError("a Blackjack Wager needs an amount in cents", paragraph="633a.6(d)")
        unknown = sorted(set(bet.args) - {"side"})
        if unknown:
            raise WagerError(f"a bet has no argument {unknown[0]!r}: only 'side'")
        side = bet.args.get("side", {})
        if not isinstance(side, Mapping) or not all(
            isinstance(name, str) and isinstance(stake, int) and not isinstance(stake, bool)
            for name, stake in side.items()
        ):
            raise WagerError("args['side'] maps side wager names to cents")


def _box_wager(bet: Command) -> BoxWager:
    side = bet.args.get("side", {})
    return BoxWager(box=bet.spot, amount=int(bet.amount or 0), player=bet.player, side=dict(side))


class BlackjackRound:
    """One round on the protocol; `game` is the engine's `Round`."""

    def __init__(self, table: BlackjackTable, game: Round) -> None:
        self._table = table
        self.game = game

    @property
    def events(self) -> Sequence[Event]:
        """The round's own events (the table's stream also holds the shoe's steps)."""
        return tuple(self.game.events)

    @property
    def is_complete(self) -> bool:
        return self.game.is_complete

    @property
    def awaiting(self) -> tuple[Pending, ...]:
        turn = self.game.turn
        if turn is None:
            return ()
        player = self.game.box(turn.box).wager.player
        return (Pending(player=player, spot=turn.box, hand=turn.hand, kind=turn.kind),)

    @property
    def dealer_awaits(self) -> str | None:
        """None: the table's own shoe deals."""
        return None

    def offers(self, spot: int) -> tuple[Offer, ...]:
        """The legal actions of box `spot` now, with amount bounds and paragraphs; none when it
        is not that box's turn."""
        turn = self.game.turn
        if turn is None or turn.box != spot:
            return ()
        return tuple(self._offer(turn, action) for action in self.game.legal_actions())

    def _offer(self, turn: Turn, action: Action) -> Offer:
        rules = self.game.rules
        low: int | None = None
        high: int | None = None
        hand = self.game.current_hand
        if action is Action.DOUBLE and hand is not None:
            low, high = rules.wager_unit, hand.stake  # 633a.10(a): up to the original wager
        elif action is Action.SPLIT and hand is not None:
            low = high = hand.stake  # 633a.11(a): a wager equal to the original
        elif action is Action.INSURANCE:
            low, high = rules.wager_unit, self.game.max_insurance()  # 633a.8(b)
        elif action is Action.EZ_BUST:
            # 633b.16(d): up to the initial Blackjack Wager.
            low, high = rules.wager_unit, self.game.box(turn.box).wager.amount
        return Offer(
            action=action.value,
            hand=turn.hand,
            paragraph=decision_paragraph(turn, action),
            low=low,
            high=high,
        )

    def refusal(self, command: Command) -> str | None:
        """Why `command` may not be taken now (whose turn, which hand, the rules), or None."""
        error = self._refusal(command)
        return None if error is None else str(error)

    def _refusal(self, command: Command) -> TableGamesError | None:
        turn = self.game.turn
        if turn is None:
            return IllegalActionError("the round is complete")
        owner = self.game.box(turn.box).wager.player
        if command.spot != turn.box or command.player != owner:
            return IllegalActionError(
                f"it is {owner}'s turn at box {turn.box} ({turn.kind}), not {command.player}'s "
                f"at box {command.spot}"
            )
        if command.hand != turn.hand:
            return IllegalActionError(
                f"box {turn.box} decides hand {turn.hand} now, not hand {command.hand}"
            )
        if command.args:
            return IllegalActionError(f"{command.action} takes no arguments")
        try:
            action = Action(command.action)
        except ValueError:
            names = ", ".join(action.value for action in Action)
            return IllegalActionError(f"unknown action {command.action!r}: one of {names}")
        amount = command.amount
        hand = self.game.current_hand
        if action is Action.SPLIT and hand is not None and amount not in (None, hand.stake):
            return IllegalActionError(
                f"a split hand's wager equals the original: {hand.stake} cents, not {amount}",
                paragraph="633a.11(a)",
            )
        if amount is not None and action not in _AMOUNT_ACTIONS | {Action.SPLIT}:
            return IllegalActionError(f"{action.value} takes no amount")
        try:
            self.game.verify(*_decision(command))
        except IllegalActionError as error:
            return error
        return None

    def stake_required(self, command: Command) -> int:
        """The cents the player's wallet must hold for `command` (raises its refusal)."""
        error = self._refusal(command)
        if error is not None:
            raise error
        return self.game.stake_required(*_decision(command))

    def apply(self, command: Command) -> tuple[Event, ...]:
        """Take `command`; the new events of the table's stream. Refused, nothing changes."""
        error = self._refusal(command)
        if error is not None:
            raise error
        # Counted and read from `before` on: building the table's whole stream here made every
        # decision as slow as the table is old.
        before = self._table.table.event_count
        self.game.act(*_decision(command))
        return tuple(self._table.table.events_after(before))

    def on_timeout(self, turn: Pending) -> Command:
        """The house rule's command for `turn` (TIMEOUT_ACTIONS); if that is not legal (a
        hand that cannot stand), the first legal action."""
        action = TIMEOUT_ACTIONS[turn.kind]
        legal = self.game.legal_actions() if self.game.turn is not None else []
        if legal and action not in legal:
            action = legal[0]
        return Command(player=turn.player, spot=turn.spot, hand=turn.hand, action=action.value)


def _decision(command: Command) -> tuple[Action, int | None]:
    """The engine's action and amount for a checked command: a split's amount, the fixed
    wager an offer shows (633a.11(a)), is not the engine's to take."""
    action = Action(command.action)
    return action, None if action is Action.SPLIT else command.amount


class BlackjackTable:
    """A `Table` on the protocol."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._round: BlackjackRound | None = None

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self.table.events)

    def events_after(self, count: int) -> list[Event]:
        return self.table.events_after(count)

    @property
    def sealed(self) -> tuple[Mapping[str, Any], ...]:
        return tuple(self.table.sealed)

    @property
    def meters(self) -> dict[str, int]:
        """The progressive meters now (633a.13(j)(2), 633a.13(l)(2))."""
        return self.table.meters

    @property
    def current(self) -> BlackjackRound | None:
        game = self.table.current
        if game is None:
            return None
        if self._round is None or self._round.game is not game:
            self._round = BlackjackRound(self, game)
        return self._round

    def stack(self, outcomes: Mapping[str, Any]) -> None:
        """Test mode, between rounds: `{"cards": ["AS", "KH", ...]}`, the cards the next round
        deals, in dealing order, after the card it burns first where the variation burns before
        each round (633a.12(b)(5); `Table.stack`). A single shoe, a batch shuffler (the batch in
        the shoe) and a continuous shuffler (the cards in the device) stack; a double shoe
        refuses (633a.7(d)(1): its side is chosen as the round begins).

        Refused, nothing changes: another key or a value that is not a non-empty list of card
        codes (ScenarioError, CardError), a round in progress, more cards than are undealt or a
        card the undealt cards do not hold (ShoeError, 633a.3(a)).
        """
        cards = _stacked_cards(outcomes)
        if self.table.current is not None:
            raise ShoeError(
                f"cannot stack cards during a round: round {self.table.rounds_dealt} is open; "
                "stack between rounds"
            )
        self.table.stack(cards)

    def between_rounds_offers(self, spot: int, seated: Sequence[int]) -> tuple[Offer, ...]:
        """`cut` and `decline_cut` for the spot 633a.5(c) names while a shuffled stack waits
        for its cut (house rule `player_cut`); `low`-`high` bound `args.position`, the cards
        the cut puts above it (633a.5(d))."""
        if self.table.cut_offered(seated) != spot:
            return ()
        low, high = self.table.cut_bounds()
        return (
            Offer(action=CUT, hand=0, paragraph="633a.5(d)", low=low, high=high),
            Offer(action=DECLINE_CUT, hand=0, paragraph="633a.5(b)"),
        )

    def between_rounds(self, command: Command, seated: Sequence[int]) -> None:
        """`cut` with `{"position": N}` or `decline_cut` by the player offered the cut."""
        offered = {offer.action for offer in self.between_rounds_offers(command.spot, seated)}
        if command.action not in offered:
            whom = self.table.cut_offered(seated)
            why = (
                "no cut is waiting for a player"
                if whom is None
                else f"the cut is offered to box {whom}"
            )
            raise IllegalActionError(
                f"{command.action!r} is not open to box {command.spot}: {why}",
                paragraph="633a.5(c)",
            )
        if command.action == DECLINE_CUT:
            if command.args:
                raise IllegalActionError("decline_cut takes no args")
            self.table.decline_cut(command.spot)
            return
        if set(command.args) != {"position"}:
            raise IllegalActionError(
                'a cut gives its position: {"position": N}, the cards above the cut',
                paragraph="633a.5(d)",
            )
        position = command.args["position"]
        if isinstance(position, bool) or not isinstance(position, int):
            raise IllegalActionError(
                f"the cut's position is a whole number of cards, not {position!r}",
                paragraph="633a.5(d)",
            )
        self.table.cut(command.spot, position)

    @property
    def round_orders(self) -> frozenset[str]:
        """None: the table's own random source deals; its orders wait for the round's end."""
        return frozenset()

    def order(self, name: str, args: Mapping[str, Any]) -> None:
        """A floorperson's order between rounds (GameTable.order): `reshuffle` (633a.5(f)),
        `change_dealer` (633a.7(c): the new dealer burns a card), `permit_wagering` with
        `{"player": ID}` (633a.6(b)(1): a patron barred for sitting out a round wagers again)."""
        expected = {"permit_wagering": {"player"}}.get(name, set())
        if name not in FLOOR_ORDERS:
            raise TableGamesError(
                f"no floor order {name!r}: Blackjack's are {', '.join(FLOOR_ORDERS)}"
            )
        if set(args) != expected:
            wanted = ", ".join(sorted(expected)) or "none"
            raise TableGamesError(f"the order {name!r} takes these arguments: {wanted}")
        if self.table.current is not None:
            raise WagerError(f"a round is in progress: the order {name!r} is taken between rounds")
        if name == "reshuffle":
            self.table.reshuffle()
        elif name == "change_dealer":
            self.table.change_dealer()
        else:
            player = args["player"]
            if not isinstance(player, str) or not player:
                raise TableGamesError('permit_wagering names the player: {"player": ID}')
            self.table.permit(player)

    def open_betting(self) -> BlackjackBetting:
        if self.table.current is not None:
            raise WagerError("a round is in progress: betting opens when it is complete")
        return BlackjackBetting(self.table.rules, may_wager=self.table.check_may_wager)

    def start_round(self, betting: Betting) -> BlackjackRound:
        """Close the window and deal (633a.6(c), 633a.7(f))."""
        if not isinstance(betting, BlackjackBetting):
            raise WagerError("a Blackjack round starts from a Blackjack betting window")
        wagers = betting.window.close()
        game = self.table.deal(list(wagers))
        self._round = BlackjackRound(self, game)
        return self._round


def _stacked_cards(outcomes: Mapping[str, Any]) -> list[Card]:
    """The cards of a `stack` call, read strictly (ScenarioError or CardError naming what)."""
    if not isinstance(outcomes, Mapping):
        raise ScenarioError('a stacking is a JSON object such as {"cards": ["AS", "KH"]}')
    unknown = sorted(str(key) for key in outcomes if key != "cards")
    if unknown:
        raise ScenarioError(
            f"Blackjack stacks only 'cards' (the next round's cards), not {unknown[0]!r}"
        )
    texts = outcomes.get("cards")
    if not isinstance(texts, list | tuple) or not texts:
        raise ScenarioError(
            f"'cards' must be a non-empty list of card codes such as \"AS\", not {texts!r}"
        )
    cards = []
    for index, text in enumerate(texts):
        try:
            cards.append(Card.parse(text))
        except CardError as error:
            raise CardError(f"cards[{index}]: {error.message}") from error
    return cards


class BlackjackGame:
    """Blackjack in the games registry."""

    @property
    def id(self) -> str:
        return "blackjack"

    @property
    def title(self) -> str:
        return "Blackjack"

    @property
    def chapters(self) -> tuple[str, ...]:
        return ("633a", "633b", "633c")

    @property
    def cli_commands(self) -> tuple[str, ...]:
        return ("round", "rules", "strategy", "report", "simulate")

    @property
    def sight(self) -> BlackjackSight:
        """Who sees which card (the hole card, face-down and Switch Hands cards, burns)."""
        return BLACKJACK_SIGHT

    def presets(self) -> tuple[str, ...]:
        return tuple(preset_names())

    def rules_from_mapping(self, data: Mapping[str, Any]) -> Rules:
        return rules_from_mapping(data)

    def open_table(self, rules: Any, *, random: RandomSource) -> BlackjackTable:
        """A table with `rules` (Rules or a mapping of them) shuffled by `random` (live play:
        `SecureRandom`)."""
        chosen = rules if isinstance(rules, Rules) else self.rules_from_mapping(rules)
        return BlackjackTable(Table(chosen, random=random))

    def restore_table(
        self,
        events: Sequence[Mapping[str, Any]],
        sealed: Sequence[Mapping[str, Any]],
        *,
        random: RandomSource | None = None,
    ) -> BlackjackTable:
        """The table a stored stream and its sealed orders describe, at the point the stream
        stops (`Table.restore`); later shuffles draw from `random` (default the CSPRNG)."""
        source = random if random is not None else SecureRandom()
        return BlackjackTable(Table.restore(events, sealed, random=source))

    def decode_event(self, data: Mapping[str, Any]) -> Event:
        return event_from_json(dict(data))

    def live_findings(self, rules: Any) -> tuple[Finding, ...]:
        """The non-PA what-if options in force (`Rules.non_pa`: 633a.7(h), (m), 633a.9(a), ...):
        a live Pennsylvania table may not deal them."""
        chosen = rules if isinstance(rules, Rules) else self.rules_from_mapping(rules)
        return tuple(chosen.non_pa())

    def layout(self, rules: Any) -> dict[str, Any]:
        """What the felt of a table with `rules` must say (633a.2(b), 633c.4(a)): its areas,
        inscriptions and payout limit as JSON data (`blackjack.layout`)."""
        chosen = rules if isinstance(rules, Rules) else self.rules_from_mapping(rules)
        return table_layout(chosen).to_json()

    def replay(self, events: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
        """Every round of a stored stream (or one round's log) played again from its own cards
        and decisions (`blackjack.replay`); the rounds' events, checked against the log."""
        decoded = [self.decode_event(item) for item in events]
        # A seeded table's log replays to a seeded table's events (issue 16).
        return tuple(stamped(replay_checked(decoded), any(event.seeded for event in decoded)))


GAME: Final = BlackjackGame()
