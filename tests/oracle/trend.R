# Oracle for btrend: the method of man/btrend.1 written again in R from
# its definitions (Matteson and James 2014 for E-divisive's Q; Welch's t
# and Fieller's interval by their formulas, checked against t.test), on
# histories generated here with set.seed.  Writes testdata/trend/*.csv
# and tests/expected/btrend_*.csv, tests/expected/btrend_cases.tsv.
# Run from the repository root: Rscript tests/oracle/trend.R
options(digits = 17)
dir.create("testdata/trend", showWarnings = FALSE)

## ------------------------------------------------------------------
## The method

# Q(tau) of x split at tau (1-based: x[1..tau] | x[tau+1..n]), alpha 1,
# kappa = n: straight from the paper's Ehat.
edq <- function(x, tau) {
	n <- length(x); X <- x[1:tau]; Y <- x[(tau + 1):n]
	m <- length(X); k <- length(Y)
	cross <- mean(abs(outer(X, Y, "-")))
	wx <- sum(abs(outer(X, X, "-"))) / 2 / choose(m, 2)
	wy <- sum(abs(outer(Y, Y, "-"))) / 2 / choose(k, 2)
	m * k / (m + k) * (2 * cross - wx - wy)
}

welch_m <- function(n1, m1, v1, n2, m2, v2, conf = 0.95) {
	se2 <- v1 / n1 + v2 / n2
	if (se2 == 0) return(list(p = if (m1 == m2) 1 else 0, lo = m2 - m1,
	    hi = m2 - m1))
	df <- se2^2 / ((v1 / n1)^2 / (n1 - 1) + (v2 / n2)^2 / (n2 - 1))
	t <- (m2 - m1) / sqrt(se2)
	q <- qt(1 - (1 - conf) / 2, df)
	list(p = 2 * pt(-abs(t), df), lo = (t - q) * sqrt(se2),
	    hi = (t + q) * sqrt(se2), df = df)
}

# Fieller's interval of mean2/mean1 with Welch's df (as bcompare).
fieller <- function(n1, b, vb, n2, a, va, conf = 0.95) {
	rho <- a / b; ra <- va / n2 / b^2; rb <- vb / n1 / b^2
	if (ra + rho^2 * rb == 0) return(c(rho, rho))
	df <- (ra + rho^2 * rb)^2 / (ra^2 / (n2 - 1) + (rho^2 * rb)^2 / (n1 - 1))
	t <- qt(1 - (1 - conf) / 2, df); g <- t^2 * rb
	if (g >= 1) return(c(NA, NA))
	s <- t * sqrt(rho^2 * rb + ra - g * ra)
	sort(c((rho - s) / (1 - g), (rho + s) / (1 - g)))
}

# A segment of revision means (i in a..b, 1-based, inclusive): its mean
# and the variance of its test, floored by the repetitions' and the
# series' noise.
seg <- function(r, a, b) {
	m <- r$mean[a:b]; v <- if (length(m) > 1) var(m) else NA
	w <- r$var[a:b] / r$n[a:b]; w <- w[r$n[a:b] > 1 & is.finite(w)]
	if (length(w)) v <- max(v, mean(w))
	list(n = length(m), mean = mean(m), var = max(v, r$noise))
}

judge <- function(r, from, at, to, minseg, conf = 0.95) {
	l <- seg(r, from, at - 1); rr <- seg(r, at, to - 1)
	places <- max(1, l$n + rr$n + 1 - 2 * minseg)
	w <- welch_m(l$n, l$mean, l$var, rr$n, rr$mean, rr$var, conf)
	ci <- fieller(l$n, l$mean, l$var, rr$n, rr$mean, rr$var, conf)
	list(p = min(1, w$p * places), mb = l$mean, ma = rr$mean,
	    change = rr$mean / l$mean - 1, lo = ci[1] - 1, hi = ci[2] - 1,
	    nb = l$n, na = rr$n)
}

