"""Reading a Rules Submission: presets, TOML files and NAME=VALUE overrides.

A file may start from a preset (`preset = "pa-8deck"`) and override any field. Unknown fields,
wrong types and out-of-range values are all reported together, each with its paragraph.

>>> rules = rules_from_mapping({"preset": "pa-8deck", "hit_split_aces": False})
>>> rules.decks, rules.hit_split_aces
(8, False)
>>> try:
...     rules_from_mapping({"decks": 9, "colour": "red"})
... except RulesError as error:
...     print(error)
decks: must be at most 8 (58 Pa. Code 633a.3(a)); colour: is not a house rule
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tablegames.blackjack.rules.model import Finding, Rules
from tablegames.core.errors import RulesError
from tablegames.core.inputs import InputError, parse_json

# Game-neutral, re-exported here where they were first defined.
from tablegames.core.rulesfile import kind_of as kind_of
from tablegames.core.rulesfile import plain_message as plain_message
from tablegames.core.rulesfile import read_rules_file as read_rules_file

PRESET_PACKAGE = "tablegames.blackjack.rules.presets"


def preset_names() -> list[str]:
    """The presets shipped with the package, by name."""
    folder = resources.files(PRESET_PACKAGE)
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in folder.iterdir()
        if entry.name.endswith(".toml")
    )


def preset_mapping(name: str) -> dict[str, Any]:
    if name not in preset_names():
        raise RulesError(f"preset {name!r} is unknown: choose one of {', '.join(preset_names())}")
    text = resources.files(PRESET_PACKAGE).joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _paragraph_of(field: str) -> str | None:
    info = Rules.model_fields.get(field)
    if info is None or not info.description:
        return None
    head = info.description.split(":", 1)[0]
    return head.split(",")[0].strip() if head[:3].isdigit() else None


def _findings_from(error: ValidationError) -> list[Finding]:
    found = []
    for item in error.errors():
        field = ".".join(str(part) for part in item["loc"]) or "rules"
        if item["type"] == "extra_forbidden":
            found.append(Finding(field, "is not a house rule", None))
            continue
        message = plain_message(item)
        found.append(Finding(field, message, _paragraph_of(field)))
    return found


def rules_error_from(error: ValidationError) -> RulesError:
    """One RulesError listing every finding of a validation error, citing the first paragraph."""
    found = _findings_from(error)
    paragraph = next((item.paragraph for item in found if item.paragraph), None)
    return RulesError("; ".join(str(item) for item in found), paragraph=paragraph)


def findings_for_mapping(data: Mapping[str, Any]) -> tuple[Rules | None, list[Finding]]:
    """Build Rules from a mapping; return them (if buildable) and every finding, PA or not."""
    if not isinstance(data, Mapping):
        given = kind_of(data)
        return None, [Finding("rules", f"must be a table of house rules, not {given}", None)]
    values = dict(data)
    preset = values.pop("preset", None)
    if preset is not None:
        if not isinstance(preset, str):
            return None, [Finding("preset", "must be a preset name", None)]
        try:
            base = preset_mapping(preset)
        except RulesError as error:
            return None, [Finding("preset", error.message, None)]
        values = {**base, **values}
    try:
        rules = Rules(**values)
    except ValidationError as error:
        return None, _findings_from(error)
    return rules, rules.findings()


def rules_from_mapping(data: Mapping[str, Any]) -> Rules:
    """Rules from a mapping (a parsed TOML file or a scenario's `rules`); raise on any finding.

    Non-PA options are allowed here (what-if analysis); `tablegames rules check` reports them.
    """
    rules, found = findings_for_mapping(data)
    if found or rules is None:
        # The first paragraph named is the error's paragraph; the message lists every finding.
        paragraph = next((item.paragraph for item in found if item.paragraph), None)
        raise RulesError("; ".join(str(item) for item in found), paragraph=paragraph)
    return rules


def parse_override(text: str) -> tuple[str, Any]:
    """`NAME=VALUE` from the command line; VALUE is read as JSON when it parses, else a string.

    >>> parse_override("decks=8"), parse_override("resplit_aces=true"), parse_override("shoe=shoe")
    (('decks', 8), ('resplit_aces', True), ('shoe', 'shoe'))
    """
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise RulesError(f"override {text!r} must look like NAME=VALUE")
    try:
        value: Any = parse_json(raw, f"the value of --set {name.strip()}")
    except InputError as error:
        if raw.lstrip()[:1] in ("[", "{", '"'):
            # Meant as JSON and not valid: say so rather than take it as a string.
            raise RulesError(error.message) from None
        value = raw
    return name.strip(), value


def load_rules(
    *, preset: str | None = None, path: Path | None = None, overrides: Iterable[str] = ()
) -> Rules:
    """Rules for the CLI: a preset or a file (not both), then `--set NAME=VALUE` overrides."""
    if preset is not None and path is not None:
        raise RulesError("give a preset or a rules file, not both")
    data: dict[str, Any] = read_rules_file(path) if path is not None else {}
    if preset is not None:
        data["preset"] = preset
    data.update(parse_override(item) for item in overrides)
    return rules_from_mapping(data)
