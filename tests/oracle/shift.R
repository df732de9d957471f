# Oracle for bcompare --shift and bplot shift (issue 31 item 3): the
# shift function of Rousselet, Pernet and Wilcox (2017), written here
# from the paper and Wilcox's shifthd(): at each decile q = 0.1 .. 0.9
# the Harrell-Davis estimate of the candidate minus the baseline's,
# each with the interval diff +- c * sqrt(se_b^2 + se_c^2), the standard
# errors by the bootstrap (var() of the estimate over resamples of a
# side), c = 80.1 / n^2 + 2.73 with n the smaller side (simultaneous
# 95% over the nine).  Run from the root:
#     Rscript tests/oracle/shift.R
# Writes testdata/shift/{base,cand}.csv (groups: spread, the same
# median, the candidate four times as spread, 80 against 80; shift, the
# candidate 4 slower at sd 5, 60 against 50) and
# tests/expected/bcompare_shift.csv (deciles and differences, exact:
# the estimator has no chance in it) and
# tests/expected/bcompare_shift_ci.csv (the intervals, from 20000
# resamples a side: bcompare's 2000 from its own seed agree within
# 0.25, a pointwise 1.96 interval would be about 1 off), read by
# tests/cli/bcompare_shift.case; testdata/shift/spread_{base,cand}.csv,
# the spread group alone, for tests/cli/bplot_shift.case.
options(digits = 17, warn = 1)
set.seed(3131)
hd <- function(x, q) {
  n <- length(x)
  a <- (n + 1) * q; b <- (n + 1) * (1 - q)
  i <- seq_len(n)
  w <- pbeta(i / n, a, b) - pbeta((i - 1) / n, a, b)
  sum(w * sort(x))
}
seboot <- function(x, q, B) {
  var(replicate(B, hd(sample(x, length(x), TRUE), q)))
}
shift <- function(b, c, B = 10000) {
  crit <- 80.1 / min(length(b), length(c))^2 + 2.73
  q <- (1:9) / 10
  hb <- sapply(q, function(p) hd(b, p)); hc <- sapply(q, function(p) hd(c, p))
  se <- sqrt(sapply(q, function(p) seboot(b, p, B) + seboot(c, p, B)))
  d <- hc - hb
  data.frame(decile = q, base = hb, cand = hc, diff = d,
             ci_lo = d - crit * se, ci_hi = d + crit * se)
}
g <- list(spread = list(b = round(rnorm(80, 100, 2), 2), c = round(rnorm(80, 100, 8), 2)),
          shift = list(b = round(rnorm(60, 100, 5), 2), c = round(rnorm(50, 104, 5), 2)))
bb <- cc <- ex <- NULL
for (k in names(g)) {
  s <- shift(g[[k]]$b, g[[k]]$c)
  print(s)
  bb <- rbind(bb, data.frame(g = k, v = g[[k]]$b))
  cc <- rbind(cc, data.frame(g = k, v = g[[k]]$c))
  ex <- rbind(ex, data.frame(g = k, column = "v", s))
}
# spread: the median's interval holds 0, the tails' do not (the note);
# shift: the median's excludes 0.
sp <- ex[ex$g == "spread", ]
stopifnot(sp$ci_lo[5] < 0, sp$ci_hi[5] > 0, sp$ci_hi[1] < 0, sp$ci_lo[9] > 0,
          ex$ci_lo[ex$g == "shift"][5] > 0)
# The spread group alone, one file a side, for bplot shift.
for (k in c("b", "c"))
  write.csv(data.frame(v = g$spread[[k]]), sprintf("testdata/shift/spread_%s.csv",
            if (k == "b") "base" else "cand"), row.names = FALSE, quote = FALSE)
write.csv(bb, "testdata/shift/base.csv", row.names = FALSE, quote = FALSE)
write.csv(cc, "testdata/shift/cand.csv", row.names = FALSE, quote = FALSE)
f <- function(v) sprintf("%.17g", v)
write.csv(data.frame(g = ex$g, column = ex$column, decile = ex$decile,
                     base = f(ex$base), cand = f(ex$cand), diff = f(ex$diff)),
          "tests/expected/bcompare_shift.csv", row.names = FALSE, quote = FALSE)
write.csv(data.frame(g = ex$g, column = ex$column, decile = ex$decile,
                     ci_lo = f(ex$ci_lo), ci_hi = f(ex$ci_hi)),
          "tests/expected/bcompare_shift_ci.csv", row.names = FALSE, quote = FALSE)
