"""Sharing a capped or progressive amount among winners (633a.13(m), 633a.7(o))."""

from __future__ import annotations

import pytest

from tablegames.core.errors import WagerError
from tablegames.core.sharing import capped_winnings, equal_shares, proportional_shares


def test_633a_13_m_winners_share_the_maximum_in_proportion_to_their_wagers() -> None:
    # Two 1,000 to 1 winners on $10 and $30: $40,000 of winnings against a $25,000 maximum.
    assert capped_winnings([1_000_000, 3_000_000], [1000, 3000], maximum=2_500_000) == (
        625_000,
        1_875_000,
    )
    assert capped_winnings([1_000_000], [1000], maximum=2_500_000) == (1_000_000,)
    assert capped_winnings([1_000_000, 3_000_000], [1000, 3000], maximum=None) == (
        1_000_000,
        3_000_000,
    )
    with pytest.raises(WagerError):
        capped_winnings([1], [1, 2], maximum=None)


def test_633a_7_o_1_ii_bad_beat_meter_shared_in_proportion_to_wagers() -> None:
    assert proportional_shares(1_000_001, [100, 200]) == (333_333, 666_667)
    assert sum(proportional_shares(1_000_001, [100, 200, 300])) <= 1_000_001
    with pytest.raises(WagerError):
        proportional_shares(100, [])
    with pytest.raises(WagerError):
        proportional_shares(100, [0, 5])


def test_633a_7_o_2_ii_hit_and_run_meter_shared_equally() -> None:
    assert equal_shares(1_000_000, 3) == (333_333, 333_333, 333_333)
    with pytest.raises(WagerError):
        equal_shares(100, 0)
