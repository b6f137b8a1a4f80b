"""docs/coverage.md: every subsection of 58 Pa. Code Chapter 633a with the modules that cite it
and the tests named after it (issue 14 §1), or why it asks nothing of software, or that it is
not implemented yet.

Regenerate it after citing or testing a subsection:

    .venv/bin/python scripts/coverage_633a.py > docs/coverage.md

tests/test_coverage_doc.py fails when the checked-in copy differs, and, where the regulation
texts are beside the project (`../shared/regs`), when `SUBSECTIONS` is not the list of lettered
subsections their text of 633a holds (`subsections_in`, run with `--check-regs DIR`).

A module covers a subsection when it cites it or one of its paragraphs (`# 633a.7(i)(1)`); a test
when its name (or a conformance file's) contains the subsection's name (`test_633a_7_i_...`), as
tests/test_paragraph_coverage.py reads names.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (subsection, its first words), in the order of the text (633a.1 holds definitions only).
SUBSECTIONS: tuple[tuple[str, str], ...] = (
    ("633a.2(a)", "Blackjack shall be played at a table having betting ..."),
    ("633a.2(b)", "The layout for a Blackjack table shall be submitted to the ..."),
    ("633a.2(c)", "If the certificate holder offers the Bad Beat Progressive ..."),
    ("633a.2(d)", "If a certificate holder offers the Hit and Run Progressive ..."),
    ("633a.2(e)", "Each Blackjack table must have a drop box and a tip box ..."),
    ("633a.2(f)", "Each Blackjack table must have a card reader device attached ..."),
    ("633a.2(g)", "Each Blackjack table must have a discard rack securely ..."),
    ("633a.2(h)", "When a double shoe is used at a Blackjack table, the height ..."),
    ("633a.3(a)", "Except as provided in subsections (b) and (c), Blackjack ..."),
    ("633a.3(b)", "If an automated card shuffling device is utilized, other ..."),
    ("633a.3(c)", "If a double shoe is utilized, Blackjack shall be played with ..."),
    ("633a.3(d)", "The decks of cards opened for use at a Blackjack table shall ..."),
    ("633a.3(e)", "The value of the cards shall be as follows:"),
    ("633a.4(a)", "After receiving one or more decks of cards at the table, the ..."),
    ("633a.4(b)", "After the cards are inspected, the cards shall be spread out ..."),
    ("633a.4(c)", "After the first player arriving at the table has been ..."),
    ("633a.4(d)", "If a double shoe is utilized, all decks that comprise one ..."),
    ("633a.4(e)", "If an automated shuffling device is utilized, other than a ..."),
    ("633a.4(f)", "If the decks of cards received at the table are preinspected ..."),
    ("633a.5(a)", "Immediately prior to commencement of play, unless the cards ..."),
    ("633a.5(b)", "After the cards have been shuffled and stacked, the dealer ..."),
    ("633a.5(c)", "The cut of the cards shall be offered to players in the ..."),
    ("633a.5(d)", "The player or dealer making the cut shall place the cover ..."),
    ("633a.5(e)", "After the cards have been cut and before the cards have been ..."),
    ("633a.5(f)", "A reshuffle of the cards in the shoe shall take place after ..."),
    ("633a.5(g)", "If there is no gaming activity at a Blackjack table which is ..."),
    ("633a.5(h)", "A certificate holder may utilize a dealing shoe or other ..."),
    ("633a.6(a)", "Wagers at Blackjack shall be made by placing value chips, ..."),
    ("633a.6(b)", "After the cards have been shuffled as required under § ..."),
    ("633a.6(c)", "All wagers, except an Insurance Wager under § 633a.8 ..."),
    ("633a.6(d)", "To participate in a round of play and compete against the ..."),
    ("633a.6(e)", "A certificate holder may, if specified in its Rules ..."),
    ("633a.6(f)", "The certificate holder shall specify in its Rules Submission ..."),
    ("633a.7(a)", "Except as provided in § 633a.12(b) (relating to Blackjack ..."),
    ("633a.7(b)", "Each card shall be removed from the dealing shoe with the ..."),
    ("633a.7(c)", "After each full batch of cards is placed in the shoe, the ..."),
    ("633a.7(d)", "If a double shoe is utilized, the following procedures shall ..."),
    ("633a.7(e)", "If the cover card appears as the first card in the dealing ..."),
    ("633a.7(f)", "At the commencement of each round of play, or immediately ..."),
    ("633a.7(g)", "Immediately after the second card is dealt to each player ..."),
    ("633a.7(h)", "After settling the player's optional wagers in accordance ..."),
    ("633a.7(i)", "After the procedures in subsection (h) have been completed, ..."),
    ("633a.7(j)", "As each player indicates his decision, the dealer shall deal ..."),
    ("633a.7(k)", "A player may elect to draw additional cards whenever his ..."),
    ("633a.7(l)", "After the decisions of each player have been implemented and ..."),
    ("633a.7(m)", "Except as provided in subsection (n), the dealer shall draw ..."),
    ("633a.7(n)", "A dealer shall draw no additional cards to his hand, ..."),
    ("633a.7(o)", "After all additional cards have been dealt to the players ..."),
    ("633a.7(p)", "A player shall win the Blackjack Wager and be paid in ..."),
    ("633a.7(q)", "A Blackjack Wager shall tie and be returned to the player if ..."),
    ("633a.7(r)", "The dealer shall collect all losing wagers and pay off all ..."),
    ("633a.7(s)", "After all wagers have been settled, the dealer shall remove ..."),
    ("633a.7(t)", "Except as provided in § 633a.12(b), players and spectators ..."),
    ("633a.8(a)", "If the first card dealt to the dealer is an ace, each player ..."),
    ("633a.8(b)", "An Insurance Wager may be made by placing a value chip on ..."),
    ("633a.8(c)", "Winning Insurance Wagers shall be paid in accordance with ..."),
    ("633a.8(d)", "Losing Insurance Wagers shall be collected by the dealer ..."),
    ("633a.8(e)", "Notwithstanding the requirements of subsection (a)—(d), a ..."),
    ("633a.9(a)", "After the first two cards are dealt to the player, the ..."),
    ("633a.9(b)", "If the player has made an Insurance Wager and then elects to ..."),
    ("633a.10(a)", "Except when a player has a Blackjack, a player may elect to ..."),
    ("633a.10(b)", "If a dealer obtains Blackjack after a player makes a Double ..."),
    ("633a.10(c)", "Upon a player's election to make a Double Down Wager, the ..."),
    ("633a.11(a)", "If the initial two cards dealt to a player are identical in ..."),
    ("633a.11(b)", "When a player splits pairs, the dealer shall deal a card to ..."),
    ("633a.11(c)", "After a second card is dealt to each split pair hand, the ..."),
    ("633a.11(d)", "If the dealer obtains Blackjack after a player splits pairs, ..."),
    ("633a.12(a)", "A certificate holder may, if specified in its Rules ..."),
    ("633a.12(b)", "A certificate holder may, if specified in its Rules ..."),
    ("633a.13(a)", "The certificate holder shall pay each winning Blackjack ..."),
    ("633a.13(b)", "The certificate holder shall pay out winning Insurance ..."),
    ("633a.13(c)", "The certificate holder shall pay out winning Lucky Ladies ..."),
    ("633a.13(d)", "The certificate holder shall pay out winning ..."),
    ("633a.13(e)", "The certificate holder shall pay out winning In Between ..."),
    ("633a.13(f)", "The certificate holder shall pay out winning Royal Match 21 ..."),
    ("633a.13(g)", "The certificate holder shall pay out winning Bet the Set 21 ..."),
    ("633a.13(h)", "The certificate holder shall pay out winning King's Bounty ..."),
    ("633a.13(i)", "The certificate holder shall pay out winning Super Match ..."),
    ("633a.13(j)", "If a certificate holder offers the Bad Beat Progressive ..."),
    ("633a.13(k)", "The certificate holder shall pay out winning Three Card ..."),
    ("633a.13(l)", "If the certificate holder offers the Hit and Run Progressive ..."),
    ("633a.13(m)", "Notwithstanding the payout odds in subsections (b) and (g), ..."),
    ("633a.14(a)", "A card found face up in the shoe may not be used in that ..."),
    ("633a.14(b)", "A card drawn in error without its face being exposed shall ..."),
    ("633a.14(c)", "After the initial two cards have been dealt to each player ..."),
    ("633a.14(d)", "If the dealer has 17 and accidentally draws a card for ..."),
    ("633a.14(e)", "If the dealer misses dealing his first or second card to ..."),
    ("633a.14(f)", "If there are insufficient cards remaining in the shoe to ..."),
    ("633a.14(g)", "If no cards are dealt to a player's hand, the hand is dead ..."),
    ("633a.14(h)", "If a double shoe is used, any round of play drawn from the ..."),
    ("633a.14(i)", "If after receiving the first two cards, the dealer fails to ..."),
    ("633a.14(j)", "If the dealer inserts his hole card into a card reader ..."),
    ("633a.14(k)", "If a card reader device malfunctions, the dealer may not ..."),
    ("633a.14(l)", "If an automated card shuffling device is being used and the ..."),
    ("633a.14(m)", "If an automated shuffling device malfunctions and cannot be ..."),
)

# Subsections that ask nothing of this software: one line each on why.
NOT_SOFTWARE: dict[str, str] = {
    "633a.2(e)": "a drop box and a tip box attached to the table: furniture",
    "633a.2(g)": "the discard rack's attachment and height: furniture (the software's discard "
    "rack is the shoe's `discards`)",
    "633a.2(h)": "the discard rack's height and marking at a double shoe: furniture",
    "633a.6(a)": "chips, plaques and verbal wagers on the layout: the server's wallet and its "
    "bets stand in for them (issue 11)",
    "633a.7(b)": "which of the dealer's hands removes a card from the shoe",
    "633a.7(t)": "players and spectators not handling the cards: no command of the protocol "
    "touches a card but the dealer's",
}

# Subsections whose software part is not built yet, and where it is planned.
# (633a.14(h), the last, came with the dealt double shoe: tablegames.blackjack.dealt_sides.)
PLANNED: dict[str, str] = {}

_SHOWN_TESTS = 2


def name_in_tests(subsection: str) -> str:
    """`633a.7(i)` -> `633a_7_i`, the part of a test's name that says it covers it."""
    return re.sub(r"[().]+", "_", subsection).strip("_")


