"""The small exception hierarchy. Every error is a ValueError that can name its paragraph.

>>> err = IllegalActionError("cannot double on a Blackjack", paragraph="633a.10(a)")
>>> str(err)
'cannot double on a Blackjack (58 Pa. Code 633a.10(a))'
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations


class TableGamesError(ValueError):
    """Bad input: names what was wrong and, where one applies, the regulation paragraph."""

    def __init__(self, message: str, *, paragraph: str | None = None) -> None:
        self.message = message
        self.paragraph = paragraph
        cited = paragraph is None or f"58 Pa. Code {paragraph}" in message
        super().__init__(message if cited else f"{message} (58 Pa. Code {paragraph})")


class CardError(TableGamesError):
    """A card string that is not rank `A 2-9 T J Q K` followed by suit `S H D C`."""


class ShoeError(TableGamesError):
    """A shoe operation the procedures of 633a.5 and 633a.7 do not allow."""


class ShoeExhaustedError(ShoeError):
    """A stacked shoe ran out of cards: the scenario did not list enough of them."""


class RulesError(TableGamesError):
    """A Rules Submission (house rules) that is malformed or violates the regulation."""


class WagerError(TableGamesError):
    """A wager outside the table's limits or units, or one the rules do not offer."""


class IllegalActionError(TableGamesError):
    """A player decision that the regulation or house rules do not allow at this point."""


class ScenarioError(TableGamesError):
    """A conformance scenario file that is malformed or cannot be played as written."""
