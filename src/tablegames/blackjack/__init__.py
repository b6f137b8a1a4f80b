"""Blackjack under 58 Pa. Code Chapter 633a: hands, the round engine, events and the table."""
