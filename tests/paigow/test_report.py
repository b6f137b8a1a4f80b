"""The operator's report on a Pai Gow Poker Rules Submission (`tablegames report`), and the
table of where every house rule's default comes from (`paigow.sources`).

Reference values: the Fortune edge of Wizard #2 is anchors.md 3 (7.7656%, Wizard of Odds
paytable, exact over all 154,143,080 hands); the three-dice chances are counted by hand (31 of
the 216 throws reach each of counts 1-6 around seven positions, 30 reach count 7); the
commissions are 5% of the wager worked by hand.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from tablegames.cli import app
from tablegames.paigow.rules import PaiGowRules, pai_gow_rules_from_mapping
from tablegames.paigow.sources import FIELD_SOURCES
from tablegames.reports.paigow_report import build_paigow_report, starting_chances

ROOT = Path(__file__).resolve().parents[2]


def test_every_house_rule_has_the_source_of_its_default_here_and_in_the_docs() -> None:
    assert set(FIELD_SOURCES) == set(PaiGowRules.model_fields)
    documented = (ROOT / "docs" / "paigow.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(\w+)`", documented))
    assert set(PaiGowRules.model_fields) - named == set()


def test_645a_5_the_starting_count_chances_for_three_dice_and_for_the_rng() -> None:
    dice = starting_chances(PaiGowRules())
    assert dice == {**{count: Fraction(31, 216) for count in range(1, 7)}, 7: Fraction(30, 216)}
    rng = starting_chances(PaiGowRules(starting_position="rng"))
    assert rng == {count: Fraction(1, 7) for count in range(1, 8)}


def test_the_report_shows_the_exact_fortune_edge_and_flags_every_placeholder() -> None:
    rules = pai_gow_rules_from_mapping(
        {"fortune_paytable": "wizard_2", "envy_table": "envy_3000", "commission_rounding": "up"}
    )
    page = build_paigow_report(rules, source="filing.toml")
    assert "7.7656%" in page  # anchors.md 3, Wizard #2
    assert "1496262/19267885" in page  # its exact EV, negated
    assert "Placeholders to replace" in page
    assert page.count("placeholder: not PA text") == 2  # Fortune and Envy; Tiger 9 not offered
    # $25.10 wins 5% = 125.5 cents of commission: 126 rounded up, $23.84 net.
    assert "<td class=num>$25.10</td><td class=num>$1.26</td><td class=num>$23.84</td>" in page
    assert "filed, not the default" in page


def test_a_commission_free_table_collects_none_and_shows_it() -> None:
    page = build_paigow_report(
        pai_gow_rules_from_mapping({"preset": "pa-commission-free"}), source="cf.toml"
    )
    assert "no commission is collected" in page
    assert "No Fortune bonus or Envy is offered" in page


def test_tablegames_report_writes_the_pai_gow_page(tmp_path: Path) -> None:
    filing = tmp_path / "paigow.toml"
    filing.write_text('game = "pai_gow"\npreset = "pa-pai-gow"\n', encoding="utf-8")
    out = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["report", str(filing), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "Pai Gow Poker Rules Submission report" in page
    # $5.00 at 5% rounded down: 25 cents.
    assert "<td class=num>$5.00</td><td class=num>$0.25</td><td class=num>$4.75</td>" in page


def test_a_bad_pai_gow_filing_is_refused_with_its_field(tmp_path: Path) -> None:
    filing = tmp_path / "bad.toml"
    filing.write_text('game = "pai_gow"\ncommission_percent = 150\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["report", str(filing), "--out", str(tmp_path / "x.html")])
    assert result.exit_code == 2
    assert "commission_percent" in result.stderr
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.html").exists()


def test_the_report_gives_the_exact_tiger_9_edge() -> None:
    page = build_paigow_report(
        pai_gow_rules_from_mapping({"preset": "pa-commission-free", "tiger_9_wager": True}),
        source="cf.toml",
    )
    # 3,853,596 dealer Tiger 9s of 154,143,080 hands (tests/paigow/test_house_way_kernel.py).
    assert "3,853,596 of the 154,143,080" in page
    assert "exactly 8670401/38535770" in page
