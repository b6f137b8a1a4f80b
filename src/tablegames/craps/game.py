"""Craps with Power Odds on the table protocol (`tablegames.core.table`): what a server drives.

At craps a round is one roll. The betting window (`CrapsBetting`) takes wagers one at a time,
each a command whose action names the wager (`Command(action="hard_8", amount=500)`), checked as
it arrives against the eligible wagers of 623b.5(d), the house limits and the chip; a wager may
be taken down (`withdraw(player, wager_id)`) while the window is open where the house rules let it
(623a.4, referred to by 623b.5(c): `CrapsRules.one_roll_removable`, `hardways_removable`).
Closing the window (`start_round`) closes wagers and shows the Power Odds selection (623b.5(c));
the round's only pending turn is then the roll, thrown by the house (the RNG dice), and
`apply(Command(action="roll"))` throws and settles it. A hardway that stays up is on the layout
for the next window.

The layout is shared, so a placement's `spot` is not used (0 by convention); the `spot` of a
withdrawal (`Command(action="withdraw", spot=WAGER_ID)`, or `Betting.withdraw(player, spot)`) is
the id of the wager to take down, as its `wager_placed` event gives it.

Each roll logs the wagers standing as the dice are thrown (`wagers_standing`), so a roll replays
alone (`replay_roll`). A table cut off after any event is restored from its events
(`restore_table`: the log's dice and selections are the record) and plays on from fresh dice.

In test mode the next rolls' dice can be stacked (`CrapsGameTable.stack({"dice": [[3, 4]]})`):
the stream gets `dice_stacked` (how many, never which) and `sealed`, otherwise empty, a record
of the dice, which a restore reads to throw the stacked rolls the log does not hold yet.

>>> from tablegames.core.rng import SeededRandom
>>> from tablegames.core.table import Command
>>> table = GAME.open_table(GAME.rules_from_mapping({}), random=SeededRandom.from_seed(1))
>>> betting = table.open_betting()
>>> betting.place(Command(player="ann", spot=0, action="hard_8", amount=500))
>>> betting.refusal(Command(player="ann", spot=0, action="hop_1_1", amount=500))[:30]
"'hop_1_1' is not a wager eligi"
>>> round_ = table.start_round(betting)
>>> [(turn.kind, turn.player) for turn in round_.awaiting]
[('roll', 'house')]
>>> [event.kind for event in round_.apply(round_.on_timeout(round_.awaiting[0]))][:2]
['wagers_standing', 'dice_rolled']
>>> round_.is_complete
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tablegames.core.errors import IllegalActionError, ScenarioError, TableGamesError, WagerError
from tablegames.core.events import stamped
from tablegames.core.rng import RandomSource, SecureRandom
from tablegames.core.rulesfile import Finding
from tablegames.core.seal import new_salt
from tablegames.core.table import Betting, Command, Offer, Pending
from tablegames.core.views import DealtCard, Holder, JsonEvent
from tablegames.craps.dice import DiceSource, RandomDice, Roll
from tablegames.craps.events import Event, TableOpened, WagerSettled, event_from_json
from tablegames.craps.layout import table_layout
from tablegames.craps.replay import replay, replay_roll
from tablegames.craps.rules import PRESETS, CrapsRules, craps_rules_from_mapping
from tablegames.craps.selection import RandomSelector, Selector
from tablegames.craps.table import STACKED_KIND, CrapsTable
from tablegames.craps.wagers import BETS

SHOOTER: Final = "house"  # the dice are the house's random number generator's
ROLL: Final = "roll"
WITHDRAW: Final = "withdraw"


class CrapsSight:
    """Craps has no cards: the dice and every wager are on the layout for everyone to see, so
    its log seats nobody, deals nothing and conceals nothing (`core.views.redact` returns it
    unchanged for every viewer)."""

    def seated(self, event: JsonEvent) -> Mapping[int, str] | None:
        return None

    def dealt(self, event: JsonEvent) -> DealtCard | None:
        return None

    def revealed(self, event: JsonEvent) -> tuple[Holder, ...]:
        return ()

    def discarded(self, event: JsonEvent) -> tuple[Holder, ...]:
        return ()

    def blanked(self, event: JsonEvent, concealed: object) -> JsonEvent:
        return event


CRAPS_SIGHT: Final = CrapsSight()


class CrapsBetting:
    """The wagers of one roll, taken one at a time until the window closes (623b.5(c))."""

    def __init__(self, table: CrapsGameTable) -> None:
        self._table = table
        self._roll = table.craps.roll_number
        self._closed = False

    @property
    def is_open(self) -> bool:
        craps = self._table.craps
        return not self._closed and craps.selection is None and craps.roll_number == self._roll

    def offers(self, spot: int) -> tuple[Offer, ...]:
        """The wagers anyone may place now (the layout is shared, so `spot` does not change
        them), each with the house limits and 623b.5(d); none once the window has closed."""
        if not self.is_open:
            return ()
        return tuple(
            Offer(
                action=terms.name,
                hand=0,
                paragraph="623b.5(d)",
                low=terms.min_wager,
                high=terms.max_wager,
            )
            for terms in self._table.rules.offered()
        )

    def refusal(self, command: Command) -> str | None:
        """Why `command` (a wager or a withdrawal) may not be taken now; None when it may."""
        try:
            self._verify(command)
        except TableGamesError as error:
            return str(error)
        return None

    def stake_required(self, command: Command) -> int:
        """What the player's chips must cover: a wager's amount; a withdrawal takes nothing."""
        if command.action == WITHDRAW:
            return 0
        return command.amount if isinstance(command.amount, int) else 0

    def place(self, bet: Command) -> None:
        """Put the wager `bet` names on the layout, or take one down (`action="withdraw"`);
        refused (with the reason and paragraph), nothing changes."""
        self._verify(bet)
        if bet.action == WITHDRAW:
            self._table.craps.withdraw(bet.spot, player=bet.player)
            return
        if bet.amount is not None:  # _verify refused a wager without one
            self._table.craps.place(bet.action, bet.amount, player=bet.player)

    def withdraw(self, player: str, spot: int) -> None:
        """Take down `player`'s wager whose id is `spot` (623a.4: the house rule)."""
        self.place(Command(player=player, spot=spot, action=WITHDRAW))

    def close(self) -> None:
        """The window closes and the Power Odds selection is made and shown (623b.5(c))."""
        if not self.is_open:
            raise IllegalActionError(
                f"the betting window for roll {self._roll} is already closed",
                paragraph="623b.5(c)",
            )
        self._table.craps.select()
        self._closed = True

    def _verify(self, command: Command) -> None:
        craps = self._table.craps
        if not self.is_open:
            # A window of an earlier roll must not put a wager on a later one.
            raise WagerError(
                f"the betting window for roll {self._roll} has closed: wagers are closed once "
                "the Power Odds selection is made",
                paragraph="623b.5(c)",
            )
        if command.args:
            # No wager of 623b.5(d) needs a number: each names its own (hard_8, hop_2_5).
            raise WagerError(
                f"the {command.action!r} command takes no args, not {sorted(command.args)}",
                paragraph="623b.5(d)",
            )
        if command.action == WITHDRAW:
            craps.verify_withdraw(command.spot, player=command.player)
            return
        if command.action == ROLL:
            raise IllegalActionError(
                f"roll {self._roll} is thrown once the window closes and the Power Odds "
                "selection is shown",
                paragraph="623b.5(c)",
            )
        if command.amount is None:
            if command.action in BETS:
                raise WagerError(f"the {BETS[command.action].label} wager needs an amount in cents")
            craps.verify_place(command.action, 0, player=command.player)  # refuses the name
            raise WagerError(f"{command.action!r} is not a craps command")  # pragma: no cover
        craps.verify_place(command.action, command.amount, player=command.player)


