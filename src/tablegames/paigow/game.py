"""Pai Gow Poker (58 Pa. Code 645a, 645c) on the table protocol: what a server drives.

>>> from tablegames.core.rng import SeededRandom
>>> from tablegames.core.table import Command
>>> table = GAME.open_table(GAME.rules_from_mapping({}), random=SeededRandom.from_seed(1))
>>> betting = table.open_betting()
>>> betting.place(Command(player="ann", spot=1, action="pai_gow", amount=2500))
>>> round_ = table.start_round(betting)
>>> [(turn.kind, turn.player) for turn in round_.awaiting]
[('set_hand', 'ann')]
>>> kinds = [event.kind for event in round_.apply(round_.on_timeout(round_.awaiting[0]))]
>>> kinds[0], kinds[-2:]
('hand_set', ['round_settled', 'deck_shuffled'])
>>> GAME.replay([event.to_json() for event in table.events])[-1].kind
'deck_shuffled'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from tablegames.core.errors import ScenarioError, TableGamesError
from tablegames.core.events import Event, stamped
from tablegames.core.rng import RandomSource, SecureRandom
from tablegames.core.rulesfile import Finding
from tablegames.paigow.events import PAI_GOW_SIGHT, PaiGowSight, event_from_json
from tablegames.paigow.layout import table_layout
from tablegames.paigow.replay import rebuild
from tablegames.paigow.rules import PRESETS, PaiGowRules, pai_gow_rules_from_mapping
from tablegames.paigow.table import PaiGowGameTable


class PaiGowGame:
    """Pai Gow Poker in the games registry (`tablegames.games`)."""

    @property
    def id(self) -> str:
        return "pai_gow"

    @property
    def title(self) -> str:
        return "Pai Gow Poker"

    @property
    def chapters(self) -> tuple[str, ...]:
        return ("645a", "645c")

    @property
    def cli_commands(self) -> tuple[str, ...]:
        return ()

    @property
    def sight(self) -> PaiGowSight:
        return PAI_GOW_SIGHT

    def presets(self) -> tuple[str, ...]:
        return tuple(PRESETS)

    def rules_from_mapping(self, data: Mapping[str, Any]) -> PaiGowRules:
        return pai_gow_rules_from_mapping(data)

    def open_table(self, rules: Any, *, random: RandomSource) -> PaiGowGameTable:
        chosen = rules if isinstance(rules, PaiGowRules) else self.rules_from_mapping(rules)
        return PaiGowGameTable(chosen, random=random)

    def restore_table(
        self,
        events: Sequence[Mapping[str, Any]],
        sealed: Sequence[Mapping[str, Any]],
        *,
        random: Any = None,
    ) -> PaiGowGameTable:
        """The table the stream and sealed records describe, every event checked as it is
        written again; what it draws next comes from `random` (default the CSPRNG)."""
        return rebuild(events, sealed, random=random if random is not None else SecureRandom())

    def decode_event(self, data: Mapping[str, Any]) -> Event:
        return event_from_json(data)

    def live_findings(self, rules: Any) -> tuple[Finding, ...]:
        """What a live table may not offer: a dealt table's rules (a person deals real cards and
        the software is not told them) run only where cards are entered, which this table does
        not yet take."""
        chosen = rules if isinstance(rules, PaiGowRules) else self.rules_from_mapping(rules)
        if chosen.table_type == "dealt":
            return (
                Finding(
                    "table_type",
                    "a live table here deals its own cards: table_type must be electronic",
                    None,
                ),
            )
        return ()

    def layout(self, rules: Any) -> dict[str, Any]:
        chosen = rules if isinstance(rules, PaiGowRules) else self.rules_from_mapping(rules)
        return table_layout(chosen).to_json()

    def replay(self, events: Sequence[Mapping[str, Any]]) -> tuple[Event, ...]:
        """The stored log played again from its own cards, starting positions and settings;
        its events, which equal the log's (ScenarioError otherwise)."""
        try:
            table = rebuild(events, None)
        except ScenarioError:
            raise
        except TableGamesError as error:
            raise ScenarioError(f"the Pai Gow Poker log does not replay: {error}") from None
        return tuple(stamped(list(table.game_events), table.seeded_stream))


GAME: Final = PaiGowGame()
