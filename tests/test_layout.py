"""`GameModule.layout`: what a table's felt must say (633a.2(b), 633c.4(a), 623b.5), as the JSON
document the browser draws from (`GET /api/tables/{id}/layout`).

Reference values are the regulation's words, quoted in each test; the areas are checked against
what the table's own betting window offers, for every preset of every game and the server's
default tables.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from tablegames.blackjack.events import WagerSettled
from tablegames.blackjack.game import GAME as BLACKJACK
from tablegames.blackjack.side.registry import NAMES, REGISTRY
from tablegames.core.errors import RulesError
from tablegames.core.rng import SeededRandom
from tablegames.core.table import Command, GameModule
from tablegames.craps.game import GAME as CRAPS
from tablegames.games import find_game, game_ids
from tablegames.server.tables_file import DEFAULT_TABLES

LAYOUT_KEYS = {"game", "title", "areas", "inscriptions", "payout_limit"}
AREA_KEYS = {"wager", "label", "paragraph", "progressive", "count", "pays"}
EVERY_SIDE_WAGER: dict[str, Any] = {
    "preset": "pa-6deck-side-wagers",  # every side wager a six-deck table offers together
}

# Every preset of every game, the server's default tables, and a few tables the presets miss.
TABLES: list[tuple[str, dict[str, Any]]] = [
    *((game, {"preset": name}) for game in game_ids() for name in find_game(game).presets()),
    *((spec.game, spec.rules_mapping()) for spec in DEFAULT_TABLES),
    ("blackjack", {"preset": "pa-switch-hands-premium", "blackjack_premium": False}),
    ("blackjack", {"preset": "pa-8deck", "side_wagers": {"match_the_dealer": {}}}),
    ("craps", {"wagers": {"hard_4": {"offered": False}, "ce": {"offered": False}}}),
]


def _ids(table: tuple[str, Mapping[str, Any]]) -> str:
    return f"{table[0]}-{json.dumps(table[1], sort_keys=True)}"


def _layout(game: str, rules: Mapping[str, Any]) -> dict[str, Any]:
    return dict(find_game(game).layout(rules))


def _blackjack(**rules: Any) -> dict[str, Any]:
    return dict(BLACKJACK.layout(rules))


def _texts(layout: Mapping[str, Any]) -> dict[str, str]:
    """Each inscription's text, with the paragraph it cites."""
    return {item["text"]: item["paragraph"] for item in layout["inscriptions"]}


def _area(layout: Mapping[str, Any], wager: str) -> dict[str, Any]:
    found = [area for area in layout["areas"] if area["wager"] == wager]
    assert len(found) == 1, f"one {wager} area, not {len(found)}"
    return dict(found[0])


def _pays(area: Mapping[str, Any]) -> dict[str, str]:
    return {line["line"]: line["pays"] for line in area["pays"]}


def _window_offers(game: str, rules: Mapping[str, Any]) -> list[Any]:
    module = find_game(game)
    table = module.open_table(module.rules_from_mapping(rules), random=SeededRandom.from_seed(7))
    return list(table.open_betting().offers(1))


# --- the document and its areas -------------------------------------------------------------


@pytest.mark.parametrize("table", TABLES, ids=_ids)
def test_633a_2_b_areas_are_the_wagers_the_betting_window_takes(
    table: tuple[str, dict[str, Any]],
) -> None:
    """633a.2(b)(2), (4)-(12): a separate area for each wager a player places; 633a.6(a): wagers
    are made "on the appropriate areas of the Blackjack layout". Every area takes a wager the
    betting window offers (its `wager` is the window's action, the server's `args.wager`) and
    every wager the window takes has one. An offer without amount bounds is EZ Bust's, which
    the window refuses before the deal (633b.16(c)): an option, not an area."""
    game, rules = table
    layout = _layout(game, rules)
    assert set(layout) == LAYOUT_KEYS
    assert layout["game"] == game
    json.dumps(layout)  # plain JSON data
    offers = _window_offers(game, rules)
    bettable = [offer.action for offer in offers if offer.low is not None]
    assert sorted(area["wager"] for area in layout["areas"]) == sorted(bettable)
    assert {offer.action for offer in offers if offer.low is None} <= {"ez_bust"}
    for area in layout["areas"]:
        assert set(area) == AREA_KEYS
        assert area["label"]
        assert area["paragraph"]
        assert isinstance(area["progressive"], bool)
        assert isinstance(area["count"], int)
        assert area["count"] >= 1
        assert all(set(line) == {"line", "pays"} for line in area["pays"])
    if game == "blackjack":
        assert layout["areas"][0]["wager"] == "blackjack"  # the main wager first


