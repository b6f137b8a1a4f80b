"""Tests of craps Power Odds (58 Pa. Code 623b.5)."""
