"""What every game shares: cards, money, errors, events, who sees what, input checks and
the table protocol. Nothing here imports a game."""
