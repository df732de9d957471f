# R oracle for the lmbench reader: bstat's statistics of the lmbench samples
# in testdata/real/lmbench/ (made from lmbench's printf formats, see the
# README there), from the numbers the files hold, parsed here on their own.
# Writes tests/expected/bstat_lmbench_<case>.csv and the manifest
# tests/expected/bstat_lmbench_cases.tsv.
#
# Run from the repository root:   Rscript tests/oracle/lmbench.R
#
# What the reader is held to (libstat/read/fmt/lmbench.c, bstat(1)):
#  * "LABEL: N UNIT" is one row of group `name` LABEL, N in the column named
#    by UNIT as lmbench writes it ("microseconds", "MB/sec"); a label met
#    again is another run of the same group.  A row does not have the
#    other units' columns; a group none of whose rows has a column has no
#    series of it (bstat leaves the pair out).
#  * lat_mem_rd: '"stride=S' starts a series (name lat_mem_rd, column
#    `stride`), its lines "SIZE NS" are size_mb and nanoseconds; a blank line
#    ends it.
#  * lat_ctx: '"size=Kk ovr=O' starts a series (name lat_ctx, size_kb K, ovr
#    O, a column that describes the run and is no value column by
#    default), its lines "PROCS US"
#    are procs and microseconds.
#  * Groups in first-appearance order, value columns in first-seen order;
#    group values as their text in the file.

options(warn = 2)
source("tests/oracle/common.R")

lines_of <- function(path) readLines(path, warn = FALSE)

# Result lines: data frame of name, value (text), unit.
result_rows <- function(path) {
  l <- lines_of(path)
  re <- "^(.*): ([-0-9.]+) (\\S+)$"
  stopifnot(all(grepl(re, l)))
  data.frame(name = sub(re, "\\1", l), value = sub(re, "\\2", l),
             unit = sub(re, "\\3", l), stringsAsFactors = FALSE)
}

# X Y tables under quoted headers of KEY=VALUE words.
table_rows <- function(path, name) {
  rows <- list()
  params <- NULL
  for (l in lines_of(path)) {
    if (l == "") {
      params <- NULL
    } else if (substr(l, 1, 1) == "\"") {
      kv <- strsplit(substring(l, 2), " ")[[1]]
      params <- setNames(sub(".*=", "", kv), sub("=.*", "", kv))
    } else {
      f <- strsplit(l, " ")[[1]]
      stopifnot(length(f) == 2, !is.null(params))
      rows[[length(rows) + 1]] <- c(name = name, params, x = f[1], y = f[2])
    }
  }
  as.data.frame(do.call(rbind, rows), stringsAsFactors = FALSE)
}

header <- c("column", "n", "missing", "mean", "sd", "se", "ci_lo", "ci_hi",
            "min", "q1", "median", "q3", "max", "iqr", "cv", "p95", "p99")

# One expected table: gvals (data frame of the group columns' text), a
# list of value columns (numeric vectors, NA where missing) and, for
# columns a row may not have, a list of logical vectors: which rows have it.
expected <- function(gvals, vcols, present = list()) {
  key <- do.call(paste, c(gvals, sep = "\r"))
  out <- paste(c(names(gvals), header), collapse = ",")
  for (g in unique(key)) {
    rows <- which(key == g)
    for (vc in names(vcols)) {
      if (!is.null(present[[vc]]) && !any(present[[vc]][rows]))
        next
      st <- stats_of(vcols[[vc]][rows], 95, 7, c("95", "99"))
      out <- c(out, paste(c(unlist(gvals[rows[1], ]), vc, st$n, st$missing,
                            fmt17(unlist(st[-(1:2)]))), collapse = ","))
    }
  }
  out
}

manifest <- paste("case", "input", "args", "expected", sep = "\t")
add <- function(case, input, args, lines) {
  path <- file.path("tests/expected", paste0("bstat_lmbench_", case, ".csv"))
  write_lines(lines, path)
  manifest <<- c(manifest, paste(case, input, args, path, sep = "\t"))
}

# loop.txt: 8 labels, 5 runs each, in microseconds and MB/sec.
loop <- "testdata/real/lmbench/loop.txt"
r <- result_rows(loop)
vc <- list()
has <- list()
for (u in unique(r$unit)) {
  vc[[u]] <- ifelse(r$unit == u, as_value(r$value), NA_real_)
  has[[u]] <- r$unit == u
}
lines <- expected(r["name"], vc, has)
add("loop", loop, "-g name", lines)
add("loop_ws", loop, "--input-format ws -g name", lines)

# lat_mem_rd.txt: two strides, run twice.
memrd <- "testdata/real/lmbench/lat_mem_rd.txt"
t <- table_rows(memrd, "lat_mem_rd")
g <- data.frame(name = t$name, stride = t$stride, size_mb = t$x,
                stringsAsFactors = FALSE)
add("lat_mem_rd", memrd, "-g name,stride,size_mb",
    expected(g, list(nanoseconds = as_value(t$y))))

# lat_ctx.txt: two process sizes, three runs each.
ctx <- "testdata/real/lmbench/lat_ctx.txt"
t <- table_rows(ctx, "lat_ctx")
g <- data.frame(size_kb = sub("k$", "", t$size), procs = t$x,
                stringsAsFactors = FALSE)
add("lat_ctx", ctx, "-g size_kb,procs",
    expected(g, list(microseconds = as_value(t$y))))

write_lines(manifest, "tests/expected/bstat_lmbench_cases.tsv")
cat("lmbench.R:", length(manifest) - 1, "bstat cases written;",
    R.version.string, "\n")
