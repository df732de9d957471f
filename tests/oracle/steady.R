# Sequences shaped like warmup_stats' classes (Barrett et al., OOPSLA
# 2017) for bstat --steady auto (issue 31 item 2).  Run from the root:
#     Rscript tests/oracle/steady.R            # testdata/steady/classes.csv
#     Rscript tests/oracle/steady.R validate   # after make: tests/oracle/steady.md
# The test's file holds one sequence per class, its class in the group
# name (the generator's truth), read by tests/cli/bstat_steady_auto.case:
# flat (noise about 100), warmup (the first 30 runs near 150, then 100),
# slowdown (from run 151 near 120), none (a last change at run 181 of 200).
# validate: 500 sequences of each class with random sizes and noise, and
# flat noise of three shapes (normal, lognormal, AR(1) 0.3), how often
# each is classified as what.
options(warn = 1)
gen <- function(cls, n = 200, sd = 3, first = 30) {
  x <- switch(cls,
    flat = rnorm(n, 100, sd),
    warmup = c(100 + 50 * exp(-(seq_len(first) - 1) / 10) + rnorm(first, 0, sd),
               rnorm(n - first, 100, sd)),
    slowdown = c(rnorm(n - 50, 100, sd), rnorm(50, 120, sd)),
    none = c(rnorm(100, 100, sd), rnorm(n - 120, 130, sd), rnorm(20, 90, sd)))
  round(x, 3)
}
args <- commandArgs(trailingOnly = TRUE)
if (!length(args)) {
  set.seed(3102)
  cl <- c("flat", "warmup", "slowdown", "none")
  d <- do.call(rbind, lapply(cl, function(k)
    data.frame(seq = k, time_ms = gen(k))))
  write.csv(d, "testdata/steady/classes.csv", row.names = FALSE, quote = FALSE)
} else {
  set.seed(3104)
  bin <- normalizePath("bstat")
  tmp <- tempfile("steady", fileext = ".csv")
  reps <- 500
  kinds <- list(
    "flat, normal" = function() gen("flat"),
    "flat, lognormal" = function() round(100 * rlnorm(200, 0, 0.05), 3),
    "flat, AR(1) 0.3" = function() round(100 + 3 * as.numeric(arima.sim(list(ar = 0.3), 200)), 3),
    "warm-up" = function() gen("warmup", first = sample(20:60, 1)),
    "slowdown" = function() gen("slowdown"),
    "no steady state" = function() gen("none"))
  rows <- NULL
  for (k in names(kinds)) {
    d <- do.call(rbind, lapply(seq_len(reps), function(i)
      data.frame(seq = i, time_ms = kinds[[k]]())))
    write.csv(d, tmp, row.names = FALSE, quote = FALSE)
    err <- system2(bin, c("--steady", "auto", "-g", "seq", tmp), stdout = TRUE,
                   stderr = TRUE)
    cls <- sub(".*steady state: ([a-z -]+)[,( ].*", "\\1", grep("steady state", err, value = TRUE))
    cls <- trimws(cls)
    tab <- table(factor(cls, levels = c("flat", "warm-up", "slowdown", "none")))
    rows <- rbind(rows, data.frame(sequences = k, n = reps,
      flat = tab[["flat"]] / reps, warmup = tab[["warm-up"]] / reps,
      slowdown = tab[["slowdown"]] / reps, none = tab[["none"]] / reps))
    cat(k, tab, "\n")
  }
  unlink(tmp)
  md <- c("# bstat --steady auto on warmup_stats-like sequences", "",
          sprintf(paste0("Written by `Rscript tests/oracle/steady.R validate` with %s: ",
                         "%d sequences of 200 runs per row, the share classified as each class."),
                  R.version.string, reps), "",
          "| sequences | n | flat | warm-up | slowdown | no steady state |",
          "|---|---|---|---|---|---|",
          sprintf("| %s | %d | %.3f | %.3f | %.3f | %.3f |", rows$sequences, rows$n,
                  rows$flat, rows$warmup, rows$slowdown, rows$none))
  writeLines(md, "tests/oracle/steady.md")
}
