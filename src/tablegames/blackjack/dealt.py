"""A dealt round: the cards come from a person dealing real cards (or a card-reading shoe) and
the engine follows the dealer, mistakes included, as 633a.14 prescribes.

At a dealt table the software does not shuffle: it is told each card as it leaves the shoe.
`DealtRound` knows what the procedure expects next (`awaiting`: a card for box 3's second card,
the dealer's hole card, a draw for hand 2, or a player's decision) and checks every card it is
given: a card the shoe cannot hold any more (an eighth ace of spades from six decks, a card
already dealt from one deck) or dealt with the wrong face is refused with its reason.

The irregularities of a round are operations with their own events:
- (a) `found_face_up(card)`: a card found face up in the shoe is not used; it goes to the rack.
- (b) `drawn_in_error(card)`: a card drawn in error unexposed is the next card from the shoe.
- (c) `exposed(card)`: a card drawn in error and exposed after the initial deal is offered as
  the next card; a player who takes no card while it waits refuses it and gets no more cards
  that round; refused by all and unusable by the dealer, it goes to the rack.
- (e), (g), (i) `not_dealt(option)`: the dealer passed over the awaited card: the dealer's own
  card (dealt after the players' first two, "later"), a box's first card (the hand is dead,
  "dead"), a box's second card ("later", after the others, or "dead"), a card a player
  requested by hitting or doubling ("later", before the hole card shows, or "dead").
- (j) `hole_card_read()`: the hole card was put into the reader with a 2-9 up card; with a
  reader that lets a player learn its value every hand is dead and every wager returned.
(d), (f), (h), (k)-(m) concern the table between or around rounds: `tablegames.blackjack.
dealt_table`.

How it follows the dealer: every input (a card, a decision, an irregularity) is kept in order,
and the round is the engine's `Round` built again from them on each input, its shoe a
`CardFeed` of the cards entered so far. When the feed runs out the engine has asked for a card
nobody has dealt yet: that draw is what the round awaits, and the events logged so far are the
stream. An input the engine refuses leaves the inputs as they were: nothing changes. Building
again is exact because the engine is deterministic; a round has a few dozen inputs, so it is
also cheap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.events import CardDiscarded, Event, IrregularityRecorded
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.sidebook import Selections
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.cardsource import CardNotDealt, Destination
from tablegames.core.errors import IllegalActionError, ShoeError

# Every irregularity a dealt table records (IrregularityRecorded.what) and its paragraph.
IRREGULARITIES: Mapping[str, str] = {
    "found_face_up": "633a.14(a)",
    "drawn_in_error": "633a.14(b)",
    "exposed_card_refused": "633a.14(c)",
    "dealer_drew_on_17": "633a.14(d)",
    "dealer_card_missed": "633a.14(e)",
    "shoe_refilled": "633a.14(f)",
    "hand_not_dealt": "633a.14(g)",
    "second_card_missed": "633a.14(g)",
    "requested_card_missed": "633a.14(i)",
    "hole_card_read": "633a.14(j)",
    "card_reader_malfunction": "633a.14(k)",
    "card_reader_restored": "633a.14(k)",
    "shuffler_jammed": "633a.14(l)",
    "shuffler_out_of_order": "633a.14(m)",
    "shuffler_covered": "633a.14(m)",
    "round_from_incorrect_side": "633a.14(h)",
}


# The irregularities of the table rather than of a round (tablegames.blackjack.dealt_table): in
# a table's stream they may sit between a round's events.
TABLE_IRREGULARITIES: frozenset[str] = frozenset(
    {
        "dealer_drew_on_17",
        "shoe_refilled",
        "card_reader_malfunction",
        "card_reader_restored",
        "shuffler_jammed",
        "shuffler_out_of_order",
        "shuffler_covered",
        "round_from_incorrect_side",
    }
)


class CardAwaited(Exception):  # noqa: N818 - the feed's signal that it has no card yet
    """The engine asked the feed for a card nobody has dealt yet (`destination`, the feed's
    draw number `attempt` of the round)."""

    def __init__(self, destination: Destination, attempt: int) -> None:
        super().__init__(f"awaiting {destination.describe()}")
        self.destination = destination
        self.attempt = attempt


@dataclass(frozen=True, slots=True)
class FeedEntry:
    """A card as it left the shoe. `found_face_up`: 633a.14(a), set aside at the draw where it
    was found; `in_error`: 633a.14(b), drawn in error unexposed while it was the awaited card
    (the irregularity is logged as it is dealt)."""

    card: Card
    found_face_up: bool = False
    in_error: bool = False


class CardFeed:
    """A round's shoe at a dealt table: the cards entered so far, in the order they left the
    shoe, and the draws the dealer passed over (`misses`: draw number -> the option recorded).

    `attempt` counts the round's draws, a passed-over one included, so that a miss recorded
    against the awaited draw is found at the same draw when the round is built again."""

    def __init__(
        self,
        entries: Sequence[FeedEntry],
        misses: Mapping[int, str],
        log: Callable[[Event, Card | None], None],
    ) -> None:
        self._entries = entries
        self._misses = misses
        self._log = log
        self._next = 0
        self.attempt = 0
        self.returned: list[Card] = []  # the round's cards, handed to the rack at its end

    @property
    def unused(self) -> list[Card]:
        """Cards entered and not yet drawn (a 633a.14(b) card waiting to be the next)."""
        return [entry.card for entry in self._entries[self._next :]]

    def begin_round(self) -> None:
        return None

    def draw(self, destination: Destination | None = None) -> Card:
        where = destination or Destination("box")
        while True:
            option = self._misses.get(self.attempt)
            if option is not None:
                self.attempt += 1
                raise CardNotDealt(where, option)
            if self._next >= len(self._entries):
                raise CardAwaited(where, self.attempt)
            entry = self._entries[self._next]
            self._next += 1
            if entry.found_face_up:
                # 633a.14(a): not used in this round; it goes to the discard rack.
                self._log(
                    CardDiscarded(
                        card=str(entry.card),
                        reason="found face up in the shoe",
                        paragraph="633a.14(a)",
                    ),
                    entry.card,
                )
                continue
            if entry.in_error:
                self._log(IrregularityRecorded(what="drawn_in_error", paragraph="633a.14(b)"), None)
            self.attempt += 1
            return entry.card

    def end_round(self, table_cards: Sequence[Card]) -> None:
        self.returned = list(table_cards)  # the dealt table takes them into its rack


@dataclass(frozen=True, slots=True)
class _Input:
    """One thing that happened at the table, in order: `kind` "card", "found_face_up",
    "drawn_in_error", "exposed", "not_dealt", "hole_card_read" or "decision"."""

    kind: str
    card: Card | None = None
    attempt: int = -1  # "not_dealt": the draw passed over
    option: str | None = None
    box: int = 0
    hand: int | None = None
    action: Action | None = None
    amount: int | None = None


@dataclass(slots=True)
class _Built:
    game: Round
    feed: CardFeed
    awaiting: CardAwaited | None


@dataclass(slots=True)
class DealtRound:
    """A Blackjack round dealt by a person. `holds`: how many of each card the shoe still holds
    (the dealt table's count since the last shuffle); `carried`: a card drawn in error unexposed
    in the round before and not yet used (633a.14(b): it is the next card from the shoe);
    `reader_shows_value`: whether the card reader in use lets a player learn the hole card's
    value (the house setting of 633a.14(j)); `first`: at a double shoe, the determinant card
    that matched the side it was drawn from (633a.7(d)(2): it becomes the first player's first
    card; the table took it from its side's count when it was drawn, so `holds` excludes it)."""

    rules: Rules
    wagers: Sequence[BoxWager]
    holds: Counter[Card]
    reader_shows_value: bool = True
    meters: Mapping[str, int] | None = None
    selections: Selections | None = None
    carried: Sequence[Card] = ()
    first: Card | None = None
    decks: int | None = None  # the decks `holds` counts: a double shoe's side has half (633a.3(c))
    _inputs: list[_Input] = field(default_factory=list)
    _built: _Built | None = None

    def __post_init__(self) -> None:
        self.holds = Counter(self.holds)
        # 633a.7(d)(2): the determinant card is dealt as an ordinary first card (its log is a
        # card dealt, so the round replays from its log as any other round does).
        self._inputs = [] if self.first is None else [_Input("card", card=self.first)]
        # A carried card is the next card the deal draws (logged as it is dealt): the first, or
        # the second after a determinant card.
        self._inputs += [
            _Input("drawn_in_error", card=card, attempt=len(self._inputs)) for card in self.carried
        ]
        self._built = self._build(self._inputs)

    # --- what the table sees ---------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        return self._state().game.events

    @property
    def awaiting(self) -> Destination | None:
        """The card the procedure expects next, or None when it waits for a decision or the
        round is complete."""
        waiting = self._state().awaiting
        return None if waiting is None else waiting.destination

    @property
    def turn(self) -> Turn | None:
        """The decision the round waits for (None while a card is awaited or when complete)."""
        built = self._state()
        return None if built.awaiting is not None else built.game.turn

    @property
    def is_complete(self) -> bool:
        built = self._state()
        return built.awaiting is None and built.game.is_complete

    @property
    def game(self) -> Round:
        """The engine's round (read it only when no card is awaited: mid-draw it is partial)."""
        return self._state().game

    @property
    def unused(self) -> list[Card]:
        """A card drawn in error unexposed and not yet used (633a.14(b)); at the end of the
        round it is carried to the next as its first card."""
        return self._state().feed.unused

    @property
    def discards(self) -> list[Card]:
        """The round's cards handed to the discard rack when it ended (633a.7(s)), the cards
        set aside under 633a.14 included; empty until the round is complete."""
        return list(self._state().feed.returned)

    # --- the dealer's cards ----------------------------------------------------------------

    def deal(self, card: Card, *, face_up: bool) -> list[Event]:
        """The awaited card, as it left the shoe, face up or down as it was dealt."""
        where = self._awaited("deal a card")
        if face_up != where.face_up:
            # 633a.12(b)(5): dealt from the hand, the players' first two cards go face down.
            face_down_game = where.to == "box" and not where.face_up
            raise ShoeError(
                f"{card} was dealt face {'up' if face_up else 'down'}; the procedure deals "
                f"{where.describe(cite=False)}",
                paragraph="633a.12(b)(5)" if face_down_game else (where.paragraph or None),
            )
        return self._apply(_Input("card", card=card))

    def found_face_up(self, card: Card) -> list[Event]:
        """633a.14(a): a card found face up in the shoe as the awaited card was drawn."""
        self._awaited("set aside a card found face up in the shoe (633a.14(a))")
        return self._apply(_Input("found_face_up", card=card))

    def drawn_in_error(self, card: Card) -> list[Event]:
        """633a.14(b): a card drawn in error without its face exposed is used as though it were
        the next card from the shoe: the awaited card, or the next one asked for."""
        self._check_open("633a.14(b)")
        if self.unused:
            raise IllegalActionError(
                "a card drawn in error is already waiting to be dealt as the next card",
                paragraph="633a.14(b)",
            )
        waiting = self._state().awaiting
        attempt = -1 if waiting is None else waiting.attempt
        return self._apply(_Input("drawn_in_error", card=card, attempt=attempt))

    def exposed(self, card: Card) -> list[Event]:
        """633a.14(c): a card drawn in error and exposed after the initial deal."""
        self._check_open("633a.14(c)")
        if self.awaiting is not None:
            raise IllegalActionError(
                f"the procedure awaits {self.awaiting.describe()}: a card drawn now is that card",
                paragraph="633a.14(c)",
            )
        if self.unused:
            raise IllegalActionError(
                "a card drawn in error is already waiting to be dealt as the next card",
                paragraph="633a.14(c)",
            )
        return self._apply(_Input("exposed", card=card))

    def not_dealt(self, option: str) -> list[Event]:
        """633a.14(e), (g), (i): the dealer passed over the awaited card; `option` as the
        paragraph gives it ("later" or "dead")."""
        self._awaited("pass over a card")
        waiting = self._state().awaiting
        attempt = -1 if waiting is None else waiting.attempt
        return self._apply(_Input("not_dealt", attempt=attempt, option=option))

    def hole_card_read(self) -> list[Event]:
        """633a.14(j): the hole card was put into the card reader with a 2-9 up card."""
        self._check_open("633a.14(j)")
        if self.awaiting is not None:
            raise IllegalActionError(
                f"the deal is not complete: the procedure awaits {self.awaiting.describe()}",
                paragraph="633a.14(j)",
            )
        return self._apply(_Input("hole_card_read"))

    # --- the players' decisions ----------------------------------------------------------------

    def act(
        self, box: int, action: Action, amount: int | None = None, *, hand: int | None = None
    ) -> list[Event]:
        """A player's decision for `box` (and `hand`, when given, checked against the turn)."""
        built = self._state()
        if built.awaiting is not None:
            raise IllegalActionError(
                f"the dealer is dealing: the procedure awaits "
                f"{built.awaiting.destination.describe()}"
            )
        turn = built.game.turn
        if turn is None:
            raise IllegalActionError("the round is complete")
        if turn.box != box or (hand is not None and turn.hand != hand):
            raise IllegalActionError(
                f"it is box {turn.box} hand {turn.hand}'s turn, not box {box}"
                + ("" if hand is None else f" hand {hand}")
            )
        return self._apply(_Input("decision", box=box, hand=hand, action=action, amount=amount))

    # --- building the round from its inputs ----------------------------------------------------

    def _state(self) -> _Built:
        if self._built is None:  # set in __post_init__; for the type checker
            raise ShoeError("the dealt round was not built")
        return self._built

    def _check_open(self, paragraph: str) -> None:
        if self.is_complete:
            raise IllegalActionError("the round is complete", paragraph=paragraph)

    def _awaited(self, what: str) -> Destination:
        where = self.awaiting
        if where is None:
            waiting = "the round is complete" if self.is_complete else "a player's decision"
            raise IllegalActionError(f"cannot {what}: no card is awaited ({waiting})")
        return where

    def _apply(self, item: _Input) -> list[Event]:
        """Build the round again with `item`; on any refusal nothing changes."""
        if item.card is not None and self.holds[item.card] <= 0:
            raise ShoeError(
                f"{item.card} cannot come from this shoe: every {item.card} of its "
                f"{self.decks or self.rules.decks} deck(s) has been dealt since the shuffle",
                paragraph="633a.3(a)",
            )
        before = len(self.events)
        inputs = [*self._inputs, item]
        built = self._build(inputs)
        produced = built.game.events
        if produced[:before] != self.events:
            # The engine is deterministic: a new input can only add to the stream.
            raise ShoeError("internal: the dealt round changed events already logged")
        self._inputs = inputs
        self._built = built
        if item.card is not None:
            self.holds[item.card] -= 1
        return produced[before:]

    def _build(self, inputs: Sequence[_Input]) -> _Built:
        entries: list[FeedEntry] = []
        misses: dict[int, str] = {}
        operations: list[_Input] = []
        for item in inputs:
            if item.kind == "card" and item.card is not None:
                entries.append(FeedEntry(item.card))
            elif item.kind == "found_face_up" and item.card is not None:
                entries.append(FeedEntry(item.card, found_face_up=True))
            elif item.kind == "drawn_in_error" and item.card is not None:
                # The awaited card: logged as it is dealt. Entered while a decision was
                # awaited: logged then, and dealt as the next card asked for.
                awaited = item.attempt >= 0
                entries.append(FeedEntry(item.card, in_error=awaited))
                if not awaited:
                    operations.append(item)
            elif item.kind == "exposed" and item.card is not None:
                entries.append(FeedEntry(item.card))
                operations.append(item)
            elif item.kind == "not_dealt" and item.option is not None:
                misses[item.attempt] = item.option
            else:
                operations.append(item)
        game_ref: list[Round] = []

        def log(event: Event, card: Card | None) -> None:
            state = game_ref[0].state
            state.log(event)
            if card is not None:
                state.set_aside.append(card)

        feed = CardFeed(entries, misses, log)
        game = Round(
            rules=self.rules,
            shoe=feed,
            wagers=self.wagers,
            meters=self.meters,
            selections=self.selections,
            deal=False,
        )
        game_ref.append(game)
        try:
            game.start()
            for item in operations:
                _operate(game, item, reader_shows_value=self.reader_shows_value)
        except CardAwaited as waiting:
            return _Built(game, feed, waiting)
        except CardNotDealt as missed:
            raise IllegalActionError(
                f"{missed.destination.describe()} cannot be passed over here",
                paragraph="633a.14",
            ) from None
        return _Built(game, feed, None)


def _operate(game: Round, item: _Input, *, reader_shows_value: bool) -> None:
    if item.kind == "decision" and item.action is not None:
        game.act(item.action, item.amount)
    elif item.kind == "exposed" and item.card is not None:
        game.expose(item.card)
    elif item.kind == "hole_card_read":
        game.hole_card_read(reader_shows_value=reader_shows_value)
    elif item.kind == "drawn_in_error":
        # Entered while no card was awaited: recorded now, dealt as the next card asked for.
        game.state.log(IrregularityRecorded(what="drawn_in_error", paragraph="633a.14(b)"))
