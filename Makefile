# liblockdep: make (regenerate + demo), make demo, make demo-suite, make preload,
# make check-graph, make merge-sarif, make test, make test-all (= make test + make test-extra),
# make test-no-fast-path, make bench, make fuzz, make install (PREFIX, DESTDIR),
# make uninstall.
CC ?= cc
CFLAGS ?= -O2 -g
BUILD := build
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
LIBEXECDIR ?= $(PREFIX)/libexec
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man

GENERATOR_INPUTS := amalgamate.py $(wildcard src/*) $(shell find uinclude kernel-snapshot -type f)

.PHONY: all demo demo-suite preload check-graph merge-sarif install uninstall test test-extra test-all test-no-fast-path test-sqlite soak bench fuzz clean

all: liblockdep.c $(BUILD)/demo

# The pair is committed; regenerate it whenever an input changes.
liblockdep.c liblockdep.h &: $(GENERATOR_INPUTS)
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

# Where the SARIF log's links point (informationUri, each rule's helpUri): the URL of
# this tree's docs/ folder as published (say
# https://github.com/ORG/liblockdep/blob/COMMIT/docs/), given one '/' at its end;
# unset, the kernel's lockdep page. Only the library and the SARIF merger hold it:
# make clean after a change.
DOCS_URL ?=
DOCS_DEFINE = $(if $(DOCS_URL),-DLIBLOCKDEP_DOCS_URL='"$(patsubst %/,%,$(DOCS_URL))/"')

# The preload flavour, for ./lockdep: the same liblockdep.c, exporting the real names.
preload: $(BUILD)/liblockdep.so

$(BUILD)/liblockdep.so: liblockdep.c liblockdep.h
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(DOCS_DEFINE) -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -fPIC -shared -pthread \
		-Wl,-soname,liblockdep.so liblockdep.c -o $@ -ldl

# The lockdep the pair was made from, as its reports' banner names it; pkg-config and
# CMake are told it as the version, with the installed paths filled in.
KERNEL_VERSION = $(shell sed -n 's/^\#define LIBLOCKDEP_KERNEL_VERSION "\(.*\)"$$/\1/p' liblockdep.c)
FILL_PATHS = sed -e "s|@INCLUDEDIR@|$(INCLUDEDIR)|g" -e "s|@LIBDIR@|$(LIBDIR)|g" \
	-e "s|@VERSION@|$(KERNEL_VERSION)|g"

# The runner and the compiler wrapper, told where the library, the graph checker, the
# SARIF merger and the header are (so they build nothing and work from any directory), the library, the
# two tools, the header for -llockdep builds, pkg-config's and CMake's descriptions, the
# drop-in pair's .c (to copy into a project, with the header) and lockdep(1). Every
# path quoted: a PREFIX may hold a space. The filled-in files go straight to their
# place, never through build/: two installs to two prefixes may run at once (the
# build-system checks do), and a shared copy would hand one the other's paths.
install: $(BUILD)/liblockdep.so $(BUILD)/lockdep-check-graph $(BUILD)/lockdep-merge-sarif
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(LIBDIR)/pkgconfig" \
		"$(DESTDIR)$(LIBDIR)/cmake/liblockdep" "$(DESTDIR)$(LIBEXECDIR)/liblockdep" \
		"$(DESTDIR)$(INCLUDEDIR)" "$(DESTDIR)$(DATADIR)/liblockdep" "$(DESTDIR)$(MANDIR)/man1"
	sed -e "s|^installed_lib=$$|installed_lib='$(LIBDIR)/liblockdep.so'|" \
		-e "s|^installed_checker=$$|installed_checker='$(LIBEXECDIR)/liblockdep/lockdep-check-graph'|" \
		-e "s|^installed_merger=$$|installed_merger='$(LIBEXECDIR)/liblockdep/lockdep-merge-sarif'|" \
		-e "s|^installed_version=$$|installed_version='$(KERNEL_VERSION)'|" \
		lockdep > "$(DESTDIR)$(BINDIR)/lockdep"
	sed -e "s|^installed_include=$$|installed_include='$(INCLUDEDIR)/liblockdep.h'|" \
		-e "s|^installed_libdir=$$|installed_libdir='$(LIBDIR)'|" \
		lockdep-cc > "$(DESTDIR)$(BINDIR)/lockdep-cc"
	chmod 755 "$(DESTDIR)$(BINDIR)/lockdep" "$(DESTDIR)$(BINDIR)/lockdep-cc"
	for name in c++ gcc g++ clang clang++; do \
		ln -sf lockdep-cc "$(DESTDIR)$(BINDIR)/lockdep-$$name" || exit 1; \
	done
	install -m 755 $(BUILD)/liblockdep.so "$(DESTDIR)$(LIBDIR)/liblockdep.so"
	$(FILL_PATHS) tools/liblockdep.pc.in > "$(DESTDIR)$(LIBDIR)/pkgconfig/liblockdep.pc"
	$(FILL_PATHS) tools/liblockdep-config.cmake.in \
		> "$(DESTDIR)$(LIBDIR)/cmake/liblockdep/liblockdep-config.cmake"
	$(FILL_PATHS) tools/liblockdep-config-version.cmake.in \
		> "$(DESTDIR)$(LIBDIR)/cmake/liblockdep/liblockdep-config-version.cmake"
	install -m 755 $(BUILD)/lockdep-check-graph \
		"$(DESTDIR)$(LIBEXECDIR)/liblockdep/lockdep-check-graph"
	install -m 755 $(BUILD)/lockdep-merge-sarif \
		"$(DESTDIR)$(LIBEXECDIR)/liblockdep/lockdep-merge-sarif"
	install -m 644 liblockdep.h "$(DESTDIR)$(INCLUDEDIR)/liblockdep.h"
	install -m 644 liblockdep.c "$(DESTDIR)$(DATADIR)/liblockdep/liblockdep.c"
	install -m 644 docs/lockdep.1 "$(DESTDIR)$(MANDIR)/man1/lockdep.1"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/lockdep" "$(DESTDIR)$(BINDIR)/lockdep-cc" \
		"$(DESTDIR)$(BINDIR)/lockdep-c++" "$(DESTDIR)$(BINDIR)/lockdep-gcc" \
		"$(DESTDIR)$(BINDIR)/lockdep-g++" "$(DESTDIR)$(BINDIR)/lockdep-clang" \
		"$(DESTDIR)$(BINDIR)/lockdep-clang++" "$(DESTDIR)$(LIBDIR)/liblockdep.so" \
		"$(DESTDIR)$(LIBDIR)/pkgconfig/liblockdep.pc" \
		"$(DESTDIR)$(LIBDIR)/cmake/liblockdep/liblockdep-config.cmake" \
		"$(DESTDIR)$(LIBDIR)/cmake/liblockdep/liblockdep-config-version.cmake" \
		"$(DESTDIR)$(LIBEXECDIR)/liblockdep/lockdep-check-graph" \
		"$(DESTDIR)$(LIBEXECDIR)/liblockdep/lockdep-merge-sarif" \
		"$(DESTDIR)$(INCLUDEDIR)/liblockdep.h" "$(DESTDIR)$(DATADIR)/liblockdep/liblockdep.c" \
		"$(DESTDIR)$(MANDIR)/man1/lockdep.1"
	-rmdir "$(DESTDIR)$(DATADIR)/liblockdep" "$(DESTDIR)$(LIBEXECDIR)/liblockdep" \
		"$(DESTDIR)$(LIBDIR)/cmake/liblockdep"

# lockdep --check-graph: liblockdep.c with room for a whole suite's graph (20,000
# dependencies and more).
check-graph: $(BUILD)/lockdep-check-graph

$(BUILD)/lockdep-check-graph: tools/check_graph.c liblockdep.c liblockdep.h
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) -I. -DLIBLOCKDEP -DLIBLOCKDEP_DEPENDENCY_BITS=17 -DLIBLOCKDEP_CHAIN_BITS=18 \
		-DLIBLOCKDEP_STACK_TRACE_BITS=21 -pthread tools/check_graph.c liblockdep.c -o $@

# lockdep --merge-sarif: a suite's per-process SARIF logs as one run for an upload.
merge-sarif: $(BUILD)/lockdep-merge-sarif

$(BUILD)/lockdep-merge-sarif: tools/merge_sarif.c liblockdep.c liblockdep.h
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(DOCS_DEFINE) -I. -DLIBLOCKDEP -pthread tools/merge_sarif.c liblockdep.c -o $@

# The tests a developer runs many times a day: every scenario, in both flavours, and
# the checks of tier "test" (all but those with a "# Tier: all" line), with gcc, g++,
# clang, make and python3 (a check that needs more says SKIP in one line).
test: liblockdep.c
	TIER=test sh tests/run.sh

# What make test-all adds to make test (CI runs both, each once): the checks of tier
# "all" (other kernel trees, fuzzing, valgrind, real programs, the slow ones), every
# scenario without the fast path, and SQLite's thread tests with either kind of classes.
test-extra: liblockdep.c
	TIER=extra sh tests/run.sh
	$(MAKE) test-no-fast-path
	$(MAKE) test-sqlite
	LIBLOCKDEP_CLASSES=instance $(MAKE) test-sqlite

test-all: test
	$(MAKE) test-extra

# Every scenario again with the fast path in front of lockdep built out (src/fast_path.c).
test-no-fast-path: liblockdep.c
	FAST_PATH=off SCENARIOS_ONLY=1 sh tests/run.sh

clean:
	rm -rf $(BUILD)

# Prints the benchmark tables and saves them as tests/bench/RESULTS.md, with the time
# it took: 12 minutes on two cores at a load of about 3, 23 at a load of about 10;
# REPS=1 ROWS_RUNS=1 for a quick look (8 minutes at the load of 10).
bench:
	sh tests/bench/bench.sh

# SQLite's thread tests, plain vs the drop-in (fetches Debian's sqlite3 source: root
# the first time), with tests/sqlite/sqlite.rules: no report allowed (nor with
# LIBLOCKDEP_CLASSES=instance; LIBLOCKDEP_RULES= runs without the rules).
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
