# Oracle for btrend: the method of man/btrend.1 written again in R from
# its definitions (Matteson and James 2014 for E-divisive's Q; the
# two-level model, the outlier rule, the t test with Satterthwaite's
# degrees of freedom and Fieller's interval by their formulas; Welch's
# checked against t.test), on
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

# The model of btrend(1): a revision's mean varies by sb2 (the night's
# own effect, the same for all) plus its runs' var/n; tau (sd of a
# revision mean) from the median absolute successive difference, worth
# 0.37 (n - 1) degrees of freedom.
model <- function(r, conf) {
	len <- length(r$mean); d <- abs(diff(r$mean))
	sd <- if (len > 1) median(d) / (qnorm(0.75) * sqrt(2)) else 0
	if (!(sd > 0) && len > 1) sd <- mean(d) * sqrt(pi) / 2
	runs <- !is.na(r$var) & r$n > 1 & is.finite(r$var)
	w <- r$var / r$n
	wmed <- if (any(runs)) median(w[runs]) else 0
	sb2 <- max(0, sd^2 - wmed)
	df <- max(1, 0.37 * max(1, len - 1))
	list(tau2 = sd^2, V = sb2 + ifelse(runs, w, wmed), df = df,
	    q = qt(1 - (1 - conf) / 2, df))
}

# Revisions a..b (1-based, inclusive): level, squares, sum of V.
seg <- function(r, md, a, b) {
	m <- r$mean[a:b]
	list(n = length(m), mean = mean(m), ss = sum((m - mean(m))^2),
	    vm = sum(md$V[a:b]) / length(m)^2)
}

# A side's variance of its level: the model's, or its own (n >= 3)
# where larger, with n - 1 degrees of freedom.
side <- function(s, md) {
	own <- if (s$n >= 3) s$ss / (s$n - 1) / s$n else 0
	if (own > s$vm) list(v = own, df = s$n - 1) else list(v = s$vm, df = md$df)
}

ttest <- function(l, r, md) {
	a <- side(l, md); b <- side(r, md); d <- r$mean - l$mean
	se <- sqrt(a$v + b$v)
	if (!(se > 0)) return(list(p = if (d != 0) 0 else 1, d = d, se = 0,
	    df = md$df, vl = a$v, vr = b$v))
	df <- se^4 / (a$v^2 / a$df + b$v^2 / b$df)
	list(p = 2 * pt(-abs(d) / se, df), d = d, se = se, df = df, vl = a$v,
	    vr = b$v)
}

# Fieller: the theta with (r - theta l)^2 <= q^2 (vr + theta^2 vl).
fieller2 <- function(lm, vl, rm, vr, q) {
	a <- lm^2 - q^2 * vl; b <- rm * lm; c <- rm^2 - q^2 * vr
	disc <- b^2 - a * c
	if (!(a > 0) || disc < 0) return(c(NA, NA))
	c((b - sqrt(disc)) / a, (b + sqrt(disc)) / a)
}

judge <- function(r, md, from, at, to, minseg, conf = 0.95)
	judge2(r, md, seg(r, md, from, at - 1), seg(r, md, at, to - 1),
	    from - 1, at - 1, to - 1, minseg, conf)

# The test of segments l and rr (0-based from, at, to of the change).
judge2 <- function(r, md, l, rr, from, at, to, minseg, conf = 0.95) {
	len <- length(r$mean)
	places <- max(1, l$n + rr$n + 1 - 2 * minseg)
	if (to == len) places <- places + minseg - 1
	w <- ttest(l, rr, md)
	q <- qt(1 - (1 - conf) / 2, w$df)
	ci <- fieller2(l$mean, w$vl, rr$mean, w$vr, q)
	list(p = min(1, w$p * places), mb = l$mean, ma = rr$mean,
	    change = rr$mean / l$mean - 1, lo = ci[1] - 1, hi = ci[2] - 1,
	    nb = l$n, na = rr$n, kind = "step",
	    status = if (to - at < minseg) "provisional" else "confirmed",
	    from = from, to = to)
}

