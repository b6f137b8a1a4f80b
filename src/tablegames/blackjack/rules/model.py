"""The house rules: everything an operator files in its Rules Submission (601a.2) for Blackjack.

One immutable, keyword-only object. Each field names the paragraph it answers to. Options that
Pennsylvania does not allow (H17, 6:5, no peek, ...) exist only for what-if analysis; `non_pa()`
lists the ones in force so every display can mark them.

>>> rules = Rules()
>>> rules.decks, rules.dealer_hits_soft_17, rules.blackjack_pays
(6, False, '3:2')
>>> rules.replace(decks=8).decks
8
>>> rules.replace(decks=99)
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: decks: must be at most 8 (58 Pa. Code 633a.3(a))
>>> Rules(dealer_hits_soft_17=True).non_pa()[0].paragraph
'633a.7(m)'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tablegames.blackjack.rules.side import SideWagers
from tablegames.blackjack.variation import variation_of
from tablegames.core.errors import RulesError
from tablegames.core.rulesfile import Finding as Finding  # re-exported: its first home

ShoeKind = Literal["shoe", "double_shoe", "batch_shuffler", "continuous_shuffler"]
BlackjackPays = Literal["3:2", "6:5", "1:1"]
SettlementProcedure = Literal["collect_then_pay", "counterclockwise"]
Variant = Literal["standard", "blackjack_switch", "switch_hands", "hand_dealt"]
PAYOUT_LIMIT_FLOOR = 2_500_000  # 633a.13(m): at least $25,000


class Rules(BaseModel):
    """A Blackjack Rules Submission. Amounts are integer cents."""

    # Strict: a Submission means what it says ("6", "yes", true are not numbers or booleans).
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

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
    player_cut: bool = Field(
        False,
        description=(
            "633a.5(b)-(d) at an electronic table: after each shuffle the cut is offered to "
            "the player 633a.5(c) names, who picks how many cards go above the cut (at least "
            "ten from either end); when nobody accepts, the table cuts. A single shoe only."
        ),
    )
    bar_after_sitting_out: bool = Field(
        False,
        description=(
            "633a.6(b): after the shuffle, a patron who does not wager on a round may not wager "
            "on a later one until the house permits it or the cards are reshuffled (a house "
            "option)."
        ),
    )
    settlement_procedure: SettlementProcedure = Field(
        "collect_then_pay",
        description=(
            "633a.7(r): collect all losing wagers then pay the winners, or settle each box "
            "counterclockwise from the dealer's right."
        ),
    )

    # --- side wagers and variations -------------------------------------------------------------
    side_wagers: SideWagers = Field(
        default_factory=SideWagers,
        description="633a.6(e), 633b.16: the side wagers offered, each with its options.",
    )
    payout_limit: int | None = Field(
        None,
        ge=0,
        description=(
            "633a.13(m): aggregate maximum per round for queen of hearts pair and king of spades "
            "pair with dealer Blackjack, in cents (None: no limit)."
        ),
    )
    variant: Variant = Field(
        "standard",
        description=(
            "633a.12(a) Blackjack Switch, 633c.4 Switch Hands, 633a.12(b) hand-dealt game, or "
            "the standard game."
        ),
    )
    switch_cards_dealt: Literal["before", "after"] = Field(
        "before",
        description=(
            "633c.4(d), 633c.4(j): the two switch hands cards are dealt before the Blackjack "
            "hands or after them."
        ),
    )
    switch_surrender: bool = Field(
        False,
        description=(
            "633a.12(a)(4) lists double, split, stand and draw for Blackjack Switch, not "
            "surrender: a house that reads 633a.9 as still applying may allow it."
        ),
    )
    blackjack_premium: bool = Field(
        False,
        description="633c.4(k): the switch hands ante is optional (Blackjack premium table).",
    )
    tie_blackjack_pays: bool = Field(
        False,
        description=(
            "633c.4(i)(2)(ii): a switched player's Blackjack against a dealer Blackjack pays "
            "1 to 2 instead of tying (a premium table always pays it, 633c.4(o))."
        ),
    )

    def replace(self, **changes: object) -> Rules:
        """These rules with `changes`, each field validated as in a new Submission.

        Use it instead of pydantic's `model_copy(update=...)`, which skips validation (it
        would accept `decks=99`). Cross-field findings (`findings()`) are not raised here, so
        what-if analyses can still build rules the regulation does not allow.
        """
        from tablegames.blackjack.rules.load import rules_error_from

        unknown = sorted(set(changes) - set(type(self).model_fields))
        if unknown:
            raise RulesError(f"{', '.join(unknown)}: not a house rule")
        values = {name: getattr(self, name) for name in type(self).model_fields}
        try:
            return type(self).model_validate({**values, **changes})
        except ValidationError as error:
            raise rules_error_from(error) from None

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
        if self.player_cut and self.shoe != "shoe":
            # The double shoe's two sides, a batch shuffler's batches and a continuous
            # shuffler (no cut at all, 633a.5(h)) are cut by the table itself here.
            found.append(
                Finding(
                    "player_cut",
                    "a player's cut is offered at a single dealing shoe only",
                    "633a.5(b)",
                )
            )
        found += self._side_wager_findings()
        found += self._variant_findings()
        if self.max_boxes_per_player > self.boxes:
            found.append(
                Finding(
                    "max_boxes_per_player",
                    f"exceeds the {self.boxes} betting positions of the table",
                    "633a.6(f)",
                )
            )
        return found

    def _side_wager_findings(self) -> list[Finding]:
        found: list[Finding] = []
        offers = self.side_wagers
        for name in offers.offered():
            entry = getattr(offers, name)
            low, high = getattr(entry, "min_wager", 1), getattr(entry, "max_wager", 1)
            if low > high:
                found.append(Finding(f"side_wagers.{name}", "minimum exceeds maximum", None))
            elif (
                hasattr(entry, "min_wager") and -(-low // self.wager_unit) * self.wager_unit > high
            ):
                # Every wager is a multiple of the wager unit (wagers.validate_side_wager; at Switch
                # Hands $5, 633c.4(b)): limits with none between them take no wager at all.
                found.append(
                    Finding(
                        f"side_wagers.{name}",
                        f"no wager from {low} to {high} cents is a multiple of the wager unit "
                        f"{self.wager_unit}",
                        None,
                    )
                )
        # Each wager's own checks (side/registry.py): the paytable printed for the number of
        # decks (633a.13(d), (f), (g), (i)), Super Match at Switch only, the progressive resets.
        found += offers.findings(
            decks=self.decks, switch_table=variation_of(self).offers_super_match
        )
        if self.payout_limit is not None:
            floor = max(PAYOUT_LIMIT_FLOOR, self.max_limited_win())
            if self.payout_limit < floor:
                found.append(
                    Finding(
                        "payout_limit",
                        f"must be at least {floor} cents: $25,000 or the most one patron "
                        "could win per round at the maximum wager, whichever is greater",
                        "633a.13(m)",
                    )
                )
        return found

    def max_limited_win(self) -> int:
        """The most one patron could win in a round on the pair-and-dealer-Blackjack lines."""
        # 633a.13(c), 633a.13(h): both lines pay 1,000 to 1 on the side wager.
        total = 0
        for entry in (self.side_wagers.lucky_ladies, self.side_wagers.kings_bounty):
            if entry is not None:
                total += 1_000 * entry.max_wager
        return total * self.max_boxes_per_player

    def _variant_findings(self) -> list[Finding]:
        found: list[Finding] = []
        variation = variation_of(self)
        if variation.max_decks is not None and self.decks > variation.max_decks:
            found.append(
                Finding("decks", "a hand-dealt game uses at most two decks", "633a.12(b)(1)")
            )
        if variation.needs_shuffling_device and self.shoe not in (
            "batch_shuffler",
            "continuous_shuffler",
        ):
            found.append(
                Finding(
                    "shoe",
                    "a hand-dealt game is shuffled by an automated shuffling device",
                    "633a.12(b)(2)",
                )
            )
        if variation.wager_increment is not None:
            for name in ("wager_unit", "min_wager"):
                if getattr(self, name) % variation.wager_increment:
                    found.append(
                        Finding(
                            name,
                            "Switch Hands Blackjack Wagers are placed in $5 increments",
                            "633c.4(b)",
                        )
                    )
        if not variation.pays_premium_blackjacks and (
            self.blackjack_premium or self.tie_blackjack_pays
        ):
            found.append(
                Finding(
                    "variant",
                    "Blackjack premium and the tie Blackjack payout belong to Switch Hands",
                    "633c.4(k)",
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


def paytable_deck_finding(wager: str, paytable: str | None, decks: int) -> Finding | None:
    """The finding when `paytable` of `wager` is not one the regulation prints for `decks` decks.

    The one statement of the deck rules: `Rules.findings` applies it to the wagers offered and
    `tablegames edge` to a what-if paytable. `paytable` None means the one that follows the
    decks (Match-the-Dealer and Super Match have no paytable field; their table is named
    "6-deck" or "8-deck"). None for a wager whose paytable does not depend on the decks.

    >>> found = paytable_deck_finding("royal_match_21", "A", 6)
    >>> (found.message, found.paragraph) if found else None
    ('paytable A is for a single deck, not 6', '633a.13(f)(1)')
    >>> paytable_deck_finding("bet_the_set_21", "B", 2) is None
    True
    """
    # The deck table is each wager's own (side/registry.py); imported here, not at the top,
    # because the registry reads the side-wager models of this package.
    from tablegames.blackjack.side.registry import NAMES, side_wager

    deck_finding = side_wager(wager).deck_finding if wager in NAMES else None
    return None if deck_finding is None else deck_finding(paytable, decks)
