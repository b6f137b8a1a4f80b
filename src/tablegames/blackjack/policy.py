"""Strategies as policies: given what the deciding player may see, choose a command.

A `Policy` is anything with `decide(view) -> Decision`. The view (`PlayerView`) holds only what
the player whose turn it is may see: their own box's cards, the dealer's up card, the legal
actions, the kind of decision, the initial wager and the most insurance they may take. It is
built from public state only (`view_of`); a policy never receives the round, so it can never
read the hole card (633a.7(f)(4): dealt face down), the switch cards (633c.4(d): face down) or
the shoe. `play_round` asks the policy of each box for every pending decision until the round is
complete: the terminal table and the simulator drive a round this way.

`ChartPolicy` plays a total-dependent basic strategy chart (`strategy_chart.StrategyChart`):

- a playing decision takes the first choice of the hand's cell that is legal now: the pairs row
  for two cards of one value (633a.11(a)), then the hand's total row, then stand;
- insurance and even money are declined (633a.8): a total-dependent chart does not know when more
  than a third of the unseen cards are ten-valued, which is when the 2 to 1 insurance pays;
- the EZ Bust wager is declined (633b.16(c)): a side wager, which a chart for the Blackjack
  Wager does not cover;
- the Blackjack Switch decision (633a.12(a)(4)) follows the policy's switch rule when it has
  one (`switch_rule.SwitchValues`: switch when the two switched hands' summed value beats the
  two dealt hands'), else keeps the cards dealt; the Switch Hands decision (633c.4(f)) follows
  the policy's switch hands rule when it has one (`switch_hands_rule.SwitchHandsRule`: a table
  of the dealt cards and the up card, the simulator's), else keeps the cards dealt.

>>> from tablegames.blackjack.strategy_chart import StrategyChart
>>> from tablegames.blackjack.wagers import BoxWager
>>> from tablegames.core.cardsource import StackedShoe
>>> from tablegames.blackjack.rules import Rules
>>> game = Round(
...     rules=Rules(), shoe=StackedShoe.parse("9S 5H 7D 7C KH TS".split()),
...     wagers=[BoxWager(box=1, amount=2500)],
... )
>>> [(view.total, decision.action.value) for view, decision in
...  play_round(game, ChartPolicy(StrategyChart.uniform("H")))]
[(16, 'hit')]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Protocol

from tablegames.blackjack.actions import Action, Turn
from tablegames.blackjack.hand import card_points, points
from tablegames.blackjack.round import Round
from tablegames.blackjack.strategy_chart import PAIR_CODES, TOTAL_CODES, StrategyChart
from tablegames.blackjack.switch_hands_rule import SwitchHandsRule
from tablegames.blackjack.switch_rule import SwitchValues
from tablegames.core.cards import Card
from tablegames.core.errors import IllegalActionError, TableGamesError

# A round asks for each hand's decisions one at a time; no real round needs a fraction of this,
# so a policy that never lets a round finish is stopped instead of looping for ever.
MAX_DECISIONS: Final = 1000


@dataclass(frozen=True, slots=True)
class Decision:
    """A command for the pending turn; `amount` in cents where the action takes one."""

    action: Action
    amount: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What the deciding player may see when the round asks them to decide."""

    turn: Turn  # the box, the hand and the kind of decision
    cards: tuple[Card, ...]  # the hand the decision is about (hand 0 for an offer)
    box_hands: tuple[tuple[Card, ...], ...]  # every hand of the box, as the player sees them
    from_split: bool  # the hand was formed by splitting (633a.11)
    up_card: Card  # the dealer's first card, face up (633a.7(f)(2))
    legal_actions: tuple[Action, ...]
    initial_wager: int  # the box's Blackjack Wager, in cents (633a.6(d))
    max_insurance: int | None  # 633a.8(b): on an insurance decision only

    @property
    def kind(self) -> str:
        return self.turn.kind

    @property
    def hands_in_box(self) -> int:
        return len(self.box_hands)

    @property
    def total(self) -> int:
        return points(self.cards).total

    @property
    def soft(self) -> bool:
        return points(self.cards).soft

    def allows(self, action: Action) -> bool:
        return action in self.legal_actions


class Policy(Protocol):
    """A strategy: one command for each decision, from the player's view alone."""

    def decide(self, view: PlayerView) -> Decision: ...


