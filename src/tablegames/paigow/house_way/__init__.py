"""House ways: how the dealer, a co-banking player, or a player who asks, sets seven cards.

A house way is chosen by name in the Rules Submission (`house_way`); 645a.11's text was not
found, so no way is PA law (paigow/645a-digest.md 10). Shipped ways, each documented rule by
rule in its module and in docs/paigow.md:

- `trump_plaza`: the Trump Plaza (Atlantic City) way as Wizard of Odds publishes it, the way of
  the published 28.55% / 41.47% / 29.98% figures (paigow/anchors.md 4);
- `claridge`: the Claridge (Atlantic City) way, published as Trump Plaza's with two exceptions;
- `highest_high`: a plain reference way: the strongest legal high hand, then the strongest low.

>>> from tablegames.paigow.cards import parse_hand
>>> str(house_way("trump_plaza").set(parse_hand(["AS", "KD", "9C", "9H", "5S", "4D", "2C"])))
'9C 9H 5S 4D 2C / AS KD'
>>> sorted(HOUSE_WAYS)
['claridge', 'highest_high', 'trump_plaza']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from tablegames.core.cards import CardOrJoker
from tablegames.core.errors import RulesError
from tablegames.paigow.house_way.simple import HighestHighWay
from tablegames.paigow.house_way.trump_plaza import TrumpPlazaWay
from tablegames.paigow.ranking import DEFAULT_RANKING, RankingRules
from tablegames.paigow.setting import Setting


class HouseWay(Protocol):
    """What a house way offers: its name, what it is, and a setting of any seven cards."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    def set(
        self, hand: Sequence[CardOrJoker], rules: RankingRules = DEFAULT_RANKING
    ) -> Setting: ...


HOUSE_WAYS: Final[dict[str, HouseWay]] = {
    "trump_plaza": TrumpPlazaWay(claridge=False),
    "claridge": TrumpPlazaWay(claridge=True),
    "highest_high": HighestHighWay(),
}


def house_way(name: str) -> HouseWay:
    """The shipped house way called `name`; RulesError names the choices otherwise."""
    way = HOUSE_WAYS.get(name) if isinstance(name, str) else None
    if way is None:
        raise RulesError(f"house way {name!r} is unknown: choose one of {sorted(HOUSE_WAYS)}")
    return way
