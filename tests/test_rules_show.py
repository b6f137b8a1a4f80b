"""`tablegames rules show` (labels, dollars, one row per side wager, `--json`) and the README's
example Rules Submission, which `tablegames rules check` must pass."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablegames.blackjack.rules import Rules, load_rules, preset_names, rules_from_mapping
from tablegames.blackjack.rules.labels import FIELD_LABELS, OPTION_LABELS, SIDE_WAGER_LABELS
from tablegames.blackjack.rules.side import SideWagers
from tablegames.cli import app

ROOT = Path(__file__).resolve().parent.parent
# Wide enough that no row wraps: each rule is one line of the table.
runner = CliRunner(env={"COLUMNS": "220"})


def _show(*args: str) -> list[str]:
    result = runner.invoke(app, ["rules", "show", *args])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def _row(lines: list[str], field: str) -> list[str]:
    """The cells of the row filed under `field` (the table's second column), a cell that wraps
    over several lines joined back with spaces."""
    rows: list[list[str]] = []
    for line in lines:
        if not line.startswith("│"):
            continue
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        if cells[1]:
            rows.append(cells)
        elif rows:  # a continuation line: the field is never wrapped
            rows[-1] = [" ".join(filter(None, pair)) for pair in zip(rows[-1], cells, strict=True)]
    for cells in rows:
        if cells[1] == field:
            return cells
    raise AssertionError(f"no row for {field}")


def test_rules_show_amounts_in_dollars_beside_readable_labels_and_field_names() -> None:
    lines = _show(
        "--set", "min_wager=2500", "--set", "max_wager=1000000", "--set", "wager_unit=500"
    )
    assert _row(lines, "min_wager")[:3] == ["Table minimum wager", "min_wager", "$25.00"]
    assert _row(lines, "max_wager")[:3] == ["Table maximum wager", "max_wager", "$10,000.00"]
    assert _row(lines, "wager_unit")[2] == "$5.00"


def test_633a_5_d_penetration_is_shown_as_a_percentage() -> None:
    assert _row(_show("--set", "penetration=0.6"), "penetration")[2] == "60%"
    assert _row(_show(), "penetration")[3] == "633a.5(d)"


def test_633a_13_m_payout_limit_in_dollars_or_no_limit() -> None:
    lucky = '{"lucky_ladies": {"max_wager": 2500}}'
    lines = _show("--set", f"side_wagers={lucky}", "--set", "payout_limit=7500000")
    row = _row(lines, "payout_limit")
    assert row[2] == "$75,000.00"
    assert row[3] == "633a.13(m)"
    assert _row(_show(), "payout_limit")[2] == "no limit"


def test_633a_6_e_side_wagers_one_row_per_offered_wager_with_readable_options() -> None:
    offered = (
        '{"bad_beat": {"rate_bp": 250, "reset": 600000, "magic_card": true},'
        ' "royal_match_21": {"paytable": "E", "max_wager": 2500}}'
    )
    lines = _show("--set", f"side_wagers={offered}")
    bad_beat = _row(lines, "side_wagers.bad_beat")
    assert bad_beat[0] == "Bad Beat Progressive"
    # 250 basis points are 2.5% of each wager; the reset is 600,000 cents.
    assert "rate of progression: 2.5%" in bad_beat[2]
    assert "initial and reset amount: $6,000.00" in bad_beat[2]
    assert "Magic Card Bonus: yes" in bad_beat[2]
    assert "633a.13(j)" in bad_beat[3]
    royal = _row(lines, "side_wagers.royal_match_21")
    assert royal[0] == "Royal Match 21"
    assert "paytable: E" in royal[2]
    assert "max $25.00" in royal[2]
    assert "633a.13(f)" in royal[3]
    side_rows = [line for line in lines if "│ side_wagers" in line]
    assert len(side_rows) == 2
    assert _row(_show(), "side_wagers")[2] == "none offered"


def test_633a_7_m_non_pa_option_marked_with_its_paragraph() -> None:
    lines = _show("--set", "dealer_hits_soft_17=true")
    assert _row(lines, "dealer_hits_soft_17")[2] == "yes non-PA 633a.7(m)"
    assert sum("non-PA" in line for line in lines) == 1
    assert _row(_show(), "dealer_hits_soft_17")[2] == "no"
    assert not any("non-PA" in line for line in _show())


def test_every_rule_and_side_wager_option_has_a_label() -> None:
    assert set(FIELD_LABELS) == set(Rules.model_fields)
    assert set(SIDE_WAGER_LABELS) == set(SideWagers.model_fields)
    options = {
        name
        for wager in SideWagers.model_fields.values()
        for model in getattr(wager.annotation, "__args__", ())
        if hasattr(model, "model_fields")
        for name in model.model_fields
    }
    assert options <= set(OPTION_LABELS)


@pytest.mark.parametrize("preset", preset_names())
def test_rules_show_json_round_trips_every_preset(preset: str) -> None:
    result = runner.invoke(app, ["rules", "show", "--preset", preset, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    house = load_rules(preset=preset)
    assert rules_from_mapping(data) == house
    # Field names and cents exactly as filed.
    assert set(data) == set(Rules.model_fields)
    assert data["min_wager"] == house.min_wager
    assert isinstance(data["min_wager"], int)


def test_rules_show_json_round_trips_side_wagers_and_amounts() -> None:
    offered = '{"lucky_ladies": {"max_wager": 2500}, "bad_beat": {"rate_bp": 250}}'
    args = ["--set", f"side_wagers={offered}", "--set", "payout_limit=7500000"]
    result = runner.invoke(app, ["rules", "show", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # Absent means not offered (633a.6(e)): only the two offered wagers are listed.
    assert sorted(data["side_wagers"]) == ["bad_beat", "lucky_ladies"]
    assert data["side_wagers"]["lucky_ladies"]["max_wager"] == 2500
    assert data["payout_limit"] == 7_500_000
    assert rules_from_mapping(data) == load_rules(preset="pa-6deck", overrides=args[1::2])


# --- the README's example Rules Submission --------------------------------------------------------


def _readme_house_rules_toml() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## House rules\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```toml\n(.*?)```", section, flags=re.DOTALL)
    assert found is not None, "the House rules section has no ```toml block"
    return found.group(1)


def test_633a_13_m_readme_house_rules_example_passes_rules_check(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(_readme_house_rules_toml(), encoding="utf-8")
    result = runner.invoke(app, ["rules", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert "valid" in result.stdout
    # What the text explains: Lucky Ladies' 1,000 to 1 (633a.13(c)) on its $25 maximum on each of
    # the three boxes one player may play (633a.6(f)) puts 633a.13(m)'s floor at $75,000.
    house = load_rules(path=path)
    assert house.side_wagers.lucky_ladies is not None
    floor = 1_000 * house.side_wagers.lucky_ladies.max_wager * house.max_boxes_per_player
    assert floor == 7_500_000
    assert house.payout_limit is not None
    assert house.payout_limit >= max(2_500_000, floor)
