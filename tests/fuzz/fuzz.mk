# The libFuzzer targets, built with clang against the library sources
# compiled with the fuzzer and sanitizer flags into tests/fuzz/build/
# (never the objects of the ordinary build).  Run from the repository
# root: make -f tests/fuzz/fuzz.mk [FUZZ_BUILD=dir]
.SUFFIXES:

FUZZ_CC	?= clang
FUZZ_BUILD ?= tests/fuzz/build
PKG_CONFIG ?= pkg-config
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
FUZZ_CFLAGS = -std=c11 -D_GNU_SOURCE -O1 -g -Ilibstat \
	`$(PKG_CONFIG) --cflags gsl jansson` $(FUZZ_SAN)
FUZZ_LIBS = `$(PKG_CONFIG) --libs gsl jansson` -lcsv -lz -lm -lpthread

# One reader target per input format, and the option values: read_NAME
# reads the format the registry names NAME with '-' for '_'
# (read_pytest_benchmark: pytest-benchmark).
FUZZ_FORMATS = auto csv tsv json ndjson kv plain hyperfine gbench gobench \
	pyperf fio \
	ws wrk hgrm \
	jmh bdn pytest_benchmark libtest criterion catch2 benchmarkjs custom_json \
	lmbench cyclictest \
	iperf3 sysbench perf_stat \
	stress_ng pgbench ab redis_benchmark \
	jmeter k6 locust locust_history vegeta autocannon artillery hlog
FUZZ_TARGETS = $(FUZZ_FORMATS:%=read_%) opts

LIB_SRC	= $(sort $(wildcard libstat/*/*.c libstat/*/*/*.c))
# FUZZ_LIB=ARCHIVE links the targets with a libstat built already with
# the sanitizers and -fsanitize=fuzzer-no-link (make sanitize's build:
# one build for the suite and the targets) instead of compiling it here.
ifdef FUZZ_LIB
LIB_OBJ	= $(FUZZ_LIB)
else
LIB_OBJ	= $(LIB_SRC:libstat/%.c=$(FUZZ_BUILD)/obj/%.o)
endif
BINS	= $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)

all: $(BINS)

$(FUZZ_BUILD)/obj/%.o: libstat/%.c libstat/libstat.h libstat/core/core.h \
	libstat/read/read.h libstat/stat/stat.h libstat/compare/compare.h \
	libstat/report/report.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_BUILD)/fuzz_read_%: tests/fuzz/fuzz_read.c tests/fuzz/common.h $(LIB_OBJ)
	@mkdir -p $(FUZZ_BUILD)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
	    -DFUZZ_FORMAT_NAME=\"`echo $* | tr _ -`\" -o $@ \
	    tests/fuzz/fuzz_read.c $(LIB_OBJ) $(FUZZ_LIBS)

$(FUZZ_BUILD)/fuzz_opts: tests/fuzz/fuzz_opts.c tests/fuzz/common.h $(LIB_OBJ)
	@mkdir -p $(FUZZ_BUILD)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ \
	    tests/fuzz/fuzz_opts.c $(LIB_OBJ) $(FUZZ_LIBS)

.PHONY: all