# Steps of a series without outliers (0-based at, from, to).
find_steps <- function(r, maxp, minseg, window, threshold, conf) {
	len <- length(r$mean); md <- model(r, conf)
	W <- max(min(window, len), 4 * minseg); W <- min(W, len)
	# A place's strength, |d| / se, chooses between close places.
	strength <- function(w) if (w$se > 0) abs(w$d) / w$se else if (w$d != 0) Inf else 0
	cand <- data.frame(at = integer(0), s = numeric(0))
	w0 <- 0
	while (len >= 2 * minseg) {
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
			w <- ttest(seg(r, md, a + 1, t), seg(r, md, t + 1, b), md)
			if (!(w$p < 0.05)) next
			cand <- rbind(cand, data.frame(at = t, s = strength(w)))
			stack <- c(stack, list(c(a, t)), list(c(t, b)))
		}
		if (w0 + W >= len) break
		w0 <- w0 + W %/% 2
	}
	# The last revisions: a step in the last night, against the window.
	for (k in seq_len(minseg)) {
		t <- len - k
		if (k >= len || t < minseg) break
		a <- if (t > window) t - window else 0
		w <- ttest(seg(r, md, a + 1, t), seg(r, md, t + 1, len), md)
		if (w$p < 0.05) cand <- rbind(cand, data.frame(at = t, s = strength(w)))
	}
	cand <- cand[order(cand$at, -cand$s), ]
	keep <- cand[0, ]
	for (i in seq_len(nrow(cand))) {
		k <- nrow(keep)
		if (k > 0 && cand$at[i] - keep$at[k] < minseg) {
			if (cand$s[i] > keep$s[k]) keep[k, ] <- cand[i, ]
			next
		}
		keep <- rbind(keep, cand[i, ])
	}
	at <- keep$at
	repeat {
		if (!length(at)) break
		bounds <- c(0, at, len)
		js <- lapply(seq_along(at), function(i)
		    judge(r, md, bounds[i] + 1, at[i] + 1, bounds[i + 2] + 1,
		    minseg, conf))
		fail <- sapply(js, function(j) !(j$p < maxp) ||
		    abs(j$change) < threshold)
		if (!any(fail)) break
		ps <- sapply(js, function(j) j$p); ps[!fail] <- -1
		at <- at[-which.max(ps)]
	}
	if (!length(at)) return(list())
	bounds <- c(0, at, len)
	st <- lapply(seq_along(at), function(i) c(list(at = at[i]),
	    judge(r, md, bounds[i] + 1, at[i] + 1, bounds[i + 2] + 1, minseg,
	    conf)))
	drifts(st, r, md, minseg, conf)
}

# Between two steps of at least minrise: a least-squares line rising
# that way by minrise / 2 over the stretch, t beyond 1.5 (two revisions:
# the second beyond the first by minrise / 4).
drifting <- function(y, sign, minrise) {
	n <- length(y)
	if (n < 2) return(FALSE)
	if (n == 2) return(sign * (y[2] - y[1]) * 2 >= minrise / 2)
	x <- seq_along(y); f <- lm(y ~ x); s <- summary(f)$coefficients
	if (sign * s[2, 1] * n < minrise / 2) return(FALSE)
	if (!is.finite(s[2, 2]) || s[2, 2] == 0) return(TRUE)
	sign * s[2, 1] / s[2, 2] > 1.5
}

# Steps the same way with drifting stretches between them: one drift.
drifts <- function(st, r, md, minseg, conf) {
	out <- list(); i <- 1; n <- length(st)
	sg <- function(c) sign(c$ma - c$mb)
	while (i <= n) {
		k <- i
		while (k < n && sg(st[[k + 1]]) == sg(st[[i]]) &&
		    drifting(r$mean[(st[[k]]$at + 1):st[[k + 1]]$at], sg(st[[i]]),
		    min(abs(st[[k]]$ma - st[[k]]$mb), abs(st[[k + 1]]$ma - st[[k + 1]]$mb))))
			k <- k + 1
		c <- st[[i]]
		if (k > i) {
			to <- st[[k]]$to; e <- st[[k]]$at
			l <- seg(r, md, c$from + 1, c$at); rr <- seg(r, md, e + 1, to)
			j <- judge2(r, md, l, rr, c$from, c$at, to, minseg, conf)
			c <- c(list(at = c$at), j)
			c$kind <- "drift"; c$end <- e
			c$slope <- (c$ma - c$mb) / (e - c$at + 1)
			c$status <- if (to - e < minseg) "provisional" else "confirmed"
		}
		out[[length(out) + 1]] <- c
		i <- k + 1
	}
	out
}

