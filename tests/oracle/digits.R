# R oracle for the digits of bstat: order statistics exact to the double
# whatever the shift, numbers written so that they read back as the same
# double, and more than 19 significant digits rounded (half to even) to 19.
# Writes testdata/oracle/{far,roundtrip,digits20}.csv, the expected outputs
# tests/expected/bstat_digits_*.csv and the manifest
# tests/expected/bstat_digits_cases.tsv (run by tests/run-all.sh as
# `bstat -f csv ARGS INPUT`, compared with csvcmp at the rtol of the row).
#
# Run from the repository root:   Rscript tests/oracle/digits.R
#
# * far.csv: groups whose first value is far from the rest (1e9 first, the
#   rest near 1.2346e-3; the same with 1e9 last; a 15-digit integer first,
#   the rest near 0.5).  bstat stores a series shifted by its first value;
#   the order statistics must still be the input doubles or R's type-N
#   interpolation of them: compared EXACTLY (rtol 0), columns min, q1,
#   median, q3, max, iqr and pNN.  The moments are compared at 1e-9.
# * roundtrip.csv: doubles whose shortest decimal form needs 16 or 17
#   significant digits, written in that form.  Every order statistic, and
#   so every number bstat writes for them, must read back (strtod, in
#   csvcmp) as R's double: rtol 0.  R's own reader is not used to check
#   this because it is not correctly rounded (see README.md); the doubles
#   are made by arithmetic in R and their text checked with an exact parse.
# * digits20.csv: 22-significant-digit numbers (integers near 1.2e21 and
#   decimals near 1.2345), with exact halves and halves plus a little.
#   bstat keeps 19 significant digits, rounded half to even; the expected
#   moments are those of the values so rounded (computed on the exact
#   integer differences of their 19-digit mantissas), at 1e-9.  A bstat
#   that truncates instead gets sd wrong by percents.

options(warn = 2)
set.seed(20250214)
source("tests/oracle/common.R")

dir.create("testdata/oracle", recursive = TRUE, showWarnings = FALSE)
dir.create("tests/expected", recursive = TRUE, showWarnings = FALSE)

# Exact parse of text with at most 16 significant digits whose integer
# mantissa is below 2^53 (one IEEE operation, as in parse_num()); NA when
# the text is not of that kind.
parse16 <- function(s) {
  re <- "^(-?)([0-9]*)\\.?([0-9]*)$"
  if (!grepl(re, s)) return(NA_real_)
  sign <- if (sub(re, "\\1", s) == "-") -1 else 1
  ip <- sub(re, "\\2", s); fp <- sub(re, "\\3", s)
  digits <- sub("^0+", "", paste0(ip, fp))
  if (nchar(digits) > 16 || nchar(fp) > 22) return(NA_real_)
  m <- as.numeric(digits)                       # exact: < 1e16
  if (m >= 2^53) return(NA_real_)
  sign * m / 10^nchar(fp)                       # 10^k exact for k <= 22
}

# Shortest text that reads back as x: %.15g or %.16g when the exact parse
# says so, else %.17g (always exact).  Also the number of digits used.
shortest <- function(x) {
  for (p in 15:16) {
    s <- sprintf("%.*g", p, x)
    if (!grepl("e", s) && identical(parse16(s), x)) return(c(s, p))
  }
  c(sprintf("%.17g", x), 17)
}

# The statistics columns of bstat: moments, then order statistics.
moments <- function(x) {
  n <- length(x); m <- mean(x); s <- sd(x); se <- s / sqrt(n)
  t <- qt(0.975, n - 1)
  c(mean = m, sd = s, se = se, ci_lo = m - t * se, ci_hi = m + t * se,
    cv = s / m)
}
ostats <- function(x, pcts, type = 7) {
  q <- quantile(x, c(0.25, 0.5, 0.75), type = type, names = FALSE)
  p <- quantile(x, as.numeric(paste0(pcts, "e-2")), type = type,
                names = FALSE)
  v <- c(min(x), q, max(x), q[3] - q[1], p)
  names(v) <- c("min", "q1", "median", "q3", "max", "iqr", paste0("p", pcts))
  v
}

# One expected table: per group (first-appearance order) and column, the
# first `skip` rows of every group left out (bstat --skip).
table_of <- function(d, gcol, vcols, fun, skip = 0) {
  groups <- if (is.null(gcol)) "" else unique(d[[gcol]])
  lines <- NULL
  for (g in groups) {
    rows <- if (is.null(gcol)) seq_len(nrow(d)) else which(d[[gcol]] == g)
    if (skip > 0) rows <- rows[-seq_len(skip)]
    for (vc in vcols) {
      st <- fun(d[[vc]][rows])
      if (is.null(lines))
        lines <- paste(c(gcol, "column", "n", names(st)), collapse = ",")
      lines <- c(lines, paste(c(if (!is.null(gcol)) g, vc, length(rows),
                                st), collapse = ","))
    }
  }
  lines
}

manifest <- paste("case", "input", "args", "expected", "rtol", sep = "\t")
add_case <- function(name, input, args, lines, rtol) {
  exp <- file.path("tests/expected", paste0("bstat_digits_", name, ".csv"))
  write_lines(lines, exp)
  manifest <<- c(manifest, paste(name, input, args, exp, rtol, sep = "\t"))
}

# ------------------------------------------------------------ far.csv
small <- fmt15(signif(1.2346e-3 + rnorm(9, 0, 3e-8), 12))
half <- fmt15(signif(0.5 + rnorm(9, 0, 1e-10), 14))
far <- rbind(data.frame(g = "first", x = c("1e9", small)),
             data.frame(g = "last", x = c(rev(small), "1000000000")),
             data.frame(g = "int15", x = c("123456789012345", half)))
