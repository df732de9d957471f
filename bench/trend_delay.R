#!/usr/bin/env Rscript
# btrend's delay (issue 28 items 1 and 7): how many revisions after a
# step it takes btrend, at its default settings, to report it
# (provisional or confirmed) and to confirm it.  R makes the histories
# (S series: 40 quiet nights, then a step, then k nights, for k = 1..8);
# btrend decides on each history as a nightly job would, the history so
# far.  A step counts as reported when btrend gives a step within one
# revision of it (a step or a drift starting there).
#
#   Rscript bench/trend_delay.R [S]        # from the repository root
#
# Default S = 100.  Writes a Markdown table on standard output.
args <- commandArgs(trailingOnly = TRUE)
S <- if (length(args) >= 1) as.integer(args[1]) else 100L
bt <- Sys.getenv("BTREND", "./btrend")
before <- 40L
K <- 8L
set.seed(2028)
tmp <- tempfile("delay")
dir.create(tmp)

# R runs a night; run noise sd run, the night's own effect sd night
# (relative); the step multiplies the level from night before + 1.
history <- function(step, R, run, night) {
	N <- before + K
	lvl <- 100 * rep(ifelse(seq_len(N) > before, 1 + step, 1), S)
	lvl <- lvl * (1 + rnorm(S * N, 0, night))
	v <- rep(lvl, each = R) * (1 + rnorm(S * N * R, 0, run))
	data.frame(series = rep(seq_len(S), each = N * R),
		night = rep(rep(seq_len(N), each = R), S),
		time_ms = signif(v, 7))
}

# For each series: the first k at which the step is reported / confirmed.
delays <- function(h) {
	rep_k <- rep(NA, S); conf_k <- rep(NA, S)
	for (k in seq_len(K)) {
		f <- file.path(tmp, "h.csv")
		write.csv(h[h$night <= before + k, ], f, row.names = FALSE,
			quote = FALSE)
		out <- system2(bt, c("-x", "night", "-g", "series", "-f", "csv", f),
			stdout = TRUE, stderr = FALSE)
		if (length(out) < 2) next
		r <- read.csv(text = out)
		r <- r[r$kind != "outlier" & r$status != "withdrawn" &
			abs(r$night - (before + 1)) <= 1, ]
		for (s in unique(r$series)) {
			if (is.na(rep_k[s])) rep_k[s] <- k
			if (is.na(conf_k[s]) && any(r$series == s &
			    r$status %in% c("confirmed", "moved")))
				conf_k[s] <- k
		}
	}
	list(rep = rep_k, conf = conf_k)
}

q <- function(x) if (all(is.na(x))) "> 8" else {
	m <- median(ifelse(is.na(x), Inf, x))
	if (is.infinite(m)) "> 8" else sprintf("%g", m) }
pct <- function(x, k) sprintf("%.0f%%", 100 * mean(!is.na(x) & x <= k))

noises <- list(
	list("10 runs a night, 2% run noise", 10, 0.02, 0),
	list("10 runs a night, 2% run noise, 1% night effect", 10, 0.02, 0.01),
	list("one run a night, 2% noise", 1, 0.02, 0),
	list("one run a night, 5% noise", 1, 0.05, 0))
steps <- c(0.50, 0.20, 0.10, 0.05, 0.02)

cat(sprintf("Delay after a step, %d series per row, 40 quiet nights before it, btrend's defaults (`bench/trend_delay.R`): revisions after the step until it is reported (median), until confirmed, and the share reported within 1 and 4 revisions:\n\n", S))
cat("| step | noise | reported after (median) | confirmed after (median) | reported within 1 | within 4 |\n")
cat("|---:|---|---:|---:|---:|---:|\n")
for (nz in noises) for (st in steps) {
	d <- delays(history(st, nz[[2]], nz[[3]], nz[[4]]))
	cat(sprintf("| +%g%% | %s | %s | %s | %s | %s |\n", 100 * st, nz[[1]],
		q(d$rep), q(d$conf), pct(d$rep, 1), pct(d$rep, 4)))
}
unlink(tmp, recursive = TRUE)
