# Validation of the runs needed by simulation (issue 31 item 1): for
# --test mwu and --stat p90 bcompare finds n by resampling the observed
# samples (libstat/compare/power.c).  Per family and test: pilots of 30
# runs per side (no change), `bcompare --plan 2` on each (one group per
# pilot) names n; at each pilot's n, experiments from the family with a
# true change of 2% of the test's centre (the median, the p90: every
# candidate value shifted by it), tested at 0.05 -- the Mann-Whitney by
# R's wilcox.test (the oracle), the p90 by bcompare itself (R has no
# test of a percentile's change; the experiments are R's).  The share
# detected is the power the predicted n reaches (aimed at 0.80).
# Run from the repository root after make:
#     Rscript tests/oracle/power_sim.R   # appends its table to power.md
# With arguments PILOTS [ROW...] (a row "normal p90", the family's first
# word and the test) it prints the rows asked and writes nothing.  Each
# row has its own seed, so a row alone repeats its line of the table.
options(warn = 1)
args <- commandArgs(trailingOnly = TRUE)
bin <- normalizePath("bcompare")
tmp <- tempfile("powersim"); dir.create(tmp)
fams <- list(
  "normal, cv 4%" = list(r = function(n) rnorm(n, 100, 4),
                         q = function(p) qnorm(p, 100, 4)),
  "lognormal, sdlog 0.05" = list(r = function(n) 100 * rlnorm(n, 0, 0.05),
                                 q = function(p) 100 * qlnorm(p, 0, 0.05)),
  "gamma, shape 16" = list(r = function(n) rgamma(n, 16, 16 / 100),
                           q = function(p) qgamma(p, 16, 16 / 100)))
tests <- list(mwu = list(args = c("--test", "mwu"), p = 0.5),
              p90 = list(args = c("--stat", "p90"), p = 0.9))
pilots <- if (length(args)) as.integer(args[1]) else 120
only <- args[-1]
reps <- 100; npilot <- 30
wcsv <- function(g, v, f) write.csv(data.frame(g = g, v = v), f,
                                    row.names = FALSE, quote = FALSE)
bc <- function(args, b, c)
  read.csv(text = system2(bin, c("-q", "-f", "csv", "-g", "g", "--adjust",
                                 "none", args, b, c), stdout = TRUE))
rows <- NULL
row <- 0
for (fn in names(fams)) for (tn in names(tests)) {
  row <- row + 1
  set.seed(3102 + row)
  if (length(only) && !(paste(sub(",.*", "", fn), tn) %in% only)) next
  f <- fams[[fn]]; te <- tests[[tn]]
  g <- rep(seq_len(pilots), each = npilot)
  fb <- file.path(tmp, "b.csv"); fc <- file.path(tmp, "c.csv")
  wcsv(g, f$r(npilot * pilots), fb); wcsv(g, f$r(npilot * pilots), fc)
  r <- bc(c(te$args, "--plan", "2"), fb, fc)
  n <- suppressWarnings(as.integer(sub(".*about ([0-9]+) runs per side.*",
                                       "\\1", r$note)))
  # A pilot whose simulation gave up (no number): counted, left out of
  # power and of its standard error (over the pilots that gave an n).
  none <- sum(is.na(n)); n <- n[!is.na(n)]
  shift <- 0.02 * f$q(te$p)
  hit <- sapply(n, function(k) {
    if (tn == "mwu")
      return(mean(replicate(reps, wilcox.test(f$r(k) + shift,
                                              f$r(k))$p.value < 0.05)))
    g <- rep(seq_len(reps), each = k)
    wcsv(g, f$r(k * reps), fb); wcsv(g, f$r(k * reps) + shift, fc)
    # A threshold no 2% change reaches: no runs-needed simulation per
    # experiment (the p does not depend on it).
    e <- bc(c(te$args, "--threshold", "50"), fb, fc)
    mean(e$p_adj < 0.05)
  })
  rows <- rbind(rows, data.frame(family = fn, test = tn, pilots = pilots,
                                 none = none,
                                 median_n = median(n),
                                 power = mean(hit),
                                 mc_se = sd(hit) / sqrt(length(hit))))
  cat(fn, tn, none, median(n), mean(hit), sd(hit) / sqrt(length(hit)), "\n")
}
unlink(tmp, recursive = TRUE)
if (length(args) > 1) quit(save = "no")
md <- readLines("tests/oracle/power.md")
cut <- grep("^## By simulation", md)
if (length(cut)) md <- md[seq_len(cut[1] - 2)]
md <- c(md, "",
        "## By simulation: --test mwu and --stat p90",
        "",
        sprintf(paste0("Written by `Rscript tests/oracle/power_sim.R` with %s. ",
                       "Per family and test, %d pilots of %d runs per side (no ",
                       "change); `bcompare --plan 2` names n for each; at that ",
                       "n, %d experiments with every candidate value shifted by ",
                       "2%% of the true median (mwu) or p90, tested at 0.05 by ",
                       "R's `wilcox.test` (mwu) or by bcompare (p90: R has no ",
                       "test of a percentile's change); `power` is the share ",
                       "detected over the pilots that named an n (aimed at 0.80), ",
                       "`mc_se` its standard error over those pilots (sd / ",
                       "sqrt(pilots - none)); `none` the pilots whose ",
                       "simulation gave up (past its budget: no number)."),
                R.version.string, pilots, npilot, reps),
        "",
        "| family | test | pilots | none | median n | power | mc_se |",
        "|---|---|---|---|---|---|---|",
        sprintf("| %s | %s | %d | %d | %g | %.3f | %.3f |", rows$family,
                rows$test, rows$pilots, rows$none, rows$median_n, rows$power,
                rows$mc_se))
writeLines(md, "tests/oracle/power.md")
