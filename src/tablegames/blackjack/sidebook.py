"""The side wagers of a round: what each box placed, and when and how each one is settled.

Timing follows the regulation: the two-card wagers right after the deal, counterclockwise from
the dealer's right (633a.7(g)); a queen of hearts or king of spades pair against a ten or ace
after the dealer's check (633a.7(g)(1), (6)); a Royal Match against a king or queen once the hole
card shows (633a.7(g)(4)); EZ Bust after the dealer's hand and before the Blackjack Wager
(633b.16(h)); Bad Beat and Hit and Run after every card is dealt (633a.7(o)).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tablegames.blackjack.hand import is_blackjack
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.side.registry import (
    PROGRESSIVE_NAMES,
    REGISTRY,
    Reads,
    SideContext,
    SideWager,
    Timing,
    settled_at,
    side_wager,
    waiting_until,
)
from tablegames.blackjack.state import BoxState, Settlement
from tablegames.core.cards import Card
from tablegames.core.errors import WagerError
from tablegames.core.paytable import PaytableLine, SideResult
from tablegames.core.sharing import (
    capped_winnings,
    equal_shares,
    proportional_shares,
)

# 633a.7(g)(1)-(8), 633a.6(e)(11)-(12): the wagers settled on the initial cards, in the order the
# paragraphs list them.
INITIAL_WAGERS = tuple(wager.name for wager in settled_at(Timing.AFTER_THE_DEAL))
# 633a.7(o): settled after all additional cards have been dealt.
FINAL_WAGERS = tuple(wager.name for wager in settled_at(Timing.AFTER_ALL_CARDS))
PROGRESSIVES = PROGRESSIVE_NAMES
PLACED_BEFORE_THE_DEAL = INITIAL_WAGERS + FINAL_WAGERS
# 633a.13(m): the lines the filed aggregate maximum applies to.
LIMITED_LINES = {(wager.name, line) for wager in REGISTRY for line in wager.limited_lines}
_EZ_BUST = side_wager("ez_bust")


@dataclass(frozen=True, slots=True)
class Selections:
    """The table game system's random picks for the Bad Beat bonuses (633a.13(j)(1))."""

    magic_card: Card | None = None
    lucky_box: int | None = None

    def to_json(self) -> dict[str, str | int | None]:
        card = None if self.magic_card is None else str(self.magic_card)
        return {"magic_card": card, "lucky_box": self.lucky_box}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Selections:
        """The picks as logged or written in a scenario: a card string and a box number."""
        if not isinstance(data, Mapping):
            raise WagerError("selections must be an object with magic_card and lucky_box")
        unknown = set(data) - {"magic_card", "lucky_box"}
        if unknown:
            raise WagerError(f"selections has unknown keys {sorted(unknown)}")
        card, box = data.get("magic_card"), data.get("lucky_box")
        if card is not None and not isinstance(card, str):
            raise WagerError(f'selections.magic_card must be a card such as "QH", not {card!r}')
        if box is not None and (not isinstance(box, int) or isinstance(box, bool)):
            raise WagerError(f"selections.lucky_box must be a box number, not {box!r}")
        return cls(magic_card=None if card is None else Card.parse(card), lucky_box=box)

    def check(self, rules: Rules) -> None:
        """633a.13(j)(1): a pick only for a bonus the house offers; the Lucky Player a box."""
        offer = rules.side_wagers.bad_beat
        if self.magic_card is not None and (offer is None or not offer.magic_card):
            raise WagerError(
                "a Magic Card is given but the house offers no Magic Card Bonus",
                paragraph="633a.13(j)(1)",
            )
        if self.lucky_box is not None:
            if offer is None or not offer.lucky_player:
                raise WagerError(
                    "a Lucky Player is given but the house offers no Lucky Player Bonus",
                    paragraph="633a.13(j)(1)",
                )
            if not 1 <= self.lucky_box <= rules.boxes:
                raise WagerError(
                    f"the Lucky Player is box {self.lucky_box}; the table has boxes "
                    f"1 to {rules.boxes}",
                    paragraph="633a.13(j)(1)",
                )


