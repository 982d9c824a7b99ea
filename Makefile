# The VIP kata's short commands. `make` alone lists them.

SWIFT  ?= swift
# Where SwiftPM put the runner, as it says: the native build system and Swift Build (SwiftPM 6.4's default) put
# their products in different folders.
KATA    = $(shell $(SWIFT) build --show-bin-path)/kata
PREFIX ?= $(HOME)/.local
STEP   ?=

# An editor may set KATA_STEP for its own builds (see the README); kata's targets choose
# their steps themselves, so a KATA_STEP left in the shell must not shrink the package.
unexport KATA_STEP

.DEFAULT_GOAL := help
.PHONY: help kata check test test-all grade diff bench install format lint lint-workflows mistakes class-path

help:
	@echo "The VIP kata: nine steps: the Scoops&Scones tutorial, the Login guide, an MVVM migration, and suites of your own."
	@echo ""
	@echo "  make check STEP=n   build step n alone and grade its checks (same as: kata check n)"
	@echo "  make test           verify the kit: starters red, solutions green, the runner's tests"
	@echo "                      (make test SWIFT=.ci/swift-build-only: the same, built with Swift Build)"
	@echo "  make test-all       make test, the quick mistakes and the runner's end-to-end suites (CI runs it)"
	@echo "  make grade          grade every step of your Exercises (JSON and JUnit in .kata/)"
	@echo "  make diff STEP=n    the reference solution of step n against its starter (for instructors: the answer)"
	@echo "  make bench          measure the runner against the kit's time budgets"
	@echo "  make mistakes       run the catalogue of plausible mistakes (Tests/Mistakes) against the checks"
	@echo "  make install        put kata on your PATH ($(PREFIX)/bin)"
	@echo "  make format         format every Swift file with the repo's .swift-format"
	@echo "  make lint           swift format lint --strict over the whole tree"
	@echo "  make lint-workflows actionlint on the workflows, and the JSON Schemas checked (tools from PyPI)"
	@echo ""
	@echo "Start with: swift run kata, then kata check 1 (or make check STEP=1)."

# Builds only the runner, so it works even while a step does not compile.
kata:
	@$(SWIFT) build --quiet --product kata

check: kata
	@test -n "$(STEP)" || { echo "make check: which step? For example: make check STEP=3"; exit 64; }
	@$(KATA) check $(STEP)

# The runner alone (KATA_STEP=none), linted meanwhile: kata verify builds the runner's tests, the
# starters and the solutions side by side, each in its own build folder.
VERIFY = KATA_SWIFT="$${KATA_SWIFT:-$(if $(findstring /,$(SWIFT)),$(abspath $(SWIFT)),$(SWIFT))}" $(KATA) verify
test: runner-linted
	$(VERIFY)

# Minutes more: the starters graded as a class is graded, the quick mistakes, and the runner's
# end-to-end suites (the real kata on copies of the kit).
test-all: runner-linted
	$(VERIFY) --all

.PHONY: runner-linted
runner-linted:
	@mkdir -p .build && { $(MAKE) --no-print-directory lint > .build/lint.log 2>&1; echo $$? > .build/lint.status; } & \
	KATA_STEP=none $(SWIFT) build --product kata; built=$$?; wait; cat .build/lint.log; \
	[ "$$built" -eq 0 ] && [ "$$(cat .build/lint.status)" -eq 0 ]

grade: kata
	@$(KATA) grade --json .kata/grade.json --junit .kata/grade.xml

diff: kata
	@test -n "$(STEP)" || { echo "make diff: which step? For example: make diff STEP=3"; exit 64; }
	@$(KATA) diff $(STEP) --starter

bench: kata
	@bash .ci/bench

mistakes: kata
	@$(KATA) mistakes

install: kata
	@install -d "$(PREFIX)/bin"
	@install -m 755 $(KATA) "$(PREFIX)/bin/kata"
	@echo "Installed kata in $(PREFIX)/bin: a copy of the runner as this kit builds it now."
	@echo "After a git pull, run make install again (kata says so when its copy is older than the kit)."
	@echo "If 'kata' is not found, add the folder to your PATH:"
	@echo "  export PATH=\"$(PREFIX)/bin:\$$PATH\""

# The style lives in .swift-format (4 spaces, 120 columns); lint fails on any finding.
SWIFT_FILES := Package.swift Sources Tests Seeds Exercises Solutions

format:
	$(SWIFT) format --in-place --recursive --parallel $(SWIFT_FILES)

# KataCore's public API (what the kata executable calls) must be documented, every declaration of it.
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FILES)
	@mkdir -p .build
	@sed 's/"AllPublicDeclarationsHaveDocumentation": false/"AllPublicDeclarationsHaveDocumentation": true/' \
		.swift-format > .build/kata-api.swift-format
	$(SWIFT) format lint --strict --recursive --configuration .build/kata-api.swift-format Sources/KataCore

lint-workflows:
	@bash .github/scripts/lint-workflows

class-path: kata
	@bash .ci/class-path
