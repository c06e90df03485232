# Tact's build. Every target installs what is missing first (Debian, as root).

export PATH := $(PATH):/usr/local/go/bin
GO      ?= go
# The Debian packages the engine builds and tests with: SDL2 headers, GL and
# EGL through Mesa (llvmpipe for the offscreen driver), Xvfb for a real window;
# fonts for every script the text tests draw (CJK collections, Arabic, Hebrew,
# Thai, Devanagari, emoji), libthai's Thai word list, and Chromium for the inspector's browser tests.
APT_PKGS = libsdl2-dev libgl-dev libegl-dev libgl1-mesa-dri libegl-mesa0 xvfb xauth pkg-config \
           fonts-noto-cjk fonts-noto-core fonts-wqy-microhei fonts-droid-fallback fonts-noto-color-emoji libthai-data chromium
OUT     ?= out

.PHONY: all deps build test test-realtime fuzz soak run bench clean

all: build

deps:
	@missing=""; for p in $(APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@command -v $(GO) >/dev/null || { echo "Go 1.26 or newer is needed (https://go.dev/dl)"; exit 1; }

build: deps
	$(GO) build ./...

# The tests: formatting, vet, and every package under the race detector (the
# render thread, job workers and asset decoders are concurrent). GL tests use
# SDL's offscreen driver: no display needed; TACT_REQUIRE_GL=1 makes a test
# that cannot get SDL video or a GL context fail instead of skipping, so a
# broken driver cannot pass as skips. -short skips the few tests that
# measure wall-clock time (pacing, real-time audio), which a loaded machine
# can fail; test-realtime runs them.
test: deps
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt -l reports:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	SDL_VIDEODRIVER=offscreen TACT_REQUIRE_GL=1 $(GO) test -short -race ./...
	@$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZTIME_SHORT)

# Every fuzz target in the module, FUZZTIME each (.ci/fuzz says how a
# crasher is kept). make test runs them for FUZZTIME_SHORT; `make fuzz
# FUZZTIME=10m` hunts.
FUZZTIME       ?= 1m
FUZZTIME_SHORT ?= 3s
fuzz: deps
	GO=$(GO) FUZZTIME=$(FUZZTIME) bash .ci/fuzz

# The wall-clock tests (frame pacing, audio through the device), which -short
# skips: they live in platform and in the root package. The count check
# fails the target if a rename leaves the pattern matching nothing.
REALTIME = Pace|Pacer|ThroughDevice
test-realtime: deps
	@log=$$(mktemp); SDL_VIDEODRIVER=offscreen $(GO) test -count=1 -run '$(REALTIME)' -v ./platform/ . >$$log 2>&1; rc=$$?; \
	cat $$log; n=$$(grep -c -- '^--- PASS' $$log); rm -f $$log; [ $$rc -eq 0 ] || exit $$rc; \
	echo "realtime tests passed: $$n"; [ $$n -ge 5 ] || { echo "expected at least 5 realtime tests, ran $$n"; exit 1; }

# The soak: scenes with every component type built, run, saved, reloaded and
# replaced SOAK_CYCLES times in a real headless Game; heap, goroutines and GL
# objects must stay at their baseline (make test runs a few cycles).
SOAK_CYCLES ?= 300
soak: deps
	SDL_VIDEODRIVER=offscreen TACT_REQUIRE_GL=1 TACT_SOAK_CYCLES=$(SOAK_CYCLES) $(GO) test -count=1 -run '^TestSoak$$' -v .

# The sample launcher: a window when there is a display; without one it
# renders every sample offscreen and writes PNGs under $(OUT)/.
run: deps
	$(GO) run ./samples/launcher -out $(OUT)

bench: deps
	$(GO) test -run '^$$' -bench . -benchmem ./core/ ./scenegraph/ ./runtime/director/ ./render/ .
	$(GO) test -run '^$$' -bench 'AnimationTarget' -benchmem ./runtime/animation/
	SDL_VIDEODRIVER=offscreen $(GO) test -run '^$$' -bench 'Cubes10K|VisibleSprites200k' -benchtime 20x -benchmem ./render/gl/

clean:
	rm -rf $(OUT) bin
