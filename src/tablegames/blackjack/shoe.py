"""Dealing shoes: shuffle, cut, cover card, burn card and reshuffles (58 Pa. Code 633a.3, .5, .7).

Every shoe here is a `CardSource` (see cardsource.py): `begin_round()`, `draw()` per card,
`end_round(table_cards)`. Each logs every step as a frozen event citing its paragraph
(`steps`, `ShoeStep` subclasses: what a table's stream holds; `events` is the same log in the
older `ShoeEvent` form), and can prove that no card is missing (633a.7(e)(1)): `audit()` checks
that the cards in the shoe, the discard rack (plus any segregated area or shuffler) and on the
table are exactly the full set.

Each shuffle is sealed (tablegames.core.seal): its `shoe_shuffled` step carries the commitment,
and the order itself, with its salt, goes to `sealed`, which only the house may open. A burn
card is seen by the house only (`card_burned.seen_by`) and is never turned up.

>>> from tablegames.core.rng import SeededRandom
>>> shoe = Shoe(6, random=SeededRandom.from_seed(1))
>>> shoe.total_cards, len(shoe.remaining), [event.kind for event in shoe.events]
(312, 311, ['shuffle', 'cut', 'cover_card_placed', 'burn'])
>>> shoe.begin_round()
>>> table = [shoe.draw(), shoe.draw(), shoe.draw()]
>>> len(shoe.remaining) + len(shoe.discards) + len(table) == shoe.total_cards
True
>>> shoe.end_round(table)
>>> shoe.audit()
"""

from __future__ import annotations

import logging
import math
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, get_args

from tablegames.blackjack.shoe_steps import (
    BatchSwapped,
    CardBurned,
    CoverCardPlaced,
    CoverCardReached,
    DeterminantDrawn,
    DeterminantSegregated,
    ShoeCut,
    ShoeRefilled,
    ShoeShuffled,
    ShoeStep,
    SideSelected,
)
from tablegames.blackjack.shoe_steps import (
    ShoeEvent as ShoeEvent,  # re-exported: tests and callers read the older log's type here
)
from tablegames.core.cards import Card, standard_deck, standard_decks
from tablegames.core.cardsource import Destination
from tablegames.core.errors import ShoeError, ShoeExhaustedError
from tablegames.core.rng import RandomSource
from tablegames.core.seal import commitment, new_salt, sealed_record

Side = Literal["red", "black"]
ShoeKind = Literal["shoe", "double_shoe", "batch_shuffler", "continuous_shuffler"]

MAX_DECKS = 8  # Not in 633a.3(a) (which only asks for at least one): this package's limit.
MAX_PENETRATION = 0.75  # 633a.5(d): the cover card sits at least 1/4 of the way from the bottom.
CUT_MARGIN = 10  # 633a.5(d): the cut is at least ten cards from the top or bottom.

_logger = logging.getLogger(__name__)


DECK_SIZE = len(standard_deck())  # 633a.3(a): the standard deck the shoe is filled with


@lru_cache(maxsize=16)
def _full_count(total_cards: int) -> Counter[Card]:
    """Every card of a shoe of `total_cards` standard cards, counted once per size (audits
    run often). The deck is `standard_deck()`, not an assumed 52: a shoe that is not a whole
    number of decks is refused, never audited against a rounded count."""
    decks, odd = divmod(total_cards, DECK_SIZE)
    if odd or decks < 1:
        raise ShoeError(
            f"{total_cards} cards is not a whole number of decks", paragraph="633a.3(a)"
        )
    return Counter(standard_decks(decks))


@dataclass(frozen=True, slots=True)
class PileState:
    """A snapshot of one stack of cards: a double shoe's side, or the batch in play."""

    name: str | None
    remaining: list[Card]
    discards: list[Card]
    segregated: list[Card]
    burned: list[Card]
    cover_card_reached: bool


