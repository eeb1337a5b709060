# fieldops — build, test, demo, benchmark, install and package from one place.
SWIFT      ?= swift
PKGS       := libcurl yaml-0.1 sqlite3 libsodium libpsl libedit ncursesw libpng
APT_PKGS   := pkg-config libcurl4-openssl-dev libyaml-dev libsqlite3-dev libsodium-dev python3 openssl zsh fish groff-base \
              lintian dpkg-dev bash-completion man-db libpsl-dev linux-libc-dev iproute2 \
              libncurses-dev libedit-dev libpng-dev tzdata mount util-linux systemd
BIN_DEBUG  := .build/debug/fieldops
BIN_RELEASE:= .build/release/fieldops
BUILD_INFO := Sources/CFieldOpsBuild/build-info.h
FUZZ_SECONDS ?= 60

# Where `make install` puts things: $(DESTDIR)$(PREFIX)/…  (`make deb` stages with PREFIX=/usr).
PREFIX     ?= /usr/local
DESTDIR    ?=
BINDIR      = $(PREFIX)/bin
MAN1DIR     = $(PREFIX)/share/man/man1
DOCDIR      = $(PREFIX)/share/doc/fieldops
BASHCOMPDIR = $(PREFIX)/share/bash-completion/completions
ZSHVENDORDIR= $(PREFIX)/share/zsh/vendor-completions
ZSHSITEDIR  = $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d
USERUNITDIR = $(PREFIX)/lib/systemd/user
DOCS       := README.md config/fieldops.example.yaml
UNITS      := $(wildcard config/systemd/*.service config/systemd/*.timer config/systemd/*.socket)
# zsh: vendor-completions always; site-functions too when this machine's zsh reads it under
# PREFIX (Debian's does for /usr/local, not for /usr), or when there is no zsh to ask.
zsh_reads_site = $(shell if command -v zsh >/dev/null 2>&1; then zsh -fc 'print -l $$fpath' | grep -qxF '$(ZSHSITEDIR)' && echo yes; else echo yes; fi)
ZSHDIRS     = $(ZSHVENDORDIR) $(if $(zsh_reads_site),$(ZSHSITEDIR))

.PHONY: try docs check-docs all help deps build-info build release test test-builds test-steps lint format sanitize sanitize-thread sanitize-address fuzz demo bench completions man check-completions check-man \
        install uninstall deb clean

all: build

## help: the targets and what each is for.
help:
	@awk '/^## [a-z-]+:/ { line = substr($$0, 4); name = substr(line, 1, index(line, ":") - 1); \
		printf "  %-18s %s\n", name, substr(line, length(name) + 3) }' $(firstword $(MAKEFILE_LIST))

## deps: install what is missing (C libraries, shells, packaging tools, pyte); test and demo run it.
#   The C libraries, the shells the completion tests drive and the packaging tools (lintian,
#   dpkg-shlibdeps, man, bash-completion). As root it installs what is missing with apt-get;
#   otherwise it prints the apt-get command and stops.
deps:
	@missing=""; \
	for p in $(PKGS); do pkg-config --exists $$p 2>/dev/null || missing="$$missing $$p"; done; \
	for s in zsh fish python3 openssl groff lintian dpkg-shlibdeps man ip mount umount unshare; do command -v $$s >/dev/null 2>&1 || missing="$$missing $$s"; done; \
	[ -f /usr/share/bash-completion/bash_completion ] || missing="$$missing bash-completion"; \
	[ -f /usr/include/linux/rtnetlink.h ] || missing="$$missing linux-libc-dev"; \
	[ -f /usr/share/zoneinfo/America/New_York ] || missing="$$missing tzdata"; \
	python3 -c 'import pyte' 2>/dev/null || { echo "deps: installing the python package pyte (the MCMS watch tests' terminal emulator)"; \
		python3 -m pip install --quiet pyte || pip install --quiet pyte; }; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	if [ -z "$$missing" ]; then echo "deps: all present"; exit 0; fi; \
	echo "deps: missing:$$missing"; \
	if [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PKGS); \
	else \
		echo "run: sudo apt-get update && sudo apt-get install -y $(APT_PKGS)"; exit 1; \
	fi

## build-info: the version header from git (rewritten only when it changes).
#   Sources/CFieldOpsBuild/build-info.h from git describe and the commit; outside a git checkout
#   it is removed and the binary reports VERSION.
build-info:
	@bash packaging/version.sh header $(BUILD_INFO)

## build: the debug build (.build/debug/fieldops).
build: build-info
	$(SWIFT) build

## release: the release build with the Swift runtime linked in (.build/release/fieldops).
# No $ORIGIN RUNPATH: the Swift runtime is linked in, and an installed /usr/bin/fieldops must not
# load libraries (or the libcurl it dlopen()s) from its own directory. Only the program: the test
# support target imports swift-testing, which a release build does not offer.
release: build-info
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath --product fieldops

## test: every test: Swift (unit, end-to-end, real shells), emulators, install, .deb, CI script, lint.
#   Every Swift test (unit, emulator end-to-end, real shells), the emulators' own tests, and the
#   two SwiftPM plugins (completions must match the command tree; man pages must render), then
#   install, uninstall and the .deb (Tests/Install, on the release binary), CI's own script
#   (Tests/CI), and last the formatting lint.
# swift-format ships with the toolchain; .swift-format holds the project's settings.
FORMAT_PATHS = Sources Tests Plugins Package.swift

## lint: swift-format's strict lint; on a finding, the files to `make format` are listed last.
lint:
	@out=$$($(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS) 2>&1); status=$$?; \
	if [ $$status -ne 0 ] || [ -n "$$out" ]; then \
		echo "$$out"; echo "lint: formatting differs in these files (run 'make format'):"; \
		echo "$$out" | grep -o '^[^:]*\.swift' | sort -u | sed 's/^/  /'; exit 1; \
	fi; echo "lint: clean"

## format: rewrite the sources as swift-format wants them.
format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMAT_PATHS)

# The Swift tests run in parallel (Swift Testing's default; TEST_PARALLEL=--no-parallel for one
# at a time), the emulators they need leased from a pool and reset between tests
# (FIELDOPS_TEST_EMULATOR_POOL=0: a process per test). The figures are printed at the end: the
# whole wall time, builds included, the Swift test phase, and the emulator processes started.
#
# At most TEST_WIDTH tests at once (Swift Testing's SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH).
# Unbounded, the test process ends up holding ~1,400 descriptors and Foundation's Process.run
# overflows reading /proc/self/fd (a crash, measured); on this 2-core machine 8 was the fastest
# width measured (8: 175-183 s, 16: 215 s, 32: 245 s).
TEST_PARALLEL ?= --parallel
TEST_WIDTH    ?= 8
TEST_ENV       = SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH)
FIGURES       := .build/test-figures
test:
	@started=$$(date +%s); mkdir -p .build; : > $(FIGURES); \
	$(MAKE) --no-print-directory test-builds && built=$$(date +%s) && \
	$(MAKE) --no-print-directory test-steps; status=$$?; \
	echo "make test: $$(( $$(date +%s) - started )) s wall, builds included (debug, release and the tests:" \
		"$$(( $${built:-$$(date +%s)} - started )) s of it); $$(cat $(FIGURES))"; exit $$status

test-builds: deps build-info build release
	$(SWIFT) build --build-tests

# What `make test` runs once test-builds is done (no prerequisites: the builds ran just before).
test-steps:
	@started=$$(date +%s); rm -f .build/emulator-starts.log; \
	$(TEST_ENV) FIELDOPS_TEST_EMULATOR_LOG=$(CURDIR)/.build/emulator-starts.log $(SWIFT) test --skip-build $(TEST_PARALLEL) < /dev/null; status=$$?; \
	starts=$$(grep -vc "^#" .build/emulator-starts.log 2>/dev/null || true); \
	echo "Swift tests $$(( $$(date +%s) - started )) s ($(TEST_PARALLEL), width $(TEST_WIDTH)), $$starts emulator processes started" > $(FIGURES); \
	cat $(FIGURES); exit $$status
	python3 -m unittest discover -s Tests/Emulators -p 'test_*.py'
	python3 -m unittest discover -s Tests/Docs -p 'test_*.py'
	$(MAKE) check-completions check-man check-docs
	bash Tests/Install/test_install.sh
	bash Tests/CI/test_ci_run.sh
	@# Formatting last: a finding never hides what the tests found.
	$(MAKE) lint

## completions: regenerate completions/ from the command tree (SwiftPM plugin).
completions:
	$(SWIFT) package --allow-writing-to-package-directory generate-completions

## man: man pages for every command into man/ (SwiftPM plugin).
man:
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --output man

## try: start the three service emulators and print the profile lines that point fieldops at them.
try: deps build
	bash demo/try.sh "$$(pwd)/$(BIN_DEBUG)"

## docs: regenerate the Markdown command reference in docs/reference/ from the command tree.
docs: build
	$(BIN_DEBUG) __reference docs/reference

## check-docs: fails when docs/reference/ is not what the command tree generates.
check-docs:
	@tmp=$$(mktemp -d); $(BIN_DEBUG) __reference "$$tmp" 2>/dev/null && \
	if diff -r docs/reference "$$tmp" >/dev/null; then echo "docs: the reference is current"; rm -rf "$$tmp"; \
	else diff -r docs/reference "$$tmp" | head -20; echo "docs/reference is stale: run 'make docs'"; rm -rf "$$tmp"; exit 1; fi

## check-completions: fails when completions/ is not what the command tree generates.
check-completions:
	@tmp=$$(mktemp -d); \
	$(SWIFT) package --allow-writing-to-package-directory generate-completions --output "$$tmp" >/dev/null && \
	for f in fieldops.bash _fieldops fieldops.fish; do \
		diff -u "completions/$$f" "$$tmp/$$f" >/dev/null || { echo "completions/$$f is stale: run 'make completions'"; rm -rf "$$tmp"; exit 1; }; \
	done; rm -rf "$$tmp"; echo "completions: up to date"

## check-man: fails when a man page does not render.
check-man:
	@tmp=$$(mktemp -d); \
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --output "$$tmp" >/dev/null && \
	n=$$(ls "$$tmp"/*.1 | wc -l) && [ "$$n" -gt 10 ] && \
	if command -v groff >/dev/null 2>&1; then for p in "$$tmp"/*.1; do groff -man -Tutf8 -ww "$$p" >/dev/null 2>"$$tmp/warn" && [ ! -s "$$tmp/warn" ] || { echo "man page $$p: $$(cat $$tmp/warn)"; exit 1; }; done; fi; \
	echo "man: $$n pages render"; rm -rf "$$tmp"

## sanitize: the Swift tests under ThreadSanitizer, then AddressSanitizer; fails on any report.
#   Each in its own scratch directory (LeakSanitizer with ASan); the end-to-end tests run the
#   sanitized fieldops binary built beside the tests. Known toolchain reports are suppressed by
#   name in Tests/Sanitizers/.
SANITIZE_ENV = TSAN_OPTIONS="suppressions=$(CURDIR)/Tests/Sanitizers/tsan.supp halt_on_error=1 second_deadlock_stack=1" \
	ASAN_OPTIONS="suppressions=$(CURDIR)/Tests/Sanitizers/asan.supp detect_leaks=1 abort_on_error=0 detect_stack_use_after_return=0" \
	LSAN_OPTIONS="suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp print_suppressions=0"
# One build per sanitizer; its tests run in parallel as `make test`'s do (TEST_PARALLEL, TEST_WIDTH).
sanitize: sanitize-thread sanitize-address

sanitize-thread: build-info
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	$(SANITIZE_ENV) $(TEST_ENV) $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan $(TEST_PARALLEL) < /dev/null

sanitize-address: build-info
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	$(SANITIZE_ENV) $(TEST_ENV) $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan $(TEST_PARALLEL) < /dev/null

## fuzz: every libFuzzer target of Tests/Fuzz for FUZZ_SECONDS each; fails on a crash or leak.
#   Each on a copy of its seed corpus (Tests/Fuzz is a package of its own); a crash, leak or
#   timeout fails it and names the reproducer.
fuzz: ; bash Tests/Fuzz/run.sh $(FUZZ_SECONDS)

## bench: release build, then every bench/*.sh with the binary's path; prints figures.
bench: release
	@for b in bench/*.sh; do echo "== $$b"; bash "$$b" "$$(pwd)/$(BIN_RELEASE)" || echo "($$b failed)"; done

## demo: build, start the emulators on loopback, and walk the main jobs with a throw-away config.
demo: deps build
	bash demo/demo.sh "$$(pwd)/$(BIN_DEBUG)"

## install: the release binary, completions, man pages, docs and user units into $(DESTDIR)$(PREFIX).
#   Completions and man pages are generated by the binary.
install: release
	install -D -m 0755 $(BIN_RELEASE) "$(DESTDIR)$(BINDIR)/fieldops"
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(BIN_RELEASE) completion bash > "$$tmp/fieldops.bash"; \
	$(BIN_RELEASE) completion zsh > "$$tmp/_fieldops"; \
	$(BIN_RELEASE) completion fish > "$$tmp/fieldops.fish"; \
	install -D -m 0644 "$$tmp/fieldops.bash" "$(DESTDIR)$(BASHCOMPDIR)/fieldops"; \
	for d in $(ZSHDIRS); do install -D -m 0644 "$$tmp/_fieldops" "$(DESTDIR)$$d/_fieldops"; done; \
	install -D -m 0644 "$$tmp/fieldops.fish" "$(DESTDIR)$(FISHCOMPDIR)/fieldops.fish"; \
	mkdir "$$tmp/man"; $(BIN_RELEASE) __manual "$$tmp/man" >"$$tmp/log" 2>&1 || { cat "$$tmp/log" >&2; exit 1; }; n=0; \
	for p in "$$tmp"/man/*.1; do \
		gzip -9n "$$p"; install -D -m 0644 "$$p.gz" "$(DESTDIR)$(MAN1DIR)/$${p##*/}.gz"; n=$$((n + 1)); \
	done; \
	for f in $(DOCS); do install -D -m 0644 "$$f" "$(DESTDIR)$(DOCDIR)/$${f##*/}"; done; \
	$(foreach u,$(UNITS),install -D -m 0644 $(u) "$(DESTDIR)$(USERUNITDIR)/$(notdir $(u))";) \
	echo "installed into $(DESTDIR)$(PREFIX): bin/fieldops, completions for bash, zsh ($(ZSHDIRS:$(PREFIX)/share/zsh/%=%)) and fish, $$n man pages, $(words $(DOCS)) docs, $(words $(UNITS)) systemd user units"

## uninstall: removes what `make install` laid with the same PREFIX and DESTDIR.
#   The man pages are the ones the installed binary (else the built one) writes; under a
#   DESTDIR, directories left empty go too.
uninstall:
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	bin="$(DESTDIR)$(BINDIR)/fieldops"; [ -x "$$bin" ] || bin=$(BIN_RELEASE); \
	[ -x "$$bin" ] || { echo "uninstall: no fieldops binary to name the man pages; run 'make release'" >&2; exit 1; }; \
	mkdir "$$tmp/man"; "$$bin" __manual "$$tmp/man" >"$$tmp/log" 2>&1 || { cat "$$tmp/log" >&2; exit 1; }; \
	files="$(BINDIR)/fieldops $(BASHCOMPDIR)/fieldops $(ZSHVENDORDIR)/_fieldops $(ZSHSITEDIR)/_fieldops"; \
	files="$$files $(FISHCOMPDIR)/fieldops.fish $(addprefix $(DOCDIR)/,$(notdir $(DOCS)))"; \
	files="$$files $(addprefix $(USERUNITDIR)/,$(notdir $(UNITS)))"; \
	for p in "$$tmp"/man/*.1; do files="$$files $(MAN1DIR)/$${p##*/}.gz"; done; \
	n=0; for f in $$files; do \
		if [ -e "$(DESTDIR)$$f" ] || [ -L "$(DESTDIR)$$f" ]; then rm -f "$(DESTDIR)$$f"; n=$$((n + 1)); fi; \
	done; \
	if [ -n "$(DESTDIR)" ]; then \
		for f in $$files; do d=$${f%/*}; while [ -n "$$d" ] && rmdir "$(DESTDIR)$$d" 2>/dev/null; do d=$${d%/*}; done; done; \
	else rmdir "$(DOCDIR)" 2>/dev/null || true; fi; \
	echo "removed $$n files from $(DESTDIR)$(PREFIX)"

## deb: fieldops_<version>_<arch>.deb in the repository root.
#   Staged with `make install PREFIX=/usr` (packaging/build-deb.sh; Depends computed from the
#   binary and from the libcurl it dlopen()s).
deb:
	@MAKE="$(MAKE)" bash packaging/build-deb.sh "$(CURDIR)"

## clean: remove the builds and generated files.
clean:
	rm -rf .build man fieldops_*.deb $(BUILD_INFO)
