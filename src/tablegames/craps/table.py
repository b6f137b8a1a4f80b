"""The craps table with Power Odds (623b.5): wagers, the selection, the roll, the settlement.

Each roll runs in the order of 623b.5(c): wagers are placed; wagers close and the random number
generator selects the bets paid at increased odds, which are shown (logged) before the dice are
thrown; the dice are rolled; every wager on the layout is settled against the roll at the odds
the selection put in force for it (the Power Odds instead of the base odds, 623b.5(d)); the C&E
(`ce`) is paid at the level selected for the line that wins. One-roll wagers are decided on the
roll; a hardway stays up until it wins or loses.

Placing a wager is a triad: `verify_place` raises with the reason and the paragraph,
`can_place` answers yes or no, `place` places it and returns its event; taking one down before
the selection is another (`verify_withdraw`, `can_withdraw`, `withdraw`: the house's rule under
623a.4). A refused wager changes nothing. Every change is a frozen event in `events`, the table's
audit log (`craps.replay`). With `record_standing` (the table protocol's tables, `craps.game`)
each roll also logs the wagers standing as the dice are thrown, so that one roll replays alone.

>>> from tablegames.craps.dice import FixedDice
>>> from tablegames.craps.rules import CrapsRules
>>> from tablegames.craps.selection import FixedSelector, Selection
>>> table = CrapsTable(
...     CrapsRules(), dice=FixedDice([(4, 4)]), selector=FixedSelector([Selection({"hard_8": 2})])
... )
>>> _ = table.place("hard_8", 500)
>>> table.select().level("hard_8")
2
>>> table.can_place("any_seven", 500)  # 623b.5(c): wagers closed once the selection is made
False
>>> result = table.roll()
>>> [(s.wager, s.outcome, s.returned, s.odds) for s in result.settlements]
[('hard_8', 'win', 9500, '18 to 1')]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tablegames.core.errors import IllegalActionError, ScenarioError, TableGamesError, WagerError
from tablegames.core.money import format_cents
from tablegames.core.rng import SecureRandom
from tablegames.core.seal import commitment
from tablegames.craps.dice import DiceSource, RandomDice, Roll
from tablegames.craps.events import (
    DiceRolled,
    DiceStacked,
    Event,
    SelectionMade,
    StandingWager,
    TableOpened,
    WagerPlaced,
    WagerSettled,
    WagersStanding,
    WagerWithdrawn,
)
from tablegames.craps.rules import CrapsRules
from tablegames.craps.selection import RandomSelector, Selection, Selector
from tablegames.craps.wagers import BETS, LINES, WAGER_OF_LINE, odds_text

PLAYER = "you"
STACKED_KIND = "dice_stacked"  # the `kind` of a stacking's sealed record


@dataclass(frozen=True, slots=True)
class OpenWager:
    """A wager on the layout, waiting for the next roll."""

    wager_id: int
    player: str
    wager: str
    stake: int


@dataclass(frozen=True, slots=True)
class RollResult:
    """One roll: its number, the dice, the selection in force and every wager's result."""

    roll: int
    dice: Roll
    selection: Selection
    settlements: tuple[WagerSettled, ...]

    @property
    def net(self) -> int:
        """Winnings less losses of the wagers decided on this roll (a wager up counts 0)."""
        return sum(
            item.returned - item.stake for item in self.settlements if item.returned is not None
        )


