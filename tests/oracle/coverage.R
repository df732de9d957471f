# Coverage of bcompare --stat: how often the 95% interval of the change
# of a percentile covers the true change, over simulated pairs.
#
#   Rscript tests/oracle/coverage.R [REPS]     (from the repository root,
#                                               after make; REPS 1000)
#
# Writes tests/oracle/coverage.md.  Not part of make check: a few minutes.
# The data and the true quantiles are R's (rlnorm, qlnorm, a mixture's
# quantile by uniroot); only the intervals are bcompare's.  Each cell
# runs bcompare once over REPS pairs, one group per pair (-g rep), with
# --adjust none.
#
# Families: lognormal(0, 1), and a two-mode mixture 0.7 N(100, 5) +
# 0.3 N(150, 10) (a fast path and a slow one), as the issue asks; and,
# beside them, exponential(1) and normal(100, 10), a lighter and a
# symmetric tail.  Baseline from the
# family, candidate 1.1 times a second draw (a 10% slowdown): the true
# difference of the quantile q is 0.1 q.
args <- commandArgs(trailingOnly = TRUE)
reps <- if (length(args)) as.integer(args[1]) else 1000L
set.seed(20261130)
rmix <- function(n) ifelse(runif(n) < 0.7, rnorm(n, 100, 5),
                           rnorm(n, 150, 10))
pmix <- function(x) 0.7 * pnorm(x, 100, 5) + 0.3 * pnorm(x, 150, 10)
qmix <- function(p) uniroot(function(x) pmix(x) - p, c(0, 400),
                            tol = 1e-13)$root
fams <- list(lognormal = list(r = function(n) rlnorm(n), q = qlnorm),
             mixture = list(r = rmix, q = qmix),
             exponential = list(r = function(n) rexp(n), q = qexp),
             normal = list(r = function(n) rnorm(n, 100, 10),
                           q = function(p) qnorm(p, 100, 10)))
scale <- 1.1
ns <- c(50L, 200L, 5000L)
stats <- c("p99", "median")
tmp <- tempfile("coverage")
dir.create(tmp)
bin <- normalizePath("bcompare")
writeside <- function(path, x, n) {
  writeLines(c("rep,value", sprintf("%d,%.17g", rep(seq_len(reps), each = n),
                                   x)), path)
}
rows <- list()
for (fn in names(fams)) for (n in ns) {
  f <- fams[[fn]]
  b <- f$r(n * reps)
  c <- scale * f$r(n * reps)
  writeside(file.path(tmp, "b.csv"), b, n)
  writeside(file.path(tmp, "c.csv"), c, n)
  for (st in stats) {
    p <- if (st == "median") 0.5 else as.numeric(sub("p", "", st)) / 100
    truth <- (scale - 1) * f$q(p)
    t0 <- proc.time()[["elapsed"]]
    out <- system2(bin, c("-g", "rep", "-c", "value", "--stat", st,
                          "--adjust", "none", "-f", "csv",
                          file.path(tmp, "b.csv"), file.path(tmp, "c.csv")),
                   stdout = TRUE, stderr = FALSE)
    secs <- proc.time()[["elapsed"]] - t0
    r <- read.csv(text = out)
    stopifnot(nrow(r) == reps)
    cover <- mean(r$diff_ci_lo <= truth & truth <= r$diff_ci_hi)
    # The p-value agrees with the interval: p < 0.05 exactly when the
    # 95% interval excludes 0.
    agree <- mean((r$p < 0.05) == (r$diff_ci_lo > 0 | r$diff_ci_hi < 0))
    rows[[length(rows) + 1]] <- data.frame(
      family = fn, n = n, stat = st,
      method = paste(sort(unique(r$test)), collapse = "+"),
      truth = signif(truth, 6), coverage = cover,
      mc_se = signif(sqrt(cover * (1 - cover) / reps), 2),
      median_width = signif(median(r$diff_ci_hi - r$diff_ci_lo), 4),
      power = mean(r$diff_ci_lo > 0), p_agrees = agree,
      seconds = round(secs, 1))
    cat(fn, n, st, cover, "\n")
  }
}
unlink(tmp, recursive = TRUE)
tab <- do.call(rbind, rows)
md <- c("# Coverage of `bcompare --stat`",
        "",
        sprintf(paste0("Written by `Rscript tests/oracle/coverage.R %d` with %s. ",
                       "%d simulated pairs per row; baseline from the family, ",
                       "candidate 1.1 times a second draw; `coverage` is the share ",
                       "of 95%% intervals holding the true difference (`truth`), ",
                       "`mc_se` its Monte Carlo standard error, `power` the share ",
                       "whose interval lies above 0, `p_agrees` the share where ",
                       "p < 0.05 exactly when the interval excludes 0."),
                reps, R.version.string, reps),
        "",
        paste0("| ", paste(names(tab), collapse = " | "), " |"),
        paste0("|", paste(rep("---", ncol(tab)), collapse = "|"), "|"),
        apply(tab, 1, function(x) paste0("| ", paste(trimws(x), collapse = " | "),
                                         " |")))
writeLines(md, "tests/oracle/coverage.md")
