"""Every command over every file of the hostile corpus: one clear error, exit 2, nothing written.

The corpus (this folder) holds what a careless user or an adversary gives the program: files that
are not text, not JSON or TOML, nested without end, with loose types ("6", "yes", true where a
number or a boolean is meant), shoes no real decks could deal (two aces of spades from one deck,
633a.3(a)), meters below their filed reset (633a.13(j)(2)), selections out of range
(633a.13(j)(1)). `EXPECTED` names, for each file, the words its refusal must contain and the
paragraph it must cite when one applies; a file added to the corpus without an entry fails.

For every command and file: the exit code is 2 (`rules check` reports findings about rules that
were read: exit 1, one `violation:` line each, DESIGN.md), stderr is exactly one `error: ...`
line, there is no traceback, stdout is empty and no file is written.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablegames.cli import app
from tablegames.core.inputs import MAX_FILE_BYTES

CORPUS = Path(__file__).parent
runner = CliRunner()

# Every command that reads the file, by the corpus folder it belongs to. FILE and OUT are filled
# in per run (OUT: a folder inside the test's own empty directory).
COMMANDS: dict[str, list[list[str]]] = {
    "scenarios": [["round", "FILE"]],
    "craps_scenarios": [["roll", "FILE"]],
    # Files no rules reader can read: every command that takes a rules file.
    "rules": [
        ["rules", "check", "FILE"],
        ["rules", "show", "--rules", "FILE"],
        ["play", "--rules", "FILE"],
        ["edge", "blackjack", "--rules", "FILE"],
        ["edge", "lucky_ladies", "--rules", "FILE"],
        ["strategy", "--rules", "FILE", "--out", "OUT"],
        ["report", "FILE", "--out", "OUT.html"],
        ["play", "craps", "--rules", "FILE"],
        ["edge", "craps", "--rules", "FILE"],
        ["play", "pai_gow", "--rules", "FILE"],
        ["simulate", "--game", "pai_gow", "--rounds", "10", "--rules", "FILE"],
        ["serve", "--tables", "FILE", "--db", "sqlite:///OUT.db"],
    ],
    # The tables a server opens (`serve --tables`): refused before the store is touched.
    "tables": [["serve", "--tables", "FILE", "--db", "sqlite:///OUT.db"]],
    "blackjack_rules": [
        ["rules", "check", "FILE"],
        ["rules", "show", "--rules", "FILE"],
        ["play", "--rules", "FILE"],
        ["edge", "blackjack", "--rules", "FILE"],
        ["strategy", "--rules", "FILE", "--out", "OUT"],
        ["report", "FILE", "--out", "OUT.html"],
    ],
    "conformance": [["conform", "FILE"], ["conform", "FILE", "--junit", "OUT.xml"]],
    "craps_rules": [
        ["play", "craps", "--rules", "FILE"],
        ["edge", "craps", "--rules", "FILE"],
    ],
    # Pai Gow Poker Rules Submissions that are TOML but not rules the game takes.
    "paigow_rules": [
        ["play", "pai_gow", "--rules", "FILE"],
        ["simulate", "--game", "pai_gow", "--rounds", "10", "--rules", "FILE"],
    ],
}

# file -> (words the refusal must contain, the paragraph it must cite or None)
EXPECTED: dict[str, tuple[str, str | None]] = {
    # --- Blackjack scenarios (`tablegames round`) ---
    "scenarios/a_directory.json": ("is a directory", None),
    "scenarios/non_utf8.json": ("not UTF-8", None),
    "scenarios/deeply_nested_array.json": ("nests more than", None),
    "scenarios/deeply_nested_object.json": ("nests more than", None),
    "scenarios/duplicate_key.json": ("repeats the key 'boxes'", None),
    "scenarios/nan_wager.json": ("NaN, which is not a JSON number", None),
    "scenarios/infinite_wager.json": ("Infinity, which is not a JSON number", None),
    "scenarios/five_thousand_digit_wager.json": ("not valid JSON", None),
    "scenarios/not_json.json": ("not valid JSON", None),
    "scenarios/empty.json": ("not valid JSON", None),
    "scenarios/null_bytes.json": ("not valid JSON", None),
    "scenarios/top_level_list.json": ("must be a JSON object", None),
    "scenarios/unknown_key.json": ("unknown keys ['dealer']", None),
    "scenarios/missing_boxes.json": ("missing ['boxes']", None),
    "scenarios/description_as_number.json": ("description must be text", None),
    "scenarios/rules_as_string.json": ("rules: must be a table of house rules", None),
    "scenarios/rules_as_number.json": ("rules: must be a table of house rules", None),
    "scenarios/rules_as_empty_list.json": ("rules: must be a table of house rules", None),
    "scenarios/preset_as_list.json": ("preset: must be a preset name", None),
    "scenarios/decks_true.json": ("decks: must be a whole number, not True", "633a.3(a)"),
    "scenarios/decks_as_string.json": ("decks: must be a whole number, not '6'", "633a.3(a)"),
    "scenarios/decks_99.json": ("decks: must be at most 8", "633a.3(a)"),
    "scenarios/surrender_yes.json": ("late_surrender: must be true or false", "633a.9"),
    "scenarios/split_aces_one.json": ("hit_split_aces: must be true or false", "633a.11(c)"),
    "scenarios/side_as_string.json": ("side must map side wager names to cents", None),
    "scenarios/side_as_number.json": ("side must map side wager names to cents", None),
    "scenarios/player_null.json": ("player must be a name", None),
    "scenarios/player_as_number.json": ("player must be a name", None),
    "scenarios/wager_as_float.json": ("wager must be a whole number, not 25.5", None),
    "scenarios/wager_as_string.json": ("wager must be a whole number, not '2500'", None),
    "scenarios/wager_over_the_table_maximum.json": ("over the table maximum", None),
    "scenarios/box_99.json": ("box 99", None),
    "scenarios/eight_boxes.json": ("the table has 7 boxes", "633a.2(a)"),
    "scenarios/shoe_as_string.json": ("shoe must be a list of cards", None),
    "scenarios/card_not_a_card.json": ("card '1D' has no rank", None),
    "scenarios/card_as_number.json": ("card 5 must be two characters", None),
    "scenarios/two_aces_of_spades_one_deck.json": ("deals AS 2 times", "633a.3(a)"),
    "scenarios/fourteen_queens_of_hearts_six_decks.json": ("deals QH 14 times", "633a.3(a)"),
    "scenarios/shoe_longer_than_one_deck.json": ("lists 53 cards", "633a.3(a)"),
    "scenarios/bad_beat_meter_negative.json": ("below its filed reset", "633a.13(j)(2)"),
    "scenarios/bad_beat_meter_below_reset.json": ("below its filed reset", "633a.13(j)(2)"),
    "scenarios/meter_as_string.json": ("must be a whole number", None),
    "scenarios/meter_for_a_wager_not_offered.json": ("does not offer", "633a.6(e)"),
    "scenarios/meter_for_an_unknown_wager.json": ("not a progressive wager", None),
    "scenarios/lucky_box_99.json": ("the Lucky Player is box 99", "633a.13(j)(1)"),
    "scenarios/lucky_box_as_string.json": ("lucky_box must be a box number", None),
    "scenarios/magic_card_not_offered.json": ("no Magic Card Bonus", "633a.13(j)(1)"),
    "scenarios/magic_card_not_a_card.json": ("card 'ZZ' has no rank", None),
    "scenarios/decisions_as_object.json": ("decisions must be a list", None),
    "scenarios/unknown_action.json": ("unknown action 'fold'", None),
    "scenarios/insurance_against_a_ten.json": ("dealer's first card is an ace", "633a.8(a)"),
    # --- dealt-table scenarios (docs/scenarios-dealt.md) ---
    "scenarios/dealt_boxes_without_burn.json": ('names its "burn" card', None),
    "scenarios/dealt_burned_card_dealt_again.json": ("KD cannot come from this shoe", "633a.3(a)"),
    "scenarios/dealt_card_not_a_card.json": ("has no rank 'Z'", None),
    "scenarios/dealt_decision_while_dealing.json": ("the dealer is dealing", None),
    "scenarios/dealt_face_sideways.json": ('face is "up" or "down"', None),
    "scenarios/dealt_hole_card_face_up.json": ("6D was dealt face up", "633a.7(f)(4)"),
    "scenarios/dealt_option_as_number.json": ('option is "later" or "dead", not 3', None),
    "scenarios/dealt_position_as_string.json": ("position must be a whole number", None),
    "scenarios/dealt_round_before_the_shoe.json": (
        "card reader has not been inspected",
        "633a.2(f)",
    ),
    "scenarios/dealt_setting_as_string.json": ("reader_shows_value must be true or false", None),
    "scenarios/dealt_step_as_string.json": ("steps[0] must be an object", None),
    "scenarios/dealt_steps_as_object.json": ("steps must be a list", None),
    "scenarios/dealt_steps_run_out.json": ("the steps ran out", None),
    "scenarios/dealt_unknown_irregularity.json": ("unknown irregularity 'spilled_drink'", None),
    "scenarios/dealt_unknown_procedure.json": ("unknown procedure 'shuffle_faster'", None),
    # --- tables files (`tablegames serve --tables`) ---
    "tables/table_as_string.toml": ("lists no [[table]]", None),
    "tables/empty.toml": ("lists no [[table]]", None),
    "tables/unknown_setting.toml": ("has no setting 'tables'", None),
    "tables/unknown_game.toml": ("no game 'poker'", None),
    "tables/missing_name.toml": ("is missing ['name']", None),
    "tables/name_too_long.toml": ("the name must be 1 to 60 characters", None),
    "tables/rules_as_string.toml": ("rules must be a table of rule fields", None),
    "tables/rules_file_and_preset.toml": ("not both", None),
    "tables/rules_file_missing.toml": ("does not exist", None),
    "tables/decks_99.toml": ("decks: must be at most 8", "633a.3(a)"),
    "tables/unknown_table_key.toml": ("unknown keys ['colour']", None),
    "tables/preset_unknown.toml": ("'pa-99deck' is unknown", None),
    "tables/non_pa_rule.toml": ("may not open live: dealer_hits_soft_17", "633a.7(m)"),
    "tables/craps_rule_bad.toml": ("power_odds: must be true or false, not 'yes'", None),
    # --- files no rules reader can read ---
    "rules/a_directory.toml": ("is a directory", None),
    "rules/non_utf8.toml": ("not UTF-8", None),
    "rules/not_toml.toml": ("not valid TOML", None),
    "rules/json_not_toml.toml": ("not valid TOML", None),
    "rules/null_byte.toml": ("not valid TOML", None),
    "rules/deeply_nested_array.toml": ("nests more than", None),
    "rules/deeply_nested_tables.toml": ("nests more than", None),
    # --- TOML, but not Blackjack house rules ---
    "blackjack_rules/decks_true.toml": ("decks: must be a whole number, not True", "633a.3(a)"),
    "blackjack_rules/decks_as_string.toml": ("decks: must be a whole number", "633a.3(a)"),
    "blackjack_rules/decks_99.toml": ("decks: must be at most 8", "633a.3(a)"),
    "blackjack_rules/late_surrender_yes.toml": ("must be true or false, not 'yes'", "633a.9"),
    "blackjack_rules/late_surrender_off.toml": ("must be true or false, not 'off'", "633a.9"),
    "blackjack_rules/hit_split_aces_one.toml": ("must be true or false, not 1", "633a.11(c)"),
    "blackjack_rules/unknown_field.toml": ("colour: is not a house rule", None),
    "blackjack_rules/preset_unknown.toml": ("'pa-99deck' is unknown", None),
    "blackjack_rules/preset_as_list.toml": ("must be a preset name", None),
    "blackjack_rules/side_wagers_as_list.toml": ("side_wagers: must be a table", "633a.6(e)"),
    "blackjack_rules/side_wager_max_as_string.toml": ("max_wager: must be a whole number", None),
    "blackjack_rules/bad_beat_reset_below_minimum.toml": ("at least $5,000", "633a.13(j)(2)"),
    "blackjack_rules/payout_limit_below_floor.toml": (
        "payout_limit: must be at least",
        "633a.13(m)",
    ),
    "blackjack_rules/penetration_over_three_quarters.toml": ("at most 0.75", "633a.5(d)"),
    # A $5 unit (633c.4(b)) and Lucky Ladies of $1 to $4: no wager could be placed.
    "blackjack_rules/side_wager_unplaceable_at_switch_hands.toml": (
        "no wager from 100 to 400 cents is a multiple of the wager unit 500",
        None,
    ),
    "blackjack_rules/craps_rules_file.toml": ("power_odds: is not a house rule", None),
    # --- TOML, but not craps house rules ---
    "craps_rules/blackjack_rules_file.toml": ("craps reads its own house rules", None),
    "craps_rules/power_odds_yes.toml": ("power_odds: must be true or false, not 'yes'", None),
    "craps_rules/min_wager_as_string.toml": ("min_wager: must be a whole number", None),
    "craps_rules/probability_with_huge_exponent.toml": ("must be a fraction", "623b.5(c)"),
    "craps_rules/probability_true.toml": ("must be a fraction", "623b.5(c)"),
    "craps_rules/probability_over_one.toml": ("at most 1", "623b.5(c)"),
    "craps_rules/probability_divides_by_zero.toml": ("not '1/0'", "623b.5(c)"),
    "craps_rules/probabilities_exceed_one.toml": ("together exceed 1", "623b.5(c)"),
    "craps_rules/preset_as_list.toml": ("is unknown", None),
    "paigow_rules/blackjack_rules_file.toml": ("decks: is not a Pai Gow Poker house rule", None),
    "paigow_rules/commission_100_percent.toml": ("commission_percent: must be less than 100", None),
    "paigow_rules/commission_huge_exponent.toml": ("must be a percentage such as 5", None),
    "paigow_rules/game_is_craps.toml": ("these are Pai Gow Poker rules", None),
    "paigow_rules/hand_dealing_without_shuffler.toml": ("automated shuffler", "645a.9(a)(1)"),
    "paigow_rules/seats_as_string.toml": ("seats: must be a whole number, not '6'", None),
    "paigow_rules/tiger_9_without_commission_free.toml": ("commission-free", "645c.1(c)(2)"),
    "paigow_rules/unknown_house_way.toml": ("'caesars' is not one of", None),
    "paigow_rules/unknown_preset.toml": ("'pa-pai-gow-9' is unknown", None),
    "craps_rules/wager_entry_as_string.toml": ("wagers.hard_8: must be a table", None),
    "craps_rules/unknown_wager.toml": ("wagers.lottery: is not an eligible wager", "623b.5(d)"),
    # --- conformance files (`tablegames conform`) ---
    "conformance/unknown_top_level_key.json": ("unknown keys ['verdict']", None),
    "conformance/expected_and_expected_error.json": ("exactly one of", None),
    "conformance/expected_as_list.json": ('"expected" must be a JSON object', None),
    "conformance/scenario_missing.json": ('has no "scenario"', None),
    "conformance/unknown_game.json": ("not 'poker'", None),
    # --- craps scenarios (`tablegames roll`) ---
    "craps_scenarios/non_utf8.json": ("not UTF-8", None),
    "craps_scenarios/deeply_nested.json": ("nests more than", None),
    "craps_scenarios/duplicate_key.json": ("repeats the key 'dice'", None),
    "craps_scenarios/top_level_null.json": ("must be a JSON object", None),
    "craps_scenarios/rules_as_empty_list.json": ("craps rules must be an object", None),
    "craps_scenarios/rules_as_string.json": ("craps rules must be an object", None),
    "craps_scenarios/description_as_number.json": ("description must be text", None),
    "craps_scenarios/die_shows_seven.json": ("a die shows 1 to 6, not 7", None),
    "craps_scenarios/dice_as_string.json": ("dice must be a list of two faces", None),
    "craps_scenarios/dice_and_rolls.json": ('either "dice" (one roll) or "rolls"', None),
    "craps_scenarios/too_many_rolls.json": ("1,001 rolls", None),
    "craps_scenarios/amount_true.json": ("amount must be a whole number, not True", None),
    "craps_scenarios/amount_over_the_maximum.json": ("over the house maximum", None),
    "craps_scenarios/roll_number_true.json": ("roll must be a whole number, not True", None),
    "craps_scenarios/selection_level_as_string.json": ("the level is 0, 1 or 2, not '2'", None),
    "craps_scenarios/selection_as_list.json": ("selection must map wager names", None),
    "craps_scenarios/selection_of_an_unknown_wager.json": ("'lottery' is not", "623b.5(d)"),
    "craps_scenarios/unknown_wager.json": ("'lottery' is not a wager eligible", None),
    "craps_scenarios/wager_name_as_list.json": ("must be a wager name", None),
}


def corpus_files() -> Iterator[str]:
    for folder in COMMANDS:
        for path in sorted((CORPUS / folder).iterdir()):
            yield f"{folder}/{path.name}"


def cases() -> Iterator[tuple[str, list[str]]]:
    for name in corpus_files():
        for command in COMMANDS[name.split("/")[0]]:
            yield name, command


def test_every_corpus_file_has_its_expected_refusal() -> None:
    on_disk = set(corpus_files())
    assert on_disk == set(EXPECTED), (
        f"without an entry: {sorted(on_disk - set(EXPECTED))}; "
        f"entry without a file: {sorted(set(EXPECTED) - on_disk)}"
    )


def _run(argv: list[str], tmp_path: Path) -> tuple[int, str, str]:
    work = Path(tempfile.mkdtemp(dir=tmp_path))
    out = work / "out"
    filled = [arg.replace("OUT", str(out)) for arg in argv]
    cwd = Path.cwd()
    os.chdir(work)
    try:
        result = runner.invoke(app, filled, input="")
    finally:
        os.chdir(cwd)
    # Nothing written: no output file, folder or stray file anywhere in the working directory.
    assert sorted(work.iterdir()) == [], f"{argv} wrote {sorted(work.iterdir())}"
    return result.exit_code, result.stdout, result.stderr


def _check_refusal(argv: list[str], says: str, paragraph: str | None, tmp_path: Path) -> None:
    code, stdout, stderr = _run(argv, tmp_path)
    assert "Traceback" not in stdout + stderr
    if argv[:2] == ["rules", "check"] and stdout.startswith("violation: "):
        # The file was read: its findings about the rules are the check's answer (exit 1).
        assert code == 1, (argv, stdout, stderr)
        assert stderr == ""
        lines = stdout.splitlines()
        assert all(line.startswith("violation: ") for line in lines)
        text = stdout
    else:
        assert code == 2, (argv, code, stdout, stderr)
        assert stdout == "", (argv, stdout)
        lines = stderr.splitlines()
        assert len(lines) == 1, (argv, stderr)
        assert lines[0].startswith("error: "), (argv, stderr)
        text = lines[0]
    assert says in text, (argv, text)
    if paragraph is not None:
        assert f"58 Pa. Code {paragraph}" in text, (argv, text)


@pytest.mark.parametrize(("name", "command"), list(cases()))
def test_hostile_file_is_refused(name: str, command: list[str], tmp_path: Path) -> None:
    says, paragraph = EXPECTED[name]
    argv = [str(CORPUS / name) if arg == "FILE" else arg for arg in command]
    _check_refusal(argv, says, paragraph, tmp_path)


def test_a_file_over_the_size_cap_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    # The 17-million-card shoe took 11 s and 1.5 GB; any file over the cap is refused unread.
    big = tmp_path / "big.json"
    big.write_text('{"shoe": [' + '"AS", ' * (MAX_FILE_BYTES // 6 + 1) + '"AS"], "boxes": []}')
    _check_refusal(["round", str(big)], "the most accepted", None, tmp_path)
    _check_refusal(["rules", "check", str(big)], "the most accepted", None, tmp_path)


def test_a_missing_file_and_a_fifo_are_refused(tmp_path: Path) -> None:
    _check_refusal(["round", str(tmp_path / "none.json")], "does not exist", None, tmp_path)
    _check_refusal(["roll", str(tmp_path / "none.json")], "does not exist", None, tmp_path)
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)  # reading it would block for ever
    _check_refusal(["rules", "check", str(fifo)], "not a regular file", None, tmp_path)


# Bad options: (argv, words, paragraph). OUTFILE is an existing file, OUTDIR an existing folder.
OPTION_CASES: list[tuple[list[str], str, str | None]] = [
    (["play", "--boxes", "4"], "box", "633a.6(f)"),
    (["play", "--boxes", "9"], "--boxes", None),
    (["play", "--boxes", "x"], "--boxes", None),
    (["play", "poker"], "no game 'poker'", None),
    (["play", "--preset", "pa-99deck"], "'pa-99deck' is unknown", None),
    (["play", "pai_gow", "--preset", "pa-99deck"], "'pa-99deck' is unknown", None),
    (["play", "pai_gow", "--boxes", "2"], "--boxes is for Blackjack", None),
    (["play", "pai_gow", "--rules", "PAIGOW_DEALT"], "table_type must be electronic", None),
    (["edge", "pai_gow", "--paytable", "wizard_2"], "--paytable does not apply to pai_gow", None),
    (["rules", "show", "--set", "decks"], "NAME=VALUE", None),
    (["rules", "show", "--set", "decks=true"], "decks: must be a whole number", "633a.3(a)"),
    (["rules", "show", "--set", 'decks="6"'], "decks: must be a whole number", "633a.3(a)"),
    (["rules", "show", "--preset", "pa-6deck", "--rules", "x.toml"], "not both", None),
    (["edge", "blackjack", "--strategy", "best"], "choose cdz or basic", None),
    (["edge", "no_such_wager"], "no_such_wager", None),
    (["strategy", "--out", "OUTFILE"], "is not a folder", None),
    (["report", "RULES", "--out", "OUTDIR"], "is a directory", None),
    (["round"], "Missing argument", None),
    (["no-such-command"], "No such command", None),
]


@pytest.mark.parametrize(("argv", "says", "paragraph"), OPTION_CASES)
def test_bad_option_is_refused(
    argv: list[str], says: str, paragraph: str | None, tmp_path: Path
) -> None:
    files = tmp_path / "files"
    files.mkdir()
    (files / "existing.txt").write_text("keep me\n")
    (files / "house.toml").write_text('preset = "pa-6deck"\n')
    (files / "dealt.toml").write_text('game = "pai_gow"\ntable_type = "dealt"\n')
    replace = {
        "PAIGOW_DEALT": str(files / "dealt.toml"),
        "OUTFILE": str(files / "existing.txt"),
        "OUTDIR": str(files),
        "RULES": str(files / "house.toml"),
    }
    _check_refusal([replace.get(arg, arg) for arg in argv], says, paragraph, tmp_path)
    assert (files / "existing.txt").read_text() == "keep me\n"
    assert sorted(path.name for path in files.iterdir()) == [
        "dealt.toml",
        "existing.txt",
        "house.toml",
    ]


@pytest.mark.parametrize(
    ("game", "script"),
    [("blackjack", "blackjack.txt"), ("craps", "craps.txt"), ("pai_gow", "paigow.txt")],
)
def test_hostile_answers_at_the_terminal_never_crash(game: str, script: str) -> None:
    # sNaN, 1e999999, Infinity, 10,000 digits, control characters, 'd 1e999999', 'i -5': each
    # is refused at its prompt and the session goes on until 'q'.
    text = (CORPUS / "prompts" / script).read_text(encoding="utf-8", errors="replace")
    result = runner.invoke(app, ["play", game], input=text)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
