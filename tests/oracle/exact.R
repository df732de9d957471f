# Oracle for the exact rank tests with ties (issue 31 item 4): bcompare's
# Mann-Whitney and Wilcoxon signed-rank p from the permutation
# distribution given the ties, and the level the Hodges-Lehmann interval
# is labelled with.  The p come from R's coin package (Debian's
# r-cran-coin: wilcox_test() and wilcoxsign_test(zero.method =
# "Wilcoxon"), distribution = "exact"), each checked against a full
# enumeration written here; the labels from wilcox.test()'s
# attr(conf.int, "conf.level").  Run from the repository root:
#     Rscript tests/oracle/exact.R
# Writes testdata/exact/*.csv and tests/expected/bcompare_exact_*.csv,
# read by tests/cli/bcompare_exact_ties.case and bcompare_exact_label.case.
options(digits = 17, warn = 1)
suppressMessages(library(coin))
dir <- "testdata/exact"
num <- function(x) sprintf("%.17g", x)

# Two-sided p over every way to split the pooled midranks: the share of
# splits whose rank sum is at least as far from its mean as the data's.
enum2 <- function(b, c) {
  r <- rank(c(c, b)); n <- length(c); N <- length(r)
  s <- colSums(matrix(r[combn(N, n)], nrow = n))
  mu <- n * (N + 1) / 2; t <- sum(r[seq_len(n)])
  mean(abs(s - mu) >= abs(t - mu) - 1e-9)
}
# The same over every sign pattern of the nonzero differences' midranks.
enum1 <- function(d) {
  d <- d[d != 0]; r <- rank(abs(d)); n <- length(d)
  signs <- as.matrix(expand.grid(rep(list(0:1), n)))
  s <- signs %*% r; mu <- sum(r) / 2; t <- sum(r[d > 0])
  mean(abs(s - mu) >= abs(t - mu) - 1e-9)
}
coin2 <- function(b, c) {
  d <- data.frame(v = c(c, b), s = factor(rep(c("c", "b"),
       c(length(c), length(b))), levels = c("c", "b")))
  pvalue(wilcox_test(v ~ s, data = d, distribution = "exact"))
}
coin1 <- function(b, c)
  pvalue(wilcoxsign_test(c ~ b, zero.method = "Wilcoxon",
                         distribution = "exact"))

# Unpaired: g = sep, 5 against 5 fully separated with a tie in the
# baseline (the smallest p of any split, 2/choose(10, 5) = 0.00794, where
# the normal approximation says 0.0119); g = ties, 6 against 7 with
# ties across the sides, whose law is not symmetric; g = many, 12
# against 14 integers, many ties.
set.seed(31)
g2 <- list(sep = list(b = c(1, 1, 2, 3, 4), c = c(10, 11, 12, 13, 14)),
           ties = list(b = c(1, 2, 2, 3, 3, 5), c = c(2, 3, 4, 4, 6, 7, 7)),
           many = list(b = sample(0:5, 12, TRUE), c = sample(1:6, 14, TRUE)))
bb <- cc <- NULL; ex <- NULL
for (g in names(g2)) {
  b <- g2[[g]]$b; c <- g2[[g]]$c
  p <- coin2(b, c)
  stopifnot(abs(p - enum2(b, c)) < 1e-12 * p)
  w <- suppressWarnings(wilcox.test(c, b))
  cat(sprintf("%s: exact %.6g, wilcox.test (normal) %.6g\n", g, p,
              w$p.value))
  bb <- rbind(bb, data.frame(g = g, v = b))
  cc <- rbind(cc, data.frame(g = g, v = c))
  ex <- rbind(ex, data.frame(g = g, column = "v", statistic = num(w$statistic),
                             p = num(p)))
}
stopifnot(abs(as.numeric(ex$p[1]) - 2 / choose(10, 5)) < 1e-15)
write.csv(bb, file.path(dir, "ties_base.csv"), row.names = FALSE, quote = FALSE)
write.csv(cc, file.path(dir, "ties_cand.csv"), row.names = FALSE, quote = FALSE)
write.csv(ex, "tests/expected/bcompare_exact_mwu.csv", row.names = FALSE,
          quote = FALSE)

# Paired: 14 pairs whose differences tie and include two zeros (left
# out, as wilcox.test leaves them out).
b <- c(10, 12, 11, 13, 15, 14, 10, 12, 16, 11, 13, 12, 14, 15)
c <- b + c(1, 2, 2, -1, 3, 0, 2, 1, 4, -2, 0, 3, 1, 2)
p <- coin1(b, c)
stopifnot(abs(p - enum1(c - b)) < 1e-12 * p)
w <- suppressWarnings(wilcox.test(c, b, paired = TRUE))
cat(sprintf("paired: exact %.6g, wilcox.test (normal) %.6g\n", p, w$p.value))
write.csv(data.frame(g = "a", v = b), file.path(dir, "paired_base.csv"),
          row.names = FALSE, quote = FALSE)
write.csv(data.frame(g = "a", v = c), file.path(dir, "paired_cand.csv"),
          row.names = FALSE, quote = FALSE)
write.csv(data.frame(g = "a", column = "v", statistic = num(w$statistic),
                     p = num(p)), "tests/expected/bcompare_exact_paired.csv",
          row.names = FALSE, quote = FALSE)

# The interval's label: 3 against 3 (R: 90%) and 4 pairs (R: 88%), where
# 95% cannot be attained; 10 against 10 keeps the 95% asked.
lab <- function(w) 100 * attr(w$conf.int, "conf.level")
l3 <- lab(suppressWarnings(wilcox.test(c(4, 5, 6), c(1, 2, 3), conf.int = TRUE)))
l4 <- lab(suppressWarnings(wilcox.test(c(2, 4, 6, 9), c(1, 2, 3, 4),
                                       paired = TRUE, conf.int = TRUE)))
l10 <- lab(wilcox.test(11:20 + 0.5, 1:10, conf.int = TRUE))
write.csv(data.frame(g = "a", v = c(1, 2, 3)), file.path(dir, "three_base.csv"),
          row.names = FALSE, quote = FALSE)
write.csv(data.frame(g = "a", v = c(4, 5, 6)), file.path(dir, "three_cand.csv"),
          row.names = FALSE, quote = FALSE)
write.csv(data.frame(g = "a", v = c(1, 2, 3, 4)), file.path(dir, "four_base.csv"),
          row.names = FALSE, quote = FALSE)
write.csv(data.frame(g = "a", v = c(2, 4, 6, 9)), file.path(dir, "four_cand.csv"),
          row.names = FALSE, quote = FALSE)
write.csv(data.frame(g = "a", v = 1:10), file.path(dir, "ten_base.csv"),
          row.names = FALSE, quote = FALSE)
write.csv(data.frame(g = "a", v = 11:20 + 0.5), file.path(dir, "ten_cand.csv"),
          row.names = FALSE, quote = FALSE)
writeLines(c(sprintf("three %g", l3), sprintf("four %g", l4),
             sprintf("ten %g", l10)), "tests/expected/bcompare_exact_label.txt")
cat(sprintf("labels: 3 vs 3 %g%%, 4 pairs %g%%, 10 vs 10 %g%%\n", l3, l4, l10))
cat("R:", R.version.string, "; coin", format(packageVersion("coin")), "\n")