class CrapsTable:
    """One craps table's Power Odds wagers, roll after roll."""

    def __init__(
        self,
        rules: CrapsRules,
        *,
        dice: DiceSource,
        selector: Selector,
        record_standing: bool = False,
        opening: TableOpened | None = None,
    ) -> None:
        """`opening` is the logged `table_opened` of a table being replayed (kept as logged,
        digest and all); a new table writes its own from `rules`."""
        self.rules = rules
        self._dice = dice
        self._selector = selector
        self._record_standing = record_standing
        self._events: list[Event] = [opening or TableOpened.of(rules.to_mapping())]
        self._open: list[OpenWager] = []
        self._selection: Selection | None = None
        self._roll = 1
        self._next_id = 1
        # Test mode: the stacked dice not yet thrown, the stackings so far, their records.
        self._stacked: deque[Roll] = deque()
        self._stackings = 0
        self._sealed: list[dict[str, Any]] = []

    @classmethod
    def at_roll(
        cls,
        rules: CrapsRules,
        roll: int,
        standing: Iterable[StandingWager],
        *,
        dice: DiceSource,
        selector: Selector,
    ) -> CrapsTable:
        """A table about to make roll `roll` with `standing` on the layout and nothing before:
        how one logged roll is replayed alone (`craps.replay.replay_roll`)."""
        table = cls(rules, dice=dice, selector=selector, record_standing=True)
        table._roll = roll
        table._open = [
            OpenWager(item.wager_id, item.player, item.wager, item.amount) for item in standing
        ]
        table._next_id = max((item.wager_id for item in table._open), default=0) + 1
        return table

    @classmethod
    def live(cls, rules: CrapsRules) -> CrapsTable:
        """A table whose dice and Power Odds selection both come from the OS CSPRNG."""
        random = SecureRandom()
        return cls(rules, dice=RandomDice(random), selector=RandomSelector(random))

    # --- state ------------------------------------------------------------------------------

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def event_count(self) -> int:
        """`len(events)`, without copying the log."""
        return len(self._events)

    def events_after(self, count: int) -> list[Event]:
        """`events[count:]`, without copying the whole log."""
        return self._events[count:]

    @property
    def open_wagers(self) -> tuple[OpenWager, ...]:
        return tuple(self._open)

    @property
    def roll_number(self) -> int:
        """The number of the next roll (1 for the first)."""
        return self._roll

    @property
    def selection(self) -> Selection | None:
        """The selection made for the next roll, or None while wagers are open."""
        return self._selection

    @property
    def sealed(self) -> tuple[dict[str, Any], ...]:
        """The house-only records, in order: each test-mode stacking's dice (`stack`)."""
        return tuple(dict(record) for record in self._sealed)

    @property
    def stacked_rolls(self) -> int:
        """How many stacked rolls are still to be thrown (test mode)."""
        return len(self._stacked)

    # --- test mode: stacking the next rolls' dice --------------------------------------------

    def verify_stack(self) -> None:
        """Raise IllegalActionError unless the next rolls' dice may be stacked now: between
        rolls, before the next roll's Power Odds selection is made (623b.5(c))."""
        if self._selection is not None:
            raise IllegalActionError(
                f"roll {self._roll} is under way: its Power Odds selection has been shown and "
                "its dice are awaited; stack the dice between rolls",
                paragraph="623b.5(c)",
            )

    def stack(self, rolls: Sequence[Roll], *, salt: bytes) -> DiceStacked:
        """Test mode: the next rolls throw `rolls`, in order, one roll each; after them the
        dice come from the table's dice source again. The Power Odds selection is drawn as
        ever (623b.5(c)). A stacking replaces any stacked dice not yet thrown.

        The stream gets `dice_stacked` (how many, and a commitment salted with `salt`, never
        the dice), `sealed` the record `{"kind": "dice_stacked", "stacking": n, "dice":
        [[a, b], ...], "salt": hex}`. Refused (during a roll, no roll), nothing changes."""
        self.verify_stack()
        if not rolls:
            raise ScenarioError("a stacking lists at least one roll")
        codes = [str(roll) for roll in rolls]
        record = {
            "kind": STACKED_KIND,
            "stacking": self._stackings + 1,
            "dice": [roll.to_json() for roll in rolls],
            "salt": salt.hex(),
        }
        return self._stacking(rolls, len(rolls), commitment(salt, codes), record)

    def restack(self, rolls: Sequence[Roll], *, count: int, logged: str) -> DiceStacked:
        """A logged stacking taken again without its sealed record (`craps.replay` of a stored
        log): the event as logged (`count`, commitment `logged`), with `rolls`, the dice the log
        shows thrown from it, as the stacked dice."""
        self.verify_stack()
        return self._stacking(rolls, count, logged, None)

    def _stacking(
        self, rolls: Sequence[Roll], count: int, sealed: str, record: dict[str, Any] | None
    ) -> DiceStacked:
        self._stackings += 1
        event = DiceStacked(
            roll=self._roll, stacking=self._stackings, count=count, commitment=sealed
        )
        self._stacked = deque(rolls)
        if record is not None:
            self._sealed.append(record)
        self._events.append(event)
        return event

    # --- wagers -----------------------------------------------------------------------------

    def verify_place(self, wager: str, amount: int, *, player: str = PLAYER) -> None:
        """Raise WagerError, naming the reason and paragraph, unless the wager may be placed."""
        if self._selection is not None:
            raise WagerError(
                f"wagers are closed for roll {self._roll}: the Power Odds selection has been "
                "made; wager again after the dice are thrown",
                paragraph="623b.5(c)",
            )
        if wager in LINES and wager not in BETS:
            whole = BETS[WAGER_OF_LINE[wager]]
            raise WagerError(
                f"{wager!r} is a line of the {whole.label}, not a wager: place the {whole.label} "
                f"as {whole.name!r}, one stake paid at the odds of the line that wins",
                paragraph="623b.5(d)",
            )
        if wager not in BETS:
            raise WagerError(
                f"{wager!r} is not a wager eligible for Power Odds; eligible: " + ", ".join(BETS),
                paragraph="623b.5(d)",
            )
        terms = self.rules.terms(wager)
        label = terms.bet.label
        if not terms.offered:
            raise WagerError(f"{label} is not offered at this table", paragraph="601a.2")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise WagerError(f"the {label} wager must be a whole number of cents, not {amount!r}")
        if amount < terms.min_wager:
            raise WagerError(
                f"the {label} wager {format_cents(amount)} is under the house minimum "
                f"{format_cents(terms.min_wager)}"
            )
        if amount > terms.max_wager:
            raise WagerError(
                f"the {label} wager {format_cents(amount)} is over the house maximum "
                f"{format_cents(terms.max_wager)}"
            )
        chip = self.rules.wager_unit * terms.bet.parts
        if amount % chip:
            parts = " (an equal part on each number)" if terms.bet.parts > 1 else ""
            raise WagerError(
                f"the {label} wager {format_cents(amount)} must be a multiple of "
                f"{format_cents(chip)}{parts}"
            )

    def verify_withdraw(self, wager_id: int, *, player: str = PLAYER) -> None:
        """Raise WagerError, naming the reason, unless the player may take the wager down."""
        if self._selection is not None:
            raise WagerError(
                f"wagers are closed for roll {self._roll}: the Power Odds selection has been "
                "made, so nothing comes down before the dice are thrown",
                paragraph="623b.5(c)",
            )
        wager = next((item for item in self._open if item.wager_id == wager_id), None)
        if wager is None:
            raise WagerError(f"there is no wager {wager_id!r} on the layout")
        if wager.player != player:
            raise WagerError(f"wager {wager_id} is {wager.player}'s, not {player}'s")
        if not self.rules.removable(wager.wager):
            kind = "a one-roll wager" if BETS[wager.wager].one_roll else "a hardway"
            raise WagerError(
                f"the {BETS[wager.wager].label} is {kind}, which this table's house rules do "
                "not let a player take down before the roll",
                paragraph="623a.4",
            )

    def can_withdraw(self, wager_id: int, *, player: str = PLAYER) -> bool:
        try:
            self.verify_withdraw(wager_id, player=player)
        except TableGamesError:
            return False
        return True

    def withdraw(self, wager_id: int, *, player: str = PLAYER) -> WagerWithdrawn:
        """Take a wager down before the selection, its stake back; refused, nothing changes."""
        self.verify_withdraw(wager_id, player=player)
        wager = next(item for item in self._open if item.wager_id == wager_id)
        event = WagerWithdrawn(
            roll=self._roll,
            wager_id=wager.wager_id,
            player=wager.player,
            wager=wager.wager,
            amount=wager.stake,
            paragraph="623b.5(c)",
        )
        self._open.remove(wager)
        self._events.append(event)
        return event

    def can_place(self, wager: str, amount: int, *, player: str = PLAYER) -> bool:
        try:
            self.verify_place(wager, amount, player=player)
        except TableGamesError:
            return False
        return True

    def place(self, wager: str, amount: int, *, player: str = PLAYER) -> WagerPlaced:
        """Put a wager on the layout for the next roll; nothing changes if it is refused."""
        self.verify_place(wager, amount, player=player)
        event = WagerPlaced(
            roll=self._roll,
            wager_id=self._next_id,
            player=player,
            wager=wager,
            amount=amount,
            paragraph="623b.5(d)",
        )
        self._next_id += 1
        self._open.append(OpenWager(event.wager_id, player, wager, amount))
        self._events.append(event)
        return event

    # --- the selection and the roll ---------------------------------------------------------

    def select(self) -> Selection:
        """623b.5(c): wagers close; the RNG selects the Power Odds bets, shown before the roll."""
        if self._selection is not None:
            raise IllegalActionError(
                f"the Power Odds selection for roll {self._roll} is already made",
                paragraph="623b.5(c)",
            )
        chosen = self._selector.select(self.rules)
        # A fixed selection is checked like a scenario's: eligible, offered, Power Odds on.
        selection = Selection.parse(dict(chosen.levels), self.rules)
        self._selection = selection
        self._events.append(
            SelectionMade(roll=self._roll, selection=selection.to_json(), paragraph="623b.5(c)")
        )
        return selection

    def roll(self) -> RollResult:
        """Throw the dice (selecting first if that has not been done) and settle every wager."""
        selection = self._selection if self._selection is not None else self.select()
        # Test mode: stacked dice first, then the dice source again.
        dice = self._stacked.popleft() if self._stacked else self._dice.next_roll()
        number = self._roll
        if self._record_standing:
            # The layout as the dice are thrown: with the selection and the dice, one roll's
            # settlement needs nothing earlier in the log.
            standing = tuple(
                StandingWager(wager_id=item.wager_id, player=item.player, wager=item.wager,
                              amount=item.stake)
                for item in self._open
            )  # fmt: skip
            self._events.append(WagersStanding(roll=number, wagers=standing, paragraph="623b.5(c)"))
        self._events.append(
            DiceRolled(roll=number, dice=(dice.first, dice.second), total=dice.total,
                       paragraph="623b.5(c)")
        )  # fmt: skip
        settlements = tuple(self._settle(wager, dice, selection) for wager in self._open)
        self._events += settlements
        self._open = [
            wager
            for wager, item in zip(self._open, settlements, strict=True)
            if item.outcome == "stays_up"
        ]
        self._selection = None
        self._roll += 1
        return RollResult(number, dice, selection, settlements)

    def _settle(self, wager: OpenWager, dice: Roll, selection: Selection) -> WagerSettled:
        terms = self.rules.terms(wager.wager)
        # 623b.5(d): a selected line is paid its Power Odds instead of its base odds; the C&E the
        # odds of the line that wins, at that line's level.
        settled = terms.bet.settle(dice, wager.stake, terms.odds(selection.levels))
        level = None if settled.line is None else selection.level(settled.line)
        # A C&E lost while one of its lines was selected is still a Power Odds settlement.
        selected = level if level is not None else max(map(selection.level, terms.bet.line_names))
        return WagerSettled(
            roll=self._roll,
            wager_id=wager.wager_id,
            player=wager.player,
            wager=wager.wager,
            stake=wager.stake,
            outcome=settled.outcome,
            returned=settled.returned,
            line=settled.line if len(terms.lines) > 1 else None,
            level=level,
            odds=None if settled.odds is None else odds_text(settled.odds),
            paragraph="623b.5(d)" if selected else "623b.5(b)",
        )
