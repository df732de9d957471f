# Oracle for bcompare: builds baseline/candidate inputs (set.seed) and
# writes what bcompare -f csv must print, computed with R's own t.test,
# wilcox.test and p.adjust (and, for the rank tests' p with ties and few
# runs, the exact tests of the coin package, Debian's r-cran-coin).  Run from the repository root:
#     Rscript tests/oracle/bcompare.R
# Conventions mirrored from the contract (../shared/CONTRACT.md, bcompare):
#  - rows: baseline groups in first-appearance order x value columns, then
#    metrics found only in the candidate;
#  - welch: diff = mean(c) - mean(b) with t.test's CI; change = mean ratio - 1
#    with Fieller's CI (variance of a - rho*b with Welch-Satterthwaite df);
#  - mwu: W, p, HL shift and CI as wilcox.test(c, b, conf.int = TRUE);
#    change = median ratio - 1, CI = exp(CI of the HL shift of the logs) - 1;
#  - paired: t.test(c, b, paired = TRUE) / wilcox.test(..., paired = TRUE);
#    change CI = CI of the mean (pseudo-median) difference / |baseline centre|,
#    and for the signed rank test the change is the pseudo-median / |median|;
#  - a row is tested when both sides have >= 2 values, not all identical, and
#    (rank tests) the smallest exact p can reach alpha; only tested rows
#    enter p.adjust; verdict improved/regressed when p_adj < alpha and
#    |change| >= threshold, by the column's direction.
options(digits = 17, warn = 1)
dir <- "testdata/compare"

num <- function(x) ifelse(is.na(x) | !is.finite(x), "",
                          sprintf("%.17g", x))

# The rank tests' p with ties and few runs: the exact permutation
# distribution given the ties (R's coin package, as bcompare since issue
# 31), where wilcox.test() turns normal; R's own p everywhere else.
rank_p <- function(b, c, paired, w) {
  if (paired) {
    d <- c - b; d <- d[d != 0]
    small <- length(d) > 0 && length(d) < 50
    tied <- length(d) < length(b) || length(unique(abs(d))) < length(d)
  } else {
    small <- length(b) < 50 && length(c) < 50
    tied <- length(unique(c(b, c))) < length(c(b, c))
  }
  if (!small || !tied) return(w$p.value)
  suppressMessages(library(coin))
  if (paired)
    return(pvalue(wilcoxsign_test(c ~ b, zero.method = "Wilcoxon",
                                  distribution = "exact")))
  d <- data.frame(v = c(c, b), s = factor(rep(c("c", "b"),
       c(length(c), length(b))), levels = c("c", "b")))
  pvalue(wilcox_test(v ~ s, data = d, distribution = "exact"))
}

fieller <- function(b, c, conf, nb = length(b), nc = length(c)) {
  a <- mean(c); bb <- mean(b)
  va <- var(c) / nc; vb <- var(b) / nb
  rho <- a / bb
  df <- (va + rho^2 * vb)^2 /
    (va^2 / (nc - 1) + rho^4 * vb^2 / (nb - 1))
  t <- qt(1 - (1 - conf) / 2, df)
  if (t^2 * vb / bb^2 >= 1) return(c(NA, NA))
  q <- bb^2 - t^2 * vb
  s <- t * sqrt(a^2 * vb + bb^2 * va - t^2 * va * vb)
  sort(c((a * bb - s) / q, (a * bb + s) / q))
}

# Serially dependent runs (bcompare(1), DEPENDENT RUNS): r1 by R's acf,
# corrected r1* = (n r1 + 1)/(n - 3) clamped to [0, 0.95], the effective
# size n (1 - r1*)/(1 + r1*) (at least 2); a metric of unpaired sides of
# >= 10 runs is dependent when a side's r1 exceeds 0.75/sqrt(n) and 0.025
# (dep_limit: under 0.025 an interval widens by under 2.5%).  Then
# Welch's t takes each side's variance over its effective size (df by
# Welch-Satterthwaite from those), and a rank test's normal deviate is
# divided by k = sqrt((vb/nb' + vc/nc')/(vb/nb + vc/nc)), its interval's
# half-widths multiplied by k.
r1 <- function(x) acf(x, lag.max = 1, plot = FALSE)$acf[2]
rstar <- function(x) {
  n <- length(x)
  min(max((n * r1(x) + 1) / (n - 3), 0), 0.95)
}
neff <- function(x) max(length(x) * (1 - rstar(x)) / (1 + rstar(x)), 2)
dep_limit <- function(n) max(0.75 / sqrt(n), 0.025)
dependent <- function(b, c)
  length(b) >= 10 && length(c) >= 10 &&
    (r1(b) > dep_limit(length(b)) || r1(c) > dep_limit(length(c)))
