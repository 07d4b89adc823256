# Every target creates its own virtual environment on first use. `make run` installs only what running needs
# (the `run` extra); the development tools (the `dev` extra: pytest, ruff, mypy) come with lint, test and bench.
# `.venv` is an editable install: the interpreted sources, the reference build. `.venv-compiled` is a regular
# install whose engine and games mypyc compiled (setup.py); `make test` runs the whole suite on both.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.run-installed
STAMP := $(VENV)/.installed
COMPILED := .venv-compiled
CBIN := $(COMPILED)/bin
CSTAMP := $(COMPILED)/.installed
SOURCES := $(shell find src -name '*.py' -o -name '*.json' -o -name '*.js' -o -name '*.html' -o -name '*.css')

.PHONY: run test test-interpreted test-compiled compiled lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[run]'
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml setup.py | $(BIN)/python
	DOLMEN_COMPILE=0 $(BIN)/pip install -q -e '.[run,dev]'
	touch $(RUN_STAMP) $(STAMP)

# The compiled build: reinstalled (and recompiled, a few minutes) whenever a source changes.
$(CSTAMP): pyproject.toml setup.py $(SOURCES)
	[ -x $(CBIN)/python ] || $(PYTHON) -m venv $(COMPILED)
	$(CBIN)/pip install -q --upgrade pip
	$(CBIN)/pip uninstall -q -y dolmen 2>/dev/null || true
	rm -rf build  # a module now left interpreted must not come back as its old compiled shim from an earlier build
	DOLMEN_COMPILE=1 $(CBIN)/pip install -q '.[run,dev]'
	touch $(CSTAMP)

compiled: $(CSTAMP)

run: $(RUN_STAMP)
	$(BIN)/dolmen serve --db ./dolmen.db

lint: $(STAMP)
	$(BIN)/ruff check src tests bench setup.py
	$(BIN)/ruff format --check src tests bench setup.py
	$(BIN)/mypy

test: lint test-interpreted test-compiled

test-interpreted: $(STAMP)
	DOLMEN_EXPECT_COMPILED=0 $(BIN)/pytest -n 2 --durations=15

# Run from the tests' parent folder, so `import dolmen` finds the installed compiled package, never src/.
test-compiled: $(CSTAMP)
	DOLMEN_EXPECT_COMPILED=1 $(CBIN)/pytest -n 2 --durations=15

bench: $(STAMP) $(CSTAMP)
	$(BIN)/python bench/rtta_speed.py --compare $(CBIN)/python
	$(BIN)/python bench/stoneage_speed.py --compare $(CBIN)/python
	$(BIN)/python bench/mcts_speed.py --compare $(CBIN)/python
	$(BIN)/python bench/web_speed.py

clean:
	rm -rf $(VENV) $(COMPILED) build .pytest_cache .mypy_cache .ruff_cache
