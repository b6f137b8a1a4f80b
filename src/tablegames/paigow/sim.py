"""The Pai Gow Poker main wager by seeded simulation: the house way against the house way.

`simulate(rules, rounds=N, seed=S)` cuts the N deals into work units of `UNIT_DEALS`
(`core.simulation.plan`, the runtime every game's simulator shares). Each deal shuffles the
53-card deck with the unit's numpy generator, gives the player the first seven cards and the
dealer the next seven (which seven of the 49 dealt is immaterial: every stack is a uniform
seven of the deck), sets both by the table's house way (`rules.house_way`) and settles the
player's main wager of `STAKE` cents with `settle.settle`, the code the table settles with:
copies to the banker, the filed commission and its rounding, commission-free play's Tiger 9
push (645c.1(b)(2)). Totals are integers (cents), so units merge exactly and the same seed gives
the same result on any number of workers or on a Dask cluster.

The report is `tablegames simulate --json`'s shape: `wagers.pai_gow` holds `n`, `house_edge`
(a fraction of the wager, house-positive, commission included), `standard_error`, `std_dev`
(per deal, per unit wagered) and `lines` (win / push / lose shares), with each share's standard
error in `line_standard_errors`. When the rules offer the Tiger 9 wager (645c.1(c)(2)) its edge
at the filed odds follows from the same deals (`wagers.tiger_9`).

This is the main wager only. Where the numba house way has the table's way (Trump Plaza,
Claridge) under the default rankings, both hands are set by it and the results read off the
keys (`settle_kernel`, about 0.5 us a hand); any other way sets each hand in pure Python
(`settle_python`, ~0.3 ms a hand). A test deals the same hands both ways and gets the same
totals.

>>> from tablegames.paigow.rules import PaiGowRules
>>> result = simulate(PaiGowRules(), rounds=200, seed=3)
>>> result.totals.win + result.totals.push + result.totals.lose
200
>>> result.report()["wagers"]["pai_gow"]["n"]
200
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

import numpy as np

from tablegames.core.money import commission as commission_on
from tablegames.core.rulesfile import rules_digest
from tablegames.core.simulation import WorkUnit, moments, plan, run
from tablegames.paigow.analysis_house_way import WAYS, IntArray, set_many
from tablegames.paigow.cards import DECK_SIZE, HAND_SIZE, card_from_index
from tablegames.paigow.house_way import house_way
from tablegames.paigow.ranking import DEFAULT_RANKING
from tablegames.paigow.rules import PaiGowRules
from tablegames.paigow.setting import IllegalSettingError
from tablegames.paigow.settle import is_tiger_9, settle

UNIT_DEALS: Final = 2_000
# A $100 wager: a 5% commission on it is a whole number of cents, so the edge reported is the
# filed rate's own and not an artefact of rounding a small wager's commission.
STAKE: Final = 10_000
_DECK: Final = tuple(card_from_index(index) for index in range(DECK_SIZE))


@dataclass(frozen=True, slots=True)
class PaiGowTotals:
    """One unit's (or several merged units') integer totals: deals, each result's count, the
    player's net in cents and its square, the commission collected and the dealer's Tiger 9
    low hands (nine high, 645c.1(b)(2))."""

    deals: int = 0
    win: int = 0
    push: int = 0
    lose: int = 0
    net: int = 0
    net_sq: int = 0
    commission: int = 0
    tiger_9: int = 0
    seconds: float = 0.0  # time spent dealing (not part of the result)

    def merge(self, other: PaiGowTotals) -> PaiGowTotals:
        return PaiGowTotals(
            self.deals + other.deals,
            self.win + other.win,
            self.push + other.push,
            self.lose + other.lose,
            self.net + other.net,
            self.net_sq + other.net_sq,
            self.commission + other.commission,
            self.tiger_9 + other.tiger_9,
            self.seconds + other.seconds,
        )


def deals(generator: np.random.Generator, size: int) -> IntArray:
    """`size` deals: each row the player's seven card indices, then the dealer's seven (the
    first fourteen of a uniformly shuffled deck)."""
    return np.argsort(generator.random((size, DECK_SIZE)), axis=1)[:, : 2 * HAND_SIZE]


def kernel_sets(rules: PaiGowRules) -> bool:
    """Whether the numba house way (`analysis_house_way`) sets these rules' hands: a way it
    has, under the default rankings (it is checked hand by hand against the Python way)."""
    return rules.house_way in WAYS and rules.ranking == DEFAULT_RANKING


def settle_python(rules: PaiGowRules, dealt: IntArray) -> PaiGowTotals:
    """Each deal set by the Python house way and settled by `settle.settle`, the table's code."""
    way = house_way(rules.house_way)
    ranking = rules.ranking
    counts = {"win": 0, "push": 0, "lose": 0}
    net = net_sq = collected = tigers = 0
    for row in dealt.tolist():
        player = way.set([_DECK[i] for i in row[:HAND_SIZE]], ranking)
        dealer = way.set([_DECK[i] for i in row[HAND_SIZE:]], ranking)
        settled = settle(player, dealer, rules, wager=STAKE)
        counts[settled.result] += 1
        net += settled.net
        net_sq += settled.net * settled.net
        collected += settled.commission
        tigers += is_tiger_9(dealer)
    return PaiGowTotals(
        len(dealt), counts["win"], counts["push"], counts["lose"], net, net_sq, collected, tigers
    )