class CrapsRound:
    """One roll after its window closed: the selection shown, the dice awaited (623b.5(c))."""

    def __init__(self, table: CrapsGameTable, start: int) -> None:
        self._table = table
        self._start = start  # where this roll's events begin in the table's stream
        self._roll = table.craps.roll_number

    @property
    def roll_number(self) -> int:
        return self._roll

    @property
    def dealer_awaits(self) -> str | None:
        """None: the table's own random number generator throws the dice."""
        return None

    @property
    def events(self) -> tuple[Event, ...]:
        """This roll's events: its wagers, the selection, the standing wagers, dice, results."""
        return self._table.craps.events[self._start :]

    @property
    def is_complete(self) -> bool:
        return self._table.craps.roll_number > self._roll

    @property
    def awaiting(self) -> tuple[Pending, ...]:
        if self.is_complete:
            return ()
        return (Pending(player=SHOOTER, spot=0, hand=0, kind=ROLL),)

    def offers(self, spot: int) -> tuple[Offer, ...]:
        """The roll, for the house, until it is thrown; no wager (they closed, 623b.5(c))."""
        if self.is_complete:
            return ()
        return (Offer(action=ROLL, hand=0, paragraph="623b.5(c)"),)

    def refusal(self, command: Command) -> str | None:
        try:
            self._verify(command)
        except TableGamesError as error:
            return str(error)
        return None

    def stake_required(self, command: Command) -> int:
        return 0  # throwing the dice puts nothing new at risk

    def apply(self, command: Command) -> tuple[Event, ...]:
        """Throw the dice and settle every wager on the layout; returns the new events."""
        self._verify(command)
        before = self._table.craps.event_count  # the whole log is not copied to count it
        self._table.craps.roll()
        self._table.round_finished()
        return tuple(self._table.craps.events_after(before))

    def on_timeout(self, turn: Pending) -> Command:
        """The house throws when the time is up: a live table rolls on."""
        return Command(player=SHOOTER, spot=0, action=ROLL)

    def _verify(self, command: Command) -> None:
        if self.is_complete:
            raise IllegalActionError(f"roll {self._roll} has been thrown")
        if command.action != ROLL:
            raise IllegalActionError(
                f"wagers are closed for roll {self._roll}: the Power Odds selection has been "
                f"shown and the roll is awaited, not {command.action!r}",
                paragraph="623b.5(c)",
            )
        if command.player != SHOOTER:
            raise IllegalActionError(
                f"the dice are the house's random number generator's: {command.player!r} "
                f"cannot throw them (the roll is {SHOOTER!r}'s)"
            )


