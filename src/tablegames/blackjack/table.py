"""A Blackjack table: the house rules, a shoe and progressive meters that last from round to
round, the table game system's random selections, and the table's whole event stream.

Live play must use the OS CSPRNG; a seeded source is for simulation and tests and has to be
passed explicitly.

>>> from tablegames.core.rng import SeededRandom
>>> from tablegames.blackjack.rules import Rules
>>> table = Table(Rules(), random=SeededRandom.from_seed(3))
>>> game = table.deal([BoxWager(box=1, amount=2500)])
>>> game.turn is not None or game.is_complete
True
>>> [event.kind for event in table.events][:5]
['rules_filed', 'shoe_shuffled', 'shoe_cut', 'cover_card_placed', 'card_burned']

The stream (`events`) holds, in order: the rules filed once (`rules_filed`, with the digest each
`round_started` carries), the shoe's steps (shuffles with their commitments, cuts, cover cards,
burns, reshuffles, tablegames.blackjack.shoe) and each round's events. The shoe's steps during a
round sit where they happen: the steps that begin a round (the hand-dealt game's burn, a double
shoe's determinant card) right after its `round_started`, a step taken while a card is drawn
(the cover card, a 633a.14(f) refill) just before that card's `card_dealt`, the reshuffle after
a round after its `round_completed`. `sealed` holds each shuffled order, for the house only.

In test mode the next round's cards can be stacked (`Table.stack`): the stream gets a
`cards_stacked` event saying how many (never which), and `sealed` a record of the cards,
`{"kind": "cards_stacked", "stacking": n, "cards": [codes...], "salt": hex}`, in the order the
records were made (shuffles and stackings together, so `sealed` only ever grows at its end).

A table cut off after any event of its stream is rebuilt by `Table.restore(events, sealed,
random=...)`: the same shoe position, meters and round in progress, so that the same remaining
commands give exactly the stream the table would have written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from tablegames.blackjack.actions import Action
from tablegames.blackjack.betting import BettingWindow
from tablegames.blackjack.events import (
    CardDealt,
    CardsStacked,
    CutDeclined,
    CutTaken,
    DealerChanged,
    DecisionMade,
    Event,
    ReshuffleOrdered,
    RoundStarted,
    RulesFiled,
    WageringPermitted,
    event_from_json,
)
from tablegames.blackjack.replay import LoggedRandom, round_wagers
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, rules_from_mapping
from tablegames.blackjack.shoe import DealingShoe, Shoe, cut_range, make_shoe
from tablegames.blackjack.shoe_steps import CoverCardReached, ShoeShuffled, ShoeStep
from tablegames.blackjack.sidebook import Selections, opening_meters
from tablegames.blackjack.variation import variation_of
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card, standard_deck
from tablegames.core.cardsource import Destination
from tablegames.core.errors import ScenarioError, ShoeError, WagerError
from tablegames.core.events import stamped
from tablegames.core.rng import RandomSource, pick
from tablegames.core.rulesfile import rules_digest
from tablegames.core.seal import Stacking, commitment, new_salt, open_stacking

STACKED_KIND = "cards_stacked"  # the `kind` of a stacking's sealed record

# Where a shoe step taken during a round goes in the stream (see the module docstring).
_BEGIN = -1  # a step that begins the round: after round_started
_END = -2  # a step after the round: after round_completed
# any other anchor n >= 0: a step taken while the round's card number n was drawn


class Table:
    def __init__(self, rules: Rules, *, random: RandomSource) -> None:
        self.rules = rules
        self.random = random
        self._seeded_stream = False  # restored from a seeded table's stream (`seeded`)
        record = rules_record(rules)
        # 601a.2: the Rules Submission the table plays under, once, with its digest.
        self.rules_digest = rules_digest(record)
        self._stream: list[Event] = [
            RulesFiled(rules=record, digest=self.rules_digest, paragraph="601a.2")
        ]
        self.shoe: DealingShoe = make_shoe(
            rules.shoe,
            rules.decks,
            random=random,
            penetration=rules.penetration,
            player_cut=rules.player_cut,
        )
        # 633a.5(c): why the waiting stack was shuffled ("beginning", "cover" or "floor"), the
        # box the cover card came out on (0: the dealer's hand), the boxes that declined the
        # cut since, and the box the card being drawn goes to.
        self._cut_reason = "beginning"
        self._cover_box = 0
        self._cut_declined: list[int] = []
        self._drawing_box = 0
        self._stream += self.shoe.steps
        self.shoe.listener = self._shoe_step
        self.rounds_dealt = 0
        # The filed initial amounts until the first round (633a.13(j)(2), 633a.13(l)(2)).
        self._meters: dict[str, int] = opening_meters(rules, None)
        self._last: Round | None = None
        # The round whose events are not yet folded into _stream, and its shoe steps.
        self._open: Round | None = None
        self._dealing = False
        self._anchor = _BEGIN
        self._round_steps: list[tuple[int, ShoeStep]] = []
        # Test mode: each stacking's sealed record, with how many shuffle records preceded it.
        self._stackings: list[tuple[int, dict[str, Any]]] = []
        self._stacked_waiting = False  # cards are stacked for the next round, not yet dealt
        self._logged_stackings: dict[Any, Mapping[str, Any]] = {}  # a restore's sealed records
        # 633a.6(b), when the house bars it: who may wager on the next round (None: anyone,
        # no round dealt since the shuffle), and whom the house has let back in (633a.6(b)(1)).
        self._may_wager: frozenset[str] | None = None
        self._permitted: set[str] = set()

    # --- the stream --------------------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        """The table's whole stream so far (rules filed, shoe steps, every round); each event
        marked `seeded` when the table's randomness is not live play's (issue 16)."""
        if self._open is None:
            events = self._stream + [step for _, step in self._round_steps]
        else:
            events = self._stream + self._merged(self._open)
        return stamped(events, self.seeded)

    @property
    def event_count(self) -> int:
        """`len(events)`, without building the stream: the merge puts every step of the round
        in it once."""
        if self._open is None:
            return len(self._stream) + len(self._round_steps)
        return len(self._stream) + len(self._open.events) + len(self._round_steps)

    def events_after(self, count: int) -> list[Event]:
        """`events[count:]`; the folded stream is copied only from `count` on."""
        return stamped(self._events_after(count), self.seeded)

    @property
    def seeded(self) -> bool:
        """Whether the table's stream is seeded randomness's (issue 16): its randomness is not
        live play's, or it was restored from a stream that was."""
        return self._seeded_stream or not self.random.is_live

    def _events_after(self, count: int) -> list[Event]:
        if count < len(self._stream):
            return self.events[count:]
        skip = count - len(self._stream)
        if self._open is None:
            tail: list[Event] = [step for _, step in self._round_steps]
        elif not self._round_steps and skip > 0:
            # Most calls (the live server asks after every command): no shoe step to merge in
            # and the round_started the merge rewrites already seen, so the round's own events
            # are the tail as they are.
            return self._open.events[skip:]
        else:
            tail = self._merged(self._open)
        return tail[skip:]

    @property
    def sealed(self) -> list[dict[str, Any]]:
        """The house-only sealed records, in the order they were made: each shuffled order and
        its salt (core.seal), and each stacking's cards (`stack`)."""
        shuffles = self.shoe.sealed
        records: list[dict[str, Any]] = []
        done = 0
        for before, record in self._stackings:
            records += shuffles[done:before]
            records.append(record)
            done = before
        return records + shuffles[done:]

    @property
    def current(self) -> Round | None:
        """The round in progress, or None between rounds."""
        if self._last is None or self._last.is_complete:
            return None
        return self._last

    def _shoe_step(self, step: ShoeStep) -> None:
        if isinstance(step, ShoeShuffled):
            self._may_wager = None  # 633a.6(b)(2): a reshuffle lifts every bar
            self._cut_declined = []
        elif isinstance(step, CoverCardReached):
            # 633a.5(c)(2)-(3): the card the cover card came out in front of says on whose
            # betting area it appeared (a card to the dealer: the dealer's hand).
            self._cut_reason, self._cover_box = "cover", self._drawing_box
        if self._dealing or self._open is not None:
            self._round_steps.append((self._anchor, step))
        else:
            self._stream.append(step)

    def _merged(self, game: Round) -> list[Event]:
        """The round's events with the shoe's steps where they happened."""
        if not self._round_steps:  # most rounds: no shoe step, only the rules to take out
            events = list(game.events)
            if events and isinstance(events[0], RoundStarted):
                events[0] = replace(events[0], rules=None)
            return events
        at: dict[int, list[ShoeStep]] = {}
        for anchor, step in self._round_steps:
            at.setdefault(anchor, []).append(step)
        merged: list[Event] = []
        drawn = 0
        for event in game.events:
            if isinstance(event, CardDealt):
                merged += at.pop(drawn, [])
                drawn += 1
            if isinstance(event, RoundStarted):
                # The stream filed the rules once (rules_filed): the round carries the digest.
                merged.append(replace(event, rules=None))
                merged += at.pop(_BEGIN, [])
                continue
            merged.append(event)
        # What is left: the steps after the round, and any of a draw that raised.
        for anchor in sorted(at, key=lambda anchor: (anchor == _END, anchor)):
            merged += at[anchor]
        return merged

    def _fold(self) -> None:
        """Fold a completed round (and any steps) into the stream."""
        if self._open is not None:
            self._stream += self._merged(self._open)
        else:
            self._stream += [step for _, step in self._round_steps]
        self._open, self._round_steps = None, []

    def _between_rounds(self, what: str) -> None:
        game = self.current
        if game is not None:
            raise ShoeError(f"cannot {what} during a round: round {self.rounds_dealt} is open")
        self._fold()

    # --- what outlives a round ---------------------------------------------------------------

    @property
    def meters(self) -> dict[str, int]:
        """The progressive meters now (633a.13(j)(2), 633a.13(l)(2))."""
        return dict(self._last.side.meters) if self._last is not None else dict(self._meters)

    def select(self) -> Selections:
        """The table game system's random picks for the Bad Beat bonuses (633a.13(j)(1))."""
        offer = self.rules.side_wagers.bad_beat
        if offer is None:
            return Selections()
        card = magic_card(self.random) if offer.magic_card else None
        box = lucky_box(self.random, self.rules.boxes) if offer.lucky_player else None
        return Selections(magic_card=card, lucky_box=box)

    def change_dealer(self) -> None:
        """A new dealer takes the table; the shoe burns a card where 633a.7(c) asks it to."""
        self._between_rounds("change dealer")
        self._refuse_while_stacked("change dealer", "its burn card would be a stacked card")
        self._stream.append(DealerChanged(paragraph="633a.7(c)"))
        self.shoe.change_dealer()

    def reshuffle(self) -> None:
        """A reshuffle a floorperson directs after a round (633a.5(f))."""
        self._between_rounds("reshuffle")
        self._refuse_while_stacked("reshuffle", "it would mix the stacked cards in")
        self._stream.append(ReshuffleOrdered(paragraph="633a.5(f)"))
        self._cut_reason = "floor"  # 633a.5(c)(4)
        self.shoe.reshuffle()

    # --- 633a.5(b)-(d): the cut offered to a player (house rule `player_cut`) ----------------

    @property
    def cut_pending(self) -> bool:
        """Whether the shuffled stack waits for its cut (only with `player_cut`)."""
        return isinstance(self.shoe, Shoe) and self.shoe.cut_pending

    def cut_bounds(self) -> tuple[int, int]:
        """The fewest and most cards the cut may put above it (633a.5(d))."""
        return cut_range(self.shoe.total_cards)

    def cut_offered(self, seated: Sequence[int]) -> int | None:
        """The box offered the cut now (633a.5(c)), or None (no cut waits, or every player
        entitled to it declined: the table cuts as the round is dealt, 633a.5(b)).

        `seated`: the boxes with players, in the order their players sat down. Readings: at
        an electronic table the first player arriving (633a.5(c)(1)) is the first seated; the
        player on whose betting area the cover card appeared (c)(2) is the box of the card the
        cover card came out in front of, and when that box is empty the offer goes as in (3);
        the farthest position to the dealer's right is the highest box (boxes are numbered
        from the dealer's left, 633a.7(f)) and counterclockwise is down the numbers."""
        if not self.cut_pending or self.current is not None:
            return None
        boxes = list(dict.fromkeys(seated))
        if self._cut_reason == "beginning":
            order = boxes[:1]  # (1): only the first player; if they decline, the table cuts
        elif self._cut_reason == "cover" and self._cover_box in boxes:
            order = [self._cover_box]  # (2)
        else:
            order = sorted(boxes, reverse=True)  # (3), (4): from the dealer's right
        return next((box for box in order if box not in self._cut_declined), None)

    def cut(self, box: int, position: int | None) -> None:
        """The waiting stack cut by the player at `box` `position` cards from the top, or by
        the table (`box` 0, `position` None: drawn), the cover card placed and the first card
        burned (633a.5(b), (d), 633a.7(c)). Who may cut is the caller's to check
        (`cut_offered`). Refused (ShoeError), nothing changes."""
        self._between_rounds("cut the cards")
        if not isinstance(self.shoe, Shoe) or not self.shoe.cut_pending:
            raise ShoeError("no shuffled stack is waiting to be cut", paragraph="633a.5(b)")
        if position is not None:
            low, high = self.cut_bounds()
            if isinstance(position, bool) or not low <= position <= high:
                raise ShoeError(
                    f"a cut {position!r} cards from the top: the cover card goes at least "
                    f"ten cards from the top and from the bottom ({low}-{high})",
                    paragraph="633a.5(d)",
                )
        self._stream.append(CutTaken(box=box, position=position, paragraph="633a.5(b)"))
        self.shoe.cut(position)

    def decline_cut(self, box: int) -> None:
        """The player at `box` declines the cut offered (633a.5(b)-(c)), logged."""
        self._between_rounds("decline the cut")
        if not self.cut_pending:
            raise ShoeError("no shuffled stack is waiting to be cut", paragraph="633a.5(b)")
        self._stream.append(CutDeclined(box=box, paragraph="633a.5(c)"))
        self._cut_declined.append(box)

    def barred(self, player: str) -> bool:
        """633a.6(b): the house bars a patron who sat out a round since the shuffle from
        wagering until it permits them (`permit`) or the cards are reshuffled."""
        return (
            self.rules.bar_after_sitting_out
            and self._may_wager is not None
            and player not in self._may_wager
            and player not in self._permitted
        )

    def check_may_wager(self, player: str) -> None:
        """Refuse a wager of a barred patron (633a.6(b)), naming why; nothing changes."""
        if self.barred(player):
            raise WagerError(
                f"{player} did not wager on a round since the cards were shuffled: the house "
                "bars wagering until it permits it or the cards are reshuffled",
                paragraph="633a.6(b)",
            )

    def permit(self, player: str) -> None:
        """633a.6(b)(1): the house lets a barred patron wager again (logged in the stream)."""
        self._between_rounds("permit a patron to wager")
        if not self.barred(player):
            raise WagerError(f"{player} is not barred from wagering", paragraph="633a.6(b)")
        self._stream.append(WageringPermitted(player=player, paragraph="633a.6(b)(1)"))
        self._permitted.add(player)

    def deal(self, wagers: Sequence[BoxWager], *, selections: Selections | None = None) -> Round:
        """Start a round: the wagers are checked, the cards dealt, and the round returned."""
        self._between_rounds("deal")
        for wager in wagers:
            self.check_may_wager(wager.player)  # 633a.6(b), before any card moves
        # Checked before any card moves: a refused set of wagers changes nothing.
        window = BettingWindow.all_at_once(self.rules, wagers)
        if self.cut_pending:
            self.cut(0, None)  # 633a.5(b): no player accepted the cut: the dealer cuts
        self._stacked_waiting = False  # this round deals the stacked cards
        # The picks come before the burn so that the stream logs the randomness in the order
        # it was drawn (a restore replays it in that order).
        chosen = selections if selections is not None else self.select()
        self._dealing, self._anchor = True, _BEGIN
        try:
            if variation_of(self.rules).burns_before_each_round and self.rounds_dealt:
                # 633a.12(b)(5): before each round the dealer removes the first card (the first
                # round's burn is the one after the shuffle, 633a.7(c)).
                self.shoe.burn_before_round("633a.12(b)(5)")
            game = Round(
                rules=self.rules,
                shoe=_AnchoredShoe(self),
                wagers=window,
                meters=self.meters,
                selections=chosen,
            )
        except Exception:
            self._fold()  # the steps taken stay in the stream, in order
            raise
        finally:
            self._dealing = False
        self._open = self._last = game
        self.rounds_dealt += 1
        # 633a.6(b): whoever sat this round out may not wager on the next (a reshuffle at its
        # end lifts that). A permission (633a.6(b)(1)) is for the round after it: a permitted
        # patron who wagered is one of this round's bettors, one who sat it out again is
        # barred again.
        self._may_wager = frozenset(wager.player for wager in wagers)
        self._permitted.clear()
        return game

    # --- test mode: stacking the next round's cards ----------------------------------------

    def _burns_before_next_round(self) -> int:
        # 633a.12(b)(5): the hand-dealt game burns a card before every round after the first.
        return int(variation_of(self.rules).burns_before_each_round and self.rounds_dealt > 0)

    def stack(self, cards: Sequence[Card], *, salt: bytes | None = None) -> CardsStacked:
        """Test mode: the next round deals `cards`, in this order, after the card it burns
        first if it burns one (633a.12(b)(5)). The shoe takes them out of its undealt cards and
        puts them next; the other undealt cards keep their order (`DealingShoe.stack`: a single
        shoe, a batch shuffler and a continuous shuffler stack; a double shoe refuses). Another
        stacking before that round puts its cards in front of these. A dealer change or an
        ordered reshuffle is refused until the stacked round is dealt (its burn would take a
        stacked card, its shuffle would mix them in): change the dealer first, then stack.

        The stream gets `cards_stacked` (how many, and a commitment, never the cards) and
        `sealed` the record of the cards, salted from the table's source (`salt`: a restore's
        logged one). Refused (ShoeError: during a round, too many cards, a card the undealt
        cards do not hold), nothing changes.
        """
        self._between_rounds("stack cards")
        self.shoe.stack(cards, burns=self._burns_before_next_round())
        codes = [str(card) for card in cards]
        chosen = salt if salt is not None else new_salt(self.random)
        number = len(self._stackings) + 1
        record = {"kind": STACKED_KIND, "stacking": number, "cards": codes, "salt": chosen.hex()}
        self._stackings.append((len(self.shoe.sealed), record))
        self._stacked_waiting = True
        sealed = commitment(chosen, codes)
        event = CardsStacked(stacking=number, count=len(codes), commitment=sealed)
        self._stream.append(event)
        return event

    def _refuse_while_stacked(self, what: str, why: str) -> None:
        if self._stacked_waiting:
            raise ShoeError(
                f"cannot {what} while cards are stacked for the next round: {why}; deal the "
                "stacked round first"
            )

    def _restack(self, event: CardsStacked, index: int) -> None:
        """A logged stacking taken again from its sealed record, checked against the stream."""
        cards, salt = open_stacking(
            Stacking(event.stacking, event.count, event.commitment),
            self._logged_stackings,
            field="cards",
            parse=Card.parse,
            index=index,
        )
        self.stack(cards, salt=salt)

    # --- restoring from the stream -----------------------------------------------------------

    @classmethod
    def restore(
        cls,
        events: Sequence[Event | Mapping[str, Any]],
        sealed: Sequence[Mapping[str, Any]],
        *,
        random: RandomSource,
    ) -> Table:
        """The table as its stream left it: shoe position, meters, the round in progress.

        The stream's commands (each round's wagers and selections, each decision, each dealer
        change and ordered reshuffle, each stacking with its sealed cards) are taken again on a
        new table whose shuffles come from the sealed orders (each checked against its logged
        commitment) and whose cuts come from the log; the events this produces must be the
        logged ones, else ScenarioError says which differs. A command whose events were cut off
        part way is completed. After the log, `random` draws (live play: SecureRandom).
        """
        logged = [
            item if isinstance(item, Event) else event_from_json(dict(item)) for item in events
        ]
        if not logged or not isinstance(logged[0], RulesFiled):
            raise ScenarioError("a table's stream starts with its rules_filed event")
        filed = logged[0]
        if rules_digest(filed.rules) != filed.digest:
            raise ScenarioError(
                "the rules_filed digest does not match its rules", paragraph="601a.2"
            )
        source = LoggedRandom(logged, sealed, random)
        table = cls(rules_from_mapping(filed.rules), random=source)
        # A stream a seeded table wrote stays marked, whatever draws after it.
        table._seeded_stream = any(event.seeded for event in logged)
        table._logged_stackings = {
            record.get("stacking"): record
            for record in sealed
            if record.get("kind") == STACKED_KIND
        }
        checked = 0
        while True:
            produced = table.events
            _check_same(produced, logged, checked)
            checked = min(len(produced), len(logged))
            if len(produced) >= len(logged):
                break
            table._take(logged[len(produced)], len(produced))
        if source.replaying:
            raise ScenarioError("the stream does not replay: logged shuffles or cuts are unused")
        return table

    def _take(self, event: Event, index: int) -> None:
        """Take again the command `event` (the first event a command writes) records."""
        if isinstance(event, RoundStarted):
            self.deal(round_wagers(event), selections=Selections.from_json(event.selections))
        elif isinstance(event, DecisionMade) and self.current is not None:
            self.current.act(Action(event.action), event.amount)
        elif isinstance(event, DealerChanged):
            self.change_dealer()
        elif isinstance(event, ReshuffleOrdered):
            self.reshuffle()
        elif isinstance(event, WageringPermitted):
            self.permit(event.player)
        elif isinstance(event, CardsStacked):
            self._restack(event, index)
        elif isinstance(event, CutTaken):
            self.cut(event.box, event.position)
        elif isinstance(event, CutDeclined):
            self.decline_cut(event.box)
        else:
            raise ScenarioError(
                f"event {index} ({event.kind}) follows from nothing the table was asked to do"
            )


