"""The Gymnasium environment: Gymnasium's own checker, the two observation spaces, seeded
determinism, and the mask and reward against the engine it drives."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tablegames.blackjack.actions import Action
from tablegames.blackjack.events import WagerPlaced
from tablegames.blackjack.rules import Rules
from tablegames.blackjack.table import Table
from tablegames.core.cards import Card
from tablegames.core.rng import SeededRandom
from tablegames.gym import ACTIONS, ENV_ID, box_result
from tablegames.gym.counting import counts_of
from tablegames.gym.observation import MAX_HANDS
from tests.gym.helpers import make, masked_choice


@pytest.mark.parametrize("obs_mode", ["dict", "blackjack-v1"])
@pytest.mark.parametrize("rules", ["pa-6deck", "pa-hand-dealt-2deck"])
def test_gymnasium_check_env_passes(obs_mode: str, rules: str) -> None:
    env = make(obs_mode=obs_mode, rules=rules)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning from the checker is a finding too
        check_env(env)


def test_registered_on_import_and_by_module_prefix() -> None:
    assert ENV_ID in gymnasium.registry
    env = gymnasium.make(f"tablegames.gym:{ENV_ID}")
    assert env.spec is not None
    assert env.spec.id == ENV_ID


def test_blackjack_v1_observation_space_is_gymnasiums() -> None:
    ours = make(obs_mode="blackjack-v1").observation_space
    assert ours == gymnasium.make("Blackjack-v1").observation_space
    observation, _ = make(obs_mode="blackjack-v1").reset(seed=3)
    assert isinstance(observation, tuple)
    assert observation in ours


def test_max_hands_is_the_rules_bound() -> None:
    bound = [item for item in Rules.model_fields["max_hands"].metadata if hasattr(item, "le")]
    assert bound[0].le == MAX_HANDS


def _play(seed: int, episodes: int, **kwargs: object) -> list[object]:
    env = make(**kwargs)
    rng = np.random.default_rng(seed)
    trace: list[object] = []
    observation, info = env.reset(seed=seed)
    for _ in range(episodes):
        trace.append(observation)
        done = False
        while not done:
            observation, reward, done, _, info = env.step(masked_choice(rng, info))
            trace += [observation, reward]
        observation, info = env.reset()
    return trace


def _same(a: object, b: object) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[key], b[key]) for key in a)
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and bool(np.array_equal(a, b))
    return a == b


def test_reset_with_a_seed_is_deterministic() -> None:
    # The same seed and the same actions give the same observations and rewards, episode
    # after episode on the same shoe (60 rounds take it past a cover card from two decks).
    first = _play(11, 60, rules="pa-2deck")
    second = _play(11, 60, rules="pa-2deck")
    assert len(first) == len(second)
    assert all(_same(a, b) for a, b in zip(first, second, strict=True))
    other = _play(12, 60, rules="pa-2deck")
    assert not all(_same(a, b) for a, b in zip(first, other, strict=False))


def test_the_shoe_lasts_until_the_cover_card_then_reshuffles() -> None:
    # 633a.7(e): the shoe is dealt round after round; after the round in which the cover card
    # came out the table reshuffles, and the unseen count starts again from the full shoe.
    env = make(rules="pa-2deck")
    observation, _ = env.reset(seed=5)
    counts = [int(observation["unseen"].sum())]
    covered = False
    for _ in range(200):
        done = False
        while not done:
            covered = covered or bool(observation["cover_card"])
            observation, _, done, _, _ = env.step(0 if observation["legal"][0] else 7)
        observation, _ = env.reset()
        counts.append(int(observation["unseen"].sum()))
        if counts[-1] > counts[-2]:
            break
    assert covered, "the cover card never came out"
    assert counts[-1] > counts[-2], "the shoe never reshuffled"
    assert counts[:-1] == sorted(counts[:-1], reverse=True)  # one shoe: the count only falls
    # The box's two cards and the up card are seen; the hole card and the burn card are not.
    assert counts[-1] == 104 - 3


def test_the_mask_is_the_engines_legal_actions_and_the_reward_its_settlement() -> None:
    env = make()
    rng = np.random.default_rng(1)
    observation, info = env.reset(seed=1)
    for _ in range(300):
        done = False
        while not done:
            game = env.round
            assert game is not None
            legal = game.legal_actions() if not game.is_complete else [Action.STAND]
            assert info["action_mask"].tolist() == [int(a in legal) for a in ACTIONS]
            assert np.array_equal(observation["legal"], info["action_mask"])
            observation, reward, done, _, info = env.step(masked_choice(rng, info))
        game = env.round
        assert game is not None
        assert game.is_complete
        settled = sum(event.returned - event.stake for event in game.settlements())
        assert info["net_cents"] == settled == box_result(game)[0]
        assert reward == settled / env.wager
        observation, info = env.reset()


def test_the_table_the_environment_dealt_replays_from_its_stream() -> None:
    # The environment is a driver of the reference table, not a second engine: the table's
    # stream after its episodes is restored command by command (Table.restore checks that
    # every event comes out as logged).
    env = make(rules="pa-2deck")
    rng = np.random.default_rng(4)
    _, info = env.reset(seed=4)
    for _ in range(40):
        done = False
        while not done:
            _, _, done, _, info = env.step(masked_choice(rng, info))
        _, info = env.reset()
    table = env.table
    assert table is not None
    restored = Table.restore(table.events, table.sealed, random=SeededRandom.from_seed(0))
    assert restored.rounds_dealt == table.rounds_dealt


def test_a_round_settled_at_the_deal_takes_one_stand_step() -> None:
    # 633a.7(h), 633a.7(i)(1)(i): a dealer Blackjack found by the check, or a Blackjack paid
    # at once, asks nothing; the episode still has one step, stand, which returns the result.
    env = make()
    for seed in range(400):
        observation, info = env.reset(seed=seed)
        if info["decision"] == "none":
            break
    else:
        pytest.fail("no round was settled at the deal in 400 seeds")
    assert info["action_mask"].tolist() == [1, 0, 0, 0, 0, 0, 0, 0]
    assert observation["decision"] == 2
    _, reward, done, _, info = env.step(0)
    assert done
    assert reward == info["net_cents"] / env.wager


def test_insurance_is_offered_against_an_ace_and_pays_2_to_1() -> None:
    # 633a.8(a)-(b): with an ace up the first decision is the offer alone; insurance is half
    # the wager and wins 2 to 1 against a dealer Blackjack (633a.13(b)), so an insured hand
    # that is not a Blackjack breaks even against one.
    env = make()
    found = False
    for seed in range(3000):
        observation, info = env.reset(seed=seed)
        if info["decision"] != "insurance":
            continue
        assert observation["dealer_up"] == 1
        assert observation["decision"] == 1
        mask = info["action_mask"].tolist()
        assert mask[:5] == [0] * 5
        assert mask[5] == mask[7] == 1
        _, _, done, _, info = env.step(5)
        game = env.round
        assert game is not None
        stakes = [e.amount for e in game.events if isinstance(e, WagerPlaced)]
        assert stakes == [env.wager, env.wager // 2]
        blackjack = observation["total"] == 21
        if done and game.dealer_has_blackjack and not blackjack:
            assert info["net_cents"] == 0
            found = True
            break
    assert found, "no insured round against a dealer Blackjack in 3000 seeds"


def test_blackjack_v1_mode_declines_insurance_itself() -> None:
    env = make(obs_mode="blackjack-v1")
    for seed in range(100):
        _, info = env.reset(seed=seed)
        assert info["decision"] != "insurance"
        assert info["action_mask"][0] == 1  # stand (Blackjack-v1's stick) is always open


def test_splits_give_hands_played_in_order() -> None:
    # 633a.11(b): the first hand is completed before the second gets its second card.
    env = make()
    for seed in range(2000):
        observation, info = env.reset(seed=seed)
        if info["action_mask"][3]:
            break
    else:
        pytest.fail("no pair dealt in 2000 seeds")
    pair = observation["pair"]
    observation, _, done, _, info = env.step(3)
    assert observation["hands"] == 2
    assert observation["cards"] >= 2
    hands_seen = [observation["hand"]]
    while not done:
        observation, _, done, _, info = env.step(0 if info["action_mask"][0] else 3)
        hands_seen.append(observation["hand"])
    assert hands_seen == sorted(hands_seen)
    assert pair > 0
    assert env.round is not None
    assert len(env.round.box(1).hands) >= 2


def test_refused_action_changes_nothing_and_says_why() -> None:
    env = make()
    observation, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, done, truncated, refused = env.step(illegal)
    assert (reward, done, truncated) == (0.0, False, False)
    assert _same(after, observation)
    assert "58 Pa. Code" in refused["refused"] or "not possible" in refused["refused"]


def test_reset_part_way_finishes_the_round_on_the_same_shoe() -> None:
    env = make()
    env.reset(seed=8)
    dealt = env.table.rounds_dealt if env.table else 0
    env.reset()
    assert env.table is not None
    assert env.table.rounds_dealt == dealt + 1
    assert env.table.current is env.round


def test_render_ansi_shows_the_hands_and_hides_the_hole_card() -> None:
    env = make(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None
    assert "??" in text
    assert "hand 1:" in text


@pytest.mark.parametrize("rules", ["pa-2deck", "pa-hand-dealt-2deck", "pa-6deck-csm"])
def test_the_unseen_count_is_the_shoe_the_burn_cards_and_the_hole_cards_not_shown(
    rules: str,
) -> None:
    # Counted afresh at every step: the cards in the shoe, the burn cards (633a.7(c),
    # 633a.12(b)(5)), the hole card while face down (633a.7(f)(4)) and the hole cards of earlier
    # rounds never turned over, until the next shuffle. The environment keeps it from events.
    env = make(rules=rules)
    rng = np.random.default_rng(9)
    observation, info = env.reset(seed=9)
    hidden: list[Card] = []
    shuffles = len(env.table.shoe.sealed) if env.table else 0
    for _ in range(150):
        done = False
        while True:
            table, game = env.table, env.round
            assert table is not None
            assert game is not None
            cards = [*table.shoe.remaining, *table.shoe.burned, *hidden]
            if not game.is_complete and not game.hole_revealed:
                cards.append(game.dealer_cards[1])
            assert observation["unseen"].tolist() == counts_of([c.code for c in cards]).tolist()
            if done:
                break
            observation, _, done, _, info = env.step(masked_choice(rng, info))
            if done:
                if len(table.shoe.sealed) != shuffles:
                    hidden = []
                elif not game.hole_revealed:
                    hidden.append(game.dealer_cards[1])
        shuffles = len(env.table.shoe.sealed) if env.table else 0
        observation, info = env.reset()
        if env.table is not None and len(env.table.shoe.sealed) != shuffles:
            hidden = []
        shuffles = len(env.table.shoe.sealed) if env.table else 0
