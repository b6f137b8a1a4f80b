"""Blackjack dealt by a person, on the table protocol (`tablegames.core.table`): the game
`blackjack_dealt` of the registry, which a server runs like any other table.

The players bet and decide as at any Blackjack table (`BlackjackBetting`, the same offers and
refusals). The cards and the table's procedures come from the dealer (or a card-reading shoe)
and the floorperson as orders (`order(name, args)`), taken during a round as well
(`round_orders`), each one a step of docs/scenarios-dealt.md:

- `card` `{"card": "9S", "face": "up"}` (face optional: as the procedure deals it);
- the round's irregularities `found_face_up`, `drawn_in_error`, `exposed` `{"card": ...}`,
  `not_dealt` `{"option": "later" | "dead"}`, `hole_card_read` (633a.14(a)-(c), (e), (g), (i),
  (j));
- the table's procedures (`inspect_reader`, `receive_cards`, `inspect`, `spread`, `wash`,
  `shuffle`, `decline_cut`, `cut`, `recut`, `load_shoe`, `burn`, `change_dealer`,
  `order_reshuffle`, `cover_card_reached`, `dealer_drew_on_17`, `refill_from_rack`,
  `burn_refill`, `reader_malfunction`, `reader_restored`, `shuffler_jammed`,
  `shuffler_out_of_order`, `shuffler_covered`) with their arguments;
- at a double shoe (633a.3(c)) the procedures that handle cards name their `side` ("red" or
  "black"; refused at a single shoe), the dealer draws each round's `determinant`
  `{"card": "9H", "drawn_from": "red"}` (633a.7(d)(1)) before the round starts, and
  `deal_from` `{"side": "black"}` says the round about to start is dealt from a side other
  than the one selected (633a.14(h)).

While a card is awaited no player's turn is pending (`awaiting` is empty): the round waits for
the dealer, and no decision clock runs. The stream is the rules filed once and the dealt
table's events (`DealtTable.events`). Every input the table took (an order, a round's wagers, a
player's decision) is a sealed record `{"kind": "dealt_input", ...}` in order: the hole card
and face-down cards are in them, so they are the house's. `restore_table` enters them again and
checks that they give the stored stream.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tablegames.blackjack.actions import Action
from tablegames.blackjack.dealt import TABLE_IRREGULARITIES, DealtRound
from tablegames.blackjack.dealt_replay import replay_dealt
from tablegames.blackjack.dealt_scenario import apply_step
from tablegames.blackjack.dealt_table import DealtTable
from tablegames.blackjack.events import (
    BLACKJACK_SIGHT,
    BlackjackSight,
    Event,
    IrregularityRecorded,
    ProcedureRecorded,
    RoundCompleted,
    RoundStarted,
    RulesFiled,
    event_from_json,
)
from tablegames.blackjack.game import GAME as BLACKJACK
from tablegames.blackjack.game import BlackjackBetting, BlackjackRound
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.shoe_steps import ShoeStep
from tablegames.blackjack.table import rules_record
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.errors import IllegalActionError, ScenarioError, TableGamesError, WagerError
from tablegames.core.rulesfile import Finding, rules_digest
from tablegames.core.table import Betting, Command, Offer, Pending

GAME_ID: Final = "blackjack_dealt"
SEALED_KIND: Final = "dealt_input"
CARD_ORDER: Final = "card"
ROUND_IRREGULARITIES: Final = frozenset(
    {"found_face_up", "drawn_in_error", "exposed", "not_dealt", "hole_card_read"}
)
PROCEDURES: Final = frozenset(
    {
        "inspect_reader", "receive_cards", "inspect", "spread", "wash", "shuffle",
        "decline_cut", "cut", "recut", "load_shoe", "burn", "change_dealer",
        "order_reshuffle", "cover_card_reached", "dealer_drew_on_17", "refill_from_rack",
        "burn_refill", "reader_malfunction", "reader_restored", "shuffler_jammed",
        "shuffler_out_of_order", "shuffler_covered", "determinant", "deal_from",
    }
)  # fmt: skip
ORDERS: Final = frozenset({CARD_ORDER}) | ROUND_IRREGULARITIES | PROCEDURES


def order_step(name: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario step (docs/scenarios-dealt.md) an order is."""
    if name not in ORDERS:
        raise TableGamesError(
            f"no order {name!r} at a dealt table: the orders are {', '.join(sorted(ORDERS))}"
        )
    if not isinstance(args, Mapping):
        raise TableGamesError("an order's args are a JSON object")
    clashing = sorted({"procedure", "irregularity", "round", "action"} & set(args))
    if clashing:
        raise TableGamesError(f"the order {name!r} takes no argument {clashing[0]!r}")
    if name == CARD_ORDER:
        return dict(args)
    if name in ROUND_IRREGULARITIES:
        return {"irregularity": name, **args}
    return {"procedure": name, **args}


