"""Every Blackjack side wager as one record: what the sidebook, the analysis, the terminal and the
report ask instead of comparing names (633a.6(e)(1)-(12), 633a.7(g), 633a.7(o), 633a.13, 633b.16).

A `SideWager` holds the wager's id (as filed in the rules and logged in the events), its names,
the paragraphs that offer it, print its paytable and settle it, when it is settled, its paytables
and which of them suit which number of decks, and its own Rules Submission checks. Every wager is
evaluated the same way: `evaluate(SideContext) -> SideResult`, the context holding what the
wager may read at its timing. `REGISTRY` lists them as 633a.6(e) does, EZ Bust (633b.16) last.

>>> [wager.name for wager in REGISTRY][:3]
['lucky_ladies', 'match_the_dealer', 'in_between']
>>> side_wager("royal_match_21").paytables_for_decks(1)
('A', 'B')
>>> from tablegames.core.cards import parse_cards
>>> context = SideContext(cards=tuple(parse_cards(["QH", "QH"])), dealer_blackjack=True)
>>> side_wager("lucky_ladies").evaluate(context).lines[0].line
'queen_of_hearts_pair_and_dealer_blackjack'
>>> side_wager("blackjack_insurance")
Traceback (most recent call last):
...
tablegames.core.errors.WagerError: no side wager 'blackjack_insurance': the side wagers are \
lucky_ladies, match_the_dealer, in_between, royal_match_21, bet_the_set_21, kings_bounty, \
super_match, bad_beat, three_card_poker, hit_and_run, straight_jack, house_money, ez_bust \
(58 Pa. Code 633a.6(e))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Final, Literal, TypeVar

from pydantic import BaseModel

from tablegames.blackjack.rules.side import (
    BadBeat,
    BetTheSet21,
    InBetween,
    Progressive,
    RoyalMatch21,
)
from tablegames.blackjack.side import (
    bad_beat,
    bet_the_set_21,
    ez_bust,
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
from tablegames.core.cards import Card
from tablegames.core.errors import WagerError
from tablegames.core.paytable import Paytable, SideResult
from tablegames.core.rulesfile import Finding


class Timing(Enum):
    """When a side wager is settled in the round."""

    AFTER_THE_DEAL = "after_the_deal"  # 633a.7(g): on the initial cards, right after the deal
    AFTER_THE_CHECK = "after_the_check"  # 633a.7(g)(1), (6): once the dealer has checked
    HOLE_CARD_SHOWN = "hole_card_shown"  # 633a.7(g)(4): once the hole card is exposed
    AFTER_THE_DEALERS_HAND = "after_the_dealers_hand"  # 633b.16(h): before the Blackjack Wager
    AFTER_ALL_CARDS = "after_all_cards"  # 633a.7(o): after every card has been dealt


class Reads(Enum):
    """The cards a wager reads, which decide how the exact analysis enumerates it."""

    PLAYER_TWO = "player_two"  # the initial two cards (+ the dealer's two for the top lines)
    PLAYER_TWO_AND_UP_CARD = "player_two_and_up_card"
    PLAYER_FOUR = "player_four"  # Blackjack Switch's first four cards (633a.12(a))
    DEALER_BUST = "dealer_bust"  # EZ Bust: the up card and the dealer's draws
    DEALER_HAND = "dealer_hand"  # Hit and Run: every card of the dealer's hand
    FINAL_HANDS = "final_hands"  # Bad Beat: the player's completed hand and the dealer's


@dataclass(frozen=True, slots=True, kw_only=True)
class SideContext:
    """What a side wager may read when it is settled, for one box.

    `cards`: the box's cards the wager reads, as dealt (the first two; Super Match the first
    four). `dealer`: the dealer's cards known at the wager's timing (the up card first).
    `offer`: the wager's entry in the Rules Submission (None: its defaults). `final_total`: the
    total of the box's first hand as completed, None when it was surrendered (Bad Beat).
    `magic_card` and `lucky_box`: the system's picks for the Bad Beat bonuses (633a.13(j)(1)).
    The progressive meters are not read here: a meter line is returned as a line, and the
    sidebook pays it from the meter it keeps (633a.13(j)(2), 633a.13(l)(2)).
    """

    cards: tuple[Card, ...]
    dealer: tuple[Card, ...] = ()
    decks: int = 6
    offer: BaseModel | None = None
    dealer_blackjack: bool = False
    final_total: int | None = None
    box: int = 1
    magic_card: Card | None = None
    lucky_box: int | None = None

    def pair(self) -> tuple[Card, Card]:
        """The box's initial two cards; WagerError when fewer were given."""
        if len(self.cards) < 2:
            raise WagerError(f"a side wager reads two cards, not {len(self.cards)}")
        return self.cards[0], self.cards[1]

    def up_card(self) -> Card:
        if not self.dealer:
            raise WagerError("this side wager reads the dealer's up card: none was given")
        return self.dealer[0]


