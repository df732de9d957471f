#!/usr/bin/env Rscript
# btrend's false alarms on pure noise (issue 28 item 5): S series of N
# revisions with no change at all, in four kinds of noise, at btrend's
# default settings.  R makes the histories; btrend decides.  A series
# counts as a false alarm when btrend reports any change point in it
# (step and drift rows, provisional and withdrawn included); outlier revisions are
# counted apart (a spike is reported, not taken for a change).
#
#   Rscript bench/trend_falsealarm.R [S] [N]     # from the repository root
#
# Defaults S = 1000, N = 500.  Writes a Markdown table on standard output.
args <- commandArgs(trailingOnly = TRUE)
S <- if (length(args) >= 1) as.integer(args[1]) else 1000L
N <- if (length(args) >= 2) as.integer(args[2]) else 500L
bt <- Sys.getenv("BTREND", "./btrend")
set.seed(28)
tmp <- tempfile("falsealarm")
dir.create(tmp)

# One history: S series x N revisions x R runs; the night effect (sd
# night, relative) shared by a revision's runs, the run noise (sd run).
history <- function(R, night, run, lognormal) {
	nr <- S * N
	lvl <- 100 * exp(rnorm(nr, 0, night))
	lvl <- rep(lvl, each = R)
	v <- if (lognormal) lvl * rlnorm(nr * R, 0, run) else
		lvl * (1 + rnorm(nr * R, 0, run))
	data.frame(series = rep(seq_len(S), each = N * R),
		rev = rep(rep(seq_len(N), each = R), S),
		time_ms = signif(v, 7))
}

scenarios <- list(
	list("normal, 2% noise, one run a revision", 1, 0, 0.02, FALSE),
	list("lognormal (sdlog 0.1), one run a revision", 1, 0, 0.1, TRUE),
	list("normal, 5 runs a revision: 1% night effect, 2% run noise", 5, 0.01, 0.02, FALSE),
	list("lognormal, 5 runs a revision: 1% night effect, sdlog 0.1 runs", 5, 0.01, 0.1, TRUE))

cat(sprintf("Pure noise, %d series of %d revisions each, btrend's defaults (`bench/trend_falsealarm.R`):\n\n", S, N))
cat("| noise | series with a change point | rate | series with an outlier revision |\n")
cat("|---|---:|---:|---:|\n")
for (sc in scenarios) {
	h <- history(sc[[2]], sc[[3]], sc[[4]], sc[[5]])
	f <- file.path(tmp, "h.csv")
	write.csv(h, f, row.names = FALSE, quote = FALSE)
	out <- system2(bt, c("-x", "rev", "-g", "series", "-f", "csv", f),
		stdout = TRUE, stderr = FALSE)
	r <- if (length(out) > 1) read.csv(text = out) else data.frame(series = integer(), kind = character())
	steps <- length(unique(r$series[r$kind != "outlier"]))
	outl <- length(unique(r$series[r$kind == "outlier"]))
	cat(sprintf("| %s | %d of %d | %.1f%% | %d |\n", sc[[1]], steps, S, 100 * steps / S, outl))
}
unlink(tmp, recursive = TRUE)
