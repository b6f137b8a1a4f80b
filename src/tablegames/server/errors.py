"""A refused table command: what was wrong, the paragraph where one applies, and the HTTP
status the interface answers with. A refusal changes nothing.

>>> error = CommandRefused("box 3 is bob's, not ann's", status=403)
>>> (error.message, error.paragraph, error.status)
("box 3 is bob's, not ann's", None, 403)
>>> str(CommandRefused("over the limit", paragraph="633a.6(d)", status=422))
'over the limit (58 Pa. Code 633a.6(d))'
"""

from __future__ import annotations

import re
from typing import Final

from tablegames.core.errors import TableGamesError

BAD_INPUT: Final = 400  # malformed: a missing or wrongly typed field, an amount that is no amount
FORBIDDEN: Final = 403  # someone else's spot; acting for another player
UNKNOWN: Final = 404  # no such table, spot or wager
CONFLICT: Final = 409  # the wrong phase, a turn that is not this one, a balance too small
OVER_LIMIT: Final = 422  # a well-formed amount the rules refuse: over a limit, off the units

# How `TableGamesError` cites its paragraph at the end of its text (tablegames.core.errors).
_CITED = re.compile(r"\(58 Pa\. Code ([0-9a-z().-]+)\)$")


class CommandRefused(TableGamesError):  # noqa: N818 - the interface's name
    """A command the table refuses, with the status the HTTP layer sends and the paragraph."""

    def __init__(self, message: str, *, paragraph: str | None = None, status: int = 400) -> None:
        super().__init__(message, paragraph=paragraph)
        self.status = status

    @classmethod
    def from_error(cls, error: TableGamesError, *, status: int) -> CommandRefused:
        """A game's own refusal (a WagerError, an IllegalActionError), its text kept."""
        return cls(error.message, paragraph=error.paragraph, status=status)

    @classmethod
    def from_text(cls, text: str, *, status: int) -> CommandRefused:
        """A game's refusal given as text (`GameRound.refusal`, `Betting.refusal`): the
        paragraph is read from the citation `TableGamesError` ends its text with."""
        found = _CITED.search(text)
        return cls(text, paragraph=found.group(1) if found else None, status=status)
