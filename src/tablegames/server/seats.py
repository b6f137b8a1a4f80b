"""Who sits where at a live table, and the checks on taking and giving up seats.

A spot exists when the game's betting window offers a wager on it (probed up to `MAX_SPOTS`); a
player's spots are adjacent (633a.6(f)). The house's per-player limit of boxes (633a.6(f)) is
checked by the game when the bet arrives. The seats are the runtime's (`spot -> player`); these
functions read them and refuse (`CommandRefused`) what may not be done.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from itertools import pairwise
from typing import Final

from tablegames.server.errors import CONFLICT, FORBIDDEN, UNKNOWN, CommandRefused

MAX_SPOTS: Final = 64  # the spots probed for offers: a spot with none does not exist


def spot_list(spots: Sequence[int]) -> list[int]:
    """The spots a command names, sorted: a non-empty list of distinct whole numbers."""
    if isinstance(spots, str | bytes) or not isinstance(spots, Sequence) or not spots:
        raise CommandRefused("spots is a non-empty list of spot numbers")
    if any(isinstance(spot, bool) or not isinstance(spot, int) for spot in spots):
        raise CommandRefused(f"spots are whole numbers, not {list(spots)!r}")
    if len(set(spots)) != len(spots):
        raise CommandRefused(f"a spot is named twice in {list(spots)}")
    return sorted(spots)


def spots_of(seats: Mapping[int, str], player_id: str) -> list[int]:
    return sorted(spot for spot, owner in seats.items() if owner == player_id)


def own_spot(seats: Mapping[int, str], player_id: str, spot: int) -> int:
    """`spot`, when `player_id` sits there."""
    owner = seats.get(spot)
    if owner is None:
        raise CommandRefused(
            f"{player_id} is not seated at spot {spot}: take the seat first", status=CONFLICT
        )
    if owner != player_id:
        raise CommandRefused(
            f"spot {spot} is {owner}'s: {player_id} acts only for their own spots",
            status=FORBIDDEN,
        )
    return spot


def check_sit(
    seats: Mapping[int, str],
    leaving: Set[int],
    offered: Sequence[int],
    player_id: str,
    wanted: Sequence[int],
) -> None:
    """Whether `player_id` may take `wanted` (sorted) of the table's `offered` spots: free,
    and adjacent to the player's spots not being left (633a.6(f))."""
    for spot in wanted:
        if spot not in offered:
            raise CommandRefused(
                f"no spot {spot} at this table: the spots are {span(offered)}",
                status=UNKNOWN,
            )
        owner = seats.get(spot)
        if owner is not None:
            which = "yours already" if owner == player_id else f"taken by {owner}"
            raise CommandRefused(f"spot {spot} is {which}", status=CONFLICT)
    mine = [spot for spot in spots_of(seats, player_id) if spot not in leaving]
    if not adjacent([*mine, *wanted]):
        raise CommandRefused(
            f"a player's spots are adjacent: {span([*mine, *wanted])} are not",
            paragraph="633a.6(f)",
            status=CONFLICT,
        )


def check_leave(seats: Mapping[int, str], player_id: str, wanted: Sequence[int]) -> None:
    """Whether `player_id` may give up `wanted`: theirs, leaving the rest adjacent
    (633a.6(f))."""
    for spot in wanted:
        owner = seats.get(spot)
        if owner is None:
            raise CommandRefused(f"spot {spot} is free: nobody to leave it", status=CONFLICT)
        if owner != player_id:
            raise CommandRefused(f"spot {spot} is {owner}'s, not {player_id}'s", status=FORBIDDEN)
    remaining = [spot for spot in spots_of(seats, player_id) if spot not in wanted]
    if not adjacent(remaining):
        raise CommandRefused(
            f"leaving {span(wanted)} would leave spots {span(remaining)} apart",
            paragraph="633a.6(f)",
            status=CONFLICT,
        )


def adjacent(spots: Sequence[int]) -> bool:
    ordered = sorted(spots)
    return all(b == a + 1 for a, b in pairwise(ordered))


def span(spots: Sequence[int]) -> str:
    return ", ".join(str(spot) for spot in sorted(spots))