welch_eff <- function(b, c, nb, nc, conf) {
  vb <- var(b) / nb; vc <- var(c) / nc; se <- sqrt(vb + vc)
  t <- (mean(c) - mean(b)) / se
  df <- (vb + vc)^2 / (vb^2 / (nb - 1) + vc^2 / (nc - 1))
  q <- qt(1 - (1 - conf) / 2, df)
  list(statistic = t, parameter = df, p.value = 2 * pt(-abs(t), df),
       conf.int = (mean(c) - mean(b)) + c(-q, q) * se)
}

cohen <- function(b, c) {
  sp <- sqrt(((length(c) - 1) * var(c) + (length(b) - 1) * var(b)) /
             (length(c) + length(b) - 2))
  (mean(c) - mean(b)) / sp
}
cliff <- function(b, c) mean(sign(outer(c, b, "-")))

# The Hodges-Lehmann interval in the normal case as bcompare(1) defines
# it: the order statistics k = ceiling(nm/2 - 1/2 - z sigma) and
# nm - k + 1 of the pairwise differences, sigma with the tie correction.
hl_orderstat <- function(b, c, conf) {
  d <- sort(as.vector(outer(c, b, "-")))
  n <- length(b); m <- length(c); nm <- n * m
  tt <- table(c(b, c))
  sigma <- sqrt(nm / 12 * ((n + m + 1) -
                           sum(tt^3 - tt) / ((n + m) * (n + m - 1))))
  k <- ceiling(nm / 2 - 0.5 - qnorm(1 - (1 - conf) / 2) * sigma)
  k <- max(1, min(nm, k))
  c(median(d), d[k], d[nm - k + 1])
}