def cut_range(n: int) -> tuple[int, int]:
    """Smallest and largest legal number of cards above the cut in a stack of `n` (633a.5(d)).

    A stack of fewer than 20 cards (only a 633a.14(f) reshuffle of a small discard rack) has no
    position ten cards from both ends; it is then cut as near the middle as the 10 allows.

    >>> cut_range(52), cut_range(20), cut_range(7)
    ((10, 42), (10, 10), (3, 4))
    """
    low = min(CUT_MARGIN, n // 2)
    return low, n - low


def _check_count(value: object, low: int, high: int, what: str, paragraph: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ShoeError(f"{value!r} {what}: must be {low} to {high}", paragraph=paragraph)
    return value


def _check_penetration(penetration: object) -> float:
    if (
        isinstance(penetration, bool)
        or not isinstance(penetration, int | float)
        or not 0 < penetration <= MAX_PENETRATION
    ):
        raise ShoeError(
            f"penetration {penetration!r} must be above 0 and at most {MAX_PENETRATION}: the cover "
            "card goes at least 1/4 of the way in from the bottom",
            paragraph="633a.5(d)",
        )
    return float(penetration)


class _Pile:
    """One stack of cards with its dealing position, cover card, discard rack and segregated area.

    `penetration=None` means no cut and no cover card (a continuous shuffler, 633a.5(h)).
    """

    def __init__(self, name: str | None, penetration: float | None, owner: DealingShoe) -> None:
        self.name = name
        self._penetration = penetration
        self._owner = owner
        self._random = owner.random
        self._stack: list[Card] = []
        self._next = 0
        self._cover_at: int | None = None  # stack index the cover card sits in front of
        self.cover_card_reached = False
        self.discards: list[Card] = []
        self.segregated: list[Card] = []
        self.burned: list[Card] = []

    @property
    def remaining(self) -> list[Card]:
        return self._stack[self._next :]

    def state(self) -> PileState:
        return PileState(
            self.name,
            self.remaining,
            list(self.discards),
            list(self.segregated),
            list(self.burned),
            self.cover_card_reached,
        )

    def shuffle(self, cards: list[Card], paragraph: str) -> None:
        self._random.shuffle(cards)  # 633a.5(a): randomly intermixed
        self._owner._seal(cards, self.name, paragraph)

    def load(self, cards: list[Card], *, burn: str | None, cut: int | None = None) -> None:
        """Cut shuffled `cards`, place the cover card, put them in the shoe, burn if `burn` says."""
        n = len(cards)
        self._cover_at = None
        if self._penetration is not None:  # 633a.5(h): a continuous shuffler skips (b)-(g)
            low, high = cut_range(n)
            position = low + self._random.below(high - low + 1) if cut is None else cut
            cards = cards[position:] + cards[:position]  # 633a.5(d): cards above the cut to bottom
            self._log(ShoeCut(pile=self.name, position=position, count=n, paragraph="633a.5(d)"))
            front = math.floor(n * self._penetration)
            if n - front < math.ceil(n / 4):  # 633a.5(d): at least 1/4 in from the bottom
                raise ShoeError(f"cover card after {front} of {n} cards", paragraph="633a.5(d)")
            self._cover_at = front
            self._log(
                CoverCardPlaced(
                    pile=self.name, front=front, behind=n - front, paragraph="633a.5(d)"
                )
            )
        self._stack, self._next = cards, 0
        if burn is not None:
            self.burn(burn)

    def take(self) -> Card:
        """The next card: the cover card may appear first (633a.7(e)); refill if empty (14(f))."""
        if self._next >= len(self._stack):
            self._reshuffle_discards()
        if self._next == self._cover_at:
            # 633a.7(e): the cover card is set aside, the round is completed, then reshuffle.
            self._cover_at = None
            self.cover_card_reached = True
            self._log(CoverCardReached(pile=self.name, after=self._next, paragraph="633a.7(e)"))
        card = self._stack[self._next]
        self._next += 1
        return card

    def stack(self, cards: Sequence[Card], *, burns: int) -> None:
        """Put `cards` next, in order, after the `burns` cards the next round burns first (test
        mode): they are taken out of the undealt cards (the copies nearest the top), and the
        other undealt cards keep their order. The cover card stays where it is (633a.5(d)): a
        stacked round deals past it if it must, and the reshuffle follows the round (633a.7(e)).
        Refused (ShoeError naming the card or the count), nothing changes."""
        undealt = self.remaining
        if len(cards) + burns > len(undealt):
            burned = f" and the {burns} card(s) the next round burns first" if burns else ""
            raise ShoeError(
                f"cannot stack {len(cards)} card(s): the shoe has {len(undealt)} undealt "
                f"card(s), not enough for them{burned}"
            )
        held, wanted = Counter(undealt), Counter(cards)
        for card in cards:
            if wanted[card] > held[card]:
                # 633a.3(a): the shoe holds standard decks; a card dealt, burned or in the
                # discard rack is not among the undealt ones.
                raise ShoeError(
                    f"cannot stack {card} {wanted[card]} time(s): the undealt cards of the "
                    f"shoe hold it {held[card]} time(s)",
                    paragraph="633a.3(a)",
                )
        rest = list(undealt)
        for card in cards:
            rest.remove(card)  # the copy nearest the top
        self._stack[self._next :] = [*rest[:burns], *cards, *rest[burns:]]

    def burn(self, paragraph: str) -> None:
        card = self.take()
        self.discards.append(card)  # 633a.7(c), 633a.14(f): face down into the discard rack
        self.burned.append(card)
        self._log(CardBurned(pile=self.name, card=str(card), paragraph=paragraph))

    def _log(self, step: ShoeStep) -> None:
        self._owner._record(step)

    def _take_discards(self) -> list[Card]:
        cards = self.discards + self.segregated
        self.discards, self.segregated, self.burned = [], [], []
        return cards

    def collect(self) -> list[Card]:
        """Empty shoe, discard rack and segregated area for a reshuffle (633a.7(e)(1)-(2))."""
        cards = self.remaining + self._take_discards()
        self._stack, self._next, self._cover_at = [], 0, None
        self.cover_card_reached = False
        return cards

    def _reshuffle_discards(self) -> None:
        # 633a.14(f): the shoe ran out mid-round. Only the discard rack (or segregated area) is
        # shuffled, cut, given a cover card and burned; the cards on the table stay there.
        if len(self.discards) + len(self.segregated) < 2:
            raise ShoeExhaustedError(
                "no cards left in the shoe and too few in the discard rack to continue the round",
                paragraph="633a.14(f)",
            )
        cards = self._take_discards()
        self._log(ShoeRefilled(pile=self.name, discards=len(cards), paragraph="633a.14(f)"))
        self.shuffle(cards, "633a.14(f)")
        self.load(cards, burn="633a.14(f)")


class DealingShoe(ABC):
    """What every shoe shares: round bookkeeping, accounting and the event log.

    Every card of a round is dealt from it (633a.7(a)): the stacked cards are loaded into it
    once shuffled and cut (633a.5); the hand-dealt game's deck, held in the dealer's hand
    (633a.12(b)(3)), is a single shoe here.

    Between any two calls the cards in `locations()` plus the caller's table cards are exactly
    `total_cards`, the full set (`audit()` checks it). For a single shoe and a continuous shuffler
    that is `len(remaining) + len(discards) + len(table) == total_cards`; a batch shuffler adds
    the batch in the device and a double shoe a determinant card waiting to be the first card.
    `discards` counts burn cards and a double shoe's segregated cards.

    `burned` holds the burn cards now in the discard rack: it is emptied whenever the discard
    rack is shuffled back in (a full reshuffle or 633a.14(f)). The event log keeps every burn.

    `steps` is the log as events of a table's stream and `events` the same log as `ShoeEvent`s;
    `sealed` holds each shuffled order (house only); `listener`, when set, hears each step as
    it is taken (a table puts them in its stream).
    """

    total_cards: int
    _burn: str | None = "633a.7(c)"  # the burn card after each full shuffle, if any

    def __init__(self, total_cards: int, random: RandomSource) -> None:
        self.total_cards = total_cards
        self.random = random
        self.events: list[ShoeEvent] = []
        self.steps: list[ShoeStep] = []
        self.sealed: list[dict[str, Any]] = []
        self.listener: Callable[[ShoeStep], None] | None = None
        self._on_table: list[Card] = []
        self._in_round = False

    def _record(self, step: ShoeStep) -> None:
        self.steps.append(step)
        self.events.append(step.legacy())
        _logger.debug("shoe step %s", step)
        if self.listener is not None:
            self.listener(step)

    def _seal(self, cards: Sequence[Card], pile: str | None, paragraph: str) -> None:
        """Commit to the order just shuffled and keep it sealed for the house."""
        order = [str(card) for card in cards]
        salt = new_salt(self.random)
        number = len(self.sealed) + 1
        self.sealed.append(sealed_record(number, order, salt))
        self._record(
            ShoeShuffled(
                pile=pile,
                count=len(order),
                shuffle=number,
                commitment=commitment(salt, order),
                paragraph=paragraph,
            )
        )

    @abstractmethod
    def _piles(self) -> tuple[_Pile, ...]: ...

    def _table_pile(self) -> _Pile:
        return self._piles()[0]

    def _deal(self) -> Card:
        return self._table_pile().take()

    def _renew(self, pile: _Pile, paragraph: str) -> None:
        """Collect all of `pile`'s cards, reshuffle and reload it (633a.7(e)(1), (3))."""
        cards = pile.collect()  # 633a.7(e)(1): the cards left in the shoe go to the discard rack
        pile.shuffle(cards, paragraph)  # 633a.7(e)(3): shuffled so they are randomly intermixed
        pile.load(cards, burn=self._burn)  # 633a.5(d) cut and cover card, 633a.7(c) burn

    # --- accounting --------------------------------------------------------------------------

    @property
    def remaining(self) -> list[Card]:
        """Cards still in the shoe in dealing order (a double shoe: red side, then black)."""
        return [card for pile in self._piles() for card in pile.remaining]

    @property
    def discards(self) -> list[Card]:
        """The discard rack, burn cards included, and any segregated cards (633a.7(e)(2))."""
        return [card for pile in self._piles() for card in pile.discards + pile.segregated]

    @property
    def segregated(self) -> list[Card]:
        """Determinant cards set aside in a double shoe (633a.7(d)(2)); empty elsewhere."""
        return [card for pile in self._piles() for card in pile.segregated]

    @property
    def burned(self) -> list[Card]:
        return [card for pile in self._piles() for card in pile.burned]

    @property
    def cover_card_reached(self) -> bool:
        """True from the cover card's appearance until the reshuffle after that round."""
        return any(pile.cover_card_reached for pile in self._piles())

    @property
    def on_table(self) -> list[Card]:
        """Cards dealt by `draw()` this round and not yet returned by `end_round`."""
        return list(self._on_table)

    @property
    def in_round(self) -> bool:
        return self._in_round

    def locations(self) -> dict[str, list[Card]]:
        """Every place the shoe holds cards; with the table's cards they make `total_cards`."""
        return {"remaining": self.remaining, "discards": self.discards}

    def audit(self, table_cards: Sequence[Card] | None = None) -> None:
        """Raise ShoeError unless every card is accounted for (633a.7(e)(1)).

        `table_cards` defaults to the cards this shoe dealt in the current round.
        """
        held = [card for cards in self.locations().values() for card in cards]
        held += self._on_table if table_cards is None else list(table_cards)
        expected = _full_count(self.total_cards)
        if len(held) != self.total_cards or Counter(held) != expected:
            missing = sorted(map(str, (expected - Counter(held)).elements()))
            extra = sorted(map(str, (Counter(held) - expected).elements()))
            raise ShoeError(
                f"{len(held)} cards accounted for of {self.total_cards}; missing {missing}, "
                f"extra {extra}",
                paragraph="633a.7(e)(1)",
            )

    # --- the CardSource protocol ---------------------------------------------------------------

    def _require_between_rounds(self, action: str) -> None:
        if self._in_round:
            raise ShoeError(f"cannot {action} during a round: call end_round first")

    def begin_round(self) -> None:
        self._require_between_rounds("begin a round")
        self._start()
        self._in_round = True

    def _start(self) -> None:
        return None

    def draw(self, destination: Destination | None = None) -> Card:
        if not self._in_round:
            raise ShoeError("draw outside a round: call begin_round first")
        card = self._deal()
        self._on_table.append(card)
        return card

    def end_round(self, table_cards: Sequence[Card]) -> None:
        """Take the round's cards (exactly those drawn) into the discard rack (633a.7(s))."""
        if not self._in_round:
            raise ShoeError("end_round without begin_round")
        cards = list(table_cards)
        if Counter(cards) != Counter(self._on_table):
            raise ShoeError(
                f"end_round got {[str(c) for c in cards]} but the round dealt "
                f"{[str(c) for c in self._on_table]}: every dealt card goes to the discard rack",
                paragraph="633a.7(s)",
            )
        self._in_round, self._on_table = False, []
        self._finish(cards)

    def _finish(self, table_cards: list[Card]) -> None:
        self._table_pile().discards.extend(table_cards)  # 633a.7(s)
        for pile in self._piles():
            if pile.cover_card_reached:
                self._renew(pile, "633a.7(e)(3)")  # 633a.5(f), 633a.7(e): reshuffle after the round

    def change_dealer(self) -> None:
        """A new dealer burns one card before dealing (633a.7(c))."""
        self._require_between_rounds("change dealer")
        self._table_pile().burn("633a.7(c)")

    def stack(self, cards: Sequence[Card], *, burns: int = 0) -> None:
        """Test mode: the next round deals `cards`, in order, after the `burns` cards it burns
        first (the hand-dealt game's 633a.12(b)(5) burn). They are taken out of the undealt
        cards of the pile the next round deals from; the other undealt cards keep their order.
        Each must be among the undealt cards, counted with multiplicity (a card dealt, burned or
        in the discard rack is not). A single shoe and a batch shuffler stack the shoe in play
        (a batch shuffler's other batch, in the device, is not dealt from and is not used); a
        continuous shuffler stacks the cards in the device, which it reshuffles after the round
        (633a.5(h)). A double shoe refuses: see `DoubleShoe.stack`. Refused, nothing changes.
        """
        self._require_between_rounds("stack cards")
        self._table_pile().stack(cards, burns=burns)

    def burn_before_round(self, paragraph: str) -> None:
        """Burn one card between rounds: the hand-dealt game does so before every round
        (633a.12(b)(5))."""
        self._require_between_rounds("burn a card")
        self._table_pile().burn(paragraph)

    def reshuffle(self) -> None:
        """A reshuffle directed by a floorperson after any round (633a.5(a), 633a.5(f)).

        A batch shuffler swaps batches; a double shoe reshuffles both sides.
        """
        self._require_between_rounds("reshuffle")
        for pile in self._piles():
            self._renew(pile, "633a.5(f)")


class Shoe(DealingShoe):
    """A single dealing shoe of 1 to 8 decks (633a.3(a)) with a cover card and a burn card.

    `cut` fixes the opening cut (cards above the cut, 633a.5(d)); later cuts are random.

    >>> from tablegames.core.rng import SeededRandom
    >>> Shoe(2, random=SeededRandom.from_seed(3), penetration=0.5).events[2].detail
    '52 in front, 52 behind'
    >>> Shoe(9, random=SeededRandom.from_seed(3))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablegames.core.errors.ShoeError: 9 decks in a dealing shoe: must be 1 to 8 (58 Pa. Code ...)
    """

    def __init__(
        self,
        decks: int,
        *,
        random: RandomSource,
        penetration: float = MAX_PENETRATION,
        cut: int | None = None,
        player_cut: bool = False,
    ) -> None:
        self.decks = _check_count(decks, 1, MAX_DECKS, "decks in a dealing shoe", "633a.3(a)")
        super().__init__(self.decks * DECK_SIZE, random)
        if cut is not None:  # 633a.5(d): at least ten cards from the top or bottom
            _check_count(cut, *cut_range(self.total_cards), "cards above the cut", "633a.5(d)")
        self._shoe = _Pile(None, _check_penetration(penetration), self)
        # 633a.5(b): with `player_cut` each shuffled stack waits here, committed, until it is
        # cut (`cut`); the table offers that cut to a player.
        self._player_cut = player_cut
        self._to_cut: list[Card] | None = None
        cards = standard_decks(self.decks)
        self._shoe.shuffle(cards, "633a.5(a)")
        self._stack_shuffled(cards, cut)

    def _piles(self) -> tuple[_Pile, ...]:
        return (self._shoe,)

    def _stack_shuffled(self, cards: list[Card], cut: int | None = None) -> None:
        if self._player_cut and cut is None:
            self._to_cut = cards
        else:
            self._shoe.load(cards, burn=self._burn, cut=cut)

    @property
    def cut_pending(self) -> bool:
        """Whether the shuffled stack waits for its cut (633a.5(b)); nothing is dealt until."""
        return self._to_cut is not None

    def cut(self, position: int | None) -> None:
        """633a.5(b), (d): cut the waiting stack `position` cards from the top (at least ten
        from either end; None: a cut the table draws), place the cover card, load the shoe and
        burn its first card (633a.7(c)). Refused (ShoeError), nothing changes."""
        self._require_between_rounds("cut the cards")
        if self._to_cut is None:
            raise ShoeError("no shuffled stack is waiting to be cut", paragraph="633a.5(b)")
        if position is not None:  # 633a.5(d): at least ten cards from the top or bottom
            _check_count(
                position, *cut_range(len(self._to_cut)), "cards above the cut", "633a.5(d)"
            )
        cards, self._to_cut = self._to_cut, None
        self._shoe.load(cards, burn=self._burn, cut=position)

    def _renew(self, pile: _Pile, paragraph: str) -> None:
        cards = [*(self._to_cut or []), *pile.collect()]  # 633a.7(e)(1): every card collected
        self._to_cut = None
        pile.shuffle(cards, paragraph)  # 633a.7(e)(3): shuffled so they are randomly intermixed
        self._stack_shuffled(cards)

    def locations(self) -> dict[str, list[Card]]:
        return {**super().locations(), "to_cut": list(self._to_cut or [])}

    def begin_round(self) -> None:
        if self._to_cut is not None:
            raise ShoeError("the shuffled cards are not cut yet", paragraph="633a.5(b)")
        super().begin_round()

    def change_dealer(self) -> None:
        # 633a.7(c): a stack waiting for its cut is burned from once it is loaded; the new
        # dealer's burn is that one.
        if self._to_cut is None:
            super().change_dealer()

    def stack(self, cards: Sequence[Card], *, burns: int = 0) -> None:
        if self._to_cut is not None:
            raise ShoeError(
                "the shuffled cards wait for their cut: cut them, then stack", paragraph="633a.5(b)"
            )
        super().stack(cards, burns=burns)


class DoubleShoe(DealingShoe):
    """A double shoe: two sides with the same number of decks and their own cover cards (633a.3(c)).

    Hearts and diamonds select the "red" side, spades and clubs the "black" side (633a.7(d)(1)).
    The determinant card is drawn from the two sides alternately, starting with red. There is
    no burn card on a shuffle or dealer change: 633a.7(d) replaces 633a.7(c). A 633a.14(f)
    refill still burns one card, as 633a.14(f) itself requires.

    >>> from tablegames.core.rng import SeededRandom
    >>> shoe = DoubleShoe(2, random=SeededRandom.from_seed(5))
    >>> shoe.total_cards, len(shoe.remaining), shoe.burned
    (208, 208, [])
    """

    _burn = None  # 633a.7(d): in lieu of the burn card of 633a.7(c)

    def __init__(
        self, decks_per_side: int, *, random: RandomSource, penetration: float = MAX_PENETRATION
    ) -> None:
        per_side = _check_count(
            decks_per_side, 1, MAX_DECKS // 2, "decks per side of a double shoe", "633a.3(c)"
        )
        super().__init__(2 * per_side * DECK_SIZE, random)
        cover = _check_penetration(penetration)
        self.decks_per_side = per_side
        self._sides: dict[Side, _Pile] = {}
        for side in ("red", "black"):
            pile = _Pile(side, cover, self)
            cards = standard_decks(per_side)  # 633a.3(c): the same number of decks each side
            pile.shuffle(cards, "633a.5(a)")  # 633a.4(d): each side mixed separately
            pile.load(cards, burn=None)  # 633a.7(d): in lieu of the burn card of 633a.7(c)
            self._sides[side] = pile
        self._next_determinant: Side = "red"
        self._selected: Side = "red"
        self._first: Card | None = None

    @property
    def selected_side(self) -> Side:
        """The side the current (or last) round is dealt from."""
        return self._selected

    def side(self, side: Side) -> PileState:
        return self._sides[side].state()

    def locations(self) -> dict[str, list[Card]]:
        places = super().locations()
        places["determinant"] = [] if self._first is None else [self._first]
        return places

    def _piles(self) -> tuple[_Pile, ...]:
        return self._sides["red"], self._sides["black"]

    def _table_pile(self) -> _Pile:
        return self._sides[self._selected]

    def _start(self) -> None:
        # 633a.7(d)(1): a determinant card from either side; its suit selects the round's side.
        drawn_from = self._next_determinant
        self._next_determinant = "black" if drawn_from == "red" else "red"
        pile = self._sides[drawn_from]
        card = pile.take()
        selected: Side = "red" if card.suit.is_red else "black"
        pile._log(
            DeterminantDrawn(
                pile=pile.name, card=str(card), selects=selected, paragraph="633a.7(d)(1)"
            )
        )
        pile._log(SideSelected(pile=pile.name, side=selected, paragraph="633a.7(d)(1)"))
        self._selected = selected
        if selected == drawn_from:
            self._first = card  # 633a.7(d)(2): it becomes the player's first card
        else:
            pile.segregated.append(card)  # 633a.7(d)(2): set aside in the segregated area
            pile._log(
                DeterminantSegregated(pile=pile.name, card=str(card), paragraph="633a.7(d)(2)")
            )

    def _deal(self) -> Card:
        if self._first is not None:
            card, self._first = self._first, None
            return card
        return self._sides[self._selected].take()

    def _finish(self, table_cards: list[Card]) -> None:
        if self._first is not None:  # a round that dealt no card: the determinant card is discarded
            self._sides[self._selected].discards.append(self._first)
            self._first = None
        # 633a.7(e)(2)-(3): only a side whose cover card appeared is collected (its shoe, discard
        # rack and segregated area) and reshuffled, with no burn card (633a.7(d)).
        super()._finish(table_cards)

    def stack(self, cards: Sequence[Card], *, burns: int = 0) -> None:
        """Refused (ShoeError): the side the next round deals from is chosen by its determinant
        card, drawn as the round begins (633a.7(d)(1)), and that card may itself become the
        first card dealt (633a.7(d)(2)); which pile to stack cannot be known between rounds."""
        self._require_between_rounds("stack cards")
        raise ShoeError(
            "stacking is not offered for the double shoe: the determinant card drawn as the "
            "round begins chooses the side it deals from",
            paragraph="633a.7(d)(1)",
        )

    def change_dealer(self) -> None:
        """Nothing to do: the new-dealer burn card of 633a.7(c) does not apply (633a.7(d))."""
        self._require_between_rounds("change dealer")


class BatchShoe(DealingShoe):
    """An automated shuffler with two batches of `decks` decks each (633a.3(b)).

    `decks` is the number of decks in the dealing shoe; each batch has that many, so the table
    has `2 * decks * 52` cards. One batch is dealt while the other waits, shuffled, in the device;
    after a round in which the cover card appeared the batch in play (shoe, discard rack and table)
    goes into the shuffler and the other comes out, is cut, gets its cover card and is burned.

    >>> from tablegames.core.rng import SeededRandom
    >>> shoe = BatchShoe(2, random=SeededRandom.from_seed(8))
    >>> shoe.total_cards, shoe.batch_in_play, len(shoe.in_shuffler)
    (208, 'A', 104)
    >>> [(event.kind, event.pile) for event in shoe.events][:2]
    [('shuffle', 'B'), ('shuffle', 'A')]
    """

    def __init__(
        self, decks: int, *, random: RandomSource, penetration: float = MAX_PENETRATION
    ) -> None:
        self.decks = _check_count(decks, 1, MAX_DECKS, "decks in a dealing shoe", "633a.3(a)")
        super().__init__(2 * self.decks * DECK_SIZE, random)  # 633a.3(b)(1): two equal batches
        # The pile is the dealing shoe; its name is the batch now in it. 633a.4(e): each batch
        # is shuffled separately; batch B is stored shuffled in the device (633a.3(b)(3)).
        self._shoe = _Pile("B", _check_penetration(penetration), self)
        self._in_shuffler = standard_decks(decks)
        self._shoe.shuffle(self._in_shuffler, "633a.3(b)(3)")
        self._shoe.name, self._waiting = "A", "B"
        batch_a = standard_decks(decks)
        self._shoe.shuffle(batch_a, "633a.5(a)")
        self._shoe.load(batch_a, burn="633a.7(c)")

    @property
    def batch_in_play(self) -> str:
        return self._shoe.name or "A"

    @property
    def in_shuffler(self) -> list[Card]:
        return list(self._in_shuffler)

    def locations(self) -> dict[str, list[Card]]:
        return {**super().locations(), "shuffler": self.in_shuffler}

    def _piles(self) -> tuple[_Pile, ...]:
        return (self._shoe,)

    def _renew(self, pile: _Pile, paragraph: str) -> None:
        outgoing = pile.collect()  # 633a.3(b)(5): the whole batch leaves the discard rack
        pile.shuffle(outgoing, "633a.3(b)(3)")  # shuffled and stored inside the device
        incoming, self._in_shuffler = self._in_shuffler, outgoing
        pile.name, self._waiting = self._waiting, pile.name or "A"
        pile._log(
            BatchSwapped(pile=pile.name, into_shuffler=self._waiting, paragraph="633a.3(b)(4)")
        )
        pile.load(incoming, burn="633a.7(c)")  # 633a.5(d) cut and cover card, 633a.7(c) burn


class ContinuousShuffler(DealingShoe):
    """A continuous shuffling device (633a.5(h)): no cut, no cover card, reshuffled every round.

    One card is burned when the device is first loaded (633a.7(c)), not after each round's
    reshuffle; a new dealer still burns one (633a.7(c)). After each round the table cards and the
    discard rack go back into the device and all its cards are shuffled.

    >>> from tablegames.core.rng import SeededRandom
    >>> csm = ContinuousShuffler(6, random=SeededRandom.from_seed(2))
    >>> [event.kind for event in csm.events], csm.cover_card_reached
    (['shuffle', 'burn'], False)
    """

    _burn = None  # burned once, when first loaded

    def __init__(self, decks: int, *, random: RandomSource) -> None:
        self.decks = _check_count(decks, 1, MAX_DECKS, "decks in a dealing shoe", "633a.3(a)")
        super().__init__(self.decks * DECK_SIZE, random)
        self._device = _Pile(None, None, self)  # 633a.5(h): no cut, no cover card
        cards = standard_decks(self.decks)
        self._device.shuffle(cards, "633a.5(h)")
        self._device.load(cards, burn="633a.7(c)")

    def _piles(self) -> tuple[_Pile, ...]:
        return (self._device,)

    def _finish(self, table_cards: list[Card]) -> None:
        self._device.discards.extend(table_cards)
        self._renew(self._device, "633a.5(h)")  # 633a.5(h): every card it holds is reshuffled


def make_shoe(
    kind: ShoeKind,
    decks: int,
    *,
    random: RandomSource,
    penetration: float,
    player_cut: bool = False,
) -> DealingShoe:
    """Build the shoe a Rules Submission names. `decks` is the number in the dealing shoe.

    A double shoe splits `decks` evenly between its sides (633a.3(c)), so `decks` must be even.
    A batch shuffler has two batches of `decks` each (633a.3(b)). A continuous shuffler ignores
    `penetration` (633a.5(h): no cover card).

    >>> from tablegames.core.rng import SeededRandom
    >>> type(make_shoe("double_shoe", 6, random=SeededRandom.from_seed(0), penetration=0.7))
    <class 'tablegames.blackjack.shoe.DoubleShoe'>
    """
    if kind == "shoe":
        return Shoe(decks, random=random, penetration=penetration, player_cut=player_cut)
    if kind == "double_shoe":
        if isinstance(decks, bool) or not isinstance(decks, int) or decks % 2:
            raise ShoeError(
                f"a double shoe of {decks!r} decks: each side needs the same number of decks",
                paragraph="633a.3(c)",
            )
        return DoubleShoe(decks // 2, random=random, penetration=penetration)
    if kind == "batch_shuffler":
        return BatchShoe(decks, random=random, penetration=penetration)
    if kind == "continuous_shuffler":
        return ContinuousShuffler(decks, random=random)
    raise ShoeError(f"no shoe kind {kind!r}: use one of {', '.join(get_args(ShoeKind))}")
