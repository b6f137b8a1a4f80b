"""Craps with Power Odds (58 Pa. Code 623b.5): dice, the eligible wagers, the RNG selection,
settlement, exact house edge and a seeded simulator. See docs/craps.md."""

from tablegames.craps.dice import ALL_ROLLS, FixedDice, RandomDice, Roll
from tablegames.craps.edge import edge_report, wager_edge
from tablegames.craps.events import event_from_json
from tablegames.craps.replay import replay, replay_roll
from tablegames.craps.rules import CrapsRules, craps_rules_from_mapping, load_craps_rules
from tablegames.craps.scenario import run_roll_scenario
from tablegames.craps.selection import FixedSelector, RandomSelector, Selection
from tablegames.craps.table import CrapsTable, RollResult
from tablegames.craps.wagers import BETS, LINE_NAMES, LINES, WAGER_NAMES, Bet, Line, Settlement

__all__ = [
    "ALL_ROLLS",
    "BETS",
    "LINES",
    "LINE_NAMES",
    "WAGER_NAMES",
    "Bet",
    "CrapsRules",
    "CrapsTable",
    "FixedDice",
    "FixedSelector",
    "Line",
    "RandomDice",
    "RandomSelector",
    "Roll",
    "RollResult",
    "Selection",
    "Settlement",
    "craps_rules_from_mapping",
    "edge_report",
    "event_from_json",
    "load_craps_rules",
    "replay",
    "replay_roll",
    "run_roll_scenario",
    "wager_edge",
]
