# Oracle for --confidence given as a fraction (issue 32 item 7): the t
# interval of the mean of each operation of the demo's baseline at 90%,
# from R's t.test, which takes the level as a fraction (conf.level =
# 0.9); bstat --confidence 0.9 and --confidence 90 must both print it.
# Run from the repository root:
#     Rscript tests/oracle/confidence.R
# Writes tests/expected/bstat_confidence90.csv.  Base R only.
options(digits = 17)
d <- read.csv("testdata/demo/latency_baseline.csv")
ops <- unique(d$op)
lo <- hi <- numeric(0)
for (o in ops) {
	ci <- t.test(d$latency_us[d$op == o], conf.level = 0.9)$conf.int
	lo <- c(lo, ci[1])
	hi <- c(hi, ci[2])
}
out <- data.frame(op = ops, column = "latency_us",
    ci_lo = sprintf("%.17g", lo), ci_hi = sprintf("%.17g", hi))
write.csv(out, "tests/expected/bstat_confidence90.csv", row.names = FALSE,
    quote = FALSE)
