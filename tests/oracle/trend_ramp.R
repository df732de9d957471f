# R oracle for btrend's drift rows (issue 28 item 4): the ramp model, by
# exhaustive search.  Writes
#   testdata/trend/ramp5.csv        20 revisions at 100, a 5-revision
#                                   ramp to 110, 20 at 110 (small wiggle)
#   testdata/trend/slow_drift.csv   200 revisions, +10% over them, 2% noise
#   tests/expected/btrend_ramp5.csv, tests/expected/btrend_slow_drift.csv
#     the drift row each should be: rev, end, n_before, n_after,
#     mean_before, mean_after, change, change_ci_lo, change_ci_hi, p,
#     slope, slope_lo, slope_hi
#
# Run from the repository root:   Rscript tests/oracle/trend_ramp.R
#
# The model (btrend(1)): level a up to revision s, a + b from revision e
# on, a straight line between; least squares over every (s, e) with at
# least 2 revisions on each level (--min-segment) and e - s >= 2.  The
# residual variance counts the 4 parameters (a, b, s, e): rss / (n - 4);
# the interval of b / a by the delta method on the fit's covariance,
# t quantile with n - 4 df; p the t test of b times n (Bonferroni over
# the places); the slope b / (e - s) per revision.
m <- 2
ramp <- function(y) {
	n <- length(y); best <- NULL
	for (s in m:(n - m - 2)) for (e in (s + 2):(n - m + 1)) {
		i <- 1:n
		h <- pmin(1, pmax(0, (i - s) / (e - s)))
		f <- lm.fit(cbind(1, h), y)
		rss <- sum(f$residuals^2)
		if (is.null(best) || rss < best$rss)
			best <- list(s = s, e = e, h = h, rss = rss)
	}
	X <- cbind(1, best$h)
	co <- solve(crossprod(X), crossprod(X, y))
	s2 <- best$rss / (n - 4)
	V <- s2 * solve(crossprod(X))
	a <- co[1]; b <- co[2]; r <- b / a
	vr <- (V[2, 2] - 2 * r * V[1, 2] + r^2 * V[1, 1]) / a^2
	q <- qt(0.975, n - 4)
	w <- best$e - best$s
	data.frame(rev = best$s + 1, end = best$e, n_before = best$s,
	    n_after = n - best$e + 1, mean_before = a, mean_after = a + b,
	    change = r, change_ci_lo = r - q * sqrt(vr),
	    change_ci_hi = r + q * sqrt(vr),
	    p = min(1, 2 * pt(-abs(b) / sqrt(V[2, 2]), n - 4) * n),
	    slope = b / w, slope_lo = (b - q * sqrt(V[2, 2])) / w,
	    slope_hi = (b + q * sqrt(V[2, 2])) / w)
}
wig <- function(i) ((i %% 3) - 1) * 0.3
y5 <- c(100 + wig(1:20), 100 + 2 * (1:5) + wig(1:5), 110 + wig(26:45))
write.csv(data.frame(rev = 1:45, v = y5), "testdata/trend/ramp5.csv",
    row.names = FALSE, quote = FALSE)
set.seed(28004)
n <- 200
ys <- round(100 * (1 + 0.1 * (1:n) / n) + rnorm(n, 0, 2), 4)
write.csv(data.frame(rev = 1:n, v = ys), "testdata/trend/slow_drift.csv",
    row.names = FALSE, quote = FALSE)
o <- options(digits = 15)
write.csv(ramp(y5), "tests/expected/btrend_ramp5.csv", row.names = FALSE,
    quote = FALSE)
write.csv(ramp(ys), "tests/expected/btrend_slow_drift.csv",
    row.names = FALSE, quote = FALSE)
options(o)