# One metric: a named list of the output cells (NA for empty).
# The relative change is the estimator whose interval is reported over
# the baseline's centre (mean, or median for the rank tests), and only
# from a centre > 0 (a negative centre would turn its sign around):
#  - welch: mean ratio - 1 with Fieller's CI; paired: the mean difference
#    and its CI over the baseline mean;
#  - mwu: the Hodges-Lehmann shift and its CI over the baseline median.
metric <- function(b, c, test, paired, conf, alpha) {
  r <- list(n_base = length(b), n_cand = length(c),
            mean_base = if (length(b)) mean(b) else NA,
            mean_cand = if (length(c)) mean(c) else NA,
            median_base = if (length(b)) median(b) else NA,
            median_cand = if (length(c)) median(c) else NA,
            diff = NA, diff_ci_lo = NA, diff_ci_hi = NA,
            change = NA, change_ci_lo = NA, change_ci_hi = NA,
            test = if (paired) (if (test == "mwu") "signed-rank" else "paired-t")
                   else test,
            statistic = NA, df = NA, p = NA, cohen_d = NA, cliff_delta = NA,
            tested = FALSE, sign = 0, toofew = FALSE)
  cb <- if (test == "mwu") r$median_base else r$mean_base
  if (length(b) < 2 || length(c) < 2) {
    # No test, but the change seen is still reported.
    r$toofew <- TRUE
    if (length(b) && length(c)) {
      cc <- if (test == "mwu") median(c) else mean(c)
      r$diff <- cc - cb
      if (cb > 0) r$change <- r$diff / cb
    }
    return(r)
  }
  r$cohen_d <- cohen(b, c)
  r$cliff_delta <- cliff(b, c)
  minp <- if (paired) 2 / 2^length(b) else 2 / choose(length(b) + length(c),
                                                      length(b))
  if (length(unique(b)) == 1 && length(unique(c)) == 1) {
    # No spread: the same value is no change for certain; different
    # values differ for certain (t is infinite; the rank test has its p).
    r$diff <- r$diff_ci_lo <- r$diff_ci_hi <- mean(c) - mean(b)
    r$sign <- sign(r$diff)
    if (r$diff == 0) { r$p <- 1; r$tested <- TRUE }
    else if (test == "mwu") {
      w <- suppressWarnings(wilcox.test(c, b, paired = paired))
      r$statistic <- unname(w$statistic); r$p <- rank_p(b, c, paired, w)
      r$tested <- minp <= alpha
    } else { r$p <- 0; r$tested <- TRUE }
    if (mean(b) > 0)
      r$change <- r$change_ci_lo <- r$change_ci_hi <- r$diff / mean(b)
    return(r)
  }
  dep <- !paired && dependent(b, c)
  if (test == "welch") {
    tt <- if (dep) welch_eff(b, c, neff(b), neff(c), conf)
          else t.test(c, b, paired = paired, conf.level = conf)
    r$statistic <- unname(tt$statistic); r$df <- unname(tt$parameter)
    r$p <- tt$p.value
    r$sign <- sign(r$statistic)
    r$diff <- mean(c) - mean(b)
    r$diff_ci_lo <- tt$conf.int[1]; r$diff_ci_hi <- tt$conf.int[2]
    if (cb > 0) {
      if (paired) {
        r$change <- r$diff / cb
        r$change_ci_lo <- tt$conf.int[1] / cb
        r$change_ci_hi <- tt$conf.int[2] / cb
      } else {
        r$change <- mean(c) / mean(b) - 1
        f <- if (dep) fieller(b, c, conf, neff(b), neff(c))
             else fieller(b, c, conf)
        r$change_ci_lo <- f[1] - 1; r$change_ci_hi <- f[2] - 1
      }
    }
    r$tested <- TRUE
  } else {
    w <- suppressWarnings(wilcox.test(c, b, paired = paired, conf.int = TRUE,
                                      conf.level = conf))
    r$statistic <- unname(w$statistic); r$p <- rank_p(b, c, paired, w)
    # The Hodges-Lehmann estimate by its definition: the median of the
    # pairwise differences (of the Walsh averages of the non-zero paired
    # differences).  R's exact case gives the same; in the normal case R
    # reports a root of the corrected statistic instead, which is only
    # near the median (and its interval bounds agree to about 1e-4).
    r$diff_ci_lo <- w$conf.int[1]; r$diff_ci_hi <- w$conf.int[2]
    if (paired) {
      d <- c - b; d <- d[d != 0]
      wa <- outer(d, d, "+") / 2
      r$diff <- median(wa[upper.tri(wa, diag = TRUE)])
      mid <- length(d) * (length(d) + 1) / 4
    } else {
      r$diff <- median(outer(c, b, "-"))
      mid <- length(b) * length(c) / 2
      exact <- length(b) < 50 && length(c) < 50 &&
               length(unique(c(b, c))) == length(c(b, c))
      if (!exact) {
        # Normal case: the order statistics of the pairwise differences
        # (bcompare(1), Methods), not R's roots of the statistic.
        os <- hl_orderstat(b, c, conf)
        r$diff_ci_lo <- os[2]; r$diff_ci_hi <- os[3]
      }
    }
    r$sign <- sign(r$statistic - mid)
    if (dep) {
      k <- sqrt((var(b) / neff(b) + var(c) / neff(c)) /
                (var(b) / length(b) + var(c) / length(c)))
      if (r$p < 1) r$p <- 2 * pnorm(qnorm(r$p / 2, lower.tail = FALSE) / k,
                                    lower.tail = FALSE)
      r$diff_ci_lo <- r$diff - k * (r$diff - r$diff_ci_lo)
      r$diff_ci_hi <- r$diff + k * (r$diff_ci_hi - r$diff)
    }
    if (cb > 0) {
      r$change <- r$diff / cb
      r$change_ci_lo <- r$diff_ci_lo / cb
      r$change_ci_hi <- r$diff_ci_hi / cb
    }
    r$tested <- minp <= alpha
  }
  r
}

