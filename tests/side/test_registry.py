"""The side-wager registry (633a.6(e), 633a.7(g), 633a.7(o), 633a.13, 633b.16).

One entry per wager the Rules model accepts; names and paragraphs checked against the regulation
text itself; the one `evaluate` signature checked against the per-wager evaluators and against
small references written here from the regulation; and no module outside `blackjack/side/`
keeps its own table keyed by the wagers' names.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.rules.model import paytable_deck_finding
from tablegames.blackjack.rules.side import (
    BadBeat,
    BetTheSet21,
    InBetween,
    RoyalMatch21,
    SideWagers,
)
from tablegames.blackjack.side import (
    bad_beat,
    bet_the_set_21,
    ez_bust,
    hit_and_run,
    house_money,
    in_between,
    kings_bounty,
    lucky_ladies,
    match_the_dealer,
    royal_match_21,
    straight_jack,
    super_match,
    three_card_poker,
)
from tablegames.blackjack.side.registry import (
    NAMES,
    REGISTRY,
    SideContext,
    Timing,
    side_wager,
)
from tablegames.core.cards import Card
from tablegames.core.errors import WagerError
from tablegames.core.paytable import PaytableLine, SideResult

Outcome = PaytableLine | tuple[PaytableLine, ...] | None

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "tablegames"
REGS = Path("/work/shared/regs")
CHAPTER_633A = REGS / "000_f58572f4773c39a7.txt"  # 42 Pa.B. 2922: Chapter 633a
SECTION_633A_6 = REGS / "004_3261c08d3a6325d6.txt"  # 633a.6 as in force, with (e)(11)-(12)
SECTION_633B_16 = REGS / "002_2e3f30a7be27ba95.txt"  # 53 Pa.B. 5923: 633b.16 EZ Bust

needs_regs = pytest.mark.skipif(
    not CHAPTER_633A.exists(), reason="the regulation texts are not on this machine"
)


# --- one entry per wager --------------------------------------------------------------------------


def test_633a_6_e_every_wager_the_rules_accept_has_exactly_one_entry() -> None:
    assert len(NAMES) == len(set(NAMES)) == len(REGISTRY)
    assert list(NAMES) == list(SideWagers.model_fields)


def test_633a_6_e_registry_is_in_the_paragraphs_order() -> None:
    numbers = [
        int(match.group(1))
        for wager in REGISTRY
        if (match := re.fullmatch(r"633a\.6\(e\)\((\d+)\)", wager.offered_by))
    ]
    assert numbers == list(range(1, 13))
    assert REGISTRY[-1].offered_by == "633b.16"


def test_an_unknown_wager_is_refused_by_name() -> None:
    with pytest.raises(WagerError, match="no side wager 'lucky_lady'") as raised:
        side_wager("lucky_lady")
    assert raised.value.paragraph == "633a.6(e)"


def test_633a_13_j_l_progressives_are_the_metered_wagers() -> None:
    progressive = {wager.name for wager in REGISTRY if wager.is_progressive}
    assert progressive == {"bad_beat", "hit_and_run"}
    assert side_wager("bad_beat").meter_paragraph == "633a.13(j)(2)"
    assert side_wager("hit_and_run").meter_paragraph == "633a.13(l)(2)"


def test_633a_7_g_o_timings() -> None:
    timings = {wager.name: wager.timing for wager in REGISTRY}
    assert timings["ez_bust"] is Timing.AFTER_THE_DEALERS_HAND  # 633b.16(h)
    assert {name for name, t in timings.items() if t is Timing.AFTER_ALL_CARDS} == {
        "bad_beat",
        "hit_and_run",
    }
    queen_of_hearts, ten = Card.parse("QH"), Card.parse("TS")
    king, queen = Card.parse("KD"), Card.parse("QD")
    ladies = side_wager("lucky_ladies")
    assert ladies.timing_for(queen_of_hearts, queen_of_hearts, ten) is Timing.AFTER_THE_CHECK
    assert ladies.timing_for(queen_of_hearts, queen_of_hearts, Card.parse("9S")) is (
        Timing.AFTER_THE_DEAL
    )
    royal = side_wager("royal_match_21")
    assert royal.timing_for(king, queen, Card.parse("KS")) is Timing.HOLE_CARD_SHOWN


# --- names and paragraphs against the regulation text ---------------------------------------------


def _words(path: Path) -> str:
    return " ".join(path.read_text(encoding="utf-8").split())


def _subdivisions(text: str, marks: Sequence[str]) -> dict[str, str]:
    """The text of each of `marks` ("a", "b", ... or "1", "2", ...), found in order: a mark is
    "(x) " followed by a capital letter, as each subdivision of the Code opens."""
    found: dict[str, int] = {}
    position = 0
    for mark in marks:
        match = re.compile(rf"\({mark}\) (?=[A-Z])").search(text, position)
        if match is None:
            break
        found[mark] = position = match.start()
    ends = [*list(found.values())[1:], len(text)]
    return {mark: text[start:end] for (mark, start), end in zip(found.items(), ends, strict=True)}


def _section(text: str, number: str) -> str:
    """Section `number` ("633a.7"): from its heading to the next section's heading."""
    chapter, index = number.split(".")
    start = text.index(f"§ {number}. ")
    following = text.find(f"§ {chapter}.{int(index) + 1}. ", start)
    return text[start : following if following > 0 else len(text)]


