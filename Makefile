# Two commands on a fresh machine:
#   make demo   set up .venv and play a seeded game of every installed title
#   make test   set up .venv with the test tools and run ruff (lint and format), mypy and the
#               whole test suite
#   make mutate mutation testing of each title's rule modules (hours; not part of make test):
#               MUTATE_ARGS="--titles kashgar --sample 100 --seed 7" to choose, --resume to
#               carry on; the report is .mutate/report.md
#   make fuzz   the fuzz tests (tests/fuzz) with many examples each (FUZZ_EXAMPLES, default
#               1000; make test runs them with 5), with hypothesis' statistics
#   make soak   every title over a sample of its option space (a new seed each run, printed;
#               SOAK_ARGS="--seed S" repeats one) for SOAK_MINUTES (default 30), every check
#               and every output at every decision, bad input of every kind; the summary is
#               .soak/summary.md
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# everything the whole test suite exercises: test tools, linters, the python-chess
# reference of the benchmark, every adapter (OpenSpiel, PettingZoo, Gymnasium, Ray; a test
# whose extra is missing skips naming it, tests/extras.py, and fails in CI), the
# statistics and plots of simulate and balance, Playwright for the viewer's tests in
# headless Chromium (the browser itself: apt-get install chromium), and the table server
EXTRAS := test,dev,bench,openspiel,pettingzoo,gymnasium,ray,analysis,browser,serve

.PHONY: demo test lint typecheck pytest bench coverage mutate fuzz soak clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[$(EXTRAS)]'
	touch $@ $(VENV)/.installed

$(VENV)/.installed-mutation: pyproject.toml $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[$(EXTRAS),mutation]'
	touch $@

demo: $(VENV)/.installed
	$(BIN)/silkroad demo

# the suite runs on every core (pytest-xdist); worksteal lets an idle worker take tests
# queued behind a long one
PYTEST_PARALLEL ?= -n auto --dist worksteal
# the tests keep their compiled modules (__pycache__, ignored by git) even where the
# environment says not to write them (PYTHONDONTWRITEBYTECODE): else every worker compiles
# the whole project and rewrites every test module's asserts again, and so does each
# command a test starts in a process of its own (about 10 s of CPU per worker)
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/pytest

# mypy runs beside the tests, its report printed after theirs: a check from a fresh clone
# (no .mypy_cache) takes half a minute of one core, which the tests' waits on browsers,
# servers and the processes they start leave free; either failing fails the target
test: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks mutation
	$(BIN)/ruff format --check src tests benchmarks mutation
	@$(BIN)/mypy > .mypy.log 2>&1 & typing=$$!; \
	$(PYTEST) $(PYTEST_PARALLEL); tests=$$?; \
	wait $$typing; typed=$$?; echo "mypy:"; cat .mypy.log; rm -f .mypy.log; \
	test $$tests -eq 0 && test $$typed -eq 0

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks mutation
	$(BIN)/ruff format --check src tests benchmarks mutation

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

pytest: $(VENV)/.installed-test
	$(PYTEST) $(PYTEST_PARALLEL)

bench: $(VENV)/.installed-test
	$(BIN)/silkroad bench

coverage: $(VENV)/.installed-test
	$(BIN)/silkroad rules --coverage

FUZZ_EXAMPLES ?= 1000
fuzz: $(VENV)/.installed-test
	SILKROAD_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/pytest tests/fuzz -q -p no:cacheprovider \
		--hypothesis-show-statistics

SOAK_MINUTES ?= 30
soak: $(VENV)/.installed-test
	$(BIN)/python -m silkroad.testing.soak --minutes $(SOAK_MINUTES) --out .soak $(SOAK_ARGS)

mutate: $(VENV)/.installed-mutation
	$(BIN)/python mutation/mutate.py $(MUTATE_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .mutate .soak
