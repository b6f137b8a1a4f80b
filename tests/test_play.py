"""The terminal game, driven by scripted answers on a recording console and a seeded shoe.

The scripts read the prompt they answer (a real player would too), so the tests hold whatever
cards a seed happens to deal.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from rich.console import Console

import tablegames.play as play
from tablegames.blackjack.actions import Action
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.play import parse_dollars, play_terminal, round_committed, round_net
from tablegames.rng import SeededRandom
from tablegames.rules import Rules

from .helpers import deal

Policy = Callable[[str], str]


class Script:
    """An `input_fn`: answers each prompt with `policy`, then EOF after `limit` answers."""

    def __init__(self, policy: Policy, limit: int = 400) -> None:
        self.policy, self.limit = policy, limit
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        if len(self.prompts) >= self.limit:
            raise EOFError
        self.prompts.append(prompt)
        return self.policy(prompt)


def answers(*items: str) -> Policy:
    """Answer the prompts in order, whatever they are; EOF when the list runs out."""
    queue = list(items)

    def policy(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return policy


def stand_for(rounds: int) -> Policy:
    """Default wagers, stand (or decline insurance) on every hand; quit after `rounds`."""
    wagers = 0

    def policy(prompt: str) -> str:
        nonlocal wagers
        if "Box 1 wager" in prompt:
            wagers += 1
            return "q" if wagers > rounds else ""
        if "wager" in prompt:
            return ""
        return "n" if "[n]" in prompt else "s"

    return policy


def run(
    policy: Policy,
    rules: Rules | None = None,
    *,
    seed: int = 0,
    boxes: int = 1,
    bankroll: int = 100_000,
) -> str:
    """Play with scripted answers; return everything the console showed."""
    console = Console(record=True, width=100, force_terminal=False)
    play_terminal(
        rules or Rules(),
        boxes=boxes,
        console=console,
        input_fn=Script(policy),
        random=SeededRandom.from_seed(seed),
        bankroll=bankroll,
    )
    return console.export_text()


def test_rules_table_marks_non_pa_options() -> None:
    text = run(answers("q"), Rules(dealer_hits_soft_17=True, blackjack_pays="6:5"))
    assert "House rules" in text
    assert re.search(r"Dealer on soft 17 +│ hits \(H17\) +│ non-PA: the dealer must stand", text)
    assert "(633a.7(m))" in text
    assert re.search(
        r"Blackjack pays +│ 6 to 5 +│ non-PA: Blackjack pays 3 to 2 \(633a\.13\(a\)\)", text
    )
    assert re.search(r"Table minimum +│ \$10\.00 ", text)
    assert re.search(r"Table maximum +│ \$5,000\.00 ", text)


def test_pennsylvania_rules_show_no_non_pa_mark() -> None:
    text = run(answers("q"))
    assert "stands (S17)" in text
    assert "3 to 2" in text
    assert "non-PA" not in text
    assert re.search(r"Late surrender +│ yes +│ PA ", text)


def test_a_round_completes_and_is_settled() -> None:
    text = run(stand_for(1))
    assert "Round 1" in text
    assert "Settlement" in text
    assert re.search(r"│ 1 +│ 1 +│ Blackjack Wager +│ +\$10\.00 │", text)
    assert "Round net" in text
    assert "Goodbye: 1 round(s) played" in text


def test_hole_card_is_hidden_until_revealed() -> None:
    # Seed 0 deals a hand to play against a ten up card: the hole card shows as ▒▒ (633a.7(f)(4)).
    text = run(stand_for(1), seed=0)
    before = text.split("Settlement", 1)[0]
    assert "▒▒" in before
    dealer_final = [line for line in before.splitlines() if line.startswith("Dealer:")][-1]
    assert "▒▒" not in dealer_final
    assert re.search(r"\((soft )?\d+( bust)?\)|Blackjack", dealer_final)


def test_illegal_action_shows_the_rule_and_the_game_goes_on() -> None:
    tried: list[str] = []

    def policy(prompt: str) -> str:
        if "wager" in prompt:
            return "q" if len(tried) > 2 else ""
        if "[n]" in prompt:
            return "n"
        if "[s]" in prompt and "[p]" not in prompt and not tried:
            tried.append("p")
            return "p"  # split a hand that is not a pair
        if "[s]" in prompt and len(tried) == 1:
            tried.append("z")
            return "z"  # no such key
        tried.append("s")
        return "s"

    text = run(policy)
    assert "only two cards of identical value may be split (58 Pa. Code 633a.11(a))" in text
    assert "unknown choice 'z'" in text
    assert "Settlement" in text.split("633a.11(a))", 1)[1]


def test_wagers_are_checked_by_the_engine() -> None:
    text = run(answers("5", "10.50", "abc", "200", "q"), bankroll=15_000)
    assert "below the table minimum $10.00" in text
    assert "not a multiple of the wager unit $1.00" in text
    assert "'abc' is not an amount in dollars" in text
    assert "you have $150.00 in chips" in text


def test_empty_answer_repeats_the_last_wager() -> None:
    wagers = iter(["25", "", "q"])

    def policy(prompt: str) -> str:
        return next(wagers) if "wager" in prompt else "n" if "[n]" in prompt else "s"

    text = run(policy)
    assert "Box 1 wager [$25.00] (q quits): " in text  # round 2 offers round 1's wager
    assert len(re.findall(r"│ Blackjack Wager +│ +\$25\.00 │", text)) == 2


def test_q_quits_and_eof_quits() -> None:
    assert "Goodbye: 0 round(s) played, chips $1,000.00" in run(answers("q"))
    assert "Goodbye: 0 round(s) played" in run(answers())
    mid_round = run(answers(""))  # a wager, then the input ends before the decision
    assert "not settled or counted" in mid_round
    assert "chips $1,000.00" in mid_round


def test_double_for_less_and_insurance_amounts() -> None:
    doubled: list[bool] = []

    def policy(prompt: str) -> str:
        if "wager" in prompt:
            return "q" if doubled else ""
        if "[n]" in prompt:
            return "n"
        if "[d]" in prompt and not doubled:
            doubled.append(True)
            return "d 5"  # 633a.10(a): double for less, $5 on a $10 wager
        return "s"

    text = run(policy)
    assert re.search(r"│ Blackjack Wager +│ +\$15\.00 │", text)

    insured: list[bool] = []

    def insure(prompt: str) -> str:
        if "wager" in prompt:
            return "q" if insured else ""
        if "[i]" in prompt:
            insured.append(True)
            return "i"
        return "" if "insurance amount [$5.00]" in prompt else "s"

    text = run(insure, bankroll=10_000_000)
    assert re.search(r"│ Insurance Wager +│ +\$5\.00 │", text)


def test_chips_move_by_the_sum_of_the_round_nets() -> None:
    start = 1_000_000
    text = run(stand_for(12), boxes=2, seed=5, bankroll=start)
    nets = [parse_dollars(m) for m in re.findall(r"Round net \+?(-?\$[\d,.]+)", text)]
    final = re.search(r"Goodbye: 12 round\(s\) played, chips (\$[\d,.]+)", text)
    assert len(nets) == 12
    assert final is not None
    assert parse_dollars(final.group(1)) == start + sum(nets)


def test_the_cover_card_and_the_reshuffle_are_shown() -> None:
    text = run(stand_for(12), Rules(decks=1, penetration=0.5), boxes=3)
    cover = text.index("the cover card is out: the shoe is reshuffled after this round (633a.7(e))")
    assert "Shoe: the cards are shuffled (633a.7(e)(3))" in text[cover:]


def test_the_game_stops_below_the_table_minimum() -> None:
    assert "below the table minimum $10.00" in run(answers(), bankroll=500)


def test_too_many_boxes_is_refused_by_the_engine() -> None:
    assert "633a.6(f)" in run(answers(), boxes=4)


def test_live_play_uses_the_secure_random(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[SeededRandom] = []

    def fake_secure() -> SeededRandom:
        made.append(SeededRandom.from_seed(1))
        return made[-1]

    monkeypatch.setattr(play, "SecureRandom", fake_secure)
    console = Console(record=True, width=100, force_terminal=False)
    play_terminal(Rules(), boxes=1, console=console, input_fn=Script(answers("q")))
    assert len(made) == 1


def test_round_net_by_hand() -> None:
    # 9S/7C vs up 5H; hit TS (26) busts: $25 lost.
    game = deal("9S 5H 7C KH TS")
    game.hit()
    assert round_net(game.events) == -2500
    # Double: 6S 5C = 11 vs 6D, draws TH = 21; dealer 6D KD 9S = 25 busts. +$50.
    game = deal("6S 6D 5C KD TH 9S")
    game.double()
    assert round_net(game.events) == 5000
    # Surrender against a 9: half of $25 back.
    game = deal("TS 9D 6C 8H")
    game.surrender()
    assert game.is_complete
    assert round_net(game.events) == -1250


def test_every_wager_placed_is_settled_once() -> None:
    # Random legal play over many seeded rounds: nothing stays on the layout, and the net is
    # the settlements' returns less their stakes.
    table = Table(Rules(), random=SeededRandom.from_seed(11))
    chooser = SeededRandom.from_seed(12)
    for _ in range(300):
        game = table.deal([BoxWager(box=b, amount=2000) for b in (1, 2, 3)])
        while game.turn is not None:
            legal = game.legal_actions()
            action = legal[chooser.below(len(legal))]
            game.act(action, game.max_insurance() if action is Action.INSURANCE else None)
        settled = game.settlements()
        assert round_committed(game.events) == 0
        assert round_net(game.events) == sum(item.returned - item.stake for item in settled)