# The verdict rules of bcompare(1), VERDICTS, written from the issue's
# definitions: improved/regressed when p_adj < alpha and |change| >=
# threshold, in the direction of the estimated difference (of the test
# statistic when the difference is 0); unchanged when the change's
# interval lies within +-margin (the threshold, or 1% when it is 0);
# inconclusive otherwise.
verdicts <- function(rows, alpha, threshold, adjust, higher,
                     equivalence = 0.01) {
  tested <- sapply(rows, function(r) isTRUE(r$tested))
  p <- sapply(rows, function(r) if (isTRUE(r$tested)) r$p else NA)
  padj <- rep(NA, length(rows))
  if (any(tested)) padj[tested] <- p.adjust(p[tested], method = adjust)
  margin <- if (threshold > 0) threshold else equivalence
  for (i in seq_along(rows)) {
    r <- rows[[i]]
    r$p_adj <- padj[i]
    r$direction <- if (r$column %in% higher) "higher" else "lower"
    dir <- if (!is.na(r$diff) && r$diff != 0) sign(r$diff) else r$sign
    if (dir == 0 && !is.na(r$cliff_delta)) dir <- sign(r$cliff_delta)
    sig <- isTRUE(r$tested) && padj[i] < alpha && dir != 0
    beyond <- if (!is.na(r$change)) abs(r$change) >= threshold
              else threshold == 0
    small <- (!is.na(r$change_ci_lo) && !is.na(r$change_ci_hi) &&
              r$change_ci_lo >= -margin && r$change_ci_hi <= margin) ||
             (is.na(r$change) && !is.na(r$diff_ci_lo) &&
              r$diff_ci_lo == 0 && r$diff_ci_hi == 0)
    r$verdict <- if (!is.null(r$missing)) "missing"
      else if (r$toofew) "inconclusive"
      else if (sig && beyond)
        (if ((dir > 0) == (r$column %in% higher)) "improved" else "regressed")
      else if (small) "unchanged"
      else "inconclusive"
    rows[[i]] <- r
  }
  rows
}

write_rows <- function(rows, gcols, path) {
  cols <- c(gcols, "column", "n_base", "n_cand", "mean_base", "mean_cand",
            "median_base", "median_cand", "diff", "diff_ci_lo", "diff_ci_hi",
            "change", "change_ci_lo", "change_ci_hi", "test", "statistic",
            "df", "p", "p_adj", "cohen_d", "cliff_delta", "verdict",
            "direction")
  out <- sapply(cols, function(k) sapply(rows, function(r) {
    v <- r[[k]]
    if (is.null(v) || (length(v) == 1 && is.na(v))) ""
    else if (is.numeric(v)) num(v) else as.character(v)
  }))
  if (is.null(dim(out))) out <- matrix(out, nrow = 1, dimnames = list(NULL, cols))
  write.table(out, path, sep = ",", quote = FALSE, row.names = FALSE,
              col.names = cols)
}

# Read numbers exactly as C does (see tests/oracle/common.R): text
# columns stay text, numeric-looking ones go through parse_num.
source("tests/oracle/common.R")
read_exact <- function(path) {
  d <- read_text_csv(path)
  for (k in names(d))
    if (all(grepl("^[+-]?[0-9.eE+-]+$", d[[k]]) | d[[k]] %in% MISSING))
      d[[k]] <- as_value(d[[k]])
  d
}

# Compare two data frames by (group, column).
compare <- function(bd, cd, gcol, vcols, test = "welch", paired = FALSE,
                    conf = 0.95, alpha = 0.05, threshold = 0,
                    adjust = "holm", higher = character(0)) {
  rows <- list()
  keys <- unique(bd[[gcol]])
  for (k in keys) for (v in vcols) {
    b <- bd[[v]][bd[[gcol]] == k]; b <- b[!is.na(b)]
    c <- if (k %in% cd[[gcol]]) cd[[v]][cd[[gcol]] == k] else NULL
    r <- if (is.null(c)) {
      x <- metric(b, numeric(0), test, paired, conf, alpha)
      x$missing <- TRUE; x$n_cand <- 0; x$test <- NA; x
    } else metric(b, c[!is.na(c)], test, paired, conf, alpha)
    r[[gcol]] <- k; r$column <- v
    rows[[length(rows) + 1]] <- r
  }
  for (k in setdiff(unique(cd[[gcol]]), keys)) for (v in vcols) {
    c <- cd[[v]][cd[[gcol]] == k]; c <- c[!is.na(c)]
    r <- metric(numeric(0), c, test, paired, conf, alpha)
    r$missing <- TRUE; r$test <- NA; r$n_base <- 0
    r[[gcol]] <- k; r$column <- v
    rows[[length(rows) + 1]] <- r
  }
  verdicts(rows, alpha, threshold, adjust, higher)
}