def test_every_game_module_gives_its_layout_from_rules_or_a_mapping() -> None:
    """The table protocol's `layout` (issue: the browser's felt) on both games: the rules
    object or a mapping of them; rules that do not validate are refused."""
    for game in game_ids():
        module = find_game(game)
        assert isinstance(module, GameModule)
        rules = module.rules_from_mapping({})
        assert module.layout(rules) == module.layout({})
    with pytest.raises(RulesError):
        BLACKJACK.layout({"decks": 99})
    with pytest.raises(RulesError):
        CRAPS.layout({"level_1_probability": 2})


def test_633b_16_c_ez_bust_is_an_option_after_the_deal_not_a_betting_area() -> None:
    """633b.16(c): "A patron shall have the option to place an EZ Bust Blackjack wager if after
    dealing the initial two cards to the dealer's hand ... the dealer's up card is a two,
    three, four, five or six." The window lists it without bounds and refuses it with the
    Blackjack Wager, so it has no area; 633b.16(i): "Winning EZ Bust Blackjack wagers shall be
    paid at odds of 1 to 1", inscribed since 633a.2(b)(13) asks for every wager's odds."""
    rules: dict[str, Any] = {"side_wagers": {"ez_bust": {}}}
    offers = {offer.action: offer for offer in _window_offers("blackjack", rules)}
    assert (offers["ez_bust"].low, offers["ez_bust"].high) == (None, None)
    betting = BLACKJACK.open_table(rules, random=SeededRandom.from_seed(1)).open_betting()
    bet = Command(
        player="ann", spot=1, action="blackjack", amount=1000, args={"side": {"ez_bust": 500}}
    )
    refusal = betting.refusal(bet)
    assert refusal is not None
    assert "633b.16(c)" in refusal
    layout = _blackjack(**rules)
    assert [area["wager"] for area in layout["areas"]] == ["blackjack"]
    assert _texts(layout)["EZ Bust Blackjack pays 1 to 1"] == "633b.16(i)"
    assert "EZ Bust Blackjack pays 1 to 1" not in _texts(_blackjack())


def test_633a_2_b_2_a_separate_area_for_the_blackjack_wager() -> None:
    """633a.2(b)(2): "A separate betting area designated for the placement of the Blackjack
    Wager for each player." 633a.13(a): "each winning Blackjack Wager at odds of 1 to 1 with
    the exception of Blackjack which shall be paid at odds of 3 to 2."""
    area = _area(_blackjack(), "blackjack")
    assert (area["label"], area["paragraph"], area["count"]) == (
        "Blackjack Wager",
        "633a.2(b)(2)",
        1,
    )
    assert _pays(area) == {"Winning Blackjack Wager": "1 to 1", "Blackjack": "3 to 2"}
    assert area["progressive"] is False


# --- 633a.2(b)(3): the three inscriptions ---------------------------------------------------


@pytest.mark.parametrize("preset", BLACKJACK.presets())
def test_633a_2_b_3_i_blackjack_pays_3_to_2(preset: str) -> None:
    """633a.2(b)(3)(i): the layout contains the inscription "Blackjack pays 3 to 2."; every
    preset pays a Blackjack so (633a.13(a), 633c.4(i)(1))."""
    assert _texts(_blackjack(preset=preset))["Blackjack pays 3 to 2"] == "633a.2(b)(3)(i)"