def view_of(game: Round) -> PlayerView:
    """The pending decision as its player sees it, from the round's public state only."""
    turn = game.turn
    if turn is None:
        raise IllegalActionError("the round is complete: no decision is pending")
    box = game.box(turn.box)
    hand = box.hands[turn.hand]
    return PlayerView(
        turn=turn,
        cards=tuple(hand.cards),
        box_hands=tuple(tuple(each.cards) for each in box.hands),
        from_split=hand.from_split,
        up_card=game.up_card,
        legal_actions=tuple(game.legal_actions()),
        initial_wager=box.wager.amount,
        max_insurance=game.max_insurance() if turn.kind == "insurance" else None,
    )


def play_round(
    game: Round, policies: Policy | Mapping[int, Policy]
) -> list[tuple[PlayerView, Decision]]:
    """Ask each box's policy (one for all, or one per box number) until the round completes.

    Returns every view and the decision taken on it, in order. A policy's illegal command
    raises the engine's IllegalActionError, naming the rule, and changes nothing.
    """
    taken: list[tuple[PlayerView, Decision]] = []
    while game.turn is not None:
        if len(taken) >= MAX_DECISIONS:
            raise TableGamesError(
                f"the round still waits after {MAX_DECISIONS} decisions; the policy never ends it"
            )
        view = view_of(game)
        policy = _policy_for(policies, view.turn.box)
        decision = policy.decide(view)
        game.act(decision.action, decision.amount)
        taken.append((view, decision))
    return taken


def _policy_for(policies: Policy | Mapping[int, Policy], box: int) -> Policy:
    if not isinstance(policies, Mapping):
        return policies
    policy = policies.get(box)
    if policy is None:
        raise TableGamesError(f"no policy was given for box {box}")
    return policy


def up_card_column(card: Card) -> str:
    """The chart column of an up card: `2`-`9`, `T` for any ten-value card, `A`."""
    if card.is_ace:
        return "A"
    value = card_points(card)
    return "T" if value == 10 else str(value)


class ChartPolicy:
    """Plays a total-dependent basic strategy chart; see the module's description."""

    def __init__(
        self,
        chart: StrategyChart,
        *,
        switch: SwitchValues | None = None,
        switch_hands: SwitchHandsRule | None = None,
    ) -> None:
        self.chart = chart
        self.switch = switch
        self.switch_hands = switch_hands

    def decide(self, view: PlayerView) -> Decision:
        if view.kind == "insurance":
            # 633a.8(b), (e): insurance and even money are declined.
            return Decision(Action.DECLINE)
        if view.kind == "ez_bust":
            return Decision(Action.DECLINE)  # 633b.16(c): the side wager is not placed
        if view.kind == "switch" and self.switch is not None:
            # 633a.12(a)(4): switch the second cards when the switched hands are worth more.
            first, second = view.box_hands
            switches = self.switch.switches(first, second, view.up_card)
            return Decision(Action.SWITCH if switches else Action.KEEP)
        if view.kind == "switch_hands" and self.switch_hands is not None:
            # 633c.4(f): the dealt cards and the up card seen, the switch cards face down.
            switches = self.switch_hands.switches(view.cards, view.up_card)
            return Decision(Action.SWITCH if switches else Action.KEEP)
        if view.kind in ("switch", "switch_hands"):
            return Decision(Action.KEEP)  # 633a.12(a)(4), 633c.4(f)(1): keep the cards dealt
        for action in self.choices(view):
            if view.allows(action):
                return Decision(action)
        if view.legal_actions:
            return Decision(view.legal_actions[0])
        raise TableGamesError(f"box {view.turn.box} is asked to decide with nothing legal")

    def choices(self, view: PlayerView) -> list[Action]:
        """The chart's choices for the hand, most preferred first, stand last."""
        up = up_card_column(view.up_card)
        cards = view.cards
        choices: list[Action] = []
        if len(cards) == 2 and card_points(cards[0]) == card_points(cards[1]):
            # 633a.11(a): two cards of identical value, e.g. a king and a ten, form a pair.
            rank = "A" if cards[0].is_ace else up_card_column(cards[0])
            choices += PAIR_CODES[self.chart.pair_code(rank, up)]
        total, soft = points(cards)
        if total < 21:
            # 633a.7(k)(1): a hand of 21 may not draw or double; it stands.
            code = self.chart.total_code(total, soft=soft, cards=len(cards), up=up)
            choices += TOTAL_CODES[code]
        choices.append(Action.STAND)  # 633a.7(i)(2): standing is always open to a hand
        return choices