set.seed(20261130)
mk <- function(bench, n, ns_med, ns_sd, ops_mean, ops_sd)
  data.frame(bench = bench, ns = round(exp(rnorm(n, log(ns_med), ns_sd)), 2),
             ops = round(rnorm(n, ops_mean, ops_sd), 1))
base <- rbind(mk("parse", 12, 1000, 0.05, 5000, 100),
              mk("sort", 12, 2000, 0.05, 3000, 80),
              mk("hash", 12, 500, 0.05, 9000, 300),
              mk("tiny", 1, 10, 0.1, 100, 5),
              mk("alloc", 6, 300, 0.05, 700, 20),
              mk("gone", 5, 50, 0.05, 10, 1))
cand <- rbind(mk("parse", 12, 900, 0.05, 5400, 100),    # faster
              mk("sort", 12, 2300, 0.05, 2800, 80),     # slower
              mk("hash", 12, 505, 0.05, 9020, 300),     # same
              mk("tiny", 3, 10, 0.1, 100, 5),           # n = 1 on one side
              mk("alloc", 2, 300, 0.05, 700, 20),       # U cannot reach 0.05
              mk("new", 4, 70, 0.05, 20, 1))            # candidate only
# Interleave the rows so the groups are not contiguous.
base <- base[order(ave(seq_len(nrow(base)), base$bench, FUN = seq_along)), ]
cand <- cand[order(ave(seq_len(nrow(cand)), cand$bench, FUN = seq_along)), ]
write.csv(base, file.path(dir, "base.csv"), row.names = FALSE, quote = FALSE)
write.csv(cand, file.path(dir, "cand.csv"), row.names = FALSE, quote = FALSE)
bd <- read_exact(file.path(dir, "base.csv"))
cd <- read_exact(file.path(dir, "cand.csv"))

cases <- list()
add <- function(name, args, rows, gcols, input = "testdata/compare/base.csv testdata/compare/cand.csv", rtol = "1e-9") {
  path <- sprintf("tests/expected/bcompare_%s.csv", name)
  write_rows(rows, gcols, path)
  cases[[length(cases) + 1]] <<- c(name, input, args, path, rtol)
}

V <- c("ns", "ops")
add("welch", "-f csv -g bench --higher-is-better ops",
    compare(bd, cd, "bench", V, higher = "ops"), "bench")
add("welch_bh_conf90", "-f csv -g bench --higher-is-better ops --adjust bh --confidence 90",
    compare(bd, cd, "bench", V, higher = "ops", adjust = "BH", conf = 0.90),
    "bench")
add("welch_threshold", "-f csv -g bench --higher-is-better ops --threshold 9 --adjust none",
    compare(bd, cd, "bench", V, higher = "ops", threshold = 0.09,
            adjust = "none"), "bench")
add("mwu", "-f csv -g bench --test mwu --higher-is-better ops",
    compare(bd, cd, "bench", V, test = "mwu", higher = "ops"), "bench")

# Paired: interleaved A/B runs of equal length, with ties for the rank test.
set.seed(7)
pa <- data.frame(case = rep(c("x", "y"), each = 15),
                 ms = round(rnorm(30, 40, 2), 1))
pb <- data.frame(case = rep(c("x", "y"), each = 15),
                 ms = round(pa$ms * c(rep(0.95, 15), rep(1.0, 15)) +
                              rnorm(30, 0, 0.4), 1))
write.csv(pa, file.path(dir, "paired_a.csv"), row.names = FALSE, quote = FALSE)
write.csv(pb, file.path(dir, "paired_b.csv"), row.names = FALSE, quote = FALSE)
pa <- read_exact(file.path(dir, "paired_a.csv"))
pb <- read_exact(file.path(dir, "paired_b.csv"))
add("paired_t", "-f csv -g case --paired",
    compare(pa, pb, "case", "ms", paired = TRUE), "case",
    "testdata/compare/paired_a.csv testdata/compare/paired_b.csv")