@pytest.mark.parametrize(("pays", "text"), [("6:5", "6 to 5"), ("1:1", "1 to 1")])
def test_633a_2_b_3_i_the_inscription_says_what_the_table_pays(pays: str, text: str) -> None:
    """633a.2(b)(3)(i) with a what-if Blackjack payout (633a.13(a) allows only 3 to 2, so such a
    table never opens live): the felt says what the table pays, never a 3 to 2 it does not."""
    layout = _blackjack(blackjack_pays=pays)
    texts = _texts(layout)
    assert texts[f"Blackjack pays {text}"] == "633a.2(b)(3)(i)"
    assert "Blackjack pays 3 to 2" not in texts
    assert _pays(_area(layout, "blackjack"))["Blackjack"] == text


@pytest.mark.parametrize("preset", BLACKJACK.presets())
def test_633a_2_b_3_ii_insurance_pays_2_to_1(preset: str) -> None:
    """633a.2(b)(3)(ii): "Insurance pays 2 to 1."; 633a.8(a) offers insurance whenever the
    dealer's first card is an ace, at every variation."""
    assert _texts(_blackjack(preset=preset))["Insurance pays 2 to 1"] == "633a.2(b)(3)(ii)"


def test_633a_2_b_3_iii_dealer_draw_rule_follows_soft_17_rule() -> None:
    """633a.2(b)(3)(iii): "Dealer shall draw to 16 and stand on all 17s or other similar
    language approved by the Executive Director"; a table whose dealer hits soft 17 (a what-if
    option against 633a.7(m)) says that instead."""
    stands = _texts(_blackjack())
    assert stands["Dealer shall draw to 16 and stand on all 17s"] == "633a.2(b)(3)(iii)"
    hits = _texts(_blackjack(dealer_hits_soft_17=True))
    assert hits["Dealer shall draw to 16 and hit soft 17s"] == "633a.2(b)(3)(iii)"
    assert "Dealer shall draw to 16 and stand on all 17s" not in hits


# --- 633a.2(b)(4)-(12), (c), (d): the side wager areas -----------------------------------------

# The area names of 633a.2(b)(4)-(12), and for the wagers it does not list, (c) and 633a.6(e).
SIDE_AREAS = {
    "lucky_ladies": ("Twenty Point Bonus Wager", "633a.2(b)(4)"),
    "match_the_dealer": ("Match-the-Dealer Wager", "633a.2(b)(5)"),
    "in_between": ("In Between Wager", "633a.2(b)(6)"),
    "royal_match_21": ("Royal Match 21 Wager", "633a.2(b)(7)"),
    "bet_the_set_21": ("Bet the Set 21 Wager", "633a.2(b)(8)"),
    "kings_bounty": ("King's Bounty Wager", "633a.2(b)(9)"),
    "super_match": ("Super Match Wager", "633a.2(b)(10)(ii)"),
    "bad_beat": ("Bad Beat Progressive Wager", "633a.2(c)"),
    "three_card_poker": ("Three Card Poker Wager", "633a.2(b)(11)"),
    "hit_and_run": ("Hit and Run Progressive Wager", "633a.2(b)(12)"),
    "straight_jack": ("Straight Jack Progressive Wager", "633a.6(e)(11)"),
    "house_money": ("House Money Wager", "633a.6(e)(12)"),
}


@pytest.mark.parametrize("wager", sorted(SIDE_AREAS))
def test_633a_2_b_4_to_12_side_wager_areas_carry_the_regulation_names(wager: str) -> None:
    """633a.2(b)(4)-(12): "If the certificate holder offers the Lucky Ladies Twenty Point Bonus
    Wager ..., a separate area designated for the placement of the Twenty Point Bonus Wager
    for each player" and so on for each wager; 633a.2(c): "Each betting position must contain
    an electronic wagering system for the placement of the Bad Beat Progressive Wager";
    Straight Jack and House Money (633a.6(e)(11)-(12)) have no layout paragraph."""
    rules = {"preset": "pa-blackjack-switch"} if wager == "super_match" else EVERY_SIDE_WAGER
    area = _area(_blackjack(**rules), wager)
    assert (area["label"], area["paragraph"]) == SIDE_AREAS[wager]
    assert area["count"] == 1
    assert area["pays"], "633a.2(b)(13): the payouts of every permissible wager"