class DealtBlackjackRound:
    """The round in progress at a dealt table, on the protocol."""

    def __init__(self, table: DealtBlackjackTable, dealt: DealtRound) -> None:
        self._table = table
        self.dealt = dealt

    def _decisions(self) -> BlackjackRound:
        # The offers and refusals of the engine's round as it stands (rebuilt on each input).
        return BlackjackRound(self._table, self.dealt.game)  # type: ignore[arg-type]

    @property
    def events(self) -> Sequence[Event]:
        return tuple(self.dealt.events)

    @property
    def is_complete(self) -> bool:
        return self.dealt.is_complete

    @property
    def awaiting(self) -> tuple[Pending, ...]:
        """The player's turn pending; none while the dealer owes a card (`dealer_awaits`)."""
        if self.dealt.awaiting is not None or self.dealt.is_complete:
            return ()
        return self._decisions().awaiting

    @property
    def dealer_awaits(self) -> str | None:
        """What the dealer deals next, in words (for the dealer's console), or None."""
        where = self.dealt.awaiting
        return None if where is None else where.describe()

    def offers(self, spot: int) -> tuple[Offer, ...]:
        if self.dealt.awaiting is not None or self.dealt.is_complete:
            return ()
        return self._decisions().offers(spot)

    def refusal(self, command: Command) -> str | None:
        where = self.dealt.awaiting
        if where is not None:
            return f"the dealer is dealing: the procedure awaits {where.describe()}"
        if self.dealt.is_complete:
            return "the round is complete"
        return self._decisions().refusal(command)

    def stake_required(self, command: Command) -> int:
        refused = self.refusal(command)
        if refused is not None:
            raise TableGamesError(refused)
        return self._decisions().stake_required(command)

    def apply(self, command: Command) -> tuple[Event, ...]:
        refused = self.refusal(command)
        if refused is not None:
            raise TableGamesError(refused)
        before = self._table.event_count
        action = Action(command.action)
        amount = None if action is Action.SPLIT else command.amount
        self._table.dealt.act(command.spot, action, amount, hand=command.hand)
        self._table.record({"input": "decision", "command": command.to_json()})
        return tuple(self._table.events_after(before))

    def on_timeout(self, turn: Pending) -> Command:
        return self._decisions().on_timeout(turn)