class _AnchoredShoe:
    """The table's shoe as a round sees it: it tells the table which card each step is
    taken for, so that the stream puts the step in its place."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self._drawn = 0

    def begin_round(self) -> None:
        self._table._anchor = _BEGIN
        self._table.shoe.begin_round()

    def draw(self, destination: Destination | None = None) -> Card:
        self._table._anchor = self._drawn
        box = destination.box if destination is not None and destination.to == "box" else 0
        self._table._drawing_box = box
        card = self._table.shoe.draw(destination)
        self._drawn += 1
        return card

    def end_round(self, table_cards: Sequence[Card]) -> None:
        self._table._anchor = _END
        self._table.shoe.end_round(table_cards)


def magic_card(random: RandomSource) -> Card:
    """633a.13(j)(1): the Magic Card, one of the 52 cards of a standard deck, each equally likely
    (drawn by `core.rng`, like every live outcome)."""
    return pick(random, _DECK)


_DECK = tuple(standard_deck())  # Magic Card candidates, in the deck's fixed order


def lucky_box(random: RandomSource, boxes: int) -> int:
    """633a.13(j)(1): the Lucky Player's box, 1 to `boxes`, each equally likely."""
    return 1 + random.below(boxes)


def _check_same(produced: Sequence[Event], logged: Sequence[Event], start: int) -> None:
    for index in range(start, min(len(produced), len(logged))):
        if produced[index] != logged[index]:
            raise ScenarioError(
                f"the stream does not replay at event {index}: logged "
                f"{logged[index].to_json()}, replayed {produced[index].to_json()}"
            )


@lru_cache(maxsize=64)
def rules_record(rules: Rules) -> dict[str, Any]:
    """The rules as filed and logged (computed once per Rules; treat it as read-only)."""
    return rules.model_dump(mode="json")