def test_633a_6_e_every_side_wager_has_an_area_or_is_placed_after_the_deal() -> None:
    """633a.6(e)(1)-(12): every side wager the registry knows has its area, but EZ Bust,
    offered after the deal (633b.16(c)): a wager added without its felt fails here."""
    after = {wager.name for wager in REGISTRY if wager.placed_after_the_deal}
    assert after == {"ez_bust"}
    assert set(SIDE_AREAS) | after == set(NAMES)
    layout = _blackjack(**EVERY_SIDE_WAGER)
    wagers = [area["wager"] for area in layout["areas"]]
    # 633a.6(e)'s order on the felt, after the Blackjack Wager.
    assert wagers == [
        "blackjack",
        *(name for name in NAMES if name in SIDE_AREAS and name != "super_match"),
    ]


def test_633a_2_d_2_progressive_areas_are_marked() -> None:
    """633a.2(d)(2): the progressive system has "a mechanism, such as a lock-out button, that
    prevents the placement of any Hit and Run Progressive Wagers that a player attempts to place
    after the dealer has begun dealing the cards"; 633a.2(d) places Straight Jack Progressive
    Wagers (633a.6(e)(11)) through the same system. The browser locks these areas out."""
    layout = _blackjack(**EVERY_SIDE_WAGER)
    marked = {area["wager"] for area in layout["areas"] if area["progressive"]}
    assert marked == {"bad_beat", "hit_and_run", "straight_jack"}
    metered = {wager.name for wager in REGISTRY if wager.is_progressive}
    assert metered <= marked


def test_633a_2_c_bad_beat_is_placed_through_a_locked_out_system() -> None:
    """633a.2(c): the Bad Beat system "must include a mechanism, such as a lock-out button, that
    prevents the placement of any Bad Beat Progressive Wagers that a player attempts to place
    after the dealer has begun dealing the cards." """
    area = _area(_blackjack(side_wagers={"bad_beat": {}}), "bad_beat")
    assert (area["paragraph"], area["progressive"]) == ("633a.2(c)", True)


# --- 633a.2(b)(13): the payouts, from the table's paytables ------------------------------------


def test_633a_2_b_13_paytables_come_from_the_rules() -> None:
    """633a.2(b)(13): "Inscriptions that advise patrons of the payout odds or amounts for all
    permissible wagers offered". Each area's payouts are the paytable the table settles on:
    633a.13(f)(2) Royal Match "Paytable C ... 30 to 1, Paytable D ... 25 to 1", Suited Match
    "2.5 to 1"; 633a.13(g)(3) Bet the Set Suited Pairs "15 to 1" (C) or "12 to 1" (D);
    633a.13(d) Match-the-Dealer same suit "11 to 1" (six decks) or "14 to 1" (eight)."""

    def pays(wager: str, **rules: Any) -> dict[str, str]:
        return _pays(_area(_blackjack(**rules), wager))

    royal_c = pays("royal_match_21", side_wagers={"royal_match_21": {"paytable": "C"}})
    royal_d = pays("royal_match_21", side_wagers={"royal_match_21": {"paytable": "D"}})
    assert (royal_c["Royal Match"], royal_d["Royal Match"]) == ("30 to 1", "25 to 1")
    assert royal_c["Suited Match"] == "2.5 to 1"
    assert royal_c["Crown Treasure"] == "1,000 for 1"
    # 633a.7(g)(4): the Crown Treasure Bonus "if offered by the certificate holder".
    no_crown = {"royal_match_21": {"paytable": "C", "crown_treasure": False}}
    assert "Crown Treasure" not in pays("royal_match_21", side_wagers=no_crown)
    set_c = pays("bet_the_set_21", side_wagers={"bet_the_set_21": {"paytable": "C"}})
    set_d = pays("bet_the_set_21", side_wagers={"bet_the_set_21": {"paytable": "D"}})
    assert (set_c["Suited Pairs"], set_d["Suited Pairs"]) == ("15 to 1", "12 to 1")
    six = pays("match_the_dealer", side_wagers={"match_the_dealer": {}})
    eight = pays("match_the_dealer", decks=8, side_wagers={"match_the_dealer": {}})
    assert six["Each matching card of the same suit"] == "11 to 1"
    assert eight["Each matching card of the same suit"] == "14 to 1"


