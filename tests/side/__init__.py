"""Tests of the side-wager evaluators (58 Pa. Code 633a.6(e), 633a.7(g) and (o), 633a.13)."""
