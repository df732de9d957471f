# b-tools: bstat, bcompare, boutlier, bplot over libstat and the plots layer.
.SUFFIXES:

PREFIX	?= /usr/local
BINDIR	?= $(PREFIX)/bin
LIBDIR	?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR	?= $(PREFIX)/share/man
VERSION	= 0.3
CC	?= cc
PKG_CONFIG ?= pkg-config

OPT	?= -O2
CFLAGS	?= $(OPT) -g
WARN	= -Wall -Wextra
PKGS	= gsl jansson
PLOTPKGS = cairo pangocairo fontconfig libpng
BASECFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) -Ilibstat -Iplots
DEPCFLAGS = `$(PKG_CONFIG) --cflags $(PKGS) $(PLOTPKGS)`
LIBS	= `$(PKG_CONFIG) --libs $(PKGS)` -lcsv -lz -lm -lpthread
PLOTLIBS = `$(PKG_CONFIG) --libs $(PLOTPKGS)`
TESTLIBS = `$(PKG_CONFIG) --libs cmocka`
# -MMD -MP: every object depends on the headers it includes (the .d
# files below), so touching plots/plots.h rebuilds tools/bplot.o.
# The usual variables are honoured (CPPFLAGS, CFLAGS, LDFLAGS, as a
# distribution's build sets them); EXTRA_CFLAGS and EXTRA_LDFLAGS are
# added after them, for flags that must not replace CFLAGS' defaults
# (make sanitize passes the sanitizers so).
ALLCFLAGS = $(BASECFLAGS) $(DEPCFLAGS) $(CPPFLAGS) $(CFLAGS) $(EXTRA_CFLAGS) -MMD -MP

