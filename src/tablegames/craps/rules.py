"""The craps house rules for Power Odds: the part of a Rules Submission (601a.2) 623b.5 reads.

One frozen, keyword-only object. Table-wide defaults (limits, selection probabilities) apply to
every eligible wager; `wagers.NAME` overrides them for one wager or one line. The base payout of
each line defaults to the customary one in `tablegames.craps.wagers` (Chapter 623a is not among
our texts).

Wagers and lines (623b.5(d)): a wager is offered and limited as a whole (`offered`, `min_wager`,
`max_wager`); each of its lines has its own base odds and selection chances (`base_odds`,
`level_1_probability`, `level_2_probability`). Every wager is its own single line, except the C&E
(`ce`), whose lines are `ce_craps` and `ce_eleven`.

Selection model (623b.5(c)): before each roll, every line of every offered eligible wager is
selected independently of the others and of the dice, at Power Odds level 1 with probability
`level_1_probability`, at level 2 with `level_2_probability`, and otherwise not at all.

>>> rules = craps_rules_from_mapping({"wagers": {"any_seven": {"level_2_probability": "1/50"}}})
>>> line = rules.line("any_seven")
>>> line.base_odds, line.power_odds, line.probabilities
(Fraction(4, 1), (Fraction(6, 1), Fraction(8, 1)), (Fraction(1, 10), Fraction(1, 50)))
>>> [line.name for line in rules.terms("ce").lines]
['ce_craps', 'ce_eleven']
>>> try:
...     craps_rules_from_mapping({"level_1_probability": 0.7, "level_2_probability": 0.4})
... except RulesError as error:
...     print(error)
level_2_probability: level 1 and level 2 together exceed 1 (58 Pa. Code 623b.5(c))
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any, Final, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tablegames.core.errors import RulesError
from tablegames.core.rulesfile import Finding, plain_message, read_rules_file
from tablegames.craps.wagers import BETS, LINES, WAGER_NAMES, WAGER_OF_LINE, Bet, Line, odds_text

T = TypeVar("T")
# Strict types: "yes" is not a boolean, "100" not cents. Probabilities are read by `_probability`.
_FROZEN = ConfigDict(frozen=True, extra="forbid", strict=True)
_FRACTION = re.compile(r"^\s*(?:\d{1,12}(?:\s*/\s*\d{1,12})?|\d{0,12}\.\d{1,12})\s*$")
_ODDS = re.compile(r"^\s*(\d+)\s*(?:to|:)\s*(\d+)\s*$")
# The RNG draws one uniform integer below the common denominator of a wager's probabilities,
# so they must be exact fractions with a denominator a generator can draw from (< 2**62).
MAX_DENOMINATOR: Final = 10**9
# The fields of a `wagers.NAME` entry that belong to the wager as a whole, and to each line.
WAGER_FIELDS: Final = ("offered", "min_wager", "max_wager")
LINE_FIELDS: Final = ("base_odds", "level_1_probability", "level_2_probability")
PRESETS: Final[dict[str, dict[str, Any]]] = {
    "pa-power-odds": {},  # every eligible wager, customary payouts, Power Odds on
    "pa-no-power-odds": {"power_odds": False},  # the same table without Power Odds
}


def parse_odds(text: str) -> Fraction:
    """'7 to 1' (or '7:1', '15 to 2') as a Fraction; RulesError otherwise.

    >>> parse_odds("7 to 1"), parse_odds("15:2")
    (Fraction(7, 1), Fraction(15, 2))
    """
    match = _ODDS.match(text) if isinstance(text, str) else None
    if match is None or int(match.group(2)) == 0:
        raise RulesError(f"odds {text!r} must read like '7 to 1'")
    return Fraction(int(match.group(1)), int(match.group(2)))


def _probability(value: Any) -> Any:
    # A float such as 0.05 means the decimal 0.05 exactly, never its binary approximation.
    if isinstance(value, bool):
        raise ValueError(f"must be a fraction such as '1/20' or 0.05, not {value!r}")
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, int | str):
        # Read here, not by Fraction(str): "1e-99999999" would build a 10**99999999 denominator.
        text = str(value).replace(" ", "")
        _, slash, denominator = text.partition("/")
        if _FRACTION.match(text) is None or (slash and int(denominator) == 0):
            raise ValueError(f"must be a fraction such as '1/20' or 0.05, not {value!r}")
        return Fraction(text)
    return value


class WagerRules(BaseModel):
    """One eligible wager's or line's entry; an absent field inherits the table-wide value.

    For the C&E, `wagers.ce` takes the wager's fields (`offered`, limits) and `wagers.ce_craps`,
    `wagers.ce_eleven` each line's (`base_odds`, probabilities).
    """

    model_config = _FROZEN

    offered: bool = Field(True, description="601a.2: the wager is on this table's layout.")
    base_odds: str | None = Field(
        None,
        description=(
            "Chapter 623a (house payout), 'X to 1'; absent: the customary payout. 623b.5(a): "
            "it must be below the Power Odds, which increase it."
        ),
    )
    min_wager: int | None = Field(None, ge=1, description="Smallest wager, in cents.")
    max_wager: int | None = Field(None, ge=1, description="Largest wager, in cents.")
    level_1_probability: Fraction | None = Field(
        None,
        ge=0,
        le=1,
        strict=False,
        description="623b.5(c): chance of selection at level 1 on a roll.",
    )
    level_2_probability: Fraction | None = Field(
        None,
        ge=0,
        le=1,
        strict=False,
        description="623b.5(c): chance of selection at level 2 on a roll.",
    )

    _exact = field_validator("level_1_probability", "level_2_probability", mode="before")(
        _probability
    )

    @field_validator("base_odds")
    @classmethod
    def _odds_read(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                parse_odds(value)
            except RulesError as error:
                raise ValueError(error.message) from None
        return value


@dataclass(frozen=True, slots=True)
class LineTerms:
    """One line (an item of 623b.5(d)) as this table offers it: its odds and selection chances."""

    line: Line
    base_odds: Fraction
    probabilities: tuple[Fraction, Fraction]  # 623b.5(c): level 1, level 2 on each roll
    # 623b.5(c): the same draw as integers (a, b, D): a uniform u below D selects level 1 when
    # u < a, level 2 when a <= u < b, and nothing otherwise.
    thresholds: tuple[int, int, int]

    @property
    def name(self) -> str:
        return self.line.name

    @property
    def power_odds(self) -> tuple[Fraction, Fraction]:
        return self.line.power_odds  # 623b.5(d)

    def odds(self, level: int) -> Fraction:
        """The odds paid at Power Odds `level` (0: the base payout)."""
        return self.base_odds if level == 0 else self.power_odds[level - 1]


@dataclass(frozen=True, slots=True)
class WagerTerms:
    """One wager as this table offers it: the resolved limits, and its lines' terms."""

    bet: Bet
    offered: bool
    min_wager: int
    max_wager: int
    lines: tuple[LineTerms, ...]

    @property
    def name(self) -> str:
        return self.bet.name

    def line(self, name: str) -> LineTerms:
        """The terms of one of this wager's lines (KeyError for another name)."""
        for line in self.lines:
            if line.name == name:
                return line
        raise KeyError(name)

    def odds(self, levels: Mapping[str, int]) -> dict[str, Fraction]:
        """Each line's odds when the lines are at `levels` (absent: level 0, the base odds)."""
        return {line.name: line.odds(levels.get(line.name, 0)) for line in self.lines}


