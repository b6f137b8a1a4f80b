"""What `tablegames play` shows of the house rules: the Rules Submission's options (601a.2), the
side wagers offered with their paytables (633a.6(e), 633a.13, 633b.16) and progressive meters.

Paytables are the data of `tablegames.blackjack.side`; nothing here computes a payout.

>>> from tablegames.blackjack.side.lucky_ladies import PAYTABLE
>>> odds_text(PAYTABLE[0]), odds_text(PAYTABLE[-1])
('1,000 to 1', '4 to 1')
>>> rules = Rules(side_wagers={"lucky_ladies": {}, "match_the_dealer": {}})
>>> line_text(rules, "lucky_ladies", "any_20")
'Any 20, 4 to 1'
>>> line_text(rules, "match_the_dealer", "matching_card_same_suit+matching_card_different_suit")
'Each matching card of the same suit, 11 to 1 + Each matching card of a different suit, 4 to 1'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rich.table import Table as RichTable
from rich.text import Text

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.side import ez_bust
from tablegames.blackjack.side.registry import NAMES, PROGRESSIVE_NAMES, REGISTRY, side_wager
from tablegames.blackjack.variation import variation_of
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE
from tablegames.core.money import format_cents
from tablegames.core.paytable import Paytable, PaytableLine

# 633a.6(e)(1)-(12), 633b.16: the wagers' names as a player reads them (the registry's).
SIDE_NAMES: Final[Mapping[str, str]] = {wager.name: wager.short_label for wager in REGISTRY}
PROGRESSIVES: Final = PROGRESSIVE_NAMES  # 633a.13(j)(2), 633a.13(l)(2): metered
# 633b.16(i): a winning EZ Bust wager pays 1 to 1.
EZ_BUST_PAYTABLE: Final[Paytable] = ez_bust.PAYTABLE


def paytable(rules: Rules, wager: str) -> Paytable:
    """The paytable `wager` is settled on under `rules`, with only the optional lines offered."""
    offer = getattr(rules.side_wagers, wager, None) if wager in NAMES else None
    if offer is None:
        return ()
    return side_wager(wager).paytable(offer, rules.decks)


def odds_text(line: PaytableLine) -> str:
    """'4 to 1', '5 to 2', '1,000 for 1', '100% of meter' (633a.13)."""
    if line.odds is None:
        return "100% of meter"
    return f"{line.odds.numerator:,} {line.basis} {line.odds.denominator:,}"


def line_text(rules: Rules, wager: str, line: str) -> str:
    """The winning line(s) of a settlement ("any_20" or "a+b") as 'Any 20, 4 to 1'."""
    lines = {entry.line: entry for entry in paytable(rules, wager)}
    texts = []
    for name in line.split("+"):
        entry = lines.get(name)
        texts.append(f"{entry.label}, {odds_text(entry)}" if entry else name.replace("_", " "))
    return " + ".join(texts)


def wager_label(wager: str) -> str:
    """'Blackjack Wager', 'Double Wager', 'Lucky Ladies', 'EZ Bust', 'Switch Hands ante'."""
    if wager in SIDE_NAMES:
        return SIDE_NAMES[wager]
    if wager == SWITCH_HANDS_ANTE:
        return "Switch Hands ante"  # 633c.4(c)
    return f"{wager.replace('_', ' ').capitalize()} Wager"


def opening_meters(rules: Rules, meters: Mapping[str, int]) -> dict[str, int]:
    """The progressive meters now: the table's, else the filed initial amounts (633a.13(j)(2),
    633a.13(l)(2)) before the first round."""
    shown = {}
    for name in PROGRESSIVES:
        offer = getattr(rules.side_wagers, name)
        if offer is not None:
            shown[name] = meters.get(name, offer.reset)
    return shown


def meters_text(rules: Rules, meters: Mapping[str, int]) -> Text | None:
    """'Progressive meters: Bad Beat $5,000.00 · Hit and Run $1,000.00', None if none offered."""
    shown = opening_meters(rules, meters)
    if not shown:
        return None
    values = " · ".join(
        f"{SIDE_NAMES[name]} {format_cents(cents)}" for name, cents in shown.items()
    )
    cited = ", ".join(str(side_wager(name).meter_paragraph) for name in shown)
    return Text(f"Progressive meters: {values} ({cited})", style="magenta")


def rules_table(rules: Rules, boxes: int) -> RichTable:
    """The house rules in force, each non-Pennsylvania option marked with its paragraph, then
    the rules of the variation dealt at this table (`variant_lines`), each with its paragraph."""
    yes_no = {True: "yes", False: "no"}
    h17, obo = rules.dealer_hits_soft_17, rules.original_bets_only
    limit = "none" if rules.payout_limit is None else format_cents(rules.payout_limit)
    # What the variation changes in these rows, with the paragraph that changes it.
    changed = _variant_settings(rules)
    rows = [
        ("decks", "Decks", str(rules.decks)),
        ("shoe", "Shoe", rules.shoe.replace("_", " ")),
        ("dealer_hits_soft_17", "Dealer on soft 17", "hits (H17)" if h17 else "stands (S17)"),
        ("dealer_peeks", "Dealer checks for Blackjack", yes_no[rules.dealer_peeks]),
        ("late_surrender", "Late surrender", yes_no[rules.late_surrender]),
        ("double_after_split", "Double after split", yes_no[rules.double_after_split]),
        ("max_hands", "Max hands after splits", str(rules.max_hands)),
        ("resplit_aces", "Resplit aces", yes_no[rules.resplit_aces]),
        ("hit_split_aces", "Hit split aces", yes_no[rules.hit_split_aces]),
        ("blackjack_pays", "Blackjack pays", _ratio(rules)),
        ("even_money", "Even money", yes_no[rules.even_money]),
        ("original_bets_only", "Dealer BJ takes original bets only", yes_no[obo]),
        ("min_wager", "Table minimum", format_cents(rules.min_wager)),
        ("max_wager", "Table maximum", format_cents(rules.max_wager)),
        ("boxes", "Boxes you play", f"{boxes} of {rules.boxes}"),
    ]
    if rules.side_wagers.offered():
        # 633a.13(m): the aggregate limit on the pair-and-dealer-Blackjack lines.
        rows.append(("payout_limit", "Pair + dealer BJ payout limit", limit))
    non_pa = {finding.field: finding for finding in rules.non_pa()}
    title = "House rules (Rules Submission)"
    variant_title = VARIANT_TITLES.get(rules.variant)
    if variant_title is not None:
        title += f": {variant_title}"
    table = RichTable(title=title, title_justify="left")
    for column in ("Rule", "Setting", "Pennsylvania"):
        table.add_column(column)
    house_choices = ("min_wager", "max_wager", "boxes", "payout_limit")
    for field, label, value in rows:
        finding = non_pa.pop(field, None)
        if finding is not None:
            note = f"non-PA: {finding.message} ({finding.paragraph})"
            table.add_row(label, changed.get(field, (value,))[0], Text(note, style="bold red"))
        elif field in changed:
            # The variation's own rule, citing its paragraph instead of "PA".
            setting, paragraph = changed[field]
            table.add_row(label, setting, Text(paragraph, style="cyan"))
        else:
            house = field in house_choices  # the house's own choice
            table.add_row(label, value, Text("house limit" if house else "PA", style="dim green"))
    for finding in non_pa.values():  # any option the rows above do not name
        table.add_row(finding.field, "", Text(f"non-PA: {finding}", style="bold red"))
    lines = variant_lines(rules)
    if lines:
        table.add_section()
        for topic, text, paragraph in lines:
            table.add_row(topic, text, Text(paragraph, style="cyan"))
    return table


# The variations of 633a.12 and 633c.4 by the name the Rules Submission gives them.
VARIANT_TITLES: Final[Mapping[str, str]] = {
    "blackjack_switch": "Blackjack Switch (633a.12(a))",
    "switch_hands": "Switch Hands (633c.4)",
    "hand_dealt": "dealt from the hand (633a.12(b))",
}


def _variant_settings(rules: Rules) -> dict[str, tuple[str, str]]:
    """The main rows a variation changes, as field -> (setting, paragraph): the rows must not
    promise what this table does not do."""
    variation = variation_of(rules)
    if variation.switches_second_cards:
        changed = {
            # 633a.12(a)(5)(i): against a dealer's multi-card 21 a Blackjack pays 1 to 1.
            "blackjack_pays": (
                f"{_ratio(rules)}, but 1 to 1 against a dealer 21 of more than two cards",
                "633a.12(a)(5)(i)",
            ),
        }
        if rules.switch_surrender and rules.late_surrender:
            # The house reads 633a.9 as still applying (README, "Readings of the text").
            changed["late_surrender"] = ("yes (a house option at Switch)", "633a.9(a)")
        else:
            # 633a.12(a)(4) lists double, split, stand and draw, not surrender.
            changed["late_surrender"] = ("no: not a Switch decision", "633a.12(a)(4)")
        if rules.even_money:
            # Reading: the hands are not final until the switch decision, which comes later.
            changed["even_money"] = ("no: the switch decision comes later", "633a.12(a)(4)")
        return changed
    if variation.pays_premium_blackjacks:
        premium = rules.blackjack_premium
        who = "with the ante" if premium else "after switching"
        return {
            "blackjack_pays": (
                f"{_ratio(rules)}; a same suit or same colour Blackjack {who} 2 to 1",
                "633c.4(o)" if premium else "633c.4(i)",
            )
        }
    return {}


def variant_lines(rules: Rules) -> list[tuple[str, str, str]]:
    """The rules of the variation dealt at this table as (topic, rule, paragraph): what a player
    at a Blackjack Switch, Switch Hands or hand-dealt table must know. Empty at the standard
    game."""
    variation = variation_of(rules)
    if variation.switches_second_cards:
        return _switch_lines(rules)
    if variation.takes_switch_hands_ante:
        return _switch_hands_lines(rules)
    if variation.deals_face_down:
        return _hand_dealt_lines(rules)
    return []


def _switch_lines(rules: Rules) -> list[tuple[str, str, str]]:
    lines = [
        ("Two wagers", "two equal Blackjack Wagers, one on each of two hands", "633a.12(a)(1)"),
    ]
    if rules.side_wagers.super_match is not None:
        lines.append(("Super Match", "an optional wager on your first four cards", "633a.12(a)(2)"))
    lines += [
        ("Two hands", "two hands are dealt to each player", "633a.12(a)(3)"),
        ("Switch", "the second cards of your two hands may be switched", "633a.12(a)(4)"),
        ("Decisions", "then double, split, stand or draw on each hand", "633a.12(a)(4)"),
    ]
    # Surrender, even money and the 1 to 1 Blackjack are in the rows above.
    lines += [
        ("Both Blackjack", "your Blackjack ties a dealer Blackjack", "633a.12(a)(5)(ii)"),
        (
            "Switched Blackjack",
            "a Blackjack made by switching counts 21: it loses to a dealer Blackjack",
            "633a.12(a)(5)(iii)",
        ),
        (
            "Switched Blackjack",
            "and is returned against a dealer 21 or 22",
            "633a.12(a)(5)(iv)",
        ),
        (
            "Dealer 22",
            "a dealer 22 returns every hand of 21 or less (pushes all but busted hands)",
            "633a.12(a)(5)(v)",
        ),
    ]
    return lines


def _switch_hands_lines(rules: Rules) -> list[tuple[str, str, str]]:
    when = "before" if rules.switch_cards_dealt == "before" else "after"
    order = "633c.4(d)" if when == "before" else "633c.4(j)"
    lines = [("Wagers", "Blackjack Wagers in $5 increments", "633c.4(b)")]
    if rules.blackjack_premium:
        lines += [
            (
                "Ante",
                "optional: $1 for every $5 wagered, or play only Blackjack without it",
                "633c.4(k)-(l)",
            ),
        ]
    else:
        lines.append(("Ante", "$1 for every $5 wagered, with every wager", "633c.4(c)"))
    lines += [
        # The regulation pays nothing on the ante (README, "Readings of the text").
        ("Ante", "buys the switch cards; it is collected when you decide", "633c.4(c)"),
        (
            "Switch cards",
            f"two face-down switch cards, dealt {when} your Blackjack hand",
            order,
        ),
        (
            "Switch",
            "play your two dealt cards, or discard them and play the switch cards",
            "633c.4(f)",
        ),
        (
            "Decisions",
            "surrender, double down and split as usual",
            "633c.4(n)" if rules.blackjack_premium else "633c.4(h)",
        ),
    ]
    if rules.blackjack_premium:
        lines += [
            ("Pays", f"1 to 1; Blackjack {_ratio(rules)}", "633c.4(o)"),
            (
                "Both Blackjack",
                "your Blackjack against a dealer Blackjack pays 1 to 2",
                "633c.4(o)",
            ),
            (
                "Premium",
                "with the ante, a same suit or same colour Blackjack pays 2 to 1",
                "633c.4(o)",
            ),
        ]
        return lines
    lines += [
        ("Kept cards", f"1 to 1; Blackjack {_ratio(rules)}", "633c.4(i)(1)"),
        (
            "Switched",
            "a same suit or same colour Blackjack pays 2 to 1",
            "633c.4(i)(2)(i)",
        ),
    ]
    if rules.tie_blackjack_pays:
        lines.append(
            (
                "Both Blackjack",
                "after switching, your Blackjack against a dealer Blackjack pays 1 to 2",
                "633c.4(i)(2)(ii)",
            )
        )
    return lines


def _ratio(rules: Rules) -> str:
    return rules.blackjack_pays.replace(":", " to ")


def _hand_dealt_lines(rules: Rules) -> list[tuple[str, str, str]]:
    lines = [
        ("Decks", "at most two decks, dealt from the dealer's hand", "633a.12(b)(1)"),
        ("Shuffle", "by an automated shuffling device", "633a.12(b)(2)"),
        ("Burn", "the first card is burned before each round", "633a.12(b)(5)"),
        (
            "Your cards",
            "dealt face down; you may touch them and examine them with one hand",
            "633a.12(b)(5)-(6)",
        ),
        (
            "Turned over",
            "a surrender, double or split turns your two cards over",
            "633a.12(b)(6)(i)",
        ),
    ]
    if rules.dealer_peeks or not rules.original_bets_only:
        # Without the check (non-PA) and with original bets only, a busted hand waits so that
        # a dealer Blackjack takes only the original wager (633a.11(d)); so does the engine.
        lines.append(
            (
                "Bust",
                "a busted hand is discarded at once and its wager collected",
                "633a.12(b)(6)(ii)",
            )
        )
    lines.append(
        ("Settlement", "your cards are turned over when all wagers are settled", "633a.12(b)(9)")
    )
    return lines


def side_wagers_table(rules: Rules) -> RichTable | None:
    """Each side wager offered (633a.6(e), 633b.16): limits, options and paytable; None if none."""
    offers = rules.side_wagers
    names = offers.offered()
    if not names:
        return None
    table = RichTable(title="Side wagers offered (633a.6(e))", title_justify="left")
    for column in ("Side wager", "Limits", "Pays", "Paragraph"):
        table.add_column(column)
    for name in names:
        offer = getattr(offers, name)
        if name == "ez_bust":
            # 633b.16(c)-(d): after the deal, against a 2-6 up card, up to the initial wager.
            limits = "up to the Blackjack Wager, after the deal against a 2-6"
        else:
            limits = f"{format_cents(offer.min_wager)} to {format_cents(offer.max_wager)}"
        pays = "\n".join(f"{line.label}: {odds_text(line)}" for line in paytable(rules, name))
        notes = _options(rules, name)
        pays += f"\n{notes}" if notes else ""
        cited = side_wager(name).paytable_paragraph if name in NAMES else "633a.6(e)"
        table.add_row(SIDE_NAMES.get(name, name), limits, pays, cited)
    return table


def _options(rules: Rules, name: str) -> str:
    """The house's options for one side wager, as a dim note under its paytable."""
    offers = rules.side_wagers
    if name == "in_between" and offers.in_between is not None:
        return f"(the ace ranks {offers.in_between.ace}: the house's choice)"
    if name == "royal_match_21" and offers.royal_match_21 is not None:
        return f"(paytable {offers.royal_match_21.paytable}, 633a.13(f))"
    if name == "bet_the_set_21" and offers.bet_the_set_21 is not None:
        return f"(paytable {offers.bet_the_set_21.paytable}, 633a.13(g))"
    if name in PROGRESSIVES:
        offer = getattr(offers, name)
        rate = f"{offer.rate_bp / 100:g}%"
        return f"(meter resets to {format_cents(offer.reset)}; {rate} of each wager goes to it)"
    if name in NAMES and side_wager(name).filed_paytable:
        return "(no paytable in the regulation: the house's filed paytable)"
    if name == "ez_bust" and offers.ez_bust is not None and offers.ez_bust.push_when_no_live_hands:
        return "(pushes when every hand is a Blackjack or busted, 633b.16(g))"
    return ""
