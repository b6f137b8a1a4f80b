"""Kept for compatibility: the Blackjack house rules moved to `tablegames.blackjack.rules`
(issue 10). Import from there."""

from tablegames.blackjack.rules import *  # noqa: F403
from tablegames.blackjack.rules import __all__ as __all__
