# b-tools: bstat, bcompare, boutlier, bplot over libstat and the plots layer.
.SUFFIXES:

PREFIX	?= /usr/local
BINDIR	?= $(PREFIX)/bin
MANDIR	?= $(PREFIX)/share/man
CC	?= cc
PKG_CONFIG ?= pkg-config

OPT	?= -O2
CFLAGS	?= $(OPT) -g
WARN	= -Wall -Wextra
PKGS	= gsl jansson
PLOTPKGS = cairo pangocairo
BASECFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) -Ilibstat -Iplots
DEPCFLAGS = `$(PKG_CONFIG) --cflags $(PKGS) $(PLOTPKGS)`
LIBS	= `$(PKG_CONFIG) --libs $(PKGS)` -lcsv -lz -lm -lpthread
PLOTLIBS = `$(PKG_CONFIG) --libs $(PLOTPKGS)`
TESTLIBS = `$(PKG_CONFIG) --libs cmocka`
# -MMD -MP: every object depends on the headers it includes (the .d
# files below), so touching plots/plots.h rebuilds tools/bplot.o.
ALLCFLAGS = $(BASECFLAGS) $(DEPCFLAGS) $(CFLAGS) $(EXTRA_CFLAGS) -MMD -MP

LIBSTAT_SRC = $(sort $(wildcard libstat/*.c))
LIBSTAT_OBJ = $(LIBSTAT_SRC:.c=.o)
PLOTS_SRC = $(sort $(wildcard plots/*.c))
PLOTS_OBJ = $(PLOTS_SRC:.c=.o)
TOOLS	= bstat bcompare boutlier bplot btrend benv
TOOL_BIN = $(filter $(TOOLS),$(patsubst tools/%.c,%,$(wildcard tools/*.c)))
UNIT_SRC = $(sort $(wildcard tests/test_*.c))
UNIT_BIN = $(UNIT_SRC:.c=)
MANS	= $(wildcard man/*.1)

all: $(TOOL_BIN)

deps:
	@sh scripts/deps.sh

libstat/libstat.a: $(LIBSTAT_OBJ)
	rm -f $@
	ar rcs $@ $(LIBSTAT_OBJ)

plots/libplots.a: $(PLOTS_OBJ)
	rm -f $@
	ar rcs $@ $(PLOTS_OBJ)

libstat/%.o: libstat/%.c
	$(CC) $(ALLCFLAGS) -c -o $@ $<

plots/%.o: plots/%.c
	$(CC) $(ALLCFLAGS) -c -o $@ $<

tools/%.o: tools/%.c
	$(CC) $(ALLCFLAGS) -c -o $@ $<

-include $(wildcard libstat/*.d plots/*.d tools/*.d tests/*.d)

bplot: tools/bplot.o tools/tool.o plots/libplots.a libstat/libstat.a
	$(CC) $(LDFLAGS) -o $@ tools/bplot.o tools/tool.o plots/libplots.a libstat/libstat.a $(PLOTLIBS) $(LIBS) $(EXTRA_LDFLAGS)

bstat: tools/bstat.o tools/tool.o libstat/libstat.a
	$(CC) $(LDFLAGS) -o $@ tools/bstat.o tools/tool.o libstat/libstat.a $(LIBS) $(EXTRA_LDFLAGS)

bcompare: tools/bcompare.o tools/tool.o tools/htmlchart.o plots/libplots.a libstat/libstat.a
	$(CC) $(LDFLAGS) -o $@ tools/bcompare.o tools/tool.o tools/htmlchart.o plots/libplots.a libstat/libstat.a $(PLOTLIBS) $(LIBS) $(EXTRA_LDFLAGS)

benv: tools/benv.o tools/tool.o libstat/libstat.a
	$(CC) $(LDFLAGS) -o $@ tools/benv.o tools/tool.o libstat/libstat.a $(LIBS) $(EXTRA_LDFLAGS)

btrend: tools/btrend.o tools/tool.o libstat/libstat.a
	$(CC) $(LDFLAGS) -o $@ tools/btrend.o tools/tool.o libstat/libstat.a $(LIBS) $(EXTRA_LDFLAGS)

boutlier: tools/boutlier.o tools/tool.o libstat/libstat.a
	$(CC) $(LDFLAGS) -o $@ tools/boutlier.o tools/tool.o libstat/libstat.a $(LIBS) $(EXTRA_LDFLAGS)

tests/test_%: tests/test_%.c libstat/libstat.a $(PLOTS_OBJ)
	$(CC) $(ALLCFLAGS) -Itests -o $@ $< $(PLOTS_OBJ) libstat/libstat.a $(TESTLIBS) $(PLOTLIBS) $(LIBS) $(EXTRA_LDFLAGS)

tests/csvcmp: tests/csvcmp.c
	$(CC) $(ALLCFLAGS) -o $@ tests/csvcmp.c -lm

build-tests: $(UNIT_BIN) tests/csvcmp

# The test command named in the README: installs what it needs, builds,
# runs the unit tests and the command-line cases.
check: deps
	@$(MAKE) --no-print-directory all build-tests
	@sh tests/run-all.sh $(UNIT_BIN)

demo: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh

bench: deps
	@$(MAKE) --no-print-directory all
	@sh bench/run.sh

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	for t in $(TOOL_BIN); do install -m 0755 $$t $(DESTDIR)$(BINDIR)/$$t; done
	for m in $(MANS); do install -m 0644 $$m $(DESTDIR)$(MANDIR)/man1/; done
	mkdir -p $(DESTDIR)$(MANDIR)/man3 && install -m 0644 man/libstat.3 $(DESTDIR)$(MANDIR)/man3/

uninstall:
	for t in $(TOOLS); do rm -f $(DESTDIR)$(BINDIR)/$$t; done
	for m in $(MANS); do rm -f $(DESTDIR)$(MANDIR)/man1/`basename $$m`; done
	rm -f $(DESTDIR)$(MANDIR)/man3/libstat.3

clean:
	rm -f $(TOOLS) libstat/*.o libstat/libstat.a plots/*.o plots/libplots.a tools/*.o
	rm -f libstat/*.d plots/*.d tools/*.d tests/*.d
	rm -f $(UNIT_BIN) tests/csvcmp
	rm -rf out tests/out

# mandoc -Tlint over every man page (installs mandoc when missing).
lint:
	@BTOOLS_EXTRA_PKGS="mandoc" sh scripts/deps.sh
	mandoc -Tlint -Wwarning $(MANS) $(wildcard man/*.3)

.PHONY: all deps check demo bench install uninstall clean build-tests lint

# bcompare -f html checked by tidy and drawn by a headless chromium
# (installs both; not in make check, chromium is large).
report-check: all
	@BTOOLS_EXTRA_PKGS="tidy chromium" sh scripts/deps.sh
	@sh tests/report-check.sh

.PHONY: report-check

# ---------------------------------------------------------------------
# Hardening (tests/fuzz/): sanitizers, valgrind and fuzzing.  Each builds
# in a place of its own (a temporary copy of the tree, or tests/fuzz/
# build/), never over the objects that `make` and `make check` use.
#   make sanitize   clang -fsanitize=address,undefined build of everything,
#                   the whole suite (tests/run-all.sh), then the fuzz
#                   targets replay their seed corpus and regression inputs
#   make valgrind   the command-line cases with every tool under
#                   valgrind --leak-check=full
#   make fuzz       every libFuzzer target for FUZZ_TIME seconds (60)
HARDEN_PKGS = clang libclang-rt-14-dev valgrind
FUZZ_TIME ?= 60

harden-deps:
	@BTOOLS_EXTRA_PKGS="$(HARDEN_PKGS)" sh scripts/deps.sh

sanitize: harden-deps
	@sh tests/fuzz/harden.sh sanitize

valgrind: harden-deps
	@sh tests/fuzz/harden.sh valgrind

fuzz: harden-deps
	@sh tests/fuzz/harden.sh fuzz $(FUZZ_TIME)

.PHONY: harden-deps sanitize valgrind fuzz