def citing_modules(subsection: str) -> list[str]:
    """The modules under src/tablegames that cite the subsection or a paragraph of it."""
    pattern = re.compile(re.escape(subsection) + r"(?![a-z0-9])")
    return sorted(
        str(path.relative_to(ROOT / "src" / "tablegames"))
        for path in (ROOT / "src" / "tablegames").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    )


def all_test_names() -> list[str]:
    """Every test function's name and every conformance file's."""
    names: list[str] = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        names += re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8"))
    names += sorted(path.stem for path in (ROOT / "tests" / "conformance").glob("*.json"))
    return names


def naming_tests(subsection: str, names: list[str]) -> list[str]:
    name = name_in_tests(subsection)
    return sorted({test for test in names if f"{name}_" in f"{test}_"})


def status(subsection: str, modules: list[str], tests: list[str]) -> str:
    if subsection in NOT_SOFTWARE:
        return f"asks nothing of software: {NOT_SOFTWARE[subsection]}"
    if modules and tests:
        return "covered"
    if subsection in PLANNED:
        return f"not yet: {PLANNED[subsection]}"
    return "not yet" if not modules else "cited, no test named after it"


def document() -> str:
    names = all_test_names()
    lines = [
        "# 58 Pa. Code Chapter 633a, subsection by subsection",
        "",
        "Generated by `scripts/coverage_633a.py` (do not edit by hand): each lettered subsection "
        "of 633a, the modules under `src/tablegames/` that cite it or one of its paragraphs, the "
        "tests named after it, and its status. 633a.1 holds the definitions, used throughout.",
        "",
        "| subsection | begins | modules | tests | status |",
        "| --- | --- | --- | --- | --- |",
    ]
    counts: dict[str, int] = {}
    for subsection, words in SUBSECTIONS:
        modules = citing_modules(subsection)
        tests = naming_tests(subsection, names)
        shown = ", ".join(f"`{test}`" for test in tests[:_SHOWN_TESTS])
        if len(tests) > _SHOWN_TESTS:
            shown += f" and {len(tests) - _SHOWN_TESTS} more"
        state = status(subsection, modules, tests)
        counts[state.split(":")[0]] = counts.get(state.split(":")[0], 0) + 1
        cited = ", ".join(f"`{module}`" for module in modules) or "-"
        lines.append(f"| {subsection} | {words} | {cited} | {shown or '-'} | {state} |")
    lines += ["", "Totals: " + "; ".join(f"{state} {n}" for state, n in sorted(counts.items())), ""]
    return "\n".join(lines)


