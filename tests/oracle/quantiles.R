# R oracle for the sample quantile types 1..9 (Hyndman & Fan, as R's
# quantile(x, p, type = t)).  Writes tests/expected/quantiles.csv with columns
#   x     the sample, in the order given (not sorted), values joined by ";",
#         each with 17 significant digits
#   type  1..9
#   p     the probability, as the short decimal literal it was written as
#   q     quantile(x, p, type = type), 17 significant digits
#
# Run from the repository root:   Rscript tests/oracle/quantiles.R
#
# Note on R's implementation (R 4.2): types 4..9 compute
#   nppm = a + p (n + 1 - a - b),  j = floor(nppm + fuzz),  h = nppm - j,
#   h = 0 when |h| < fuzz,  fuzz = 4 * .Machine$double.eps,
# and q = (1 - h) x[j] + h x[j+1] (x[0] = x[1], x[n+1] = x[n]); types 1..3 use
# n p (n p - 1/2 for type 3) with NO fuzz; type 7 is computed separately as
# index = 1 + (n - 1) p, q = (1 - h) x[lo] + h x[hi].  The script prints every
# case where dropping the fuzz would change the answer by more than 1e-9
# relative, so an implementation knows which rows test its rounding of j.

options(warn = 2)
source("tests/oracle/common.R")

samples <- list(
  n1      = "42",
  n2      = c("3", "1"),
  n3      = c("2", "-1", "0.5"),
  n5      = c("2.5", "-7.25", "0", "10", "3.1"),
  n10     = c("7", "3", "10", "1", "9", "2", "8", "4", "6", "5"),
  ties    = c("5", "2", "3", "5", "2", "2", "5", "3", "1", "5", "5", "2"),
  neg     = c("-5.5", "-1", "-3.25", "-100", "-0.001", "-42", "-7"),
  mixed11 = c("0.1", "0.2", "0.3", "-0.4", "1e3", "0.7", "0.7", "-2.5",
              "3.14159", "2.71828", "1.41421"))
probs_txt <- c("0", "0.01", "0.1", "0.25", "0.5", "0.75", "0.9", "0.95",
               "0.99", "1")
probs <- parse_num(probs_txt)

ab <- list(`4` = c(0, 1), `5` = c(.5, .5), `6` = c(0, 0), `7` = c(1, 1),
           `8` = c(1/3, 1/3), `9` = c(3/8, 3/8))
nofuzz <- function(x, p, type) {         # types 4..9 without R's fuzz
  x <- sort(x); n <- length(x)
  a <- ab[[as.character(type)]][1]; b <- ab[[as.character(type)]][2]
  nppm <- a + p * (n + 1 - a - b)
  j <- floor(nppm); h <- nppm - j
  xx <- c(x[1], x[1], x, x[n], x[n])
  (1 - h) * xx[j + 2] + h * xx[j + 3]
}

lines <- "x,type,p,q"
for (nm in names(samples)) {
  x <- parse_num(samples[[nm]])
  xs <- paste(sprintf("%.17g", x), collapse = ";")
  for (type in 1:9) {
    q <- unname(quantile(x, probs, type = type))
    lines <- c(lines, paste(xs, type, probs_txt, sprintf("%.17g", q), sep = ","))
    if (type >= 4) {
      alt <- nofuzz(x, probs, type)
      d <- abs(alt - q) > 1e-9 * pmax(abs(q), 1e-300)
      for (i in which(d))
        cat(sprintf("fuzz-sensitive: sample %s, type %d, p = %s: R %.17g, without fuzz %.17g\n",
                    nm, type, probs_txt[i], q[i], alt[i]))
    }
  }
}
write_lines(lines, "tests/expected/quantiles.csv")
cat("quantiles.R:", length(lines) - 1, "rows written;", R.version.string, "\n")