# Revision i (1-based) off the medians of the 5 before and 5 after it,
# the same way, significantly (times the revisions: Bonferroni).
outlier <- function(r, md, i, maxp, threshold) {
	len <- length(r$mean); kl <- min(i - 1, 5); kr <- min(len - i, 5)
	if (kl < 1 || kr < 1) return(NULL)
	x <- r$mean[i]
	ml <- median(r$mean[(i - kl):(i - 1)]); mr <- median(r$mean[(i + 1):(i + kr)])
	dl <- x - ml; dr <- x - mr
	if (dl == 0 || dr == 0 || (dl > 0) != (dr > 0)) return(NULL)
	near <- abs(dl) < abs(dr)
	d <- if (near) dl else dr; level <- if (near) ml else mr
	se <- sqrt(md$V[i] + pi / 2 * md$tau2 / min(kl, kr))
	p <- if (se > 0) min(1, 2 * pt(-abs(d) / se, md$df) * len) else 0
	if (!(p < maxp) || abs(x / level - 1) < threshold) return(NULL)
	list(at = i - 1, p = p, mb = level, ma = x, change = x / level - 1,
	    lo = (d - md$q * se) / level, hi = (d + md$q * se) / level,
	    nb = kl + kr, na = 1, kind = "outlier", status = "confirmed")
}

sub_r <- function(r, idx) list(mean = r$mean[idx], var = r$var[idx],
    n = r$n[idx], x = r$x[idx])

detect1 <- function(r, maxp, minseg, window, threshold, conf) {
	len <- length(r$mean); md <- model(r, conf)
	out <- list(); keep <- integer(0)
	for (i in seq_len(len)) {
		o <- outlier(r, md, i, maxp, threshold)
		if (is.null(o)) keep <- c(keep, i) else out[[length(out) + 1]] <- o
	}
	if (length(keep) >= minseg + 1) {
		st <- find_steps(sub_r(r, keep), maxp, minseg, window, threshold, conf)
		for (c in st) {
			nk <- length(keep)
			c$to <- if (c$to == nk) len else keep[c$to + 1] - 1
			c$from <- keep[c$from + 1] - 1
			if (!is.null(c$end)) c$end <- keep[c$end + 1] - 1
			c$at <- keep[c$at + 1] - 1
			out[[length(out) + 1]] <- c
		}
	}
	if (!length(out)) return(out)
	o <- order(sapply(out, function(c) c$at),
	    sapply(out, function(c) c$kind != "step"))
	out[o]
}