def test_633a_13_j_bad_beat_prints_only_the_optional_lines_the_house_selects() -> None:
    """633a.13(j)(1): "Player has a 20 (optional) 1 for 1 Magic Card Bonus (optional) 20 for 1
    Lucky Player Bonus (optional) 5 for 1", and "21 with seven or more cards 100% of meter"."""
    plain = _pays(_area(_blackjack(side_wagers={"bad_beat": {}}), "bad_beat"))
    assert plain["Player has a 20 and dealer has 21 with seven or more cards"] == "100% of meter"
    assert plain["Player has a 20 and dealer has Blackjack"] == "10 for 1"
    assert not {"Player has a 20", "Magic Card Bonus", "Lucky Player Bonus"} & set(plain)
    every = {"player_has_20": True, "magic_card": True, "lucky_player": True}
    full = _pays(_area(_blackjack(side_wagers={"bad_beat": every}), "bad_beat"))
    assert (full["Player has a 20"], full["Magic Card Bonus"], full["Lucky Player Bonus"]) == (
        "1 for 1",
        "20 for 1",
        "5 for 1",
    )


# --- 633a.2(b)(14): the payout limit ------------------------------------------------------------


def test_633a_2_b_14_payout_limit_inscribed() -> None:
    """633a.2(b)(14): "An inscription indicating the payout limit per hand established by the
    certificate holder under § 633a.13(m) ... or a generic inscription indicating the game is
    subject to the posted payout limit." 633a.13(m): the maximum "payable to a player with a
    queen of hearts pair and dealer Blackjack or king of spades pair and dealer Blackjack that
    is payable to all winning hands in the aggregate on a single round of play"."""
    generic = _blackjack()["payout_limit"]
    assert generic == {
        "text": "Game is subject to the posted payout limit",
        "cents": None,
        "paragraph": "633a.2(b)(14)",
    }
    side: dict[str, Any] = {"lucky_ladies": {}, "kings_bounty": {}}
    filed = _blackjack(side_wagers=side, payout_limit=100_000_000)["payout_limit"]
    assert (filed["cents"], filed["paragraph"]) == (100_000_000, "633a.2(b)(14)")
    assert "$1,000,000" in filed["text"]
    assert "Queen of hearts pair and dealer Blackjack" in filed["text"]
    assert "King of spades pair and dealer Blackjack" in filed["text"]
    only_ladies = _blackjack(side_wagers={"lucky_ladies": {}}, payout_limit=50_000_000)
    assert "King of spades" not in only_ladies["payout_limit"]["text"]


# --- 633a.2(b)(10), 633a.12(a): Blackjack Switch ------------------------------------------------


def test_633a_2_b_10_switch_table_has_two_wager_areas_and_super_match() -> None:
    """633a.2(b)(10): "the table must be designated for play as a Blackjack Switch table and
    contain: (i) Two separate areas designated for the placement of the two equal Blackjack
    Wagers for each player. (ii) A separate area designated for the placement of the Super
    Match Wager". 633a.13(i)(1), six decks: "Four-of-a-kind 40 to 1 Two pair 8 to 1
    Three-of-a-kind 5 to 1 Pair 1 to 1"."""
    layout = _blackjack(preset="pa-blackjack-switch")
    assert layout["title"] == "Blackjack Switch"
    main = _area(layout, "blackjack")
    assert (main["paragraph"], main["count"]) == ("633a.2(b)(10)(i)", 2)
    super_match = _area(layout, "super_match")
    assert super_match["paragraph"] == "633a.2(b)(10)(ii)"
    assert _pays(super_match) == {
        "Four-of-a-kind": "40 to 1",
        "Two pair": "8 to 1",
        "Three-of-a-kind": "5 to 1",
        "Pair": "1 to 1",
    }


