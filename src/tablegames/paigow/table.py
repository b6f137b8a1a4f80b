"""A Pai Gow Poker table on the table protocol (`core.table.GameTable`): its stream, the deck
committed before each round's wagers, the betting window, the round in progress, the meter.

One deck of 53 cards deals every round (42 Pa.B. 2922). The next round's deck is shuffled and
its commitment logged (`deck_shuffled`; the order is the house's sealed record, `core.seal`)
before that round's wagers open, so no wager or decision can move a card (issue 16). The
starting position is drawn once no more bets is called (645a.5): from the table's random
number generator (1-7) or three dice, whose faces come from the same scaled source
(`core.rng`). In test mode the next deal's cards and starting position can be stacked
(`stack`); the stacking is logged (how many cards, never which) and sealed.

A table is rebuilt from its stream (`PaiGowGame.restore_table`, `replay`) by playing the
stream's own inputs again through the same methods: a `Script` supplies each shuffle's order
(from the sealed record, or for a replay from the round's own dealt cards) and each round's
starting position from the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from tablegames.core.cards import CardOrJoker
from tablegames.core.errors import IllegalActionError, ScenarioError, TableGamesError
from tablegames.core.events import Event, stamped
from tablegames.core.inputs import MAX_CENTS
from tablegames.core.rng import RandomSource, SecureRandom, pai_gow_start_dice, pai_gow_start_rng
from tablegames.core.seal import commitment, new_salt, sealed_record
from tablegames.core.table import Betting, Command, Offer
from tablegames.paigow.betting import BankHistory, PaiGowBetting
from tablegames.paigow.cards import DECK_SIZE, deck, parse_hand
from tablegames.paigow.dealing import DICE
from tablegames.paigow.events import (
    CardsStacked,
    DeckChanged,
    DeckShuffled,
    HistoryStacked,
    MeterChanged,
    ShufflerOrdered,
    StartingPosition,
    TableOpened,
)
from tablegames.paigow.payouts import BANK, CO_BANK
from tablegames.paigow.progressive import PROGRESSIVE
from tablegames.paigow.round import PaiGowRound
from tablegames.paigow.rules import PaiGowRules

CHANGE_DECK: Final = "change_deck"
SHUFFLER_FAILED: Final = "shuffler_failed"
SHUFFLER_REPAIRED: Final = "shuffler_repaired"
ORDERS: Final = (CHANGE_DECK, SHUFFLER_FAILED, SHUFFLER_REPAIRED)
# 645a.9: dealt from the hand with a shuffler that fails, play goes on only from a dealing
# shoe (42 Pa.B. 2922): a manual one (645a.8) or an automated one (645a.10).
FALLBACKS: Final = ("manual_shoe", "automated_shoe")
STACK_KEYS: Final = frozenset({"cards", "start", "dice", "last_dealer_round", "meter"})


@dataclass(slots=True)
class Script:
    """Inputs a rebuilt table takes from its log instead of its random source."""

    orders: dict[int, tuple[list[CardOrJoker], str]] = field(default_factory=dict)
    starts: dict[int, StartingPosition] = field(default_factory=dict)


@dataclass(slots=True)
class Stacked:
    """Test mode: the next deal's leading cards and its starting position, as stacked."""

    cards: list[CardOrJoker]
    start: StartingPosition | None