class CrapsGameTable:
    """One craps table on the table protocol: its stream, its window, the roll in progress."""

    def __init__(self, craps: CrapsTable, *, random: RandomSource | None = None) -> None:
        """`random` salts the sealed records of stackings (default the CSPRNG)."""
        self.craps = craps
        self._random = random
        self.seeded_stream = False  # restored from a seeded table's stream
        self._window: CrapsBetting | None = None
        self._current: CrapsRound | None = None
        if craps.selection is not None:  # restored between the selection and the dice
            self._current = CrapsRound(self, self._start_of_roll())

    @property
    def rules(self) -> CrapsRules:
        return self.craps.rules

    @property
    def _seeded(self) -> bool:
        # A table whose dice come from seeded randomness says so in every event (issue 16), as
        # does one restored from a stream such a table wrote.
        return self.seeded_stream or (self._random is not None and not self._random.is_live)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(stamped(list(self.craps.events), self._seeded))

    def events_after(self, count: int) -> list[Event]:
        return stamped(self.craps.events_after(count), self._seeded)

    @property
    def sealed(self) -> tuple[Mapping[str, Any], ...]:
        """The house-only records: only test-mode stackings' dice (`stack`); the dice thrown
        and the selections are logged as they happen."""
        return self.craps.sealed

    def between_rounds_offers(self, spot: int, seated: Sequence[int]) -> tuple[Offer, ...]:
        return ()  # no cut: craps has no cards

    def between_rounds(self, command: Command, seated: Sequence[int]) -> None:
        raise IllegalActionError(
            f"{command.action!r} is not taken between rounds at this table: place bets"
        )

    @property
    def round_orders(self) -> frozenset[str]:
        """None: the table's own random source deals; its orders wait for the round's end."""
        return frozenset()

    def order(self, name: str, args: Mapping[str, Any]) -> None:
        """Craps takes no floorperson's order through the table (GameTable.order)."""
        raise TableGamesError(f"craps has no floor order {name!r}: it takes none")

    def stack(self, outcomes: Mapping[str, Any]) -> None:
        """Test mode, between rolls: `{"dice": [[3, 4], [6, 6]]}`, the next rolls' dice in
        order, each roll taking the next pair (first die, second die); after the list the dice
        come from the random source again, and a new stacking replaces stacked dice not yet
        thrown. The Power Odds selection is still drawn from the random source (623b.5(c)).

        Refused, nothing changes: another key, a value that is not a non-empty list of pairs of
        whole numbers 1-6 (ScenarioError naming the item; a boolean is not a die), or a roll
        under way, its selection shown and its dice awaited (IllegalActionError, 623b.5(c)).
        """
        rolls = _stacked_dice(outcomes)
        self.craps.verify_stack()
        random = self._random if self._random is not None else SecureRandom()
        self.craps.stack(rolls, salt=new_salt(random))

    @property
    def meters(self) -> dict[str, int]:
        return {}  # no progressive wager at craps

    @property
    def current(self) -> CrapsRound | None:
        """The roll whose window has closed and whose dice are awaited, if any."""
        return self._current

    def open_betting(self) -> CrapsBetting:
        """The betting window of the next roll (the one already open, if it is)."""
        if self.craps.selection is not None:
            raise IllegalActionError(
                f"roll {self.craps.roll_number} is under way: wagers reopen after its dice",
                paragraph="623b.5(c)",
            )
        if self._window is None or not self._window.is_open:
            self._window = CrapsBetting(self)
        return self._window

    def start_round(self, betting: Betting) -> CrapsRound:
        """Close the window and show the selection (623b.5(c)); the roll is then awaited."""
        if betting is not self._window or not isinstance(betting, CrapsBetting):
            raise IllegalActionError("that betting window is not this table's open one")
        start = self._start_of_roll()
        betting.close()
        self._current = CrapsRound(self, start)
        return self._current

    def round_finished(self) -> None:
        self._current = None
        self._window = None

    def _start_of_roll(self) -> int:
        # Every event after table_opened names its roll; the roll's events start at its first.
        number = self.craps.roll_number
        events = self.craps.events
        return next(
            (index for index, event in enumerate(events) if getattr(event, "roll", 0) == number),
            len(events),
        )