@dataclass(frozen=True, slots=True)
class Wait:
    """A hand that waits past the wager's usual timing (633a.7(g)(1), (4), (6))."""

    timing: Timing
    applies: Callable[[Card, Card, Card], bool]  # (first, second, up card)


_Offer = TypeVar("_Offer", bound=BaseModel)


def _offer(context: SideContext, kind: type[_Offer]) -> _Offer:
    """The wager's filed options, or the model's defaults when the context carries none."""
    return context.offer if isinstance(context.offer, kind) else kind()


@dataclass(frozen=True, slots=True, kw_only=True)
class SideWager:
    """One side wager and everything the code asks about it."""

    name: str  # the snake_case id of the rules file and the events
    label: str  # the name 633a.6(e) or 633b.16 gives it (`tablegames rules show`)
    short_label: str  # the terminal's name for it
    report_label: str  # the report page's name for it
    offered_by: str  # the paragraph that authorises it: 633a.6(e)(n), 633b.16
    paytable_paragraph: str  # the paragraph that prints its paytable (or defines it)
    settled_by: str  # the paragraph its settlement cites
    timing: Timing
    reads: Reads
    evaluate: Callable[[SideContext], SideResult]
    paytables: Mapping[str, Paytable]  # by name; a wager with one paytable names it ""
    waits: Wait | None = None
    is_progressive: bool = False
    jackpot_shared: Literal["proportionally", "equally"] | None = None  # 633a.7(o)(1)-(2)
    limited_lines: frozenset[str] = frozenset()  # 633a.13(m): the pair-and-dealer-Blackjack lines
    reads_dealer_draws: bool = False  # 633a.7(n): an open wager keeps the dealer drawing
    placed_after_the_deal: str | None = None  # the paragraph offering it after the deal
    filed_paytable: bool = False  # 633a.6(e)(11)-(12): no paytable printed; the house files one
    paytables_for_decks: Callable[[int], tuple[str, ...]] | None = None  # the deck table
    deck_finding: Callable[[str | None, int], Finding | None] | None = None
    checks: tuple[Callable[[BaseModel, RulesFacts], Finding | None], ...] = ()
    # Its betting area on the layout (`tablegames.blackjack.layout`): the name 633a.2(b) gives
    # the area and the paragraph requiring it; "" for a wager offered after the deal, which
    # has no area (EZ Bust, 633b.16(c)). `area_locks_out`: the area locks once the dealer
    # begins dealing (633a.2(c), 633a.2(d)(2)).
    area_label: str = ""
    area_paragraph: str = ""
    area_locks_out: bool = False

    def timing_for(self, first: Card, second: Card, up: Card) -> Timing:
        """When this box's wager is settled: a hand may wait for the check or the hole card."""
        if self.waits is not None and self.waits.applies(first, second, up):
            return self.waits.timing
        return self.timing

    @property
    def citation(self) -> str:
        """The paragraphs the analysis cites: offered by, settled by (progressive), paytable."""
        parts = [self.offered_by]
        if self.is_progressive:
            parts.append(self.settled_by)
        if self.paytable_paragraph != self.offered_by:
            parts.append(self.paytable_paragraph)
        return ", ".join(parts)

    @property
    def meter_paragraph(self) -> str | None:
        """633a.13(j)(2), 633a.13(l)(2): the rate of progression and the reset amount."""
        return f"{self.paytable_paragraph}(2)" if self.is_progressive else None

    def paytable(self, offer: BaseModel | None, decks: int) -> Paytable:
        """The paytable the wager is settled on: the filed or deck-count one, with only the
        optional lines the house offers."""
        filed = _filed_paytable_name(offer)
        if filed is not None and filed in self.paytables:
            lines = self.paytables[filed]  # 633a.13(f), (g): the paytable the house filed
        elif self.paytables_for_decks is not None and self.paytables_for_decks(decks):
            # 633a.13(d)(1)-(2), 633a.13(i)(1)-(2): the table follows the number of decks.
            lines = self.paytables[self.paytables_for_decks(decks)[0]]
        else:
            lines = next(iter(self.paytables.values()))
        excluded = self._lines_not_offered(offer)
        return tuple(line for line in lines if line.line not in excluded)

    def _lines_not_offered(self, offer: BaseModel | None) -> frozenset[str]:
        if isinstance(offer, RoyalMatch21) and not offer.crown_treasure:
            return frozenset({"crown_treasure"})  # 633a.7(g)(4): the bonus if offered
        if isinstance(offer, BadBeat):
            # 633a.7(o)(1)(i), 633a.13(j)(1): the optional line and bonuses the house selects.
            chosen = {
                "player_has_20": offer.player_has_20,
                "magic_card_bonus": offer.magic_card,
                "lucky_player_bonus": offer.lucky_player,
            }
            return frozenset(line for line, offered in chosen.items() if not offered)
        return frozenset()

    def findings(self, offer: BaseModel, facts: RulesFacts) -> list[Finding]:
        """This wager's own Rules Submission checks, for the entry `offer` it is filed with."""
        found = [finding for check in self.checks if (finding := check(offer, facts))]
        if self.deck_finding is not None:
            finding = self.deck_finding(_filed_paytable_name(offer), facts.decks)
            if finding is not None:
                found.append(finding)
        return found


