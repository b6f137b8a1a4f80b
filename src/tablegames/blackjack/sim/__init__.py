"""The Blackjack simulator: numba kernels (kernel.py) on compiled rules (compile.py) and a compiled
strategy chart (chart.py), run in seeded work units (run.py) by the runtime of
`tablegames.core.simulation`."""
