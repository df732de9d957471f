# R oracle for bstat: generates the input data under testdata/oracle/ and the
# expected outputs tests/expected/bstat_*.csv plus the manifest
# tests/expected/bstat_cases.tsv.
#
# Run from the repository root:   Rscript tests/oracle/summary.R
#
# Conventions reproduced here (they are what the tests hold bstat to):
#  * Missing cells: "", "NA", "NaN", "null" are missing.  They are not
#    samples for any statistic and are counted in `missing`.
#  * Groups appear in first-appearance order in the input; within a group the
#    value columns appear in input column order.
#  * --skip N drops the first N ROWS of every group, in input order, before any
#    statistic.  Every row counts as a sample for --skip, whether its cell is
#    missing or not (a missing cell among the first N rows is dropped with its
#    row and is then NOT counted in `missing`).  The rows are dropped per group,
#    not per column, so all value columns of a group lose the same rows.
#  * sd uses n-1; se = sd/sqrt(n); CI = mean -/+ qt((1+c)/2, n-1)*se with
#    c = confidence/100; cv = sd/mean.
#  * min/max are the sample extremes; q1, median, q3 and every pNN column use
#    quantile(type = N) (default 7); iqr = q3 - q1 of those same quantiles.
#    The probability of pNN is as.numeric("NNe-2"), the double nearest
#    the decimal (99.9 -> 0.999, which 99.9/100 is not; issue 31).
#  * n = 1: sd, se, ci_lo, ci_hi, cv empty.  n = 0: every statistic empty;
#    only the group columns, column, n and missing are filled.
#  * Numbers are written with 17 significant digits ("%.17g"); empty cell = NA.
#    Group values are written exactly as their input text.
#
# Input values are written with at most 15 significant digits and READ BACK
# from the file before anything is computed, so R and bstat see the same text.

options(warn = 2)
set.seed(20241130)

dir.create("testdata/oracle", recursive = TRUE, showWarnings = FALSE)
dir.create("tests/expected", recursive = TRUE, showWarnings = FALSE)

source("tests/oracle/common.R")

# ---------------------------------------------------------------- input data

## a. latency.csv: threads x impl, 30 runs each, shuffled, ~3% missing cells
mk_latency <- function() {
  d <- expand.grid(run = 1:30, impl = c("old", "new"), threads = c(1, 2, 4, 8),
                   stringsAsFactors = FALSE)
  d <- d[sample(nrow(d)), ]              # groups are NOT contiguous
  speed <- ifelse(d$impl == "new", 0.85, 1)
  lat <- rlnorm(nrow(d), meanlog = log(20 * d$threads^0.6 * speed), sdlog = 0.25)
  thr <- rnorm(nrow(d), mean = 5e4 * d$threads^0.8 / speed,
               sd = 0.04 * 5e4 * d$threads^0.8 / speed)
  lat_s <- fmt15(signif(lat, 15))
  thr_s <- fmt15(signif(thr, 15))
  # position of each row within its group, in input order
  key <- paste(d$threads, d$impl)
  pos <- ave(seq_len(nrow(d)), key, FUN = seq_along)
  # random missing cells (outside the first 3 rows of a group) ...
  later <- which(pos > 3)
  lat_s[sample(later, 3)] <- "NA"
  thr_s[sample(later, 4)] <- ""
  # ... and some inside the first 3 rows, to pin down the --skip convention
  lat_s[which(key == "4 new" & pos == 1)] <- "NA"
  thr_s[which(key == "1 old" & pos == 2)] <- ""
  thr_s[which(key == "8 new" & pos == 3)] <- ""
  c("threads,impl,latency_us,throughput",
    paste(d$threads, d$impl, lat_s, thr_s, sep = ","))
}
write_lines(mk_latency(), "testdata/oracle/latency.csv")

