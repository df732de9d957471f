# R oracle for boutlier.  Writes the input testdata/oracle/outlier.csv and
#   tests/expected/outlier_iqr.csv     -g bench -c ns            (Tukey, k = 1.5)
#   tests/expected/outlier_iqr_k1.csv  -g bench -c ns --k 1      (Tukey, k = 1)
#   tests/expected/outlier_mad.csv     -g bench -c ns --method mad
#   tests/expected/outlier_fences.csv  per (method, k, bench): fences and counts
#   tests/expected/outlier_cases.tsv   manifest: case, input, args, expected
#
# Run from the repository root:   Rscript tests/oracle/outlier.R
#
# `-c ns` is needed: `run` is numeric too, so by the contract's default every
# numeric non-group column (run and ns) would be checked, giving columns
# outlier_run and outlier_ns instead of one `outlier` column.
#
# Rules:
#  * Tukey: q1, q3 = quantile(x, c(.25, .75), type = 7), iqr = q3 - q1,
#    inner fences q1 - k iqr, q3 + k iqr; outer fences q1 - 2k iqr, q3 + 2k iqr.
#    x < lo_outer: low-severe; x < lo_inner: low-mild; x > hi_outer:
#    high-severe; x > hi_inner: high-mild; else none.  A value exactly ON a fence
#    is not beyond it (benches `edges` and `edges2` put values exactly on fences;
#    all their numbers are small integers, so the fences are exact in binary).
#  * MAD: med = median(x), mad = median(|x - med|) (mad(x, constant = 1)),
#    z = |x - med| / (1.4826 mad); z > 3.5 mild, z > 7 severe (2 x threshold),
#    low/high by the sign of x - med.
#  * Output = every input line unchanged, in input order, plus ",<class>"; the
#    header gains ",outlier".
# The script stops if any value other than the intended exact-fence values lies
# within 1e-9 (relative) of a fence or of a MAD threshold, so the expected
# classes do not depend on how an implementation rounds the fence arithmetic.

options(warn = 2)
source("tests/oracle/common.R")
set.seed(4242)

# ------------------------------------------------------------------- input
base <- c(alloc = 1200, parse = 52000, sort = 8800)
rows <- NULL
for (run in 1:30) {
  for (b in names(base)) {
    ns <- round(rnorm(1, base[[b]], 0.02 * base[[b]]))
    if (run == 1) ns <- round(ns * 1.9)          # warm-up spike
    if (run == 2) ns <- round(ns * 1.35)
    if (b == "parse" && run == 17) ns <- round(ns * 1.12)   # a couple of highs
    if (b == "sort" && run == 23) ns <- round(ns * 1.09)
    if (b == "sort" && run == 29) ns <- round(ns * 0.80)    # a fast (cached) run
    if (b == "alloc" && run == 11) ns <- round(ns * 0.945)
    rows <- rbind(rows, data.frame(run = run, bench = b, ns = ns))
  }
  # two small benches whose values sit exactly on fences (9 runs each)
  edges  <- c(115, 95, 120, 108, 150, 112, 135, 110, 118)
  edges2 <- c(112, 80, 118, 105, 120, 135, 110, 125, 115)
  if (run <= 9) {
    rows <- rbind(rows, data.frame(run = run, bench = "edges", ns = edges[run]))
    rows <- rbind(rows, data.frame(run = run, bench = "edges2", ns = edges2[run]))
  }
}
in_lines <- c("run,bench,ns", paste(rows$run, rows$bench, sprintf("%.15g", rows$ns), sep = ","))
write_lines(in_lines, "testdata/oracle/outlier.csv")

# ----------------------------------------------------------- read it back
d <- read_text_csv("testdata/oracle/outlier.csv")
x_all <- as_value(d$ns)
stopifnot(!anyNA(x_all))
benches <- unique(d$bench)                       # first-appearance order
exact_ok <- c("edges", "edges2")

near <- function(x, f) abs(x - f) <= 1e-9 * pmax(abs(f), 1)

