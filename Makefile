# liblockdep: make (regenerate + demo), make demo, make demo-suite, make preload, make test, make bench,
# make fuzz.
CC ?= cc
CFLAGS ?= -O2 -g
BUILD := build

GENERATOR_INPUTS := amalgamate.py $(wildcard src/*) $(shell find uinclude kernel-snapshot -type f)

.PHONY: all demo demo-suite preload check-graph test test-sqlite soak bench fuzz clean

all: liblockdep.c $(BUILD)/demo

# The pair is committed; regenerate it whenever an input changes.
liblockdep.c liblockdep.h: $(GENERATOR_INPUTS)
	python3 amalgamate.py

$(BUILD)/demo: examples/demo.c liblockdep.c liblockdep.h
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) -DLIBLOCKDEP -include liblockdep.h -pthread examples/demo.c liblockdep.c -o $@

# The demo exists to print a report: keep its status (66 after a report) from failing make.
demo: $(BUILD)/demo
	LIBLOCKDEP_EXITCODE=0 ./$(BUILD)/demo

# The second demo: two test programs sharing bank.c, each correct alone, run one after
# the other with one graph (LIBLOCKDEP_GRAPH); the second reports the inversion.
SUITE_DEMO := $(BUILD)/test_transfer $(BUILD)/test_rotate

$(BUILD)/test_%: examples/suite/test_%.c examples/suite/bank.c liblockdep.c liblockdep.h
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) -DLIBLOCKDEP -include liblockdep.h -pthread $< examples/suite/bank.c \
		liblockdep.c -o $@

demo-suite: $(SUITE_DEMO)
	rm -f $(BUILD)/demo.graph
	LIBLOCKDEP_GRAPH=$(abspath $(BUILD))/demo.graph ./$(BUILD)/test_transfer
	LIBLOCKDEP_GRAPH=$(abspath $(BUILD))/demo.graph LIBLOCKDEP_EXITCODE=0 ./$(BUILD)/test_rotate

# The preload flavour, for ./lockdep: the same liblockdep.c, exporting the real names.
preload: $(BUILD)/liblockdep.so

$(BUILD)/liblockdep.so: liblockdep.c liblockdep.h
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -fPIC -shared -pthread \
		-Wl,-soname,liblockdep.so liblockdep.c -o $@ -ldl

# lockdep --check-graph: liblockdep.c with room for a whole suite's graph (20,000
# dependencies and more).
check-graph: $(BUILD)/lockdep-check-graph

$(BUILD)/lockdep-check-graph: tools/check_graph.c liblockdep.c liblockdep.h
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) -I. -DLIBLOCKDEP -DLIBLOCKDEP_DEPENDENCY_BITS=17 -DLIBLOCKDEP_CHAIN_BITS=18 \
		-DLIBLOCKDEP_STACK_TRACE_BITS=21 -pthread tools/check_graph.c liblockdep.c -o $@

test: liblockdep.c
	sh tests/run.sh

clean:
	rm -rf $(BUILD)

# Prints the benchmark tables and saves them as tests/bench/RESULTS.md (a few minutes).
bench:
	sh tests/bench/bench.sh

# SQLite's thread tests, plain vs the drop-in (fetches Debian's sqlite3 source: root
# the first time). LIBLOCKDEP_CLASSES=instance make test-sqlite requires no report.
test-sqlite: liblockdep.c
	sh tests/sqlite/run.sh

# Each parser of liblockdep's input (tests/fuzz/*.c) under libFuzzer with ASan and
# UBSan for FUZZ_SECONDS each; fails on any finding. make test runs them for 4 s.
FUZZ_SECONDS ?= 300
fuzz: liblockdep.c
	FUZZ_SECONDS=$(FUZZ_SECONDS) BUILD=$(BUILD) sh tests/fuzz/run.sh

# By hand: the stress scenarios for ten minutes each (locking; cancellation, fork and
# signals together), then a million locks with classes of their own created and destroyed.
soak: liblockdep.c
	STRESS_SECONDS=600 SCENARIO_TIMEOUT=1800 SCENARIOS_ONLY=1 sh tests/run.sh stress_many_threads
	STRESS_SECONDS=600 SCENARIO_TIMEOUT=1800 SCENARIOS_ONLY=1 sh tests/run.sh stress_cancel_fork_signals
	LOCKS=1000000 SCENARIO_TIMEOUT=7200 SCENARIOS_ONLY=1 sh tests/run.sh own_class_churn
