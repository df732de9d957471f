# Oracle for the ± of bcompare -f md (issue 32 item 4, --spread ci|sd):
# per operation and side of the demo's latency files, the relative
# half-width of the centre's own 95% interval, in per cent with one
# decimal as the report writes it: for a mean, R's t.test interval over
# the mean; for a median, the order-statistic interval (the binomial
# method: order statistics qbinom(0.025, n, 0.5) and qbinom(0.975, n,
# 0.5) + 1), its larger side over the median (benchstat's "± 3%"); and
# sd / mean for --spread sd.  Run from the repository root:
#     Rscript tests/oracle/spread.R
# Writes tests/expected/bcompare_spread.tsv (op, side, mean_ci,
# median_ci, cv).  Base R only.
rd <- function(f) read.csv(f)
b <- rd("testdata/demo/latency_baseline.csv")
c <- rd("testdata/demo/latency_candidate.csv")
pc <- function(x) sprintf("%.1f%%", 100 * x)
rows <- NULL
for (op in unique(b$op)) for (side in c("baseline", "candidate")) {
	d <- if (side == "baseline") b else c
	x <- sort(d$latency_us[d$op == op])
	n <- length(x)
	m <- mean(x)
	hw <- diff(t.test(x)$conf.int) / 2
	med <- quantile(x, 0.5, type = 7, names = FALSE)
	l <- qbinom(0.025, n, 0.5)
	u <- qbinom(0.975, n, 0.5) + 1
	h <- max(med - x[l], x[u] - med)
	rows <- rbind(rows, data.frame(op = op, side = side,
	    mean_ci = pc(hw / m), median_ci = pc(h / med), cv = pc(sd(x) / m)))
}
write.table(rows, "tests/expected/bcompare_spread.tsv", sep = "\t",
    quote = FALSE, row.names = FALSE)
