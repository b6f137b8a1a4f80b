# Two commands: `make run` and `make test`. Each builds .venv from nothing but python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean chromium postgresql screenshots kernels

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,distributed,gym]'
	touch $(STAMP)

# The exact analysis's numba kernels compiled ahead of time for this machine (numba's pycc), so
# that `tablegames edge` need not load numba: about 9 s once, then nothing until a kernel source
# changes. Without a C compiler it says so and the analysis keeps numba's JIT
# (src/tablegames/blackjack/analysis/kernel_loader.py).
kernels: $(STAMP)
	$(BIN)/python scripts/build_kernels.py

# The live table server and its browser table on the SQLite file var/tablegames.db; it prints
# the URL to open. A new player who joins there is credited $1,000 of play money, so that a
# round can be played with no other step (`tablegames play` is the terminal table).
run: $(STAMP) kernels
	$(BIN)/tablegames serve --welcome-credit 100000

test: $(STAMP) kernels chromium postgresql lint typecheck pytest

# The report's browser test renders in Debian's Chromium: install it when root and it is missing.
chromium:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi

# The store tests run on PostgreSQL too, in a throwaway cluster (initdb + pg_ctl) they start
# themselves: install Debian's server package when root and no initdb is found.
postgresql:
	@if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
		&& [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts examples
	$(BIN)/ruff format --check src tests benchmarks scripts examples

typecheck: $(STAMP)
	$(BIN)/mypy

# One test process per core (pytest-xdist): the suite is CPU-bound, and on this project's
# 2-core machine two workers take it from about 11 to about 6.5 minutes. Each worker starts its
# own throwaway PostgreSQL cluster and picks its own free ports.
pytest: $(STAMP) kernels
	$(BIN)/pytest -q -n auto

# The README's screenshots (docs/screenshots/), taken in Chromium from a test-mode server.
screenshots: $(STAMP) chromium
	$(BIN)/python scripts/screenshots.py

bench: $(STAMP) kernels
	$(BIN)/python benchmarks/bench_round.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
	rm -f src/tablegames/blackjack/analysis/_aot_*
