"""tablegames: the reference implementation of Pennsylvania's regulated table games.

Blackjack under 58 Pa. Code Chapter 633a (with its side wagers and variations) and craps Power
Odds (623b.5). Money is integer cents everywhere; every implemented paragraph is cited in the code.
"""

__version__ = "0.1.0"
