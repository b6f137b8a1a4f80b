"""`tablegames edge`: the deck/paytable flag, refused options, per-hand text and CSV output.

Reference values come from the regulation or are derived here by counting cards: the paytables
of 633a.13(f) and (g), the 3 to 2 Blackjack of 633a.13(a), and probabilities of a full shoe
worked out by hand below, never from what the command printed before.
"""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from tablegames.cli import app

# Wide enough that no table cell wraps: the text assertions read whole rows.
runner = CliRunner(env={"COLUMNS": "200"})


def _run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def _json(*args: str) -> dict[str, Any]:
    result = _run(*args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _csv(*args: str) -> list[dict[str, str]]:
    result = _run(*args, "--csv")
    assert result.exit_code == 0, result.output
    return list(csv.DictReader(io.StringIO(result.stdout)))


def _bad_input(*args: str) -> str:
    """The one `error: ...` line of a refused command (exit 2, nothing on stdout)."""
    result = _run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines: list[str] = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: ")
    return lines[0]


# --- Royal Match 21 from six decks, counted by hand -----------------------------------------------
# 312 cards; the player's two cards are an ordered sample. A suited pair: the second card is one of
# the 77 others of the first card's suit (6 x 13 - 1) among 311. A Royal Match (king and queen of
# one suit): the first card is one of the 48 kings and queens, the second one of the 6 cards of
# the other rank in its suit. The Crown Treasure (633a.7(g)(4)): the dealer's up card and hole
# card a Royal Match too, from the 310 left: 10 kings and queens left in the player's suit (5 of
# each) and 36 in the three others (6 of each).
SUITED = Fraction(77, 311)
ROYAL = Fraction(48, 312) * Fraction(6, 311)
CROWN = Fraction(10 * 5 + 36 * 6, 310 * 309)


def _royal_match_edge(royal_pays: int, suited_pays: Fraction) -> Fraction:
    """1 - E[returned]: "to 1" lines return the stake; the Crown Treasure's 1,000 for 1 is paid
    in addition to the Royal Match (633a.13(f))."""
    returned = (
        (SUITED - ROYAL) * (1 + suited_pays)
        + ROYAL * (1 - CROWN) * (1 + royal_pays)
        + ROYAL * CROWN * (1 + royal_pays + 1000)
    )
    return 1 - returned


def test_633a_13_f_1_paytable_a_against_six_decks_is_analysed_and_flagged_non_pa() -> None:
    report = _json("edge", "royal_match_21", "--decks", "6", "--paytable", "A")
    # 633a.13(f)(1): paytable A pays a Royal Match 10 to 1 and a Suited Match 3 to 1.
    assert report["house_edge"] == pytest.approx(float(_royal_match_edge(10, Fraction(3))))
    assert report["paytable"] == "A"
    assert [item["paragraph"] for item in report["non_pa_findings"]] == ["633a.13(f)(1)"]
    assert report["non_pa_findings"][0]["field"] == "side_wagers.royal_match_21.paytable"
    assert len(report["non_pa"]) == 1
    assert "633a.13(f)(1)" in report["non_pa"][0]

    text = _run("edge", "royal_match_21", "--decks", "6", "--paytable", "A")
    assert text.exit_code == 0, text.output
    flagged = [line for line in text.stdout.splitlines() if line.startswith("non-PA")]
    assert len(flagged) == 1
    assert "royal_match_21.paytable" in flagged[0]
    assert "633a.13(f)(1)" in flagged[0]


def test_633a_13_f_2_multiple_deck_paytables_are_not_flagged_with_six_decks() -> None:
    for paytable in ("C", "D", "E"):
        report = _json("edge", "royal_match_21", "--decks", "6", "--paytable", paytable)
        assert report["non_pa"] == []
        assert report["non_pa_findings"] == []
    # ... and are flagged with a single deck.
    single = _json("edge", "royal_match_21", "--decks", "1", "--paytable", "D")
    assert [item["paragraph"] for item in single["non_pa_findings"]] == ["633a.13(f)(2)"]


def test_633a_13_f_decks_is_a_what_if_even_for_a_house_that_offers_the_wager() -> None:
    # The house files paytable D for six decks; asking for one deck with D is analysed and
    # flagged, not refused as a bad Rules Submission.
    offered = '{"royal_match_21": {"paytable": "D"}}'
    what_if = ("--decks", "1", "--paytable", "D")
    report = _json("edge", "royal_match_21", "--set", f"side_wagers={offered}", *what_if)
    assert report["decks"] == 1
    assert [item["paragraph"] for item in report["non_pa_findings"]] == ["633a.13(f)(2)"]


@pytest.mark.parametrize(
    ("wager", "decks", "paytable", "paragraph"),
    [
        ("bet_the_set_21", 2, "C", "633a.13(g)"),  # (g)(2): two decks use paytable B
        ("bet_the_set_21", 3, "C", "633a.13(g)"),  # (g) prints none for three decks
        ("match_the_dealer", 4, "6-deck", "633a.13(d)"),  # (d): six or eight decks only
        ("match_the_dealer", 6, "8-deck", "633a.13(d)(1)"),  # (d)(1) is the six-deck table
        ("super_match", 2, "6-deck", "633a.13(i)"),  # (i): six or eight decks only
    ],
)
def test_633a_13_g_d_i_paytables_that_do_not_fit_the_decks_are_flagged(
    wager: str, decks: int, paytable: str, paragraph: str
) -> None:
    report = _json("edge", wager, "--decks", str(decks), "--paytable", paytable)
    assert report["paytable"] == paytable
    assert [item["paragraph"] for item in report["non_pa_findings"]] == [paragraph]


@pytest.mark.parametrize(
    ("wager", "decks", "paytable"),
    [
        ("bet_the_set_21", 1, "A"),  # 633a.13(g)(1)
        ("bet_the_set_21", 2, "B"),  # 633a.13(g)(2)
        ("bet_the_set_21", 8, "D"),  # 633a.13(g)(3)
        ("match_the_dealer", 8, "8-deck"),  # 633a.13(d)(2)
        ("super_match", 6, "6-deck"),  # 633a.13(i)(1)
    ],
)
def test_633a_13_g_paytables_the_regulation_prints_for_the_decks_are_not_flagged(
    wager: str, decks: int, paytable: str
) -> None:
    report = _json("edge", wager, "--decks", str(decks), "--paytable", paytable)
    assert report["non_pa_findings"] == []


def test_633a_7_m_side_wager_report_flags_the_house_rules_non_pa_options() -> None:
    report = _json("edge", "ez_bust", "--set", "dealer_hits_soft_17=true")
    assert [item["paragraph"] for item in report["non_pa_findings"]] == ["633a.7(m)"]


# --- options that do not apply -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("edge", "blackjack", "--paytable", "A"), "--paytable"),
        (("edge", "craps", "--paytable", "A"), "--paytable"),
        (("edge", "lucky_ladies", "--paytable", "A"), "--paytable"),
        (("edge", "three_card_poker", "--paytable", "A"), "--paytable"),
        (("edge", "lucky_ladies", "--strategy", "basic"), "--strategy"),
        (("edge", "royal_match_21", "--hands"), "--hands"),
        (("edge", "craps", "--strategy", "cdz"), "--strategy"),
        (("edge", "craps", "--hands"), "--hands"),
        (("edge", "craps", "--decks", "6"), "--decks"),
        (("edge", "craps", "--preset", "pa-6deck"), "--preset"),
        (("edge", "craps", "--set", "decks=6"), "--set"),
        (("edge", "lucky_ladies", "--csv", "--json"), "--csv"),
        (("edge", "blackjack", "--strategy", "optimal"), "optimal"),
        (("edge", "blackjack", "--preset", "pa-blackjack-switch", "--hands"), "--hands"),
    ],
)
def test_edge_refuses_an_option_that_does_not_apply(args: tuple[str, ...], named: str) -> None:
    assert named in _bad_input(*args)