def test_633a_12_a_5_switch_payouts_are_inscribed() -> None:
    """633a.12(a)(5): "(i) Has a total point count of 21 in more than two cards and the player
    has Blackjack, the winning Blackjack Wager shall be paid at odds of 1 to 1. ... (v) Has a
    total point count of 22 and a player's hand has a total point count of 21 or less, the
    player's Blackjack Wager shall be returned to the player." A Blackjack counts 21, so it is
    returned too: the engine settles it so (below), and the felt says so."""
    layout = _blackjack(preset="pa-blackjack-switch")
    texts = _texts(layout)
    against_21 = "Blackjack pays 1 to 1 against a dealer 21 of three or more cards"
    assert texts[against_21] == "633a.12(a)(5)(i)"
    pushes = "Dealer 22 pushes every hand of 21 or less, Blackjack included"
    assert texts[pushes] == "633a.12(a)(5)(v)"
    assert texts["Blackjack pays 3 to 2"] == "633a.2(b)(3)(i)"
    assert (
        _pays(_area(layout, "blackjack"))["Blackjack against a dealer 21 of three or more cards"]
        == "1 to 1"
    )
    for text in (against_21, pushes):
        assert text not in _texts(_blackjack())
    # The engine: a Blackjack (AS KS) against a dealer 22 (6C 6D TC) is returned.
    table = BLACKJACK.open_table(
        {"preset": "pa-blackjack-switch"}, random=SeededRandom.from_seed(2)
    )
    table.stack({"cards": ["AS", "TH", "6C", "KS", "8D", "6D", "TC"]})
    betting = table.open_betting()
    betting.place(Command(player="ann", spot=1, action="blackjack", amount=1000))
    round_ = table.start_round(betting)
    while not round_.is_complete:
        round_.apply(round_.on_timeout(round_.awaiting[0]))
    settled = [event for event in round_.events if isinstance(event, WagerSettled)]
    natural = next(event for event in settled if event.hand == 0)
    assert (natural.outcome, natural.returned, natural.paragraph) == (
        "push",
        1000,
        "633a.12(a)(5)(v)",
    )


# --- 633c.4(a): Switch Hands ------------------------------------------------------------------


@pytest.mark.parametrize("premium", [True, False])
def test_633c_4_a_switch_hands_layout(premium: bool) -> None:
    """633c.4(a): "in addition to the requirements in § 633a.2 ... shall contain: (1) A separate
    area for each player designated for the placement of the switch hands ante which contains
    the inscription 'ante $1 for every $5 bet.' (2) A separate area for each player designed
    for the placement of the switch hand cards. (3) An inscription advising that 'switch hands
    colored or suited Blackjacks pay 2 to 1.'" 633c.4(k)-(l): at a Blackjack premium table the
    ante is optional."""
    layout = _blackjack(preset="pa-switch-hands-premium", blackjack_premium=premium)
    ante = _area(layout, "switch_hands_ante")
    assert ante["paragraph"] == "633c.4(a)(1)"
    assert "ante $1 for every $5 bet" in ante["label"]
    assert ("optional" in ante["label"]) is premium
    assert ante["pays"] == []  # 633c.4(c): the ante buys the switch; it is not paid
    texts = {text.lower(): paragraph for text, paragraph in _texts(layout).items()}
    assert texts["switch hands cards"] == "633c.4(a)(2)"
    assert texts["switch hands colored or suited blackjacks pay 2 to 1"] == "633c.4(a)(3)"
    # 633a.2 applies too: 633c.4(i)(1) still pays a Blackjack 3 to 2.
    assert texts["blackjack pays 3 to 2"] == "633a.2(b)(3)(i)"
    assert layout["title"] == ("Switch Hands Blackjack Premium" if premium else "Switch Hands")
    for text in ("switch hands cards", "switch hands colored or suited blackjacks pay 2 to 1"):
        assert text not in {key.lower() for key in _texts(_blackjack())}