class CrapsRules(BaseModel):
    """Power Odds house rules (623b.5). Amounts are integer cents."""

    model_config = _FROZEN

    power_odds: bool = Field(
        True, description="623b.5(a): the table offers Power Odds (its Rules Submission says so)."
    )
    wager_unit: int = Field(100, ge=1, description="Smallest chip, in cents.")
    min_wager: int = Field(100, ge=1, description="Smallest wager on each eligible bet, in cents.")
    max_wager: int = Field(
        10_000, ge=1, description="Largest wager on each eligible bet, in cents."
    )
    level_1_probability: Fraction = Field(
        Fraction(1, 10),
        ge=0,
        le=1,
        strict=False,
        description=(
            "623b.5(c): chance each line of each offered wager is selected at level 1 on a roll."
        ),
    )
    level_2_probability: Fraction = Field(
        Fraction(1, 20),
        ge=0,
        le=1,
        strict=False,
        description=(
            "623b.5(c): chance each line of each offered wager is selected at level 2 on a roll."
        ),
    )
    # 623b.5(c) has wagers placed "consistent with § 623a.4 (relating to making and removal of
    # wagers)", a text we do not hold; so whether a wager may come down before the selection is
    # the house's rule, filed in its Rules Submission (601a.2). Either way nothing comes down
    # once the selection is made (623b.5(c)).
    one_roll_removable: bool = Field(
        True,
        description=(
            "623a.4 (house rule): a one-roll wager may be taken down before the selection."
        ),
    )
    hardways_removable: bool = Field(
        True,
        description=(
            "623a.4 (house rule): a hardway, also one standing from an earlier roll, may be "
            "taken down before the selection."
        ),
    )
    wagers: dict[str, WagerRules] = Field(
        default_factory=dict,
        description=(
            "623b.5(d): per-wager overrides, by name (any_craps, hop_1_3, hard_8, ce, ...); the "
            "C&E's lines as ce_craps and ce_eleven."
        ),
    )

    _exact = field_validator("level_1_probability", "level_2_probability", mode="before")(
        _probability
    )

    def terms(self, name: str) -> WagerTerms:
        """The resolved terms of one eligible wager (KeyError for a name not in 623b.5(d))."""
        return self._resolved[name]

    def line(self, name: str) -> LineTerms:
        """The resolved terms of one line, the item the RNG selects (KeyError for another name)."""
        return self._lines[name]

    @cached_property
    def _resolved(self) -> dict[str, WagerTerms]:
        # Frozen rules resolve each wager's terms once; play and simulation ask for them often.
        return {name: self._resolve(name) for name in WAGER_NAMES}

    @cached_property
    def _lines(self) -> dict[str, LineTerms]:
        return {line.name: line for terms in self._resolved.values() for line in terms.lines}

    def _resolve(self, name: str) -> WagerTerms:
        bet = BETS[name]
        entry = self.wagers.get(name, WagerRules())
        return WagerTerms(
            bet=bet,
            offered=entry.offered,
            min_wager=_first(entry.min_wager, self.min_wager * bet.parts),
            max_wager=_first(entry.max_wager, self.max_wager * bet.parts),
            lines=tuple(self._resolve_line(line) for line in bet.lines),
        )

    def _resolve_line(self, line: Line) -> LineTerms:
        entry = self.wagers.get(line.name, WagerRules())
        base = parse_odds(entry.base_odds) if entry.base_odds else line.customary_odds
        level_1 = _first(entry.level_1_probability, self.level_1_probability)
        level_2 = _first(entry.level_2_probability, self.level_2_probability)
        if not self.power_odds:
            level_1 = level_2 = Fraction(0)
        return LineTerms(
            line=line,
            base_odds=base,
            probabilities=(level_1, level_2),
            thresholds=selection_thresholds(level_1, level_2),
        )

    def removable(self, name: str) -> bool:
        """Whether a wager on `name` may be taken down before the selection (623a.4, the house's
        rule: see `one_roll_removable`, `hardways_removable`)."""
        return self.one_roll_removable if BETS[name].one_roll else self.hardways_removable

    def offered(self) -> list[WagerTerms]:
        """The eligible wagers on this table, in the order of the table in 623b.5(d)."""
        return [terms for terms in map(self.terms, WAGER_NAMES) if terms.offered]

    def offered_lines(self) -> list[LineTerms]:
        """The lines the RNG selects among (623b.5(c)): every line of every offered wager."""
        return [line for terms in self.offered() for line in terms.lines]

    def to_mapping(self) -> dict[str, Any]:
        """JSON-ready form that `craps_rules_from_mapping` reads back to equal rules.

        Each `wagers.NAME` entry keeps only the fields it sets: a C&E line takes no wager fields
        (`offered`, limits), so their defaults must not be written into it.
        """
        data = self.model_dump(mode="json", exclude_none=True)
        data["wagers"] = {
            name: entry.model_dump(mode="json", exclude_none=True, exclude_unset=True)
            for name, entry in self.wagers.items()
        }
        return data

    def findings(self) -> list[Finding]:
        """Every inconsistency, each with the paragraph it breaks where one applies."""
        found = [
            Finding(f"wagers.{name}", "is not an eligible wager", "623b.5(d)")
            for name in self.wagers
            if name not in BETS and name not in LINES
        ]
        found += self._misplaced_findings()
        if self.min_wager % self.wager_unit or self.max_wager % self.wager_unit:
            found.append(
                Finding("min_wager", f"limits must be multiples of {self.wager_unit}", None)
            )
        found += _probability_findings("", self.level_1_probability, self.level_2_probability)
        for name in WAGER_NAMES:
            terms = self.terms(name)
            for line in terms.lines:
                found += self._line_findings(line, self.wagers.get(line.name))
            found += self._wager_findings(terms)
        return found

    def _misplaced_findings(self) -> list[Finding]:
        """623b.5(d): the C&E is offered and limited as one wager, paid and selected per line."""
        found = []
        for name, entry in self.wagers.items():
            given = entry.model_fields_set
            if name in BETS and len(BETS[name].lines) > 1:
                where = " and ".join(f"wagers.{line.name}" for line in BETS[name].lines)
                found += [
                    Finding(
                        f"wagers.{name}.{field}",
                        f"the {BETS[name].label} is paid and selected per line: set it under "
                        + where,
                        "623b.5(d)",
                    )
                    for field in LINE_FIELDS
                    if field in given
                ]
            elif name in LINES and name not in BETS:
                wager = BETS[WAGER_OF_LINE[name]]
                found += [
                    Finding(
                        f"wagers.{name}.{field}",
                        f"{name} is a line of the {wager.label}, which is offered and limited "
                        f"as one wager: set it under wagers.{wager.name}",
                        "623b.5(d)",
                    )
                    for field in WAGER_FIELDS
                    if field in given
                ]
        return found

    def _line_findings(self, line: LineTerms, entry: WagerRules | None) -> list[Finding]:
        found: list[Finding] = []
        if entry is not None and (
            entry.level_1_probability is not None or entry.level_2_probability is not None
        ):
            found += _probability_findings(
                f"wagers.{line.name}.",
                _first(entry.level_1_probability, self.level_1_probability),
                _first(entry.level_2_probability, self.level_2_probability),
            )
        if line.base_odds <= 0 or line.base_odds >= min(line.power_odds):
            # 623b.5(a): Power Odds is an increased payout, so the base must be below it.
            found.append(
                Finding(
                    f"wagers.{line.name}.base_odds",
                    f"{odds_text(line.base_odds)} must be positive and below the Power Odds "
                    f"{odds_text(line.power_odds[0])}",
                    "623b.5(a)",
                )
            )
        return found

    def _wager_findings(self, terms: WagerTerms) -> list[Finding]:
        found: list[Finding] = []
        chip = self.wager_unit * terms.bet.parts
        if terms.min_wager > terms.max_wager:
            found.append(Finding(f"wagers.{terms.name}", "minimum exceeds maximum", None))
        if terms.min_wager % chip or terms.max_wager % chip:
            found.append(
                Finding(
                    f"wagers.{terms.name}",
                    f"limits must be multiples of {chip} cents"
                    + (" (one unit on each part)" if terms.bet.parts > 1 else ""),
                    None,
                )
            )
        return found


