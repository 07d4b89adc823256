# Every target creates its own virtual environment on first use. `make run` installs only what running needs
# (the `run` extra); the development tools (the `dev` extra: pytest, ruff, mypy) come with lint, test and bench.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.run-installed
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[run]'
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[run,dev]'
	touch $(RUN_STAMP) $(STAMP)

run: $(RUN_STAMP)
	$(BIN)/dolmen serve --db ./dolmen.db

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -n 2 --durations=15

bench: $(STAMP)
	for b in bench/*_speed.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
