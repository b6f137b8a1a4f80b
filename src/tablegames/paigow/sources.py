"""Where each Pai Gow Poker house rule's default comes from, and whether PA text confirms it.

The PA text of 645a was not found (paigow/645a-digest.md 0): an operator files almost every rule
in its Rules Submission. This table is the one docs/paigow.md prints and the report shows beside
each field, so that nothing is passed off as PA text that is not. A test checks that every field
of `PaiGowRules` has its entry here and a row in docs/paigow.md.

>>> FIELD_SOURCES["tiger_9_push"].pa_confirmed, FIELD_SOURCES["tiger_9_push"].source
(True, '645c.1(b)(2)')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class FieldSource:
    """The source of a field's default (a paragraph, a sibling chapter or an industry source)
    and whether PA text confirms the rule (not only that an option exists)."""

    source: str
    pa_confirmed: bool
    placeholder: bool = False  # a figure no PA text gives: the filing must replace it


def _pa(source: str) -> FieldSource:
    return FieldSource(source, True)


def _filed(source: str, *, placeholder: bool = False) -> FieldSource:
    return FieldSource(source, False, placeholder)


FIELD_SOURCES: Final[dict[str, FieldSource]] = {
    "min_wager": _filed("601a.2: the Rules Submission and the posted limits"),
    "max_wager": _filed("601a.2: the Rules Submission and the posted limits"),
    "side_min_wager": _filed("601a.2: the Rules Submission and the posted limits"),
    "side_max_wager": _filed("601a.2: the Rules Submission and the posted limits"),
    "table_type": _filed("electronic (the software deals) or dealt by a person"),
    "commission_percent": _filed("industry, universal (digest 10)"),
    "commission_unit": _filed("none found (digest 10: rounding to be filed)"),
    "commission_rounding": _filed("none found (digest 10: rounding to be filed)"),
    "commission_free": _pa("645c.1(a) (the option)"),
    "tiger_9_push": _pa("645c.1(b)(2)"),
    "tiger_9_wager": _pa("645c.1(c)(2)"),
    "tiger_9_odds": _filed("Golden Nugget 2013 (anchors 4)", placeholder=True),
    "wheel_straight": _filed("every industry source; WSGC a documented option"),
    "wheel_straight_flush": _filed("every industry source; WSGC a documented option"),
    "joker_in_ace_flush": _filed("sources differ (digest 7)"),
    "house_way": _filed("Wizard of Odds' Trump Plaza text; the published figures use it"),
    "foul_treatment": _filed("Indiana 68 IAC 10-9-13 (digest 12)"),
    "player_banking": _pa("42 Pa.B. 2922 (a player may bank)"),
    "co_banking": _pa("42 Pa.B. 2922 (co-banking with the dealer)"),
    "co_bank_share_percent": _filed("621a.1 (tiles, a sibling)"),
    "bank_every_other_round": _filed("goldstarschool (industry)"),
    "banker_played_dealer_last_round": _filed("docslib 'How to Play Pai Gow' (industry)"),
    "banker_commission_on_net_win": _filed("mountolympus, gamesense (industry)"),
    "dealer_plays_bank": _filed("industry practice (digest 11), a reading"),
    "fortune_paytable": _filed("Wizard of Odds (anchors 3); 645a.13 not found", placeholder=True),
    "envy_table": _filed("Wizard of Odds (anchors 3); 645a.13 not found", placeholder=True),
    "envy_min_wager": _filed("688a.1 (a sibling)"),
    "progressive": _pa("645a.7(e)(4) (the wager)"),
    "progressive_rate_percent": _filed("633a.13 pattern: filed"),
    "progressive_initial": _filed("633a.13 pattern: filed"),
    "progressive_reset": _filed("633a.13 pattern: filed"),
    "progressive_wager": _filed("633a.13 pattern: filed"),
    "payout_limit": _filed("633a.13(m) pattern"),
    "seats": _filed("industry (digest 3)"),
    "starting_position": _pa("645a.2 (the shaker), 645c.2(a) (player-activated)"),
    "count_direction": _filed("621a.6 (a sibling)"),
    "delivery_direction": _filed("670a.10(c) (a sibling)"),
    "dealing_procedure": _pa("645a.8, 645a.9, 645a.10 (42 Pa.B. 2922)"),
    "automated_shuffler": _pa("645a.9(a)(1)"),
    "alternating_decks": _filed("633a.3(b) pattern (industry)"),
}
