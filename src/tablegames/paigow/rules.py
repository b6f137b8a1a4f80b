"""The Pai Gow Poker Rules Submission (601a.2): what an operator files for its table.

The PA text of 645a was not found (paigow/645a-digest.md 0), so almost every field is a filed
option with a documented default and the source of that default; docs/paigow.md lists them
all, and says which are PA-confirmed. Confirmed and enforced here: 645a.9(a)(1) (dealing from
the hand requires an automated shuffler), 645c.1 (commission-free play, the Tiger 9 push and
the Tiger 9 wager, which only commission-free play offers, 645c.1(c)(2)), 645a.3(c)(2) (the
cards are changed every 8 hours: fixed, not filed). Paytables not found in PA text are
labelled placeholders (`analysis.FORTUNE_PAYTABLES`).

>>> rules = pai_gow_rules_from_mapping({"preset": "pa-pai-gow"})
>>> rules.commission_percent, rules.house_way, rules.ranking.wheel_straight
(Fraction(5, 1), 'trump_plaza', 'second_highest')
>>> try:
...     pai_gow_rules_from_mapping({"dealing_procedure": "hand", "automated_shuffler": False})
... except RulesError as error:
...     print(error)
dealing_procedure: dealing from the hand requires an automated shuffler (58 Pa. Code 645a.9(a)(1))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tablegames.core.errors import RulesError
from tablegames.core.money import CommissionRounding, RoundingDirection
from tablegames.core.rulesfile import Finding, plain_message, read_rules_file
from tablegames.paigow.house_way import HOUSE_WAYS
from tablegames.paigow.ranking import JokerAceFlush, RankingRules, WheelPlace

_FROZEN = ConfigDict(frozen=True, extra="forbid", strict=True)
_PERCENT = re.compile(r"^(?:\d{1,6}(?:/\d{1,6})?|\d{0,6}\.\d{1,6})$")
DECK_CHANGE_HOURS: Final = 8  # 645a.3(c)(2): fixed by the regulation, not filed
FORTUNE_PAYTABLE_NAMES = Literal["wizard_1", "wizard_2", "wizard_3", "wizard_4", "wizard_6"]
ENVY_TABLE_NAMES = Literal["envy_3000", "envy_5000"]
PRESETS: Final[dict[str, dict[str, Any]]] = {
    "pa-pai-gow": {},
    "pa-commission-free": {"commission_free": True, "player_banking": False, "co_banking": False},
}


def _percent(value: Any) -> Any:
    # A float such as 5.0 means the decimal exactly; a string may be "5" or "9/2".
    if isinstance(value, bool):
        raise ValueError(f"must be a percentage such as 5 or '9/2', not {value!r}")
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, str):
        # Read by a pattern first: Fraction("1e99999999") would build a huge integer.
        text = value.replace(" ", "")
        _, slash, denominator = text.partition("/")
        if _PERCENT.match(text) is None or (slash and int(denominator) == 0):
            raise ValueError(f"must be a percentage such as 5 or '9/2', not {value[:40]!r}")
        return Fraction(text)
    return value


class PaiGowRules(BaseModel):
    """Pai Gow Poker house rules. Amounts are integer cents. See docs/paigow.md for sources."""

    model_config = _FROZEN

    # Table limits (601a.2: the Rules Submission and the posted sign; no 645a figure found).
    min_wager: int = Field(500, ge=1, description="Main wager minimum, cents.")
    max_wager: int = Field(500_000, ge=1, description="Main wager maximum, cents.")
    side_min_wager: int = Field(100, ge=1, description="Fortune and Tiger 9 minimum, cents.")
    side_max_wager: int = Field(50_000, ge=1, description="Fortune and Tiger 9 maximum, cents.")
    # Who runs the table's cards: "electronic" (the software deals and refuses a foul setting)
    # or "dealt" (a dealer and real cards: a foul is recorded and treated by foul_treatment).
    table_type: Literal["electronic", "dealt"] = "electronic"
    # Main wager and commission (vigorish).
    commission_percent: Fraction = Field(
        Fraction(5), ge=0, lt=100, strict=False, description="Vigorish on a winning main wager."
    )
    commission_unit: Literal[1, 5, 25, 100] = Field(1, description="Cents a commission rounds to.")
    commission_rounding: RoundingDirection = Field("down", description="down, up or half_up.")
    commission_free: bool = Field(False, description="645c.1: no vigorish is collected.")
    tiger_9_push: bool = Field(
        True, description="645c.1(b)(2): commission-free, a dealer Tiger 9 low hand pushes all."
    )
    tiger_9_wager: bool = Field(False, description="645c.1(c)(2): the Tiger 9 wager offered.")
    tiger_9_odds: int = Field(30, ge=1, description="Tiger 9 pays X to 1 (placeholder).")
    # Rankings (645a.6 text not found).
    wheel_straight: WheelPlace = "second_highest"
    wheel_straight_flush: WheelPlace = "second_highest"
    joker_in_ace_flush: JokerAceFlush = "highest_missing"
    # Setting the hands.
    house_way: str = Field("trump_plaza", description="The house way, by name.")
    foul_treatment: Literal["lose", "reset_by_house_way"] = "lose"
    # Banking.
    player_banking: bool = Field(True, description="A player may bank (42 Pa.B. 2922).")
    co_banking: bool = Field(True, description="A player may co-bank, 50% each with the dealer.")
    co_bank_share_percent: int = Field(50, ge=1, le=99, description="The player's share.")
    bank_every_other_round: bool = True
    banker_played_dealer_last_round: bool = True
    banker_commission_on_net_win: bool = True
    # When a player banks, the dealer's hand plays against the bank for the amount of that
    # player's last main wager against the dealer (industry practice, digest 11; a reading).
    dealer_plays_bank: bool = True
    # Optional wagers (645a.7(e)); paytables are placeholders until 645a.13 is read.
    fortune_paytable: FORTUNE_PAYTABLE_NAMES | None = None
    envy_table: ENVY_TABLE_NAMES | None = None
    envy_min_wager: int = Field(500, ge=1, description="Qualifying Fortune/progressive wager.")
    progressive: bool = False
    progressive_rate_percent: Fraction | None = Field(None, gt=0, lt=100, strict=False)
    progressive_initial: int | None = Field(None, ge=0)
    progressive_reset: int | None = Field(None, ge=0)
    progressive_wager: int = Field(100, ge=1, description="The fixed progressive wager, cents.")
    payout_limit: int = Field(2_500_000, ge=2_500_000, description="Per-round cap, cents.")
    # Deal.
    seats: int = Field(6, ge=1, le=6, description="Player positions (7 hands with the dealer).")
    starting_position: Literal["rng", "dice", "player_activated_dice"] = "dice"
    count_direction: Literal["counterclockwise", "clockwise"] = "counterclockwise"
    delivery_direction: Literal["clockwise", "counterclockwise"] = "clockwise"
    dealing_procedure: Literal["manual_shoe", "hand", "automated_shoe"] = "manual_shoe"
    automated_shuffler: bool = False
    alternating_decks: bool = False

    _exact = field_validator("commission_percent", "progressive_rate_percent", mode="before")(
        _percent
    )

    @property
    def ranking(self) -> RankingRules:
        return RankingRules(
            wheel_straight=self.wheel_straight,
            wheel_straight_flush=self.wheel_straight_flush,
            joker_in_ace_flush=self.joker_in_ace_flush,
        )

    @property
    def commission_rate(self) -> Fraction:
        """The vigorish as a fraction of the win (0 when commission-free, 645c.1(a))."""
        return Fraction(0) if self.commission_free else self.commission_percent / 100

    @property
    def rounding(self) -> CommissionRounding:
        return CommissionRounding(unit=self.commission_unit, direction=self.commission_rounding)

    def findings(self) -> list[Finding]:
        """Every inconsistency, with the paragraph it breaks where one is confirmed."""
        found = []
        if self.house_way not in HOUSE_WAYS:
            found.append(
                Finding("house_way", f"{self.house_way!r} is not one of {sorted(HOUSE_WAYS)}", None)
            )
        if self.dealing_procedure == "hand" and not self.automated_shuffler:
            found.append(
                Finding(
                    "dealing_procedure",
                    "dealing from the hand requires an automated shuffler",
                    "645a.9(a)(1)",
                )
            )
        if self.alternating_decks and not self.automated_shuffler:
            found.append(
                Finding("alternating_decks", "two alternating decks need a shuffler", None)
            )
        if self.tiger_9_wager and not self.commission_free:
            found.append(
                Finding(
                    "tiger_9_wager",
                    "the Tiger 9 wager is a commission-free Pai Gow Poker wager",
                    "645c.1(c)(2)",
                )
            )
        if self.min_wager > self.max_wager:
            found.append(Finding("min_wager", "the minimum exceeds the maximum", None))
        if self.side_min_wager > self.side_max_wager:
            found.append(Finding("side_min_wager", "the minimum exceeds the maximum", None))
        if self.commission_free and (self.player_banking or self.co_banking):
            # 645c.1: commission-free play collects no vigorish, and a player-banker pays
            # vigorish on its net win: industry commission-free tables offer no banking.
            found.append(
                Finding("player_banking", "commission-free play offers no player bank", "645c.1(a)")
            )
        if self.envy_table is not None and self.fortune_paytable is None and not self.progressive:
            found.append(Finding("envy_table", "Envy needs a Fortune or progressive wager", None))
        if self.progressive and None in (
            self.progressive_rate_percent,
            self.progressive_initial,
            self.progressive_reset,
        ):
            found.append(
                Finding("progressive", "file the rate of progression, initial and reset", None)
            )
        return found


def findings_for_mapping(data: Any) -> tuple[PaiGowRules | None, list[Finding]]:
    """Rules from a mapping (buildable or not) and every finding, as `rules check` lists them.

    A mapping may name a `preset` (`pa-pai-gow`, `pa-commission-free`) and override any field;
    a Rules Submission file may say `game = "pai_gow"`.
    """
    if not isinstance(data, Mapping):
        return None, [Finding("rules", "Pai Gow Poker rules must be a table of house rules", None)]
    values = dict(data)
    if values.pop("game", "pai_gow") != "pai_gow":
        return None, [Finding("game", "these are Pai Gow Poker rules: game is pai_gow", None)]
    preset = values.pop("preset", None)
    if preset is not None:
        if not isinstance(preset, str) or preset not in PRESETS:
            shown = repr(preset)[:40]
            return None, [Finding("preset", f"{shown} is unknown: choose {sorted(PRESETS)}", None)]
        values = {**PRESETS[preset], **values}
    try:
        rules = PaiGowRules(**values)
    except ValidationError as error:
        return None, [
            Finding(
                ".".join(str(part) for part in item["loc"]) or "rules",
                "is not a Pai Gow Poker house rule"
                if item["type"] == "extra_forbidden"
                else plain_message(item),
                None,
            )
            for item in error.errors()
        ]
    return rules, rules.findings()


def placeholder_warnings(rules: PaiGowRules) -> list[str]:
    """Every paytable or amount the rules use that is a placeholder, not PA text (645a.13's
    numbers were not found): a Rules Submission must replace each before a table opens."""
    found = []
    if rules.fortune_paytable is not None:
        found.append(
            f"fortune_paytable {rules.fortune_paytable}: a placeholder paytable "
            "(Wizard of Odds), not 645a.13 text"
        )
    if rules.envy_table is not None:
        found.append(f"envy_table {rules.envy_table}: placeholder Envy amounts, not 645a.13 text")
    if rules.progressive:
        found.append(
            "progressive: the placeholder progressive paytable "
            "(paigow/progressive.py), not 645a.13 text"
        )
    if rules.tiger_9_wager:
        found.append(
            f"tiger_9_odds {rules.tiger_9_odds} to 1: a placeholder (Golden Nugget "
            "2013), the 645c.1 payout odds were not found"
        )
    return found


def pai_gow_rules_from_mapping(data: Mapping[str, Any]) -> PaiGowRules:
    """Rules from a mapping (a TOML file, a scenario's `rules`); RulesError lists every finding.

    A mapping may name a `preset` (`pa-pai-gow`, `pa-commission-free`) and override any field.
    """
    rules, found = findings_for_mapping(data)
    if rules is not None and not found:
        return rules
    paragraph = next((item.paragraph for item in found if item.paragraph), None)
    raise RulesError("; ".join(str(item) for item in found), paragraph=paragraph)


def load_pai_gow_rules(preset: str | None, path: Path | None) -> PaiGowRules:
    """The rules `--preset NAME` or `--rules FILE` name (`pa-pai-gow` when neither is given);
    RulesError on a bad file or preset, before any table opens. Both together are refused: a
    Rules Submission file names its own `preset`."""
    if preset is not None and path is not None:
        raise RulesError("give --preset or --rules, not both (a rules file may name its preset)")
    data = read_rules_file(path) if path is not None else {"preset": preset or "pa-pai-gow"}
    return pai_gow_rules_from_mapping(data)
