# Oracle for the shift function above BS_SHIFT_BOOT_MAX (5000) values a
# side, where bcompare --shift and bplot shift take the standard errors
# from the jackknife (Harrell and Davis 1982) instead of the bootstrap:
# the variance of the Harrell-Davis estimate at q is (n - 1) / n times
# the sum over i of (theta_-i - mean)^2, theta_-i the estimate of the
# n - 1 values without the i-th, written here from that definition (the
# n - 1 values' weights are the same whichever value is left out, and
# leaving one out of a sorted sample leaves it sorted).  The interval is
# diff +- c * sqrt(var_b + var_c), c = 80.1 / n^2 + 2.73, n the smaller
# side.  Run from the root:
#     Rscript tests/oracle/shift_jack.R
# Writes testdata/shift/large_{base,cand}.csv (6000 lognormal latencies
# in ms with two decimals, ties among them, against 5500 of a candidate
# 3% slower in its upper half) and tests/expected/bcompare_shift_jack.csv
# (deciles, differences and intervals; nothing random in them), read by
# tests/cli/bcompare_shift_jack.case.
options(digits = 17, warn = 1)
set.seed(3232)
hdw <- function(n, q) {
  a <- (n + 1) * q; b <- (n + 1) * (1 - q)
  i <- seq_len(n)
  pbeta(i / n, a, b) - pbeta((i - 1) / n, a, b)
}
hd <- function(x, q) sum(hdw(length(x), q) * sort(x))
jackvar <- function(x, q) {
  n <- length(x); xs <- sort(x); w1 <- hdw(n - 1, q)
  th <- vapply(seq_len(n), function(i) sum(w1 * xs[-i]), 0)
  (n - 1) / n * sum((th - mean(th))^2)
}
shift <- function(b, c) {
  crit <- 80.1 / min(length(b), length(c))^2 + 2.73
  q <- (1:9) / 10
  hb <- sapply(q, function(p) hd(b, p)); hc <- sapply(q, function(p) hd(c, p))
  se <- sqrt(sapply(q, function(p) jackvar(b, p) + jackvar(c, p)))
  d <- hc - hb
  data.frame(decile = q, base = hb, cand = hc, diff = d,
             ci_lo = d - crit * se, ci_hi = d + crit * se)
}
b <- round(exp(rnorm(6000, log(20), 0.4)), 2)
c <- round(exp(rnorm(5500, log(20), 0.4)), 2)
c <- ifelse(c > 20, round(c * 1.03, 2), c)
s <- shift(b, c)
print(s)
stopifnot(s$ci_lo[7] > 0, s$ci_lo[1] < 0, s$ci_hi[1] > 0)
write.csv(data.frame(latency_ms = b), "testdata/shift/large_base.csv",
          row.names = FALSE, quote = FALSE)
write.csv(data.frame(latency_ms = c), "testdata/shift/large_cand.csv",
          row.names = FALSE, quote = FALSE)
f <- function(v) sprintf("%.17g", v)
write.csv(data.frame(column = "latency_ms", decile = s$decile,
                     base = f(s$base), cand = f(s$cand), diff = f(s$diff),
                     ci_lo = f(s$ci_lo), ci_hi = f(s$ci_hi)),
          "tests/expected/bcompare_shift_jack.csv", row.names = FALSE, quote = FALSE)
