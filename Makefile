# twentyone: `make run` plays, `make test` checks everything.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

NODE_STAMP := node_modules/.package-lock.json

.PHONY: run test lint format bench clean jscheck

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The browser client's checker (tsc over static/js with JSDoc types) and axe-core for the browser
# tests come from npm (devDependencies only: running the game needs no build step).
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

jscheck: $(NODE_STAMP)
	node_modules/.bin/tsc -p jsconfig.json

# The web game on SQLite at http://127.0.0.1:8000 (the terminal game: .venv/bin/twentyone play VARIANT)
run: $(STAMP)
	$(BIN)/twentyone serve

# The PostgreSQL store tests use $$TWENTYONE_TEST_PG_URL; when it is unset, a throwaway server is
# started on 127.0.0.1 (scripts/pg_test_server.sh installs the Debian package if needed). The
# browser tests need Debian's chromium (scripts/ensure_chromium.sh installs it when root).
test: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts
	$(BIN)/mypy src
	node_modules/.bin/tsc -p jsconfig.json
	@bash scripts/ensure_chromium.sh || true
	@if [ -z "$$TWENTYONE_TEST_PG_URL" ]; then eval "$$(bash scripts/pg_test_server.sh)" || true; fi; \
	  $(BIN)/pytest -n 2 --doctest-modules src tests

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy src
	node_modules/.bin/tsc -p jsconfig.json

format: $(STAMP)
	$(BIN)/ruff format src tests bench
	$(BIN)/ruff check --fix src tests bench

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache
