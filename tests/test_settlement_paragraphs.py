"""Each settlement and refusal cites the paragraph that decides it (the text of 633a.7(p)-(q)).

633a.7(p): a player wins if (1) the dealer busts, (2) the player's total exceeds the dealer's,
or (3) the player has a Blackjack and the dealer 21 in more than two cards. 633a.7(q) is the tie
(and the loss of a multi-card 21 to a dealer Blackjack). So a Blackjack settled after the dealer's
hand cites whichever of (1)-(3) the dealer's final hand meets, and an ordinary loss (the converse
of (2)) does not cite the tie paragraph. The shoes below are dealt in the order of 633a.7(f):
box, up card, box, hole card, then the dealer's draws.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.blackjack.scenario import run_scenario
from tablegames.core.errors import IllegalActionError


def _blackjack_settlement(
    shoe: list[str], decisions: list[dict[str, Any]], boxes: int = 1
) -> dict[str, Any]:
    wagers = [{"box": number, "wager": 2500} for number in range(1, boxes + 1)]
    result = run_scenario({"shoe": shoe, "boxes": wagers, "decisions": decisions})
    settled = [
        event
        for event in result["events"]
        if event["event"] == "wager_settled" and event["wager"] == "blackjack" and event["box"] == 1
    ]
    assert len(settled) == 1
    first: dict[str, Any] = settled[0]
    return first


# Box 1 has a Blackjack; box 2 stands on 20, so the dealer completes the hand (633a.7(l)-(m)).
@pytest.mark.parametrize(
    ("shoe", "paragraph"),
    [
        (["AS", "TS", "TH", "KD", "QS", "8C"], "633a.7(p)(2)"),  # the dealer stands on 18
        (["AS", "TS", "TH", "KD", "QS", "6C", "9D"], "633a.7(p)(1)"),  # 16, draws a 9: 25
        (["AS", "TS", "TH", "KD", "QS", "5C", "6D"], "633a.7(p)(3)"),  # 15 draws 6: 3-card 21
    ],
)
def test_633a_7_p_blackjack_after_a_ten_up_cites_the_dealers_final_hand(
    shoe: list[str], paragraph: str
) -> None:
    settled = _blackjack_settlement(shoe, [{"box": 2, "action": "stand"}], boxes=2)
    assert settled["outcome"] == "blackjack"
    assert settled["returned"] == 2500 + 3750  # 633a.13(a): 3 to 2
    assert settled["paragraph"] == paragraph


def test_633a_7_p_2_an_ordinary_loss_does_not_cite_the_tie_paragraph() -> None:
    # 18 against the dealer's 20: the converse of 633a.7(p)(2), not the tie of 633a.7(q).
    settled = _blackjack_settlement(["TS", "TH", "8D", "QC"], [{"box": 1, "action": "stand"}])
    assert (settled["outcome"], settled["returned"]) == ("lose", 0)
    assert settled["paragraph"] == "633a.7(p)(2)"


def test_633a_7_q_a_tie_cites_the_tie_paragraph() -> None:
    settled = _blackjack_settlement(["TS", "TH", "QD", "KC"], [{"box": 1, "action": "stand"}])
    assert (settled["outcome"], settled["returned"], settled["paragraph"]) == (
        "push",
        2500,
        "633a.7(q)",
    )


def test_633a_8_a_insurance_against_a_ten_names_the_insurance_paragraph() -> None:
    # 633a.8(a): insurance is offered only when the dealer's first card is an ace.
    scenario = {
        "shoe": ["9S", "TH", "7D", "8C"],
        "boxes": [{"box": 1, "wager": 2500}],
        "decisions": [{"box": 1, "action": "insurance", "amount": 1000}],
    }
    with pytest.raises(IllegalActionError) as refusal:
        run_scenario(scenario)
    assert refusal.value.paragraph == "633a.8(a)"
    assert "ace" in refusal.value.message