def opening_meters(rules: Rules, meters: Mapping[str, int] | None) -> dict[str, int]:
    """Progressive meters as the round opens: as given, else the filed initial amounts.

    A meter is given only for a progressive wager the house offers, in whole cents, and never
    below its filed initial and reset amount (633a.13(j)(2), 633a.13(l)(2)): a meter only grows
    from the reset.
    """
    given = dict(meters or {})
    opening: dict[str, int] = {}
    for name, amount in given.items():
        paragraph = side_wager(name).meter_paragraph if name in PROGRESSIVES else None
        if paragraph is None:
            raise WagerError(
                f"a meter is given for {name!r}, which is not a progressive wager "
                f"(those are {', '.join(PROGRESSIVES)})"
            )
        entry = getattr(rules.side_wagers, name)
        if entry is None:
            raise WagerError(
                f"a meter is given for {name}, which the house does not offer",
                paragraph="633a.6(e)",
            )
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise WagerError(f"the {name} meter must be whole cents, not {amount!r}")
        if amount < entry.reset:
            raise WagerError(
                f"the {name} meter is {amount} cents, below its filed reset of {entry.reset}",
                paragraph=paragraph,
            )
        opening[name] = amount
    for name in PROGRESSIVES:
        entry = getattr(rules.side_wagers, name)
        if entry is not None:
            opening.setdefault(name, entry.reset)
    return opening