# The change points of one series of revisions (mean, var, n), with
# what changed since the history without its last revision.
detect <- function(r, maxp = 0.001, minseg = 2, window = 500,
    threshold = 0, conf = 0.95) {
	len <- length(r$mean)
	if (len < minseg + 1) return(list())
	cur <- detect1(r, maxp, minseg, window, threshold, conf)
	if (len <= minseg + 1) return(cur)
	prev <- detect1(sub_r(r, 1:(len - 1)), maxp, minseg, window, threshold,
	    conf)
	sgn <- function(c) sign(c$ma - c$mb)
	used <- rep(FALSE, length(prev))
	done <- rep(FALSE, length(cur))
	for (near in c(TRUE, FALSE)) for (i in seq_along(cur)) {
		c <- cur[[i]]
		if (c$kind == "outlier" || done[i]) next
		best <- NA; db <- Inf
		for (j in seq_along(prev)) {
			q <- prev[[j]]
			if (used[j] || q$kind == "outlier" || sgn(q) != sgn(c)) next
			dd <- abs(q$at - c$at)
			if (if (near) dd > 1 else (q$at <= c$from || q$at >= c$to)) next
			if (dd < db) { db <- dd; best <- j }
		}
		if (is.na(best)) next
		used[best] <- TRUE; done[i] <- TRUE
		if (!near && prev[[best]]$at != c$at) {
			cur[[i]]$status <- "moved"; cur[[i]]$was <- prev[[best]]$at
		}
	}
	for (j in seq_along(prev)) if (!used[j] && prev[[j]]$kind != "outlier") {
		q <- prev[[j]]; q$status <- "withdrawn"
		cur[[length(cur) + 1]] <- q
	}
	if (!length(cur)) return(cur)
	o <- order(sapply(cur, function(c) c$at),
	    sapply(cur, function(c) c$kind != "step"))
	cur[o]
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
				    "improved", kind = c$kind, status = c$status,
				    was = if (is.null(c$was)) "" else r$x[c$was + 1],
				    end = if (is.null(c$end)) "" else r$x[c$end + 1],
				    slope = if (is.null(c$slope)) NA_real_ else c$slope,
				    # A ramp's slope interval: trend_ramp.R's.
				    slope_lo = NA_real_, slope_hi = NA_real_)
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
	    args = args, expected = f, rtol = "1e-6"))
# (1e-6: p-values of 1e-45 from GSL's t tail, with Satterthwaite's
# fractional degrees of freedom, agree with R's pt to 7e-7.)
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

# A fresh regression (issue 28 item 1): 40 nights of 10 runs, 2% run
# noise, then +50%: one night after it (provisional), two (confirmed).
set.seed(28)
fresh <- NULL
for (i in 1:42) fresh <- rbind(fresh, data.frame(night = i, bench = "parse",
    time_ms = round((if (i > 40) 150 else 100) * (1 + rnorm(10, 0, 0.02)), 3)))
write_csv(fresh[fresh$night <= 41, ], "testdata/trend/fresh1.csv")
write_csv(fresh, "testdata/trend/fresh2.csv")
addcase("fresh1", "testdata/trend/fresh1.csv", "-f csv -x night -g bench",
    expect(fresh[fresh$night <= 41, ], "night", "bench", "time_ms"))
addcase("fresh2", "testdata/trend/fresh2.csv", "-f csv -x night -g bench",
    expect(fresh, "night", "bench", "time_ms"))

# A spike in the last night but one (issue 28 items 2 and 3): yesterday
# a provisional step, today an outlier and the step withdrawn.
set.seed(29)
spike <- data.frame(run = 1:30, time_ms = round(rnorm(30, 100, 1), 2))
spike$time_ms[29] <- 130
write_csv(spike, "testdata/trend/spike_last.csv")
addcase("spike_last", "testdata/trend/spike_last.csv", "-f csv -x run",
    expect(spike, "run", character(0), "time_ms"))

# A step whose place moves when the last run arrives (issue 28 item 3):
# series 138 of 400 made alike (a step of 3, 5 or 8 at 20..27, its
# first run pulled back towards the old level), the one of them where
# btrend's place moved.
set.seed(30)
for (k in 1:400) {
	n <- 30; at <- sample(20:27, 1)
	y <- c(rnorm(at - 1, 100, 1), rnorm(n - at + 1, 100 + sample(c(3, 5, 8), 1), 1))
	y[at] <- y[at] - runif(1, 0, 4)
	if (k == 138) moved <- data.frame(run = 1:n, time_ms = round(y, 2))
}
write_csv(moved, "testdata/trend/moved.csv")
addcase("moved", "testdata/trend/moved.csv", "-f csv -x run",
    expect(moved, "run", character(0), "time_ms"))

# Pure noise, 500 revisions: no change point at the default settings.
set.seed(500)
noise <- data.frame(run = 1:500, time_ns = round(rnorm(500, 1e6, 2e4)))
write_csv(noise, "testdata/trend/noise500.csv")

write.table(cases, "tests/expected/btrend_cases.tsv", sep = "\t",
    row.names = FALSE, quote = FALSE)