def _filed_paytable_name(offer: BaseModel | None) -> str | None:
    """The paytable named in the wager's filed entry, for the wagers whose entry names one."""
    name = getattr(offer, "paytable", None)
    return None if name is None else str(name)


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesFacts:
    """What a wager's own checks read from the rest of the Rules Submission."""

    decks: int
    switch_table: bool  # 633a.12(a): a Blackjack Switch table (Super Match's only home)


# --- the evaluators, one signature ---------------------------------------------------------------


def _lucky_ladies(context: SideContext) -> SideResult:
    first, second = context.pair()
    return SideResult.of(
        lucky_ladies.evaluate(first, second, dealer_blackjack=context.dealer_blackjack)
    )


def _match_the_dealer(context: SideContext) -> SideResult:
    first, second = context.pair()
    table = match_the_dealer.table_for_decks(context.decks) or "6-deck"
    return SideResult.of(match_the_dealer.evaluate(first, second, context.up_card(), table=table))


def _in_between(context: SideContext) -> SideResult:
    first, second = context.pair()
    ace = _offer(context, InBetween).ace
    return SideResult.of(in_between.evaluate(first, second, context.up_card(), ace=ace))


def _royal_match_21(context: SideContext) -> SideResult:
    first, second = context.pair()
    offer = _offer(context, RoyalMatch21)
    dealer = (context.dealer[0], context.dealer[1]) if len(context.dealer) >= 2 else None
    return SideResult.of(
        royal_match_21.evaluate(
            first,
            second,
            paytable=offer.paytable,
            dealer_cards=dealer,
            crown_treasure=offer.crown_treasure,
        )
    )


def _bet_the_set_21(context: SideContext) -> SideResult:
    first, second = context.pair()
    offer = _offer(context, BetTheSet21)
    return SideResult.of(bet_the_set_21.evaluate(first, second, paytable=offer.paytable))


def _kings_bounty(context: SideContext) -> SideResult:
    first, second = context.pair()
    return SideResult.of(
        kings_bounty.evaluate(first, second, dealer_blackjack=context.dealer_blackjack)
    )


def _super_match(context: SideContext) -> SideResult:
    table = super_match.table_for_decks(context.decks) or "6-deck"
    return SideResult.of(super_match.evaluate(context.cards[:4], table=table))


