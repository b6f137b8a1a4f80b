"""Invariants over many random rounds of random legal play (hypothesis).

For at least 10,000 rounds across shoe kinds and house rules, side wagers (633a.6(e)) with random
stakes and EZ Bust (633b.16) with random decisions and amounts included:

* every card is accounted for after every step (633a.7(e)(1)): the deal and each decision;
* every wager is settled exactly once, for exactly the amount placed;
* a side wager names its paytable line(s) exactly when it wins, and a fixed-odds win returns
  what its lines pay (less only where the 633a.13(m) limit shares the winnings);
* money is conserved to the cent, progressive meters included (below);
* replaying a round's log reproduces it event for event (633a.7(s)).

Money is kept in four pools, in cents: the players' chips, the layout (wagers placed and not yet
settled), the house's cash, and the progressive meters (633a.13(j)(2), 633a.13(l)(2)), which are
money the house owes to future jackpot winners. `player + layout + house + meters` never changes:

* a wager placed moves its amount from the player to the layout; settled, its stake goes from the
  layout to the house and everything `returned` goes from the house to the player;
* each progressive stake adds `stake * rate_bp // 10_000` to its meter, taken from the house's
  take: the house pays it into the meter;
* a share of a "100% of meter" jackpot is paid from the meter, not by the house; after the
  jackpot the odd cents the shares left behind (each share is rounded down, 633a.7(o)) go back to
  the house, and the house funds the meter's reset amount.

The house funds the initial meters when the table opens. The same bookkeeping predicts every
meter: it must equal the meters the round logs when it starts and the table shows after it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import RoundStarted, WagerPlaced, WagerSettled
from tablegames.blackjack.replay import replay
from tablegames.blackjack.round import Round
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
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE, BoxWager
from tablegames.core.cards import Card, standard_decks
from tablegames.core.cardsource import StackedShoe
from tablegames.core.paytable import Paytable, SideResult, find_line, pays_to
from tablegames.core.rng import SeededRandom

ROUNDS_PER_EXAMPLE = 100
EXAMPLES = 100  # 100 x 100 = 10,000 rounds

# Every side wager but Super Match, which belongs to Blackjack Switch (633a.6(e)(7)): one
# variant below adds it at a Blackjack Switch table.
_SIDES: dict[str, Any] = {
    "lucky_ladies": {},
    "match_the_dealer": {},
    "in_between": {},
    "royal_match_21": {},
    "bet_the_set_21": {},
    "kings_bounty": {},
    "bad_beat": {"magic_card": True, "lucky_player": True},
    "three_card_poker": {},
    "hit_and_run": {},
    "straight_jack": {},
    "house_money": {},
    "ez_bust": {},
}


def _sides(**changes: dict[str, Any]) -> dict[str, Any]:
    return {**_SIDES, **changes}


RULE_VARIANTS: list[dict[str, Any]] = [
    {},  # first: hypothesis draws the first variant most often, and this one is the cheapest
    # Side wagers (633a.6(e)) and EZ Bust (633b.16). Match-the-Dealer needs 6 or 8 decks
    # (633a.13(d)); Royal Match 21 paytables C-E and Bet the Set 21 C-D are for several decks.
    {"decks": 6, "side_wagers": _sides(royal_match_21={"paytable": "C"})},
    {
        "decks": 8,
        "side_wagers": _sides(
            royal_match_21={"paytable": "D"},
            bet_the_set_21={"paytable": "D"},
            in_between={"ace": "low"},
            lucky_ladies={"max_wager": 2500},
            kings_bounty={"max_wager": 2500},
            ez_bust={"push_when_no_live_hands": True},
            bad_beat={"magic_card": True, "lucky_player": True, "player_has_20": True},
            hit_and_run={"rate_bp": 1234, "reset": 150_000},
        ),
        # 633a.13(m): the least limit these rules allow, $1,000 x $25 x 2 wagers x 1 box.
        "max_boxes_per_player": 1,
        "payout_limit": 5_000_000,
    },
    {
        "decks": 6,
        "shoe": "continuous_shuffler",
        "settlement_procedure": "counterclockwise",
        "side_wagers": _sides(
            royal_match_21={"paytable": "E", "crown_treasure": False},
            ez_bust={"push_when_no_live_hands": True},
            bad_beat={"player_has_20": True, "rate_bp": 777},
        ),
    },
    {
        # Non-PA what-if without the check: the held-back pairs wait for the hole card.
        "decks": 8,
        "dealer_peeks": False,
        "dealer_hits_soft_17": True,
        "side_wagers": _sides(bad_beat={"lucky_player": True, "rate_bp": 0}),
    },
    {
        # One-cent chips: odd stakes make fractional payouts and shares round down.
        "decks": 6,
        "wager_unit": 1,
        "min_wager": 101,
        "max_wager": 9999,
        "side_wagers": {
            name: {**options, **({} if name == "ez_bust" else {"min_wager": 1, "max_wager": 2501})}
            for name, options in _sides(bad_beat={"magic_card": True, "rate_bp": 999}).items()
        },
    },
    {
        # Super Match reads the four cards of the two Blackjack Switch hands (633a.6(e)(7)).
        "decks": 8,
        "variant": "blackjack_switch",
        "side_wagers": _sides(super_match={}),
    },
    # The variations: the hand-dealt game (633a.12(b)) and Switch Hands with its ante, with
    # and without Blackjack premium (633c.4); random switch decisions.
    {"decks": 2, "variant": "hand_dealt", "shoe": "batch_shuffler"},
    {"variant": "switch_hands", "wager_unit": 500, "min_wager": 500, "tie_blackjack_pays": True},
    {
        "variant": "switch_hands",
        "wager_unit": 500,
        "min_wager": 500,
        "blackjack_premium": True,
        "switch_cards_dealt": "after",
        "side_wagers": _sides(),
    },
    # The Blackjack Wager alone under house rules of every kind.
    {"decks": 8},
    {"decks": 1, "max_hands": 4, "hit_split_aces": False, "resplit_aces": False},
    {"decks": 2, "shoe": "double_shoe", "settlement_procedure": "counterclockwise"},
    {"decks": 6, "shoe": "batch_shuffler", "penetration": 0.5},
    {"decks": 6, "shoe": "continuous_shuffler"},
    {"dealer_peeks": False, "original_bets_only": True},
    {"dealer_peeks": False, "original_bets_only": False, "dealer_hits_soft_17": True},
    {"blackjack_pays": "6:5", "late_surrender": False, "double_after_split": False},
    {"wager_unit": 1, "min_wager": 101, "max_wager": 9999, "even_money": False},
]

_BLACKJACK_WAGER = {"blackjack", "double", "split"}  # settled together as one WagerSettled
_MAIN_WAGERS = {*_BLACKJACK_WAGER, "insurance"}
_PROGRESSIVES = ("bad_beat", "hit_and_run")
_FIXED_PAYTABLES: dict[str, Paytable] = {
    "lucky_ladies": lucky_ladies.PAYTABLE,
    "in_between": in_between.PAYTABLE,
    "kings_bounty": kings_bounty.PAYTABLE,
    "three_card_poker": three_card_poker.PAYTABLE,
    "hit_and_run": hit_and_run.PAYTABLE,
    "straight_jack": straight_jack.DEFAULT,
    "house_money": house_money.DEFAULT,
    "ez_bust": (pays_to("dealer_busts", 1, "Dealer busts"),),  # 633b.16(i): 1 to 1
}


def _paytable(rules: Rules, wager: str) -> Paytable:
    """The lines `wager` may win under `rules`, its optional lines only when selected."""
    offers = rules.side_wagers
    if wager == "match_the_dealer":  # 633a.13(d)(1)-(2): six or eight decks
        return match_the_dealer.PAYTABLES[f"{rules.decks}-deck"]
    if wager == "super_match":  # 633a.13(i)(1)-(2)
        return super_match.PAYTABLES[f"{rules.decks}-deck"]
    if wager == "royal_match_21" and offers.royal_match_21 is not None:
        lines = royal_match_21.PAYTABLES[offers.royal_match_21.paytable]
        # 633a.7(g)(4): the Crown Treasure Bonus only where it is offered.
        crown = offers.royal_match_21.crown_treasure
        return tuple(line for line in lines if crown or line.line != "crown_treasure")
    if wager == "bet_the_set_21" and offers.bet_the_set_21 is not None:
        return bet_the_set_21.PAYTABLES[offers.bet_the_set_21.paytable]
    if wager == "bad_beat" and offers.bad_beat is not None:
        # 633a.7(o)(1)(i), 633a.13(j)(1): the optional line and bonuses the rules select.
        selected = {
            "player_has_20": offers.bad_beat.player_has_20,
            "magic_card_bonus": offers.bad_beat.magic_card,
            "lucky_player_bonus": offers.bad_beat.lucky_player,
        }
        return tuple(line for line in bad_beat.PAYTABLE if selected.get(line.line, True))
    return _FIXED_PAYTABLES[wager]


def _check_side_settlement(rules: Rules, event: WagerSettled) -> int | None:
    """Check one side wager's line against its outcome and amount; the part of `returned` paid
    from a progressive meter (None when no "100% of meter" line won)."""
    if event.wager in _MAIN_WAGERS:
        assert event.line is None, event
        return None
    # The line is named exactly when the side wager wins.
    assert (event.line is not None) == (event.outcome == "win"), event
    if event.outcome == "lose":
        assert event.returned == 0, event
    elif event.outcome == "push":  # 633b.16(g): only EZ Bust is ever pushed
        assert (event.wager, event.returned) == ("ez_bust", event.stake), event
    if event.line is None:
        assert event.outcome in ("lose", "push"), event
        return None
    paytable = _paytable(rules, event.wager)
    lines = [find_line(paytable, line) for line in event.line.split("+")]
    fixed = tuple(line for line in lines if not line.progressive)
    fixed_returned = SideResult(fixed).returned(event.stake) if fixed else 0
    if len(fixed) < len(lines):
        assert event.returned >= fixed_returned, event
        return event.returned - fixed_returned
    if event.paragraph == "633a.13(m)":  # the aggregate limit shares the winnings
        assert event.stake <= event.returned <= fixed_returned, event
    else:
        assert event.returned == fixed_returned, event
    return None


@dataclass
class Ledger:
    """The four pools of the module docstring, and the meters they predict."""

    rules: Rules
    player: int = 10**9
    house: int = 10**9
    layout: int = 0
    meters: dict[str, int] = field(default_factory=dict)
    total: int = 0

    def __post_init__(self) -> None:
        for name in _PROGRESSIVES:
            offer = getattr(self.rules.side_wagers, name)
            if offer is not None:  # the house funds the initial amount (633a.13(j)(2), (l)(2))
                self.house -= offer.reset
                self.meters[name] = offer.reset
        self.total = self._sum()

    def _sum(self) -> int:
        return self.player + self.layout + self.house + sum(self.meters.values())

    def record(self, game: Round, meters: Mapping[str, int]) -> None:
        """Book a completed round; `meters` are the table's meters after it."""
        started = game.events[0]
        assert isinstance(started, RoundStarted)
        assert started.meters == self.meters
        jackpots: defaultdict[str, int] = defaultdict(int)  # winners per meter
        for event in game.events:
            if isinstance(event, WagerPlaced):
                self.player -= event.amount
                self.layout += event.amount
                if event.wager in _PROGRESSIVES:
                    # 633a.13(j)(2), 633a.13(l)(2): the rate of progression, from the house's take.
                    offer = getattr(self.rules.side_wagers, event.wager)
                    contribution = event.amount * offer.rate_bp // 10_000
                    self.house -= contribution
                    self.meters[event.wager] += contribution
            elif isinstance(event, WagerSettled):
                share = _check_side_settlement(self.rules, event)
                self.layout -= event.stake
                self.house += event.stake - (event.returned - (share or 0))
                self.player += event.returned
                if share is not None:
                    jackpots[event.wager] += 1
                    self.meters[event.wager] -= share
        for wager, winners in jackpots.items():
            # Shares are rounded down: fewer odd cents than winners stay behind.
            left = self.meters[wager]
            assert 0 <= left < winners, (wager, left, winners)
            reset = getattr(self.rules.side_wagers, wager).reset
            self.house += left - reset
            self.meters[wager] = reset
        assert self.layout == 0  # nothing stays on the layout after the round
        assert self._sum() == self.total  # conserved to the cent
        assert meters == self.meters


