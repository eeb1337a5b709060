# fieldops — build, test, demo and benchmark from one place.
SWIFT      ?= swift
PKGS       := libcurl yaml-0.1 sqlite3 libsodium
APT_PKGS   := pkg-config libcurl4-openssl-dev libyaml-dev libsqlite3-dev libsodium-dev python3 openssl zsh fish
BIN_DEBUG  := .build/debug/fieldops
BIN_RELEASE:= .build/release/fieldops

.PHONY: all deps build release test demo bench completions man clean

all: build

## deps: make sure the C libraries (and the shells the completion tests drive) are present.
deps:
	@missing=""; \
	for p in $(PKGS); do pkg-config --exists $$p 2>/dev/null || missing="$$missing $$p"; done; \
	for s in zsh fish python3 openssl; do command -v $$s >/dev/null 2>&1 || missing="$$missing $$s"; done; \
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

test: build
	$(SWIFT) test

clean:
	rm -rf .build man