def test_633c_4_c_the_ante_area_takes_the_ante_the_window_checks() -> None:
    """633c.4(c): "a player shall place a switch hands ante equal to $1 for every $5 Blackjack
    wager placed": the area's wager rides on the Blackjack Wager and is checked against it."""
    rules = {"preset": "pa-switch-hands-premium"}
    betting = BLACKJACK.open_table(rules, random=SeededRandom.from_seed(1)).open_betting()
    ante = _area(_blackjack(**rules), "switch_hands_ante")["wager"]
    good = Command(
        player="ann", spot=1, action="blackjack", amount=2500, args={"side": {ante: 500}}
    )
    bad = Command(player="ann", spot=1, action="blackjack", amount=2500, args={"side": {ante: 300}})
    assert betting.refusal(good) is None
    refusal = betting.refusal(bad)
    assert refusal is not None
    assert "633c.4(c)" in refusal


def test_633c_4_o_premium_tie_blackjack_pays_1_to_2() -> None:
    """633c.4(o): "player Blackjack at odds of 3 to 2 unless both the dealer and player have
    Blackjack which shall pay out at odds of 1 to 2 provided that if the player placed a switch
    hands ante, the certificate holder shall pay a same suit or same color Blackjack at odds of
    2 to 1." 633c.4(i)(2)(ii): without the premium, a switched player's tie, if filed."""
    premium = _blackjack(preset="pa-switch-hands-premium")
    assert _texts(premium)["Blackjack against a dealer Blackjack pays 1 to 2"] == "633c.4(o)"
    pays = _pays(_area(premium, "blackjack"))
    assert pays["Blackjack against a dealer Blackjack"] == "1 to 2"
    assert pays["Same suit or same color Blackjack with the ante"] == "2 to 1"
    plain = _blackjack(preset="pa-switch-hands-premium", blackjack_premium=False)
    assert not any("1 to 2" in text for text in _texts(plain))
    filed = _blackjack(
        preset="pa-switch-hands-premium", blackjack_premium=False, tie_blackjack_pays=True
    )
    tie = "Blackjack against a dealer Blackjack after switching hands pays 1 to 2"
    assert _texts(filed)[tie] == "633c.4(i)(2)(ii)"


def test_633a_12_b_hand_dealt_table_is_designated_and_inscribed_as_blackjack() -> None:
    """633a.12(b): the hand-dealt game is Blackjack played by 633a.7 but for its dealing; its
    layout carries the 633a.2(b)(3) inscriptions like any other."""
    layout = _blackjack(preset="pa-hand-dealt-2deck")
    assert layout["title"] == "Hand-dealt Blackjack"
    assert {"Blackjack pays 3 to 2", "Insurance pays 2 to 1"} <= set(_texts(layout))


# --- craps Power Odds (623b.5) ------------------------------------------------------------------