def _probability_findings(prefix: str, level_1: Fraction, level_2: Fraction) -> list[Finding]:
    found: list[Finding] = []
    if level_1 + level_2 > 1:
        # 623b.5(c): level 1, level 2 and "not selected" are the outcomes of one draw.
        found.append(
            Finding(
                f"{prefix}level_2_probability",
                "level 1 and level 2 together exceed 1",
                "623b.5(c)",
            )
        )
    for level, value in ((1, level_1), (2, level_2)):
        if value.denominator > MAX_DENOMINATOR:
            found.append(
                Finding(
                    f"{prefix}level_{level}_probability",
                    f"{value} needs a denominator of at most {MAX_DENOMINATOR:,}",
                    "623b.5(c)",
                )
            )
    return found


def selection_thresholds(level_1: Fraction, level_2: Fraction) -> tuple[int, int, int]:
    """Integer thresholds of one exact draw over the common denominator of the probabilities.

    >>> selection_thresholds(Fraction(1, 10), Fraction(1, 20))
    (2, 3, 20)
    """
    denominator = math.lcm(level_1.denominator, level_2.denominator)
    first = int(level_1 * denominator)
    return first, first + int(level_2 * denominator), denominator


def _first(value: T | None, default: T) -> T:
    return default if value is None else value