def _bad_beat(context: SideContext) -> SideResult:
    offer = _offer(context, BadBeat)
    first, second = context.pair()
    lines = []
    # 633a.7(o)(1)(i): a surrendered hand is out of play, so it is no "hand of 20".
    if context.final_total is not None:
        main = bad_beat.evaluate(
            context.final_total, context.dealer, player_has_20_line=offer.player_has_20
        )
        if main is not None:
            lines.append(main)
    # 633a.1 "Magic Card Bonus", "Lucky Player Bonus": paid whether or not the wager wins.
    magic, lucky = context.magic_card, context.lucky_box
    if offer.magic_card and magic and bad_beat.magic_card(first, second, magic):
        lines.append(bad_beat.MAGIC_CARD_BONUS)
    if offer.lucky_player and lucky and bad_beat.lucky_player(context.box, lucky):
        lines.append(bad_beat.LUCKY_PLAYER_BONUS)
    return SideResult(tuple(lines))


def _three_card_poker(context: SideContext) -> SideResult:
    first, second = context.pair()
    return SideResult.of(three_card_poker.evaluate(first, second, context.up_card()))


def _hit_and_run(context: SideContext) -> SideResult:
    return SideResult.of(hit_and_run.evaluate(context.dealer))


def _straight_jack(context: SideContext) -> SideResult:
    return SideResult.of(straight_jack.evaluate(*context.pair()))


def _house_money(context: SideContext) -> SideResult:
    return SideResult.of(house_money.evaluate(*context.pair()))


def _ez_bust(context: SideContext) -> SideResult:
    return SideResult.of(ez_bust.evaluate(context.dealer))


# --- the deck table's findings (633a.13(d), (f), (g), (i)) ----------------------------------------


def _royal_match_deck_finding(paytable: str | None, decks: int) -> Finding | None:
    if paytable is None or paytable not in royal_match_21.PAYTABLES:
        return None
    if paytable in royal_match_21.paytables_for_decks(decks):
        return None
    if paytable in royal_match_21.paytables_for_decks(1):
        return Finding(
            "side_wagers.royal_match_21.paytable",
            f"paytable {paytable} is for a single deck, not {decks}",
            "633a.13(f)(1)",
        )
    return Finding(
        "side_wagers.royal_match_21.paytable",
        f"paytable {paytable} is for multiple decks, not one",
        "633a.13(f)(2)",
    )


def _bet_the_set_deck_finding(paytable: str | None, decks: int) -> Finding | None:
    if paytable is None:
        return None
    # 633a.13(g)(1)-(3): A one deck, B two decks, C and D four or more; none for three.
    allowed = bet_the_set_21.paytables_for_decks(decks)
    if paytable in allowed:
        return None
    return Finding(
        "side_wagers.bet_the_set_21.paytable",
        f"paytable {paytable} does not fit {decks} decks (allowed: {', '.join(allowed) or 'none'})",
        "633a.13(g)",
    )


def _by_decks_finding(
    wager: str, paragraph: str, table_for_decks: Callable[[int], str | None]
) -> Callable[[str | None, int], Finding | None]:
    """633a.13(d)(1)-(2), 633a.13(i)(1)-(2): one paytable for six decks, one for eight."""

    def finding(paytable: str | None, decks: int) -> Finding | None:
        table = table_for_decks(decks)
        if table is None:
            return Finding(
                f"side_wagers.{wager}",
                f"the paytables are for six or eight decks, not {decks}",
                paragraph,
            )
        if paytable is not None and paytable != table:
            return Finding(
                f"side_wagers.{wager}",
                f"the {paytable} paytable is not the one for {decks} decks",
                f"{paragraph}({1 if decks == 6 else 2})",
            )
        return None

    return finding


def _one_table(table_for_decks: Callable[[int], str | None]) -> Callable[[int], tuple[str, ...]]:
    def tables(decks: int) -> tuple[str, ...]:
        table = table_for_decks(decks)
        return () if table is None else (table,)

    return tables


# --- the wagers' own checks -----------------------------------------------------------------------


def _switch_only(offer: BaseModel, facts: RulesFacts) -> Finding | None:
    if facts.switch_table:
        return None
    return Finding(
        "side_wagers.super_match", "is offered only at a Blackjack Switch table", "633a.6(e)(7)"
    )


