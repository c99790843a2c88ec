# prbmc: `make test` runs every test (installing what a fresh Debian machine
# lacks); `make example` verifies the bundled example; `make bench` scores
# the verifier on the shared SV-COMP tasks (developer checkouts only).
GO ?= go
BIN := bin/prbmc
SHARED ?= ../shared
BENCH_TIMEOUT ?= 30
BENCH_JOBS ?= 2

.PHONY: all build test deps image example bench bench-cache repro-bench vet fuzz

all: build

deps:
	./scripts/deps.sh

build: deps
	$(GO) build -o $(BIN) ./cmd/prbmc

# The action image's steps (Dockerfile) without Docker: packages, the
# image's go build, a smoke test of the binary (seconds when prepared).
image: deps
	./scripts/image.sh ci

test: deps image
	$(GO) vet ./...
	$(GO) test -timeout 20m ./...

example: build
	./$(BIN) verify testdata/examples/ringbuf.c; test $$? -eq 10
	./$(BIN) verify testdata/examples/ringbuf_fixed.c
	PRBMC=$(CURDIR)/$(BIN) ./scripts/example-check.sh

bench: build
	./scripts/bench.sh $(SHARED) $(BENCH_TIMEOUT) $(BENCH_JOBS)

# The result cache: a generated change of 200 functions checked cold, then
# again with the cache it filled (README, "The result cache").
CACHE_BENCH_TIMEOUT ?= 10s
bench-cache: build
	./scripts/bench-cache.sh $(BIN) 20 10 $(CACHE_BENCH_TIMEOUT) $(BENCH_JOBS)

# Every solved unsafe SV-COMP task's reproducer, compiled with gcc, must fail.
repro-bench: build
	./scripts/repro-bench.sh $(SHARED) $(BENCH_TIMEOUT)
