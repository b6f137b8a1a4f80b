"""Sealed shuffles (tablegames.core.seal): the commitment in the stream, the order for the house."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.shoe import make_shoe
from tablegames.blackjack.shoe_steps import ShoeShuffled
from tablegames.blackjack.table import Table
from tablegames.blackjack.wagers import BoxWager
from tablegames.core.cards import standard_deck
from tablegames.core.rng import SecureRandom, SeededRandom
from tablegames.core.rulesfile import rules_digest as digest
from tablegames.core.seal import SALT_BYTES, commitment, new_salt, sealed_record, verify

CODES = [str(card) for card in standard_deck()]


def test_the_commitment_hashes_the_salt_hex_a_newline_and_the_codes() -> None:
    # Derived by hand from the encoding the module documents, not from `encode`.
    salt = bytes(range(32))
    text = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nAS KH 2C"
    assert commitment(salt, ["AS", "KH", "2C"]) == hashlib.sha256(text.encode()).hexdigest()


@settings(max_examples=50, deadline=None)
@given(order=st.permutations(CODES), salt=st.binary(min_size=32, max_size=32))
def test_a_sealed_record_verifies_and_a_tampered_one_does_not(
    order: list[str], salt: bytes
) -> None:
    record = sealed_record(3, order, salt)
    logged = commitment(salt, order)
    assert verify(logged, record)
    swapped = [order[1], order[0], *order[2:]]
    assert not verify(logged, {**record, "order": swapped})
    other_salt = bytes([salt[0] ^ 1]) + salt[1:]
    assert not verify(logged, {**record, "salt": other_salt.hex()})


@pytest.mark.parametrize(
    "record",
    [
        {"shuffle": 1, "order": ["AS"]},
        {"shuffle": 1, "order": ["AS"], "salt": "not hex"},
        {"shuffle": 1, "order": ["AS"], "salt": "00"},
        {"shuffle": 1, "order": "AS", "salt": "00" * 32},
        {"shuffle": 1, "order": [1], "salt": "00" * 32},
    ],
)
def test_a_malformed_record_does_not_verify(record: dict[str, object]) -> None:
    assert not verify(commitment(bytes(32), ["AS"]), record)


def test_salts_are_32_bytes_reproducible_when_seeded_and_apart_from_the_shuffles() -> None:
    assert new_salt(SeededRandom.from_seed(5)) == new_salt(SeededRandom.from_seed(5))
    assert len(new_salt(SecureRandom())) == SALT_BYTES
    assert new_salt(SecureRandom()) != new_salt(SecureRandom())
    # A salt drawn first does not move the numbers a seeded source draws after it.
    salted = SeededRandom.from_seed(9)
    new_salt(salted)
    assert salted.below(10**6) == SeededRandom.from_seed(9).below(10**6)


@pytest.mark.parametrize("kind", ["shoe", "double_shoe", "batch_shuffler", "continuous_shuffler"])
def test_every_shuffle_of_every_shoe_is_committed_and_sealed(kind: str) -> None:
    shoe = make_shoe(kind, 2, random=SeededRandom.from_seed(1), penetration=0.5)  # type: ignore[arg-type]
    shoe.reshuffle()
    shuffles = [step for step in shoe.steps if isinstance(step, ShoeShuffled)]
    assert [step.shuffle for step in shuffles] == [record["shuffle"] for record in shoe.sealed]
    assert [step.shuffle for step in shuffles] == list(range(1, len(shuffles) + 1))
    for step, record in zip(shuffles, shoe.sealed, strict=True):
        assert verify(step.commitment, record)
        assert len(record["order"]) == step.count


def test_the_rules_are_filed_once_with_their_digest_and_each_round_carries_it() -> None:
    table = Table(Rules(), random=SeededRandom.from_seed(2))
    filed = table.events[0]
    assert filed.to_json()["event"] == "rules_filed"
    text = filed.to_json()["rules"]
    assert digest(text) == filed.to_json()["digest"]
    canonical = json.dumps(text, sort_keys=True, separators=(",", ":")).encode()
    assert filed.to_json()["digest"] == hashlib.sha256(canonical).hexdigest()
    game = table.deal([BoxWager(box=1, amount=2500)])
    started = game.events[0].to_json()
    assert started["rules_digest"] == filed.to_json()["digest"]
    assert sum(event.kind == "rules_filed" for event in table.events) == 1
