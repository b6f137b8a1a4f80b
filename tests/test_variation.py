"""The variation object (633a.12(a), 633a.12(b), 633c.4), chosen once from the rules, and the
rule that nothing outside it compares `rules.variant`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.variants import Variation as ReExported
from tablegames.blackjack.variation import (
    BLACKJACK_SWITCH,
    HAND_DEALT,
    STANDARD,
    SWITCH_HANDS,
    VARIATIONS,
    Variation,
    variation_named,
    variation_of,
)

SRC = Path(__file__).resolve().parents[1] / "src" / "tablegames"
# The variation modules may read the name; nothing else compares it. (variation.py does not
# compare either: it looks the name up in a table.)
ALLOWED = {"blackjack/variation.py", "blackjack/variants.py"}


def _compares_variant(node: ast.Compare) -> bool:
    return any(
        isinstance(side, ast.Attribute) and side.attr == "variant"
        for side in [node.left, *node.comparators]
    )


def test_no_variant_comparison_outside_the_variation() -> None:
    found: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        if name in ALLOWED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [
            f"{name}:{node.lineno}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Compare) and _compares_variant(node)
        ]
    assert not found, f"compare the variation's fields instead of `.variant`: {found}"


def test_the_check_catches_a_comparison() -> None:
    tree = ast.parse('if rules.variant == "hand_dealt": pass\nx = "a" in switch.variant')
    compares = [node for node in ast.walk(tree) if isinstance(node, ast.Compare)]
    assert len(compares) == 2
    assert all(_compares_variant(node) for node in compares)


@pytest.mark.parametrize("name", ["standard", "blackjack_switch", "switch_hands", "hand_dealt"])
def test_every_variant_the_rules_allow_has_a_variation(name: str) -> None:
    rules = Rules(variant=name)  # type: ignore[arg-type]
    variation = variation_of(rules)
    assert variation is VARIATIONS[name] is variation_named(name)
    assert variation.name == name
    assert ReExported is Variation


def test_633a_12_a_blackjack_switch() -> None:
    assert BLACKJACK_SWITCH.hands_per_box == 2  # 633a.12(a)(1), (3)
    assert BLACKJACK_SWITCH.switches_second_cards  # 633a.12(a)(4)
    assert BLACKJACK_SWITCH.dealer_22_pushes  # 633a.12(a)(5)(v)
    assert BLACKJACK_SWITCH.natural_pays_even_against_dealer_21  # 633a.12(a)(5)(i)
    assert BLACKJACK_SWITCH.pays_naturals_against_final_hand
    assert BLACKJACK_SWITCH.offers_super_match  # 633a.6(e)(7)
    assert not BLACKJACK_SWITCH.analysed_as_main_game


def test_633a_12_b_hand_dealt_game() -> None:
    assert HAND_DEALT.deals_face_down  # 633a.12(b)(5)
    assert HAND_DEALT.discards_busted_hands_at_once  # 633a.12(b)(6)(ii)
    assert HAND_DEALT.burns_before_each_round  # 633a.12(b)(5)
    assert HAND_DEALT.max_decks == 2  # 633a.12(b)(1)
    assert HAND_DEALT.needs_shuffling_device  # 633a.12(b)(2)
    assert HAND_DEALT.hands_per_box == 1
    assert HAND_DEALT.analysed_as_main_game


def test_633c_4_switch_hands() -> None:
    assert SWITCH_HANDS.takes_switch_hands_ante  # 633c.4(c)
    assert SWITCH_HANDS.wager_increment == 500  # 633c.4(b)
    assert SWITCH_HANDS.pays_premium_blackjacks  # 633c.4(i)(2), (o)
    assert not SWITCH_HANDS.switches_second_cards
    assert SWITCH_HANDS.hands_per_box == 1


def test_the_standard_game_changes_nothing() -> None:
    assert STANDARD.is_standard
    assert not BLACKJACK_SWITCH.is_standard
    defaults = Variation(name="x", title="x", paragraph="633a")
    for field in Variation.__dataclass_fields__:
        if field not in ("name", "title", "paragraph"):
            assert getattr(STANDARD, field) == getattr(defaults, field), field


def test_an_unknown_name_is_refused() -> None:
    with pytest.raises(KeyError, match="no Blackjack variation is named 'poker'"):
        variation_named("poker")


@pytest.mark.parametrize(
    ("changes", "found"),
    [
        ({"variant": "hand_dealt", "decks": 6}, [("decks", "633a.12(b)(1)")]),
        ({"variant": "hand_dealt", "decks": 2, "shoe": "shoe"}, [("shoe", "633a.12(b)(2)")]),
        ({"variant": "hand_dealt", "decks": 4}, [("decks", "633a.12(b)(1)")]),
        ({"variant": "hand_dealt", "decks": 2}, []),
        ({"side_wagers": {"super_match": {}}}, [("side_wagers.super_match", "633a.6(e)(7)")]),
        ({"variant": "blackjack_switch", "side_wagers": {"super_match": {}}}, []),
        ({"blackjack_premium": True}, [("variant", "633c.4(k)")]),
        ({"variant": "switch_hands", "blackjack_premium": True}, []),
        ({"variant": "switch_hands", "wager_unit": 100}, [("wager_unit", "633c.4(b)")]),
        ({"wager_unit": 100}, []),
        ({"variant": "switch_hands"}, []),
    ],
)
def test_the_rules_checks_ask_the_variation(
    changes: dict[str, object], found: list[tuple[str, str]]
) -> None:
    """The rules model's variation findings (633a.12(b)(1)-(2), 633a.6(e)(7), 633c.4(b), (k))."""
    defaults: dict[str, object] = {"shoe": "continuous_shuffler", "wager_unit": 500}
    rules = Rules.model_validate({**defaults, **changes})
    variation_paragraphs = ("633a.12(b)", "633a.6(e)(7)", "633c.4")
    findings = [
        (finding.field, finding.paragraph)
        for finding in rules.findings()
        if finding.paragraph is not None and finding.paragraph.startswith(variation_paragraphs)
    ]
    assert findings == found
