# Set-up and everyday commands. Every target sets up what it needs and is quick
# when that is already done, so `make lessons` and `make test` work on a fresh
# machine with python3 and apt.

VENV     := .venv
PY       := $(VENV)/bin/python
# pip runs again only when pyproject.toml changes after the last install.
STAMP    := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium

ARGS        ?=
PYTEST_ARGS ?= -n 2 --dist loadfile

.PHONY: lessons test test-fast bench fuzz venv chromium

lessons: $(STAMP)
	$(VENV)/bin/python -m tutor.serve $(ARGS)

test: $(STAMP) chromium
	@$(call pytest)

test-fast: $(STAMP) chromium
	@$(call pytest,-m "not slow")

bench: $(STAMP)
	$(PY) bench/run.py

# A long coverage-guided fuzzing run (CI runs a bounded one in the test suite).
FUZZ_SECONDS ?= 3600
fuzz: $(STAMP)
	mkdir -p fuzz/artifacts && cd fuzz/artifacts && ../../$(PY) ../fuzz_inputs.py -max_total_time=$(FUZZ_SECONDS)

venv: $(STAMP)

# pytest exits 5 when it collected nothing; say so, since a suite that checks
# nothing must not look like a pass.
define pytest
echo '$(strip $(PY) -m pytest $(1) $(PYTEST_ARGS))'; \
$(PY) -m pytest $(1) $(PYTEST_ARGS); status=$$?; \
if [ $$status -eq 5 ]; then echo "pytest collected no tests: that is a failure" >&2; fi; \
exit $$status
endef

# apt-get as root, or through sudo; anything else is a clear error.
define apt_install
if [ "$$(id -u)" -eq 0 ]; then sudo=; \
elif command -v sudo >/dev/null 2>&1; then sudo=sudo; \
else echo "error: installing $(1) needs root or sudo; install it with apt-get and rerun" >&2; exit 1; fi; \
echo "installing $(1) with apt-get"; \
$$sudo apt-get update && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y $(1)
endef

$(PY):
	@if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then $(call apt_install,python3-venv); fi
	python3 -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -e '.[test]'
	@touch $@

# Browser tests drive the system Chromium at this exact path and never download
# a browser of their own.
chromium:
	@[ -x $(CHROMIUM) ] || { $(call apt_install,chromium); }
