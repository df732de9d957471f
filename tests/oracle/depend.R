# Serially dependent runs (bcompare(1), DEPENDENT RUNS): a pair of AR(1)
# series (phi = 0.6, n = 30, marginal cv 5%) that Welch's t on 30
# independent runs would call regressed, and the figures bcompare must
# give once the dependence is accounted for: r1 by R's acf(), the
# corrected r1* = (n r1 + 1)/(n - 3) clamped to [0, 0.95], the effective
# size n (1 - r1*)/(1 + r1*), and Welch's t with each side's variance
# over its effective size (t.test's formulas with n replaced).
#   Rscript tests/oracle/depend.R     (from the repository root)
# Writes testdata/depend/ar1_base.csv, ar1_cand.csv; prints the figures
# that tests/cli/bcompare_dependent*.case check.
options(digits = 15)
n <- 30; phi <- 0.6
ar1 <- function(m) {
  e <- numeric(n); e[1] <- rnorm(1, 0, 5)
  u <- rnorm(n - 1, 0, 5 * sqrt(1 - phi^2))
  for (t in 2:n) e[t] <- phi * e[t - 1] + u[t - 1]
  round(m + e, 2)
}
r1 <- function(x) acf(x, lag.max = 1, plot = FALSE)$acf[2]
neff <- function(x) {
  r <- min(max((n * r1(x) + 1) / (n - 3), 0), 0.95)
  max(n * (1 - r) / (1 + r), 2)
}
seed <- 1
repeat {
  set.seed(seed)
  b <- ar1(100); c <- ar1(100)
  p0 <- t.test(c, b)$p.value
  vb <- var(b) / neff(b); vc <- var(c) / neff(c)
  t <- (mean(c) - mean(b)) / sqrt(vb + vc)
  df <- (vb + vc)^2 / (vb^2 / (neff(b) - 1) + vc^2 / (neff(c) - 1))
  p <- 2 * pt(-abs(t), df)
  if (p0 < 0.01 && mean(c) > mean(b) && p > 0.05 &&
      r1(b) > 0.75 / sqrt(n) && r1(c) > 0.75 / sqrt(n)) break
  seed <- seed + 1
}
dir.create("testdata/depend", showWarnings = FALSE)
writeLines(c("time_ms", sprintf("%.2f", b)), "testdata/depend/ar1_base.csv")
writeLines(c("time_ms", sprintf("%.2f", c)), "testdata/depend/ar1_cand.csv")
cat(sprintf("seed %d\nindependent: p %.6g\nr1 %.6f %.6f\nneff %.6f %.6f\nt %.10g df %.10g p %.10g\n",
            seed, p0, r1(b), r1(c), neff(b), neff(c), t, df, p))
q <- qt(0.975, df)
cat(sprintf("diff %.10g ci %.10g %.10g\n", mean(c) - mean(b),
            mean(c) - mean(b) - q * sqrt(vb + vc), mean(c) - mean(b) + q * sqrt(vb + vc)))

# A trend over run order: the baseline's times rise by 0.5 a run (about
# 15% over 30 runs) in N(0, 3) noise; the candidate's do not.  R's lm()
# gives the slope and its p; the note reports the fitted line's change
# from the first run to the last over the mean, slope * 29 / mean.
set.seed(27)
tb <- round(100 + 0.5 * (0:29) + rnorm(n, 0, 3), 2)
tc <- round(103 + rnorm(n, 0, 3), 2)
writeLines(c("time_ms", sprintf("%.2f", tb)), "testdata/depend/trend_base.csv")
writeLines(c("time_ms", sprintf("%.2f", tc)), "testdata/depend/trend_cand.csv")
for (x in list(tb, tc)) {
  f <- summary(lm(x ~ seq_along(x)))$coefficients
  cat(sprintf("trend: slope %.6g p %.6g change %.6g%%\n", f[2, 1], f[2, 4],
              100 * f[2, 1] * (n - 1) / mean(x)))
}

# The design in time: both sides carry a `timestamp` (epoch seconds).
# Blocked: the baseline's 30 runs, then the candidate's, every 10 s, on a
# machine whose times rise 0.2 a run (no code change).  R's
# lm(value ~ side + time) and confint() give the change adjusted for the
# drift.  Interleaved: the same runs taken ABAB (the baseline at the even
# slots); no adjustment.
set.seed(28)
k <- 0:59
y <- round(100 + 0.2 * k + rnorm(60, 0, 3), 2)
ts <- 1764547200 + 10 * k
wr <- function(i, f) writeLines(c("timestamp,time_ms",
                                  sprintf("%.0f,%.2f", ts[i], y[i])), f)
wr(1:30, "testdata/depend/blocked_base.csv")
wr(31:60, "testdata/depend/blocked_cand.csv")
wr(seq(1, 60, 2), "testdata/depend/inter_base.csv")
wr(seq(2, 60, 2), "testdata/depend/inter_cand.csv")
side <- rep(0:1, each = 30)
# Seconds since the first run: lm()'s QR would take raw epoch seconds
# (1.76e9 +- 300) as aliased with the intercept and drop them.
tm <- ts - ts[1]
fit <- lm(y ~ side + tm)
ci <- confint(fit)["side", ]
cf <- summary(fit)$coefficients["side", ]
cat(sprintf("blocked: ancova diff %.10g [%.10g, %.10g] t %.10g p %.10g; welch p %.6g\n",
            cf[1], ci[1], ci[2], cf[3], cf[4], t.test(y[31:60], y[1:30])$p.value))
cat(sprintf("blocked: change %.10g [%.10g, %.10g]\n", cf[1] / mean(y[1:30]),
            ci[1] / mean(y[1:30]), ci[2] / mean(y[1:30])))