def _reset_at_least(
    wager: str, floor: int, words: str, paragraph: str
) -> Callable[[BaseModel, RulesFacts], Finding | None]:
    def check(offer: BaseModel, facts: RulesFacts) -> Finding | None:
        if isinstance(offer, Progressive) and offer.reset < floor:
            return Finding(
                f"side_wagers.{wager}.reset",
                f"the initial and reset amount must be at least {words}",
                paragraph,
            )
        return None

    return check


def _single(paytable: Paytable) -> Mapping[str, Paytable]:
    return {"": paytable}


# 633a.6(e)(1)-(12) in the paragraph's order, then 633b.16.
REGISTRY: Final[tuple[SideWager, ...]] = (
    SideWager(
        name="lucky_ladies",
        area_label="Twenty Point Bonus Wager",
        area_paragraph="633a.2(b)(4)",  # 633a.2(b)(4)
        label="Lucky Ladies Twenty Point Bonus",
        short_label="Lucky Ladies",
        report_label="Lucky Ladies",
        offered_by="633a.6(e)(1)",
        paytable_paragraph="633a.13(c)",
        settled_by="633a.7(g)(1)",
        timing=Timing.AFTER_THE_DEAL,
        waits=Wait(Timing.AFTER_THE_CHECK, lucky_ladies.needs_hole_card),
        reads=Reads.PLAYER_TWO,
        evaluate=_lucky_ladies,
        paytables=_single(lucky_ladies.PAYTABLE),
        limited_lines=frozenset({"queen_of_hearts_pair_and_dealer_blackjack"}),
    ),
    SideWager(
        name="match_the_dealer",
        area_label="Match-the-Dealer Wager",
        area_paragraph="633a.2(b)(5)",  # 633a.2(b)(5)
        label="Match-the-Dealer",
        short_label="Match-the-Dealer",
        report_label="Match the Dealer",
        offered_by="633a.6(e)(2)",
        paytable_paragraph="633a.13(d)",
        settled_by="633a.7(g)(2)",
        timing=Timing.AFTER_THE_DEAL,
        reads=Reads.PLAYER_TWO_AND_UP_CARD,
        evaluate=_match_the_dealer,
        paytables=match_the_dealer.PAYTABLES,
        paytables_for_decks=_one_table(match_the_dealer.table_for_decks),
        deck_finding=_by_decks_finding(
            "match_the_dealer", "633a.13(d)", match_the_dealer.table_for_decks
        ),
    ),
    SideWager(
        name="in_between",
        area_label="In Between Wager",
        area_paragraph="633a.2(b)(6)",  # 633a.2(b)(6)
        label="In Between",
        short_label="In Between",
        report_label="In Between",
        offered_by="633a.6(e)(3)",
        paytable_paragraph="633a.13(e)",
        settled_by="633a.7(g)(3)",
        timing=Timing.AFTER_THE_DEAL,
        reads=Reads.PLAYER_TWO_AND_UP_CARD,
        evaluate=_in_between,
        paytables=_single(in_between.PAYTABLE),
    ),
    SideWager(
        name="royal_match_21",
        area_label="Royal Match 21 Wager",
        area_paragraph="633a.2(b)(7)",  # 633a.2(b)(7)
        label="Royal Match 21",
        short_label="Royal Match 21",
        report_label="Royal Match 21",
        offered_by="633a.6(e)(4)",
        paytable_paragraph="633a.13(f)",
        settled_by="633a.7(g)(4)",
        timing=Timing.AFTER_THE_DEAL,
        waits=Wait(Timing.HOLE_CARD_SHOWN, royal_match_21.needs_hole_card),
        reads=Reads.PLAYER_TWO,
        evaluate=_royal_match_21,
        paytables=royal_match_21.PAYTABLES,
        paytables_for_decks=royal_match_21.paytables_for_decks,
        deck_finding=_royal_match_deck_finding,
    ),
    SideWager(
        name="bet_the_set_21",
        area_label="Bet the Set 21 Wager",
        area_paragraph="633a.2(b)(8)",  # 633a.2(b)(8)
        label="Bet the Set 21",
        short_label="Bet the Set 21",
        report_label="Bet the Set 21",
        offered_by="633a.6(e)(5)",
        paytable_paragraph="633a.13(g)",
        settled_by="633a.7(g)(5)",
        timing=Timing.AFTER_THE_DEAL,
        reads=Reads.PLAYER_TWO,
        evaluate=_bet_the_set_21,
        paytables=bet_the_set_21.PAYTABLES,
        paytables_for_decks=bet_the_set_21.paytables_for_decks,
        deck_finding=_bet_the_set_deck_finding,
    ),
    SideWager(
        name="kings_bounty",
        area_label="King's Bounty Wager",
        area_paragraph="633a.2(b)(9)",  # 633a.2(b)(9)
        label="King's Bounty",
        short_label="King's Bounty",
        report_label="King's Bounty",
        offered_by="633a.6(e)(6)",
        paytable_paragraph="633a.13(h)",
        settled_by="633a.7(g)(6)",
        timing=Timing.AFTER_THE_DEAL,
        waits=Wait(Timing.AFTER_THE_CHECK, kings_bounty.needs_hole_card),
        reads=Reads.PLAYER_TWO,
        evaluate=_kings_bounty,
        paytables=_single(kings_bounty.PAYTABLE),
        limited_lines=frozenset({"king_of_spades_pair_and_dealer_blackjack"}),
    ),
    SideWager(
        name="super_match",
        area_label="Super Match Wager",
        area_paragraph="633a.2(b)(10)(ii)",  # 633a.2(b)(10)(ii)
        label="Super Match",
        short_label="Super Match",
        report_label="Super Match",
        offered_by="633a.6(e)(7)",
        paytable_paragraph="633a.13(i)",
        settled_by="633a.7(g)(7)",
        timing=Timing.AFTER_THE_DEAL,
        reads=Reads.PLAYER_FOUR,
        evaluate=_super_match,
        paytables=super_match.PAYTABLES,
        paytables_for_decks=_one_table(super_match.table_for_decks),
        deck_finding=_by_decks_finding("super_match", "633a.13(i)", super_match.table_for_decks),
        checks=(_switch_only,),
    ),
    SideWager(
        name="bad_beat",
        # 633a.2(c): an electronic wagering system at each betting position, locked once the
        # dealer begins dealing.
        area_label="Bad Beat Progressive Wager",
        area_paragraph="633a.2(c)",  # 633a.2(c)
        area_locks_out=True,
        label="Bad Beat Progressive",
        short_label="Bad Beat",
        report_label="Bad Beat",
        offered_by="633a.6(e)(8)",
        paytable_paragraph="633a.13(j)",
        settled_by="633a.7(o)(1)",
        timing=Timing.AFTER_ALL_CARDS,
        reads=Reads.FINAL_HANDS,
        evaluate=_bad_beat,
        paytables=_single(bad_beat.PAYTABLE),
        is_progressive=True,
        jackpot_shared="proportionally",  # 633a.7(o)(1)(ii)(C)
        checks=(_reset_at_least("bad_beat", 500_000, "$5,000", "633a.13(j)(2)"),),
    ),
    SideWager(
        name="three_card_poker",
        area_label="Three Card Poker Wager",
        area_paragraph="633a.2(b)(11)",  # 633a.2(b)(11)
        label="Three Card Poker",
        short_label="Three Card Poker",
        report_label="Three Card Poker",
        offered_by="633a.6(e)(9)",
        paytable_paragraph="633a.13(k)",
        settled_by="633a.7(g)(8)",
        timing=Timing.AFTER_THE_DEAL,
        reads=Reads.PLAYER_TWO_AND_UP_CARD,
        evaluate=_three_card_poker,
        paytables=_single(three_card_poker.PAYTABLE),
    ),
    SideWager(
        name="hit_and_run",
        # 633a.2(d)(2): locked out once the dealer has begun dealing.
        area_label="Hit and Run Progressive Wager",
        area_paragraph="633a.2(b)(12)",  # 633a.2(b)(12)
        area_locks_out=True,
        label="Hit and Run Progressive",
        short_label="Hit and Run",
        report_label="Hit and Run",
        offered_by="633a.6(e)(10)",
        paytable_paragraph="633a.13(l)",
        settled_by="633a.7(o)(2)",
        timing=Timing.AFTER_ALL_CARDS,
        reads=Reads.DEALER_HAND,
        evaluate=_hit_and_run,
        paytables=_single(hit_and_run.PAYTABLE),
        is_progressive=True,
        jackpot_shared="equally",  # 633a.7(o)(2)(ii)(C)
        reads_dealer_draws=True,
        checks=(_reset_at_least("hit_and_run", 100_000, "$1,000", "633a.13(l)(2)"),),
    ),
    # 633a.6(e)(11)-(12): not listed in 633a.7(g), which predates them; two-card wagers settled
    # with the others after the deal, cited by the paragraph that defines them.
    SideWager(
        name="straight_jack",
        # 633a.6(e)(11): no area paragraph; 633a.2(d) places it through the progressive system.
        area_label="Straight Jack Progressive Wager",
        area_paragraph="633a.6(e)(11)",  # 633a.6(e)(11)
        area_locks_out=True,
        label="Straight Jack Progressive",
        short_label="Straight Jack",
        report_label="Straight Jack",
        offered_by="633a.6(e)(11)",
        paytable_paragraph="633a.6(e)(11)",
        settled_by="633a.6(e)(11)",
        timing=Timing.AFTER_THE_DEAL,
        reads=Reads.PLAYER_TWO,
        evaluate=_straight_jack,
        paytables={"default": straight_jack.DEFAULT},
        filed_paytable=True,
    ),
    SideWager(
        name="house_money",
        area_label="House Money Wager",
        area_paragraph="633a.6(e)(12)",  # 633a.6(e)(12)
        label="House Money",
        short_label="House Money",
        report_label="House Money",
        offered_by="633a.6(e)(12)",
        paytable_paragraph="633a.6(e)(12)",
        settled_by="633a.6(e)(12)",
        timing=Timing.AFTER_THE_DEAL,
        reads=Reads.PLAYER_TWO,
        evaluate=_house_money,
        paytables={"default": house_money.DEFAULT},
        filed_paytable=True,
    ),
    SideWager(
        name="ez_bust",
        label="EZ Bust Blackjack",
        short_label="EZ Bust",
        report_label="EZ Bust Blackjack",
        offered_by="633b.16",
        paytable_paragraph="633b.16",
        settled_by="633b.16(f)",
        timing=Timing.AFTER_THE_DEALERS_HAND,
        reads=Reads.DEALER_BUST,
        placed_after_the_deal="633b.16(c)",
        evaluate=_ez_bust,
        paytables=_single(ez_bust.PAYTABLE),
        reads_dealer_draws=True,
    ),
)

