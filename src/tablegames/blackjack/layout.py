"""What a Blackjack table's felt must say (633a.2(b), 633c.4(a)), as data (`GameModule.layout`).

Everything comes from the Rules Submission: the areas are the wagers the betting window takes
(the Blackjack Wager, the Switch Hands ante, each side wager offered), each with the paragraph
requiring it and its payouts from the paytable the table settles on (633a.2(b)(13)); the
inscriptions of 633a.2(b)(3) say what this table pays and how its dealer draws; a variation adds
its own (633a.2(b)(10), 633a.12(a)(5), 633c.4(a)); the payout limit is the filed one or the
generic inscription (633a.2(b)(14), 633a.13(m)).

Readings:

- EZ Bust (633b.16) is offered after the deal against a 2-6 up card (633b.16(c)) and the
  betting window refuses it with the Blackjack Wager, so it has no betting area; its payout is
  an inscription, since 633a.2(b)(13) asks for the odds of every permissible wager.
- The Switch Hands cards' place (633c.4(a)(2)) holds cards, not a wager: it is an inscription.
- Bad Beat, Straight Jack and House Money have no paragraph in 633a.2(b): Bad Beat's area cites
  633a.2(c) (an electronic wagering system at each betting position), the other two the
  paragraph authorizing them (633a.6(e)(11)-(12)).
- Progressive areas (locked out once the deal begins, 633a.2(c), 633a.2(d)(2)): Bad Beat, Hit
  and Run, and Straight Jack, which 633a.6(e)(11) and 633a.2(d) call a progressive wager placed
  through the progressive table game system.

>>> from tablegames.blackjack.rules import Rules
>>> felt = table_layout(Rules())
>>> [area.wager for area in felt.areas], felt.inscriptions[0].text
(['blackjack'], 'Blackjack pays 3 to 2')
>>> table_layout(Rules(side_wagers={"lucky_ladies": {}})).areas[1].pays[-1]
PayLine(line='Any 20', pays='4 to 1')
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Final

from tablegames.blackjack.rules import Rules
from tablegames.blackjack.side.registry import NAMES, side_wager
from tablegames.blackjack.variants import COLOURED_BLACKJACK, TIE_BLACKJACK
from tablegames.blackjack.variation import Variation, variation_of
from tablegames.blackjack.wagers import SWITCH_HANDS_ANTE
from tablegames.core.paytable import PaytableLine
from tablegames.core.table import Inscription, Layout, LayoutArea, PayLine, PayoutLimit

# The Blackjack Wager's name in the betting window, the server's `args.wager` and the events.
BLACKJACK_WAGER: Final = "blackjack"
GAME_ID: Final = "blackjack"


# Offered after the deal (633b.16(c)), not in the betting window: no area.
_AFTER_THE_DEAL: Final = frozenset(name for name in NAMES if side_wager(name).placed_after_the_deal)
_OPTIONAL: Final = " (optional)"  # the regulation's mark on a line the house may select


def table_layout(rules: Rules) -> Layout:
    """The felt of a table dealing `rules`."""
    variation = variation_of(rules)
    return Layout(
        game=GAME_ID,
        title=_title(rules, variation),
        areas=(
            _main_area(rules, variation),
            *_ante_area(rules, variation),
            *(_side_area(rules, name) for name in _side_areas_offered(rules)),
        ),
        inscriptions=_inscriptions(rules, variation),
        payout_limit=_payout_limit(rules),
    )


def _title(rules: Rules, variation: Variation) -> str:
    if variation.takes_switch_hands_ante:
        # 633c.4(k): Blackjack premium is a Switch Hands table whose ante is optional.
        return "Switch Hands Blackjack Premium" if rules.blackjack_premium else "Switch Hands"
    # 633a.2(b)(10): a Blackjack Switch table is designated as one.
    return variation.title


def ratio_text(odds: Fraction) -> str:
    """Odds as 633a.13(a) writes the Blackjack payout: '3 to 2', '1 to 2', '2 to 1'."""
    return f"{odds.numerator:,} to {odds.denominator:,}"


def line_text(line: PaytableLine) -> str:
    """A paytable line's payout as 633a.13 prints it: '2.5 to 1', '1,000 for 1', '100% of meter'.

    >>> from tablegames.core.paytable import pays_to
    >>> line_text(pays_to("suited_match", Fraction(5, 2), "Suited Match"))
    '2.5 to 1'
    """
    if line.odds is None:
        return "100% of meter"
    return f"{_decimal(line.odds)} {line.basis} 1"


def _decimal(odds: Fraction) -> str:
    # 633a.13(f)(2) prints "2.5 to 1": a ratio to 1, in decimals where they end.
    denominator = odds.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return f"{odds.numerator:,}/{odds.denominator:,}"
    value = Decimal(odds.numerator) / Decimal(odds.denominator)
    return f"{value.normalize():,f}"


def _main_area(rules: Rules, variation: Variation) -> LayoutArea:
    # 633a.13(a): every winning Blackjack Wager 1 to 1, a Blackjack at the filed odds.
    pays = [
        PayLine(line="Winning Blackjack Wager", pays="1 to 1"),
        PayLine(line="Blackjack", pays=ratio_text(rules.blackjack_ratio)),
    ]
    if variation.natural_pays_even_against_dealer_21:
        # 633a.12(a)(5)(i): against a dealer's 21 in more than two cards, 1 to 1.
        pays.append(
            PayLine(line="Blackjack against a dealer 21 of three or more cards", pays="1 to 1")
        )
    if variation.pays_premium_blackjacks:
        # 633c.4(i)(2)(i): a switched hand's same suit or same color Blackjack pays 2 to 1;
        # 633c.4(o): at a premium table, that of any player who placed the ante.
        who = "with the ante" if rules.blackjack_premium else "after switching hands"
        pays.append(
            PayLine(
                line=f"Same suit or same color Blackjack {who}",
                pays=ratio_text(COLOURED_BLACKJACK),
            )
        )
        tie = _tie_blackjack(rules)
        if tie is not None:
            pays.append(PayLine(line=tie, pays=ratio_text(TIE_BLACKJACK)))
    if variation.hands_per_box == 2:
        # 633a.2(b)(10)(i): two areas for the two equal Blackjack Wagers of each player.
        paragraph, count = "633a.2(b)(10)(i)", 2
    else:
        # 633a.2(b)(2): a separate area for each player's Blackjack Wager.
        paragraph, count = "633a.2(b)(2)", 1
    return LayoutArea(
        wager=BLACKJACK_WAGER,
        label="Blackjack Wager",
        paragraph=paragraph,
        count=count,
        pays=tuple(pays),
    )


def _tie_blackjack(rules: Rules) -> str | None:
    """The line of a Blackjack tied with the dealer's that pays 1 to 2, where one does."""
    if rules.blackjack_premium:
        return "Blackjack against a dealer Blackjack"  # 633c.4(o): every player
    if rules.tie_blackjack_pays:
        # 633c.4(i)(2)(ii): a switched player's, if the Rules Submission says so.
        return "Blackjack against a dealer Blackjack after switching hands"
    return None


