"""Leaving the terminal table mid-round: a settled wager stays settled, open stakes come back.

Each scenario finds a seed whose first round reaches the moment wanted (the terminal's Table
draws from the same seeded source in the same order), plays it to that prompt with scripted
answers and leaves there three ways: the end of the input (EOFError), Ctrl-C
(KeyboardInterrupt) and `q`. The chips must be the bankroll plus every settled net, and the
screen must name each wager settled and each stake returned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from rich.console import Console
from rich.table import Table as RichTable

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE, BoxWager
from tablegames.core.money import format_cents
from tablegames.core.rng import SeededRandom
from tablegames.ui.play import Sitting, play_terminal
from tablegames.ui.play_ledger import open_stakes, round_committed, round_net, settled_net

LEAVE = "<leave>"
HOW = ("eof", "ctrl-c", "q")
Policy = Callable[[str], str]


class Leaving:
    """An `input_fn` answering by `policy`; where the policy says LEAVE it leaves `how`."""

    def __init__(self, policy: Policy, how: str) -> None:
        self.policy, self.how = policy, how
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > 200:
            raise AssertionError("the script never left")
        answer = self.policy(prompt)
        if answer != LEAVE:
            return answer
        if self.how == "eof":
            raise EOFError
        if self.how == "ctrl-c":
            raise KeyboardInterrupt
        return "q"


def play(
    rules: Rules, input_fn: Callable[[str], str], *, seed: int, boxes: int = 1, **options: Any
) -> tuple[str, Sitting]:
    console = Console(record=True, width=160, force_terminal=False)
    sitting = play_terminal(
        rules,
        boxes=boxes,
        console=console,
        input_fn=input_fn,
        random=SeededRandom.from_seed(seed),
        **options,
    )
    return console.export_text(), sitting


def seed_where(rules: Rules, wagers: Sequence[BoxWager], wanted: Callable[[Round], bool]) -> int:
    """The first seed whose first round, dealt with `wagers`, `wanted` accepts (it may act)."""
    for seed in range(3000):
        game = Table(rules, random=SeededRandom.from_seed(seed)).deal(wagers)
        if wanted(game):
            return seed
    raise LookupError("no seed deals the round wanted")


def turn_is(game: Round, box: int, hand: int, kind: str) -> bool:
    return game.turn == Turn(box, hand, kind)  # type: ignore[arg-type]


def one_box(amount: int = 1000, **side: int) -> list[BoxWager]:
    return [BoxWager(box=1, amount=amount, side=side)]


@dataclass(frozen=True)
class Scenario:
    rules: Rules
    wagers: list[BoxWager]
    wanted: Callable[[Round], bool]
    policy: Callable[[], Policy]
    chips: int  # at the end, from a bankroll of $1,000
    settled: tuple[str, ...]  # the report's lines, without the leading spaces
    returned: tuple[str, ...]


def by_prompt(*rules: tuple[str, str]) -> Callable[[], Policy]:
    """Answer the first rule whose text the prompt contains (a rule's text may be a prefix)."""

    def make() -> Policy:
        def policy(prompt: str) -> str:
            for text, answer in rules:
                if prompt.startswith(text) or text in prompt:
                    return answer
            raise AssertionError(f"unexpected prompt {prompt!r}")

        return policy

    return make


LADIES = Rules.model_validate({"side_wagers": {"lucky_ladies": {}}})
EZ = Rules.model_validate({"side_wagers": {"ez_bust": {}}})
HAND_DEALT = load_rules(preset="pa-hand-dealt-2deck")
PREMIUM = load_rules(preset="pa-switch-hands-premium")
SWITCH = load_rules(preset="pa-blackjack-switch")


def _ladies_lost_at_the_deal(game: Round) -> bool:
    lost = [s for s in game.settlements() if s.wager == "lucky_ladies" and s.returned == 0]
    return bool(lost) and game.turn is not None


def _surrender_against_two_to_nine(game: Round) -> bool:
    if not (turn_is(game, 1, 0, "play") and game.can(Action.SURRENDER)):
        return False
    game.act(Action.SURRENDER)
    return game.turn is not None and game.turn.box == 2  # 633a.9(a)(1): settled at once


def _split_then_first_hand_busts(game: Round) -> bool:
    if not (turn_is(game, 1, 0, "play") and game.can(Action.SPLIT)):
        return False
    game.act(Action.SPLIT)
    while turn_is(game, 1, 0, "play") and game.can(Action.HIT):
        game.act(Action.HIT)
    busted = [s for s in game.settlements() if s.paragraph == "633a.12(b)(6)(ii)"]
    return bool(busted) and turn_is(game, 1, 1, "play")


def _split_then_double(game: Round) -> bool:
    if not (turn_is(game, 1, 0, "play") and game.can(Action.SPLIT)):
        return False
    game.act(Action.SPLIT)
    if not (turn_is(game, 1, 0, "play") and game.can(Action.DOUBLE)):
        return False
    game.act(Action.DOUBLE)
    return turn_is(game, 1, 1, "play") and not game.settlements()


def _insurance_lost(game: Round) -> bool:
    if not turn_is(game, 1, 0, "insurance"):
        return False
    game.act(Action.INSURANCE, 500)
    return turn_is(game, 1, 0, "play")  # 633a.8(d): no dealer Blackjack, insurance collected


def _ez_bust_placed(game: Round) -> bool:
    if not turn_is(game, 1, 0, "ez_bust"):
        return False
    game.act(Action.EZ_BUST, 500)
    return turn_is(game, 1, 0, "play")


def _ante_collected(game: Round) -> bool:
    if not turn_is(game, 1, 0, "switch_hands"):
        return False
    game.act(Action.KEEP)
    return turn_is(game, 1, 0, "play")


SCENARIOS = {
    # 633a.7(g)(1): the Lucky Ladies wager loses right after the deal, before any decision.
    "side wager lost at the deal": Scenario(
        LADIES,
        one_box(lucky_ladies=500),
        _ladies_lost_at_the_deal,
        by_prompt(("Box 1 wager", ""), ("Lucky Ladies", "5"), ("Box 1", LEAVE)),
        99_500,
        ("Box 1 Lucky Ladies $5.00: lose, $0.00 back (633a.7(g)(1))",),
        ("Box 1 Blackjack Wager $10.00",),
    ),
    # 633a.9(a)(1): against a 2-9 half is returned at once; box 2 is still to play.
    "after a surrender": Scenario(
        Rules(),
        [BoxWager(box=1, amount=1000), BoxWager(box=2, amount=1000)],
        _surrender_against_two_to_nine,
        by_prompt(("wager", ""), ("Box 1", "r"), ("Box 2", LEAVE)),
        99_500,
        ("Box 1 Blackjack Wager $10.00: surrender, $5.00 back (633a.9(a)(1))",),
        ("Box 2 Blackjack Wager $10.00",),
    ),
    # 633a.12(b)(6)(ii): dealt from the hand, the busted first split hand is collected at once;
    # the second hand's split wager is still open.
    "mid-split, the first hand busted": Scenario(
        HAND_DEALT,
        one_box(),
        _split_then_first_hand_busts,
        by_prompt(("wager", ""), ("Box 1 hand 1", "h"), ("Box 1 hand 2", LEAVE), ("Box 1", "p")),
        99_000,
        ("Box 1 hand 1 Blackjack Wager $10.00: lose, $0.00 back (633a.12(b)(6)(ii))",),
        ("Box 1 hand 2 Split Wager $10.00",),
    ),
    # 633a.10(a), 633a.11(a): nothing settled yet; all three stakes come back.
    "mid-split after a double": Scenario(
        Rules(),
        one_box(),
        _split_then_double,
        by_prompt(("wager", ""), ("Box 1 hand 1", "d"), ("Box 1 hand 2", LEAVE), ("Box 1", "p")),
        100_000,
        (),
        (
            "Box 1 hand 1 Blackjack Wager $10.00",
            "Box 1 hand 2 Split Wager $10.00",
            "Box 1 hand 1 Double Wager $10.00",
        ),
    ),
    # 633a.8(d): the dealer has no Blackjack; the insurance is collected before play.
    "after insurance is settled": Scenario(
        Rules(),
        one_box(),
        _insurance_lost,
        by_prompt(("wager", ""), ("[i]", "i 5"), ("Box 1", LEAVE)),
        99_500,
        ("Box 1 Insurance Wager $5.00: lose, $0.00 back (633a.8(d))",),
        ("Box 1 Blackjack Wager $10.00",),
    ),
    # 633b.16(h): EZ Bust is settled after the dealer's hand, so it is still open.
    "with an EZ Bust wager up": Scenario(
        EZ,
        one_box(),
        _ez_bust_placed,
        by_prompt(("wager", ""), ("[b]", "b 5"), ("Box 1", LEAVE)),
        100_000,
        (),
        ("Box 1 Blackjack Wager $10.00", "Box 1 EZ Bust $5.00"),
    ),
    # 633c.4(c): the ante is collected with the switch decision.
    "after the Switch Hands ante is collected": Scenario(
        PREMIUM,
        one_box(2000, **{SWITCH_HANDS_ANTE: 400}),
        _ante_collected,
        by_prompt(("wager", "20"), ("ante", "y"), ("[w]", "k"), ("Box 1", LEAVE)),
        99_600,
        ("Box 1 Switch Hands ante $4.00: lose, $0.00 back (633c.4(c))",),
        ("Box 1 Blackjack Wager $20.00",),
    ),
    # 633a.12(a)(1), (4): both equal wagers are open at the switch decision.
    "at the Blackjack Switch decision": Scenario(
        SWITCH,
        one_box(),
        lambda game: turn_is(game, 1, 0, "switch"),
        by_prompt(("wager", ""), ("Super Match", "0"), ("Box 1", LEAVE)),
        100_000,
        (),
        ("Box 1 hand 1 Blackjack Wager $10.00", "Box 1 hand 2 Blackjack Wager $10.00"),
    ),
}


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_settled_wagers_stand_and_open_stakes_are_returned(name: str, how: str) -> None:
    scenario = SCENARIOS[name]
    seed = seed_where(scenario.rules, scenario.wagers, scenario.wanted)
    script = Leaving(scenario.policy(), how)
    text, sitting = play(scenario.rules, script, seed=seed, boxes=len(scenario.wagers))
    report = text.split("before it was over.", 1)[1]
    lines = [line.strip() for line in report.splitlines()]
    if scenario.settled:
        start = lines.index("Already settled; these stand:") + 1
        assert tuple(lines[start : start + len(scenario.settled)]) == scenario.settled
    else:
        assert "Nothing was settled yet." in lines
    start = lines.index("Not yet settled; returned to you:") + 1
    assert tuple(lines[start : start + len(scenario.returned) + 1]) == (
        *scenario.returned,
        f"Round 1 settled net {signed(scenario.chips - 100_000)} · chips "
        f"{format_cents(scenario.chips)}",
    )
    chips = format_cents(scenario.chips)
    assert f"Goodbye: 0 round(s) played and 1 left unfinished, chips {chips} (" in text
    assert sitting == Sitting(rounds=0, unfinished=True, chips=scenario.chips)


def signed(cents: int) -> str:
    return ("+" if cents > 0 else "") + format_cents(cents)


def test_the_reason_for_leaving_is_named() -> None:
    policy = by_prompt(("wager", ""), ("Box 1", LEAVE))
    texts = {how: play(Rules(), Leaving(policy(), how), seed=0)[0] for how in HOW}
    assert "Round 1: the input ended before it was over." in texts["eof"]
    assert "Round 1: interrupted (Ctrl-C) before it was over." in texts["ctrl-c"]
    assert "Round 1: you left the table before it was over." in texts["q"]


def test_leaving_in_a_later_round_keeps_the_earlier_rounds() -> None:
    # Two rounds stood to the end, then leave at the third round's first decision.
    wagers = 0

    def policy(prompt: str) -> str:
        nonlocal wagers
        if "wager" in prompt:
            wagers += prompt.startswith("Box 1 wager")
            return ""
        if wagers == 3:
            return LEAVE
        return "n" if "[n]" in prompt else "s"

    rounds: list[Round] = []

    class Recording(Table):
        def deal(self, *args: Any, **kwargs: Any) -> Round:
            rounds.append(super().deal(*args, **kwargs))
            return rounds[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tablegames.ui.play.Table", Recording)
        text, sitting = play(Rules(), Leaving(policy, "ctrl-c"), seed=3, boxes=2)
    assert len(rounds) == 3
    expected = 100_000 + sum(settled_net(game.events) for game in rounds)
    assert sitting.chips == expected
    assert not rounds[-1].is_complete
    assert (sitting.rounds, sitting.unfinished) == (2, True)
    assert f"chips {format_cents(expected)} (" in text.rsplit("Goodbye:", 1)[1]


class InterruptingConsole(Console):
    """Ctrl-C arrives while the first round's Settlement table is on its way to the screen."""

    interrupted = False

    def print(self, *objects: Any, **kwargs: Any) -> None:
        table = objects[0] if objects else None
        if isinstance(table, RichTable) and table.title == "Settlement" and not self.interrupted:
            self.interrupted = True
            raise KeyboardInterrupt
        super().print(*objects, **kwargs)


def test_a_round_interrupted_while_its_result_shows_is_counted_once() -> None:
    def policy(prompt: str) -> str:
        return "" if "wager" in prompt else "n" if "[n]" in prompt else "s"

    console = InterruptingConsole(record=True, width=120, force_terminal=False)
    sitting = play_terminal(
        Rules(), boxes=1, console=console, input_fn=policy, random=SeededRandom.from_seed(0)
    )
    # The same round by the engine: stand on every hand, decline every offer.
    game = Table(Rules(), random=SeededRandom.from_seed(0)).deal(one_box())
    while game.turn is not None:
        game.act(Action.DECLINE if game.turn.kind == "insurance" else Action.STAND)
    assert console.interrupted
    assert sitting == Sitting(rounds=1, unfinished=False, chips=100_000 + round_net(game.events))
    assert "Goodbye: 1 round(s) played, chips" in console.export_text()


def test_open_stakes_add_up_to_what_is_on_the_layout() -> None:
    # Random legal play, checked after every step: what a leaving player gets back is exactly
    # what is committed, and keeping the settled net then returns the round to the cent.
    rules = Rules.model_validate(
        {"side_wagers": {"lucky_ladies": {}, "ez_bust": {}, "bad_beat": {}}}
    )
    table = Table(rules, random=SeededRandom.from_seed(21))
    chooser = SeededRandom.from_seed(22)
    for _ in range(150):
        wagers = [BoxWager(box=b, amount=2000, side={"lucky_ladies": 500}) for b in (1, 2)]
        game = table.deal(wagers)
        while True:
            stakes = open_stakes(game.events)
            assert sum(stake.amount for stake in stakes) == round_committed(game.events)
            assert settled_net(game.events) - round_committed(game.events) == round_net(game.events)
            if game.turn is None:
                break
            legal = game.legal_actions()
            action = legal[chooser.below(len(legal))]
            amount = {Action.INSURANCE: game.max_insurance(), Action.EZ_BUST: 500}.get(action)
            game.act(action, amount)
        assert open_stakes(game.events) == []


# --- q and ? at every prompt -------------------------------------------------------------------


def _insurance_offered(game: Round) -> bool:
    return turn_is(game, 1, 0, "insurance")


PROMPTS = {
    # name: (rules, boxes, wagers for the seed, wanted, answers before the prompt, the prompt)
    "wager": (Rules(), 1, one_box(), lambda game: True, {}, "Box 1 wager"),
    "second box wager": (
        Rules(),
        2,
        [BoxWager(box=1, amount=1000), BoxWager(box=2, amount=1000)],
        lambda game: True,
        {"Box 1 wager": ""},
        "Box 2 wager",
    ),
    "side wager": (LADIES, 1, one_box(), lambda game: True, {"wager": ""}, "Lucky Ladies"),
    "ante": (PREMIUM, 1, one_box(2000), lambda game: True, {"wager": "20"}, "ante"),
    "decision": (Rules(), 1, one_box(), lambda game: game.turn is not None, {"wager": ""}, "> "),
    "insurance": (Rules(), 1, one_box(), _insurance_offered, {"wager": ""}, "[i]"),
    "insurance amount": (
        Rules(),
        1,
        one_box(),
        _insurance_offered,
        {"wager": "", "[i]": "i"},
        "insurance amount",
    ),
    "EZ Bust": (
        EZ,
        1,
        one_box(),
        lambda game: turn_is(game, 1, 0, "ez_bust"),
        {"wager": ""},
        "[b]",
    ),
    "switch": (
        SWITCH,
        1,
        one_box(),
        lambda game: turn_is(game, 1, 0, "switch"),
        {"wager": "", "Super Match": "0"},
        "[w]",
    ),
    "switch hands": (
        PREMIUM,
        1,
        one_box(2000, **{SWITCH_HANDS_ANTE: 400}),
        lambda game: turn_is(game, 1, 0, "switch_hands"),
        {"wager": "20", "ante": "y"},
        "[w]",
    ),
}
# The help each prompt shows on `?`: a line of its own and the amounts it takes.
HELP = {
    "wager": "Amounts are dollars: 25, $25, 12.50 or 1,000; empty repeats the last ($10.00).",
    "second box wager": "Box 2: your Blackjack Wager (633a.6(d)), $10.00 to $5,000.00",
    "side wager": "Amounts are dollars: 25, $25, 12.50 or 1,000; empty repeats the last (none); "
    "0 or - places none.",
    "ante": "y  place it: you may then switch",
    "decision": "s  stand: take no more cards (633a.7(i)(2))",
    "insurance": "i  insurance: up to half the wager, pays 2 to 1",
    "insurance amount": "empty takes the most ($5.00).",
    "EZ Bust": "'b 5' places $5 on EZ Bust; 'b' alone the most, your Blackjack Wager.",
    "switch": "w  switch the second cards of your two hands (633a.12(a)(4))",
    "switch hands": "w  play the two face-down switch cards instead of your cards (633c.4(f)(2))",
}


def _prompt_policy(before: dict[str, str], target: str, answer: str) -> Policy:
    def policy(prompt: str) -> str:
        if target in prompt:
            return answer
        for text, reply in before.items():
            if text in prompt:
                return reply
        raise AssertionError(f"unexpected prompt {prompt!r}")

    return policy


@pytest.mark.parametrize("name", list(PROMPTS))
def test_q_leaves_at_every_prompt(name: str) -> None:
    rules, boxes, wagers, wanted, before, target = PROMPTS[name]
    seed = seed_where(rules, wagers, wanted)
    script = Leaving(_prompt_policy(before, target, "q"), "q")
    text, sitting = play(rules, script, seed=seed, boxes=boxes)
    assert target in script.prompts[-1]
    # Before the deal nothing is placed; after it, everything open comes back: the chips are
    # whole either way (nothing in these rounds is settled before these prompts).
    assert sitting.chips == 100_000
    assert sitting.rounds == 0
    assert sitting.unfinished == (name not in ("wager", "second box wager", "side wager", "ante"))
    assert "Goodbye: 0 round(s) played" in text


@pytest.mark.parametrize("name", list(PROMPTS))
def test_question_mark_shows_help_and_asks_again(name: str) -> None:
    rules, boxes, wagers, wanted, before, target = PROMPTS[name]
    seed = seed_where(rules, wagers, wanted)
    asked = 0

    def policy(prompt: str) -> str:
        nonlocal asked
        if target in prompt:
            asked += 1
            return "?" if asked == 1 else LEAVE
        return _prompt_policy(before, target, "")(prompt)

    script = Leaving(policy, "eof")
    text, _ = play(rules, script, seed=seed, boxes=boxes)
    assert asked == 2
    assert script.prompts[-1] == script.prompts[-2]  # the same prompt, asked again
    shown = text.split(script.prompts[-1] + "?", 1)[1]
    assert HELP[name] in shown
    assert "q  leave the table: wagers not yet settled are returned; settled wagers stand" in shown
    assert "?  this help" in shown


# --- no answer crashes a session ---------------------------------------------------------------

# Not a valid answer at any prompt: each is refused, and the prompt asked again.
NASTY = (
    "d 1e999999",
    "i -5",
    "x" * 10_000,
    "5" * 10_000,
    "\x00\x1b[2J",
    "\t\x07\x08",
    "ñ€😀",
    "h h h",
    "sNaN",
    "1e999999",
    "Infinity",
    "-Infinity",
    "NaN",
    "\ud800",
    "\udcff\udcfe",
    "12.345",
    "$",
    "9" * 30,
    "1,00",
    "--5",
    "0x10",
    "y y",
)


@pytest.mark.parametrize("name", list(PROMPTS))
def test_no_answer_crashes_a_session(name: str) -> None:
    rules, boxes, wagers, wanted, before, target = PROMPTS[name]
    seed = seed_where(rules, wagers, wanted)
    queue = list(NASTY)

    def policy(prompt: str) -> str:
        if target in prompt:
            return queue.pop(0) if queue else LEAVE
        return _prompt_policy(before, target, "")(prompt)

    script = Leaving(policy, "eof")
    text, sitting = play(rules, script, seed=seed, boxes=boxes)
    assert not queue
    # Every nasty answer was refused: the same prompt was asked once per answer, then left.
    assert len({prompt for prompt in script.prompts if target in prompt}) == 1
    assert sitting.chips == 100_000
    assert "is not an amount in dollars" in text or "unknown choice" in text or "y or n" in text
    assert "none is longer than 200" in text


def test_a_terminal_that_sends_no_text_ends_the_sitting() -> None:
    calls = 0

    def broken(prompt: str) -> str:
        nonlocal calls
        calls += 1
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    text, sitting = play(Rules(), broken, seed=0)
    assert calls == 3
    assert "that answer is not UTF-8 text; type it again" in text
    assert sitting == Sitting(rounds=0, unfinished=False, chips=100_000)

    def hung_up(prompt: str) -> str:
        raise OSError(5, "Input/output error")

    assert play(Rules(), hung_up, seed=0)[1] == sitting
