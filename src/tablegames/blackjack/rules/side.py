"""Side wagers and variations an operator may offer (633a.6(e), 633a.12, 633b.16, 633c.4).

Each side wager is offered only when its entry is present in `side_wagers`; its options and
limits live in that entry. Amounts are integer cents; progression rates are basis points
(100 = 1% of each wager goes to the meter).

>>> offers = SideWagers.model_validate({"lucky_ladies": {}, "royal_match_21": {"paytable": "D"}})
>>> offers.offered()
['lucky_ladies', 'royal_match_21']
>>> offers.royal_match_21.paytable if offers.royal_match_21 else None
'D'
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tablegames.core.rulesfile import Finding

# Strict types, as in the Rules model: "6" is not a number, "yes" and 1 are not booleans.
_FROZEN = ConfigDict(frozen=True, extra="forbid", strict=True)


class SideWagerRules(BaseModel):
    """Limits every side wager has: its own table minimum and maximum, in cents."""

    model_config = _FROZEN

    min_wager: int = Field(100, ge=1, description="Smallest side wager, in cents.")
    max_wager: int = Field(10_000, ge=1, description="Largest side wager, in cents.")


class LuckyLadies(SideWagerRules):
    """633a.6(e)(1), 633a.13(c): Lucky Ladies Twenty Point Bonus."""


class MatchTheDealer(SideWagerRules):
    """633a.6(e)(2), 633a.13(d): the paytable follows the number of decks (6 or 8)."""


class InBetween(SideWagerRules):
    """633a.6(e)(3), 633a.13(e)."""

    ace: Literal["high", "low"] = Field(
        "high", description="The regulation is silent on the ace's rank: the house chooses."
    )


class RoyalMatch21(SideWagerRules):
    """633a.6(e)(4), 633a.13(f): paytables A-B single deck, C-E multiple decks."""

    paytable: Literal["A", "B", "C", "D", "E"] = "C"
    crown_treasure: bool = Field(True, description="633a.7(g)(4): the Crown Treasure Bonus.")


class BetTheSet21(SideWagerRules):
    """633a.6(e)(5), 633a.13(g): paytable A one deck, B two decks, C-D four or more."""

    paytable: Literal["A", "B", "C", "D"] = "C"


class KingsBounty(SideWagerRules):
    """633a.6(e)(6), 633a.13(h)."""


class SuperMatch(SideWagerRules):
    """633a.6(e)(7), 633a.13(i): Blackjack Switch tables only; 6- or 8-deck paytable."""


class Progressive(SideWagerRules):
    """A progressive meter: rate of progression and initial/reset amount (Rules Submission)."""

    rate_bp: int = Field(
        1_000, ge=0, le=10_000, description="Share of each wager added to the meter, in 1/100 %."
    )
    reset: int = Field(..., ge=0, description="Initial and reset amount of the meter, in cents.")


class BadBeat(Progressive):
    """633a.6(e)(8), 633a.7(o)(1), 633a.13(j)."""

    reset: int = Field(500_000, ge=0, description="633a.13(j)(2): at least $5,000.")
    player_has_20: bool = Field(False, description="633a.7(o)(1)(i): the optional 1 for 1 line.")
    magic_card: bool = Field(False, description="633a.13(j)(1): Magic Card Bonus, 20 for 1.")
    lucky_player: bool = Field(False, description="633a.13(j)(1): Lucky Player Bonus, 5 for 1.")


class ThreeCardPoker(SideWagerRules):
    """633a.6(e)(9), 633a.13(k): 9 to 1."""


class HitAndRun(Progressive):
    """633a.6(e)(10), 633a.7(o)(2), 633a.13(l)."""

    reset: int = Field(100_000, ge=0, description="633a.13(l)(2): at least $1,000.")


class StraightJack(SideWagerRules):
    """633a.6(e)(11): no paytable in the regulation; the Rules Submission files one."""

    paytable: Literal["default"] = "default"


class HouseMoney(SideWagerRules):
    """633a.6(e)(12): no paytable in the regulation; the Rules Submission files one."""

    paytable: Literal["default"] = "default"


class EZBust(BaseModel):
    """633b.16: EZ Bust Blackjack, offered after the deal against a 2-6 up card."""

    model_config = _FROZEN

    push_when_no_live_hands: bool = Field(
        False,
        description=(
            "633b.16(g): push every EZ Bust wager when every Blackjack Wager ended in a "
            "Blackjack or a bust."
        ),
    )


class SideWagers(BaseModel):
    """The side wagers a table offers; absent means not offered (633a.6(e))."""

    model_config = _FROZEN

    lucky_ladies: LuckyLadies | None = None
    match_the_dealer: MatchTheDealer | None = None
    in_between: InBetween | None = None
    royal_match_21: RoyalMatch21 | None = None
    bet_the_set_21: BetTheSet21 | None = None
    kings_bounty: KingsBounty | None = None
    super_match: SuperMatch | None = None
    bad_beat: BadBeat | None = None
    three_card_poker: ThreeCardPoker | None = None
    hit_and_run: HitAndRun | None = None
    straight_jack: StraightJack | None = None
    house_money: HouseMoney | None = None
    ez_bust: EZBust | None = None

    def offered(self) -> list[str]:
        return [name for name in type(self).model_fields if getattr(self, name) is not None]

    def findings(self, *, decks: int, switch_table: bool) -> list[Finding]:
        """Each offered wager's own checks, as its registry entry states them: the paytable
        printed for the number of decks (633a.13(d), (f), (g), (i)), Super Match at a
        Blackjack Switch table only (633a.6(e)(7)), the progressive resets (633a.13(j)(2),
        (l)(2)).

        >>> [f.paragraph for f in SideWagers.model_validate({"super_match": {}}).findings(
        ...     decks=6, switch_table=False)]
        ['633a.6(e)(7)']
        """
        # Imported here: the registry reads this module's models, so it cannot come first.
        from tablegames.blackjack.side.registry import CHECK_ORDER, RulesFacts

        facts = RulesFacts(decks=decks, switch_table=switch_table)
        found: list[Finding] = []
        for wager in CHECK_ORDER:
            entry = getattr(self, wager.name)
            if entry is not None:
                found += wager.findings(entry, facts)
        return found
