# Sequences shaped like warmup_stats' classes (Barrett et al., OOPSLA
# 2017) for bstat --steady auto (issue 31 item 2).  Run from the root:
#     Rscript tests/oracle/steady.R            # testdata/steady/classes.csv, flat2.csv
#     Rscript tests/oracle/steady.R validate   # after make: tests/oracle/steady.md
# The test's file holds one sequence per class, its class in the group
# name (the generator's truth), read by tests/cli/bstat_steady_auto.case:
# flat (noise about 100), warmup (the first 30 runs near 150, then 100),
# slowdown (from run 151 near 120), none (a last change at run 181 of 200).
# validate: 500 sequences of each class with random sizes and noise, and
# flat noise of three shapes (normal, lognormal, AR(1) 0.3), how often
# each is classified as what; then as many again, how many runs --skip
# auto drops against the truth and the mean's error before and after.
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
  # Two flat sides a and b (b 1% slower) for bcompare --steady auto's
  # note that every side is flat (tests/cli/bcompare_steady_auto.case).
  set.seed(3106)
  d <- data.frame(side = rep(c("a", "b"), each = 100),
                  time_ms = round(c(rnorm(100, 100, 3), rnorm(100, 101, 3)), 3))
  write.csv(d, "testdata/steady/flat2.csv", row.names = FALSE, quote = FALSE)
} else {
  set.seed(3104)
  bin <- normalizePath("bstat")
  tmp <- tempfile("steady", fileext = ".csv")
  reps <- 500
  kinds <- list(
    "flat, normal" = function() gen("flat"),
    "flat, lognormal" = function() round(100 * rlnorm(200, 0, 0.05), 3),
    # Latencies' shapes: a long right tail (the values searched once
    # took it for steps, 2026-12-02).
    "flat, lognormal sdlog 0.6" = function() round(100 * rlnorm(200, 0, 0.6), 3),
    "flat, exponential" = function() round(rexp(200, 1 / 100), 3),
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
  # --skip auto (issue 31 item 2): the runs it drops against the
  # generator's truth (the warm-up's length, drawn 20 to 60; the 150 runs
  # before the slowdown; none for flat runs and without a steady state),
  # and the mean's error against the steady level (100; the slowdown's
  # 120; the lognormal's mean) with every run and after --skip auto.
  set.seed(3107)
  err <- tempfile("steady", fileext = ".err")
  out <- tempfile("steady", fileext = ".csv")
  skinds <- list(
    "flat, normal" = function() list(x = gen("flat"), k = 0, level = 100),
    "flat, lognormal" = function() list(x = round(100 * rlnorm(200, 0, 0.05), 3),
      k = 0, level = 100 * exp(0.05^2 / 2)),
    "flat, lognormal sdlog 0.6" = function() list(x = round(100 * rlnorm(200, 0, 0.6), 3),
      k = 0, level = 100 * exp(0.6^2 / 2)),
    "flat, exponential" = function() list(x = round(rexp(200, 1 / 100), 3),
      k = 0, level = 100),
    "flat, AR(1) 0.3" = function() list(x = round(100 + 3 * as.numeric(arima.sim(list(ar = 0.3), 200)), 3),
      k = 0, level = 100),
    # The warm-up's runs whose expected excess 50 exp(-(i - 1) / 10)
    # is at least the noise's sd of 3: the first 29, or all of a shorter one.
    "warm-up" = function() { f <- sample(20:60, 1); list(x = gen("warmup", first = f),
      k = min(f, floor(1 + 10 * log(50 / 3))), level = 100) },
    "slowdown" = function() list(x = gen("slowdown"), k = 150, level = 120),
    "no steady state" = function() list(x = gen("none"), k = 0, level = NA))
  srows <- NULL
  for (k in names(skinds)) {
    sq <- lapply(seq_len(reps), function(i) skinds[[k]]())
    d <- do.call(rbind, lapply(seq_len(reps), function(i)
      data.frame(seq = i, time_ms = sq[[i]]$x)))
    write.csv(d, tmp, row.names = FALSE, quote = FALSE)
    system2(bin, c("--skip", "auto", "-f", "csv", "--stats", "n,mean", "-g",
                   "seq", tmp), stdout = out, stderr = err)
    notes <- grep("--skip auto", readLines(err), value = TRUE)
    id <- as.integer(sub("^bstat: note: seq=([0-9]+) .*", "\\1", notes))
    dropped <- rep(NA_integer_, reps)
    k1 <- sub(".*runs 1-([0-9]+) dropped.*", "\\1", notes)
    dropped[id] <- ifelse(grepl("runs 1-[0-9]+ dropped", notes),
      suppressWarnings(as.integer(k1)), 0L)
    r <- read.csv(out)
    kept <- r$mean[match(seq_len(reps), r$seq)]
    truth <- sapply(sq, function(s) s$k)
    level <- sapply(sq, function(s) s$level)
    all <- sapply(sq, function(s) mean(s$x))
    srows <- rbind(srows, data.frame(sequences = k, n = reps,
      none = mean(dropped == 0), off = median(dropped - truth),
      within = mean(abs(dropped - truth) <= 5),
      err_all = mean(abs(all - level) / level),
      err_skip = mean(abs(kept - level) / level)))
    cat(k, "dropped nothing", mean(dropped == 0), "\n")
  }
  unlink(c(tmp, err, out))
  pc <- function(v) ifelse(is.na(v), "-", sprintf("%.2f%%", 100 * v))
  md <- c(md, "", "## --skip auto", "",
          sprintf(paste0("The same kinds of sequence (%d of 200 runs per row, drawn ",
                         "again; the warm-up's length 20 to 60 runs): how many runs ",
                         "`bstat --skip auto` drops against the generator's truth (the ",
                         "warm-up's runs whose expected excess is at least the noise's sd: ",
                         "the first 29, or all of a shorter warm-up; the 150 before the ",
                         "slowdown; none for flat runs or without a steady state), and the ",
                         "mean's mean relative error ",
                         "against the steady level (100 ms, the slowdown's 120, the ",
                         "lognormal's mean) over every run and after `--skip auto`."), reps), "",
          "| sequences | n | nothing dropped | dropped - truth (median) | within 5 runs of the truth | mean's error, every run | mean's error, --skip auto |",
          "|---|---|---|---|---|---|---|",
          sprintf("| %s | %d | %.3f | %+g | %.3f | %s | %s |", srows$sequences, srows$n,
                  srows$none, srows$off, srows$within, pc(srows$err_all), pc(srows$err_skip)))
  writeLines(md, "tests/oracle/steady.md")
}
