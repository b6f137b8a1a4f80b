"""Game mathematics: exact analysis and simulation."""
