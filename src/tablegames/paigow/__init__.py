"""Pai Gow Poker (58 Pa. Code 645a, 645c): ranking, setting, house ways, rules, settlement."""