classify_iqr <- function(x, k, bench) {
  q <- unname(quantile(x, c(0.25, 0.75), type = 7))
  iqr <- q[2] - q[1]
  f <- c(lo_outer = q[1] - 2 * k * iqr, lo_inner = q[1] - k * iqr,
         hi_inner = q[2] + k * iqr, hi_outer = q[2] + 2 * k * iqr)
  if (!(bench %in% exact_ok))
    for (v in f) if (any(near(x, v))) stop("value near a fence in ", bench)
  cls <- ifelse(x < f[["lo_outer"]], "low-severe",
         ifelse(x < f[["lo_inner"]], "low-mild",
         ifelse(x > f[["hi_outer"]], "high-severe",
         ifelse(x > f[["hi_inner"]], "high-mild", "none"))))
  list(cls = cls, fences = f, center = c(q1 = q[1], median = median(x), q3 = q[2],
                                         iqr = iqr, mad = NA))
}

classify_mad <- function(x, bench) {
  med <- median(x)
  m <- mad(x, constant = 1)
  stopifnot(m > 0)
  z <- abs(x - med) / (1.4826 * m)
  if (any(near(z, 3.5) | near(z, 7))) stop("value near the MAD threshold in ", bench)
  side <- ifelse(x < med, "low", "high")
  cls <- ifelse(z > 7, paste0(side, "-severe"),
         ifelse(z > 3.5, paste0(side, "-mild"), "none"))
  # the equivalent fences on the data scale
  s <- 1.4826 * m
  f <- c(lo_outer = med - 7 * s, lo_inner = med - 3.5 * s,
         hi_inner = med + 3.5 * s, hi_outer = med + 7 * s)
  q <- unname(quantile(x, c(0.25, 0.75), type = 7))
  list(cls = cls, fences = f, center = c(q1 = q[1], median = med, q3 = q[2],
                                         iqr = q[2] - q[1], mad = m))
}

methods <- list(
  list(case = "outlier_iqr",    method = "iqr", k = 1.5, args = "-g bench -c ns"),
  list(case = "outlier_iqr_k1", method = "iqr", k = 1,   args = "-g bench -c ns --k 1"),
  list(case = "outlier_mad",    method = "mad", k = NA,  args = "-g bench -c ns --method mad"))

classes <- c("low-severe", "low-mild", "high-mild", "high-severe")
fence_lines <- paste(c("method", "k", "bench", "n", "q1", "median", "q3", "iqr",
                       "mad", "lo_outer", "lo_inner", "hi_inner", "hi_outer",
                       "low_severe", "low_mild", "high_mild", "high_severe",
                       "flagged"), collapse = ",")
manifest <- paste("case", "input", "args", "expected", sep = "\t")
for (m in methods) {
  out <- character(nrow(d))
  for (b in benches) {
    i <- which(d$bench == b)
    r <- if (m$method == "iqr") classify_iqr(x_all[i], m$k, b) else
      classify_mad(x_all[i], b)
    out[i] <- r$cls
    cnt <- vapply(classes, function(c) sum(r$cls == c), 0)
    fence_lines <- c(fence_lines, paste(c(
      m$method, if (is.na(m$k)) "" else sprintf("%.15g", m$k), b, length(i),
      fmt17(r$center), fmt17(r$fences), cnt, sum(cnt)), collapse = ","))
  }
  expected <- file.path("tests/expected", paste0(m$case, ".csv"))
  write_lines(c(paste0(in_lines[1], ",outlier"), paste0(in_lines[-1], ",", out)),
              expected)
  manifest <- c(manifest, paste(m$case, "testdata/oracle/outlier.csv", m$args,
                                expected, sep = "\t"))
  cat(sprintf("%-15s", m$case), paste(names(table(out)), table(out), sep = "=", collapse = " "), "\n")
}
write_lines(fence_lines, "tests/expected/outlier_fences.csv")
write_lines(manifest, "tests/expected/outlier_cases.tsv")
cat("outlier.R:", nrow(d), "rows;", R.version.string, "\n")