class PaiGowGameTable:
    """One Pai Gow Poker table: what outlives a round."""

    def __init__(
        self, rules: PaiGowRules, *, random: RandomSource, script: Script | None = None
    ) -> None:
        self.rules = rules
        self._random = random
        self._script = script or Script()
        self.game_events: list[Event] = []
        self._sealed: list[dict[str, Any]] = []
        self.round_number = 0
        self.history = BankHistory()
        self.meter = (rules.progressive_initial or 0) if rules.progressive else 0
        self.seeded_stream = False
        self._shuffles = 0
        self._stackings = 0
        self._order: list[CardOrJoker] = []
        self._stacked: Stacked | None = None
        self._current: PaiGowRound | None = None
        self._shuffler_out = False  # 645a.9: the automated shuffler out of order
        self._fallback: str | None = None  # the dealing shoe used meanwhile, when dealt by hand
        self._deck_label: str | None = None  # the deck in play, with alternating decks
        self.log(TableOpened.of(rules.model_dump(mode="json")))
        self._shuffle()

    # -- the stream -------------------------------------------------------------------------

    def log(self, event: Event) -> None:
        self.game_events.append(event)

    @property
    def _seeded(self) -> bool:
        return self.seeded_stream or not self._random.is_live

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(stamped(list(self.game_events), self._seeded))

    def events_after(self, count: int) -> list[Event]:
        return stamped(self.game_events[count:], self._seeded)

    @property
    def sealed(self) -> tuple[Mapping[str, Any], ...]:
        return tuple(self._sealed)

    @property
    def meters(self) -> dict[str, int]:
        return {PROGRESSIVE: self.meter} if self.rules.progressive else {}

    def between_rounds_offers(self, spot: int, seated: Sequence[int]) -> tuple[Offer, ...]:
        return ()  # the deck is not cut here (645a.5's cut text was not found)

    def between_rounds(self, command: Command, seated: Sequence[int]) -> None:
        raise IllegalActionError(
            f"{command.action!r} is not taken between rounds at this table: place bets"
        )

    @property
    def round_orders(self) -> frozenset[str]:
        return frozenset()  # the table's own random source deals: orders wait for the round

    @property
    def current(self) -> PaiGowRound | None:
        return self._current

    # -- shuffles, stacking, orders ---------------------------------------------------------

    def _shuffle(self) -> None:
        """The next deck, committed now: before the wagers of the round it deals."""
        self._shuffles += 1
        forced = self._script.orders.get(self._shuffles)
        if forced is not None:
            order, logged = forced
        else:
            order = deck()
            self._random.shuffle(order)
            salt = new_salt(self._random)
            codes = [str(card) for card in order]
            logged = commitment(salt, codes)
            self._sealed.append(sealed_record(self._shuffles, codes, salt))
        self._order = list(order)
        if self.rules.alternating_decks and not self._shuffler_out:
            # Two decks with backs of different colours, used alternately with the shuffler
            # (the 633a.3(b) pattern; digest 4): the deck not in play is in the device. With
            # the shuffler out of order the deck in play is shuffled by hand and stays.
            self._deck_label = "B" if self._deck_label == "A" else "A"
        self.log(
            DeckShuffled(
                shuffle=self._shuffles, commitment=logged, deck=self._deck_label, paragraph="645a.5"
            )
        )

    def stack(self, outcomes: Mapping[str, Any]) -> None:
        """Test mode, between rounds: `{"cards": [...], "start": 1-7 | "dice": [a, b, c],
        "last_dealer_round": {"player": cents}}`: the next deal's first cards (the rest of the
        committed deck follows in its order), its starting number, and each player's main
        wager in the last round the dealer banked (banking eligibility). Refused, nothing
        changes."""
        if self._current is not None:
            raise IllegalActionError("the cards cannot be stacked during a round")
        stacked = self.read_stacking(outcomes)
        history = outcomes.get("last_dealer_round")
        if history is not None:
            if not isinstance(history, Mapping) or not all(
                isinstance(name, str)
                and isinstance(cents, int)
                and not isinstance(cents, bool)
                and cents > 0
                for name, cents in history.items()
            ):
                raise ScenarioError("last_dealer_round maps each player to a wager in cents")
            self.history.dealer_round_wagers = dict(history)
            self.log(HistoryStacked(dealer_round=dict(history), paragraph="test mode"))
        meter = outcomes.get("meter")
        if meter is not None:
            if not self.rules.progressive:
                raise ScenarioError("this table offers no progressive wager: it has no meter")
            if isinstance(meter, bool) or not isinstance(meter, int) or not 0 <= meter <= MAX_CENTS:
                shown = repr(meter)[:40]
                raise ScenarioError(
                    f"'meter' is a whole number of cents from 0 to {MAX_CENTS}, not {shown}"
                )
            self.restack_meter(
                MeterChanged(
                    wager=PROGRESSIVE,
                    before=self.meter,
                    after=meter,
                    reason="stacked",
                    paragraph="test mode",
                )
            )
        if stacked.cards or stacked.start is not None:
            self._stackings += 1
            salt = new_salt(self._random if self._random.is_live else SecureRandom())
            codes = [str(card) for card in stacked.cards]
            self._sealed.append(
                {
                    "stacking": self._stackings,
                    "cards": codes,
                    "salt": salt.hex(),
                    "start": None if stacked.start is None else stacked.start.to_json(),
                }
            )
            self.log(
                CardsStacked(
                    stacking=self._stackings,
                    count=len(codes),
                    commitment=commitment(salt, codes),
                    paragraph="test mode",
                )
            )
            self._apply_stacking(stacked)

    def restack(self, event: CardsStacked, stacked: Stacked) -> None:
        """A rebuilt table's stacking, as its log and sealed record hold it."""
        self._stackings = event.stacking
        self.log(event)
        self._apply_stacking(stacked)

    def restack_history(self, event: HistoryStacked) -> None:
        self.history.dealer_round_wagers = dict(event.dealer_round)
        self.log(event)

    def restack_meter(self, event: MeterChanged) -> None:
        self.meter = event.after
        self.log(event)

    def _apply_stacking(self, stacked: Stacked) -> None:
        if stacked.cards:
            chosen = {str(card) for card in stacked.cards}
            self._order = [*stacked.cards, *(c for c in self._order if str(c) not in chosen)]
        self._stacked = stacked

    def read_stacking(self, outcomes: Mapping[str, Any]) -> Stacked:
        """A stacking read strictly (ScenarioError naming what is wrong); nothing changes."""
        if not isinstance(outcomes, Mapping):
            raise ScenarioError("a Pai Gow Poker stacking is a JSON object")
        unknown = sorted(str(key) for key in outcomes if key not in STACK_KEYS)
        if unknown:
            raise ScenarioError(
                f"Pai Gow Poker stacks {', '.join(sorted(STACK_KEYS))}, not {unknown[0]!r}"
            )
        texts = outcomes.get("cards", [])
        if not isinstance(texts, list) or len(texts) > DECK_SIZE:
            raise ScenarioError(f"'cards' is a list of at most {DECK_SIZE} cards")
        cards = parse_hand(texts, size=len(texts)) if texts else []
        start = None
        if "start" in outcomes and "dice" in outcomes:
            raise ScenarioError("stack a starting number or dice, not both")
        if "start" in outcomes:
            number = outcomes["start"]
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 7:
                raise ScenarioError(f"'start' is a random number 1-7, not {number!r}")
            start = self._start_event("rng", (), number)
        elif "dice" in outcomes:
            dice = outcomes["dice"]
            if (
                not isinstance(dice, list)
                or len(dice) != DICE
                or not all(
                    isinstance(die, int) and not isinstance(die, bool) and 1 <= die <= 6
                    for die in dice
                )
            ):
                raise ScenarioError(f"'dice' is a list of three dice 1-6, not {dice!r}")
            start = self._start_event("dice", tuple(dice), sum(dice))
        return Stacked(cards=cards, start=start)

    @property
    def dealing_procedure(self) -> str:
        """The procedure the next round is dealt by: the filed one, or while the shuffler is
        out of order the dealing shoe the floorperson named (645a.9)."""
        return self._fallback or self.rules.dealing_procedure

    def order(self, name: str, args: Mapping[str, Any]) -> None:
        """A floorperson's order between rounds, each with `{"by": NAME}` optional:
        `change_deck` (645a.3(c)(2): the cards are changed at least every 8 hours; the new
        deck is shuffled and committed at once); `shuffler_failed` with `{"procedure":
        "manual_shoe" | "automated_shoe"}` where the filed procedure deals from the hand
        (645a.9: play goes on only from a dealing shoe; elsewhere the procedure stays and the
        cards are shuffled by hand) and `shuffler_repaired`. Refused, nothing changes."""
        if self._current is not None:
            raise IllegalActionError(f"the {name} order waits for the round to end")
        if name not in ORDERS:
            raise TableGamesError(
                f"Pai Gow Poker has no floor order {name!r}: it takes {', '.join(ORDERS)}"
            )
        allowed = {"by", "procedure"} if name == SHUFFLER_FAILED else {"by"}
        unknown = sorted(set(args) - allowed)
        if unknown:
            raise TableGamesError(f"the {name} order takes {sorted(allowed)}, not {unknown}")
        by = args.get("by", "floorperson")
        if not isinstance(by, str) or not by or len(by) > 80:
            raise TableGamesError("'by' names who gave the order (at most 80 characters)")
        if name == CHANGE_DECK:
            self.log(DeckChanged(by=by, paragraph="645a.3(c)(2)"))
            self._stacked = None
            self._shuffle()
            return
        if not self.rules.automated_shuffler:
            raise TableGamesError(
                "this table files no automated shuffler (Rules Submission automated_shuffler)"
            )
        if name == SHUFFLER_REPAIRED:
            if not self._shuffler_out:
                raise TableGamesError("the shuffler is not out of order")
            self._shuffler_out, self._fallback = False, None
            self.log(
                ShufflerOrdered(
                    state="repaired", procedure=self.dealing_procedure, by=by, paragraph="645a.9"
                )
            )
            return
        if self._shuffler_out:
            raise TableGamesError("the shuffler is already out of order")
        procedure = args.get("procedure")
        if self.rules.dealing_procedure == "hand":
            if procedure not in FALLBACKS:
                raise TableGamesError(
                    "dealt from the hand, a failed shuffler leaves play to a dealing shoe: "
                    f"give 'procedure' as one of {', '.join(FALLBACKS)}",
                    paragraph="645a.9(a)(1)",
                )
            self._fallback = str(procedure)
        elif procedure is not None:
            raise TableGamesError(
                f"the table deals by {self.rules.dealing_procedure}: it goes on so, the cards "
                "shuffled by hand; 'procedure' applies to a table dealt from the hand"
            )
        self._shuffler_out = True
        self.log(
            ShufflerOrdered(
                state="failed", procedure=self.dealing_procedure, by=by, paragraph="645a.9"
            )
        )

    # -- rounds -----------------------------------------------------------------------------

    def open_betting(self) -> PaiGowBetting:
        if self._current is not None:
            raise IllegalActionError(
                f"round {self.round_number} is under way: wagers open after its settlement",
                paragraph="645a.7",
            )
        return PaiGowBetting(self.rules, self.history)

    def start_round(self, betting: Betting) -> PaiGowRound:
        """No more bets: the bets go on the layout and the hands are dealt."""
        if self._current is not None:
            raise IllegalActionError(f"round {self.round_number} is under way")
        if not isinstance(betting, PaiGowBetting):
            raise IllegalActionError("that betting window is not a Pai Gow Poker table's")
        bets = betting.bets
        if not bets:
            raise IllegalActionError(
                "no wager is on the layout: a round needs a main wager (670a.7(d) pattern)",
                paragraph="645a.7",
            )
        betting.close()
        self.round_number += 1
        start = self._draw_start()
        banker = next((bet for bet in bets if bet.primary in (BANK, CO_BANK)), None)
        dealer_wager = 0
        if banker is not None and banker.primary == BANK:
            dealer_wager = self.history.dealer_round_wagers.get(banker.player, 0)
        self._current = dealt = PaiGowRound(
            self, bets, order=self._order, start=start, dealer_wager=dealer_wager
        )
        if dealt.is_complete:
            # Every hand was set as it was dealt (a co-banker's alone): the round settled, and
            # `round_finished` shuffled the next deck, before it could be the current one.
            self._current = None
        return dealt

    def _start_event(self, method: str, dice: tuple[int, ...], number: int) -> StartingPosition:
        from tablegames.paigow.dealing import starting_position

        position = starting_position(number, self.rules.seats + 1, self.rules.count_direction)
        return StartingPosition(
            method=method, dice=dice, number=number, position=position, paragraph="645a.5"
        )

    def _draw_start(self) -> StartingPosition:
        forced = self._script.starts.get(self.round_number)
        if forced is not None:
            return forced
        if self._stacked is not None and self._stacked.start is not None:
            return self._stacked.start
        # The draws docs/rng.md lists and tests/test_rng_statistics.py checks (core.rng).
        if self.rules.starting_position == "rng":
            return self._start_event("rng", (), pai_gow_start_rng(self._random))
        # A manual or player-activated shaker (645c.2(a)): three dice from the scaled source.
        dice, _ = pai_gow_start_dice(self._random)
        method = "dice" if self.rules.starting_position == "dice" else "player_activated_dice"
        return self._start_event(method, dice, sum(dice))

    def round_finished(self, finished: PaiGowRound) -> None:
        """Banking eligibility for the next round, then the next deck shuffled and committed."""
        self.history.last_round_player_banked = finished.banker_seat != 0
        if finished.banker_seat == 0:
            self.history.dealer_round_wagers = finished.main_wagers
        self._current = None
        self._stacked = None
        self._shuffle()