_LETTERS = "abcdefghijklmnopqrs"
_NUMBERS = [str(n) for n in range(1, 13)]


def _paragraph(reference: str) -> str:
    """The text of a paragraph such as 633a.6(e)(4), 633a.13(f) or 633b.16, from the regs."""
    if reference == "633b.16":
        return _words(SECTION_633B_16)
    match = re.fullmatch(r"(633a\.\d+)\(([a-z])\)(?:\((\d+)\))?", reference)
    assert match is not None, reference
    section, letter, number = match.groups()
    source = SECTION_633A_6 if section == "633a.6" else CHAPTER_633A
    text = _words(source)
    text = _section(text, section) if section != "633a.6" else text
    subsection = _subdivisions(text, _LETTERS)[letter]
    return subsection if number is None else _subdivisions(subsection, _NUMBERS)[number]


def _name_in(label: str, paragraph: str) -> bool:
    return (
        label.replace("'", "").lower() in paragraph.replace("'", "").replace("\u2019", "").lower()
    )


@needs_regs
@pytest.mark.parametrize("name", NAMES)
def test_633a_6_e_the_label_is_the_name_the_offering_paragraph_gives(name: str) -> None:
    entry = side_wager(name)
    assert _name_in(entry.label, _paragraph(entry.offered_by)), entry.offered_by


@needs_regs
@pytest.mark.parametrize("name", NAMES)
def test_633a_13_the_paytable_paragraph_names_the_wager(name: str) -> None:
    entry = side_wager(name)
    # "Super Match" is 633a.13(i)'s subject; the other paytables name the wager in full.
    assert _name_in(entry.short_label, _paragraph(entry.paytable_paragraph))


@needs_regs
@pytest.mark.parametrize(
    "name", [wager.name for wager in REGISTRY if wager.settled_by.startswith("633a.7")]
)
def test_633a_7_the_settling_paragraph_names_the_wager(name: str) -> None:
    entry = side_wager(name)
    assert _name_in(entry.short_label, _paragraph(entry.settled_by)), entry.settled_by


@needs_regs
def test_633a_13_f_g_the_deck_table_lists_the_printed_paytables() -> None:
    for wager, paragraph, decks_of in (
        ("royal_match_21", "633a.13(f)", {"1": 1, "2": 6}),
        ("bet_the_set_21", "633a.13(g)", {"1": 1, "2": 2, "3": 4}),
    ):
        for number, decks in decks_of.items():
            text = _subdivisions(_paragraph(paragraph), _NUMBERS)[number]
            printed = tuple(re.findall(r"Paytable ([A-E])\b", text))
            tables = side_wager(wager).paytables_for_decks
            assert tables is not None
            assert tables(decks) == printed, (wager, number)


# --- the deck table is the one `Rules.findings` reads ---------------------------------------------


@pytest.mark.parametrize("decks", range(1, 9))
def test_633a_13_the_deck_finding_follows_the_registry_table(decks: int) -> None:
    for wager in REGISTRY:
        tables = wager.paytables_for_decks
        if tables is None:
            assert paytable_deck_finding(wager.name, None, decks) is None
            continue
        for name in wager.paytables:
            finding = paytable_deck_finding(wager.name, name, decks)
            assert (finding is None) == (name in tables(decks)), (wager.name, name, decks)


def test_633a_6_e_7_super_match_only_at_switch_from_its_own_check() -> None:
    offers = SideWagers.model_validate({"super_match": {}})
    rules = Rules(side_wagers=offers)
    assert [f.paragraph for f in rules.findings()][:1] == ["633a.6(e)(7)"]
    switch = Rules(variant="blackjack_switch", side_wagers=offers)
    assert all(f.paragraph != "633a.6(e)(7)" for f in switch.findings())


