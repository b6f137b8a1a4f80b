"""House rules (the Rules Submission of 601a.2): the model, presets, loading and checking."""

from tablegames.blackjack.rules.load import (
    findings_for_mapping,
    load_rules,
    parse_override,
    preset_names,
    read_rules_file,
    rules_from_mapping,
)
from tablegames.blackjack.rules.model import Finding, Rules

__all__ = [
    "Finding",
    "Rules",
    "findings_for_mapping",
    "load_rules",
    "parse_override",
    "preset_names",
    "read_rules_file",
    "rules_from_mapping",
]