@dataclass(slots=True)
class SideBook:
    """Every side wager of a round, keyed by (box, hand, wager)."""

    rules: Rules
    boxes: list[BoxState]
    meters: dict[str, int]
    selections: Selections = field(default_factory=Selections)
    stakes: dict[tuple[int, int, str], int] = field(default_factory=dict)
    open: set[tuple[int, int, str]] = field(default_factory=set)

    def place(self, box: int, hand: int, wager: str, stake: int) -> None:
        self.stakes[(box, hand, wager)] = stake
        self.open.add((box, hand, wager))
        if wager in PROGRESSIVES:
            entry = getattr(self.rules.side_wagers, wager)
            # 633a.13(j)(2), 633a.13(l)(2): the meter grows at the filed rate of progression.
            self.meters[wager] = (
                self.meters.get(wager, entry.reset) + stake * entry.rate_bp // 10_000
            )

    def has_open(self, wager: str) -> bool:
        return any(key[2] == wager for key in self.open)

    def depends_on_dealer(self) -> bool:
        """633a.7(n): an open EZ Bust or Hit and Run wager depends on the dealer's drawing."""
        return any(
            self.has_open(wager.name) and not (wager is _EZ_BUST and self.ez_bust_pushed())
            for wager in REGISTRY
            if wager.reads_dealer_draws
        )

    def _context(
        self,
        wager: SideWager,
        box: BoxState,
        dealer: Sequence[Card],
        *,
        dealer_blackjack: bool = False,
    ) -> SideContext:
        """What `wager` reads of `box` and the dealer's cards at its timing."""
        hand = box.hands[0]
        if wager.timing is Timing.AFTER_ALL_CARDS:
            # 633a.1 "Magic Card Bonus": one of the player's first two cards, as dealt.
            # 633a.7(o)(1)(i): "the player's hand" is read as the box's first hand (hand 0),
            # as completed; a split box's other hands do not count, and a surrendered hand
            # is out of play.
            cards = tuple(box.initial_cards[:2])
            total = None if hand.surrendered else hand.points.total
        elif wager.reads is Reads.PLAYER_FOUR:
            # 633a.6(e)(7): the first four cards, the two hands of Blackjack Switch.
            cards = tuple(card for each in box.hands for card in each.cards[:2])[:4]
            total = None
        else:
            # 633a.6(e): a wager on the player's initial two cards reads them as the box had
            # them at the deal (at Switch Hands after the choice of 633c.4(f), 633c.4(g)), also
            # when it is settled later: a Royal Match held for the hole card (633a.7(g)(4)), a
            # pair held for the check. By then hand 0 may have switched its second card
            # (633a.12(a)(4)) or split it away (633a.11(b)).
            cards, total = tuple(box.initial_cards[:2] or hand.cards[:2]), None
        return SideContext(
            cards=cards,
            dealer=tuple(dealer),
            decks=self.rules.decks,
            offer=getattr(self.rules.side_wagers, wager.name),
            dealer_blackjack=dealer_blackjack,
            final_total=total,
            box=box.number,
            magic_card=self.selections.magic_card,
            lucky_box=self.selections.lucky_box,
        )

    # --- 633a.7(g): right after the deal ------------------------------------------------------

    def settle_initial(self, dealer: Sequence[Card]) -> list[Settlement]:
        """The two-card wagers; pairs that wait for the check or the hole card are held back."""
        up = dealer[0]
        settlements = []
        for box in self.boxes:
            first, second = box.hands[0].cards[:2]
            for wager in settled_at(Timing.AFTER_THE_DEAL):
                key = (box.number, 0, wager.name)
                if key not in self.open:
                    continue
                if wager.timing_for(first, second, up) is not Timing.AFTER_THE_DEAL:
                    continue
                result = wager.evaluate(self._context(wager, box, dealer))
                settlements.append(self._settle(key, result, wager.settled_by))
        return settlements

    # --- after the check and once the hole card shows ----------------------------------------

    def settle_pairs(self, dealer: Sequence[Card], *, dealer_blackjack: bool) -> list[Settlement]:
        """633a.7(g)(1)(i)-(ii), (g)(6)(i)-(ii): the held-back QH and KS pairs."""
        settlements = []
        for wager in waiting_until(Timing.AFTER_THE_CHECK):
            for box in self.boxes:
                key = (box.number, 0, wager.name)
                if key in self.open:
                    context = self._context(wager, box, dealer, dealer_blackjack=dealer_blackjack)
                    settlements.append(self._settle(key, wager.evaluate(context), wager.settled_by))
        return self._limit(settlements)

    def settle_royal_matches(self, dealer: Sequence[Card]) -> list[Settlement]:
        """633a.7(g)(4): a Royal Match against a K or Q, once the hole card is exposed."""
        return [
            self._settle(
                (box.number, 0, wager.name),
                wager.evaluate(self._context(wager, box, dealer)),
                wager.settled_by,
            )
            for wager in waiting_until(Timing.HOLE_CARD_SHOWN)
            for box in self.boxes
            if (box.number, 0, wager.name) in self.open
        ]

    def _limit(self, settlements: list[Settlement]) -> list[Settlement]:
        """633a.13(m): the filed aggregate maximum for the pair-and-dealer-Blackjack lines."""
        capped = [item for item in settlements if (item.wager, item.line) in LIMITED_LINES]
        winnings = [item.returned - item.stake for item in capped]
        allowed = capped_winnings(
            winnings, [item.stake for item in capped], maximum=self.rules.payout_limit
        )
        if list(allowed) == winnings:
            return settlements
        shared = {id(item): item.stake + won for item, won in zip(capped, allowed, strict=True)}
        return [
            _with_returned(item, shared[id(item)], "633a.13(m)") if id(item) in shared else item
            for item in settlements
        ]

    # --- EZ Bust (633b.16) ---------------------------------------------------------------------

    def ez_bust_pushed(self) -> bool:
        """633b.16(g): the filed option to push EZ Bust when every Blackjack Wager has ended
        in a Blackjack or a bust (a surrendered hand is neither, so the option does not apply)."""
        option = self.rules.side_wagers.ez_bust
        if option is None or not option.push_when_no_live_hands:
            return False
        return all(
            is_blackjack(hand.cards, from_split=hand.from_split) or hand.points.total > 21
            for box in self.boxes
            for hand in box.hands
        )

    def settle_ez_bust(self, dealer: Sequence[Card]) -> list[Settlement]:
        keys = sorted(key for key in self.open if key[2] == _EZ_BUST.name)
        if self.ez_bust_pushed():
            return [self._push(key, "633b.16(g)") for key in keys]
        # 633b.16(f): the dealer's hand is the same for every EZ Bust wager at the table.
        result = _EZ_BUST.evaluate(SideContext(cards=(), dealer=tuple(dealer)))
        return [self._settle(key, result, _EZ_BUST.settled_by) for key in keys]

    # --- 633a.7(o): after every card ----------------------------------------------------------

    def settle_final(self, dealer: Sequence[Card]) -> list[Settlement]:
        settlements = []
        for wager in settled_at(Timing.AFTER_ALL_CARDS):
            keys = sorted(key for key in self.open if key[2] == wager.name)
            if getattr(self.rules.side_wagers, wager.name) is None or not keys:
                continue
            results = {
                key: list(wager.evaluate(self._context(wager, self._box(key[0]), dealer)).lines)
                for key in keys
            }
            settlements += self._with_meter(wager, results)
        return settlements

    def _box(self, number: int) -> BoxState:
        return next(box for box in self.boxes if box.number == number)

    def _with_meter(
        self,
        wager: SideWager,
        results: Mapping[tuple[int, int, str], list[PaytableLine]],
    ) -> list[Settlement]:
        """Fixed lines at their odds; a 100% jackpot shared among its winners as the wager's
        paragraph says (633a.7(o)(1)(ii)(C) in proportion to the wagers, (o)(2)(ii)(C)
        equally); then the meter back to its reset."""
        jackpot = [key for key, lines in results.items() if any(line.progressive for line in lines)]
        meter = self.meters.get(wager.name, 0)
        if not jackpot:
            shares: dict[tuple[int, int, str], int] = {}
        elif wager.jackpot_shared == "proportionally":
            stakes = [self.stakes[key] for key in jackpot]
            shares = dict(zip(jackpot, proportional_shares(meter, stakes), strict=True))
        else:
            shares = dict(zip(jackpot, equal_shares(meter, len(jackpot)), strict=True))
        settlements = []
        for key, lines in results.items():
            fixed = [line for line in lines if not line.progressive]
            returned = SideResult(tuple(fixed)).returned(self.stakes[key]) if fixed else 0
            returned += shares.get(key, 0)
            outcome = "win" if lines else "lose"
            line_ids = "+".join(line.line for line in lines) or None
            settlements.append(self._record(key, returned, outcome, wager.settled_by, line_ids))
        if jackpot:
            offer = getattr(self.rules.side_wagers, wager.name)
            self.meters[wager.name] = offer.reset  # 633a.13(j)(2), 633a.13(l)(2): to the reset
        return settlements

    # --- shared ---------------------------------------------------------------------------------

    def _settle(self, key: tuple[int, int, str], result: SideResult, paragraph: str) -> Settlement:
        returned = result.returned(self.stakes[key])
        line_ids = "+".join(line.line for line in result.lines) or None
        return self._record(key, returned, "win" if result.won else "lose", paragraph, line_ids)

    def _push(self, key: tuple[int, int, str], paragraph: str) -> Settlement:
        return self._record(key, self.stakes[key], "push", paragraph, None)

    def _record(
        self,
        key: tuple[int, int, str],
        returned: int,
        outcome: str,
        paragraph: str,
        line: str | None,
    ) -> Settlement:
        self.open.discard(key)
        box, hand, wager = key
        return Settlement(box, hand, wager, self.stakes[key], returned, outcome, paragraph, line)

    def return_open(self, box: int | None, paragraph: str) -> list[Settlement]:
        """Every open side wager of `box` (of every box when None) returned: its hand is dead
        (633a.14(g), (j)(1)). A returned progressive wager was never made, so its contribution
        to the meter is taken back (633a.13(j)(2), 633a.13(l)(2) grow the meter by wagers)."""
        keys = sorted(key for key in self.open if box is None or key[0] == box)
        for key in keys:
            if key[2] in PROGRESSIVES:
                entry = getattr(self.rules.side_wagers, key[2])
                self.meters[key[2]] -= self.stakes[key] * entry.rate_bp // 10_000
        return [self._record(key, self.stakes[key], "dead", paragraph, None) for key in keys]

    def settle_all_lost(self, paragraph: str) -> list[Settlement]:
        """Whatever is still open when nothing more can win (EZ Bust against a dealer Blackjack
        cannot arise: it is offered only against a 2-6)."""
        return [self._record(key, 0, "lose", paragraph, None) for key in sorted(self.open)]


def _with_returned(item: Settlement, returned: int, paragraph: str) -> Settlement:
    return Settlement(
        item.box, item.hand, item.wager, item.stake, returned, item.outcome, paragraph, item.line
    )
