# Set-up and everyday commands. Every target sets up what it needs and is quick
# when that is already done, so `make lessons` and `make test` work on a fresh
# machine that has python3 (and, for the browser tests, apt).
#
# Environments come from the committed lock file (uv.lock) through uv, itself
# installed at one pinned version into .tools/: the lessons get the runtime
# dependencies only, the tests add their own group.

TOOLS    := .tools
UV       := $(TOOLS)/bin/uv
UV_PIN   := uv==0.13.9
CHROMIUM := /usr/bin/chromium
RUN      := $(UV) run --locked --no-default-groups
TESTRUN  := $(UV) run --locked --group test --group fuzz

ARGS        ?=
PYTEST_ARGS ?= -n 2 --dist loadfile

.PHONY: lessons test test-fast bench fuzz site wheel chromium npm

lessons: $(UV)
	$(RUN) canasta-tutor lessons $(ARGS)

test: $(UV) chromium npm
	@$(call pytest)

test-fast: $(UV) chromium npm
	@$(call pytest,-m "not slow")

bench: $(UV)
	$(TESTRUN) python bench/run.py

# A long coverage-guided fuzzing run (CI runs a bounded one in the test suite).
# atheris has wheels for Linux only; elsewhere this target says so and stops.
FUZZ_SECONDS ?= 3600
fuzz: $(UV)
	@$(UV) run --locked --group fuzz python -c "import atheris" 2>/dev/null || { echo "error: the fuzzer (atheris) has wheels for Linux only" >&2; exit 1; }
	mkdir -p fuzz/artifacts && cd fuzz/artifacts && ../../$(TESTRUN) python ../fuzz_inputs.py -max_total_time=$(FUZZ_SECONDS)

# The whole course as a static site in site/: every lesson runs in the learner's
# browser (Pyodide), nothing asked of any other host. The export drives the system
# Chromium and needs npm once, to fetch the Pyodide runtime into the cache
# (~/.cache/canasta-tutor/pyodide-<marimo version>/); Node.js (which comes with
# npm) runs that runtime at build time to compile the site's Python to bytecode. Publish site/ on any static
# host, or try it with: python3 -m http.server -d site
site: $(UV) chromium npm
	$(TESTRUN) python -m tools.site_build $(ARGS)

npm:
	@command -v npm >/dev/null 2>&1 || { $(call apt_install,npm); }

wheel: $(UV)
	$(UV) build --wheel --out-dir dist

# pytest exits 5 when it collected nothing; say so, since a suite that checks
# nothing must not look like a pass.
define pytest
echo '$(strip pytest $(1) $(PYTEST_ARGS))'; \
$(TESTRUN) pytest $(1) $(PYTEST_ARGS); status=$$?; \
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

$(UV):
	@if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then $(call apt_install,python3-venv); fi
	python3 -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet --disable-pip-version-check '$(UV_PIN)'

# Browser tests drive the system Chromium at this exact path and never download
# a browser of their own.
chromium:
	@[ -x $(CHROMIUM) ] || { $(call apt_install,chromium); }