add("paired_signed_rank", "-f csv -g case --paired --test mwu",
    compare(pa, pb, "case", "ms", paired = TRUE, test = "mwu"), "case",
    "testdata/compare/paired_a.csv testdata/compare/paired_b.csv", "5e-4")

# One file split by a variant column.
vd <- rbind(data.frame(impl = "old", size = rep(c("S", "L"), 10),
                       us = round(rnorm(20, 100, 5), 2)),
            data.frame(impl = "new", size = rep(c("S", "L"), 10),
                       us = round(rnorm(20, 93, 5), 2)))
vd <- vd[sample(nrow(vd)), ]
write.csv(vd, file.path(dir, "variant.csv"), row.names = FALSE, quote = FALSE)
vd <- read_exact(file.path(dir, "variant.csv"))
first <- unique(vd$impl)[1]; second <- unique(vd$impl)[2]
add("variant", "-f csv -g size --variant impl",
    compare(vd[vd$impl == first, ], vd[vd$impl == second, ], "size", "us"),
    "size", "testdata/compare/variant.csv")

# go test -bench: benchstat's own test data, U test (ties: normal approx).
readgo <- function(path) {
  l <- grep("^Benchmark", readLines(path), value = TRUE)
  f <- strsplit(l, "[ \t]+")
  data.frame(name = sub("-[0-9]+$", "", sub("^Benchmark", "", sapply(f, `[`, 1))),
             ns = as.numeric(sapply(f, `[`, 3)))
}
go <- "testdata/real/go-bench/benchstat-testdata/"
gb <- readgo(paste0(go, "old.txt")); gn <- readgo(paste0(go, "new.txt"))
names(gb)[2] <- names(gn)[2] <- "ns/op"
add("gobench_mwu", "-f csv -g name -c ns/op --test mwu",
    compare(gb, gn, "name", "ns/op", test = "mwu"), "name",
    paste0(go, "old.txt ", go, "new.txt"), "5e-4 -a 2e-5")

# ---------------------------------------------------------------------
# The classes of the verdicts issue, each written from its definition.
write_pair <- function(b, c, name) {
  write.csv(b, file.path(dir, paste0(name, "_base.csv")), row.names = FALSE,
            quote = FALSE)
  write.csv(c, file.path(dir, paste0(name, "_cand.csv")), row.names = FALSE,
            quote = FALSE)
  list(read_exact(file.path(dir, paste0(name, "_base.csv"))),
       read_exact(file.path(dir, paste0(name, "_cand.csv"))),
       paste0(file.path(dir, paste0(name, "_base.csv")), " ",
              file.path(dir, paste0(name, "_cand.csv"))))
}

# Negative centres: an offset-corrected time around -10 against one
# around -5 (the candidate larger: worse for a time).  No relative change
# from a centre <= 0; the verdict follows the difference.
set.seed(101)
neg <- write_pair(data.frame(g = "a", offset_ns = round(rnorm(15, -10, 1), 3)),
                  data.frame(g = "a", offset_ns = round(rnorm(15, -5, 1), 3)),
                  "neg")
add("neg_welch", "-f csv -g g", compare(neg[[1]], neg[[2]], "g", "offset_ns"),
    "g", neg[[3]])
add("neg_mwu", "-f csv -g g --test mwu",
    compare(neg[[1]], neg[[2]], "g", "offset_ns", test = "mwu"), "g", neg[[3]])
add("neg_paired", "-f csv -g g --paired",
    compare(neg[[1]], neg[[2]], "g", "offset_ns", paired = TRUE), "g", neg[[3]])
add("neg_paired_mwu", "-f csv -g g --paired --test mwu",
    compare(neg[[1]], neg[[2]], "g", "offset_ns", paired = TRUE,
            test = "mwu"), "g", neg[[3]], "5e-4")

