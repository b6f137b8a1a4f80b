"""The house rules: everything an operator files in its Rules Submission (601a.2) for Blackjack.

One immutable, keyword-only object. Each field names the paragraph it answers to. Options that
Pennsylvania does not allow (H17, 6:5, no peek, ...) exist only for what-if analysis; `non_pa()`
lists the ones in force so every display can mark them.

>>> rules = Rules()
>>> rules.decks, rules.dealer_hits_soft_17, rules.blackjack_pays
(6, False, '3:2')
>>> rules.model_copy(update={"decks": 8}).decks
8
>>> Rules(dealer_hits_soft_17=True).non_pa()[0].paragraph
'633a.7(m)'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ShoeKind = Literal["shoe", "double_shoe", "batch_shuffler", "continuous_shuffler"]
BlackjackPays = Literal["3:2", "6:5", "1:1"]
SettlementProcedure = Literal["collect_then_pay", "counterclockwise"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem with a Rules Submission: which field, what is wrong, the paragraph it breaks."""

    field: str
    message: str
    paragraph: str | None

    def __str__(self) -> str:
        where = f" (58 Pa. Code {self.paragraph})" if self.paragraph else ""
        return f"{self.field}: {self.message}{where}"


class Rules(BaseModel):
    """A Blackjack Rules Submission. Amounts are integer cents."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)

    # --- cards and shoe -------------------------------------------------------------------
    decks: int = Field(6, ge=1, le=8, description="633a.3(a): decks in the dealing shoe (1-8).")
    shoe: ShoeKind = Field(
        "shoe",
        description=(
            "633a.3(b)-(c), 633a.5(h): a single dealing shoe, a double shoe, an automated "
            "shuffler with two alternating batches, or a continuous shuffler."
        ),
    )
    penetration: float = Field(
        0.75,
        gt=0,
        le=0.75,
        description=(
            "633a.5(d): share of the cards dealt before the cover card; the cover card sits at "
            "least 1/4 of the way in from the bottom, so at most 0.75."
        ),
    )

    # --- table and wagers -------------------------------------------------------------------
    boxes: int = Field(7, ge=1, le=7, description="633a.2(a): betting positions (at most 7).")
    max_boxes_per_player: int = Field(
        3, ge=1, le=7, description="633a.6(f): adjacent boxes one player may wager on in a round."
    )
    min_wager: int = Field(1_000, ge=1, description="Table minimum Blackjack Wager, in cents.")
    max_wager: int = Field(500_000, ge=1, description="Table maximum Blackjack Wager, in cents.")
    wager_unit: int = Field(
        100,
        ge=1,
        description=(
            "Smallest chip, in cents: every wager is a multiple of it, and it is the unit "
            "insurance may round up to (633a.8(b))."
        ),
    )

    # --- the dealer ---------------------------------------------------------------------------
    dealer_hits_soft_17: bool = Field(
        False, description="633a.7(m): the dealer stands on all 17s. True is non-PA (what-if)."
    )
    dealer_peeks: bool = Field(
        True,
        description=(
            "633a.7(h): with an ace or ten-value up card the dealer checks for Blackjack before "
            "players act. False is non-PA (what-if)."
        ),
    )

    # --- player options -------------------------------------------------------------------------
    late_surrender: bool = Field(
        True, description="633a.9: surrender half the wager. False is non-PA (what-if)."
    )
    double_after_split: bool = Field(
        True,
        description=(
            "633a.10(a): double on the first two cards of any split pair. False is non-PA."
        ),
    )
    max_hands: int = Field(
        4,
        ge=1,
        le=16,
        description=(
            "633a.11(c): hands a player can hold after splitting, including the first "
            "(1 means no splitting, which is non-PA)."
        ),
    )
    resplit_aces: bool = Field(
        True, description="633a.11(c): aces may be split again, up to max_hands."
    )
    hit_split_aces: bool = Field(
        True,
        description=(
            "633a.11(c): each split hand, aces included, may stand, draw or double. False "
            "(split aces receive one card each) is the common house practice."
        ),
    )
    blackjack_pays: BlackjackPays = Field(
        "3:2", description="633a.13(a): Blackjack pays 3 to 2. 6:5 and 1:1 are non-PA (what-if)."
    )
    even_money: bool = Field(
        True, description="633a.8(e): a player with Blackjack may take even money against an ace."
    )
    original_bets_only: bool = Field(
        True,
        description=(
            "633a.10(b), 633a.11(d): a dealer Blackjack takes only the original wager, never "
            "doubles or split wagers (it matters only when the dealer does not peek). "
            "False is non-PA."
        ),
    )
    settlement_procedure: SettlementProcedure = Field(
        "collect_then_pay",
        description=(
            "633a.7(r): collect all losing wagers then pay the winners, or settle each box "
            "counterclockwise from the dealer's right."
        ),
    )

    @property
    def blackjack_ratio(self) -> Fraction:
        """What a winning Blackjack pays per unit wagered (633a.13(a))."""
        numerator, denominator = self.blackjack_pays.split(":")
        return Fraction(int(numerator), int(denominator))

    def findings(self) -> list[Finding]:
        """Inconsistencies that make these rules unplayable (raised by `validate_rules`)."""
        found: list[Finding] = []
        if self.min_wager > self.max_wager:
            found.append(Finding("min_wager", "the table minimum exceeds the maximum", None))
        for name in ("min_wager", "max_wager"):
            if getattr(self, name) % self.wager_unit:
                found.append(
                    Finding(name, f"must be a multiple of the wager unit {self.wager_unit}", None)
                )
        if self.shoe == "double_shoe" and self.decks % 2:
            found.append(
                Finding(
                    "decks",
                    "a double shoe needs the same number of decks on each side",
                    "633a.3(c)",
                )
            )
        if self.max_boxes_per_player > self.boxes:
            found.append(
                Finding(
                    "max_boxes_per_player",
                    f"exceeds the {self.boxes} betting positions of the table",
                    "633a.6(f)",
                )
            )
        return found

    def non_pa(self) -> list[Finding]:
        """Options in force that Pennsylvania's regulation does not allow (what-if only)."""
        found: list[Finding] = []
        if self.dealer_hits_soft_17:
            found.append(
                Finding("dealer_hits_soft_17", "the dealer must stand on all 17s", "633a.7(m)")
            )
        if not self.dealer_peeks:
            found.append(
                Finding(
                    "dealer_peeks",
                    "the dealer must check for Blackjack with an ace or ten-value up card",
                    "633a.7(h)",
                )
            )
        if not self.late_surrender:
            found.append(Finding("late_surrender", "players may surrender", "633a.9(a)"))
        if not self.double_after_split:
            found.append(
                Finding(
                    "double_after_split",
                    "players may double on the first two cards of any split pair",
                    "633a.10(a)",
                )
            )
        if self.max_hands < 2:
            found.append(Finding("max_hands", "players may split pairs", "633a.11(a)"))
        if self.blackjack_pays != "3:2":
            found.append(Finding("blackjack_pays", "Blackjack pays 3 to 2", "633a.13(a)"))
        if not self.original_bets_only:
            found.append(
                Finding(
                    "original_bets_only",
                    "a dealer Blackjack collects only the original wager",
                    "633a.10(b)",
                )
            )
        return found
