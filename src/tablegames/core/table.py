"""The table protocol: what a server, the CLI and the simulator drive, for any game.

A game implements three things and registers them in `tablegames.games`:

- `GameModule`: the game itself (its id, title, chapters, house rules from a mapping, presets,
  opening a table, decoding an event, replaying a log).
- `GameTable`: what outlives a round (the shoe or dice, meters, standing wagers). It opens a
  betting window, starts a round from it, and restores itself, and any round in progress,
  from its event stream and the house's sealed records.
- `GameRound`: one round's events and what it is waiting for. `awaiting` lists every turn
  pending (several at once when every seat decides together); `offers(spot)` lists the legal
  commands with amount bounds and the paragraph allowing each (the buttons a table shows);
  `refusal(command)` says why a command may not be taken (None when it may); `stake_required`
  says what the wallet must hold for it; `apply(command)` takes it and returns the new events;
  `on_timeout(turn)` is the house rule's default command for a decision not made in time.

A server drives any game through these names alone and never imports a game module: it reads
the events (redacted per viewer by `tablegames.core.views`) and never a round's hidden fields.

Commands and offers are plain data so that they cross a socket as JSON unchanged:

>>> Command(player="ann", spot=1, action="double", amount=2500).to_json()
{'player': 'ann', 'spot': 1, 'action': 'double', 'hand': 0, 'amount': 2500, 'args': {}}
>>> Command.from_json({"player": "ann", "spot": 1, "action": "hit"})
Command(player='ann', spot=1, action='hit', hand=0, amount=None, args={})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from tablegames.core.errors import ScenarioError
from tablegames.core.events import Event
from tablegames.core.rulesfile import Finding
from tablegames.core.views import CardSight

ViewerRole = Literal["player", "spectator", "operator", "auditor"]

_COMMAND_FIELDS = frozenset({"player", "spot", "action", "hand", "amount", "args"})


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """One player's instruction: who, at which spot (a box, a seat), what, for which hand,
    with what amount in cents, and any game-specific arguments (a craps number, a Pai Gow
    setting)."""

    player: str
    spot: int
    action: str
    hand: int = 0
    amount: int | None = None
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "spot": self.spot,
            "action": self.action,
            "hand": self.hand,
            "amount": self.amount,
            "args": dict(self.args),
        }

    @classmethod
    def from_json(cls, data: Any) -> Command:
        """A command read strictly from JSON: unknown fields, wrong types and booleans posing
        as numbers are refused with a ScenarioError naming them."""
        if not isinstance(data, Mapping):
            raise ScenarioError("a command is a JSON object")
        unknown = sorted(set(data) - _COMMAND_FIELDS)
        if unknown:
            raise ScenarioError(f"a command has no field {unknown[0]!r}")
        for name in ("player", "action"):
            if not isinstance(data.get(name), str) or not data[name]:
                raise ScenarioError(f"a command needs {name!r} as a non-empty string")
        for name, required in (("spot", True), ("hand", False), ("amount", False)):
            value = data.get(name)
            if value is None and not required:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise ScenarioError(f"a command's {name!r} must be a whole number, not {value!r}")
        args = data.get("args", {})
        if not isinstance(args, Mapping):
            raise ScenarioError("a command's 'args' must be a JSON object")
        return cls(
            player=data["player"],
            spot=data["spot"],
            action=data["action"],
            hand=data.get("hand") or 0,
            amount=data.get("amount"),
            args=dict(args),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Offer:
    """A command a player may take now: the action, for which hand, the amount bounds in
    cents (None when the action takes no amount; low == high when the amount is fixed) and
    the paragraph that allows it."""

    action: str
    hand: int
    paragraph: str
    low: int | None = None
    high: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "hand": self.hand,
            "paragraph": self.paragraph,
            "low": self.low,
            "high": self.high,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class PayLine:
    """One payout a betting area's sign or inscription gives: the hand or line and its odds as
    the felt prints them ("Suited 20", "10 to 1")."""

    line: str
    pays: str

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "pays": self.pays}


@dataclass(frozen=True, slots=True, kw_only=True)
class LayoutArea:
    """A betting area of the felt (`GameModule.layout`): the wager it takes (the betting
    window's name for it), what the felt prints at it, the paragraph requiring it, whether it
    is a progressive wager's (locked out once the deal begins), how many each player has and
    its payouts as filed."""

    wager: str
    label: str
    paragraph: str
    progressive: bool = False
    count: int = 1
    pays: tuple[PayLine, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 1:
            raise ScenarioError(f"the {self.wager} area needs a count of at least 1")

    def to_json(self) -> dict[str, Any]:
        return {
            "wager": self.wager,
            "label": self.label,
            "paragraph": self.paragraph,
            "progressive": self.progressive,
            "count": self.count,
            "pays": [line.to_json() for line in self.pays],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Inscription:
    """Words the felt must carry, and the paragraph that requires them or sets what they say."""

    text: str
    paragraph: str

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "paragraph": self.paragraph}


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutLimit:
    """The payout limit inscription: the filed limit in cents, or None for the generic
    inscription that points at the posted limit."""

    text: str
    cents: int | None
    paragraph: str

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "cents": self.cents, "paragraph": self.paragraph}


@dataclass(frozen=True, slots=True, kw_only=True)
class Layout:
    """What a table's felt must say (`GameModule.layout`); `to_json` is the browser's contract.

    >>> area = LayoutArea(wager="hard_8", label="Eight the Hardway", paragraph="623b.5(d)")
    >>> Layout(game="craps", title="Craps", areas=(area,)).to_json()["areas"][0]["count"]
    1
    """

    game: str
    title: str
    areas: tuple[LayoutArea, ...]
    inscriptions: tuple[Inscription, ...] = ()
    payout_limit: PayoutLimit | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "areas": [area.to_json() for area in self.areas],
            "inscriptions": [item.to_json() for item in self.inscriptions],
            "payout_limit": None if self.payout_limit is None else self.payout_limit.to_json(),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Pending:
    """A decision the round is waiting for: which spot and hand, of what kind (the game's
    name for it, e.g. "play", "insurance", "set_hand"), and the player who must make it."""

    player: str
    spot: int
    hand: int
    kind: str


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who reads the stream: a seated player (by name), a spectator, the operator (the table's
    staff: sees what the dealer sees) or an auditor (sees everything, after the fact)."""

    role: ViewerRole
    player: str | None = None

    @classmethod
    def seated(cls, player: str) -> Viewer:
        return cls("player", player)


SPECTATOR = Viewer("spectator")
OPERATOR = Viewer("operator")
AUDITOR = Viewer("auditor")


@runtime_checkable
class GameRound(Protocol):
    """One round in progress. Every method is a pure read except `apply` and `on_timeout`'s
    result being applied by the caller."""

    @property
    def events(self) -> Sequence[Event]: ...

    @property
    def is_complete(self) -> bool: ...

    @property
    def awaiting(self) -> Sequence[Pending]: ...

    @property
    def dealer_awaits(self) -> str | None:
        """What the dealer owes the round next, in words (a dealt table's awaited card: "the
        dealer's card face down (633a.7(f)(4))"); None when the round waits on no dealer."""
        ...

    def offers(self, spot: int) -> Sequence[Offer]: ...

    def refusal(self, command: Command) -> str | None: ...

    def stake_required(self, command: Command) -> int: ...

    def apply(self, command: Command) -> Sequence[Event]: ...

    def on_timeout(self, turn: Pending) -> Command: ...


@runtime_checkable
class Betting(Protocol):
    """The betting window before a round: each bet (a command whose action names the wager,
    with its amount) is checked as it arrives and refused with the paragraph; a bet may be
    withdrawn until the window closes; refused, nothing changes."""

    @property
    def is_open(self) -> bool: ...

    def offers(self, spot: int) -> Sequence[Offer]: ...

    def refusal(self, bet: Command) -> str | None: ...

    def place(self, bet: Command) -> None: ...

    def withdraw(self, player: str, spot: int) -> None: ...


@runtime_checkable
class GameTable(Protocol):
    """What outlives a round. `events` is the table's whole stream (rules filed, shoe steps,
    every round); `sealed` the house-only records (shuffled orders) a restore needs."""

    @property
    def events(self) -> Sequence[Event]: ...

    @property
    def sealed(self) -> Sequence[Mapping[str, Any]]: ...

    def events_after(self, count: int) -> Sequence[Event]:
        """`events[count:]`, without building the whole stream: a live table reads only what
        it has not yet seen, and its stream grows with every round it has dealt."""
        ...

    def open_betting(self) -> Betting: ...

    def start_round(self, betting: Betting) -> GameRound: ...

    @property
    def current(self) -> GameRound | None: ...

    def stack(self, outcomes: Mapping[str, Any]) -> None:
        """Set the next outcomes: test mode only (the server refuses it on a live table), and
        between rounds only.

        - Blackjack: `{"cards": ["AS", "KH", ...]}`, the cards the next round deals, in dealing
          order, after any burn card; each must be among the shoe's undealt cards.
        - Craps: `{"dice": [[3, 4], [6, 6]]}`, the next rolls' dice in order (each roll takes
          the next pair; after the list the dice come from the random source again).

        Any other key, a malformed value, a card the undealt shoe does not hold, a die outside
        1-6, or a call during a round raises a `TableGamesError` naming what was wrong (with
        the paragraph where one applies); refused, nothing changes.

        A stacking is an event of the game's stream (`cards_stacked`, `dice_stacked`: how many,
        never which, since the players receive the stream) and the stacked cards or dice are a
        house-only `sealed` record, so that `GameModule.restore_table` rebuilds a stacked table
        and `GameModule.replay` still verifies its log.
        """
        ...

    def order(self, name: str, args: Mapping[str, Any]) -> None:
        """A floorperson's order, between rounds, logged in the game's stream (so that a
        restore takes it again): Blackjack's `reshuffle` (633a.5(f)), `change_dealer`
        (633a.7(c)) and `permit_wagering` with `{"player": ID}` (633a.6(b)(1)); craps has none.
        An order the game does not know, wrong `args`, or one it cannot take now raises a
        `TableGamesError` naming why (with the paragraph where one applies); nothing changes.
        """
        ...

    def between_rounds_offers(self, spot: int, seated: Sequence[int]) -> Sequence[Offer]:
        """What the player at `spot` may do between rounds besides betting: Blackjack's
        `cut` (with `args.position`, the cards above the cut; the offer's `low`-`high` bound
        it) and `decline_cut` when the house offers the cut to a player and 633a.5(c) names
        this spot; none elsewhere. `seated`: the spots with players, in the order they sat."""
        ...

    def between_rounds(self, command: Command, seated: Sequence[int]) -> None:
        """Take one of `between_rounds_offers`, logged in the game's stream (a restore takes it
        again). Not offered, or refused: a `TableGamesError` naming why; nothing changes."""
        ...

    @property
    def round_orders(self) -> frozenset[str]:
        """The orders (`order`) the game takes during a round as well: a dealt table's card
        entries and its irregularities (633a.14). Empty for a game whose cards or dice come
        from its own random source: its orders wait for the round to end."""
        ...

    @property
    def meters(self) -> Mapping[str, int]:
        """The progressive meters now, in cents by wager name (Blackjack's 633a.13(j)(2),
        633a.13(l)(2)); empty for a game without any. A ledger moves the meter accounts by
        their change."""
        ...


@runtime_checkable
class GameModule(Protocol):
    """One game in the registry (`tablegames.games.find_game`)."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def chapters(self) -> tuple[str, ...]: ...

    @property
    def cli_commands(self) -> tuple[str, ...]:
        """The `tablegames` commands the game adds beside the shared ones (`play`, `edge`,
        `conform`): its CLI module, named in the registry (`GameEntry.cli`), registers them."""
        ...

    @property
    def sight(self) -> CardSight:
        """What the game's log says about its cards (`tablegames.core.views.redact`): which
        event seats the players, deals, turns up or discards a card. A game without cards
        gives a sight that conceals nothing."""
        ...

    def presets(self) -> Sequence[str]: ...

    def rules_from_mapping(self, data: Mapping[str, Any]) -> Any: ...

    def open_table(self, rules: Any, *, random: Any) -> GameTable: ...

    def restore_table(
        self,
        events: Sequence[Mapping[str, Any]],
        sealed: Sequence[Mapping[str, Any]],
        *,
        random: Any = None,
    ) -> GameTable:
        """The table the stream and sealed records describe; what it draws after them comes
        from `random` (default the CSPRNG: live play never uses a seeded generator)."""
        ...

    def decode_event(self, data: Mapping[str, Any]) -> Event: ...

    def live_findings(self, rules: Any) -> Sequence[Finding]:
        """What these rules hold that a live table may not offer (options Pennsylvania does not
        allow, kept for what-if analysis): empty when the table may open."""
        ...

    def layout(self, rules: Any) -> Mapping[str, Any]:
        """What the felt of a table with `rules` (the game's rules object or a mapping of them)
        must say, as plain JSON data (`GET /api/tables/{id}/layout`; the browser draws from it):

        - `game`: the game's id; `title`: what the table is designated as.
        - `areas`: one betting area per wager the betting window takes, in felt order, the main
          wager first. Each has `wager` (exactly the name of its `Betting.offers` action, the
          server's `args.wager`), `label` (what the felt prints at it), `paragraph` (the one
          requiring it), `progressive` (locked out once the deal begins), `count` (areas per
          player) and `pays` (`[{"line": ..., "pays": "10 to 1"}]`, from the rules' paytables).
          An offer without amount bounds is an option taken later, not an area.
        - `inscriptions`: `[{"text": ..., "paragraph": ...}]`, every inscription required.
        - `payout_limit`: `{"text", "cents" (None: the generic inscription), "paragraph"}`, or
          None for a game without one.

        Rules that do not validate are refused with the game's `RulesError`.
        """
        ...

    def replay(self, events: Sequence[Mapping[str, Any]]) -> Sequence[Event]:
        """Play a stored log again from its own cards, dice and decisions (the recall and
        reconstruction of 633a.7(s)) and return the events the replay produces, which equal
        the stored ones; a log that does not reproduce itself is refused (ScenarioError)."""
        ...