# The change points of one series of revisions (mean, var, n).
detect <- function(r, maxp = 0.001, minseg = 3, window = 500,
    threshold = 0) {
	len <- length(r$mean)
	r$noise <- (median(abs(diff(r$mean))) / (qnorm(0.75) * sqrt(2)))^2
	if (len < 2 * minseg) return(list())
	W <- max(min(window, len), 4 * minseg); W <- min(W, len)
	cand <- data.frame(at = integer(0), p = numeric(0))
	w0 <- 0
	repeat {
		if (w0 + W > len) w0 <- len - W
		stack <- list(c(w0, w0 + W))    # 0-based half-open
		while (length(stack)) {
			s <- stack[[length(stack)]]; stack[[length(stack)]] <- NULL
			a <- s[1]; b <- s[2]
			if (b - a < 2 * minseg) next
			x <- r$mean[(a + 1):b]
			taus <- minseg:(b - a - minseg)
			q <- sapply(taus, function(t) edq(x, t))
			if (!(max(q) > 0)) next
			t <- a + taus[which.max(q)]
			l <- seg(r, a + 1, t); rr <- seg(r, t + 1, b)
			p <- welch_m(l$n, l$mean, l$var, rr$n, rr$mean, rr$var)$p
			if (!(p < 0.05)) next
			cand <- rbind(cand, data.frame(at = t, p = p))
			stack <- c(stack, list(c(a, t)), list(c(t, b)))
		}
		if (w0 + W >= len) break
		w0 <- w0 + W %/% 2
	}
	cand <- cand[order(cand$at, cand$p), ]
	keep <- cand[0, ]
	for (i in seq_len(nrow(cand))) {
		k <- nrow(keep)
		if (k > 0 && cand$at[i] - keep$at[k] < minseg) {
			if (cand$p[i] < keep$p[k]) keep[k, ] <- cand[i, ]
			next
		}
		keep <- rbind(keep, cand[i, ])
	}
	at <- keep$at
	repeat {
		if (!length(at)) break
		bounds <- c(0, at, len)
		js <- lapply(seq_along(at), function(i)
		    judge(r, bounds[i] + 1, at[i] + 1, bounds[i + 2] + 1, minseg))
		fail <- sapply(js, function(j) !(j$p < maxp) ||
		    abs(j$change) < threshold)
		if (!any(fail)) break
		ps <- sapply(js, function(j) j$p); ps[!fail] <- -1
		at <- at[-which.max(ps)]
	}
	if (!length(at)) return(list())
	bounds <- c(0, at, len)
	lapply(seq_along(at), function(i) c(list(at = at[i]),
	    judge(r, bounds[i] + 1, at[i] + 1, bounds[i + 2] + 1, minseg)))
}

revisions <- function(d, x, y) {
	s <- split(d[[y]], factor(d[[x]], levels = unique(d[[x]])))
	list(x = names(s), mean = sapply(s, mean),
	    var = sapply(s, function(v) if (length(v) > 1) var(v) else NA),
	    n = sapply(s, length))
}

# The expected rows of btrend -f csv for one table.
expect <- function(d, x, groups, ys, ...) {
	out <- NULL
	keys <- if (length(groups)) unique(d[groups]) else data.frame(.k = 1)
	for (g in seq_len(nrow(keys))) {
		sub <- d
		for (gc in groups) sub <- sub[sub[[gc]] == keys[g, gc], ]
		for (y in ys) {
			r <- revisions(sub, x, y)
			for (c in detect(r, ...)) {
				row <- data.frame(column = y, X = r$x[c$at + 1],
				    n_before = c$nb, n_after = c$na,
				    mean_before = c$mb, mean_after = c$ma,
				    change = c$change, change_ci_lo = c$lo,
				    change_ci_hi = c$hi, p = c$p,
				    direction = "lower",
				    verdict = if (c$change > 0) "regressed" else
				    "improved")
				names(row)[2] <- x
				if (length(groups))
					row <- cbind(keys[g, groups, drop = FALSE], row)
				out <- rbind(out, row)
			}
		}
	}
	out
}

## ------------------------------------------------------------------
## Self-checks of the formulas against R's own functions

set.seed(1)
a <- rnorm(12, 10, 1); b <- rnorm(9, 12, 2)
tt <- t.test(b, a)
w <- welch_m(12, mean(a), var(a), 9, mean(b), var(b))
stopifnot(abs(w$p - tt$p.value) < 1e-12,
    abs(w$lo - tt$conf.int[1]) < 1e-12)
