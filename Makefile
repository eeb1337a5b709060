# fieldops — build, test, demo and benchmark from one place.
SWIFT      ?= swift
PKGS       := libcurl yaml-0.1 sqlite3 libsodium
APT_PKGS   := pkg-config libcurl4-openssl-dev libyaml-dev libsqlite3-dev libsodium-dev python3 openssl zsh fish groff-base
BIN_DEBUG  := .build/debug/fieldops
BIN_RELEASE:= .build/release/fieldops

.PHONY: all deps build release test demo bench completions man check-completions check-man clean

all: build

## deps: make sure the C libraries (and the shells the completion tests drive) are present.
deps:
	@missing=""; \
	for p in $(PKGS); do pkg-config --exists $$p 2>/dev/null || missing="$$missing $$p"; done; \
	for s in zsh fish python3 openssl groff; do command -v $$s >/dev/null 2>&1 || missing="$$missing $$s"; done; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	if [ -z "$$missing" ]; then echo "deps: all present"; exit 0; fi; \
	echo "deps: missing:$$missing"; \
	if [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PKGS); \
	else \
		echo "run: sudo apt-get update && sudo apt-get install -y $(APT_PKGS)"; exit 1; \
	fi

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --static-swift-stdlib

## test: every Swift test (unit, emulator end-to-end, real shells), the emulators' own tests,
## and the two SwiftPM plugins (completions must match the command tree; man pages must render).
test: build
	$(SWIFT) test --no-parallel < /dev/null
	python3 -m unittest discover -s Tests/Emulators -p 'test_*.py'
	$(MAKE) check-completions check-man

## completions: regenerate completions/ from the command tree (SwiftPM plugin).
completions:
	$(SWIFT) package --allow-writing-to-package-directory generate-completions

## man: man pages for every command into man/ (SwiftPM plugin).
man:
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --output man

check-completions:
	@tmp=$$(mktemp -d); \
	$(SWIFT) package --allow-writing-to-package-directory generate-completions --output "$$tmp" >/dev/null && \
	for f in fieldops.bash _fieldops fieldops.fish; do \
		diff -u "completions/$$f" "$$tmp/$$f" >/dev/null || { echo "completions/$$f is stale: run 'make completions'"; rm -rf "$$tmp"; exit 1; }; \
	done; rm -rf "$$tmp"; echo "completions: up to date"

check-man:
	@tmp=$$(mktemp -d); \
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --output "$$tmp" >/dev/null && \
	n=$$(ls "$$tmp"/*.1 | wc -l) && [ "$$n" -gt 10 ] && \
	if command -v groff >/dev/null 2>&1; then for p in "$$tmp"/*.1; do groff -man -Tutf8 -ww "$$p" >/dev/null 2>"$$tmp/warn" && [ ! -s "$$tmp/warn" ] || { echo "man page $$p: $$(cat $$tmp/warn)"; exit 1; }; done; fi; \
	echo "man: $$n pages render"; rm -rf "$$tmp"

## bench: release build, then every bench/*.sh with the binary's path; prints figures.
bench: release
	@for b in bench/*.sh; do echo "== $$b"; bash "$$b" "$$(pwd)/$(BIN_RELEASE)" || echo "($$b failed)"; done

## demo: build, start the emulators on loopback, and walk the main jobs with a throw-away config.
demo: build
	bash demo/demo.sh "$$(pwd)/$(BIN_DEBUG)"

clean:
	rm -rf .build man