# libstat's layers are its folders (HACKING.md): core, read (read/fmt:
# one file per benchmark tool's format), stat, compare, report.
LIBSTAT_DIRS = core read read/fmt stat compare report
LIBSTAT_SRC = $(sort $(foreach d,$(LIBSTAT_DIRS),$(wildcard libstat/$(d)/*.c)))
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

# Before the first compile: the libraries are there, or one line says to
# run make deps (an order-only prerequisite: it rebuilds nothing).
libcheck:
	@$(PKG_CONFIG) --exists $(PKGS) $(PLOTPKGS) 2>/dev/null && \
	    printf '#include <csv.h>\n' | $(CC) -E -x c - >/dev/null 2>&1 || \
	    { echo "b-tools: the libraries to build with are missing" \
	    "(GSL, libcsv, jansson, cairo, libpng, Pango, fontconfig): run 'make deps' as root" \
	    "(scripts/deps.sh installs them with apt-get)" >&2; exit 1; }

$(LIBSTAT_OBJ) $(PLOTS_OBJ) $(TOOL_BIN:%=tools/%.o) tools/tool.o tools/htmlchart.o: | libcheck

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

-include $(wildcard $(LIBSTAT_DIRS:%=libstat/%/*.d) plots/*.d tools/*.d tests/*.d)

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

# The registries' names, for tests/registry.sh.
tests/registry-names: tests/registry_names.c libstat/libstat.a plots/libplots.a
	$(CC) $(ALLCFLAGS) -o $@ tests/registry_names.c plots/libplots.a libstat/libstat.a $(PLOTLIBS) $(LIBS) $(EXTRA_LDFLAGS)

tests/csvcmp: tests/csvcmp.c
	$(CC) $(ALLCFLAGS) -o $@ tests/csvcmp.c -lm

build-tests: $(UNIT_BIN) tests/csvcmp tests/registry-names

# The test command named in the README: installs what it needs, builds,
# runs the unit tests and the command-line cases.
# DEPS= skips the installation (for builders that are not root and have
# the packages already).
DEPS	?= deps
check: $(DEPS)
	@$(MAKE) --no-print-directory all build-tests
	@sh tests/run-all.sh $(UNIT_BIN)
	@sh tests/jcheck.sh

# The suite can fail: every command-line case run against broken tools
# (tests/harness.sh).
check-harness: $(DEPS)
	@$(MAKE) --no-print-directory all build-tests
	@sh tests/harness.sh

demo: $(DEPS)
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh

bench: deps
	@$(MAKE) --no-print-directory all
	@sh bench/run.sh

# Each tool's time against input size (groups, columns, revisions,
# points), its slope, and a flag above n log n: bench/SCALING.md.  No
# peers, so no deps; not part of make check.
bench-scaling: all
	@sh bench/scaling.sh

# libstat.pc: how a program links the installed libstat.a.
libstat/libstat.pc: Makefile
	@printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' \
	    'includedir=$(INCLUDEDIR)' '' 'Name: libstat' \
	    'Description: statistics of benchmark results (b-tools)' \
	    'Version: $(VERSION)' 'Requires.private: $(PKGS)' \
	    'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -lstat' \
	    'Libs.private: -lcsv -lz -lm -lpthread' > $@

install: all libstat/libstat.a libstat/libstat.pc
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	for t in $(TOOL_BIN); do install -m 0755 $$t $(DESTDIR)$(BINDIR)/$$t; done
	for m in $(MANS); do install -m 0644 $$m $(DESTDIR)$(MANDIR)/man1/; done
	mkdir -p $(DESTDIR)$(MANDIR)/man3 && install -m 0644 man/libstat.3 $(DESTDIR)$(MANDIR)/man3/
	mkdir -p $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 0644 libstat/libstat.a $(DESTDIR)$(LIBDIR)/libstat.a
	install -m 0644 libstat/libstat.h $(DESTDIR)$(INCLUDEDIR)/libstat.h
	install -m 0644 libstat/libstat.pc $(DESTDIR)$(PKGCONFIGDIR)/libstat.pc

uninstall:
	for t in $(TOOLS); do rm -f $(DESTDIR)$(BINDIR)/$$t; done
	for m in $(MANS); do rm -f $(DESTDIR)$(MANDIR)/man1/`basename $$m`; done
	rm -f $(DESTDIR)$(MANDIR)/man3/libstat.3
	rm -f $(DESTDIR)$(LIBDIR)/libstat.a $(DESTDIR)$(INCLUDEDIR)/libstat.h
	rm -f $(DESTDIR)$(PKGCONFIGDIR)/libstat.pc

clean:
	rm -f $(TOOLS) $(LIBSTAT_OBJ) libstat/libstat.a libstat/libstat.pc plots/*.o plots/libplots.a tools/*.o
	rm -f $(LIBSTAT_OBJ:.o=.d) plots/*.d tools/*.d tests/*.d
	rm -f $(UNIT_BIN) tests/csvcmp tests/registry-names
	rm -rf out tests/out

# mandoc -Tlint over every man page (installs mandoc when missing).
lint:
	@BTOOLS_EXTRA_PKGS="mandoc" sh scripts/deps.sh
	mandoc -Tlint -Wwarning $(MANS) $(wildcard man/*.3)

.PHONY: all deps libcheck check check-harness demo bench bench-scaling install uninstall clean build-tests lint

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
#   make valgrind   the command-line cases with every tool of the
#                   ordinary build under valgrind --leak-check=full
#                   (the cases that run each option, input and chart
#                   kind once)
#   make fuzz       every libFuzzer target for FUZZ_TIME seconds (60)
HARDEN_PKGS = clang libclang-rt-14-dev valgrind
FUZZ_TIME ?= 60

harden-deps:
	@BTOOLS_EXTRA_PKGS="$(HARDEN_PKGS)" sh scripts/deps.sh

sanitize: harden-deps
	@sh tests/fuzz/harden.sh sanitize

valgrind: harden-deps
	@$(MAKE) --no-print-directory all
	@sh tests/fuzz/harden.sh valgrind

fuzz: harden-deps
	@sh tests/fuzz/harden.sh fuzz $(FUZZ_TIME)

.PHONY: harden-deps sanitize valgrind fuzz