_BY_NAME: Final[Mapping[str, SideWager]] = {wager.name: wager for wager in REGISTRY}
NAMES: Final[tuple[str, ...]] = tuple(_BY_NAME)
PROGRESSIVE_NAMES: Final[tuple[str, ...]] = tuple(w.name for w in REGISTRY if w.is_progressive)


# The order `Rules.findings` lists the wagers' own findings in, as it always has: the deck
# paytables (633a.13(f), (g), (d), (i); Super Match's Switch-only check before its deck check),
# then the progressive resets (633a.13(j)(2), (l)(2)).
CHECK_ORDER: Final[tuple[SideWager, ...]] = tuple(
    _BY_NAME[name]
    for name in (
        "royal_match_21",
        "bet_the_set_21",
        "match_the_dealer",
        "super_match",
        "bad_beat",
        "hit_and_run",
    )
)


def side_wager(name: str) -> SideWager:
    """The registry's entry for `name`; WagerError naming the unknown wager otherwise."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise WagerError(
            f"no side wager {name!r}: the side wagers are {', '.join(NAMES)}",
            paragraph="633a.6(e)",
        ) from None


@cache  # asked at every settlement step of every round; the registry never changes
def settled_at(timing: Timing) -> tuple[SideWager, ...]:
    """The wagers usually settled at `timing`, in the registry's order."""
    return tuple(wager for wager in REGISTRY if wager.timing is timing)


@cache
def waiting_until(timing: Timing) -> tuple[SideWager, ...]:
    """The wagers some of whose hands wait until `timing`, in the registry's order."""
    return tuple(w for w in REGISTRY if w.waits is not None and w.waits.timing is timing)
