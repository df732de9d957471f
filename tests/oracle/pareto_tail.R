# Two pairs of 100 runs a side where only the tail grows (Pareto alpha
# 2.5 -> 2.2, xm 1; issue 31 item 5), for tests/cli/bcompare_tail_p99.case:
# of 60 pairs drawn with this seed, pairs 36 and 52 are two whose p99
# interval lay wholly below the true change before the bootstrap was
# widened a second time at 1 <= t < 2 (hi 1.790 and 1.699 against
# 1.8017).  testdata/tail/pareto_base.csv, pareto_cand.csv (groups rep),
# and tests/expected/bcompare_tail_p99.txt, the true change of p99 from
# R's quantile function of the Pareto.  Run from the root:
#     Rscript tests/oracle/pareto_tail.R
set.seed(3109)
rp <- function(n, a) (1 - runif(n))^(-1 / a)
reps <- 60; n <- 100
g <- rep(seq_len(reps), each = n)
b <- rp(n * reps, 2.5)
c <- rp(n * reps, 2.2)
keep <- g %in% c(36, 52)
write.csv(data.frame(rep = g[keep], value = sprintf("%.6f", b[keep])),
          "testdata/tail/pareto_base.csv", row.names = FALSE, quote = FALSE)
write.csv(data.frame(rep = g[keep], value = sprintf("%.6f", c[keep])),
          "testdata/tail/pareto_cand.csv", row.names = FALSE, quote = FALSE)
writeLines(sprintf("%.10g", 0.01^(-1 / 2.2) - 0.01^(-1 / 2.5)),
           "tests/expected/bcompare_tail_p99.txt")
