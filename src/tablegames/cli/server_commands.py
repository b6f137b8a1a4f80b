"""`tablegames serve`: the live table server (FastAPI + uvicorn) on a durable store.

`tablegames serve [--host 127.0.0.1] [--port 8000] [--db URL] [--tables FILE.toml]
[--test-mode]`. The default database is the SQLite file `var/tablegames.db` (WAL mode,
`synchronous=FULL`); `--db postgresql://...` runs the same server on PostgreSQL. The schema is
created or migrated at start; every open table is rebuilt from its stream; with no table in the
store, the `--tables` file's tables (or the default five) are opened.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from tablegames.cli.app import app

DEFAULT_DB = "sqlite:///var/tablegames.db"


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: any free port).")] = 8000,
    db: Annotated[
        str, typer.Option(help="Database URL (sqlite:///FILE or postgresql://...).")
    ] = DEFAULT_DB,
    tables: Annotated[
        Path | None, typer.Option(help="Tables to open at the first start (TOML, [[table]]).")
    ] = None,
    test_mode: Annotated[
        bool, typer.Option("--test-mode", help="Allow stacked cards and dice (test labs only).")
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            min=1, max=64, help="Server processes on the one socket and store (one per core)."
        ),
    ] = 1,
    welcome_credit: Annotated[
        int,
        typer.Option(
            min=0,
            max=10_000_000,
            help="Play money: cents credited to each new player at registration (0: none).",
        ),
    ] = 0,
) -> None:
    """Run the live table server; print the URL to open."""
    from tablegames.games import find_game
    from tablegames.server.tables_file import DEFAULT_TABLES, read_tables_file

    specs = read_tables_file(tables) if tables is not None else list(DEFAULT_TABLES)
    for spec in specs:
        # Every table's rules are checked by its game before anything is written, and a live
        # table refuses the options Pennsylvania does not allow.
        game = find_game(spec.game)
        found = game.live_findings(game.rules_from_mapping(spec.rules_mapping()))
        if found:
            raise typer.BadParameter(
                f"table {spec.name!r} may not open live: " + "; ".join(str(item) for item in found),
                param_hint="--tables",
            )

    import uvicorn

    from tablegames.server.app import create_app
    from tablegames.server.auth import OPERATOR_TOKEN_VARIABLE
    from tablegames.server.clock import DecisionClock
    from tablegames.server.service import Service
    from tablegames.store import Store

    store = Store.open(db)
    service = Service(store, test_mode=test_mode, welcome_credit=welcome_credit)
    generated = service.operator_token(os.environ.get(OPERATOR_TOKEN_VARIABLE))
    service.start(specs)
    if generated is not None:
        # Printed once: only its hash is stored.
        typer.echo(f"operator token (shown once, keep it): {generated}")
    if workers > 1:
        store.close()
        _serve_workers(
            host, port, db, test_mode=test_mode, workers=workers, welcome_credit=welcome_credit
        )
        return
    config = uvicorn.Config(
        create_app(service),
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
    server = uvicorn.Server(config)
    clock = DecisionClock(service)
    clock.start()
    typer.echo(f"tablegames server on {_url(host, port)}  (open it in a browser; API at /docs)")
    try:
        server.run()
    finally:
        clock.stop()
        store.audit("server_stopped", {})
        store.close()


def _url(host: str, port: int) -> str:
    shown = host if ":" not in host else f"[{host}]"
    return f"http://{shown}:{port}/"


def _serve_workers(
    host: str, port: int, db: str, *, test_mode: bool, workers: int, welcome_credit: int
) -> None:
    """`workers` processes sharing one listening socket (`tablegames.server.workers`)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from tablegames.server.workers import FACTORY, SETTINGS_VARIABLE, worker_settings

    os.environ[SETTINGS_VARIABLE] = worker_settings(
        db, test_mode=test_mode, welcome_credit=welcome_credit
    )
    config = uvicorn.Config(
        FACTORY,
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
    socket = config.bind_socket()
    bound = int(socket.getsockname()[1])
    typer.echo(
        f"tablegames server on {_url(host, bound)}  "
        f"(open it in a browser; {workers} worker processes)"
    )
    Multiprocess(config, sockets=[socket]).run()


audit_app = typer.Typer(
    help="The server's significant-event log (hash-chained, append-only).",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)
app.add_typer(audit_app, name="audit")


@audit_app.command("verify")
def audit_verify_command(
    db: Annotated[
        str, typer.Option(help="Database URL (sqlite:///FILE or postgresql://...).")
    ] = DEFAULT_DB,
) -> None:
    """Check the chain of the significant-event log: exit 0 when intact, 1 naming the first
    edited, inserted or deleted row."""
    from tablegames.store import Store

    store = Store.open(db)
    try:
        problem = store.verify_audit()
    finally:
        store.close()
    if problem is None:
        typer.echo("audit log intact")
        return
    typer.echo(f"audit log {problem.problem} at row {problem.seq}: {problem.message}")
    raise typer.Exit(1)


@app.command("report-day", hidden=True)
def report_day_command(
    date: Annotated[str, typer.Option(help="The gaming day, YYYY-MM-DD (UTC).")],
    db: Annotated[
        str, typer.Option(help="Database URL (sqlite:///FILE or postgresql://...).")
    ] = DEFAULT_DB,
) -> None:
    """`tablegames report day --db URL --date D`: every account's day, opening + deposits -
    withdrawals - wagers + returns = closing; exit 1 naming each identity that breaks."""
    import re

    from tablegames.store import Store, day_report

    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise typer.BadParameter(f"{date!r} is not a date as YYYY-MM-DD", param_hint="--date")
    store = Store.open(db)
    try:
        report = day_report(store, date)
    finally:
        store.close()
    typer.echo(f"gaming day {report.day}")
    typer.echo(
        f"{'account':<32} {'opening':>12} {'deposits':>12} {'withdrawals':>12} {'wagers':>12} "
        f"{'returns':>12} {'closing':>12}  identity"
    )
    for line in report.accounts:
        typer.echo(
            f"{line.account:<32} {line.opening:>12} {line.deposits:>12} {line.withdrawals:>12} "
            f"{line.wagers:>12} {line.returns:>12} {line.closing:>12}  "
            f"{'holds' if line.holds else 'BROKEN: ' + '; '.join(line.problems)}"
        )
    typer.echo(f"all accounts sum to {report.total} (double entry: 0)")
    for problem in report.problems:
        typer.echo(f"BROKEN: {problem}")
    if not report.holds:
        raise typer.Exit(1)
