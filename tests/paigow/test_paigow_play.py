"""The Pai Gow Poker terminal table (`tablegames play pai_gow`): scripted answers on a recording
console. A scripted player reads the screen as a person would: the seven cards shown decide the
setting it types (`Reader`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tablegames.cli import app
from tablegames.core.rng import SeededRandom
from tablegames.paigow.cards import parse_hand
from tablegames.paigow.house_way import house_way
from tablegames.paigow.rules import PaiGowRules, pai_gow_rules_from_mapping
from tablegames.paigow.setting import Setting, settings
from tablegames.ui.paigow_play import SET_PROMPT, play_session

Chooser = Callable[[list[str]], list[str]]  # the seven cards shown -> answers at the setting


class Reader:
    """Answers the betting prompts from `bets` in order; at each setting prompt, the answers
    `choose` gives for the seven cards last shown; when `bets` runs out, leaves by `how`."""

    def __init__(self, console: Console, bets: list[str], choose: Chooser, how: str = "q"):
        self.console, self.bets, self.choose, self.how = console, list(bets), choose, how
        self.pending: list[str] = []

    def cards(self) -> list[str]:
        shown: list[str] = re.findall(
            r"Your seven cards: ((?:\S\S ?){7})", self.console.export_text(clear=False)
        )
        return shown[-1].split()

    def __call__(self, prompt: str) -> str:
        if prompt == SET_PROMPT:
            if not self.pending:
                self.pending = self.choose(self.cards())
            if self.pending:
                return self.pending.pop(0)
        elif self.bets:
            return self.bets.pop(0)
        if self.how == "eof":
            raise EOFError
        if self.how == "ctrl-c":
            raise KeyboardInterrupt
        return "q"


def run(
    bets: list[str],
    choose: Chooser = lambda cards: ["h"],
    *,
    rules: PaiGowRules | None = None,
    seed: int = 1,
    how: str = "q",
    bankroll: int = 100_000,
) -> tuple[str, int]:
    console = Console(record=True, width=150, force_terminal=False)
    final = play_session(
        rules or PaiGowRules(),
        console=console,
        input_fn=Reader(console, bets, choose, how),
        random=SeededRandom.from_seed(seed),
        bankroll=bankroll,
    )
    return console.export_text(), final


def nets(text: str) -> int:
    """The sum of every 'Round net' line, in cents."""
    total = 0
    for sign, dollars, cents in re.findall(r"Round net ([+-]?)\$([\d,]+)\.(\d\d)", text):
        value = int(dollars.replace(",", "")) * 100 + int(cents)
        total += -value if sign == "-" else value
    return total


def _setting(cards: list[str], *, legal: bool, not_house_way: bool = False) -> Setting | None:
    hand = parse_hand(cards)
    way = str(house_way("trump_plaza").set(hand))
    for setting in settings(hand):
        if setting.legal == legal and not (not_house_way and str(setting) == way):
            return setting
    return None


def _low(setting: Setting | None) -> str:
    if setting is None:
        return "h"
    return " ".join(str(card) for card in setting.low)


def test_a_round_with_a_manual_setting() -> None:
    def manual(cards: list[str]) -> list[str]:
        return [_low(_setting(cards, legal=True, not_house_way=True))]

    text, final = run(["25"], manual)
    assert re.search(r"Your seven cards: (\S\S ){6}\S\S", text)
    assert "· set by you" in text
    assert "· house way trump_plaza" in text  # the dealer's setting, shown
    assert re.search(r"│ Main wager │ \$25\.00 │ (win|push|lose) ", text)
    assert "Goodbye: 1 round(s)" in text
    assert final == 100_000 + nets(text)


def test_a_round_set_by_the_house_way_and_a_win_pays_less_the_commission() -> None:
    for seed in range(1, 40):
        text, final = run(["20"], seed=seed)
        assert "· set by the house way" in text
        assert final == 100_000 + nets(text)
        if "│ win " in text:
            # 5% of $20.00 is $1.00: the win returns $39.00 (645a.11, the filed commission).
            assert re.search(
                r"│ Main wager │ \$20\.00 │ win +│ win +│ +\$1\.00 │ +\$39\.00 │", text
            )
            assert "Round net +$19.00 · commission $1.00" in text
            return
    raise AssertionError("no seed in 1-39 won a round")


def test_an_illegal_setting_is_refused_with_its_reason_and_asked_again() -> None:
    def foul_then_legal(cards: list[str]) -> list[str]:
        foul = _setting(cards, legal=False)
        return [_low(foul), "h"] if foul is not None else ["h"]

    for seed in range(1, 20):
        text, final = run(["25"], foul_then_legal, seed=seed)
        if "a foul" in text:
            refused = text.index("✗")
            assert "outranks the high hand" in text[refused:]
            assert text.count(SET_PROMPT.strip()) >= 2  # asked again
            assert "· set by the house way" in text[refused:]
            assert final == 100_000 + nets(text)
            return
    raise AssertionError("no seed in 1-19 dealt a hand with a foul setting")


def test_cards_not_in_the_hand_and_answers_that_are_not_two_cards_are_re_asked() -> None:
    def wrong(cards: list[str]) -> list[str]:
        foreign = next(c for c in ("AS", "AH", "AD", "AC", "KS") if c not in cards)
        return [f"{foreign} {cards[0]}", "zz", "AS KD 3H", f"{cards[0]} {cards[0]}", "h"]

    text, _ = run(["25"], wrong)
    assert "is not in the hand" in text
    assert "name the two cards of your low hand, e.g. 'KD 3H', or h, not 'zz'" in text
    assert "not 'AS KD 3H'" in text
    assert "twice" in text
    assert "Goodbye: 1 round(s)" in text


@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ("abc", "is not an amount in dollars"),
        ("-5", "a wager is an amount above $0, not '-5'"),
        ("0", "a wager is an amount above $0, not '0'"),
        ("1e999", "is not an amount in dollars"),
        ("4.99", "outside the table's limits"),
        ("6000", "outside the table's limits"),
        ("2000", "you have $1,000.00 in chips"),
        ("bank", "give an amount"),
        ("", "give an amount"),
        ("bank 100", "did not wager against the dealer"),
        ("9" * 300, "characters long"),
    ],
)
def test_bad_amounts_are_refused_and_asked_again(answer: str, says: str) -> None:
    text, final = run([answer, "25"])
    assert says in text
    assert "Goodbye: 1 round(s)" in text
    assert final == 100_000 + nets(text)


@pytest.mark.parametrize("how", ["eof", "ctrl-c", "q"])
def test_leaving_mid_round_sets_the_hand_by_the_house_way_and_keeps_every_cent(how: str) -> None:
    rounds: list[list[str]] = []

    def twice_then_leave(cards: list[str]) -> list[str]:
        rounds.append(cards)
        return ["h"] if len(rounds) < 3 else []  # round 3: leave at the setting prompt

    text, final = run(["25", "", "10"], twice_then_leave, how=how)
    assert "the round is under way and its wagers stand" in text
    assert "Goodbye: 3 round(s)" in text
    assert text.count("· set by the house way") == 3
    assert "│ Main wager │ $10.00 │" in text  # round 3 settled, not returned
    assert final == 100_000 + nets(text)


@pytest.mark.parametrize("how", ["eof", "ctrl-c", "q"])
def test_leaving_at_the_wager_prompt_leaves_nothing_on_the_layout(how: str) -> None:
    text, final = run([], how=how)
    assert "no wager was on the layout" in text
    assert "Goodbye: 0 round(s), chips $1,000.00 ($0.00)." in text
    assert final == 100_000


def test_the_bank_is_taken_when_allowed_and_returns_to_the_house_every_other_round() -> None:
    text, final = run(["25", "bank 100", "bank 100", "25"])
    assert "Goodbye: 3 round(s)" in text
    assert "│ Bank " in text  # round 2: you banked, the dealer's hand played against the bank
    assert "the bank returns to the house every other round" in text  # round 3
    assert final == 100_000 + nets(text)


def test_optional_wagers_ride_on_the_main_wager() -> None:
    rules = pai_gow_rules_from_mapping(
        {
            "preset": "pa-commission-free",
            "tiger_9_wager": True,
            "fortune_paytable": "wizard_2",
            "progressive": True,
            "progressive_rate_percent": 50,
            "progressive_initial": 1_000_000,
            "progressive_reset": 1_000_000,
        }
    )
    bets = ["25", "0.50", "5", "maybe", "y", "600", "2"]
    text, final = run(bets, rules=rules)
    assert "non-PA fortune_paytable wizard_2" in text
    assert "outside the table's limits" in text  # a $0.50 Fortune wager
    assert "y or Enter, not 'maybe'" in text
    for label in ("Main wager", "Fortune bonus", "Progressive", "Tiger 9"):
        assert f"│ {label} " in text
    assert "commission $0.00" in text  # 645c.1(a)
    assert final == 100_000 + nets(text)


def test_the_chips_falling_below_the_minimum_end_the_session() -> None:
    text, final = run(["5"] * 200, bankroll=500)
    assert "below the table minimum ($5.00)" in text
    assert final < 500
    assert final == 500 + nets(text)


runner = CliRunner()


def test_the_cli_plays_a_round_and_leaves_cleanly() -> None:
    outcome = runner.invoke(app, ["play", "pai_gow"], input="25\nh\nq\n")
    assert outcome.exit_code == 0, outcome.output
    assert "Your seven cards: " in outcome.stdout
    assert "Goodbye: 1 round(s)" in outcome.stdout
    assert "Traceback" not in outcome.output


def test_the_cli_takes_a_preset_and_a_rules_file(tmp_path: Path) -> None:
    outcome = runner.invoke(app, ["play", "pai_gow", "--preset", "pa-commission-free"], input="q\n")
    assert outcome.exit_code == 0, outcome.output
    assert "commission-free (645c.1)" in outcome.stdout
    house = tmp_path / "house.toml"
    house.write_text('game = "pai_gow"\nhouse_way = "claridge"\nmin_wager = 1000\n')
    outcome = runner.invoke(app, ["play", "pai_gow", "--rules", str(house)], input="5\n")
    assert outcome.exit_code == 0, outcome.output
    assert "house way claridge" in outcome.stdout
    assert "outside the table's" in outcome.stdout


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--boxes", "2"], "--boxes is for Blackjack"),
        (["--preset", "pa-6deck"], "'pa-6deck' is unknown"),
        (["--preset", "pa-pai-gow", "--rules", "x.toml"], "not both"),
    ],
)
def test_the_cli_refuses_options_it_does_not_take(argv: list[str], says: str) -> None:
    outcome = runner.invoke(app, ["play", "pai_gow", *argv], input="q\n")
    assert outcome.exit_code == 2
    assert outcome.stdout == ""
    assert outcome.stderr.startswith("error: ")
    assert says in outcome.stderr


def test_live_play_takes_no_seed() -> None:
    import inspect

    from tablegames.ui.paigow_play import play_pai_gow

    assert not any(
        "seed" in name or "random" in name for name in inspect.signature(play_pai_gow).parameters
    )
