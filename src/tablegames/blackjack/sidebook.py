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
from fractions import Fraction

from tablegames.blackjack.hand import is_blackjack, points
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.side import (
    bad_beat,
    bet_the_set_21,
    hit_and_run,
    house_money,
    in_between,
    kings_bounty,
    lucky_ladies,
    match_the_dealer,
    royal_match_21,
    straight_jack,
    super_match,
    three_card_poker,
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

# 633a.7(g)(1)-(8): the wagers settled on the initial cards, in the order the paragraph lists.
INITIAL_WAGERS = (
    "lucky_ladies",
    "match_the_dealer",
    "in_between",
    "royal_match_21",
    "bet_the_set_21",
    "kings_bounty",
    "super_match",
    "three_card_poker",
    # 633a.6(e)(11)-(12): two-card wagers too, settled with the others after the deal.
    "straight_jack",
    "house_money",
)
# 633a.7(o): settled after all additional cards have been dealt.
FINAL_WAGERS = ("bad_beat", "hit_and_run")
PROGRESSIVES = ("bad_beat", "hit_and_run")
PLACED_BEFORE_THE_DEAL = INITIAL_WAGERS + FINAL_WAGERS
LIMITED_LINES = {
    ("lucky_ladies", "queen_of_hearts_pair_and_dealer_blackjack"),
    ("kings_bounty", "king_of_spades_pair_and_dealer_blackjack"),
}


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
        paragraph = _METER_PARAGRAPHS.get(name)
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


_METER_PARAGRAPHS = {"bad_beat": "633a.13(j)(2)", "hit_and_run": "633a.13(l)(2)"}


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
        ez_bust = self.has_open("ez_bust") and not self.ez_bust_pushed()
        return ez_bust or self.has_open("hit_and_run")

    # --- 633a.7(g): right after the deal ------------------------------------------------------

    def settle_initial(self, dealer: Sequence[Card]) -> list[Settlement]:
        """The two-card wagers; pairs that wait for the check or the hole card are held back."""
        up = dealer[0]
        settlements = []
        for box in self.boxes:
            first, second = box.hands[0].cards[:2]
            for wager in INITIAL_WAGERS:
                key = (box.number, 0, wager)
                if key not in self.open or self._deferred(wager, first, second, up):
                    continue
                lines = self._initial_lines(wager, box, dealer, dealer_blackjack=False)
                paragraph = _PARAGRAPHS.get(wager) or f"633a.7(g)({_G[wager]})"
                settlements.append(self._settle(key, lines, paragraph))
        return settlements

    def _deferred(self, wager: str, first: Card, second: Card, up: Card) -> bool:
        if wager == "lucky_ladies":
            return lucky_ladies.needs_hole_card(first, second, up)
        if wager == "kings_bounty":
            return kings_bounty.needs_hole_card(first, second, up)
        if wager == "royal_match_21":
            return royal_match_21.needs_hole_card(first, second, up)
        return False

    def _initial_lines(
        self, wager: str, box: BoxState, dealer: Sequence[Card], *, dealer_blackjack: bool
    ) -> tuple[PaytableLine, ...] | PaytableLine | None:
        offers = self.rules.side_wagers
        first, second = box.hands[0].cards[:2]
        up = dealer[0]
        if wager == "lucky_ladies":
            return lucky_ladies.evaluate(first, second, dealer_blackjack=dealer_blackjack)
        if wager == "kings_bounty":
            return kings_bounty.evaluate(first, second, dealer_blackjack=dealer_blackjack)
        if wager == "match_the_dealer":
            table = match_the_dealer.table_for_decks(self.rules.decks)
            return match_the_dealer.evaluate(first, second, up, table=table or "6-deck")
        if wager == "in_between" and offers.in_between is not None:
            return in_between.evaluate(first, second, up, ace=offers.in_between.ace)
        if wager == "royal_match_21" and offers.royal_match_21 is not None:
            return royal_match_21.evaluate(
                first,
                second,
                paytable=offers.royal_match_21.paytable,
                dealer_cards=(dealer[0], dealer[1]),
                crown_treasure=offers.royal_match_21.crown_treasure,
            )
        if wager == "bet_the_set_21" and offers.bet_the_set_21 is not None:
            return bet_the_set_21.evaluate(first, second, paytable=offers.bet_the_set_21.paytable)
        if wager == "super_match":
            cards = [card for hand in box.hands for card in hand.cards[:2]]
            table = super_match.table_for_decks(self.rules.decks)
            return super_match.evaluate(cards[:4], table=table or "6-deck")
        if wager == "three_card_poker":
            return three_card_poker.evaluate(first, second, up)
        if wager == "straight_jack":
            return straight_jack.evaluate(first, second)
        if wager == "house_money":
            return house_money.evaluate(first, second)
        raise ValueError(f"{wager} is not settled on the initial cards")

    # --- after the check and once the hole card shows ----------------------------------------

    def settle_pairs(self, dealer: Sequence[Card], *, dealer_blackjack: bool) -> list[Settlement]:
        """633a.7(g)(1)(i)-(ii), (g)(6)(i)-(ii): the held-back QH and KS pairs."""
        settlements = []
        for wager in ("lucky_ladies", "kings_bounty"):
            for box in self.boxes:
                key = (box.number, 0, wager)
                if key in self.open:
                    lines = self._initial_lines(
                        wager, box, dealer, dealer_blackjack=dealer_blackjack
                    )
                    paragraph = "633a.7(g)(1)" if wager == "lucky_ladies" else "633a.7(g)(6)"
                    settlements.append(self._settle(key, lines, paragraph))
        return self._limit(settlements)

    def settle_royal_matches(self, dealer: Sequence[Card]) -> list[Settlement]:
        """633a.7(g)(4): a Royal Match against a K or Q, once the hole card is exposed."""
        return [
            self._settle(
                (box.number, 0, "royal_match_21"),
                self._initial_lines("royal_match_21", box, dealer, dealer_blackjack=False),
                "633a.7(g)(4)",
            )
            for box in self.boxes
            if (box.number, 0, "royal_match_21") in self.open
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
        keys = sorted(key for key in self.open if key[2] == "ez_bust")
        if self.ez_bust_pushed():
            return [self._push(key, "633b.16(g)") for key in keys]
        # 633b.16(f): wins only when the dealer busts having drawn a third card or more; a
        # two-card dealer hand never busts, so the wager loses.
        busted = len(dealer) >= 3 and points(dealer).total > 21
        line = (_EZ_BUST_LINE,) if busted else ()
        return [self._settle(key, line, "633b.16(f)") for key in keys]

    # --- 633a.7(o): after every card ----------------------------------------------------------

    def settle_final(self, dealer: Sequence[Card]) -> list[Settlement]:
        return self._bad_beat(dealer) + self._hit_and_run(dealer)

    def _bad_beat(self, dealer: Sequence[Card]) -> list[Settlement]:
        offer = self.rules.side_wagers.bad_beat
        keys = sorted(key for key in self.open if key[2] == "bad_beat")
        if offer is None or not keys:
            return []
        results: dict[tuple[int, int, str], list[PaytableLine]] = {}
        for key in keys:
            box = next(box for box in self.boxes if box.number == key[0])
            hand = box.hands[0]
            # 633a.1 "Magic Card Bonus": one of the player's first two cards, as dealt.
            first, second = box.initial_cards[:2]
            # 633a.7(o)(1)(i): "the player's hand" is read as the box's first hand (hand 0),
            # as completed; a split box's other hands do not count, and a surrendered hand
            # is out of play.
            lines = []
            if not hand.surrendered:
                main = bad_beat.evaluate(
                    hand.points.total, dealer, player_has_20_line=offer.player_has_20
                )
                if main is not None:
                    lines.append(main)
            magic, lucky = self.selections.magic_card, self.selections.lucky_box
            if offer.magic_card and magic and bad_beat.magic_card(first, second, magic):
                lines.append(bad_beat.MAGIC_CARD_BONUS)
            if offer.lucky_player and lucky and bad_beat.lucky_player(box.number, lucky):
                lines.append(bad_beat.LUCKY_PLAYER_BONUS)
            results[key] = lines
        # 633a.7(o)(1)(ii)(C): a 100% jackpot shared in proportion to the wagers.
        return self._with_meter("bad_beat", results, proportional=True, paragraph="633a.7(o)(1)")

    def _hit_and_run(self, dealer: Sequence[Card]) -> list[Settlement]:
        keys = sorted(key for key in self.open if key[2] == "hit_and_run")
        line = hit_and_run.evaluate(dealer) if keys else None
        results = {key: [line] if line is not None else [] for key in keys}
        # 633a.7(o)(2)(ii)(C): a 100% jackpot shared equally.
        return self._with_meter(
            "hit_and_run", results, proportional=False, paragraph="633a.7(o)(2)"
        )

    def _with_meter(
        self,
        wager: str,
        results: Mapping[tuple[int, int, str], list[PaytableLine]],
        *,
        proportional: bool,
        paragraph: str,
    ) -> list[Settlement]:
        jackpot = [key for key, lines in results.items() if any(line.progressive for line in lines)]
        meter = self.meters.get(wager, 0)
        if not jackpot:
            shares: dict[tuple[int, int, str], int] = {}
        elif proportional:
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
            settlements.append(self._record(key, returned, outcome, paragraph, line_ids))
        if jackpot:
            offer = getattr(self.rules.side_wagers, wager)
            self.meters[wager] = offer.reset  # 633a.13(j)(2), 633a.13(l)(2): back to the reset
        return settlements

    # --- shared ---------------------------------------------------------------------------------

    def _settle(
        self,
        key: tuple[int, int, str],
        lines: tuple[PaytableLine, ...] | PaytableLine | None,
        paragraph: str,
    ) -> Settlement:
        result = SideResult.of(lines)
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

    def settle_all_lost(self, paragraph: str) -> list[Settlement]:
        """Whatever is still open when nothing more can win (EZ Bust against a dealer Blackjack
        cannot arise: it is offered only against a 2-6)."""
        return [self._record(key, 0, "lose", paragraph, None) for key in sorted(self.open)]


_G = {
    "lucky_ladies": 1,
    "match_the_dealer": 2,
    "in_between": 3,
    "royal_match_21": 4,
    "bet_the_set_21": 5,
    "kings_bounty": 6,
    "super_match": 7,
    "three_card_poker": 8,
}
# Not listed in 633a.7(g), which predates them: cited by the paragraph that defines them.
_PARAGRAPHS = {"straight_jack": "633a.6(e)(11)", "house_money": "633a.6(e)(12)"}
# 633b.16(i): a winning EZ Bust wager pays 1 to 1.
_EZ_BUST_LINE = PaytableLine("dealer_busts", Fraction(1), "to", "Dealer busts")


def _with_returned(item: Settlement, returned: int, paragraph: str) -> Settlement:
    return Settlement(
        item.box, item.hand, item.wager, item.stake, returned, item.outcome, paragraph, item.line
    )
