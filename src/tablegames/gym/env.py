"""`PABlackjackEnv`: one round of PA Blackjack per episode, played on the project's own table.

The environment holds a `blackjack.table.Table` (the table `tablegames play` deals at) and asks
its `Round` for every decision: the shoe, the cover card, the deal, the legal actions and the
settlement are the engine's, so the environment is the same game. What it adds is the
translation: action ids to the engine's `Action`, the round's public state to an observation,
the box's settled wagers to a reward.

- One episode is one round with one box (box 1) and one Blackjack Wager, `wager` cents
  (the table minimum unless given). The reward comes at the last step: the box's net result
  (every amount returned less every amount wagered: doubles, splits, insurance) in integer
  cents, divided by the initial wager.
- The shoe lasts from episode to episode until the cover card comes out (633a.7(e)) and the
  table reshuffles after that round, so a counting agent has something to learn.
  `reset(seed=...)` opens a new table whose shuffles come from that seed; `reset()` deals the
  next round from the same shoe. The shuffles are seeded (`core.rng.SeededRandom`): this is a
  research tool, never a live table, which must use `SecureRandom`.
- A round the engine completes without asking anything (a Blackjack paid at once, 633a.7(i)(1)
  (i); a dealer Blackjack found by the check, 633a.7(h)) still takes one step, in which stand
  (id 0) is the only legal action: Gymnasium has no episode that ends at `reset`.
- An action the rules do not allow now is refused by the engine (its `IllegalActionError`,
  naming the paragraph): with `illegal_action="refuse"` (the default) the step changes nothing,
  returns reward 0 and puts the refusal in `info["refused"]`; with `"raise"` it raises. The
  default is what lets `gymnasium.utils.env_checker.check_env` pass: it steps with
  `action_space.sample()`, which knows nothing of the mask.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import WagerPlaced, WagerSettled
from tablegames.blackjack.policy import PlayerView, Policy, view_of
from tablegames.blackjack.round import Round
from tablegames.blackjack.rules import Rules, load_rules
from tablegames.blackjack.table import Table
from tablegames.blackjack.variation import variation_of
from tablegames.blackjack.wagers import BoxWager, validate_amount
from tablegames.core.errors import IllegalActionError, RulesError, TableGamesError
from tablegames.core.rng import SeededRandom
from tablegames.gym.actions import ACTION_IDS, ACTIONS, N_ACTIONS, STAND_ID
from tablegames.gym.counting import UnseenCards
from tablegames.gym.observation import (
    DECISIONS,
    INSURANCE,
    NONE,
    OBS_MODES,
    PLAY,
    ObsMode,
    Seen,
    observation_space,
    observe,
)

BOX: Final = 1  # the one box the agent wagers on (633a.2(a): box 1 is dealt first)
IllegalAction = Literal["refuse", "raise"]
# Variations whose decisions the action ids do not cover: Blackjack Switch's switch
# (633a.12(a)(4)) and the Switch Hands ante and choice (633c.4(c), (f)).
UNSUPPORTED_VARIANTS: Final = {
    "blackjack_switch": "633a.12(a)(4)",
    "switch_hands": "633c.4(f)",
}


def rules_for(rules: Rules | str | None) -> Rules:
    """The rules an environment plays: a `Rules`, a preset name, or None for `Rules()`."""
    if rules is None:
        chosen = Rules()
    elif isinstance(rules, Rules):
        chosen = rules
    elif isinstance(rules, str):
        chosen = load_rules(preset=rules)
    else:
        raise RulesError(
            f"rules must be a Rules or a preset name (tablegames rules presets), not "
            f"{type(rules).__name__}"
        )
    paragraph = UNSUPPORTED_VARIANTS.get(chosen.variant)
    if paragraph is not None:
        raise RulesError(
            f"the {variation_of(chosen).title} variation has decisions (switch, keep) this "
            "environment's actions do not cover; use the standard or hand-dealt game",
            paragraph=paragraph,
        )
    return chosen


class PABlackjackEnv(gymnasium.Env[Any, np.int64]):
    """PA Blackjack (58 Pa. Code 633a) as a Gymnasium environment; see the module's description
    and docs/gym.md for the spaces and the action ids."""

    # Gymnasium reads `metadata` as a plain class attribute, so it is not a ClassVar.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        obs_mode: ObsMode = "dict",
        wager: int | None = None,
        offer_insurance: bool | None = None,
        illegal_action: IllegalAction = "refuse",
        reshuffle_every_round: bool = False,
        render_mode: str | None = None,
    ) -> None:
        self.rules = rules_for(rules)
        if obs_mode not in OBS_MODES:
            raise TableGamesError(f"obs_mode {obs_mode!r}: use one of {', '.join(OBS_MODES)}")
        if illegal_action not in ("refuse", "raise"):
            raise TableGamesError(f"illegal_action {illegal_action!r}: use 'refuse' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise TableGamesError(f"render_mode {render_mode!r}: use 'ansi' or None")
        self.wager = self.rules.min_wager if wager is None else wager
        validate_amount(self.wager, self.rules, what="the Blackjack Wager")  # 633a.6(c)
        self.obs_mode: ObsMode = obs_mode
        # Blackjack-v1's tuple cannot show an insurance offer, so in that mode the environment
        # declines it itself unless told otherwise (insurance is optional, 633a.8(b)).
        self.offer_insurance = obs_mode == "dict" if offer_insurance is None else offer_insurance
        self.illegal_action: IllegalAction = illegal_action
        self.reshuffle_every_round = reshuffle_every_round
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(N_ACTIONS)
        self.observation_space = observation_space(self.rules, obs_mode)
        self.table: Table | None = None
        self.round: Round | None = None
        self._hand = 0  # the hand the observation shows
        self._done = True
        self._unseen = UnseenCards()

    # --- the Gymnasium API ---------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if options:
            raise TableGamesError(f"reset takes no options, not {sorted(options)}")
        if self.table is not None and self.round is not None and not self.round.is_complete:
            # The table deals a round only after the last one completes: a round left part way
            # is finished by standing and declining (633a.7(i)(2)); its result is not a reward.
            _stand_out(self.round)
            self._round_over(self.round)
            self._unseen.update(self.table.shoe, self.round)  # its cards were seen
        if seed is not None or self.table is None:
            # A new table, shuffled from this episode's generator: the same seed, the same shoe.
            source = SeededRandom.from_seed(int(self.np_random.integers(2**63)))
            self.table = Table(self.rules, random=source)
            self._unseen = UnseenCards()
        self.round = self.table.deal([BoxWager(box=BOX, amount=self.wager)])
        self._hand = 0
        self._done = False
        self._answer_offers()
        if self.round.is_complete:
            self._round_over(self.round)
        return self._outcome()

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        game = self._pending()
        chosen = _action_of(action)
        refusal = self._refusal(game, chosen)
        if refusal is not None:
            if self.illegal_action == "raise":
                raise refusal
            observation, info = self._outcome()
            return observation, 0.0, False, False, {**info, "refused": str(refusal)}
        if not game.is_complete:
            amount = game.max_insurance() if chosen is Action.INSURANCE else None
            turn = game.turn
            if turn is not None:
                self._hand = turn.hand
            game.act(chosen, amount)
            self._answer_offers()
            if game.is_complete:
                self._round_over(game)
            elif game.turn is not None:
                self._hand = game.turn.hand
        self._done = game.is_complete
        observation, info = self._outcome()
        reward = 0.0
        if self._done:
            net, wagered = box_result(game)
            reward = net / self.wager  # a float only here: the net is integer cents
            info.update(net_cents=net, wagered_cents=wagered)
        return observation, reward, self._done, False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.round is None:
            return None
        game = self.round
        hole = "" if game.hole_revealed else " ??"
        dealer = " ".join(map(str, game.dealer_cards[: 1 if hole else None])) + hole
        hands = "  ".join(
            f"hand {index + 1}: {' '.join(map(str, hand.cards))} ({hand.points.total})"
            for index, hand in enumerate(game.box(BOX).hands)
        )
        legal = [ACTIONS[index].value for index in np.flatnonzero(self.action_mask())]
        return f"dealer: {dealer}  {hands}  legal: {', '.join(legal) or '-'}\n"

    # --- what an agent may ask besides ----------------------------------------------------------

    def action_mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 for each action id legal now (the engine's `legal_actions`), as np.int8."""
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        game = self.round
        if game is None or self._done:
            return mask
        if game.is_complete:
            mask[STAND_ID] = 1  # the one step of a round settled with no decision
            return mask
        for action in game.legal_actions():
            mask[ACTION_IDS[action]] = 1
        return mask

    def player_view(self) -> PlayerView | None:
        """The pending decision as the engine's policies see it (`policy.view_of`), or None when
        the round asks nothing: a `policy.Policy` (a basic strategy chart) can play through the
        environment on it."""
        game = self.round
        if game is None or game.turn is None:
            return None
        return view_of(game)

    # --- the round --------------------------------------------------------------------------------

    def _pending(self) -> Round:
        if self.round is None:
            raise TableGamesError("call reset() before step(): no round has been dealt")
        if self._done:
            raise TableGamesError("the round is complete (terminated): call reset() for the next")
        return self.round

    def _refusal(self, game: Round, action: Action) -> IllegalActionError | None:
        if game.is_complete:
            if action is Action.STAND:
                return None
            return IllegalActionError(
                f"{action.value} is not possible: the round was settled without a decision; "
                "stand (0) ends the episode"
            )
        amount = game.max_insurance() if action is Action.INSURANCE else None
        return _refusal_of(game, action, amount)

    def _answer_offers(self) -> None:
        """Answer the offers the environment does not pass to the agent: the EZ Bust wager is
        never placed (633b.16(c): the box holds only its Blackjack Wager) and, when
        `offer_insurance` is off, insurance is declined (633a.8)."""
        game = self.round
        while game is not None and game.turn is not None:
            kind = game.turn.kind
            if kind == "ez_bust" or (kind == "insurance" and not self.offer_insurance):
                game.act(Action.DECLINE)
            else:
                return

    def _round_over(self, game: Round) -> None:
        if self.reshuffle_every_round and self.table is not None:
            self.table.reshuffle()  # 633a.5(f): a reshuffle after any round

    def _outcome(self) -> tuple[Any, dict[str, Any]]:
        """The observation and the info of the state now (new objects each call: an agent may
        keep them)."""
        game, table = self.round, self.table
        if game is None or table is None:  # unreachable: reset deals before any observation
            raise TableGamesError("no round has been dealt")
        mask = self.action_mask()
        hands = game.box(BOX).hands
        index = min(self._hand, len(hands) - 1)
        turn = game.turn
        decision = NONE if turn is None else INSURANCE if turn.kind == "insurance" else PLAY
        seen = Seen(
            cards=list(hands[index].cards),
            hand=index,
            hands=len(hands),
            up_card=game.up_card,
            decision=decision,
            mask=mask,
            unseen=self._unseen.update(table.shoe, game),
            cover_card=table.shoe.cover_card_reached,
        )
        kind = DECISIONS[NONE] if turn is None else turn.kind
        return observe(seen, self.obs_mode), {"action_mask": mask, "decision": kind}