# A shift with zero change: many ties, the median of the pairwise
# differences is 0 but the ranks lean one way; the verdict follows W.
set.seed(102)
zs <- write_pair(data.frame(g = "a", wait_ms = sample(1:3, 3000, TRUE,
                                                      c(.30, .40, .30))),
                 data.frame(g = "a", wait_ms = sample(1:3, 3000, TRUE,
                                                      c(.25, .40, .35))),
                 "zeroshift")
add("zeroshift_mwu", "-f csv -g g --test mwu",
    compare(zs[[1]], zs[[2]], "g", "wait_ms", test = "mwu"), "g", zs[[3]],
    "5e-4 -a 1e-9")
add("zeroshift_mwu_hib", "-f csv -g g --test mwu --higher-is-better wait_ms",
    compare(zs[[1]], zs[[2]], "g", "wait_ms", test = "mwu",
            higher = "wait_ms"), "g", zs[[3]], "5e-4 -a 1e-9")

# Constant samples that differ (go test -benchmem B/op): certain.
cs <- write_pair(data.frame(g = "a", "B/op" = rep(1816, 10), check.names = FALSE),
                 data.frame(g = "a", "B/op" = rep(3608, 10), check.names = FALSE),
                 "const")
add("const_welch", "-f csv -g g", compare(cs[[1]], cs[[2]], "g", "B/op"), "g",
    cs[[3]])
add("const_mwu", "-f csv -g g --test mwu",
    compare(cs[[1]], cs[[2]], "g", "B/op", test = "mwu"), "g", cs[[3]])
add("const_threshold", "-f csv -g g --threshold 200",
    compare(cs[[1]], cs[[2]], "g", "B/op", threshold = 2), "g", cs[[3]])

# Rates spelled every way improve upward; times, sizes of allocations and
# names that match no rule improve downward.  Every column 10% higher.
set.seed(103)
rate_cols <- c("ops_per_sec", "throughput_rps", "req/s", "ops/s", "MB/s",
               "qps", "tps", "iops", "bw_bytes", "bandwidth",
               "throughput_msg_per_sec", "items_per_second")
other_cols <- c("ns/op", "B/op", "allocs/op", "latency_ms", "time",
                "widgets")
mkr <- function(f) {
  d <- data.frame(g = rep("a", 12))
  for (k in c(rate_cols, other_cols))
    d[[k]] <- round(rnorm(12, 1000 * f, 5), 2)
  d
}
rt <- write_pair(mkr(1), mkr(1.1), "rates")
add("rates", "-f csv -g g",
    compare(rt[[1]], rt[[2]], "g", c(rate_cols, other_cols),
            higher = rate_cols), "g", rt[[3]])

# Bimodal samples with mwu: the change is the Hodges-Lehmann shift over
# the baseline median, inside its own interval (the ratio of medians
# would jump between the modes).
set.seed(104)
bm <- write_pair(data.frame(g = "a", lat_us = round(c(rnorm(20, 100, 2),
                                                      rnorm(20, 200, 2)), 2)),
                 data.frame(g = "a", lat_us = round(c(rnorm(19, 101, 2),
                                                      rnorm(21, 201, 2)), 2)),
                 "bimodal")
bmr <- compare(bm[[1]], bm[[2]], "g", "lat_us", test = "mwu")
stopifnot(bmr[[1]]$change >= bmr[[1]]$change_ci_lo,
          bmr[[1]]$change <= bmr[[1]]$change_ci_hi)
add("bimodal_mwu", "-f csv -g g --test mwu", bmr, "g", bm[[3]])

# Ties, normal approximation: the Hodges-Lehmann estimate is the median
# of the pairwise differences and its interval the order statistics
# k = ceiling(nm/2 - 1/2 - z sigma) and nm - k + 1 (sigma with the tie
# correction); R's wilcox.test instead finds roots of the corrected
# statistic, near but not on them.  Both are pinned: ours exactly, R's to
# within half the spacing of the integer data.
set.seed(105)
tb <- data.frame(g = "a", v = sample(0:6, 40, TRUE))
tcd <- data.frame(g = "a", v = sample(1:7, 40, TRUE))
ti <- write_pair(tb, tcd, "ties")
os <- hl_orderstat(ti[[1]]$v, ti[[2]]$v, 0.95)
if (dependent(ti[[1]]$v, ti[[2]]$v)) {
  # These draws' r1 happens to pass the bound: the interval scaled by k.
  b <- ti[[1]]$v; c <- ti[[2]]$v
  k <- sqrt((var(b) / neff(b) + var(c) / neff(c)) /
            (var(b) / length(b) + var(c) / length(c)))
  os[2:3] <- os[1] + k * (os[2:3] - os[1])
}
ours <- data.frame(g = "a", column = "v", diff = os[1], diff_ci_lo = os[2],
                   diff_ci_hi = os[3])