# 623b.5(d), transcribed: each wager's Power Odds ("Wager Power Odds Any Craps Bet 10 to 1 or
# 14 to 1 ...").
POWER_ODDS = {
    "Any Craps": "10 to 1 or 14 to 1",
    "Any Seven": "6 to 1 or 8 to 1",
    "11 in One Roll": "22 to 1 or 30 to 1",
    **{
        label: "22 to 1 or 30 to 1"
        for label in (
            "One-Three or Ace-Trey on the Hop",
            "One-Four or Ace-Four on the Hop",
            "One-Five or Ace-Five on the Hop",
            "One-Six or Ace-Six on the Hop",
            "Two-Three or Deuce-Trey on the Hop",
            "Two-Four or Deuce-Four on the Hop",
            "Two-Five or Deuce-Five on the Hop",
            "Two-Six or Deuce-Six on the Hop",
            "Three-Four or Trey-Four on the Hop",
            "Three-Five or Trey-Five on the Hop",
            "Three-Six or Trey-Six on the Hop",
            "Four-Five on the Hop",
            "Four-Six on the Hop",
        )
    },
    "Four the Hardway on the Hop": "45 to 1 or 60 to 1",
    "Six the Hardway on the Hop": "45 to 1 or 60 to 1",
    "Eight the Hardway on the Hop": "45 to 1 or 60 to 1",
    "Ten the Hardway on the Hop": "45 to 1 or 60 to 1",
    "Horn bet (3, 11)": "22 to 1 or 30 to 1",
    "Horn Bet (2, 12)": "45 to 1 or 60 to 1",
    "C&E (2, 3, 12)": "4 to 1 or 6 to 1",
    "C&E (11)": "10 to 1 or 14 to 1",
    "Four the Hardway": "10 to 1 or 14 to 1",
    "Six the Hardway": "13 to 1 or 18 to 1",
    "Eight the Hardway": "13 to 1 or 18 to 1",
    "Ten the Hardway": "10 to 1 or 14 to 1",
}


def _craps(**rules: Any) -> dict[str, Any]:
    return dict(CRAPS.layout(rules))


def test_623b_5_d_every_eligible_wager_has_an_area_with_its_power_odds() -> None:
    """623b.5(d): "The following wagers shall be eligible for the increased Power Odds: Wager
    Power Odds Any Craps Bet 10 to 1 or 14 to 1 ..." Each area prints its base payout and the
    Power Odds of each of its lines, as the table lists them."""
    layout = _craps(preset="pa-power-odds")
    assert layout["title"] == "Craps with Power Odds"
    assert layout["payout_limit"] is None  # 623b.5 sets no payout limit
    power: dict[str, str] = {}
    for area in layout["areas"]:
        assert (area["paragraph"], area["progressive"], area["count"]) == ("623b.5(d)", False, 1)
        for line in area["pays"]:
            if line["line"].endswith(", Power Odds"):
                power[line["line"].removesuffix(", Power Odds")] = line["pays"]
    assert power == POWER_ODDS
    ce = _pays(_area(layout, "ce"))
    assert (ce["C&E (2, 3, 12)"], ce["C&E (11)"]) == ("3 to 1", "7 to 1")  # customary, net


def test_623b_5_c_the_selection_is_inscribed_where_power_odds_is_offered() -> None:
    """623b.5(c): "before the dice are thrown and the results known, the random number generator
    shall be initiated and shall display which bet or bets have been selected for which, if
    any, Power Odds increased payouts." 623b.5(a): Power Odds is offered "if specified in its
    Rules Submission": a table without it prints the base payouts only."""
    texts = _texts(_craps())
    assert list(texts.values()) == ["623b.5(c)"]
    assert "Power Odds" in next(iter(texts))
    plain = _craps(preset="pa-no-power-odds")
    assert plain["title"] == "Craps"
    assert plain["inscriptions"] == []
    assert not any("Power Odds" in line["line"] for area in plain["areas"] for line in area["pays"])


def test_623b_5_d_payouts_come_from_the_rules() -> None:
    """623b.5(b): the base payout is the house's (Chapter 623a, filed in the Rules Submission);
    623b.5(d): Power Odds "10 to 1 or 14 to 1". A level the house never selects (chance 0) is
    not printed; a wager taken off the layout has no area."""
    layout = _craps(
        wagers={
            "any_craps": {"base_odds": "6 to 1", "level_2_probability": 0},
            "hard_4": {"offered": False},
        }
    )
    pays = _pays(_area(layout, "any_craps"))
    assert pays == {"Any Craps": "6 to 1", "Any Craps, Power Odds": "10 to 1"}
    assert "hard_4" not in {area["wager"] for area in layout["areas"]}
