"""The operator's floor (issue 12, the `/operator` page): the players with their balances, the
gaming-day report and the audit chain's verdict as data, the games and presets a table may open
from, and a table opened from a Rules Submission file's text. Each reads through the `Service`
and the store, and writes only through `Service.open_table`.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from tablegames.core.inputs import parse_json, parse_toml
from tablegames.games import find_game, game_ids
from tablegames.server.errors import CommandRefused
from tablegames.server.service import Service
from tablegames.store import day_report, player_account
from tablegames.store.day_report import PLAYER_PREFIX


def players(service: Service, limit: int) -> list[dict[str, Any]]:
    """The last `limit` players registered, newest first, each with their account's
    balance and the part of it they may wager or withdraw (`available`: less what open
    betting windows hold). One balance read a player: the list is bounded by `limit`, the
    balances table by every player there ever was."""
    return [
        {
            "player_id": row.player_id,
            "name": row.name,
            "balance": service.store.balance(player_account(row.player_id)),
            "available": service.available(row.player_id),
        }
        for row in service.store.players(limit)
    ]


def gaming_day(service: Service, day: str) -> dict[str, Any]:
    """`tablegames report day` as data: every player account's day with its identity
    (opening + deposits - withdrawals - wagers + returns = closing) held or broken, and
    the ledger's own checks (all accounts sum to zero; stored balances match postings)."""
    report = day_report(service.store, day)
    return {
        "day": report.day,
        "holds": report.holds,
        "accounts": [
            {
                "account": line.account,
                "player_id": line.account.removeprefix(PLAYER_PREFIX),
                "opening": line.opening,
                "deposits": line.deposits,
                "withdrawals": line.withdrawals,
                "wagers": line.wagers,
                "returns": line.returns,
                "closing": line.closing,
                "holds": line.holds,
                "problems": list(line.problems),
            }
            for line in report.accounts
        ],
        "total": report.total,
        "problems": list(report.problems),
    }


def audit_verification(service: Service) -> dict[str, Any]:
    """`tablegames audit verify` as data: whether the significant-event log's chain is
    intact, how many entries it holds, and the first edited, inserted or deleted row."""
    entries, problem = service.store.audit_check()
    broken = (
        None
        if problem is None
        else {"seq": problem.seq, "problem": problem.problem, "message": problem.message}
    )
    return {"intact": problem is None, "entries": entries, "first_broken": broken}


def games() -> list[dict[str, Any]]:
    """Each game served and the presets a table of it may open from."""
    return [{"game": game, "presets": list(find_game(game).presets())} for game in game_ids()]


def open_table_from_file(
    service: Service, game: str, name: str, text: str, file_format: str
) -> str:
    """Open a table from a Rules Submission file's text (TOML, as `serve --tables` reads a
    `rules_file`, or JSON), read by the same safe input layer as the command line."""
    if game not in game_ids():
        raise CommandRefused(f"no game {game!r}; the games are {', '.join(game_ids())}")
    what = f"the rules file ({file_format.upper()})"
    rules = parse_json(text, what) if file_format == "json" else parse_toml(text, what)
    if not isinstance(rules, dict):
        raise CommandRefused(f"{what} must hold a table of rule fields")
    # TOML has dates and times; no rule takes one, and the stored rules are JSON.
    odd = _first_date(rules)
    if odd is not None:
        raise CommandRefused(f"{what} gives a date or time for {odd!r}: no rule takes one")
    return service.open_table(game, name, rules)


def _first_date(value: Any, where: str = "") -> str | None:
    """Where a parsed rules file holds a date or time (TOML's own values), or None."""
    if isinstance(value, dt.date | dt.time):
        return where or "the file"
    if isinstance(value, dict):
        items: list[tuple[str, Any]] = [(str(key), item) for key, item in value.items()]
    elif isinstance(value, list):
        items = [(str(index), item) for index, item in enumerate(value)]
    else:
        return None
    for key, item in items:
        found = _first_date(item, f"{where}.{key}" if where else key)
        if found is not None:
            return found
    return None