w <- wilcox.test(ti[[2]]$v, ti[[1]]$v, conf.int = TRUE)
theirs <- data.frame(g = "a", column = "v", diff = unname(w$estimate),
                     diff_ci_lo = w$conf.int[1], diff_ci_hi = w$conf.int[2])
write.csv(ours, "tests/expected/bcompare_ties_orderstat.csv", row.names = FALSE,
          quote = FALSE)
write.csv(theirs, "tests/expected/bcompare_ties_r.csv", row.names = FALSE,
          quote = FALSE)
cases[[length(cases) + 1]] <- c("ties_orderstat", ti[[3]], "-f csv -g g --test mwu",
                                "tests/expected/bcompare_ties_orderstat.csv", "1e-12")
cases[[length(cases) + 1]] <- c("ties_r", ti[[3]], "-f csv -g g --test mwu",
                                "tests/expected/bcompare_ties_r.csv", "0 -a 0.5")
cat(sprintf("ties: R %.7g [%.7g, %.7g]; order statistics %g [%g, %g]\n",
            w$estimate, w$conf.int[1], w$conf.int[2], os[1], os[2], os[3]))

# Summaries as input (n, mean, sd per benchmark, as bstat writes them and
# as some tools report only): Welch's t from the moments is R's t.test on
# the values the summaries were made from (any data with those moments).
set.seed(106)
mkraw <- function(f) list(
  parse = round(rnorm(14, 1000 * f, 30), 3),
  sort = round(rnorm(9, 2000, 50), 3),
  hash = round(rnorm(20, 500 / f, 8), 3))
rb <- mkraw(1); rc <- mkraw(1.08)
summ <- function(raw) {
  d <- do.call(rbind, lapply(names(raw), function(k) {
    v <- raw[[k]]
    data.frame(bench = k, column = "ns", n = length(v),
               mean = sprintf("%.15g", mean(v)), sd = sprintf("%.15g", sd(v)),
               median = sprintf("%.15g", median(v)))
  }))
  d
}
write.csv(summ(rb), file.path(dir, "sum_base.csv"), row.names = FALSE,
          quote = FALSE)
write.csv(summ(rc), file.path(dir, "sum_cand.csv"), row.names = FALSE,
          quote = FALSE)
# The same moments as the files hold (read back as C reads them).
sb <- read_exact(file.path(dir, "sum_base.csv"))
sc <- read_exact(file.path(dir, "sum_cand.csv"))
withmoments <- function(v, m, s) m + s * (v - mean(v)) / sd(v)
rows <- list()
for (k in names(rb)) {
  b <- withmoments(rb[[k]], sb$mean[sb$bench == k], sb$sd[sb$bench == k])
  c <- withmoments(rc[[k]], sc$mean[sc$bench == k], sc$sd[sc$bench == k])
  r <- metric(b, c, "welch", FALSE, 0.95, 0.05)
  r$median_base <- sb$median[sb$bench == k]
  r$median_cand <- sc$median[sc$bench == k]
  r$cliff_delta <- NA    # needs the values
  r$bench <- k; r$column <- "ns"
  rows[[length(rows) + 1]] <- r
}
add("summaries", "-f csv -g bench,column", verdicts(rows, 0.05, 0, "holm",
    character(0)), "bench", paste(file.path(dir, "sum_base.csv"),
    file.path(dir, "sum_cand.csv")), "1e-9 -a 1e-20")

m <- do.call(rbind, cases)
colnames(m) <- c("case", "input", "args", "expected", "rtol")
write.table(m, "tests/expected/bcompare_cases.tsv", sep = "\t", quote = FALSE,
            row.names = FALSE)
cat("R:", R.version.string, "\n")