def _stacked_dice(outcomes: Mapping[str, Any]) -> list[Roll]:
    """The rolls of a `stack` call, read strictly (ScenarioError naming what was wrong)."""
    if not isinstance(outcomes, Mapping):
        raise ScenarioError('a stacking is a JSON object such as {"dice": [[3, 4], [6, 6]]}')
    unknown = sorted(str(key) for key in outcomes if key != "dice")
    if unknown:
        raise ScenarioError(f"craps stacks only 'dice' (the next rolls), not {unknown[0]!r}")
    pairs = outcomes.get("dice")
    if not isinstance(pairs, list | tuple) or not pairs:
        raise ScenarioError(
            f"'dice' must be a non-empty list of rolls such as [[3, 4], [6, 6]], not {pairs!r}"
        )
    return [Roll.parse(pair, what=f"dice[{index}]") for index, pair in enumerate(pairs)]


class CrapsGame:
    """Craps with Power Odds (623b.5) in the games registry (`tablegames.games`)."""

    @property
    def id(self) -> str:
        return "craps"

    @property
    def title(self) -> str:
        return "Craps with Power Odds"

    @property
    def chapters(self) -> tuple[str, ...]:
        return ("623b",)

    @property
    def cli_commands(self) -> tuple[str, ...]:
        return ("roll",)

    @property
    def sight(self) -> CrapsSight:
        """Nothing to conceal: craps has no cards."""
        return CRAPS_SIGHT

    def presets(self) -> tuple[str, ...]:
        return tuple(PRESETS)

    def rules_from_mapping(self, data: Mapping[str, Any]) -> CrapsRules:
        return craps_rules_from_mapping(data)

    def open_table(
        self,
        rules: Any,
        *,
        random: RandomSource,
        dice: DiceSource | None = None,
        selector: Selector | None = None,
    ) -> CrapsGameTable:
        """A table with `rules` (CrapsRules or a mapping of them) whose dice and Power Odds
        selection come from `random` (live play: `SecureRandom`), or from `dice` and `selector`
        where given (the fixed-roll hook: tests, disputes)."""
        chosen = rules if isinstance(rules, CrapsRules) else self.rules_from_mapping(rules)
        craps = CrapsTable(
            chosen,
            dice=dice if dice is not None else RandomDice(random),
            selector=selector if selector is not None else RandomSelector(random),
            record_standing=True,
        )
        return CrapsGameTable(craps, random=random)

    def restore_table(
        self,
        events: Sequence[Mapping[str, Any]],
        sealed: Sequence[Mapping[str, Any]],
        *,
        random: RandomSource | None = None,
        dice: DiceSource | None = None,
        selector: Selector | None = None,
    ) -> CrapsGameTable:
        """The table a stored stream describes, at the point it stops, playing on with fresh
        dice and selections (`dice`, `selector`, or both from `random`; default the CSPRNG).

        The log's dice and selections replay the part already played (nothing is re-seeded);
        a roll the log shows begun is finished from them. A test-mode stacking takes its dice
        from its sealed record (`sealed`: checked against the logged commitment), so stacked
        rolls the log does not hold yet come next. The replay must reproduce the log: a stream
        that does not is refused."""
        other = [record for record in sealed if record.get("kind") != STACKED_KIND]
        if other:
            raise ScenarioError(
                "a craps table keeps no sealed records but its stacked dice "
                f"(kind {STACKED_KIND!r}), not {dict(other[0])!r}"
            )
        decoded = [self.decode_event(item) for item in events]
        if not decoded or not isinstance(decoded[0], TableOpened):
            raise ScenarioError("a craps log starts with its table_opened event")
        source = random if random is not None else SecureRandom()
        craps = replay(
            decoded,
            dice=dice if dice is not None else RandomDice(source),
            selector=selector if selector is not None else RandomSelector(source),
            record_standing=True,
            sealed=sealed,
        )
        if list(craps.events[: len(decoded)]) != decoded:
            raise ScenarioError("the craps log does not replay to itself: it was altered")
        table = CrapsGameTable(craps, random=source)
        table.seeded_stream = any(event.seeded for event in decoded)
        return table

    def decode_event(self, data: Mapping[str, Any]) -> Event:
        return event_from_json(data)

    def live_findings(self, rules: Any) -> tuple[Finding, ...]:
        """None: every craps rule this game accepts is a filed Pennsylvania option (623b.5)."""
        if not isinstance(rules, CrapsRules):
            self.rules_from_mapping(rules)
        return ()

    def layout(self, rules: Any) -> dict[str, Any]:
        """What the layout of a table with `rules` must say (623b.5(d)): each eligible wager
        offered, with its base and Power Odds payouts, as JSON data (`craps.layout`)."""
        chosen = rules if isinstance(rules, CrapsRules) else self.rules_from_mapping(rules)
        return table_layout(chosen).to_json()

    def replay(self, events: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
        """The stored session played again from its own dice, selections and wagers
        (`craps.replay`); its events, which must equal the log's."""
        decoded = [self.decode_event(item) for item in events]
        if not decoded or not isinstance(decoded[0], TableOpened):
            raise ScenarioError("a craps log starts with its table_opened event")
        replayed = list(replay(decoded).events)
        if replayed != decoded:
            raise ScenarioError("the craps log does not replay to itself: it was altered")
        # A seeded table's log replays to a seeded table's events (issue 16).
        return tuple(stamped(replayed, any(event.seeded for event in decoded)))

    def replay_roll(self, events: Sequence[Event], rules: CrapsRules) -> tuple[WagerSettled, ...]:
        """One roll's settlements from its own events (`craps.replay.replay_roll`)."""
        return replay_roll(events, rules)


GAME: Final = CrapsGame()