def settle_kernel(rules: PaiGowRules, dealt: IntArray) -> PaiGowTotals:
    """The same totals with both hands set by the numba house way and `settle.outcome`'s rule
    applied to the keys: the player wins when both hands beat the banker's, loses when neither
    does (copies to the banker), pushes otherwise, and at commission-free play with the Tiger 9
    push every deal pushes against a nine-high low hand (645c.1(b)(2)). Integer cents."""
    player = set_many(dealt[:, :HAND_SIZE], rules.house_way)
    dealer = set_many(dealt[:, HAND_SIZE:], rules.house_way)
    if np.any(dealer[:, 2] < dealer[:, 3]) or np.any(player[:, 2] < player[:, 3]):
        raise IllegalSettingError("the house way set a foul hand")  # pragma: no cover
    low = dealer[:, 3]
    # settle.is_tiger_9 on the key: a high-card low hand (category 0, bits 20-23) whose first
    # tiebreak digit (bits 16-19) is a nine.
    tiger = ((low >> 20) == 0) & (((low >> 16) & 0xF) == 9)
    high_wins = player[:, 2] > dealer[:, 2]
    low_wins = player[:, 3] > dealer[:, 3]
    win = high_wins & low_wins
    lose = ~high_wins & ~low_wins
    if rules.commission_free and rules.tiger_9_push:
        win &= ~tiger
        lose &= ~tiger
    wins, losses = int(win.sum()), int(lose.sum())
    collected = commission_on(STAKE, rules.commission_rate, rules.rounding)
    won = STAKE - collected
    return PaiGowTotals(
        len(dealt),
        wins,
        len(dealt) - wins - losses,
        losses,
        wins * won - losses * STAKE,
        wins * won * won + losses * STAKE * STAKE,
        wins * collected,
        int(tiger.sum()),
    )


@dataclass(frozen=True, slots=True)
class MainWagerWork:
    """A picklable work unit's job: deal `unit.size` rounds from the unit's own seed."""

    rules: PaiGowRules

    def __call__(self, unit: WorkUnit) -> PaiGowTotals:
        started = time.perf_counter()
        dealt = deals(np.random.default_rng(unit.seed), unit.size)
        settled = (settle_kernel if kernel_sets(self.rules) else settle_python)(self.rules, dealt)
        return replace(settled, seconds=time.perf_counter() - started)


@dataclass(frozen=True, slots=True)
class PaiGowSimulation:
    """A finished simulation and what it reports."""

    rules: PaiGowRules
    seed: int
    totals: PaiGowTotals
    seconds: float  # wall time of the whole run

    def share(self, count: int) -> tuple[float, float]:
        """A result's share of the deals and its standard error (a binomial proportion)."""
        n = self.totals.deals
        p = count / n
        return p, math.sqrt(p * (1 - p) / n)

    def report(self) -> dict[str, Any]:
        """The `--json` document (the shape `tablegames simulate` gives every game)."""
        totals = self.totals
        n = totals.deals
        mean, variance = moments(n, totals.net, totals.net_sq, STAKE)
        std_dev = float(variance) ** 0.5
        shares = {name: self.share(getattr(totals, name)) for name in ("win", "push", "lose")}
        wagers: dict[str, Any] = {
            "pai_gow": {
                "n": n,
                "house_edge": -float(mean),
                "standard_error": std_dev / n**0.5,
                "std_dev": std_dev,
                "lines": {name: p for name, (p, _) in shares.items()},
                "line_standard_errors": {name: se for name, (_, se) in shares.items()},
                "stake_cents": STAKE,
                "commission_cents": totals.commission,
            }
        }
        tiger, tiger_se = self.share(totals.tiger_9)
        if self.rules.tiger_9_wager:
            odds = self.rules.tiger_9_odds
            # Each deal's Tiger 9 wager wins `odds` units or loses one: its edge and spread
            # follow from the dealer's nine-high low hands alone.
            edge = 1 - tiger * (odds + 1)
            spread = (odds + 1) * math.sqrt(tiger * (1 - tiger))
            wagers["tiger_9"] = {
                "n": n,
                "house_edge": edge,
                "standard_error": spread / n**0.5,
                "std_dev": spread,
                "lines": {"win": tiger, "lose": 1 - tiger},
                "odds": f"{odds} to 1",
            }
        return {
            "game": "pai_gow",
            "rounds": n,
            "seed": self.seed,
            "rules_digest": rules_digest(self.rules.model_dump(mode="json")),
            "house_way": self.rules.house_way,
            "player": f"the house way ({self.rules.house_way})",
            "commission_free": self.rules.commission_free,
            "rounds_per_second": round(n / self.seconds) if self.seconds > 0 else 0,
            "wagers": wagers,
            "rounds_per_second_per_core": round(n / totals.seconds) if totals.seconds > 0 else 0,
            "dealer_tiger_9": tiger,
            "dealer_tiger_9_standard_error": tiger_se,
        }


def simulate(
    rules: PaiGowRules,
    *,
    rounds: int,
    seed: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Callable[[WorkUnit], None] | None = None,
) -> PaiGowSimulation:
    """`rounds` deals of the house way against itself under `rules` (see the module's text)."""
    house_way(rules.house_way)  # an unknown way is refused before any work (RulesError)
    units = plan(rounds, unit_size=UNIT_DEALS, seed=seed)
    started = time.perf_counter()
    totals = run(
        MainWagerWork(rules), units, workers=workers, scheduler=scheduler, progress=progress
    )
    return PaiGowSimulation(rules, seed, totals, time.perf_counter() - started)
