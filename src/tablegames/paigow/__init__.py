"""Pai Gow Poker (58 Pa. Code 645a, 645c): ranking, setting, house ways, rules, settlement.

The card, ranking, setting and house-way core, the Rules Submission, the pure `settle`
primitive and the exact card-only math. What is known of 645a is in docs/paigow.md (its PA
text was not found: every rule it does not confirm is a Rules Submission field with a
documented default). The round engine, the table protocol and the faces build on this package.
"""
