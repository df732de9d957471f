# Oracle for the runs needed (issue 31 item 1): bcompare --plan and the
# note of an inconclusive verdict give the fewest runs per side whose
# two-sided Welch test detects the change with the power asked, at the
# spread observed.  Run from the repository root:
#     Rscript tests/oracle/power.R            # writes the test's files
#     Rscript tests/oracle/power.R validate   # after make: tests/oracle/power.md
# The test's files: testdata/power/{base,cand}.csv (g = eq: the candidate
# the baseline shifted, so equal spreads, where the answer is R's
# power.t.test(); g = uneq: spreads 3 and 6, where it is the same
# noncentral t, pt(q, df, ncp), with Welch's df at equal sizes) and
# tests/expected/bcompare_power.txt (GROUP POWER PCT N), read by
# tests/cli/bcompare_plan.case.
options(digits = 17, warn = 1)
need <- function(sb, sc, delta, power, alpha = 0.05) {
  pw <- function(n) {
    df <- (sb^2 + sc^2)^2 * (n - 1) / (sb^4 + sc^4)
    ncp <- delta / sqrt((sb^2 + sc^2) / n)
    pt(qt(alpha / 2, df, lower.tail = FALSE), df, ncp, lower.tail = FALSE)
  }
  n <- 2
  while (pw(n) < power) n <- n + 1
  n
}
args <- commandArgs(trailingOnly = TRUE)
if (!length(args)) {
  # Draws whose runs look independent (lag-1 autocorrelation below 0.1):
  # dependent runs would need more, by n over the effective n.
  set.seed(31)
  r1 <- function(x) abs(acf(x, lag.max = 1, plot = FALSE)$acf[2])
  repeat {
    b1 <- round(rnorm(30, 100, 4), 3)
    c1 <- b1 + 0.5
    b2 <- round(rnorm(25, 100, 3), 3)
    c2 <- round(rnorm(25, 100.5, 6), 3)
    if (max(r1(b1), r1(b2), r1(c2)) < 0.1) break
  }
  write.csv(data.frame(g = rep(c("eq", "uneq"), c(30, 25)), v = c(b1, b2)),
            "testdata/power/base.csv", row.names = FALSE, quote = FALSE)
  write.csv(data.frame(g = rep(c("eq", "uneq"), c(30, 25)), v = c(c1, c2)),
            "testdata/power/cand.csv", row.names = FALSE, quote = FALSE)
  out <- NULL
  for (pct in c(1, 2)) for (power in c(0.8, 0.9)) {
    d1 <- pct / 100 * mean(b1)
    n1 <- need(sd(b1), sd(c1), d1, power)
    r <- power.t.test(delta = d1, sd = sd(b1), power = power)$n
    stopifnot(n1 == ceiling(r))
    n2 <- need(sd(b2), sd(c2), pct / 100 * mean(b2), power)
    out <- c(out, sprintf("eq %g %g %d", power, pct, n1),
             sprintf("uneq %g %g %d", power, pct, n2))
  }
  writeLines(out, "tests/expected/bcompare_power.txt")
  cat(out, sep = "\n")
} else {
  # Validation: pilots of 20 runs per side from a family, bcompare --plan
  # 2% on each (one group per pilot), then at each pilot's n a simulated
  # experiment with a true 2% slowdown, repeated, Welch's t.test at 0.05:
  # the share detected is the power the predicted n reaches.
  set.seed(3101)
  bin <- normalizePath("bcompare")
  tmp <- tempfile("power"); dir.create(tmp)
  fams <- list(
    "normal, cv 5%" = function(n, m) rnorm(n, m, 0.05 * 100),
    "normal, cv 2%" = function(n, m) rnorm(n, m, 0.02 * 100),
    "lognormal, sdlog 0.05" = function(n, m) m * rlnorm(n, 0, 0.05),
    "gamma, cv 4%" = function(n, m) rgamma(n, 625, 625 / m))
  pilots <- 200; reps <- 200; npilot <- 20
  rows <- NULL
  for (fn in names(fams)) {
    f <- fams[[fn]]
    b <- f(npilot * pilots, 100); c <- f(npilot * pilots, 100)
    g <- rep(seq_len(pilots), each = npilot)
    write.csv(data.frame(g = g, v = b), file.path(tmp, "b.csv"),
              row.names = FALSE, quote = FALSE)
    write.csv(data.frame(g = g, v = c), file.path(tmp, "c.csv"),
              row.names = FALSE, quote = FALSE)
    out <- system2(bin, c("-q", "-f", "csv", "-g", "g", "--plan", "2",
                          "--adjust", "none", file.path(tmp, "b.csv"),
                          file.path(tmp, "c.csv")), stdout = TRUE)
    r <- read.csv(text = out)
    n <- as.integer(sub(".*about ([0-9]+) runs per side.*", "\\1", r$note))
    stopifnot(!anyNA(n))
    hit <- sapply(n, function(k) mean(replicate(reps, {
      t.test(f(k, 102), f(k, 100))$p.value < 0.05
    })))
    # The runs a known spread needs (power.t.test at the true sd).
    rows <- rbind(rows, data.frame(family = fn, pilots = pilots,
                                   median_n = median(n),
                                   power = round(mean(hit), 3),
                                   mc_se = round(sd(hit) / sqrt(pilots), 3)))
    cat(fn, median(n), mean(hit), "\n")
  }
  unlink(tmp, recursive = TRUE)
  md <- c("# Power of the runs bcompare --plan predicts",
          "",
          sprintf(paste0("Written by `Rscript tests/oracle/power.R validate` with %s. ",
                         "Per family, %d pilots of %d runs per side (no change); ",
                         "`bcompare --plan 2` names n for each; at that n, %d ",
                         "experiments with a true 2%% slowdown, Welch's `t.test` at ",
                         "0.05; `power` is the share detected over all pilots ",
                         "(aimed at 0.80), `mc_se` its standard error over pilots."),
                  R.version.string, pilots, npilot, reps),
          "",
          "| family | pilots | median n | power | mc_se |",
          "|---|---|---|---|---|",
          sprintf("| %s | %d | %g | %.3f | %.3f |", rows$family, rows$pilots,
                  rows$median_n, rows$power, rows$mc_se))
  writeLines(md, "tests/oracle/power.md")
}