## b. small.csv: groups with n = 0, 1, 2, 3, 7 (interleaved)
mk_small <- function() {
  rows <- list(
    c("n3", fmt15(12.5)),
    c("n0", "NA"),
    c("n7", fmt15(signif(rnorm(1, 100, 10), 15))),
    c("n1", fmt15(-3.75)),
    c("n3", fmt15(0.1)),
    c("n7", fmt15(signif(rnorm(1, 100, 10), 15))),
    c("n2", fmt15(1e-3)),
    c("n0", ""),
    c("n7", "NaN"),                     # a missing cell in a non-empty group
    c("n7", fmt15(signif(rnorm(1, 100, 10), 15))),
    c("n3", fmt15(7)),
    c("n2", fmt15(2.5e-3)),
    c("n7", fmt15(signif(rnorm(1, 100, 10), 15))),
    c("n0", "null"),
    c("n7", fmt15(signif(rnorm(1, 100, 10), 15))),
    c("n7", fmt15(signif(rnorm(1, 100, 10), 15))),
    c("n7", fmt15(signif(rnorm(1, 100, 10), 15))))
  c("g,x", vapply(rows, paste, "", collapse = ","))
}
write_lines(mk_small(), "testdata/oracle/small.csv")

## c. ties.csv: integers with many ties
mk_ties <- function() {
  x <- sample(c(rep(3, 9), rep(5, 12), rep(6, 7), rep(7, 10), 1, 2, 9, 10, 10, 14))
  c("x", as.character(x))
}
write_lines(mk_ties(), "testdata/oracle/ties.csv")

# ------------------------------------------------------------- the statistics

# One expected table.  gcols: group column names (may be empty); the value
# columns are every other column, in input order.
bstat_oracle <- function(path, gcols, conf = 95, type = 7,
                         pcts = c("95", "99"), skip = 0) {
  d <- read_text_csv(path)
  vcols <- setdiff(names(d), gcols)
  key <- if (length(gcols)) do.call(paste, c(d[gcols], sep = "\r")) else
    rep("", nrow(d))
  groups <- unique(key)                   # first-appearance order
  header <- c(gcols, "column", "n", "missing", "mean", "sd", "se", "ci_lo",
              "ci_hi", "min", "q1", "median", "q3", "max", "iqr", "cv",
              qnames(pcts))
  lines <- paste(header, collapse = ",")
  for (g in groups) {
    rows <- which(key == g)               # input order
    if (skip > 0) rows <- rows[-seq_len(min(skip, length(rows)))]
    gvals <- if (length(gcols)) unlist(d[which(key == g)[1], gcols]) else
      character(0)
    for (vc in vcols) {
      st <- stats_of(as_value(d[[vc]][rows]), conf, type, pcts)
      num <- unlist(st[-(1:2)])
      lines <- c(lines, paste(c(gvals, vc, st$n, st$missing, fmt17(num)),
                              collapse = ","))
    }
  }
  lines
}

# ------------------------------------------------------------------ the cases

inputs <- list(
  latency = list(path = "testdata/oracle/latency.csv", g = c("threads", "impl")),
  small   = list(path = "testdata/oracle/small.csv",   g = "g"),
  ties    = list(path = "testdata/oracle/ties.csv",    g = character(0)))

variants <- list(list(name = "default", args = character(0)),
                 list(name = "conf90", args = "--confidence 90", conf = 90),
                 list(name = "pct", args = "--percentiles 50,90,99.9",
                      pcts = c("50", "90", "99.9")))
for (t in 1:9)
  variants[[length(variants) + 1]] <-
    list(name = paste0("qtype", t), args = paste("--quantile-type", t), type = t)
variants[[length(variants) + 1]] <- list(name = "skip3", args = "--skip 3", skip = 3)

