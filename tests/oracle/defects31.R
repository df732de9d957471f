# Oracle for the defects of issue 31 item 5 that need a number from R:
# the type-1 quantile at p99.9 where n * 0.999 is a whole number; the
# mean of values whose mean is near zero, which --sketch and
# --no-quantiles keep as running moments.
#     Rscript tests/oracle/defects31.R	(from the repository root)
# Writes testdata/oracle/p999.csv (1000 values: 999 ones and one 1000, and
# 1..2000) and tests/expected/bstat_p999_type1.csv, read by
# tests/cli/bstat_p999_type1.case; testdata/oracle/nearzero.csv (20000
# values of three decimals about 0, sd 3) and
# tests/expected/bstat_nearzero_mean.csv, read by
# tests/cli/bstat_sketch_mean_nearzero.case.
options(digits = 17, warn = 1)
d <- data.frame(g = rep(c("tail", "seq"), c(1000, 2000)),
                v = c(rep(1, 999), 1000, 1:2000))
write.csv(d, "testdata/oracle/p999.csv", row.names = FALSE, quote = FALSE)
q <- sapply(c("tail", "seq"), function(g)
  quantile(d$v[d$g == g], 0.999, type = 1, names = FALSE))
write.csv(data.frame(g = c("tail", "seq"), column = "v",
                     p99.9 = sprintf("%.17g", q), check.names = FALSE),
          "tests/expected/bstat_p999_type1.csv", row.names = FALSE,
          quote = FALSE)
cat("p99.9 type 1:", q, "\n")

set.seed(31)
z <- data.frame(v = sprintf("%.3f", round(rnorm(20000, 0.02, 3), 3)))
write.csv(z, "testdata/oracle/nearzero.csv", row.names = FALSE, quote = FALSE)
zv <- as.numeric(z$v)
# R's mean() sums in long double and corrects in a second pass.
write.csv(data.frame(column = "v", n = length(zv), mean = sprintf("%.17g", mean(zv))),
          "tests/expected/bstat_nearzero_mean.csv", row.names = FALSE,
          quote = FALSE)
cat("near zero: mean", sprintf("%.17g", mean(zv)), "\n")
