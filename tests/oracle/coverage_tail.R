# Coverage of bcompare --stat p99 when only the tail grows (issue 31 item
# 5): lognormal sdlog 0.5 -> 0.6 (meanlog 0: the median stays) and Pareto
# alpha 2.5 -> 2.2 (xm 1), and back (2.2 -> 2.5: the tail shrinks), n runs
# per side.  How often the 95% interval
# holds the true change of p99, and how often it lies wholly below it
# (understating the regression).  Not part of make check.
#   Rscript tests/oracle/coverage_tail.R [REPS]   (after make; REPS 1000)
# Writes tests/oracle/coverage_tail.md.  The data and the true quantiles
# are R's; only the intervals are bcompare's.
args <- commandArgs(trailingOnly = TRUE)
reps <- if (length(args)) as.integer(args[1]) else 1000L
set.seed(3105)
rpareto <- function(n, a) (1 - runif(n))^(-1 / a)
qpareto <- function(p, a) (1 - p)^(-1 / a)
fams <- list(
  "lognormal sdlog 0.5 -> 0.6" = list(
    b = function(n) rlnorm(n, 0, 0.5), c = function(n) rlnorm(n, 0, 0.6),
    truth = qlnorm(0.99, 0, 0.6) - qlnorm(0.99, 0, 0.5)),
  "Pareto alpha 2.5 -> 2.2" = list(
    b = function(n) rpareto(n, 2.5), c = function(n) rpareto(n, 2.2),
    truth = qpareto(0.99, 2.2) - qpareto(0.99, 2.5)),
  # The tail shrinks (an improvement): the other end of the interval.
  "Pareto alpha 2.2 -> 2.5" = list(
    b = function(n) rpareto(n, 2.2), c = function(n) rpareto(n, 2.5),
    truth = qpareto(0.99, 2.5) - qpareto(0.99, 2.2)))
ns <- c(100L, 200L, 1000L)
tmp <- tempfile("coverage"); dir.create(tmp)
bin <- normalizePath("bcompare")
side <- function(path, x, n)
  writeLines(c("rep,value", sprintf("%d,%.17g", rep(seq_len(reps), each = n), x)),
             path)
rows <- NULL
for (fn in names(fams)) for (n in ns) {
  f <- fams[[fn]]
  side(file.path(tmp, "b.csv"), f$b(n * reps), n)
  side(file.path(tmp, "c.csv"), f$c(n * reps), n)
  out <- system2(bin, c("-q", "-g", "rep", "-c", "value", "--stat", "p99",
                        "--adjust", "none", "-f", "csv", file.path(tmp, "b.csv"),
                        file.path(tmp, "c.csv")), stdout = TRUE, stderr = FALSE)
  r <- read.csv(text = out)
  stopifnot(nrow(r) == reps)
  ok <- is.finite(r$diff_ci_lo) & is.finite(r$diff_ci_hi)
  cover <- mean(r$diff_ci_lo[ok] <= f$truth & f$truth <= r$diff_ci_hi[ok])
  below <- mean(r$diff_ci_hi[ok] < f$truth)
  above <- mean(r$diff_ci_lo[ok] > f$truth)
  withheld <- mean(r$verdict == "inconclusive" & grepl("too few runs", r$note))
  rows <- rbind(rows, data.frame(family = fn, n = n,
    method = paste(sort(unique(r$test)), collapse = "+"),
    truth = signif(f$truth, 5), coverage = round(cover, 3),
    mc_se = signif(sqrt(cover * (1 - cover) / sum(ok)), 2),
    below = round(below, 3), above = round(above, 3),
    withheld = round(withheld, 3)))
  cat(fn, n, cover, below, "\n")
}
unlink(tmp, recursive = TRUE)
md <- c("# Coverage of `bcompare --stat p99` when only the tail grows", "",
        sprintf(paste0("Written by `Rscript tests/oracle/coverage_tail.R %d` with %s. ",
                       "%d pairs per row; `coverage` the share of 95%% intervals ",
                       "holding the true change of p99, `below` the share wholly ",
                       "below it, `above` wholly above it, `withheld` the share without a verdict for too ",
                       "few runs beyond the percentile."), reps, R.version.string, reps),
        "", "| family | n | method | truth | coverage | mc_se | below | above | withheld |",
        "|---|---|---|---|---|---|---|---|---|",
        sprintf("| %s | %d | %s | %g | %.3f | %.2g | %.3f | %.3f | %.3f |", rows$family,
                rows$n, rows$method, rows$truth, rows$coverage, rows$mc_se,
                rows$below, rows$above, rows$withheld))
writeLines(md, "tests/oracle/coverage_tail.md")