far <- far[c(rbind(1:10, 11:20, 21:30)), ]      # groups interleaved
write_lines(c("g,x", paste(far$g, far$x, sep = ",")),
            "testdata/oracle/far.csv")
fd <- read_text_csv("testdata/oracle/far.csv")
fd$x <- as_value(fd$x)
stopifnot(all(small == fmt15(parse_num(small))))  # the text is shortest
pf <- c("10", "50", "90")
add_case("far_order", "testdata/oracle/far.csv",
         "-g g --percentiles 10,50,90",
         table_of(fd, "g", "x", function(x) fmt17(ostats(x, pf))), 0)
add_case("far_order_t6", "testdata/oracle/far.csv",
         "-g g --quantile-type 6 --percentiles 10,50,90",
         table_of(fd, "g", "x", function(x) fmt17(ostats(x, pf, 6))), 0)
add_case("far_order_skip1", "testdata/oracle/far.csv", "-g g --skip 1",
         table_of(fd, "g", "x", function(x) fmt17(ostats(x, c("95", "99"))),
                  skip = 1), 0)
add_case("far_moments", "testdata/oracle/far.csv", "-g g",
         table_of(fd, "g", "x", function(x) fmt17(moments(x))), "1e-9")

# ------------------------------------------------------- roundtrip.csv
rt <- NULL
while (length(rt) < 40) {
  x <- runif(1, 10, 80) * sample(c(-1, 1), 1)
  s <- shortest(x)
  want <- if (length(rt) %% 2) "16" else "17"   # alternately 16 and 17
  if (s[2] == want) rt <- c(rt, s[1])
}
write_lines(c("x", rt), "testdata/oracle/roundtrip.csv")
rv <- vapply(rt, function(s) {
  v <- parse16(s)
  if (is.na(v)) {
    # 17 digits: the double made above is the one that printed as s.
    v <- as.numeric(s)
    stopifnot(sprintf("%.17g", v) == s)        # exact: printf is exact
  }
  v
}, 0, USE.NAMES = FALSE)
rd <- data.frame(x = rv)
pr <- c("0", "1", "10", "33.3", "66.7", "90", "99", "100")
for (type in c(7, 8)) {
  add_case(paste0("roundtrip_t", type), "testdata/oracle/roundtrip.csv",
           paste("--quantile-type", type, "--percentiles",
                 paste(pr, collapse = ",")),
           table_of(rd, NULL, "x", function(x) fmt17(ostats(x, pr, type))), 0)
}
add_case("roundtrip_skip3", "testdata/oracle/roundtrip.csv", "--skip 3",
         table_of(rd, NULL, "x", function(x) fmt17(ostats(x, c("95", "99"))),
                  skip = 3), 0)

# -------------------------------------------------------- digits20.csv
# Round a digit string (no sign, no point) to 19 digits, half to even:
# the 19 digits as text (carry kept within the last five, checked).
round19 <- function(ds) {
  stopifnot(nchar(ds) > 19)
  head <- substr(ds, 1, 19); nxt <- as.integer(substr(ds, 20, 20))
  rest <- substr(ds, 21, nchar(ds))
  last5 <- as.integer(substr(head, 15, 19))
  odd <- last5 %% 2 == 1
  up <- nxt > 5 || (nxt == 5 && (grepl("[1-9]", rest) || odd))
  last5 <- last5 + up
  stopifnot(last5 < 1e5)
  paste0(substr(head, 1, 14), sprintf("%05d", last5))
}
# 22 significant digits: 14 fixed, 5 that vary, 3 that are rounded off,
# among them exact halves (500) after odd and even digits and a half plus
# a little (501).
tails <- c(sample(0:999, 24, replace = TRUE), 500, 500, 501, 499, 500, 999)
mids <- 56000 + sample(0:200, 30, replace = TRUE)
mids[25:30] <- c(56001, 56002, 56002, 56003, 56004, 56005)
big_ds <- paste0("12345678901234", sprintf("%05d", mids), sprintf("%03d", tails))
frac_ds <- paste0("12345678901234", sprintf("%05d", rev(mids)),
                  sprintf("%03d", rev(tails)))
big <- big_ds                                   # integers near 1.2e21
frac <- paste0(substr(frac_ds, 1, 1), ".", substr(frac_ds, 2, 22))
write_lines(c("big,frac", paste(big, frac, sep = ",")),
            "testdata/oracle/digits20.csv")
# The moments of the rounded values, from the exact integer differences of
# their 19-digit mantissas (the last five digits; the first 14 are shared).
rounded_moments <- function(ds, scale, base) {
  y <- as.numeric(substr(vapply(ds, round19, ""), 15, 19))  # small integers
  n <- length(y); s <- sd(y) * scale
  m <- base + mean(y) * scale
  se <- s / sqrt(n); t <- qt(0.975, n - 1)
  c(mean = m, sd = s, se = se, ci_lo = m - t * se, ci_hi = m + t * se,
    cv = s / m)
}
d20 <- rbind(
  paste(c("column", "n", "mean", "sd", "se", "ci_lo", "ci_hi", "cv"),
        collapse = ","),
  paste(c("big", 30, fmt17(rounded_moments(big_ds, 1e3,
                                           1234567890123400000 * 1e3))),
        collapse = ","),
  paste(c("frac", 30, fmt17(rounded_moments(frac_ds, 1e-18,
                                            1.23456789012340))),
        collapse = ","))
add_case("digits20", "testdata/oracle/digits20.csv", "", d20, "1e-9")

write_lines(manifest, "tests/expected/bstat_digits_cases.tsv")
cat("digits.R:", length(manifest) - 1, "bstat cases written;",
    R.version.string, "\n")
