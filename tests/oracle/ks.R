# Oracle for bcompare --test ks (issue 31 item 3): D and the two-sided p
# of R's ks.test(cand, base): exact below 10000 pairs (with ties too, R's
# psmirnov()), the limiting distribution above.  Run from the root:
#     Rscript tests/oracle/ks.R
# Writes testdata/ks/{base,cand}.csv (groups: small, 8 against 10; ties,
# 12 against 15 integers; tail, lognormal sdlog 0.5 against 0.6 with the
# same median, 150 and 120 runs, the limit; shift, 30 against 30 normal,
# the candidate 1 sd slower; spread, below) and
# tests/expected/bcompare_ks.csv, read by
# tests/cli/bcompare_ks.case.
options(digits = 17, warn = 1)
set.seed(3103)
g <- list(small = list(b = round(rnorm(8, 10, 1), 3), c = round(rnorm(10, 11, 1), 3)),
          ties = list(b = sample(1:6, 12, TRUE), c = sample(2:7, 15, TRUE)),
          tail = list(b = round(rlnorm(150, 0, 0.5), 4), c = round(rlnorm(120, 0, 0.6), 4)),
          shift = list(b = round(rnorm(30, 100, 5), 2), c = round(rnorm(30, 105, 5), 2)))
# spread: the same median, the candidate four times as spread (200 and
# 200): ks.test tells them apart, wilcox.test's shift interval holds 0,
# and bcompare says so in a note.
g$spread <- list(b = round(rnorm(200, 100, 2), 2), c = round(rnorm(200, 100, 8), 2))
w <- wilcox.test(g$spread$c, g$spread$b, conf.int = TRUE)
stopifnot(ks.test(g$spread$c, g$spread$b)$p.value < 0.05,
          w$conf.int[1] <= 0, w$conf.int[2] >= 0)
bb <- cc <- ex <- NULL
for (k in names(g)) {
  b <- g[[k]]$b; c <- g[[k]]$c
  t <- suppressWarnings(ks.test(c, b))
  cat(sprintf("%s: D %.6g p %.6g (%s)\n", k, t$statistic, t$p.value, t$method))
  bb <- rbind(bb, data.frame(g = k, v = b))
  cc <- rbind(cc, data.frame(g = k, v = c))
  ex <- rbind(ex, data.frame(g = k, column = "v", test = "ks",
                             statistic = sprintf("%.17g", t$statistic),
                             p = sprintf("%.17g", t$p.value)))
}
write.csv(bb, "testdata/ks/base.csv", row.names = FALSE, quote = FALSE)
write.csv(cc, "testdata/ks/cand.csv", row.names = FALSE, quote = FALSE)
write.csv(ex, "tests/expected/bcompare_ks.csv", row.names = FALSE, quote = FALSE)