def _ante_area(rules: Rules, variation: Variation) -> tuple[LayoutArea, ...]:
    if not variation.takes_switch_hands_ante:
        return ()
    # 633c.4(a)(1): a separate area for each player's switch hands ante, inscribed
    # "ante $1 for every $5 bet." The ante buys the switch (633c.4(c)): it is not paid.
    label = "Switch Hands Ante: ante $1 for every $5 bet"
    if rules.blackjack_premium:
        label += " (optional)"  # 633c.4(l): at a premium table the ante is optional
    return (LayoutArea(wager=SWITCH_HANDS_ANTE, label=label, paragraph="633c.4(a)(1)"),)


def _side_areas_offered(rules: Rules) -> list[str]:
    return [name for name in rules.side_wagers.offered() if name not in _AFTER_THE_DEAL]


def _side_area(rules: Rules, name: str) -> LayoutArea:
    wager = side_wager(name)
    if not wager.area_label:  # a side wager added to the registry without its felt
        raise KeyError(f"the {name} side wager has no betting area on the layout")
    return LayoutArea(
        wager=name,
        label=wager.area_label,
        paragraph=wager.area_paragraph,
        progressive=wager.area_locks_out,
        pays=tuple(
            PayLine(line=line.label.removesuffix(_OPTIONAL), pays=line_text(line))
            for line in _paytable(rules, name)
        ),
    )