class DealtBlackjackTable:
    """A dealt Blackjack table (`DealtTable`) on the protocol."""

    def __init__(self, rules: Rules) -> None:
        self.dealt = DealtTable(rules)
        record = rules_record(rules)
        self._filed = RulesFiled(rules=record, digest=rules_digest(record), paragraph="601a.2")
        self._sealed: list[dict[str, Any]] = []
        self._round: DealtBlackjackRound | None = None

    @property
    def rules(self) -> Rules:
        return self.dealt.rules

    @property
    def events(self) -> tuple[Event, ...]:
        return (self._filed, *self.dealt.events)

    @property
    def event_count(self) -> int:
        self.dealt.sync()
        return 1 + len(self.dealt.events)

    def events_after(self, count: int) -> list[Event]:
        self.dealt.sync()
        return list(self.events[count:])

    @property
    def sealed(self) -> tuple[Mapping[str, Any], ...]:
        return tuple(self._sealed)

    def record(self, entry: Mapping[str, Any]) -> None:
        """An input taken, sealed in order (see the module docstring)."""
        self._sealed.append({"kind": SEALED_KIND, **entry})

    @property
    def meters(self) -> dict[str, int]:
        return dict(self.dealt.meters)

    def house_view(self) -> dict[str, Any]:
        """The shoe as the house sees it (`SidedShoe.house_view`): the operator's view of the
        table carries it as `shoe`, for the dealer's console."""
        self.dealt.sync()
        return self.dealt.house_view()

    def between_rounds_offers(self, spot: int, seated: Sequence[int]) -> tuple[Offer, ...]:
        return ()  # a dealt table's cut is the dealer's procedure (orders)

    def between_rounds(self, command: Command, seated: Sequence[int]) -> None:
        raise IllegalActionError(
            f"{command.action!r} is not taken between rounds at this table: place bets"
        )

    @property
    def round_orders(self) -> frozenset[str]:
        return ORDERS

    @property
    def current(self) -> DealtBlackjackRound | None:
        game = self.dealt.current
        if game is None:
            return None
        if self._round is None or self._round.dealt is not game:
            self._round = DealtBlackjackRound(self, game)
        return self._round

    def stack(self, outcomes: Mapping[str, Any]) -> None:
        raise ScenarioError(
            "a dealt table's cards come from the dealer: enter them with the card order"
        )

    def order(self, name: str, args: Mapping[str, Any]) -> None:
        """The dealer's or floorperson's order (the module docstring); refused, nothing
        changes."""
        step = order_step(name, args)
        apply_step(self.dealt, step, f"the order {name!r}")
        self.dealt.sync()
        self.record({"input": "order", "name": name, "args": dict(args)})

    def open_betting(self) -> BlackjackBetting:
        game = self.dealt.current
        if game is not None and not game.is_complete:
            raise WagerError("a round is in progress: betting opens when it is complete")
        return BlackjackBetting(self.rules, may_wager=self._before_the_determinant)

    def _before_the_determinant(self, player: str) -> None:
        """633a.6(c), 633a.7(d)(1): at a double shoe the determinant card is drawn as the
        round is about to begin; once it is out (a matching one is the first player's first
        card) no wager may be made, raised or taken back until the round is dealt."""
        if self.dealt.determinant_card is not None:
            raise WagerError(
                f"the determinant card is drawn: the bets are closed for the round about to be "
                f"dealt ({player} may wager on the next one)",
                paragraph="633a.6(c)",
            )

    def start_round(self, betting: Betting) -> DealtBlackjackRound:
        """Close the window and start the round: from here the dealer deals."""
        if not isinstance(betting, BlackjackBetting):
            raise WagerError("a Blackjack round starts from a Blackjack betting window")
        wagers = list(betting.window.close())
        self._deal(wagers)
        current = self.current
        if current is None:  # dealt just now
            raise WagerError("the round did not start")
        return current

    def _deal(self, wagers: Sequence[BoxWager]) -> None:
        self.dealt.deal(wagers)
        self.record(
            {
                "input": "deal",
                "wagers": [
                    {"box": w.box, "player": w.player, "amount": w.amount, "side": dict(w.side)}
                    for w in wagers
                ],
            }
        )

    @classmethod
    def restore(
        cls, events: Sequence[Mapping[str, Any]], sealed: Sequence[Mapping[str, Any]]
    ) -> DealtBlackjackTable:
        """The table its inputs describe, checked against the stored stream."""
        if not events or events[0].get("event") != RulesFiled.kind:
            raise ScenarioError("a dealt table's stream starts with its rules_filed event")
        filed = event_from_json(dict(events[0]))
        if not isinstance(filed, RulesFiled):
            raise ScenarioError("a dealt table's stream starts with its rules_filed event")
        table = cls(BLACKJACK.rules_from_mapping(filed.rules))
        for record in sealed:
            table._take(record)
        produced = [event.to_json() for event in table.events]
        if produced != [dict(event) for event in events]:
            raise ScenarioError(
                "the dealt table's inputs give another stream than the one stored",
                paragraph="633a.7(s)",
            )
        return table

    def _take(self, record: Mapping[str, Any]) -> None:
        kind = record.get("input")
        if record.get("kind") != SEALED_KIND or kind not in ("order", "deal", "decision"):
            raise ScenarioError(f"not a dealt table's input record: {dict(record)!r}")
        if kind == "order":
            self.order(str(record["name"]), dict(record["args"]))
        elif kind == "deal":
            self._deal(
                [
                    BoxWager(
                        box=int(w["box"]),
                        player=str(w["player"]),
                        amount=int(w["amount"]),
                        side=dict(w["side"]),
                    )
                    for w in record["wagers"]
                ]
            )
        else:
            current = self.current
            if current is None:
                raise ScenarioError("a decision record with no round in progress")
            current.apply(Command.from_json(record["command"]))