manifest <- paste("case", "input", "args", "expected", sep = "\t")
for (iname in names(inputs)) {
  inp <- inputs[[iname]]
  for (v in variants) {
    case <- paste(iname, v$name, sep = "_")
    expected <- file.path("tests/expected", paste0("bstat_", case, ".csv"))
    lines <- bstat_oracle(inp$path, inp$g,
                          conf = if (is.null(v$conf)) 95 else v$conf,
                          type = if (is.null(v$type)) 7 else v$type,
                          pcts = if (is.null(v$pcts)) c("95", "99") else v$pcts,
                          skip = if (is.null(v$skip)) 0 else v$skip)
    write_lines(lines, expected)
    args <- c(if (length(inp$g)) paste("-g", paste(inp$g, collapse = ",")), v$args)
    manifest <- c(manifest, paste(case, inp$path, paste(args, collapse = " "),
                                  expected, sep = "\t"))
  }
}

# ---------------------------------------------------------------- ts19 case
# Three integers near 1.7e18, one per line (plain input, column `value`).
# They are NOT representable in binary64: all three round to the same double
# 1732934400123456768 = 6769275000482253 * 2^8 (the doubles there are 256
# apart, and 789, 790, 791 are within 128 of 768), so R's own sd() of them is
# 0.  The moments (mean, sd, se, ci, cv) are therefore computed on the data
# shifted by the exact integer 1732934400123456789 (0, 1, 2) and the offset is
# added back as decimal text: the exact mean is 1732934400123456790 and the
# exact sd is 1.  The order statistics (min, quartiles, max, pNN, iqr) are
# those of the doubles the input reads as, as R's quantile() gives them: all
# 1732934400123456768, iqr 0.
ts19 <- c("1732934400123456789", "1732934400123456790", "1732934400123456791")
write_lines(ts19, "testdata/oracle/ts19.txt")
local({
  hi <- "17329344001234"; lo <- 56789   # offset = hi * 1e5 + lo
  add_offset <- function(s) {           # exact text of offset + s, |s| small
    v <- lo + s
    stopifnot(v >= 10000, v < 1e5)
    txt <- sprintf("%.10f", v)         # |v| < 1e5: ~1e-11 absolute accuracy
    txt <- sub("0+$", "", txt); txt <- sub("\\.$", "", txt)
    paste0(hi, txt)
  }
  y <- c(0, 1, 2)                       # shifted data
  n <- 3; m <- mean(y); s <- sd(y); se <- s / sqrt(n)
  t <- qt(0.975, n - 1)
  big <- vapply(c(m, m - t * se, m + t * se), add_offset, "")
  mean_exact <- "1732934400123456790"
  stopifnot(big[1] == mean_exact, s == 1)
  cv <- s / 1732934400123456790
  x <- rep(6769275000482253 * 256, 3)   # exact: 6769275000482253 < 2^53
  stopifnot(sprintf("%.0f", x[1]) == "1732934400123456768",
            abs(lo - 56768 + c(0, 1, 2)) < 128)
  q <- quantile(x, c(0.25, 0.5, 0.75, 0.95, 0.99), type = 7, names = FALSE)
  row <- c("value", n, 0, big[1], fmt17(s), fmt17(se), big[2], big[3],
           fmt17(min(x)), fmt17(q[1]), fmt17(q[2]), fmt17(q[3]), fmt17(max(x)),
           fmt17(q[3] - q[1]), fmt17(cv), fmt17(q[4]), fmt17(q[5]))
  write_lines(c(paste(c("column", "n", "missing", "mean", "sd", "se", "ci_lo",
                        "ci_hi", "min", "q1", "median", "q3", "max", "iqr", "cv",
                        "p95", "p99"), collapse = ","),
                paste(row, collapse = ",")),
              "tests/expected/bstat_ts19_default.csv")
  manifest <<- c(manifest, paste("ts19_default", "testdata/oracle/ts19.txt", "",
                                 "tests/expected/bstat_ts19_default.csv", sep = "\t"))
})

write_lines(manifest, "tests/expected/bstat_cases.tsv")
cat("summary.R:", length(manifest) - 1, "bstat cases written;", R.version.string, "\n")