def _paytable(rules: Rules, name: str) -> tuple[PaytableLine, ...]:
    """The lines `name` is settled on at this table: the filed paytable, or the one for the
    decks, with only the optional lines the house offers (633a.2(b)(13))."""
    return side_wager(name).paytable(getattr(rules.side_wagers, name), rules.decks)


def _inscriptions(rules: Rules, variation: Variation) -> tuple[Inscription, ...]:
    found = [
        # 633a.2(b)(3)(i): what this table pays a Blackjack (633a.13(a); the Rules Submission).
        Inscription(
            text=f"Blackjack pays {ratio_text(rules.blackjack_ratio)}",
            paragraph="633a.2(b)(3)(i)",
        ),
        # 633a.2(b)(3)(ii), 633a.13(b): every variation offers insurance (633a.8(a)).
        Inscription(text="Insurance pays 2 to 1", paragraph="633a.2(b)(3)(ii)"),
        # 633a.2(b)(3)(iii): the dealer's drawing rule, in the approved "similar language"
        # for a table whose dealer hits a soft 17 (a what-if option, 633a.7(m)).
        Inscription(
            text=(
                "Dealer shall draw to 16 and hit soft 17s"
                if rules.dealer_hits_soft_17
                else "Dealer shall draw to 16 and stand on all 17s"
            ),
            paragraph="633a.2(b)(3)(iii)",
        ),
    ]
    if variation.natural_pays_even_against_dealer_21:
        found.append(
            Inscription(
                text="Blackjack pays 1 to 1 against a dealer 21 of three or more cards",
                paragraph="633a.12(a)(5)(i)",
            )
        )
    if variation.dealer_22_pushes:
        # 633a.12(a)(5)(v): a dealer 22 returns every hand of 21 or less, a Blackjack too
        # (its point count is 21); only a busted hand loses.
        found.append(
            Inscription(
                text="Dealer 22 pushes every hand of 21 or less, Blackjack included",
                paragraph="633a.12(a)(5)(v)",
            )
        )
    if variation.takes_switch_hands_ante:
        # 633c.4(a)(2): a place for each player's two switch hand cards.
        found.append(Inscription(text="Switch hands cards", paragraph="633c.4(a)(2)"))
        # 633c.4(a)(3), in its words.
        found.append(
            Inscription(
                text=(
                    "Switch hands colored or suited Blackjacks pay "
                    f"{ratio_text(COLOURED_BLACKJACK)}"
                ),
                paragraph="633c.4(a)(3)",
            )
        )
        tie = _tie_blackjack(rules)
        if tie is not None:
            found.append(
                Inscription(
                    text=f"{tie} pays {ratio_text(TIE_BLACKJACK)}",
                    paragraph="633c.4(o)" if rules.blackjack_premium else "633c.4(i)(2)(ii)",
                )
            )
    for name in rules.side_wagers.offered():
        if name in _AFTER_THE_DEAL:
            # 633b.16(i) via 633a.2(b)(13): the odds of a wager with no area of its own.
            for line in _paytable(rules, name):
                found.append(
                    Inscription(
                        text=f"{side_wager(name).label} pays {line_text(line)}",
                        paragraph="633b.16(i)",
                    )
                )
    return tuple(found)


def _payout_limit(rules: Rules) -> PayoutLimit:
    """633a.2(b)(14): the limit filed under 633a.13(m), or the generic inscription."""
    if rules.payout_limit is None:
        return PayoutLimit(
            text="Game is subject to the posted payout limit",
            cents=None,
            paragraph="633a.2(b)(14)",
        )
    # 633a.13(m): one aggregate maximum per round for the pair-and-dealer-Blackjack lines.
    lines = [
        line.label
        for name in rules.side_wagers.offered()
        for line in _paytable(rules, name)
        if line.line in side_wager(name).limited_lines
    ]
    text = f"Payout limit {_dollars(rules.payout_limit)} per round"
    if lines:
        text += f", all winning hands together, on {' and '.join(lines)}"
    return PayoutLimit(text=text, cents=rules.payout_limit, paragraph="633a.2(b)(14)")


def _dollars(cents: int) -> str:
    dollars, rest = divmod(cents, 100)
    return f"${dollars:,}" if rest == 0 else f"${dollars:,}.{rest:02d}"