# Q by the paper against the same by a distance matrix and sums.
x <- c(a, b); D <- as.matrix(dist(x))
q2 <- function(t) { n <- length(x); m <- t; k <- n - t
	m * k / n * (2 * sum(D[1:t, (t + 1):n]) / (m * k) -
	sum(D[1:t, 1:t]) / (m * (m - 1)) - sum(D[(t + 1):n, (t + 1):n]) /
	(k * (k - 1))) }
stopifnot(abs(edq(x, 12) - q2(12)) < 1e-9, abs(edq(x, 5) - q2(5)) < 1e-9)

## ------------------------------------------------------------------
## Histories and expected outputs

write_csv <- function(d, f) write.csv(d, f, row.names = FALSE, quote = FALSE)
fmt <- function(d) {
	for (k in names(d)) if (is.numeric(d[[k]]))
		d[[k]] <- sapply(d[[k]], function(v)
		    if (is.na(v)) "" else format(v, digits = 17))
	d
}
cases <- NULL
addcase <- function(name, input, args, d) {
	f <- sprintf("tests/expected/btrend_%s.csv", name)
	write_csv(fmt(d), f)
	cases <<- rbind(cases, data.frame(case = name, input = input,
	    args = args, expected = f, rtol = "1e-7"))
# (1e-7: p-values of 1e-27 from GSL's t tail agree with R's pt to 2e-8.)
}

# Two steps with three repetitions a revision; a quiet series beside.
set.seed(2024)
steps <- NULL
for (i in 1:120) {
	lvl <- if (i > 85) 104 else if (i > 40) 110 else 100
	steps <- rbind(steps, data.frame(commit_index = i, bench = "parse",
	    time_ms = round(lvl + rnorm(3, 0, 2), 3)),
	    data.frame(commit_index = i, bench = "render",
	    time_ms = round(50 + rnorm(1), 3)))
}
write_csv(steps, "testdata/trend/steps.csv")
addcase("steps", "testdata/trend/steps.csv", "-f csv -x commit_index -g bench",
    expect(steps, "commit_index", "bench", "time_ms"))

# One run a revision: a 5% drop (an improvement of time) at 61, a spike
# at 100 that must not be a change, and a throughput column stepping up.
set.seed(7)
n <- 150
t <- round(c(rnorm(60, 200, 3), rnorm(90, 190, 3)), 2); t[100] <- t[100] + 40
ops <- round(c(rnorm(90, 1000, 15), rnorm(60, 1100, 15)), 1)
single <- data.frame(run = 1:n, wall_ms = t, ops_per_sec = ops)
write_csv(single, "testdata/trend/single.csv")
e <- expect(single, "run", character(0), "wall_ms")
e2 <- expect(single, "run", character(0), "ops_per_sec")
e2$direction <- "higher"
e2$verdict <- ifelse(e2$change > 0, "improved", "regressed")
addcase("single", "testdata/trend/single.csv", "-f csv -x run",
    rbind(e, e2))
addcase("single_maxp", "testdata/trend/single.csv",
    "-f csv -x run --max-p 1e-20 -c wall_ms",
    expect(single, "run", character(0), "wall_ms", maxp = 1e-20))

# A small step (3%) in noise of 2%: found at the default, gone with
# --min-change 5.
set.seed(11)
small <- data.frame(run = 1:200, latency_us = round(c(rnorm(100, 100, 2),
    rnorm(100, 103, 2)), 2))
write_csv(small, "testdata/trend/small.csv")
addcase("small", "testdata/trend/small.csv", "-f csv -x run",
    expect(small, "run", character(0), "latency_us"))

# Pure noise, 500 revisions: no change point at the default settings.
set.seed(500)
noise <- data.frame(run = 1:500, time_ns = round(rnorm(500, 1e6, 2e4)))
write_csv(noise, "testdata/trend/noise500.csv")

write.table(cases, "tests/expected/btrend_cases.tsv", sep = "\t",
    row.names = FALSE, quote = FALSE)