def _accounted(table: Table, game: Round, decks: Counter[Card], ids: Counter[int]) -> None:
    """633a.7(e)(1): the shoe's places (shoe, discard rack, ...) and the layout hold exactly
    the full decks. `DealingShoe.audit`'s check, with the full decks counted once per table.

    Cards are interned (cards.py), so the same objects in the same numbers (`ids`) are the same
    cards; only when they are not are the cards compared by value.
    """
    held = [card for cards in table.shoe.locations().values() for card in cards]
    held += game.table_cards()
    assert len(held) == table.shoe.total_cards
    if Counter(map(id, held)) != ids:
        assert Counter(held) == decks


def _random_play(
    game: Round, table: Table, rng: np.random.Generator, decks: Counter[Card], ids: Counter[int]
) -> None:
    """Take random legal decisions with random legal amounts, accounting for every card after
    every step (the deal and each decision)."""
    while not game.is_complete:
        _accounted(table, game, decks, ids)
        actions = game.legal_actions()
        turn = game.turn
        assert turn is not None
        action = actions[int(rng.integers(len(actions)))]
        amount: int | None = None
        unit = game.rules.wager_unit
        if action is Action.INSURANCE:
            amount = unit * int(rng.integers(1, game.max_insurance() // unit + 1))
        elif action is Action.EZ_BUST:
            # 633b.16(d): up to the box's initial Blackjack Wager.
            amount = unit * int(rng.integers(1, game.box(turn.box).wager.amount // unit + 1))
        elif action is Action.DOUBLE and rng.random() < 0.3:
            stake = game.box(turn.box).hands[turn.hand].stake
            amount = unit * int(rng.integers(1, stake // unit + 1))
        game.act(action, amount)
    _accounted(table, game, decks, ids)
    table.shoe.audit([])  # and the shoe's own audit, once the cards are in the discard rack


def _check_settled_once(game: Round) -> None:
    placed: Counter[tuple[int, int, str]] = Counter()
    settled: Counter[tuple[int, int, str]] = Counter()
    for event in game.events:
        if isinstance(event, WagerPlaced):
            wager = "blackjack" if event.wager in _BLACKJACK_WAGER else event.wager
            placed[(event.box, event.hand, wager)] += event.amount
        elif isinstance(event, WagerSettled):
            key = (event.box, event.hand, event.wager)
            assert key not in settled, f"{key} settled twice"
            settled[key] += event.stake
            assert event.returned >= 0
    # Every cent placed on the layout is settled exactly once, no more and no less.
    assert placed == settled


def _wagers(rules: Rules, rng: np.random.Generator) -> list[BoxWager]:
    """Random boxes and Blackjack Wagers, and on each box random stakes on about half the side
    wagers placed with it (633a.6(e)), within each one's limits in whole wager units."""
    count = int(rng.integers(1, rules.boxes + 1))
    boxes = sorted(rng.choice(np.arange(1, rules.boxes + 1), size=count, replace=False))
    unit = rules.wager_unit
    units = rules.max_wager // unit
    low = -(-rules.min_wager // unit)
    offers = rules.side_wagers
    names = [name for name in offers.offered() if name != "ez_bust"]  # EZ Bust: after the deal
    wagers = []
    for box in boxes:
        side = {}
        for name in names:
            offer = getattr(offers, name)
            least, most = -(-offer.min_wager // unit), offer.max_wager // unit
            if rng.random() < 0.5 and least <= most:
                side[name] = unit * int(rng.integers(least, most + 1))
        amount = unit * int(rng.integers(low, min(units, low * 10) + 1))
        if rules.variant == "switch_hands" and (not rules.blackjack_premium or rng.random() < 0.5):
            side[SWITCH_HANDS_ANTE] = amount // 500 * 100  # 633c.4(c): $1 per $5
        wagers.append(BoxWager(box=int(box), amount=amount, player=f"player {box}", side=side))
    return wagers


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(RULE_VARIANTS))
def test_money_conserved_cards_accounted_and_replay_identical(
    seed: int, variant: dict[str, Any]
) -> None:
    rules = Rules(**variant)
    assert rules.findings() == []
    rng = np.random.default_rng(seed)
    table = Table(rules, random=SeededRandom.from_seed(seed))
    ledger = Ledger(rules)
    full = standard_decks(table.shoe.total_cards // 52)  # a batch shuffler holds two sets
    decks, ids = Counter(full), Counter(map(id, full))
    for _ in range(ROUNDS_PER_EXAMPLE):
        game = table.deal(_wagers(rules, rng))
        _random_play(game, table, rng, decks, ids)
        _check_settled_once(game)
        ledger.record(game, table.meters)
        assert replay(game.events).events == game.events


# Dealer 2 2 2 2 2 2 2 3: 17 in eight cards, against two boxes of 20.
JACKPOT_CARDS = "TS TH 2S TD TC 2H 2D 2C 2S 2H 2D 3C"


def test_the_ledger_follows_a_check_side_settlementd_with_odd_cents() -> None:
    # The random rounds almost never reach a jackpot: a Hit and Run meter of $1,500.01 paid
    # to two winners of an eight-card dealer hand (633a.7(o)(2)(ii)(C)), one cent left over.
    rules = Rules.model_validate({"side_wagers": {"hit_and_run": {"rate_bp": 1000}}})
    ledger = Ledger(rules)
    ledger.house -= 50_001  # the house raises the meter to $1,500.01 before the round
    ledger.meters["hit_and_run"] += 50_001
    wagers = [BoxWager(box=n, amount=1000, side={"hit_and_run": 500}) for n in (1, 2)]
    game = Round(
        rules=rules,
        shoe=StackedShoe.parse(JACKPOT_CARDS.split()),
        wagers=wagers,
        meters={"hit_and_run": 150_001},
    )
    game.stand()
    game.stand()
    # 150,001 + 2 x 50 contributed = 150,101, shared equally: 75,050 each, one cent left over.
    assert [s.returned for s in game.settlements() if s.wager == "hit_and_run"] == [75_050] * 2
    ledger.record(game, game.side.meters)
    assert ledger.meters == {"hit_and_run": 100_000}