def _findings_from(error: ValidationError) -> list[Finding]:
    found = []
    for item in error.errors():
        field = ".".join(str(part) for part in item["loc"]) or "rules"
        if item["type"] == "extra_forbidden":
            found.append(Finding(field, "is not a craps house rule", None))
            continue
        cited = "623b.5(c)" if "probability" in field else None
        found.append(Finding(field, plain_message(item), cited))
    return found


def craps_rules_from_mapping(data: Mapping[str, Any]) -> CrapsRules:
    """Rules from a mapping (a TOML file, a scenario's `rules`); RulesError lists every finding.

    A mapping may name a `preset` (`pa-power-odds`, `pa-no-power-odds`) and override any field.
    """
    if not isinstance(data, Mapping):
        raise RulesError("craps rules must be an object of house rules")
    values = dict(data)
    preset = values.pop("preset", None)
    if preset is not None:
        if not isinstance(preset, str) or preset not in PRESETS:
            # A Blackjack file given to craps lands here too: say where craps rules come from.
            raise RulesError(
                f"craps preset {preset!r} is unknown: choose one of {sorted(PRESETS)} "
                "(craps reads its own house rules, docs/craps.md)"
            )
        values = {**PRESETS[preset], **values}
    try:
        rules = CrapsRules(**values)
    except ValidationError as error:
        found = _findings_from(error)
    else:
        found = rules.findings()
        if not found:
            return rules
    paragraph = next((item.paragraph for item in found if item.paragraph), None)
    raise RulesError("; ".join(str(item) for item in found), paragraph=paragraph)


def load_craps_rules(path: Path | None) -> CrapsRules:
    """Rules from a TOML file, or the `pa-power-odds` preset when no file is given."""
    return craps_rules_from_mapping(read_rules_file(path) if path is not None else {})