def test_edge_refuses_an_unknown_wager_and_lists_the_known_ones() -> None:
    line = _bad_input("edge", "roulette")
    assert "roulette" in line
    for known in ("blackjack", "craps", "lucky_ladies", "royal_match_21", "ez_bust"):
        assert known in line


@pytest.mark.parametrize(
    ("wager", "paytables"),
    [
        ("royal_match_21", ("A", "B", "C", "D", "E")),  # 633a.13(f)(1)-(2)
        ("bet_the_set_21", ("A", "B", "C", "D")),  # 633a.13(g)(1)-(3)
        ("match_the_dealer", ("6-deck", "8-deck")),  # 633a.13(d)(1)-(2)
    ],
)
def test_633a_13_f_an_unknown_paytable_is_refused_with_the_wager_s_paytables(
    wager: str, paytables: tuple[str, ...]
) -> None:
    line = _bad_input("edge", wager, "--paytable", "Z")
    assert "'Z'" in line
    assert ", ".join(paytables) in line


# --- CSV ---------------------------------------------------------------------------------------


def test_633a_13_f_2_side_wager_csv_lines_pays_and_contributions() -> None:
    result = _run("edge", "royal_match_21", "--decks", "6", "--paytable", "C", "--csv")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "outcome,line,probability,pays,contribution"
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    by_outcome = {row["outcome"]: row for row in rows}
    # 633a.13(f)(2), paytable C: Royal Match 30 to 1, Suited Match 2.5 to 1, Crown 1,000 for 1.
    assert by_outcome["Royal Match"]["pays"] == "30 to 1"
    assert by_outcome["Suited Match"]["pays"] == "2.5 to 1"
    assert by_outcome["Royal Match + Crown Treasure"]["pays"] == "30 to 1 + 1000 for 1"
    royal = sum(
        float(row["probability"]) for row in rows if row["outcome"].startswith("Royal Match")
    )
    assert royal == pytest.approx(float(ROYAL))
    assert float(by_outcome["Suited Match"]["probability"]) == pytest.approx(float(SUITED - ROYAL))
    assert float(by_outcome["loses"]["probability"]) == pytest.approx(float(1 - SUITED))
    # The contributions are each line's share of the house edge: they sum to it.
    edge = _royal_match_edge(30, Fraction(5, 2))
    assert sum(float(row["contribution"]) for row in rows) == pytest.approx(float(edge))
    assert float(by_outcome["loses"]["contribution"]) == pytest.approx(float(1 - SUITED))