def policy_action(env: PABlackjackEnv, policy: Policy) -> int:
    """The action id a project `Policy` (`policy.ChartPolicy` for a strategy chart) chooses for
    the pending decision, from the player's view alone; stand for a round settled without one.

    This is how a chart plays through the environment: the environment's step carries the
    decision out, as it would an agent's.
    """
    view = env.player_view()
    if view is None:
        return STAND_ID
    action = policy.decide(view).action
    if action not in ACTION_IDS:
        raise IllegalActionError(f"the policy chose {action.value}, which no action id stands for")
    return ACTION_IDS[action]


def box_result(game: Round, box: int = BOX) -> tuple[int, int]:
    """The box's net result and everything it wagered, in cents, from the round's events:
    every amount returned (633a.7(r)) less every wager placed (the Blackjack Wager, doubles,
    splits, insurance)."""
    placed = returned = 0
    for event in game.events:
        if isinstance(event, WagerPlaced) and event.box == box:
            placed += event.amount
        elif isinstance(event, WagerSettled) and event.box == box:
            returned += event.returned
    return returned - placed, placed


def _refusal_of(game: Round, action: Action, amount: int | None) -> IllegalActionError | None:
    """The engine's refusal of `action` now, or None when it is legal (`Round.can`, then the
    error `Round.verify` names, which cites the rule)."""
    if game.can(action, amount):
        return None
    try:
        game.verify(action, amount)
    except IllegalActionError as refusal:
        return refusal
    return IllegalActionError(f"{action.value} is not possible now")  # unreachable: can said no


def _action_of(action: Any) -> Action:
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise IllegalActionError(
            f"an action is an integer id 0-{N_ACTIONS - 1}, not {action!r} ({_ids()})"
        )
    if not 0 <= int(action) < N_ACTIONS:
        raise IllegalActionError(f"no action id {int(action)}: the ids are {_ids()}")
    return ACTIONS[int(action)]


def _ids() -> str:
    return ", ".join(f"{index} {action.value}" for index, action in enumerate(ACTIONS))


def _stand_out(game: Round) -> None:
    """Finish a round by standing on every hand and declining every offer."""
    while game.turn is not None:
        game.act(Action.STAND if game.turn.kind == "play" else Action.DECLINE)