class DealtBlackjackGame:
    """Blackjack dealt by a person, in the games registry."""

    @property
    def id(self) -> str:
        return GAME_ID

    @property
    def title(self) -> str:
        return "Blackjack dealt by a person"

    @property
    def chapters(self) -> tuple[str, ...]:
        return ("633a", "633b", "633c")

    @property
    def cli_commands(self) -> tuple[str, ...]:
        return ()  # its scenarios play with Blackjack's `round`

    @property
    def sight(self) -> BlackjackSight:
        return BLACKJACK_SIGHT

    def presets(self) -> tuple[str, ...]:
        return BLACKJACK.presets()

    def rules_from_mapping(self, data: Mapping[str, Any]) -> Rules:
        return BLACKJACK.rules_from_mapping(data)

    def open_table(self, rules: Any, *, random: Any) -> DealtBlackjackTable:
        """A dealt table: `random` is not used, since the dealer shuffles real cards."""
        chosen = rules if isinstance(rules, Rules) else self.rules_from_mapping(rules)
        return DealtBlackjackTable(chosen)

    def restore_table(
        self,
        events: Sequence[Mapping[str, Any]],
        sealed: Sequence[Mapping[str, Any]],
        *,
        random: Any = None,
    ) -> DealtBlackjackTable:
        return DealtBlackjackTable.restore(events, sealed)

    def decode_event(self, data: Mapping[str, Any]) -> Event:
        return event_from_json(dict(data))

    def live_findings(self, rules: Any) -> tuple[Finding, ...]:
        return BLACKJACK.live_findings(rules)

    def layout(self, rules: Any) -> dict[str, Any]:
        """Blackjack's felt (633a.2(b)): the same areas and inscriptions."""
        return {**BLACKJACK.layout(rules), "game": GAME_ID}

    def replay(self, events: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
        """Every round of the stream entered again from its own log (`replay_dealt`); the
        rounds' events, checked against the log."""
        decoded = [self.decode_event(item) for item in events]
        filed = next((event for event in decoded if isinstance(event, RulesFiled)), None)
        if filed is None:
            raise ScenarioError("a dealt table's stream starts with its rules_filed event")
        rules = self.rules_from_mapping(filed.rules)
        replayed: list[Event] = []
        log: list[Event] = []
        for event in decoded:
            if isinstance(event, RoundStarted):
                log = [event]
            elif log and not _table_event(event):
                log.append(event)
            if log and isinstance(event, RoundCompleted):
                replayed += replay_dealt(rules, log).events
                log = []
        return tuple(replayed)


def _table_event(event: Event) -> bool:
    """An event of the dealt table's own that may sit inside a round's events in its stream."""
    if isinstance(event, ProcedureRecorded | ShoeStep):
        return True
    return isinstance(event, IrregularityRecorded) and event.what in TABLE_IRREGULARITIES


GAME: Final = DealtBlackjackGame()