def test_633a_13_f_1_csv_keeps_stdout_csv_and_flags_non_pa_on_stderr() -> None:
    result = _run("edge", "royal_match_21", "--decks", "6", "--paytable", "A", "--csv")
    assert result.exit_code == 0, result.output
    assert "non-PA" not in result.stdout
    assert "633a.13(f)(1)" in result.stderr


def test_633a_13_a_blackjack_csv_long_format_with_hands_and_dealer() -> None:
    rows = _csv("edge", "blackjack", "--decks", "1", "--hands")
    assert list(rows[0]) == ["section", "hand", "up", "item", "value", "best"]
    sections = {row["section"] for row in rows}
    assert {"summary", "by_up_card", "dealer", "hand"} <= sections
    summary = {row["item"]: row["value"] for row in rows if row["section"] == "summary"}
    assert summary["wager"] == "blackjack"
    assert summary["decks"] == "1"
    assert float(summary["house_edge"]) == pytest.approx(
        _json("edge", "blackjack", "--decks", "1")["house_edge"]
    )
    # The dealer's final totals by up card: a distribution for each of the ten up cards. From
    # one deck, with an ace up the hole card is one of the 16 ten-value cards among 51
    # (633a.7(h) peek); with a ten up it is one of the 4 aces.
    dealer: defaultdict[str, dict[str, float]] = defaultdict(dict)
    for row in rows:
        if row["section"] == "dealer":
            dealer[row["up"]][row["item"]] = float(row["value"])
    assert sorted(dealer) == sorted("23456789TA")
    for totals in dealer.values():
        assert sum(totals.values()) == pytest.approx(1)
    assert dealer["A"]["blackjack"] == pytest.approx(16 / 51)
    assert dealer["T"]["blackjack"] == pytest.approx(4 / 51)
    assert dealer["7"]["blackjack"] == 0
    # Every two-card hand (55 of them) against every up card, exactly one best option each;
    # a Blackjack given no dealer Blackjack is paid 3 to 2 (633a.13(a)).
    hands = [row for row in rows if row["section"] == "hand"]
    best: defaultdict[tuple[str, str], list[str]] = defaultdict(list)
    for row in hands:
        if row["best"] == "1":
            best[row["hand"], row["up"]].append(row["item"])
    cells = {(row["hand"], row["up"]) for row in hands}
    assert len(cells) == 55 * 10
    assert all(len(best[cell]) == 1 for cell in cells)
    naturals = [row for row in hands if row["hand"] == "A,T"]
    assert {row["item"] for row in naturals} == {"stand"}
    assert all(float(row["value"]) == pytest.approx(1.5) for row in naturals)