# --- one evaluate: the same answers as the per-wager evaluators -----------------------------------

_RANKS = "A23456789TJQK"
_ACES: tuple[Literal["high", "low"], ...] = ("high", "low")
_SUITS = "SHDC"
cards = st.builds(lambda r, s: Card.parse(r + s), st.sampled_from(_RANKS), st.sampled_from(_SUITS))


@st.composite
def contexts(draw: st.DrawFn) -> tuple[SideContext, Sequence[Card]]:
    """A box's cards, a dealer's hand, the filed options and picks; and the box's four cards."""
    box_cards = draw(st.lists(cards, min_size=4, max_size=4))
    dealer = draw(st.lists(cards, min_size=2, max_size=8))
    decks = draw(st.sampled_from([1, 2, 4, 6, 8]))
    context = SideContext(
        cards=tuple(box_cards[:2]),
        dealer=tuple(dealer),
        decks=decks,
        dealer_blackjack=draw(st.booleans()),
        final_total=draw(st.one_of(st.none(), st.integers(4, 30))),
        box=draw(st.integers(1, 7)),
        magic_card=draw(st.one_of(st.none(), cards)),
        lucky_box=draw(st.one_of(st.none(), st.integers(1, 7))),
    )
    return context, box_cards


def _with(context: SideContext, **changes: Any) -> SideContext:
    return dataclasses.replace(context, **changes)


@settings(max_examples=300, deadline=None)
@given(contexts(), st.data())
def test_one_evaluate_gives_the_per_wager_evaluators_answers(
    drawn: tuple[SideContext, Sequence[Card]], data: st.DataObject
) -> None:
    context, four = drawn
    first, second = context.cards
    up, dealer = context.dealer[0], context.dealer
    bj = context.dealer_blackjack

    def check(name: str, expected: Outcome, ctx: SideContext = context) -> None:
        assert side_wager(name).evaluate(ctx) == SideResult.of(expected), name

    check("lucky_ladies", lucky_ladies.evaluate(first, second, dealer_blackjack=bj))
    check("kings_bounty", kings_bounty.evaluate(first, second, dealer_blackjack=bj))
    table = match_the_dealer.table_for_decks(context.decks) or "6-deck"
    check("match_the_dealer", match_the_dealer.evaluate(first, second, up, table=table))
    ace = data.draw(st.sampled_from(_ACES))
    check(
        "in_between",
        in_between.evaluate(first, second, up, ace=ace),
        _with(context, offer=InBetween(ace=ace)),
    )
    royal = RoyalMatch21(
        paytable=data.draw(st.sampled_from(["A", "B", "C", "D", "E"])),
        crown_treasure=data.draw(st.booleans()),
    )
    check(
        "royal_match_21",
        royal_match_21.evaluate(
            first,
            second,
            paytable=royal.paytable,
            dealer_cards=(dealer[0], dealer[1]),
            crown_treasure=royal.crown_treasure,
        ),
        _with(context, offer=royal),
    )
    bet = BetTheSet21(paytable=data.draw(st.sampled_from(["A", "B", "C", "D"])))
    check(
        "bet_the_set_21",
        bet_the_set_21.evaluate(first, second, paytable=bet.paytable),
        _with(context, offer=bet),
    )
    table = super_match.table_for_decks(context.decks) or "6-deck"
    check("super_match", super_match.evaluate(four, table=table), _with(context, cards=tuple(four)))
    check("three_card_poker", three_card_poker.evaluate(first, second, up))
    check("hit_and_run", hit_and_run.evaluate(dealer))
    check("straight_jack", straight_jack.evaluate(first, second))
    check("house_money", house_money.evaluate(first, second))
    check("ez_bust", ez_bust.evaluate(dealer))
    offer = BadBeat(
        player_has_20=data.draw(st.booleans()),
        magic_card=data.draw(st.booleans()),
        lucky_player=data.draw(st.booleans()),
    )
    lines = []
    if context.final_total is not None:
        main = bad_beat.evaluate(
            context.final_total, dealer, player_has_20_line=offer.player_has_20
        )
        lines += [] if main is None else [main]
    magic, lucky = context.magic_card, context.lucky_box
    if offer.magic_card and magic is not None and bad_beat.magic_card(first, second, magic):
        lines.append(bad_beat.MAGIC_CARD_BONUS)
    if offer.lucky_player and lucky is not None and bad_beat.lucky_player(context.box, lucky):
        lines.append(bad_beat.LUCKY_PLAYER_BONUS)
    check("bad_beat", tuple(lines), _with(context, offer=offer))