def subsections_in(regs: Path) -> list[str]:
    """The lettered subsections of 633a in the regulation text (the rulemaking that adopts
    Chapter 633a), in order. Letters are taken in sequence; a roman (i), (v) or (x) under a
    numbered paragraph (after a line ending with a colon, or after (iv), (ix)) is skipped, and a
    subsection run into a paytable's line ("... 10 to 1 (h) ...") is found there."""
    text = next(
        path.read_text(encoding="utf-8")
        for path in sorted(regs.glob("*.txt"))
        if "§ 633a.14. Irregularities." in path.read_text(encoding="utf-8")
    )
    lines = text.splitlines()
    found: list[str] = []
    section, expected = None, "a"
    label_at = re.compile(r"(?:^|(?<=\d to 1 )|(?<=for 1 )|(?<=meter ))\(([a-z]{1,4})\) (?=[A-Z])")
    for index, line in enumerate(lines):
        heading = re.match(r"^§ (633a\.\d+)\. ", line)
        if heading:
            section, expected = heading.group(1), "a"
            continue
        if section is None or section == "633a.1":
            continue
        for match in label_at.finditer(line):
            label = match.group(1)
            if label != expected:
                continue
            before = lines[index - 1].rstrip()
            roman = (
                (label == "i" and before.endswith(":") and line.startswith("(i)"))
                or (label == "v" and before.startswith("(iv)"))
                or (label == "x" and before.startswith("(ix)"))
            )
            if roman:
                continue
            found.append(f"{section}({label})")
            expected = chr(ord(label) + 1)
    return found


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--check-regs":
        listed = [subsection for subsection, _ in SUBSECTIONS]
        found = subsections_in(Path(sys.argv[2]))
        if found != listed:
            sys.stderr.write(f"SUBSECTIONS differ from the text: {found}\n")
            return 1
        return 0
    sys.stdout.write(document())
    return 0


if __name__ == "__main__":
    sys.exit(main())