def test_633a_7_m_blackjack_csv_carries_the_non_pa_finding() -> None:
    rows = _csv("edge", "blackjack", "--decks", "1", "--set", "dealer_hits_soft_17=true")
    flagged = [row for row in rows if row["section"] == "non_pa"]
    assert [row["item"] for row in flagged] == ["dealer_hits_soft_17"]
    assert "633a.7(m)" in flagged[0]["value"]
    # Without --hands there are no hand rows.
    assert not [row for row in rows if row["section"] == "hand"]


def test_633a_7_m_blackjack_json_non_pa_findings_name_their_paragraph() -> None:
    report = _json("edge", "blackjack", "--decks", "1", "--set", "dealer_hits_soft_17=true")
    assert report["non_pa_findings"] == [
        {
            "field": "dealer_hits_soft_17",
            "message": "the dealer must stand on all 17s",
            "paragraph": "633a.7(m)",
        }
    ]


def test_edge_craps_csv_one_row_per_wager() -> None:
    rows = _csv("edge", "craps")
    by_wager = {row["wager"]: row for row in rows}
    # Any Craps pays 7 to 1 on 4 of 36 rolls: without Power Odds the house keeps 1/9.
    assert by_wager["any_craps"]["base_odds"] == "7 to 1"
    assert float(by_wager["any_craps"]["house_edge_without_power_odds"]) == pytest.approx(1 / 9)


# --- text -----------------------------------------------------------------------------------------


def test_633a_13_a_blackjack_hands_in_text_grid_and_dealer_outcomes() -> None:
    result = _run("edge", "blackjack", "--decks", "1", "--hands")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    # The grid: one row per two-card hand, the best option and its value under each up card.
    natural = next(line for line in lines if "A,T" in line)
    assert natural.count("S +1.500") == 10
    assert any("S stand" in line and "P split" in line for line in lines)
    grid_rows = [line for line in lines if line.startswith("│") and "," in line.split("│")[1]]
    assert len(grid_rows) == 55
    # The dealer's outcomes: the ace row's Blackjack column is 16/51 from one deck.
    ace = next(line for line in lines if line.startswith("│ A "))
    assert f"{16 / 51:.4f}" in ace
    assert "Dealer" in result.stdout
    assert "blackjack" in result.stdout


def test_edge_without_hands_prints_no_grid() -> None:
    result = _run("edge", "blackjack", "--decks", "1")
    assert result.exit_code == 0, result.output
    assert "A,T" not in result.stdout
