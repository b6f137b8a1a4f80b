"""The terminal table (rich): Blackjack and craps played at a console."""