# --- and the answers of small references written from the regulation ------------------------------


def _total(hand: Sequence[Card]) -> int:
    """633a.3(e): aces 1 or 11, whichever is best without going over 21."""
    total = sum(min(int(card.rank), 10) for card in hand)
    has_ace = any(int(card.rank) == 1 for card in hand)
    return total + 10 if has_ace and total + 10 <= 21 else total


def _blackjack(hand: Sequence[Card]) -> bool:
    return len(hand) == 2 and _total(hand) == 21


def _reference_lucky_ladies(first: Card, second: Card, dealer_bj: bool) -> str | None:
    """633a.13(c), 633a.1: only the highest line that fits."""
    if _total((first, second)) != 20:
        return None
    if first == second == Card.parse("QH"):
        return "queen_of_hearts_pair_and_dealer_blackjack" if dealer_bj else "queen_of_hearts_pair"
    if first == second:
        return "matched_20"
    return "suited_20" if first.suit == second.suit else "any_20"


def _reference_three_card_poker(hand: Sequence[Card]) -> str | None:
    """633a.6(e)(9): the ace high, or low in A-2-3 only; no wraparound."""
    values = sorted(14 if int(card.rank) == 1 else int(card.rank) for card in hand)
    straight = (values[2] - values[0] == 2 and len(set(values)) == 3) or values == [2, 3, 14]
    flush = len({card.suit for card in hand}) == 1
    if straight and flush:
        return "straight_flush"
    if len(set(values)) == 1:
        return "three_of_a_kind"
    return "straight" if straight else "flush" if flush else None


def _reference_hit_and_run(dealer: Sequence[Card]) -> str | None:
    """633a.6(e)(10), 633a.7(o)(2)(i), 633a.13(l)."""
    if _blackjack(dealer):
        return "dealer_blackjack"
    words = {5: "five", 6: "six", 7: "seven"}
    if len(dealer) < 5:
        return None
    return (
        f"dealer_{words[len(dealer)]}_cards"
        if len(dealer) in words
        else ("dealer_eight_or_more_cards")
    )


def _reference_ez_bust(dealer: Sequence[Card]) -> str | None:
    """633b.16(f): the dealer busts having drawn a third card or more."""
    return "dealer_busts" if len(dealer) >= 3 and _total(dealer) > 21 else None


def _line(result: SideResult) -> str | None:
    return "+".join(line.line for line in result.lines) or None


@settings(max_examples=400, deadline=None)
@given(contexts())
def test_one_evaluate_agrees_with_references_from_the_regulation(
    drawn: tuple[SideContext, Sequence[Card]],
) -> None:
    context, _ = drawn
    first, second = context.cards
    assert _line(side_wager("lucky_ladies").evaluate(context)) == _reference_lucky_ladies(
        first, second, context.dealer_blackjack
    )
    hand = (first, second, context.dealer[0])
    assert _line(side_wager("three_card_poker").evaluate(context)) == (
        _reference_three_card_poker(hand)
    )
    assert _line(side_wager("hit_and_run").evaluate(context)) == _reference_hit_and_run(
        context.dealer
    )
    assert _line(side_wager("ez_bust").evaluate(context)) == _reference_ez_bust(context.dealer)


# --- no other module keeps a table keyed by the wagers' names -------------------------------------

_OWNERS = SRC / "blackjack" / "side"


def _name_keyed_tables(path: Path) -> list[int]:
    names = set(NAMES)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = {
                key.value
                for key in node.keys
                if isinstance(key, ast.Constant) and isinstance(key.value, str)
            }
            if len(keys & names) >= 3:
                lines.append(node.lineno)
    return lines


def test_no_module_outside_the_side_package_keeps_a_table_keyed_by_side_wager_names() -> None:
    found = {
        str(path.relative_to(SRC)): lines
        for path in sorted(SRC.rglob("*.py"))
        if _OWNERS not in path.parents and (lines := _name_keyed_tables(path))
    }
    assert found == {}


def test_the_table_check_sees_a_name_keyed_table(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('NAMES = {"lucky_ladies": 1, "in_between": 2, "bad_beat": 3}\n')
    assert _name_keyed_tables(sample) == [1]
