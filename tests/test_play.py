"""The terminal game, driven by scripted answers on a recording console and a seeded shoe.

The scripts read the prompt they answer (a real player would too), so the tests hold whatever
cards a seed happens to deal.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest
from rich.console import Console

import tablegames.ui.play as play
from tablegames.blackjack.actions import Action
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import Card
from tablegames.core.errors import WagerError
from tablegames.core.inputs import parse_dollars
from tablegames.core.rng import SeededRandom
from tablegames.ui.play import play_terminal
from tablegames.ui.play_display import SIDE_NAMES
from tablegames.ui.play_ledger import round_committed, round_net

from .helpers import deal


def _points(card: Card) -> int:
    """633a.3(e), derived here from the rank alone: faces count 10, the ace 1."""
    return min(int(card.rank), 10)


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
    width: int = 100,
) -> str:
    """Play with scripted answers; return everything the console showed."""
    return run_script(Script(policy), rules, seed=seed, boxes=boxes, bankroll=bankroll, width=width)


def run_script(
    script: Script,
    rules: Rules | None = None,
    *,
    seed: int = 0,
    boxes: int = 1,
    bankroll: int = 100_000,
    width: int = 100,
) -> str:
    """`run`, keeping the script to read the prompts it answered."""
    console = Console(record=True, width=width, force_terminal=False)
    play_terminal(
        rules or Rules(),
        boxes=boxes,
        console=console,
        input_fn=script,
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
    # Nothing was settled: the Blackjack Wager still on the layout is returned (not "the round
    # is not counted": settled wagers stand, see tests/test_play_leaving.py).
    assert "Not yet settled; returned to you:\n  Box 1 Blackjack Wager $10.00" in mid_round
    assert "Goodbye: 0 round(s) played and 1 left unfinished, chips $1,000.00 ($0.00)." in (
        mid_round
    )


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
    # The engine's WagerError is raised (the CLI prints it and exits 2), before anything shows.
    console = Console(record=True, width=100, force_terminal=False)
    with pytest.raises(
        WagerError, match=r"wagers on 4 boxes; the house allows 3 per player .*633a\.6\(f\)"
    ):
        play_terminal(Rules(), boxes=4, console=console, input_fn=Script(answers()))
    assert console.export_text() == ""


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


# --- side wagers (633a.6(e)) and EZ Bust (633b.16) -----------------------------------------------

# Every side wager but Super Match (a Blackjack Switch wager, 633a.6(e)(7)), at six decks.
ALL_SIDES = Rules.model_validate(
    {
        "side_wagers": {
            "lucky_ladies": {},
            "match_the_dealer": {},
            "in_between": {},
            "royal_match_21": {},
            "bet_the_set_21": {},
            "kings_bounty": {},
            "bad_beat": {"magic_card": True, "lucky_player": True},
            "three_card_poker": {},
            "hit_and_run": {},
            "straight_jack": {},
            "house_money": {},
            "ez_bust": {},
        }
    }
)
LADIES = Rules.model_validate({"side_wagers": {"lucky_ladies": {}}})
EZ = Rules.model_validate({"side_wagers": {"ez_bust": {}}})
PROGRESSIVE = Rules.model_validate({"side_wagers": {"bad_beat": {}, "hit_and_run": {}}})


def first_round(rules: Rules, seed: int, side: dict[str, int] | None = None) -> Round:
    """The first round `play_terminal` deals with this seed to one box of $10 (the game's
    Table draws from the same seeded source in the same order)."""
    table = Table(rules, random=SeededRandom.from_seed(seed))
    return table.deal([BoxWager(box=1, amount=1000, side=side or {})])


def find_seed(rules: Rules, wanted: Callable[[Round], bool], side: dict[str, int]) -> int:
    """The first seed whose first round `wanted` accepts."""
    return next(seed for seed in range(1000) if wanted(first_round(rules, seed, side)))


def side_policy(rounds: int, side: dict[str, str], ez_bust: str = "n") -> Policy:
    """Default Blackjack Wagers with `side` answers by wager name, `ez_bust` to the EZ Bust
    offer; decline insurance and stand; quit after `rounds`."""
    wagers = 0

    def policy(prompt: str) -> str:
        nonlocal wagers
        if "Box 1 wager" in prompt:
            wagers += 1
            return "q" if wagers > rounds else ""
        for name, answer in side.items():
            if f" {name} wager" in prompt:
                return answer
        if "wager" in prompt:
            return ""
        if "[b]" in prompt:
            return ez_bust
        return "n" if "[n]" in prompt else "s"

    return policy


def test_side_wagers_offered_are_shown_with_their_paytables() -> None:
    text = run(answers("q"), ALL_SIDES, width=200)
    assert "Side wagers offered (633a.6(e))" in text
    # 633a.13(c), (f)(2) paytable C, (j)(1), (l)(1), 633b.16(i).
    assert re.search(
        r"Lucky Ladies +│ \$1\.00 to \$100\.00 +│ Queen of hearts pair and dealer", text
    )
    assert "Any 20: 4 to 1" in text
    assert "Suited Match: 5 to 2" in text
    assert "Crown Treasure: 1,000 for 1" in text
    assert "Player has a 20 and dealer has 21 with seven or more cards: 100% of meter" in text
    assert "Magic Card Bonus (optional): 20 for 1" in text
    assert "Player has a 20 (optional)" not in text  # not selected by these rules
    assert "Dealer has eight or more cards: 100% of meter" in text
    assert re.search(
        r"EZ Bust +│ up to the Blackjack Wager.*│ Dealer busts: 1 to 1 +│ 633b\.16", text
    )
    assert "Each matching card of the same suit: 11 to 1" in text  # Match-the-Dealer, 6 decks
    assert "no paytable in the regulation" in text  # Straight Jack, House Money
    assert re.search(r"Pair \+ dealer BJ payout limit +│ none", text)


def test_a_side_wager_is_offered_placed_and_settled_with_its_line() -> None:
    def any_20(game: Round) -> bool:
        return any(s.line == "any_20" for s in game.settlements())

    seed = find_seed(LADIES, any_20, {"lucky_ladies": 500})
    script = Script(side_policy(1, {"Lucky Ladies": "5"}))
    text = run_script(script, LADIES, seed=seed)
    assert "Box 1 Lucky Ladies wager [none] (0 none): " in script.prompts
    # 633a.7(g)(1), 633a.13(c): settled after the deal, before any decision, at 4 to 1.
    news = "Box 1 Lucky Ladies: Any 20, 4 to 1 · $5.00 returns $25.00 (633a.7(g)(1))"
    assert news in text
    decisions = [i for i, p in enumerate(script.prompts) if "[s]" in p]
    assert not decisions or text.index(news) < text.index(script.prompts[decisions[0]])
    assert re.search(
        r"│ Lucky Ladies +│ +\$5\.00 │ +\$25\.00 │ win: Any 20, 4 to 1 +│ 633a\.7\(g\)\(1\)", text
    )


def test_side_wager_amounts_are_checked_by_the_engine_and_remembered() -> None:
    given = iter(["", "0.50", "1.50", "abc", "200", "5", "", "", "", "-", "", "0", "q"])
    script = Script(lambda p: next(given) if "wager" in p else "n" if "[n]" in p else "s")
    text = run_script(script, LADIES, width=120)
    assert "the lucky_ladies wager $0.50 is outside its limits $1.00 to $100.00" in text
    assert "the lucky_ladies wager $1.50 is not a multiple of the wager unit $1.00" in text
    assert "'abc' is not an amount in dollars" in text
    assert "the lucky_ladies wager $200.00 is outside its limits $1.00 to $100.00" in text
    # Empty repeats the box's last amount; '-' and '0' place none, and none is then offered.
    offered = [p.split("[")[1].split("]")[0] for p in script.prompts if "Lucky Ladies" in p]
    assert offered == ["none"] * 5 + ["$5.00", "$5.00", "none"]
    assert len(re.findall(r"│ Lucky Ladies +│ +\$5\.00 │", text)) == 2
    assert "Goodbye: 4 round(s) played" in text


def test_side_wagers_must_fit_the_chips() -> None:
    text = run(answers("10", "6", "q"), LADIES, bankroll=1500)
    assert "you have $5.00 in chips for this wager" in text


def ez_bust_wins(game: Round) -> bool:
    """$5 on EZ Bust when offered, stand on every hand: does the dealer bust (633b.16(f))?"""
    if game.turn is None or game.turn.kind != "ez_bust":
        return False
    while game.turn is not None:
        game.act(*((Action.EZ_BUST, 500) if game.turn.kind == "ez_bust" else (Action.STAND,)))
    return any(s.wager == "ez_bust" and s.outcome == "win" for s in game.settlements())


def test_ez_bust_is_offered_against_two_to_six_and_taken() -> None:
    seed = find_seed(EZ, ez_bust_wins, {})
    assert 2 <= _points(first_round(EZ, seed).up_card) <= 6  # 633b.16(c)
    tried: list[str] = []

    def policy(prompt: str) -> str:
        if "[b]" in prompt:
            tried.append("b 20" if not tried else "b 5")
            return tried[-1]  # first over the initial wager (633b.16(d)), then $5
        return side_policy(1, {})(prompt) if "wager" not in prompt else "q" if tried else ""

    text = run(policy, EZ, seed=seed, width=160)
    assert "Box 1 EZ Bust up to $10.00, 1 to 1 if the dealer busts (633b.16): [b] ez bust" in text
    assert "exceeds the initial Blackjack Wager of $10.00 (58 Pa. Code 633b.16(d))" in text
    assert tried == ["b 20", "b 5"]
    assert "EZ Bust $5.00" in text  # on the layout until settled
    # 633b.16(f), (h), (i): the dealer busts; paid 1 to 1 before the Blackjack Wager.
    news = "Box 1 EZ Bust: Dealer busts, 1 to 1 · $5.00 returns $10.00 (633b.16(f))"
    assert news in text
    assert re.search(r"│ EZ Bust +│ +\$5\.00 │ +\$10\.00 │ win: Dealer busts, 1 to 1 +│", text)
    assert text.index("│ EZ Bust ") < text.index("│ Blackjack Wager ")


def test_ez_bust_is_not_offered_against_seven_to_ace() -> None:
    seed = find_seed(EZ, lambda game: _points(game.up_card) >= 7 and not game.is_complete, {})
    script = Script(side_policy(1, {}, ez_bust="b"))
    run_script(script, EZ, seed=seed)
    assert not any("EZ Bust" in prompt for prompt in script.prompts)


def test_ez_bust_without_an_amount_takes_the_initial_wager() -> None:
    def ez_offered(game: Round) -> bool:
        return game.turn is not None and game.turn.kind == "ez_bust"

    seed = find_seed(EZ, ez_offered, {})
    text = run(side_policy(1, {}, ez_bust="b"), EZ, seed=seed)
    assert re.search(r"│ EZ Bust +│ +\$10\.00 │", text)


def test_chips_lost_on_a_side_wager_after_the_deal_are_gone() -> None:
    # $20 in chips: $10 on the Blackjack Wager, $5 on Lucky Ladies, which loses right after the
    # deal (633a.7(g)(1)); $5 is left for EZ Bust, not $10.
    rules = Rules.model_validate({"side_wagers": {"lucky_ladies": {}, "ez_bust": {}}})

    def ladies_lose_ez_offered(game: Round) -> bool:
        lost = any(s.wager == "lucky_ladies" and s.returned == 0 for s in game.settlements())
        return lost and game.turn is not None and game.turn.kind == "ez_bust"

    seed = find_seed(rules, ladies_lose_ez_offered, {"lucky_ladies": 500})
    tried: list[str] = []
    others = side_policy(1, {"Lucky Ladies": "5"})

    def policy(prompt: str) -> str:
        if "[b]" in prompt:
            tried.append("b 5" if tried else "b")  # the initial wager first, then $5
            return tried[-1]
        return others(prompt)

    text = run(policy, rules, seed=seed, bankroll=2000, width=120)
    assert "ez bust needs $10.00; you have $5.00" in text
    assert re.search(r"│ EZ Bust +│ +\$5\.00 │", text)


def test_progressive_meters_are_shown_before_each_round() -> None:
    text = run(side_policy(2, {"Bad Beat": "5", "Hit and Run": "3"}), PROGRESSIVE)
    rounds = text.split("Round 2 ·")
    meters = "Progressive meters: Bad Beat {} · Hit and Run {} (633a.13(j)(2), 633a.13(l)(2))"
    assert meters.format("$5,000.00", "$1,000.00") in rounds[0]
    # 633a.13(j)(2), (l)(2): 10% of each wager goes to its meter (no jackpot in one round).
    assert meters.format("$5,000.50", "$1,000.30") in rounds[1]


def test_bad_beat_selections_are_shown() -> None:
    rules = Rules.model_validate(
        {"side_wagers": {"bad_beat": {"magic_card": True, "lucky_player": True}}}
    )
    text = run(side_policy(1, {"Bad Beat": "5"}), rules)
    assert re.search(r"Bad Beat: the Magic Card is \S+ · the Lucky Player is box [1-7] ", text)


def test_chips_with_side_wagers_move_by_the_sum_of_the_round_nets() -> None:
    start = 1_000_000
    offered = [name for name in ALL_SIDES.side_wagers.offered() if name != "ez_bust"]
    sides = {SIDE_NAMES[name]: "2" for name in offered}
    policy = side_policy(12, sides, ez_bust="b 3")
    text = run(policy, ALL_SIDES, boxes=2, seed=7, bankroll=start, width=200)
    nets = [parse_dollars(m) for m in re.findall(r"Round net \+?(-?\$[\d,.]+)", text)]
    final = re.search(r"Goodbye: 12 round\(s\) played, chips (\$[\d,.]+)", text)
    assert len(nets) == 12
    assert final is not None
    assert parse_dollars(final.group(1)) == start + sum(nets)
    # Each round's net is its settlements' returns less their stakes, side wagers included.
    tables = text.split("Round net")[:-1]
    row = re.compile(r"│ \d +│ \d+ +│ ([^│]+?) +│ +(\$[\d,.]+) │ +(\$[\d,.]+) │")
    wagers: Counter[str] = Counter()
    for net, table in zip(nets, tables, strict=True):
        rows = row.findall(table.rsplit("Settlement", 1)[1])
        wagers.update(wager for wager, _, _ in rows)
        assert net == sum(parse_dollars(back) - parse_dollars(stake) for _, stake, back in rows)
    # Each of the eleven side wagers on both boxes in every round, and EZ Bust now and then.
    assert all(wagers[name] == 12 * 2 for name in sides)
    assert wagers["EZ Bust"] > 0


def _variant_policy(rounds: int) -> Policy:
    """Wager, take the ante, switch whenever asked, stand on everything else."""
    wagers = 0

    def policy(prompt: str) -> str:
        nonlocal wagers
        if "Box 1 wager" in prompt:
            wagers += 1
            return "q" if wagers > rounds else "20"
        if "ante" in prompt:
            return "y"
        if "wager" in prompt:
            return "0"
        if "[w]" in prompt:
            return "w"
        return "n" if "[n]" in prompt else "s"

    return policy


def test_633a_12_a_4_play_offers_the_blackjack_switch_decision() -> None:
    from tablegames.blackjack.rules import load_rules

    text = run(_variant_policy(3), load_rules(preset="pa-blackjack-switch"))
    assert "switch the second cards of your two hands" in text
    assert "hand 2" in text
    assert text.count("Round net") == 3


def test_633c_4_f_play_offers_the_ante_and_the_switch_hands_decision() -> None:
    from tablegames.blackjack.rules import load_rules

    text = run(_variant_policy(3), load_rules(preset="pa-switch-hands-premium"))
    assert "switch hands ante $4.00" in text
    assert "two face-down switch cards" in text
    assert text.count("Round net") == 3
